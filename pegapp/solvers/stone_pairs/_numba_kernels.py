"""Numba kernels for the oshidori (stone-pair) shortest-solution search. No Qt, no Python objects.

A position is a row of n <= 28 cells, each 0 (empty) or a stone kind 1..15, with exactly two empty
cells side by side. It is packed 4 bits per cell into two uint64 words: ``lo`` holds cells 0..15
(cell c in bits 4c..4c+3), ``hi`` cells 16..27 in bits 0..47.

A hash table is one uint64 array of 2 * capacity words (capacity a power of two): slot i is
``tab[2i] = lo`` and ``tab[2i+1] = hi | depth << 56``, so a slot is one cache line access. A slot
is empty when its lo word is 0 (a position never has cells 0..15 all empty). Linear probing.

The search is bound by memory latency (random probes into tables of hundreds of MB), so children
are generated in batches of BATCH_PARENTS parents; the first word of each child's home slot is
read once for the whole batch (independent loads the CPU overlaps) before the real probes/inserts,
which then mostly hit the cache.

The kernels work on chunks of a frontier so that the Python driver (pegapp.solvers.stone_pairs.engine)
can poll stop(), report progress and grow the tables between calls. They release the GIL (nogil),
so a solver thread does not freeze the GUI thread.
"""

from __future__ import annotations

import numpy as np
from pegapp.solvers._jit import njit

KEYMASK = np.uint64((1 << 48) - 1)
_M1 = np.uint64(0x9E3779B97F4A7C15)
_M2 = np.uint64(0xC2B2AE3D27D4EB4F)
_S31 = np.uint64(31)
_S56 = np.uint64(56)
_F = np.uint64(15)
_Z = np.uint64(0)
_ONE = np.uint64(1)
#: parents whose children are generated, and their slots touched, together
BATCH_PARENTS = 32


@njit(cache=True, inline="always")
def _hash(lo, hi):
    h = (lo * _M1) ^ ((hi + np.uint64(0x632BE59BD9B4E019)) * _M2)
    h ^= h >> _S31
    h *= _M1
    h ^= h >> _S31
    return h


@njit(cache=True, inline="always")
def _nib(c, v):
    """(lo, hi) xor masks that put value v into cell c."""
    if c < 16:
        return np.uint64(v) << np.uint64(4 * c), _Z
    return _Z, np.uint64(v) << np.uint64(4 * (c - 16))


@njit(cache=True, inline="always")
def _slot(tab, lo, hi):
    return _hash(lo, hi) & np.uint64((tab.shape[0] >> 1) - 1)


@njit(cache=True, inline="always")
def _lookup_from(tab, lo, hi, i):
    mask = np.uint64((tab.shape[0] >> 1) - 1)
    while True:
        x = tab[2 * i]
        if x == _Z:
            return -1
        if x == lo and (tab[2 * i + 1] & KEYMASK) == hi:
            return np.int64(tab[2 * i + 1] >> _S56)
        i = (i + _ONE) & mask


@njit(cache=True, inline="always")
def _insert_from(tab, lo, hi_with_depth, hi, i):
    """Insert; True if new."""
    mask = np.uint64((tab.shape[0] >> 1) - 1)
    while True:
        x = tab[2 * i]
        if x == _Z:
            tab[2 * i] = lo
            tab[2 * i + 1] = hi_with_depth
            return True
        if x == lo and (tab[2 * i + 1] & KEYMASK) == hi:
            return False
        i = (i + _ONE) & mask


@njit(cache=True, nogil=True)
def lookup(tab, lo, hi):
    """Depth of (lo, hi) in the table, or -1."""
    return _lookup_from(tab, lo, hi, _slot(tab, lo, hi))


@njit(cache=True, nogil=True)
def insert(tab, lo, hi, depth):
    return _insert_from(tab, lo, hi | (np.uint64(depth) << _S56), hi, _slot(tab, lo, hi))


@njit(cache=True, nogil=True)
def rehash(old, new, start, end):
    """Copy the entries in slots start..end-1 of the old table into the new, larger one."""
    for j in range(start, min(end, old.shape[0] >> 1)):
        lo = old[2 * j]
        if lo != _Z:
            hd = old[2 * j + 1]
            hi = hd & KEYMASK
            _insert_from(new, lo, hd, hi, _slot(new, lo, hi))


@njit(cache=True, inline="always")
def _unpack(lo, hi, n, cells):
    b = -1
    for c in range(n):
        if c < 16:
            v = (lo >> np.uint64(4 * c)) & _F
        else:
            v = (hi >> np.uint64(4 * (c - 16))) & _F
        cells[c] = v
        if v == 0 and b < 0:
            b = c
    return b


@njit(cache=True, inline="always")
def _children(lo, hi, n, cells, olo, ohi, m):
    """Append the children of (lo, hi) to olo/ohi from index m; returns the new length."""
    b = _unpack(lo, hi, n, cells)
    for i in range(n - 1):
        if i + 1 < b or i > b + 1:
            x = cells[i]
            y = cells[i + 1]
            a1, b1 = _nib(i, x)
            a2, b2 = _nib(i + 1, y)
            a3, b3 = _nib(b, x)
            a4, b4 = _nib(b + 1, y)
            olo[m] = lo ^ a1 ^ a2 ^ a3 ^ a4
            ohi[m] = hi ^ b1 ^ b2 ^ b3 ^ b4
            m += 1
    return m


