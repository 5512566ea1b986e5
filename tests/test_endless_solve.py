"""A family whose solve never ends and never asks stop() (issue #58): `pegapp check-family` stops
waiting, names the rule in the contract's words and ends; the window closed while such a solve
runs neither hangs nor aborts at exit (a running QThread destroyed at exit aborts the process:
pegapp.ui.app.leave). Each runs in a subprocess, so a hang fails by its timeout and an abort by
its exit code, never by hanging the suite."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: the toy counter family (tests/toy_families.py) with a solve that never ends, registered
ENDLESS = """
import sys, threading, time
from pegapp.puzzles import registry
from tests import toy_families

started = threading.Event()

def endless(self, state, progress=None, stop=None):
    started.set()
    while True:   # never asks stop()
        time.sleep(0.05)

toy_families.Counter.solve = endless
registry._families = {**registry.families(), "toy": toy_families.TOY}
"""


def run(script: str, tmp_path: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path),
               PEGAPP_CACHE_DIR=str(tmp_path), PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", ENDLESS + textwrap.dedent(script)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=240)


def test_check_family_stops_a_solve_that_never_ends_and_says_so(tmp_path):
    """The contract's patience (contract.STOP_SECONDS, 10 s) made 1 s here: the test waited
    10 s for a solve that never ends."""
    done = run("""
        from pegapp import cli
        from pegapp.puzzles import contract
        contract.STOP_SECONDS = 1.0
        sys.exit(cli.main(["check-family", "toy"]))
    """, tmp_path)
    assert (done.returncode, done.stdout) == (1, ""), done.stderr
    assert done.stderr.splitlines() == [
        "pegapp: check-family toy: rule 'solve' broken: toy/5: solve did not stop within 1 s "
        "when asked (stop() returns True: solve returns at once, CANCELLED)"]

def test_the_window_closed_while_a_solve_never_ends_exits_cleanly(tmp_path):
    done = run("""
        import tempfile
        from pathlib import Path
        from PySide6.QtCore import QSettings
        from pegapp.ui.app import leave, make_app
        from pegapp.ui.game_window import GameWindow

        from pegapp.ui import worker
        worker.SHUTDOWN_WAIT_MS = 500   # the window's wait for a search it stopped: 5 s
        app = make_app([])
        data = tempfile.mkdtemp()
        settings = QSettings(str(Path(data) / "s.ini"), QSettings.Format.IniFormat)
        preset = toy_families.TOY.presets[0]
        window = GameWindow(preset.puzzle_id, dict(preset.params), settings=settings,
                            data_dir=data, restore=False)
        window.show()
        window.solve_action.trigger()
        while not started.is_set():
            app.processEvents()
        window.close()
        app.processEvents()
        print("closed", flush=True)
        sys.exit(leave(3, timeout_ms=500))
    """, tmp_path)
    assert "Destroyed while thread" not in done.stderr
    assert (done.returncode, done.stdout) == (3, "closed\n"), done.stderr
