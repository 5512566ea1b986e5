"""The solve flow of the game window: Hint and Solve (answers in stages from the assistant), going
back to the last good position, and the replay panel (a solution step by step, playing on from a
step, the count of equally good moves)."""

from __future__ import annotations

import copy
import dataclasses

from PySide6.QtCore import QCoreApplication

from pegapp.puzzles.analysis import GUESSES, choices_along
from pegapp.puzzles.base import EXTEND, HIDDEN, MEMORY, REACH, replay_states
# SOLVE_PROOF_SECONDS and the hint's steps are the flow's, importable from here too
from pegapp.puzzles.flow import (HINT_DISTANCE, HINT_MOVE, HINT_PIECE,  # noqa: F401
                                 SHOW_NOTHING, SHOW_PIECE, SOLVE_PROOF_SECONDS)
from pegapp.puzzles.hints import (CONTINUES, NO_WAY_BACK, moves_taken, way_back)
from pegapp.puzzles.session import Session
from pegapp.solvers.result import UNSOLVABLE, SolveResult
from pegapp.ui.assistant import answer_detail, answer_text, distance_text, solution_title
from pegapp.ui.i18n import family_name
from pegapp.ui.move_command import move_text
from pegapp.ui.settings_dialog import read_setting
from pegapp.ui.worker import JobError


#: how long the way back asks about one earlier position before it leaves it undecided and asks
#: the one before. Why: on Wiegleb 45 no search decides some positions before a dead end within
#: minutes, and the walk waited on the first of them until the player cancelled it. Why 2 s:
#: a position the walk can show still wins is shown by the quick line in 0.1-0.5 s, so the
#: limit decides only how many dead ends are proven on the way; on the hint curve's eight
#: twelve-move games (benchmarks/bench_way_back.py) every walk landed on the same position at
#: 2 s as at 6 s (Solve's limit), in 12.5 s median instead of 34.8 s
WAY_BACK_SECONDS = 2.0


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


