"""Compiled kernels that build a peg solitaire tablebase (numba, no Qt).

Used by pegapp.solvers.pegs.tablebase.build(): by the script that generates the shipped tables
(packaging/build_tablebases.py) and by tests on small boards. Looking a position up in a table
needs none of this (numpy's searchsorted), so a hint never waits for these to compile.
"""

from __future__ import annotations

import numpy as np
from pegapp.solvers._jit import njit

from pegapp.solvers.pegs._kernel import _first_jumps, _images, _step_images
from pegapp.solvers.pegs._levels_kernel import sort_keys


@njit(cache=True, inline="always")
def _child_canon(img, jmask, j, nsym):
    """Canonical form of the child by jump j of the position whose images are img."""
    m = img[0] ^ jmask[j, 0]
    for s in range(1, nsym):
        v = img[s] ^ jmask[j, s]
        if v < m:
            m = v
    return m


@njit(cache=True)
def has_child_in(level, first_mask, first_val, jmask, symtab, nchunks, nsym, targets, out):
    """out[i] = 1 when some single jump takes level[i] to a canonical position in the sorted
    array targets."""
    nj = first_mask.shape[0]
    img = np.empty(nsym, dtype=np.uint64)
    nt = targets.shape[0]
    for i in range(level.shape[0]):
        p = level[i]
        _images(p, symtab, nchunks, nsym, img)
        out[i] = 0
        for j in range(nj):
            if (p & first_mask[j]) == first_val[j]:
                m = _child_canon(img, jmask, j, nsym)
                k = np.searchsorted(targets, m)
                if k < nt and targets[k] == m:
                    out[i] = 1
                    break


@njit(cache=True)
def _chain_children(P, first_mask, first_val, cont_mask, cont_val, nxt_hole, cstart, clist,
                    jmask, symtab, nchunks, nsym, st_img, st_hole, st_it, cand, out):
    """The canonical forms of every position one chain (a move: one peg jumping on, every prefix
    counted) from the canonical position P, into out; returns how many. A depth-first walk with
    explicit stacks (st_img holds the images of each step's position under every symmetry; cand,
    as long as the jumps, the first jumps that fit)."""
    _images(P, symtab, nchunks, nsym, st_img[0:nsym])
    n = 0
    for k0 in range(_first_jumps(P, first_mask, first_val, cand)):
        sp = 0
        j = cand[k0]
        while True:
            m = _step_images(st_img, sp * nsym, jmask, j, nsym)
            if n == out.shape[0]:
                raise ValueError("more chains from one position than the buffer holds")
            out[n] = m
            n += 1
            sp += 1
            h = nxt_hole[j]
            st_hole[sp] = h
            st_it[sp] = cstart[h]
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
    return n


_MAX_DEPTH = 72        # chain steps a walk can stack (a board of up to 64 holes)
_MAX_CHAINS = 1 << 14  # moves from one position


@njit(cache=True, inline="always")
def _walk_stacks(nsym, njumps):
    """The scratch of _chain_children, made once per call of a kernel that walks many
    positions: each step's images, landing hole and next continuation, and the first jumps."""
    return (np.empty(_MAX_DEPTH * nsym, dtype=np.uint64), np.empty(_MAX_DEPTH, dtype=np.int64),
            np.empty(_MAX_DEPTH, dtype=np.int64), np.empty(njumps, dtype=np.int64))


@njit(cache=True)
def chain_distances(level, keys, dist, first_mask, first_val, cont_mask, cont_val, nxt_hole,
                    cstart, clist, jmask, symtab, nchunks, nsym):
    """For each position of level (all with the same number of pegs, all in keys): dist = 1 +
    the least dist of a position one chain (a move) away, over every chain and every prefix of
    one; dist must already hold the values of every position with fewer pegs (255 = none)."""
    nk = keys.shape[0]
    st_img, st_hole, st_it, cand = _walk_stacks(nsym, first_mask.shape[0])
    children = np.empty(_MAX_CHAINS, dtype=np.uint64)
    for i in range(level.shape[0]):
        P = level[i]
        n = _chain_children(P, first_mask, first_val, cont_mask, cont_val, nxt_hole, cstart,
                            clist, jmask, symtab, nchunks, nsym, st_img, st_hole, st_it, cand,
                            children)
        best = 255
        for c in range(n):
            k = np.searchsorted(keys, children[c])
            if k < nk and keys[k] == children[c] and dist[k] < best:
                best = dist[k]
        k = np.searchsorted(keys, P)
        if best < 255:
            dist[k] = best + 1


