"""Bounded tables: the exact distance of every position a game's first moves can reach, where a
whole table does not fit (no Qt; builds only, packaging/build_tablebases.py --bounded).

A whole table (pegapp.solvers.pegs.tablebase) needs every position reachable from the start; on
French 37 those are billions. A bounded table needs two searches of one problem (start S, goal)
and a bound L (the par and a few moves to spare), both stored whole to a depth:

* forward, every position d <= a moves from S whose region bound (the solver's lower bound on
  the moves left) allows a solution of at most L moves through it: the set U, each with its
  depth d;
* backward, every position j <= b moves from the goal (a + b = L) that the same bound and the
  count cut from S allow: B_0 .. B_b.

Then for every q of U at depth d with a minimum of m moves left and d + m <= L, m is known
exactly, and for the others it is known that m > L - d:
1. q in B_j gives m = j (a position d + j <= L from end to end is never cut from B, and the
   backward levels are disjoint and exact: every position on q's minimum line to the goal lies
   on a solution of at most L moves from S);
2. for j = b + 1, b + 2, ..., L: the positions one move back from those of U known at j - 1,
   that U holds at depth <= L - j and that have no value yet, are j from the goal (the move to
   the nearer one is a minimum move: were there a shorter way on, its next position would be
   in U, nearer, and known at a smaller j: each position of a minimum line of q lies in U,
   since its depth from S is at most q's plus the moves taken, and its bound is at most its
   moves left).
Only the positions found are touched (the moves back are walked from them, not from U), so the
table costs little beyond the two searches. Kept: the positions at most keep_depth moves from S
that are known exactly, and below them the positions of one minimum line on from each
(tablebase.opening's rule), so best_line answers from each with no search. A position the table
lacks may still win, and may even be known to lose: a bounded table proves no dead end.

The searches are the solver's own levels (pegs.levels.LevelSide, packed), made whole: no meeting
is looked for (the other side is an empty stand-in), and every level is the exact set of
canonical positions at that depth, so the table is the same bytes on any machine, however many
threads made it.
"""

from __future__ import annotations

import time

import numpy as np

from pegapp.solvers.pegs import packed as PK
from pegapp.solvers.pegs import tablebase as TB
from pegapp.solvers.pegs._tables import geometry
from pegapp.solvers.lazy import lazy_module
from pegapp.solvers.pegs.levels import LevelSide
from pegapp.solvers.pegs.problem import _Memory, _Problem, _reconstruct, _stage, problem_of
from pegapp.solvers.record import SearchRecord
from pegapp.solvers.result import never_stop

TK = lazy_module("pegapp.solvers.pegs._tablebase_kernel")  # numba: builds only
KL = lazy_module("pegapp.solvers.pegs._levels_kernel")


class _NoOtherSide:
    """The other side of a search that only stores its levels: its last level holds nothing,
    so no child meets it, and its depth 0 leaves every level up to the bound stored (none is
    the bound's last, which would only be probed)."""

    depth = 0
    count = 0
    levels = [np.zeros(0, dtype=np.uint64)]


def _whole_levels(prob: _Problem, backward: bool, depth: int, bound: int, mem: _Memory,
                  stats: dict, log) -> list:
    """The side's levels 0 .. depth, each stored whole within the bound."""
    return _whole_side(prob, backward, depth, bound, mem, stats, log).levels


def _whole_side(prob: _Problem, backward: bool, depth: int, bound: int, mem: _Memory,
                stats: dict, log, most_positions: int | None = None) -> LevelSide:
    """The side with its levels 0 .. depth, each stored whole within the bound (fewer when a
    level holds most_positions or more)."""
    roots = prob.goals if backward else [prob.position]
    side = LevelSide("backward" if backward else "forward", backward, mem, prob, roots,
                     _stage, stats, SearchRecord())
    side.bound = bound
    side.progress = lambda *_: None
    side.stop = never_stop
    side.threads = 2
    for d in range(depth):
        if most_positions is not None and len(side.levels[-1]) >= most_positions:
            break
        t0 = time.perf_counter()
        side.expand(_NoOtherSide)
        log(f"  {side.name} {d + 1}: {len(side.levels[-1]):,} positions "
            f"({time.perf_counter() - t0:.1f} s, {mem.used / 2**30:.2f} GB held)")
    return side


#: backward positions unpacked at a time to be looked up in U
_BLOCK = 1 << 22


def _stretch(level, i: int, end: int) -> np.ndarray:
    """level[i:end] as an array (unpacked when the level is packed)."""
    arr, base = PK.parents(level, i, end)
    return arr[base:base + end - i]


