"""Compiled kernels of the peg solitaire solver (numba, no Qt).

Positions are uint64 bitboards (bit i = peg in hole i).  Sets of positions are open-addressing
hash tables over uint64 keys: ``key = position | depth << DEPTH_SHIFT``, 0 = empty slot.  Keys are
canonical forms: the minimum over a symmetry group of the position's images.  The images are carried
through every jump (``image_s ^= jmask[jump, s]``), so a child's canonical form costs one XOR and
one compare per symmetry.

A *move* is a chain of jumps by one peg.  ``expand`` generates, for every parent of a frontier,
every position one chain away (forward) or one reverse chain away (backward: one peg un-jumping
repeatedly), prunes, deduplicates against the side's table and checks the other side's table.
"""

from __future__ import annotations

import numpy as np
from pegapp.solvers._jit import njit

DEPTH_SHIFT = 58
POS_MASK = np.uint64((1 << DEPTH_SHIFT) - 1)
HASH_MUL = np.uint64(0x9E3779B97F4A7C15)

# status codes returned in state[ST_STATUS]
DONE = 0
NEED_SPACE = 1
MET = 2

ST_COUNT = 0      # keys in own table
ST_OUT = 1        # new positions written to out
ST_MEET = 2       # meeting position (canonical)
ST_MEET_D = 3     # its depth on the other side
ST_STATUS = 4
ST_CHILDREN = 5   # children generated (statistics)
ST_LIMIT = 6      # own table may hold this many keys before NEED_SPACE
ST_PRUNED = 7
ST_HARD = 8       # own table must never exceed this many keys (re-checked per child)


@njit(cache=True, inline="always")
def _slot(pos, shift):
    return (pos * HASH_MUL) >> shift


@njit(cache=True)
def table_lookup(keys, shift, pos):
    """Depth of pos in the table, or -1."""
    return _find(keys, np.uint64(keys.shape[0] - 1), shift, pos)


@njit(cache=True)
def table_insert_many(keys, shift, positions, depth):
    """Insert positions with depth (if absent); returns number of new keys."""
    mask = np.uint64(keys.shape[0] - 1)
    dk = np.uint64(depth) << np.uint64(DEPTH_SHIFT)
    pm = POS_MASK
    added = 0
    for t in range(positions.shape[0]):
        pos = positions[t]
        i = _slot(pos, shift)
        while True:
            k = keys[i]
            if k == 0:
                keys[i] = pos | dk
                added += 1
                break
            if (k & pm) == pos:
                break
            i = (i + np.uint64(1)) & mask
    return added


@njit(cache=True)
def table_rehash(old, new, shift):
    mask = np.uint64(new.shape[0] - 1)
    pm = POS_MASK
    for t in range(old.shape[0]):
        k = old[t]
        if k == 0:
            continue
        i = _slot(k & pm, shift)
        while new[i] != 0:
            i = (i + np.uint64(1)) & mask
        new[i] = k


@njit(cache=True)
def table_dump_raw(keys, out):
    """Write the non-empty keys (position and depth) into out; returns how many."""
    m = 0
    for t in range(keys.shape[0]):
        if keys[t] != 0:
            out[m] = keys[t]
            m += 1
    return m


@njit(cache=True, inline="always")
def _images(pos, symtab, nchunks, nsym, img):
    for s in range(nsym):
        v = np.uint64(0)
        p = pos
        for c in range(nchunks):
            v |= symtab[s, c, np.int64(p & np.uint64(255))]
            p >>= np.uint64(8)
        img[s] = v


@njit(cache=True, inline="always")
def _first_jumps(P, first_mask, first_val, cand):
    """The jumps a chain can start with from P, in order, into cand (as long as the jumps);
    returns how many. Without a branch (each index is stored, the count moves on where the jump
    fits): a dozen of some 76 fit, in no order a branch predictor learns, and the kernel of the
    level search ran a tenth faster on English's largest levels."""
    n = 0
    for j in range(first_mask.shape[0]):
        cand[n] = j
        n += (P & first_mask[j]) == first_val[j]
    return n


@njit(cache=True, inline="always")
def _step_images(st_img, base, jmask, j, nsym):
    """The images of the position st_img[base:base + nsym] after jump j, written just after
    it (st_img[base + nsym:base + 2 * nsym]); returns the least, the child's canonical form.
    Every chain walk takes its step here. A kernel called with nsym a constant (8, the square
    boards: see pegs._levels_kernel.children) gets this loop unrolled."""
    nb = base + nsym
    m = st_img[base] ^ jmask[j, 0]
    st_img[nb] = m
    for s in range(1, nsym):
        v = st_img[base + s] ^ jmask[j, s]
        st_img[nb + s] = v
        m = min(m, v)
    return m


