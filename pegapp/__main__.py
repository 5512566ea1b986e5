"""`python -m pegapp` / `pegapp`: the game with no arguments, the headless tools with a command."""

from __future__ import annotations

import gc
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


def console() -> int:
    """The `pegapp` command and `python -m pegapp`: main(), with the process's objects frozen
    out of the garbage collector before it ends. At its end Python collects every object it
    still tracks, and numba's import alone leaves some hundreds of thousands (its types and
    registries): a quarter of a second (0.77 s -> 0.54 s for a process that only imports numpy
    and numba, the same for every command that searched) before the shell prompt comes back,
    after the answer was printed. Frozen objects are still freed when their last reference goes;
    only the collector's walk over them is skipped, and the memory goes back with the process.
    Not in main(), which tests and other code call within a process that goes on."""
    code = main()
    gc.freeze()
    return code


if __name__ == "__main__":
    sys.exit(console())
