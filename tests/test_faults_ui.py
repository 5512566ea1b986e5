"""Fault injection into the files the windows read and write: the settings file, autosaves, saves,
the statistics database and exports.

Every fault ends in a message naming the file and the reason, and the last good file is left byte
for byte as it was. Permission errors are injected by monkeypatching (the tests may run as root).
"""

import errno
import os
import sqlite3
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from pegapp.core import pegs, storage
from pegapp.core.board import get_board
from pegapp.puzzles.pegs import PegPuzzle
from pegapp.puzzles.session import Session
from pegapp.core.stats import Stats
from pegapp.puzzles.registry import make_puzzle
from pegapp.ui import settings_dialog
from pegapp.ui.export import ExportError, export_peg_solution, export_states, peg_positions
from pegapp.ui.settings_dialog import DEFAULTS, MEMORY_GB_RANGE, read_setting, read_settings
from tests.peg_window import game

GARBAGE = ["abc", "nan", "NaN", "inf", "-inf", "1e400", "-1e400", "-1", "@Invalid()", "1, 2",
           "@ByteArray(dark)", "maybe", "0x10", "[]", "\"\"", "1e99999999999"]


_files = iter(range(10 ** 9))


def ini(tmp_path, text: str) -> QSettings:
    """A settings file holding text (a new file each time: Qt caches what it read per file)."""
    path = tmp_path / f"settings-{next(_files)}.ini"
    path.write_text(text, encoding="utf-8")
    return QSettings(str(path), QSettings.Format.IniFormat)


def ini_for(tmp_path, values: dict[str, str]) -> QSettings:
    groups: dict[str, list[str]] = {}
    for key, raw in values.items():
        group, name = key.split("/")
        groups.setdefault(group, []).append(f"{name}={raw}")
    return ini(tmp_path, "".join(f"[{g}]\n" + "\n".join(lines) + "\n"
                                 for g, lines in groups.items()))


# ---- the settings file: every key, every garbage value

@pytest.mark.parametrize("key", sorted(DEFAULTS))
def test_garbage_in_every_setting_gives_its_default(tmp_path, key):
    for raw in GARBAGE:
        settings = ini_for(tmp_path, {key: raw})
        value = read_setting(settings, key)
        assert value == DEFAULTS[key] and type(value) is type(DEFAULTS[key]), (key, raw, value)
        assert read_settings(settings) == DEFAULTS


def test_garbage_in_every_setting_at_once(tmp_path):
    for raw in GARBAGE:
        settings = ini_for(tmp_path, {key: raw for key in DEFAULTS})
        assert read_settings(settings) == DEFAULTS, raw


@pytest.mark.parametrize("raw", ["0", "-1", "-0.5", "0.0", "nan", "abc", "1e400"])
def test_a_memory_budget_that_is_not_positive_and_finite_is_the_default_not_the_minimum(
        tmp_path, raw):
    """0 or -1 made every hint "not proven minimal"; abc, nan and 1e400 made every hint fail."""
    assert read_setting(ini_for(tmp_path, {"solver/memory_gb": raw}), "solver/memory_gb") == 2.0


@pytest.mark.parametrize("raw, expected", [("4", 4.0), (" 3.5 ", 3.5), ("0.1", MEMORY_GB_RANGE[0]),
                                           ("1e300", MEMORY_GB_RANGE[1]), ("64", 16.0)])
def test_a_usable_memory_budget_is_kept_within_the_dialogs_range(tmp_path, raw, expected):
    assert read_setting(ini_for(tmp_path, {"solver/memory_gb": raw}), "solver/memory_gb") == expected


@pytest.mark.parametrize("raw, expected", [("true", True), ("false", False), ("TRUE", True),
                                           ("no", False), ("yes", True), ("on", True),
                                           ("off", False), ("1", True), ("0", False),
                                           ("maybe", None), ("2", None), ("", None)])
