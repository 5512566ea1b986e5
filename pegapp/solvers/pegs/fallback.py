"""Winning lines without a proof (no Qt): the beam search that gives a first winning move on the
big boards, the depth-first search over jumps (also the dead-end verdict), and the shortening of a
line's end by exact searches. None of them proves a minimum; their lines bound the proof."""

from __future__ import annotations

import time

import numpy as np

from pegapp.core.messages import msg

from pegapp.solvers.pegs.level_search import _search_levels
from pegapp.solvers.pegs.problem import (_NO_BOUND, K, _Memory, _Problem, byte_sums,
                                         position_bytes)
from pegapp.solvers.pegs._tables import popcount
from pegapp.solvers.result import Cancelled, TooLarge

#: the exact searches that shorten a fallback solution stop growing past one that stored this
#: many positions (a count, not a clock: the same answer on any machine at any load)
SHORTEN_POSITIONS = 20_000_000
#: the bytes a search holds per position stored at most (a sorted level, 8, and its runs while
#: they merge): turns a count of positions into the memory budget that enforces it
_BYTES_PER_POSITION = 16
#: the stretches shorten_windows replaces in a fallback's line, in moves (the catalogue build
#: takes its own from its header: 16 where it names one)
WINDOW_MOVES = 16
_pagoda_memo: dict = {}


def _pagoda_arrays(prob: _Problem):
    """Byte tables and thresholds of the board's pagoda functions for prob's goals (checked
    against every jump of the board when derived).

    A position of two pegs or more reaches a goal through the position just before the last
    jump, the two pegs f and o of a jump into the goal; the sum never grows, so the threshold
    is the least p(f) + p(o) over those jumps, not the goal's own p (which is never more). The
    callers recognise a goal itself before they cut."""
    g = prob.g
    key = (id(g), tuple(sorted(prob.goals)))
    hit = _pagoda_memo.get(key)
    if hit is not None and hit[0] is g:
        return hit[1], hit[2]
    pags = g.pagodas(prob.goals)
    holes = {x.bit_length() - 1 for x in prob.goals}
    tab = g.pagoda_tables(pags)
    thr = np.array([min([p[f] + p[o] for f, o, t in g.jumps if t in holes]
                        or [p[h] for h in holes]) for p in pags], dtype=np.int64)
    _pagoda_memo[key] = (g, tab, thr)
    return tab, thr


#: a dead end's reason in words when a signed count rules the goal out (count_reason, and the
#: decide pass's certificates: pegs.decide)
COUNT_REASON = msg("a count: a peg in a hole no jump passes over can leave only by jumping, and "
                   "each such jump removes a peg of the kind it jumps over (on a square board, "
                   "the other colour of a draughtboard); here those pegs are too few for the "
                   "goal")
#: the same when a pagoda function does
PAGODA_REASON = msg("a pagoda function: the sum of its weights over the pegs never grows with a "
                    "jump, and here it is already below what the goal needs")


def count_reason(prob: _Problem):
    """Why prob's goal is out of reach by a pagoda function alone (a msg), or None.

    The position's sum under one of the board's pagoda functions is already below the least
    sum of a position one jump from the goal, and no jump raises it: no search is needed, and
    the reason can be said in words. The signed function of holes no jump passes over has its
    own words: that count is what decides most problems of the 41-hole diamond."""
    if prob.position in prob.goals:
        return None
    pag, pag_min = _pagoda_arrays(prob)
    # the position's sum under every function at once (byte_sums a function at a time was
    # most of the time of a count_verdict, which a hint asks of each finish)
    chunks = range(pag.shape[1])
    sums = pag[:, chunks, [(prob.position >> (8 * c)) & 255 for c in chunks]].sum(axis=1)
    for k, threshold in enumerate(pag_min):
        if sums[k] >= threshold:
            continue
        if pag[k].min() < 0:
            return COUNT_REASON
        return PAGODA_REASON
    return None


def _jump_order(prob: _Problem, g, goal_any: bool, restart: int = 0):
    """Jump tables reordered for the depth-first search: jumps from far from the goal (the
    centre of the board for any-hole goals) landing near it first. restart > 0 shuffles that
    order by seeded noise (half the board's largest squared distance): a depth-first search's
    time to a solution is heavy-tailed, and a fresh order escapes a bad early commitment."""
    co = g.board.coords
    if goal_any:
        gx = sum(x for x, _ in co) / len(co)
        gy = sum(y for _, y in co) / len(co)
    else:
        gx, gy = co[prob.goals[0].bit_length() - 1]

    def d2(h):
        return (co[h][0] - gx) ** 2 + (co[h][1] - gy) ** 2

    keys = [d2(t) - d2(f) for f, _o, t in g.jumps]
    if restart:
        scale = 0.5 * max(d2(h) for h in range(g.n))
        noise = np.random.default_rng(restart).normal(size=len(keys)) * scale
        keys = [k + x for k, x in zip(keys, noise)]
    order = np.array(sorted(range(len(g.jumps)), key=lambda j: (keys[j], j)), dtype=np.int64)
    fm = np.ascontiguousarray(g.kfwd[0][order])
    fv = np.ascontiguousarray(g.kfwd[1][order])
    jm = np.ascontiguousarray(prob.jmask[order])
    return fm, fv, jm, order