def _array(level) -> np.ndarray:
    """A level as one sorted array (unpacked when packed)."""
    return _stretch(level, 0, len(level))


def build(board, start: int, finish: int, bound: int, fwd_depth: int, bwd_depth: int,
          keep_depth: int, memory_budget: int, log=lambda s: None) -> TB.Tablebase:
    """The bounded table of the problem start -> finish (a start position, a finish hole): see
    the module's docstring. fwd_depth + bwd_depth must be the bound."""
    if fwd_depth + bwd_depth != bound or min(fwd_depth, bwd_depth, keep_depth) < 0:
        raise ValueError("the two depths must add up to the bound")
    if keep_depth > fwd_depth:
        raise ValueError("keep_depth beyond the forward depth")
    prob = problem_of(board, start, finish)
    mem = _Memory(memory_budget, packed=True)
    stats = {"lower_bound": 1 << 30}    # no meeting is looked for
    forward = _whole_levels(prob, False, fwd_depth, bound, mem, stats, log)
    keys = np.concatenate([_array(lv) for lv in forward])
    depth = np.concatenate([np.full(len(lv), d, dtype=np.uint8)
                            for d, lv in enumerate(forward)])
    del forward
    order = np.argsort(keys, kind="stable")
    keys, depth = keys[order], depth[order]
    del order
    val = np.full(len(keys), TB.UNKNOWN, dtype=np.uint8)
    backward = _whole_levels(prob, True, bwd_depth, bound, mem, stats, log)
    for j, lv in enumerate(backward):
        for i in range(0, len(lv), _BLOCK):
            TK.mark_members(keys, val, _stretch(lv, i, min(len(lv), i + _BLOCK)), j)
    symtab, jmask, nchunks = prob.symtab, prob.jmask, prob.nchunks
    for j in range(bwd_depth + 1, bound + 1):
        nearer = keys[(val == j - 1) & (depth <= bound - j + 1)]
        made = TK.assign_parents(nearer, keys, depth, val, j, bound - j, *prob.g.kbwd, jmask,
                                 symtab, nchunks, prob.nsym)
        log(f"  {made:,} positions {j} moves from the goal")
    exact = (val != TB.UNKNOWN) & (depth.astype(np.int64) + val <= bound)
    log(f"  {int(exact.sum()):,} of {len(keys):,} positions known exactly")
    keys, depth, val = keys[exact], depth[exact], val[exact]
    kept = _lines_within(prob, keys, val, depth <= keep_depth)
    # a line that reaches the last forward level goes on through the backward levels
    edges = keys[(kept == 1) & (depth == fwd_depth) & (val > 0)]
    more = _lines_through(prob, edges, val[(kept == 1) & (depth == fwd_depth) & (val > 0)],
                          backward)
    del backward
    keys, val = keys[kept == 1], val[kept == 1]
    if more:
        extra = np.array(sorted(more), dtype=np.uint64)
        new = ~np.isin(extra, keys)
        keys = np.concatenate([keys, extra[new]])
        val = np.concatenate([val, np.array([more[int(x)] for x in extra[new]],
                                            dtype=np.uint8)])
        order = np.argsort(keys)
        keys, val = keys[order], val[order]
    log(f"  {len(keys):,} positions kept")
    return TB.Tablebase(TB.board_key(board), int(prob.position), tuple(sorted(prob.goals)),
                        tuple(tuple(p) for p in prob.perms), keys, val, bound=int(bound),
                        keep_depth=int(keep_depth))


def _lines_within(prob: _Problem, keys, dist, kept) -> np.ndarray:
    """kept (a mask over keys, all known exactly) and the positions of one minimum line on from
    each, as far as keys holds them (tablebase.opening's rule: lines merge where they can)."""
    kept = kept.astype(np.uint8)
    pegs = TB._popcounts(keys)
    votes = np.zeros(len(keys), dtype=np.int32)
    for count in range(int(pegs.max(initial=0)), 0, -1):
        level = np.flatnonzero((pegs == count) & (kept == 1))
        votes[:] = 0
        TK.keep_lines(level, keys, dist, kept, votes, *prob.g.kfwd, prob.jmask, prob.symtab,
                      prob.nchunks, prob.nsym)
    return kept


