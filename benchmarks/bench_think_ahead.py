"""Thinking ahead in the window (issue #20, point 5 as the player meets it): how long the Hint
takes to give the proven move when the player has thought for a few seconds after reaching the
position. Prints figures, never pass/fail.

    python benchmarks/bench_think_ahead.py [--board english] [--problems 4 | --all-problems]
                                           [--samples 2] [--moves 1,3] [--think 0,2,5]
                                           [--no-think-ahead] [--along-line] [--fresh]

One offscreen game window in this process, with the solver's kernels loaded first (the window
loads them at start-up, in the background). For each sampled catalogue problem, k and think
time: the problem is started, a first hint asked when the think time is not 0 (the catalogue's,
at once on the boards it proves: from then on the window thinks ahead), k moves of random
winning play made (the last one off the catalogue's lines, as in bench_hint_curve.py;
--along-line: k - 1 moves along the catalogue's line and one off it, the positions
bench_hint_curve.py --along-line draws with the same seed and options),
then `think` seconds pass with the window running its event loop, and the Hint is clicked: the
figure is the time from the click to the proven answer. With --no-think-ahead the setting is off
(the plain in-window hint, for comparison). The machine's load is printed first and last.

--fresh: each figure in a fresh process with an empty cache folder and home, the window started
as `pegapp` starts it (its warm-up in a background thread), the moves played once that warm-up
has ended (a player takes longer over six moves; its seconds are printed): the hint as the
player meets it in a window just opened, beside `bench_hint_curve.py`'s cold `pegapp hint`.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))

from PySide6.QtCore import QEventLoop, QSettings  # noqa: E402

from bench_hint_curve import line_play, random_winning_play  # noqa: E402
from pegapp.core.board import get_board  # noqa: E402
from pegapp.puzzles import catalogue  # noqa: E402
from pegapp.puzzles.pegs import PegPuzzle  # noqa: E402
from pegapp.solvers.pegs.solver import warm_up  # noqa: E402
from pegapp.ui.app import make_app, warm_up_families  # noqa: E402
from pegapp.ui.game_window import GameWindow  # noqa: E402


def wait(app, seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.005)


class HintClicks:
    """The Hint clicked in a window, and the window's own event loop run until the final
    answer (no polling, which would take a core from the search on a machine of two)."""

    def __init__(self, window: GameWindow):
        self.window = window
        self.answers: list = []
        self.final = QEventLoop()
        window.assistant.answered.connect(self._heard)

    def _heard(self, kind, state, res) -> None:
        self.answers.append(res)
        if not res.stats.get("interim"):
            self.final.quit()

    def click(self):
        """The final answer to one click of the Hint (the last one heard, or None, when the
        loop was quit before it: a search cancelled sends none)."""
        self.answers.clear()
        self.window.panel.hint_button.click()
        if not self.answers or self.answers[-1].stats.get("interim"):
            self.final.exec()
        return self.answers[-1] if self.answers else None

    def close(self) -> None:
        self.window.assistant.answered.disconnect(self._heard)   # the window's own slot stays


def start_problem(window: GameWindow, problem) -> None:
    """The catalogue problem as a new game, with no answer kept from another figure."""
    window.new_game(f"pegs/{window.session.puzzle.board.id}",
                    {"start": [problem.start], "finish": problem.finish})
    window.assistant.cache.clear()


def hint_latency(app, window: GameWindow, problem, moves, think: float) -> tuple[float, bool]:
    """Seconds from the Hint's click to the final answer, and whether it is proven."""
    start_problem(window, problem)
    hints = HintClicks(window)
    if think > 0:
        # a hint first (from then on the window thinks ahead); with no time to think it
        # changes nothing, and on a board whose catalogue holds no proven line (Wiegleb 45)
        # that hint is a proof from the start
        hints.click()
    window.play_moves(list(moves))
    wait(app, think)
    t0 = time.perf_counter()
    answer = hints.click()
    seconds = time.perf_counter() - t0
    hints.close()
    return seconds, bool(answer.proven_minimal)


