"""`python -m pegapp` / `pegapp`: the game with no arguments, the headless tools with a command."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Each path imports only what it needs, on purpose: the command line never loads Qt (half a
    second, and a display library a headless machine may lack), the game never loads argparse's
    command tree, the self-test loads Qt itself, late, to report a missing library."""
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--selftest":
        from pegapp.selftest import main as selftest_main

        return selftest_main(argv[1:])
    if argv and not argv[0].startswith("-qt"):
        from pegapp.cli import main as cli_main

        return cli_main(argv)
    from pegapp.ui.app import run

    return run(argv)


if __name__ == "__main__":
    sys.exit(main())