def _lines_through(prob: _Problem, edges, dist, backward: list) -> dict[int, int]:
    """One minimum line on from each of edges (positions of the last forward level, each
    dist[i] from the goal, so in the backward level of that number): at each step the child of
    least key that the backward level one nearer holds. That child is exactly one move nearer
    (a backward level holds only positions with a way to the goal that long, and a child of a
    position d from the goal is at least d - 1 from it). Returns {position: distance}."""
    out: dict[int, int] = {}
    stacks = TK._walk_stacks(prob.nsym, len(prob.g.kfwd[0]))
    found = np.empty(TK._MAX_CHAINS, dtype=np.uint64)
    for e, d in zip(edges.tolist(), dist.tolist()):
        while d > 0:
            n = TK._chain_children(np.uint64(e), *prob.g.kfwd, prob.jmask, prob.symtab,
                                   prob.nchunks, prob.nsym, *stacks, found)
            kids = np.unique(found[:n])
            k = PK.first_member(kids, len(kids), backward[d - 1])
            if k < 0:  # pragma: no cover - the backward levels are exact
                raise ValueError("no move one nearer the goal in the backward levels")
            e, d = int(kids[k]), d - 1
            if e in out:
                break
            out[e] = d
    return out


# ------------------------------------------------------------------ completed to a depth

def first_positions(tb: TB.Tablebase, board, depth: int) -> list[int]:
    """The canonical positions (tb's symmetries) at most depth moves from tb's start, sorted:
    what a table completed to that depth must hold."""
    g = geometry(board)
    level = {tb.canon(tb.start)}
    found = set(level)
    for _ in range(depth):
        level = {tb.canon(q) for p in level for _path, q in g.forward_chains(p)} - found
        found |= level
    return sorted(found)


def completed(tb: TB.Tablebase, board, depth: int,
              answers: dict[int, list[list[int]] | None]) -> TB.Tablebase:
    """tb completed to its first depth moves: every position at most depth moves from its start
    (first_positions) that it lacks gets its exact distance, with the positions of the minimum
    line answers[pos] gives on from it (so best_line answers from it with no search), or, where
    answers[pos] is None (the goal cannot be reached from it), DEAD.

    The answers are proofs made for the build (a minimum line, or a proof that none exists):
    this checks what it can without searching again, that each line is legal and ends in one of
    the goals, and that no position gets two different values. ValueError for a position
    without an answer or a disagreement. The random play of a game's first moves wastes moves
    a bounded table's spare does not allow: measured on French 37, a third of the positions
    three moves in were outside the tables, and each took seconds to minutes to prove in a
    fresh process."""
    if not tb.bounded:
        raise ValueError("only a bounded table is completed")
    g = geometry(board)
    added: dict[int, int] = {}

    def put(pos: int, value: int) -> None:
        key = tb.canon(pos)
        old = added.get(key, tb.value(pos))
        if old is not None and old != value:
            raise ValueError(f"position {pos}: {value} disagrees with {old} already known")
        if old is None:
            added[key] = value

    for pos in first_positions(tb, board, depth):
        if tb.value(pos) is not None or pos in added:
            continue
        if pos not in answers:
            raise ValueError(f"position {pos} has no answer")
        line = answers[pos]
        if line is None:
            put(pos, TB.DEAD)
            continue
        steps = [pos]
        for move in line:
            steps.append(g.apply_move(steps[-1], move))
        if steps[-1] not in tb.goals:
            raise ValueError(f"position {pos}: the line does not end in a goal")
        for i, p in enumerate(steps):
            put(p, len(line) - i)
    if not added:
        keys, dist = tb.keys, tb.dist
    else:
        extra = np.array(sorted(added), dtype=np.uint64)
        keys = np.concatenate([tb.keys, extra])
        dist = np.concatenate([tb.dist, np.array([added[int(k)] for k in extra],
                                                 dtype=np.uint8)])
        order = np.argsort(keys, kind="stable")
        keys, dist = keys[order], dist[order]
    return TB.Tablebase(tb.board_key, tb.start, tb.goals, tb.perms, keys, dist, tb.min_pegs,
                        tb.bound, tb.keep_depth, max(int(depth), tb.complete_depth))


# ---------------------------------------------------- many positions against one goal side

#: prove_many's backward side stops growing at the first level with at least this many
#: positions (a count, so the same levels and answers on any machine): French 37's 0 -> 2 has
#: 325 million positions at 10 moves back, 2.6 GB held packed
GOAL_SIDE_POSITIONS = 300_000_000
#: the most positions prove_many keeps of its dead ends' forward levels (8 bytes each; a count,
#: not the clock, so a completion is the same on any machine)
DEAD_CONE_POSITIONS = 160_000_000


