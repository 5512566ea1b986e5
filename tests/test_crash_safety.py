"""No game is lost (issue #72 point 1): every change to a game reaches its autosave within a
second, so a kill -9, a power cut or a full disk loses at most the last second of play; the
windows open come back with their games, the statistics count what was played, the temporary
files a kill left are removed at the next start, and a window that cannot come back is named
with its reason in words.

The kills are real: a child process (offscreen Qt, its own data, settings and cache folders
under tmp_path) opens the windows as the program does (app.open_at_start), plays through the
windows' own play_moves, waits until the files are on disk (polling them: a counted number of
polls, the bound only a hang guard), prints a line, and is SIGKILLed by the test at that set
point; the test then starts the program again on the same data folder, in-process. A child that
never reaches its point (today's code: nothing is written before a window closes) says so and
exits, failing the test without waiting for a timeout.
"""

from __future__ import annotations

import json
import os
import random
import select
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import shiboken6

from pegapp.puzzles import registry
from pegapp.puzzles.session import Session
from pegapp.ui import app, open_windows
from pegapp.ui.game_files import LAST_GAME_FILE
from pegapp.ui.game_window import GameWindow
from tests.game_windows import ini

ROOT = Path(__file__).resolve().parents[1]
#: how long the test waits for the child's line before calling it hung (it takes seconds)
HANG_GUARD_SECONDS = 300

CHILD = r"""
import json, os, sys, time
from PySide6.QtCore import QStandardPaths
from pegapp.core import storage
from pegapp.puzzles.session import Session
from pegapp.ui import app, open_windows
from pegapp.ui.single_instance import SingleInstance

point = sys.argv[1]
qapp = app.make_app([])
data_dir = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
instance = SingleInstance(data_dir)
assert instance.claim()
first = app.open_at_start(data_dir)


def say(*words):
    print(*words, flush=True)


def wait_until(done, what):
    # a hang guard, never a measure: 2000 polls of at least 10 ms, the first one usually enough
    for polls in range(1, 2001):
        qapp.processEvents()
        if done():
            return polls
        time.sleep(0.01)
    say("NOT REACHED", what)
    os._exit(3)


def saved(window):
    # the moves in the window's autosave on disk, or None while it is missing or unreadable
    try:
        return Session.load(window.files.autosave_path).notation
    except Exception:
        return None


def play(window, count):
    seen = {window.session.state}
    for _ in range(count):
        puzzle, state = window.session.puzzle, window.session.state
        move = next(m for m in puzzle.moves(state) if puzzle.apply(state, m) not in seen)
        window.play_moves([move])
        seen.add(window.session.state)


def on_disk(window):
    # play one move more and wait until it is in the autosave: (polls, milliseconds)
    started = time.perf_counter()
    play(window, 1)
    polls = wait_until(lambda: saved(window) == window.session.notation, "autosave")
    return polls, round((time.perf_counter() - started) * 1000)


def seconds_recorded():
    row = first.stats.row(first.tracker.puzzle_id, first.tracker.variant)
    return row["seconds"] if row else 0.0


latency = [on_disk(first) for _ in range(3)]
wait_until(lambda: seconds_recorded() > 0, "play time in the statistics")
if point == "after a move":
    jugs = open_windows.open_window(first, "jugs", {"capacities": [12, 8, 5], "target": 6})
    bulls = open_windows.open_window(first, "bulls", {"ruleset": "bulls"})
    latency += [on_disk(jugs), on_disk(jugs), on_disk(bulls)]
    windows = [first, jugs, bulls]
    listed = lambda: [w["file"] for w in json.loads(
        (first.data_dir / "windows.json").read_text())["windows"]]
    wait_until(lambda: listed() == [jugs.files.autosave_path.name, bulls.files.autosave_path.name],
               "windows.json")
    say("READY", json.dumps({"data": str(first.data_dir), "latency": latency,
                             "games": [[w.session.puzzle.id, w.session.notation]
                                       for w in windows]}))
elif point == "during the autosave":
    def stuck_fsync(fd):
        say("READY", json.dumps({"data": str(first.data_dir), "games": [
            [first.session.puzzle.id, saved(first)]]}))
        time.sleep(600)

    os.fsync = stuck_fsync
    play(first, 1)
    wait_until(lambda: False, "the autosave's fsync")
elif point == "during a statistics write":
    def stuck_commit(statement):
        if statement.startswith("COMMIT"):
            say("READY", json.dumps({"data": str(first.data_dir), "seconds": committed,
                                     "games": [[first.session.puzzle.id, saved(first)]]}))
            time.sleep(600)

    time.sleep(0.05)  # some play time, so the next move has some to record
    committed = seconds_recorded()
    first.stats._db.set_trace_callback(stuck_commit)
    play(first, 1)  # its autosave is written, then its play time: stuck in that transaction
    wait_until(lambda: False, "the statistics write")
time.sleep(600)
"""


