"""What every game window shares: settings, data folder, undo stack, the solver assistant,
statistics, the side panel and the toolbar of its common actions, the menus, messages, the export
dialog and shutdown (the window's actions; GameWindow in pegapp.ui.game_window builds on it).

Subclasses provide _on_history_changed, _on_answer, request_hint, request_solve, restart,
refresh, the replay slots (_on_replay_step, play_from_replay, close_replay) and export_solution."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QUndoStack
from PySide6.QtWidgets import QApplication, QMainWindow, QMessageBox

from pegapp.core.stats import Stats, StatsWarning
from pegapp.core.storage import SaveError, set_aside
from pegapp.core.tracking import PlayTracker
from pegapp.puzzles.whole_map import can_map
from pegapp.ui import help as help_pages
from pegapp.ui.assistant import SolveAssistant
from pegapp.ui.file_dialogs import ask_save_path
from pegapp.ui.i18n import translated
from pegapp.ui.map_view import open_map
from pegapp.ui.panel import GamePanel
from pegapp.ui.search_chart import ask_export_chart
from pegapp.ui.settings_dialog import (SettingsDialog, apply_settings, read_setting, read_settings,
                                       settings_file_problem)
from pegapp.ui.stats_window import warning_text


#: Settings: Ctrl+, on every platform (QKeySequence.Preferences has no key on Linux)
SETTINGS_KEY = "Ctrl+,"


class WindowBase(QMainWindow):
    """What every window shares (the peg and bulls windows use it until they are views of
    GameWindow)."""

    def __init__(self, settings: QSettings | None, data_dir: str | Path | None,
                 stats: Stats | None = None):
        super().__init__()
        self.settings = settings or QSettings()
        if data_dir is None:
            data_dir = QStandardPaths.writableLocation(
                QStandardPaths.StandardLocation.AppDataLocation)
        self.data_dir = Path(data_dir)
        self.last_error = ""
        self.hint_text = ""
        self._message_box: QMessageBox | None = None
        self.stats_warning = None
        #: autosaves that could not be read but may be intact: left in place, never written over
        self.kept_autosaves: set[Path] = set()
        self._closing = False
        self._owns_stats = stats is None
        if stats is None:
            stats, self.stats_warning = Stats.open(self.data_dir / "statistics.sqlite3")
            # the window that opened the statistics tells the player when writing them fails
            stats.listeners.append(self._on_stats_trouble)
        self.stats = stats
        self.tracker = PlayTracker(stats)
        # play time counts only while the program has the player's focus (core.tracking)
        QApplication.instance().applicationStateChanged.connect(self._on_application_state)

        self.undo_stack = QUndoStack(self)
        self.undo_stack.indexChanged.connect(self._on_history_changed)
        self.undo_stack.indexChanged.connect(self._leave_replay_on_history_change)
        self.assistant = SolveAssistant(self)
        self.assistant.answered.connect(self._on_answer)
        self.assistant.failed.connect(self._on_solver_failed)
        self.assistant.busyChanged.connect(self._on_busy_changed)

        panel = self.panel = GamePanel()
        # the toolbar's actions are the window's: one action per command, so its key, its menu
        # entry and its button are enabled together (H during a search does nothing)
        self.hint_action = panel.hint_action
        self.hint_action.setShortcut(QKeySequence("H"))
        self.hint_action.triggered.connect(self.request_hint)
        self.solve_action = panel.solve_action
        self.solve_action.setShortcut(QKeySequence("Ctrl+Shift+S"))
        self.solve_action.triggered.connect(self.request_solve)
        panel.cancel_button.clicked.connect(self.cancel_search)
        panel.undo_action.triggered.connect(self.undo_stack.undo)
        panel.redo_action.triggered.connect(self.undo_stack.redo)
        panel.undo_action.setEnabled(False)
        panel.redo_action.setEnabled(False)
        self.undo_stack.canUndoChanged.connect(panel.undo_action.setEnabled)
        self.undo_stack.canRedoChanged.connect(panel.redo_action.setEnabled)
        self.restart_action = panel.restart_action
        self.restart_action.setShortcut(QKeySequence("Ctrl+R"))
        self.restart_action.triggered.connect(self.restart)
        for a in (self.hint_action, self.solve_action, self.restart_action):
            self.addAction(a)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, panel.toolbar)
        self.assistant.progressText.connect(panel.progress_label.setText)
        # a closed replay's controls (still reachable from code) act on nothing
        panel.replay.stepChanged.connect(
            lambda old, new: self._on_replay_step(old, new) if self.panel.replaying else None)
        panel.replay.playFromHere.connect(
            lambda step: self.play_from_replay(step) if self.panel.replaying else None)
        panel.replay.closed.connect(self.close_replay)
        panel.replay.exportRequested.connect(self.ask_export_solution)
        panel.replay.copyRequested.connect(self.copy_solution)
        # "How it was found": the running search's levels as they complete, then the answer's
        self.assistant.searchGrew.connect(lambda r: panel.search_view.show_record(r, live=True))
        panel.search_view.exportRequested.connect(lambda: ask_export_chart(self))
        self.report_settings_problem()

    # ---- menus

    def make_action(self, text: str, slot, shortcut=None, checkable: bool = False,
                    checked: bool = False) -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            a.setShortcut(QKeySequence(shortcut))
        a.setCheckable(checkable)
        if checkable:
            a.setChecked(checked)
            a.toggled.connect(slot)
        else:
            a.triggered.connect(slot)
        self.addAction(a)
        return a

    def add_edit_menu(self) -> None:
        edit = self.menuBar().addMenu(self.tr("&Edit"))
        self.undo_action = self.undo_stack.createUndoAction(self, self.tr("&Undo"))
        self.undo_action.setShortcut(QKeySequence("Ctrl+Z"))
        self.redo_action = self.undo_stack.createRedoAction(self, self.tr("&Redo"))
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        for a in (self.undo_action, self.redo_action):
            edit.addAction(a)
            self.addAction(a)
        edit.addSeparator()
        # QKeySequence.Preferences is empty on Linux: the common Ctrl+, is set here, so the
        # menu shows it and it works in every window
        self.settings_action = self.make_action(self.tr("&Settings…"), self.open_settings,
                                                SETTINGS_KEY)
        edit.addAction(self.settings_action)

    def add_solver_menu(self) -> None:
        solver = self.menuBar().addMenu(self.tr("&Solver"))
        # the toolbar's own Hint and Solve (see __init__): disabled, their keys do nothing
        self.cancel_action = self.make_action(self.tr("&Cancel search"), self.cancel_search,
                                              "Ctrl+.")
        for a in (self.hint_action, self.solve_action, self.cancel_action):
            solver.addAction(a)
        solver.addSeparator()
        self.add_replay_menu(solver)
        solver.addSeparator()
        self.map_action = self.make_action(self.tr("&Map of every position…"), self.show_map,
                                           "Ctrl+M")
        solver.addAction(self.map_action)
        solver.aboutToShow.connect(lambda: self.map_action.setEnabled(
            self.session is not None and can_map(self.session.puzzle)))

    def show_map(self) -> None:
        """The Map (Ctrl+M), or a line saying why there is none: the key works with the menu
        closed, and only opening the menu disables the entry (found by an outside trial: Ctrl+M
        on English 33 did nothing at all)."""
        if open_map(self) is None and self.session is not None:
            self.hint_text = self.tr("This puzzle has too many positions for a map of them all.")
            self.refresh()

    def add_replay_menu(self, solver) -> None:
        """The replay panel's controls as menu entries with keys (the panel's buttons take no
        focus, the keys belonging to the board), so a player without a mouse steps a replay
        too; enabled while a solution is replayed (refresh)."""
        replay = self.panel.replay
        menu = solver.addMenu(self.tr("&Replay"))
        # the ending's "Replay the shortest solution" (its button takes no focus either):
        # enabled while the ending offers it (refresh)
        self.replay_best_action = self.make_action(
            self.tr("&Replay the shortest solution"), lambda: self.replay_best(),
            "Ctrl+Shift+Home")
        self.replay_best_action.setEnabled(False)
        menu.addAction(self.replay_best_action)
        menu.addSeparator()
        entries = ((self.tr("&First step"), replay.first, "Ctrl+Home"),
                   (self.tr("&Back a step"), replay.back, "Ctrl+Left"),
                   (self.tr("&Play or pause"), replay.toggle_play, "Ctrl+Space"),
                   (self.tr("F&orward a step"), replay.forward, "Ctrl+Right"),
                   (self.tr("&Last step"), replay.last, "Ctrl+End"),
                   (self.tr("Play from &here"), lambda: replay.playFromHere.emit(replay.step),
                    None),
                   (self.tr("&Export solution…"), self.ask_export_solution, None),
                   (self.tr("&Copy solution"), self.copy_solution, None),
                   (self.tr("Clo&se replay"), replay.close_panel, None))
        self.replay_actions = []
        for text, slot, key in entries:
            action = self.make_action(text, slot, key)
            action.setEnabled(False)
            menu.addAction(action)
            self.replay_actions.append(action)

    def add_help_menu(self) -> None:
        helpmenu = self.menuBar().addMenu(self.tr("&Help"))
        self.rules_action = self.make_action(self.tr("&Rules…"), self.show_rules,
                                             QKeySequence.StandardKey.HelpContents)
        self.shortcuts_action = self.make_action(self.tr("&Keyboard shortcuts…"),
                                                 self.show_shortcuts)
        self.about_action = self.make_action(self.tr("&About PegApp"), self.show_about)
        for a in (self.rules_action, self.shortcuts_action, self.about_action):
            helpmenu.addAction(a)

    def _leave_replay_on_history_change(self, _index: int) -> None:
        """Undo, redo or restart while a solution is replayed: the replay was about the old
        position, so it closes and the board shows the game again."""
        if self.panel.replaying:
            self.close_replay()

    # ---- abandoning a game

    def game_in_progress(self) -> bool:
        """Whether replacing the game would lose moves the player made (subclasses say)."""
        return False

    def may_abandon(self) -> bool:
        """Ask before a game in progress is replaced (unless the player turned that off)."""
        if (not self.game_in_progress()
                or not read_setting(self.settings, "app/confirm_abandon")):
            return True
        answer = QMessageBox.question(
            self, self.tr("Abandon this game?"),
            self.tr("The game in progress will be replaced. Start the new one?"))
        return answer == QMessageBox.StandardButton.Yes

    def help_family(self) -> str | None:
        """The rules page to open first: this window's puzzle family."""
        return None

    def help_puzzle(self) -> tuple[str, dict] | None:
        """The puzzle the rules' picture shows (puzzle_id, params): this window's, if any."""
        return None

    def _on_application_state(self, state: Qt.ApplicationState) -> None:
        self.tracker.focus(state == Qt.ApplicationState.ApplicationActive)

    def show_rules(self):
        return help_pages.show_rules(self, self.help_family(), self.help_puzzle())

    def show_shortcuts(self):
        return help_pages.show_shortcuts(self)

    def show_about(self):
        return help_pages.show_about(self)

    # ---- settings

    def open_settings(self) -> SettingsDialog:
        """Non-blocking; OK writes the settings and shows them in every open game window."""
        dialog = SettingsDialog(self.settings, self)
        dialog.accepted.connect(self.apply_settings_everywhere)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.finished.connect(self.take_focus_back)
        dialog.open()
        self.settings_dialog = dialog
        return dialog

    def apply_settings_everywhere(self) -> None:
        """The settings shown in every open window. A closed one is passed over: until Qt
        deletes it (a window closed while its worker thread ends) it is still a top-level
        widget, and its puzzle's family may be gone (a test's toy family)."""
        values = read_settings(self.settings)
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, WindowBase) and widget.isVisible():
                apply_settings(widget, values)

    def apply_own_settings(self) -> None:
        apply_settings(self, read_settings(self.settings))

    # ---- shared behaviour

    def report_stats_warning(self) -> None:
        if self.stats_warning:
            self.show_error(self.tr("Statistics"), warning_text(self.stats_warning))

    def _on_stats_trouble(self, warning: StatsWarning) -> None:
        """The statistics could not be written (another program holds the file, the disk is
        full): play goes on unrecorded; the player is told once (Stats calls this once)."""
        self.stats_warning = warning
        if self._closing:  # no message box while the window closes
            self.last_error = warning_text(warning)
            return
        QTimer.singleShot(0, self, self.report_stats_warning)  # not in the middle of a move

    def report_settings_problem(self) -> None:
        """Say once when the settings file could not be read (the defaults are used)."""
        problem = settings_file_problem(self.settings)
        if problem:
            self.show_error(self.tr("Settings"), problem)

    def show_error(self, title: str, text: str) -> None:
        """Tell the player without blocking (tests and the event loop keep running)."""
        self.last_error = text
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self)
        box.setObjectName("errorBox")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._message_box = box
        box.finished.connect(self.take_focus_back)
        box.open()

    def take_focus_back(self) -> None:
        """A dialog of this window closed: the window active again and its board focused, so its
        keys work at once (found by a new player: after a dialog, H did nothing until the board
        was clicked; without a window manager to give it back, the window stayed inactive)."""
        if self._closing or not self.isVisible():
            return
        self.activateWindow()
        view = getattr(self, "view", None)
        if view is not None:
            view.setFocus()

    def report_unusable_autosave(self, path: Path, exc: SaveError) -> None:
        """Keep an autosave that cannot be restored under a telling name, and say so.

        A file that could not be read at all (permission denied, an I/O error) may well be
        intact: it stays where it is, and this window does not autosave over it."""
        title = self.tr("Saved game not restored")
        if exc.tag is None:
            self.kept_autosaves.add(Path(path))
            self.show_error(title, self.tr("%1\nThe file was left in place; this window will not "
                                           "save over it.").replace("%1", translated(exc)))
            return
        try:
            kept = set_aside(path, exc.tag)
        except OSError as err:  # cannot rename it: it stays, and is not saved over either
            self.kept_autosaves.add(Path(path))
            self.show_error(title, self.tr("%1\nThe file could not be renamed (%2); it was left "
                                           "in place and this window will not save over it.")
                            .replace("%1", translated(exc))
                            .replace("%2", err.strerror or str(err)))
            return
        self.show_error(title, self.tr("%1\nThe file was kept as %2.").replace("%1", translated(exc))
                        .replace("%2", str(kept)))

    def may_autosave(self, path: Path) -> bool:
        """Whether the game may be saved to path when the window closes: not over an autosave
        that could not be read or moved aside this session (it may hold the player's game)."""
        return Path(path) not in self.kept_autosaves

    def _on_busy_changed(self, _value) -> None:
        self.refresh()

    def _on_solver_failed(self, kind: str, message: str) -> None:
        self.hint_text = self.tr("The solver failed: %1").replace("%1", message)
        self.panel.search_view.show_record(None)
        self.refresh()

    def cancel_search(self) -> None:
        self.assistant.cancel()
        self.hint_text = self.tr("Search cancelled.")
        self.panel.search_view.show_record(None)
        self.refresh()

    def export_name(self) -> str:
        return "solution"

    def ask_export_solution(self) -> None:
        path = ask_save_path(self, self.tr("Export solution"),
                             f"{self.export_name()}-solution.pdf",
                             "PDF (*.pdf);;PNG (*.png);;SVG (*.svg)")
        if path:
            self.export_solution(path)

    def copy_solution(self) -> None:
        pass

    def closeEvent(self, event: QCloseEvent) -> None:
        self._closing = True
        self.tracker.flush()
        if self._owns_stats and self._on_stats_trouble in self.stats.listeners:
            self.stats.listeners.remove(self._on_stats_trouble)
        self.assistant.shutdown()
        super().closeEvent(event)
