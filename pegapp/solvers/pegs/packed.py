"""A stored level of the peg level search kept packed (no Qt): the sorted positions' low 32 bits,
with the first index of each value of the bits above them. Half the bytes of the uint64 array
the level is made as, for the big boards' proofs, where storage is what runs out (Wiegleb 45's
bounds a level short at 14 GB: pegapp.solvers.pegs.levels, the design of record).

The level search keeps its levels as sorted uint64 arrays or as PackedLevel, and asks every
level through the functions here (membership, first member, pegs, the parents of a block), so
a level of either kind answers the same: a search finds the same positions and the same first
meeting, packed or not; only the bytes it counts differ.
"""

from __future__ import annotations

import numpy as np

from pegapp.solvers.lazy import lazy_module

KL = lazy_module("pegapp.solvers.pegs._levels_kernel")  # numba: loaded by the first search

#: bits of a position stored per position; the bits above pick the bucket
LOW_BITS = 32
#: the most bits above them a packed level takes (2**16 + 1 bucket offsets, 512 KB a level)
MOST_HIGH_BITS = 16
#: levels with fewer positions stay uint64 arrays (their bytes do not matter; no offsets kept)
PACK_FROM = 1 << 16
#: boards up to this many holes are not packed: English 33's largest level holds 1.5 million
#: positions (12 MB), and its first search, the one most players ask, would compile and load
#: the packed kernels for nothing (a fresh install's `pegapp solve pegs/english --search`:
#: 14.7 -> 19.0 s under load when they were)
PACK_ABOVE_HOLES = 33


class PackedLevel:
    """A sorted distinct level as buckets (see the module's docstring): off[b] is the index of
    the first position whose bits above LOW_BITS are b (off[-1]: the count), low[i] the low
    bits of position i. The arrays are counted by the side that keeps them (nbytes)."""

    __slots__ = ("off", "low")

    def __init__(self, off: np.ndarray, low: np.ndarray):
        self.off = off
        self.low = low

    def __len__(self) -> int:
        return len(self.low)

    @property
    def nbytes(self) -> int:
        return self.off.nbytes + self.low.nbytes


def packable(holes: int, size: int) -> bool:
    """Whether a level of size positions on a board of holes holes is worth packing and can be."""
    return PACK_ABOVE_HOLES < holes <= LOW_BITS + MOST_HIGH_BITS and size >= PACK_FROM


def _empty(holes: int, size: int, keep, drop) -> PackedLevel:
    """A packed level's arrays for size positions, kept by keep (which counts them, and may
    raise when the budget is exceeded: what it kept is then given back to drop)."""
    off = keep(np.empty((1 << (holes - LOW_BITS)) + 1, dtype=np.int64))
    try:
        return PackedLevel(off, keep(np.empty(size, dtype=np.uint32)))
    except BaseException:
        drop(off)
        raise


def pack(a: np.ndarray, holes: int, keep, drop) -> PackedLevel:
    """a (sorted, distinct) packed, kept by keep (a is left as it was)."""
    out = _empty(holes, len(a), keep, drop)
    KL.pack(a, len(a), out.off, out.low)
    return out


def parents(level, i: int, end: int) -> tuple[np.ndarray, int]:
    """(an array holding level[i:end], the index of level[i] in it): the level itself when it is
    an array, else that stretch unpacked (at most a block of parents: not counted)."""
    if not isinstance(level, PackedLevel):
        return level, i
    out = np.empty(end - i, dtype=np.uint64)
    KL.unpack(level.off, level.low, i, end, out)
    return out, 0


def drop_members(a: np.ndarray, n: int, level) -> int:
    if isinstance(level, PackedLevel):
        return KL.drop_members_packed(a, n, level.off, level.low)
    return KL.drop_members(a, n, level)


def first_member(a: np.ndarray, n: int, level) -> int:
    if isinstance(level, PackedLevel):
        return KL.first_member_packed(a, n, level.off, level.low)
    return KL.first_member(a, n, level)


def peg_range(level) -> tuple[int, int]:
    if isinstance(level, PackedLevel):
        return KL.peg_range_packed(level.off, level.low)
    return KL.peg_range(level, len(level))


def holds(level, pos: int) -> bool:
    """Whether level holds pos. (The arrays' own searchsorted, not np.searchsorted's wrapper:
    a solution's reconstruction asks this of some twelve positions a move, and the wrapper
    was half of each question.)"""
    if isinstance(level, PackedLevel):
        b = pos >> LOW_BITS
        if b + 1 >= len(level.off):
            return False
        s, e = int(level.off[b]), int(level.off[b + 1])
        key = np.uint32(pos & 0xFFFFFFFF)
        k = s + int(level.low[s:e].searchsorted(key))
        return k < e and level.low[k] == key
    key = np.uint64(pos)
    k = level.searchsorted(key)
    return k < len(level) and level[k] == key


def merge(a, b, holes: int, keep, drop) -> tuple[PackedLevel, int]:
    """The sorted distinct runs a and b (arrays or packed) merged into a packed run kept by keep,
    with room for both, and the count it holds (the caller cuts it to that); an array among
    them is packed for the merge alone. a and b are left as they were (the caller drops them)."""
    made = []       # the arrays packed here, given back at the end

    def packed(x) -> PackedLevel:
        if isinstance(x, PackedLevel):
            return x
        made.append(pack(x, holes, keep, drop))
        return made[-1]

    try:
        a, b = packed(a), packed(b)
        out = _empty(holes, len(a) + len(b), keep, drop)
        return out, int(KL.merge_unique_packed(a.off, a.low, b.off, b.low, out.off, out.low))
    finally:
        for x in made:
            drop(x)
