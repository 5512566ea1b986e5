"""Generic shortest-path search over puzzle positions (no Qt, no numpy needed).

Every puzzle whose positions are hashable values can reuse these:

``bfs(start, neighbours, is_goal)``
    Breadth-first search from ``start`` until a position satisfying ``is_goal`` is dequeued.
    Use it when the goal is a predicate ("any jug holds 4 l") or the graph is tiny.

``bidirectional_bfs(start, goal, neighbours)``
    Breadth-first from both ends at once, expanding the smaller frontier, when the goal
    position(s) are known. Visits far fewer positions than ``bfs`` (the 2x5 sliding puzzle: about
    a fifth). For one-way moves pass ``predecessors``.

``meet_in_middle(fwd, bwd)``
    The one bidirectional frame: two :class:`Side` objects (a frontier size, a cost estimate and
    an ``expand(other)`` that adds one level and reports a meeting); it expands the cheaper side
    until the sides meet or one runs out. ``bidirectional_bfs`` plugs dict-based sides into it;
    the peg solver (pegapp.solvers.pegs.solver) and the oshidori numba and numpy backends plug in their
    compiled or vectorised sides. A side polls stop() and checks its budget itself, raising
    pegapp.solvers.result.Cancelled or TooLarge; the caller turns them into a result with
    pegapp.solvers.result.interrupted.

``analyse(sources, expand)``
    Breadth-first over *every* position reachable from ``sources`` (usually the goal): the number
    of positions at each distance and the farthest positions. To get distances *to* the goal on a
    puzzle whose moves cannot be undone, pass the predecessor function as ``expand``.

The move generator contract, shared by all three::

    neighbours(state) -> Iterable[tuple[move, next_state]]

``progress(stage, depth, positions)`` is called at every level and every ``check_every``
expansions; ``stop()`` is polled just as often and ends the search with status ``CANCELLED``.
``max_positions`` is a memory budget: when the search has stored that many positions it ends with
status ``TOO_LARGE``. Results are :class:`pegapp.solvers.result.SolveResult`; ``stats`` holds
``positions`` (stored), ``expanded`` and, on success, ``path`` (the states from start to goal).

Every solution returned is shortest (``proven_minimal=True``): both searches finish the level in
which the frontiers meet before answering.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from pegapp.core.messages import msg
from pegapp.solvers.record import SearchRecord, already_there
from pegapp.solvers.result import (
    CANCELLED,
    SOLVED,
    TOO_LARGE,
    UNSOLVABLE,
    Cancelled,
    Progress,
    SolveResult,
    Stop,
    TooLarge,
    check_stop,
    interrupted,
    never_stop,
    no_progress,
)

State = Hashable
Move = Any
Neighbours = Callable[[Any], Iterable[tuple[Move, Any]]]
Predecessors = Callable[[Any], Iterable[Any]]

#: poll stop() and report progress every this many expansions
CHECK_EVERY = 4096

#: the progress stages of the three searches
BFS_STAGE = msg("looking ahead from your position")
BIDIRECTIONAL_STAGE = msg("looking ahead from your position and back from the goal")
ANALYSE_STAGE = msg("measuring every position's distance from the goal")


def _path_moves(path: Sequence[Any], neighbours: Neighbours) -> list[Move]:
    """The moves that lead along path (consecutive states), found by regenerating each step."""
    moves = []
    for a, b in zip(path, path[1:]):
        for m, t in neighbours(a):
            if t == b:
                moves.append(m)
                break
        else:  # pragma: no cover - only with an inconsistent predecessors function
            raise ValueError(f"no move leads from {a!r} to {b!r}")
    return moves


def _too_many(max_positions: int):
    """The reason of a search that hit its memory budget."""
    return msg("more than {limit} positions", limit=max_positions)


def _walk(parents: dict, state: Any) -> list[Any]:
    """States from the root of the parents tree to state (root has parent None)."""
    out = []
    while state is not None:
        out.append(state)
        state = parents[state]
    out.reverse()
    return out


def bfs(
    start: Any,
    neighbours: Neighbours,
    is_goal: Callable[[Any], bool],
    progress: Progress = no_progress,
    stop: Stop = never_stop,
    *,
    max_positions: int | None = None,
    check_every: int = CHECK_EVERY,
) -> SolveResult:
    """Shortest move sequence from start to any position with is_goal(position) true."""
    t0 = time.perf_counter()
    record = SearchRecord()
    record.add_level(False, 1)
    if is_goal(start):
        record.meeting, record.positions = (0, 0), 1
        return SolveResult(SOLVED, [], True, stats={"positions": 1, "expanded": 0,
                                                     "path": [start]}, search=record)

    def finish(res: SolveResult) -> SolveResult:
        record.positions, record.seconds = len(parents), time.perf_counter() - t0
        res.search = record
        return res

    parents: dict[Any, tuple[Any, Move] | None] = {start: None}
    frontier = [start]
    depth = 0
    expanded = 0
    try:
        while frontier:
            progress(BFS_STAGE, depth, len(parents))
            nxt = []
            for s in frontier:
                expanded += 1
                if expanded % check_every == 0:
                    check_stop(stop)
                    progress(BFS_STAGE, depth, len(parents))
                for m, t in neighbours(s):
                    record.examined += 1
                    if t in parents:
                        continue
                    parents[t] = (s, m)
                    if is_goal(t):
                        moves = []
                        path = [t]
                        cur = t
                        while parents[cur] is not None:
                            prev, mv = parents[cur]
                            moves.append(mv)
                            path.append(prev)
                            cur = prev
                        moves.reverse()
                        path.reverse()
                        # the goal is met in the level being built: the record keeps the
                        # complete levels before it, and the meeting says where it lay
                        record.meeting = (len(moves), 0)
                        return finish(SolveResult(SOLVED, moves, True, stats={
                            "positions": len(parents), "expanded": expanded, "path": path}))
                    nxt.append(t)
                if max_positions is not None and len(parents) >= max_positions:
                    raise TooLarge(_too_many(max_positions))
            frontier = nxt
            depth += 1
            if frontier:
                record.add_level(False, len(frontier))
    except (Cancelled, TooLarge) as exc:
        return finish(interrupted(exc, {"positions": len(parents), "expanded": expanded}))
    if len(parents) == 1:
        reason = msg("no goal: the start is the only reachable position")
    else:
        reason = msg("no goal among the {count} reachable positions", count=len(parents))
    return finish(SolveResult(UNSOLVABLE, None, True, reason=reason,
                              stats={"positions": len(parents), "expanded": expanded}))


class Side(Protocol):
    """One direction of a bidirectional search, as :func:`meet_in_middle` drives it.

    Each backend keeps its positions its own way (a dict here, hash tables in numba kernels,
    sorted numpy levels); the frame only asks for these."""

    depth: int

    def frontier_size(self) -> int:
        """Positions in the deepest level (0: this side has run out)."""

    def cost(self) -> float:
        """Estimated work of expanding the next level (the cheaper side goes first)."""

    def expand(self, other: Any) -> Any:
        """Expand one level; return a meeting with other (anything but None) or None.
        Polls stop() and raises pegapp.solvers.result.Cancelled or TooLarge."""


def meet_in_middle(fwd: Side, bwd: Side, max_depth: int | None = None,
                   record: SearchRecord | None = None) -> tuple[Side, Any] | None:
    """The one bidirectional breadth-first frame: expand the cheaper side a level at a time
    until a level meets the other side; returns (the side that met, its meeting), or None when
    a side runs out (no solution) or fwd.depth + bwd.depth reaches max_depth.

    A side meeting the other while expanding level d + 1 gives a shortest solution when both
    sides are complete to their depths and disjoint, so a backend finishes (or probes) the
    level it meets in before answering.

    record: when given, the frame writes the search's levels into it as they complete (each
    side's level 0 first, then every level a side stores) and the meeting: the side that met was
    building its level depth + 1 against the other's deepest level. The caller adds what only
    the backend knows (positions, examined, peak_bytes, seconds)."""
    if record is not None:
        if not record.forward:
            record.add_level(False, fwd.frontier_size())
        if not record.backward:
            record.add_level(True, bwd.frontier_size())
    while max_depth is None or fwd.depth + bwd.depth < max_depth:
        if fwd.frontier_size() == 0 or bwd.frontier_size() == 0:
            return None
        side, other = (fwd, bwd) if fwd.cost() <= bwd.cost() else (bwd, fwd)
        met = side.expand(other)
        if met is not None:
            if record is not None:
                record.meeting = ((fwd.depth + 1, bwd.depth) if side is fwd
                                  else (fwd.depth, bwd.depth + 1))
            return side, met
        if record is not None and side.frontier_size():
            record.add_level(side is bwd, side.frontier_size())
    return None


class _DictSide:
    """A side of bidirectional_bfs: state -> parent dict, frontier list."""

    def __init__(self, roots, successors, search: "_Bidirectional"):
        self.parents: dict[Any, Any] = {r: None for r in roots}
        self.front = list(dict.fromkeys(roots))
        self.successors = successors
        self.search = search
        self.depth = 0

    def frontier_size(self) -> int:
        return len(self.front)

    cost = frontier_size

    def expand(self, other: "_DictSide"):
        run = self.search
        mine, theirs = self.parents, other.parents
        nxt = []
        for s in self.front:
            run.expanded += 1
            if run.expanded % run.check_every == 0:
                check_stop(run.stop)
                run.report()
            for t in self.successors(s):
                run.examined += 1
                if t in theirs:
                    # Both sides are complete up to their depths and disjoint so far, so the
                    # shortest solution is longer than fdepth + bdepth; this one has at most
                    # fdepth + 1 + bdepth moves, hence exactly that: it is shortest.
                    return s, t
                if t in mine:
                    continue
                mine[t] = s
                nxt.append(t)
            if run.max_positions is not None and run.positions() >= run.max_positions:
                raise TooLarge(_too_many(run.max_positions))
        self.front = nxt
        self.depth += 1
        run.report()
        return None


class _Bidirectional:
    def __init__(self, progress, stop, max_positions, check_every):
        self.progress, self.stop = progress, stop
        self.max_positions, self.check_every = max_positions, check_every
        self.expanded = 0
        self.examined = 0
        self.sides: list[_DictSide] = []
        self.record = SearchRecord()
        self.t0 = time.perf_counter()

    def finish(self, res: SolveResult) -> SolveResult:
        """res with the search's record, its totals filled in."""
        self.record.positions = self.positions()
        self.record.examined = self.examined
        self.record.seconds = time.perf_counter() - self.t0
        res.search = self.record
        return res

    def positions(self) -> int:
        return sum(len(s.parents) for s in self.sides)

    def report(self) -> None:
        self.progress(BIDIRECTIONAL_STAGE, sum(s.depth for s in self.sides), self.positions())

    def stats(self) -> dict[str, Any]:
        return {"positions": self.positions(), "expanded": self.expanded}


