"""A puzzle's whole map: how many positions lie at each distance from the goal, where a position
stands among them, and the farthest positions (no Qt).

Only for puzzles whose whole state space fits. The family says how its map is made (the
contract's optional map_maker, so this module names no family): a family with a complete
computation of its own reuses it, never a second search written here (a whole distance table:
table_map; a breadth-first analysis from the goal: by_distance_map, back_from_goals), and any
other family that declares POSITIONS_BOUND gets the generic walk of its own moves (reach_map).
A map is kept per puzzle for the session (MAPS), so opening it again, or after a move, is
instant.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pegapp.core.messages import msg
from pegapp.puzzles.base import BadInput
from pegapp.solvers.result import Progress, Stop, never_stop, no_progress

#: the farthest positions listed (each playable); the count says how many there are in all
MAX_LISTED = 24
#: a breadth-first analysis keeps every position in a dict (about 300 bytes each)
MAX_DICT_POSITIONS = 400_000


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


def too_large(puzzle) -> BadInput:
    """What a family's map_maker raises when its positions do not fit a map."""
    return BadInput(msg("{puzzle}: too many positions to map", puzzle=puzzle.id))


def can_map(puzzle) -> bool:
    """Whether the puzzle's whole state space fits a map (cheap: no computing)."""
    try:
        return _maker(puzzle) is not None
    except BadInput:
        return False


def _maker(puzzle) -> Callable[[Progress, Stop], PuzzleMap] | None:
    """How the puzzle's map is made, asked of the family through the contract: its own
    map_maker() (optional: a function of (progress, stop) giving the PuzzleMap, None when the
    puzzle has no map, BadInput from too_large when it does not fit), else the generic walk of
    its moves for a family that declares POSITIONS_BOUND, else no map."""
    own = getattr(puzzle, "map_maker", None)
    if own is not None:
        return own()
    bound = getattr(puzzle, "POSITIONS_BOUND", None)
    if bound is None:
        return None
    if bound > MAX_DICT_POSITIONS:
        raise too_large(puzzle)
    return lambda progress, stop: reach_map(puzzle, progress, stop)


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
    made = MAPS[key] = make(progress, stop)
    return made


def map_key(puzzle) -> tuple:
    """What a map depends on: the puzzle and its goal (jugs share one id for every size)."""
    return (puzzle.id, repr(getattr(puzzle, "capacities", None)),
            repr(getattr(puzzle, "target", None)), repr(getattr(puzzle, "goal", None)))


def table_map(puzzle, progress, stop, cells: int, first_tile: int = 0) -> PuzzleMap:
    """The map of a family with a whole distance table (puzzle.distance_table, indexed by the
    rank of a permutation of cells tiles numbered from first_tile, and puzzle.distance)."""
    import numpy as np

    from pegapp.solvers.sliding import _tables as tables

    table = puzzle.distance_table(progress, stop)
    histogram = tables.levels(table)
    far = np.nonzero(table == len(histogram) - 1)[0][:MAX_LISTED]
    farthest = [tuple(v + first_tile for v in tables.unrank(int(r), cells)) for r in far]
    return PuzzleMap(puzzle.id, histogram, farthest, puzzle.distance)


def by_distance_map(puzzle, analysis) -> PuzzleMap:
    """The map of a breadth-first analysis from the goal (pegapp.solvers.search.analyse, kept
    distances): a state's distance looked up as a tuple."""
    distances = analysis.distances
    return PuzzleMap(puzzle.id, list(analysis.histogram),
                     sorted(analysis.farthest)[:MAX_LISTED],
                     lambda state: distances.get(tuple(state)))


def back_from_goals(puzzle, positions, after, progress, stop):
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


def understated(puzzle, bound: int) -> BadInput:
    """What the Map says of a family that reaches more positions than its POSITIONS_BOUND."""
    return BadInput(msg("{puzzle}: more positions are reachable than its POSITIONS_BOUND "
                        "({bound:,}) declares: the Map stopped there (raise the bound to the "
                        "number of positions, at most {most:,})", puzzle=puzzle.id,
                        bound=bound, most=MAX_DICT_POSITIONS))


def reach_map(puzzle, progress, stop) -> PuzzleMap:
    """Any family that declares POSITIONS_BOUND: every position reachable from its start by its
    own moves and apply (the contract's methods), then the distances to the goal back along
    them -- moves need not be reversible. The walk counts the positions as it goes and stops at
    the first one past the declared bound (understated: named, within moments of the bound's
    worth of work), never a walk up to what a map could hold, nor one without end."""
    from pegapp.solvers.result import CANCELLED, TOO_LARGE, Cancelled
    from pegapp.solvers.search import analyse

    def after(state):
        return [(m, puzzle.apply(state, m)) for m in puzzle.moves(state)]

    bound = int(puzzle.POSITIONS_BOUND)
    # analyse ends TOO_LARGE once it has stored max_positions: one past the bound
    reach = analyse(puzzle.initial(), after, progress, stop, keep_distances=True,
                    max_positions=min(bound, MAX_DICT_POSITIONS) + 1)
    if reach.status == CANCELLED:
        raise Cancelled
    if reach.status == TOO_LARGE:
        raise understated(puzzle, bound)
    a = back_from_goals(puzzle, reach.distances, after, progress, stop)
    return PuzzleMap(puzzle.id, list(a.histogram), sorted(a.farthest, key=repr)[:MAX_LISTED],
                     a.distances.get)
