"""One side of the peg solver's level search: every level a sorted array (no Qt).

The hash-table side (pegapp.solvers.pegs.solver._Side) holds about 30 bytes a position (a table kept
at most 65% full, doubled as it grows, plus the frontier). Here a level is a sorted array of
distinct canonical positions, 8 bytes each, made from buffers of children that numpy sorts and
the kernels in pegs._levels_kernel deduplicate:

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

import threading
import time

import numpy as np

from pegapp.solvers.pegs import packed as PK
from pegapp.solvers.lazy import lazy_module, loaded
from pegapp.solvers.record import SearchRecord
from pegapp.solvers.result import TooLarge, check_stop
from pegapp.solvers.threads import in_two, ways

KL = lazy_module("pegapp.solvers.pegs._levels_kernel")  # numba: loaded by the first search

#: parents expanded between two stop() polls (and progress reports, _report)
PARENTS = 1 << 15
#: room for children a block's buffer keeps before it takes another parent (None: the kernels'
#: MARGIN, more than one parent's children). A test whose buffers are smaller than MARGIN sets
#: less, so that a block holds more than one parent (with MARGIN, every block of
#: test_catalogue_probe's 2048-key buffers was one parent: 94,000 blocks in its base build)
ROOM: int | None = None
#: a level's progress is reported once a percent of it, or after this many seconds
REPORT_SECONDS = 0.25
#: a level of at least this many parents is expanded by two threads (solve(), not prove():
#: the catalogue's bytes come from the one-thread order)
THREADED_PARENTS = 2 * PARENTS


def _buffer_size(parents: int, ratio: float) -> int:
    """Positions a level's buffer holds at first: the children the last level's ratio expects,
    within bounds (a parent whose children alone overrun it gets a larger one, _chunk)."""
    return int(min(max(parents * ratio * 1.1, 1 << 18), 1 << 23)) + KL.MARGIN


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
        self.lock = threading.Lock()    # the budget's count, kept by two threads at times
        # the part of a level a thread is making (_in_part): its bytes kept and its share
        self._part = threading.local()
        first = np.unique(np.array([prob.canon(r) for r in roots], dtype=np.uint64))
        self.levels = [self._keep(first)]
        self._pegs: list = []   # per level: (the level, fewest pegs, most), see _pegs_of
        self.depth = 0
        self.ratio = 1.0     # children per frontier position, last level: the cost estimate
        self.growth = None   # new positions per frontier position, last level
        self.ktab = prob.g.kbwd if backward else prob.g.kfwd
        self.bnd = prob.bwd_bnd if backward else prob.fwd_bnd
        self.bnd_most = prob.bound_most(self.bnd)     # no level with this many moves left is cut
        self.cut_args = prob.count_args(backward)   # the count cut, made in the kernel
        self.bound = 255
        self.progress = None
        self._reported = (None, None, 0.0)     # the last report's (level, percent, time)
        self.stop = None
        self.threads = 1    # 2: large levels expanded by two threads (_expand_threaded)
        self.probe_two = False   # True: see expand() and _probe_two
        # sorted arrays of positions known to be dead ends (bounded.prove_many's earlier dead
        # ends' forward levels): children among them are cut like this side's own levels
        self.known_dead: list[np.ndarray] = []
        self.table = _Lookup(self)  # what pegs._reconstruct asks: table.depth(position)

    def _keep(self, a: np.ndarray) -> np.ndarray:
        """a, its bytes counted against the budget, and against the share of the part this
        thread is making (_in_part), if any."""
        part = getattr(self._part, "ledger", None)
        with self.lock:
            if part is not None and part[0] + a.nbytes > part[1]:
                raise TooLarge(self.mem.too_large())
            self.mem.used += a.nbytes
            if self.mem.used > self.mem.budget:
                self.mem.used -= a.nbytes
                raise TooLarge(self.mem.too_large())
            if part is not None:
                part[0] += a.nbytes
            self.mem.peak = max(self.mem.peak, self.mem.used)
        return a

    def _drop(self, a: np.ndarray, times: int = 1) -> None:
        """a's bytes given back (times -1: counted again, unchecked, for a caller that gives
        them back itself)."""
        part = getattr(self._part, "ledger", None)
        with self.lock:
            self.mem.used -= times * a.nbytes
            if part is not None:
                part[0] -= times * a.nbytes

    def _in_part(self, share: int | None) -> None:
        """From now on this thread makes one part of a level with two parts (even and odd
        blocks), within share bytes (None: no longer). Each part has half the room the level
        started with, whether the two run at once or one after the other, so whether a part
        fits does not depend on the other's timing nor on the cores: the search decides the
        same on any machine (the catalogue's bytes, a hint's answer)."""
        self._part.ledger = None if share is None else [0, share]

    def _parts(self, work, *args) -> list:
        """work(part, *args) for parts 0 and 1, each within half the room left: at once, part 0
        here and part 1 on a helper thread, where there are two cores, else one after the
        other here."""
        share = max(self.mem.budget - self.mem.used, 0) // 2

        def part(t: int):
            self._in_part(share)
            try:
                return work(t, *args)
            finally:
                self._in_part(None)

        if ways() >= 2:
            return in_two(part)
        return [part(t) for t in (0, 1)]

    # ------------------------------------------------------------------ meet_in_middle
    def frontier_size(self) -> int:
        return len(self.levels[-1])

    def cost(self) -> float:
        return len(self.levels[-1]) * self.ratio

    @property
    def count(self) -> int:
        return sum(len(lv) for lv in self.levels)

    def expand(self, other: "LevelSide"):
        """Add level depth + 1; returns (meeting position, its depth on other's side) or None.
        With probe_two, the level before the bound's last that does not fit the budget is
        probed with the last instead of stored (_probe_two)."""
        if not (self.probe_two and self.bound < 255
                and self.depth + 2 + other.depth == self.bound):
            return self._expand(other)
        try:
            return self._expand(other)
        except TooLarge:
            return self._probe_two(other)

    def _expand(self, other: "LevelSide"):
        fr = self.levels[-1]
        # the last level the bound allows can only meet: probed against the other side's last
        # level, never stored (in a bound that fails it is the largest level of the search)
        probe = self.bound < 255 and self.depth + 1 + other.depth >= self.bound
        if self.growth is not None and not probe:
            # the new level while its runs merge, from the last level's growth: said at once
            # only when clearly beyond the budget (a level often meets the other side early,
            # and the budget is enforced byte by byte anyway as the runs are kept)
            projected = 8 * len(fr) * self.growth * 2
            if self.mem.used + projected > 2 * self.mem.budget:
                raise TooLarge(self.mem.too_large(projected=True))
        t_level = time.perf_counter()
        remaining = self.bound - self.depth - 1
        use_bound = 1 if self.bound < 255 and remaining < self.bnd_most else 0
        size = _buffer_size(len(fr), self.ratio)
        if self.threads > 1 and len(fr) >= THREADED_PARENTS and (probe or self._room_for_two()):
            return self._expand_threaded(other, size, use_bound, remaining, t_level, probe)
        buf = self._keep(np.empty(size, dtype=np.uint64))
        counts = np.zeros(3, dtype=np.int64)
        runs: list[np.ndarray] = []
        own = list(self.levels)
        made0 = counts[1]
        try:
            i = 0
            while i < len(fr):
                i, n, k, buf = self._chunk(fr, i, min(len(fr), i + PARENTS), buf, counts, own,
                                           other, use_bound, remaining, probe,
                                           meets=self.depth + 1 + other.depth)
                chunk = buf[:n]
                if k >= 0:
                    self._finish_stats(counts, made0, len(fr), -1, t_level)
                    return int(chunk[k]), other.depth
                if n and not probe:
                    runs.append(self._keep(chunk[:n].copy()))
                    self._merge_similar(runs)
                self._report(other, self.depth + 1, 100 * i // len(fr), runs)
                check_stop(self.stop)
        except BaseException:
            self._drop_all(runs)     # the budget's count stays true for what the caller does next
            raise
        finally:
            self._drop(buf)
            del buf
        if probe:
            return self._probed(counts, made0, len(fr), t_level)
        return self._complete(runs, counts, made0, len(fr), t_level)

    def _report(self, other: "LevelSide", depth: int, percent: int, runs=()) -> None:
        """progress on level depth being made, percent of its parents done, with the fewest
        moves a solution can still have and the positions held: once a percent of the level,
        or REPORT_SECONDS after the last report. (Reported after every block, a level of
        blocks of a few parents each, as the build's completion's test makes them, spent a
        tenth of its time on the reports' text.)"""
        now = time.monotonic()
        if self._reported[:2] == (depth, percent) and now - self._reported[2] < REPORT_SECONDS:
            return
        self._reported = (depth, percent, now)
        least = max(self.depth + other.depth + 1, self.stats.get("lower_bound", 0))
        self.progress(self.stage(self.name, depth, percent, least), depth,
                      self.count + other.count + sum(map(len, runs)))

    def _room_for_two(self) -> bool:
        """Whether the budget has room for two threads' runs of the next level: each thread
        merges only its own runs, so the duplicates between the two halves stay until the end
        (measured on French 37's default problem: two threads ran out of 2 GB making a level
        that one thread makes within it). The level is projected from the last one's growth,
        with room for four times its positions."""
        growth = self.growth if self.growth is not None else self.ratio
        projected = 8 * len(self.levels[-1]) * growth * 4
        return self.mem.used + projected <= self.mem.budget

    def _probed(self, counts, made0: int, parents: int, t_level: float) -> None:
        """The side one level deeper after a probe that met nothing: an empty level (no
        position of it was kept), so the search ends there."""
        self.levels.append(self._keep(np.zeros(0, dtype=np.uint64)))
        self.depth += 1
        self._finish_stats(counts, made0, parents, 0, t_level)
        return None

    def _probe_two(self, other: "LevelSide"):
        """The bound's last two levels of this side probed, neither stored: the level before
        the last did not fit the budget (stored, it is the largest level of a bound that fails,
        some three times the one before it). A solution the bound allows ends within them: the
        sides are complete to their depths without meeting, so it passes a position depth + 1
        or depth + 2 moves from this side's root that the other side's last level holds.
        First the level before the last is probed alone (a solution one move shorter than the
        bound, unless the search's floor already excludes it); then it is made again a block of
        parents at a time, each block's part sorted, made distinct and rid of this side's
        stored positions, and its children probed, the blocks shared by two threads where there
        are two cores. The answer is the same on any machine: the first block's with a
        meeting, as one thread in order gives it, with the budget reckoned alike whatever the
        cores and their timing (two parts' buffers kept before the blocks start, _ProbeSlot,
        and a block's growth within half the room left, _in_part; a block that runs out
        decides only if no block before it met). Some positions of the level before the last
        lie in two blocks, so their children are made twice: time spent for memory. On a
        meeting the block's part is kept as a partial level, for rebuilding the solution."""
        fr = self.levels[-1]
        t_level = time.perf_counter()
        last = self.bound - self.depth - 2          # moves left after the last level: other's
        self.stats["probed_two"] = self.stats.get("probed_two", 0) + 1
        counts = np.zeros(3, dtype=np.int64)
        if self.stats.get("lower_bound", 0) <= self.depth + 1 + other.depth:
            met = self._probe_alone(other, last, counts)   # the level before the last
            if met is not None:
                self._finish_stats(counts, 0, len(fr), -1, t_level)
                return met, other.depth
        blocks = (len(fr) + PARENTS - 1) // PARENTS
        # the block that decides (the first with a meeting or an error; blocks: none), its
        # meeting and the block's part, its error: shared by the threads (_decide)
        found = [blocks, None, None]
        slots = self._probe_slots(_buffer_size(PARENTS, self.ratio))
        share = max(self.mem.budget - self.mem.used, 0) // 2
        try:
            if ways() >= 2 and blocks > 1:
                for part in in_two(lambda t: self._probe_blocks(
                        range(t, blocks, 2), slots, share, found, other, last)):
                    counts += part
            else:
                counts += self._probe_blocks(range(blocks), slots, share, found, other, last)
        finally:
            for slot in slots:
                slot.drop()
        if found[2] is not None:
            raise found[2]
        if found[0] < blocks:
            position, part = found[1]
            self.levels.append(self._keep(part))
            self.depth += 1
            self._finish_stats(counts, 0, len(fr), -1, t_level)
            return position, other.depth
        for _ in range(2):      # two empty levels: the search ends at the bound
            self.levels.append(self._keep(np.zeros(0, dtype=np.uint64)))
        self.depth += 2
        self._finish_stats(counts, 0, len(fr), 0, t_level)
        return None

    def _probe_alone(self, other: "LevelSide", last: int, counts) -> int | None:
        """_probe_two's first pass: the level before the last probed against the other side's
        last level (its children's moves left: last + 1 less the one move to it): the first
        meeting, or None."""
        fr = self.levels[-1]
        buf = self._keep(np.empty(_buffer_size(PARENTS, self.ratio), dtype=np.uint64))
        try:
            i = 0
            while i < len(fr):
                i, n, k, buf = self._chunk(fr, i, min(len(fr), i + PARENTS), buf, counts, [],
                                           other, 1 if last < self.bnd_most else 0, last,
                                           probe=True, meets=self.depth + 1 + other.depth)
                if k >= 0:
                    return int(buf[k])
                check_stop(self.stop)
            return None
        finally:
            self._drop(buf)

    def _probe_slots(self, size: int) -> list["_ProbeSlot"]:
        """_probe_two's two parts' buffers, kept (counted) here before any block starts."""
        slots: list[_ProbeSlot] = []
        try:
            for _ in range(2):
                slots.append(_ProbeSlot(self, size))
        except BaseException:
            for slot in slots:
                slot.drop()
            raise
        return slots

    def _probe_blocks(self, order: range, slots: list, share: int, found: list,
                      other: "LevelSide", last: int):
        """Blocks order[0], order[1], ... of _probe_two's second pass, block b with
        slots[b % 2]'s buffers and growth within share bytes, up to the block that decides
        (found: the first with a meeting or an error, its meeting, the block's part and its
        error, shared). Returns the counts it made."""
        fr = self.levels[-1]
        blocks = (len(fr) + PARENTS - 1) // PARENTS
        counts = np.zeros(3, dtype=np.int64)
        for b in order:
            if b > found[0]:
                break
            slot = slots[b % 2]
            try:
                met = self._probe_block(b, slot, share, counts, other, last)
                if order.start == 0:
                    self._report(other, self.depth + 2, 100 * b // blocks)
                check_stop(self.stop)
            except BaseException as e:  # noqa: BLE001 - it decides if no block before it met
                self._decide(found, b, None, e)
                break
            if met is not None:
                self._decide(found, b, met, None)
                break
        return counts

    def _probe_block(self, b: int, slot: "_ProbeSlot", share: int, counts,
                     other: "LevelSide", last: int):
        """Block b of _probe_two's second pass: (the meeting, the block's part) or None."""
        fr = self.levels[-1]
        # each block from buffers of the first size (one that grew in an earlier block would
        # split this one's children otherwise, and its first meeting with them): the answer
        # does not depend on which thread made which block
        slot.reset()
        self._in_part(share)
        try:
            i, end = b * PARENTS, min(len(fr), (b + 1) * PARENTS)
            while i < end:
                # (the level before the last: _probe_alone has probed it)
                i, n, _k, slot.buf = self._chunk(fr, i, end, slot.buf, counts, self.levels,
                                                 other, 1 if last + 1 < self.bnd_most else 0,
                                                 last + 1, meets=None)
                part = slot.buf[:n]
                j = 0
                while j < n:
                    j, _m, k, slot.inner = self._chunk(part, j, n, slot.inner, counts, [],
                                                       other, 1 if last < self.bnd_most else 0,
                                                       last, probe=True,
                                                       meets=self.depth + 2 + other.depth)
                    if k >= 0:
                        return int(slot.inner[k]), part.copy()
            return None
        finally:
            self._in_part(None)

    def _complete(self, runs: list[np.ndarray], counts, made0: int, parents: int,
                  t_level: float) -> None:
        """The new level from its runs, merged into one; the side one level deeper."""
        try:
            while len(runs) > 1:
                self._merge_last(runs)
        except BaseException:
            self._drop_all(runs)
            raise
        new = runs[0] if runs else self._keep(np.zeros(0, dtype=np.uint64))
        holes = self.prob.g.n
        if (self.mem.packed and PK.packable(holes, len(new))
                and not isinstance(new, PK.PackedLevel)):
            packed = PK.pack(new, holes, self._keep, self._drop)
            self._drop(new)
            new = packed
        self.levels.append(new)
        self.depth += 1
        self._finish_stats(counts, made0, parents, len(new), t_level)
        if parents:
            self.growth = len(new) / parents
            self.ratio = max(int(counts[1] - made0) / parents, 1e-3)
        self.record.add_level(self.backward, len(new))
        return None

    def _expand_threaded(self, other: "LevelSide", size: int, use_bound: int, remaining: int,
                         t_level: float, probe: bool = False):
        """expand() with the level's parents in blocks of PARENTS, the even blocks made by one
        thread and the odd by another (the kernels release the GIL). The answer is the one
        thread's order would give with these blocks: the meeting of the first block that has
        one (each block starts its own buffer, so a block's children do not depend on the
        split), so a hint is the same move however the threads run."""
        fr = self.levels[-1]
        blocks = (len(fr) + PARENTS - 1) // PARENTS
        # the block that decides so far (the first with a meeting or an error; blocks: an
        # error merging a thread's runs, after every block; blocks + 1: none), its meeting
        # and its error: an error in a block after a meeting does not undo the meeting
        found = [blocks + 1, 0, None]
        made0 = 0
        results = self._parts(self._expand_blocks, blocks, found, other, size, use_bound,
                              remaining, probe)
        runs = [r for part, _c in results for r in part]
        counts = sum((c for _r, c in results), np.zeros(3, dtype=np.int64))
        if found[0] <= blocks:
            for r in runs:
                self._drop(r)
            if found[2] is not None:
                raise found[2]
            self._finish_stats(counts, made0, len(fr), -1, t_level)
            return found[1], other.depth
        if probe:
            return self._probed(counts, made0, len(fr), t_level)
        return self._complete(runs, counts, made0, len(fr), t_level)

    def _expand_blocks(self, first: int, blocks: int, found: list, other: "LevelSide", size: int,
                       use_bound: int, remaining: int, probe: bool = False):
        """One thread's part of _expand_threaded: blocks first, first + 2, ... of the last level,
        up to the block that decides (found: the first with a meeting or an error, its
        position and its error, shared). Its runs are given back (dropped) when it decides by
        an error; they are returned otherwise."""
        fr = self.levels[-1]
        counts = np.zeros(3, dtype=np.int64)
        runs: list[np.ndarray] = []
        b = first
        try:
            buf = self._keep(np.empty(size, dtype=np.uint64))
        except BaseException as e:  # noqa: BLE001 - it decides if no block before it met
            self._decide(found, b, None, e)
            return runs, counts
        try:
            for b in range(first, blocks, 2):
                if b > found[0]:
                    break
                i, end = b * PARENTS, min(len(fr), (b + 1) * PARENTS)
                while i < end:
                    i, n, k, buf = self._chunk(fr, i, end, buf, counts, self.levels, other,
                                               use_bound, remaining, probe,
                                               meets=self.depth + 1 + other.depth)
                    chunk = buf[:n]
                    if k >= 0:
                        self._decide(found, b, int(chunk[k]), None)
                        return runs, counts
                    if n and not probe:
                        runs.append(self._keep(chunk[:n].copy()))
                        self._merge_similar(runs)
                if first == 0:
                    self._report(other, self.depth + 1, 100 * b // blocks)
                check_stop(self.stop)
            b = blocks      # an error now comes after every block
            while len(runs) > 1 and found[0] > blocks:   # this thread's part, merged here
                self._merge_last(runs)
            return runs, counts
        except BaseException as e:  # noqa: BLE001 - it decides if no block before it met
            self._drop_all(runs)
            self._decide(found, b, None, e)
            return [], counts
        finally:
            self._drop(buf)

    def _decide(self, found: list, b: int, met, error) -> None:
        """Block b of a level shared by two parts met (met: what the meeting is) or failed
        (error): it decides if no block before it did (found: the deciding block, its meeting
        and its error), so the answer is the one a single thread in order gives."""
        with self.lock:
            if b < found[0]:
                found[0], found[1], found[2] = b, met, error

    def _chunk(self, frontier: np.ndarray, i: int, end: int, buf: np.ndarray, counts, own: list,
               other: "LevelSide", use_bound: int, remaining: int, probe: bool = False, *,
               meets: int | None) -> tuple[int, int, int, np.ndarray]:
        """The children of parents frontier[i], frontier[i + 1], ... (up to end, or fewer when
        buf fills), sorted,
        distinct, new to this side and allowed by the count, at the front of the buffer: (the
        next parent, how many, the index of the first that the other side's last level holds or
        -1, the buffer: buf, or a larger one that replaced it when one parent's children alone
        did not fit, counted against the budget in its place). probe (the last level the bound
        allows): only the meeting is looked for, so the children are not checked against this
        side's levels (the kernel's count still drops some). Any child the other side's last
        level holds is a solution of exactly the bound's length: both sides are complete to
        their depths without meeting, so no shorter one exists. meets: the length of the
        solutions a meeting of these children would give; below the search's floor
        (stats["lower_bound"], proven) none exists, so the other side's level is not looked at
        (None: the caller takes no meeting from these children)."""
        prob = self.prob
        kl = loaded(KL)     # its kernels read from the module, some ten a block
        # the parents as an array: frontier[i:end] unpacked when the level is packed, the
        # kernel's indexes then counted from i (base)
        if isinstance(frontier, PK.PackedLevel):
            parents, base = PK.parents(frontier, i, end)
            base = i - base
        else:
            parents, base = frontier, 0
        kernel = kl.children_kernel(prob.nsym)
        given = buf
        try:
            while True:
                counts[0] = 0
                nxt = kernel(parents, i - base, end - base, buf, counts, *self.ktab,
                             prob.jmask, prob.symtab, prob.nchunks, prob.nsym, self.bnd,
                             use_bound, remaining, *self.cut_args,
                             kl.MARGIN if ROOM is None else ROOM)
                if nxt >= 0:
                    break
                # parent -1 - nxt has more children than buf holds (chains that branch at every
                # jump, as diagonal jumps make them): twice the room, within the budget, again
                i = -1 - nxt + base
                larger = self._keep(np.empty(2 * len(buf), dtype=np.uint64))
                self._drop(buf)
                buf = larger
        except BaseException:
            if buf is not given:
                # the caller gives back the buffer it passed (its own cleanup), whose bytes
                # went back at the first growth: this one's go back instead (they were left
                # counted when a second growth did not fit)
                self._drop(buf)
                self._drop(given, -1)
            raise
        i = nxt + base
        n = int(counts[0])
        chunk = buf[:n]
        kl.sort_in_place(chunk, prob.g.n)
        n = kl.unique_sorted(chunk, n)
        if probe:
            return i, n, self._meeting(chunk, n, other, meets), buf
        lo, hi = kl.peg_range(chunk, n)
        pegs = self._pegs
        for j, lv in enumerate(own):
            # a level none of whose positions has as many pegs as a child holds none of them
            # (an English search one move off the catalogue's lines: 6 of 10 levels)
            known = pegs[j] if j < len(pegs) else None     # _pegs_of's, read without a call
            if known is not None and known[0] is lv:
                least, most = known[1], known[2]
            else:
                least, most = self._pegs_of(j, lv)
            if least <= hi and lo <= most:
                if isinstance(lv, PK.PackedLevel):
                    n = PK.drop_members(chunk, n, lv)
                else:
                    n = kl.drop_members(chunk, n, lv)
        for dead in self.known_dead:
            n = kl.drop_members(chunk, n, dead)
        return i, n, self._meeting(chunk, n, other, meets), buf

    def _meeting(self, chunk: np.ndarray, n: int, other: "LevelSide", meets: int | None) -> int:
        """The index of the first of chunk[:n] that the other side's last level holds, or -1;
        -1 at once where that meeting would be a solution shorter than the search's proven
        floor (every level of a deepening's bound but its last: a pass over the other side's
        largest level per chunk, for nothing)."""
        if meets is None or meets < self.stats.get("lower_bound", 0):
            return -1
        return PK.first_member(chunk, n, other.levels[-1])

    def _pegs_of(self, j: int, level: np.ndarray) -> tuple[int, int]:
        """(fewest, most) pegs in this side's level j, counted once (levels only grow)."""
        known = self._pegs[j] if j < len(self._pegs) else None   # asked every block: no lock
        if known is not None and known[0] is level:
            return known[1], known[2]
        with self.lock:
            while len(self._pegs) <= j:
                self._pegs.append(None)
            if self._pegs[j] is None or self._pegs[j][0] is not level:
                self._pegs[j] = (level, *PK.peg_range(level))
            return self._pegs[j][1], self._pegs[j][2]

    def _finish_stats(self, counts, made0, nfr, nnew, t_level) -> None:
        made = int(counts[1] - made0)
        self.stats["children"] = self.stats.get("children", 0) + made
        self.stats["pruned"] = self.stats.get("pruned", 0) + int(counts[2])
        self.stats.setdefault("levels", []).append(
            (self.name, self.depth + (1 if nnew < 0 else 0), nfr, nnew, made,
             round(time.perf_counter() - t_level, 3)))

    def _merge_last(self, runs: list) -> None:
        """Merge the last two runs into one: packed where the search packs (mem.packed) and the
        run is large enough, so a level's runs take half the bytes while it is made, and the
        last merge, which holds the level twice, too."""
        a, b = runs[-2], runs[-1]
        holes, size = self.prob.g.n, len(a) + len(b)
        # a run packed once stays packed: a packed merge's duplicates can leave it under
        # PACK_FROM, and the array kernels cannot read it (a French hint five moves in stopped
        # with numba's typing error)
        either = isinstance(a, PK.PackedLevel) or isinstance(b, PK.PackedLevel)
        if either or (self.mem.packed and PK.packable(holes, size)):
            out, n = PK.merge(a, b, holes, self._keep, self._drop)
            values = out.low
        else:
            out = values = self._keep(np.empty(size, dtype=np.uint64))
            n = KL.merge_unique(a, b, out)
        del a, b
        b = runs.pop()   # taken once out is counted: a budget exceeded leaves runs as they were
        a = runs.pop()
        self._drop(a)
        self._drop(b)
        del a, b
        if n < len(values):
            # cut to its merged values where it lies, the tail given back to the allocator: a
            # copy cost a French 37 search six moves in 5% of its time (runs share few values)
            freed = values.nbytes
            values.resize((n,), refcheck=False)   # no view of it exists yet
            with self.lock:
                self.mem.used -= freed - values.nbytes
        runs.append(out)

    def _merge_similar(self, runs: list[np.ndarray]) -> None:
        """Merge the last two runs while the older is at most twice the newer (a binary
        counter: each position is merged about log2(runs) times)."""
        while len(runs) > 1 and len(runs[-2]) <= 2 * len(runs[-1]):
            self._merge_last(runs)

    def _drop_all(self, runs: list[np.ndarray]) -> None:
        for r in runs:
            self._drop(r)
        runs.clear()

    def free(self) -> None:
        for lv in self.levels:
            self._drop(lv)
        self.levels = []
        self._pegs = []


def load_level_kernels() -> None:
    """Load the sorted-array kernels that a search on a tiny board never calls (no level of it
    has two runs to merge, or a child an older level holds, or a meeting the floor allows), with
    the argument types the search passes them: part of the solver's warm-up
    (pegapp.solvers.pegs.solver.warm_up)."""
    a = np.zeros(2, dtype=np.uint64)
    n = int(KL.unique_sorted(a, 2))
    KL.drop_members(a, n, a)
    KL.first_member(a, n, a)
    KL.merge_unique(a, a, np.empty(4, dtype=np.uint64))
    # and the packed levels' (boards larger than English's: the first hint searched on French
    # 37 or Wiegleb 45 packs its large levels)
    holes = PK.PACK_ABOVE_HOLES + 1
    keep = PK.pack(a, holes, lambda x: x, lambda x: None)
    PK.merge(keep, a, holes, lambda x: x, lambda x: None)
    PK.parents(keep, 0, 1)
    PK.drop_members(a, n, keep)
    PK.first_member(a, n, keep)
    PK.peg_range(keep)
    # both copies of the children kernel (KL.children calls the one the board's symmetries
    # need), with the argument types the warm-up's search gave the one it called
    for done, other in ((KL._children_any, KL._children_8), (KL._children_8, KL._children_any)):
        for signature in list(done.signatures):
            other.compile(signature)


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
        return PK.holds(self.side.levels[depth], pos)



class _ProbeSlot:
    """One part of _probe_two's second pass: its two buffers (the block's part of the level
    before the last, and the children of that part), kept when the probe starts. Both parts'
    buffers are kept before any block starts, so whether a block fits the budget does not
    depend on what the other part is doing at the time, nor on whether there is another
    thread (a buffer that grows within a block: LevelSide._in_part)."""

    def __init__(self, side: LevelSide, size: int):
        self.side, self.size = side, size
        self.buf = side._keep(np.empty(size, dtype=np.uint64))
        try:
            self.inner = side._keep(np.empty(size, dtype=np.uint64))
        except BaseException:
            side._drop(self.buf)
            raise

    def reset(self) -> None:
        """Both buffers back to the first size, before a block."""
        for name in ("buf", "inner"):
            a = getattr(self, name)
            if len(a) != self.size:
                self.side._drop(a)
                setattr(self, name, self.side._keep(np.empty(self.size, dtype=np.uint64)))

    def drop(self) -> None:
        self.side._drop(self.buf)
        self.side._drop(self.inner)
        self.buf = self.inner = np.zeros(0, dtype=np.uint64)