@njit(cache=True, inline="always")
def _popcount(x):
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True, inline="always")
def _bound(pos, bnd):
    """Lower bound on the moves still needed, from disjoint Merson regions.

    bnd = [flip, single_mask, free, nreg, mode, reg_0 .. reg_{nreg-1}, pack table] (uint64).
    Singleton regions (holes no jump passes over) count when set in (pos ^ flip) & single_mask.
    A larger region counts when full (mode 0) or when not full (mode 1); pack[mask of counting
    regions] = the most pairwise disjoint ones.  Forward (to the goal): flip = 0, mode 0: regions
    full now each need a move starting inside them.  Backward (from the start S): flip = all holes,
    mode 1, regions full in S only: each region that is no longer full needed such a move.
    """
    c = _popcount((pos ^ bnd[0]) & bnd[1])
    nreg = np.int64(bnd[3])
    want = bnd[4] == 0
    m = 0
    for r in range(nreg):
        rm = bnd[5 + r]
        if ((pos & rm) == rm) == want:
            m |= 1 << r
    c += np.int64(bnd[5 + nreg + m])
    c -= np.int64(bnd[2])
    return c


@njit(cache=True)
def bound_many(positions, bnd, out):
    for i in range(positions.shape[0]):
        b = _bound(positions[i], bnd)
        out[i] = b if b > 0 else 0


@njit(cache=True)
def packing_table(conflict, out):
    """out[m] = largest set of pairwise disjoint regions among the regions in mask m."""
    out[0] = 0
    for m in range(1, out.shape[0]):
        low = m & -m
        r = 0
        while (1 << r) != low:
            r += 1
        a = out[m ^ low]
        b = 1 + out[m & ~conflict[r] & ~low]
        out[m] = a if a > b else b


@njit(cache=True, inline="always")
def _insert_new(keys, mask, shift, m, dk):
    """Insert m (depth key dk); True when it was absent."""
    pm = POS_MASK
    slot = _slot(m, shift)
    while True:
        k2 = keys[slot]
        if k2 == 0:
            keys[slot] = m | dk
            return True
        if (k2 & pm) == m:
            return False
        slot = (slot + np.uint64(1)) & mask


@njit(cache=True, inline="always")
def _find(keys, mask, shift, m):
    """Depth of m in keys, or -1."""
    pm = POS_MASK
    slot = _slot(m, shift)
    while True:
        k2 = keys[slot]
        if k2 == 0:
            return -1
        if (k2 & pm) == m:
            return np.int64(k2 >> np.uint64(DEPTH_SHIFT))
        slot = (slot + np.uint64(1)) & mask


@njit(cache=True)
def expand(frontier, i0, i1, depth, limit_total,
           keys, shift, other, oshift, out, state,
           first_mask, first_val, cont_mask, cont_val, nxt_hole, cstart, clist,
           jmask, symtab, nchunks, nsym, bnd, use_bound):
    """Expand frontier[i0:i1] (positions at `depth`) by one move (chain) each.

    The first jump of a chain is any jump j with (P & first_mask[j]) == first_val[j]; the peg
    then sits in nxt_hole[j] and may continue with the jumps clist[cstart[h]:cstart[h+1]] that
    satisfy (cur & cont_mask) == cont_val.  Forward: f, o full and t empty, continuing from t.
    Backward (reverse chains): t full, o and f empty, the peg continuing from f.

    New children (canonical, depth+1) go into keys and out; each is looked up in the other side's
    table (a hit ends the call with status MET).  With use_bound, a child whose lower bound on the
    moves still needed exceeds limit_total - depth - 1 is not stored (its chain continues).
    Returns the index of the next unexpanded parent.
    """
    mask = np.uint64(keys.shape[0] - 1)
    omask = np.uint64(other.shape[0] - 1)
    dk = np.uint64(depth + 1) << np.uint64(DEPTH_SHIFT)
    maxd = 72
    st_img = np.empty(maxd * nsym, dtype=np.uint64)
    st_hole = np.empty(maxd, dtype=np.int64)
    st_it = np.empty(maxd, dtype=np.int64)
    cand = np.empty(first_mask.shape[0], dtype=np.int64)
    count = state[ST_COUNT]
    out_n = state[ST_OUT]
    limit = state[ST_LIMIT]
    hard = state[ST_HARD]
    out_cap = out.shape[0]
    children = 0
    pruned = 0
    remaining = limit_total - depth - 1
    state[ST_STATUS] = DONE
    for i in range(i0, i1):
        if count >= limit or out_n >= out_cap:
            state[ST_COUNT] = count
            state[ST_OUT] = out_n
            state[ST_CHILDREN] += children
            state[ST_PRUNED] += pruned
            state[ST_STATUS] = NEED_SPACE
            return i
        P = frontier[i]
        _images(P, symtab, nchunks, nsym, st_img[0:nsym])
        for k0 in range(_first_jumps(P, first_mask, first_val, cand)):
            # first jump of a chain: stack level 0 holds the parent's images
            sp = 0
            j = cand[k0]
            it = -1
            while True:
                m = _step_images(st_img, sp * nsym, jmask, j, nsym)
                c = st_img[(sp + 1) * nsym]
                children += 1
                sp += 1
                h = nxt_hole[j]
                st_hole[sp] = h
                st_it[sp] = cstart[h]
                store = True
                if use_bound:
                    if _bound(c, bnd) > remaining:
                        pruned += 1
                        store = False
                if store and _insert_new(keys, mask, shift, m, dk):
                    count += 1
                    out[out_n] = m
                    out_n += 1
                    od = _find(other, omask, oshift, m)
                    if od >= 0:
                        state[ST_COUNT] = count
                        state[ST_OUT] = out_n
                        state[ST_CHILDREN] += children
                        state[ST_PRUNED] += pruned
                        state[ST_MEET] = np.int64(m)
                        state[ST_MEET_D] = od
                        state[ST_STATUS] = MET
                        return i + 1
                    if out_n >= out_cap or count >= hard:
                        # finish this parent later: re-expanding it is harmless (dedup)
                        state[ST_COUNT] = count
                        state[ST_OUT] = out_n
                        state[ST_CHILDREN] += children
                        state[ST_PRUNED] += pruned
                        state[ST_STATUS] = NEED_SPACE
                        return i
                # next continuation jump: depth-first over the stack (the tablebase kernel has
                # the same loop; a shared inlined helper measured 17% slower on the English
                # search, paired fresh processes, so the copy is deliberate)
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
    state[ST_COUNT] = count
    state[ST_OUT] = out_n
    state[ST_CHILDREN] += children
    state[ST_PRUNED] += pruned
    return i1


