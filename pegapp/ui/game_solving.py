"""The answers of the game window: Hint and Solve (answers in stages from the assistant), going
back to the last good position, and the replay panel (a solution step by step, playing on from a
step, the count of equally good moves). What to ask and what an answer means are the game's
flow's (pegapp.puzzles.flow.GameFlow); this part asks through the window's assistant and shows
the answers in the hint line, on the board and in the replay panel."""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from pegapp.puzzles.analysis import choices_along
from pegapp.puzzles.base import HIDDEN, REACH
from pegapp.puzzles.flow import (HINT_DISTANCE, HINT_MOVE, HINT_PIECE, SHOW_NOTHING, SHOW_PIECE,
                                 Par)
from pegapp.puzzles.hints import CONTINUES, NO_WAY_BACK, moves_taken
from pegapp.puzzles.session import Session
from pegapp.solvers.result import SOLVED, UNSOLVABLE, SolveResult
from pegapp.ui import export as sheets
from pegapp.ui.assistant import answer_detail, answer_text, distance_text, solution_title
from pegapp.ui.file_dialogs import ask_save_path
from pegapp.ui.i18n import family_name, translated
from pegapp.ui.move_command import move_text
from pegapp.ui.settings_dialog import give_memory_budget, read_setting
from pegapp.ui.worker import JobError, SolverRunner
from pegapp.ui.window_part import WindowPart


class BrokenAnswer(JobError):
    """A family's solver broke the contract in a way the window cannot show as an answer (its
    words say how): the worker's failure path says it in the hint line."""


def _same(before, after) -> bool:
    """Whether a state is as it was (a state that cannot be compared is taken to be)."""
    try:
        return bool(before == after)
    except Exception:  # noqa: BLE001 - a family's own __eq__
        return True


def checked_answer(puzzle, state, answer):
    """solve(state) as the window runs it, given a copy of state, so an apply that changes its
    input cannot change the game (issue #72: the hint showed a line from a position the search
    had changed); BrokenAnswer when it did. answer(given): the search. (An answer that is not a
    SolveResult is the assistant's to refuse: SolveAssistant._on_result.)"""
    try:
        given = copy.deepcopy(state)
    except Exception:  # noqa: BLE001 - a state deepcopy cannot copy: searched as it is
        given = state
    changed = BrokenAnswer(QCoreApplication.translate(  # thread-safe: this runs in the worker
        "SolveFlow", "apply() changed the state it was given (states are immutable: apply "
                     "returns a new one)"))
    try:
        result = answer(given)
    except Exception:
        if not _same(given, state):  # the cause of what went wrong (a line that misses the goal)
            raise changed from None
        raise
    if not _same(given, state):
        raise changed
    return result


