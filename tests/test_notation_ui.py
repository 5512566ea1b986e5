"""Moves a player can read, in the windows (issue #13 point 4; pytest-qt, offscreen): the hint
line in words from a real hint, hole names drawn along the board's edges (a View switch), the
Settings' choice between board coordinates and the articles' numbers that the move list follows,
the stone pairs' destination, the sliding tiles' tooltip and the jugs' numbers."""

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QSettings
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QToolTip

from pegapp.core.board import COORDINATES, NUMBERS, hole_naming, set_hole_naming
from pegapp.ui.game_window import GameWindow


@pytest.fixture(autouse=True)
def _naming_restored():
    before = hole_naming()
    yield
    set_hole_naming(before)


def make_window(qtbot, tmp_path: Path, puzzle_id: str, params: dict | None = None,
                **settings_values) -> GameWindow:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("view/animate", False)
    for key, value in settings_values.items():
        settings.setValue(key.replace("__", "/"), value)
    window = GameWindow(puzzle_id, params or {}, settings=settings, data_dir=tmp_path / "data",
                        restore=False)
    qtbot.addWidget(window)
    window.resize(980, 700)
    window.show()
    qtbot.waitExposed(window)
    return window


def ask_hint(qtbot, window) -> str:
    window.panel.hint_button.click()
    qtbot.waitUntil(lambda: not window.assistant.busy and bool(window.hint_text), timeout=60000)
    return window.panel.hint_label.text()


def moves_shown(window) -> list[str]:
    return [window.panel.move_list.item(i).text() for i in range(window.panel.move_list.count())]


def test_the_hint_says_in_words_which_peg_jumps_where(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path, "pegs/english")
    text = ask_hint(qtbot, window)
    assert text.startswith("Hint: Jump the peg at d6 over d5 to d4"), text
    assert window.view.hint == [4, 16]  # the words name the move the board marks
    window.play_moves([[4, 16]])
    assert moves_shown(window)[-1].endswith("Jump the peg at d6 over d5 to d4")
    # the goal names its hole the same way
    assert "marked hole (d4)." in window.panel.goal_label.text()


def test_edge_labels_are_drawn_and_the_view_menu_switches_them(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path, "pegs/english")
    view = window.view
    items = dict((text, point) for text, point in view.label_items())
    assert set(items) == set("abcdefg") | {str(r) for r in range(1, 8)}
    centre = view.hole_center(16)  # d4
    assert abs(items["d"].x() - centre.x()) < 1 and items["d"].y() > view.hole_center(31).y()
    assert abs(items["4"].y() - centre.y()) < 1 and items["4"].x() < view.hole_center(13).x()
    shown = view.grab().toImage()
    assert view.labels_action.isChecked()
    view.labels_action.trigger()  # View > Show hole names: off
    assert view.label_items() == []
    assert view.grab().toImage() != shown
    assert window.settings.value("view/hole_labels") in (False, "false")  # remembered
    view.labels_action.trigger()
    assert len(view.label_items()) == 14


def test_a_hole_s_tooltip_gives_both_names(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path, "pegs/english")
    view = window.view
    assert view.hole_tooltip(16) == "d4 (hole 16 in the articles' numbering)"
    centre = view.hole_center(30).toPoint()
    view.event(QHelpEvent(QEvent.Type.ToolTip, centre, view.mapToGlobal(centre)))
    assert QToolTip.text() == "c1 (hole 30 in the articles' numbering)"
    QToolTip.hideText()


def test_the_triangle_letters_every_half_step_column(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path, "pegs/triangle15")
    texts = [text for text, _ in window.view.label_items()]
    assert texts == list("abcdefghi") + ["1", "2", "3", "4", "5"]
    items = dict(window.view.label_items())
    assert abs(items["e"].x() - window.view.hole_center(0).x()) < 1  # e5, the apex
    assert ask_hint(qtbot, window).startswith("Hint: Jump the peg at a1 over c1 to e1")