def bidirectional_bfs(
    start: Any,
    goal: Any,
    neighbours: Neighbours,
    progress: Progress = no_progress,
    stop: Stop = never_stop,
    *,
    goals: Iterable[Any] | None = None,
    predecessors: Predecessors | None = None,
    max_positions: int | None = None,
    check_every: int = CHECK_EVERY,
) -> SolveResult:
    """Shortest move sequence from start to goal, searching from both ends (meet_in_middle).

    goal: the goal position; or pass ``goals=[...]`` (then goal is ignored) for several.
    predecessors(state) -> the states with a move *to* state. Default: moves are reversible,
    so the predecessors are the neighbours. Moves on the backward half are recovered by
    regenerating neighbours along the path, so predecessors need not name moves.
    """
    goal_list = list(goals) if goals is not None else [goal]
    if not goal_list:
        raise ValueError("no goal given")
    if predecessors is None:
        def predecessors(s: Any) -> Iterable[Any]:
            return (t for _, t in neighbours(s))

    if start in set(goal_list):
        return SolveResult(SOLVED, [], True, stats={"positions": 1, "expanded": 0,
                                                     "path": [start]},
                           search=already_there())
    run = _Bidirectional(progress, stop, max_positions, check_every)
    fwd = _DictSide([start], lambda s: (t for _, t in neighbours(s)), run)
    bwd = _DictSide(goal_list, predecessors, run)
    run.sides = [fwd, bwd]
    run.report()
    try:
        met = meet_in_middle(fwd, bwd, record=run.record)
    except (Cancelled, TooLarge) as exc:
        return run.finish(interrupted(exc, run.stats()))
    if met is not None:
        side, (s, t) = met
        if side is fwd:
            path = _walk(fwd.parents, s) + list(reversed(_walk(bwd.parents, t)))
        else:
            path = _walk(fwd.parents, t) + list(reversed(_walk(bwd.parents, s)))
        st = run.stats()
        st["path"] = path
        return run.finish(SolveResult(SOLVED, _path_moves(path, neighbours), True, stats=st))
    if not fwd.front:
        count = len(fwd.parents)
        if count == 1:
            reason = msg("the goal cannot be reached (the start side ran out after {count} "
                         "position)", count=count)
        else:
            reason = msg("the goal cannot be reached (the start side ran out after {count} "
                         "positions)", count=count)
    else:
        count = len(bwd.parents)
        if count == 1:
            reason = msg("the goal cannot be reached (the goal side ran out after {count} "
                         "position)", count=count)
        else:
            reason = msg("the goal cannot be reached (the goal side ran out after {count} "
                         "positions)", count=count)
    return run.finish(SolveResult(UNSOLVABLE, None, True, reason=reason, stats=run.stats()))


