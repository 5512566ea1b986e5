"""Minimum-move peg solitaire solver (no Qt).

A *move* is a chain of jumps by one peg; solutions are lists of moves, each move the list of
holes the peg visits.  The search is a breadth-first search over moves from both ends:

* forward from the position by chains, backward from the goal by *reverse chains* (one peg
  un-jumping repeatedly), so both sides count moves exactly;
* positions are uint64 bitboards merged by symmetry (canonical form = minimum image over the
  symmetries that fix both the start and the goal), deduplicated in open-addressing hash tables;
* the two searches alternate level by level, always expanding the side whose next level looks
  cheaper (frontier size x children per parent seen so far); the first position found in both
  is on a minimum solution, which is rebuilt from the depths stored in the tables;
* the kernel can also drop positions whose lower bound on the moves still needed (disjoint
  Merson regions: sets of holes that, when full, can only lose a peg by a move starting inside
  them; corner holes are the one-hole case) exceeds a total bound L.  On the shipped boards this
  bound (12 for the English centre game, minimum 18) pruned too little to pay for searching with
  L = bound, bound + 1, ..., so solve() runs one unbounded search;
* on boards of 25+ holes the backward levels from the goal, which depend only on the board and
  the goal, are cached in memory and on disk, so hints from any position start from them.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import time
from collections.abc import Callable

import numpy as np

from pegapp.core.board import parse_board
from pegapp.core.messages import detail, msg

from . import tablebase as tb_module
from ._pegtables import apply_perm, geometry, popcount
from .lazy import lazy_module
from .peg_levels import LevelSide
from .record import TABLE, SearchRecord
from .result import (SOLVED, UNSOLVABLE, Cancelled, SolveResult, TooLarge, check_stop, interrupted,
                     never_stop, no_progress)
from .search import meet_in_middle

__all__ = ["solve", "can_reach_goal", "lower_bound", "replay", "warm_up", "default_cache_dir"]

_LOAD = 0.65      # grow a table past this load factor
_HARD = 0.90      # never fill a table beyond this
_CHUNK = 2048     # parents per kernel call (between progress/stop checks)
_NO_BOUND = 255
#: the exact searches that shorten a fallback solution stop growing past one that stored this
#: many positions (a count, not a clock: the same answer on any machine at any load)
SHORTEN_POSITIONS = 20_000_000
#: the search's version, named in the catalogue build's limits (a new engine may find other
#: minimal solutions, so its entries are not taken from an older journal)
ENGINE = "sorted-levels-deepening-1"
#: boards with more holes than this search with the bound raised one move at a time
_DEEPEN_ABOVE_HOLES = 33
#: the bytes a search holds per position stored at most (a sorted level, 8, and its runs while
#: they merge): turns a count of positions into the memory budget that enforces it
_BYTES_PER_POSITION = 16

# progress stages: what the player reads while a search runs (pegapp.core.progress adds the
# time); _stage() puts the depth in words
_FORWARD = "forward"
_BACKWARD = "backward"
_CACHE = "cache"
_COUNT = msg("counting the shortest solutions")


def _stage(name: str, depth: int, percent: int | None = None, least: int | None = None):
    """The stage in words; with percent, how much of this level is done (a real share: the
    frontier's positions expanded so far), and least, the fewest moves a solution can still
    have (no meeting yet at the depths done, or the region bound if higher)."""
    if name == _FORWARD:
        text = msg("looking {depth} moves ahead from your position", depth=depth)
    elif name == _BACKWARD:
        text = msg("looking {depth} moves back from the goal", depth=depth)
    else:
        return msg("preparing this board's endgame, done once ({depth} moves from the goal)",
                   depth=depth)
    if percent is None or least is None:
        return text
    return msg("{stage} ({percent}%; no solution has fewer than {least} moves)", stage=text,
               percent=percent, least=least)


K = lazy_module("pegapp.solvers._pegkernel")


# ------------------------------------------------------------------------------------ helpers

def replay(board, position: int, moves) -> int:
    """Apply moves (lists of holes) to position; raises ValueError on an illegal move."""
    g = geometry(board)
    for m in moves:
        position = g.apply_move(position, list(m))
    return position


def _resolve_goal(board, g, position: int, finish):
    if finish == "default":
        finish = board.finish
    if finish is None:
        cls = g.position_class(position)
        goals = [1 << h for h in range(g.n) if g.position_class(1 << h) == cls]
        return None, goals
    finish = int(finish)
    if not 0 <= finish < g.n:
        raise ValueError(msg("finish hole {finish} is not on the board", finish=finish))
    return finish, [1 << finish]


class _Problem:
    """Tables for one (board, position, goal) search."""

    def __init__(self, g, position: int, finish, goals: list[int]):
        self.g = g
        self.position = position
        self.finish = finish
        self.goals = goals
        # Symmetries fixing the goal set.  The forward search from a position that some of them
        # do not fix still works on canonical forms: chains commute with symmetries, so a
        # canonical class at depth d holds some image of a position d moves from the start;
        # reconstruction maps the path back with the symmetry found at the start.
        self.perms = g.subgroup_fixing(goals)
        self.symtab, self.jmask, self.nchunks = g.symtab(self.perms)
        self.nsym = len(self.perms)
        self.no_pag = (np.zeros((0, g.n), dtype=np.int64), np.zeros(0, dtype=np.int64))

    # The bound tables are made on first use (by the search): they need the numba kernels,
    # which the winning line shown first on large boards does not.
    @functools.cached_property
    def fwd_bnd(self) -> np.ndarray:
        """Forward bound (p -> goal): regions full in p and not full in the goal."""
        rel = [r for r in self.g.regions if not all((gl & r) == r for gl in self.goals)]
        return self._bound_table(rel, flip=0, mode=0, free=1 if self.finish is None else 0)

    @functools.cached_property
    def bwd_bnd(self) -> np.ndarray:
        """Backward bound (start -> q): regions full in the start and no longer full in q. The
        search merges positions under symmetries that need not fix the start, so a region counts
        only when it is full in every image of the start: whichever image q was reached from,
        a move started inside it."""
        images = [apply_perm(p, self.position) for p in self.perms]
        rel = [r for r in self.g.regions if all((x & r) == r for x in images)]
        return self._bound_table(rel, flip=self.g.full, mode=1, free=0)

    @staticmethod
    def _bound_table(regions, flip, mode, free, max_regions=18):
        singles = 0
        multi = []
        for r in regions:
            if popcount(r) == 1:
                singles |= r
            else:
                multi.append(r)
        multi = sorted(multi, key=lambda r: (popcount(r), r))[:max_regions]
        k = len(multi)
        conflict = np.array([sum(1 << j for j, r2 in enumerate(multi) if r & r2) for r in multi]
                            or [0], dtype=np.int64)
        pack = np.zeros(1 << k, dtype=np.int64)
        K.packing_table(conflict, pack)
        head = [flip, singles, free, k, mode] + multi
        return np.concatenate([np.array(head, dtype=np.uint64), pack.astype(np.uint64)])

    def canon(self, pos: int) -> int:
        return min(apply_perm(p, pos) for p in self.perms)

    def _bound(self, bnd, pos: int) -> int:
        out = np.zeros(1, dtype=np.int64)
        K.bound_many(np.array([pos], dtype=np.uint64), bnd, out)
        return int(out[0])

    def fwd_bound(self, pos: int) -> int:
        b = self._bound(self.fwd_bnd, pos)
        return b if b > 0 or pos in self.goals else 1

    def bwd_bound(self, pos: int) -> int:
        b = self._bound(self.bwd_bnd, pos)
        return b if b > 0 or pos == self.position else 1


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


class _Memory:
    """Tracks the bytes held by the search's big arrays against the budget."""

    def __init__(self, budget: int):
        self.budget = budget
        self.used = 0
        self.peak = 0

    def too_large(self, projected: bool = False):
        """Why the search stops (a msg()): the budget exceeded, or the next level projected to
        exceed it (said before the minutes that level would take)."""
        if projected:
            return msg("the next level of the search would need more than the memory budget of "
                       "{budget} bytes", budget=self.budget)
        return msg("memory budget of {budget} bytes exceeded", budget=self.budget)

    def alloc(self, n: int, dtype=np.uint64) -> np.ndarray:
        nbytes = n * np.dtype(dtype).itemsize
        if self.used + nbytes > self.budget:
            raise TooLarge(self.too_large())
        self.used += nbytes
        self.peak = max(self.peak, self.used)
        return np.zeros(n, dtype=dtype)

    def free(self, a: np.ndarray):
        self.used -= a.nbytes


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
                               "budget of {budget} bytes", budget=self.mem.budget))
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


