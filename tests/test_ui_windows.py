"""No game lost to another window (issue #59): a puzzle chosen while its window is open brings
that window forward; every window keeps a save of its own; the windows open at quit come back
with their games; the Window menu lists them; a file another copy wrote is never written over."""

import json

import pytest
import shiboken6
from PySide6.QtCore import QSettings, Qt

from pegapp.puzzles.session import Session
from pegapp.ui import open_windows
from pegapp.ui.game_window import GameWindow


@pytest.fixture
def settings(tmp_path):
    s = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    s.setValue("view/animate", False)
    s.setValue("app/confirm_abandon", False)
    return s


def first_window(qtbot, tmp_path, settings, restore=False) -> GameWindow:
    """The program's first window, as app.run opens it."""
    w = GameWindow(settings=settings, data_dir=tmp_path / "data", restore=restore)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def choose_in_picker(qtbot, window: GameWindow, search: str) -> None:
    """New game…, type in the search field, Enter: the first game found starts."""
    window.new_action.trigger()
    picker = window.starts.picker
    qtbot.waitExposed(picker)
    qtbot.keyClicks(picker.search, search)
    qtbot.keyClick(picker.search, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not picker.isVisible())


def play(window: GameWindow, count: int) -> None:
    """count moves, none undoing the one before (each a new position)."""
    seen = {window.session.state}
    for _ in range(count):
        puzzle, state = window.session.puzzle, window.session.state
        move = next(m for m in puzzle.moves(state) if puzzle.apply(state, m) not in seen)
        window.play_moves([move])
        seen.add(window.session.state)


def saved_moves(path) -> list:
    return Session.load(path).moves


@pytest.mark.parametrize("search, puzzle_id, moves", [("8-puzzle", "slide/3x3", 2),
                                                       ("8-flip 6x6", "flip8/6x6", 3)])
def test_a_puzzle_chosen_again_brings_its_window_forward_and_its_game_is_saved(
        qtbot, tmp_path, settings, search, puzzle_id, moves):
    """The first lost game: English window, New game… -> 8-puzzle (A), moves; New game… ->
    8-puzzle again opened B over A with a fresh game, and B's autosave replaced A's."""
    main = first_window(qtbot, tmp_path, settings)
    choose_in_picker(qtbot, main, search)
    (a,) = main.windows
    assert a.session.puzzle.id == puzzle_id
    play(a, moves)
    game = list(a.session.moves)
    main.activateWindow()
    choose_in_picker(qtbot, main, search)
    assert main.windows == [a]  # no second window of the puzzle
    assert a.session.moves == game and "open already" in a.panel.hint_label.text()
    main.quit_action.trigger()
    assert saved_moves(a.files.autosave_path) == game
    assert a.files.autosave_path.name == f"autosave-{puzzle_id.replace('/', '-')}.pegapp.json"


def test_a_puzzle_open_but_not_begun_starts_the_choice_in_its_window(qtbot, tmp_path, settings):
    main = first_window(qtbot, tmp_path, settings)
    choose_in_picker(qtbot, main, "8-puzzle")
    (a,) = main.windows
    start = a.session.state
    a.new_game("slide/3x3", {"shuffle": 7})
    assert a.session.state != start
    main.starts.start_chosen_game(("slide", "slide/3x3", {"shuffle": 1}))
    assert main.windows == [a] and a.session.state == start


def test_a_window_for_another_puzzle_opens_beside_the_first_and_says_so(qtbot, tmp_path,
                                                                         settings):
    """The second lost-looking game: the new window lay exactly over the old one, no word."""
    main = first_window(qtbot, tmp_path, settings)
    choose_in_picker(qtbot, main, "8-puzzle")
    (a,) = main.windows
    assert a.pos() != main.pos()
    assert "Window menu" in a.panel.hint_label.text()


def test_two_windows_of_one_puzzle_keep_two_saves(qtbot, tmp_path, settings):
    """A window turned to a puzzle another window shows (Size…, a designer's Play) gets a file of
    its own: whichever closes last, both games are kept."""
    main = first_window(qtbot, tmp_path, settings)
    main.starts.start_chosen_game(("slide", "slide/3x3", {"shuffle": 1}))
    main.starts.start_chosen_game(("flip8", "flip8/4x4", {}))
    a, b = main.windows
    play(a, 2)
    b.new_game("slide/3x3", {"shuffle": 3})  # as Size… 3 x 3 does
    play(b, 1)
    assert a.files.autosave_path != b.files.autosave_path
    games = {a.files.autosave_path: list(a.session.moves), b.files.autosave_path: list(b.session.moves)}
    a.close()
    b.close()
    for path, moves in games.items():
        assert saved_moves(path) == moves