def window(tmp: str, board, think_ahead: bool) -> GameWindow:
    settings = QSettings(os.path.join(tmp, "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("view/animate", False)
    settings.setValue("solver/think_ahead", think_ahead)
    os.environ["PEGAPP_CACHE_DIR"] = os.path.join(tmp, "cache")
    w = GameWindow(f"pegs/{board.id}", {}, settings=settings,
                   data_dir=os.path.join(tmp, "data"), restore=False)
    w.show()
    return w


def child(spec: dict) -> int:
    """One figure in this fresh process (--fresh): the window started as `pegapp` starts it,
    its warm-up in the background; the moves played once the warm-up has ended."""
    app = make_app()
    board = get_board(spec["board"])
    with tempfile.TemporaryDirectory() as tmp:
        w = window(tmp, board, spec["think_ahead"])
        t0 = time.perf_counter()
        warm = threading.Thread(target=warm_up_families, daemon=True)
        warm.start()
        while warm.is_alive():
            app.processEvents()
            time.sleep(0.005)
        warm_seconds = time.perf_counter() - t0
        problem = catalogue.load(board).find(spec["start"], spec["finish"])
        seconds, proven = hint_latency(app, w, problem, spec["moves"], spec["think"])
        w.close()
    print(json.dumps({"seconds": seconds, "proven": proven, "warm_up": warm_seconds}))
    return 0


def fresh_latency(board, problem, moves, think: float, think_ahead: bool) -> tuple[float, bool]:
    """hint_latency in a fresh process with an empty cache folder and home (child())."""
    spec = {"board": board.id, "start": problem.start, "finish": problem.finish,
            "moves": [list(m) for m in moves], "think": think, "think_ahead": think_ahead}
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, PEGAPP_CACHE_DIR=os.path.join(tmp, "cache"), HOME=tmp)
        out = subprocess.run([sys.executable, os.path.abspath(__file__), "--child",
                              json.dumps(spec)], capture_output=True, text=True, env=env)
    if out.returncode:
        raise RuntimeError(out.stderr[-2000:])
    r = json.loads(out.stdout.splitlines()[-1])
    print(f"  {problem.start} -> {problem.finish}: {r['seconds']:.2f} s (warm-up "
          f"{r['warm_up']:.2f} s)", flush=True)
    return r["seconds"], r["proven"]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--board", default="english")
    ap.add_argument("--problems", type=int, default=4)
    ap.add_argument("--all-problems", action="store_true",
                    help="every possible catalogue problem of the board (else --problems of them)")
    ap.add_argument("--samples", type=int, default=2)
    ap.add_argument("--moves", default="1,3")
    ap.add_argument("--think", default="0,2,5")
    ap.add_argument("--no-think-ahead", action="store_true")
    ap.add_argument("--along-line", action="store_true",
                    help="k - 1 moves along the catalogue's line, then one off it that still wins")
    ap.add_argument("--fresh", action="store_true",
                    help="each figure in a fresh process, the window just opened")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        return child(json.loads(args.child))
    print("load:", os.getloadavg())
    app = None if args.fresh else make_app()
    if not args.fresh:
        warm_up()
    board = get_board(args.board)
    problems = [p for p in catalogue.load(board).problems if p.possible]
    rng = random.Random(args.seed)
    chosen = problems if args.all_problems else rng.sample(problems, min(args.problems,
                                                                          len(problems)))
    with tempfile.TemporaryDirectory() as tmp:
        w = None if args.fresh else window(tmp, board, not args.no_think_ahead)
        for k in [int(x) for x in args.moves.split(",")]:
            plays = []
            for p in chosen:
                puzzle = PegPuzzle(board, [p.start], p.finish)
                for _ in range(args.samples):
                    play = (line_play(puzzle, p.solution, k, rng) if args.along_line
                            else random_winning_play(puzzle, k, rng, True))
                    if play is not None:
                        plays.append((p, play[0]))
            for think in [float(x) for x in args.think.split(",")]:
                figures = [fresh_latency(board, p, moves, think, not args.no_think_ahead)
                           if args.fresh else hint_latency(app, w, p, moves, think)
                           for p, moves in plays]
                s = [f[0] for f in figures]
                print(f"{args.board} k={k} think {think:g} s: {len(s)} positions, median "
                      f"{statistics.median(s):.2f} s (min {min(s):.2f}, max {max(s):.2f}), "
                      f"proven {sum(f[1] for f in figures)}, at once (<0.05 s) "
                      f"{sum(x < 0.05 for x in s)}", flush=True)
        if w is not None:
            w.close()
    print("load:", os.getloadavg())
    return 0


if __name__ == "__main__":
    sys.exit(main())