def _reconstruct(prob: _Problem, fwd: _Side, bwd: _Side, meet: int, da: int, db: int):
    """Moves from the start to the goal through the meeting position."""
    g = prob.g
    moves_front = []
    p = meet
    d = da
    while d > 0:
        for path, q in g.reverse_chains(p):
            if fwd.table.holds(prob.canon(q), d - 1):
                moves_front.append(path)
                p = q
                d -= 1
                break
        else:  # pragma: no cover - would be a solver bug
            raise RuntimeError("forward reconstruction failed")
    # p is now sigma(start) for a symmetry sigma fixing the goal set: map the path back with
    # sigma^-1, and continue to the goal from sigma^-1(meet) (the backward set is invariant)
    sigma = next(q for q in prob.perms if apply_perm(q, prob.position) == p)
    inv = [0] * len(sigma)
    for i, x in enumerate(sigma):
        inv[x] = i
    moves_front = [[inv[h] for h in path] for path in reversed(moves_front)]
    moves_back = []
    p = apply_perm(inv, meet)
    d = db
    while d > 0:
        for path, q in g.forward_chains(p):
            if bwd.table.holds(prob.canon(q), d - 1):
                moves_back.append(path)
                p = q
                d -= 1
                break
        else:  # pragma: no cover
            raise RuntimeError("backward reconstruction failed")
    return moves_front + moves_back


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


