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
    sorting (pegapp.solvers.stone_pairs._numpy_kernels); up to 64-bit codes (k <= 10). Kept to measure
    against numba (about 5x slower and 2.5x the memory at k = 10).
``python`` ("auto" for rows up to 16 cells: no ~1 s numba start-up)
    The generic :func:`pegapp.solvers.search.bidirectional_bfs` over tuples; small rows only.

All three run the one bidirectional frame, :func:`pegapp.solvers.search.meet_in_middle`, with
their own sides plugged in, and end early by pegapp.solvers.result's Cancelled and TooLarge. All
take progress(stage, depth, positions) and stop() and honour a memory budget in bytes
(``TOO_LARGE`` instead of swapping). Work is done in chunks of CHUNK parents, so stop() is polled
every few hundredths of a second (numba, k = 10: at most 0.2 s apart, measured on a
loaded 2-core machine).
"""

from __future__ import annotations

import importlib.util
import time
from typing import Any

from pegapp.core.messages import msg
from pegapp.solvers.stone_pairs.rules import (  # noqa: F401 - blank, pack, unpack re-exported
    Cells,
    blank,
    moves_of_path,
    neighbours,
    pack,
    unpack,
)
from pegapp.solvers.result import (
    SOLVED,
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
from pegapp.solvers.record import SearchRecord, already_there
from pegapp.solvers.search import bidirectional_bfs, meet_in_middle

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
#: the progress stage of every backend
STAGE = msg("looking ahead from your position and back from the goal")


def numba_available() -> bool:
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
        # deferred on purpose: the numpy backend imports numpy (~0.1 s), which the small rows
        # solved in plain Python never need
        from pegapp.solvers.stone_pairs import _numpy_kernels as _oshidori_numpy

        res = _oshidori_numpy.solve(start, goal, progress, stop, memory_bytes)
    else:
        raise ValueError(f"unknown backend {backend!r}")
    res.stats["backend"] = backend
    res.stats["seconds"] = time.perf_counter() - t0
    if res.search is not None:
        res.search.seconds = res.stats["seconds"]
    return res


# --------------------------------------------------------------------------------------- python

def _solve_python(start, goal, progress, stop, memory_bytes) -> SolveResult:
    # a tuple position in a dict costs roughly 400 bytes with its parent link
    res = bidirectional_bfs(start, goal, neighbours, progress, stop,
                            max_positions=max(1000, memory_bytes // 400))
    if res.status == SOLVED:
        path = res.stats["path"]
        res.moves = moves_of_path(path)
    return res


# ---------------------------------------------------------------------------------------- numba

class _Run:
    """What the two numba sides share: the kernels, the row length, the memory budget, the
    counters and stop()/progress()."""

    def __init__(self, np, K, n, progress, stop, memory_bytes):
        self.np, self.K, self.n = np, K, n
        self.progress, self.stop, self.memory_bytes = progress, stop, memory_bytes
        self.sides: list[_Side] = []
        self.generated = 0
        self.extra = 0   # bytes of blocks being built (next frontier)
        self.peak = 0
        self.bound = 1   # every solution has at least this many moves (probes done, no meeting)
        self.meet = np.zeros(4, np.uint64)

    def positions(self) -> int:
        return sum(int(s.count[0]) for s in self.sides)

    def used(self) -> int:
        return sum(s.table_bytes + s.frontier_bytes for s in self.sides) + self.extra

    def need(self, nbytes: int) -> None:
        """Raise TooLarge unless nbytes more fit in the budget."""
        if self.used() + nbytes > self.memory_bytes:
            gb, positions, moves = self.memory_bytes / 1e9, self.positions(), self.bound
            if moves == 1:
                text = msg("the search needs more than the memory budget of {gb:.2f} GB "
                           "({positions} positions stored; every solution has at least "
                           "{moves} move)", gb=gb, positions=positions, moves=moves)
            else:
                text = msg("the search needs more than the memory budget of {gb:.2f} GB "
                           "({positions} positions stored; every solution has at least "
                           "{moves} moves)", gb=gb, positions=positions, moves=moves)
            raise TooLarge(text)
        self.peak = max(self.peak, self.used() + nbytes)

    def report(self, depth: int) -> None:
        self.progress(STAGE, depth, self.positions())

    def stats(self) -> dict[str, Any]:
        fwd, bwd = self.sides
        return {"positions": self.positions(),
                "positions_start_side": int(fwd.count[0]),
                "positions_goal_side": int(bwd.count[0]),
                "generated": self.generated, "depth_start_side": fwd.depth,
                "depth_goal_side": bwd.depth, "data_bytes_peak": self.peak,
                "lower_bound": self.bound}


class _Side:
    """One search direction: hash table, current frontier (list of blocks), depth."""

    def __init__(self, run: _Run, root: Cells, cap: int):
        np = run.np
        self.run = run
        self.tab = np.zeros(2 * cap, np.uint64)
        lo, hi = pack(root)
        run.K.insert(self.tab, np.uint64(lo), np.uint64(hi), 0)
        self.count = np.array([1, 0], np.int64)
        self.frontier = [(np.array([lo], np.uint64), np.array([hi], np.uint64), 1)]
        self.depth = 0
        self.prev_front_len = 0

    def frontier_size(self) -> int:
        return sum(b[2] for b in self.frontier)

    cost = frontier_size

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

    def grow(self, cap: int) -> None:
        run = self.run
        run.need(16 * cap)
        new = run.np.zeros(2 * cap, run.np.uint64)
        for r in range(0, self.capacity, 16 * CHUNK):
            check_stop(run.stop)
            run.K.rehash(self.tab, new, r, r + 16 * CHUNK)
        self.tab = new

    def expand(self, other: _Side):
        """Probe the next level against other's table (nothing stored); a meeting ends the
        search: (parent lo, hi, child lo, hi). Otherwise store the level."""
        run, np, K, n = self.run, self.run.np, self.run.K, self.run.n
        total_depth = self.depth + other.depth + 1
        # 1. probe: is any child of this frontier in the other side's table?
        for blo, bhi, blen in self.frontier:
            for s in range(0, blen, CHUNK):
                check_stop(run.stop)
                e = min(blen, s + CHUNK)
                r = K.probe(blo, bhi, s, e, n, other.tab, run.meet)
                if r < 0:
                    i = int(run.meet[0])
                    return blo[i], bhi[i], run.meet[1], run.meet[2]
                run.generated += r
                run.report(total_depth)
        run.bound = total_depth + 1
        # 2. store the next level; size the table once for the level's expected growth
        front_len = self.frontier_size()
        ratio = front_len / self.prev_front_len if self.prev_front_len else n - 3
        expect = int(self.count[0] + front_len * min(ratio, n - 3))
        cap = self.capacity
        while cap * MAX_LOAD < expect:
            cap *= 2
        if cap > self.capacity and run.used() + 16 * cap <= run.memory_bytes:
            self.grow(cap)
        new_blocks = []
        est = min(BLOCK, max(4096, front_len * (n - 3)))
        run.need(16 * est)
        cur = (np.empty(est, np.uint64), np.empty(est, np.uint64))
        run.extra = 16 * est
        nn = np.zeros(1, np.int64)
        for blo, bhi, blen in self.frontier:
            s = 0
            while s < blen:
                check_stop(run.stop)
                e = min(blen, s + CHUNK)
                p = K.expand(blo, bhi, s, e, n, self.tab, self.count, self.max_count(),
                             self.depth + 1, cur[0], cur[1], nn)
                if p < e:
                    if self.count[0] + K.BATCH_PARENTS * n > self.max_count():
                        self.grow(2 * self.capacity)
                    if nn[0] + K.BATCH_PARENTS * n > cur[0].shape[0]:
                        new_blocks.append((cur[0], cur[1], int(nn[0])))
                        run.need(16 * BLOCK)
                        cur = (np.empty(BLOCK, np.uint64), np.empty(BLOCK, np.uint64))
                        run.extra += 16 * BLOCK
                        nn[0] = 0
                s = p
                run.report(total_depth)
        new_blocks.append((cur[0], cur[1], int(nn[0])))
        self.prev_front_len = front_len
        self.frontier = new_blocks
        self.depth += 1
        run.extra = 0
        return None


def _solve_numba(start, goal, progress, stop, memory_bytes) -> SolveResult:
    # deferred on purpose: numpy and the compiled kernels (numba, ~0.5 s to load) are needed only
    # by rows too long for the plain-Python search
    import numpy as np

    from pegapp.solvers.stone_pairs import _numba_kernels as K

    n = len(start)
    if n > MAX_CELLS:
        raise ValueError(f"at most {MAX_CELLS} cells")
    if start == goal:
        return SolveResult(SOLVED, [], True, stats={"positions": 1, "path": [start]},
                           search=already_there())
    run = _Run(np, K, n, progress, stop, memory_bytes)
    fwd = _Side(run, start, 1 << 12)
    bwd = _Side(run, goal, 1 << 12)
    run.sides = [fwd, bwd]
    record = SearchRecord()

    def finish(res: SolveResult) -> SolveResult:
        record.positions, record.examined = run.positions(), run.generated
        record.peak_bytes = run.peak
        res.search = record
        return res

    try:
        met = meet_in_middle(fwd, bwd, record=record)
    except (Cancelled, TooLarge) as exc:
        return finish(interrupted(exc, run.stats()))
    if met is None:
        if fwd.frontier_size() == 0:
            reason = msg("the goal cannot be reached from the start: only {count} "
                         "positions can be reached from the start", count=int(fwd.count[0]))
        else:
            reason = msg("the goal cannot be reached from the start: only {count} "
                         "positions can be reached from the goal", count=int(bwd.count[0]))
        return finish(SolveResult(UNSOLVABLE, None, True, reason=reason, stats=run.stats()))
    a, (plo, phi, clo, chi) = met
    o = bwd if a is fwd else fwd
    walk_a = K.walk_to_root(a.tab, np.uint64(plo), np.uint64(phi), n)
    walk_o = K.walk_to_root(o.tab, np.uint64(clo), np.uint64(chi), n)
    pa = [unpack(int(x), int(y), n) for x, y in zip(*walk_a)]
    po = [unpack(int(x), int(y), n) for x, y in zip(*walk_o)]
    path = pa[::-1] + po if a is fwd else po[::-1] + pa
    st = run.stats()
    st["path"] = path
    return finish(SolveResult(SOLVED, moves_of_path(path), True, stats=st))
