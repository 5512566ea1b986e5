"""The window in a second: seconds from starting `pegapp` (no command: the game) to the first paint
of its first window, as a whole process with a fresh HOME each run, and the seconds a process takes
to import pegapp.ui.game_window alone. Never part of the test pass/fail.

    python benchmarks/bench_first_window.py            # 5 runs each, offscreen
    python benchmarks/bench_first_window.py --runs 9 --platform xcb   # on a display (e.g. Xvfb)

Each run is a new interpreter that starts the game exactly as `pegapp` does (pegapp.ui.app.run)
and exits at the first paint of a top-level window; the warm-up thread the game starts runs as it
would (it competes with the first paint). Reported: every run and the median. Compare with
`uptime`'s load: on a shared machine the figures move with it.
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

#: the child: the game started as `pegapp` starts it, gone at the first paint of a window
CHILD = """
import os, sys
sys.path.insert(0, {root!r})
from PySide6.QtCore import QEvent, QObject
import pegapp.ui.app as app_module


class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and obj.isWindow() and obj.isVisible():
            print("painted", flush=True)
            os._exit(0)
        return False


watcher = FirstPaint()
make_app = app_module.make_app


def make_watched_app(argv=None):
    app = make_app(argv)
    app.installEventFilter(watcher)
    return app


app_module.make_app = make_watched_app
app_module.run([])
"""


def fresh_env(platform: str) -> dict[str, str]:
    home = tempfile.mkdtemp(prefix="pegapp-bench-")
    return dict(os.environ, HOME=home, XDG_CONFIG_HOME=f"{home}/.config",
                XDG_DATA_HOME=f"{home}/.local/share", XDG_CACHE_HOME=f"{home}/.cache",
                QT_QPA_PLATFORM=platform)


def timed(args: list[str], env: dict[str, str]) -> tuple[float, str]:
    t0 = time.perf_counter()
    out = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return time.perf_counter() - t0, out.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--platform", default="offscreen", help="QT_QPA_PLATFORM of the runs")
    options = parser.parse_args()
    paint, imports = [], []
    for _ in range(options.runs):
        seconds, out = timed([sys.executable, "-c", CHILD.format(root=str(ROOT))],
                             fresh_env(options.platform))
        if "painted" not in out:
            raise SystemExit("the window did not paint")
        paint.append(seconds)
        seconds, _ = timed([sys.executable, "-c", "import pegapp.ui.game_window"],
                           fresh_env(options.platform))
        imports.append(seconds)
    print("first paint of the first window:", " ".join(f"{s:.2f}" for s in paint),
          f"median {statistics.median(paint):.2f} s")
    print("import pegapp.ui.game_window:   ", " ".join(f"{s:.2f}" for s in imports),
          f"median {statistics.median(imports):.2f} s")
    print("load:", os.getloadavg())


if __name__ == "__main__":
    main()
