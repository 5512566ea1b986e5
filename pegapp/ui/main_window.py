"""The main window: board, move list, status, menus, undo/redo, save/load and autosave."""

from __future__ import annotations

import weakref
from pathlib import Path

import shiboken6
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QSettings, Qt
from PySide6.QtGui import QCloseEvent, QKeySequence, QUndoCommand
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QWidget

from pegapp.core import pegs
from pegapp.core.board import Board, BoardError, get_board, is_safe_board_id, load_board
from pegapp.core.game import PegGame, SaveError, Status
from pegapp.core.notation import format_move, format_moves
from pegapp.core.stats import peg_variant
from pegapp.puzzles.hints import hint
from pegapp.puzzles.pegs import PegPuzzle

#: how long Solve waits for a proof of minimality when it already has a solution to show
SOLVE_PROOF_SECONDS = 6.0
from pegapp.solvers.result import UNSOLVABLE, SolveResult
from pegapp.ui.assistant import answer_text, solution_title
from pegapp.ui.board_view import BoardView
from pegapp.ui.export import ExportError, copy_notation, export_peg_solution
from pegapp.ui.game_window import GameWindow, WindowBase
from pegapp.ui.i18n import current_language, plural, translated
from pegapp.ui.picker import GamePicker
from pegapp.ui.settings_dialog import read_setting
from pegapp.ui.stats_window import StatsWindow

DEFAULT_BOARD = "english"
SAVE_FILTER = QT_TRANSLATE_NOOP("MainWindow", "PegApp game (*.pegapp.json *.json)")


class JumpCommand(QUndoCommand):
    def __init__(self, window: MainWindow, jump: pegs.Jump):
        super().__init__(QCoreApplication.translate("MainWindow", "Jump %1 → %2").replace("%1", str(jump[0]))
                         .replace("%2", str(jump[2])))
        # The stack owns the command; a strong reference back to the window would make a cycle
        # through C++ that crashes PySide at interpreter exit.
        self.window = weakref.proxy(window)
        self.jump = jump

    def redo(self) -> None:
        self.window.game.push(self.jump)
        self.window.view.play_jump(self.jump, self.window.game.position)
        self.window.refresh()

    def undo(self) -> None:
        self.window.game.pop()
        self.window.view.set_position(self.window.game.position)
        self.window.refresh()


class RestartCommand(QUndoCommand):
    """Restart is undoable, as in Simon Tatham's puzzles: nothing the player did is lost."""

    def __init__(self, window: MainWindow):
        super().__init__(QCoreApplication.translate("MainWindow", "Restart"))
        self.window = weakref.proxy(window)
        self.history = list(window.game.jumps)

    def redo(self) -> None:
        while self.window.game.jumps:
            self.window.game.pop()
        self.window.view.set_position(self.window.game.position)
        self.window.refresh()

    def undo(self) -> None:
        for j in self.history:
            self.window.game.push(j)
        self.window.view.set_position(self.window.game.position)
        self.window.refresh()


def peg_stats_id(board: Board) -> str:
    """"pegs/<id>" for a shipped board, "pegs/custom/<id>" for a player's board file (even one
    that reuses a shipped board's id), so their statistics never mix."""
    try:
        shipped = get_board(board.id)
    except KeyError:
        shipped = None
    if shipped is not None and shipped.text == board.text:
        return f"pegs/{board.id}"
    return f"pegs/custom/{board.id}"


def _is_japanese() -> bool:
    return current_language() == "ja"


