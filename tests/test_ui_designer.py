"""The board designer window, driven like a player: clicks on the grid, the verdict from the
worker, Save into the player's boards folder, and the saved board won with hints in the game."""

import types

import pytest
import shiboken6
from PySide6.QtCore import QEvent, QSettings, Qt
from PySide6.QtGui import QHelpEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QMessageBox, QToolBar

from pegapp.core import player_boards
from pegapp.ui.picker import YOURS
from pegapp.core.board import get_board
from pegapp.puzzles.design import board_fields
from pegapp.puzzles import catalogue
from pegapp.ui import designer as designer_module
from pegapp.ui.designer import open_designer
from pegapp.ui.game_window import GameWindow
from tests.peg_reference import brute_force_distances
from tests.peg_window import game

DIAMOND = [(2, 0), (1, 1), (2, 1), (3, 1), (0, 2), (1, 2), (2, 2), (3, 2), (4, 2), (1, 3), (2, 3),
           (3, 3), (2, 4)]


@pytest.fixture
def window(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("view/animate", False)
    w = GameWindow(settings=settings, data_dir=tmp_path / "data", restore=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.close()


@pytest.fixture
def designer(qtbot, window, monkeypatch):
    d = open_designer(window)
    qtbot.waitExposed(d)
    yield d
    if shiboken6.isValid(d) and not d.isHidden():
        # a board left unsaved is thrown away: the question closing asks is answered here
        monkeypatch.setattr(designer_module.QMessageBox, "question", staticmethod(
            lambda *args, **kwargs: QMessageBox.StandardButton.Discard))
        d.close()


@pytest.fixture
def messages(monkeypatch):
    """Every warning the designer shows, and the answer its questions get (No unless set)."""
    seen = {"warnings": [], "questions": [], "answer": QMessageBox.StandardButton.No}

    def warning(parent, title, text, *args, **kwargs):
        seen["warnings"].append(text)
        return QMessageBox.StandardButton.Ok

    def question(parent, title, text, *args, **kwargs):
        seen["questions"].append(text)
        return seen["answer"]

    monkeypatch.setattr(designer_module.QMessageBox, "warning", staticmethod(warning))
    monkeypatch.setattr(designer_module.QMessageBox, "question", staticmethod(question))
    return seen


def click(qtbot, d, cell, button=Qt.MouseButton.LeftButton):
    qtbot.mouseClick(d.canvas, button, pos=d.canvas.cell_center(cell).toPoint())


def draw_diamond(qtbot, d):
    """The 13-hole diamond by clicks: lattice, 5 x 5 grid, holes, start and finish."""
    d.lattice_box.setCurrentIndex(d.lattice_box.findData("square-diagonal"))
    d.lattice_box.activated.emit(d.lattice_box.currentIndex())
    d.cols_box.setValue(5)
    d.rows_box.setValue(5)
    for cell in DIAMOND:
        click(qtbot, d, cell)
    click(qtbot, d, (2, 2), Qt.MouseButton.RightButton)  # the start's vacancy
    finish = next(b for b in d.mode_group.buttons() if b.property("mode") == "finish")
    finish.click()
    click(qtbot, d, (2, 2))


def test_design_by_clicks_see_the_verdict_save_and_win_it_with_hints(qtbot, window, designer,
                                                                     messages):
    d = designer
    with qtbot.waitSignal(d.verdictReady, timeout=120000) as ready:
        draw_diamond(qtbot, d)
    board = d.current.board
    assert board is not None and board.n == 13 and board.finish == 6 and board.start == {6}
    assert d.counts_label.text() == ("13 holes, 32 jumps\n"
                                     "Symmetries: 4 rotations (with the identity) and 4 reflections")
    assert "do not rule the problem out" in d.classes_label.text()
    # the worker's answer is for the board as it is now (earlier searches were cancelled)
    answer = ready.args[0]
    assert answer.board.jumps == board.jumps and answer.board.start == board.start
    minimum = brute_force_distances(board, board.start_position, 1 << 6)[board.start_position]
    assert minimum == 7 and d.moves_label.text() == "Fewest moves: 7 (proven)"
    # the catalogue's summary against a brute force over one pair of each symmetry class
    pars = []
    for start, finish in catalogue.canonical_pairs(board):
        position = board.full & ~(1 << start)
        distance = brute_force_distances(board, position, 1 << finish).get(position)
        if distance is not None:
            pars.append(distance)
    total = len(catalogue.canonical_pairs(board))
    assert (len(pars), total, min(pars), max(pars)) == (17, 30, 7, 10)
    assert f"{len(pars)} of {total} possible" in d.catalogue_label.text()
    assert f"Par from {min(pars)} to {max(pars)} moves" in d.catalogue_label.text()
    # it is the shipped 13-hole diamond, drawn by hand
    assert (board.coords, board.jumps) == (get_board("diamond13").coords,
                                           get_board("diamond13").jumps)

    d.name_edit.setFocus()
    qtbot.keyClicks(d.name_edit, " (mine)")  # after "My board"
    assert d.id_edit.text() == "my-board-mine"
    d.save_button.click()
    assert messages["warnings"] == [] and messages["questions"] == []
    path = player_boards.board_path(window.data_dir, "my-board-mine")
    assert path.is_file() and "Saved as" in d.status_label.text()

    listed = player_boards.player_boards(window.data_dir)
    assert [p.path for p in listed] == [path]
    saved = listed[0].board
    assert saved.name == "My board (mine)" and saved.id == "my-board-mine"
    assert (saved.coords, saved.jumps, saved.start, saved.finish) == \
        (board.coords, board.jumps, board.start, board.finish)

    # reopened as a player would: New game…, the tile under "Your boards", a double click
    window.panel.new_button.click()
    tiles = window.starts.picker.lists[YOURS]
    assert [tiles.item(i).text() for i in range(tiles.count())] == ["My board (mine)"]
    tile = tiles.visualItemRect(tiles.item(0)).center()
    qtbot.mouseClick(tiles.viewport(), Qt.MouseButton.LeftButton, pos=tile)  # a double click's
    qtbot.mouseDClick(tiles.viewport(), Qt.MouseButton.LeftButton, pos=tile)  # first press
    qtbot.waitUntil(lambda: game(window).board.id == "my-board-mine")
    assert game(window).board.text == path.read_text(encoding="utf-8")
    for _ in range(7):
        window.panel.hint_button.click()
        qtbot.waitUntil(lambda: not window.assistant.busy, timeout=60000)
        for hole in window.view.hint:
            qtbot.mouseClick(window.view, Qt.MouseButton.LeftButton,
                             pos=window.view.hole_center(hole).toPoint())
    assert game(window).status == "solved" and game(window).move_count == 7


def test_a_change_cancels_the_running_search_and_restarts_it(qtbot, designer):
    d = designer
    d.cols_box.setValue(5)
    d.rows_box.setValue(5)
    d.edit(d.design.filled().with_single_start((2, 2)), "fill")  # 25 holes: seconds of catalogue
    d.search_timer.stop()
    d._start_search()
    first = d.runner.tag
    assert d.runner.busy and first is not None
    cancelled, answers = [], []
    d.runner.cancelled.connect(cancelled.append)
    d.verdictReady.connect(answers.append)
    click(qtbot, d, (0, 0))  # a corner less, while the first search runs
    assert cancelled == [first]
    qtbot.waitUntil(lambda: bool(answers), timeout=120000)
    assert [a.board.n for a in answers] == [24]
    assert answers[0].board == d.current.board
    assert d.catalogue_label.text().startswith("Single-vacancy problems")


def test_play_starts_the_design_in_the_game_window(qtbot, window, designer):
    draw_diamond(qtbot, designer)
    designer.play_button.click()
    assert game(window).board.id == "my-board"
    assert game(window).board.n == 13 and game(window).finish == 6


def test_undo_and_redo_inside_the_designer(qtbot, designer):
    d = designer
    for cell in [(0, 0), (1, 0), (2, 0)]:
        click(qtbot, d, cell)
    click(qtbot, d, (0, 0), Qt.MouseButton.RightButton)
    assert d.design.start == {(0, 0)}
    d.undo_action.trigger()
    assert d.design.start == set() and len(d.design.holes) == 3
    d.undo_action.trigger()
    assert d.design.holes == {(0, 0), (1, 0)}
    d.redo_action.trigger()
    d.redo_action.trigger()
    assert d.design.start == {(0, 0)} and len(d.design.holes) == 3
    # the name typed is not undone with the holes
    d.name_edit.setText("")
    qtbot.keyClicks(d.name_edit, "Row")
    d.undo_action.trigger()
    assert d.design.name == "Row" and d.id_edit.text() == "row"
    d.name_edit.setText("十字")  # typed through an input method (QTest types Latin-1 only)
    d.name_edit.textEdited.emit("十字")  # nothing to make a file name of: "row" stays
    assert d.design.name == "十字" and d.id_edit.text() == "row"


def test_bad_input_is_said_and_a_bad_board_never_replaces_a_good_file(qtbot, window, designer,
                                                                      messages):
    d = designer
    d.save_button.click()
    assert "no holes" in messages["warnings"][-1]
    # three holes in a bend: no jump anywhere
    for cell in [(0, 0), (1, 0), (0, 1)]:
        click(qtbot, d, cell)
    click(qtbot, d, (0, 0), Qt.MouseButton.RightButton)
    assert "No jump is possible" in d.problems_label.text() and d.problems_label.isVisible()
    assert not d.play_button.isEnabled()
    # a good file of that name exists: the bad board does not replace it
    path = player_boards.board_path(window.data_dir, "my-board")
    path.parent.mkdir(parents=True)
    good = get_board("diamond13").text
    path.write_text(good, encoding="utf-8")
    d.save_button.click()
    assert "cannot be saved yet" in messages["warnings"][-1]
    assert messages["questions"] == [] and path.read_text(encoding="utf-8") == good
    # a start that leaves no move: said, and still savable and playable
    click(qtbot, d, (0, 1))
    click(qtbot, d, (2, 0))
    click(qtbot, d, (0, 0), Qt.MouseButton.RightButton)
    click(qtbot, d, (1, 0), Qt.MouseButton.RightButton)
    assert d.design.start == {(1, 0)}
    assert "No move is possible from the start" in d.problems_label.text()
    assert d.play_button.isEnabled()
    with qtbot.waitSignal(d.verdictReady, timeout=60000):
        pass
    assert d.moves_label.text().startswith("No solution")


def test_a_clash_asks_before_overwriting_and_shipped_names_are_refused(qtbot, window, designer,
                                                                       messages):
    d = designer
    for cell in [(0, 0), (1, 0), (2, 0)]:
        click(qtbot, d, cell)
    click(qtbot, d, (0, 0), Qt.MouseButton.RightButton)
    path = player_boards.board_path(window.data_dir, "my-board")
    path.parent.mkdir(parents=True)
    path.write_text("old", encoding="utf-8")
    d.save_button.click()
    assert len(messages["questions"]) == 1 and "my-board" in messages["questions"][0]
    assert path.read_text(encoding="utf-8") == "old"
    messages["answer"] = QMessageBox.StandardButton.Yes
    d.save_button.click()
    assert player_boards.player_boards(window.data_dir)[0].board.n == 3
    # saving again to the file it wrote asks nothing more
    d.save_button.click()
    assert len(messages["questions"]) == 2
    d.id_edit.setText("")
    qtbot.keyClicks(d.id_edit, "english")
    d.save_button.click()
    assert "comes with PegApp" in messages["warnings"][-1]
    assert not player_boards.board_path(window.data_dir, "english").exists()
    # a file name that is no file name (a path) is explained as such, as an empty one is; the
    # board itself stays judged playable
    for name in ("../evil", ""):
        d.id_edit.setText("")
        qtbot.keyClicks(d.id_edit, name)
        assert d.current.board is not None and d.current.errors == ()
        d.save_button.click()
        assert messages["warnings"][-1].startswith("Give the board a file name of letters")
    assert not (window.data_dir / "evil.toml").exists()
    assert not (window.data_dir.parent / "evil.toml").exists()


def test_open_a_shipped_board_edit_it_and_more_holes_than_the_solver(qtbot, window, designer,
                                                                     messages, tmp_path):
    d = designer
    assert d.open_path(get_board("english").source)
    assert board_fields(d.current.board)[1:] == board_fields(get_board("english"))[1:]
    assert d.design.lattice == "square" and d.counts_label.text().startswith("33 holes")
    d.cols_box.setValue(8)
    d.rows_box.setValue(8)
    d.edit(d.design.filled(), "fill")
    assert d.current.holes == 64 and "at most 58" in d.problems_label.text()
    assert d.moves_label.text() == "No search: too many holes for the solver."
    d.play_button.click()
    assert game(window).board.n == 64


def test_a_players_board_opened_for_editing_saves_back_without_asking(qtbot, window, messages):
    path = player_boards.board_path(window.data_dir, "row")
    path.parent.mkdir(parents=True)
    path.write_text('name = "Row"\nlayout = """\nooo\n"""\nstart = [0]\n', encoding="utf-8")
    d = open_designer(window, player_boards.player_boards(window.data_dir)[0].board)
    qtbot.addWidget(d)
    assert d.design.name == "Row" and d.id_edit.text() == "row"
    assert (d.design.width, d.design.height) == (3, 3)  # the grid fits the board
    d.move_actions[(1, 0)].trigger()  # room on the left: the grid grows
    assert d.design.holes == {(1, 0), (2, 0), (3, 0)} and d.design.width == 4
    click(qtbot, d, (0, 0))
    d.save_button.click()
    assert messages["questions"] == [] and messages["warnings"] == []
    saved = player_boards.player_boards(window.data_dir)[0].board
    assert saved.n == 4 and saved.name == "Row" and saved.start == {1}  # a hole before it


def test_a_holes_tooltip_names_it_both_ways(qtbot, window, designer, monkeypatch):
    shown = []
    monkeypatch.setattr(designer_module.QToolTip, "showText",
                        staticmethod(lambda pos, text, *a: shown.append(text)))
    designer.open_path(get_board("english").source)
    centre = designer.canvas.cell_center((3, 3)).toPoint()
    designer.canvas.event(QHelpEvent(QEvent.Type.ToolTip, centre,
                                     designer.canvas.mapToGlobal(centre)))
    assert shown == ["d4 (hole 16 in the articles' numbering)"]


def test_choosing_a_problem_from_the_list_makes_it_the_boards_own(qtbot, designer):
    d = designer
    with qtbot.waitSignal(d.verdictReady, timeout=120000) as first:
        d.open_path(get_board("triangle15").source)
    problems = first.args[0].problems
    assert d.problem_list.isVisible()
    assert d.problem_list.count() == sum(1 for p in problems if p.possible) == 12
    item = d.problem_list.item(d.problem_list.count() - 1)  # the longest
    start, finish = item.data(Qt.ItemDataRole.UserRole)
    board = d.current.board
    assert item.text().startswith(f"{board.hole_name(start)} → {board.hole_name(finish)}: ")
    with qtbot.waitSignal(d.verdictReady, timeout=120000) as second:
        d.problem_list.itemClicked.emit(item)
    assert d.current.board.start == {start} and d.current.board.finish == finish
    assert second.args[0].problems is problems  # the catalogue is kept: same holes and jumps
    par = next(p.par for p in problems if (p.start, p.finish) == (start, finish))
    position = d.current.board.start_position
    assert brute_force_distances(d.current.board, position, 1 << finish)[position] == par
    assert d.moves_label.text() == f"Fewest moves: {par} (proven)"
    d.undo_action.trigger()
    assert d.current.board.start == {12} and d.current.board.finish == 12


def toolbar_button(d, action):
    """The tool bar's button of an action, as the player clicks it."""
    for bar in d.findChildren(QToolBar):
        button = bar.widgetForAction(action)
        if button is not None:
            return button
    raise AssertionError(action.text())


def type_into(qtbot, edit, text):
    """Select what the field holds and type text over it, as a player does."""
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClick(edit, Qt.Key.Key_Backspace)
    qtbot.keyClicks(edit, text)


def press(qtbot, d, key):
    """A shortcut typed on the designer's grid, the designer being the active window."""
    d.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is d)
    qtbot.keyClick(d.canvas, key, Qt.KeyboardModifier.ControlModifier)


def test_clear_starts_a_new_board_that_never_replaces_the_saved_one(qtbot, window, designer,
                                                                    messages):
    d = designer
    d.cols_box.setValue(3)
    d.rows_box.setValue(5)
    for row in range(5):
        for col in range(3):
            click(qtbot, d, (col, row))
    click(qtbot, d, (1, 2), Qt.MouseButton.RightButton)
    type_into(qtbot, d.name_edit, "Rect 3x5")
    assert d.id_edit.text() == "rect-3x5"
    d.save_button.click()
    rect = player_boards.board_path(window.data_dir, "rect-3x5")
    saved = rect.read_text(encoding="utf-8")
    assert messages["questions"] == [] and messages["warnings"] == []
    assert player_boards.player_boards(window.data_dir)[0].board.n == 15

    qtbot.mouseClick(toolbar_button(d, d.clear_action), Qt.MouseButton.LeftButton)
    # a new board: a default name, no file attached
    assert (d.name_edit.text(), d.id_edit.text()) == ("My board", "my-board")
    assert d.design.holes == set() and d.saved_path is None
    for cell in [(0, 0), (1, 0), (2, 0), (0, 1)]:
        click(qtbot, d, cell)
    click(qtbot, d, (0, 0), Qt.MouseButton.RightButton)
    d.save_button.click()
    assert messages["questions"] == [] and messages["warnings"] == []
    assert rect.read_text(encoding="utf-8") == saved  # the rectangle is whole
    mine = player_boards.board_path(window.data_dir, "my-board")
    assert parse_n(mine) == 4
    # the name follows it (the file name was not typed): renaming it after the rectangle asks
    type_into(qtbot, d.name_edit, "Rect 3x5")
    d.save_button.click()
    assert len(messages["questions"]) == 1 and "rect-3x5" in messages["questions"][0]
    assert rect.read_text(encoding="utf-8") == saved

    # a second new board takes a name no file has yet
    qtbot.mouseClick(toolbar_button(d, d.clear_action), Qt.MouseButton.LeftButton)
    assert (d.name_edit.text(), d.id_edit.text()) == ("My board 2", "my-board-2")
    # undoing Clear brings back the board, its names and its file: saved again without asking
    d.undo_action.trigger()
    assert (d.name_edit.text(), d.id_edit.text()) == ("Rect 3x5", "rect-3x5")
    assert len(d.design.holes) == 4
    type_into(qtbot, d.name_edit, "Four")
    d.save_button.click()
    assert len(messages["questions"]) == 1
    assert parse_n(player_boards.board_path(window.data_dir, "four")) == 4
    click(qtbot, d, (1, 1))
    d.save_button.click()  # the file being edited: no question
    assert len(messages["questions"]) == 1
    assert parse_n(player_boards.board_path(window.data_dir, "four")) == 5


def test_a_file_changed_elsewhere_is_not_replaced_without_asking(qtbot, window, designer,
                                                                 messages):
    d = designer
    for cell in [(0, 0), (1, 0), (2, 0)]:
        click(qtbot, d, cell)
    click(qtbot, d, (0, 0), Qt.MouseButton.RightButton)
    d.save_button.click()
    path = player_boards.board_path(window.data_dir, "my-board")
    other = get_board("diamond13").text  # another window saved another board there
    path.write_text(other, encoding="utf-8")
    click(qtbot, d, (0, 1))
    d.save_button.click()
    assert len(messages["questions"]) == 1 and "has changed" in messages["questions"][0]
    assert path.read_text(encoding="utf-8") == other
    messages["answer"] = QMessageBox.StandardButton.Yes
    d.save_button.click()
    assert parse_n(path) == 4


def parse_n(path):
    return next(p.board.n for p in player_boards.player_boards(path.parent.parent)
                if p.path == path)


def test_the_standard_keys_save_open_close_and_the_menus_show_them(qtbot, window, designer,
                                                                   messages, monkeypatch):
    d = designer
    keys = {a: a.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            for a in (d.open_action, d.save_action, d.close_action, d.quit_action)}
    assert list(keys.values()) == ["Ctrl+O", "Ctrl+S", "Ctrl+W", "Ctrl+Q"]
    shown = set(d.board_menu.actions()) | set(d.edit_menu.actions())
    assert set(keys) | {d.undo_action, d.redo_action} <= shown
    assert "Ctrl+S" in d.save_button.toolTip() and "Ctrl+O" in d.open_button.toolTip()
    assert "Ctrl+Z" in toolbar_button(d, d.undo_action).toolTip()

    for cell in [(0, 0), (1, 0), (2, 0)]:
        click(qtbot, d, cell)
    click(qtbot, d, (0, 0), Qt.MouseButton.RightButton)
    press(qtbot, d, Qt.Key.Key_S)
    path = player_boards.board_path(window.data_dir, "my-board")
    assert parse_n(path) == 3 and "Saved as" in d.status_label.text()
    assert messages["warnings"] == []

    asked = []
    source = get_board("triangle15").source

    def ask(parent, title, folder, filters, *args, **kwargs):
        asked.append(folder)
        return str(source), filters

    monkeypatch.setattr(designer_module.QFileDialog, "getOpenFileName", staticmethod(ask))
    press(qtbot, d, Qt.Key.Key_O)
    assert asked == [str(player_boards.boards_dir(window.data_dir))]
    assert d.current.board.n == 15 and d.name_edit.text() == get_board("triangle15").name

    with qtbot.waitSignal(d.destroyed):  # closed (and let go of)
        press(qtbot, d, Qt.Key.Key_W)
    assert window.isVisible()  # Close closes the designer only (Ctrl+Q closes every window)


def test_a_shipped_boards_file_name_follows_the_new_name(qtbot, window, designer, messages):
    d = designer
    assert d.open_path(get_board("english").source)
    assert d.id_edit.text() == "english"
    type_into(qtbot, d.name_edit, "My English")
    assert d.id_edit.text() == "my-english"
    d.save_button.click()
    assert messages["warnings"] == [] and messages["questions"] == []
    saved = player_boards.player_boards(window.data_dir)[0]
    assert saved.path.name == "my-english.toml" and saved.board.name == "My English"
    assert saved.board.n == 33
    # a player's own board keeps its file name when renamed
    d.open_path(saved.path)
    type_into(qtbot, d.name_edit, "Cross")
    assert d.id_edit.text() == "my-english"


def test_the_position_class_reason_is_given_once(qtbot, designer):
    d = designer
    d.open_path(get_board("triangle15").source)
    finish = next(b for b in d.mode_group.buttons() if b.property("mode") == "finish")
    finish.click()
    with qtbot.waitSignal(d.verdictReady, timeout=120000) as ready:
        click(qtbot, d, d.design.ordered_holes()[1])  # a neighbour of the vacancy
    assert d.current.possible is False
    assert ready.args[0].solved.status == "unsolvable"
    assert d.classes_label.text().startswith("Impossible by position classes")
    labels = [d.counts_label, d.problems_label, d.classes_label, d.moves_label,
              d.catalogue_label]
    said = "\n".join(label.text() for label in labels if label.isVisible())
    assert said.count("no move changes a position's class") == 1
    assert said.count("Impossible") == 1 and "No solution" not in said
    assert not d.moves_label.isVisible()
    assert d.catalogue_label.text().startswith("Single-vacancy problems")


def test_a_board_the_designer_cannot_draw_opens_with_the_warning(qtbot, window, messages):
    """Opening a board off any lattice (it can be played, not drawn) says why in a warning and
    leaves the designer usable on a new board (it used to raise NameError from the timer)."""
    from pegapp.core.board import parse_board
    off = parse_board("holes = [[0, 0], [1, 0], [2, 0], [0.3, 5]]\njumps = [[0, 1, 2]]\n"
                      'start = [1]\nid = "off"\nname = "Off"\n', default_id="off")
    d = open_designer(window, off)
    qtbot.waitExposed(d)
    qtbot.waitUntil(lambda: len(messages["warnings"]) == 1)
    assert "do not follow a lattice" in messages["warnings"][0]
    assert d.design.board_id != "off"   # a new board, not the one it could not draw
    d.close()


def test_a_design_with_a_shipped_boards_shape_gets_the_catalogues_proven_moves(qtbot, designer,
                                                                            monkeypatch):
    """French 37 drawn in the designer (its own problem, d6 -> d2) said "Fewest moves: 21, not
    proven minimal" after a 20 s search, where the shipped catalogue proves 20 and the game's
    Hint says so at once (found by an outside trial: the designer asked the solver directly,
    past the catalogue every other answer reads). No search may run now."""
    from pegapp.puzzles.design import Design
    from pegapp.solvers.pegs import solver as peg_solver

    def refuse(*args, **kwargs):
        raise AssertionError("a search ran")
    monkeypatch.setattr(peg_solver, "_proof", refuse)
    monkeypatch.setattr(peg_solver, "_quick_line", refuse)
    d = designer
    with qtbot.waitSignal(d.verdictReady, timeout=60000) as ready:
        d.set_design(Design.from_board(get_board("french")))
    answer = ready.args[0]
    assert answer.solved.proven_minimal and len(answer.solved.moves) == 20
    assert d.moves_label.text() == "Fewest moves: 20 (proven)"


def test_closing_with_a_board_not_saved_asks_first(qtbot, window, designer, messages):
    """Found by an outside trial: closing the designer (or quitting) threw away a board drawn
    and never saved. Nothing drawn, or all saved: no question."""
    d = designer
    d.close_action.trigger()
    assert messages["questions"] == [] and d.isHidden()
    d = open_designer(window)
    qtbot.waitExposed(d)
    for cell in [(0, 0), (1, 0), (2, 0)]:
        click(qtbot, d, cell)
    click(qtbot, d, (0, 0), Qt.MouseButton.RightButton)
    messages["answer"] = QMessageBox.StandardButton.Cancel
    d.close_action.trigger()
    assert len(messages["questions"]) == 1 and d.isVisible()      # kept, drawing and all
    messages["answer"] = QMessageBox.StandardButton.Save
    d.close_action.trigger()
    path = player_boards.board_path(window.data_dir, "my-board")
    assert parse_n(path) == 3 and d.isHidden()
    d = open_designer(window)
    qtbot.waitExposed(d)
    click(qtbot, d, (0, 0))
    messages["answer"] = QMessageBox.StandardButton.Discard
    with qtbot.waitSignal(d.destroyed):
        d.close_action.trigger()
    assert len(messages["questions"]) == 3


def test_one_hole_and_one_jump_are_said_in_the_singular(qtbot, designer):
    """Found by an outside trial: "1 holes, 0 jumps", "1 rotations ... and 1 reflections"."""
    from pegapp.ui.design_verdict import counts_text

    d = designer
    click(qtbot, d, (0, 0))
    assert d.counts_label.text().startswith("1 hole, 0 jumps")
    three = types.SimpleNamespace(holes=3, jumps=1, board=object(), symmetries=2, rotations=1,
                                  reflections=1)
    assert counts_text(three) == ("3 holes, 1 jump\n"
                                  "Symmetries: 1 rotation (the identity) and 1 reflection")


def test_a_name_like_a_shipped_boards_gets_a_file_name_of_its_own(qtbot, window, designer,
                                                                   messages):
    """Found by an outside trial: naming a board "English" made its file name "english", a
    shipped board's, and Save refused a field the player never touched."""
    d = designer
    for cell in [(0, 0), (1, 0), (2, 0)]:
        click(qtbot, d, cell)
    click(qtbot, d, (0, 0), Qt.MouseButton.RightButton)
    type_into(qtbot, d.name_edit, "English")
    assert d.id_edit.text() == "english-2"
    d.save_button.click()
    assert messages["warnings"] == []
    assert player_boards.board_path(window.data_dir, "english-2").exists()


def test_right_click_moves_the_empty_hole_and_shift_adds_one(qtbot, designer):
    """Found by a new player: a right click emptied a second hole instead of moving the first."""
    d = designer
    for cell in [(0, 0), (1, 0), (2, 0), (3, 0)]:
        if cell not in d.design.holes:
            click(qtbot, d, cell)
    for cell in list(d.design.start):
        click(qtbot, d, cell, Qt.MouseButton.RightButton)  # a start with no vacancy
    assert d.design.start == set()
    click(qtbot, d, (0, 0), Qt.MouseButton.RightButton)
    assert d.design.start == {(0, 0)}
    click(qtbot, d, (2, 0), Qt.MouseButton.RightButton)
    assert d.design.start == {(2, 0)}  # moved, not a second one
    qtbot.mouseClick(d.canvas, Qt.MouseButton.RightButton, Qt.KeyboardModifier.ShiftModifier,
                     d.canvas.cell_center((3, 0)).toPoint())
    assert d.design.start == {(2, 0), (3, 0)}
    click(qtbot, d, (2, 0), Qt.MouseButton.RightButton)  # of several: fills that one
    assert d.design.start == {(3, 0)}


def test_the_jump_directions_are_explained(qtbot, designer):
    assert designer.directions_note.isVisible()
    note = designer.directions_note.text()
    assert "(columns, rows)" in note and "(0, 1)" in note


def test_one_par_for_every_problem_is_not_a_range_from_it_to_itself():
    """Found by a new player: "Par from 9 to 9 moves"."""
    from types import SimpleNamespace

    from pegapp.ui.design_verdict import catalogue_text

    def answer(*pars):
        return SimpleNamespace(problems=[SimpleNamespace(possible=True, par=p, tags=())
                                         for p in pars])

    assert "Par: 9 moves for every possible problem." in catalogue_text(answer(9, 9))
    assert "Par from" not in catalogue_text(answer(9, 9))
    assert "Par from 7 to 9 moves." in catalogue_text(answer(9, 7))
