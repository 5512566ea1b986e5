"""A puzzle's whole map: how many positions lie at each distance from the goal, where a position
stands among them, and the farthest positions (no Qt).

Only for puzzles whose whole state space fits: each family's own complete computation is reused,
never a second search written here -- the sliding and rotation puzzles' distance tables (built
once by pegapp.solvers.sliding._tables and cached on disk), the 8-flip's coset histogram
(Flip8.distances, the same as `pegapp analyse flip8`), and for stone pairs the generic
breadth-first analysis (pegapp.solvers.search.analyse) from the goal. A map is kept per puzzle
for the session (MAPS), so opening it again, or after a move, is instant.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pegapp.core.messages import msg
from pegapp.puzzles.base import BadInput
from pegapp.solvers.result import Progress, Stop, never_stop, no_progress

#: the farthest positions listed (each playable); the count says how many there are in all
MAX_LISTED = 24
#: stone pairs: the breadth-first analysis keeps every position in a dict (about 300 bytes each)
MAX_DICT_POSITIONS = 400_000
#: peg solitaire: boards whose shipped tablebases hold every winnable position
MAX_PEG_HOLES = 21
#: 8-flip: the coset histogram costs 2^buttons popcounts (5x5: a second or two)
MAX_FLIP8_BUTTONS = 25


@dataclass
class PuzzleMap:
    """Every position reachable from the goal, by distance from it."""

    puzzle_id: str
    #: histogram[d] = positions d moves from the goal (histogram[0]: the goal positions)
    histogram: list[int]
    #: some of the farthest positions (at most MAX_LISTED), as the puzzle's states
    farthest: list[Any]
    #: state -> moves to the goal (None: not reachable)
    distance: Callable[[Any], int | None]
    #: the family's "start" parameter that starts a game at a state (default: the state itself,
    #: as JSON)
    start_param: Callable[[Any], Any] | None = None
    #: counted up to the board's symmetries (a peg tablebase keeps one of each symmetric set)
    up_to_symmetry: bool = False

    @property
    def positions(self) -> int:
        return sum(self.histogram)

    @property
    def depth(self) -> int:
        return len(self.histogram) - 1

    @property
    def farthest_count(self) -> int:
        return self.histogram[-1]

    def farther_than(self, d: int) -> int:
        """Positions more than d moves from the goal."""
        return sum(self.histogram[d + 1:])


#: map_key(puzzle) -> its map, computed once a session
MAPS: dict[tuple, PuzzleMap] = {}


def _too_large(puzzle) -> BadInput:
    return BadInput(msg("{puzzle}: too many positions to map", puzzle=puzzle.id))


def can_map(puzzle) -> bool:
    """Whether the puzzle's whole state space fits a map (cheap: no computing)."""
    try:
        return _maker(puzzle) is not None
    except BadInput:
        return False


def _maker(puzzle):
    from pegapp.puzzles.flip8 import Flip8
    from pegapp.puzzles.jugs import Jugs
    from pegapp.puzzles.pegs import PegPuzzle
    from pegapp.puzzles.oshidori import Oshidori
    from pegapp.puzzles.rotate import RotatePuzzle
    from pegapp.puzzles.slide import TABLE_MAX_CELLS, SlidePuzzle

    if isinstance(puzzle, SlidePuzzle):
        if puzzle.size > TABLE_MAX_CELLS:
            raise _too_large(puzzle)
        return _table_map
    if isinstance(puzzle, RotatePuzzle):
        return _table_map
    if isinstance(puzzle, Flip8):
        if puzzle.size > MAX_FLIP8_BUTTONS and puzzle.system.nullity > 0:
            raise _too_large(puzzle)
        return _flip8_map
    if isinstance(puzzle, PegPuzzle):
        if puzzle.board.n > MAX_PEG_HOLES:
            raise _too_large(puzzle)
        # only a problem whose whole table ships (found by an outside trial: the Map of the
        # 13-hole diamond from another start opened empty, "no map for this puzzle")
        return _peg_map if _whole_tables(puzzle) else None
    if isinstance(puzzle, Jugs):
        if math.prod(c + 1 for c in puzzle.capacities) > MAX_DICT_POSITIONS:
            raise _too_large(puzzle)
        return _jugs_map
    if isinstance(puzzle, Oshidori):
        goal = puzzle.goal
        counts = [goal.count(v) for v in set(goal)]
        arrangements = math.factorial(len(goal))
        for c in counts:
            arrangements //= math.factorial(c)
        if arrangements > MAX_DICT_POSITIONS:
            raise _too_large(puzzle)
        return _stone_map
    # any other family, a plug-in's included, through the contract: it says how many positions
    # can be reached (POSITIONS_BOUND, optional) and the map walks its own moves and apply
    bound = getattr(puzzle, "POSITIONS_BOUND", None)
    if bound is None:
        return None
    if bound > MAX_DICT_POSITIONS:
        raise _too_large(puzzle)
    return _reach_map


