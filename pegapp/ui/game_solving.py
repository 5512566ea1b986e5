"""The solve flow of the game window: Hint and Solve (answers in stages from the assistant), going
back to the last good position, and the replay panel (a solution step by step, playing on from a
step, the count of equally good moves)."""

from __future__ import annotations

import copy
import dataclasses

from PySide6.QtCore import QCoreApplication

from pegapp.puzzles.analysis import GUESSES, choices_along
from pegapp.puzzles.base import EXTEND, HIDDEN, MEMORY, REACH, STAGES, replay_states
from pegapp.puzzles.hints import (CONTINUES, NO_WAY_BACK, continues, dead_end_before, hint,
                                  moves_taken, way_back)
from pegapp.puzzles.session import Session
from pegapp.solvers.result import SOLVED, UNSOLVABLE, SolveResult
from pegapp.ui.assistant import answer_detail, answer_text, distance_text, solution_title
from pegapp.ui.i18n import family_name
from pegapp.ui.move_command import move_text
from pegapp.ui.settings_dialog import read_setting
from pegapp.ui.worker import JobError


#: how long Solve waits for a proof of minimality when it already has a solution to show
SOLVE_PROOF_SECONDS = 6.0

#: how long the way back asks about one earlier position before it leaves it undecided and asks
#: the one before. Why: on Wiegleb 45 no search decides some positions before a dead end within
#: minutes, and the walk waited on the first of them until the player cancelled it. Why 2 s:
#: a position the walk can show still wins is shown by the quick line in 0.1-0.5 s, so the
#: limit decides only how many dead ends are proven on the way; on the hint curve's eight
#: twelve-move games (benchmarks/bench_way_back.py) every walk landed on the same position at
#: 2 s as at 6 s (Solve's limit), in 12.5 s median instead of 34.8 s
WAY_BACK_SECONDS = 2.0

