"""Optimal sliding-tile solving: IDA* over additive pattern databases (Korf & Felner 2002).

Board R x C (N cells), goal: tile t on cell t-1, blank on the last cell. The tiles are split into
disjoint groups (4x4: 6-6-3 as {1 2 5 6 9 10} {3 4 7 8 11 12} {13 14 15}; other sizes: row-major
chunks of at most 6 tiles). For each group a pattern database (PDB) holds, for every placement
of the group's tiles, the fewest moves *of those tiles* that bring them home, with the other tiles
treated as indistinguishable and the blank free to wander. Only a group's own tile moves are
counted, so the sum over the groups never overestimates: it is an admissible heuristic. On square
boards the same tables are also looked up for the position reflected in the main diagonal (which
maps the goal to itself) and the larger of the two sums is used.

A PDB is built by breadth-first search backwards from the goal over (placement, blank region): the
blank moves among non-group cells cost nothing, so a state is a placement plus the connected region
where the blank may be; a step moves one group tile into an adjacent blank cell. Entries are
uint8 indexed by the placement's rank as a partial permutation (N!/(N-k)! entries), saved under
the cache directory ($PEGAPP_CACHE_DIR or ~/.cache/pegapp).

IDA* runs in a numba kernel that can be suspended after a node budget, so Python polls stop() and
reports progress every fraction of a second.
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from pegapp.core.messages import msg
from pegapp.solvers import _slide_tables as tables
from pegapp.solvers._slide_tables import kernel
from pegapp.solvers.result import (
    CANCELLED,
    SOLVED,
    UNSOLVABLE,
    Progress,
    SolveResult,
    Stop,
    never_stop,
    no_progress,
)

#: largest PDB (entries) chosen automatically
MAX_PDB_ENTRIES = 8_000_000
MAX_DEPTH = 400
NODE_BUDGET = 4_000_000  # per kernel call, between stop() polls
#: the progress stage of the search itself (building a PDB is "pattern database 1-2-5-6-9-10")
IDA_STAGE = msg("IDA*")


def partition(rows: int, cols: int) -> list[tuple[int, ...]]:
    """The tile groups used for an R x C board."""
    n = rows * cols
    if (rows, cols) == (4, 4):
        return [(1, 2, 5, 6, 9, 10), (3, 4, 7, 8, 11, 12), (13, 14, 15)]
    k = 6
    while k > 1 and math.perm(n, k) > MAX_PDB_ENTRIES:
        k -= 1
    tiles = list(range(1, n))
    groups = [tuple(tiles[i:i + k]) for i in range(0, len(tiles), k)]
    # avoid a tiny last group: balance the last two
    if len(groups) > 1 and len(groups[-1]) < k // 2:
        both = groups[-2] + groups[-1]
        h = (len(both) + 1) // 2
        groups[-2:] = [both[:h], both[h:]]
    return groups


def _multipliers(n: int, k: int) -> np.ndarray:
    """mul[i] = (n-1-i)! / (n-k)!: the place values of a k-placement's mixed-radix rank."""
    return np.array([math.perm(n - 1 - i, k - 1 - i) for i in range(k)], np.int64)


@kernel(nogil=True)
def _prank(cells, k, mul):  # pragma: no cover - compiled
    """Rank of k distinct cells (a partial permutation) in [0, n!/(n-k)!)."""
    idx = 0
    for i in range(k):
        p = cells[i]
        r = p
        for j in range(i):
            if cells[j] < p:
                r -= 1
        idx += r * mul[i]
    return idx


# ---------------------------------------------------------------------------------- building

@kernel(nogil=True)
def _region(occ, b, adj, nadj, n, stack):  # pragma: no cover
    """Bit mask of the cells the blank at b reaches without crossing an occupied cell."""
    mask = np.int64(1) << b
    top = 0
    stack[top] = b
    top += 1
    while top > 0:
        top -= 1
        c = stack[top]
        for k in range(nadj[c]):
            m = adj[c, k]
            if occ[m] < 0 and not (mask >> m) & 1:
                mask |= np.int64(1) << m
                stack[top] = m
                top += 1
    return mask


