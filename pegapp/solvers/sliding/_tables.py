"""Complete distance tables for small permutation puzzles (sliding tiles up to 10 cells).

A position is a permutation of 0..n-1 (0 = blank for sliding tiles); it is ranked by its Lehmer
code into [0, n!) and its distance from the goal is kept in a uint8 array of n! entries (255 =
not reached). The table is filled by breadth-first search from the goal, one level per kernel call
so that Python can report progress and honour stop() between levels.

Two kernels do the same work: a numba one (the default, in sliding._kernels) and a pure numpy one,
vectorised over a whole level, kept for measurement and as a fallback (``backend="numpy"``).
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from pegapp.core.messages import msg
from pegapp.core.storage import read_checked, write_checked
from pegapp.solvers.record import SearchRecord, table_answer
from pegapp.solvers.result import Cancelled  # noqa: F401 - raised here when stop() says so

UNREACHED = 255


# ----------------------------------------------------------------------------------------------
# ranking, in plain Python (used for single positions)

def rank(perm) -> int:
    """Lehmer rank of a permutation of 0..n-1 in [0, n!). Digit i, the values after position i
    below perm[i], is perm[i] less the values before it below perm[i] (a mask of those seen):
    one pass, not a pass per position (a rotate/3x3 training batch ranks 26,000 positions a
    puzzle, 2.3 s of 6 with the double loop)."""
    n = len(perm)
    r = seen = 0
    for i, pi in enumerate(perm):
        r = r * (n - i) + pi - (seen & ((1 << pi) - 1)).bit_count()
        seen |= 1 << pi
    return r


def unrank(r: int, n: int) -> tuple[int, ...]:
    """Inverse of rank."""
    digits = []
    for radix in range(1, n + 1):       # last digit has radix 1, first radix n
        digits.append(r % radix)
        r //= radix
    digits.reverse()
    pool = list(range(n))
    return tuple(pool.pop(c) for c in digits)


def _pack(perm) -> int:
    code = 0
    for i, v in enumerate(perm):
        code |= int(v) << (4 * i)
    return code


def _rank_rows(p: np.ndarray) -> np.ndarray:
    """Vectorised Lehmer rank of each row of p (shape (m, n))."""
    m, n = p.shape
    r = np.zeros(m, np.int64)
    for i in range(n):
        c = (p[:, i + 1:] < p[:, i:i + 1]).sum(axis=1)
        r = r * (n - i) + c
    return r


def grid_adjacency(rows: int, cols: int) -> list[list[int]]:
    adj = []
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        nb = []
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < rows and 0 <= cc < cols:
                nb.append(rr * cols + cc)
        adj.append(nb)
    return adj


def bfs_table(
    goal: tuple[int, ...],
    *,
    adjacency: list[list[int]] | None = None,
    perms: list[tuple[int, ...]] | None = None,
    backend: str = "numba",
    progress: Callable[[str, int, int], None] | None = None,
    stop: Callable[[], bool] | None = None,
    record: SearchRecord | None = None,
) -> np.ndarray:
    """Distance from goal of every permutation of 0..n-1 (uint8, n! entries, 255 = unreachable).

    Give either ``adjacency`` (sliding tiles: tile 0 is the blank, it swaps with a neighbour
    cell) or ``perms`` (fixed permutation moves: new[i] = old[perm[i]]). Moves must be
    reversible (true for both puzzles here), so distances from the goal are distances to it.
    Raises Cancelled when stop() returns True between levels. record: when given, each level is
    added to it (a backward side) as it completes, so a live chart can show the table being made.
    """
    if record is None:
        record = SearchRecord()
    record.add_level(True, 1)
    n = len(goal)
    if n > 15:
        raise ValueError("at most 15 cells (4 bits a cell)")
    size = math.factorial(n)
    dist = np.full(size, UNREACHED, np.uint8)
    dist[rank(goal)] = 0
    # deferred: numba (half a second) loads when a table is built, not with the puzzles
    from pegapp.solvers.sliding import _kernels as K

    if backend == "numba" and K.njit is None:  # pragma: no cover
        backend = "numpy"
    stage = msg("distance table")
    if backend == "numba":
        return _bfs_numba(K, dist, goal, adjacency, perms, stage, progress, stop, record)
    return _bfs_numpy(dist, goal, adjacency, perms, stage, progress, stop, record)


def _bfs_numba(K, dist, goal, adjacency, perms, stage, progress, stop,
               record: SearchRecord) -> np.ndarray:
    """bfs_table with the numba kernels (K): one level per kernel call, so that Python reports
    progress and honours stop() between levels."""
    n, size = len(goal), len(dist)
    queue = np.empty(size, np.int64)
    queue[0] = _pack(goal)
    lo, hi, d = 0, 1, 0
    if adjacency is not None:
        deg = max(len(a) for a in adjacency)
        adj = np.full((n, deg), -1, np.int64)
        nadj = np.zeros(n, np.int64)
        for i, a in enumerate(adjacency):
            adj[i, :len(a)] = a
            nadj[i] = len(a)
    else:
        pm = np.array(perms, np.int64)
    while hi > lo:
        if progress:
            progress(stage, d, hi)
        if stop and stop():
            raise Cancelled
        if adjacency is not None:
            tail = K._slide_level_nb(queue, lo, hi, hi, dist, adj, nadj, n, d)
        else:
            tail = K._perm_level_nb(queue, lo, hi, hi, dist, pm, n, d)
        lo, hi, d = hi, tail, d + 1
        if hi > lo:
            record.add_level(True, hi - lo)
    return dist


def _bfs_numpy(dist, goal, adjacency, perms, stage, progress, stop,
               record: SearchRecord) -> np.ndarray:
    """bfs_table in numpy: a whole level at once."""
    n = len(goal)
    front = np.array([goal], np.int8)
    d = 0
    if adjacency is not None:
        nbr = np.full((n, 4), -1, np.int64)
        for i, a in enumerate(adjacency):
            nbr[i, :len(a)] = a
    else:
        pm = np.array(perms, np.int64)
    while len(front):
        if progress:
            progress(stage, d, len(front))
        if stop and stop():
            raise Cancelled
        children = []
        if adjacency is not None:
            blank = np.argmax(front == 0, axis=1)
            for k in range(nbr.shape[1]):
                j = nbr[blank, k]
                ok = j >= 0
                if not ok.any():
                    continue
                c = front[ok].copy()
                b, jj, ri = blank[ok], j[ok], np.arange(ok.sum())
                c[ri, b] = c[ri, jj]
                c[ri, jj] = 0
                children.append(c)
        else:
            for m in range(len(pm)):
                children.append(front[:, pm[m]])
        kids = np.concatenate(children)
        r = _rank_rows(kids)
        new = dist[r] == UNREACHED
        r, kids = r[new], kids[new]
        r, first = np.unique(r, return_index=True)
        kids = kids[first]
        dist[r] = d + 1
        front = kids
        d += 1
        if len(front):
            record.add_level(True, len(front))
    return dist


# ----------------------------------------------------------------------------------------------
# disk cache

def cache_dir() -> Path:
    """$PEGAPP_CACHE_DIR, else ~/.cache/pegapp (created on demand)."""
    base = os.environ.get("PEGAPP_CACHE_DIR") or os.path.join(os.path.expanduser("~"), ".cache",
                                                              "pegapp")
    return Path(base)


#: the version of the distance tables' cache files: v1 was a bare .npy, trusted on its length
#: and the goal's 0 alone (a zeroed file answered "0 moves, proven"); v2 is a checked file
#: (pegapp.core.storage: kind, size, SHA-256)
TABLE_FILE_VERSION = 2


def table_file(stem: str) -> Path:
    """The cache file of the distance table named stem ("slide_2x5_dist")."""
    return cache_dir() / f"{stem}_v{TABLE_FILE_VERSION}.table"


def _load(stem: str, entries: int, goal_rank: int) -> np.ndarray | None:
    """The cached table if its file is whole and unaltered (checksum), of the right length and
    has the goal at distance 0; None otherwise (missing, refused, damaged): build it again."""
    payload = read_checked(table_file(stem), stem, entries)
    if payload is None or len(payload) != entries:
        return None
    table = np.frombuffer(payload, dtype=np.uint8).copy()  # writable, as a built one
    return table if table[goal_rank] == 0 else None


def save(stem: str, arr: np.ndarray) -> None:
    """Cache a complete table (best effort: a read-only or full disk just does not cache; the
    temporary file is removed either way). The v1 file of the same table is dropped."""
    try:
        write_checked(table_file(stem), stem, np.ascontiguousarray(arr, np.uint8).tobytes())
        (cache_dir() / f"{stem}_v1.npy").unlink(missing_ok=True)
    except OSError:
        pass


def cached_table(stem: str, build: Callable[[], np.ndarray], cells: int,
                 goal_rank: int) -> np.ndarray:
    """The distance table of a puzzle of `cells` cells from the disk cache, built (and saved
    over the damaged file) when it is missing or fails any check."""
    table = _load(stem, math.factorial(cells), goal_rank)
    if table is None:
        table = build()
        save(stem, table)
    return table


def summary(dist: np.ndarray, state_of: Callable[[int], tuple[int, ...]],
            seconds: float) -> dict:
    """What `pegapp analyse` says of a complete table: positions reached, the histogram of
    distances, the depth and the farthest positions (state_of(rank): a position as the puzzle
    writes it)."""
    hist = np.bincount(dist[dist != UNREACHED])
    far = np.nonzero(dist == len(hist) - 1)[0]
    farthest = sorted(state_of(int(r)) for r in far)
    return {"positions": int(hist.sum()), "histogram": [int(h) for h in hist],
            "depth": len(hist) - 1, "farthest": [list(f) for f in farthest],
            "farthest_count": len(farthest), "seconds": seconds}


def descend(table, rank, neighbours, state) -> list:
    """A shortest path down a complete distance table: from each state, a neighbour one closer."""
    moves = []
    d = int(table[rank(state)])
    while d > 0:
        for m, t in neighbours(state):
            if table[rank(t)] == d - 1:
                moves.append(m)
                state, d = t, d - 1
                break
        else:  # pragma: no cover - a corrupt table
            raise RuntimeError("distance table inconsistent")
    return moves


#: how the distance tables are made (the origin of a table answer's record)
TABLE_ORIGIN = msg("a table of every position's distance from the goal, made by one breadth-first "
                   "search back from the goal and kept on this computer")

_LEVELS: dict[int, tuple[np.ndarray, list[int]]] = {}


def levels(table: np.ndarray) -> list[int]:
    """Positions at each distance in a distance table: the levels of the search that made it
    (counted once per table)."""
    kept = _LEVELS.get(id(table))
    if kept is None or kept[0] is not table:
        counts = np.bincount(table[table != UNREACHED])
        kept = _LEVELS[id(table)] = (table, [int(c) for c in counts])
    return kept[1]


def answer(table, rank, neighbours, state, started: float) -> tuple[list, SearchRecord]:
    """A shortest path down the table (descend) and the answer's record: the table's levels as
    the search back from the goal, the neighbours looked at on the way down as examined."""
    looked = 0

    def counted(s):
        nonlocal looked
        for m, t in neighbours(s):
            looked += 1
            yield m, t

    moves = descend(table, rank, counted, state)
    return moves, table_answer(levels(table), len(moves), TABLE_ORIGIN,
                               time.perf_counter() - started, looked)