def test_the_windows_open_at_quit_come_back_with_their_games(qtbot, tmp_path, settings):
    main = first_window(qtbot, tmp_path, settings)
    play(main, 1)
    main.starts.start_chosen_game(("slide", "slide/3x3", {"shuffle": 1}))
    main.starts.start_chosen_game(("flip8", "flip8/6x6", {}))
    a, b = main.windows
    play(a, 2)
    play(b, 3)
    games = [list(w.session.moves) for w in (main, a, b)]
    main.quit_action.trigger()
    qtbot.waitUntil(lambda: not any(shiboken6.isValid(w) and w.isVisible() for w in (a, b)))

    again = first_window(qtbot, tmp_path, settings, restore=True)
    reopened = open_windows.reopen_windows(again)
    assert [w.session.puzzle.id for w in reopened] == ["slide/3x3", "flip8/6x6"]
    assert [list(w.session.moves) for w in (again, *reopened)] == games
    # the Window menu lists every open game, this window's checked
    menu = reopened[0].window_menu
    menu.aboutToShow.emit()
    entries = [(a.text(), a.isChecked()) for a in menu.actions()]
    assert [checked for _, checked in entries] == [False, True, False]
    assert entries[1][0] == "&2 " + reopened[0].windowTitle()
    menu.actions()[2].trigger()
    assert open_windows.windows_of(again.data_dir)[2] is reopened[1]

    # a window closed on its own (not at quit) does not come back
    reopened[0].close()
    again.quit_action.trigger()
    third = first_window(qtbot, tmp_path, settings, restore=True)
    assert [w.session.puzzle.id for w in open_windows.reopen_windows(third)] == ["flip8/6x6"]
    third.quit_action.trigger()


def test_a_damaged_window_list_is_reported_and_set_aside(qtbot, tmp_path, settings):
    data = tmp_path / "data"
    data.mkdir()
    (data / open_windows.WINDOWS_FILE).write_text(json.dumps(
        {"format": "pegapp-windows", "version": 1, "windows": [{"file": "../x", "puzzle": "a"}]}))
    main = first_window(qtbot, tmp_path, settings, restore=True)
    assert open_windows.reopen_windows(main) == []
    assert "windows[0]" in main.last_error and str(data / "windows.json") in main.last_error
    assert (data / "windows.json.corrupt").exists()


def test_a_save_another_copy_changed_is_not_written_over(qtbot, tmp_path, settings):
    """Two copies on one data folder that the lock did not keep apart: the file the other wrote
    stays, and this window's game is saved beside it."""
    main = first_window(qtbot, tmp_path, settings, restore=True)
    play(main, 2)
    mine = list(main.session.moves)
    path = main.files.autosave_path
    assert not path.exists()
    theirs = GameWindow("pegs/english", {}, settings=settings, data_dir=tmp_path / "elsewhere",
                        restore=False)
    qtbot.addWidget(theirs)
    play(theirs, 1)
    theirs.session.save(path)  # the other copy quits first
    their_bytes = path.read_bytes()
    main.close()
    assert path.read_bytes() == their_bytes
    assert main.files.autosave_path.name == "autosave-2.pegapp.json"
    assert saved_moves(main.files.autosave_path) == mine
    assert "another copy of PegApp" in main.last_error


@pytest.mark.parametrize("dialog", ["picker", "error", "settings"])
def test_after_a_dialog_the_keys_work_at_once(qtbot, tmp_path, settings, dialog):
    """Found by a new player: after a dialog closed, H did nothing until the board was clicked
    (the window was not active again, its board not focused)."""
    from PySide6.QtWidgets import QApplication

    main = first_window(qtbot, tmp_path, settings)
    if dialog == "picker":
        main.starts.choose_game()
        main.starts.picker.reject()
    elif dialog == "error":
        main.show_error("Title", "Text")
        main._message_box.accept()
    else:
        main.open_settings().reject()
    qtbot.waitUntil(lambda: main.isActiveWindow())
    assert QApplication.focusWidget() is main.view
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_H)
    qtbot.waitUntil(lambda: bool(main.hint_text), timeout=60000)
