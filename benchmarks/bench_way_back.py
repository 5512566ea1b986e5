"""The way back to the last position that can win (2026-11-30, 0f671ed): seconds per game, as the window
walks it (pegapp.puzzles.hints.way_back, the window's job, with its limit a position). Prints
figures, never pass/fail.

    python benchmarks/bench_way_back.py [--board wiegleb] [--problems 4] [--seed 41]
                                        [--moves 12] [--seconds 2]

The games are the hint curve's random play (bench_hint_curve.py --random with the same seed,
problems and --moves 1,3,6,9,12: the same games, drawn in the same order); each game's walk
starts at the position before its last, as after a dead end proven at the last, and asks about
each position a jump apart (the window's steps: a chain's middle too). Warm, in one
process (the kernels loaded first): the player meets the walk after a hint has run. Reported per
game: seconds, where it landed, how many positions it left undecided and how many it proved
dead on the way; then the median, min and max. The machine's load is printed first and last.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))

from bench_hint_curve import random_play  # noqa: E402

from pegapp.core.board import get_board  # noqa: E402
from pegapp.puzzles import catalogue  # noqa: E402
from pegapp.puzzles.hints import way_back  # noqa: E402
from pegapp.puzzles.pegs import PegPuzzle  # noqa: E402
from pegapp.solvers.pegs.solver import warm_up  # noqa: E402

#: the hint curve's k, in its order: the games are drawn from one generator in this order
CURVE_MOVES = (1, 3, 6, 9, 12)


class _Counted:
    """The puzzle with its can_reach answers counted (False: a position proven dead)."""

    def __init__(self, puzzle: PegPuzzle):
        self.puzzle, self.dead = puzzle, 0

    def can_reach(self, state, stop):
        verdict = self.puzzle.can_reach(state, stop=stop)
        self.dead += not verdict
        return verdict


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--board", default="wiegleb")
    ap.add_argument("--problems", type=int, default=4)
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--moves", type=int, default=12, choices=CURVE_MOVES)
    ap.add_argument("--seconds", type=float, default=2.0,
                    help="the limit a position (the window's WAY_BACK_SECONDS)")
    args = ap.parse_args()
    print("load:", os.getloadavg(), flush=True)
    board = get_board(args.board)
    problems = [p for p in catalogue.load(board).problems if p.possible]
    rng = random.Random(args.seed)
    chosen = rng.sample(problems, min(args.problems, len(problems)))
    games = []
    for k in CURVE_MOVES:
        for p in chosen:
            puzzle = PegPuzzle(board, [p.start], p.finish)
            for _ in range(2):
                play = random_play(puzzle, k, rng)
                if play is not None and k == args.moves:
                    games.append((puzzle, play[0]))
    print(f"kernels loaded (warm_up, this fresh process): {warm_up():.2f} s", flush=True)
    seconds = []
    for puzzle, moves in games:
        history = [puzzle.initial()]   # a position a jump, as the window's (its steps)
        for move in moves:
            for step in puzzle.split(move):
                history.append(puzzle.apply(history[-1], step))
        counted = _Counted(puzzle)
        t0 = time.perf_counter()
        k, undecided = way_back(counted, history, len(history) - 1, args.seconds)
        seconds.append(time.perf_counter() - t0)
        print(f"  finish {puzzle.finish}: {seconds[-1]:.2f} s, back at jump {k} of "
              f"{len(history) - 1}, {undecided} undecided, {counted.dead} proven dead", flush=True)
    if seconds:
        print(f"{args.board} {len(seconds)} games: median {statistics.median(seconds):.2f} s "
              f"(min {min(seconds):.2f}, max {max(seconds):.2f})")
    print("load:", os.getloadavg())
    return 0


if __name__ == "__main__":
    sys.exit(main())