def _deepening(prob: _Problem, L: int, mem: _Memory, progress, stop, stats,
               record: SearchRecord):
    """_search_levels with the bound raised from the region lower bound, one move at a time, up
    to L (at most the pegs less one: every move takes a peg): the first bound that holds a
    solution gives a minimum one. A bound that fails is cheap (French 37's default problem: no
    solution within 19 moves shown in 21 s and 0.67 GB), and the one that holds stores far less
    than an unbounded search (20 moves: 56 s and 1.86 GB, against 96 s and 3.2 GB unbounded),
    so the proofs of the big boards fit 2 GB. On English 33 the region bound is too far below the
    minimum (12 for 18) for this to pay, so boards up to its size search unbounded."""
    top = min(L, popcount(prob.position) - 1)
    first = max(1, prob.fwd_bound(prob.position))
    for bound in range(first, top + 1):
        record.forward.clear()
        record.backward.clear()
        record.meeting = None
        moves = _search_levels(prob, bound, mem, progress, stop, stats, record)
        if moves is not None:
            return moves
        stats["lower_bound"] = bound + 1  # proven: no solution has this many moves or fewer
    return None


def _search_levels(prob: _Problem, L: int, mem: _Memory, progress, stop, stats,
                   record: SearchRecord | None = None):
    """_search with every level a sorted array (pegapp.solvers.peg_levels): about a third of
    the memory of the hash tables, for the proofs that need gigabytes. Same answers: a minimum
    solution among those of at most L moves, or None."""
    record = record if record is not None else SearchRecord()
    t0 = time.perf_counter()
    fwd = LevelSide(_FORWARD, False, mem, prob, [prob.position], _stage, stats, record)
    try:
        bwd = LevelSide(_BACKWARD, True, mem, prob, prob.goals, _stage, stats, record)
    except BaseException:
        fwd.free()
        raise
    record.add_level(False, len(fwd.levels[0]))
    record.add_level(True, len(bwd.levels[0]))
    try:
        for side in (fwd, bwd):
            side.bound, side.progress, side.stop = L, progress, stop
        root = int(fwd.levels[0][0])
        d = bwd.table.depth(root)
        if d >= 0:
            record.meeting = (0, d)
            return _reconstruct(prob, fwd, bwd, root, 0, d)
        met = meet_in_middle(fwd, bwd, max_depth=L)
        if met is None:
            return None
        side, (meet, d_other) = met
        da, db = (fwd.depth + 1, d_other) if side is fwd else (d_other, bwd.depth + 1)
        record.meeting = (da, db)
        return _reconstruct(prob, fwd, bwd, meet, da, db)
    finally:
        stats["positions"] = stats.get("positions", 0) + fwd.count + bwd.count
        record.positions += fwd.count + bwd.count
        record.examined += stats.get("children", 0)
        record.peak_bytes = max(record.peak_bytes, mem.peak)
        record.seconds += time.perf_counter() - t0
        fwd.free()
        bwd.free()


# ------------------------------------------------------------------------------ disk cache

_CACHE_VERSION = 2  # 2: the description holds a SHA-256 of the keys
_CACHE_MIN_HOLES = 25          # smaller boards solve too fast to need it
_CACHE_TARGET_KEYS = 3_000_000  # build backward levels until the table holds this many
_BUILD_AFTER_ANSWER_HOLES = 33  # boards larger than this build it behind a first answer
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
    try:
        with open(path + ".json") as f:
            meta = json.load(f)
        raw = np.load(path + ".npy", allow_pickle=False)
    except (OSError, ValueError, EOFError, UnicodeDecodeError):
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
        try:
            os.makedirs(directory, exist_ok=True)
            tmp = f"{path}.{os.getpid()}.tmp"
            with open(tmp + ".npy", "wb") as f:
                np.save(f, raw)
            os.replace(tmp + ".npy", path + ".npy")
            with open(tmp + ".json", "w") as f:
                json.dump({"version": _CACHE_VERSION, "count": int(m), "depth": side.depth,
                           "sha256": hashlib.sha256(raw.tobytes()).hexdigest(),
                           "ratio": ratio, "seconds": seconds, "holes": prob.g.n,
                           "goals": sorted(prob.goals)}, f)
            os.replace(tmp + ".json", path + ".json")
        except OSError:
            cached.path = None
    if len(_mem_cache) >= 2:
        _mem_cache.pop(next(iter(_mem_cache)))
    _mem_cache[name] = cached
    return cached


# ------------------------------------------------------------------------------ reachability

_pagoda_memo: dict = {}


def _pagoda_arrays(prob: _Problem):
    """Byte tables and goal thresholds of the board's pagoda functions for prob's goals
    (checked against every jump of the board when derived)."""
    g = prob.g
    key = (id(g), tuple(sorted(prob.goals)))
    hit = _pagoda_memo.get(key)
    if hit is not None and hit[0] is g:
        return hit[1], hit[2]
    pags = g.pagodas(prob.goals)
    holes = [x.bit_length() - 1 for x in prob.goals]
    tab = g.pagoda_tables(pags)
    thr = np.array([min(p[h] for h in holes) for p in pags], dtype=np.int64)
    _pagoda_memo[key] = (g, tab, thr)
    return tab, thr


