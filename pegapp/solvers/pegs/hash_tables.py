"""The peg search with open-addressing hash tables (no Qt), and the disk cache of backward levels.

Positions and their depths live in one hash table per side (``key = position | depth << 58``),
grown as it fills; about 30 bytes a position. The sorted-level search (pegs.levels) takes a third
of that and is the one solve() runs; this one remains for the searches that start from the
backward levels cached on disk (boards of 25 holes or more: the levels from the goal depend only
on the board and the goal, so hints from any position start from them).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import time

import numpy as np

from pegapp.core.messages import gigabytes, msg
from pegapp.core.storage import read_regular, write_atomic

from pegapp.solvers.pegs.problem import (_BACKWARD, _CACHE, _FORWARD, _NO_BOUND, K, _Memory, _Problem,
                                         _reconstruct, _stage)
from pegapp.solvers.record import SearchRecord
from pegapp.solvers.result import TooLarge, check_stop
from pegapp.solvers.search import meet_in_middle

_LOAD = 0.65      # grow a table past this load factor
_HARD = 0.90      # never fill a table beyond this
_CHUNK = 2048     # parents per kernel call (between progress/stop checks)


class _Table:
    """Hash set of canonical positions with their depth (a uint64 array in numba kernels)."""

    def __init__(self, mem, bits=14):
        self.mem = mem
        self.bits = bits
        self.keys = mem.alloc(1 << bits)
        self.count = 0

    @property
    def shift(self):
        return np.uint64(64 - self.bits)

    @property
    def limit(self):
        return int(_LOAD * (1 << self.bits))

    @property
    def hard(self):
        return int(_HARD * (1 << self.bits))

    def grow(self, need: int):
        bits = self.bits
        while need > _LOAD * (1 << bits):
            bits += 1
        if bits == self.bits:
            bits += 1
        new = self.mem.alloc(1 << bits)
        K.table_rehash(self.keys, new, np.uint64(64 - bits))
        self.mem.free(self.keys)
        self.keys = new
        self.bits = bits

    def insert(self, positions: np.ndarray, depth: int):
        if self.count + len(positions) > self.limit:
            self.grow(self.count + len(positions))
        self.count += K.table_insert_many(self.keys, self.shift, positions, depth)

    def depth(self, pos: int) -> int:
        return int(K.table_lookup(self.keys, self.shift, np.uint64(pos)))

    def holds(self, pos: int, depth: int) -> bool:
        return self.depth(pos) == depth


class _Side:
    def __init__(self, name, backward, mem, prob, roots, cached=None):
        # name: the progress stage (a msg() when the player sees it), also kept in stats
        self.name = name
        self.backward = backward
        self.mem = mem
        self.depth = 0
        if cached is None:
            self.table = _Table(mem)
            roots = np.unique(np.array([prob.canon(r) for r in roots], dtype=np.uint64))
            self.table.insert(roots, 0)
            self.frontier = mem.alloc(len(roots))
            self.frontier[:] = roots
        else:  # a copy of the cached levels 0..depth, frontier = the deepest level
            self.table = _Table(mem, bits=cached.bits)
            self.table.keys[:] = cached.keys
            self.table.count = cached.count
            self.frontier = mem.alloc(len(cached.frontier))
            self.frontier[:] = cached.frontier
            self.depth = cached.depth
        self.expanded = 0
        self.children = 0
        self.growth: float | None = None  # new positions per frontier position, last level
        self.ratio = 1.0  # children per frontier position, last level: the cost estimate
        self.level = None  # (prob, L, progress, stop, stats) while _search drives the side
        self.record = None  # the SearchRecord _search keeps
        g = prob.g
        if backward:
            self.ktab = g.kbwd
            self.bnd = prob.bwd_bnd
        else:
            self.ktab = g.kfwd
            self.bnd = prob.fwd_bnd

    # the side as pegapp.solvers.search.meet_in_middle drives it
    def frontier_size(self) -> int:
        return len(self.frontier)

    def cost(self) -> float:
        return len(self.frontier) * self.ratio

    def expand(self, other: "_Side"):
        """One level (its figures appended to stats["levels"]); returns (meeting position, its
        depth on other's side) or None."""
        prob, L, progress, stop, stats = self.level
        if _hopeless(self, self.mem):
            raise TooLarge(msg("the next level of the search would need more than the memory "
                               "budget of {gb:g} GB", gb=gigabytes(self.mem.budget)))
        before = self.children
        nfr = len(self.frontier)
        t_level = time.perf_counter()
        ch0 = stats.get("children", 0)
        met = _expand(self, other, prob, L, progress, stop, stats)
        stats.setdefault("levels", []).append(
            (self.name, self.depth if met is None else self.depth + 1, nfr,
             len(self.frontier) if met is None else -1, stats.get("children", 0) - ch0,
             round(time.perf_counter() - t_level, 3)))
        if met is None:
            self.record.add_level(self.backward, len(self.frontier))
        if met is None and nfr:
            self.growth = len(self.frontier) / nfr
            self.ratio = max((self.children - before) / nfr, 1e-3)
        return met


def _expand(side: _Side, other: _Side, prob: _Problem, L: int, progress, stop, stats):
    """Expand side by one level; returns the meeting position or None."""
    mem = side.mem
    fr = side.frontier
    out_cap = max(1024, min(4 * len(fr) + 1024, 1 << 22))
    out = mem.alloc(out_cap)
    state = np.zeros(9, dtype=np.int64)
    tab = side.table
    use_bound = 1 if L < 255 else 0
    i = 0
    while i < len(fr):
        state[K.ST_COUNT] = tab.count
        state[K.ST_LIMIT] = tab.limit
        state[K.ST_HARD] = tab.hard
        i1 = min(len(fr), i + _CHUNK)
        i = K.expand(fr, i, i1, side.depth, L,
                     tab.keys, tab.shift, other.table.keys, other.table.shift, out, state,
                     *side.ktab, prob.jmask, prob.symtab, prob.nchunks, prob.nsym,
                     side.bnd, use_bound)
        tab.count = int(state[K.ST_COUNT])
        status = int(state[K.ST_STATUS])
        if status == K.NEED_SPACE:
            n_out = int(state[K.ST_OUT])
            if n_out >= len(out) - 1:
                new = mem.alloc(2 * len(out))
                new[:n_out] = out[:n_out]
                mem.free(out)
                out = new
            if tab.count >= tab.limit:
                tab.grow(tab.count + 1)
        elif status == K.MET:
            stats["children"] = stats.get("children", 0) + int(state[K.ST_CHILDREN])
            return int(state[K.ST_MEET]), int(state[K.ST_MEET_D])
        least = max(side.depth + other.depth + 1, stats.get("lower_bound", 0))
        progress(_stage(side.name, side.depth + 1, 100 * i // len(fr), least), side.depth + 1,
                 tab.count + other.table.count)
        check_stop(stop)
    n_out = int(state[K.ST_OUT])
    side.children += int(state[K.ST_CHILDREN])
    stats["children"] = stats.get("children", 0) + int(state[K.ST_CHILDREN])
    stats["pruned"] = stats.get("pruned", 0) + int(state[K.ST_PRUNED])
    new_fr = mem.alloc(n_out)
    new_fr[:] = out[:n_out]
    mem.free(out)
    mem.free(side.frontier)
    side.frontier = new_fr
    side.depth += 1
    side.expanded += len(fr)
    return None


def _hopeless(side: _Side, mem: _Memory) -> bool:
    """Whether expanding side by one more level would clearly overrun the memory budget,
    projected from the growth of its last level: better to say so now than after the minutes
    that level would take. (Clearly: by a quarter, since growth slows as pegs run out.)"""
    if side.growth is None:
        return False
    new = len(side.frontier) * side.growth
    table = side.table
    bits = table.bits
    while table.count + new > _LOAD * (1 << bits):
        bits += 1
    extra = 8 * (1 << bits) if bits > table.bits else 0  # the grown table (the old one is freed)
    extra += 2 * 8 * new                                  # the output buffer and the new frontier
    return mem.used + extra > 1.25 * mem.budget


def _search(prob: _Problem, L: int, mem: _Memory, progress, stop, stats, cached=None,
            record: SearchRecord | None = None):
    """Bidirectional BFS over moves with total bound L (255 = none); cached: backward levels
    from the disk cache to start from; record: the SearchRecord to keep (levels per side as
    they complete, the meeting, positions stored and examined).

    Returns a list of moves (a minimum solution among those of at most L moves) or None."""
    record = record if record is not None else SearchRecord()
    t0 = time.perf_counter()
    children0 = stats.get("children", 0)
    fwd = _Side(_FORWARD, False, mem, prob, [prob.position])
    try:
        bwd = _Side(_BACKWARD, True, mem, prob, prob.goals, cached)
    except BaseException:
        mem.free(fwd.table.keys)
        mem.free(fwd.frontier)
        raise
    fwd.record = bwd.record = record
    record.add_level(False, len(fwd.frontier))
    for size in (cached.level_sizes if cached is not None else [len(bwd.frontier)]):
        record.add_level(True, size)
    try:
        root = int(fwd.frontier[0])
        d = bwd.table.depth(root)
        if d >= 0:
            record.meeting = (0, d)
            return _reconstruct(prob, fwd, bwd, root, 0, d)
        if cached is not None:
            bwd.ratio = cached.ratio
        fwd.level = bwd.level = (prob, L, progress, stop, stats)
        met = meet_in_middle(fwd, bwd, max_depth=L)
        if met is None:
            return None
        side, (meet, d_other) = met
        if side is fwd:
            da, db = fwd.depth + 1, d_other
        else:
            da, db = d_other, bwd.depth + 1
        record.meeting = (da, db)
        return _reconstruct(prob, fwd, bwd, meet, da, db)
    finally:
        stats["positions"] = stats.get("positions", 0) + fwd.table.count + bwd.table.count
        record.positions += fwd.table.count + bwd.table.count
        record.examined += stats.get("children", 0) - children0
        record.peak_bytes = max(record.peak_bytes, mem.peak)
        record.seconds += time.perf_counter() - t0
        for s in (fwd, bwd):
            mem.free(s.table.keys)
            mem.free(s.frontier)


_CACHE_VERSION = 2  # 2: the description holds a SHA-256 of the keys
_CACHE_MIN_HOLES = 25          # smaller boards solve too fast to need it
_CACHE_TARGET_KEYS = 3_000_000  # build backward levels until the table holds this many
#: the largest peg store files read back (storage.read_regular): 8-byte keys of a store whose
#: last level overshot the target many times, and numpy's header; its description
_MAX_STORE_BYTES = 8 * _CACHE_TARGET_KEYS * 64 + 4096
_MAX_META_BYTES = 65536
_mem_cache: dict[str, "_Cached"] = {}


class _Cached:
    """Backward levels 0..depth from the goal: a hash table and the deepest level."""

    def __init__(self, keys, bits, count, depth, frontier, ratio, path=None, seconds=0.0,
                 level_sizes=()):
        self.keys, self.bits, self.count, self.depth = keys, bits, count, depth
        self.frontier, self.ratio, self.path, self.seconds = frontier, ratio, path, seconds
        #: positions per backward level 0..depth (the search's record starts from them)
        self.level_sizes = list(level_sizes)


def default_cache_dir() -> str:
    return os.environ.get("PEGAPP_CACHE_DIR") or os.path.join(
        os.path.expanduser("~"), ".cache", "pegapp")


def _cache_name(prob: _Problem) -> str:
    g = prob.g
    text = repr((_CACHE_VERSION, g.n, g.jumps, sorted(prob.goals), sorted(prob.perms),
                 _CACHE_TARGET_KEYS))
    return "pegs-backward-" + hashlib.sha256(text.encode()).hexdigest()[:24]


def _load_cached(path: str):
    """The cached levels at path, or None when they are missing or cannot be trusted: unreadable,
    short, zero-length, or not matching their own description (count, depth, key layout,
    checksum). None means "build again", never an error for the player."""
    try:  # storage.read_regular: a FIFO or a link to a device is refused, never read
        meta = json.loads(read_regular(path + ".json", _MAX_META_BYTES))
        raw = np.load(io.BytesIO(read_regular(path + ".npy", _MAX_STORE_BYTES)),
                      allow_pickle=False)
    except (OSError, ValueError, EOFError, UnicodeDecodeError, RecursionError):
        return None
    try:
        if (not isinstance(meta, dict) or meta.get("version") != _CACHE_VERSION
                or raw.dtype != np.uint64 or raw.ndim != 1 or len(raw) != meta.get("count")
                or meta.get("sha256") != hashlib.sha256(raw.tobytes()).hexdigest()
                or not 0 <= int(meta["depth"]) < 64 or not float(meta["ratio"]) > 0):
            return None
    except (KeyError, TypeError, ValueError):
        return None
    depths = raw >> np.uint64(K.DEPTH_SHIFT)
    if len(raw) == 0 or int(depths.max()) != int(meta["depth"]) or (raw & K.POS_MASK == 0).any():
        return None
    bits = 10
    while len(raw) > _LOAD * (1 << bits):
        bits += 1
    keys = np.zeros(1 << bits, dtype=np.uint64)
    K.table_rehash(raw, keys, np.uint64(64 - bits))
    depth = int(meta["depth"])
    frontier = raw[(raw >> np.uint64(K.DEPTH_SHIFT)) == depth] & K.POS_MASK
    sizes = np.bincount(depths.astype(np.int64), minlength=depth + 1).tolist()
    return _Cached(keys, bits, len(raw), depth, np.ascontiguousarray(frontier),
                   float(meta["ratio"]), path, float(meta.get("seconds", 0.0)), sizes)


def _backward_cache(prob: _Problem, cache_dir, budget: int, progress, stop, build=True):
    """The cached backward levels for this board and goal: from memory, from disk, or built
    now (and saved when the cache directory is writable).  None if it does not fit."""
    name = _cache_name(prob)
    hit = _mem_cache.get(name)
    if hit is not None:
        return hit
    directory = os.fspath(cache_dir) if cache_dir is not None else default_cache_dir()
    path = os.path.join(directory, name)
    cached = _load_cached(path)
    if cached is None and not build:
        return None
    if cached is None:
        t0 = time.perf_counter()
        mem = _Memory(budget)
        side = _Side(_CACHE, True, mem, prob, prob.goals)
        dummy = _Side("none", False, mem, prob, [prob.goals[0]])
        dummy.table.keys[:] = 0
        dummy.table.count = 0
        stats: dict = {}
        try:
            ratio = 1.0
            while side.table.count < _CACHE_TARGET_KEYS and len(side.frontier):
                n0, c0 = len(side.frontier), side.children
                _expand(side, dummy, prob, _NO_BOUND, progress, stop, stats)
                ratio = max((side.children - c0) / max(n0, 1), 1e-3)
        except TooLarge:
            return None
        out = np.zeros(side.table.count, dtype=np.uint64)
        m = K.table_dump_raw(side.table.keys, out)
        raw = out[:m]
        seconds = time.perf_counter() - t0
        sizes = np.bincount((raw >> np.uint64(K.DEPTH_SHIFT)).astype(np.int64),
                            minlength=side.depth + 1).tolist()
        cached = _Cached(side.table.keys, side.table.bits, side.table.count, side.depth,
                         side.frontier.copy(), ratio, path, seconds, sizes)
        try:  # atomic and fsync'd; a failed write leaves no temporary file (a full disk)
            npy = io.BytesIO()  # np.save into a file (tofile) ignores a short write
            np.save(npy, raw)
            write_atomic(path + ".npy", npy.getvalue())
            write_atomic(path + ".json", json.dumps(
                {"version": _CACHE_VERSION, "count": int(m), "depth": side.depth,
                 "sha256": hashlib.sha256(raw.tobytes()).hexdigest(), "ratio": ratio,
                 "seconds": seconds, "holes": prob.g.n, "goals": sorted(prob.goals)}))
        except OSError:
            cached.path = None
    if len(_mem_cache) >= 2:
        _mem_cache.pop(next(iter(_mem_cache)))
    _mem_cache[name] = cached
    return cached
