"""One side of the peg solver's level search: every level a sorted array (no Qt).

The hash-table side (pegapp.solvers.pegs._Side) holds about 30 bytes a position (a table kept
at most 65% full, doubled as it grows, plus the frontier). Here a level is a sorted array of
distinct canonical positions, 8 bytes each, made from buffers of children that numpy sorts and
the kernels in _peglevels deduplicate:

* a child is dropped when it is in one of the side's levels: measured on the English central
  game, a child already stored lies 0, 1, 2, 3 or 4 levels back 9.0 M, 7.0 M, 0.59 M, 23 K and
  175 times (4.6 M positions in all); looking in every level, not only the last two, costs 4%
  more time and keeps every level exact (the record's counts are a breadth-first search's);
* a child is looked up in the other side's last level only: when both sides are complete to
  depths a and b without meeting, no solution has a + b moves or fewer, so a child at a + 1 can
  only meet level b;
* levels are kept for rebuilding the solution (`depth`), and the buffers' runs are merged as
  they come (two runs of similar size at a time), so a level costs about twice its size while
  it is made.

The side speaks pegapp.solvers.search.meet_in_middle's protocol (frontier_size, cost, expand).
"""

from __future__ import annotations

import time

import numpy as np

from .lazy import lazy_module
from .record import SearchRecord
from .result import TooLarge, check_stop

KL = lazy_module("pegapp.solvers._peglevels")  # numba: loaded by the first search

#: parents expanded between two progress reports and stop() polls
PARENTS = 1 << 15


