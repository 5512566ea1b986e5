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
uint8 indexed by the placement's rank as a partial permutation (N!/(N-k)! entries).

A group that is the mirror image of another (left-right: {3 4 7 8 11 12} of {1 2 5 6 9 10}) is
looked up in that group's table (see lookups), so the 15-puzzle stores one 6-tile table (5.5 MiB).

Where the tables come from, first that works: memory; the copies shipped with the program for the
15-puzzle (resources/pdb, made by packaging/build_pdbs.py, xz-compressed, 0.85 MB); the cache
directory ($PEGAPP_CACHE_DIR or ~/.cache/pegapp); built now (about 10 s for the 15-puzzle) and
saved to the cache. Every file is checked before use (header, size, SHA-256 of the table, and for
the shipped tables the digest recorded here): a damaged one is passed over, never trusted, never
fatal. Files are read in threads while the search kernel is loaded, so a first hint on the
15-puzzle costs the kernel's loading plus the search.

IDA* runs in a numba kernel that can be suspended after a node budget, so Python polls stop() and
reports progress every fraction of a second. Each move updates only the moved tile's group, and
the tile's cell as its table sees it (mirrored or reflected), so a lookup is a rank of 6 cells.
"""

from __future__ import annotations

import hashlib
import json
import logging
import lzma
import math
import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

from pegapp.core import resources
from pegapp.core.messages import msg
from pegapp.core.storage import read_regular, write_atomic
from pegapp.solvers.sliding import _tables as tables
from pegapp.solvers.sliding._kernels import _ida_back, _ida_descend, kernel
from pegapp.solvers.record import SearchRecord, already_there
from pegapp.solvers.result import (
    SOLVED,
    UNSOLVABLE,
    Cancelled,
    Progress,
    SolveResult,
    Stop,
    interrupted,
    never_stop,
    no_progress,
)

#: largest PDB (entries) chosen automatically
MAX_PDB_ENTRIES = 8_000_000
MAX_DEPTH = 400
NODE_BUDGET = 4_000_000  # per kernel call, between stop() polls
#: the progress stage of the search itself (building the tables is ``build_stage``)
IDA_STAGE = msg("trying ever longer solutions")

log = logging.getLogger(__name__)


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


def _free_cells_connected(rows: int, cols: int, group: Sequence[int]) -> bool:
    """Whether the cells not holding the group's tiles at home form one region (then the blank's
    place at the goal does not matter to the group's table)."""
    home = {t - 1 for t in group}
    free = [c for c in range(rows * cols) if c not in home]
    adjacency = tables.grid_adjacency(rows, cols)
    seen, stack = {free[0]}, [free[0]]
    while stack:
        for m in adjacency[stack.pop()]:
            if m not in home and m not in seen:
                seen.add(m)
                stack.append(m)
    return len(seen) == len(free)


def lookups(rows: int, cols: int) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """How each group of partition() is looked up: (the group whose table is used, the tiles in
    that table's order, a cell map). A group that is another one's mirror image (left-right) uses
    that group's table: a table entry depends only on where the tiles are, the blank counting only
    through the region it can reach, and when the free cells at the goal form one region for both
    groups the mirror maps one table onto the other. On the 15-puzzle {3 4 7 8 11 12} is the mirror
    of {1 2 5 6 9 10}, so one 6-tile table serves both (half the memory, the files, the loading)."""
    groups = partition(rows, cols)
    n = rows * cols
    mirror = tuple(r * cols + (cols - 1 - c) for r, c in (divmod(x, cols) for x in range(n)))
    identity = tuple(range(n))
    out: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
    for gi, g in enumerate(groups):
        spec = (gi, tuple(g), identity)
        homes = [mirror[t - 1] for t in g]
        image = tuple(h + 1 for h in homes)
        if n - 1 not in homes and _free_cells_connected(rows, cols, g):
            for bi in range(gi):
                base = groups[bi]
                if sorted(image) == sorted(base) and out[bi][0] == bi \
                        and _free_cells_connected(rows, cols, base):
                    # tile base[i] of the table stands for the tile whose home mirrors base[i]'s
                    spec = (bi, tuple(mirror[t - 1] + 1 for t in base), mirror)
                    break
        out.append(spec)
    return out