class SolveFlow:
    """Hints, Solve and the replay: a part of GameWindow (pegapp.ui.game_window), which it is mixed
    into; it uses the window's session, panel, assistant and view."""

    def _problem(self):
        return self.flow.problem()

    @property
    def replaying(self) -> bool:
        return self.panel.replaying

    def request_hint(self) -> None:
        """The next step of the graded hint about the position on the board (issue #56): how
        far the goal is, then which piece to move, then the whole move (at once with the
        setting "solver/whole_hint"). Each step asks the assistant the same question, so the
        proof runs once and the later steps show its cached answer. Asked again while the
        search about this position runs, it neither starts the search again nor moves on a
        step: it says the answer is on its way (issue #76)."""
        if self.flow.still_searching():
            self.panel.say_still_searching()
            return
        if self.session is not None and not self.panel.replaying:
            step = self.flow.take_hint_step(
                read_setting(self.settings, "solver/whole_hint"),
                lambda: self.view.piece_prompt() is not None)  # a piece to point at
            self.tracker.hint(step)
        self._ask("hint")

    def hint_step(self) -> int:
        """The step of the graded hint shown about the position on the board (0: none yet). A
        move, undo, redo, restart or another game starts again from 0 (GameFlow)."""
        return self.flow.hint_step()

    def request_solve(self) -> None:
        self._ask("solve")

    def _ask(self, kind: str) -> None:
        if self.session is None or self.panel.replaying:
            return
        unhashable = self._unhashable_state()
        if unhashable is not None:
            self._on_solver_failed(kind, unhashable)
            return
        self._memory_budget()
        self.flow.ask(kind, self.dead_ends, checked_answer)
        self.refresh()

    def _unhashable_state(self) -> str | None:
        """Why the position on the board cannot be asked about, or None: answers are kept by
        position, so a family whose states are not hashable has no hint (its words)."""
        try:
            hash(self.session.state)
        except TypeError as exc:
            return self.tr("its states are not hashable (%1: %2); states are immutable, "
                           "hashable values").replace(
                "%1", type(self.session.state).__name__).replace("%2", str(exc))
        return None

    def _on_solver_failed(self, kind: str, message: str) -> None:
        """A hint or Solve that failed names the family whose solver it was (a plug-in's, as
        often as not); any other search's failure is said as every window says it."""
        if kind not in ("hint", "solve") or self.session is None:
            super()._on_solver_failed(kind, message)
            return
        self.hint_text = self.tr("The solver of %1 failed: %2").replace(
            "%1", family_name(self.family)).replace("%2", message)
        self.panel.search_view.show_record(None)
        self.refresh()

    def known_dead(self) -> bool:
        """Whether the position on the board is known a dead end in this session: itself, or a
        position the game passed through on its way here (the status line says so)."""
        dead = self.dead_ends()
        return bool(dead) and any(state in dead for state in self.session.states)

    def dead_ends(self) -> set:
        """The positions of this problem proven dead ends in this session: by a hint or Solve
        (the assistant's cache) or by analysis mode (every move of the position a dead end)."""
        problem = self._problem()
        return self.assistant.dead_ends(problem) | {
            state for (key, state, _chain), ann in self.analysis_cache.items()
            if key == problem and ann.measure != GUESSES and ann.dead_end}

    def _hint_problem(self):
        """(the assistant's key for a hint or Solve about the position on the board, how to
        play a move for caching its solution's tail): GameFlow.hint_problem."""
        return self.flow.hint_problem()

    def _memory_budget(self) -> None:
        """A family whose searches have a memory cap gets the Settings' budget."""
        puzzle = self.session.puzzle
        if MEMORY in puzzle.ABILITIES:
            puzzle.memory_gb = read_setting(self.settings, "solver/memory_gb")

    def think_ahead(self) -> None:
        """After a move, work out the hint about the new position in the background while the
        player thinks (SolveAssistant.ponder): a hint asked a few seconds later is there at
        once, or comes that much sooner. Only for a player who has asked for a hint in this
        game (no one else pays for it in time or memory), when the setting allows, the game
        is not over and the worker is free (analysis mode has a worker of its own, and its
        searches come first)."""
        session = self.session
        if (session is None or session.solved or self.panel.replaying or self.analysing
                or not self.tracker.hints_this_game or self._unhashable_state() is not None
                or not read_setting(self.settings, "solver/think_ahead")):
            return
        self._memory_budget()
        self.flow.ponder(self.dead_ends, checked_answer)

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
                and self.start_is_the_rows():
            self.tracker.minimum(len(result.moves))
        if kind == "solve" and result.moves and not result.stats.get("interim"):
            self.open_replay(state, result)
            return
        # a winning line before the proof: what Cancel keeps (cancel_search)
        self._found_before_proof = (kind, state, result) if result.stats.get("interim") else None
        shown = self.flow.hint_shown(kind, state, result)
        step = shown.step
        self.hint_text = self.answer_words(result, state, step)
        self._hint_words = (result, state, self.hint_text, step)  # reword says it again
        self.panel.hint_label.setToolTip(answer_detail(result))
        move = shown.move
        if shown.mark == SHOW_PIECE:
            move = self.view.hint_piece(move)
        self.view.set_hint(None if shown.mark == SHOW_NOTHING else move)
        self.panel.back_to_good_button.setVisible(
            result.status == UNSOLVABLE and bool(self.session.moves)
            and REACH in puzzle.ABILITIES)
        self.refresh()

    def cancel_search(self) -> None:
        """Stop the search; a winning line it showed before its proof stays (issue #72: Cancel
        left only "Search cancelled." of a long Wiegleb proof), said to be unproven: its first
        move on the board and its words (a hint's at the step shown), and for Solve, which asked
        for the whole line, the line. The game stays in play (no replay opens)."""
        found = getattr(self, "_found_before_proof", None)
        self._found_before_proof = None
        asked = (self.assistant.asking, self.assistant.asking_about)
        super().cancel_search()
        if found is None or self.session is None:
            return
        kind, state, result = found
        if (kind, state) != asked or state != self.session.state or not result.moves:
            return
        unproven = dataclasses.replace(result, proven_minimal=False, stats={
            k: v for k, v in result.stats.items() if k != "interim"})
        cancelled = self.tr("Search cancelled: the line found wins, but it is unproven whether "
                            "it is the shortest.")
        step = self.flow.answer_step(kind)
        words = [cancelled, self.answer_words(unproven, state, step)]
        if kind == "solve":
            words.append(self.tr("The line, in notation: %1").replace(
                "%1", self.session.puzzle.format_moves(list(unproven.moves))))
        self.hint_text = "\n".join(words)
        self.panel.hint_label.setToolTip(answer_detail(unproven))
        self.refresh()

    def _went_back(self, step: int, undecided: int) -> None:
        """The way back's answer: undo to step (NO_WAY_BACK: nothing), and say so, with the
        later positions it left undecided (WAY_BACK_SECONDS each), if any."""
        if step == NO_WAY_BACK and undecided:
            self.hint_text = self.tr("No earlier position of this game was shown to reach the "
                                     "goal: %1 could not be decided in time.").replace(
                                         "%1", str(undecided))
        elif step == NO_WAY_BACK:
            self.hint_text = self.tr("No position of this game can reach the goal: its "
                                     "start cannot be solved. Choose another start or game.")
        else:
            while self.session.step_count > step and self.undo_stack.canUndo():
                self.undo_stack.undo()
            self.hint_text = self.tr("Back at a position that can still reach the goal.")
            if undecided:
                self.hint_text = self.tr(
                    "Back at the last position shown to reach the goal: %1 later ones could "
                    "not be decided in time, and one of them may reach it too.").replace(
                        "%1", str(undecided))
        self.refresh()

    def back_to_last_good(self) -> None:
        """Undo to the last position of this game from which the goal can still be reached;
        when none can (a start no play solves, chosen or typed), undo nothing and say so (found
        by an outside trial: every move was undone, "Back at a position that can still reach
        the goal" said of a start that cannot). Positions from a dead end proven in this
        session on are skipped unsearched (dead_ends). A position no search decides within
        WAY_BACK_SECONDS is left undecided and the walk goes on before it (_went_back says how
        many); Cancel stops the question being asked (can_reach takes the worker's stop)."""
        puzzle = self.session.puzzle
        history = replay_states(puzzle, self.session.start, self.session.steps)
        stage = self.tr("checking earlier positions")
        # a position from a proven dead end on is one too: the walk starts before the first
        # (on Wiegleb 45 each dead end the walk meets is a proof of up to a minute and more)
        dead = self.dead_ends()
        last = next((k for k, state in enumerate(history) if state in dead), len(history))

        def job(progress, stop):
            return way_back(puzzle, history, last, WAY_BACK_SECONDS, progress, stop, stage)

        self.panel.back_to_good_button.hide()
        self.assistant.run("goback", job, self.session.state)
        self.refresh()

    def reword(self) -> None:
        """Say the hint shown and the Edit menu's moves again, in the words the settings give
        now (found by an outside trial: after Hole names changed, the hint still named cells the
        old way, which now named other cells). A hint no longer shown, or about another
        position, is left alone."""
        for i in range(self.undo_stack.count()):
            reword = getattr(self.undo_stack.command(i), "reword", None)
            if reword is not None:
                reword()
        kept = getattr(self, "_hint_words", None)
        if kept is None or self.session is None:
            return
        result, state, text, step = kept
        if text != self.hint_text or state != self.session.state:
            return
        self.hint_text = self.answer_words(result, state, step)
        self._hint_words = (result, state, self.hint_text, step)

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

    def open_replay(self, state, result: SolveResult, base: list | None = None) -> None:
        """Replay result's solution from state; base: the game's steps that led to state (the
        game's own by default; [] for the shortest solution from the start after a win)."""
        puzzle = self.session.puzzle
        self.replay_base = list(self.session.steps) if base is None else list(base)
        # the hint was about the game's position, not the replay's: it goes
        self.hint_text = ""
        self.panel.back_to_good_button.hide()
        self.replay_moves = list(result.moves)
        self.replay_states = replay_states(puzzle, state, self.replay_moves)
        rows = [move_text(puzzle, s, m) for s, m in zip(self.replay_states, self.replay_moves)]
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
        self.analyse()  # the marks are about the game's position, not the replay's
        self._show_replay_step(0)
        self.count_replay_choices(state, self._chain_in_progress() if base is None else None)
        self.refresh()

    def replayed_session(self) -> Session:
        """The game as it would stand with the replay's moves played up to the panel's step:
        the counters follow the position on the board during a replay."""
        moves = self.replay_base + self.replay_moves[:self.panel.replay.step]
        return Session(self.session.puzzle, self.session.params, self.session.start, moves)

    def _next_replay_move(self, step: int):
        return self.replay_moves[step] if step < len(self.replay_moves) else None

    def _show_replay_step(self, step: int) -> None:
        self.view.set_state(self.replay_states[step])
        self.view.set_hint(self._next_replay_move(step))
        self.refresh()

    def _on_replay_step(self, old: int, new: int) -> None:
        if new == old + 1:  # one step forward: the view may animate it
            self.view.play_move(self.replay_moves[old], self.replay_states[new])
            self.view.set_hint(self._next_replay_move(new))
            self.refresh()
        else:
            self._show_replay_step(new)

    def play_from_replay(self, step: int) -> None:
        """Hand the position back to the player: the solution's moves become game moves."""
        moves = self.replay_moves[:step]
        base = self.replay_base
        self.close_replay()
        if moves:
            self.tracker.assisted()
        puzzle = self.session.puzzle
        steps = list(self.session.steps)
        if steps[:len(base)] != base:  # not possible today: the base is a prefix of the game
            return
        if len(steps) > len(base):  # a replay from earlier (the shortest from the start)
            self.mirror(self.flow.go_back(len(steps) - len(base)), self.tr("Restart"))
        for m in moves:
            # a move that grows step by step (a peg chain) is handed back a step at a time, so
            # Undo takes back one step, as after the player's own moves
            for step in (puzzle.split(m) if EXTEND in puzzle.ABILITIES else [m]):
                edit = self.flow.play(step)
                self.mirror(edit, self.move_words(edit))

    def close_replay(self) -> None:
        self.panel.replay.pause()
        self.choices_runner.cancel()
        self.panel.show_replay(False)
        self.view.interactive = True
        self.view.set_state(self.session.state)
        self.view.set_hint(None)  # the replay's next move is no hint for the game
        # "How it was found" told of the replayed solution: it goes with it (found by a new
        # player, it stayed beside the game)
        self.panel.search_view.show_record(None)
        self.analyse()
        self.refresh()

    def count_replay_choices(self, state, last=None) -> None:
        """In the worker: for each move of the replayed solution, how many moves were as good
        at that point (the replay panel shows where the solution had choices); last: the chain
        in progress at state, whose continuation costs no move."""
        puzzle, moves = self.session.puzzle, list(self.replay_moves)
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
