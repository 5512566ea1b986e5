"""Why a Wiegleb 45 hint stays undecided (issue #75 point 2): two probes of positions the decide
pass leaves open, beyond what it can afford. Prints figures, never pass/fail.

    python benchmarks/probe_wiegleb_undecided.py [--seed 75] [--per-k 4] [--moves 1-12]
                                                 [--which 18,20,...] [--width 100000]

The positions are bench_wiegleb_decided.py's (the same seed draws the same 48), numbered as its
table numbers them. For each one asked:

- a win: the decide pass's compiled beam (decide.beam, cut by the same 68 pagoda functions), but
  --width wide (the pass runs 1,000 and then 10,000 wide): a line found here is a win the pass
  missed for want of width;
- a dead end: the best single pagoda function for the position itself, found by linear
  programming: weights p in [-1, 1] with p(t) <= p(f) + p(o) for every jump f over o into t, and
  the largest margin z - sum of p over the pegs, where z is at most p(f) + p(o) for every jump
  into the goal. A margin above 0 is a certificate no fixed set of functions has (the pass's 68
  are points of this set). SciPy's `linprog` solves it when SciPy is installed (it is not one of
  PegApp's dependencies; this probe only says whether such a certificate exists); without SciPy
  that column says so.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_wiegleb_decided import parse_moves, positions  # noqa: E402
from pegapp.core.board import get_board  # noqa: E402
from pegapp.solvers.pegs import decide  # noqa: E402
from pegapp.solvers.pegs.problem import _Problem  # noqa: E402
from pegapp.solvers.pegs.solver import _resolve_goal, geometry  # noqa: E402


def best_pagoda_margin(g, position: int, goal_hole: int) -> float | None:
    """The largest margin of a pagoda function at position (see the module's text), or None
    without SciPy."""
    try:
        from scipy.optimize import linprog
    except ImportError:
        return None
    n = g.n
    cost = np.zeros(n + 1)
    cost[-1] = -1.0                      # maximise z - sum: minimise sum - z
    for h in range(n):
        cost[h] += position >> h & 1
    rows = []
    for f, o, t in g.jumps:
        row = np.zeros(n + 1)
        row[t], row[f], row[o] = 1, -1, -1
        rows.append(row)
        if t == goal_hole:
            row = np.zeros(n + 1)
            row[-1], row[f], row[o] = 1, -1, -1
            rows.append(row)
    res = linprog(cost, A_ub=np.array(rows), b_ub=np.zeros(len(rows)),
                  bounds=[(-1, 1)] * n + [(None, None)], method="highs")
    return -float(res.fun)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--board", default="wiegleb")
    ap.add_argument("--seed", type=int, default=75)
    ap.add_argument("--per-k", type=int, default=4)
    ap.add_argument("--moves", default="1-12")
    ap.add_argument("--which", default="18,20,22,24,28,29,30,33,34,36,41,32,37,42,44")
    ap.add_argument("--width", type=int, default=100_000)
    args = ap.parse_args()
    ks = parse_moves(args.moves)
    board = get_board(args.board)
    g = geometry(board)
    drawn = positions(board, ks, args.per_k, args.seed)
    print("load:", os.getloadavg(), flush=True)
    for i in (int(x) for x in args.which.split(",")):
        k, position = drawn[i]
        finish, goals = _resolve_goal(board, g, position, "default")
        cls = g.position_class(position)
        prob = _Problem(g, position, finish, [x for x in goals if g.position_class(x) == cls])
        t0 = time.perf_counter()
        line = decide.beam(prob, decide.pagoda_functions(prob), args.width)
        beam_s = time.perf_counter() - t0
        margin = best_pagoda_margin(g, position, goals[0].bit_length() - 1)
        lp = ("no SciPy" if margin is None
              else f"certificate (margin {margin:.3f})" if margin > 1e-9 else "none")
        print(f"#{i} k={k} pegs={position.bit_count()}: beam {args.width:,} wide "
              f"{'a line of ' + str(len(line)) + ' moves' if line else 'no line'} "
              f"({beam_s:.1f} s); best pagoda function: {lp}", flush=True)
    print("load:", os.getloadavg())
    return 0


if __name__ == "__main__":
    sys.exit(main())