def table_groups(rows: int, cols: int) -> list[tuple[int, ...]]:
    """The groups whose tables are stored (the others are looked up in a mirror)."""
    specs = lookups(rows, cols)
    return [g for gi, g in enumerate(partition(rows, cols)) if specs[gi][0] == gi]


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


def build_stage(rows: int, cols: int):
    """What the progress line says while tables are built (no internal names)."""
    return msg("preparing the {rows}×{cols} puzzle's tables, done once", rows=rows, cols=cols)


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
    stage = build_stage(rows, cols)
    while hi > lo:
        progress(stage, d, hi)
        if stop():
            raise Cancelled
        queue, tail = _pdb_level(queue, lo, hi, hi, pdb, seen, adj, nadj, n, k, mul, d)
        # the processed part of the queue is no longer needed: compact
        queue[: tail - hi] = queue[hi:tail]
        lo, hi, d = 0, tail - hi, d + 1
    return pdb


# ---------------------------------------------------------------------------------- files

#: the layout of the tables (indexing, value meaning); part of every file name and header
TABLE_VERSION = 2
_MAGIC = b"PEGAPP-PDB\n"
_MAX_HEADER = 4096

#: SHA-256 of each shipped table (the uint8 entries, before compression), as built by
#: packaging/build_pdbs.py; a shipped or cached table with this name and another digest is refused
KNOWN_SHA256: dict[str, str] = {
    "pdb_4x4_1-2-5-6-9-10": "56d56e863b87a40b447d742f66a500ed2a8aae5f9d26cb0d089e132f5d57dcc1",
    "pdb_4x4_13-14-15": "9404495b2ad6ce9a2c49e14b77978378a865a1c40187b2171988d73059462e17",
}

#: where shipped tables are looked for; None: the package resources (resources/pdb)
SHIPPED_DIR: Path | None = None


class BadTable(ValueError):
    """A table file that must not be used (the message says why)."""


def table_stem(rows: int, cols: int, group: Sequence[int]) -> str:
    return f"pdb_{rows}x{cols}_{'-'.join(map(str, group))}"


def pdb_name(rows: int, cols: int, group: Sequence[int]) -> str:
    """The file name of a table, shipped or cached."""
    return f"{table_stem(rows, cols, group)}_v{TABLE_VERSION}.bin"


def shipped_path(name: str) -> Path | None:
    if SHIPPED_DIR is not None:
        return Path(SHIPPED_DIR) / name
    try:
        return resources.path("pdb", name)
    except FileNotFoundError:  # pragma: no cover - resources missing altogether
        return None


def encode_pdb(rows: int, cols: int, group: Sequence[int], table: np.ndarray,
               compress: bool = True) -> bytes:
    """A table file: a magic line, a JSON header line, then the entries (xz-compressed or raw)."""
    raw = np.ascontiguousarray(table, np.uint8).tobytes()
    header = {"version": TABLE_VERSION, "rows": rows, "cols": cols, "group": list(group),
              "entries": len(raw), "encoding": "xz" if compress else "raw",
              "sha256": hashlib.sha256(raw).hexdigest()}
    payload = lzma.compress(raw, format=lzma.FORMAT_XZ, preset=9 | lzma.PRESET_EXTREME) \
        if compress else raw
    return _MAGIC + json.dumps(header, sort_keys=True).encode() + b"\n" + payload