def kill_at(tmp_path: Path, point: str) -> dict:
    """Run the child to its set point, SIGKILL it there; what it said of the point."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen",
           "XDG_DATA_HOME": str(tmp_path / "xdg-data"),
           "XDG_CONFIG_HOME": str(tmp_path / "xdg-config"),
           "PEGAPP_CACHE_DIR": str(tmp_path / "cache")}
    child = subprocess.Popen([sys.executable, "-c", CHILD, point], env=env, cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        # the child's own counted polls bound its wait; this only guards against a hang
        assert select.select([child.stdout], [], [], HANG_GUARD_SECONDS)[0], "the child hung"
        line = child.stdout.readline()
        assert line.startswith("READY "), (line, child.stderr.read() if child.poll() else "")
        child.send_signal(signal.SIGKILL)
        assert child.wait(timeout=60) == -signal.SIGKILL
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdout.close()
        child.stderr.close()
    said = json.loads(line.split(" ", 1)[1])
    print(point, said)  # the latencies, for the record (pytest -s)
    return said


def start_again(qtbot, tmp_path: Path, data: Path) -> tuple[GameWindow, list[GameWindow]]:
    """The program started again on the data folder, as app.run does once it holds it."""
    window = app.open_at_start(str(data), settings=ini(tmp_path))
    qtbot.addWidget(window)
    return window, list(window.windows)


def close_all(window: GameWindow, others: list[GameWindow]) -> None:
    for w in [*others, window]:
        if shiboken6.isValid(w):
            w.close()


def leftovers(data: Path) -> list[str]:
    return sorted(p.name for p in data.iterdir() if p.name.endswith(".tmp"))


def test_a_kill_after_moves_loses_no_window_no_game_and_no_play_time(qtbot, tmp_path):
    said = kill_at(tmp_path, "after a move")
    data = Path(said["data"])
    window, others = start_again(qtbot, tmp_path, data)
    try:
        games = [[w.session.puzzle.id, w.session.notation] for w in (window, *others)]
        assert games == said["games"]
        assert [w.session.params for w in others] == [
            {"capacities": [12, 8, 5], "target": 6}, {"ruleset": "bulls"}]
        assert all(len(notation) > 0 for _, notation in games)
        tracker = window.tracker
        assert window.stats.row(tracker.puzzle_id, tracker.variant)["seconds"] > 0
        assert not window.last_error
    finally:
        close_all(window, others)


def test_a_kill_during_the_autosave_keeps_the_last_one_and_its_leftover_goes(qtbot, tmp_path):
    said = kill_at(tmp_path, "during the autosave")
    data = Path(said["data"])
    [[_, notation]] = said["games"]
    assert Session.load(data / LAST_GAME_FILE).notation == notation  # the last good one, whole
    assert leftovers(data) and all(name.startswith(f".{LAST_GAME_FILE}.")
                                   for name in leftovers(data))
    window, others = start_again(qtbot, tmp_path, data)
    try:
        assert leftovers(data) == []
        assert window.session.notation == notation and others == []
    finally:
        close_all(window, others)


def test_a_kill_during_a_statistics_write_keeps_the_statistics_and_the_game(qtbot, tmp_path):
    said = kill_at(tmp_path, "during a statistics write")
    data = Path(said["data"])
    [[_, notation]] = said["games"]
    assert said["seconds"] > 0
    assert len(Session.load(data / LAST_GAME_FILE).steps) == 4  # three moves, then the fourth
    window, others = start_again(qtbot, tmp_path, data)
    try:
        assert window.session.notation == notation
        assert window.stats_warning is None  # a whole database: nothing set aside
        assert not list(data.glob("statistics.sqlite3.corrupt*"))
        row = window.stats.row(window.tracker.puzzle_id, window.tracker.variant)
        # the transaction the kill cut is undone whole: the time written before it stays
        assert row["started"] == 1 and row["seconds"] == said["seconds"]
    finally:
        close_all(window, others)


# ---- in-process: the autosave's timer, a full disk, what a restart says

@pytest.fixture
def settings(tmp_path):
    s = ini(tmp_path)
    s.setValue("app/confirm_abandon", False)
    return s


def first_window(qtbot, tmp_path, settings) -> GameWindow:
    w = GameWindow(settings=settings, data_dir=tmp_path / "data", restore=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def play_one(window: GameWindow) -> None:
    puzzle, state = window.session.puzzle, window.session.state
    window.play_moves([next(iter(puzzle.moves(state)))])


def on_disk(window: GameWindow) -> str | None:
    try:
        return Session.load(window.files.autosave_path).notation
    except Exception:  # noqa: BLE001 - missing or being replaced: not there yet
        return None


@pytest.mark.parametrize("change", ["move", "undo", "redo", "restart", "new game", "guess"])
def test_every_change_reaches_the_autosave_while_the_window_is_open(qtbot, tmp_path, settings,
                                                                    change):
    window = first_window(qtbot, tmp_path, settings)
    if change == "guess":
        window.new_game("bulls", {"ruleset": "bulls"})
    else:
        play_one(window)
        play_one(window)
    if change == "redo":
        window.undo_stack.undo()
    saved = lambda: on_disk(window) == window.session.notation  # noqa: E731
    qtbot.waitUntil(saved, timeout=30000)  # the game before the change, on disk
    before = window.files.autosave_path.read_text()
    {"move": lambda: play_one(window), "undo": window.undo_stack.undo,
     "redo": window.undo_stack.redo, "restart": window.restart,
     "new game": lambda: window.new_game("slide/3x3", {"shuffle": 7}),
     "guess": lambda: window.play_moves(["0123"])}[change]()
    assert not saved()
    qtbot.waitUntil(saved, timeout=30000)
    assert window.files.autosave_path.read_text() != before
    assert window.isVisible()  # saved during play, not at the close


def test_a_full_disk_keeps_the_last_good_autosave_and_says_so_once(qtbot, tmp_path, settings,
                                                                   monkeypatch):
    window = first_window(qtbot, tmp_path, settings)
    play_one(window)
    qtbot.waitUntil(lambda: on_disk(window) == window.session.notation, timeout=30000)
    good = window.files.autosave_path.read_bytes()
    real_fsync = os.fsync

    def full_disk(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    said = []
    window.statusBar().messageChanged.connect(said.append)
    for _ in range(3):
        play_one(window)
        window.files.save_progress()  # what the timer does (the tests wait for nothing)
    assert window.files.autosave_path.read_bytes() == good
    assert leftovers(window.data_dir) == []
    assert window.statusBar().isVisible()
    trouble = window.statusBar().currentMessage()
    assert "No space left on device" in trouble and "The last saved game is kept" in trouble
    assert said == [trouble]  # said once, not at every move, and in no dialog
    assert window._message_box is None
    monkeypatch.setattr(os, "fsync", real_fsync)  # space again: the next change is saved
    play_one(window)
    window.files.save_progress()
    assert on_disk(window) == window.session.notation
    assert window.statusBar().currentMessage() == "" and window.statusBar().isHidden()


def test_a_window_whose_game_was_never_saved_is_named_in_words_and_the_others_open(
        qtbot, tmp_path, settings):
    """A kill before a window's first autosave, with the list of windows as the program wrote
    it before it kept the puzzle's setting: the water-jugs window cannot know its capacities.
    It used to say "capacities" (a bare KeyError) in a dialog of its own."""
    data = tmp_path / "data"
    data.mkdir()
    slide = Session(registry.make_puzzle("slide/3x3", {"shuffle": 3}), {"shuffle": 3})
    slide.push(slide.legal_moves[0])
    slide.save(data / "autosave-slide-3x3.pegapp.json")
    (data / open_windows.WINDOWS_FILE).write_text(json.dumps(
        {"format": "pegapp-windows", "version": 1, "windows": [
            {"file": "autosave-jugs.pegapp.json", "puzzle": "jugs"},
            {"file": "autosave-slide-3x3.pegapp.json", "puzzle": "slide/3x3"}]}))
    window, others = start_again(qtbot, tmp_path, data)
    try:
        assert [(w.session.puzzle.id, w.session.notation) for w in others] == [
            ("slide/3x3", slide.notation)]
        said = window.last_error
        assert "Water jugs (jugs)" in said and "autosave-jugs.pegapp.json" in said
        assert "capacities" in said and said.strip() != "'capacities'" and "is missing" in said
    finally:
        close_all(window, others)


def test_a_window_whose_game_was_never_saved_comes_back_on_its_puzzle(qtbot, tmp_path,
                                                                      settings):
    """The list keeps each window's setting: a kill before the first autosave of a window of
    12, 8 and 5 L jugs brings that window back on the same jugs, a new game."""
    main = first_window(qtbot, tmp_path, settings)
    jugs = open_windows.open_window(main, "jugs", {"capacities": [12, 8, 5], "target": 6})
    name = jugs.files.autosave_path.name
    # the folder as a kill now leaves it: the list written, the window's game not yet
    killed = tmp_path / "killed"
    shutil.copytree(main.data_dir, killed)
    assert not (killed / name).exists()
    listed = json.loads((killed / open_windows.WINDOWS_FILE).read_text())["windows"]
    assert listed == [{"file": name, "puzzle": "jugs",
                       "params": {"capacities": [12, 8, 5], "target": 6}}]
    window, others = start_again(qtbot, tmp_path, killed)
    try:
        assert [(w.session.puzzle.id, w.session.params) for w in others] == [
            ("jugs", {"capacities": [12, 8, 5], "target": 6})]
        assert not window.last_error
    finally:
        close_all(window, others)
        jugs.close()


def test_a_window_list_of_random_bytes_is_set_aside_as_corrupt(qtbot, tmp_path, settings):
    data = tmp_path / "data"
    data.mkdir()
    junk = random.Random(72).randbytes(300)
    (data / open_windows.WINDOWS_FILE).write_bytes(junk)
    window, others = start_again(qtbot, tmp_path, data)
    try:
        assert others == []
        assert (data / "windows.json.corrupt").read_bytes() == junk
        assert not (data / open_windows.WINDOWS_FILE).exists()
        said = window.last_error
        assert str(data / "windows.json") in said and "windows.json.corrupt" in said
    finally:
        close_all(window, others)


def test_only_our_own_leftovers_are_removed_at_the_start(tmp_path):
    ours = [".autosave.pegapp.json.ab_c1234.tmp", ".autosave-jugs.pegapp.json.zz99zz99.tmp",
            ".windows.json.k2j3h4g5.tmp"]
    theirs = [".notes.txt.abcdefgh.tmp", ".autosave.pegapp.json.tmp", "autosave.pegapp.json",
              ".statistics.sqlite3.abcdefgh.tmp", ".my-game.pegapp.json.abcdefgh.tmp"]
    for name in ours + theirs:
        (tmp_path / name).write_text("x")
    (tmp_path / ".autosave-x.pegapp.json.abcdefgh.tmp").mkdir()  # a folder: left alone
    removed = open_windows.remove_leftovers_of_kill(tmp_path)
    assert sorted(p.name for p in removed) == sorted(ours)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        theirs + [".autosave-x.pegapp.json.abcdefgh.tmp"])

