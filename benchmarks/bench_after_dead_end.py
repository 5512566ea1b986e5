"""The hint after a dead end, in the window: a player who asked a hint at a dead end and played on
asks again. Prints figures, never pass/fail.

    python benchmarks/bench_after_dead_end.py [--board wiegleb] [--problems 4] [--samples 2]
                                              [--moves 9,12] [--on 1] [--seed 41]
                                              [--timeout 120]

One offscreen game window in this process, the solver's kernels loaded first (as
bench_think_ahead.py, thinking ahead off so that each hint is the click's own). For each sampled
catalogue problem and k, k random legal moves are drawn as `bench_hint_curve.py --random` draws
them (the same positions for the same seed and options); where the Hint there proves a dead end,
--on more random legal moves are played and the Hint is clicked again. The figures: the first
hint's seconds (the dead end's proof) and the second's; then the session cache is emptied and
the Hint clicked once more, which searches the position as the code before this rule did (warm,
in this process). Each line ends with the position one move on as `pegapp hint` takes it, for
the same search cold (benchmarks/bench_hint_curve.py's way: a fresh process and cache).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--board", default="wiegleb")
    ap.add_argument("--problems", type=int, default=4)
    ap.add_argument("--samples", type=int, default=2)
    ap.add_argument("--moves", default="9,12")
    ap.add_argument("--on", type=int, default=1, help="moves played after the dead end")
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--timeout", type=float, default=120,
                    help="the first hint's proof is stopped after this many seconds (skipped)")
    args = ap.parse_args()
    sys.path[:0] = [os.path.dirname(os.path.abspath(__file__))]

    from PySide6.QtCore import QTimer

    from bench_hint_curve import random_play
    from bench_think_ahead import HintClicks, start_problem, window
    from pegapp.core.board import get_board
    from pegapp.puzzles import catalogue
    from pegapp.puzzles.pegs import PegPuzzle
    from pegapp.solvers.pegs.solver import warm_up
    from pegapp.solvers.result import UNSOLVABLE
    from pegapp.ui.app import make_app

    print("load:", os.getloadavg())
    make_app()
    warm_up()
    board = get_board(args.board)
    problems = [p for p in catalogue.load(board).problems if p.possible]
    rng = random.Random(args.seed)
    on_rng = random.Random(args.seed + 1)   # the moves on: rng draws what the curve draws
    chosen = rng.sample(problems, min(args.problems, len(problems)))
    with tempfile.TemporaryDirectory() as tmp:
        w = window(tmp, board, False)
        for k in [int(x) for x in args.moves.split(",")]:
            first, second, without = [], [], []
            plays = [(p, random_play(PegPuzzle(board, [p.start], p.finish), k, rng))
                     for p in chosen for _ in range(args.samples)]
            for p, play in plays:
                if play is None:
                    continue
                start_problem(w, p)
                hints = HintClicks(w)
                w.play_moves(play[0])
                t0 = time.perf_counter()
                cap = QTimer(singleShot=True, interval=int(args.timeout * 1000))
                cap.timeout.connect(w.assistant.cancel)   # a proof past --timeout: skipped
                cap.timeout.connect(hints.final.quit)     # (a cancelled search answers nothing)
                cap.start()
                answer = hints.click()
                cap.stop()
                t1 = time.perf_counter()
                if answer is None or answer.stats.get("interim"):
                    print(f"  {p.start} -> {p.finish}: no answer within {args.timeout:g} s",
                          flush=True)
                    hints.close()
                    continue
                on = 0
                while answer.status == UNSOLVABLE and on < args.on and w.session.legal_moves:
                    w.play_moves([list(on_rng.choice(w.session.legal_moves))])
                    on += 1
                if answer.status == UNSOLVABLE and on:
                    t2 = time.perf_counter()
                    again = hints.click()
                    t3 = time.perf_counter()
                    w.assistant.cache.clear()   # as before the rule: the position searched
                    searched = hints.click()
                    first.append(t1 - t0)
                    second.append(t3 - t2)
                    without.append(time.perf_counter() - t3)
                    empty = ",".join(str(h) for h in range(board.n)
                                     if not (w.session.state >> h) & 1)
                    print(f"  {p.start} -> {p.finish}: dead end {first[-1]:.2f} s; {on} "
                          f"move(s) on {second[-1]:.3f} s ({again.status}), searched "
                          f"{without[-1]:.2f} s ({searched.status}); there: --start {empty} "
                          f"--finish {p.finish}", flush=True)
                hints.close()
            if second:
                print(f"{args.board} k={k}: {len(second)} dead ends, their proofs median "
                      f"{statistics.median(first):.2f} s; the hint {args.on} move(s) on: median "
                      f"{statistics.median(second):.3f} s (max {max(second):.3f}), searched "
                      f"as before {statistics.median(without):.2f} s (min {min(without):.2f}, "
                      f"max {max(without):.2f})", flush=True)
        w.close()
    print("load:", os.getloadavg())
    return 0


if __name__ == "__main__":
    sys.exit(main())
