"""Compiled kernel of the decide pass (pegapp.solvers.pegs.decide; numba, no Qt).

A depth-first search over single jumps that carries along each position of its path what the
other depth-first search (pegs._kernel.reach_dfs) computes again at every node: the position's
sums under every pagoda function (a jump adds delta[j, k] to function k's), and its images under
the symmetries (a jump XORs jmask[j, s] into image s). So a cut by some seventy functions costs
some seventy additions and compares a node, not seventy times six table look-ups.
"""

from __future__ import annotations

import numpy as np

from pegapp.solvers._jit import njit
from pegapp.solvers.pegs._kernel import _find, _insert_new, _popcount


@njit(cache=True)
def decide_dfs(pos, goal, first_mask, first_val, jmask, delta, sums0, thr, img0, nsym, dead,
               dead_shift, dead_count, node_limit, path_out, nodes_out):
    """Whether pos reaches goal (a single peg) by jumps.

    Returns 1 (found: path_out[0:k] the jumps' indices, k in path_out[-1]), 0 (none: every
    position reachable from pos that no pagoda function cuts was searched), -1 (node_limit
    positions examined first) or -2 (the table of dead positions 70% full: grow it and call
    again; what it holds stays true). nodes_out[0] += the positions examined.

    Jumps j in the order given: first_mask[j] / first_val[j] test whether j can be made,
    jmask[j, s] is its bits under symmetry s (s = 0 the identity). delta[j, k]: the change of
    pagoda function k's sum by jump j; sums0[k] the sums of pos, thr[k] the least sum a
    position other than the goal itself needs (below it, the goal is out of reach). img0[s]:
    pos under symmetry s. dead: a hash set of canonical positions (the least image) proven not
    to reach the goal."""
    nj = first_mask.shape[0]
    npag = thr.shape[0]
    dmask = np.uint64(dead.shape[0] - 1)
    dead_cap = np.int64(dead.shape[0] * 0.7)
    dead_n = dead_count[0]
    depth = _popcount(pos) + 1
    stack_pos = np.empty(depth, dtype=np.uint64)
    stack_it = np.empty(depth, dtype=np.int64)
    stack_sum = np.empty((depth, max(npag, 1)), dtype=np.int64)
    stack_img = np.empty((depth, nsym), dtype=np.uint64)
    stack_pos[0] = pos
    stack_it[0] = -1
    for k in range(npag):
        stack_sum[0, k] = sums0[k]
    for s in range(nsym):
        stack_img[0, s] = img0[s]
    nodes = 0
    sp = 0
    while sp >= 0:
        p = stack_pos[sp]
        it = stack_it[sp]
        if it < 0:
            if p == goal:
                path_out[path_out.shape[0] - 1] = sp
                nodes_out[0] += nodes
                return 1
            nodes += 1
            if nodes > node_limit:
                nodes_out[0] += nodes
                return -1
            cut = False
            for k in range(npag):
                if stack_sum[sp, k] < thr[k]:
                    cut = True
                    break
            if cut:
                sp -= 1
                continue
            m = stack_img[sp, 0]
            for s in range(1, nsym):
                if stack_img[sp, s] < m:
                    m = stack_img[sp, s]
            if _find(dead, dmask, dead_shift, m) >= 0:
                sp -= 1
                continue
            it = 0
        found = -1
        while it < nj:
            if (p & first_mask[it]) == first_val[it]:
                found = it
                it += 1
                break
            it += 1
        stack_it[sp] = it
        if found < 0:
            m = stack_img[sp, 0]
            for s in range(1, nsym):
                if stack_img[sp, s] < m:
                    m = stack_img[sp, s]
            if _insert_new(dead, dmask, dead_shift, m, np.uint64(0)):
                dead_n += 1
                dead_count[0] = dead_n
                if dead_n >= dead_cap:
                    nodes_out[0] += nodes
                    return -2
            sp -= 1
            continue
        path_out[sp] = found
        nxt = sp + 1
        stack_pos[nxt] = p ^ jmask[found, 0]
        stack_it[nxt] = -1
        for k in range(npag):
            stack_sum[nxt, k] = stack_sum[sp, k] + delta[found, k]
        for s in range(nsym):
            stack_img[nxt, s] = stack_img[sp, s] ^ jmask[found, s]
        sp = nxt
    nodes_out[0] += nodes
    return 0


@njit(cache=True)
def beam_children(front, sums, imgs, moves, last, first_mask, first_val, jmask, jf, jt, delta,
                  thr, goal, dist, nbrs, out_child, out_parent, out_jump, out_canon, out_score,
                  out_moves, out_last):
    """One level of the decide pass's beam: every child of the positions of front (jumps in the
    order given) that no pagoda function cuts (the goal itself always kept), with its parent's
    index, its jump, its canonical form (the least image; imgs[i, s]: front[i] under symmetry
    s), its score (the sum of dist over its pegs plus 3 for each peg with no neighbour in
    nbrs: the fewer the better), its moves so far (a jump from where the last one ended goes on
    with that move) and the hole it ended in. Returns how many (the caller carries the sums
    and images of the children it keeps from their parents'). out_*: room for every child."""
    n = 0
    npag = thr.shape[0]
    nsym = imgs.shape[1]
    nh = dist.shape[0]
    for i in range(front.shape[0]):
        p = front[i]
        for j in range(first_mask.shape[0]):
            if (p & first_mask[j]) != first_val[j]:
                continue
            c = p ^ jmask[j, 0]
            keep = True
            if c != goal:
                for k in range(npag):
                    if sums[i, k] + delta[j, k] < thr[k]:
                        keep = False
                        break
            if not keep:
                continue
            m = imgs[i, 0] ^ jmask[j, 0]
            for s in range(1, nsym):
                v = imgs[i, s] ^ jmask[j, s]
                if v < m:
                    m = v
            score = 0
            for h in range(nh):
                if (c >> np.uint64(h)) & np.uint64(1):
                    score += dist[h]
                    if (c & nbrs[h]) == 0:
                        score += 3
            out_child[n] = c
            out_parent[n] = i
            out_jump[n] = j
            out_canon[n] = m
            out_score[n] = score
            out_moves[n] = moves[i] + (1 if jf[j] != last[i] else 0)
            out_last[n] = jt[j]
            n += 1
    return n
