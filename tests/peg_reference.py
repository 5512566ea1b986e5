"""An independent model of peg solitaire for the tests: chains, replay and brute-force distances
from board.jumps alone (no code of pegapp.solvers), to check the solvers' answers against."""

from functools import lru_cache

import numpy as np


@lru_cache(maxsize=64)
def _jumps_from(jumps, n):
    """board.jumps by the hole jumped from, as (over bit, to bit, the three bits, to hole): a
    brute force of a 21-hole board looks at each peg's own few jumps, not every jump of the
    board for every peg, with the bits worked out once."""
    out = [[] for _ in range(n)]
    for f, o, t in jumps:
        out[f].append((1 << o, 1 << t, (1 << f) | (1 << o) | (1 << t), t))
    return out


def chains(board, pos):
    """(path, child) for every move from pos (every prefix of every chain), in the order of
    board.jumps from each peg, holes in order."""
    return _moves(board, pos, True)


def children(board, pos):
    """The positions one move after pos, as chains gives them but without their paths: the
    brute forces only need those, and a 21-hole board has some 300,000 positions to expand."""
    return _moves(board, pos, False)


def _moves(board, pos, with_paths):
    out = []
    jumps_from = _jumps_from(tuple(board.jumps), board.n)

    def rec(p, h, path):
        for over, to, flip, t in jumps_from[h]:
            if p & over and not p & to:
                q = p ^ flip
                if with_paths:
                    longer = path + [t]
                    out.append((longer, q))
                    rec(q, t, longer)
                else:
                    out.append(q)
                    rec(q, t, None)

    for h in range(board.n):
        if (pos >> h) & 1:
            rec(pos, h, [h] if with_paths else None)
    return out


def reverse_chains(board, pos):
    """Every position one reverse chain before pos: one peg un-jumping repeatedly (a move read
    backwards)."""
    out = []

    def rec(q, h):
        for f, o, t in board.jumps:
            if t == h and not (q >> o) & 1 and not (q >> f) & 1:
                r = q ^ (1 << f) ^ (1 << o) ^ (1 << t)
                out.append(r)
                rec(r, f)

    for h in range(board.n):
        if (pos >> h) & 1:
            rec(pos, h)
    return out


def play(board, pos, moves):
    """The position after moves; AssertionError on an illegal jump."""
    jumps = {(f, t): o for f, o, t in board.jumps}
    for move in moves:
        for a, b in zip(move, move[1:]):
            o = jumps[(a, b)]
            assert (pos >> a) & 1 and (pos >> o) & 1 and not (pos >> b) & 1, (move, a, b)
            pos ^= (1 << a) | (1 << o) | (1 << b)
    return pos


def reachable(board, start):
    """{position: [the positions one move after it]} for every position reachable from start,
    found a move at a time for a whole level of positions over arrays (_moves_of; a 21-hole
    board's 291,987 positions one at a time through children() took 4.7 s of CPU, 2026-12-07).
    Each list holds a position's children once each, in increasing order; the positions come
    level by level, in increasing order within a level."""
    after = {}
    for level, parent, child in _levels(board, start):
        flat = child.tolist()
        ends = np.searchsorted(parent, np.arange(len(level) + 1)).tolist()
        for k, p in enumerate(level.tolist()):
            after[p] = flat[ends[k]:ends[k + 1]]
    return after


def _levels(board, start):
    """For each level of the positions reachable from start (the positions one move further
    than the level before that no level before holds, sorted): (the level, and _moves_of's
    parent and child arrays of its moves)."""
    level = np.array([start], dtype=np.uint64)
    seen = level
    while len(level):
        parent, child = _moves_of(board, level)
        yield level, parent, child
        level = np.sort(child)
        level = level[np.concatenate((level[:1] == level[:1], level[1:] != level[:-1]))]
        at = np.minimum(np.searchsorted(seen, level), len(seen) - 1)
        level = level[seen[at] != level]
        seen = np.sort(np.concatenate((seen, level)))


def _reachable_arrays(board, start):
    """reachable(board, start) as arrays: (every position, sorted; for each move, the index of
    the position it is made from and of the one it reaches, sorted by the first)."""
    levels, src, dst = [], [], []
    for level, parent, child in _levels(board, start):
        levels.append(level)
        src.append(level[parent])
        dst.append(child)
    positions = np.sort(np.concatenate(levels))
    src = np.searchsorted(positions, np.concatenate(src))
    dst = np.searchsorted(positions, np.concatenate(dst))
    order = np.argsort(src, kind="stable")
    return positions, src[order], dst[order]