def test_switches_read_true_and_false_as_text(tmp_path, raw, expected):
    for key in ("view/animate", "view/show_targets", "app/confirm_abandon"):
        for default in (True, False):
            settings = ini_for(tmp_path, {key: raw})
            got = read_setting(settings, key, default)
            assert got is (default if expected is None else expected), (key, raw, default)


def test_values_of_the_wrong_type_written_by_code_give_the_default(tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("solver/memory_gb", [1, 2])
    settings.setValue("view/animation_ms", True)
    settings.setValue("view/animate", 5)
    settings.setValue("app/theme", 7)
    settings.setValue("app/language", ["ja"])
    settings.setValue("game/last_board", 12)
    assert read_settings(settings) == DEFAULTS
    assert read_setting(settings, "game/last_board", "english") == "english"


def test_the_language_setting_goes_through_the_same_reader(tmp_path):
    from pegapp.ui.i18n import settings_language

    for raw in GARBAGE + ["fr"]:
        assert settings_language(ini_for(tmp_path, {"app/language": raw})) is None
    assert settings_language(ini_for(tmp_path, {"app/language": "ja"})) == "ja"


def test_no_window_reads_a_setting_around_the_reader():
    """Every setting is read through read_setting: no direct QSettings.value() outside it."""
    root = Path(settings_dialog.__file__).parents[1]
    offenders = []
    for path in [*sorted((root / "ui").rglob("*.py")), root / "selftest.py"]:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "settings.value(" in line and path.name != "settings_dialog.py":
                offenders.append(f"{path.name}:{n}: {line.strip()}")
    assert offenders == []


def _quiet_settings(tmp_path, extra: str = "") -> QSettings:
    return ini(tmp_path, "[view]\nanimate=false\n[app]\nconfirm_abandon=false\n" + extra)


def test_hint_and_solve_get_a_usable_budget_from_a_bad_setting(qtbot, tmp_path, monkeypatch):
    from pegapp.solvers.pegs import solver as peg_solver
    from pegapp.ui.game_window import GameWindow

    for raw, gb in [("abc", 2.0), ("nan", 2.0), ("1e400", 2.0), ("0", 2.0), ("-1", 2.0),
                    ("4", 4.0)]:
        settings = _quiet_settings(tmp_path, f"[solver]\nmemory_gb={raw}\n")
        window = GameWindow(settings=settings, data_dir=tmp_path / "data", restore=False)
        qtbot.addWidget(window)
        asked = []
        monkeypatch.setattr(window.assistant, "ask",
                            lambda kind, problem, position, solve, apply, **how:
                            asked.append(solve))
        window.answers.request_hint()
        window.answers.request_solve()
        assert len(asked) == 2, raw
        budgets = []
        monkeypatch.setattr(peg_solver, "solve",
                            lambda *a, memory_budget=None, **k: budgets.append(memory_budget))
        for solve in asked:  # staged jobs: progress, stop and interim
            solve(game(window).position, lambda *a: None, lambda: False, lambda answer: None)
        assert budgets == [int(gb * 1024 ** 3)] * 2, raw
        monkeypatch.undo()
        window.close()


def test_puzzle_searches_get_the_settings_budget(qtbot, tmp_path, monkeypatch):
    from pegapp.ui.game_window import GameWindow

    for raw, gb in [("nan", 2.0), ("-1", 2.0), ("1.5", 1.5)]:
        settings = _quiet_settings(tmp_path, f"[solver]\nmemory_gb={raw}\n")
        window = GameWindow("oshidori/k3", {"kinds": 3}, settings=settings,
                              data_dir=tmp_path / "data", restore=False)
        qtbot.addWidget(window)
        monkeypatch.setattr(window.assistant, "ask", lambda *a: None)
        window.answers.request_hint()
        assert window.session.puzzle.memory_gb == gb, raw
        monkeypatch.undo()
        window.close()


def test_a_main_window_starts_with_garbage_in_every_setting(qtbot, tmp_path):
    from pegapp.ui.game_window import GameWindow

    text = "".join(f"[{k.split('/')[0]}]\n{k.split('/')[1]}=@Invalid()\n" for k in DEFAULTS)
    settings = ini(tmp_path, text + "[game]\nlast_board=1, 2\n")
    window = GameWindow(settings=settings, data_dir=tmp_path / "data", restore=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert game(window).board.id == "english"
    assert window.view.animation_ms == DEFAULTS["view/animation_ms"]
    assert not window.grab().isNull()
    window.close()


def test_a_damaged_settings_file_is_reported_and_a_copy_kept(qtbot, tmp_path):
    from pegapp.ui.game_window import GameWindow

    content = b"[view]\nanimate=false\n\x00\xff\xfe garbage \x01\n[[[\n=x\n"
    path = tmp_path / "damaged.ini"
    path.write_bytes(content)
    settings = QSettings(str(path), QSettings.Format.IniFormat)
    assert settings.status() == QSettings.Status.FormatError
    window = GameWindow(settings=settings, data_dir=tmp_path / "data", restore=False)
    qtbot.addWidget(window)
    assert str(path) in window.last_error and "damaged" in window.last_error
    kept = tmp_path / "damaged.ini.corrupt"
    assert str(kept) in window.last_error and kept.read_bytes() == content
    assert window.view.animations_enabled is False  # what could be read is used
    window.close()


def test_a_settings_file_that_cannot_be_read_is_reported_and_left_alone(qtbot, tmp_path):
    from pegapp.ui.game_window import GameWindow

    path = tmp_path / "settings.ini"
    path.mkdir()  # not readable as a file (chmod 000 would not stop root)
    (path / "inside").write_text("kept")
    settings = QSettings(str(path), QSettings.Format.IniFormat)
    window = GameWindow(settings=settings, data_dir=tmp_path / "data", restore=False)
    qtbot.addWidget(window)
    assert str(path) in window.last_error and "cannot be read" in window.last_error
    window.close()
    settings.sync()
    assert (path / "inside").read_text() == "kept"
    assert settings_dialog.settings_file_problem(settings) is None  # told once


# ---- autosaves: unreadable is not damaged; never saved over; a full disk keeps the old one

def _deny_reading(monkeypatch, path: Path, error: OSError | None = None) -> None:
    real = storage.read_regular
    error = error or PermissionError(errno.EACCES, "Permission denied")

    def read_regular(where, limit):
        if Path(where) == path:
            raise error
        return real(where, limit)

    monkeypatch.setattr(storage, "read_regular", read_regular)


def _peg_autosave(data: Path) -> bytes:
    game = Session(PegPuzzle(get_board("english")))
    f, _, t = pegs.legal_jumps(game.puzzle.board, game.state)[0]
    game.push([f, t])
    game.save(data / "autosave.pegapp.json")
    return (data / "autosave.pegapp.json").read_bytes()


def test_an_unreadable_peg_autosave_is_left_in_place_and_not_saved_over(qtbot, tmp_path,
                                                                        monkeypatch):
    from pegapp.ui.game_window import GameWindow

    data = tmp_path / "data"
    data.mkdir()
    before = _peg_autosave(data)
    autosave = data / "autosave.pegapp.json"
    _deny_reading(monkeypatch, autosave)
    window = GameWindow(settings=_quiet_settings(tmp_path), data_dir=data, restore=True)
    qtbot.addWidget(window)
    assert str(autosave) in window.last_error and "Permission denied" in window.last_error
    assert "damaged" not in window.last_error and "left in place" in window.last_error
    assert not list(data.glob("*.corrupt*"))
    assert game(window).jumps == []  # a fresh game
    game(window).push(game(window).legal_jumps()[-1])
    window.close()  # the autosave on quit must not replace the file that could not be read
    monkeypatch.undo()
    assert autosave.read_bytes() == before
    assert Session.load(autosave).steps  # the player's game is still there


def test_an_unreadable_puzzle_autosave_is_left_in_place_and_not_saved_over(qtbot, tmp_path,
                                                                           monkeypatch):
    from pegapp.ui.game_window import GameWindow

    data = tmp_path / "data"
    data.mkdir()
    puzzle = make_puzzle("jugs", {"capacities": [8, 5], "target": 4})
    session = Session(puzzle, {"capacities": [8, 5], "target": 4})
    session.push(puzzle.moves(session.state)[0])
    autosave = data / "autosave-jugs.pegapp.json"
    session.save(autosave)
    before = autosave.read_bytes()
    _deny_reading(monkeypatch, autosave, OSError(errno.EIO, "Input/output error"))
    window = GameWindow("jugs", {"capacities": [8, 5], "target": 4},
                          settings=_quiet_settings(tmp_path), data_dir=data, restore=True)
    qtbot.addWidget(window)
    assert str(autosave) in window.last_error and "Input/output error" in window.last_error
    assert window.session.moves == []
    window.session.push(puzzle.moves(window.session.state)[-1])
    window.close()
    monkeypatch.undo()
    assert autosave.read_bytes() == before
    assert not list(data.glob("*.corrupt*"))


def test_a_damaged_autosave_that_cannot_be_renamed_is_reported_and_kept(qtbot, tmp_path,
                                                                         monkeypatch):
    from pegapp.ui.game_window import GameWindow

    data = tmp_path / "data"
    data.mkdir()
    autosave = data / "autosave.pegapp.json"
    autosave.write_bytes(b'{"format": "pegapp-game", "vers')  # truncated
    before = autosave.read_bytes()

    def replace(src, dst):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(storage.os, "replace", replace)
    window = GameWindow(settings=_quiet_settings(tmp_path), data_dir=data, restore=True)
    qtbot.addWidget(window)
    assert str(autosave) in window.last_error and "damaged" in window.last_error
    assert "could not be renamed (Permission denied)" in window.last_error
    window.close()
    monkeypatch.undo()
    assert autosave.read_bytes() == before


def test_a_truncated_autosave_is_kept_whole_as_corrupt(qtbot, tmp_path):
    from pegapp.ui.game_window import GameWindow

    data = tmp_path / "data"
    data.mkdir()
    whole = _peg_autosave(data)
    autosave = data / "autosave.pegapp.json"
    autosave.write_bytes(whole[: len(whole) // 2])
    window = GameWindow(settings=_quiet_settings(tmp_path), data_dir=data, restore=True)
    qtbot.addWidget(window)
    assert str(autosave) in window.last_error and "not valid JSON" in window.last_error
    assert (data / "autosave.pegapp.json.corrupt").read_bytes() == whole[: len(whole) // 2]
    window.close()
    assert Session.load(autosave).steps == []  # the new game was autosaved in its place


def _disk_full(monkeypatch):
    def fsync(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage.os, "fsync", fsync)


def test_a_full_disk_on_quit_keeps_the_last_autosave(qtbot, tmp_path, monkeypatch):
    from pegapp.ui.game_window import GameWindow

    data = tmp_path / "data"
    data.mkdir()
    before = _peg_autosave(data)
    window = GameWindow(settings=_quiet_settings(tmp_path), data_dir=data, restore=True)
    qtbot.addWidget(window)
    assert game(window).jumps  # restored
    game(window).push(game(window).legal_jumps()[0])
    _disk_full(monkeypatch)
    window.close()
    monkeypatch.undo()
    autosave = data / "autosave.pegapp.json"
    assert str(autosave) in window.last_error and "No space left" in window.last_error
    assert autosave.read_bytes() == before
    assert sorted(p.name for p in data.iterdir() if not p.name.startswith("statistics")) == [
        "autosave.pegapp.json"]


@pytest.mark.parametrize("kind", ["peg", "puzzle"])
def test_a_full_disk_on_save_is_reported_and_keeps_the_last_save(qtbot, tmp_path, monkeypatch,
                                                                 kind):
    if kind == "peg":
        from pegapp.ui.game_window import GameWindow
        window = GameWindow(settings=_quiet_settings(tmp_path), data_dir=tmp_path / "data",
                            restore=False)
    else:
        from pegapp.ui.game_window import GameWindow
        window = GameWindow("flip8/4x4", {}, settings=_quiet_settings(tmp_path),
                              data_dir=tmp_path / "data", restore=False)
    qtbot.addWidget(window)
    path = tmp_path / "mine.pegapp.json"
    assert window.files.save_game(path)
    before = path.read_bytes()
    if kind == "peg":
        game(window).push(game(window).legal_jumps()[0])
    else:
        window.session.push(window.session.puzzle.moves(window.session.state)[0])
    _disk_full(monkeypatch)
    assert window.files.save_game(path) is False
    monkeypatch.undo()
    assert window.last_error == f"{path} could not be written (No space left on device)"
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".json" or "tmp" in p.name) \
        == ["mine.pegapp.json"]
    window.close()


# ---- statistics held by another program, seen from the windows

def _good_stats(path: Path) -> bytes:
    stats, _ = Stats.open(path)
    stats.game_started("pegs/english")
    stats.close()
    return path.read_bytes()


def test_a_window_plays_on_with_locked_statistics_and_says_so_once(qtbot, tmp_path):
    from pegapp.ui.game_window import GameWindow

    data = tmp_path / "data"
    data.mkdir()
    path = data / "statistics.sqlite3"
    before = _good_stats(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        window = GameWindow(settings=_quiet_settings(tmp_path), data_dir=data, restore=False)
        qtbot.addWidget(window)
        assert str(path) in window.last_error and "in use by another program" in window.last_error
        assert "left as it is" in window.last_error
        game(window).push(game(window).legal_jumps()[0])
        window.tracker.hint()
        window.tracker.flush()
        shown = []
        window.show_error = lambda title, text: shown.append(text)
        for _ in range(5):
            window.tracker.hint()
        qtbot.wait(20)
        assert shown == []  # told once, at the start
        assert path.read_bytes() == before
        assert not list(data.glob("*.corrupt*"))
        window.close()
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert path.read_bytes() == before


def test_a_lock_taken_during_play_is_reported_once_through_the_window(qtbot, tmp_path):
    from pegapp.ui.game_window import GameWindow

    data = tmp_path / "data"
    window = GameWindow("flip8/4x4", {}, settings=_quiet_settings(tmp_path), data_dir=data,
                          restore=False)
    qtbot.addWidget(window)
    assert window.last_error == ""
    path = data / "statistics.sqlite3"
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        shown = []
        real = window.show_error
        window.show_error = lambda title, text: (shown.append(text), real(title, text))
        for _ in range(4):
            window.tracker.hint()
        qtbot.waitUntil(lambda: bool(shown), timeout=3000)
        qtbot.wait(20)
        assert len(shown) == 1 and str(path) in shown[0] and "in use" in shown[0]
        from pegapp.ui.stats_window import StatsWindow
        dialog = StatsWindow(window.stats, window)
        qtbot.addWidget(dialog)
        assert dialog.warning_label.isVisibleTo(dialog)
        assert str(path) in dialog.warning_label.text()
    finally:
        other.execute("ROLLBACK")
        other.close()
    window.close()
    assert not list(data.glob("*.corrupt*"))


def test_the_statistics_window_says_why_it_shows_nothing(qtbot, tmp_path):
    from pegapp.ui.stats_window import StatsWindow

    path = tmp_path / "statistics.sqlite3"
    _good_stats(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        stats, warning = Stats.open(path)
        dialog = StatsWindow(stats)
        qtbot.addWidget(dialog)
        assert "in use by another program" in dialog.warning_label.text()
        assert dialog.summary_label.text() == "No statistics can be shown now."
        stats.close()
    finally:
        other.execute("ROLLBACK")
        other.close()


# ---- exports: unwritable targets and full disks keep the previous export

@pytest.fixture
def board_and_moves():
    board = get_board("triangle15")
    game = Session(PegPuzzle(board))
    moves = []
    for _ in range(3):
        j = pegs.legal_jumps(board, game.state)[0]
        game.push([j[0], j[2]])
        moves.append([j[0], j[2]])
    return board, moves


@pytest.mark.parametrize("suffix", [".png", ".svg", ".pdf"])
def test_an_export_over_a_folder_names_the_file_and_reason(qapp, tmp_path, board_and_moves,
                                                           suffix):
    board, moves = board_and_moves
    target = tmp_path / f"sheet{suffix}"
    target.mkdir()
    with pytest.raises(ExportError) as info:
        export_peg_solution(target, board, board.start_position, moves)
    assert str(info.value).startswith(f"{target}: cannot write the file (")
    assert target.is_dir() and list(tmp_path.iterdir()) == [target]


@pytest.mark.parametrize("suffix", [".png", ".svg", ".pdf"])
@pytest.mark.parametrize("where", ["mkstemp", "fsync", "replace"])
def test_a_failed_export_keeps_the_previous_one(qapp, tmp_path, monkeypatch, board_and_moves,
                                                suffix, where):
    board, moves = board_and_moves
    target = tmp_path / f"sheet{suffix}"
    export_peg_solution(target, board, board.start_position, moves[:1])
    before = target.read_bytes()
    assert before
    error = (OSError(errno.ENOSPC, "No space left on device") if where != "replace"
             else PermissionError(errno.EACCES, "Permission denied"))

    def fail(*args, **kwargs):
        raise error

    owner = storage.tempfile if where == "mkstemp" else storage.os
    monkeypatch.setattr(owner, where, fail)
    with pytest.raises(ExportError) as info:
        export_peg_solution(target, board, board.start_position, moves)
    monkeypatch.undo()
    assert str(info.value) == f"{target}: cannot write the file ({error.strerror})"
    assert target.read_bytes() == before
    assert list(tmp_path.iterdir()) == [target]


def test_a_puzzle_export_that_fails_keeps_the_previous_one(qapp, tmp_path, monkeypatch):
    puzzle = make_puzzle("jugs", {"capacities": [8, 5], "target": 4})
    states = [puzzle.initial(), puzzle.apply(puzzle.initial(), puzzle.moves(puzzle.initial())[0])]
    target = tmp_path / "jugs.pdf"
    export_states(target, puzzle, states[:1], ["Start"])
    before = target.read_bytes()
    _disk_full(monkeypatch)
    with pytest.raises(ExportError, match="No space left on device"):
        export_states(target, puzzle, states, ["Start", "1."])
    monkeypatch.undo()
    assert target.read_bytes() == before


def test_the_window_reports_a_failed_export(qtbot, tmp_path, board_and_moves):
    from pegapp.ui.game_window import GameWindow

    board, moves = board_and_moves
    window = GameWindow(settings=_quiet_settings(tmp_path), data_dir=tmp_path / "data",
                        restore=False)
    qtbot.addWidget(window)
    window.new_game(f"pegs/{board.id}", {})
    replay = window.flow.open_replay(window.session.state, moves)
    assert replay.states == peg_positions(board, board.start_position, moves)
    target = tmp_path / "out.png"
    target.mkdir()
    assert window.answers.export_solution(target) == 0
    assert window.last_error.startswith(f"{target}: cannot write the file (")
    assert window.answers.export_solution(tmp_path / "fine.png") == 1
    window.close()


def test_no_temporary_file_is_left_by_any_failed_write(tmp_path, monkeypatch):
    target = tmp_path / "x.json"
    _disk_full(monkeypatch)
    with pytest.raises(OSError):
        storage.write_atomic(target, "{}")
    monkeypatch.undo()
    assert os.listdir(tmp_path) == []
    storage.write_atomic(target, b"\x00\x01")
    assert target.read_bytes() == b"\x00\x01"