class SolveFlow(WindowPart):
    """Hints, Solve, the way back and the replay: a part of the game window
    (pegapp.ui.game_window), which holds it. Its state: the words of the hint shown (said again
    by reword), a winning line found before its proof (kept by Cancel), and the replay's counts
    of equally good moves, from a worker of its own (choices_runner). It asks through the
    window's assistant, writes the window's hint line (hint_text), shows answers on the
    window's view and panel, and says when the window's words changed (`changed`)."""

    def __init__(self, window):
        super().__init__(window)
        self.assistant = window.assistant
        self.panel, self.tracker, self.settings = window.panel, window.tracker, window.settings
        #: the hint shown: (result, state, words, step), said again by reword
        self._hint_words: tuple | None = None
        #: a winning line shown before its proof: (kind, state, result), what Cancel keeps
        self._found_before_proof: tuple | None = None
        #: the replay panel's counts of equally good moves (choices_along), its own worker
        self.replay_choices: list[int | None] = []
        self._choices_tag: object | None = None
        self.choices_runner = SolverRunner(self)
        self.choices_runner.result.connect(self._on_replay_choices)
        self.assistant.answered.connect(self._on_answer)
        self.assistant.failed.connect(self._on_solver_failed)
        replay = self.panel.replay
        # a closed replay's controls (still reachable from code) act on nothing
        replay.stepChanged.connect(
            lambda old, new: self._on_replay_step(old, new) if self.panel.replaying else None)
        replay.playFromHere.connect(
            lambda step: self.play_from_replay(step) if self.panel.replaying else None)
        replay.closed.connect(self.close_replay)
        replay.exportRequested.connect(self.ask_export_solution)
        replay.copyRequested.connect(self.copy_solution)
        self.panel.back_to_good_button.clicked.connect(self.back_to_last_good)



    def _say(self, text: str) -> None:
        """The hint line says text (the window shows it when it refreshes)."""
        self.window.hint_text = text

    def request_hint(self) -> None:
        """The next step of the graded hint about the position on the board (issue #56): how
        far the goal is, then which piece to move, then the whole move (at once with the
        setting "solver/whole_hint"). Each step asks the assistant the same question, so the
        proof runs once and the later steps show its cached answer. Asked again while the
        search about this position runs, it neither starts the search again nor moves on a
        step: it says the answer is on its way (issue #76). In Train: the trainer's hint
        (game_training)."""
        if self.window.training.active:
            self.window.training.hint()
            return
        if self.flow.still_searching():
            self.panel.say_still_searching()
            return
        if self.session is not None and not self.panel.replaying:
            step = self.flow.take_hint_step(
                read_setting(self.settings, "solver/whole_hint"),
                lambda: self.view.piece_prompt() is not None)  # a piece to point at
            self.tracker.hint(step)
        self._ask("hint")

    def request_solve(self) -> None:
        """Solve: a solution in the replay panel; in Train, the puzzle's line played
        (game_training)."""
        if self.window.training.active:
            self.window.training.show_line()
            return
        self._ask("solve")

    def _ask(self, kind: str) -> None:
        if self.session is None or self.panel.replaying:
            return
        unhashable = self._unhashable_state()
        if unhashable is not None:
            self._on_solver_failed(kind, unhashable)
            return
        give_memory_budget(self.session.puzzle, self.settings)
        self.flow.ask(kind, self.window.dead_ends, checked_answer)
        self.changed.emit()

    def _unhashable_state(self) -> str | None:
        """Why the position on the board cannot be asked about, or None (GameFlow.unhashable),
        in words."""
        exc = self.flow.unhashable()
        if exc is None:
            return None
        return self.tr("its states are not hashable (%1: %2); states are immutable, "
                       "hashable values").replace(
            "%1", type(self.session.state).__name__).replace("%2", str(exc))

    def _on_solver_failed(self, kind: str, message: str) -> None:
        """A hint or Solve that failed names the family whose solver it was (a plug-in's, as
        often as not); any other search's failure is said plainly."""
        if kind in ("hint", "solve") and self.session is not None:
            self._say(self.tr("The solver of %1 failed: %2").replace(
                "%1", family_name(self.family)).replace("%2", message))
        else:
            self._say(self.tr("The solver failed: %1").replace("%1", message))
        self.panel.search_view.show_record(None)
        self.changed.emit()

    def think_ahead(self) -> None:
        """After a move, work out the hint about the new position in the background while the
        player thinks (SolveAssistant.ponder): when GameFlow.may_think_ahead says so (a player
        who asked for a hint in this game, the setting on, analysis mode off, ...)."""
        if not self.flow.may_think_ahead(
                bool(self.tracker.hints_this_game), read_setting(self.settings, "solver/think_ahead"),
                self.window.analysis.analysing):
            return
        give_memory_budget(self.session.puzzle, self.settings)
        self.flow.ponder(self.window.dead_ends, checked_answer)

    def _on_answer(self, kind: str, state, result) -> None:
        if kind == "goback":
            if state == self.session.state and result is not None:
                self._went_back(*result)
            return
        if state != self.session.state:
            return
        if not result.stats.get("interim"):  # how the answer was found, when the solver says
            self.panel.search_view.show_record(result.search)
            self.flow.keep_the_rest(state, result)
        puzzle = self.session.puzzle
        if result.proven_minimal and result.moves is not None and state == self.session.start \
                and self.window.ending.start_is_the_rows():
            self.tracker.minimum(len(result.moves))
        if kind == "solve" and result.moves and not result.stats.get("interim"):
            self.open_replay(state, result)
            return
        # a winning line before the proof: what Cancel keeps (cancel_search)
        self._found_before_proof = (kind, state, result) if result.stats.get("interim") else None
        shown = self.flow.hint_shown(kind, state, result)
        step = shown.step
        words = self.answer_words(result, state, step)
        self._say(words)
        self._hint_words = (result, state, words, step)  # reword says it again
        self.panel.hint_label.setToolTip(answer_detail(result))
        move = shown.move
        if shown.mark == SHOW_PIECE:
            move = self.view.hint_piece(move)
        self.view.set_hint(None if shown.mark == SHOW_NOTHING else move)
        self.panel.back_to_good_button.setVisible(
            result.status == UNSOLVABLE and bool(self.session.moves)
            and REACH in puzzle.ABILITIES)
        self.changed.emit()

    def cancel_search(self) -> None:
        """Stop the search; a winning line it showed before its proof stays (issue #72: Cancel
        left only "Search cancelled." of a long Wiegleb proof), said to be unproven: its first
        move on the board and its words (a hint's at the step shown), and for Solve, which asked
        for the whole line, the line. The game stays in play (no replay opens)."""
        found, self._found_before_proof = self._found_before_proof, None
        asked = (self.assistant.asking, self.assistant.asking_about)
        self.assistant.cancel()
        self._say(self.tr("Search cancelled."))
        self.panel.search_view.show_record(None)
        if found is not None and self.session is not None:
            kind, state, result = found
            if (kind, state) == asked and state == self.session.state and result.moves:
                self._say_unproven(kind, state, result)
        self.changed.emit()

    def _say_unproven(self, kind: str, state, result: SolveResult) -> None:
        unproven = dataclasses.replace(result, proven_minimal=False, stats={
            k: v for k, v in result.stats.items() if k != "interim"})
        cancelled = self.tr("Search cancelled: the line found wins, but it is unproven whether "
                            "it is the shortest.")
        step = self.flow.answer_step(kind)
        words = [cancelled, self.answer_words(unproven, state, step)]
        if kind == "solve":
            words.append(self.tr("The line, in notation: %1").replace(
                "%1", self.session.puzzle.format_moves(list(unproven.moves))))
        self._say("\n".join(words))
        self.panel.hint_label.setToolTip(answer_detail(unproven))

    def _went_back(self, step: int, undecided: int) -> None:
        """The way back's answer: undo to step (NO_WAY_BACK: nothing), and say so, with the
        later positions it left undecided (WAY_BACK_SECONDS each), if any."""
        if step == NO_WAY_BACK and undecided:
            self._say(self.tr("No earlier position of this game was shown to reach the "
                              "goal: %1 could not be decided in time.").replace(
                                  "%1", str(undecided)))
        elif step == NO_WAY_BACK:
            self._say(self.tr("No position of this game can reach the goal: its "
                              "start cannot be solved. Choose another start or game."))
        else:
            undo_stack = self.window.undo_stack
            while self.session.step_count > step and undo_stack.canUndo():
                undo_stack.undo()
            self._say(self.tr("Back at a position that can still reach the goal."))
            if undecided:
                self._say(self.tr(
                    "Back at the last position shown to reach the goal: %1 later ones could "
                    "not be decided in time, and one of them may reach it too.").replace(
                        "%1", str(undecided)))
        self.changed.emit()

    def back_to_last_good(self) -> None:
        """Undo to the last position of this game from which the goal can still be reached;
        when none can (a start no play solves, chosen or typed), undo nothing and say so (found
        by an outside trial: every move was undone, "Back at a position that can still reach
        the goal" said of a start that cannot). The walk is the flow's (GameFlow.way_back_job:
        positions from a dead end proven in this game on are skipped unsearched, a position no
        search decides within WAY_BACK_SECONDS is left undecided); Cancel stops it."""
        job = self.flow.way_back_job(self.window.dead_ends(),
                                     self.tr("checking earlier positions"))
        self.panel.back_to_good_button.hide()
        self.assistant.run("goback", job, self.session.state)
        self.changed.emit()

    def reword(self) -> None:
        """Say the hint shown and the Edit menu's moves again, in the words the settings give
        now (found by an outside trial: after Hole names changed, the hint still named cells the
        old way, which now named other cells). A hint no longer shown, or about another
        position, is left alone."""
        undo_stack = self.window.undo_stack
        for i in range(undo_stack.count()):
            reword = getattr(undo_stack.command(i), "reword", None)
            if reword is not None:
                reword()
        kept = self._hint_words
        if kept is None or self.session is None:
            return
        result, state, text, step = kept
        if text != self.window.hint_text or state != self.session.state:
            return
        words = self.answer_words(result, state, step)
        self._say(words)
        self._hint_words = (result, state, words, step)

    def answer_words(self, result: SolveResult, state, step: int = HINT_MOVE) -> str:
        """What the hint line says about an answer from state at a step of the graded hint: its
        sentence and, at a dead end, why the goal cannot be reached, on a line of its own (found
        by an outside trial: the reason was only the line's tool tip, which a player never
        hovers for); before the last step, what the next press shows."""
        puzzle = self.session.puzzle
        if step == HINT_DISTANCE:
            text = distance_text(result, puzzle.ABILITIES)
        elif step == HINT_PIECE and result.moves:
            text = self.view.piece_words(result.moves[0])
        else:
            text = answer_text(result, lambda m: move_text(puzzle, state, m, advice=True))
        if result.moves and step < HINT_MOVE:
            prompt = self.view.piece_prompt() if step == HINT_DISTANCE else None
            text += "\n" + (prompt or self.view.move_prompt())
        if result.moves is None and result.status == UNSOLVABLE and result.reason:
            text += "\n" + answer_detail(result)
        return text

    # ---- the replay panel

    def open_replay(self, state, result: SolveResult, base: list | None = None) -> None:
        """Replay result's solution from state; base: the game's steps that led to state (the
        game's own by default; [] for the shortest solution from the start after a win)."""
        puzzle = self.session.puzzle
        replay = self.flow.open_replay(state, list(result.moves), base)
        # the hint was about the game's position, not the replay's: it goes
        self._say("")
        self.panel.back_to_good_button.hide()
        rows = [move_text(puzzle, s, m) for s, m in zip(replay.states, replay.moves)]
        # a first move that goes on with the chain in progress costs no move: its row says so,
        # and the title counts the moves the solution takes
        goes_on = bool(result.stats.get(CONTINUES))
        counted = moves_taken(result)
        title = solution_title(counted, result.proven_minimal, bool(result.stats.get(HIDDEN)))
        if goes_on:
            rows[0] = self.tr("%1 (going on with your move: no move counted)").replace(
                "%1", rows[0])
            if counted == 0:
                title = self.tr("Your move goes on to the finish")
        self.panel.replay.set_solution(title, rows)
        self.panel.show_replay(True)
        self.view.interactive = False
        self.window.analysis.analyse()  # the marks are about the game's position, not the replay's
        self._show_replay_step(0)
        self.count_replay_choices(state, self.flow.chain_in_progress() if base is None else None)
        self.changed.emit()

    def replay_par(self, par: Par | None) -> None:
        """After a win: replay the shortest (or best known) solution from the start."""
        if par is None or not par.moves or self.session is None:
            return
        self.open_replay(self.session.start,
                         SolveResult(SOLVED, moves=list(par.moves), proven_minimal=par.proven),
                         base=[])
        self.panel.search_view.show_record(par.search)

    def replayed_session(self) -> Session:
        """The game as it would stand with the replay's moves played up to the panel's step."""
        return self.flow.replayed_session(self.panel.replay.step)

    def _show_replay_step(self, step: int) -> None:
        replay = self.flow.replay
        self.view.set_state(replay.states[step])
        self.view.set_hint(replay.next_move(step))
        self.changed.emit()

    def _on_replay_step(self, old: int, new: int) -> None:
        replay = self.flow.replay
        if new == old + 1:  # one step forward: the view may animate it
            self.view.play_move(replay.moves[old], replay.states[new])
            self.view.set_hint(replay.next_move(new))
            self.changed.emit()
        else:
            self._show_replay_step(new)

    def play_from_replay(self, step: int) -> None:
        """Hand the position back to the player: the solution's moves become game moves
        (GameFlow.replay_handback), each on the undo stack as the player's own would be."""
        self.close_replay(keep=True)
        handback = self.flow.replay_handback(step)
        if handback is None:  # not possible today: the base is a prefix of the game
            return
        pops, plays = handback
        if plays:
            self.tracker.assisted()
        window = self.window
        if pops:  # a replay from earlier (the shortest from the start)
            window.mirror(self.flow.go_back(pops), self.tr("Restart"))
        for move in plays:
            edit = self.flow.play(move)
            window.mirror(edit, window.move_words(edit))

    def close_replay(self, keep: bool = False) -> None:
        """The board shows the game again (keep: the flow's replay is handed back next)."""
        self.panel.replay.pause()
        self.choices_runner.cancel()
        if not keep:
            self.flow.close_replay()
        self.panel.show_replay(False)
        self.view.interactive = True
        self.view.set_state(self.session.state)
        self.view.set_hint(None)  # the replay's next move is no hint for the game
        # "How it was found" told of the replayed solution: it goes with it (found by a new
        # player, it stayed beside the game)
        self.panel.search_view.show_record(None)
        self.window.analysis.analyse()
        self.changed.emit()

    def count_replay_choices(self, state, last=None) -> None:
        """In the worker: for each move of the replayed solution, how many moves were as good
        at that point (the replay panel shows where the solution had choices); last: the chain
        in progress at state, whose continuation costs no move."""
        puzzle, moves = self.session.puzzle, list(self.flow.replay.moves)
        self.replay_choices = []

        def job(progress, stop):
            return choices_along(puzzle, state, moves, progress, stop, last=last)

        self._choices_tag = object()  # this replay's question: a later answer is not its own
        self.choices_runner.start(job, tag=self._choices_tag)

    def _on_replay_choices(self, tag, counts) -> None:
        if not self.panel.replaying or tag is not self._choices_tag:
            return
        self.replay_choices = list(counts)
        self.panel.replay.set_choices(self.replay_choices)

    def ask_export_solution(self) -> None:
        """The replayed solution to a file the player names (PDF, PNG or SVG)."""
        path = ask_save_path(self.window, self.tr("Export solution"),
                             f"{self.window.export_name()}-solution.pdf",
                             "PDF (*.pdf);;PNG (*.png);;SVG (*.svg)")
        if path:
            self.export_solution(path)

    def export_solution(self, path: str | Path) -> int:
        """The replayed solution as a sheet of diagrams; the number of pages, 0 on failure."""
        puzzle, replay = self.session.puzzle, self.flow.replay
        if replay is None:
            return 0
        captions = [self.tr("Start")] + [
            f"{k}. {move_text(puzzle, s, m)}"
            for k, (s, m) in enumerate(zip(replay.states, replay.moves), 1)]
        try:
            title = sheets.solution_title(self.window.heading(), replay.length)
            # the notation under the title: the articles' numbering, whatever the hole names
            return sheets.export_states(path, puzzle, replay.states, captions, title=title,
                                 subtitle=puzzle.format_moves(replay.moves),
                                 trails=[None, *replay.moves])
        except (sheets.ExportError, OSError, ValueError) as exc:
            self.window.show_error(self.tr("Cannot export"), translated(exc))
            return 0

    def copy_solution(self) -> None:
        if self.flow.replay is not None:
            sheets.copy_notation(self.session.puzzle.format_moves(self.flow.replay.moves))


    def shutdown(self) -> None:
        self.choices_runner.shutdown()