def decode_pdb(data: bytes, rows: int, cols: int, group: Sequence[int],
               out: np.ndarray | None = None) -> np.ndarray:
    """The table in a file's bytes (written into ``out`` when given), after every check; raises
    BadTable."""
    entries = math.perm(rows * cols, len(group))
    if not data.startswith(_MAGIC):
        raise BadTable("not a table file" if data else "empty file")
    end = data.find(b"\n", len(_MAGIC), len(_MAGIC) + _MAX_HEADER)
    if end < 0:
        raise BadTable("no header")
    try:
        header = json.loads(data[len(_MAGIC):end])
    except ValueError:
        raise BadTable("unreadable header") from None
    expected = {"version": TABLE_VERSION, "rows": rows, "cols": cols, "group": list(group),
                "entries": entries}
    if not isinstance(header, dict) or any(header.get(k) != v for k, v in expected.items()):
        raise BadTable("header for another table")
    digest = header.get("sha256")
    known = KNOWN_SHA256.get(table_stem(rows, cols, group))
    if known is not None and digest != known:
        raise BadTable("not the table this version ships")
    payload = memoryview(data)[end + 1:]
    encoding = header.get("encoding")
    if encoding == "raw":
        raw = payload
    elif encoding == "xz":
        dec = lzma.LZMADecompressor(format=lzma.FORMAT_XZ)
        try:
            raw = dec.decompress(payload, max_length=entries + 1)
        except lzma.LZMAError:
            raise BadTable("damaged compressed data") from None
        if not dec.eof or dec.unused_data:
            raise BadTable("truncated or padded compressed data")
    else:
        raise BadTable("unknown encoding")
    if len(raw) != entries:
        raise BadTable(f"{len(raw)} entries instead of {entries}")
    if not isinstance(digest, str) or hashlib.sha256(raw).hexdigest() != digest:
        raise BadTable("checksum mismatch")
    table = np.frombuffer(raw, np.uint8)
    if out is None:
        return table.copy()
    out[:] = table
    return out


