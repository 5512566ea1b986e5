"""The one game window's standard actions and keys (issue #13 point 5), its title, Load checking
the file first (point 8), the replay's counters and hint line (point 2), and a calm panel at the
smallest size (point 3): through the real window, offscreen."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from pegapp.puzzles import registry
from pegapp.ui.game_window import GameWindow
from pegapp.ui.panel import PANEL_WIDTH
from pegapp.ui.settings_dialog import SettingsDialog

#: the standard actions and their keys, the same in every window (KDE/GNOME conventions)
STANDARD = {
    "new": ["Ctrl+N"], "restart": ["Ctrl+R"], "open": ["Ctrl+O"], "save": ["Ctrl+S"],
    "undo": ["Ctrl+Z"], "redo": ["Ctrl+Shift+Z", "Ctrl+Y"], "hint": ["H"],
    "solve": ["Ctrl+Shift+S"], "settings": ["Ctrl+,"], "quit": ["Ctrl+Q"],
}


def keys(action) -> list[str]:
    return [k.toString() for k in action.shortcuts() if not k.isEmpty()]


def menu_actions(window) -> set:
    found = set()
    for top in window.menuBar().actions():
        if top.menu() is not None:
            found |= set(top.menu().actions())
    return found


def every_family_window():
    """The first preset of every family (plug-ins too)."""
    return [(f.key, f.presets[0].puzzle_id, dict(f.presets[0].params))
            for f in registry.families().values() if f.presets]


@pytest.mark.parametrize("key, puzzle_id, params", every_family_window())
def test_every_window_has_the_standard_actions_with_the_same_keys(open_window, key, puzzle_id,
                                                                  params):
    w = open_window(puzzle_id, params)
    actions = w.standard_actions()
    assert {name: keys(a) for name, a in actions.items()} == STANDARD
    in_menus = menu_actions(w)
    for name, a in actions.items():
        assert a in in_menus, name  # the menu shows the action with its key
    # a view's own action never takes a standard key (bulls' "new secret" is no Ctrl+N)
    taken = {k for ks in STANDARD.values() for k in ks}
    standard = set(actions.values())
    for a in set(w.actions()) | in_menus:
        if a not in standard:
            assert not set(keys(a)) & taken, (a.text(), keys(a))
    assert w.new_board_action in in_menus


def test_ctrl_comma_opens_the_settings_and_the_menu_shows_it(qtbot, open_window):
    w = open_window()
    assert w.settings_action.shortcut().toString(QKeySequence.SequenceFormat.NativeText) == "Ctrl+,"
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    qtbot.keyClick(w.view, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    dialog = w.findChild(SettingsDialog)
    assert dialog is not None and dialog.isVisible()
    dialog.reject()


def test_h_asks_for_a_hint_only_when_the_hint_button_would(qtbot, open_window):
    w = open_window("pegs/diamond13")
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    qtbot.keyClick(w.view, Qt.Key.Key_H)
    qtbot.waitUntil(lambda: not w.assistant.busy and bool(w.hint_text), timeout=60000)
    assert "Hint" in w.panel.hint_label.text()
    # the toolbar's button is the action's: both disabled during a replay
    w.panel.solve_button.click()
    qtbot.waitUntil(lambda: w.replaying, timeout=60000)
    assert not w.hint_action.isEnabled() and not w.panel.hint_button.isEnabled()


def test_window_titles_do_not_repeat_the_program_name(open_window):
    w = open_window("pegs/english")
    QApplication.instance().setApplicationDisplayName("PegApp")
    w.refresh()
    assert "PegApp" not in w.windowTitle()  # the platform adds " — PegApp" once
    assert w.windowTitle().endswith("English 33")


@pytest.mark.parametrize("puzzle_id", ["bulls", "mastermind", "pegs/english", "slide/4x4"])
def test_window_titles_name_the_game_once(open_window, puzzle_id):
    """"Bulls and cows: Bulls and cows (4 different digits)" said the game twice."""
    w = open_window(puzzle_id)
    words = w.windowTitle().replace(":", " ").replace("(", " ").split()
    assert len(words) == len(set(words)), w.windowTitle()



def test_replay_counters_follow_the_replay_and_the_hint_line_clears(qtbot, open_window):
    w = open_window("pegs/diamond13")
    w.panel.hint_button.click()
    qtbot.waitUntil(lambda: not w.assistant.busy and bool(w.hint_text), timeout=60000)
    assert w.panel.hint_label.isVisible() and "Hint" in w.panel.hint_label.text()
    w.panel.solve_button.click()
    qtbot.waitUntil(lambda: w.replaying, timeout=60000)
    replay = w.panel.replay
    assert not w.panel.hint_label.isVisible() and "Hint" not in w.panel.hint_label.text()
    assert w.panel.counts_label.text().startswith("Moves: 0")
    replay.forward_button.click()
    replay.forward_button.click()
    assert replay.step == 2
    jumps = sum(len(m) - 1 for m in w.flow.replay.moves[:2])
    assert w.panel.counts_label.text() == f"Moves: 2 · Jumps: {jumps} · Pegs: {12 - jumps}"
    assert "step 2 of 7" in w.panel.status_label.text()
    replay.last_button.click()
    assert w.panel.counts_label.text().startswith("Moves: 7")
    assert w.panel.ending_frame.isHidden()  # the replay's end is no win of the player's
    replay.close_button.click()
    assert not w.replaying
    assert w.panel.counts_label.text().startswith("Moves: 0")
    assert not w.panel.hint_label.isVisible() and w.view.hint is None


def test_load_checks_the_file_before_asking_to_give_up_the_game(qtbot, open_window, tmp_path,
                                                                 monkeypatch):
    w = open_window("pegs/english")
    w.settings.setValue("app/confirm_abandon", True)
    w.play_moves([list(next(iter(w.session.puzzle.moves(w.session.state))))])
    assert w.game_in_progress()
    before = list(w.session.moves)
    bad = tmp_path / "bad.pegapp.json"
    bad.write_text("{ not json", encoding="utf-8")
    asked = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(bad), ""))
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: asked.append(a) or QMessageBox.StandardButton.Yes)
    w.files.ask_load()
    assert asked == []  # never asked to give up the game for a file that cannot be loaded
    assert w.last_error and w.session.moves == before
    box = w.findChild(QMessageBox, "errorBox")
    assert box is not None and box.isVisible()
    box.close()
    # a good file is loaded after the question
    good = tmp_path / "good.pegapp.json"
    other = GameWindow("pegs/diamond13", {}, settings=w.settings, data_dir=tmp_path / "d2",
                       restore=False)
    qtbot.addWidget(other)
    other.files.save_game(good)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(good), ""))
    w.files.ask_load()
    assert len(asked) == 1 and w.session.puzzle.id == "pegs/diamond13"
    other.close()
    json.loads(good.read_text(encoding="utf-8"))  # the good file was a real save


def test_new_board_opens_the_designer(qtbot, open_window, monkeypatch):
    w = open_window()
    calls = []
    fake = types.ModuleType("pegapp.ui.designer")
    fake.open_designer = lambda window, board=None: calls.append(window) or window
    monkeypatch.setitem(sys.modules, "pegapp.ui.designer", fake)
    import pegapp.ui as ui_package
    monkeypatch.setattr(ui_package, "designer", fake, raising=False)
    assert w.new_board_action in menu_actions(w)
    w.new_board_action.trigger()
    assert calls == [w]


@pytest.mark.parametrize("answer", ["table", "search"])
def test_the_empty_move_list_is_one_row_and_the_replay_list_shows_rows_at_the_minimum_size(
        qtbot, open_window, monkeypatch, answer):
    if answer == "search":  # the answer's chart shown too: it must not make the window taller
        from pegapp.puzzles import pegs as peg_family
        from pegapp.solvers.pegs import tablebase
        monkeypatch.setattr(tablebase, "find", lambda *args, **kwargs: None)
        monkeypatch.setattr(peg_family, "catalogue_answer", lambda *args, **kwargs: None)
    w = open_window("pegs/triangle15")
    lst = w.panel.move_list
    assert lst.count() == 0 and lst.sizeHint().height() < 3 * lst.fontMetrics().height()
    w.panel.solve_button.click()
    qtbot.waitUntil(lambda: w.replaying, timeout=60000)
    # a search still running in the background (thinking ahead) shows its progress line and
    # Cancel above the list, 62 px more: measured once the window is idle (a run of the suite
    # under load measured 620 px here, the idle window 558)
    qtbot.waitUntil(lambda: not w.assistant.busy and not w.panel.progress_frame.isVisible(),
                    timeout=60000)
    replay = w.panel.replay
    row = replay.list.fontMetrics().lineSpacing()

    last = []

    def smallest() -> bool:
        """At its minimum, and that minimum settled: the sentence's lines are measured at the
        width the panel has, so while the layout still settles the minimum can be stale (under
        load the window measured 628 px with room left for the chart, the settled one 552)."""
        w.resize(1, 1)  # the window does not go below its minimum
        QApplication.processEvents()
        last.append(w.minimumSize())
        return w.size() == w.minimumSize() and last[-3:] == [w.minimumSize()] * 3

    qtbot.waitUntil(smallest)
    searched = w.panel.search_view.sentence.text().startswith("Searched")
    assert searched == (answer == "search")
    assert w.height() < 600
    assert replay.list.height() >= 6 * row  # a useful number of rows, not one
    # the transport bar and the actions stay below the list, never under it
    bottom = replay.list.geometry().bottom()
    for b in (replay.play_button, replay.play_here_button, replay.close_button):
        assert b.mapTo(replay, b.rect().topLeft()).y() > bottom


def test_a_large_window_widens_the_panel_so_long_lines_wrap_less(qtbot, open_window):
    """Found by an outside trial: at 1600x1000 the panel kept its 290 px and the board took the
    rest, long hint lines wrapping in a narrow column. The smallest and the default window keep
    the panel as it was."""
    w = open_window("pegs/english")
    w.panel.set_hint_text("The goal cannot be reached from this position.\nWhy: position class: "
                          "the pegs left and the goal are in different classes, and a jump "
                          "never changes a position's class.")

    def laid_out(*size) -> tuple[int, int]:
        w.resize(*size)
        QApplication.processEvents()
        return w.panel.width(), w.panel.hint_label.height()

    default_width, default_height = laid_out(980, 700)
    assert default_width == PANEL_WIDTH
    width, height = laid_out(1600, 1000)
    assert 360 <= width <= 480                 # a share of the room, within reason
    assert w.view.width() > 2 * width          # the board keeps most of it
    assert height < default_height             # the hint takes fewer lines
    laid_out(1, 1)
    assert w.size() == w.minimumSize() and w.panel.width() == PANEL_WIDTH


def test_the_status_line_keeps_its_height_so_nothing_below_jumps(qtbot, open_window):
    w = open_window("pegs/english")
    QApplication.processEvents()
    two_lines = w.panel.status_label.text()
    y = w.panel.counts_label.y()
    w.play_moves([list(next(iter(w.session.puzzle.moves(w.session.state))))])
    QApplication.processEvents()
    assert w.panel.status_label.text() != two_lines  # "In play.": one line
    assert w.panel.counts_label.y() == y


def test_the_toolbar_holds_the_game_actions_and_cannot_be_hidden_by_accident(open_window):
    w = open_window("slide/3x3", {"shuffle": 1})
    bar = w.panel.toolbar
    shown = [a for a in bar.actions() if a.isVisible() and not a.isSeparator()]
    assert shown[:6] == [w.new_action, w.restart_action, w.panel.undo_action,
                         w.panel.redo_action, w.hint_action, w.solve_action]
    assert w.shuffle_action in shown  # the family's own, after the shared ones
    assert w.panel.hint_button.text() == "Hint" and w.panel.solve_button.text() == "Solve"
    menu = w.createPopupMenu()
    assert menu is None or menu.isEmpty()


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("key, puzzle_id, params", every_family_window())
def test_no_menu_gives_one_alt_key_to_two_entries(open_window, qapp, language, key, puzzle_id,
                                                  params):
    """Found from outside: Game had two (S) and two (B) entries, View two (A)."""
    import re

    from pegapp.ui import i18n

    i18n.install_translator(qapp, language)
    try:
        w = open_window(puzzle_id, params)
        for top in w.menuBar().actions():
            letters = [m.group(1).lower() for a in top.menu().actions()
                       if (m := re.search(r"&(\w)", a.text()))]
            assert len(letters) == len(set(letters)), (top.menu().title(), letters)
    finally:
        i18n.remove_translators(qapp)


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("key, puzzle_id, params", every_family_window())
def test_every_menu_entry_has_an_alt_key(open_window, qapp, language, key, puzzle_id, params):
    """Found from outside: Shuffle, Draw and Choose start could not be reached with Alt."""
    import re

    from pegapp.ui import i18n

    i18n.install_translator(qapp, language)
    try:
        w = open_window(puzzle_id, params)
        menus = [a.menu() for a in w.menuBar().actions() if a.menu()]
        while menus:
            menu = menus.pop()
            for a in menu.actions():
                if a.menu():
                    menus.append(a.menu())
                assert a.isSeparator() or re.search(r"&\w", a.text()), (menu.title(), a.text())
    finally:
        i18n.remove_translators(qapp)


def test_a_name_typed_without_an_extension_gets_the_chosen_filters(qtbot, open_window, tmp_path,
                                                                    monkeypatch):
    # Qt's own dialog returns the name as typed: "mine" with "PegApp game (*.json)" chosen
    w = open_window("pegs/english")
    w.play_moves([list(next(iter(w.session.puzzle.moves(w.session.state))))])
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(tmp_path / "mine"), "PegApp game (*.json)"))
    w.files.ask_save()
    assert [p.name for p in tmp_path.iterdir() if p.is_file()] == ["mine.json"]
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(tmp_path / "sheet"), "SVG (*.svg)"))
    w.panel.solve_button.click()
    qtbot.waitUntil(lambda: w.panel.replaying, timeout=60000)
    w.answers.ask_export_solution()
    assert (tmp_path / "sheet.svg").is_file() and not w.last_error
    # a name with its own extension is kept as typed
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(tmp_path / "kept.pegapp.json"), "PegApp game (*.json)"))
    w.files.ask_save()
    assert (tmp_path / "kept.pegapp.json").is_file()


def test_a_replay_is_stepped_from_the_keyboard(qtbot, open_window):
    # the replay panel's buttons take no focus: its controls are menu entries with keys
    w = open_window("pegs/english")
    assert not any(a.isEnabled() for a in w.replay_actions)  # nothing to replay yet
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    qtbot.keyClick(w.view, Qt.Key.Key_S,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: w.panel.replaying, timeout=60000)
    replay = w.panel.replay
    assert all(a.isEnabled() for a in w.replay_actions) and replay.step == 0
    control = Qt.KeyboardModifier.ControlModifier
    qtbot.keyClick(w.view, Qt.Key.Key_End, control)
    assert replay.step == replay.length
    qtbot.keyClick(w.view, Qt.Key.Key_Left, control)
    assert replay.step == replay.length - 1
    qtbot.keyClick(w.view, Qt.Key.Key_Home, control)
    qtbot.keyClick(w.view, Qt.Key.Key_Right, control)
    assert replay.step == 1
    close = next(a for a in w.replay_actions if "se replay" in a.text())
    assert close in menu_actions_deep(w)
    close.trigger()
    assert not w.panel.replaying and not any(a.isEnabled() for a in w.replay_actions)


def menu_actions_deep(window) -> set:
    """Every action of the menu bar's menus and their submenus."""
    found, menus = set(), [a.menu() for a in window.menuBar().actions() if a.menu()]
    while menus:
        menu = menus.pop()
        for a in menu.actions():
            found.add(a)
            if a.menu() is not None:
                menus.append(a.menu())
    return found