@kernel(nogil=True)
def _pdb_level(queue, lo, hi, tail, pdb, seen, adj, nadj, n, k, mul, d):  # pragma: no cover
    """Expand queue[lo:hi] (placements + blank, 5 bits a cell) into level d + 1.

    Returns (queue, tail): the queue grows when full."""
    occ = np.full(n, -1, np.int64)
    cells = np.empty(k, np.int64)
    stack = np.empty(n, np.int64)
    for qi in range(lo, hi):
        code = queue[qi]
        for i in range(k):
            cells[i] = (code >> (5 * i)) & 31
            occ[cells[i]] = i
        b = (code >> (5 * k)) & 31
        region = _region(occ, b, adj, nadj, n, stack)
        for c in range(n):
            if not (region >> c) & 1:
                continue
            for a in range(nadj[c]):
                m = adj[c, a]
                i = occ[m]
                if i < 0:
                    continue
                # tile i slides from m into the blank cell c; the blank is now at m
                cells[i] = c
                idx = _prank(cells, k, mul)
                if not (np.int64(seen[idx]) >> m) & 1:
                    occ[m] = -1
                    occ[c] = i
                    reg = _region(occ, m, adj, nadj, n, stack)
                    occ[c] = -1
                    occ[m] = i
                    seen[idx] |= reg
                    if pdb[idx] == 255:
                        pdb[idx] = d + 1
                    if tail == queue.shape[0]:
                        bigger = np.empty(queue.shape[0] * 2, np.int64)
                        bigger[:tail] = queue[:tail]
                        queue = bigger
                    newcode = np.int64(0)
                    for j in range(k):
                        newcode |= np.int64(cells[j]) << (5 * j)
                    newcode |= np.int64(m) << (5 * k)
                    queue[tail] = newcode
                    tail += 1
                cells[i] = m
        for i in range(k):
            occ[cells[i]] = -1
    return queue, tail