def _moves_of(board, level):
    """(parent, child) arrays of every move from the positions of level (numpy uint64), each
    pair once, sorted by parent (an index into level) and then child: every prefix of every
    chain, as children() gives them from one position, from board.jumps alone."""
    over, to, flip, hole_to, after_hole = _jump_arrays(tuple(board.jumps), board.n)
    parent, hole = np.nonzero((level[:, None] >> np.arange(board.n, dtype=np.uint64)) & 1 == 1)
    pos = level[parent]         # the chains so far: where each began, its end, the hole it is in
    parents, children = [parent[:0]], [pos[:0]]
    while len(pos):
        nexts = after_hole[hole]     # the jumps on from where each chain is
        index, k = np.nonzero((pos[:, None] & over[nexts] != 0) & (pos[:, None] & to[nexts] == 0))
        jump = nexts[index, k]
        parent, pos, hole = parent[index], pos[index] ^ flip[jump], hole_to[jump]
        parents.append(parent)
        children.append(pos)
    parent, child = np.concatenate(parents), np.concatenate(children)
    if len(level) < 1 << (64 - board.n):    # (parent, child) sorted as one number
        key = np.sort((parent.astype(np.uint64) << np.uint64(board.n)) | child)
        key = key[np.concatenate((key[:1] == key[:1], key[1:] != key[:-1]))]
        return ((key >> np.uint64(board.n)).astype(parent.dtype),
                key & np.uint64((1 << board.n) - 1))
    order = np.lexsort((child, parent))
    parent, child = parent[order], child[order]
    once = np.ones(len(parent), dtype=bool)
    once[1:] = (parent[1:] != parent[:-1]) | (child[1:] != child[:-1])
    return parent[once], child[once]


@lru_cache(maxsize=64)
def _jump_arrays(jumps, n):
    """board.jumps as arrays for _moves_of: each jump's over, to and three bits, the hole it
    lands in, and by hole the jumps from it (padded with a last jump that is never legal: no
    hole to jump over)."""
    over = np.array([1 << o for _f, o, _t in jumps] + [0], dtype=np.uint64)
    to = np.array([1 << t for _f, _o, t in jumps] + [0], dtype=np.uint64)
    flip = np.array([(1 << f) | (1 << o) | (1 << t) for f, o, t in jumps] + [0],
                    dtype=np.uint64)
    hole_to = np.array([t for _f, _o, t in jumps] + [0])
    by_hole = [[j for j, (f, _o, _t) in enumerate(jumps) if f == h] for h in range(n)]
    widest = max(1, max(len(x) for x in by_hole))
    after_hole = np.array([x + [len(jumps)] * (widest - len(x)) for x in by_hole])
    return over, to, flip, hole_to, after_hole


def brute_force_distances(board, start, goal, children=None):
    """Exact moves-to-goal of every position reachable from start that can reach goal
    (children: reachable(board, start), where the caller has it already; without, the
    positions are taken a peg count at a time over arrays, _distances_of)."""
    if children is None:
        return _distances_of(_reachable_arrays(board, start), goal)
    seen = set(children)
    dist = {goal: 0} if goal in seen else {}
    for p in sorted(seen, key=lambda x: bin(x).count("1")):  # chains remove pegs
        if p == goal:
            continue
        ds = [dist[q] for q in children[p] if q in dist]
        if ds:
            dist[p] = 1 + min(ds)
    return dist


def _distances_of(moves, goal):
    """brute_force_distances over _reachable_arrays' moves: a position's distance is one more
    than its nearest child's, the positions taken by their pegs, fewest first (each move takes
    one or more), a peg count at a time (Triangle 21's 291,987 positions a position at a time
    were half its brute force, 2026-12-07)."""
    positions, src, dst = moves
    far = np.iinfo(np.int64).max
    dist = np.full(len(positions), far, dtype=np.int64)
    g = int(np.searchsorted(positions, np.uint64(goal)))
    if g == len(positions) or positions[g] != goal:
        return {}
    dist[g] = 0
    pegs = np.bitwise_count(positions)
    by_pegs = pegs[src]
    for count in np.unique(pegs):
        at = np.flatnonzero(by_pegs == count)
        if not len(at):
            continue
        start = np.flatnonzero(np.concatenate(([True], src[at][1:] != src[at][:-1])))
        nearest = np.minimum.reduceat(dist[dst[at]], start)
        whose = src[at][start]
        won = nearest < far
        dist[whose[won]] = np.minimum(dist[whose[won]], nearest[won] + 1)
    won = dist < far
    return dict(zip(positions[won].tolist(), dist[won].tolist()))


def brute_force_goal_distances(board, start, goals, children=None):
    """brute_force_distances for several goals: the fewest moves to any of them (the positions
    reachable from start found once for all the goals, or given: reachable(board, start))."""
    moves = _reachable_arrays(board, start) if children is None else None
    best = {}
    for goal in goals:
        found = (_distances_of(moves, goal) if children is None else
                 brute_force_distances(board, start, goal, children))
        for p, d in found.items():
            best[p] = min(d, best.get(p, d))
    return best


def depths(board, start, canon, most):
    """{canon(position): fewest moves from start} for every position at most most moves from
    start, by breadth-first search over chains (canon: the caller's choice of one position of
    each symmetry class, of a uint64 array of positions at once), a level at a time over arrays
    (_moves_of; Triangle 21's seven moves a position at a time took 1.3 s, 2026-12-07). A
    class's positions have the classes of children alike, so the level goes on from canon's."""
    level = np.unique(canon(np.array([start], dtype=np.uint64)))
    depth = {int(level[0]): 0}
    seen = level
    for d in range(1, most + 1):
        if not len(level):
            break
        _parent, child = _moves_of(board, level)
        level = np.sort(canon(child))
        level = level[np.concatenate((level[:1] == level[:1], level[1:] != level[:-1]))]
        at = np.minimum(np.searchsorted(seen, level), len(seen) - 1)
        level = level[seen[at] != level]
        seen = np.sort(np.concatenate((seen, level)))
        depth.update(dict.fromkeys(level.tolist(), d))
    return depth
