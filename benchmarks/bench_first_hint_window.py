"""The first hint of a fresh install, in the window against the command line (issue #76: the
8-puzzle's first hint in the window took about 4 s under load, the command line 0.5-0.75 s).
Prints figures, never pass/fail.

    python benchmarks/bench_first_hint_window.py [--puzzle slide/3x3] [--start 8,6,7,2,5,4,3,0,1]
                                                 [--runs 5]

Every run is a new process with an empty PEGAPP_CACHE_DIR and HOME (nothing cached, no table on
disk), numba's own cache of compiled kernels as it is (warm after the first run on a machine).
Per run, in turn:
  window  seconds from the press of H (the hint action triggered in an offscreen GameWindow that
          has been shown) to the move drawn on the board; the process start, imports and the
          window's opening are printed beside it, not counted;
  cli     wall seconds of `pegapp hint PUZZLE --start ... --json`, the whole process;
  cli-in  the seconds the command line's own answer gives (its search, tables included).
Then the median, min and max of each, and the machine's load before and after.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

WINDOW = r"""
import json, sys, time
T0 = time.perf_counter()
sys.path.insert(0, {root!r})
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication
app = QApplication([])
from pegapp.ui.game_window import GameWindow
home = {home!r}
settings = QSettings(home + "/settings.ini", QSettings.Format.IniFormat)
settings.setValue("view/animate", False)
settings.setValue("solver/whole_hint", True)
window = GameWindow({puzzle!r}, {params!r}, settings=settings, data_dir=home + "/data",
                    restore=False)
window.show()
app.processEvents()
T1 = time.perf_counter()
window.hint_action.trigger()
def poll():
    if window.view.hint is not None:
        print(json.dumps({{"open": T1 - T0, "hint": time.perf_counter() - T1}}), flush=True)
        app.quit()
    else:
        QTimer.singleShot(2, poll)
poll()
QTimer.singleShot(120000, app.quit)
app.exec()
"""


def fresh_env(home: str) -> dict:
    return dict(os.environ, HOME=home, PEGAPP_CACHE_DIR=os.path.join(home, "cache"),
                XDG_CONFIG_HOME=os.path.join(home, "config"),
                XDG_DATA_HOME=os.path.join(home, "data"), QT_QPA_PLATFORM="offscreen",
                PYTHONPATH=str(ROOT))


def window_run(puzzle: str, params: dict) -> tuple[float, float]:
    import json
    with tempfile.TemporaryDirectory() as home:
        code = WINDOW.format(root=str(ROOT), home=home, puzzle=puzzle, params=params)
        out = subprocess.run([sys.executable, "-c", code], env=fresh_env(home),
                             capture_output=True, text=True, timeout=300)
        line = [s for s in out.stdout.splitlines() if s.startswith("{")][-1]
        figures = json.loads(line)
        return figures["open"], figures["hint"]


def cli_run(puzzle: str, start: str) -> tuple[float, float]:
    import json
    with tempfile.TemporaryDirectory() as home:
        t = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", "pegapp", "hint", puzzle, "--start", start,
                              "--json"], env=fresh_env(home), capture_output=True, text=True,
                             timeout=300, check=True)
        wall = time.perf_counter() - t
        return wall, json.loads(out.stdout)["seconds"]


def summary(name: str, values: list[float]) -> str:
    return (f"{name:8} median {statistics.median(values):6.2f} s  "
            f"min {min(values):6.2f}  max {max(values):6.2f}  ({len(values)} runs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzle", default="slide/3x3")
    parser.add_argument("--start", default="8,6,7,2,5,4,3,0,1")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    params = {"start": [int(v) for v in args.start.split(",")]}
    print(f"load before: {os.getloadavg()}")
    window, opening, cli, cli_inside = [], [], [], []
    for run in range(args.runs):
        opened, hint = window_run(args.puzzle, params)
        wall, inside = cli_run(args.puzzle, args.start)
        window.append(hint)
        opening.append(opened)
        cli.append(wall)
        cli_inside.append(inside)
        print(f"run {run + 1}: window {hint:.2f} s (opened in {opened:.2f} s)  "
              f"cli {wall:.2f} s (its own answer {inside:.2f} s)", flush=True)
    print(summary("window", window))
    print(summary("cli", cli))
    print(summary("cli-in", cli_inside))
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
