"""Two copies of the program on one data folder (issue #59): the second hands its request to the
first and ends, so the two never write the same saves; a copy that crashed does not lock the
folder for good."""

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QSettings

from pegapp.ui.game_window import GameWindow
from pegapp.ui.single_instance import LOCK_FILE, SingleInstance

ROOT = Path(__file__).resolve().parents[1]


def copy_env(tmp_path) -> tuple[dict, Path]:
    """The environment of a copy of PegApp whose data folder is under tmp_path, and that folder
    (Qt's AppDataLocation: $XDG_DATA_HOME/<organization>/<application>)."""
    env = dict(os.environ, HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(tmp_path / "xdg"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
               PEGAPP_CACHE_DIR=str(tmp_path / "cache"))
    return env, tmp_path / "xdg" / "PegApp" / "PegApp"


def test_a_second_guard_on_the_folder_is_not_the_first(tmp_path):
    first = SingleInstance(tmp_path / "data")
    assert first.claim()
    second = SingleInstance(tmp_path / "data")
    assert not second.claim()
    assert SingleInstance(tmp_path / "other").claim()  # another data folder runs on its own
    first.release()
    assert second.claim()  # the first quit: the next copy is the first
    second.release()


def test_a_copy_that_does_not_answer_is_not_taken_for_one_that_did(tmp_path):
    first = SingleInstance(tmp_path / "data")
    assert first.claim()
    first.server.close()  # holds the lock, listens no more (hung)
    second = SingleInstance(tmp_path / "data")
    assert not second.claim() and not second.hand_over(timeout_ms=2000)
    first.release()


def test_a_second_copy_of_the_program_hands_over_to_the_first(qtbot, tmp_path):
    """A real second copy (`python -m pegapp`, offscreen) on the folder of a first copy running in
    this process: it asks the first to show its window and ends at once, writing no save."""
    env, data = copy_env(tmp_path)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = GameWindow(settings=settings, data_dir=data, restore=False)
    qtbot.addWidget(window)
    window.show()
    window.play_moves([next(iter(window.session.puzzle.moves(window.session.state)))])
    instance = SingleInstance(data)
    assert instance.claim()
    requests = []
    instance.requested.connect(lambda: requests.append(True))
    window.files.save_progress()  # the first copy's own autosave during play (issue #72), now
    before = sorted(p.name for p in data.iterdir())
    second = subprocess.Popen([sys.executable, "-m", "pegapp"], env=env, cwd=tmp_path,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        qtbot.waitUntil(lambda: second.poll() is not None, timeout=120000)
    finally:
        if second.poll() is None:
            second.kill()
    out, err = second.communicate()
    assert second.returncode == 0, err.decode()
    assert requests == [True]
    assert sorted(p.name for p in data.iterdir()) == before  # it saved nothing
    window.close()
    instance.release()
    assert window.files.autosave_path.exists()


def test_a_copy_that_crashed_leaves_the_folder_to_the_next(tmp_path):
    _env, data = copy_env(tmp_path)
    code = ("import sys; from PySide6.QtCore import QCoreApplication; "
            "from pegapp.ui.single_instance import SingleInstance; "
            "app = QCoreApplication([]); s = SingleInstance(sys.argv[1]); "
            "print(s.claim(), flush=True); sys.stdin.read()")
    crashed = subprocess.Popen([sys.executable, "-c", code, str(data)], env=_env,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert crashed.stdout.readline().strip() == b"True"
        assert not SingleInstance(data).claim()  # it runs
    finally:
        crashed.kill()  # SIGKILL: no chance to unlock
        crashed.wait()
    assert (data / LOCK_FILE).exists()  # left behind
    after = SingleInstance(data)
    assert after.claim()
    after.release()