def read_pdb_file(path: Path, rows: int, cols: int, group: Sequence[int],
                  out: np.ndarray | None = None) -> np.ndarray:
    """decode_pdb of a file (storage.read_regular: no FIFO or device, at most a raw table's
    size, xz's worst-case growth and a header); BadTable also when it cannot be read."""
    entries = math.perm(rows * cols, len(group))
    try:
        data = read_regular(path, entries + entries // 64 + len(_MAGIC) + _MAX_HEADER + 65536)
    except OSError as exc:
        raise BadTable(f"unreadable ({exc.strerror or exc})") from None
    return decode_pdb(data, rows, cols, group, out)


def _write_cache(name: str, data: bytes) -> None:
    """Best effort (a read-only or full disk just does not cache): atomic and fsync'd, its
    temporary file removed when the write fails (storage.write_atomic)."""
    try:
        write_atomic(tables.cache_dir() / name, data)
    except OSError:
        pass


def _drop_old_cache(rows: int, cols: int) -> None:
    """The .npy tables of earlier versions (one for every group) are superseded: remove them
    (best effort)."""
    for group in partition(rows, cols):
        try:
            (tables.cache_dir() / f"{table_stem(rows, cols, group)}_v1.npy").unlink(
                missing_ok=True)
        except OSError:
            pass


# ---------------------------------------------------------------------------------- loading

_LOADED: dict[tuple, tuple[np.ndarray, list[np.ndarray]]] = {}
_LOCK = threading.Lock()
#: seconds spent in build_pdb, by file name (for benchmarks)
BUILD_SECONDS: dict[str, float] = {}
#: where each table of this process came from ("shipped", "cache" or "built"), by file name
SOURCE: dict[str, str] = {}
#: why a file was passed over, by path (for tests and benchmarks; also logged)
REJECTED: dict[str, str] = {}


def offsets(rows: int, cols: int, groups: Sequence[Sequence[int]]) -> list[int]:
    """Where each group's table starts in the concatenated tables."""
    out, off = [], 0
    for g in groups:
        out.append(off)
        off += math.perm(rows * cols, len(g))
    return out + [off]


def load_tables(rows: int, cols: int, progress: Progress = no_progress, stop: Stop = never_stop,
                meanwhile: Callable[[], None] | None = None,
                ) -> tuple[list[tuple[int, ...]], np.ndarray, list[np.ndarray]]:
    """The stored groups (table_groups), all their PDBs in one array, and each PDB (a view into
    it): from memory, shipped files, the disk cache, or built now. Files are read and tables built
    in threads (the decompression, the checksums and the build kernel release the GIL) while
    ``meanwhile()`` runs on this thread. Raises Cancelled."""
    groups = table_groups(rows, cols)
    key = (rows, cols, tuple(groups))
    with _LOCK:
        if key in _LOADED:
            if meanwhile is not None:
                meanwhile()
            flat, views = _LOADED[key]
            return groups, flat, views
        offs = offsets(rows, cols, groups)
        flat = np.empty(offs[-1], np.uint8)
        views = [flat[offs[i]:offs[i + 1]] for i in range(len(groups))]

        def one(i: int) -> None:
            g, out = groups[i], views[i]
            name = pdb_name(rows, cols, g)
            shipped = shipped_path(name)
            for source, path in (("shipped", shipped), ("cache", tables.cache_dir() / name)):
                try:
                    if path is None or not os.path.lexists(path):  # a FIFO is refused below
                        continue
                    read_pdb_file(path, rows, cols, g, out)
                except Exception as exc:  # BadTable, or anything else odd: never fatal
                    REJECTED[str(path)] = str(exc)
                    log.warning("pattern database %s not used: %s", path, exc)
                    continue
                SOURCE[name] = source
                return
            t0 = time.perf_counter()
            out[:] = build_pdb(rows, cols, g, progress, stop)
            BUILD_SECONDS[name] = time.perf_counter() - t0
            SOURCE[name] = "built"
            _write_cache(name, encode_pdb(rows, cols, g, out, compress=False))

        workers = max(1, min(len(groups), os.cpu_count() or 1))
        # biggest first so that the small ones fill in
        order = sorted(range(len(groups)), key=lambda i: -len(groups[i]))
        with ThreadPoolExecutor(workers) as pool:
            futures = [pool.submit(one, i) for i in order]
            try:
                if meanwhile is not None:
                    meanwhile()
            finally:
                for f in futures:
                    f.result()
        _drop_old_cache(rows, cols)
        _LOADED[key] = (flat, views)
        return groups, flat, views


# ---------------------------------------------------------------------------------- IDA*

@kernel(inline="always")
def _lookup(g, where, gtiles, gk, gmul, goff, flat, cells):  # pragma: no cover - compiled
    """Group g's table entry when its tiles stand on the cells where[tile] (in the frame of the
    group's table: see SlideIDA.frame)."""
    k = gk[g]
    for i in range(k):
        cells[i] = where[gtiles[g, i]]
    return np.int64(flat[goff[g] + _prank(cells, k, gmul[g])])


@kernel(nogil=True)
def _ida_run(board, fpos, rpos, st, blank, prev, it, hn, hr, gval, rval, ug, ugv, ur, urv, moves,
             adj, nadj, grp, gtiles, gk, gmul, goff, flat, use_ref, tmap, fcell, rcell,
             budget):  # pragma: no cover - compiled
    """Resumable IDA* iteration (all search state lives in the arrays passed in).

    st = [depth, bound, next_bound, nodes]. fpos[t]: the cell of tile t, as its group's table
    sees it (fcell[t, c]: tile t on cell c); rpos[u]: the same for tile u of the position reflected
    in the main diagonal (rcell[t, c]: where tile t on cell c puts tile tmap[t] of the reflection).
    Both are kept up to date move by move, so a lookup reads the cells directly. gval/rval: current
    PDB value of each group (plain, reflected); only the moved tile's group changes. ug/ugv, ur/urv:
    per depth, the group changed by the move into that depth and its old value. The move back into
    the previous blank cell is never generated. Returns 1: found (moves[:depth]); 0: iteration over
    (st[2] = next bound); 2: node budget used, call again to resume."""
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
            fpos[t] = fcell[t, b]  # tile t slides m -> b
            g = grp[t]
            vg = _lookup(g, fpos, gtiles, gk, gmul, goff, flat, cells)
            newn = hn[depth] - gval[g] + vg
            newr = np.int64(0)
            gr = np.int64(0)
            vr = np.int64(0)
            h = newn
            if use_ref and depth + 1 + newn <= bound:
                # the reflected lookup only where the plain one does not already prune
                u = tmap[t]
                rpos[u] = rcell[t, b]
                gr = grp[u]
                vr = _lookup(gr, rpos, gtiles, gk, gmul, goff, flat, cells)
                newr = hr[depth] - rval[gr] + vr
                if newr > h:
                    h = newr
            f = depth + 1 + h
            if f > bound:
                if f < nxt:
                    nxt = f
                fpos[t] = fcell[t, m]
                if use_ref:
                    rpos[tmap[t]] = rcell[t, m]
            else:
                depth += 1
                _ida_descend(depth, t, m, b, g, vg, gr, vr, newn, newr, board, moves, blank, prev,
                             it, hn, hr, gval, rval, ug, ugv, ur, urv, use_ref)
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
            _ida_back(depth, board, fpos, rpos, moves, blank, prev, gval, rval, ug, ugv, ur, urv,
                      use_ref, tmap, fcell, rcell)
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
        n = self.n
        self.groups = partition(rows, cols)
        specs = lookups(rows, cols)
        stored = table_groups(rows, cols)
        starts = offsets(rows, cols, stored)
        G = len(self.groups)
        kmax = max(len(g) for g in self.groups)
        self.gtiles = np.zeros((G, kmax), np.int64)
        self.gk = np.zeros(G, np.int64)
        self.gmul = np.zeros((G, kmax), np.int64)
        self.goff = np.zeros(G, np.int64)
        self.gcell = np.zeros((G, n), np.int64)
        self.grp = np.zeros(n, np.int64)
        for gi, (g, (base, order, cell_map)) in enumerate(zip(self.groups, specs)):
            self.gtiles[gi, :len(g)] = order
            self.gk[gi] = len(g)
            self.gmul[gi, :len(g)] = _multipliers(n, len(g))
            self.goff[gi] = starts[stored.index(self.groups[base])]
            self.gcell[gi] = cell_map
            for t in g:
                self.grp[t] = gi
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
        # tile t on cell c, as its group's table sees it (fcell), and as the table of the group of
        # tile tmap[t] sees that tile in the reflected position (rcell); see _ida_run
        self.fcell = np.array([[self.gcell[self.grp[t], c] for c in range(n)] for t in range(n)],
                              np.int64)
        self.rcell = np.array([[self.gcell[self.grp[self.tmap[t]], self.cellT[c]]
                                for c in range(n)] for t in range(n)], np.int64)
        adjacency = tables.grid_adjacency(rows, cols)
        self.adj = np.full((n, 4), -1, np.int64)
        self.nadj = np.zeros(n, np.int64)
        for i, a in enumerate(adjacency):
            self.adj[i, :len(a)] = a
            self.nadj[i] = len(a)
        # the tables are read (or built) in threads while this thread loads the compiled kernel
        _, self.flat, self.pdbs = load_tables(rows, cols, progress, stop,
                                              meanwhile=self._load_kernel)

    def _load_kernel(self) -> None:
        """Call the search kernel once on an empty search (st[0] = -1), so that numba loads (or
        compiles) it now, while the tables are read, rather than at the first real search."""
        z = np.zeros(1, np.int64)
        st = np.array([-1, 0, 0, 0], np.int64)
        _ida_run(z, z, z, st, z, z, z, z, z, z, z, z, z, z, z, z, self.adj, self.nadj, self.grp,
                 self.gtiles, self.gk, self.gmul, self.goff, np.zeros(1, np.uint8), self.use_ref,
                 self.tmap, self.fcell, self.rcell, 0)

    def _where(self, state: Sequence[int]) -> tuple[list[int], list[int]]:
        """fpos and rpos of a position (see _ida_run)."""
        fpos, rpos = [0] * self.n, [0] * self.n
        for cell, t in enumerate(state):
            fpos[t] = int(self.fcell[t, cell])
            rpos[int(self.tmap[t])] = int(self.rcell[t, cell])
        return fpos, rpos

    def group_values(self, state: Sequence[int], reflected: bool = False) -> list[int]:
        """Each group's PDB value for a position (plain Python: no kernel needed)."""
        fpos, rpos = self._where(state)
        where = rpos if reflected else fpos
        out = []
        for gi in range(len(self.groups)):
            k = int(self.gk[gi])
            cells = [where[int(u)] for u in self.gtiles[gi, :k]]
            idx = int(self.goff[gi])
            for i, p in enumerate(cells):
                idx += (p - sum(1 for q in cells[:i] if q < p)) * int(self.gmul[gi, i])
            out.append(int(self.flat[idx]))
        return out

    def heuristic(self, state: Sequence[int]) -> int:
        hn = sum(self.group_values(state))
        if not self.use_ref:
            return hn
        return max(hn, sum(self.group_values(state, reflected=True)))

    def solve(self, state: Sequence[int], progress: Progress = no_progress,
              stop: Stop = never_stop, budget: int = NODE_BUDGET) -> SolveResult:
        t0 = time.perf_counter()
        G = len(self.groups)
        gv = self.group_values(state)
        rv = self.group_values(state, reflected=True) if self.use_ref else [0] * G
        h0 = max(sum(gv), sum(rv))
        if h0 == 0:
            return SolveResult(SOLVED, [], True, stats={"nodes": 0, "method": "IDA*+PDB"},
                               search=already_there())
        # IDA* keeps no levels: each deepening iteration's positions looked at stand as one
        # forward "level" of the record (the search's own count, as it runs)
        record = SearchRecord(positions=1)

        def finish(res: SolveResult, examined: int) -> SolveResult:
            record.examined = examined
            record.seconds = time.perf_counter() - t0
            res.search = record
            return res

        D = MAX_DEPTH
        board = np.array(state, np.int64)
        pos0, rpos0 = self._where(state)
        pos = np.array(pos0, np.int64)
        rpos = np.array(rpos0, np.int64)
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
            pos[:] = pos0
            rpos[:] = rpos0
            gval[:] = gv
            rval[:] = rv
            blank[0] = b0
            prev[0] = -1
            it[0] = 0
            hn[0] = sum(gv)
            hr[0] = sum(rv)
            st = np.array([0, bound, 1 << 30, 0], np.int64)
            while True:
                r = _ida_run(board, pos, rpos, st, blank, prev, it, hn, hr, gval, rval, ug, ugv,
                             ur, urv, moves, self.adj, self.nadj, self.grp, self.gtiles, self.gk,
                             self.gmul, self.goff, self.flat, self.use_ref, self.tmap, self.fcell,
                             self.rcell, budget)
                progress(IDA_STAGE, int(bound), nodes + int(st[3]))
                if r == 1:
                    nodes += int(st[3])
                    ms = [int(m) for m in moves[:st[0]]]
                    record.add_level(False, int(st[3]))
                    record.meeting = (len(ms), 0)
                    return finish(SolveResult(SOLVED, ms, True, stats={
                        "nodes": nodes, "method": "IDA*+PDB", "bound": int(bound),
                        "seconds": time.perf_counter() - t0}), nodes)
                if r == 0:
                    break
                if stop():
                    return finish(interrupted(Cancelled(), {"nodes": nodes + int(st[3])}),
                                  nodes + int(st[3]))
            nodes += int(st[3])
            record.add_level(False, int(st[3]))
            if st[2] >= 1 << 30:  # pragma: no cover - solvable positions always finish
                break
            bound = int(st[2])
        return finish(SolveResult(UNSOLVABLE, None, False,
                                  reason=msg("no solution within {limit} moves", limit=D),
                                  stats={"nodes": nodes}), nodes)


_SOLVERS: dict[tuple[int, int], SlideIDA] = {}


def solver_for(rows: int, cols: int, progress: Progress = no_progress,
               stop: Stop = never_stop) -> SlideIDA:
    """The board's solver, its tables and kernel loaded (once per process). Called from a
    background thread ahead of time (a warm-up), it leaves a first hint only its search."""
    key = (rows, cols)
    if key not in _SOLVERS:
        _SOLVERS[key] = SlideIDA(rows, cols, progress, stop)
    return _SOLVERS[key]


def solve_slide(rows: int, cols: int, state: Sequence[int], progress: Progress = no_progress,
                stop: Stop = never_stop) -> SolveResult:
    """Shortest solution of a (solvable, checked) R x C position."""
    try:
        solver = solver_for(rows, cols, progress, stop)
    except Cancelled:
        reason = msg("cancelled while preparing the {rows}×{cols} puzzle's tables",
                     rows=rows, cols=cols)
        return interrupted(Cancelled(reason))
    return solver.solve(state, progress, stop)