def test_the_endings_shortest_solution_is_replayed_from_the_keyboard(qtbot, open_window):
    # the ending's buttons take no focus (found by an outside trial: no key replayed the shortest
    # solution after a win): Solver > Replay holds it, with Ctrl+Shift+Home
    w = open_window("oshidori/k3", {"kinds": 3})
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    assert not w.replay_best_action.isEnabled()  # nothing won yet
    assert w.replay_best_action in menu_actions_deep(w)
    moves = w.session.puzzle.solve(w.session.state, lambda *a: None, lambda: False).moves
    w.play_moves(list(moves))
    assert w.session.solved
    qtbot.waitUntil(w.replay_best_action.isEnabled, timeout=20000)
    qtbot.keyClick(w.view, Qt.Key.Key_Home,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert w.panel.replaying and w.panel.replay.step == 0
    assert w.panel.replay.length == len(moves)
    assert not w.replay_best_action.isEnabled()  # while the replay is shown, the ending is not


@pytest.mark.parametrize("language", ["en", "ja"])
def test_toolbar_buttons_show_no_alt_letter(open_window, qapp, language):
    """Found by an outside trial: with Alt letters on Shuffle and Draw, the Japanese toolbar
    said "シャッフル(F)" and "描く(D)" (Qt drops the "&", not the parentheses)."""
    from pegapp.ui import i18n

    i18n.install_translator(qapp, language)
    try:
        for puzzle_id in ("flip8/4x4", "pegs/english"):
            w = open_window(puzzle_id, {})
            texts = [a.iconText() for a in w.panel.toolbar.actions() if not a.isSeparator()]
            import re

            assert texts and not any(re.search(r"\(\w\)|&", t) for t in texts), texts
    finally:
        i18n.remove_translators(qapp)


def test_save_and_load_open_in_the_last_folder_used_else_documents(qtbot, open_window, tmp_path,
                                                                     monkeypatch):
    """Issue #76: the save and load dialogs opened in the folder the program was started from
    (the checkout). They open in the documents folder (else home) at first, then in the folder
    of the last file chosen, for every dialog of the window."""
    from PySide6.QtCore import QStandardPaths

    monkeypatch.chdir(tmp_path)          # the folder the program was started from
    documents = tmp_path / "Documents"
    documents.mkdir()
    monkeypatch.setattr(QStandardPaths, "writableLocation", lambda _kind: str(documents))
    w = open_window("pegs/english")
    asked = []
    chosen = tmp_path / "games" / "mine.pegapp.json"
    chosen.parent.mkdir()

    def save_dialog(_parent, _title, proposed, _filters):
        asked.append(("save", Path(proposed)))
        first = len([a for a in asked if a[0] == "save"]) == 1
        return (str(chosen), "PegApp game (*.json)") if first else ("", "")

    def open_dialog(_parent, _title, folder, _filters):
        asked.append(("open", Path(folder)))
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_dialog)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", open_dialog)
    w.files.ask_load()
    w.files.ask_save()
    assert chosen.is_file()
    w.files.ask_load()
    w.answers.ask_export_solution()
    assert asked[0] == ("open", documents)
    assert asked[1][0] == "save" and asked[1][1].parent == documents
    assert asked[2] == ("open", chosen.parent)
    assert asked[3][0] == "save" and asked[3][1].parent == chosen.parent