@njit(cache=True, nogil=True)
def neighbours(lo, hi, n):
    """All positions one move away: arrays (lo, hi)."""
    cells = np.empty(n, np.int64)
    olo = np.empty(n, np.uint64)
    ohi = np.empty(n, np.uint64)
    m = _children(lo, hi, n, cells, olo, ohi, 0)
    return olo[:m], ohi[:m]


@njit(cache=True, inline="always")
def _batch(flo, fhi, p0, p1, n, cells, clo, chi, cpar, cslot, tab):
    """Children of parents p0..p1-1 with their parent and home slot in tab; touches the slots."""
    m = 0
    for p in range(p0, p1):
        m0 = m
        m = _children(flo[p], fhi[p], n, cells, clo, chi, m)
        for j in range(m0, m):
            cpar[j] = p
    acc = _Z
    for j in range(m):
        s = _slot(tab, clo[j], chi[j])
        cslot[j] = s
        acc ^= tab[2 * s]          # independent loads: the misses overlap
    return m, acc


@njit(cache=True, nogil=True)
def probe(flo, fhi, start, end, n, tab, meet):
    """Look every child of frontier[start:end] up in the other side's table (no stores).

    On a hit, meet (uint64[4]) = [parent index, child lo, child hi, depth in the other table]
    and returns -1; otherwise returns the number of children generated.
    """
    cells = np.empty(n, np.int64)
    size = BATCH_PARENTS * n
    clo = np.empty(size, np.uint64)
    chi = np.empty(size, np.uint64)
    cpar = np.empty(size, np.int64)
    cslot = np.empty(size, np.uint64)
    gen = 0
    acc = _Z
    for p0 in range(start, end, BATCH_PARENTS):
        p1 = min(end, p0 + BATCH_PARENTS)
        m, a = _batch(flo, fhi, p0, p1, n, cells, clo, chi, cpar, cslot, tab)
        acc ^= a
        gen += m
        for j in range(m):
            d = _lookup_from(tab, clo[j], chi[j], cslot[j])
            if d >= 0:
                meet[0] = np.uint64(cpar[j])
                meet[1] = clo[j]
                meet[2] = chi[j]
                meet[3] = np.uint64(d)
                return -1
    meet[3] = acc  # keeps the touching loads; overwritten on a hit
    return gen


@njit(cache=True, nogil=True)
def expand(flo, fhi, start, end, n, tab, count, max_count, depth, nlo, nhi, nn):
    """Store every new child of frontier[start:end] in the table (at depth) and the next frontier.

    count[0] (entries in table) and nn[0] (next-frontier length) are updated; count[1] is scratch.
    Stops early, before a batch of parents whose children might not fit, when count would pass
    max_count or the next frontier is full; returns the index of the first parent not expanded
    (end when all done).
    """
    cells = np.empty(n, np.int64)
    size = BATCH_PARENTS * n
    clo = np.empty(size, np.uint64)
    chi = np.empty(size, np.uint64)
    cpar = np.empty(size, np.int64)
    cslot = np.empty(size, np.uint64)
    dbits = np.uint64(depth) << _S56
    cap = nlo.shape[0]
    acc = _Z
    for p0 in range(start, end, BATCH_PARENTS):
        if count[0] + size > max_count or nn[0] + size > cap:
            count[1] = np.int64(acc)
            return p0
        p1 = min(end, p0 + BATCH_PARENTS)
        m, a = _batch(flo, fhi, p0, p1, n, cells, clo, chi, cpar, cslot, tab)
        acc ^= a
        for j in range(m):
            c_lo = clo[j]
            c_hi = chi[j]
            if _insert_from(tab, c_lo, c_hi | dbits, c_hi, cslot[j]):
                k = nn[0]
                nlo[k] = c_lo
                nhi[k] = c_hi
                nn[0] = k + 1
                count[0] += 1
    count[1] = np.int64(acc)  # keeps the touching loads
    return end


@njit(cache=True, nogil=True)
def walk_to_root(tab, lo, hi, n):
    """Positions from (lo, hi) down to the table's root (depth 0), following depth - 1 steps."""
    d = lookup(tab, lo, hi)
    plo = np.empty(d + 1, np.uint64)
    phi = np.empty(d + 1, np.uint64)
    plo[0] = lo
    phi[0] = hi
    for j in range(1, d + 1):
        clo, chi = neighbours(lo, hi, n)
        found = False
        for m in range(clo.shape[0]):
            if lookup(tab, clo[m], chi[m]) == d - j:
                lo = clo[m]
                hi = chi[m]
                found = True
                break
        if not found:
            return plo[:j], phi[:j]
        plo[j] = lo
        phi[j] = hi
    return plo, phi
