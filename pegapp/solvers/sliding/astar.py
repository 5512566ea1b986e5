"""A shortest sliding-tile solution without pattern databases, for positions near the goal (no Qt,
no numba): A* with the Manhattan distance, within a small count of positions expanded.

The pattern databases (pegapp.solvers.sliding.pdb) of a size that ships none are built on its first hint:
some 20 s for the 5x5 puzzle, 5 s for the 3x4, with numba's kernels loaded first. A player who
asks near the end of a game waited that long for a move or two (found by an outside trial: a 5x5
position one move from the goal took 22 s). The Manhattan distance never overestimates and
changes by exactly one a move, so it is consistent: the first time A* takes the goal from its
queue, the path to it is a shortest one. Near the goal the distance is nearly exact and A*
expands few positions; far from it the count runs out at once and the caller goes on to the
databases, having spent a few hundredths of a second.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Sequence

from pegapp.solvers.record import SearchRecord
from pegapp.solvers.result import SOLVED, SolveResult, Stop, never_stop

#: positions expanded at most before giving the question to the pattern databases (about 0.05 s)
QUICK_EXPANSIONS = 5_000


def quick_solve(rows: int, cols: int, state: Sequence[int], stop: Stop = never_stop,
                limit: int = QUICK_EXPANSIONS) -> SolveResult | None:
    """A shortest solution of a solvable R x C position (tile t's home is cell t - 1, the blank's
    the last cell; a move is the tile slid into the blank), or None when A* would expand more
    than limit positions (or stop() says so) to find one."""
    t0 = time.perf_counter()
    n = rows * cols
    start = tuple(state)
    goal = tuple(list(range(1, n)) + [0])
    home = [(0, 0)] + [divmod(t - 1, cols) for t in range(1, n)]
    adjacent = []
    for cell in range(n):
        r, c = divmod(cell, cols)
        adjacent.append([(r + dr) * cols + c + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                         if 0 <= r + dr < rows and 0 <= c + dc < cols])

    def distance(tile: int, cell: int) -> int:
        r, c = divmod(cell, cols)
        hr, hc = home[tile]
        return abs(r - hr) + abs(c - hc)

    h0 = sum(distance(t, cell) for cell, t in enumerate(start) if t)
    best = {start: 0}
    came: dict[tuple, tuple[tuple, int]] = {}
    queue = [(h0, 0, 0, start, start.index(0))]
    expanded = pushed = 0
    while queue:
        f, g, _order, position, blank = heapq.heappop(queue)
        if g > best.get(position, g):
            continue        # a longer way to a position already reached more cheaply
        if position == goal:
            moves = []
            while position != start:
                position, tile = came[position]
                moves.append(tile)
            moves.reverse()
            record = SearchRecord(forward=[expanded], meeting=(len(moves), 0), positions=len(best),
                                  examined=pushed, seconds=time.perf_counter() - t0)
            return SolveResult(SOLVED, moves, True, stats={
                "method": "A* (Manhattan distance)", "nodes": expanded,
                "seconds": record.seconds}, search=record)
        expanded += 1
        if expanded > limit or (expanded % 1024 == 0 and stop()):
            return None
        h = f - g
        for cell in adjacent[blank]:
            tile = position[cell]
            after = list(position)
            after[blank], after[cell] = tile, 0
            child = tuple(after)
            if g + 1 >= best.get(child, g + 2):
                continue
            best[child] = g + 1
            came[child] = (position, tile)
            pushed += 1
            hc = h - distance(tile, cell) + distance(tile, blank)
            heapq.heappush(queue, (g + 1 + hc, g + 1, pushed, child, cell))
    return None     # pragma: no cover - a solvable position always reaches the goal