def map_of(puzzle, progress: Progress = no_progress, stop: Stop = never_stop) -> PuzzleMap:
    """The puzzle's map (cached for the session); BadInput when it does not fit or the family
    has none. Raises pegapp.solvers.result.Cancelled when stop() says so."""
    key = map_key(puzzle)
    kept = MAPS.get(key)
    if kept is not None:
        return kept
    make = _maker(puzzle)
    if make is None:
        raise BadInput(msg("{puzzle}: no map for this puzzle", puzzle=puzzle.id))
    made = MAPS[key] = make(puzzle, progress, stop)
    return made


def map_key(puzzle) -> tuple:
    """What a map depends on: the puzzle and its goal (jugs share one id for every size)."""
    return (puzzle.id, repr(getattr(puzzle, "capacities", None)),
            repr(getattr(puzzle, "target", None)), repr(getattr(puzzle, "goal", None)))


def _table_map(puzzle, progress, stop) -> PuzzleMap:
    import numpy as np

    from pegapp.puzzles.rotate import RotatePuzzle
    from pegapp.solvers.sliding import _tables as tables

    table = puzzle.distance_table(progress, stop)
    histogram = tables.levels(table)
    far = np.nonzero(table == len(histogram) - 1)[0][:MAX_LISTED]
    n = 9 if isinstance(puzzle, RotatePuzzle) else puzzle.size
    shift = 1 if isinstance(puzzle, RotatePuzzle) else 0   # rotation tiles are 1..9
    farthest = [tuple(v + shift for v in tables.unrank(int(r), n)) for r in far]
    return PuzzleMap(puzzle.id, histogram, farthest, puzzle.distance)


def _flip8_map(puzzle, progress, stop) -> PuzzleMap:
    h = puzzle.distances(progress, stop, examples=MAX_LISTED)
    farthest = [puzzle.system.image(x) for x in h.farthest_examples]
    return PuzzleMap(puzzle.id, list(h.histogram), farthest, puzzle.distance)


def _stone_map(puzzle, progress, stop) -> PuzzleMap:
    from pegapp.solvers.stone_pairs.rules import neighbours
    from pegapp.solvers.result import CANCELLED, Cancelled
    from pegapp.solvers.search import analyse

    # moves are reversible: distances from the goal are distances to it
    a = analyse(puzzle.goal, neighbours, progress, stop, keep_distances=True)
    if a.status == CANCELLED:
        raise Cancelled
    distances = a.distances
    return PuzzleMap(puzzle.id, list(a.histogram), sorted(a.farthest)[:MAX_LISTED],
                     lambda state: distances.get(tuple(state)))


def _jugs_map(puzzle, progress, stop) -> PuzzleMap:
    """Pouring cannot always be undone: every position reachable from empty jugs, then the
    distances to the goal by a breadth-first analysis back along the moves."""
    from pegapp.solvers.result import CANCELLED, Cancelled
    from pegapp.solvers.search import analyse

    empty = (0,) * len(puzzle.capacities)
    reach = analyse(empty, puzzle.neighbours, progress, stop, keep_distances=True)
    if reach.status == CANCELLED:
        raise Cancelled
    a = _back_from_goals(puzzle, reach.distances, puzzle.neighbours, progress, stop)
    distances = a.distances
    return PuzzleMap(puzzle.id, list(a.histogram), sorted(a.farthest)[:MAX_LISTED],
                     lambda state: distances.get(tuple(state)))