def _reach(prob: _Problem, node_limit: int, cached=None, stop=None, chunk: int = 5_000_000,
           max_bytes: int | None = None):
    """(status, jumps): status 1 found, 0 none, -1 node limit (or stop()); jumps (f, t) of a
    solution when found without the cache. With stop, the kernel runs chunk nodes at a time,
    each chunk after the first from a freshly shuffled jump order (restarts; the table of dead
    positions is kept, so what was learnt stays), until stop() or node_limit. max_bytes bounds
    that table: full at its largest size, it is emptied and starts again rather than grow."""
    g = prob.g
    goal_any = prob.finish is None
    goal = 0 if goal_any else prob.goals[0]
    bits = 16
    dead = np.zeros(1 << bits, dtype=np.uint64)
    dead_count = np.zeros(1, dtype=np.int64)
    if cached is not None:
        cache, cshift, cdepth = cached.keys, np.uint64(64 - cached.bits), cached.depth
    else:
        cache, cshift, cdepth = np.zeros(2, dtype=np.uint64), np.uint64(63), -1
    path = np.zeros(popcount(prob.position) + 2, dtype=np.int64)
    okey = ("order", id(g), goal_any, goal, tuple(prob.perms))
    memo = _pagoda_memo.get(okey)
    if memo is not None and memo[0] is g:
        fm, fv, jm, order = memo[1]
    else:
        fm, fv, jm, order = _jump_order(prob, g, goal_any)
        _pagoda_memo[okey] = (g, (fm, fv, jm, order))
    pag, pag_min = _pagoda_arrays(prob)
    searched = 0
    restart = 0
    while True:
        limit = node_limit if stop is None else min(chunk, node_limit - searched)
        st = K.reach_dfs(np.uint64(prob.position), np.uint64(goal), goal_any, fm, fv,
                         jm, prob.symtab, prob.nchunks, prob.nsym, dead,
                         np.uint64(64 - bits), dead_count, cache, cshift, cdepth, limit, path,
                         pag, pag_min, len(pag_min))
        if st == -1 and stop is not None:
            searched += limit
            if searched < node_limit and not stop():
                restart += 1
                fm, fv, jm, order = _jump_order(prob, g, goal_any, restart)
                continue
        if st != -2:
            break
        if max_bytes is not None and 8 * (5 << bits) > max_bytes:  # the new table + the old
            dead[:] = 0
            dead_count[0] = 0
            searched += limit  # counted as a chunk, so the node limit still ends the search
            if searched >= node_limit or (stop is not None and stop()):
                st = -1
                break
            continue
        bits += 2
        new = np.zeros(1 << bits, dtype=np.uint64)
        K.table_rehash(dead, new, np.uint64(64 - bits))
        dead = new
    jumps = None
    if st == 1 and path[-1] >= 0:
        jumps = [(int(g.jf[order[j]]), int(g.jt[order[j]])) for j in path[:path[-1]]]
    return int(st), jumps


#: positions kept per level by the beam search that finds a winning line first
_BEAM_WIDTH = 1000
#: node limit of the depth-first search that gives a winning move before the proof (about half a
#: second)
_QUICK_NODES = 1_000_000
#: node limit of the depth-first fallback (about 2 million nodes a second; stop() polled and the
#: jump order reshuffled between chunks of 5 million)
_FALLBACK_NODES = 250_000_000


def _dfs_solution(prob: _Problem, node_limit: int, stop,
                  max_bytes: int | None = None) -> list[list[int]] | None | bool:
    """Some solution (not minimal) by depth-first search over jumps, or None if none exists,
    or False if the node limit cut the search short."""
    st, jumps = _reach(prob, node_limit, stop=stop, max_bytes=max_bytes)
    if st < 0:
        return False
    if st == 0:
        return None
    return _chains(jumps)


def _chains(jumps) -> list[list[int]]:
    """Jumps (from, to) grouped into moves: consecutive jumps by the same peg are one move."""
    moves: list[list[int]] = []
    for f, t in jumps:
        if moves and moves[-1][-1] == f:
            moves[-1].append(t)
        else:
            moves.append([f, t])
    return moves