class LevelSide:
    """One side (forward from the position, or backward from the goal) as sorted levels."""

    def __init__(self, name, backward: bool, mem, prob, roots, stage, stats: dict,
                 record: SearchRecord):
        self.name = name
        self.backward = backward
        self.mem = mem
        self.prob = prob
        self.stage = stage
        self.stats = stats
        self.record = record
        first = np.unique(np.array([prob.canon(r) for r in roots], dtype=np.uint64))
        self.levels = [self._keep(first)]
        self.depth = 0
        self.ratio = 1.0     # children per frontier position, last level: the cost estimate
        self.growth = None   # new positions per frontier position, last level
        self.ktab = prob.g.kbwd if backward else prob.g.kfwd
        self.bnd = prob.bwd_bnd if backward else prob.fwd_bnd
        self.bound = 255
        self.progress = None
        self.stop = None
        self.table = _Lookup(self)  # what pegs._reconstruct asks: table.depth(position)

    def _keep(self, a: np.ndarray) -> np.ndarray:
        """a, its bytes counted against the budget."""
        self.mem.used += a.nbytes
        if self.mem.used > self.mem.budget:
            self.mem.used -= a.nbytes
            raise TooLarge(self.mem.too_large())
        self.mem.peak = max(self.mem.peak, self.mem.used)
        return a

    def _drop(self, a: np.ndarray) -> None:
        self.mem.used -= a.nbytes

    # ------------------------------------------------------------------ meet_in_middle
    def frontier_size(self) -> int:
        return len(self.levels[-1])

    def cost(self) -> float:
        return len(self.levels[-1]) * self.ratio

    @property
    def count(self) -> int:
        return sum(len(lv) for lv in self.levels)

    def expand(self, other: "LevelSide"):
        """Add level depth + 1; returns (meeting position, its depth on other's side) or None."""
        prob = self.prob
        fr = self.levels[-1]
        if self.growth is not None:
            # the new level while its runs merge, from the last level's growth: said at once
            # only when clearly beyond the budget (a level often meets the other side early,
            # and the budget is enforced byte by byte anyway as the runs are kept)
            projected = 8 * len(fr) * self.growth * 2
            if self.mem.used + projected > 2 * self.mem.budget:
                raise TooLarge(self.mem.too_large(projected=True))
        t_level = time.perf_counter()
        use_bound = 1 if self.bound < 255 else 0
        remaining = self.bound - self.depth - 1
        size = int(min(max(len(fr) * self.ratio * 1.1, 1 << 18), 1 << 23)) + KL.MARGIN
        buf = self._keep(np.empty(size, dtype=np.uint64))
        counts = np.zeros(3, dtype=np.int64)
        runs: list[np.ndarray] = []
        own = list(self.levels)
        made0 = counts[1]
        try:
            i = 0
            while i < len(fr):
                counts[0] = 0
                i = KL.children(fr, i, min(len(fr), i + PARENTS), buf, counts, *self.ktab,
                                prob.jmask, prob.symtab, prob.nchunks, prob.nsym, self.bnd,
                                use_bound, remaining)
                n = int(counts[0])
                chunk = buf[:n]
                chunk.sort()
                n = KL.unique_sorted(chunk, n)
                for lv in own:
                    n = KL.drop_members(chunk, n, lv)
                k = KL.first_member(chunk, n, other.levels[-1])
                if k >= 0:
                    self._finish_stats(counts, made0, len(fr), -1, t_level)
                    return int(chunk[k]), other.depth
                if n:
                    runs.append(self._keep(chunk[:n].copy()))
                    self._merge_similar(runs)
                least = max(self.depth + other.depth + 1, self.stats.get("lower_bound", 0))
                self.progress(self.stage(self.name, self.depth + 1, 100 * i // len(fr), least),
                              self.depth + 1, self.count + other.count + sum(map(len, runs)))
                check_stop(self.stop)
        finally:
            self._drop(buf)
            del buf
        while len(runs) > 1:
            self._merge_last(runs)
        new = runs[0] if runs else self._keep(np.zeros(0, dtype=np.uint64))
        self.levels.append(new)
        self.depth += 1
        self._finish_stats(counts, made0, len(fr), len(new), t_level)
        if len(fr):
            self.growth = len(new) / len(fr)
            self.ratio = max(int(counts[1] - made0) / len(fr), 1e-3)
        self.record.add_level(self.backward, len(new))
        return None

    def _finish_stats(self, counts, made0, nfr, nnew, t_level) -> None:
        made = int(counts[1] - made0)
        self.stats["children"] = self.stats.get("children", 0) + made
        self.stats["pruned"] = self.stats.get("pruned", 0) + int(counts[2])
        self.stats.setdefault("levels", []).append(
            (self.name, self.depth + (1 if nnew < 0 else 0), nfr, nnew, made,
             round(time.perf_counter() - t_level, 3)))

    def _merge_last(self, runs: list[np.ndarray]) -> None:
        b = runs.pop()
        a = runs.pop()
        out = self._keep(np.empty(len(a) + len(b), dtype=np.uint64))
        n = KL.merge_unique(a, b, out)
        self._drop(a)
        self._drop(b)
        del a, b
        if n < len(out):
            kept = self._keep(out[:n].copy())
            self._drop(out)
            out = kept
        runs.append(out)

    def _merge_similar(self, runs: list[np.ndarray]) -> None:
        """Merge the last two runs while the older is at most twice the newer (a binary
        counter: each position is merged about log2(runs) times)."""
        while len(runs) > 1 and len(runs[-2]) <= 2 * len(runs[-1]):
            self._merge_last(runs)

    def free(self) -> None:
        for lv in self.levels:
            self._drop(lv)
        self.levels = []


class _Lookup:
    """The side's levels asked as one table: the depth of a canonical position, or -1."""

    def __init__(self, side: LevelSide):
        self.side = side

    @property
    def count(self) -> int:
        return self.side.count

    def depth(self, pos: int) -> int:
        for d in range(len(self.side.levels)):
            if self.holds(pos, d):
                return d
        return -1

    def holds(self, pos: int, depth: int) -> bool:
        """Whether level depth holds pos (a position can repeat in an older level)."""
        if not 0 <= depth < len(self.side.levels):
            return False
        lv = self.side.levels[depth]
        key = np.uint64(pos)
        k = int(np.searchsorted(lv, key))
        return k < len(lv) and lv[k] == key
