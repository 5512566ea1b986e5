"""The numba kernels of the distance tables (pegapp.solvers.sliding._tables) and of the pattern
databases (pegapp.solvers.sliding.pdb): one breadth-first level per call. A module of their own so that
numba loads only when a table is built or a pattern-database search runs, not with the puzzles
that use the tables (the game window opens without numba).
"""

from __future__ import annotations

import numpy as np

#: not reached, as in pegapp.solvers.sliding._tables.UNREACHED (which imports this module only when it
#: builds a table, so the value is repeated here, not imported: no import circle)
UNREACHED = 255

try:  # numba is a dependency, but keep the module importable without it
    from pegapp.solvers._jit import njit as _njit
except ImportError:  # pragma: no cover
    _njit = None


def kernel(**options):
    """numba.njit with an on-disk compile cache when there is somewhere to put it (a frozen
    app has no source files next to the code, and numba refuses cache=True there)."""
    def decorate(fn):
        try:
            return _njit(cache=True, **options)(fn)
        except RuntimeError:  # pragma: no cover - "no locator available"
            return _njit(**options)(fn)
    return decorate


njit = kernel if _njit is not None else None


# ----------------------------------------------------------------------------------------------
# numba kernels

if njit is not None:
    @njit()
    def _rank_nb(p, n):  # pragma: no cover - compiled
        """Lehmer rank, as _tables.rank: digit i is p[i] less the values before it below p[i]
        (a mask of those seen, counted by a branch-free popcount of at most 16 bits). The pass
        over the values after each position it replaced made a 2x5 table's build 0.8 s of
        branches the processor could not predict."""
        r = 0
        seen = 0
        for i in range(n):
            pi = p[i]
            x = seen & ((1 << pi) - 1)
            x = x - ((x >> 1) & 0x5555)
            x = (x & 0x3333) + ((x >> 2) & 0x3333)
            x = (x + (x >> 4)) & 0x0F0F
            x = (x + (x >> 8)) & 0x1F
            r = r * (n - i) + pi - x
            seen |= 1 << pi
        return r

    @njit()
    def _slide_level_nb(queue, lo, hi, tail, dist, adj, nadj, n, d):  # pragma: no cover
        """Expand queue[lo:hi] (boards packed 4 bits a cell) into level d + 1; returns new tail."""
        p = np.empty(n, np.int8)
        for qi in range(lo, hi):
            code = queue[qi]
            blank = 0
            for i in range(n):
                v = (code >> (4 * i)) & 15
                p[i] = v
                if v == 0:
                    blank = i
            for k in range(nadj[blank]):
                j = adj[blank, k]
                v = p[j]
                p[blank] = v
                p[j] = 0
                r = _rank_nb(p, n)
                if dist[r] == UNREACHED:
                    dist[r] = d + 1
                    queue[tail] = code + (np.int64(v) << (4 * blank)) - (np.int64(v) << (4 * j))
                    tail += 1
                p[j] = v
                p[blank] = 0
        return tail

    @njit()
    def _perm_level_nb(queue, lo, hi, tail, dist, perms, n, d):  # pragma: no cover
        """Same for fixed permutation moves: new[i] = old[perms[m, i]]."""
        p = np.empty(n, np.int8)
        q = np.empty(n, np.int8)
        nm = perms.shape[0]
        for qi in range(lo, hi):
            code = queue[qi]
            for i in range(n):
                p[i] = (code >> (4 * i)) & 15
            for m in range(nm):
                newcode = np.int64(0)
                for i in range(n):
                    v = p[perms[m, i]]
                    q[i] = v
                    newcode |= np.int64(v) << (4 * i)
                r = _rank_nb(q, n)
                if dist[r] == UNREACHED:
                    dist[r] = d + 1
                    queue[tail] = newcode
                    tail += 1
        return tail


# -------------------------------------------- the pattern databases' IDA* (pdb._ida_run)

@kernel(inline="always")
def _ida_descend(depth, t, m, b, g, vg, gr, vr, newn, newr, board, moves, blank, prev, it, hn, hr,
                 gval, rval, ug, ugv, ur, urv, use_ref):  # pragma: no cover - compiled
    """_ida_run's step down: tile t slides from cell m into the blank b, reaching `depth`. Records
    what _ida_back needs to undo it (the changed group and its old value, plain and reflected)."""
    board[b] = t
    board[m] = 0
    moves[depth - 1] = t
    ug[depth] = g
    ugv[depth] = gval[g]
    gval[g] = vg
    if use_ref:
        ur[depth] = gr
        urv[depth] = rval[gr]
        rval[gr] = vr
    blank[depth] = m
    prev[depth] = b
    it[depth] = 0
    hn[depth] = newn
    hr[depth] = newr


@kernel(inline="always")
def _ida_back(depth, board, fpos, rpos, moves, blank, prev, gval, rval, ug, ugv, ur, urv, use_ref,
              tmap, fcell, rcell):  # pragma: no cover - compiled
    """_ida_run's step back from `depth` (> 0): the move into it undone, tile, cells and group
    values as they were one level up."""
    t = moves[depth - 1]
    b = blank[depth]      # where the tile came from (blank now)
    c = prev[depth]       # where it went
    board[b] = t
    board[c] = 0
    fpos[t] = fcell[t, b]
    gval[ug[depth]] = ugv[depth]
    if use_ref:
        rpos[tmap[t]] = rcell[t, b]
        rval[ur[depth]] = urv[depth]