def _jump_order(prob: _Problem, g, goal_any: bool, restart: int = 0):
    """Jump tables reordered for the depth-first search: jumps from far from the goal (the
    centre of the board for any-hole goals) landing near it first. restart > 0 shuffles that
    order by seeded noise (half the board's largest squared distance): a depth-first search's
    time to a solution is heavy-tailed, and a fresh order escapes a bad early commitment."""
    co = g.board.coords
    if goal_any:
        gx = sum(x for x, _ in co) / len(co)
        gy = sum(y for _, y in co) / len(co)
    else:
        gx, gy = co[prob.goals[0].bit_length() - 1]

    def d2(h):
        return (co[h][0] - gx) ** 2 + (co[h][1] - gy) ** 2

    keys = [d2(t) - d2(f) for f, _o, t in g.jumps]
    if restart:
        scale = 0.5 * max(d2(h) for h in range(g.n))
        noise = np.random.default_rng(restart).normal(size=len(keys)) * scale
        keys = [k + x for k, x in zip(keys, noise)]
    order = np.array(sorted(range(len(g.jumps)), key=lambda j: (keys[j], j)), dtype=np.int64)
    fm = np.ascontiguousarray(g.kfwd[0][order])
    fv = np.ascontiguousarray(g.kfwd[1][order])
    jm = np.ascontiguousarray(prob.jmask[order])
    return fm, fv, jm, order


def _reach(prob: _Problem, node_limit: int, cached=None, stop=None, chunk: int = 5_000_000,
           max_bytes: int | None = None):
    """(status, jumps): status 1 found, 0 none, -1 node limit (or stop()); jumps (f, t) of a
    solution when found without the cache. With stop, the kernel runs chunk nodes at a time,
    each chunk after the first from a freshly shuffled jump order (restarts; the table of dead
    positions is kept, so what was learnt stays), until stop() or node_limit. max_bytes bounds
    that table: full at its largest size, it is emptied and starts again rather than grow."""
    g = prob.g
    goal_any = prob.finish is None
    goal = 0 if goal_any else prob.goals[0]
    bits = 16
    dead = np.zeros(1 << bits, dtype=np.uint64)
    dead_count = np.zeros(1, dtype=np.int64)
    if cached is not None:
        cache, cshift, cdepth = cached.keys, np.uint64(64 - cached.bits), cached.depth
    else:
        cache, cshift, cdepth = np.zeros(2, dtype=np.uint64), np.uint64(63), -1
    path = np.zeros(popcount(prob.position) + 2, dtype=np.int64)
    okey = ("order", id(g), goal_any, goal, tuple(prob.perms))
    memo = _pagoda_memo.get(okey)
    if memo is not None and memo[0] is g:
        fm, fv, jm, order = memo[1]
    else:
        fm, fv, jm, order = _jump_order(prob, g, goal_any)
        _pagoda_memo[okey] = (g, (fm, fv, jm, order))
    pag, pag_min = _pagoda_arrays(prob)
    searched = 0
    restart = 0
    while True:
        limit = node_limit if stop is None else min(chunk, node_limit - searched)
        st = K.reach_dfs(np.uint64(prob.position), np.uint64(goal), goal_any, fm, fv,
                         jm, prob.symtab, prob.nchunks, prob.nsym, dead,
                         np.uint64(64 - bits), dead_count, cache, cshift, cdepth, limit, path,
                         pag, pag_min, len(pag_min))
        if st == -1 and stop is not None:
            searched += limit
            if searched < node_limit and not stop():
                restart += 1
                fm, fv, jm, order = _jump_order(prob, g, goal_any, restart)
                continue
        if st != -2:
            break
        if max_bytes is not None and 8 * (5 << bits) > max_bytes:  # the new table + the old
            dead[:] = 0
            dead_count[0] = 0
            searched += limit  # counted as a chunk, so the node limit still ends the search
            if searched >= node_limit or (stop is not None and stop()):
                st = -1
                break
            continue
        bits += 2
        new = np.zeros(1 << bits, dtype=np.uint64)
        K.table_rehash(dead, new, np.uint64(64 - bits))
        dead = new
    jumps = None
    if st == 1 and path[-1] >= 0:
        jumps = [(int(g.jf[order[j]]), int(g.jt[order[j]])) for j in path[:path[-1]]]
    return int(st), jumps


#: positions kept per level by the beam search that finds a winning line first
_BEAM_WIDTH = 1000

#: node limit of the depth-first search that gives a winning move before the proof (about half a
#: second)
_QUICK_NODES = 1_000_000

#: node limit of the depth-first fallback (about 2 million nodes a second; stop() polled and the
#: jump order reshuffled between chunks of 5 million)
_FALLBACK_NODES = 250_000_000


def _dfs_solution(prob: _Problem, node_limit: int, stop,
                  max_bytes: int | None = None) -> list[list[int]] | None | bool:
    """Some solution (not minimal) by depth-first search over jumps, or None if none exists,
    or False if the node limit cut the search short."""
    st, jumps = _reach(prob, node_limit, stop=stop, max_bytes=max_bytes)
    if st < 0:
        return False
    if st == 0:
        return None
    return _chains(jumps)