@dataclass
class Analysis:
    """Every position reachable from the sources, by distance."""

    positions: int
    #: histogram[d] = number of positions at distance d (histogram[0] = len(sources))
    histogram: list[int]
    #: the positions at the largest distance
    farthest: list[Any]
    status: str = SOLVED
    #: optional state -> distance map (analyse(..., keep_distances=True))
    distances: dict[Any, int] | None = field(default=None, repr=False)

    @property
    def depth(self) -> int:
        """The largest distance."""
        return len(self.histogram) - 1

    def to_json(self) -> dict[str, Any]:
        return {"positions": self.positions, "histogram": list(self.histogram),
                "depth": self.depth, "farthest": [list(f) if isinstance(f, tuple) else f
                                                  for f in self.farthest],
                "farthest_count": len(self.farthest), "status": self.status}


def analyse(
    sources: Any | Iterable[Any],
    expand: Callable[[Any], Iterable[Any]],
    progress: Progress = no_progress,
    stop: Stop = never_stop,
    *,
    many: bool = False,
    states_only: bool = False,
    keep_distances: bool = False,
    max_positions: int | None = None,
    check_every: int = CHECK_EVERY,
) -> Analysis:
    """Breadth-first from sources over every reachable position.

    sources: one state, or an iterable of states with ``many=True``.
    expand(state): by default the ``neighbours`` contract ((move, state) pairs); with
    ``states_only=True`` it yields bare states (e.g. a predecessor function).
    Ends early with status CANCELLED or TOO_LARGE; the histogram then covers the levels done.
    """
    start = list(sources) if many else [sources]
    dist: dict[Any, int] | None = {s: 0 for s in start} if keep_distances else None
    seen: Any = dist if dist is not None else set(start)
    frontier = list(dict.fromkeys(start))
    histogram = [len(frontier)]
    expanded = 0
    status = SOLVED
    depth = 0
    while True:
        progress(ANALYSE_STAGE, depth, len(seen))
        nxt = []
        for s in frontier:
            expanded += 1
            if expanded % check_every == 0:
                if stop():
                    status = CANCELLED
                    break
                progress(ANALYSE_STAGE, depth, len(seen))
            it = expand(s) if states_only else (t for _, t in expand(s))
            for t in it:
                if t in seen:
                    continue
                if dist is not None:
                    dist[t] = depth + 1
                else:
                    seen.add(t)
                nxt.append(t)
            if max_positions is not None and len(seen) >= max_positions:
                status = TOO_LARGE
                break
        if status != SOLVED or not nxt:
            break
        frontier = nxt
        histogram.append(len(nxt))
        depth += 1
    return Analysis(len(seen), histogram, frontier if status == SOLVED else [], status, dist)
