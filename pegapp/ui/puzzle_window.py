"""The window for every puzzle family other than peg solitaire, written once against the Puzzle
interface: history with undo/redo, hints, Solve, the replay panel, save/load and autosave."""

from __future__ import annotations

import random
import weakref
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtGui import QCloseEvent, QKeySequence, QUndoCommand
from PySide6.QtWidgets import (QApplication, QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout,
                               QHBoxLayout, QInputDialog, QLabel, QLineEdit, QSpinBox, QWidget)

from pegapp.core.stats import Stats, params_variant
from pegapp.puzzles.base import BadInput, IllegalMove
from pegapp.puzzles.registry import FAMILIES, make_puzzle
from pegapp.puzzles.session import SaveError, Session
from pegapp.solvers.result import SolveResult
from pegapp.ui.assistant import answer_text, solution_title
from pegapp.ui.game_window import GameWindow
from pegapp.ui.i18n import family_name, plural, rules_text, translated
from pegapp.ui.export import ExportError, copy_notation, export_states
from pegapp.ui.puzzle_views import view_for
from pegapp.ui.settings_dialog import read_setting


def variant_label(puzzle) -> str:
    """Which puzzle of its family this is, for the title: "3×3", "8 L, 5 L → 4 L", "5 kinds"."""
    family, _, rest = puzzle.id.partition("/")
    if family == "jugs":
        return "{} → {} L".format(", ".join(f"{c} L" for c in puzzle.capacities), puzzle.target)
    if family == "oshidori" and rest.startswith("k"):
        return QCoreApplication.translate("PuzzleWindow", "%1 kinds of stones").replace("%1", rest[1:])
    if family == "oshidori" and rest.startswith("classic"):
        return QCoreApplication.translate("PuzzleWindow", "black and white, %1 each").replace(
            "%1", rest[len("classic"):])
    return rest.replace("x", "×")


def move_text(puzzle, state, move) -> str:
    describe = getattr(puzzle, "describe_move", None)
    if describe is not None:
        try:
            return translated(describe(state, move))
        except Exception:  # a description is a nicety; the notation always works
            pass
    return puzzle.format_moves([move])


class MoveCommand(QUndoCommand):
    def __init__(self, window: PuzzleWindow, move: Any):
        super().__init__(move_text(window.session.puzzle, window.session.state, move))
        self.window = weakref.proxy(window)  # no cycle through C++ (see main_window.JumpCommand)
        self.move = move

    def redo(self) -> None:
        self.window.session.push(self.move)
        self.window.show_state()

    def undo(self) -> None:
        self.window.session.pop()
        self.window.show_state()