class MainWindow(WindowBase):
    def __init__(self, settings: QSettings | None = None, data_dir: str | Path | None = None,
                 restore: bool = True):
        self.game: PegGame | None = None
        super().__init__(settings, data_dir)
        self.replay_positions: list[int] = []
        self.replay_moves: list[list[int]] = []
        self._anim_queue: list[tuple[pegs.Jump, int]] = []
        self._replay_target = 0
        self.puzzle_windows: list[QWidget] = []  # the other puzzles' windows opened from here

        self.view = BoardView()
        self.view.jumpRequested.connect(self.on_jump_requested)
        self.view.holeChosen.connect(self.on_start_chosen)
        self.view.animationFinished.connect(self._next_replay_jump)

        self.apply_own_settings()
        self._build_panel()
        self._build_actions()
        central = QWidget()
        layout = QHBoxLayout(central)
        layout.setContentsMargins(12, 12, 12, 12)
        layout.setSpacing(14)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.panel)
        self.setCentralWidget(central)
        self.resize(980, 700)

        if not (restore and self.restore_autosave()):
            board_id = read_setting(self.settings, "game/last_board", DEFAULT_BOARD)
            self.new_game(self._last_board(board_id))
        self.report_stats_warning()
        self.view.setFocus()

    def _last_board(self, board_id: str) -> Board:
        """The board of the last game, else the default board; a setting naming no board or an
        unusable board file is reported once (the new game then replaces the setting)."""
        try:
            return get_board(board_id)
        except KeyError as exc:  # a player's board (opened from a file), or no board name at all
            problem = None if is_safe_board_id(board_id) else exc
        except (ValueError, OSError) as exc:  # BoardError: a board file that cannot be used
            problem = exc
        if problem is not None:
            self.show_error(self.tr("Cannot open board"), translated(problem) + "\n"
                            + self.tr("A new game starts on the default board instead."))
        return get_board(DEFAULT_BOARD)

    # ---- building

    def _build_panel(self) -> None:
        panel = self.panel
        for name in ("title_label", "goal_label", "status_label", "counts_label", "hint_label",
                     "back_to_good_button", "progress_frame", "progress_label", "cancel_button",
                     "move_list", "replay", "side_stack", "hint_button", "solve_button",
                     "undo_button", "redo_button", "restart_button", "new_button"):
            setattr(self, name, getattr(panel, name))
        self.start_button = panel.add_button(self.tr("Choose start"), checkable=True)
        self.back_to_good_button.clicked.connect(self.back_to_last_good)
        self.new_button.clicked.connect(self.choose_board)
        self.start_button.toggled.connect(self.set_choosing_start)

    def _build_actions(self) -> None:
        menu = self.menuBar()
        game = menu.addMenu(self.tr("&Game"))
        action = self.make_action
        self.new_action = action(self.tr("&New game…"), self.choose_board,
                                 QKeySequence.StandardKey.New)
        self.open_board_action = action(self.tr("Open &board file…"), self.ask_open_board_file)
        self.load_action = action(self.tr("&Load game…"), self.ask_load_game,
                                  QKeySequence.StandardKey.Open)
        self.save_action = action(self.tr("&Save game…"), self.ask_save_game,
                                  QKeySequence.StandardKey.Save)
        self.restart_action = action(self.tr("&Restart"), self.restart, "Ctrl+R")
        self.quit_action = action(self.tr("&Quit"), self.quit_all, QKeySequence.StandardKey.Quit)
        self.stats_action = action(self.tr("S&tatistics…"), self.show_statistics)
        for a in (self.new_action, self.open_board_action, None, self.load_action,
                  self.save_action, None, self.restart_action, self.stats_action, None,
                  self.quit_action):
            game.addSeparator() if a is None else game.addAction(a)
        self.add_edit_menu()
        self.add_solver_menu()
        view = menu.addMenu(self.tr("&View"))
        self.animate_action = action(self.tr("&Animate jumps"), self.set_animations,
                                     checkable=True, checked=self.view.animations_enabled)
        self.targets_action = action(self.tr("Show &legal targets"), self.set_show_targets,
                                     checkable=True, checked=self.view.show_targets)
        view.addAction(self.animate_action)
        view.addAction(self.targets_action)
        self.add_help_menu()

    def help_family(self) -> str:
        return "pegs"

    # ---- games

    def new_game(self, board: Board, start=None, finish="default") -> None:
        self.set_game(PegGame(board, start, finish), new=True)

    def set_game(self, game: PegGame, new: bool = False) -> None:
        """Show a game; new=False for a saved one resumed (statistics count it started once)."""
        self.tracker.start(peg_stats_id(game.board), peg_variant(game.board, game.start,
                                                                game.finish), new=new)
        self.assistant.cancel()
        if self.replaying:
            self.close_replay()
        self.game = game
        self.hint_text = ""
        self.undo_stack.clear()
        if self.start_button.isChecked():
            self.start_button.setChecked(False)
        self.view.set_board(game.board, game.position, game.finish)
        self.settings.setValue("game/last_board", game.board.id)
        self.refresh()

    def restart(self) -> None:
        if self.game and self.game.jumps:
            self.undo_stack.push(RestartCommand(self))

    def choose_board(self) -> None:
        picker = GamePicker(self, self.game.board.id if self.game else None)
        picker.setModal(True)
        picker.accepted.connect(lambda: self.start_chosen_game(picker.chosen()))
        picker.open()
        self.picker = picker

    def start_chosen_game(self, choice: tuple[str, str, dict] | None) -> None:
        """A peg board plays here; any other puzzle opens its own window."""
        if choice is None:
            return
        family, puzzle_id, params = choice
        if family == "pegs":
            if self.may_abandon():
                self.new_game(get_board(puzzle_id))
            return
        window = GameWindow(puzzle_id, params, settings=self.settings, data_dir=self.data_dir,
                            restore=True, stats=self.stats)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.puzzle_windows.append(window)
        window.destroyed.connect(self._forget_closed_windows)
        window.show()

    def quit_all(self) -> None:
        """Quit closes every window PegApp opened (each saves its game), then this one."""
        self._forget_closed_windows()
        for window in list(self.puzzle_windows):
            window.close()
        self.close()

    def _forget_closed_windows(self) -> None:
        """Drop windows Qt has deleted (closed with WA_DeleteOnClose): touching them would raise."""
        self.puzzle_windows = [w for w in self.puzzle_windows if shiboken6.isValid(w)]

    def set_choosing_start(self, on: bool) -> None:
        if self.start_button.isChecked() != on:
            self.start_button.setChecked(on)
            return
        self.view.set_choosing_start(on)
        self.refresh()

    def game_in_progress(self) -> bool:
        game = self.game
        return game is not None and bool(game.jumps) and game.status is Status.PLAYING

    def on_start_chosen(self, hole: int) -> None:
        if not self.may_abandon():
            self.set_choosing_start(False)
            return
        board = self.game.board
        # A complement problem: the chosen hole is also where the last peg must end,
        # unless the board asks for any single peg.
        finish = None if board.finish is None else hole
        self.new_game(board, frozenset([hole]), finish)

    def on_jump_requested(self, f: int, o: int, t: int) -> None:
        if self.game is None or not pegs.is_legal(self.game.position, (f, o, t)):
            return
        self.undo_stack.push(JumpCommand(self, (f, o, t)))

    # ---- display

    def _on_history_changed(self, _index: int) -> None:
        # A move makes any search for the previous position stale.
        self.assistant.cancel_unless(self.game.position)
        self.hint_text = ""
        self.back_to_good_button.hide()
        if self.game.status is Status.SOLVED:
            self.tracker.solved(self.game.move_count)
        self.refresh()

    def refresh(self) -> None:
        game = self.game
        if game is None:
            return
        language = "ja" if _is_japanese() else "en"
        name = game.board.display_name(language)
        self.setWindowTitle(f"PegApp — {name}")
        self.title_label.setText(name)
        if game.finish is None:
            goal = self.tr("Goal: leave a single peg anywhere.")
        else:
            goal = self.tr("Goal: leave a single peg in the marked hole (%1).").replace(
                "%1", str(game.finish))
        self.goal_label.setText(goal)
        self.status_label.setText(self.status_text())
        self.counts_label.setText(self.tr("Moves: %1 · Jumps: %2 · Pegs: %3")
                                  .replace("%1", str(game.move_count))
                                  .replace("%2", str(game.jump_count))
                                  .replace("%3", str(pegs.peg_count(game.position))))
        self.panel.set_moves([format_move(m) for m in game.moves])
        self.panel.set_hint_text(self.hint_text)
        self.panel.show_search(self.assistant.busy, not self.replaying)
        self.undo_button.setEnabled(self.undo_stack.canUndo())
        self.redo_button.setEnabled(self.undo_stack.canRedo())
        self.restart_button.setEnabled(bool(game.jumps))
        self.restart_action.setEnabled(bool(game.jumps))

    def status_text(self) -> str:
        game = self.game
        if self.view.choosing_start:
            return self.tr("Click the hole that should start empty.")
        if self.replaying:
            return self.tr("Replaying a solution: step %1 of %2. The orange arrow shows the next "
                           "move.").replace("%1", str(self.replay.step)).replace(
                               "%2", str(self.replay.length))
        status = game.status
        if status is Status.SOLVED:
            if game.jump_count == 1:
                text = self.tr("Solved in 1 move (1 jump)!")
            else:
                text = plural(game.move_count, self.tr("Solved in 1 move (%2 jumps)!"),
                              self.tr("Solved in %1 moves (%2 jumps)!"))
            return text.replace("%1", str(game.move_count)).replace("%2", str(game.jump_count))
        if status is Status.STUCK:
            left = pegs.peg_count(game.position)
            if left == 1:
                return self.tr("Stuck: one peg left, but not in the marked hole. Undo or restart.")
            return self.tr("Stuck: no jump left, %1 pegs remain. Undo or restart.").replace(
                "%1", str(left))
        if not game.jumps:
            return self.tr("Pick up a peg and jump it over a neighbour into an empty hole.")
        return self.tr("In play.")

    def set_animations(self, on: bool) -> None:
        self.view.animations_enabled = on
        self.settings.setValue("view/animate", on)

    def set_show_targets(self, on: bool) -> None:
        self.view.show_targets = on
        self.view.update()
        self.settings.setValue("view/show_targets", on)

    # ---- files

    @property
    def autosave_path(self) -> Path:
        return self.data_dir / "autosave.pegapp.json"

    def ask_open_board_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open board file"), "",
                                              self.tr("Board files (*.toml)"))
        if path and self.may_abandon():
            self.open_board_file(path)

    def open_board_file(self, path: str | Path) -> bool:
        """Start a game on a player's board; a bad file is refused and the game is untouched."""
        try:
            board = load_board(path)
        except BoardError as exc:
            self.show_error(self.tr("Cannot open board"), translated(exc))
            return False
        self.new_game(board)
        return True

    def ask_save_game(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save game"),
                                              f"{self.game.board.id}.pegapp.json", self.tr(SAVE_FILTER))
        if path:
            self.save_game(path)

    def save_game(self, path: str | Path) -> bool:
        try:
            self.game.save(path)
        except OSError as exc:
            self.show_error(self.tr("Cannot save"), translated(exc))
            return False
        return True

    def ask_load_game(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Load game"), "",
                                              self.tr(SAVE_FILTER))
        if path and self.may_abandon():
            self.load_game(path)

    def load_game(self, path: str | Path) -> bool:
        try:
            game = PegGame.load(path)
        except SaveError as exc:
            self.show_error(self.tr("Cannot load game"), translated(exc))
            return False
        self.set_game(game)
        return True

    def restore_autosave(self) -> bool:
        path = self.autosave_path
        if not path.exists():
            return False
        try:
            game = PegGame.load(path)
        except SaveError as exc:
            self.report_unusable_autosave(path, exc)
            return False
        self.set_game(game)
        return True

    def autosave(self) -> None:
        if self.game is None or not self.may_autosave(self.autosave_path):
            return
        try:
            self.game.save(self.autosave_path)
        except OSError as exc:  # never lose the old autosave, never crash on quit
            self.last_error = str(exc)

    def export_name(self) -> str:
        return self.game.board.id

    def closeEvent(self, event: QCloseEvent) -> None:
        self.view.stop_animation()
        self.autosave()
        self.settings.sync()
        super().closeEvent(event)

    # ---- hints, solving and replay

    def _problem(self) -> tuple:
        return (self.game.board.text or self.game.board.id, self.game.finish)

    def _apply_move(self, position: int, move: list[int]) -> int:
        for j in pegs.move_jumps(self.game.board, move):
            position = pegs.apply_jump(position, j)
        return position

    def request_hint(self) -> None:
        if self.game is not None and not self.replaying:
            self.tracker.hint()
        self._ask("hint")

    def request_solve(self) -> None:
        self._ask("solve")

    def _ask(self, kind: str) -> None:
        if self.game is None or self.replaying:
            return
        board, finish = self.game.board, self.game.finish
        budget = int(read_setting(self.settings, "solver/memory_gb") * 1024 ** 3)

        puzzle = PegPuzzle(board, finish=finish)
        # Solve shows a whole solution within seconds (proven when the proof ends by then);
        # the hint's proof goes on as long as it needs
        limit = {"proof_seconds": SOLVE_PROOF_SECONDS} if kind == "solve" else {}

        def solve(position, progress, stop, interim):
            # the same path as `pegapp hint`: a winning move first on large boards, then the
            # proven minimum
            return hint(puzzle, position, progress, stop, memory_budget=budget,
                        interim=lambda answer: interim(answer.result), **limit).result

        self.assistant.ask(kind, self._problem(), self.game.position, solve, self._apply_move,
                           staged=True)
        self.refresh()

    def _on_answer(self, kind: str, position, result) -> None:
        if kind == "goback":
            if position == self.game.position and result is not None:
                while len(self.game.jumps) > result and self.undo_stack.canUndo():
                    self.undo_stack.undo()
                self.hint_text = self.tr("Back at a position that can still reach the goal.")
                self.refresh()
            return
        if position == self.game.position:
            self._deliver(kind, position, result)

    def _deliver(self, kind: str, position: int, result: SolveResult) -> None:
        if result.proven_minimal and result.moves is not None and \
                position == self.game.start_position:
            self.tracker.minimum(len(result.moves))
        if kind == "solve" and result.moves and not result.stats.get("interim"):
            self.open_replay(position, result.moves, result.proven_minimal)
            return
        self.hint_text = answer_text(result, format_move)
        self.view.set_hint(result.moves[0] if result.moves else None)
        self.back_to_good_button.setVisible(result.status == UNSOLVABLE and bool(self.game.jumps))
        self.refresh()

    def back_to_last_good(self) -> None:
        """Undo to the last position of this game from which the goal is still reachable."""
        game = self.game
        board, finish = game.board, game.finish
        history = [game.position_after(k) for k in range(len(game.jumps) + 1)]
        stage = self.tr("checking earlier positions")

        def job(progress, stop):
            from pegapp.solvers.pegs import can_reach_goal
            for k in range(len(history) - 1, -1, -1):
                if stop():
                    return None
                progress(stage, k, 0)
                if can_reach_goal(board, history[k], finish):
                    return k
            return 0

        self.back_to_good_button.hide()
        self.assistant.run("goback", job, game.position)
        self.refresh()

    @property
    def replaying(self) -> bool:
        return self.panel.replaying

    def open_replay(self, position: int, moves: list[list[int]], proven_minimal: bool = True) -> None:
        board = self.game.board
        self.replay_moves = [list(m) for m in moves]
        self.replay_positions = [position]
        for move in moves:
            pos = self.replay_positions[-1]
            for j in pegs.move_jumps(board, move):
                pos = pegs.apply_jump(pos, j)
            self.replay_positions.append(pos)
        self.replay.set_solution(solution_title(len(moves), proven_minimal),
                                 [format_move(m) for m in moves])
        self.panel.show_replay(True)
        self.view.interactive = False
        self._show_replay_step(0)
        self.refresh()

    def _show_replay_step(self, step: int) -> None:
        self._anim_queue = []
        self.view.set_position(self.replay_positions[step])
        self._hint_next_replay_move(step)

    def _hint_next_replay_move(self, step: int) -> None:
        nxt = self.replay_moves[step] if step < len(self.replay_moves) else None
        self.view.set_hint(nxt)

    def _on_replay_step(self, old: int, new: int) -> None:
        self.status_label.setText(self.status_text())
        if new == old + 1 and self.view.animations_enabled:
            pos = self.replay_positions[old]
            queue = []
            for j in pegs.move_jumps(self.game.board, self.replay_moves[old]):
                pos = pegs.apply_jump(pos, j)
                queue.append((j, pos))
            self._anim_queue = []
            self.view.stop_animation()
            self.view.set_hint(None)
            self._anim_queue = queue
            self._replay_target = new
            self._next_replay_jump()
        else:
            self._show_replay_step(new)

    def _next_replay_jump(self) -> None:
        if not self._anim_queue:
            return
        jump, pos = self._anim_queue.pop(0)
        self.view.play_jump(jump, pos, keep_selected=False)
        if not self._anim_queue:
            self._hint_next_replay_move(self._replay_target)

    def play_from_replay(self, step: int) -> None:
        """Hand the position back to the player: the solution's moves become game moves."""
        moves = self.replay_moves[:step]
        self.close_replay()
        if moves:
            self.tracker.assisted()
        animate = self.view.animations_enabled
        self.view.animations_enabled = False
        try:
            for move in moves:
                for j in pegs.move_jumps(self.game.board, move):
                    self.undo_stack.push(JumpCommand(self, j))
        finally:
            self.view.animations_enabled = animate

    def close_replay(self) -> None:
        self._anim_queue = []
        self.replay.pause()
        self.panel.show_replay(False)
        self.view.interactive = True
        self.view.set_position(self.game.position)
        self.refresh()

    # ---- statistics and export

    def show_statistics(self) -> None:
        self.tracker.flush()
        self.stats_window = StatsWindow(self.stats, self)
        self.stats_window.show()

    def export_solution(self, path: str | Path) -> int:
        """The replayed solution as a sheet of diagrams; the number of pages, 0 on failure."""
        try:
            return export_peg_solution(path, self.game.board, self.replay_positions[0],
                                       self.replay_moves, self.game.finish)
        except (ExportError, OSError, ValueError) as exc:
            self.show_error(self.tr("Cannot export"), translated(exc))
            return 0

    def copy_solution(self) -> None:
        copy_notation(format_moves(self.replay_moves))