#: the graded hint's steps (issue #56): how far the goal is, which piece to move, the move
HINT_DISTANCE, HINT_PIECE, HINT_MOVE = 1, 2, 3


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
        return (self.session.puzzle.id, repr(sorted(self.session.params.items())))

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
        if (self.session is not None and self.assistant.busy
                and self.assistant.asking_about == self.session.state):
            self.panel.say_still_searching()
            return
        if self.session is not None and not self.panel.replaying:
            step = self._next_hint_step()
            self._hint_step = (self.session, self.session.state, step)
            self.tracker.hint(step)
        self._ask("hint")

    def hint_step(self) -> int:
        """The step of the graded hint shown about the position on the board (0: none yet). A
        move, undo, redo, restart or another game starts again from 0 (_on_history_changed)."""
        session, state, step = getattr(self, "_hint_step", (None, None, 0))
        if session is not self.session or session is None or state != session.state:
            return 0
        return step

    def _next_hint_step(self) -> int:
        if read_setting(self.settings, "solver/whole_hint"):
            return HINT_MOVE
        step = min(self.hint_step() + 1, HINT_MOVE)
        if step == HINT_PIECE and self.view.piece_prompt() is None:  # no piece to point at
            step = HINT_MOVE
        return step

    def request_solve(self) -> None:
        self._ask("solve")

    def _ask(self, kind: str) -> None:
        if self.session is None or self.panel.replaying:
            return
        unhashable = self._unhashable_state()
        if unhashable is not None:
            self._on_solver_failed(kind, unhashable)
            return
        solve, how = self._solve_job(kind)
        problem, apply = self._hint_problem()
        self._after_a_dead_end(problem)
        self.assistant.ask(kind, problem, self.session.state, solve, apply, **how)
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

    def _after_a_dead_end(self, problem) -> None:
        """When this game passed through a position proven a dead end (a hint or Solve there),
        the position on the board is one too: its answer goes into the assistant's cache, so
        the question is answered at once with no search (hints.dead_end_before)."""
        session = self.session
        if self.assistant.cached(problem, session.state) is not None:
            return
        dead = self.dead_ends()
        found = dead_end_before(session.states[:-1], dead.__contains__) if dead else None
        if found is not None:
            self.assistant.remember(problem, session.state, found, None)

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
        play a move for caching its solution's tail): the problem, and where a move could go on
        with the chain in progress for free, that chain too, since the answer can then be a
        move shorter than the position's own (hints.free_continuation). Such an answer's tail
        is cached by _keep_the_rest alone: the positions after it are reached with other
        chains in progress."""
        puzzle, state = self.session.puzzle, self.session.state
        last = self._chain_in_progress()
        if last is None or not any(continues(puzzle, last, m) for m in puzzle.moves(state)) \
                or self._played_a_shortest_move():
            return self._problem(), puzzle.apply
        return (self._problem(), tuple(last)), None

    def _keep_the_rest(self, state, result: SolveResult) -> None:
        """An answer that goes on with the chain in progress (CONTINUES): the position after
        that jump on is answered too, by the rest of the line (found by a review: following such
        a hint, the next one searched again). No further jump on can save a move there (the two
        together would be a continuation from state saving two), so the rest stands under the
        key a hint there asks with (the chain grown by the jump on), and its tails under the
        plain key, whose positions are reached by new moves."""
        last = self._chain_in_progress()
        if not (result.stats.get(CONTINUES) and result.proven_minimal and last is not None
                and state == self.session.state and len(result.moves) > 1):
            return
        puzzle = self.session.puzzle
        grown = puzzle.join(last, result.moves[0])
        there = puzzle.apply(state, result.moves[0])
        rest = SolveResult(SOLVED, moves=list(result.moves[1:]), proven_minimal=True)
        self.assistant.remember((self._problem(), tuple(grown)), there, rest, None)
        self.assistant.remember(self._problem(), there, rest, puzzle.apply)

    def _before_last_move(self):
        """The position before the move just played (all of its chain), or None at the start."""
        session = self.session
        if not session.moves:
            return None
        steps = len(session.puzzle.split(session.moves[-1])) if session.extends else 1
        return session.states[-1 - steps]

    def _played_a_shortest_move(self) -> bool:
        """Whether the assistant knows the move just played to be a first move of a shortest
        solution from the position before it (its answers there and here, one move apart). Then
        no jump on by its peg can save a move (that jump and the move are one move from the
        position before), so the position's own answer, and a solution tail cached for it,
        stand: following hint after hint takes one search, chains or not."""
        before = self._before_last_move()
        if before is None:
            return False
        problem = self._problem()
        there = self.assistant.proven_count(problem, before)
        here = self.assistant.cached(problem, self.session.state)
        return (there is not None and here is not None and here.proven_minimal
                and here.moves is not None and len(here.moves) == there - 1)

    def _solve_job(self, kind: str):
        """(solve(state, progress, stop[, interim]), how the assistant runs it) for a hint or
        Solve of the current game."""
        puzzle = self.session.puzzle
        if MEMORY in puzzle.ABILITIES:  # searches with a memory cap: the Settings' budget
            puzzle.memory_gb = read_setting(self.settings, "solver/memory_gb")
        staged = STAGES in puzzle.ABILITIES
        # Solve shows a whole solution within seconds (proven when the proof ends by then);
        # the hint's proof goes on as long as it needs
        limit = {"proof_seconds": SOLVE_PROOF_SECONDS} if kind == "solve" and staged else {}
        last, before = self._chain_in_progress(), self._before_last_move()

        def solve(state, progress, stop, interim=None):
            # the same path as `pegapp hint`: a winning move first when the puzzle answers in
            # stages, then the proven minimum (and the chain in progress goes on if that is
            # shorter)
            on_interim = None if interim is None else (lambda answer: interim(answer.result))
            return checked_answer(puzzle, state, lambda given: hint(
                puzzle, given, progress, stop, interim=on_interim, last=last, before=before,
                **limit).result)

        return solve, ({"staged": True} if staged else {})  # staged: a winning line first

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
        solve, how = self._solve_job("hint")
        problem, apply = self._hint_problem()
        self._after_a_dead_end(problem)
        self.assistant.ponder(problem, session.state, solve, apply, **how)

    def _on_answer(self, kind: str, state, result) -> None:
        if kind == "goback":
            if state == self.session.state and result is not None:
                self._went_back(*result)
            return
        if state != self.session.state:
            return
        if not result.stats.get("interim"):  # how the answer was found, when the solver says
            self.panel.search_view.show_record(result.search)
            self._keep_the_rest(state, result)
        puzzle = self.session.puzzle
        if result.proven_minimal and result.moves is not None and state == self.session.start \
                and self.start_is_the_rows():
            self.tracker.minimum(len(result.moves))
        if kind == "solve" and result.moves and not result.stats.get("interim"):
            self.open_replay(state, result)
            return
        # a winning line before the proof: what Cancel keeps (cancel_search)
        self._found_before_proof = (kind, state, result) if result.stats.get("interim") else None
        step = HINT_MOVE if kind == "solve" else (self.hint_step() or HINT_MOVE)
        self.hint_text = self.answer_words(result, state, step)
        self._hint_words = (result, state, self.hint_text, step)  # reword says it again
        self.panel.hint_label.setToolTip(answer_detail(result))
        move = result.moves[0] if result.moves else None
        if move is not None and step == HINT_DISTANCE:
            move = None
        elif move is not None and step == HINT_PIECE:
            move = self.view.hint_piece(move)
        self.view.set_hint(move)
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
        step = HINT_MOVE if kind == "solve" else (self.hint_step() or HINT_MOVE)
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
