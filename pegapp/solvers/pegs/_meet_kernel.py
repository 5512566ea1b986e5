"""Compiled kernels of the levels by jumps that decide whether a problem can be solved at all
(numba, no Qt; pegapp.solvers.pegs.meet).

A level is kept as sorted runs, one per part: a position's part is the top bits of its product
with a fixed odd constant, so the parts are about even whatever the board, and one part can be
made, sorted and deduplicated without the others. Positions are uint64 bitboards, canonical under
the symmetries given (the least image), as in pegapp.solvers.pegs._kernel.
"""

from __future__ import annotations

import numpy as np

from pegapp.solvers._jit import njit

#: parts a level is kept in (a power of two: the part is the top bits of the product)
PARTS = 16
_SHIFT = np.uint64(60)
_MULT = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True, nogil=True, inline="always")
def _part(y):
    return np.intp((y * _MULT) >> _SHIFT)


@njit(cache=True, nogil=True, inline="always")
def _canonical(y, symtab, nchunks, nsym):
    best = y
    for s in range(nsym):   # the identity among them, harmlessly
        v = np.uint64(0)
        p = y
        for c in range(nchunks):
            v |= symtab[s, c, np.intp(p & np.uint64(255))]
            p >>= np.uint64(8)
        if v < best:
            best = v
    return best


@njit(cache=True, nogil=True, inline="always")
def _sums(x, tab, nchunks, sums):
    for k in range(sums.shape[0]):
        s = 0
        p = x
        for c in range(nchunks):
            s += tab[k, c, np.intp(p & np.uint64(255))]
            p >>= np.uint64(8)
        sums[k] = s


@njit(cache=True, nogil=True)
def expand(parents, i0, jmask, jval, tab, delta, thr, symtab, nchunks, nsym, p_lo, p_hi,
           bufs, cnt):
    """Every canonical child (one jump) of parents[i0:] that no pagoda function cuts (its sum
    below thr: the child cannot reach the goal), written to bufs[part, cnt[part]] for the parts
    p_lo..p_hi-1. Returns the index of the first parent not expanded: where a buffer of those
    parts had less room left than a parent's children need, else len(parents)."""
    nj = jmask.shape[0]
    cap = bufs.shape[1]
    sums = np.empty(thr.shape[0], np.int64)
    for i in range(i0, parents.shape[0]):
        for p in range(p_lo, p_hi):
            if cnt[p] + nj > cap:
                return i
        x = parents[i]
        _sums(x, tab, nchunks, sums)
        for j in range(nj):
            if (x & jmask[j]) != jval[j]:
                continue
            alive = True
            for k in range(thr.shape[0]):
                if sums[k] + delta[k, j] < thr[k]:
                    alive = False
                    break
            if not alive:
                continue
            y = _canonical(x ^ jmask[j], symtab, nchunks, nsym)
            p = _part(y)
            if p_lo <= p < p_hi:
                bufs[p, cnt[p]] = y
                cnt[p] += 1
    return parents.shape[0]


@njit(cache=True, nogil=True)
def unique_sorted(a, n):
    """Deduplicate the sorted a[:n] in place; returns the count kept."""
    if n == 0:
        return 0
    m = 1
    for i in range(1, n):
        if a[i] != a[m - 1]:
            a[m] = a[i]
            m += 1
    return m


@njit(cache=True, nogil=True, inline="always")
def _member(level, offs, z):
    p = _part(z)
    lo = offs[p]
    hi = offs[p + 1]
    end = hi
    while lo < hi:
        mid = (lo + hi) >> 1
        if level[mid] < z:
            lo = mid + 1
        else:
            hi = mid
    return lo < end and level[lo] == z


@njit(cache=True, nogil=True)
def meet(parents, i0, i1, jmask, jval, full, symtab, nchunks, nsym, tab, delta, thr, total,
         other, offs):
    """The index of the first parent of parents[i0:i1] with a child (one jump) whose
    complement, made canonical, is in other (kept in parts at offs), and that jump's index;
    (-1, -1) when none has. The other side's pagoda functions (tab, closed under the
    symmetries, as its levels were cut by them) rule a complement out before any lookup: its
    sum is total less the child's, the parent's sum plus the jump's delta."""
    sums = np.empty(thr.shape[0], np.int64)
    for i in range(i0, i1):
        x = parents[i]
        _sums(x, tab, nchunks, sums)
        for j in range(jmask.shape[0]):
            if (x & jmask[j]) != jval[j]:
                continue
            alive = True
            for k in range(thr.shape[0]):
                if total[k] - sums[k] - delta[k, j] < thr[k]:
                    alive = False
                    break
            if not alive:
                continue
            z = _canonical(full & ~(x ^ jmask[j]), symtab, nchunks, nsym)
            if _member(other, offs, z):
                return i, j
    return -1, -1
