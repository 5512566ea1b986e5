"""Generate the shipped problem catalogue (resources/catalogue/<board>.json), issue #15.

    python packaging/build_catalogue.py [--boards english,...] [--check]

For every shipped board: every single-vacancy start with every single-peg finish, one per
symmetry class, solved by the project's own solver (pegapp.puzzles.catalogue.compute, which calls
pegapp.solvers.pegs.solve): the par is the proven minimum number of moves, or, where the proof
does not fit the per-problem memory budget below, the best solution found (proven_minimal false,
with the solver's reason and a lower bound); impossible pairs carry their reason. It prints the
run time per board and the counts, and writes each file atomically.

The output is reproducible: the same board gives the same bytes. So the per-problem cap is a
memory budget (the search's tables grow the same way on every run), never a time limit, and the
fallback's tail shortening (which otherwise stops after an exact search of more than a few
seconds, pegapp.solvers.pegs._SHORTEN_SECONDS) is limited by that budget alone here. --check
recomputes and compares with the shipped files instead of writing (exit 1 when one differs).

Budgets: 2 GB per problem up to English 33 (every problem proven; 15 s to a minute each on
English). 128 MB per problem on French 37, the 41-hole diamond and Wiegleb 45, whose proofs need
far more (French 37: over 2 GB and a minute per problem, and still not proven): there the par is
the best solution the solver's fallback finds within that budget (beam search, else depth-first
search, its end replaced by minimum solutions), not proven minimal, with a lower bound; where it
finds none within 20 million positions of depth-first search (a count, not a clock) the
problem is "unknown" (possible null) with the reason, never called impossible.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pegapp.core.board import get_board, shipped_board_ids  # noqa: E402
from pegapp.puzzles import catalogue  # noqa: E402
from pegapp.solvers import pegs as peg_solver  # noqa: E402

MB = 1024 ** 2
#: memory budget per problem (bytes): boards up to English 33 are proven in full
FULL_PROOF = 2048 * MB
#: the budget on boards whose proofs do not fit (more holes than English 33)
CAPPED = 128 * MB
CAP_ABOVE_HOLES = 33
#: and there the depth-first fallback's limit, in chunks of 5 million positions (catalogue.py)
FALLBACK_CHUNKS = 4


def budget_for(board) -> int:
    return CAPPED if board.n > CAP_ABOVE_HOLES else FULL_PROOF


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", default=",".join(shipped_board_ids()))
    ap.add_argument("--check", action="store_true", help="compare with the shipped files")
    ap.add_argument("--out", default=None, help="folder (default: resources/catalogue)")
    ap.add_argument("--quiet", action="store_true", help="no line per problem")
    args = ap.parse_args(argv)
    out_dir = args.out or os.path.join(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))), "resources", "catalogue")
    os.makedirs(out_dir, exist_ok=True)
    # reproducible output: the shortening of a best-known solution ends at the memory budget,
    # never at a clock reading (see the docstring)
    peg_solver._SHORTEN_SECONDS = math.inf
    failed = 0
    total = time.perf_counter()
    for board_id in args.boards.split(","):
        board = get_board(board_id)
        budget = budget_for(board)
        t0 = time.perf_counter()
        last = [t0]

        def progress(done, count, p, board_id=board_id):
            now = time.perf_counter()
            if not args.quiet:
                what = ("unknown" if p.possible is None else "impossible" if not p.possible
                        else f"par {p.par}" + ("" if p.proven_minimal else " (best known)"))
                print(f"  {board_id} {done}/{count}: {p.start} -> {p.finish}: {what}, "
                      f"{now - last[0]:.1f} s", flush=True)
            last[0] = now

        limits = {"memory_budget": budget}
        if board.n > CAP_ABOVE_HOLES:
            limits["fallback_positions"] = FALLBACK_CHUNKS * catalogue._DFS_CHUNK
        problems = catalogue.compute(board, memory_budget=budget, progress=progress,
                                     fallback_chunks=limits.get("fallback_positions", 0)
                                     // catalogue._DFS_CHUNK or None)
        seconds = time.perf_counter() - t0
        data = catalogue.encode(board, problems, limits)
        c = catalogue.counts(problems)
        line = (f"{board_id}: {c['problems']} problems ({c['proven']} proven, "
                f"{c['best_known']} best known only, {c['impossible']} impossible, "
                f"{c['unknown']} unknown), "
                f"built in {seconds:.1f} s, {len(data):,} bytes")
        path = os.path.join(out_dir, catalogue.file_name(board))
        if args.check:
            try:
                with open(path, "rb") as f:
                    same = f.read() == data
            except OSError:
                same = False
            print(f"{line}: {'same as shipped' if same else 'DIFFERS from shipped'}", flush=True)
            failed += not same
        else:
            tmp = f"{path}.{os.getpid()}.tmp"
            with open(tmp, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
            print(f"{line} -> {path}", flush=True)
    print(f"total {time.perf_counter() - total:.1f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
