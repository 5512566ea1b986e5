"""GameFlow: one game's flow, without Qt (issue #73 point 1), the way the midend of Simon Tatham's
puzzles (midend.c) runs every game's moves, undo and saving while each front end only draws and
forwards input. The window (pegapp.ui.game_window) holds one GameFlow, forwards the player's
moves, undo, redo, restart and hint presses to it, and reads back what to show.

What it owns:
- **The game and its history**: the Session (pegapp.puzzles.session) and a stack of edits
  (`Edit`: take back some steps, then push some moves), with undo and redo.
- **The graded hint's stages** (issue #56): which step a press of Hint shows next (how far the
  goal is, which piece to move, the move), what the board shows at each step, and that any
  change of the history starts again from the first step.
- **The question to the solvers**: the cache key of a hint or Solve about the position (the
  problem, and the chain in progress when a jump on could be free), the search job
  (`hints.hint`, the path `pegapp hint` takes), an answer known from a dead end earlier in the
  game, and the tail of an answer that goes on with the chain. It asks through a `Searcher`.
- **Solve's replay** (`Replay`): a solution shown step by step from a position (the game's, or
  the start's after a win), the game as it stands at each step, and what "play from here" hands
  back to the player (`replay_handback`).
- **The way back** (`way_back_job`): the walk to the last position of the game that can still
  reach the goal, skipping those from a dead end proven on.
- **Think-ahead** (`may_think_ahead`): when the search a hint would make starts in the
  background, and the positions proven dead ends in the game (`dead_ends`, `known_dead`).
- **The ending and the par**: the fewest moves known from the game's start (the shipped
  catalogue, an answer known, else a search to run), which verdict the ending gives a won game
  against it, whether a game not won is over (no legal move left), and whether the review is
  offered (`reviewable`).
- **The autosave policy**: what counts as a change (an edit, undo, redo, another game), and
  whether a write must be scheduled; the window keeps the timer and writes what the flow
  hands it (pegapp.ui.game_files).

Why a plain-Python stack of edits that the window's QUndoStack mirrors, and not the QUndoStack
alone or this stack alone: the history must be Qt-free to be tested without Qt (and to be the
same for every front end), while QUndoStack gives the Edit menu its words ("Undo d4-d6", said
again when the hole names change), macros (a solution played in is undone as one), the enabled
states and the keys, which no player should see change. So every change of the history is done
here first, then mirrored by exactly one command pushed at once (pegapp.ui.move_command): its
first redo only shows the move; later its undo and redo call `undo(edit)` and `redo(edit)`
here, which check that the edit is the one on top, so the two stacks cannot drift apart.

Why the searcher is an interface: a search runs for seconds to minutes in a worker thread in the
window (pegapp.ui.assistant.SolveAssistant, pegapp.ui.worker) and answers later through its
owner's callback; the tests give a synchronous fake that answers at once (tests/test_flow.py).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from pegapp.puzzles.base import ANNOTATE, EXTEND, HIDDEN, STAGES, replay_states
from pegapp.puzzles.hints import CONTINUES, continues, dead_end_before, hint, way_back
from pegapp.puzzles.session import Session
from pegapp.solvers.record import CATALOGUE, CATALOGUE_ORIGIN, SearchRecord
from pegapp.solvers.result import SOLVED, SolveResult

#: the graded hint's steps (issue #56): how far the goal is, which piece to move, the move
HINT_DISTANCE, HINT_PIECE, HINT_MOVE = 1, 2, 3
#: what the board shows at a step of the graded hint (HintShown.mark)
SHOW_NOTHING, SHOW_PIECE, SHOW_MOVE = "nothing", "piece", "move"

#: how long Solve waits for a proof of minimality when it already has a solution to show
SOLVE_PROOF_SECONDS = 6.0

#: how long after a change to the game its autosave is written: a burst of changes (a chain of
#: jumps, keys held down, a solution played in) costs one write, and a crash loses at most this
#: much play (a write pending is not put off by later changes, so steady play is saved this often)
AUTOSAVE_DELAY_MS = 300

#: how long the way back asks about one earlier position before it leaves it undecided and asks
#: the one before. Why: on Wiegleb 45 no search decides some positions before a dead end within
#: minutes, and the walk waited on the first of them until the player cancelled it. Why 2 s:
#: a position the walk can show still wins is shown by the quick line in 0.1-0.5 s, so the
#: limit decides only how many dead ends are proven on the way; on the hint curve's eight
#: twelve-move games (benchmarks/bench_way_back.py) every walk landed on the same position at
#: 2 s as at 6 s (Solve's limit), in 12.5 s median instead of 34.8 s
WAY_BACK_SECONDS = 2.0

#: solve(state, progress, stop[, interim]) -> SolveResult, run by the searcher
SolveFn = Callable[..., SolveResult]


class FlowError(RuntimeError):
    """The window's undo stack and the flow's history disagree (a bug, never the player's)."""


class Searcher(Protocol):
    """What the flow needs of the solvers' side: SolveAssistant in the window (a worker thread,
    answers through its `answered` signal), a synchronous fake in the tests. Answers reach the
    searcher's owner, which hands them to `GameFlow.hint_shown` and `GameFlow.keep_the_rest`."""

    @property
    def busy(self) -> bool: ...

    @property
    def asking_about(self) -> Any: ...

    def ask(self, kind: str, problem: Hashable, state: Hashable, solve: SolveFn,
            apply: Callable[[Any, Any], Any] | None = None, staged: bool = False) -> bool: ...

    def ponder(self, problem: Hashable, state: Hashable, solve: SolveFn,
               apply: Callable[[Any, Any], Any] | None = None, staged: bool = False) -> bool: ...

    def cancel(self) -> None: ...

    def cancel_unless(self, state: Hashable) -> None: ...

    def cached(self, problem: Hashable, state: Hashable) -> SolveResult | None: ...

    def remember(self, problem: Hashable, state: Hashable, result: SolveResult,
                 apply: Callable[[Any, Any], Any] | None) -> None: ...

    def proven_count(self, problem: Hashable, state: Hashable) -> int | None: ...

    def dead_ends(self, problem: Hashable) -> set: ...


@dataclass(eq=False)
class Edit:
    """One change of the game's history: take the session back to `base` steps (`popped`: the
    steps taken back, in the order they were played), then push `moves`. A move is
    Edit([move]); restart is Edit([], pops=every step). Undone by taking the session back to
    `base` and pushing `popped` again."""
    moves: list
    pops: int = 0
    base: int = 0
    popped: list = field(default_factory=list)
    #: a step the session held already (a loaded game's): entered so that it can be undone
    recorded: bool = False


@dataclass(frozen=True)
class HintShown:
    """What to show of an answer: the graded hint's step, and what the board marks (nothing at
    the distance step, the piece of `move` at the piece step, else `move`, None when the answer
    has no move)."""
    step: int
    mark: str
    move: Any


@dataclass(frozen=True)
class Par:
    """The fewest moves known for a game from its start: the ending compares the player's
    count with it."""
    count: int
    proven: bool            # proven minimal; else the best solution known
    moves: list | None      # that solution, from the start (replayed on request)
    search: Any = None      # how it was found (a SearchRecord), shown when it is replayed


@dataclass
class Replay:
    """A solution replayed step by step (Solve's answer, or the shortest solution from the start
    after a win): `states[k]` is the position after k of its `moves`; `base` the game's steps
    before its first move (the game's own, or [] from the start)."""
    moves: list
    states: list
    base: list

    @property
    def length(self) -> int:
        return len(self.moves)

    def next_move(self, step: int) -> Any:
        """The move the board points at when the replay stands at step (None at the end)."""
        return self.moves[step] if step < len(self.moves) else None


#: the ending's verdicts on a won game (GameFlow.ending): the start was the goal already; the
#: par is being looked for; none is known; with a proven par: in par, or over it; with a best
#: known one (not proven minimal): fewer moves, as many, or more
(GOAL_ALREADY, LOOKING_FOR_PAR, NO_PAR, IN_PAR, OVER_PAR, BEATS_BEST, EQUALS_BEST,
 OVER_BEST) = ("goal-already", "looking", "no-par", "in-par", "over-par", "beats-best",
               "equals-best", "over-best")


def remember_answer(cache: dict, problem: Hashable, state: Hashable, result: SolveResult,
                    apply: Callable[[Any, Any], Any] | None) -> None:
    """Keep an answer about state in a searcher's cache ({(problem, state): SolveResult}), and,
    a tail of a shortest solution being itself shortest, one about every position along it
    (apply(state, move) walks it), so playing hint after hint needs one search. A solution not
    proven minimal is not kept: the next question tries the proof again. Written once for the
    window's SolveAssistant and any other Searcher."""
    if result.moves and not result.proven_minimal:
        return
    cache[(problem, state)] = result
    if apply is None or result.status != SOLVED or not result.moves:
        return
    for i, move in enumerate(result.moves[:-1]):
        state = apply(state, move)
        cache.setdefault((problem, state), SolveResult(
            SOLVED, moves=result.moves[i + 1:], proven_minimal=result.proven_minimal))


def _whole(check: Callable | None):
    """The default way a job runs a search: on the state as given (the window passes
    game_solving.checked_answer, which searches a copy and refuses a changed one)."""
    return check if check is not None else (lambda puzzle, state, answer: answer(state))


class GameFlow:
    """One game's flow: its session and history, the graded hint, the questions to the solvers
    and the autosave policy. session None: no game yet (a window being built)."""

    def __init__(self, session: Session | None = None, searcher: Searcher | None = None):
        self.searcher = searcher
        self.session: Session | None = None
        self.history: list[Edit] = []
        #: the edits done: history[:index] (the rest can be redone)
        self.index = 0
        #: every change of the game counts one (an edit, undo, redo or another game)
        self.changes = 0
        self._hint_step = 0
        #: a write of the autosave is scheduled (the window's timer runs)
        self.autosave_pending = False
        #: the changes the last write covered (or will: it reads the game when it runs)
        self._autosave_covers = 0
        #: the solution being replayed (None: the board shows the game)
        self.replay: Replay | None = None
        if session is not None:
            self.load(session)

    # ---- the game and its history

    @property
    def state(self) -> Any:
        return self.session.state

    def load(self, session: Session) -> None:
        """Another game (new, loaded or continued): its steps are the history, as the player
        made them (one edit a step), so undo takes them back one by one."""
        self.session = session
        self.history = [Edit([step], base=i, recorded=True) for i, step in enumerate(session.steps)]
        self.index = len(self.history)
        self._changed()

    def check(self, moves: Iterable[Any]) -> Any:
        """The position after moves, each checked by the rules; IllegalMove (or BadInput) with
        the reason, the game untouched."""
        state = self.session.state
        for move in moves:
            state = self.session.puzzle.apply(state, move)
        return state

    def play(self, move: Any) -> Edit:
        """Play a move (a peg jump that goes on with the chain is merged into it by the
        session); IllegalMove leaves the game as it was."""
        self.check([move])
        return self._do(Edit([move]))

    def restart(self) -> Edit | None:
        """Back to the start, undoably (None: at the start already)."""
        return self.go_back(self.session.step_count)

    def go_back(self, pops: int) -> Edit | None:
        """Take back the last `pops` steps as one edit (the review's "play from here")."""
        return self._do(Edit([], pops=pops)) if pops > 0 else None

    def _do(self, edit: Edit) -> Edit:
        session = self.session
        edit.base = session.step_count - edit.pops
        edit.popped = session.truncate(edit.base)
        for move in edit.moves:
            session.push(move)
        del self.history[self.index:]
        self.history.append(edit)
        self.index += 1
        self._changed()
        return edit

    @property
    def can_undo(self) -> bool:
        return self.index > 0

    @property
    def can_redo(self) -> bool:
        return self.index < len(self.history)

    def undo(self, edit: Edit | None = None) -> Edit | None:
        """Undo the last edit (edit: the one the caller means, checked to be it)."""
        if not self.can_undo:
            return None
        top = self.history[self.index - 1]
        if edit is not None and edit is not top:
            raise FlowError("undo of an edit that is not the last one done")
        session = self.session
        session.truncate(top.base)
        for step in top.popped:
            session.push(step)
        self.index -= 1
        self._changed()
        return top

    def redo(self, edit: Edit | None = None) -> Edit | None:
        """Redo the edit undone last (edit: the one the caller means, checked to be it)."""
        if not self.can_redo:
            return None
        top = self.history[self.index]
        if edit is not None and edit is not top:
            raise FlowError("redo of an edit that is not the next one undone")
        session = self.session
        top.base = session.step_count - top.pops
        top.popped = session.truncate(top.base)
        for move in top.moves:
            session.push(move)
        self.index += 1
        self._changed()
        return top

    def _changed(self) -> None:
        self.changes += 1
        self._hint_step = 0  # the graded hint starts again

    def chain_in_progress(self) -> Any:
        """The move just played when the next one may go on with it for free (a peg chain:
        EXTEND), else None; analysis mode and the hint count such a continuation as no move."""
        session = self.session
        if session is None or not session.moves or EXTEND not in session.puzzle.ABILITIES:
            return None
        return session.moves[-1]

    def before_last_move(self) -> Any:
        """The position before the move just played (all of its chain), or None at the start."""
        session = self.session
        if not session.moves:
            return None
        steps = len(session.puzzle.split(session.moves[-1])) if session.extends else 1
        return session.states[-1 - steps]

    # ---- the graded hint

    def hint_step(self) -> int:
        """The step of the graded hint shown about the position on the board (0: none yet). A
        move, undo, redo, restart or another game starts again from 0."""
        return self._hint_step if self.session is not None else 0

    def next_hint_step(self, whole: bool = False,
                       has_piece: Callable[[], bool] = lambda: True) -> int:
        """The step a press of Hint shows next: one further than the last (the move at most);
        whole (the setting "solver/whole_hint"): the move at once; has_piece() False (the view
        has no piece to point at; asked only then): the move after the distance."""
        if whole:
            return HINT_MOVE
        step = min(self.hint_step() + 1, HINT_MOVE)
        if step == HINT_PIECE and not has_piece():
            step = HINT_MOVE
        return step

    def take_hint_step(self, whole: bool = False,
                       has_piece: Callable[[], bool] = lambda: True) -> int:
        """A press of Hint: the step it shows (next_hint_step), now the step shown."""
        self._hint_step = self.next_hint_step(whole, has_piece)
        return self._hint_step

    def still_searching(self) -> bool:
        """Whether the searcher is busy with a question about the position on the board (Hint
        pressed again then neither starts the search again nor moves on a step)."""
        searcher = self.searcher
        return (self.session is not None and searcher is not None and searcher.busy
                and searcher.asking_about == self.session.state)

    def answer_step(self, kind: str) -> int:
        """The step of the graded hint an answer is shown at: Solve's and a hint asked before
        any step (a search in the background) at the whole move."""
        return HINT_MOVE if kind == "solve" else (self.hint_step() or HINT_MOVE)

    def hint_shown(self, kind: str, state: Any, result: SolveResult) -> HintShown | None:
        """What to show of an answer about state (None: about another position, dropped)."""
        if self.session is None or state != self.session.state:
            return None
        step = self.answer_step(kind)
        move = result.moves[0] if result.moves else None
        if move is None or step == HINT_DISTANCE:
            return HintShown(step, SHOW_NOTHING, None)
        return HintShown(step, SHOW_PIECE if step == HINT_PIECE else SHOW_MOVE, move)

    # ---- the questions to the solvers

    def problem(self) -> tuple:
        """The searcher's key for the puzzle and its goal: its id and params."""
        return (self.session.puzzle.id, repr(sorted(self.session.params.items())))

    def hint_problem(self) -> tuple[Hashable, Callable | None]:
        """(the searcher's key for a hint or Solve about the position on the board, how to
        play a move for caching its solution's tail): the problem, and where a move could go on
        with the chain in progress for free, that chain too, since the answer can then be a
        move shorter than the position's own (hints.free_continuation). Such an answer's tail
        is cached by keep_the_rest alone: the positions after it are reached with other chains
        in progress."""
        puzzle, state = self.session.puzzle, self.session.state
        last = self.chain_in_progress()
        if last is None or not any(continues(puzzle, last, m) for m in puzzle.moves(state)) \
                or self._played_a_shortest_move():
            return self.problem(), puzzle.apply
        return (self.problem(), tuple(last)), None

    def _played_a_shortest_move(self) -> bool:
        """Whether the searcher knows the move just played to be a first move of a shortest
        solution from the position before it (its answers there and here, one move apart). Then
        no jump on by its peg can save a move (that jump and the move are one move from the
        position before), so the position's own answer, and a solution tail cached for it,
        stand: following hint after hint takes one search, chains or not."""
        before = self.before_last_move()
        if before is None:
            return False
        problem = self.problem()
        there = self.searcher.proven_count(problem, before)
        here = self.searcher.cached(problem, self.session.state)
        return (there is not None and here is not None and here.proven_minimal
                and here.moves is not None and len(here.moves) == there - 1)

    def keep_the_rest(self, state: Any, result: SolveResult) -> None:
        """An answer that goes on with the chain in progress (CONTINUES): the position after
        that jump on is answered too, by the rest of the line (found by a review: following such
        a hint, the next one searched again). No further jump on can save a move there (the two
        together would be a continuation from state saving two), so the rest stands under the
        key a hint there asks with (the chain grown by the jump on), and its tails under the
        plain key, whose positions are reached by new moves."""
        last = self.chain_in_progress()
        if not (result.stats.get(CONTINUES) and result.proven_minimal and last is not None
                and state == self.session.state and len(result.moves) > 1):
            return
        puzzle = self.session.puzzle
        grown = puzzle.join(last, result.moves[0])
        there = puzzle.apply(state, result.moves[0])
        rest = SolveResult(SOLVED, moves=list(result.moves[1:]), proven_minimal=True)
        self.searcher.remember((self.problem(), tuple(grown)), there, rest, None)
        self.searcher.remember(self.problem(), there, rest, puzzle.apply)

    def after_a_dead_end(self, problem: Hashable, dead_ends: Callable[[], set]) -> None:
        """When this game passed through a position proven a dead end (dead_ends(): the
        positions known to be), the position on the board is one too: its answer goes into the
        searcher's cache, so the question is answered at once with no search
        (hints.dead_end_before)."""
        session = self.session
        if self.searcher.cached(problem, session.state) is not None:
            return
        dead = dead_ends()
        found = dead_end_before(session.states[:-1], dead.__contains__) if dead else None
        if found is not None:
            self.searcher.remember(problem, session.state, found, None)

    def solve_job(self, kind: str, check: Callable | None = None) -> tuple[SolveFn, dict]:
        """(solve(state, progress, stop[, interim]), how the searcher runs it) for a hint or
        Solve of the game: the path `pegapp hint` takes, a winning move first when the puzzle
        answers in stages, then the proven minimum (and the chain in progress goes on if that
        is shorter); Solve gives the proof SOLVE_PROOF_SECONDS. check(puzzle, state,
        answer): how the search is run on state (answer(given) searches given)."""
        puzzle = self.session.puzzle
        staged = STAGES in puzzle.ABILITIES
        # Solve shows a whole solution within seconds (proven when the proof ends by then);
        # the hint's proof goes on as long as it needs
        limit = {"proof_seconds": SOLVE_PROOF_SECONDS} if kind == "solve" and staged else {}
        last, before = self.chain_in_progress(), self.before_last_move()
        run = _whole(check)

        def solve(state, progress, stop, interim=None):
            on_interim = None if interim is None else (lambda answer: interim(answer.result))
            return run(puzzle, state, lambda given: hint(
                puzzle, given, progress, stop, interim=on_interim, last=last, before=before,
                **limit).result)

        return solve, ({"staged": True} if staged else {})  # staged: a winning line first

    def ask(self, kind: str, dead_ends: Callable[[], set] = set,
            check: Callable | None = None) -> bool:
        """Ask the searcher about the position on the board ("hint" or "solve"); True when it
        answered at once (its cache, or a dead end earlier in the game)."""
        solve, how = self.solve_job(kind, check)
        problem, apply = self.hint_problem()
        self.after_a_dead_end(problem, dead_ends)
        return self.searcher.ask(kind, problem, self.session.state, solve, apply, **how)

    def ponder(self, dead_ends: Callable[[], set] = set, check: Callable | None = None) -> bool:
        """Begin in the background the search a hint about the position would make (thinking
        ahead: the window decides when); True if a search began."""
        solve, how = self.solve_job("hint", check)
        problem, apply = self.hint_problem()
        self.after_a_dead_end(problem, dead_ends)
        return self.searcher.ponder(problem, self.session.state, solve, apply, **how)

    def unhashable(self) -> TypeError | None:
        """Why the position on the board cannot be asked about (its hash's TypeError), or None:
        answers are kept by position, so a family whose states are not hashable has no hint."""
        try:
            hash(self.session.state)
        except TypeError as exc:
            return exc
        return None

    def dead_ends(self, also: Iterable[Any] = ()) -> set:
        """The positions of this problem proven dead ends in this game's searches (the
        searcher's answers), and `also` (analysis mode's: every move of the position a dead
        end)."""
        return self.searcher.dead_ends(self.problem()) | set(also)

    def known_dead(self, dead: set) -> bool:
        """Whether the position on the board is a dead end by dead (dead_ends): itself, or a
        position the game passed through on its way here (the status line says so)."""
        return bool(dead) and any(state in dead for state in self.session.states)

    def may_think_ahead(self, hints_asked: bool, allowed: bool, analysing: bool) -> bool:
        """Whether to begin in the background the search a hint about the position would make
        (ponder), while the player thinks: a hint asked a few seconds later is there at once.
        Only for a player who has asked for a hint in this game (hints_asked: no one else pays
        for it in time or memory), when the setting allows, the game is not over, no solution
        is replayed and analysis mode is off (it has a worker of its own, and its searches come
        first), for a position that can be asked about."""
        session = self.session
        return (session is not None and self.unhashable() is None and not session.solved
                and self.replay is None and not analysing and hints_asked and allowed)

    def analysis_key(self) -> tuple:
        """What analysis mode's verdicts depend on: the problem, the position and the chain in
        progress (a jump on by its peg costs no move)."""
        last = self.chain_in_progress()
        return (self.problem(), self.session.state, None if last is None else tuple(last))

    # ---- the way back

    def way_back_job(self, dead: set, stage: str = "checking earlier positions",
                     seconds: float | None = None) -> Callable:
        """job(progress, stop) -> (step, undecided): the last step of the game from which the
        goal can still be reached (hints.way_back; NO_WAY_BACK: none), and how many later
        positions no search decided within `seconds` each (WAY_BACK_SECONDS when None, read
        when the job is made). Positions from the first proven
        dead end (dead: dead_ends) on are skipped unsearched: on Wiegleb 45 each dead end the
        walk meets is a proof of up to a minute and more."""
        puzzle = self.session.puzzle
        history = replay_states(puzzle, self.session.start, self.session.steps)
        last = next((k for k, state in enumerate(history) if state in dead), len(history))
        limit = WAY_BACK_SECONDS if seconds is None else seconds

        def job(progress, stop):
            return way_back(puzzle, history, last, limit, progress, stop, stage)

        return job

    # ---- Solve's replay

    def open_replay(self, state: Any, moves: list, base: list | None = None) -> Replay:
        """Replay moves from state (IllegalMove: a solution that breaks the rules); base: the
        game's steps that led to state (the game's own by default; [] for the shortest solution
        from the start after a win)."""
        self.replay = Replay(list(moves), replay_states(self.session.puzzle, state, moves),
                             list(self.session.steps) if base is None else list(base))
        return self.replay

    def close_replay(self) -> None:
        self.replay = None

    def replayed_session(self, step: int) -> Session:
        """The game as it would stand with the replay's moves played up to step: the counters
        follow the position on the board during a replay."""
        replay, session = self.replay, self.session
        return Session(session.puzzle, session.params, session.start,
                       replay.base + replay.moves[:step])

    def replay_handback(self, step: int) -> tuple[int, list] | None:
        """What "play from here" at step hands back to the player: (the steps of the game to
        take back first, as one edit: a replay from earlier, such as the shortest solution from
        the start; the steps to play, each a move or, for a move that grows step by step (a peg
        chain), each of its jumps, so Undo takes back one step as after the player's own
        moves). None: the replay's base is not where the game came from. The replay closes."""
        replay, session = self.replay, self.session
        self.replay = None
        steps = list(session.steps)
        if replay is None or steps[:len(replay.base)] != replay.base:
            return None
        puzzle = session.puzzle
        plays = [part for m in replay.moves[:step]
                 for part in (puzzle.split(m) if EXTEND in puzzle.ABILITIES else [m])]
        return len(steps) - len(replay.base), plays

    # ---- the ending and the par

    def has_par(self) -> bool:
        """Whether the game has a par at all: a guessing game's count depends on the secret as
        much as on the play, and the strategy's line against this secret is no par (found by
        an outside trial: a lucky 3 was "fewer than the best known solution (4)!")."""
        return self.session is not None and HIDDEN not in self.session.puzzle.ABILITIES

    def known_par(self, catalogue_problem: Callable) -> tuple[Par, bool] | None:
        """(the par, whether the catalogue gave it) when known without a search: from the
        shipped catalogue when the game is one of its problems (catalogue_problem(puzzle,
        start): the family's), else from an answer the searcher holds about the start; None
        otherwise (par_job searches it)."""
        session = self.session
        problem = catalogue_problem(session.puzzle, session.start)
        if problem is not None and problem.par is not None:
            return Par(problem.par, problem.proven_minimal,
                       [list(m) for m in problem.solution] if problem.solution else None,
                       SearchRecord(CATALOGUE, origin=CATALOGUE_ORIGIN)), True
        known = self.searcher.cached(self.problem(), session.start)
        if known is not None and known.moves is not None:
            return Par(len(known.moves), known.proven_minimal, list(known.moves),
                       known.search), False
        return None

    def par_job(self) -> Callable:
        """job(progress, stop): the fewest moves from the game's start, as Solve computes it
        (a STAGES family's proof given SOLVE_PROOF_SECONDS)."""
        puzzle, start = self.session.puzzle, self.session.start
        limit = {"proof_seconds": SOLVE_PROOF_SECONDS} if STAGES in puzzle.ABILITIES else {}

        def job(progress, stop):
            return hint(puzzle, start, progress, stop, **limit).result

        return job

    @staticmethod
    def par_of(result: Any) -> Par | None:
        """The par a search's answer gives (None: no solution, or no answer)."""
        if isinstance(result, SolveResult) and result.moves:
            return Par(len(result.moves), result.proven_minimal, list(result.moves),
                       result.search)
        return None

    def ending(self, par: Par | None, looking: bool) -> str:
        """The ending's verdict on the won game against par (looking: a search for it runs)."""
        n = self.session.move_count
        if n == 0:  # a start typed or drawn solved
            return GOAL_ALREADY
        if par is None:
            return LOOKING_FOR_PAR if looking else NO_PAR
        if par.proven:
            return IN_PAR if n <= par.count else OVER_PAR
        if n < par.count:
            return BEATS_BEST
        return EQUALS_BEST if n == par.count else OVER_BEST

    def stuck(self) -> bool:
        """The game has moves played, is not won and has no legal move left: it is over, and
        its ending offers the review (issue #56 point 2)."""
        session = self.session
        if session is None or session.solved or not session.moves:
            return False
        return next(iter(session.puzzle.moves(session.state)), None) is None

    def reviewable(self) -> bool:
        """Whether the game's family has a review move by move (pegapp.puzzles.review): a
        guessing game has no distance to the goal to review (the ending offers the review of
        the others, Game > Review game… once a move is played)."""
        return self.session is not None and ANNOTATE not in self.session.puzzle.ABILITIES

    # ---- the autosave policy

    def autosave_due(self) -> bool:
        """Whether a write of the autosave must be scheduled now (AUTOSAVE_DELAY_MS from now):
        the game changed since the last write began, and none is pending (changes in quick
        succession never put the write off). True marks one pending."""
        if self.autosave_pending or self.changes == self._autosave_covers:
            return False
        self.autosave_pending = True
        return True

    def autosave_writing(self) -> Session | None:
        """A write of the autosave begins (the timer ran out, or the window closes): what to
        write; nothing is pending any more, and the next change makes a write due again (also
        after a write that failed: it is tried again at the next move)."""
        self.autosave_pending = False
        self._autosave_covers = self.changes
        return self.session
