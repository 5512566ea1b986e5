"""Training puzzles (issue #74): positions whose shortest finish is exactly N moves and where, at
every step of the line given, exactly one legal move keeps that minimum -- a single right answer
at each step, as in a chess puzzle. Qt-free; `pegapp train` (pegapp/cli_train.py) prints them.

Where they come from. A puzzle that declares TRAIN (pegapp.puzzles.base) makes its own with
`training_positions(moves, count, rng, stop)` (peg solitaire: from its shipped whole tables, by
search elsewhere; 8-flip: none past one move, as its presses commute); every other puzzle gets
`from_solver`: candidates by random play from its start (and its `random_reachable` starts under
RANDOM), each kept when the family's own solver proves its distance exactly N, then each step of
its line checked by solving every child. Both run through `find` with a distance function:
`distance(state)` is the exact fewest moves to the goal, or None when the goal is out of reach.
The limits are counts (candidates tried, TRIES_PER_PUZZLE), never the clock, so the same seed
gives the same puzzles on any machine; stop() (a --timeout) ends the search early with what it has.

Difficulty, from the position alone (`Training.difficulty`). At step i of the line the player
faces `legal` moves; `losing` of them (all but one) lose the minimum; `tempting` of those look as
good as the right move -- by the family's own look where it gives one (peg solitaire: they leave
no more isolated pegs, then no more pegs), else every losing move that still wins (not a dead
end a player sees at once). A step costs

    1 + log2(1 + tempting) + log2(legal) / 4

and the difficulty is the sum over the line, rounded to a tenth. log2(1 + tempting) is what a
player who plays the best-looking move at random among equals (the greedy player) needs in bits
to pick the right one; log2(legal) / 4 weighs the width a searching player must look through.
Every step costs at least 1, so the difficulty is at least N, and a puzzle rates harder than
every puzzle its own line passes through (the rest of its line from step 2 on is a training
puzzle of N - 1 moves with the same steps but the first): monotone in length.
benchmarks/bench_train.py shows on a sample that the program's weak players (greedy, a shallow
search) solve fewer of the higher-rated ones.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from pegapp.core.messages import msg
from pegapp.puzzles.base import RANDOM, TRAIN, BadInput, replay
from pegapp.solvers.result import UNSOLVABLE, Cancelled, Stop, TooLarge, never_stop

#: candidates a search tries per puzzle asked for (beyond a floor of MIN_TRIES) before it stops
#: with what it found: a count, so the answer is the same on any machine
TRIES_PER_PUZZLE = 60
MIN_TRIES = 2000
#: the longest line asked for
MAX_MOVES = 60
#: the most puzzles asked for at once
MAX_COUNT = 10_000

Distance = Callable[[Any], "int | None"]


class Unknown(Exception):
    """Raised by a distance that cannot tell (a table that neither holds a position nor proves it
    dead, a solver's answer not proven): the candidate is left aside, the search goes on."""


class NoTraining(Exception):
    """No position of that length with a single right move at every step: the message, one line,
    says so (and whether it is proven or only none was found among the positions tried).
    longest: when known, the longest length that can have any (pegapp.puzzles.trainer's
    stream then asks no longer one)."""

    longest: int | None = None
    #: the search stopped at its count limit (TooLarge) before finding any: a longer wait,
    #: or the same limit, not a proof (`pegapp train` then names --timeout, to bound the wait)
    gave_up: bool = False


@dataclass(frozen=True)
class Step:
    """One step of a training line: the legal moves there, how many lose the minimum, and how
    many of those look as good as the right move (see the module's text); after: each legal
    move with the distance of the position it leads to (the proof that one move alone keeps the
    minimum, kept so that a player's wrong move is answered without a search:
    pegapp.puzzles.trainer)."""
    legal: int
    losing: int
    tempting: int
    after: tuple = field(default=(), compare=False, repr=False)

    @property
    def cost(self) -> float:
        return 1 + math.log2(1 + self.tempting) + math.log2(max(1, self.legal)) / 4


@dataclass(frozen=True)
class Training:
    """A training puzzle: its start, its one line (len = its moves) and each step's counts."""
    start: Any
    line: tuple
    steps: tuple[Step, ...]
    #: None: a distance None in the steps' `after` means the goal is out of reach (proven); a
    #: number: that the distance is more than this many moves (the search looked no further)
    horizon: int | None = None

    @property
    def moves(self) -> int:
        return len(self.line)

    @property
    def difficulty(self) -> float:
        return round(sum(s.cost for s in self.steps), 1)


def check_request(moves: int, count: int) -> None:
    """BadInput for a length or a count out of range."""
    if not 1 <= moves <= MAX_MOVES:
        raise BadInput(msg("--moves: give 1 to {most} moves, not {value}", most=MAX_MOVES,
                           value=moves))
    if not 1 <= count <= MAX_COUNT:
        raise BadInput(msg("--count: give 1 to {most} puzzles, not {value}", most=MAX_COUNT,
                           value=count))


def training(puzzle, moves: int, count: int, seed: int, stop: Stop = never_stop
             ) -> list[Training]:
    """count training puzzles of exactly `moves` moves (fewer when fewer were found; NoTraining
    when none), the same for the same seed. Each line is replayed to the goal before it is
    given (base.replay, is_solved): the program vouches only for what it checked."""
    check_request(moves, count)
    rng = random.Random(seed)
    if TRAIN in puzzle.ABILITIES:
        found = list(puzzle.training_positions(moves, count, rng, stop))
    else:
        found = from_solver(puzzle, moves, count, rng, stop)
    for item in found:
        if len(item.line) != moves or not puzzle.is_solved(replay(puzzle, item.start,
                                                                  item.line)):
            raise ValueError(f"{puzzle.id}: a training line does not reach the goal in "
                             f"{moves} moves")
    return found[:count]


def tries_for(count: int) -> int:
    """The candidates find draws at the most for `count` puzzles (its default limit): a
    TRAIN ability whose candidates are fewer has weighed them all when find gives up."""
    return max(MIN_TRIES, TRIES_PER_PUZZLE * count)


def same_puzzle(puzzle) -> Callable[[Any], Any]:
    """A key shared by the positions that are one training puzzle: the puzzle's `canonical`
    (optional: the position turned or mirrored to a standard image, where a family has
    symmetries that keep its goal), else the position itself. find weighs each once, and
    Train's stream deals each once."""
    return getattr(puzzle, "canonical", None) or (lambda state: state)


def none_found(puzzle, moves: int, tried: int) -> NoTraining:
    """The error when a search found no such position among those it tried."""
    return NoTraining(msg("{puzzle}: no position found whose shortest finish is {moves} moves "
                          "with a single right move at every step (positions tried: {tried})",
                          puzzle=puzzle.id, moves=moves, tried=tried))


def none_exists(puzzle, moves: int, why: str, longest: int | None = None) -> NoTraining:
    """The error when no such position exists, and why; longest: the longest length that can
    have any, when the reason says (no longer one has any either)."""
    exc = NoTraining(msg("{puzzle}: no position has a single right move at every step of a "
                         "finish of {moves} moves: {why}", puzzle=puzzle.id, moves=moves,
                         why=why))
    exc.longest = longest
    return exc


def find(puzzle, moves: int, count: int, candidates: Iterable[Any], distance: Distance,
         stop: Stop = never_stop, looks: Callable[[Any], Any] | None = None,
         tries: int | None = None) -> list[Training]:
    """The first `count` candidates (of at most `tries` drawn, each weighed once) at exactly `moves` from
    the goal with a single minimum-keeping move at every step of their line. looks(state): how
    good a position looks to a player (lower is better), for the tempting moves; None: every
    losing move that still wins is tempting. NoTraining when none is found."""
    tries = tries_for(count) if tries is None else tries
    horizon = getattr(distance, "horizon", None)  # a distance that looks so far only
    key = same_puzzle(puzzle)
    seen: set = set()
    found: list[Training] = []
    tried = 0
    for state in candidates:
        if len(found) >= count or tried >= tries or stop():
            break
        tried += 1  # a draw seen before counts toward the limit: a small puzzle's walks repeat
        same = key(state)       # the same puzzle turned is seen before too
        if same in seen:
            continue
        seen.add(same)
        try:
            if distance(state) != moves:
                continue
            item = single_line(puzzle, state, moves, distance, looks)
        except Unknown:
            continue
        except Cancelled:  # stopped: what it has
            break
        except TooLarge as exc:  # the search's count ran out: what it has, else why none
            if not found:
                gave_up = NoTraining(msg("{puzzle}: the search for positions {moves} moves from "
                                         "the goal gave up at {reason}", puzzle=puzzle.id,
                                         moves=moves, reason=exc.args[0] if exc.args else ""))
                gave_up.gave_up = True
                raise gave_up from None
            break
        if item is not None:
            found.append(item if horizon is None else Training(
                item.start, item.line, item.steps, horizon))
    if not found:  # the positions weighed, each once (the draws repeat on a small puzzle)
        raise none_found(puzzle, moves, len(seen))
    return found


def single_line(puzzle, state: Any, moves: int, distance: Distance,
                looks: Callable[[Any], Any] | None = None) -> Training | None:
    """The training puzzle from state (`moves` from the goal), or None when some step has no
    single minimum-keeping move: every child of every position on the line is weighed."""
    start, line, steps = state, [], []
    for left in range(moves, 0, -1):
        children = [(m, puzzle.apply(state, m)) for m in puzzle.moves(state)]
        keeping = []
        dist = []
        for m, child in children:
            d = distance(child)
            dist.append(d)
            if d == left - 1:
                keeping.append((m, child))
                if len(keeping) > 1:
                    return None
        if len(keeping) != 1:
            return None
        move, after = keeping[0]
        if looks is None:
            tempting = sum(1 for d in dist if d is not None and d != left - 1)
        else:
            bar = looks(after)
            tempting = sum(1 for (m, c), d in zip(children, dist)
                           if d != left - 1 and looks(c) <= bar)
        steps.append(Step(len(children), len(children) - 1, tempting,
                          tuple((m, d) for (m, _c), d in zip(children, dist))))
        line.append(move)
        state = after
    return Training(start, tuple(line), tuple(steps))


def solver_distance(puzzle, stop: Stop = never_stop) -> Distance:
    """The family's own solver as a distance (each position solved once): the proven fewest
    moves, None when the solver proves the goal out of reach; a position its solver neither
    solves nor proves dead is Unknown (its candidate left aside), Cancelled once stop() says."""
    known: dict[Any, int | None] = {}

    def distance(state: Any) -> int | None:
        if state in known:
            return known[state]
        if puzzle.is_solved(state):
            known[state] = 0
            return 0
        result = puzzle.solve(state, stop=stop)
        if result.moves is not None and result.proven_solution \
                and puzzle.is_solved(replay(puzzle, state, result.moves)):
            value: int | None = len(result.moves)
        elif result.status == UNSOLVABLE:
            value = None
        elif stop():
            raise Cancelled()
        else:  # beyond its budget, or not proven: this candidate is left aside
            raise Unknown()
        known[state] = value
        return value

    return distance


def random_walks(puzzle, moves: int, rng: random.Random, starts: list[Any]) -> Iterator[Any]:
    """Positions by random play from the starts given: walks of up to 4 * moves + 20 moves from
    one of them at random, every position along each; without end (find counts its draws)."""
    while True:
        state = rng.choice(starts)
        yield state
        for _ in range(rng.randrange(4 * moves + 20)):
            choices = list(puzzle.moves(state))
            if not choices:
                break
            state = puzzle.apply(state, rng.choice(choices))
            yield state


def whole_space(puzzle, stop: Stop = never_stop, most: int = MIN_TRIES) -> list[Any] | None:
    """Every position reachable from the puzzle's start, when there are at most `most` (a
    puzzle as small as the water jugs' few dozen), else None. Why: random walks of a few dozen
    moves from empty jugs seldom reach a position ten pours deep, so `train jugs --moves 1`
    found none of the positions a move from the goal (found by an outside trial: `--start 8,1`
    is one); a space this small is weighed whole, each position once."""
    from pegapp.solvers.result import CANCELLED, TOO_LARGE
    from pegapp.solvers.search import analyse

    def after(state):
        return [(m, puzzle.apply(state, m)) for m in puzzle.moves(state)]

    reach = analyse(puzzle.initial(), after, stop=stop, keep_distances=True,
                    max_positions=most + 1)
    if reach.status in (TOO_LARGE, CANCELLED):
        return None
    return list(reach.distances)


def from_solver(puzzle, moves: int, count: int, rng: random.Random,
                stop: Stop = never_stop) -> list[Training]:
    """The default for a puzzle without TRAIN: a small puzzle's every position (whole_space),
    else positions by random play from its start (and from random_reachable starts under
    RANDOM), kept when its solver proves them `moves` from the goal and proves a single
    minimum-keeping move at every step (every child solved). The same seed, the same order."""
    every = whole_space(puzzle, stop)
    if every is not None:
        rng.shuffle(every)
        return find(puzzle, moves, count, every, solver_distance(puzzle, stop), stop)
    starts = [puzzle.initial()]
    if RANDOM in puzzle.ABILITIES:
        starts += [puzzle.random_reachable(rng.randrange(2 ** 31)) for _ in range(8)]
    return find(puzzle, moves, count, random_walks(puzzle, moves, rng, starts),
                solver_distance(puzzle, stop), stop)