def _chains(jumps) -> list[list[int]]:
    """Jumps (from, to) grouped into moves: consecutive jumps by the same peg are one move."""
    moves: list[list[int]] = []
    for f, t in jumps:
        if moves and moves[-1][-1] == f:
            moves[-1].append(t)
        else:
            moves.append([f, t])
    return moves


def shorten_tail(prob: _Problem, moves: list[list[int]], memory_budget: int, progress,
                 stop, deadline: float | None = None,
                 max_positions: int = SHORTEN_POSITIONS) -> list[list[int]]:
    """moves with their end replaced by a minimum solution from as early a position as the exact
    search can still afford (each earlier start costs more; stop after the first search that
    does not fit memory_budget / 2, stores more than max_positions positions, or runs past the
    deadline, which only the windows' Solve gives)."""
    if deadline is not None:
        outer = stop

        def stop() -> bool:
            return outer() or time.perf_counter() > deadline
    g = prob.g
    states = [prob.position]
    for m in moves:
        states.append(g.apply_move(states[-1], m))
    best = moves
    for i in range(len(moves) - 2, -1, -1):
        if stop():
            break
        stats: dict = {}
        try:
            tail = _search_levels(
                _Problem(g, states[i], prob.finish, prob.goals), _NO_BOUND,
                _Memory(min(memory_budget // 2, _BYTES_PER_POSITION * max_positions)),
                progress, stop, stats)
        except (TooLarge, Cancelled):
            break
        if tail is None:  # pragma: no cover - states[i] is on a solution
            break
        if i + len(tail) < len(best):
            best = moves[:i] + tail
        if stats.get("positions", 0) > max_positions:
            break
    return best


def _byte_sums(tab: np.ndarray, positions: np.ndarray) -> np.ndarray:
    """Sum of per-hole weights over each position's pegs, from tab[chunk, byte]."""
    v = np.zeros(len(positions), dtype=tab.dtype)
    for c in range(tab.shape[0]):
        v += tab[c][((positions >> np.uint64(8 * c)) & np.uint64(255)).astype(np.intp)]
    return v


def _beam_solution(prob: _Problem, width: int) -> list[list[int]] | None:
    """Some solution by beam search over jumps, or None when the beam dies out (which proves
    nothing).

    Level by level, every jump from the kept positions; children that a pagoda function proves
    dead are dropped, symmetric ones merged, and the `width` best kept: pegs far from the goal
    and pegs with no neighbour (they need another peg brought to them) count against a
    position. Plain numpy, so it needs no compiled kernel: a winning line on Wiegleb's 45 holes
    in about 0.1 s, where a depth-first search over jumps finds none in minutes."""
    g = prob.g
    pag, pag_min = _pagoda_arrays(prob)
    weights, lonely = _beam_tables(prob)
    fm, fv = g.kfwd[0], g.kfwd[1]
    goals = np.array(prob.goals, dtype=np.uint64)
    front = np.array([prob.position], dtype=np.uint64)
    levels: list[tuple[np.ndarray, np.ndarray]] = []
    while not np.isin(front, goals).any():
        parent, jump = np.nonzero((front[:, None] & fm[None, :]) == fv[None, :])
        if len(parent) == 0:
            return None
        child = front[parent] ^ fm[jump]
        alive = np.ones(len(child), dtype=bool)
        for k in range(len(pag_min)):
            alive &= _byte_sums(pag[k], child) >= pag_min[k]
        child, parent = child[alive], parent[alive]
        if len(child) == 0:
            return None
        canon = None
        for s in range(prob.nsym):
            img = np.zeros(len(child), dtype=np.uint64)
            for c in range(prob.nchunks):
                img |= prob.symtab[s, c][((child >> np.uint64(8 * c))
                                          & np.uint64(255)).astype(np.intp)]
            canon = img if canon is None else np.minimum(canon, img)
        _, first = np.unique(canon, return_index=True)
        child, parent = child[first], parent[first]
        if len(child) > width:
            score = _byte_sums(weights, child)
            for h, nbrs in lonely:
                score += 3 * ((((child >> np.uint64(h)) & np.uint64(1)) == 1)
                              & ((child & nbrs) == 0))
            keep = np.argpartition(score, width)[:width]
            child, parent = child[keep], parent[keep]
        levels.append((child, parent))
        front = child
    # walk back from a goal through the parents: consecutive positions differ by one jump
    i = int(np.flatnonzero(np.isin(front, goals))[0])
    line = []
    for child, parent in reversed(levels):
        line.append(int(child[i]))
        i = int(parent[i])
    line.append(prob.position)
    line.reverse()
    jump_index = g.board.jump_index
    jumps = []
    for a, b in zip(line, line[1:]):
        t = (b & ~a).bit_length() - 1
        x, y = [h for h in range(g.n) if ((a & ~b) >> h) & 1]
        f = x if jump_index.get((x, t), (0, -1))[1] == y else y
        jumps.append((f, t))
    return _chains(jumps)


def _beam_tables(prob: _Problem):
    """The beam's weights: byte tables of each hole's distance from the goal (from the centre of
    the board for any-hole goals), and (hole, mask of its neighbours) pairs."""
    g = prob.g
    co = g.board.coords
    holes = [x.bit_length() - 1 for x in prob.goals]
    gx = sum(co[h][0] for h in holes) / len(holes)
    gy = sum(co[h][1] for h in holes) / len(holes)
    dist = [abs(co[h][0] - gx) + abs(co[h][1] - gy) for h in range(g.n)]
    weights = np.zeros((prob.nchunks, 256), dtype=np.float64)
    for c in range(prob.nchunks):
        for byte in range(256):
            weights[c, byte] = sum(dist[c * 8 + b] for b in range(8)
                                   if (byte >> b) & 1 and c * 8 + b < g.n)
    nbrs = [0] * g.n
    for f, o, _t in g.jumps:
        nbrs[f] |= 1 << o
        nbrs[o] |= 1 << f
    return weights, [(h, np.uint64(nbrs[h])) for h in range(g.n)]




# ------------------------------------------------------------------------------------ public

def lower_bound(board, position: int | None = None, finish="default") -> int:
    """A lower bound on the number of moves from position to the goal (Merson regions)."""
    g = geometry(board)
    if position is None:
        position = board.start_position
    finish, goals = _resolve_goal(board, g, position, finish)
    return _Problem(g, position, finish, goals).fwd_bound(position)


def solve(board, position: int | None = None, finish: int | None | str = "default", *,
          count: bool = False, first_move: list[int] | None = None,
          progress: Callable[[str, int, int], None] = no_progress,
          stop: Callable[[], bool] = never_stop, memory_budget: int = 2 * 1024**3,
          cache_dir: str | os.PathLike | None | bool = None, build_cache: bool = False,
          tablebase: bool = True,
          interim: Callable[[SolveResult], None] | None = None,
          proof_seconds: float | None = None, upper_bound: int | None = None) -> SolveResult:
    """Minimum-move solution from position (default: the board's start) to the goal.

    Answers come from the first of these that has one:
    * a shipped tablebase of the board and goal (pegapp.solvers.tablebase) holding position: a
      minimum solution at once, no search (tablebase=False: prove by search instead);
    * with interim given, on boards of 25 holes or more: a depth-first search over jumps first
      (milliseconds to a second), whose solution is passed to interim(result) -- a move that
      still wins, proven_minimal False -- or, when it ends without one, the proof that the goal
      cannot be reached;
    * the bidirectional search, whose first meeting is a minimum solution; on boards of 25 holes
      or more it starts from the backward levels from the goal (which depend only on the board
      and the goal) kept in memory and on disk under cache_dir (None: $PEGAPP_CACHE_DIR or
      ~/.cache/pegapp; False: none), built first only when build_cache is true;
    * when the proof needs more memory than the budget, or more than proof_seconds (if given)
      while a solution is known: that solution (beam search, else depth-first) with its end
      replaced by minimum solutions, proven_minimal False; Solve in the windows gives a complete
      solution within seconds this way, and the Hint's proof goes on without a limit.

    finish: "default" = the board's finish, an int hole, or None = any single peg.
    count: also count the distinct minimum solutions (different jump sequences count apart),
    with first_move (a list of holes) fixed if given.
    upper_bound: a number of moves some solution is known not to exceed (a best-known par, a
    winning line's length). The search then drops positions whose lower bound (Merson regions)
    shows they lie on no solution that short: the same minimum, less memory. The winning line
    found first (interim) bounds it too. Too small a bound makes the search say there is no
    solution within it; callers pass only lengths of solutions they have.
    """
    t0 = time.perf_counter()
    g = geometry(board)
    if position is None:
        position = board.start_position
    position = int(position)
    if position <= 0 or position >> g.n:
        raise ValueError(msg("position must be a non-empty set of the board's holes"))
    finish, goals = _resolve_goal(board, g, position, finish)
    stats: dict = {}
    prefix: list[list[int]] = []
    if first_move is not None:
        try:
            position = g.apply_move(position, list(first_move))
        except ValueError as e:
            return SolveResult(UNSOLVABLE, reason=msg("first move is illegal: {reason}",
                                                      reason=detail(e)))
        prefix = [list(first_move)]

    def done(res: SolveResult) -> SolveResult:
        res.stats.update(stats)
        res.stats["seconds"] = time.perf_counter() - t0
        if res.moves is not None:
            res.moves = prefix + [list(m) for m in res.moves]
        return res

    if position in goals:
        res = SolveResult(SOLVED, moves=[], proven_minimal=True, solutions=1 if count else None)
        return done(res)
    cls = g.position_class(position)
    if not any(g.position_class(x) == cls for x in goals):
        where = msg("any hole") if finish is None else msg("hole {hole}", hole=finish)
        return done(SolveResult(
            UNSOLVABLE, reason=msg("position class: no single peg in {where} is in the same "
                                   "position class as this position, and moves never change it",
                                   where=where)))
    goals = [x for x in goals if g.position_class(x) == cls]
    if tablebase and not count:
        table = tb_module.find(board, goals)
        line = table.best_line(board, position) if table is not None else None
        if line is not None:
            stats["tablebase"] = True
            return done(SolveResult(SOLVED, moves=line, proven_minimal=True,
                                    search=_table_record(table, t0)))
        if table is not None and table.proves_dead(board, position):
            stats["tablebase"] = True
            return done(SolveResult(UNSOLVABLE, search=_table_record(table, t0), reason=msg(
                "the goal can no longer be reached: this board's table of every winnable "
                "position does not hold this one")))
    prob = _Problem(g, position, finish, goals)
    mem = _Memory(memory_budget)
    quick = None
    if interim is not None and not count and g.n >= _CACHE_MIN_HOLES:
        quick = _beam_solution(prob, _BEAM_WIDTH)
        if quick is None:
            st, jumps = _reach(prob, _QUICK_NODES)
            if st == 0:
                return done(SolveResult(UNSOLVABLE, reason=msg(
                    "exhaustive search: no sequence of moves reaches the goal")))
            quick = _chains(jumps) if st == 1 else None
        if quick is not None:
            res = SolveResult(SOLVED, moves=prefix + quick, proven_minimal=False)
            res.stats["seconds"] = time.perf_counter() - t0
            interim(res)
            upper_bound = min(upper_bound or len(quick), len(quick))
    stats["lower_bound"] = prob.fwd_bound(position)
    record = SearchRecord()
    # One unbounded bidirectional search: its first meeting is a minimum solution.  (Searching
    # with a bound L and the region lower bound pruned too little on the shipped boards to pay
    # for the repeated searches with L = lower bound, lower bound + 1, ...)
    try:
        cached = None
        if g.n >= _CACHE_MIN_HOLES and cache_dir is not False:
            # build it for hard problems only (many pegs), when asked or when a winning move has
            # been given already on a board beyond English's size (the player is not waiting on
            # it, and every later hint on the board starts from it); use it whenever it exists
            build = ((build_cache or (quick is not None and g.n > _BUILD_AFTER_ANSWER_HOLES))
                     and popcount(position) > g.n // 2)
            cached = _backward_cache(prob, cache_dir, memory_budget // 2, progress, stop, build)
            if cached is not None:
                mem.used += cached.keys.nbytes + cached.frontier.nbytes  # held in memory too
                stats["cache"] = {"path": cached.path, "depth": cached.depth,
                                  "positions": cached.count, "build_seconds": cached.seconds}
        search_stop = stop
        if proof_seconds is not None:
            deadline = t0 + proof_seconds

            def search_stop() -> bool:
                return stop() or time.perf_counter() > deadline
        bound = _NO_BOUND if upper_bound is None else max(0, min(int(upper_bound), _NO_BOUND))
        if bound < _NO_BOUND:
            stats["upper_bound"] = bound
        if cached is not None:
            moves = _search(prob, bound, mem, progress, search_stop, stats, cached, record)
        elif g.n > _DEEPEN_ABOVE_HOLES:
            moves = _deepening(prob, bound, mem, progress, search_stop, stats, record)
        else:
            moves = _search_levels(prob, bound, mem, progress, search_stop, stats, record)
        if moves is not None:
            res = SolveResult(SOLVED, moves=moves, proven_minimal=True, search=record)
            if count:
                res.solutions = _count_solutions(prob, len(moves), progress, stop)
            res.stats["peak_bytes"] = mem.peak
            return done(res)
        if bound < _NO_BOUND:
            return done(SolveResult(UNSOLVABLE, search=record, reason=msg(
                "exhaustive search: no sequence of at most {moves} moves reaches the goal",
                moves=bound)))
        return done(SolveResult(UNSOLVABLE, search=record, reason=msg(
            "exhaustive search: no sequence of moves reaches the goal")))
    except Cancelled as e:
        if stop() or count:
            return done(interrupted(e))
        problem = msg("the proof did not end within {seconds} s", seconds=proof_seconds)
    except TooLarge as e:
        # leave the handler first: its traceback holds the search's frames, and with them the
        # tables that just overran the budget
        problem = detail(e)
    # some solution at least: depth-first search over jumps (unless one was found already)
    fallback = (quick or _beam_solution(prob, _BEAM_WIDTH)
                or _dfs_solution(prob, _FALLBACK_NODES, stop, max_bytes=memory_budget))
    if fallback:
        fallback = shorten_tail(prob, fallback, memory_budget, progress, stop,
                                 None if proof_seconds is None else t0 + 2 * proof_seconds)
    if stop():
        return done(interrupted(Cancelled()))
    if fallback:
        reason = msg("{problem}; the solution given is not proven minimal", problem=problem)
    else:
        reason = msg("{problem}; no solution found by the fallback depth-first search either",
                     problem=problem)
    res = interrupted(TooLarge(reason), {"peak_bytes": mem.peak}, fallback or None)
    res.search = record
    return done(res)


class Proof:
    """What prove() found: moves (a minimum solution) or None with the reason (a msg()), and
    the search's record."""

    def __init__(self, moves, reason, record: SearchRecord):
        self.moves, self.reason, self.record = moves, reason, record


def prove(board, position: int, finish, memory_budget: int, upper_bound: int,
          progress=no_progress, stop=never_stop) -> Proof:
    """The bidirectional search alone, bounded by the length of a known solution (the catalogue
    build: no tables, no fallback, no clock). Proof.moves is a minimum solution, or None when
    the search did not fit memory_budget (Proof.reason says so)."""
    g = geometry(board)
    finish, goals = _resolve_goal(board, g, int(position), finish)
    cls = g.position_class(int(position))
    goals = [x for x in goals if g.position_class(x) == cls]
    prob = _Problem(g, int(position), finish, goals)
    record = SearchRecord()
    mem = _Memory(memory_budget)
    try:
        moves = _deepening(prob, max(0, min(int(upper_bound), _NO_BOUND)), mem, progress,
                           stop, {}, record=record)
    except TooLarge as e:
        return Proof(None, detail(e), record)
    if moves is None:  # pragma: no cover - upper_bound is the length of a solution
        raise RuntimeError("no solution within the bound of a known solution")
    return Proof(moves, None, record)


def winning_line(board, position: int, finish, memory_budget: int, dfs_positions: int):
    """Some solution, found without the clock: the beam search, else a depth-first search over
    at most dfs_positions positions; its end replaced by minimum solutions (shorten_tail, counted
    limits). None: proven that there is none; False: none found within the limits."""
    g = geometry(board)
    finish, goals = _resolve_goal(board, g, int(position), finish)
    cls = g.position_class(int(position))
    goals = [x for x in goals if g.position_class(x) == cls]
    if not goals:
        return None
    prob = _Problem(g, int(position), finish, goals)
    line = _beam_solution(prob, _BEAM_WIDTH)
    if line is None:
        st, jumps = _reach(prob, dfs_positions)
        if st == 0:
            return None
        if st < 0:
            return False
        line = _chains(jumps)
    return shorten_tail(prob, line, memory_budget, no_progress, never_stop)


def _table_record(table, t0: float) -> SearchRecord:
    """The record of an answer read from a shipped table of exact distances."""
    return SearchRecord(source=TABLE, seconds=time.perf_counter() - t0, origin=msg(
        "this board's shipped table of every winnable position with its exact distance, built by "
        "an exhaustive search of every position reachable from the start ({positions} positions)",
        positions=table.count))


# ---------------------------------------------------------------------------------- counting

def _count_solutions(prob: _Problem, length: int, progress, stop) -> int:
    """Number of move sequences of the given (minimum) length to the goal."""
    g = prob.g
    goals = set(prob.goals)
    memo: dict[tuple[int, int], int] = {}
    nodes = 0

    def rec(p: int, k: int) -> int:
        nonlocal nodes
        if k == 0:
            return 1 if p in goals else 0
        if prob.fwd_bound(p) > k:
            return 0
        key = (p, k)
        v = memo.get(key)
        if v is not None:
            return v
        nodes += 1
        if (nodes & 4095) == 0:
            progress(_COUNT, length - k, nodes)
            check_stop(stop)
        total = 0
        for _path, q in g.forward_chains(p):
            total += rec(q, k - 1)
        memo[key] = total
        return total

    return rec(prob.position, length)


def can_reach_goal(board, position: int, finish="default", *, cache_dir=None) -> bool:
    """True when some sequence of jumps takes position to the goal (dead-end detection).

    Position classes first, then a compiled depth-first search over jumps that remembers dead
    positions (merged by the symmetries fixing the goal); positions whose value under one of the
    board's pagoda functions (derived and checked against every jump in _pegtables) is below the
    goal's are cut; jumps from far from the goal towards it are tried first; when the backward
    cache for this board and goal is in memory or on disk (built by solve), positions within its
    depth are recognised at once and smaller ones pruned."""
    g = geometry(board)
    position = int(position)
    if position <= 0:
        return False
    finish, goals = _resolve_goal(board, g, position, finish)
    if position in goals:
        return True
    cls = g.position_class(position)
    goals = [x for x in goals if g.position_class(x) == cls]
    if not goals:
        return False
    tables = tb_module.find(board, goals)
    if tables is not None and tables.distance(position) is not None:
        return True  # a winnable position of a shipped table (one not found may still win)
    if tables is not None and tables.proves_dead(board, position):
        return False
    prob = _Problem(g, position, finish, goals)
    cached = None
    if g.n >= _CACHE_MIN_HOLES and cache_dir is not False:
        name = _cache_name(prob)
        cached = _mem_cache.get(name)
        if cached is None:
            directory = os.fspath(cache_dir) if cache_dir is not None else default_cache_dir()
            cached = _load_cached(os.path.join(directory, name))
            if cached is not None:
                _mem_cache[name] = cached
    st, _ = _reach(prob, 1 << 62, cached)
    return st == 1


def warm_up() -> float:
    """Load (or compile, the very first time) the numba kernels; returns the seconds taken.
    The first solve in a process otherwise pays this (about 0.6 s measured with the numba
    cache on disk; several seconds for a cold compile): call it from a worker at start-up."""
    t0 = time.perf_counter()
    tb_module.preload()
    b = parse_board('lattice = "square"\nlayout = """\\nooo\\n"""\nstart = [0]\nfinish = 0\n')
    solve(b, b.position_for([0]) & ~1 | 0b011, None)
    can_reach_goal(b, 0b011, None)
    return time.perf_counter() - t0
