"""Generate the shipped peg solitaire tablebases (resources/tablebases/*.pegtb).

    python packaging/build_tablebases.py [--boards english,...] [--check]

For each board's default problem (start and finish as in its board file) it builds the table of
every winnable position with its exact distance in moves (pegapp.solvers.tablebase.build: an
exhaustive search, about a minute and 0.9 GB for English 33), writes it atomically and prints the
run time, the counts and the file size. The output is reproducible: the same board gives the same
bytes (sorted keys, a fixed lzma preset, a header with sorted keys). --check rebuilds and compares
with the shipped files instead of writing.

Only boards whose reachable positions stay small are listed: English 33 (23.5 million positions
reachable, 1.7 million winnable, 1.1 MB shipped) and every shipped board of 21 holes or fewer (a
few kilobytes each: with their table a first hint needs no numba kernel, so it answers in
milliseconds even in a fresh process). French 37, Wiegleb 45 and the 41-hole diamond have far more
reachable positions than a shipped file or a build on a player's machine allows.

A board whose finish is "any" gets a table for the single pegs in its start's position class (the
only goals a solution can reach), which is what the solver asks for.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pegapp.core.board import get_board  # noqa: E402
from pegapp.solvers import tablebase  # noqa: E402

BOARDS = ["english", "beginner-cross", "beginner-pyramid", "plus20", "diamond13", "hoppers",
          "triangle15", "triangle21"]


def file_name(board) -> str:
    return f"{board.id}.pegtb"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", default=",".join(BOARDS))
    ap.add_argument("--check", action="store_true", help="compare with the shipped files")
    ap.add_argument("--out", default=None, help="folder (default: resources/tablebases)")
    args = ap.parse_args(argv)
    out_dir = args.out or os.path.join(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))), "resources", "tablebases")
    os.makedirs(out_dir, exist_ok=True)
    failed = 0
    for board_id in args.boards.split(","):
        board = get_board(board_id)
        t0 = time.perf_counter()
        tb = tablebase.build(board, board.start_position,
                             tablebase.default_goals(board, board.start_position))
        seconds = time.perf_counter() - t0
        data = tablebase.encode(tb)
        path = os.path.join(out_dir, file_name(board))
        start_d = tb.distance(board.start_position)
        line = (f"{board_id}: {len(tb.keys):,} winnable positions, start {start_d} moves, "
                f"built in {seconds:.1f} s, {len(data):,} bytes")
        if args.check:
            with open(path, "rb") as f:
                same = f.read() == data
            print(f"{line}: {'same as shipped' if same else 'DIFFERS from shipped'}")
            failed += not same
        else:
            tmp = path + ".tmp"
            with open(tmp, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
            print(f"{line} -> {path}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
