"""Peg solitaire's training puzzles (the TRAIN ability of pegs.PegPuzzle; pegapp.puzzles.training
says what they are and how they are rated).

From a shipped whole table of the puzzle's goal where one exists (pegapp.solvers.pegs.tablebase:
the beginners' boards, the 13-hole diamond, Hoppers, plus 20, both triangles, English's central
game): its positions at exactly N moves, picked at random and turned by a random symmetry of the
table, each child of each step looked up in the same table (a whole table holds every winnable
position reachable from its start, so a child it lacks is a dead end). Elsewhere by search:
positions walked back from the goal N to 2N jumps (a peg un-jumped, the solver's moves read
backwards: N + 1 to 2N + 1 pegs, at most N moves from the goal), each weighed by PegDistances,
an iterative deepening over chains to N moves that keeps what it learns of every position
(a position of another position class than the goals', or below a pagoda function's floor, is
dead at once). The opening and bounded tables (English's other problems, French) are not used:
they hold the positions near the start and one line on from each, so they cannot prove the
single answer at each step of a line, whose siblings lie past what they hold; the search is
what serves those boards, seconds up to five moves and minutes at six on French.

A move is a chain of jumps by one peg, prefixes included, counted as the solver counts
(pegapp.core.pegs). A position looks as good as another when it has no more isolated pegs (pegs
with no peg beside them to jump over), then no more pegs (the greedy player's eye): a losing move
that looks as good as the right one is tempting.
"""

from __future__ import annotations

import random

from pegapp.core.messages import msg
from pegapp.core.pegs import pegs
from pegapp.puzzles import training
from pegapp.solvers.result import Cancelled, Stop, TooLarge, never_stop

#: positions the search expands at the most before it gives up (a count: the same answer on any
#: machine): some 900 bytes each with their children, 1,000,000 took 183 s and 0.9 GB (English
#: finishing in a corner, 12 moves, found none); this many, under a minute and 250 MB
SEARCH_POSITIONS = 250_000


#: what PegDistances keeps as a dead position's "more than" (any number of moves)
DEAD = 1 << 30


def looks_of(board):
    """How a position looks to a greedy player (lower is better): its isolated pegs (a peg with
    no peg in any hole it could jump over), then its pegs."""
    over = [0] * board.n
    for f, o, _t in board.jumps:
        over[f] |= 1 << o

    def looks(state: int) -> tuple[int, int]:
        return sum(1 for h in pegs(state) if not state & over[h]), state.bit_count()

    return looks


class PegDistances:
    """The exact fewest moves (chains) from a position to the goals, or None when it is more
    than `most` (or none): iterative deepening over chains, with what each position is known
    to need kept (at least lo, at most hi), shared by every question, so the puzzles of one
    request share their endings; a position of another position class than the goals' is dead
    at once."""

    def __init__(self, board, goals: list[int], most: int, stop: Stop = never_stop,
                 limit: int | None = None):
        from pegapp.solvers.pegs._tables import geometry  # deferred: numpy, only when asked

        self.geometry = geometry(board)
        self.goals = frozenset(goals)
        self.classes = {self.geometry.position_class(g) for g in goals}
        self.most = most
        #: a None answer means only "more than this many moves" (training.Training.horizon)
        self.horizon = most
        # the board's pagoda functions for these goals: a position whose sum is below every
        # goal's can reach none (the sum never grows along a jump)
        self.pagodas = [(weights, min(weights[g.bit_length() - 1] for g in goals))
                        for weights in self.geometry.pagodas(sorted(goals))]
        self.lo: dict[int, int] = {}    # the position needs more than this many moves
        self.hi: dict[int, int] = {g: 0 for g in goals}   # ... and at most this many
        self.children: dict[int, list[int]] = {}
        self.stop = stop
        self.limit = SEARCH_POSITIONS if limit is None else limit   # read when made: a setting

    def __call__(self, pos: int) -> int | None:
        for k in range(self.most + 1):
            if self.within(pos, k):
                return k
        return None

    def within(self, pos: int, k: int) -> bool:
        """Whether the goal can be reached from pos in at most k moves."""
        hi = self.hi.get(pos)
        if hi is not None and hi <= k:
            return True
        if self.lo.get(pos, -1) >= k:
            return False
        if self.stop():
            raise Cancelled()
        if pos.bit_count() <= 1 or self.geometry.position_class(pos) not in self.classes \
                or any(sum(w[h] for h in pegs(pos)) < floor for w, floor in self.pagodas):
            self.lo[pos] = DEAD  # no goal from here, in any number of moves
            return False
        if k == 0:
            self.lo[pos] = 0
            return False
        children = self.children.get(pos)
        if children is None:
            if len(self.children) >= self.limit:
                raise TooLarge(msg("more than {limit:,} positions", limit=self.limit))
            children = sorted({q for _path, q in self.geometry.forward_chains(pos)},
                              key=lambda q: (q.bit_count(), q))
            self.children[pos] = children
        for child in children:
            if self.within(child, k - 1):
                self.hi[pos] = min(k, self.hi.get(pos, k))
                return True
        self.lo[pos] = k
        return False