class _DeadCones:
    """The positions of the forward levels of the dead ends proved so far: each comes from a
    dead end, so it is one too, and a later forward side cuts them (LevelSide.known_dead): no
    way to the goal passes them, so every distance is the same. The line found can be another
    of the same length (a cut frontier splits into other blocks, whose first meeting differs),
    so a resumed completion first makes the cones its earlier run made (prove_many's replay).
    Measured on French 5 -> 8's searched dead ends six moves in (backward side 7 levels, the
    same 40 in turn, a load of about 3): 77.9 s against 119.5 s, peak 2.25 GB against 0.65;
    the first 15 made 93 million positions against 227 million. Kept as sorted runs merged
    like a binary counter (each position merged about log2 of the runs' times); once a level
    does not fit most positions, no more are added (full)."""

    def __init__(self, most: int):
        self.runs: list[np.ndarray] = []
        self.most = most
        self.full = False

    def held(self) -> int:
        return sum(len(r) for r in self.runs)

    def add(self, levels) -> None:
        for lv in levels:
            if self.full or self.held() + len(lv) > self.most:
                self.full = True
                return
            self.runs.append(_array(lv).copy())
            while len(self.runs) > 1 and len(self.runs[-2]) <= 2 * len(self.runs[-1]):
                b, a = self.runs.pop(), self.runs.pop()
                out = np.empty(len(a) + len(b), dtype=np.uint64)
                out = out[:KL.merge_unique(a, b, out)].copy()
                self.runs.append(out)


def prove_many(board, start: int, finish: int, positions, bwd_depth: int, memory_budget: int,
               log=lambda s: None, each=lambda q, line: None,
               most_positions: int = GOAL_SIDE_POSITIONS, replay=()):
    """{position: a minimum line from it to the goal, or None where the goal cannot be reached}
    for positions reachable from start (a problem's first moves, which a completion proves),
    each searched forward only, against one backward side made once for them all.

    The backward side is every position j <= bwd_depth moves from the goal that the count cut
    from start allows, with no bound: level j is exactly the canonical positions j moves from
    the goal among those whose count is at most the start's after one jump, which every
    position after a first move and every position on its ways to the goal has (the count never
    grows with a jump). So for a position q: q in level j is j from the goal; else its forward
    levels, each exact (no bound cuts them), are met with level bwd_depth only, and the first
    that meets at depth f gives f + bwd_depth, a minimum (a solution of l >= bwd_depth moves
    passes, l - bwd_depth moves on, a position exactly bwd_depth from the goal, which the
    forward level l - bwd_depth holds); a forward side that runs out without meeting proves a
    dead end. A proof of a completion position then costs the forward levels up to the meeting,
    where solve() remade both sides for each (measured: packaging/build_tablebases.py).

    The backward side grows to bwd_depth, or less: it stops after the first level of
    most_positions or more. each(q, line) is told every answer as it is found (the build
    journals it). replay: the dead ends an earlier run of the same positions searched, in its
    order (a resumed completion's journal): their forward levels are made again, unanswered,
    until the dead-end cones are as full as that run left them (_DeadCones), so the answers
    that follow are the same as an unbroken run's, byte for byte."""
    prob = problem_of(board, start, finish)
    mem = _Memory(memory_budget, packed=True)
    bwd = _whole_side(prob, True, bwd_depth, 255, mem, {"lower_bound": 1 << 30}, log,
                      most_positions)
    out = {}
    cones = _DeadCones(DEAD_CONE_POSITIONS)
    try:
        for q in replay:
            if cones.full:
                break
            if _forward_only(prob, int(q), bwd, mem, cones) is not None:
                raise ValueError(f"position {q} was replayed as a dead end, and it wins")
        for q in positions:
            out[q] = _forward_only(prob, int(q), bwd, mem, cones)
            each(q, out[q])
    finally:
        bwd.free()
    return out


def _forward_only(start: _Problem, q: int, bwd: LevelSide, mem: _Memory, cones: _DeadCones):
    """prove_many's answer for q: its minimum line, or None (a dead end, whose forward levels
    then join cones)."""
    g = start.g
    if g.position_class(q) != g.position_class(start.goals[0]):
        return None
    prob = _Problem(g, q, start.finish, start.goals, "any-stop")
    fwd = LevelSide("forward", False, mem, prob, [q], _stage, {"lower_bound": 0},
                    SearchRecord())
    fwd.progress = lambda *_: None
    fwd.stop = never_stop
    fwd.threads = 2
    fwd.known_dead = cones.runs
    try:
        root = int(fwd.levels[0][0])
        if any(PK.holds(run, root) for run in cones.runs):
            return None
        d = bwd.table.depth(root)
        if d >= 0:
            return _reconstruct(prob, fwd, bwd, root, 0, d)
        while fwd.frontier_size():
            met = fwd.expand(bwd)
            if met is not None:
                meet, d_other = met
                return _reconstruct(prob, fwd, bwd, meet, fwd.depth + 1, d_other)
        fwd.known_dead = []
        cones.add(fwd.levels)
        return None
    finally:
        fwd.free()