@njit(cache=True)
def keep_lines(level, keys, dist, kept, votes, first_mask, first_val, cont_mask, cont_val,
               nxt_hole, cstart, clist, jmask, symtab, nchunks, nsym):
    """For each index i of level (positions with one number of pegs, all kept, in key order)
    whose distance is above 0 and none of whose children one move nearer the goal is kept
    already: keep one of those children (kept[k] = 1), the one that most such positions of the
    level share (votes counts them; the smallest key among equals), so that lines merge."""
    nk = keys.shape[0]
    st_img, st_hole, st_it, cand = _walk_stacks(nsym, first_mask.shape[0])
    children = np.empty(_MAX_CHAINS, dtype=np.uint64)
    best_ones = np.empty(_MAX_CHAINS, dtype=np.int64)
    for rnd in range(2):  # round 0 counts the votes, round 1 keeps
        for idx in range(level.shape[0]):
            i = level[idx]
            if dist[i] == 0:
                continue
            n = _chain_children(keys[i], first_mask, first_val, cont_mask, cont_val, nxt_hole,
                                cstart, clist, jmask, symtab, nchunks, nsym, st_img, st_hole,
                                st_it, cand, children)
            nb = 0
            done = False
            for c in range(n):
                k = np.searchsorted(keys, children[c])
                if k < nk and keys[k] == children[c] and dist[k] == dist[i] - 1:
                    if kept[k]:
                        done = True
                        break
                    seen = False
                    for f in range(nb):
                        if best_ones[f] == k:
                            seen = True
                            break
                    if not seen:
                        best_ones[nb] = k
                        nb += 1
            if done or nb == 0:
                continue
            best = -1
            for f in range(nb):
                k = best_ones[f]
                if rnd == 0:
                    votes[k] += 1
                elif best < 0 or votes[k] > votes[best] or (votes[k] == votes[best] and k < best):
                    best = k
            if rnd == 1:
                kept[best] = 1


_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True)
def _hash_insert(table, shift, x):
    """Put x (never 0: a position has a peg) in the open-addressing set table; True if new."""
    last = np.uint64(table.shape[0] - 1)
    k = (x * _GOLDEN) >> shift
    while True:
        v = table[k]
        if v == x:
            return False
        if v == 0:
            table[k] = x
            return True
        k = (k + np.uint64(1)) & last


@njit(cache=True)
def unique_children(level, first_mask, first_val, jmask, symtab, nchunks, nsym, bits):
    """The sorted distinct canonical forms of every position one jump from a position of level:
    a hash set of 2**bits slots, doubled whenever it is half full, then sorted. The same array
    np.unique over every child gives, without sorting the duplicates (a level's children are
    ten or more times its distinct ones): three quarters of a build's time went to that sort."""
    nj = first_mask.shape[0]
    img = np.empty(nsym, dtype=np.uint64)
    table = np.zeros(1 << bits, dtype=np.uint64)
    shift = np.uint64(64 - bits)
    count = 0
    for i in range(level.shape[0]):
        p = level[i]
        _images(p, symtab, nchunks, nsym, img)
        for j in range(nj):
            if (p & first_mask[j]) == first_val[j]:
                m = _child_canon(img, jmask, j, nsym)
                if _hash_insert(table, shift, m):
                    count += 1
                    if 2 * count > table.shape[0]:
                        bits += 1
                        shift = np.uint64(64 - bits)
                        bigger = np.zeros(1 << bits, dtype=np.uint64)
                        for v in table:
                            if v != 0:
                                _hash_insert(bigger, shift, v)
                        table = bigger
    out = np.empty(count, dtype=np.uint64)
    n = 0
    top = np.uint64(0)
    for v in table:
        if v != 0:
            out[n] = v
            n += 1
            top |= v
    # the search's radix sort, the hash table its scratch (twice as long, no longer needed):
    # numpy's sort compiled its quicksort anew in each process that builds (some 3 s)
    width = 0
    while width < 64 and (top >> np.uint64(width)) != 0:
        width += 1
    sort_keys(out, width, table)
    return out


# ------------------------------------------------------------ bounded tables (pegs.bounded)

@njit(cache=True)
def mark_members(keys, val, block, j):
    """val[k] = j for every keys[k] (sorted) that the sorted block holds and that has no value
    yet (255): one pass over both, the block's positions being one level of the backward
    search, exactly j moves from the goal."""
    nk = keys.shape[0]
    k = np.searchsorted(keys, block[0]) if block.shape[0] else nk
    marked = 0
    for i in range(block.shape[0]):
        x = block[i]
        while k < nk and keys[k] < x:
            k += 1
        if k == nk:
            break
        if keys[k] == x and val[k] == 255:
            val[k] = j
            marked += 1
    return marked


@njit(cache=True)
def assign_parents(nearer, keys, depth, val, j, most_depth, first_mask, first_val, cont_mask,
                   cont_val, nxt_hole, cstart, clist, jmask, symtab, nchunks, nsym):
    """val[k] = j for every position keys[k] that one chain leads from to a position of nearer
    (all j - 1 moves from the goal), that has no value yet and that lies at most most_depth
    moves from the start (depth[k]): the chains are walked backwards (the backward tables:
    un-jumps), and each position they reach is looked up in keys. Returns how many."""
    nk = keys.shape[0]
    st_img, st_hole, st_it, cand = _walk_stacks(nsym, first_mask.shape[0])
    found = np.empty(_MAX_CHAINS, dtype=np.uint64)
    assigned = 0
    for i in range(nearer.shape[0]):
        n = _chain_children(nearer[i], first_mask, first_val, cont_mask, cont_val, nxt_hole,
                            cstart, clist, jmask, symtab, nchunks, nsym, st_img, st_hole, st_it,
                            cand, found)
        for c in range(n):
            k = np.searchsorted(keys, found[c])
            if k < nk and keys[k] == found[c] and val[k] == 255 and depth[k] <= most_depth:
                val[k] = j
                assigned += 1
    return assigned
