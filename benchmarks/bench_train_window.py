"""The window's first training puzzle on screen, cold (issue #74 point 4: within 1 s of choosing
Train): seconds from Game > Train… to the first paint of the board showing the puzzle.

Each run is a fresh Python process with an empty HOME and PEGAPP_CACHE_DIR (and a data folder
of its own: no rating, no attempt). In it the game window opens on the puzzle (offscreen) and
settles for --settle seconds (1 by default; 0: Train chosen at once); then the clock runs from
triggering the Train action (pegapp.ui.game_training: the trainer made, its first job in the
worker -- the stream's first batch, cold -- and the puzzle put on the board with set_session)
to the first paint of the board's new view. "worker" is the part of it from the trigger to the
worker's answer arriving on the UI thread.
Prints, per puzzle, the median of --runs runs and their range, and the load (os.getloadavg).
Figures, not a test:

    PYTHONPATH=. python benchmarks/bench_train_window.py [--runs 7] [--settle 1]
                                                         [pegs/english slide/3x3 ...]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import json, os, sys, time
from pathlib import Path
from PySide6.QtCore import QEvent, QObject, QSettings
from pegapp.ui.app import make_app
from pegapp.ui.game_window import GameWindow

home = Path(sys.argv[2])
app = make_app([])
settings = QSettings(str(home / "s.ini"), QSettings.Format.IniFormat)
settings.setValue("view/animate", False)
window = GameWindow(sys.argv[1], {}, settings=settings, data_dir=home / "data", restore=False)
window.show()
deadline = time.monotonic() + float(sys.argv[3])
while time.monotonic() < deadline:  # the window open and settled before Train is chosen
    app.processEvents()
old_view = window.view
seen = {}


class Painted(QObject):
    def eventFilter(self, obj, event):
        if (event.type() == QEvent.Type.Paint and "paint" not in seen
                and window.training.active and obj is window.view):
            seen["paint"] = time.perf_counter()
        return False


app.installEventFilter(painted := Painted())
window.training.runner.result.connect(lambda *_: seen.setdefault("worker", time.perf_counter()))
started = time.perf_counter()
window.train_action.trigger()
while "paint" not in seen:
    app.processEvents()
    if time.perf_counter() - started > 120:
        raise SystemExit("no puzzle in 120 s: " + window.training.trouble)
tp = window.training.trainer.current
print(json.dumps({"shown": seen["paint"] - started,
                  "worker": seen.get("worker", seen["paint"]) - started,
                  "moves": tp.moves, "rating": round(tp.rating.rating)}))
window.close()
os._exit(0)
"""


def run(puzzle_id: str, settle: float) -> dict:
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, HOME=home, PEGAPP_CACHE_DIR=os.path.join(home, "cache"),
                   XDG_DATA_HOME=os.path.join(home, "data"),
                   XDG_CONFIG_HOME=os.path.join(home, "config"), QT_QPA_PLATFORM="offscreen",
                   PYTHONPATH=str(ROOT))
        done = subprocess.run([sys.executable, "-c", CHILD, puzzle_id, home, str(settle)], env=env,
                              capture_output=True, text=True, timeout=300)
        if done.returncode != 0:
            raise SystemExit(done.stderr)
        return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("puzzles", nargs="*", default=["pegs/english", "slide/3x3",
                                                       "pegs/triangle15"])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--settle", type=float, default=1.0,
                        help="seconds the window is open before Train is chosen (0: at once, "
                             "while the window's own first work runs)")
    args = parser.parse_args()
    print(f"load before: {os.getloadavg()}")
    for puzzle_id in args.puzzles:
        runs = [run(puzzle_id, args.settle) for _ in range(args.runs)]
        for key in ("shown", "worker"):
            values = [r[key] for r in runs]
            print(f"{puzzle_id:16} {key:7} median {statistics.median(values):.3f} s  "
                  f"range {min(values):.3f}-{max(values):.3f} s")
        print(f"{puzzle_id:16} first puzzle: {runs[0]['moves']} moves, rated {runs[0]['rating']}")
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
