"""Compiled kernels of the peg solver's level search (numba, no Qt): levels kept as sorted
arrays of canonical positions instead of hash tables (pegapp.solvers.pegs.levels).

``children`` writes every canonical child (one chain forward, or one reverse chain backward) of a
slice of a frontier into a buffer, with the Merson-region cut of the bounded search;
``sort_keys`` sorts each buffer in place and ``unique_sorted`` makes it distinct, and
``drop_members`` / ``first_member`` / ``merge_unique`` compare sorted arrays in one pass.
Positions are uint64 bitboards, as in pegapp.solvers.pegs._kernel.
"""

from __future__ import annotations

import threading

import numpy as np
from pegapp.solvers._jit import njit

from pegapp.solvers.pegs._kernel import _bound, _first_jumps, _images, _popcount, _step_images

#: room left in the buffer before a parent is expanded (more than one parent's children)
MARGIN = 1 << 16


def children(frontier, i0, i1, out, counts,
             first_mask, first_val, cont_mask, cont_val, nxt_hole, cstart, clist,
             jmask, symtab, nchunks, nsym, bnd, use_bound, remaining,
             ctab, cdelta, c_lo, c_hi, exempt, stop_chains, margin=MARGIN):
    """_children, with the symmetry count a constant on the square boards (8): the body is
    compiled twice, and in the copy for 8 the compiler unrolls the images' loops (measured on
    the English central game's largest levels: the kernel a quarter faster). The two copies
    are two kernels, chosen here, so a process compiles (or loads from numba's cache) only the
    one its board's symmetries need: one kernel holding both compiled both for any board, 6 s
    of the 10-14 s a first French search spends compiling (2026-12-07, issue #75)."""
    return children_kernel(nsym)(frontier, i0, i1, out, counts, first_mask, first_val, cont_mask, cont_val,
                  nxt_hole, cstart, clist, jmask, symtab, nchunks, nsym, bnd, use_bound,
                  remaining, ctab, cdelta, c_lo, c_hi, exempt, stop_chains, margin)


def children_kernel(nsym):
    """The copy of the children kernel for this symmetry count (see children): taken once a
    block by the level search's inner loop, which calls it without children's extra call."""
    return _children_8 if nsym == 8 else _children_any


@njit(cache=True, nogil=True)
def _children_8(frontier, i0, i1, out, counts,
                first_mask, first_val, cont_mask, cont_val, nxt_hole, cstart, clist,
                jmask, symtab, nchunks, nsym, bnd, use_bound, remaining,
                ctab, cdelta, c_lo, c_hi, exempt, stop_chains, margin):
    """children for eight symmetries, the count a constant the compiler unrolls."""
    return _children(frontier, i0, i1, out, counts, first_mask, first_val, cont_mask, cont_val,
                     nxt_hole, cstart, clist, jmask, symtab, nchunks, 8, bnd, use_bound,
                     remaining, ctab, cdelta, c_lo, c_hi, exempt, stop_chains, margin)


@njit(cache=True, nogil=True)
def _children_any(frontier, i0, i1, out, counts,
                  first_mask, first_val, cont_mask, cont_val, nxt_hole, cstart, clist,
                  jmask, symtab, nchunks, nsym, bnd, use_bound, remaining,
                  ctab, cdelta, c_lo, c_hi, exempt, stop_chains, margin):
    """children for any other number of symmetries."""
    return _children(frontier, i0, i1, out, counts, first_mask, first_val, cont_mask, cont_val,
                     nxt_hole, cstart, clist, jmask, symtab, nchunks, nsym, bnd, use_bound,
                     remaining, ctab, cdelta, c_lo, c_hi, exempt, stop_chains, margin)