@njit(cache=True)
def reach_dfs(pos, goal, goal_any, first_mask, first_val, jmask, symtab, nchunks, nsym,
              dead, dead_shift, dead_count, cache, cache_shift, cache_depth, node_limit,
              path_out, pag, pag_min, npag):
    """Depth-first search over single jumps for any way from pos to the goal.

    Returns 1 (found; path_out[0:k] = the jumps, k in path_out[-1], -1 there when the search
    stopped at a position of the cache), 0 (none), -1 (node limit reached), -2 (dead table 70%
    full: grow it and call again).  dead: a hash set of
    canonical positions known not to reach the goal (filled as the search goes, up to 70%).
    cache (if cache_depth >= 0): positions within cache_depth moves of the goal, complete, so
    a position of at most cache_depth + 1 pegs that is not in it cannot reach the goal.
    pag[k, chunk, byte], pag_min[k] (k < npag): pagoda functions as byte tables; a position whose
    value under one of them is below pag_min[k] (the least value of a goal) cannot reach the
    goal."""
    nj = first_mask.shape[0]
    dmask = np.uint64(dead.shape[0] - 1)
    dead_cap = np.int64(dead.shape[0] * 0.7)
    dead_n = dead_count[0]
    cmask = np.uint64(cache.shape[0] - 1)
    npegs0 = _popcount(pos)
    stack_pos = np.empty(npegs0 + 1, dtype=np.uint64)
    stack_it = np.empty(npegs0 + 1, dtype=np.int64)
    img = np.empty(nsym, dtype=np.uint64)
    sp = 0
    stack_pos[0] = pos
    stack_it[0] = -1   # -1: position not examined yet
    nodes = 0
    while sp >= 0:
        p = stack_pos[sp]
        it = stack_it[sp]
        if it < 0:
            # examine p
            npg = _popcount(p)
            if npg == 1 and (goal_any or p == goal):
                for k in range(sp):
                    path_out[k] = path_out[k]
                path_out[path_out.shape[0] - 1] = sp
                return 1
            nodes += 1
            if nodes > node_limit:
                return -1
            # pagoda cut first: cheaper than the table look-ups, and never cuts a position
            # that can reach the goal
            cut = False
            for k in range(npag):
                v = np.int64(0)
                q = p
                for c in range(nchunks):
                    v += pag[k, c, np.int64(q & np.uint64(255))]
                    q >>= np.uint64(8)
                if v < pag_min[k]:
                    cut = True
                    break
            if cut:
                sp -= 1
                continue
            _images(p, symtab, nchunks, nsym, img)
            m = img[0]
            for s in range(1, nsym):
                if img[s] < m:
                    m = img[s]
            if cache_depth >= 0:
                if _find(cache, cmask, cache_shift, m) >= 0:
                    path_out[path_out.shape[0] - 1] = -1
                    return 1
                if npg <= cache_depth + 1:
                    sp -= 1
                    continue
            if _find(dead, dmask, dead_shift, m) >= 0:
                sp -= 1
                continue
            it = 0
        # next jump
        found = -1
        while it < nj:
            if (p & first_mask[it]) == first_val[it]:
                found = it
                it += 1
                break
            it += 1
        stack_it[sp] = it
        if found < 0:
            # p is dead
            _images(p, symtab, nchunks, nsym, img)
            m = img[0]
            for s in range(1, nsym):
                if img[s] < m:
                    m = img[s]
            if _insert_new(dead, dmask, dead_shift, m, np.uint64(0)):
                dead_n += 1
                dead_count[0] = dead_n
                if dead_n >= dead_cap:
                    return -2   # grow the table and call again (what it holds stays true)
            sp -= 1
            continue
        path_out[sp] = found
        sp += 1
        stack_pos[sp] = p ^ jmask[found, 0]
        stack_it[sp] = -1
    return 0