class VariantDialog(QDialog):
    """Choose the size or setting of a family: tiles' rows and columns, stones, jugs..."""

    def __init__(self, family: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.family = family
        self.setWindowTitle(self.tr("Choose the puzzle"))
        form = QFormLayout(self)
        self.rows = QSpinBox()
        self.cols = QSpinBox()
        self.kind = QComboBox()
        self.count = QSpinBox()
        self.capacities = QLineEdit("8, 5")
        self.target = QSpinBox()
        if family in ("slide", "flip8"):
            top = 5 if family == "slide" else 20
            for spin, value in ((self.rows, 3), (self.cols, 3)):
                spin.setRange(2, top)
                spin.setValue(value)
            form.addRow(self.tr("Rows"), self.rows)
            form.addRow(self.tr("Columns"), self.cols)
        elif family == "oshidori":
            from pegapp.puzzles.oshidori import KINDS_RANGE, PAIRS_RANGE

            self.kind.addItem(self.tr("k kinds, two stones of each"), "kinds")
            self.kind.addItem(self.tr("Black and white, n of each"), "pairs")
            ranges = {"kinds": KINDS_RANGE, "pairs": PAIRS_RANGE}
            self.kind.currentIndexChanged.connect(
                lambda _i: self.count.setRange(*ranges[self.kind.currentData()]))
            self.count.setRange(*KINDS_RANGE)
            self.count.setValue(4)
            form.addRow(self.tr("Stones"), self.kind)
            form.addRow(self.tr("k or n"), self.count)
        elif family == "jugs":
            self.target.setRange(1, 1000)
            self.target.setValue(4)
            form.addRow(self.tr("Capacities (2 to 5 jugs)"), self.capacities)
            form.addRow(self.tr("Target"), self.target)
        self.error = QLabel()
        self.error.setWordWrap(True)
        form.addRow(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok |
                                   QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def choice(self) -> tuple[str, dict[str, Any]]:
        """(puzzle id, params); BadInput if the puzzle cannot be built."""
        f = self.family
        if f in ("slide", "flip8"):
            pid = f"{f}/{self.rows.value()}x{self.cols.value()}"
            params: dict[str, Any] = {"shuffle": random.randrange(1 << 30)} if f == "slide" else {}
        elif f == "oshidori":
            key = self.kind.currentData()
            n = self.count.value()
            pid = f"oshidori/k{n}" if key == "kinds" else f"oshidori/classic{n}"
            params = {key: n}
        elif f == "jugs":
            try:
                caps = [int(c) for c in self.capacities.text().replace(",", " ").split()]
            except ValueError:
                raise BadInput(self.tr("capacities are whole numbers, e.g. 8, 5")) from None
            pid, params = "jugs", {"capacities": caps, "target": self.target.value()}
        else:
            raise BadInput(self.tr("this puzzle has no other sizes"))
        make_puzzle(pid, params)
        return pid, params

    def accept(self) -> None:
        try:
            self.choice()
        except BadInput as exc:
            self.error.setText(translated(exc))
            return
        super().accept()


class PuzzleWindow(GameWindow):
    def __init__(self, puzzle_id: str, params: dict[str, Any] | None = None,
                 settings: QSettings | None = None, data_dir: str | Path | None = None,
                 restore: bool = True, stats: Stats | None = None):
        self.family = puzzle_id.split("/", 1)[0]
        self._puzzle_id = puzzle_id
        self.session: Session | None = None
        self.view = None
        self.replay_states: list[Any] = []
        self.replay_moves: list[Any] = []
        super().__init__(settings, data_dir, stats)
        self.panel.new_button.clicked.connect(self.shuffle_clicked)
        self.panel.new_button.setText(self.tr("Shuffle"))
        self.variant_button = self.panel.add_button(self.tr("Size…"))
        self.variant_button.clicked.connect(self.ask_variant)
        self.draw_button = self.panel.add_button(self.tr("Draw"), checkable=True)
        self.draw_button.setToolTip(self.tr("Switch single lights to draw a start pattern"))
        self.draw_button.toggled.connect(self.set_drawing)

        self.central = QWidget()
        self.layout_ = QHBoxLayout(self.central)
        self.layout_.setContentsMargins(12, 12, 12, 12)
        self.layout_.setSpacing(14)
        self.layout_.addWidget(self.panel)
        self.setCentralWidget(self.central)
        self._build_actions()
        self.resize(980, 700)

        restored = restore and self.restore_autosave(puzzle_id, params or {})
        if not restored:
            self.new_game(puzzle_id, params or {})
        self.report_stats_warning()

    def _build_actions(self) -> None:
        game = self.menuBar().addMenu(self.tr("&Game"))
        self.variant_action = self.make_action(self.tr("Other &size or setting…"), self.ask_variant)
        self.position_action = self.make_action(self.tr("&Enter a position…"), self.ask_position)
        for a in (self.variant_action, self.position_action,
                  self.make_action(self.tr("&Load game…"), self.ask_load,
                                   QKeySequence.StandardKey.Open),
                  self.make_action(self.tr("&Save game…"), self.ask_save,
                                   QKeySequence.StandardKey.Save),
                  self.make_action(self.tr("&Restart"), self.restart, "Ctrl+R"),
                  self.make_action(self.tr("&Close"), self.close, QKeySequence.StandardKey.Close),
                  self.make_action(self.tr("&Quit"), QApplication.closeAllWindows,
                                   QKeySequence.StandardKey.Quit)):
            game.addAction(a)
        self.add_edit_menu()
        self.add_solver_menu()
        self.add_help_menu()

    def help_family(self) -> str:
        return self.family

    # ---- games

    def new_game(self, puzzle_id: str, params: dict[str, Any]) -> None:
        self.set_session(Session(make_puzzle(puzzle_id, params), params), new=True)

    def new_random_game(self) -> None:
        """A fresh, solvable start of the same puzzle (families without shuffles restart)."""
        puzzle = self.session.puzzle
        params = dict(self.session.params)
        seed = random.randrange(1 << 30)
        if hasattr(puzzle, "shuffle"):
            params.pop("start", None)
            params["shuffle"] = seed
        elif hasattr(puzzle, "random_reachable"):
            params["start"] = puzzle.random_reachable(seed)
        self.new_game(puzzle.id, params)

    def set_session(self, session: Session, new: bool = False) -> None:
        self.tracker.start(session.puzzle.id, params_variant(session.puzzle.id, session.params),
                           new=new)
        self.assistant.cancel()
        if self.panel.replaying:
            self.close_replay()
        self.session = session
        self.hint_text = ""
        self.undo_stack.clear()
        if self.view is not None:
            self.layout_.removeWidget(self.view)
            self.view.deleteLater()
        self.view = view_for(session.puzzle)
        self.view.movesRequested.connect(self.play_moves)
        if hasattr(self.view, "patternEdited"):
            self.view.patternEdited.connect(self._on_pattern_edited)
        self.draw_button.setVisible(hasattr(self.view, "patternEdited"))
        self.draw_button.blockSignals(True)
        self.draw_button.setChecked(False)
        self.draw_button.blockSignals(False)
        self.variant_button.setVisible(self.family != "rotate")
        self.variant_action.setEnabled(self.family != "rotate")
        # only puzzles with other starts shuffle; jugs always start empty
        puzzle = session.puzzle
        self.panel.new_button.setVisible(hasattr(puzzle, "shuffle")
                                         or hasattr(puzzle, "random_reachable"))
        self.position_action.setEnabled(self.family != "jugs")
        self.layout_.insertWidget(0, self.view, 1)
        self.apply_own_settings()
        self.view.set_state(session.state)
        self.view.setFocus()
        self.refresh()

    def ask_variant(self) -> None:
        dialog = VariantDialog(self.family, self)
        if dialog.exec() == QDialog.DialogCode.Accepted and self.may_abandon():
            self.new_game(*dialog.choice())

    def ask_position(self) -> None:
        text, ok = QInputDialog.getText(self, self.tr("Enter a position"), self.position_help())
        if ok and text.strip() and self.may_abandon():
            self.enter_position(text)

    def game_in_progress(self) -> bool:
        session = self.session
        return session is not None and bool(session.moves) and not session.solved

    def shuffle_clicked(self) -> None:
        if self.may_abandon():
            self.new_random_game()

    def position_help(self) -> str:
        return {
            "slide": self.tr("Tiles row by row, 0 for the blank, e.g. 0 9 3 7 1 5 4 8 2 6"),
            "rotate": self.tr("Tiles 1 to 9 row by row, e.g. 9 8 7 6 5 4 3 2 1"),
            "flip8": self.tr("Lights row by row, 1 on and 0 off, rows split by /"),
            "oshidori": self.tr("Stones left to right, _ for the empty cells, e.g. 1 2 3 1 2 3 _ _"),
        }.get(self.family, "")

    def enter_position(self, text: str) -> bool:
        """Start from a typed position; one that cannot be played is refused with the reason."""
        puzzle = self.session.puzzle
        params = {k: v for k, v in self.session.params.items() if k not in ("start", "shuffle")}
        try:
            if self.family == "flip8":
                params["start"] = puzzle.parse_start(text)
            elif self.family == "oshidori":
                from pegapp.puzzles.oshidori import parse_state
                params["start"] = list(parse_state(text))
            elif self.family in ("slide", "rotate"):
                params["start"] = list(puzzle.parse_state(text))
            else:
                raise BadInput(self.tr("this puzzle always starts with empty jugs"))
            self.new_game(puzzle.id, params)
        except (BadInput, ValueError) as exc:
            self.show_error(self.tr("Position refused"), translated(exc))
            return False
        return True

    def set_drawing(self, on: bool) -> None:
        """8-flip: while drawing, clicks switch single lights; the drawing becomes the start."""
        self.view.drawing = on
        self.view.interactive = not on
        if not on:
            params = dict(self.session.params, start=self.view.state)
            self.new_game(self.session.puzzle.id, params)
        self.hint_text = self.tr("Click lights to switch them; press Draw again to play.") if on \
            else ""
        self.refresh()

    def _on_pattern_edited(self, _state: int) -> None:
        self.refresh()

    def play_moves(self, moves: list) -> None:
        """Play moves from the view; an illegal one is explained and nothing is played."""
        state = self.session.state
        try:
            for m in moves:
                state = self.session.puzzle.apply(state, m)
        except (IllegalMove, BadInput) as exc:
            self.hint_text = translated(exc)
            self.refresh()
            return
        if len(moves) > 1:
            self.undo_stack.beginMacro(self.tr("%1 moves").replace("%1", str(len(moves))))
        for m in moves:
            self.undo_stack.push(MoveCommand(self, m))
        if len(moves) > 1:
            self.undo_stack.endMacro()

    def restart(self) -> None:
        while self.undo_stack.canUndo():
            self.undo_stack.undo()

    def show_state(self) -> None:
        self.view.set_state(self.session.state)

    def _on_history_changed(self, _index: int) -> None:
        self.assistant.cancel_unless(self.session.state)
        self.hint_text = ""
        if self.session.solved:
            self.tracker.solved(self.session.move_count)
        self.refresh()

    # ---- display

    def family_info(self):
        return next(f for f in FAMILIES if f.key == self.family)

    def _on_replay_step(self, _old: int, new: int) -> None:
        self._show_replay_step(new)

    def refresh(self) -> None:
        session = self.session
        if session is None:
            return
        panel = self.panel
        family = self.family_info()
        title = variant_label(session.puzzle)
        name = family_name(family)
        self.setWindowTitle(f"PegApp — {name}: {title}")
        panel.title_label.setText(f"{name} ({title})")
        panel.goal_label.setText(rules_text(family))
        if panel.replaying:
            status = self.tr("Replaying a solution: step %1 of %2.").replace(
                "%1", str(panel.replay.step)).replace("%2", str(panel.replay.length))
        elif session.solved:
            status = plural(session.move_count, self.tr("Solved in %1 move!"),
                            self.tr("Solved in %1 moves!")).replace("%1", str(session.move_count))
        else:
            status = self.tr("In play.")
        panel.status_label.setText(status)
        panel.counts_label.setText(self.tr("Moves: %1").replace("%1", str(session.move_count)))
        panel.set_moves([move_text(session.puzzle, s, m)
                         for s, m in zip(session.states, session.moves)])
        panel.set_hint_text(self.hint_text)
        panel.show_search(self.assistant.busy, not panel.replaying)
        panel.undo_button.setEnabled(self.undo_stack.canUndo())
        panel.redo_button.setEnabled(self.undo_stack.canRedo())
        panel.restart_button.setEnabled(self.undo_stack.canUndo())

    # ---- hints, solve, replay

    def _problem(self):
        puzzle = self.session.puzzle
        return (puzzle.id, repr(sorted(self.session.params.items())))

    def request_hint(self) -> None:
        if self.session is not None and not self.panel.replaying:
            self.tracker.hint()
        self._ask("hint")

    def request_solve(self) -> None:
        self._ask("solve")

    def _ask(self, kind: str) -> None:
        if self.session is None or self.panel.replaying:
            return
        puzzle = self.session.puzzle
        if hasattr(puzzle, "memory_gb"):  # searches with a memory cap: the Settings' budget
            puzzle.memory_gb = read_setting(self.settings, "solver/memory_gb")
        self.assistant.ask(kind, self._problem(), self.session.state,
                           lambda state, progress, stop: puzzle.solve(state, progress, stop),
                           puzzle.apply)
        self.refresh()

    def _on_answer(self, kind: str, state, result: SolveResult) -> None:
        if state != self.session.state:
            return
        puzzle = self.session.puzzle
        if result.proven_minimal and result.moves is not None and state == self.session.start \
                and "shuffle" not in self.session.params:
            self.tracker.minimum(len(result.moves))
        if kind == "solve" and result.moves:
            self.open_replay(state, result)
            return
        self.hint_text = answer_text(result, lambda m: move_text(puzzle, state, m))
        self.view.set_hint(result.moves[0] if result.moves else None)
        self.refresh()

    def open_replay(self, state, result: SolveResult) -> None:
        puzzle = self.session.puzzle
        self.replay_moves = list(result.moves)
        self.replay_states = [state]
        for m in self.replay_moves:
            self.replay_states.append(puzzle.apply(self.replay_states[-1], m))
        self.panel.replay.set_solution(
            solution_title(len(self.replay_moves), result.proven_minimal),
            [move_text(puzzle, s, m) for s, m in zip(self.replay_states, self.replay_moves)])
        self.panel.show_replay(True)
        self.view.interactive = False
        self._show_replay_step(0)
        self.refresh()

    def _show_replay_step(self, step: int) -> None:
        self.view.set_state(self.replay_states[step])
        self.view.set_hint(self.replay_moves[step] if step < len(self.replay_moves) else None)
        self.refresh()

    def play_from_replay(self, step: int) -> None:
        moves = self.replay_moves[:step]
        self.close_replay()
        if moves:
            self.tracker.assisted()
        for m in moves:
            self.undo_stack.push(MoveCommand(self, m))

    def close_replay(self) -> None:
        self.panel.replay.pause()
        self.panel.show_replay(False)
        self.view.interactive = True
        self.view.set_state(self.session.state)
        self.refresh()

    # ---- files

    @property
    def autosave_path(self) -> Path:
        """One autosave per puzzle ("slide/3x3" and "slide/4x4" apart)."""
        puzzle_id = self.session.puzzle.id if self.session is not None else self._puzzle_id
        return self.data_dir / f"autosave-{puzzle_id.replace('/', '-')}.pegapp.json"

    def save_game(self, path: str | Path) -> bool:
        try:
            self.session.save(path)
        except OSError as exc:
            self.show_error(self.tr("Cannot save"), translated(exc))
            return False
        return True

    def load_game(self, path: str | Path) -> bool:
        try:
            session = Session.load(path)
        except SaveError as exc:
            self.show_error(self.tr("Cannot load game"), translated(exc))
            return False
        self.family = session.puzzle.id.split("/", 1)[0]
        self.set_session(session)
        return True

    def ask_save(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save game"), f"{self.family}.pegapp.json",
                                              self.tr("PegApp game (*.json)"))
        if path:
            self.save_game(path)

    def ask_load(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Load game"), "",
                                              self.tr("PegApp game (*.json)"))
        if path and self.may_abandon():
            self.load_game(path)

    def restore_autosave(self, puzzle_id: str, params: dict[str, Any]) -> bool:
        """Continue the game left unfinished in this puzzle (same id and setting) when its window
        was last closed; a finished one, or another setting, starts afresh."""
        path = self.autosave_path
        if not path.exists():
            return False
        try:
            session = Session.load(path)
        except SaveError as exc:
            self.report_unusable_autosave(path, exc)
            return False
        if (session.puzzle.id != puzzle_id or not session.moves or session.solved
                or params_variant(puzzle_id, session.params) != params_variant(puzzle_id, params)):
            return False
        self.set_session(session)
        return True

    def export_solution(self, path: str | Path) -> int:
        """The replayed solution as a sheet of diagrams; the number of pages, 0 on failure."""
        puzzle = self.session.puzzle
        captions = [self.tr("Start")] + [
            f"{k}. {move_text(puzzle, s, m)}"
            for k, (s, m) in enumerate(zip(self.replay_states, self.replay_moves), 1)]
        try:
            title = plural(len(self.replay_moves), self.tr("%1 (%2) — solution in %3 move"),
                           self.tr("%1 (%2) — solution in %3 moves")).replace(
                "%1", family_name(self.family_info())).replace("%2", variant_label(puzzle)).replace(
                "%3", str(len(self.replay_moves)))
            return export_states(path, puzzle, self.replay_states, captions, title=title)
        except (ExportError, OSError, ValueError) as exc:
            self.show_error(self.tr("Cannot export"), translated(exc))
            return 0

    def copy_solution(self) -> None:
        copy_notation(self.session.puzzle.format_moves(self.replay_moves))

    def export_name(self) -> str:
        return self.family

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.session is not None and self.may_autosave(self.autosave_path):
            try:
                self.session.save(self.autosave_path)
            except OSError as exc:
                self.last_error = str(exc)
        super().closeEvent(event)
