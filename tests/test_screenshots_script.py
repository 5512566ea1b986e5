"""packaging/screenshots.py answers --help (it once took it for an output folder) and opens the
window on any puzzle given by id, a plug-in's included, saving its picture where asked."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "packaging" / "screenshots.py"


def run(*args: str, home: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(home),
               PEGAPP_CACHE_DIR=str(home), PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          timeout=300, env=env)


def test_help_says_how_to_use_it_and_writes_nothing(tmp_path):
    done = run("--help", home=tmp_path)
    assert done.returncode == 0
    assert "--puzzle ID" in done.stdout and "--show" in done.stdout
    assert not (Path.cwd() / "--help").exists()


def test_one_puzzle_by_id_is_saved_where_asked(tmp_path):
    out = tmp_path / "out"
    done = run("--puzzle", "slide/3x3", "--theme", "dark", "--size", "min", str(out),
               home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (out / "slide-3x3.png").stat().st_size > 1000


def test_show_without_a_puzzle_is_refused(tmp_path):
    done = run("--show", home=tmp_path)
    assert done.returncode == 2 and "--show needs --puzzle" in done.stderr


def test_a_puzzles_map_is_saved_and_one_without_a_map_says_so(tmp_path):
    """flip8/4x4's Map (4,096 positions; 0.9 s of CPU as a process where rotate/3x3's 181,440
    took 2.2): the script's --map is what is tested, the Maps themselves in test_ui_map."""
    out = tmp_path / "out"
    done = run("--puzzle", "flip8/4x4", "--map", "--size", "min", str(out), home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (out / "flip8-4x4-map.png").stat().st_size > 1000
    done = run("--puzzle", "pegs/english", "--map", str(out), home=tmp_path)
    assert done.returncode == 1 and "pegs/english has no Map" in done.stderr
    assert not (out / "pegs-english-map.png").exists()