@njit(cache=True, inline="always")
def _children(frontier, i0, i1, out, counts,
              first_mask, first_val, cont_mask, cont_val, nxt_hole, cstart, clist,
              jmask, symtab, nchunks, nsym, bnd, use_bound, remaining,
              ctab, cdelta, c_lo, c_hi, exempt, stop_chains, margin):
    """Write the canonical children of frontier[i0:i1] into out (duplicates included) and return
    the index of the next parent not expanded: the call stops early when out has less than
    margin free (MARGIN, more than any parent's children, but where a test's buffers are
    smaller than that; not before its first parent), and at a parent whose children run past the end
    of out (none of that parent's kept; -1 - i when out held nothing else: parent i needs a
    larger out, on a board whose chains branch a great deal, such as one with diagonal jumps).
    counts[0]: children written so far (the caller resets it), counts[1]: children
    generated, counts[2]: children cut by the bound (a child whose region bound exceeds
    remaining is not written; its chain goes on, as a later jump may empty the region).

    The chain loop is the one of pegs._kernel.expand (first jump by first_mask/first_val, then
    continuation jumps from the landing hole), with the symmetry images carried through every
    jump (one step of it, pegs._kernel._step_images, is every chain walk's).

    The counts (pegs.problem._Problem.count_args; ctab empty: none): a position's sum of each
    signed count k (the board's, and on the forward side the board's fitted pagoda functions
    for the goal), from ctab[k, chunk, byte] for the parent and cdelta[k, jump] along the
    chain. A child outside [c_lo[k], c_hi[k]] for any k is not written unless exempt holds it
    (the goals, the start). The sum only falls along a chain forward and only rises backward,
    so every child further along that chain is outside too (and none is exempt: the positions one jump from a
    goal or from the start are inside). With stop_chains (the count rule "any-stop",
    pegs.problem.COUNT_CUTS) the chain stops there: on French 37 positions six moves in, a third
    of the backward kernel's children and an eighth of the forward's were past such a child.
    Without it (the rules the catalogues were built under) the chain is walked on and each cut
    child takes room in the buffer's reckoning, as when the cut was made after the buffer
    (numpy, on the sorted children): the buffers end at the same parents, so the first meeting,
    and with it every line those catalogues hold, stays the same."""
    maxd = 72
    st_img = np.empty(maxd * nsym, dtype=np.uint64)
    st_hole = np.empty(maxd, dtype=np.int64)
    st_it = np.empty(maxd, dtype=np.int64)
    ncount = ctab.shape[0]
    st_cnt = np.zeros((maxd, max(ncount, 1)), dtype=np.int64)
    cand = np.empty(first_mask.shape[0], dtype=np.int64)
    n_out = counts[0]
    held = 0     # children the count cut, reckoned as if written without stop_chains (below)
    cap = out.shape[0]
    made = 0
    cut = 0
    for i in range(i0, i1):
        if n_out + held > 0 and n_out + held + margin > cap:
            counts[0] = n_out
            counts[1] += made
            counts[2] += cut
            return i
        P = frontier[i]
        n_parent, made_parent, cut_parent = n_out, made, cut
        _images(P, symtab, nchunks, nsym, st_img[0:nsym])
        for k in range(ncount):
            v = np.int64(0)
            q = P
            for ch in range(ctab.shape[1]):
                v += ctab[k, ch, np.int64(q & np.uint64(255))]
                q >>= np.uint64(8)
            st_cnt[0, k] = v
        for k0 in range(_first_jumps(P, first_mask, first_val, cand)):
            sp = 0
            j = cand[k0]
            while True:
                m = _step_images(st_img, sp * nsym, jmask, j, nsym)
                c = st_img[(sp + 1) * nsym]
                made += 1
                sp += 1
                h = nxt_hole[j]
                st_hole[sp] = h
                st_it[sp] = cstart[h]
                outside = False
                for k in range(ncount):
                    x = st_cnt[sp - 1, k] + cdelta[k, j]
                    st_cnt[sp, k] = x
                    outside = outside or x < c_lo[k] or x > c_hi[k]
                if outside:
                    outside = not _holds(exempt, m)
                if use_bound and _bound(c, bnd) > remaining:
                    cut += 1
                elif outside:
                    cut += 1
                    held += 1 - stop_chains
                else:
                    if n_out == cap:    # this parent is expanded again, into an emptier out
                        counts[0] = n_parent
                        counts[1] += made_parent
                        counts[2] += cut_parent
                        return i if n_parent > 0 else -1 - i
                    out[n_out] = m
                    n_out += 1
                if outside and stop_chains:
                    st_it[sp] = cstart[h + 1]     # no jump goes on from here
                j = -1
                while sp > 0:
                    h = st_hole[sp]
                    it = st_it[sp]
                    cur = st_img[sp * nsym]
                    end = cstart[h + 1]
                    while it < end:
                        jj = clist[it]
                        it += 1
                        if (cur & cont_mask[jj]) == cont_val[jj]:
                            j = jj
                            break
                    st_it[sp] = it
                    if j >= 0:
                        break
                    sp -= 1
                if j < 0:
                    break
    counts[0] = n_out
    counts[1] += made
    counts[2] += cut
    return i1


@njit(cache=True, inline="always")
def _holds(small, x):
    for k in range(small.shape[0]):
        if small[k] == x:
            return True
    return False