def build_pdb(rows: int, cols: int, group: Sequence[int], progress: Progress = no_progress,
              stop: Stop = never_stop) -> np.ndarray:
    """The pattern database of one tile group (uint8, N!/(N-k)! entries)."""
    n, k = rows * cols, len(group)
    if n > 30:
        raise ValueError("board too large")
    size = math.perm(n, k)
    adjacency = tables.grid_adjacency(rows, cols)
    adj = np.full((n, 4), -1, np.int64)
    nadj = np.zeros(n, np.int64)
    for i, a in enumerate(adjacency):
        adj[i, :len(a)] = a
        nadj[i] = len(a)
    mul = _multipliers(n, k)
    pdb = np.full(size, 255, np.uint8)
    seen = np.zeros(size, np.uint32 if n <= 32 else np.int64)
    cells = np.array([t - 1 for t in group], np.int64)
    occ = np.full(n, -1, np.int64)
    occ[cells] = np.arange(k)
    start_idx = _prank(cells, k, mul)
    pdb[start_idx] = 0
    seen[start_idx] = _region(occ, n - 1, adj, nadj, n, np.empty(n, np.int64))
    code = 0
    for i, c in enumerate(cells):
        code |= int(c) << (5 * i)
    code |= (n - 1) << (5 * k)
    queue = np.empty(max(1024, size // 2), np.int64)
    queue[0] = code
    lo, hi, d = 0, 1, 0
    stage = msg("pattern database {groups}", groups="-".join(map(str, group)))
    while hi > lo:
        progress(stage, d, hi)
        if stop():
            raise tables.Cancelled
        queue, tail = _pdb_level(queue, lo, hi, hi, pdb, seen, adj, nadj, n, k, mul, d)
        # the processed part of the queue is no longer needed: compact
        queue[: tail - hi] = queue[hi:tail]
        lo, hi, d = 0, tail - hi, d + 1
    return pdb


_LOADED: dict[tuple, list[np.ndarray]] = {}
_LOCK = threading.Lock()
#: seconds spent in build_pdb, by cache file name (for benchmarks)
BUILD_SECONDS: dict[str, float] = {}


def pdb_name(rows: int, cols: int, group: Sequence[int]) -> str:
    return f"pdb_{rows}x{cols}_{'-'.join(map(str, group))}_v1.npy"


def load_pdbs(rows: int, cols: int, progress: Progress = no_progress, stop: Stop = never_stop,
              ) -> tuple[list[tuple[int, ...]], list[np.ndarray]]:
    """The groups and their PDBs for a board: from memory, the disk cache, or built now (the
    missing ones in parallel threads, the kernel releases the GIL). Raises Cancelled."""
    groups = partition(rows, cols)
    key = (rows, cols, tuple(groups))
    with _LOCK:
        if key in _LOADED:
            return groups, _LOADED[key]

        def one(g: tuple[int, ...]) -> np.ndarray:
            name = pdb_name(rows, cols, g)
            size = math.perm(rows * cols, len(g))
            try:
                arr = np.load(tables.cache_dir() / name, allow_pickle=False)
                if arr.shape == (size,) and arr.dtype == np.uint8:
                    return arr
            except (OSError, ValueError):
                pass
            t0 = time.perf_counter()
            arr = build_pdb(rows, cols, g, progress, stop)
            BUILD_SECONDS[name] = time.perf_counter() - t0
            tables.save(name, arr)
            return arr

        workers = max(1, min(len(groups), os.cpu_count() or 1))
        if workers == 1:
            pdbs = [one(g) for g in groups]
        else:
            # biggest first so that the small ones fill in
            order = sorted(range(len(groups)), key=lambda i: -len(groups[i]))
            with ThreadPoolExecutor(workers) as pool:
                futures = {i: pool.submit(one, groups[i]) for i in order}
                pdbs = [futures[i].result() for i in range(len(groups))]
        _LOADED[key] = pdbs
        return groups, pdbs


# ---------------------------------------------------------------------------------- IDA*

@kernel()
def _group_h(g, pos, gtiles, gk, gmul, goff, flat, reflect, tmap, cellT, cells):  # pragma: no cover
    k = gk[g]
    for i in range(k):
        u = gtiles[g, i]
        if reflect:
            cells[i] = cellT[pos[tmap[u]]]
        else:
            cells[i] = pos[u]
    return np.int64(flat[goff[g] + _prank(cells, k, gmul[g])])


@kernel()
def _ida_run(board, pos, st, blank, prev, it, hn, hr, gval, rval, ug, ugv, ur, urv, moves,
             adj, nadj, grp, gtiles, gk, gmul, goff, flat, use_ref, tmap, cellT,
             budget):  # pragma: no cover - compiled
    """Resumable IDA* iteration (all search state lives in the arrays passed in).

    st = [depth, bound, next_bound, nodes]. gval/rval: current PDB value of each group (plain,
    reflected); ug/ugv, ur/urv: per depth, the group changed by the move into that depth and its
    old value. Returns 1: found (moves[:depth]); 0: iteration over (st[2] = next bound);
    2: node budget used, call again to resume."""
    cells = np.empty(gtiles.shape[1], np.int64)
    depth = st[0]
    bound = st[1]
    nxt = st[2]
    nodes = 0
    while depth >= 0:
        b = blank[depth]
        if it[depth] < nadj[b]:
            m = adj[b, it[depth]]
            it[depth] += 1
            if m == prev[depth]:
                continue
            t = board[m]
            nodes += 1
            pos[t] = b  # tile t slides m -> b
            g = grp[t]
            vg = _group_h(g, pos, gtiles, gk, gmul, goff, flat, False, tmap, cellT, cells)
            newn = hn[depth] - gval[g] + vg
            newr = np.int64(0)
            gr = np.int64(0)
            vr = np.int64(0)
            h = newn
            if use_ref and depth + 1 + newn <= bound:
                # the reflected lookup only where the plain one does not already prune
                gr = grp[tmap[t]]
                vr = _group_h(gr, pos, gtiles, gk, gmul, goff, flat, True, tmap, cellT, cells)
                newr = hr[depth] - rval[gr] + vr
                if newr > h:
                    h = newr
            f = depth + 1 + h
            if f > bound:
                if f < nxt:
                    nxt = f
                pos[t] = m
            else:
                board[b] = t
                board[m] = 0
                moves[depth] = t
                depth += 1
                ug[depth] = g
                ugv[depth] = gval[g]
                gval[g] = vg
                if use_ref:
                    ur[depth] = gr
                    urv[depth] = rval[gr]
                    rval[gr] = vr
                blank[depth] = m
                prev[depth] = b
                it[depth] = 0
                hn[depth] = newn
                hr[depth] = newr
                if h == 0:
                    st[0] = depth
                    st[3] += nodes
                    return 1
            if nodes >= budget:
                st[0] = depth
                st[2] = nxt
                st[3] += nodes
                return 2
        else:
            if depth == 0:
                depth = -1
                break
            t = moves[depth - 1]
            b = blank[depth]      # where the tile came from (blank now)
            c = prev[depth]       # where it went
            board[b] = t
            board[c] = 0
            pos[t] = b
            gval[ug[depth]] = ugv[depth]
            if use_ref:
                rval[ur[depth]] = urv[depth]
            depth -= 1
    st[0] = depth
    st[2] = nxt
    st[3] += nodes
    return 0


class SlideIDA:
    """IDA* solver for one board size; keeps its PDBs in memory."""

    def __init__(self, rows: int, cols: int, progress: Progress = no_progress,
                 stop: Stop = never_stop, reflect: bool | None = None):
        self.rows, self.cols, self.n = rows, cols, rows * cols
        self.groups, self.pdbs = load_pdbs(rows, cols, progress, stop)
        n = self.n
        G = len(self.groups)
        kmax = max(len(g) for g in self.groups)
        self.gtiles = np.full((G, kmax), 0, np.int64)
        self.gk = np.zeros(G, np.int64)
        self.gmul = np.zeros((G, kmax), np.int64)
        self.goff = np.zeros(G, np.int64)
        self.grp = np.zeros(n, np.int64)
        off = 0
        for gi, g in enumerate(self.groups):
            self.gtiles[gi, :len(g)] = g
            self.gk[gi] = len(g)
            self.gmul[gi, :len(g)] = _multipliers(n, len(g))
            self.goff[gi] = off
            off += len(self.pdbs[gi])
            for t in g:
                self.grp[t] = gi
        self.flat = np.concatenate(self.pdbs)
        self.use_ref = (rows == cols) if reflect is None else reflect
        # transpose: cell (r, c) -> (c, r); tile whose home is (r, c) -> tile whose home is (c, r)
        self.cellT = np.arange(n, dtype=np.int64)
        self.tmap = np.arange(n, dtype=np.int64)
        if rows == cols:
            for cell in range(n):
                r, c = divmod(cell, cols)
                self.cellT[cell] = c * cols + r
            for t in range(1, n):
                self.tmap[t] = self.cellT[t - 1] + 1
        adjacency = tables.grid_adjacency(rows, cols)
        self.adj = np.full((n, 4), -1, np.int64)
        self.nadj = np.zeros(n, np.int64)
        for i, a in enumerate(adjacency):
            self.adj[i, :len(a)] = a
            self.nadj[i] = len(a)

    def heuristic(self, state: Sequence[int]) -> int:
        pos = np.zeros(self.n, np.int64)
        for cell, t in enumerate(state):
            pos[t] = cell
        cells = np.empty(self.gtiles.shape[1], np.int64)
        hn = sum(_group_h(g, pos, self.gtiles, self.gk, self.gmul, self.goff, self.flat, False,
                          self.tmap, self.cellT, cells) for g in range(len(self.groups)))
        if not self.use_ref:
            return int(hn)
        hr = sum(_group_h(g, pos, self.gtiles, self.gk, self.gmul, self.goff, self.flat, True,
                          self.tmap, self.cellT, cells) for g in range(len(self.groups)))
        return int(max(hn, hr))

    def solve(self, state: Sequence[int], progress: Progress = no_progress,
              stop: Stop = never_stop, budget: int = NODE_BUDGET) -> SolveResult:
        t0 = time.perf_counter()
        n, G = self.n, len(self.groups)
        board = np.array(state, np.int64)
        pos = np.zeros(n, np.int64)
        for cell, t in enumerate(state):
            pos[t] = cell
        cells = np.empty(self.gtiles.shape[1], np.int64)
        gv = [int(_group_h(g, pos, self.gtiles, self.gk, self.gmul, self.goff, self.flat, False,
                           self.tmap, self.cellT, cells)) for g in range(G)]
        rv = [int(_group_h(g, pos, self.gtiles, self.gk, self.gmul, self.goff, self.flat, True,
                           self.tmap, self.cellT, cells)) for g in range(G)] if self.use_ref \
            else [0] * G
        h0 = max(sum(gv), sum(rv))
        if h0 == 0:
            return SolveResult(SOLVED, [], True, stats={"nodes": 0, "method": "IDA*+PDB"})
        D = MAX_DEPTH
        blank = np.zeros(D + 2, np.int64)
        prev = np.full(D + 2, -1, np.int64)
        it = np.zeros(D + 2, np.int64)
        hn = np.zeros(D + 2, np.int64)
        hr = np.zeros(D + 2, np.int64)
        gval = np.zeros(G, np.int64)
        rval = np.zeros(G, np.int64)
        ug = np.zeros(D + 2, np.int64)
        ugv = np.zeros(D + 2, np.int64)
        ur = np.zeros(D + 2, np.int64)
        urv = np.zeros(D + 2, np.int64)
        moves = np.zeros(D + 2, np.int64)
        bound = h0
        nodes = 0
        b0 = list(state).index(0)
        while bound <= D:
            # a fresh iteration from the root
            board[:] = state
            for cell, t in enumerate(state):
                pos[t] = cell
            gval[:] = gv
            rval[:] = rv
            blank[0] = b0
            prev[0] = -1
            it[0] = 0
            hn[0] = sum(gv)
            hr[0] = sum(rv)
            st = np.array([0, bound, 1 << 30, 0], np.int64)
            while True:
                r = _ida_run(board, pos, st, blank, prev, it, hn, hr, gval, rval, ug, ugv, ur,
                             urv, moves, self.adj, self.nadj, self.grp, self.gtiles, self.gk,
                             self.gmul, self.goff, self.flat, self.use_ref, self.tmap,
                             self.cellT, budget)
                progress(IDA_STAGE, int(bound), nodes + int(st[3]))
                if r == 1:
                    nodes += int(st[3])
                    ms = [int(m) for m in moves[:st[0]]]
                    return SolveResult(SOLVED, ms, True, stats={
                        "nodes": nodes, "method": "IDA*+PDB", "bound": int(bound),
                        "seconds": time.perf_counter() - t0})
                if r == 0:
                    break
                if stop():
                    return SolveResult(CANCELLED, None, reason=msg("cancelled"),
                                       stats={"nodes": nodes + int(st[3])})
            nodes += int(st[3])
            if st[2] >= 1 << 30:  # pragma: no cover - solvable positions always finish
                break
            bound = int(st[2])
        return SolveResult(UNSOLVABLE, None, False,
                           reason=msg("no solution within {limit} moves", limit=D),
                           stats={"nodes": nodes})


_SOLVERS: dict[tuple[int, int], SlideIDA] = {}


def solver_for(rows: int, cols: int, progress: Progress = no_progress,
               stop: Stop = never_stop) -> SlideIDA:
    key = (rows, cols)
    if key not in _SOLVERS:
        _SOLVERS[key] = SlideIDA(rows, cols, progress, stop)
    return _SOLVERS[key]


def solve_slide(rows: int, cols: int, state: Sequence[int], progress: Progress = no_progress,
                stop: Stop = never_stop) -> SolveResult:
    """Shortest solution of a (solvable, checked) R x C position."""
    try:
        solver = solver_for(rows, cols, progress, stop)
    except tables.Cancelled:
        return SolveResult(CANCELLED, None,
                           reason=msg("cancelled while building pattern databases"))
    return solver.solve(state, progress, stop)
