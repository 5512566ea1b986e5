"""Train: a stream of training puzzles near the player's rating, each played as a game, every
move judged at once from the puzzle's own proofs (issue #74 point 2). Qt-free: the window's
Train mode is a view over a Trainer, as its game view is over a GameFlow.

- **The stream** (`PuzzleStream`): puzzles of one puzzle id (pegapp.puzzles.training makes them,
  seeded), each rated from its difficulty (pegapp.core.rating.puzzle_rating). Asked for one near
  a rating, it takes the nearest unplayed puzzle it holds when one is within WINDOW points, else
  makes a batch of BATCH at the length whose puzzles it expects to rate nearest (the mean of the
  difficulties it has made at each length; an unmade length from the mean difficulty per move)
  and takes the nearest of those. A length with none (training.NoTraining) is not asked again,
  nor any longer one where the reason says none is longer; past the longest length made, the
  stream goes halfway to the shortest length with none (past a family's longest puzzles, a few
  batches find them). Making a batch is the slow part (from a shipped table: milliseconds
  after its first load; by search: seconds to minutes): a worker thread's job, never the UI
  thread's.
- **The puzzle on the board** is a GameFlow game started at the puzzle's position, so the board,
  undo and redo work as in a game; the window forwards moves to the flow and asks `judge()`
  after each change. The judgement is a function of the moves on the board and the puzzle's
  proofs only (its line, and each step's legal moves with their distances, kept by
  training.single_line): right (the move is the line's: the only one that keeps the minimum),
  on the way (a peg chain still growing toward the right move: its jumps so far are the right
  move's first), wrong (what it cost, from the distances: exactly, at least -- where the proof
  looked no further -- or the goal lost; and which move kept the minimum), solved. No search.
- **The result** is kept once per puzzle, at the first thing that decides it: a wrong move (0),
  the line or a hint asked for first ("shown", 0), or the finish reached without either (1). The
  player's rating in the family moves by Glicko-2 (the puzzle its own rating period); retries
  after that are unrated; a puzzle left before anything decides it is not kept. Kept in the
  statistics database (pegapp.core.training_records): the attempt and the rating, the streak
  and the history read back from there.

Threads: `Trainer.next_job()`'s job (the stream) runs in a worker; everything else is cheap and
runs on the UI thread, but not `ready()` while a job runs (both take from the stream's pool).
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pegapp.core.messages import msg
from pegapp.core.rating import Rating, difficulty_for, puzzle_rating, update
from pegapp.core.training_records import (AT_LEAST, EXACT, LOST, RIGHT, SHOWN, WRONG, Attempt,
                                          TrainingRecords)
from pegapp.puzzles import registry, training
from pegapp.puzzles.base import EXTEND
from pegapp.puzzles.flow import Edit, GameFlow
from pegapp.puzzles.session import Session, state_to_json
from pegapp.solvers.result import Cancelled, Stop, never_stop

#: puzzles made at a time: the rest wait in the stream for a later request
BATCH = 4
#: a puzzle held is taken when it rates within this many points of the player
WINDOW = 150.0
#: seconds the window's stream gives a batch (PuzzleStream.patience): a puzzle within seconds
PATIENCE = 3.0
#: the most puzzles one batch asks for (it asks for the batch and as many as were kept at its
#: length: PuzzleStream._make)
MOST_IN_A_BATCH = 64
#: the difficulty per move guessed before any puzzle of a family is made (English and the
#: 8-puzzle make 2 to 3 a move)
GUESS_PER_MOVE = 2.7

#: the judgements (Verdict.kind): no move yet; the last move was right; a peg chain on its way
#: to the right move; a move lost the minimum; the line played to the finish
START, RIGHT_MOVE, ON_THE_WAY, WRONG_MOVE, SOLVED = ("start", "right", "on-the-way", "wrong",
                                                     "solved")


@dataclass(frozen=True)
class TrainingPuzzle:
    """A puzzle of the stream: the training puzzle and its rating; number: its place in the
    stream (1 first)."""
    puzzle_id: str
    item: training.Training
    rating: Rating
    number: int

    @property
    def moves(self) -> int:
        return self.item.moves

    @property
    def difficulty(self) -> float:
        return self.item.difficulty


def _key(state: Any) -> str:
    return json.dumps(state_to_json(state))


class PuzzleStream:
    """Training puzzles of one puzzle near a rating, the same for the same seed and requests
    (see the module's text). Used by one thread at a time (the window's worker)."""

    def __init__(self, puzzle, seed: int = 0, batch: int = BATCH, window: float = WINDOW,
                 patience: float | None = None, clock: Callable[[], float] = time.monotonic):
        self.puzzle = puzzle
        self.seed, self.batch, self.window = seed, batch, window
        #: seconds a batch may take (None: as long as it needs); past them the batch ends with
        #: what it found and longer lengths are not asked again (see next)
        self.patience, self.clock = patience, clock
        self.pool: list[TrainingPuzzle] = []
        self.seen: set[str] = set()
        #: the difficulties made at each length
        self.made: dict[int, list[float]] = {}
        #: the longest length that may still have puzzles (lowered by NoTraining)
        self.longest = training.MAX_MOVES
        #: lengths with none (training.NoTraining), and lengths whose last batch held only
        #: puzzles dealt before (spent: asked again once every length is)
        self.empty: set[int] = set()
        self.spent: set[int] = set()
        #: the distinct puzzles kept at each length (a batch asks past them: _make)
        self.kept: dict[int, int] = {}
        self.batches = 0
        self.count = 0
        #: the rating of the hardest puzzle made, when the last request found the stream past
        #: its longest puzzles (ceiling); else None. Set by the worker, read by the window.
        self.hardest_found: float | None = None

    def expected(self, moves: int) -> float:
        """The difficulty a puzzle of this length is expected to have."""
        if self.made.get(moves):
            return sum(self.made[moves]) / len(self.made[moves])
        ratios = [d / n for n, ds in self.made.items() for d in ds]
        per_move = sum(ratios) / len(ratios) if ratios else GUESS_PER_MOVE
        return max(moves, per_move * moves)

    def length_for(self, rating: float) -> int | None:
        """The length whose puzzles are expected to rate nearest `rating` (the nearer in the
        ratio of difficulties; the shorter of two as near); None: every length is spent.
        Beyond the longest length made, below one with none, it goes halfway there (a
        bisection for a family's longest puzzles: a player rated past them is dealt them after
        a few batches)."""
        target = difficulty_for(rating)
        allowed = [n for n in range(1, self.longest + 1)
                   if n not in self.empty and n not in self.spent]
        best = min(allowed, key=lambda n: abs(math.log(self.expected(n) / target)),
                   default=None)
        top = max(self.made, default=0)
        wall = min((n for n in self.empty if n > top), default=None)
        if best is not None and wall is not None and best > top:
            below = [n for n in allowed if n <= (top + wall) // 2]
            if below:
                best = max(below)
        return best

    def ceiling(self, rating: float) -> float | None:
        """The rating of the hardest puzzle made, when the stream looks for no longer puzzle
        for `rating` (length_for stays at or below the longest length made: every longer one
        has none, or lies past a length with none) and that puzzle rates more than the window
        below `rating`; else None. Train says so: on a small board a strong player was dealt
        puzzles hundreds of points below the rating without a word (#74's outside trial)."""
        if not self.made:
            return None
        wanted = self.length_for(rating)
        if wanted is not None and wanted > max(self.made):
            return None
        hardest = puzzle_rating(max(max(ds) for ds in self.made.values())).rating
        return hardest if rating - hardest > self.window else None

    def nearest(self, rating: float) -> TrainingPuzzle | None:
        """The held puzzle rated nearest `rating` (the first made of two as near), or None."""
        return min(self.pool, key=lambda p: abs(p.rating.rating - rating), default=None)

    def ready(self, rating: float) -> TrainingPuzzle | None:
        """A held puzzle within the window of `rating`, taken from the pool (cheap: the UI
        thread may ask before starting a worker), else None."""
        best = self.nearest(rating)
        if best is None or abs(best.rating.rating - rating) > self.window:
            return None
        self.pool.remove(best)
        return best

    def next(self, rating: float, stop: Stop = never_stop) -> TrainingPuzzle:
        """The next puzzle for a player of `rating`: held, or made (slow: a worker's job).
        training.NoTraining when no length has any; stopped (stop() true), the nearest it
        holds, or Cancelled when it holds none.

        After a length with none, the request tries the next length_for gives. With
        patience, a batch that runs out of it (a board trained by search: French's six moves
        take minutes) ends with what it found, and no longer length is asked again (nor this
        one, when it found none): the player waits seconds for a puzzle less near rather than
        minutes for the nearest. The puzzles then depend on the machine's speed too."""
        held = self.ready(rating)
        if held is not None:
            return held
        while not stop():
            moves = self.length_for(rating)
            if moves is None:
                break
            budget = self._budget(stop)
            try:
                new = self._make(moves, budget)
            except training.NoTraining as exc:
                if stop():
                    break
                self.empty.add(moves)  # none of this length (jugs have 2 and 6 to 10)
                longest = exc.longest  # none longer either, when the reason says
                if budget.ran_out:
                    longest = moves - 1
                if longest is not None:
                    self.longest = min(self.longest, longest)
                if budget.ran_out and self.pool:
                    break  # out of patience: the nearest held rather than another batch
                continue
            if budget.ran_out:
                self.longest = min(self.longest, moves)
            if new:
                break
            self.spent.add(moves)  # a batch of puzzles all dealt: try another length
        best = self.nearest(rating)
        if best is None:
            if stop():
                raise Cancelled()
            if self.spent:  # every puzzle found was dealt (jugs have a dozen): deal them again
                self.spent.clear()
                self.seen.clear()
                self.kept.clear()
                return self.next(rating, stop)
            raise training.NoTraining(msg("{puzzle}: no training puzzle found",
                                          puzzle=self.puzzle.id))
        self.pool.remove(best)
        self.hardest_found = self.ceiling(rating)
        return best

    def _budget(self, stop: Stop) -> _Budget:
        return _Budget(stop, None if self.patience is None else self.clock() + self.patience,
                       self.clock)

    def _make(self, moves: int, stop: Stop) -> int:
        """A batch of puzzles of this length into the pool; how many were new."""
        seed = random.Random(f"{self.seed}/{self.batches}").randrange(2 ** 31)
        self.batches += 1
        # as many as were kept at this length and a batch more: a batch gives the first of
        # its seed's order, so it reaches a puzzle not dealt yet wherever one is left (a batch
        # of four found none new among Hoppers' thirteen three-move puzzles after nine, the
        # length was spent, and the window dealt one again before the other four)
        count = min(self.batch + self.kept.get(moves, 0), MOST_IN_A_BATCH)
        found = training.training(self.puzzle, moves, count, seed, stop)
        same = training.same_puzzle(self.puzzle)
        new = 0
        for item in found:
            self.made.setdefault(moves, []).append(item.difficulty)
            key = _key(same(item.start))   # its turned copies are the same puzzle
            if key in self.seen:
                continue
            self.seen.add(key)
            self.kept[moves] = self.kept.get(moves, 0) + 1
            self.count += 1
            new += 1
            self.pool.append(TrainingPuzzle(self.puzzle.id, item,
                                            puzzle_rating(item.difficulty), self.count))
        return new


class _Budget:
    """A stop() that also says yes once the deadline has passed, and remembers that it did."""

    def __init__(self, stop: Stop, deadline: float | None, clock: Callable[[], float]):
        self.stop, self.deadline, self.clock = stop, deadline, clock
        self.ran_out = False

    def __call__(self) -> bool:
        if self.stop():
            return True
        if self.deadline is not None and self.clock() >= self.deadline:
            self.ran_out = True
        return self.ran_out


@dataclass(frozen=True)
class Cost:
    """What a wrong move cost: `extra` more moves than the minimum, exactly (kind EXACT) or at
    least (AT_LEAST: the proof looked no further), or the goal lost (LOST, extra None)."""
    kind: str
    extra: int | None


@dataclass(frozen=True)
class Verdict:
    """The judgement of the moves on the board (see the module's text): kind; step: the index
    in the line of the move judged (for START and SOLVED the moves played); left: the moves
    the shortest finish needs from the position on the board, when it is on the line; for a
    wrong move, the move played, the move that kept the minimum and the cost."""
    kind: str
    step: int
    left: int | None = None
    played: Any = None
    right: Any = None
    cost: Cost | None = None


class Trainer:
    """Train mode of one puzzle: the stream, the puzzle on the board (self.flow, a GameFlow),
    the judgement, the result kept and the player's rating (see the module's text).

    puzzle, params: what makes the puzzle (the Session's); records: where attempts and ratings
    are kept (None: nowhere, the rating lives as long as the trainer); seed: the stream's (None:
    the attempts kept in the family so far, so a restart does not give the same puzzles again);
    flow: the window's GameFlow to play the puzzles in (None: one of the trainer's own);
    patience: the stream's (None: a batch takes as long as it needs, as the tests want)."""

    def __init__(self, puzzle, params: dict | None = None,
                 records: TrainingRecords | None = None, seed: int | None = None,
                 flow: GameFlow | None = None, clock: Callable[[], float] = time.monotonic,
                 wall: Callable[[], float] = time.time, patience: float | None = PATIENCE):
        self.puzzle, self.params = puzzle, dict(params or {})
        family = registry.family_of(puzzle.id)
        self.family = family.key
        self.stats_id = family.stats_id(puzzle)
        self.variant = family.stats_variant(puzzle.id, self.params)
        self.records = records
        kept = records.rating(self.family) if records is not None else None
        #: the player's rating in the family (moved in memory even when it cannot be kept)
        self.rating: Rating = kept if kept is not None else Rating()
        if seed is None:
            seed = records.count(self.family) if records is not None else 0
        self.stream = PuzzleStream(puzzle, seed, patience=patience)
        self.flow = flow if flow is not None else GameFlow()
        self.clock, self.wall = clock, wall
        self.current: TrainingPuzzle | None = None
        #: the attempt kept for the current puzzle (None: not decided yet)
        self.attempt: Attempt | None = None
        #: whether the attempt could not be written (the rating moved in memory only)
        self.unsaved = False
        self._began = 0.0

    # ---- the stream (the slow part in a worker)

    def next_job(self) -> Callable[[Stop], TrainingPuzzle]:
        """job(stop) -> the next puzzle for the player's rating now: run it in a worker
        thread (it may make puzzles: seconds), then begin() its answer on the UI thread.
        Raises training.NoTraining when the puzzle has none."""
        rating = self.rating.rating
        return lambda stop=never_stop: self.stream.next(rating, stop)

    def ceiling(self) -> float | None:
        """The rating of the hardest puzzle the stream found, when the player's rating is
        past it (PuzzleStream.ceiling, as the last puzzle made saw it), else None: cheap, and
        safe while a job runs (one value the worker sets)."""
        hardest = self.stream.hardest_found
        if hardest is None or self.rating.rating - hardest <= self.stream.window:
            return None
        return hardest

    def ready(self) -> TrainingPuzzle | None:
        """A puzzle held near the player's rating, at once (no worker needed), or None."""
        return self.stream.ready(self.rating.rating)

    def give_back(self, puzzle: TrainingPuzzle) -> None:
        """A puzzle taken from the stream but not begun (the window made it ready for a rating
        that has moved since) back among those held, to be dealt when it is near. Not while a
        job runs (both touch the stream's pool)."""
        self.stream.pool.append(puzzle)

    # ---- the puzzle on the board

    def begin(self, puzzle: TrainingPuzzle) -> GameFlow:
        """Put a puzzle on the board: a new game in the flow from its position (cheap)."""
        self.current = puzzle
        self.attempt = None
        self.unsaved = False
        self._began = self.clock()
        self.flow.load(Session(self.puzzle, self.params, start=puzzle.item.start))
        return self.flow

    def play(self, move: Any) -> tuple[Edit, Verdict]:
        """Play a move in the flow (IllegalMove leaves all as it was) and judge it."""
        edit = self.flow.play(move)
        return edit, self.judge()

    def judge(self) -> Verdict:
        """The judgement of the moves on the board (after any move, undo, redo or restart),
        and the result kept when this is the first thing that decides it."""
        verdict = self.verdict()
        if verdict.kind == WRONG_MOVE:
            self._decide(WRONG, verdict)
        elif verdict.kind == SOLVED:
            self._decide(RIGHT, verdict)
        return verdict

    def verdict(self) -> Verdict:
        """The judgement alone (nothing kept)."""
        if self.current is None:
            raise RuntimeError("no training puzzle on the board: begin() one first")
        item = self.current.item
        moves = self.flow.session.moves
        for j, move in enumerate(moves):
            if j < len(item.line) and self._same(move, item.line[j]):
                continue
            right = item.line[j] if j < len(item.line) else None
            if j == len(moves) - 1 and right is not None and self._begins(move, right):
                return Verdict(ON_THE_WAY, j, item.moves - j, move, right)
            if j >= len(item.line):  # past the finish: cannot happen (the goal has no move)
                return Verdict(WRONG_MOVE, j, None, move, None, Cost(LOST, None))
            return Verdict(WRONG_MOVE, j, None, move, right,
                           self.cost(j, move, growing=j == len(moves) - 1))
        n = len(moves)
        if n == item.moves:
            return Verdict(SOLVED, n, 0)
        return Verdict(START if n == 0 else RIGHT_MOVE, n, item.moves - n,
                       moves[-1] if moves else None)

    def cost(self, step: int, move: Any, growing: bool = True) -> Cost:
        """What playing `move` at step `step` of the line costs, from that step's proof: the
        best finish the move leaves (growing: a peg chain that may still grow, the last move
        on the board: the best of its continuations), against the minimum."""
        item = self.current.item
        left = item.moves - step
        if not item.steps[step].after:  # a family's own Training without the children's
            return Cost(AT_LEAST, 1)     # distances: a wrong move costs a move at least
        best, beyond = None, False
        for other, d in item.steps[step].after:
            if not (self._begins(move, other) if growing else self._same(move, other)):
                continue
            if d is None:
                beyond = beyond or item.horizon is not None
            elif best is None or d < best:
                best = d
        if best is not None:
            return Cost(EXACT, best + 1 - left)
        if beyond:  # more than the horizon from the position after the move
            return Cost(AT_LEAST, item.horizon + 2 - left)
        return Cost(LOST, None)

    def _same(self, a: Any, b: Any) -> bool:
        return a == b or state_to_json(a) == state_to_json(b)

    def _begins(self, move: Any, other: Any) -> bool:
        """Whether other is move or (a peg chain) goes on from it: move's jumps are its first."""
        if self._same(move, other):
            return True
        if EXTEND not in self.puzzle.ABILITIES:
            return False
        mine, theirs = self.puzzle.split(move), self.puzzle.split(other)
        return len(mine) < len(theirs) and self._same(mine, theirs[:len(mine)])

    # ---- retry, the line, a hint

    def first_wrong(self) -> Verdict | None:
        """The wrong move on the board, or None."""
        verdict = self.verdict()
        return verdict if verdict.kind == WRONG_MOVE else None

    def retry(self) -> Edit | None:
        """Back to the position before the wrong move on the board (undoably; None: none)."""
        wrong = self.first_wrong()
        if wrong is None:
            return None
        return self.flow.go_back(self.flow.session.step_count - self._steps(wrong.step))

    def _steps(self, moves: int) -> int:
        """The session's steps in its first `moves` moves (a peg chain is a step a jump)."""
        played = self.flow.session.moves[:moves]
        if EXTEND not in self.puzzle.ABILITIES:
            return len(played)
        return sum(len(self.puzzle.split(m)) for m in played)

    def hint(self) -> Any:
        """The move that keeps the minimum from the position on the board (after a wrong
        move: the one that kept it there); asked before the result is decided, the attempt
        counts as shown (0). None when solved."""
        verdict = self.judge()
        if verdict.kind == SOLVED:
            return None
        self._decide(SHOWN, verdict)
        step = verdict.step
        return self.current.item.line[step]

    def show_line(self) -> list[Edit]:
        """The line played on the board from where the player left it (the start, or before
        the wrong move), one edit a move, undoable; the attempt counts as shown (0) if not
        decided yet."""
        verdict = self.judge()
        self._decide(SHOWN, verdict)
        edits = []
        keep = verdict.step  # the moves on the board that were right
        back = self.flow.session.step_count - self._steps(keep)
        if back:
            edits.append(self.flow.go_back(back))
        for move in self.current.item.line[keep:]:
            edits.append(self.flow.play(move))
        return edits

    # ---- the result

    def _decide(self, outcome: str, verdict: Verdict) -> None:
        """Keep the attempt and move the rating, once per puzzle."""
        if self.attempt is not None or self.current is None:
            return
        puzzle = self.current
        before = self.rating
        after = update(before, [(puzzle.rating, 1.0 if outcome == RIGHT else 0.0)])
        cost = verdict.cost if outcome == WRONG else None
        self.attempt = Attempt(
            family=self.family, puzzle_id=self.stats_id, variant=self.variant,
            position=_key(puzzle.item.start), moves=puzzle.moves,
            difficulty=puzzle.difficulty, puzzle_rating=puzzle.rating.rating, outcome=outcome,
            cost=cost.extra if cost is not None else None,
            cost_kind=cost.kind if cost is not None else None,
            wrong_move=_key(verdict.played) if outcome == WRONG else None,
            right_move=_key(verdict.right) if outcome == WRONG else None,
            rating_before=before.rating, rating_after=after.rating,
            deviation_after=after.deviation, seconds=max(0.0, self.clock() - self._began),
            played_at=self.wall())
        self.rating = after
        self.unsaved = self.records is not None and not self.records.record(self.attempt, after)

    def streak(self) -> int:
        """The right answers in a row in this family, as kept."""
        return self.records.streak(self.family) if self.records is not None else 0

    def history(self, limit: int = 20) -> list[Attempt]:
        """The family's last attempts, the newest first, as kept."""
        return self.records.history(self.family, limit) if self.records is not None else []


def describe(trainer: Trainer, verdict: Verdict,
             name_move: Callable[[int, Any], str] | None = None) -> str:
    """The judgement in words for the player (msg: translated by the window). name_move(step,
    move): how the line's move at a step is named (the window's words, as its move list says
    them; by default the notation `pegapp hint` takes)."""
    puzzle = trainer.puzzle
    if verdict.kind == SOLVED:
        return msg("Solved: the shortest finish.")
    if verdict.kind == WRONG_MOVE:
        if verdict.right is None:
            right = ""
        elif name_move is not None:
            right = name_move(verdict.step, verdict.right)
        else:
            right = puzzle.format_moves([verdict.right])
        left = trainer.current.moves - verdict.step
        cost = verdict.cost
        if cost.kind == EXACT:
            return msg("Wrong: with that move the finish takes {total} moves, not {left}. "
                       "{right} keeps it.", total=left + cost.extra, right=right, left=left)
        if cost.kind == AT_LEAST:
            return msg("Wrong: with that move the finish takes at least {total} moves, not "
                       "{left}. {right} keeps it.", total=left + cost.extra, right=right,
                       left=left)
        return msg("Wrong: after that move the goal cannot be reached. {right} keeps the finish "
                   "in {left}.", right=right, left=left)
    if verdict.kind == ON_THE_WAY:
        return msg("Go on with the same peg.")
    if verdict.kind == RIGHT_MOVE:
        return msg("Right. Moves left to the finish: {left}.", left=verdict.left)
    return msg("Find the finish in {moves} moves: one move keeps it at every step.",
               moves=verdict.left)