@njit(cache=True, nogil=True)
def unique_sorted(a, n):
    """Compact the sorted a[:n] to its distinct values in place; returns how many. Without a
    branch (each value is stored, the count moves on where it differs from the one before):
    a buffer of children repeats some 40% of its values, in no order a branch predictor learns:
    0.5-0.9 ns a value where the branch cost 4 ns (a French search six moves in: 0.13 -> 0.03 s).
    The comparison is with the value before, not the last one kept (the same, as a is sorted),
    so no step waits for the one before it."""
    if n == 0:
        return 0
    k = 1
    last = a[0]
    for i in range(1, n):
        x = a[i]
        a[k] = x
        k += x != last
        last = x
    return k


@njit(cache=True, inline="always")
def _seek(level, j, x):
    """The first index >= j of the sorted level whose value is >= x (galloping from j, so a
    pass over sorted values costs about log of each gap)."""
    return _seek_within(level, j, level.shape[0], x)


@njit(cache=True, inline="always")
def _seek_within(a, j, e, x):
    """_seek in a[:e]: the first index >= j of a[:e] whose value is >= x, or e (a packed
    level's bucket, or a whole level)."""
    if j >= e or a[j] >= x:
        return j
    step = 1
    while j + step < e and a[j + step] < x:
        j += step
        step *= 2
    lo, hi = j + 1, min(j + step, e)
    while lo < hi:
        mid = (lo + hi) // 2
        if a[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


@njit(cache=True, nogil=True)
def peg_range(a, n):
    """(fewest, most) pegs among the positions a[:n]; (64, -1) when n is 0."""
    lo, hi = 64, -1
    for i in range(n):
        c = _popcount(a[i])
        lo = min(lo, c)
        hi = max(hi, c)
    return lo, hi


@njit(cache=True, nogil=True)
def drop_members(a, n, level):
    """Compact the sorted distinct a[:n] to the values not in the sorted level (in place, one
    pass); returns how many are left."""
    m = level.shape[0]
    j = 0
    k = 0
    for i in range(n):
        x = a[i]
        j = _seek(level, j, x)
        if j < m and level[j] == x:
            continue
        a[k] = x
        k += 1
    return k


@njit(cache=True, nogil=True)
def first_member(a, n, level):
    """Index of the first value of the sorted a[:n] that is in the sorted level, or -1."""
    m = level.shape[0]
    j = 0
    for i in range(n):
        j = _seek(level, j, a[i])
        if j == m:
            return -1
        if level[j] == a[i]:
            return i
    return -1


@njit(cache=True, nogil=True)
def mark_members(a, level, hit):
    """hit[i] set where the sorted level holds a[i], for the sorted a (one pass, galloping in
    level as drop_members does; hit left as it is elsewhere): the disk search's membership of
    a block in a window of a level's file (sorted_keys._Cursor), where a binary search a key
    (numpy's searchsorted) took some 25 ns a key on English's levels."""
    m = level.shape[0]
    j = 0
    for i in range(a.shape[0]):
        x = a[i]
        j = _seek(level, j, x)
        if j == m:
            return
        if level[j] == x:
            hit[i] = True


@njit(cache=True, nogil=True)
def merge_unique(a, b, out):
    """Merge the sorted distinct a and b into out without repeats; returns the count. (With
    branches: the runs of a level come from blocks of sorted parents, whose children lie near
    their parents' values, so long stretches come from one side and the branches are learnt;
    a branch-free merge and one copying the stretches found by galloping were both slower in
    the search, 0.32 s and 0.28 s against 0.25 s on a French position six moves in, though the
    branch-free one is twice as fast on runs interleaved at random.)"""
    return _merge_into(a, 0, a.shape[0], b, 0, b.shape[0], out, 0)


@njit(cache=True, inline="always")
def _merge_into(a, i, na, b, j, nb, out, k):
    """Merge the sorted distinct a[i:na] and b[j:nb] into out from k on without repeats;
    returns the index after the last value written."""
    while i < na and j < nb:
        x = a[i]
        y = b[j]
        if x < y:
            out[k] = x
            i += 1
        elif y < x:
            out[k] = y
            j += 1
        else:
            out[k] = x
            i += 1
            j += 1
        k += 1
    while i < na:
        out[k] = a[i]
        i += 1
        k += 1
    while j < nb:
        out[k] = b[j]
        j += 1
        k += 1
    return k


# ------------------------------------------------------------ packed levels (pegs.packed)
# A level of positions above 32 bits kept as the sorted low 32 bits of each position, with the
# first index of each value of the bits above them (its bucket): half the bytes of the uint64
# array, read in the same sorted order. A lookup starts at its bucket.
_LOW = np.uint64(0xFFFFFFFF)


@njit(cache=True, nogil=True)
def pack(a, n, off, low):
    """Write the sorted a[:n] as buckets: off[b], the first index of bucket b (off[-1] = n),
    and low[i], the low 32 bits of a[i]."""
    nb = off.shape[0] - 1
    b = 0
    off[0] = 0
    for i in range(n):
        x = a[i]
        h = np.int64(x >> np.uint64(32))
        while b < h:
            b += 1
            off[b] = i
        low[i] = np.uint32(x & _LOW)
    while b < nb:
        b += 1
        off[b] = n


@njit(cache=True, nogil=True)
def unpack(off, low, i0, i1, out):
    """out[:i1 - i0] = the positions i0..i1-1 of the packed level."""
    lo, hi = 0, off.shape[0] - 1
    while lo + 1 < hi:     # the bucket of i0: the last b with off[b] <= i0
        mid = (lo + hi) // 2
        if off[mid] <= i0:
            lo = mid
        else:
            hi = mid
    b = lo
    for i in range(i0, i1):
        while off[b + 1] <= i:
            b += 1
        out[i - i0] = (np.uint64(b) << np.uint64(32)) | np.uint64(low[i])


@njit(cache=True, inline="always")
def _pass_packed(a, n, off, low, first):
    """One pass of the sorted a[:n] over a packed level, a bucket at a time, each value's low
    bits sought in its bucket as drop_members seeks it in a whole level: first, the index of
    the first value the level holds (or -1); else a[:n] compacted to the values it does not
    hold, and their count."""
    j = 0
    k = 0
    i = 0
    while i < n:
        b = a[i] >> np.uint64(32)
        e = off[np.int64(b) + 1]
        j = max(j, off[np.int64(b)])
        end = (b + np.uint64(1)) << np.uint64(32)
        while i < n and a[i] < end:
            x = a[i]
            key = np.uint32(x & _LOW)
            j = _seek_within(low, j, e, key)
            held = j < e and low[j] == key
            if first:
                if held:
                    return i
            elif not held:
                a[k] = x
                k += 1
            i += 1
    return -1 if first else k


@njit(cache=True, nogil=True)
def drop_members_packed(a, n, off, low):
    """drop_members with a packed level."""
    return _pass_packed(a, n, off, low, False)


@njit(cache=True, nogil=True)
def first_member_packed(a, n, off, low):
    """first_member with a packed level."""
    return _pass_packed(a, n, off, low, True)


@njit(cache=True, nogil=True)
def peg_range_packed(off, low):
    """peg_range of a packed level."""
    lo, hi = 64, -1
    for b in range(off.shape[0] - 1):
        if off[b] == off[b + 1]:
            continue
        high = _popcount(np.uint64(b))
        for i in range(off[b], off[b + 1]):
            c = high + _popcount(np.uint64(low[i]))
            lo = min(lo, c)
            hi = max(hi, c)
    return lo, hi


@njit(cache=True, nogil=True)
def merge_unique_packed(aoff, alow, boff, blow, ooff, olow):
    """merge_unique of two packed runs into a packed one (the buckets line up: each bucket's
    low bits merged on their own); returns the count."""
    k = 0
    for b in range(ooff.shape[0] - 1):
        ooff[b] = k
        k = _merge_into(alow, aoff[b], aoff[b + 1], blow, boff[b], boff[b + 1], olow, k)
    ooff[ooff.shape[0] - 1] = k
    return k


#: buckets shorter than this are finished by insertion sort (sort_keys)
_SHORT = 48
#: keys in the sort's scratch a thread keeps (sort_in_place): 8 MB at the most, not counted
#: against a search's budget (a chunk of children holds at most 2**23 keys; one larger than
#: this is split from the top byte down until its buckets fit)
SORT_SCRATCH = 1 << 20
_scratch = threading.local()


def sort_in_place(a: np.ndarray, bits: int | None = None) -> None:
    """sort_keys with this thread's scratch (grown to what a needs, up to SORT_SCRATCH keys):
    each thread of a search sorts its own chunks, so each keeps its own. bits None: the digits
    the largest key has (keys of no known width: no pass over bits every key lacks)."""
    if bits is None:
        bits = max(int(a.max()).bit_length(), 1) if len(a) else 1
    have = getattr(_scratch, "keys", None)
    want = min(len(a), SORT_SCRATCH)
    if have is None or len(have) < want:
        have = _scratch.keys = np.empty(max(want, 1 << 16), np.uint64)
    sort_keys(a, bits, have)


@njit(cache=True, nogil=True)
def _insertion(a, lo, hi):
    for i in range(lo + 1, hi):
        v = a[i]
        j = i - 1
        while j >= lo and a[j] > v:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = v


@njit(cache=True, nogil=True)
def _lsd(a, lo, hi, tmp, bits):
    """Sort a[lo:hi] (keys below 2**bits) through tmp: one pass counts every digit, then one
    stable pass a digit of at most 11 bits from the lowest up (French 37: four of 10 bits),
    each a stream the caches follow, where the in-place sort from the top jumps about."""
    n = hi - lo
    passes = max((bits + 10) // 11, 1)
    d = (bits + passes - 1) // passes
    nb = 1 << d
    mask = np.uint64(nb - 1)
    cnt = np.zeros((passes, nb), np.int64)
    for i in range(lo, hi):
        v = a[i]
        for p in range(passes):
            cnt[p, (v >> np.uint64(p * d)) & mask] += 1
    src = a[lo:hi]
    dst = tmp[:n]
    for p in range(passes):
        s = np.uint64(p * d)
        total = 0
        for b in range(nb):
            c = cnt[p, b]
            cnt[p, b] = total
            total += c
        for i in range(n):
            v = src[i]
            b = (v >> s) & mask
            dst[cnt[p, b]] = v
            cnt[p, b] += 1
        src, dst = dst, src
    if passes % 2 == 1:
        for i in range(n):
            a[lo + i] = tmp[i]


@njit(cache=True, nogil=True)
def sort_keys(a, bits, tmp):
    """Sort a (uint64 positions below 2**bits, a board's holes) in place. With a scratch array
    tmp at least as long as a, a radix sort from the lowest digit up (_lsd: some 10 ns a key on
    a French search's chunks of children, this machine); else a radix sort from the highest
    byte down, each bucket permuted in place by cycles (American flag sort), a bucket that
    tmp holds finished by _lsd and a short one by insertion (20-40 ns a key: numpy's sort of
    uint64 takes 40-70 here, with no SIMD sort of its own). The scratch is the caller's, so
    the bytes a search counts are its choice (sort_in_place keeps one of at most SORT_SCRATCH
    keys a thread, not counted, as a block of parents unpacked is not)."""
    n = a.shape[0]
    # the first index an int64 like the buckets' (a literal 0 compiled _insertion and _lsd
    # once more each, for it alone: 0.8 s of a first search's compile)
    first = np.int64(0)
    if n < _SHORT:
        _insertion(a, first, n)
        return
    lim = tmp.shape[0]
    if n <= lim:
        _lsd(a, first, n, tmp, bits)
        return
    # pending buckets (first, end, shift): fewer than 255 siblings wait at each of at most
    # eight digits
    stack = np.empty((8 * 256 + 1, 3), np.int64)
    stack[0, 0], stack[0, 1], stack[0, 2] = 0, n, max(bits - 8, 0)
    top = 1
    count = np.zeros(256, np.int64)
    nxt = np.zeros(256, np.int64)
    end = np.zeros(256, np.int64)
    mask = np.uint64(255)
    while top > 0:
        top -= 1
        lo, hi, sh = stack[top, 0], stack[top, 1], stack[top, 2]
        s = np.uint64(sh)
        count[:] = 0
        for i in range(lo, hi):
            count[(a[i] >> s) & mask] += 1
        p = lo
        for b in range(256):
            nxt[b] = p
            p += count[b]
            end[b] = p
        for b in range(256):            # each key to its bucket, following cycles
            while nxt[b] < end[b]:
                v = a[nxt[b]]
                d = (v >> s) & mask
                while d != b:
                    k = nxt[d]
                    w = a[k]
                    a[k] = v
                    nxt[d] = k + 1
                    v = w
                    d = (v >> s) & mask
                a[nxt[b]] = v
                nxt[b] += 1
        if sh == 0:
            continue
        start = lo
        for b in range(256):            # the next byte down within each bucket
            stop = end[b]
            m = stop - start
            if m >= _SHORT and m > lim:
                stack[top, 0], stack[top, 1], stack[top, 2] = start, stop, max(sh - 8, 0)
                top += 1
            elif m >= _SHORT:
                _lsd(a, start, stop, tmp, sh)
            elif m > 1:
                _insertion(a, start, stop)
            start = stop