def goals_of(puzzle) -> list[int]:
    """The positions that finish the puzzle: one peg in the finish hole, or, finishing
    anywhere, one peg in any hole of the start's position class."""
    from pegapp.solvers.pegs._tables import geometry

    if puzzle.finish is not None:
        return [1 << puzzle.finish]
    g = geometry(puzzle.board)
    cls = g.position_class(puzzle.initial())
    return [1 << h for h in range(g.n) if g.position_class(1 << h) == cls]


def whole_table(puzzle, goals: list[int]):
    """A shipped whole table of these goals holding the puzzle's start, else any of them."""
    from pegapp.solvers.pegs import tablebase

    tables = tablebase.find(puzzle.board, goals, openings=False)
    whole = tables.whole if tables is not None else []
    start = puzzle.initial()
    return next((t for t in whole if t.distance(start) is not None), whole[0] if whole else None)


def training_positions(puzzle, moves: int, count: int, rng: random.Random,
                       stop: Stop = never_stop) -> list[training.Training]:
    """The TRAIN ability of a peg puzzle (see the module's text)."""
    most = puzzle.board.n - 2  # a move takes a peg: a full board less one hole to one peg
    if moves > most:  # said at once (found by an outside trial: diamond41 --moves 60 searched
        # for 73 s before it gave up)
        raise training.none_exists(puzzle, moves, msg(
            "a move takes a peg, and the board's {holes} holes hold at most {pegs} pegs, so no "
            "finish is longer than {most} moves", holes=puzzle.board.n,
            pegs=puzzle.board.n - 1, most=most), most)
    goals = goals_of(puzzle)
    table = whole_table(puzzle, goals)
    if table is not None:
        return _from_whole_table(puzzle, table, moves, count, rng, stop)
    return _by_search(puzzle, goals, moves, count, rng, stop)


def _from_whole_table(puzzle, table, moves: int, count: int, rng: random.Random,
                      stop: Stop) -> list[training.Training]:
    """Positions of the whole table at exactly `moves`, each turned by a random symmetry."""
    import numpy as np

    from pegapp.solvers.pegs._tables import apply_perm

    at = np.flatnonzero(table.dist == moves)
    if len(at) == 0:
        deepest = int(table.dist[table.dist < 254].max())
        raise training.none_exists(puzzle, moves, msg(
            "no position of this game is {moves} moves from its finish (the farthest is "
            "{deepest}, by its whole table)", moves=moves, deepest=deepest), deepest)
    keys = table.keys

    def picked():
        for i in rng.sample(range(len(at)), len(at)):
            yield apply_perm(rng.choice(table.perms), int(keys[at[i]]))

    try:
        return training.find(puzzle, moves, count, picked(), table.distance, stop,
                             looks_of(puzzle.board))
    except training.NoTraining:
        if stop() or len(at) > training.tries_for(count):
            raise   # not every position was weighed: none found, not none at all
        # every position at that distance was weighed: none has one, proven by the table
        # (said as "found" before: Hoppers' five to seven moves, an outside trial)
        raise training.none_exists(puzzle, moves, msg(
            "none of the {count} positions {moves} moves from the finish in this game's whole "
            "table has one", count=len(at), moves=moves)) from None


def _by_search(puzzle, goals: list[int], moves: int, count: int, rng: random.Random,
               stop: Stop) -> list[training.Training]:
    """Positions walked back from a goal, weighed by PegDistances."""
    distance = PegDistances(puzzle.board, goals, moves, stop)
    by_landing = distance.geometry.by_landing

    def walked():
        # back from a goal a jump at a time, moves to twice as many jumps: a position of that
        # many pegs and one, at most that many moves from the goal, small enough to search
        while True:
            pos = rng.choice(goals)
            for _ in range(moves + rng.randrange(moves + 1)):
                back = [pos ^ bits for peg in pegs(pos) for f, o, bits in by_landing[peg]
                        if not (pos >> f) & 1 and not (pos >> o) & 1]
                if not back:
                    break
                pos = rng.choice(back)
            yield pos

    return training.find(puzzle, moves, count, walked(), distance, stop, looks_of(puzzle.board))
