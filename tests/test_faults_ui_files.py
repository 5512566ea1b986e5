"""Fault suite of the files the windows read back: the autosave (and File > Open), the settings
file; and where the outside trial could not go: a kill -9 in the middle of an autosave, a
read-only home, two windows on one statistics file.

A hang would stop the whole run, so each test that could hang runs under an alarm that turns it
into a failure (the bound is minutes; the tests take milliseconds: machine load cannot fail it).
"""

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QStandardPaths

from pegapp.core.stats import Stats
from pegapp.puzzles.session import Session
from pegapp.ui import settings_dialog
from tests.peg_window import game
from tests.test_faults_caches import deny_open
from tests.test_faults_ui import _peg_autosave, _quiet_settings

ROOT = Path(__file__).resolve().parents[1]
DAMAGES = ("empty", "truncated", "one value changed", "random bytes", "folder", "fifo",
           "link to /dev/zero", "unreadable", "too large")
#: the file is left where it is (it may be the player's; it is not saved over) rather than kept
#: as .corrupt
LEFT_IN_PLACE = ("folder", "fifo", "link to /dev/zero", "unreadable", "too large")


class Hung(Exception):
    """Not an OSError (TimeoutError is one): a reader's OSError handling must not take it for
    a file it could not read."""


@pytest.fixture
def no_hang():
    """SIGALRM after 120 s: a reader blocked on a FIFO in Python fails the test instead of the
    run (one blocked inside Qt is not interrupted: the settings test is guarded by the fix)."""
    def hung(signum, frame):
        raise Hung("hung")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(120)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def damage(path: Path, how: str, monkeypatch) -> bytes | None:
    """Damage the file; the bytes it then holds (None for a special file)."""
    data = path.read_bytes()
    if how in ("folder", "fifo", "link to /dev/zero"):
        path.unlink()
        {"folder": path.mkdir, "fifo": lambda: os.mkfifo(path),
         "link to /dev/zero": lambda: path.symlink_to("/dev/zero")}[how]()
        return None
    if how == "unreadable":  # as root chmod 000 stops nothing: the open is refused instead
        deny_open(path, monkeypatch)
        return data
    if how == "too large":  # 200 MB, sparse: no disk is used, but a whole read would take it
        with open(path, "r+b") as f:
            f.truncate(200_000_000)
        return None
    changed = bytearray(data)  # a digit after the middle (a number in the save) changed
    digit = next((i for i in range(len(data) // 2, len(data)) if chr(data[i]).isdigit()),
                 len(data) // 2)
    changed[digit] = ord("7") if data[digit] != ord("7") else ord("3")
    new = {"empty": b"", "truncated": data[:len(data) // 2], "one value changed": bytes(changed),
           "random bytes": random.Random(how).randbytes(len(data))}[how]
    path.write_bytes(new)
    return new


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_autosave_never_keeps_the_window_from_opening(qtbot, tmp_path, monkeypatch,
                                                                no_hang, how):
    from pegapp.ui.game_window import GameWindow

    data = tmp_path / "data"
    data.mkdir()
    _peg_autosave(data)
    autosave = data / "autosave.pegapp.json"
    now = damage(autosave, how, monkeypatch)
    window = GameWindow(settings=_quiet_settings(tmp_path), data_dir=data, restore=True)
    qtbot.addWidget(window)
    assert window.session is not None  # a game to play: the restored one or a fresh one
    if how == "one value changed" and not window.last_error:
        assert window.session.puzzle.id.startswith("pegs")  # read as the file now says
    elif how in LEFT_IN_PLACE:
        assert str(autosave) in window.last_error and "left in place" in window.last_error
    else:
        assert str(autosave) in window.last_error
        assert (data / "autosave.pegapp.json.corrupt").read_bytes() == now
    game(window).push(game(window).legal_jumps()[0])
    window.close()
    monkeypatch.undo()
    if how in ("folder", "fifo", "link to /dev/zero"):
        assert {"folder": autosave.is_dir, "fifo": autosave.is_fifo,
                "link to /dev/zero": autosave.is_symlink}[how]()
    elif how == "too large":
        assert autosave.stat().st_size == 200_000_000  # not saved over
    assert not [p for p in data.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("how", ["fifo", "link to /dev/zero", "too large", "folder"])
def test_file_open_of_a_special_or_huge_file_says_why(qtbot, tmp_path, monkeypatch, no_hang, how):
    from pegapp.ui.game_window import GameWindow

    data = tmp_path / "data"
    data.mkdir()
    _peg_autosave(data)
    chosen = tmp_path / "chosen.pegapp.json"
    chosen.write_bytes((data / "autosave.pegapp.json").read_bytes())
    damage(chosen, how, monkeypatch)
    window = GameWindow(settings=_quiet_settings(tmp_path), data_dir=data, restore=True)
    qtbot.addWidget(window)
    before = window.session
    assert window.files.load_game_asking(chosen) is False
    assert str(chosen) in window.last_error and "cannot be read" in window.last_error
    assert window.session is before
    window.close()


@pytest.fixture
def settings_home():
    """The user's settings folder as the tests set it (XDG_CONFIG_HOME), put back afterwards:
    guard_settings_files points QSettings elsewhere for the whole process."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation)
    yield base
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, base)
    if settings_dialog._refused is not None:  # told once per session: tell the next test too
        settings_dialog._reported.discard(settings_dialog._refused[0])
    settings_dialog._refused = None


@pytest.mark.parametrize("how", ["fifo", "link to /dev/zero", "folder"])
def test_a_settings_file_that_is_no_regular_file_is_never_given_to_qt(qapp, no_hang,
                                                                      settings_home, how):
    from pegapp.ui.app import APPLICATION, ORGANIZATION

    path = Path(settings_dialog.user_settings_files(ORGANIZATION, APPLICATION)[0])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[app]\ntheme=dark\n")
    damage(path, how, None)
    try:
        settings_dialog.guard_settings_files(ORGANIZATION, APPLICATION)
        settings = QSettings(ORGANIZATION, APPLICATION)  # a FIFO here hung this constructor
        assert Path(settings.fileName()) != path
        problem = settings_dialog.settings_file_problem(settings)
        assert str(path) in problem and "not a regular file" in problem
        assert settings_dialog.read_settings(settings) == settings_dialog.DEFAULTS
    finally:
        if path.is_dir():
            path.rmdir()
        else:
            path.unlink()


# ---- where the outside trial could not go

KILL_DURING_AUTOSAVE = r"""
import os, signal, sys
from pegapp.core import storage
from pegapp.core.board import get_board
from pegapp.puzzles.session import Session
from tests.old_saves import peg_session

phase, path = sys.argv[1], sys.argv[2]
game = peg_session(get_board("english"))
for move in game.legal_moves[:1]:
    game.push(move)
real_fsync, real_replace = os.fsync, os.replace

def kill():
    os.kill(os.getpid(), signal.SIGKILL)

if phase == "before fsync":
    os.fsync = lambda fd: kill()
elif phase == "before rename":
    os.replace = lambda a, b: kill()
elif phase == "after rename":
    os.replace = lambda a, b: (real_replace(a, b), kill())
game.push(game.legal_moves[0])
game.save(path)
"""


@pytest.mark.parametrize("phase", ["before fsync", "before rename", "after rename"])
def test_a_kill_during_an_autosave_leaves_the_old_game_or_the_new_one(tmp_path, phase):
    """kill -9 at each step of the save (placed there, not timed): the autosave is the last
    good game or the new one, never a damaged file."""
    path = tmp_path / "autosave.pegapp.json"
    old = Session.load(Path(_write_old_game(path)))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", KILL_DURING_AUTOSAVE, phase, str(path)],
                          env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == -signal.SIGKILL, done.stderr
    now = Session.load(path)
    expected = 2 if phase == "after rename" else len(old.steps)
    assert len(now.steps) == expected


def _write_old_game(path: Path) -> Path:
    from pegapp.core.board import get_board
    from tests.old_saves import peg_session

    game = peg_session(get_board("english"))
    game.push(game.legal_moves[0])
    game.save(path)
    return path


def test_a_read_only_home_plays_and_answers(qtbot, tmp_path, monkeypatch):
    """A home where nothing can be written (as root, a file where the folders belong: every
    mkdir and write fails the way a read-only home fails): the command line answers, the
    window opens and plays, and says what it could not keep."""
    from pegapp.cli import main
    from pegapp.ui.game_window import GameWindow

    blocked = tmp_path / "home-is-a-file"
    blocked.write_text("")
    monkeypatch.setenv("PEGAPP_CACHE_DIR", str(blocked / "cache"))
    assert main(["solve", "slide/2x3", "--start", "1 2 3 4 0 5", "--json"]) == 0
    window = GameWindow(settings=_quiet_settings(tmp_path), data_dir=blocked / "data",
                        restore=True)
    qtbot.addWidget(window)
    assert window.stats_warning is not None and window.stats_warning.reason == "unavailable"
    game(window).push(game(window).legal_jumps()[0])
    window.close()
    assert blocked.read_text() == ""


def test_two_windows_on_one_statistics_file_count_every_game(tmp_path):
    """Two windows' statistics on one file, games started and solved in turn: every game is
    counted once, whatever the order (each write is its own transaction)."""
    path = tmp_path / "statistics.sqlite3"
    first, w1 = Stats.open(path)
    second, w2 = Stats.open(path)
    assert w1 is None and w2 is None
    for k in range(10):
        (first if k % 2 else second).game_started("pegs/english")
        (second if k % 3 else first).game_solved("pegs/english", 18 + k % 2, minimum=18)
    first.close()
    second.close()
    reopened, _ = Stats.open(path)
    row = next(r for r in reopened.rows() if r["puzzle_id"] == "pegs/english")
    reopened.close()
    assert row["started"] == 10 and row["solved"] == 10 and row["best_moves"] == 18


@pytest.mark.parametrize("how", ["empty", "truncated", "random bytes", "folder", "fifo",
                                 "link to /dev/zero", "unreadable", "too large"])
def test_a_damaged_board_in_the_players_folder_is_listed_with_its_reason(tmp_path, monkeypatch,
                                                                         no_hang, how):
    """The picker lists the player's boards folder: a damaged file there is one entry with its
    reason (file, field), never a hang, and the other boards still load."""
    from pegapp.core import player_boards

    folder = player_boards.boards_dir(tmp_path)
    folder.mkdir(parents=True)
    good = folder / "a-good.toml"
    good.write_text('layout = """\nooo\n"""\nstart = [1]\n', encoding="utf-8")
    bad = folder / "b-bad.toml"
    bad.write_bytes(b"# " + b"x" * 40 + b"\n" + good.read_bytes())  # cut in half: no layout
    damage(bad, how, monkeypatch)
    found = player_boards.player_boards(tmp_path)
    assert [p.path.name for p in found] == ["a-good.toml", "b-bad.toml"]
    assert found[0].board is not None
    assert found[1].board is None and found[1].error.source == str(bad)
    if how == "too large":
        assert "too large" in str(found[1].error)
