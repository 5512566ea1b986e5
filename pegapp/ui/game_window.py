"""GameWindow, the one window of every family (the "midend"): the games it plays, the picker,
moves and their undo, and the display. It is built from rooms of its own: the window's actions
(pegapp.ui.window_base), hints, Solve and the replay (game_solving), analysis mode (game_analysis),
the ending against the par (game_ending), saving and loading (game_files), the variant dialog
(variant_dialog) and the one undo command (move_command)."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import QEvent, QPoint, QSettings, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (QDialog, QHBoxLayout, QInputDialog, QMenu, QWidget)

from pegapp.core.board import is_safe_board_id
from pegapp.core.messages import msg
from pegapp.core.stats import Stats
from pegapp.puzzles import guard, registry
from pegapp.puzzles.analysis import Annotations
from pegapp.puzzles.base import (ANNOTATE, DRAW, POSITION, RANDOM, SHUFFLE,
                                 BadInput, IllegalMove)
from pegapp.puzzles.family import Family
from pegapp.puzzles.session import Session, state_to_json
from pegapp.ui.export import ExportError, copy_notation, export_states, solution_title
from pegapp.ui.file_dialogs import ask_open_path
from pegapp.ui import open_windows
from pegapp.ui.i18n import family_name, plural, translated, translated_sentence
from pegapp.ui.move_command import MoveCommand, move_text
from pegapp.ui.game_analysis import ANALYSIS_SETTING, AnalysisMode
from pegapp.ui.game_ending import EndingAndPar, Par  # noqa: F401 - Par importable from here too
from pegapp.ui.game_files import LAST_GAME_FILE, SaveAndLoad  # noqa: F401 - importable from here too
from pegapp.ui.game_solving import SOLVE_PROOF_SECONDS, SolveFlow  # noqa: F401 - importable from here too
from pegapp.ui.picker import GamePicker
from pegapp.ui.panel import BOARD_STRETCH, PANEL_STRETCH
from pegapp.ui.views import view_for
from pegapp.ui.settings_dialog import (read_setting)
from pegapp.ui.stats_window import StatsWindow
from pegapp.ui.worker import SolverRunner
from pegapp.ui.variant_dialog import VariantDialog
from pegapp.ui.window_base import SETTINGS_KEY, WindowBase  # noqa: F401 - importable from here too


# ---- the one game window ---------------------------------------------------------------------

#: the game the program opens with when there is no last game
DEFAULT_GAME = "pegs/english"
#: the setting holding the first window's puzzle id (named when the first window played only peg
#: boards; a value from then is a board id alone)
LAST_GAME_SETTING = "game/last_board"
#: the family a last-game setting from before the families names
LEGACY_LAST_GAME_FAMILY = "pegs"


def _standard_key_clash(action: QAction, standard: dict[str, QAction]) -> bool:
    """Whether a view's action would take a key of the standard actions."""
    taken = {k.toString() for a in standard.values() for k in a.shortcuts()}
    return any(k.toString() in taken for k in action.shortcuts())


