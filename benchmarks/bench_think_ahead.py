"""Thinking ahead in the window (issue #20, point 5 as the player meets it): how long the Hint
takes to give the proven move when the player has thought for a few seconds after reaching the
position. Prints figures, never pass/fail.

    python benchmarks/bench_think_ahead.py [--board english] [--problems 4] [--samples 2]
                                           [--moves 1,3] [--think 0,2,5] [--no-think-ahead]

One offscreen game window in this process, with the solver's kernels loaded first (the window
loads them at start-up, in the background). For each sampled catalogue problem, k and think
time: the problem is started, a first hint asked (the catalogue's, at once: from then on the
window thinks ahead), k moves of random winning play made (the last one off the catalogue's
lines, as in bench_hint_curve.py), then `think` seconds pass with the window running its event
loop, and the Hint is clicked: the figure is the time from the click to the proven answer. With
--no-think-ahead the setting is off (the plain in-window hint, for comparison). The machine's
load is printed first and last.
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
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))

from PySide6.QtCore import QSettings  # noqa: E402

from bench_hint_curve import random_winning_play  # noqa: E402
from pegapp.core.board import get_board  # noqa: E402
from pegapp.puzzles import catalogue  # noqa: E402
from pegapp.puzzles.pegs import PegPuzzle  # noqa: E402
from pegapp.solvers.pegs import warm_up  # noqa: E402
from pegapp.ui.app import make_app  # noqa: E402
from pegapp.ui.game_window import GameWindow  # noqa: E402


def wait(app, seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.005)


def hint_latency(app, window: GameWindow, problem, moves, think: float) -> tuple[float, bool]:
    """Seconds from the Hint's click to the final answer, and whether it is proven."""
    window.new_game(f"pegs/{window.session.puzzle.board.id}",
                    {"start": [problem.start], "finish": problem.finish})
    window.assistant.cache.clear()   # each figure its own: no answer kept from another one
    answers: list = []

    def heard(kind, state, res):
        answers.append(res)

    window.assistant.answered.connect(heard)
    window.panel.hint_button.click()
    while not answers or answers[-1].stats.get("interim"):
        app.processEvents()
    window.play_moves(list(moves))
    wait(app, think)
    answers.clear()
    t0 = time.perf_counter()
    window.panel.hint_button.click()
    while not answers or answers[-1].stats.get("interim"):
        app.processEvents()
        time.sleep(0.001)
    seconds = time.perf_counter() - t0
    window.assistant.answered.disconnect(heard)   # the window's own slot stays
    return seconds, bool(answers[-1].proven_minimal)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--board", default="english")
    ap.add_argument("--problems", type=int, default=4)
    ap.add_argument("--samples", type=int, default=2)
    ap.add_argument("--moves", default="1,3")
    ap.add_argument("--think", default="0,2,5")
    ap.add_argument("--no-think-ahead", action="store_true")
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    print("load:", os.getloadavg())
    app = make_app()
    warm_up()
    board = get_board(args.board)
    problems = [p for p in catalogue.load(board).problems if p.possible]
    rng = random.Random(args.seed)
    chosen = rng.sample(problems, min(args.problems, len(problems)))
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(os.path.join(tmp, "s.ini"), QSettings.Format.IniFormat)
        settings.setValue("view/animate", False)
        settings.setValue("solver/think_ahead", not args.no_think_ahead)
        os.environ["PEGAPP_CACHE_DIR"] = os.path.join(tmp, "cache")
        window = GameWindow(f"pegs/{board.id}", {}, settings=settings,
                            data_dir=os.path.join(tmp, "data"), restore=False)
        window.show()
        for k in [int(x) for x in args.moves.split(",")]:
            plays = []
            for p in chosen:
                puzzle = PegPuzzle(board, [p.start], p.finish)
                for _ in range(args.samples):
                    play = random_winning_play(puzzle, k, rng, True)
                    if play is not None:
                        plays.append((p, play[0]))
            for think in [float(x) for x in args.think.split(",")]:
                figures = [hint_latency(app, window, p, moves, think) for p, moves in plays]
                s = [f[0] for f in figures]
                print(f"{args.board} k={k} think {think:g} s: {len(s)} positions, median "
                      f"{statistics.median(s):.2f} s (min {min(s):.2f}, max {max(s):.2f}), "
                      f"proven {sum(f[1] for f in figures)}, at once (<0.05 s) "
                      f"{sum(x < 0.05 for x in s)}", flush=True)
        window.close()
    print("load:", os.getloadavg())
    return 0


if __name__ == "__main__":
    sys.exit(main())
