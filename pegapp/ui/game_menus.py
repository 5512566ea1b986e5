"""The game window's actions and menus, built once when the window is (the way Qt Designer's
setupUi builds a window's widgets, apart from what they do): one QAction per command, so its key,
its menu entry and its toolbar button are enabled together, with the same keys in every window
(KDE/GNOME conventions, issue #13 point 5). The actions are the window's attributes (hint_action,
undo_action, ...) and call its slots or its parts' (pegapp.ui.game_window); a view's own actions
come beside them (show_view_actions) and never take their keys.

Why construction apart from the window: what the window does with a command (its slots) reads
better without the hundred lines that lay out where each command sits."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from pegapp.puzzles.whole_map import can_map
from pegapp.ui import open_windows
from pegapp.ui.game_analysis import ANALYSIS_SETTING
from pegapp.ui.settings_dialog import read_setting

#: Settings: Ctrl+, on every platform (QKeySequence.Preferences has no key on Linux)
SETTINGS_KEY = "Ctrl+,"


def _tr(text: str) -> str:
    return QCoreApplication.translate("GameMenus", text)


def make_action(window, text: str, slot, shortcut=None, checkable: bool = False,
                checked: bool = False) -> QAction:
    """An action of the window (its key works wherever the window has focus)."""
    a = QAction(text, window)
    if shortcut is not None:
        a.setShortcut(QKeySequence(shortcut))
    a.setCheckable(checkable)
    if checkable:
        a.setChecked(checked)
        a.toggled.connect(slot)
    else:
        a.triggered.connect(slot)
    window.addAction(a)
    return a


def build_actions(window) -> None:
    """Every action and menu of the window: the toolbar's (the panel's own actions, given keys),
    the family-specific ones (shown when they apply), then the menu bar."""
    panel, answers = window.panel, window.answers
    window.hint_action = panel.hint_action
    window.hint_action.setShortcut(QKeySequence("H"))
    window.hint_action.triggered.connect(answers.request_hint)
    window.solve_action = panel.solve_action
    window.solve_action.setShortcut(QKeySequence("Ctrl+Shift+S"))
    window.solve_action.triggered.connect(answers.request_solve)
    panel.cancel_button.clicked.connect(answers.cancel_search)
    panel.undo_action.triggered.connect(window.undo_stack.undo)
    panel.redo_action.triggered.connect(window.undo_stack.redo)
    panel.undo_action.setEnabled(False)
    panel.redo_action.setEnabled(False)
    window.undo_stack.canUndoChanged.connect(panel.undo_action.setEnabled)
    window.undo_stack.canRedoChanged.connect(panel.redo_action.setEnabled)
    window.restart_action = panel.restart_action
    window.restart_action.setShortcut(QKeySequence("Ctrl+R"))
    window.restart_action.triggered.connect(window.restart)
    for a in (window.hint_action, window.solve_action, window.restart_action):
        window.addAction(a)
    # family-specific actions, on the toolbar after the shared ones (shown when they apply)
    window.shuffle_action = make_action(window, _tr("Shu&ffle"), window.starts.shuffle_clicked)
    window.shuffle_action.setToolTip(_tr("A new, solvable start of this puzzle"))
    window.variant_tool_action = make_action(window, _tr("Size…"), window.starts.ask_variant)
    window.draw_action = make_action(window, _tr("&Draw"), window.starts.set_drawing, checkable=True)
    window.draw_action.setToolTip(_tr("Switch single lights to draw a start pattern"))
    window.shuffle_button = panel.add_action(window.shuffle_action)
    window.variant_button = panel.add_action(window.variant_tool_action)
    window.draw_button = panel.add_action(window.draw_action)
    _build_game_menu(window)
    _build_edit_menu(window)
    _build_solver_menu(window)
    window.menuBar().addMenu(window.view_menu)
    window.window_menu = open_windows.add_window_menu(window)
    _build_help_menu(window)


def _build_game_menu(window) -> None:
    action = partial(make_action, window)
    window.game_menu = window.menuBar().addMenu(_tr("&Game"))
    window.new_action = window.panel.new_action
    window.new_action.setShortcut(QKeySequence("Ctrl+N"))
    window.new_action.triggered.connect(window.starts.choose_game)
    window.addAction(window.new_action)
    window.new_board_action = action(_tr("Ne&w board…"), window.open_designer)
    window.variant_action = action(_tr("Other si&ze or setting…"), window.starts.ask_variant)
    window.position_action = action(_tr("&Enter a position…"), window.starts.ask_position)
    window.open_file_action = action(_tr("&Open file…"), window.starts.ask_open_file)
    files = window.files
    window.load_action = action(_tr("&Load game…"), files.ask_load, "Ctrl+O")
    window.save_action = action(_tr("&Save game…"), files.ask_save, "Ctrl+S")
    window.stats_action = action(_tr("S&tatistics…"), window.show_statistics)
    window.train_action = action(_tr("Tr&ain…"), window.training.start)
    window.train_action.setToolTip(_tr(
        "Puzzles near your rating with one right move at every step, each move judged at once"))
    window.leave_train_action = action(_tr("Leave Tra&in"), window.training.leave)
    window.leave_train_action.setVisible(False)
    window.review_action = action(_tr("Re&view game…"), window.show_review)
    window.review_file_action = action(_tr("Review a saved &game…"), window.ask_review_file)
    window.close_action = action(_tr("&Close"), window.close, QKeySequence.StandardKey.Close)
    window.quit_action = action(_tr("&Quit"), open_windows.quit_all, "Ctrl+Q")
    window.view_actions = []
    window.view_buttons = []
    window.analysis_action = action(_tr("&Analysis mode"), window.analysis.set_analysis, "A",
                                    checkable=True,
                                    checked=read_setting(window.settings, ANALYSIS_SETTING, False))
    window.analysis_action.setToolTip(_tr(
        "Mark every legal move with the fewest moves left after it, or a dead end"))
    #: the view's settings (checkable actions with a "setting" key: animate, show targets)
    window.view_menu = QMenu(_tr("&View"), window)
    fill_game_menu(window)


def fill_game_menu(window) -> None:
    """The Game and View menus, with the actions the current view offers after the shared
    ones."""
    menu = window.game_menu
    menu.clear()
    game_actions = [a for a in window.view_actions if not a.property("setting")]
    for a in (window.new_action, window.new_board_action, window.variant_action,
              window.position_action, window.open_file_action, window.shuffle_action,
              window.draw_action, *game_actions, None, window.load_action,
              window.save_action, None, window.restart_action, window.review_action,
              window.review_file_action, window.stats_action, None, window.train_action,
              window.leave_train_action, None,
              window.close_action, window.quit_action):
        menu.addSeparator() if a is None else menu.addAction(a)
    window.view_menu.clear()
    window.view_menu.addAction(window.analysis_action)
    view_settings = [a for a in window.view_actions if a.property("setting")]
    if view_settings:
        window.view_menu.addSeparator()
    for a in view_settings:
        window.view_menu.addAction(a)


def _build_edit_menu(window) -> None:
    edit = window.menuBar().addMenu(_tr("&Edit"))
    window.undo_action = window.undo_stack.createUndoAction(window, _tr("&Undo"))
    window.undo_action.setShortcut(QKeySequence("Ctrl+Z"))
    window.redo_action = window.undo_stack.createRedoAction(window, _tr("&Redo"))
    window.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
    for a in (window.undo_action, window.redo_action):
        edit.addAction(a)
        window.addAction(a)
    edit.addSeparator()
    # QKeySequence.Preferences is empty on Linux: the common Ctrl+, is set here, so the
    # menu shows it and it works in every window
    window.settings_action = make_action(window, _tr("&Settings…"), window.open_settings,
                                         SETTINGS_KEY)
    edit.addAction(window.settings_action)


def _build_solver_menu(window) -> None:
    solver = window.menuBar().addMenu(_tr("&Solver"))
    # the toolbar's own Hint and Solve (see build_actions): disabled, their keys do nothing
    window.cancel_action = make_action(window, _tr("&Cancel search"),
                                       window.answers.cancel_search, "Ctrl+.")
    for a in (window.hint_action, window.solve_action, window.cancel_action):
        solver.addAction(a)
    solver.addSeparator()
    _build_replay_menu(window, solver)
    solver.addSeparator()
    window.map_action = make_action(window, _tr("&Map of every position…"), window.show_map,
                                    "Ctrl+M")
    solver.addAction(window.map_action)
    solver.aboutToShow.connect(lambda: window.map_action.setEnabled(
        window.session is not None and can_map(window.session.puzzle)))


def _build_replay_menu(window, solver: QMenu) -> None:
    """The replay panel's controls as menu entries with keys (the panel's buttons take no
    focus, the keys belonging to the board), so a player without a mouse steps a replay
    too; enabled while a solution is replayed (GameWindow.refresh)."""
    replay = window.panel.replay
    menu = solver.addMenu(_tr("&Replay"))
    # the ending's "Replay the shortest solution" (its button takes no focus either):
    # enabled while the ending offers it (refresh)
    window.replay_best_action = make_action(
        window, _tr("&Replay the shortest solution"), lambda: window.replay_best(),
        "Ctrl+Shift+Home")
    window.replay_best_action.setEnabled(False)
    menu.addAction(window.replay_best_action)
    menu.addSeparator()
    entries = ((_tr("&First step"), replay.first, "Ctrl+Home"),
               (_tr("&Back a step"), replay.back, "Ctrl+Left"),
               (_tr("&Play or pause"), replay.toggle_play, "Ctrl+Space"),
               (_tr("F&orward a step"), replay.forward, "Ctrl+Right"),
               (_tr("&Last step"), replay.last, "Ctrl+End"),
               (_tr("Play from &here"), lambda: replay.playFromHere.emit(replay.step), None),
               (_tr("&Export solution…"), window.answers.ask_export_solution, None),
               (_tr("&Copy solution"), window.answers.copy_solution, None),
               (_tr("Clo&se replay"), replay.close_panel, None))
    window.replay_actions = []
    for text, slot, key in entries:
        action = make_action(window, text, slot, key)
        action.setEnabled(False)
        menu.addAction(action)
        window.replay_actions.append(action)


def _build_help_menu(window) -> None:
    helpmenu = window.menuBar().addMenu(_tr("&Help"))
    window.rules_action = make_action(window, _tr("&Rules…"), window.show_rules,
                                      QKeySequence.StandardKey.HelpContents)
    window.shortcuts_action = make_action(window, _tr("&Keyboard shortcuts…"),
                                          window.show_shortcuts)
    window.about_action = make_action(window, _tr("&About PegApp"), window.show_about)
    for a in (window.rules_action, window.shortcuts_action, window.about_action):
        helpmenu.addAction(a)


def standard_actions(window) -> dict[str, QAction]:
    """The actions every game window has, with the same keys (issue #13 point 5); a view's
    own actions are added beside them."""
    return {"new": window.new_action, "restart": window.restart_action,
            "open": window.load_action, "save": window.save_action,
            "undo": window.undo_action, "redo": window.redo_action,
            "hint": window.hint_action, "solve": window.solve_action,
            "settings": window.settings_action, "quit": window.quit_action}


def _standard_key_clash(action: QAction, standard: dict[str, QAction]) -> bool:
    """Whether a view's action would take a key of the standard actions."""
    taken = {k.toString() for a in standard.values() for k in a.shortcuts()}
    return any(k.toString() in taken for k in action.shortcuts())


def show_view_actions(window, view) -> None:
    """A new view's own actions beside the standard ones (without their keys), its settings
    remembered, those marked "panel" on the toolbar too, and the Game and View menus
    filled again."""
    for a in window.view_actions:
        window.removeAction(a)
        window.panel.remove_action(a)
    window.view_actions = list(view.extra_actions())
    window.view_buttons = []
    for a in window.view_actions:
        window.addAction(a)
        if _standard_key_clash(a, standard_actions(window)):
            a.setShortcut(QKeySequence())  # the standard action keeps its key
        key = a.property("setting")
        if key:  # a view setting the player switches from the View menu: remembered
            a.setChecked(bool(read_setting(window.settings, key)))
            a.toggled.connect(lambda on, key=key: window.settings.setValue(key, on))
        if a.property("panel"):  # also on the toolbar, after the shared actions
            window.view_buttons.append(window.panel.add_action(a))
            if a.isCheckable():
                a.toggled.connect(lambda _on: window.refresh())
    fill_game_menu(window)
