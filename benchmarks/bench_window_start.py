"""How long the game window takes to open, from a fresh process with a fresh HOME (figures for
issue #23, never pass/fail).

    python benchmarks/bench_window_start.py [--runs 5] [CHECKOUT ...]

Each run is a new `python -c` with HOME, XDG_CONFIG_HOME, XDG_CACHE_HOME and PEGAPP_CACHE_DIR in
a new empty directory and the checkout first on sys.path; it times from the interpreter's start
of the script to the window shown and painted once (offscreen), and the whole process. The
median, min and max over the runs are printed per checkout, with the load average (the machine
may be shared). Give several checkouts to compare (e.g. before and after a change).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

CHILD = r"""
import time
t0 = time.perf_counter()
from pegapp.ui.app import make_app
app = make_app()
from pegapp.ui.game_window import GameWindow
w = GameWindow(None, {}, restore=False)
w.show()
app.processEvents()
w.grab()
print(time.perf_counter() - t0)
"""


def run_once(checkout: str) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"),
                   XDG_CACHE_HOME=os.path.join(home, "cache"),
                   XDG_DATA_HOME=os.path.join(home, "data"),
                   PEGAPP_CACHE_DIR=os.path.join(home, "pegcache"), PYTHONPATH=checkout,
                   QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
        t = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", CHILD], env=env, cwd=checkout,
                             capture_output=True, text=True, check=True)
        whole = time.perf_counter() - t
        return float(out.stdout.strip().splitlines()[-1]), whole


def main(argv: list[str]) -> None:
    runs = 5
    if "--runs" in argv:
        i = argv.index("--runs")
        runs = int(argv[i + 1])
        del argv[i:i + 2]
    checkouts = argv or [os.path.dirname(os.path.dirname(os.path.abspath(__file__)))]
    print(f"load average {os.getloadavg()[0]:.2f}; {runs} runs each, interleaved")
    shown: dict[str, list[float]] = {c: [] for c in checkouts}
    whole: dict[str, list[float]] = {c: [] for c in checkouts}
    run_once(checkouts[0])  # warm the disk cache and numba's
    for _ in range(runs):
        for c in checkouts:
            s, w = run_once(c)
            shown[c].append(s)
            whole[c].append(w)
    for c in checkouts:
        print(f"{c}: window shown median {statistics.median(shown[c]):.3f} s "
              f"(min {min(shown[c]):.3f}, max {max(shown[c]):.3f}); whole process median "
              f"{statistics.median(whole[c]):.3f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