def _back_from_goals(puzzle, positions, after, progress, stop):
    """The goal distances of positions (every position reachable, a whole set): a breadth-first
    analysis from the solved ones back along the moves after(state) gives, so moves need not be
    reversible (pouring, a plug-in's moves). BadInput when none is solved."""
    from pegapp.solvers.result import CANCELLED, Cancelled
    from pegapp.solvers.search import analyse

    before: dict[Any, list] = {s: [] for s in positions}
    for s in positions:
        for _, t in after(s):
            before[t].append(s)
    goals = [s for s in positions if puzzle.is_solved(s)]
    if not goals:
        raise BadInput(msg("{puzzle}: no position reaches the goal", puzzle=puzzle.id))
    a = analyse(goals, before.__getitem__, progress, stop, many=True, states_only=True,
                keep_distances=True)
    if a.status == CANCELLED:
        raise Cancelled
    return a


def _reach_map(puzzle, progress, stop) -> PuzzleMap:
    """Any family that declares POSITIONS_BOUND: every position reachable from its start by its
    own moves and apply (the contract's methods), then the distances to the goal back along
    them -- moves need not be reversible. A bound the family understated ends the walk past
    MAX_DICT_POSITIONS as too large, never a walk without end."""
    from pegapp.solvers.result import CANCELLED, TOO_LARGE, Cancelled
    from pegapp.solvers.search import analyse

    def after(state):
        return [(m, puzzle.apply(state, m)) for m in puzzle.moves(state)]

    reach = analyse(puzzle.initial(), after, progress, stop, keep_distances=True,
                    max_positions=MAX_DICT_POSITIONS)
    if reach.status == CANCELLED:
        raise Cancelled
    if reach.status == TOO_LARGE:
        raise _too_large(puzzle)
    a = _back_from_goals(puzzle, reach.distances, after, progress, stop)
    return PuzzleMap(puzzle.id, list(a.histogram), sorted(a.farthest, key=repr)[:MAX_LISTED],
                     a.distances.get)


def _whole_tables(puzzle) -> list:
    """The shipped whole table of the puzzle's own problem: its goal, and its start (up to a
    symmetry keeping the goal), else one that holds its start (a game started at a position of
    the Map); none when no table holds it. Two boards that share their holes and jumps share
    the tables of a goal (the beginners' cross and pyramid): a hint may look a position up in
    either, but a Map counts the positions reachable from one start (found by an outside trial:
    the cross's Map was the cross's and the pyramid's together)."""
    from pegapp.solvers.pegs import tablebase
    from pegapp.solvers.pegs._tables import apply_perm, geometry

    board, start = puzzle.board, puzzle.initial()
    if puzzle.finish is None:
        goals = tablebase.default_goals(board, start)
    else:
        goals = [1 << puzzle.finish]
    tables = tablebase.find(board, goals, openings=False)
    whole = tables.whole if tables is not None else []
    keeping_goals = geometry(board).subgroup_fixing(goals)
    own = [t for t in whole if any(apply_perm(p, t.start) == start for p in keeping_goals)]
    return own[:1] or [t for t in whole if t.distance(start) is not None][:1]


def _peg_map(puzzle, progress, stop) -> PuzzleMap:
    """The board's shipped tablebases: every winnable position reachable from the start (one of
    each symmetric set) with its exact distance to the goal."""
    import numpy as np

    from pegapp.solvers.pegs import tablebase

    board = puzzle.board
    whole = _whole_tables(puzzle)
    if not whole:  # can_map said so: an opening table holds a problem's first positions only
        raise BadInput(msg("{puzzle}: no map for this puzzle", puzzle=puzzle.id))
    keys = np.concatenate([t.keys for t in whole])
    dist = np.concatenate([t.dist for t in whole])
    keys, first = np.unique(keys, return_index=True)
    dist = dist[first]
    histogram = [int(c) for c in np.bincount(dist)]
    farthest = [int(k) for k in keys[dist == len(histogram) - 1][:MAX_LISTED]]

    def empty_holes(state: int) -> list[int]:
        return [h for h in range(board.n) if not (state >> h) & 1]

    return PuzzleMap(puzzle.id, histogram, farthest, tablebase.Tables(whole).distance,
                     empty_holes, True)