def shorten_tail(prob: _Problem, moves: list[list[int]], memory_budget: int, progress,
                 stop, deadline: float | None = None,
                 max_positions: int = SHORTEN_POSITIONS) -> list[list[int]]:
    """moves with their end replaced by a minimum solution from as early a position as the exact
    search can still afford (each earlier start costs more; stop after the first search that
    does not fit memory_budget / 2, stores more than max_positions positions, or runs past the
    deadline, which only the windows' Solve gives)."""
    if deadline is not None:
        outer = stop

        def stop() -> bool:
            return outer() or time.perf_counter() > deadline
    g = prob.g
    states = _states(g, prob.position, moves)
    best = moves
    for i in range(len(moves) - 2, -1, -1):
        if stop():
            break
        stats: dict = {}
        try:
            tail = _search_levels(
                _Problem(g, states[i], prob.finish, prob.goals, prob.count_rule), _NO_BOUND,
                _Memory(min(memory_budget // 2, _BYTES_PER_POSITION * max_positions)),
                progress, stop, stats)
        except (TooLarge, Cancelled):
            break
        if tail is None:  # pragma: no cover - states[i] is on a solution
            break
        if i + len(tail) < len(best):
            best = moves[:i] + tail
        if stats.get("positions", 0) > max_positions:
            break
    return best


def shorten_windows(prob: _Problem, moves: list[list[int]], width: int,
                    memory_budget: int | None = None, stop=None, deadline: float | None = None,
                    max_positions: int = SHORTEN_POSITIONS) -> list[list[int]]:
    """moves with stretches of at most width moves replaced by shorter ones, from the first
    move on: an exact search from the position before a stretch to the position after it (a
    goal of many pegs) for fewer moves; a stretch found shorter is replaced and the same start
    tried again, else the window moves one move on. Each search is bounded by the stretch's
    length less one and given up past max_positions positions or half memory_budget (counts:
    the same answer on any machine); stop() or the deadline (the windows' Solve only) ends the
    walk with the line as far as it got. shorten_tail can afford an exact search over a line's
    last dozen moves or so; this reaches the whole line, where a depth-first or beam search's
    jumps left moves that one peg could have made as one chain. Measured on Wiegleb 45's
    best-known lines (width 16): the central game 29 -> 24 moves in 45 s, 0 -> 15 24 -> 22 in
    12 s."""
    g = prob.g
    limit = _BYTES_PER_POSITION * max_positions
    if memory_budget is not None:
        limit = min(limit, memory_budget // 2)
    outer = stop or (lambda: False)

    def halt() -> bool:
        return outer() or (deadline is not None and time.perf_counter() > deadline)

    moves = [list(m) for m in moves]
    states = _states(g, prob.position, moves)
    i = 0
    while i + 1 < len(moves) and not halt():
        j = min(len(moves), i + width)
        # the original problem's finish: None (any hole) only loosens the region bound
        stretch = _Problem(g, states[i], prob.finish, [states[j]], prob.count_rule)
        try:
            found = _search_levels(stretch, j - i - 1, _Memory(limit), lambda *_: None, halt,
                                   {})
        except TooLarge:
            found = None
        except Cancelled:
            break
        if found is None:
            i += 1
            continue
        moves[i:j] = [list(m) for m in found]
        states = _states(g, prob.position, moves)
    return moves


def _states(g, position: int, moves) -> list[int]:
    """The positions along moves from position (the first is position itself)."""
    out = [position]
    for m in moves:
        out.append(g.apply_move(out[-1], m))
    return out


def _beam_solution(prob: _Problem, width: int,
                   fewest_moves: bool = False) -> list[list[int]] | None:
    """Some solution by beam search over jumps, or None when the beam dies out (which proves
    nothing).

    Level by level, every jump from the kept positions; children that a pagoda function proves
    dead are dropped, symmetric ones merged, and the `width` best kept: pegs far from the goal
    and pegs with no neighbour (they need another peg brought to them) count against a
    position. Plain numpy, so it needs no compiled kernel: a winning line on Wiegleb's 45 holes
    in about 0.1 s, where a depth-first search over jumps finds none in minutes.

    fewest_moves (the line a hint shows first): of the paths the beam finds to one position
    (or its images), the one with the fewest moves is kept (a jump from the hole the last one
    ended in continues its move), where otherwise the first found is; the same positions are
    kept, so the beam finds a line as often, and the lines are shorter: on the catalogues'
    starts, 4 moves over the minimum (median) instead of 11 on English 33 and 12 on French 37,
    10 instead of 18 on Wiegleb 45. The catalogue build keeps the first found (its files are
    the same bytes on a rerun)."""
    g = prob.g
    pag, pag_min = _pagoda_arrays(prob)
    weights, lonely = _beam_tables(prob)
    fm, fv = g.kfwd[0], g.kfwd[1]
    chunks = max(prob.nchunks, weights.shape[0], *(len(t) for t in pag))
    goals = np.array(prob.goals, dtype=np.uint64)
    front = np.array([prob.position], dtype=np.uint64)
    moves, last = np.zeros(1, dtype=np.int64), np.full(1, -1, dtype=np.int64)
    levels: list[tuple[np.ndarray, np.ndarray]] = []
    while not np.isin(front, goals).any():
        parent, jump = np.nonzero((front[:, None] & fm[None, :]) == fv[None, :])
        if len(parent) == 0:
            return None
        child = front[parent] ^ fm[jump]
        # each child's bytes, cut out once a level for the pagoda sums, the symmetries' images
        # and the scores (a cut per table and symmetry was a third of the beam's time)
        cut = position_bytes(child, chunks)
        alive = np.ones(len(child), dtype=bool)
        for k in range(len(pag_min)):
            alive &= byte_sums(pag[k], cut) >= pag_min[k]
        alive |= np.isin(child, goals)  # the thresholds are for the positions before a goal
        child, parent, jump = child[alive], parent[alive], jump[alive]
        if len(child) == 0:
            return None
        cut = [b[alive] for b in cut]
        moves = moves[parent] + (g.jf[jump] != last[parent]) if fewest_moves else moves[parent]
        last = g.jt[jump]
        canon = None
        for s in range(prob.nsym):
            img = np.zeros(len(child), dtype=np.uint64)
            for c in range(prob.nchunks):
                img |= prob.symtab[s, c][cut[c]]
            canon = img if canon is None else np.minimum(canon, img)
        # by canonical form, then moves (all 0 without fewest_moves: the first found, the sort
        # being stable); the first of each canonical form is kept
        order = np.lexsort((moves, canon))
        canon = canon[order]
        first = order[np.concatenate(([True], canon[1:] != canon[:-1]))]
        child, parent, moves, last = child[first], parent[first], moves[first], last[first]
        if len(child) > width:
            score = byte_sums(weights, [b[first] for b in cut])
            for h, nbrs in lonely:
                score += 3 * ((((child >> np.uint64(h)) & np.uint64(1)) == 1)
                              & ((child & nbrs) == 0))
            keep = np.argpartition(score, width)[:width]
            child, parent, moves, last = child[keep], parent[keep], moves[keep], last[keep]
        levels.append((child, parent))
        front = child
    return _walk_back(g, prob.position, levels, int(np.flatnonzero(np.isin(front, goals))[0]))


def _walk_back(g, position: int, levels: list[tuple[np.ndarray, np.ndarray]],
               i: int) -> list[list[int]]:
    """The moves from position to the i-th position of the beam's last level, through each
    level's parents: consecutive positions differ by one jump, told by the holes that changed."""
    line = []
    for child, parent in reversed(levels):
        line.append(int(child[i]))
        i = int(parent[i])
    line.append(position)
    line.reverse()
    jump_index = g.board.jump_index
    jumps = []
    for a, b in zip(line, line[1:]):
        t = (b & ~a).bit_length() - 1
        x, y = [h for h in range(g.n) if ((a & ~b) >> h) & 1]
        f = x if jump_index.get((x, t), (0, -1))[1] == y else y
        jumps.append((f, t))
    return _chains(jumps)


def _beam_tables(prob: _Problem):
    """The beam's weights: byte tables of each hole's distance from the goal (from the centre of
    the board for any-hole goals), and (hole, mask of its neighbours) pairs."""
    g = prob.g
    co = g.board.coords
    holes = [x.bit_length() - 1 for x in prob.goals]
    gx = sum(co[h][0] for h in holes) / len(holes)
    gy = sum(co[h][1] for h in holes) / len(holes)
    dist = [abs(co[h][0] - gx) + abs(co[h][1] - gy) for h in range(g.n)]
    weights = np.zeros((prob.nchunks, 256), dtype=np.float64)
    for c in range(prob.nchunks):
        for byte in range(256):
            weights[c, byte] = sum(dist[c * 8 + b] for b in range(8)
                                   if (byte >> b) & 1 and c * 8 + b < g.n)
    nbrs = [0] * g.n
    for f, o, _t in g.jumps:
        nbrs[f] |= 1 << o
        nbrs[o] |= 1 << f
    return weights, [(h, np.uint64(nbrs[h])) for h in range(g.n)]
