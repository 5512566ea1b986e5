"""Shortest solutions of the oshidori stone-pair puzzle: bidirectional breadth-first search.

Positions are tuples of cells (0 = empty, 1..15 = stone kind) with exactly two adjacent empty
cells; a move lifts two adjacent stones, order kept, into the two empty cells. Every move can be
undone by one move, so the search runs the same move generator from the start and from the goal.

Backends:

``numba`` ("auto" picks it for rows of more than PYTHON_CELLS = 16 cells, i.e. k >= 8)
    Positions packed 4 bits a cell into two uint64 words; one open-addressing hash table per side
    (16 bytes a slot, the two words side by side, depth kept in the top byte; slots touched a
    batch at a time so cache misses overlap), frontiers in fixed-size blocks. Each level is
    first *probed* (children looked up in the other side's table, nothing stored); only if that
    finds no meeting is the level stored. So the deepest level is never stored, and the answer
    d_start + d_goal + 1 is proven shortest (both sides are complete to their depths, disjoint).
    The side with the smaller frontier is the one expanded.
``numpy``
    Whole levels expanded with numpy column permutations over 64-bit codes, deduplicated by
    sorting (pegapp.solvers._oshidori_numpy); up to 64-bit codes (k <= 10). Kept to measure
    against numba (about 5x slower and 2.5x the memory at k = 10).
``python`` ("auto" for rows up to 16 cells: no ~1 s numba start-up)
    The generic :func:`pegapp.solvers.search.bidirectional_bfs` over tuples; small rows only.

All take progress(stage, depth, positions) and stop() and honour a memory budget in bytes
(``TOO_LARGE`` instead of swapping). Work is done in chunks of CHUNK parents, so stop() is polled
every few hundredths of a second (numba, k = 10: at most 0.2 s apart, measured on a
loaded 2-core machine).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from pegapp.core.messages import msg
from pegapp.solvers.result import (
    CANCELLED,
    SOLVED,
    TOO_LARGE,
    UNSOLVABLE,
    Progress,
    SolveResult,
    Stop,
    never_stop,
    no_progress,
)

Cells = tuple[int, ...]
#: parents handled per kernel call between stop() polls
CHUNK = 1 << 14
#: frontier block length (entries); a block is two uint64 arrays
BLOCK = 1 << 21
#: largest fill of a hash table before it doubles
MAX_LOAD = 0.6
#: cells the packed form can hold
MAX_CELLS = 28
#: "auto" uses the pure-Python search up to this many cells (k <= 7: under 20k positions)
PYTHON_CELLS = 16


def blank(cells: Sequence[int]) -> int:
    """Left cell of the empty pair."""
    return list(cells).index(0)


def neighbours(cells: Cells):
    """(move, position) pairs; move = (src, dst): stones at src, src+1 go to dst, dst+1."""
    b = cells.index(0)
    n = len(cells)
    out = []
    for i in range(n - 1):
        if i + 1 < b or i > b + 1:
            t = list(cells)
            t[b], t[b + 1] = cells[i], cells[i + 1]
            t[i] = t[i + 1] = 0
            out.append(((i, b), tuple(t)))
    return out


def moves_of_path(path: Sequence[Cells]) -> list[tuple[int, int]]:
    """The moves along consecutive positions: the new empty pair is where the stones came from."""
    return [(blank(b), blank(a)) for a, b in zip(path, path[1:])]


def pack(cells: Sequence[int]) -> tuple[int, int]:
    lo = hi = 0
    for c, v in enumerate(cells):
        if c < 16:
            lo |= v << (4 * c)
        else:
            hi |= v << (4 * (c - 16))
    return lo, hi


def unpack(lo: int, hi: int, n: int) -> Cells:
    return tuple(((lo >> (4 * c)) if c < 16 else (hi >> (4 * (c - 16)))) & 15 for c in range(n))


def numba_available() -> bool:
    import importlib.util

    return importlib.util.find_spec("numba") is not None


def solve_cells(start: Cells, goal: Cells, progress: Progress = no_progress,
                stop: Stop = never_stop, *, memory_bytes: int = 2 * 10**9,
                backend: str = "auto") -> SolveResult:
    """Shortest move list from start to goal. stats: positions, generated, path, backend, ..."""
    if len(start) != len(goal) or sorted(start) != sorted(goal):
        raise ValueError("start and goal hold different stones")
    if backend == "auto":
        # small rows: plain Python beats loading the compiled kernels (~0.5 s)
        small = len(start) <= PYTHON_CELLS or len(start) > MAX_CELLS
        backend = "python" if small or not numba_available() else "numba"
    t0 = time.perf_counter()
    if backend == "python":
        res = _solve_python(start, goal, progress, stop, memory_bytes)
    elif backend == "numba":
        res = _solve_numba(start, goal, progress, stop, memory_bytes)
    elif backend == "numpy":
        from pegapp.solvers import _oshidori_numpy

        res = _oshidori_numpy.solve(start, goal, progress, stop, memory_bytes)
    else:
        raise ValueError(f"unknown backend {backend!r}")
    res.stats["backend"] = backend
    res.stats["seconds"] = time.perf_counter() - t0
    return res


# --------------------------------------------------------------------------------------- python

def _solve_python(start, goal, progress, stop, memory_bytes) -> SolveResult:
    from pegapp.solvers.search import bidirectional_bfs

    # a tuple position in a dict costs roughly 400 bytes with its parent link
    res = bidirectional_bfs(start, goal, neighbours, progress, stop,
                            max_positions=max(1000, memory_bytes // 400))
    if res.status == SOLVED:
        path = res.stats["path"]
        res.moves = moves_of_path(path)
    return res


# ---------------------------------------------------------------------------------------- numba

class _Side:
    """One search direction: hash table, current frontier (list of blocks), depth."""

    def __init__(self, np, root: Cells, cap: int):
        self.tab = np.zeros(2 * cap, np.uint64)
        lo, hi = pack(root)
        from pegapp.solvers import _oshidori_numba as K

        K.insert(self.tab, np.uint64(lo), np.uint64(hi), 0)
        self.count = np.array([1, 0], np.int64)
        self.frontier = [(np.array([lo], np.uint64), np.array([hi], np.uint64), 1)]
        self.depth = 0
        self.prev_front_len = 0

    @property
    def front_len(self) -> int:
        return sum(b[2] for b in self.frontier)

    @property
    def capacity(self) -> int:
        return self.tab.shape[0] // 2

    @property
    def table_bytes(self) -> int:
        return 8 * self.tab.shape[0]

    @property
    def frontier_bytes(self) -> int:
        return sum(16 * b[0].shape[0] for b in self.frontier)

    def max_count(self) -> int:
        return int(self.capacity * MAX_LOAD)


class _TooLarge(Exception):
    pass


class _Cancelled(Exception):
    pass


def _solve_numba(start, goal, progress, stop, memory_bytes) -> SolveResult:
    import numpy as np

    from pegapp.solvers import _oshidori_numba as K

    n = len(start)
    if n > MAX_CELLS:
        raise ValueError(f"at most {MAX_CELLS} cells")
    if start == goal:
        return SolveResult(SOLVED, [], True, stats={"positions": 1, "path": [start]})
    fwd = _Side(np, start, 1 << 12)
    bwd = _Side(np, goal, 1 << 12)
    generated = 0
    extra = [0]  # bytes of blocks being built (next frontier)
    peak = [0]
    bound = [1]  # every solution has at least this many moves (probes done without a meeting)

    def used() -> int:
        return (fwd.table_bytes + bwd.table_bytes + fwd.frontier_bytes + bwd.frontier_bytes
                + extra[0])

    def need(nbytes: int) -> None:
        if used() + nbytes > memory_bytes:
            positions = int(fwd.count[0] + bwd.count[0])
            if bound[0] == 1:
                text = msg("the search needs more than the memory budget of {gb:.2f} GB "
                           "({positions} positions stored; every solution has at least "
                           "{moves} move)", gb=memory_bytes / 1e9, positions=positions,
                           moves=bound[0])
            else:
                text = msg("the search needs more than the memory budget of {gb:.2f} GB "
                           "({positions} positions stored; every solution has at least "
                           "{moves} moves)", gb=memory_bytes / 1e9, positions=positions,
                           moves=bound[0])
            raise _TooLarge(text)
        peak[0] = max(peak[0], used() + nbytes)

    def stats() -> dict[str, Any]:
        return {"positions": int(fwd.count[0] + bwd.count[0]),
                "positions_start_side": int(fwd.count[0]),
                "positions_goal_side": int(bwd.count[0]),
                "generated": generated, "depth_start_side": fwd.depth,
                "depth_goal_side": bwd.depth, "data_bytes_peak": peak[0],
                "lower_bound": bound[0]}

    def grow(side: _Side, cap: int) -> None:
        need(16 * cap)
        new = np.zeros(2 * cap, np.uint64)
        for r in range(0, side.capacity, 16 * CHUNK):
            if stop():
                raise _Cancelled
            K.rehash(side.tab, new, r, r + 16 * CHUNK)
        side.tab = new

    meet = np.zeros(4, np.uint64)
    stage = msg("looking ahead from your position and back from the goal")
    try:
        while True:
            if fwd.front_len == 0 or bwd.front_len == 0:
                if fwd.front_len == 0:
                    reason = msg("the goal cannot be reached from the start: only {count} "
                                 "positions can be reached from the start",
                                 count=int(fwd.count[0]))
                else:
                    reason = msg("the goal cannot be reached from the start: only {count} "
                                 "positions can be reached from the goal",
                                 count=int(bwd.count[0]))
                return SolveResult(UNSOLVABLE, None, True, reason=reason, stats=stats())
            a, o = (fwd, bwd) if fwd.front_len <= bwd.front_len else (bwd, fwd)
            total_depth = fwd.depth + bwd.depth + 1
            # 1. probe: is any child of a's frontier in o's table?
            for blo, bhi, blen in a.frontier:
                for s in range(0, blen, CHUNK):
                    if stop():
                        raise _Cancelled
                    e = min(blen, s + CHUNK)
                    r = K.probe(blo, bhi, s, e, n, o.tab, meet)
                    if r < 0:
                        return _found(np, K, n, a, o, fwd, blo[int(meet[0])], bhi[int(meet[0])],
                                      meet[1], meet[2], stats, generated)
                    generated += r
                    progress(stage, total_depth, int(fwd.count[0] + bwd.count[0]))
            bound[0] = total_depth + 1
            # 2. store the next level of a; size the table once for the level's expected growth
            ratio = a.front_len / a.prev_front_len if a.prev_front_len else n - 3
            expect = int(a.count[0] + a.front_len * min(ratio, n - 3))
            cap = a.capacity
            while cap * MAX_LOAD < expect:
                cap *= 2
            if cap > a.capacity and used() + 16 * cap <= memory_bytes:
                grow(a, cap)
            new_blocks = []
            est = min(BLOCK, max(4096, a.front_len * (n - 3)))
            need(16 * est)
            cur = (np.empty(est, np.uint64), np.empty(est, np.uint64))
            extra[0] = 16 * est
            nn = np.zeros(1, np.int64)
            for blo, bhi, blen in a.frontier:
                s = 0
                while s < blen:
                    if stop():
                        raise _Cancelled
                    e = min(blen, s + CHUNK)
                    p = K.expand(blo, bhi, s, e, n, a.tab, a.count, a.max_count(),
                                 a.depth + 1, cur[0], cur[1], nn)
                    if p < e:
                        if a.count[0] + K.BATCH_PARENTS * n > a.max_count():
                            grow(a, 2 * a.capacity)
                        if nn[0] + K.BATCH_PARENTS * n > cur[0].shape[0]:
                            new_blocks.append((cur[0], cur[1], int(nn[0])))
                            need(16 * BLOCK)
                            cur = (np.empty(BLOCK, np.uint64), np.empty(BLOCK, np.uint64))
                            extra[0] += 16 * BLOCK
                            nn[0] = 0
                    s = p
                    progress(stage, total_depth, int(fwd.count[0] + bwd.count[0]))
            new_blocks.append((cur[0], cur[1], int(nn[0])))
            a.prev_front_len = a.front_len
            a.frontier = new_blocks
            a.depth += 1
            extra[0] = 0
    except _Cancelled:
        return SolveResult(CANCELLED, None, reason=msg("cancelled"), stats=stats())
    except _TooLarge as exc:
        return SolveResult(TOO_LARGE, None, reason=exc.args[0], stats=stats())


def _found(np, K, n, a, o, fwd, plo, phi, clo, chi, stats, generated) -> SolveResult:
    walk_a = K.walk_to_root(a.tab, np.uint64(plo), np.uint64(phi), n)
    walk_o = K.walk_to_root(o.tab, np.uint64(clo), np.uint64(chi), n)
    pa = [unpack(int(x), int(y), n) for x, y in zip(*walk_a)]
    po = [unpack(int(x), int(y), n) for x, y in zip(*walk_o)]
    path = pa[::-1] + po if a is fwd else po[::-1] + pa
    st = stats()
    st["generated"] = generated
    st["path"] = path
    return SolveResult(SOLVED, moves_of_path(path), True, stats=st)