class GameWindow(SaveAndLoad, AnalysisMode, EndingAndPar, SolveFlow, WindowBase):
    """One window for every family: a family gives only its view (PuzzleView) and its text."""

    def __init__(self, puzzle_id: str | None = None, params: dict[str, Any] | None = None,
                 settings: QSettings | None = None, data_dir: str | Path | None = None,
                 restore: bool = True, stats: Stats | None = None,
                 autosave_file: str | None = None):
        """puzzle_id None: the program's first window, which continues the last game (any
        family) or starts the last puzzle played in it. autosave_file: the file in data_dir of a
        window open when the program last quit (open_windows.WINDOWS_FILE), whose game it
        continues, whatever it is."""
        #: the program's first window: it keeps the last game (LAST_GAME_FILE, LAST_GAME_SETTING)
        self.first = puzzle_id is None
        self._puzzle_id = puzzle_id or DEFAULT_GAME
        self.session: Session | None = None
        self.family: Family = registry.family_of(self._puzzle_id)
        self.view = None
        self.replay_states: list[Any] = []
        self.replay_moves: list[Any] = []
        #: the game's steps before the replayed solution's first move
        self.replay_base: list[Any] = []
        self.windows: list[QWidget] = []  # the windows of other families opened from here
        self._entering_history = False   # a loaded game's steps going onto the undo stack
        #: this window's own autosave file while it is open (game_files, open_windows)
        self.autosave_claim, self._claim_base, self._autosave_stamp = None, None, None
        super().__init__(settings, data_dir, stats)
        self.start_autosaving()
        open_windows.register(self)
        if autosave_file is not None:
            self.claim_autosave(self.data_dir / autosave_file, self.autosave_base())
        # analysis mode: its own worker, so a hint or a solve never cancels it (nor it them)
        self.annotations: Annotations | None = None
        self.analysis_error = ""
        self.analysis_cache: dict[tuple, Annotations] = {}
        self.analysis_runner = SolverRunner(self)
        self.analysis_runner.interim.connect(self._on_annotations)
        self.analysis_runner.result.connect(self._on_annotations)
        self.analysis_runner.failed.connect(self._on_analysis_failed)
        #: the replay panel's counts of equally good moves (choices_along), its own worker too
        self.replay_choices: list[int | None] = []
        self._choices_tag: object | None = None
        self.choices_runner = SolverRunner(self)
        self.choices_runner.result.connect(self._on_replay_choices)
        #: the par of the game on the board (the ending compares the player's moves with it)
        self.par: Par | None = None
        self._par_tag: object | None = None
        self.par_runner = SolverRunner(self)
        self.par_runner.result.connect(self._on_par)
        self.par_runner.failed.connect(self._on_par_failed)
        panel = self.panel
        # family-specific actions, on the toolbar after the shared ones (shown when they apply)
        self.shuffle_action = self.make_action(self.tr("Shu&ffle"), self.shuffle_clicked)
        self.shuffle_action.setToolTip(self.tr("A new, solvable start of this puzzle"))
        self.variant_tool_action = self.make_action(self.tr("Size…"), self.ask_variant)
        self.draw_action = self.make_action(self.tr("&Draw"), self.set_drawing, checkable=True)
        self.draw_action.setToolTip(self.tr("Switch single lights to draw a start pattern"))
        self.shuffle_button = panel.add_action(self.shuffle_action)
        self.variant_button = panel.add_action(self.variant_tool_action)
        self.draw_button = panel.add_action(self.draw_action)
        panel.back_to_good_button.clicked.connect(self.back_to_last_good)
        panel.replay_best_button.clicked.connect(self.replay_best)
        panel.review_button.clicked.connect(self.show_review)
        panel.try_again_button.clicked.connect(self.try_again)
        panel.another_button.clicked.connect(self.another_problem)

        self.central = QWidget()
        self.layout_ = QHBoxLayout(self.central)
        self.layout_.setContentsMargins(12, 12, 12, 12)
        self.layout_.setSpacing(14)
        self.layout_.addWidget(panel, PANEL_STRETCH)
        self.setCentralWidget(self.central)
        self._build_actions()
        self.resize(980, 700)

        params = params or {}
        if self.first:
            if not (restore and self.restore_last_game()):
                self.new_game(self._last_puzzle_id(), {})
        elif not ((autosave_file is not None and self.restore_last_game())
                  or (restore and self.restore_autosave(puzzle_id, params))):
            self.new_game(puzzle_id, params)
        self.report_stats_warning()
        self.view.setFocus()

    def _last_puzzle_id(self) -> str:
        """The puzzle last played in the first window, else DEFAULT_GAME. A setting naming no
        puzzle of the collection (a player's board, whose game the autosave carries) falls back
        quietly; one that is no plain name, or a puzzle that cannot be made (a damaged board
        file), is reported once (the new game then replaces the setting)."""
        value = read_setting(self.settings, LAST_GAME_SETTING, DEFAULT_GAME)
        puzzle_id = value if "/" in value else f"{LEGACY_LAST_GAME_FAMILY}/{value}"
        if all(is_safe_board_id(part) for part in puzzle_id.split("/")):
            if registry.preset(puzzle_id) is None:
                return DEFAULT_GAME
            try:
                registry.make_puzzle(puzzle_id, {})
                return puzzle_id
            except (BadInput, ValueError, OSError) as exc:  # BoardError: a damaged board file
                problem = exc
        else:
            problem = BadInput(msg("unknown puzzle {puzzle!r}", puzzle=value))
        self.show_error(self.tr("Cannot open board"), translated(problem) + "\n"
                        + self.tr("A new game starts on the default board instead."))
        return DEFAULT_GAME

    def _build_actions(self) -> None:
        action = self.make_action
        self.game_menu = self.menuBar().addMenu(self.tr("&Game"))
        # the standard actions, the same keys in every window (KDE/GNOME conventions); a view's
        # own actions come beside them and never take these keys
        self.new_action = self.panel.new_action
        self.new_action.setShortcut(QKeySequence("Ctrl+N"))
        self.new_action.triggered.connect(self.choose_game)
        self.addAction(self.new_action)
        self.new_board_action = action(self.tr("Ne&w board…"), self.open_designer)
        self.variant_action = action(self.tr("Other si&ze or setting…"), self.ask_variant)
        self.position_action = action(self.tr("&Enter a position…"), self.ask_position)
        self.open_file_action = action(self.tr("&Open file…"), self.ask_open_file)
        self.load_action = action(self.tr("&Load game…"), self.ask_load, "Ctrl+O")
        self.save_action = action(self.tr("&Save game…"), self.ask_save, "Ctrl+S")
        self.stats_action = action(self.tr("S&tatistics…"), self.show_statistics)
        self.review_action = action(self.tr("Re&view game…"), self.show_review)
        self.review_file_action = action(self.tr("Review a saved &game…"), self.ask_review_file)
        self.close_action = action(self.tr("&Close"), self.close, QKeySequence.StandardKey.Close)
        self.quit_action = action(self.tr("&Quit"), open_windows.quit_all, "Ctrl+Q")
        self.view_actions: list[QAction] = []
        self.view_buttons: list[QWidget] = []
        self.analysis_action = action(self.tr("&Analysis mode"), self.set_analysis, "A",
                                      checkable=True,
                                      checked=read_setting(self.settings, ANALYSIS_SETTING, False))
        self.analysis_action.setToolTip(self.tr(
            "Mark every legal move with the fewest moves left after it, or a dead end"))
        #: the view's settings (checkable actions with a "setting" key: animate, show targets)
        self.view_menu = QMenu(self.tr("&View"), self)
        self._fill_game_menu()
        self.add_edit_menu()
        self.add_solver_menu()
        self.menuBar().addMenu(self.view_menu)
        self.window_menu = open_windows.add_window_menu(self)
        self.add_help_menu()

    def _fill_game_menu(self) -> None:
        """The Game menu, with the actions the current view offers after the shared ones."""
        menu = self.game_menu
        menu.clear()
        game_actions = [a for a in self.view_actions if not a.property("setting")]
        for a in (self.new_action, self.new_board_action, self.variant_action,
                  self.position_action, self.open_file_action, self.shuffle_action,
                  self.draw_action, *game_actions, None, self.load_action,
                  self.save_action, None, self.restart_action, self.review_action, self.review_file_action,
                  self.stats_action, None,
                  self.close_action, self.quit_action):
            menu.addSeparator() if a is None else menu.addAction(a)
        self.view_menu.clear()
        self.view_menu.addAction(self.analysis_action)
        view_settings = [a for a in self.view_actions if a.property("setting")]
        if view_settings:
            self.view_menu.addSeparator()
        for a in view_settings:
            self.view_menu.addAction(a)

    def show_review(self):
        """The game on the board reviewed move by move (pegapp.ui.review_window)."""
        from pegapp.ui.review_window import open_review  # deferred: opened rarely
        self.review_window = open_review(self)
        return self.review_window

    def ask_review_file(self):
        """A saved game chosen in a file dialog, reviewed without loading it."""
        from pegapp.ui.review_window import ask_review_file  # deferred: opened rarely
        self.review_window = ask_review_file(self) or getattr(self, "review_window", None)
        return self.review_window

    def help_family(self) -> str:
        return self.family.key

    def help_puzzle(self) -> tuple[str, dict] | None:
        """The puzzle played here as it starts (no shuffled or chosen start: the rules show the
        puzzle, not this game's position)."""
        if self.session is None:
            return None
        params = {k: v for k, v in self.session.params.items() if k not in ("start", "shuffle")}
        return self.session.puzzle.id, params

    # ---- games

    def new_game(self, puzzle_id: str, params: dict[str, Any]) -> None:
        family = registry.family_of(puzzle_id)
        puzzle = family.make(puzzle_id, params)
        if registry.is_plugin(family) and not self._starts_well(family, puzzle):
            if self.session is None and puzzle_id != DEFAULT_GAME:
                self.new_game(DEFAULT_GAME, {})
            return
        self.set_session(Session(puzzle, params), new=True)

    def _starts_well(self, family: Family, puzzle) -> bool:
        """Whether a plug-in's puzzle gives its start, whether it is solved and its moves there
        (asked behind the command line's boundary, pegapp.puzzles.guard); if not, the family
        and the rule are named in a message and the window keeps its game (issue #72: a plug-in
        whose initial() raised made the window, and so the program at its next start, fail to
        open)."""
        checked = guard.checked(puzzle, family.key)
        try:
            start = checked.initial()
            checked.is_solved(start)
            checked.moves(start)
        except guard.PASSED_ON:
            raise
        except Exception as exc:  # noqa: BLE001 - BrokenFamily, or a family's BadInput
            self.show_error(self.tr("Cannot start %1").replace("%1", family_name(family)),
                            translated(exc))
            return False
        return True

    def new_random_game(self) -> None:
        """A fresh, solvable start of the same puzzle (puzzles without other starts restart)."""
        puzzle = self.session.puzzle
        params = dict(self.session.params)
        seed = random.randrange(1 << 30)
        if SHUFFLE in puzzle.ABILITIES:
            params.pop("start", None)
            params["shuffle"] = seed
        elif RANDOM in puzzle.ABILITIES:
            params["start"] = state_to_json(puzzle.random_reachable(seed))
        self.new_game(puzzle.id, params)

    def set_session(self, session: Session, new: bool = False) -> None:
        """Show a game; new=False for a saved one resumed (statistics count it started once)."""
        puzzle = session.puzzle
        self.family = registry.family_of(puzzle.id)
        self.assistant.cancel()
        if self.panel.replaying:
            self.close_replay()
        # cleared while the session still matches the view: clearing refreshes the window (and
        # tells the tracker of the old game: a won one must not count for the new game)
        self.undo_stack.clear()
        self.assistant.cancel()  # and what the clearing began thinking ahead about, if anything
        self.session = session
        self.tracker.start(self.family.stats_id(puzzle),
                           self.family.stats_variant(puzzle.id, session.params), new=new)
        self.record_catalogue_minimum()
        self.hint_text = ""
        self.panel.search_view.show_record(None)
        if self.first:
            self.settings.setValue(LAST_GAME_SETTING, puzzle.id)
        else:  # this game's own file (the puzzle's, if no other window holds it), listed
            self.autosave_path  # noqa: B018 - claimed now, not when the window closes
            open_windows.remember(self.data_dir)
        if self.view is not None:
            self.layout_.removeWidget(self.view)
            self.view.deleteLater()
        self.view = view_for(puzzle)
        self.view.movesRequested.connect(self.play_moves)
        self.view.newGameRequested.connect(self.start_requested_game)
        self.view.statusChanged.connect(self.refresh)
        failed = getattr(self.view, "viewFailed", None)  # PuzzleView's (pegapp.ui.views.guard)
        if failed is not None:
            failed.connect(self._on_view_failed)
        for a in self.view_actions:
            self.removeAction(a)
            self.panel.remove_action(a)
        self.view_actions = list(self.view.extra_actions())
        self.view_buttons = []
        for a in self.view_actions:
            self.addAction(a)
            if _standard_key_clash(a, self.standard_actions()):
                a.setShortcut(QKeySequence())  # the standard action keeps its key
            key = a.property("setting")
            if key:  # a view setting the player switches from the View menu: remembered
                a.setChecked(bool(read_setting(self.settings, key)))
                a.toggled.connect(lambda on, key=key: self.settings.setValue(key, on))
            if a.property("panel"):  # also on the toolbar, after the shared actions
                self.view_buttons.append(self.panel.add_action(a))
                if a.isCheckable():
                    a.toggled.connect(lambda _on: self.refresh())
        self._fill_game_menu()
        abilities = puzzle.ABILITIES
        self.draw_action.setVisible(DRAW in abilities)
        self.draw_action.blockSignals(True)
        self.draw_action.setChecked(False)
        self.draw_action.blockSignals(False)
        self.variant_tool_action.setVisible(bool(self.family.params) and self.view.offers_sizes)
        self.panel.show_moves(not self.view.shows_history)
        self.variant_action.setEnabled(bool(self.family.params))
        self.shuffle_action.setVisible(SHUFFLE in abilities or RANDOM in abilities)
        self.position_action.setEnabled(POSITION in abilities)
        opens = self.view.file_kind()
        self.open_file_action.setVisible(opens is not None)
        if opens is not None:
            self.open_file_action.setText(opens[0])
        self.layout_.insertWidget(0, self.view, BOARD_STRETCH)
        self.apply_own_settings()
        self.view.set_state(session.state)
        self.view.setFocus()
        self._enter_history(session)
        if session.solved and session.steps:
            self.tracker.solved_before()
        self.analysis_cache.clear()
        self.forget_par()
        if session.solved:  # a won game loaded: its ending compares with the par too
            self.find_par()
        self.analyse()
        self.refresh()
        self.game_changed()

    def _enter_history(self, session: Session) -> None:
        """The steps of a game loaded or continued, on the undo stack as the player made them
        (one command a step, as play_moves pushes), so Undo takes back its moves one by one as
        in the game it was saved from; entered without playing them again, and without the
        history's signal (nothing was played: no win counted, no search made stale)."""
        self._entering_history = True
        try:
            for i, step in enumerate(session.steps):
                self.undo_stack.push(MoveCommand(
                    self, lambda s=session.states[i], m=step: move_text(session.puzzle, s, m),
                    [step], recorded=i))
        finally:
            self._entering_history = False

    def standard_actions(self) -> dict[str, QAction]:
        """The actions every game window has, with the same keys (issue #13 point 5); a view's
        own actions are added beside them."""
        return {"new": self.new_action, "restart": self.restart_action,
                "open": self.load_action, "save": self.save_action, "undo": self.undo_action,
                "redo": self.redo_action, "hint": self.hint_action, "solve": self.solve_action,
                "settings": self.settings_action, "quit": self.quit_action}

    def game_in_progress(self) -> bool:
        session = self.session
        return session is not None and bool(session.moves) and not session.solved

    def restart(self) -> None:
        """Back to the start, undoably; after a win, a new try (see try_again)."""
        if self.session is not None and self.session.solved:
            self.try_again()
            return
        steps = self.session.step_count if self.session is not None else 0
        if steps:
            self.undo_stack.push(MoveCommand(self, self.tr("Restart"), pops=steps))

    def try_again(self) -> None:
        """The same puzzle from its start as a new game: the statistics count the new try and
        its solve (an undoable restart of a won game would bring the win back with Undo, and
        the win would be counted for the new try)."""
        if self.session is not None:
            self.new_game(self.session.puzzle.id, dict(self.session.params))

    def another_problem(self) -> None:
        """The ending's "Another problem…": the view's own problem list when it has one (a peg
        board's catalogue), else the game picker."""
        action = self.view.another_problem() if self.view is not None else None
        if action is not None:
            action.trigger()
        else:
            self.choose_game()

    def shuffle_clicked(self) -> None:
        if self.may_abandon():
            self.new_random_game()

    def ask_variant(self) -> None:
        if not self.family.params:
            return
        values_of = self.family.values_of
        current = values_of(self.session.puzzle) if values_of and self.session else None
        dialog = VariantDialog(self.family, self, current)
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        self.take_focus_back()
        if accepted and self.may_abandon():
            self.new_game(*dialog.choice())

    def ask_position(self) -> None:
        text, ok = QInputDialog.getText(self, self.tr("Enter a position"),
                                        self.view.position_help())
        if ok and text.strip() and self.may_abandon():
            self.enter_position(text)

    def enter_position(self, text: str) -> bool:
        """Start from a typed position; one that cannot be played is refused with the reason."""
        puzzle = self.session.puzzle
        params = {k: v for k, v in self.session.params.items() if k not in ("start", "shuffle")}
        try:
            if POSITION not in puzzle.ABILITIES:
                raise BadInput(self.tr("this puzzle has no other starts"))
            params["start"] = state_to_json(puzzle.parse_state(text))
            self.new_game(puzzle.id, params)
        except (BadInput, ValueError) as exc:
            self.show_error(self.tr("Position refused"), translated(exc))
            return False
        return True

    def ask_open_file(self) -> None:
        opens = self.view.file_kind()
        if opens is None:
            return
        path = ask_open_path(self, opens[0].replace("&", "").rstrip("…"), opens[1])
        if path:
            self.open_file(path, ask=True)

    def open_file(self, path: str | Path, ask: bool = False) -> bool:
        """Start the game of a file the family opens (a player's board); a file that cannot be
        used is refused with the reason and the game is untouched. ask: the player chose the
        file, so a game in progress is given up only after the file proved usable."""
        try:
            puzzle_id, params = self.view.game_from_file(path)
            puzzle = registry.family_of(puzzle_id).make(puzzle_id, params)
        except (BadInput, ValueError, OSError, KeyError) as exc:  # BoardError is a ValueError
            self.show_error(self.tr("Cannot open the file"), translated(exc))
            return False
        if ask and not self.may_abandon():
            return False
        self.set_session(Session(puzzle, params), new=True)
        return True

    def start_requested_game(self, puzzle_id: str, params: dict) -> None:
        """The view asks for another start of its family (a start hole, a mode)."""
        if self.may_abandon():
            self.new_game(puzzle_id, params)
        elif self.session is not None:
            self.view.set_state(self.session.state)

    def set_drawing(self, on: bool) -> None:
        """DRAW puzzles: while drawing, clicks switch single lights; the drawing becomes the
        start. Drawing replaces the game, so a game in progress is asked about first (found by
        an outside trial: Draw, twice, threw away the moves without asking and with no undo)."""
        if on and not self.may_abandon():
            self.draw_action.blockSignals(True)
            self.draw_action.setChecked(False)
            self.draw_action.blockSignals(False)
            return
        self.view.drawing = on
        self.view.interactive = not on
        if not on:
            params = dict(self.session.params, start=state_to_json(self.view.state))
            self.new_game(self.session.puzzle.id, params)
        self.hint_text = self.tr("Click lights to switch them; press Draw again to play.") if on \
            else ""
        self.refresh()

    # ---- the picker: a game of this family plays here, another family opens its own window

    def choose_game(self) -> None:
        picker = GamePicker(self, self.session.puzzle.id if self.session else None)
        picker.setModal(True)
        picker.finished.connect(self.take_focus_back)  # before accepted: a window it opens leads
        picker.accepted.connect(lambda: self.start_chosen_game(picker.chosen()))
        picker.open()
        self.picker = picker

    def start_chosen_game(self, choice: tuple[str, str, dict] | None) -> None:
        """The picker's choice: a puzzle open in another window brings that window forward (its
        game goes on there; one not begun starts the choice); one of this window's family plays
        here; another opens in a window of its own, which says so."""
        if choice is None:
            return
        family, puzzle_id, params = choice
        open_already = open_windows.window_showing(self.data_dir, puzzle_id)
        if open_already is not None and open_already is not self:
            open_windows.bring_forward(open_already)
            if open_already.game_in_progress():
                open_already.hint_text = self.tr(
                    "This puzzle was open already: its game goes on here (Restart or New game "
                    "starts another).")
                open_already.refresh()
            else:
                open_already.new_game(puzzle_id, params)
            return
        if family == self.family.key:
            if self.may_abandon():
                self.new_game(puzzle_id, params)
            return
        window = self.open_window(puzzle_id, params)
        window.move(self.pos() + QPoint(40, 40))  # beside this one, not exactly over it
        window.hint_text = self.tr("A window of its own: your other games stay open (Window "
                                   "menu).")
        window.refresh()

    def open_window(self, puzzle_id: str, params: dict, autosave_file: str | None = None):
        """Another game window on this data folder, shown; it keeps its own game."""
        window = GameWindow(puzzle_id, params, settings=self.settings, data_dir=self.data_dir,
                            restore=True, stats=self.stats, autosave_file=autosave_file)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.windows.append(window)
        window.destroyed.connect(self._forget_closed_windows)
        window.show()
        return window

    def reopen_windows(self) -> list:
        """The first window, at the program's start: the other windows open when it last quit
        (or when the program was killed) come back with their games (open_windows.WINDOWS_FILE).
        A window that cannot come back is named with its reason in one message; the others
        open."""
        entries, problem = open_windows.remembered(self.data_dir)
        problems = [problem] if problem else []
        reopened = []
        for name, puzzle_id, params in entries:
            try:
                reopened.append(self.open_window(puzzle_id, params, autosave_file=name))
            except Exception as exc:  # noqa: BLE001 - the list is data from outside, make a
                # plug-in's: a plug-in gone, a damaged board, params it refuses, a missing one
                open_windows.forget_unbuilt(self.data_dir)
                problems.append(self.not_reopened(name, puzzle_id, exc))
        if problems:
            self.show_error(self.tr("Windows not restored"), "\n".join(problems))
        if reopened:
            open_windows.bring_forward(self)
        return reopened

    def not_reopened(self, name: str, puzzle_id: str, exc: Exception) -> str:
        """Why the window of puzzle_id (its autosave file name) did not come back, in words: a
        KeyError is a setting the puzzle needs that nothing gave (its game was never saved,
        after a kill, and the list was written before it kept settings), never a bare key."""
        try:
            puzzle = f"{family_name(registry.family_of(puzzle_id))} ({puzzle_id})"
        except Exception:  # noqa: BLE001 - its family gone: the id alone names it
            puzzle = puzzle_id
        if isinstance(exc, KeyError):
            key = exc.args[0] if exc.args else ""
            reason = self.tr("its saved game %1 is missing or unusable, and without it the "
                             "puzzle's setting “%2” is not known").replace(
                                 "%1", name).replace("%2", str(key))
        else:
            reason = translated(exc) or type(exc).__name__
        return self.tr("The window of %1 was not opened again: %2.").replace(
            "%1", puzzle).replace("%2", reason)

    def _forget_closed_windows(self) -> None:
        """Drop windows Qt has deleted (closed with WA_DeleteOnClose): touching them would raise."""
        self.windows = [w for w in self.windows if shiboken6.isValid(w)]

    # ---- moves

    def _on_view_failed(self, words: str) -> None:
        """The family's view raised in its drawing or input and is switched off (it says so in
        its place, and the status line until another game): logged once, with its traceback;
        the game, its save and the other windows go on."""
        sys.stderr.write(f"pegapp: {words}\n{getattr(self.view, 'view_failure_trace', '')}")
        self.refresh()

    def play_moves(self, moves: list) -> None:
        """Play moves from the view; an illegal one is explained and nothing is played."""
        puzzle = self.session.puzzle
        state = self.session.state
        try:
            for m in moves:
                state = puzzle.apply(state, m)
        except (IllegalMove, BadInput) as exc:
            # the reason stands alone in the hint line: a sentence ("Jug 1 is empty.")
            self.hint_text = translated_sentence(exc)
            self.refresh()
            return
        if len(moves) > 1:
            self.undo_stack.beginMacro(self.tr("%1 moves").replace("%1", str(len(moves))))
        for m in moves:
            self.undo_stack.push(MoveCommand(
                self, lambda s=self.session.state, m=m: move_text(puzzle, s, m), [m]))
        if len(moves) > 1:
            self.undo_stack.endMacro()

    def show_state(self, move=None) -> None:
        if move is not None:
            self.view.play_move(move, self.session.state)
        else:
            self.view.set_state(self.session.state)

    def _on_history_changed(self, _index: int) -> None:
        if self._entering_history:
            return
        self.game_changed()  # every move, undo, redo and restart reaches the autosave
        # a move makes any search for the previous position stale
        self.assistant.cancel_unless(self.session.state)
        self.hint_text = ""
        self._hint_step = (None, None, 0)  # the graded hint starts again (game_solving)
        if not self.assistant.busy:
            self.panel.search_view.show_record(None)
        self.panel.back_to_good_button.hide()
        if self.session.solved:
            self.tracker.solved(self.session.move_count)
            self.find_par()
        self.analyse()
        self.think_ahead()
        self.refresh()

    # ---- display

    def heading(self) -> str:
        """The game's name over the panel and on an exported sheet: the view's own, else
        "<family> (<title>)"."""
        name, title = family_name(self.family), self.view.title()
        return self.view.heading() or (f"{name} ({title})" if title else name)

    def refresh(self) -> None:
        session = self.session
        if session is None or self.view is None:
            return
        for action in self.replay_actions:
            action.setEnabled(self.panel.replaying)
        panel, view = self.panel, self.view
        name = family_name(self.family)
        title = view.title()
        heading = self.heading()
        # a view's own heading names the game whole ("English 33", "Mastermind (4 pegs, 6
        # colours)"): the family's name before it would say it twice; the platform adds the
        # application's display name ("… — PegApp"), not repeated here either
        self.setWindowTitle(view.heading() or (f"{name}: {title}" if title else name))
        panel.title_label.setText(heading)
        goal = view.goal_text()
        # else the puzzle's own rules, which a view may tell apart within its family (Mastermind
        # is a ruleset of bulls and cows, its rules not theirs): what the picker's tip says
        panel.goal_label.setText(goal if goal is not None else view.description())
        if panel.replaying:
            status = self.tr("Replaying a solution: step %1 of %2.").replace(
                "%1", str(panel.replay.step)).replace("%2", str(panel.replay.length))
        elif getattr(view, "view_failure", None) is not None:  # its own words may fail too
            status = view.failure_text()
        else:
            status = view.status_text(session)
            if status is None and session.solved and session.move_count == 0:
                status = self.tr("Solved already.")
            elif status is None and session.solved:
                status = plural(session.move_count, self.tr("Solved in %1 move!"),
                                self.tr("Solved in %1 moves!")).replace(
                                    "%1", str(session.move_count))
            elif status is None:
                status = self.tr("In play.")
            if not session.solved and session.status != "stuck" and self.known_dead():
                # a hint, Solve or analysis mode proved it here or earlier in the game: the
                # status says so too, not "In play." beside the dead end
                status = self.tr("%1 The goal can no longer be reached.").replace("%1", status)
        panel.status_label.setText(status)
        shown = self.replayed_session() if panel.replaying else session
        counts = view.counts_text(shown)
        panel.counts_label.setText(counts if counts is not None else
                                   self.tr("Moves: %1").replace("%1", str(shown.move_count)))
        panel.set_moves([move_text(session.puzzle, s, m)
                         for s, m in zip(session.states, session.moves)])
        panel.set_hint_text("\n".join(t for t in (self.hint_text, self.analysis_text()) if t))
        # nothing to ask about a won game (the ending offers the shortest solution instead)
        # (offers_answers: an optional part of the view protocol, PuzzleView's default True)
        offers = getattr(view, "offers_answers", None)
        panel.show_search(self.assistant.asking, not panel.replaying and not session.solved
                          and (offers is None or offers()))
        panel.undo_action.setEnabled(self.undo_stack.canUndo())
        panel.redo_action.setEnabled(self.undo_stack.canRedo())
        self.restart_action.setEnabled(bool(session.moves))
        ending = self.ending_text() if session.solved and not panel.replaying else ""
        if not ending and not panel.replaying and self.stuck():
            ending = self.stuck_text()
        can_replay_best = bool(ending) and self.par is not None and bool(self.par.moves)
        panel.set_ending(ending, can_replay_best)
        reviewable = ANNOTATE not in session.puzzle.ABILITIES   # a guessing game has no review
        panel.review_button.setVisible(bool(ending) and reviewable)
        self.review_action.setEnabled(bool(session.moves) and reviewable)
        self.replay_best_action.setEnabled(can_replay_best)
        shortest = self.par is None or self.par.proven
        panel.replay_best_button.setText(
            self.tr("Replay the shortest solution") if shortest
            else self.tr("Replay the best known solution"))
        self.replay_best_action.setText(
            self.tr("&Replay the shortest solution") if shortest
            else self.tr("&Replay the best known solution"))

    # ---- export, the designer, statistics

    def export_solution(self, path: str | Path) -> int:
        """The replayed solution as a sheet of diagrams; the number of pages, 0 on failure."""
        puzzle = self.session.puzzle
        captions = [self.tr("Start")] + [
            f"{k}. {move_text(puzzle, s, m)}"
            for k, (s, m) in enumerate(zip(self.replay_states, self.replay_moves), 1)]
        try:
            title = solution_title(self.heading(), len(self.replay_moves))
            # the notation under the title: the articles' numbering, whatever the hole names
            return export_states(path, puzzle, self.replay_states, captions, title=title,
                                 subtitle=puzzle.format_moves(self.replay_moves),
                                 trails=[None, *self.replay_moves])
        except (ExportError, OSError, ValueError) as exc:
            self.show_error(self.tr("Cannot export"), translated(exc))
            return 0

    def copy_solution(self) -> None:
        copy_notation(self.session.puzzle.format_moves(self.replay_moves))

    def export_name(self) -> str:
        return self.session.puzzle.id.replace("/", "-") if self.session else self.family.key

    def open_designer(self) -> QWidget | None:
        """Game > New board…: the board designer (its own window; its Play starts the board
        here through start_requested_game)."""
        try:
            # imported when asked for: the designer is a window of its own, seldom opened
            from pegapp.ui import designer
        except ModuleNotFoundError as exc:
            if exc.name != "pegapp.ui.designer":
                raise
            self.show_error(self.tr("New board"),
                            self.tr("The board designer is not part of this version yet."))
            return None
        self.designer_window = designer.open_designer(self)
        return self.designer_window

    def show_statistics(self) -> None:
        self.tracker.flush()
        self.stats_window = StatsWindow(self.stats, self)
        self.stats_window.show()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.ActivationChange and self.isActiveWindow():
            open_windows.activated(self)
        super().changeEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.play_time_timer.stop()
        self.autosave()
        open_windows.closed(self)
        self.settings.sync()
        self.analysis_runner.shutdown()
        self.choices_runner.shutdown()
        self.par_runner.shutdown()
        super().closeEvent(event)
