"""GameWindow, the one window of every family: the games it plays, the picker and the display.
The game's flow (moves and their undo, the graded hint's steps, the questions to the solvers,
Solve's replay, the way back, the par, the autosave policy) is its GameFlow (pegapp.puzzles.flow,
Qt-free, the "midend"), to which it forwards the player's input. It holds its parts, each an
object with its own state that says when the window's words changed:

- the board view (pegapp.ui.views, one per family) and the side panel (pegapp.ui.panel);
- the actions and menus (game_menus, built once);
- `answers`: hints, Solve, the way back and the replay panel (game_solving), asking through the
  solver assistant (pegapp.ui.assistant, a worker thread);
- `analysis`: analysis mode (game_analysis), with a worker of its own;
- `ending`: the ending against the par (game_ending), with a worker of its own;
- `files`: saving, loading and the autosave (game_files); `training`: Train (game_training);
- the undo stack, whose one command mirrors the flow's edits (move_command).

What stays here is what ties them together: starting a game (new, chosen, typed, drawn, from a
file) and showing it (set_session), the moves from the view, the history's changes that every
part follows (_on_history_changed), the window's words (refresh), the window's dialogs and
messages, and closing. Why one class of this length: these are the window's own slots, each a
few lines that call the flow and the parts; cut further they would be functions over the
window's attributes, the same class in pieces."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QSettings, QStandardPaths, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QUndoStack
from PySide6.QtWidgets import (QApplication, QHBoxLayout, QMainWindow,
                               QMessageBox, QWidget)

from pegapp.core.board import is_safe_board_id
from pegapp.core.messages import msg
from pegapp.core.stats import Stats, StatsWarning
from pegapp.core.tracking import PlayTracker
from pegapp.puzzles import guard, registry
from pegapp.puzzles.base import DRAW, POSITION, RANDOM, SHUFFLE, BadInput, IllegalMove
from pegapp.puzzles.family import Family
from pegapp.puzzles.flow import Edit, GameFlow
from pegapp.puzzles.session import Session
from pegapp.ui import help as help_pages
from pegapp.ui import open_windows
from pegapp.ui.assistant import SolveAssistant
from pegapp.ui.game_analysis import AnalysisMode
from pegapp.ui.game_ending import EndingAndPar
from pegapp.ui.game_files import SaveAndLoad
from pegapp.ui.game_menus import build_actions, show_view_actions, standard_actions
from pegapp.ui.game_solving import SolveFlow
from pegapp.ui.game_starts import GameStarts
from pegapp.ui.game_training import TrainingMode
from pegapp.ui.i18n import family_name, plural, translated, translated_sentence
from pegapp.ui.map_view import open_map
from pegapp.ui.move_command import MoveCommand, move_text
from pegapp.ui.panel import BOARD_STRETCH, PANEL_STRETCH, GamePanel
from pegapp.ui.search_chart import ask_export_chart
from pegapp.ui.settings_dialog import (SettingsDialog, apply_settings, read_setting, read_settings,
                                       settings_file_problem)
from pegapp.ui.stats_window import StatsWindow, warning_text
from pegapp.ui.views import view_for


#: the game the program opens with when there is no last game
DEFAULT_GAME = "pegs/english"
#: the setting holding the first window's puzzle id (named when the first window played only peg
#: boards; a value from then is a board id alone)
LAST_GAME_SETTING = "game/last_board"
#: the family a last-game setting from before the families names
LEGACY_LAST_GAME_FAMILY = "pegs"


class GameWindow(QMainWindow):
    """One window for every family: a family gives only its view (PuzzleView) and its text."""

    def __init__(self, puzzle_id: str | None = None, params: dict[str, Any] | None = None,
                 settings: QSettings | None = None, data_dir: str | Path | None = None,
                 restore: bool = True, stats: Stats | None = None,
                 autosave_file: str | None = None):
        """puzzle_id None: the program's first window, which continues the last game (any
        family) or starts the last puzzle played in it. autosave_file: the file in data_dir of a
        window open when the program last quit (open_windows.WINDOWS_FILE), whose game it
        continues, whatever it is."""
        super().__init__()
        #: the program's first window: it keeps the last game (LAST_GAME_FILE, LAST_GAME_SETTING)
        self.first = puzzle_id is None
        self._puzzle_id = puzzle_id or DEFAULT_GAME
        self.family: Family = registry.family_of(self._puzzle_id)
        self.view = None
        self.windows: list[QWidget] = []  # the windows of other families opened from here
        self._entering_history = False   # a loaded game's steps going onto the undo stack
        self.settings = settings or QSettings()
        if data_dir is None:
            data_dir = QStandardPaths.writableLocation(
                QStandardPaths.StandardLocation.AppDataLocation)
        self.data_dir = Path(data_dir)
        self.last_error = ""
        #: the hint line's own words (the analysis' follow them): the parts write it
        self.hint_text = ""
        self._message_box: QMessageBox | None = None
        self.stats_warning = None
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
        self.assistant = SolveAssistant(self)
        self.flow = GameFlow(searcher=self.assistant)  # the game, asking through the assistant
        self.panel = GamePanel()
        self._build_parts()
        if autosave_file is not None:
            self.files.claim_autosave(self.data_dir / autosave_file, self.files.autosave_base())
        self.report_settings_problem()

        self.central = QWidget()
        self.layout_ = QHBoxLayout(self.central)
        self.layout_.setContentsMargins(12, 12, 12, 12)
        self.layout_.setSpacing(14)
        self.layout_.addWidget(self.panel, PANEL_STRETCH)
        self.setCentralWidget(self.central)
        build_actions(self)
        self.resize(980, 700)

        params = params or {}
        files = self.files
        if self.first:
            if not (restore and files.restore_last_game()):
                self.new_game(self._last_puzzle_id(), {})
        elif not ((autosave_file is not None and files.restore_last_game())
                  or (restore and files.restore_autosave(puzzle_id, params))):
            self.new_game(puzzle_id, params)
        self.report_stats_warning()
        self.view.setFocus()

    def _build_parts(self) -> None:
        """The parts, each saying when the window's words changed, and the signals that tie
        them to the undo stack, the assistant and the panel."""
        self.undo_stack.indexChanged.connect(self._on_history_changed)
        self.undo_stack.indexChanged.connect(self._leave_replay_on_history_change)
        self.assistant.busyChanged.connect(lambda _busy: self.refresh())
        self.answers = SolveFlow(self)
        self.analysis = AnalysisMode(self)
        self.ending = EndingAndPar(self)
        self.files = SaveAndLoad(self, self.first, self._puzzle_id)
        self.training = TrainingMode(self)
        self.starts = GameStarts(self)
        for part in (self.answers, self.analysis, self.ending, self.training, self.starts):
            part.changed.connect(self.refresh)
        open_windows.register(self)
        panel = self.panel
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, panel.toolbar)
        self.assistant.progressText.connect(panel.progress_label.setText)
        # "How it was found": the running search's levels as they complete, then the answer's
        self.assistant.searchGrew.connect(lambda r: panel.search_view.show_record(r, live=True))
        panel.search_view.exportRequested.connect(lambda: ask_export_chart(self))
        panel.replay_best_button.clicked.connect(self.replay_best)
        panel.review_button.clicked.connect(self.show_review)
        panel.try_again_button.clicked.connect(self.starts.try_again)
        panel.another_button.clicked.connect(self.starts.another_problem)

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

    @property
    def session(self) -> Session | None:
        """The game on the board: the flow's."""
        return self.flow.session

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

    def set_session(self, session: Session, new: bool = False, training: bool = False) -> None:
        """Show a game; new=False for a saved one resumed (statistics count it started once);
        training: a Train puzzle in the flow (game_training: uncounted, unsaved)."""
        puzzle = session.puzzle
        self.family = registry.family_of(puzzle.id)
        self.assistant.cancel()
        if self.panel.replaying:
            self.answers.close_replay()
        # cleared while the session still matches the view: clearing refreshes the window (and
        # tells the tracker of the old game: a won one must not count for the new game)
        self.undo_stack.clear()
        self.assistant.cancel()  # and what the clearing began thinking ahead about, if anything
        if not training:
            self.training.drop()
            self.flow.load(session)
            self.tracker.start(self.family.stats_id(puzzle),
                               self.family.stats_variant(puzzle.id, session.params), new=new)
        self.ending.record_catalogue_minimum()
        self.hint_text = ""
        self.panel.search_view.show_record(None)
        if self.first:
            self.settings.setValue(LAST_GAME_SETTING, puzzle.id)
        else:  # this game's own file (the puzzle's, if no other window holds it), listed
            self.files.autosave_path  # noqa: B018 - claimed now, not when the window closes
            open_windows.remember(self.data_dir)
        if self.view is not None:
            self.layout_.removeWidget(self.view)
            self.view.deleteLater()
        self.view = view_for(puzzle)
        self.view.movesRequested.connect(self.play_moves)
        self.view.newGameRequested.connect(self.starts.start_requested_game)
        self.view.statusChanged.connect(self.refresh)
        failed = getattr(self.view, "viewFailed", None)  # PuzzleView's (pegapp.ui.views.guard)
        if failed is not None:
            failed.connect(self._on_view_failed)
        show_view_actions(self, self.view)
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
        self.analysis.forget()
        self.ending.forget_par()
        if session.solved:  # a won game loaded: its ending compares with the par too
            self.ending.find_par()
        self.analysis.analyse()
        self.refresh()
        self.files.game_changed()

    def _enter_history(self, session: Session) -> None:
        """The steps of a game loaded or continued, on the undo stack as the player made them
        (one command a step, as play_moves pushes), so Undo takes back its moves one by one as
        in the game it was saved from; entered without playing them again, and without the
        history's signal (nothing was played: no win counted, no search made stale)."""
        self._entering_history = True
        try:
            for edit in self.flow.history:
                self.mirror(edit, self.move_words(edit))
        finally:
            self._entering_history = False

    def mirror(self, edit: Edit, text) -> None:
        """An edit the flow has done, on the undo stack (text: the Edit menu's words for it, or
        a function giving them), so the Edit menu undoes and redoes it."""
        self.undo_stack.push(MoveCommand(self, text, edit))

    def move_words(self, edit: Edit):
        """The Edit menu's words for a move the flow has played (said again by reword)."""
        session = self.session
        puzzle, before = session.puzzle, session.states[edit.base]
        return lambda: move_text(puzzle, before, edit.moves[0])

    def standard_actions(self):
        """The actions every game window has, with the same keys (game_menus)."""
        return standard_actions(self)

    def game_in_progress(self) -> bool:
        session = self.training.kept or self.session  # in Train, the game set aside
        return session is not None and bool(session.moves) and not session.solved

    def restart(self) -> None:
        """Back to the start, undoably; after a win, a new try (see try_again)."""
        if self.session is not None and self.session.solved and not self.training.active:
            self.starts.try_again()
            return
        edit = self.flow.restart() if self.session is not None else None
        if edit is not None:
            self.mirror(edit, self.tr("Restart"))

    # ---- moves

    def _on_view_failed(self, words: str) -> None:
        """The family's view raised in its drawing or input and is switched off (it says so in
        its place, and the status line until another game): logged once, with its traceback;
        the game, its save and the other windows go on."""
        sys.stderr.write(f"pegapp: {words}\n{getattr(self.view, 'view_failure_trace', '')}")
        self.refresh()

    def play_moves(self, moves: list) -> None:
        """Play moves from the view; an illegal one is explained and nothing is played."""
        try:
            self.flow.check(moves)
        except (IllegalMove, BadInput) as exc:
            # the reason stands alone in the hint line: a sentence ("Jug 1 is empty.")
            self.hint_text = translated_sentence(exc)
            self.refresh()
            return
        if len(moves) > 1:
            self.undo_stack.beginMacro(self.tr("%1 moves").replace("%1", str(len(moves))))
        for m in moves:  # one at a time: each is drawn as it is played
            edit = self.flow.play(m)
            self.mirror(edit, self.move_words(edit))
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
        if self.training.active:  # a Train puzzle: judged at once, nothing else follows
            return self.training.history_changed()
        self.files.game_changed()  # every move, undo, redo and restart reaches the autosave
        # a move makes any search for the previous position stale
        self.assistant.cancel_unless(self.session.state)
        self.hint_text = ""
        if not self.assistant.busy:
            self.panel.search_view.show_record(None)
        self.panel.back_to_good_button.hide()
        if self.session.solved:
            self.tracker.solved(self.session.move_count)
            self.ending.find_par()
        self.analysis.analyse()
        self.answers.think_ahead()
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
        shown = self.answers.replayed_session() if panel.replaying else session
        counts = view.counts_text(shown)
        panel.counts_label.setText(counts if counts is not None else
                                   self.tr("Moves: %1").replace("%1", str(shown.move_count)))
        panel.set_moves([move_text(session.puzzle, s, m)
                         for s, m in zip(session.states, session.moves)])
        panel.set_hint_text("\n".join(t for t in (self.hint_text, self.analysis.analysis_text())
                                      if t))
        # nothing to ask about a won game (the ending offers the shortest solution instead)
        # (offers_answers: an optional part of the view protocol, PuzzleView's default True)
        offers = getattr(view, "offers_answers", None)
        panel.show_search(self.assistant.asking, not panel.replaying and not session.solved
                          and (offers is None or offers()))
        panel.undo_action.setEnabled(self.undo_stack.canUndo())
        panel.redo_action.setEnabled(self.undo_stack.canRedo())
        self.restart_action.setEnabled(bool(session.moves))
        ending = self.ending.ending_text() if session.solved and not panel.replaying else ""
        if not ending and not panel.replaying and self.flow.stuck():
            ending = self.ending.stuck_text()
        par = self.ending.par
        can_replay_best = bool(ending) and par is not None and bool(par.moves)
        panel.set_ending(ending, can_replay_best)
        reviewable = self.flow.reviewable()   # a guessing game has no review
        panel.review_button.setVisible(bool(ending) and reviewable)
        self.review_action.setEnabled(bool(session.moves) and reviewable)
        self.replay_best_action.setEnabled(can_replay_best)
        shortest = par is None or par.proven
        panel.replay_best_button.setText(
            self.tr("Replay the shortest solution") if shortest
            else self.tr("Replay the best known solution"))
        self.replay_best_action.setText(self.tr("&Replay the shortest solution") if shortest
                                        else self.tr("&Replay the best known solution"))
        self.training.show_words()

    # ---- what the parts share

    @property
    def replaying(self) -> bool:
        """A solution is replayed in the panel (the board shows it, not the game)."""
        return self.panel.replaying

    def dead_ends(self) -> set:
        """The positions of this problem proven dead ends in this game: by a hint or Solve
        (the assistant's cache) or by analysis mode (every move of the position a dead end)."""
        return self.flow.dead_ends(self.analysis.dead_ends())

    def known_dead(self) -> bool:
        """Whether the position on the board is known a dead end in this game: itself, or a
        position the game passed through on its way here (the status line says so)."""
        return self.flow.known_dead(self.dead_ends())

    def reword(self) -> None:
        """The hint and the Edit menu's moves said again in the settings' words (the settings
        dialog calls it in every window)."""
        self.answers.reword()

    def replay_best(self) -> None:
        """After a win: replay the shortest (or best known) solution from the start."""
        self.answers.replay_par(self.ending.par)

    def _leave_replay_on_history_change(self, _index: int) -> None:
        """Undo, redo or restart while a solution is replayed: the replay was about the old
        position, so it closes and the board shows the game again."""
        if self.panel.replaying:
            self.answers.close_replay()

    def show_map(self) -> None:
        """The Map (Ctrl+M), or a line saying why there is none: the key works with the menu
        closed, and only opening the menu disables the entry (found by an outside trial: Ctrl+M
        on English 33 did nothing at all)."""
        if open_map(self) is None and self.session is not None:
            self.hint_text = self.tr("This puzzle has too many positions for a map of them all.")
            self.refresh()

    def may_abandon(self) -> bool:
        """Ask before a game in progress is replaced (unless the player turned that off)."""
        if (not self.game_in_progress()
                or not read_setting(self.settings, "app/confirm_abandon")):
            return True
        answer = QMessageBox.question(
            self, self.tr("Abandon this game?"),
            self.tr("The game in progress will be replaced. Start the new one?"))
        return answer == QMessageBox.StandardButton.Yes

    def _on_application_state(self, state: Qt.ApplicationState) -> None:
        self.tracker.focus(state == Qt.ApplicationState.ApplicationActive)

    def show_rules(self):
        return help_pages.show_rules(self, self.family.key, self.help_puzzle())

    def show_shortcuts(self):
        return help_pages.show_shortcuts(self)

    def show_about(self):
        return help_pages.show_about(self)

    # ---- settings and messages

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
            if isinstance(widget, GameWindow) and widget.isVisible():
                apply_settings(widget, values)

    def apply_own_settings(self) -> None:
        apply_settings(self, read_settings(self.settings))

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
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok,
                          self)
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
        if self.view is not None:
            self.view.setFocus()

    # ---- export, the designer, statistics

    def export_name(self) -> str:
        return self.session.puzzle.id.replace("/", "-") if self.session else self.family.key

    def open_designer(self) -> QWidget | None:
        """Game > New board…: the board designer (its own window; its Play starts the board
        here through starts.start_requested_game)."""
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
        self.files.play_time_timer.stop()
        self.files.autosave()
        open_windows.closed(self)
        self.settings.sync()
        for part in (self.analysis, self.answers, self.ending, self.training):
            part.shutdown()
        self._closing = self.files.closing = True
        self.tracker.flush()
        if self._owns_stats and self._on_stats_trouble in self.stats.listeners:
            self.stats.listeners.remove(self._on_stats_trouble)
        self.assistant.shutdown()
        super().closeEvent(event)
