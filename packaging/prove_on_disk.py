"""Prove (or refute) a bound of a peg problem with its levels kept on disk as sorted runs.

    python packaging/prove_on_disk.py wiegleb 0 0 22 /work/build/disk-0-0

searches every solution of at most BOUND moves from the board's position with START empty to a
single peg at FINISH (pegapp.solvers.pegs.disk_levels), each level a file under FOLDER; prints a
line per level (positions, seconds, peak resident memory, bytes on disk, machine load) and at
the end the minimum, or that none is within the bound (then the bound + 1 is a proven floor).
Run again with the same folder, it resumes from the finished levels (their digests checked)
and, within the level being made, from its finished runs (their sizes checked).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pegapp.core.board import get_board  # noqa: E402
from pegapp.core.storage import WriteError  # noqa: E402
from pegapp.solvers.pegs import disk_levels  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("board")
    ap.add_argument("start", type=int)
    ap.add_argument("finish", type=int)
    ap.add_argument("bound", type=int)
    ap.add_argument("folder")
    args = ap.parse_args(argv)
    board = get_board(args.board)
    t0 = time.perf_counter()

    def report(line: str) -> None:
        load = os.getloadavg()[0]
        print(f"{line}, load {load:.2f}, {time.perf_counter() - t0:.0f} s in all", flush=True)

    try:
        moves = disk_levels.search_bound(board, board.position_for([args.start]), args.finish,
                                         args.bound, args.folder, report)
    except OSError as exc:  # a level file refused (a FIFO, a folder, /dev/zero), unreadable, full
        named = isinstance(exc, WriteError) or not exc.filename  # a WriteError names its file
        print(f"prove_on_disk: {exc if named else f'{exc.filename}: {exc.strerror or exc}'}",
              file=sys.stderr)
        return 1
    if moves is None:
        print(f"no solution of {args.bound} moves or fewer: at least {args.bound + 1}")
    else:
        print(f"minimum {moves} moves")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