def test_settings_switch_to_the_articles_numbers_and_the_move_list_follows(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path, "pegs/english")
    window.play_moves([[4, 16]])
    assert moves_shown(window)[-1].endswith("Jump the peg at d6 over d5 to d4")
    dialog = window.open_settings()
    dialog.notation_combo.setCurrentIndex(dialog.notation_combo.findData(NUMBERS))
    dialog.accept()
    assert hole_naming() == NUMBERS
    assert window.settings.value("view/notation") == NUMBERS
    assert moves_shown(window)[-1].endswith("Jump the peg at 4 over 9 to 16")
    # the board numbers its holes as the articles do, on the holes themselves
    items = window.view.label_items()
    assert [text for text, _ in items] == [str(h) for h in range(33)]
    assert items[16][1] == window.view.hole_center(16)
    assert ask_hint(qtbot, window).startswith("Hint: Jump the peg at 7 over 8 to 9")
    assert window.view.hint == [7, 9]
    dialog = window.open_settings()
    assert dialog.notation_combo.currentData() == NUMBERS
    dialog.notation_combo.setCurrentIndex(dialog.notation_combo.findData(COORDINATES))
    dialog.accept()
    assert moves_shown(window)[-1].endswith("Jump the peg at d6 over d5 to d4")
    # the copied notation stays the articles' whatever the setting
    assert window.session.puzzle.format_moves(window.session.moves) == "( 4,16)"


def test_a_new_window_starts_with_the_saved_naming(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path, "flip8/4x4", view__notation=NUMBERS)
    assert hole_naming() == NUMBERS
    assert ask_hint(qtbot, window).startswith("Hint: Press button 0")


def test_stone_pairs_show_where_the_lifted_pair_goes(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path, "oshidori/k3")
    view = window.view
    gap = view.cell_rect(6).united(view.cell_rect(7))  # the empty pair at the start
    before = view.grab().toImage().copy(gap.toRect())
    text = ask_hint(qtbot, window)
    assert text.startswith("Hint: Move the pair at 2–3 to the gap at 7–8"), text
    assert tuple(view.shown_move()) == (1, 6)
    after = view.grab().toImage().copy(gap.toRect())
    assert after != before  # the pair's ghost is drawn in the gap
    # the mouse over a stone shows where a click would send its pair
    window.play_moves([tuple(view.hint)])
    view.hover = 3
    move = view.move_for_cell(3)
    assert move is not None and tuple(view.shown_move()) == tuple(move)
    view.hover = None


def test_sliding_tiles_explain_the_darker_tiles(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path, "slide/3x3", {"start": [1, 2, 3, 4, 5, 6, 0, 7, 8]})
    view = window.view
    assert "drawn darker" in view.tile_tooltip(0) and "in place" in view.tile_tooltip(0)
    assert view.tile_tooltip(7) == ("Tile 7 belongs in row 3, column 1 (tiles already in place "
                                    "are drawn darker).")
    assert view.tile_tooltip(6).startswith("The blank")
    assert ask_hint(qtbot, window).startswith("Hint: Slide tile 7 left")
    centre = view.cell_rect(0).center().toPoint()
    event = QHelpEvent(QEvent.Type.ToolTip, centre, view.mapToGlobal(centre))
    view.event(event)
    assert "Tile 1 is in place" in QToolTip.text()
    QToolTip.hideText()


def test_jugs_are_numbered_alike_in_the_window_and_its_words(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path, "jugs", {"capacities": [8, 5], "target": 4})
    assert [window.view.jug_label(i) for i in range(2)] == ["Jug 1", "Jug 2"]
    window.view.fill_buttons[0].click()
    assert moves_shown(window)[-1].endswith("Fill jug 1 (8 L)")
    assert ask_hint(qtbot, window).startswith("Hint: Fill jug 2 (5 L)")
    assert window.view.hint == ("fill", 1)  # the second jug, 1 in the notation


def test_hints_in_words_for_rotation_and_eight_flip(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path, "rotate", {"start": [2, 1, 3, 4, 5, 6, 7, 9, 8]})
    assert ask_hint(qtbot, window).startswith(
        "Hint: Shift the diagonal from the top left down-right: 2 5 8 → 8 2 5")
    window = make_window(qtbot, tmp_path, "flip8/4x4")
    assert ask_hint(qtbot, window).startswith("Hint: Press the button in row 1, column 1")
