"""One peg search's problem and the pieces both search engines share (no Qt): the position and
goal with the symmetries that merge positions, the Merson-region bound tables, the memory
budget, the progress stages in words, and the rebuilding of a solution from the levels where
the two sides met."""

from __future__ import annotations

import functools

import numpy as np

from pegapp.core.messages import gigabytes, msg

from pegapp.solvers.pegs._tables import apply_perm, geometry, popcount
from pegapp.solvers.lazy import lazy_module
from pegapp.solvers.result import TooLarge

_NO_BOUND = 255
#: the count cut's rules (_Problem.count_cut): "pagodas", the default (every hint), is "any-stop"
#: with the board's fitted pagoda functions for a finish hole on the forward side too
#: (_Problem.fitted_pagodas, pegs.fitted); "any-stop" (the tables' and catalogues' builds) takes
#: the board's signed count with the least to spare, whatever that is, and a chain stops at a
#: child the count cuts
#: (pegs._levels_kernel._children: the same children kept, fewer walked); "any", the same count with
#: every chain walked on (Wiegleb's catalogue was built under it); "class-2", the rule the
#: catalogues built before "any" were made under (their headers name no rule), the class-wide
#: count alone and only where it has at most 2 to spare. The catalogues keep their rule, so a
#: rebuild writes the same bytes: the rule moves the level buffers' ends, and with them which
#: minimal line is met first.
COUNT_CUTS = ("pagodas", "any-stop", "any", "class-2")
DEFAULT_COUNT_CUT = COUNT_CUTS[0]
# progress stages: what the player reads while a search runs (pegapp.core.progress adds the
# time); _stage() puts the depth in words
_FORWARD = "forward"
_BACKWARD = "backward"
_CACHE = "cache"
_COUNT = msg("counting the shortest solutions")


def _stage(name: str, depth: int, percent: int | None = None, least: int | None = None):
    """The stage in words; with percent, how much of this level is done (a real share: the
    frontier's positions expanded so far), and least, the fewest moves a solution can still
    have (no meeting yet at the depths done, or the region bound if higher)."""
    if name == _FORWARD:
        text = (msg("looking 1 move ahead from your position", depth=1) if depth == 1 else
                msg("looking {depth} moves ahead from your position", depth=depth))
    elif name == _BACKWARD:
        text = (msg("looking 1 move back from the goal", depth=1) if depth == 1 else
                msg("looking {depth} moves back from the goal", depth=depth))
    else:
        return msg("preparing this board's endgame, done once ({depth} moves from the goal)",
                   depth=depth)
    if percent is None or least is None:
        return text
    return msg("{stage} ({percent}%; no solution has fewer than {least} moves)", stage=text,
               percent=percent, least=least)


K = lazy_module("pegapp.solvers.pegs._kernel")


@functools.lru_cache(maxsize=16)
def _bound_table_of(regions: tuple, flip: int, mode: int, free: int,
                    max_regions: int) -> np.ndarray:
    """_Problem._bound_table's table for these arguments (the last 16 kept: Wiegleb's are 2
    MB each, 2**18 packings, the others at most half a megabyte)."""
    singles = 0
    multi = []
    for r in regions:
        if popcount(r) == 1:
            singles |= r
        else:
            multi.append(r)
    multi = sorted(multi, key=lambda r: (popcount(r), r))[:max_regions]
    k = len(multi)
    conflict = np.array([sum(1 << j for j, r2 in enumerate(multi) if r & r2) for r in multi]
                        or [0], dtype=np.int64)
    pack = np.zeros(1 << k, dtype=np.int64)
    K.packing_table(conflict, pack)
    head = [flip, singles, free, k, mode] + multi
    return np.concatenate([np.array(head, dtype=np.uint64), pack.astype(np.uint64)])


def _resolve_goal(board, g, position: int, finish):
    if finish == "default":
        finish = board.finish
    if finish is None:
        cls = g.position_class(position)
        return None, g.single_pegs_of_class(cls)
    finish = int(finish)
    if not 0 <= finish < g.n:
        raise ValueError(msg("finish hole {finish} is not on the board", finish=finish))
    return finish, [1 << finish]


def problem_of(board, position: int, finish, count_cut: str = "any-stop") -> "_Problem":
    """The problem as the engine's proofs state it: position to finish (a hole, None: any, or
    "default"), the goals those of the position's class."""
    g = geometry(board)
    finish, goals = _resolve_goal(board, g, int(position), finish)
    cls = g.position_class(int(position))
    return _Problem(g, int(position), finish, [x for x in goals if g.position_class(x) == cls],
                    count_cut)


def _count(p: list[int], pos: int) -> int:
    """The sum of the weights p over the pegs of pos."""
    return sum(w for h, w in enumerate(p) if pos >> h & 1)


def _least_before(g, p: list[int], goals: list[int]) -> int:
    """The least sum of the signed count p a position can have and still reach one of goals:
    a goal of one peg is reached by a jump, so from the two pegs of a jump into its hole; a
    goal of many pegs (a stretch of a line, pegs.fallback.shorten_windows) from its own sum."""
    holes = {x.bit_length() - 1 for x in goals if popcount(x) == 1}
    lows = [_count(p, x) for x in goals if popcount(x) > 1]
    if holes:
        lows.append(min([p[f] + p[o] for f, o, t in g.jumps if t in holes]
                        or [p[h] for h in holes]))
    return min(lows)


def _count_tables(g, p: tuple[int, ...], backward: bool):
    """(byte table, change by each jump of the side's kernel tables) of the count p, made once
    a board and side (every search's problem, and every shortening search, asks again)."""
    cache = g.__dict__.setdefault("_count_tables", {})
    key = (p, backward)
    if key not in cache:
        mask, val = (g.kbwd if backward else g.kfwd)[:2]
        delta = g.counts_of(p, mask ^ val) - g.counts_of(p, val)
        cache[key] = (g.pagoda_tables([list(p)])[0], delta)
    return cache[key]


def position_bytes(positions: np.ndarray, chunks: int) -> list[np.ndarray]:
    """Each position's bytes 0 .. chunks - 1 as indexes into byte tables: cut once, read by
    every table (byte_sums, the symmetries' byte tables)."""
    return [((positions >> np.uint64(8 * c)) & np.uint64(255)).astype(np.intp)
            for c in range(chunks)]


def byte_sums(tab: np.ndarray, cut: list[np.ndarray]) -> np.ndarray:
    """Sum of per-hole weights over each position's pegs, from tab[chunk, byte] (a pagoda
    function's byte table) and the positions' bytes (position_bytes)."""
    v = np.zeros(len(cut[0]), dtype=tab.dtype)
    for c in range(tab.shape[0]):
        v += tab[c][cut[c]]
    return v


class _Problem:
    """Tables for one (board, position, goal) search."""

    def __init__(self, g, position: int, finish, goals: list[int],
                 count_cut: str = DEFAULT_COUNT_CUT):
        if count_cut not in COUNT_CUTS:
            raise ValueError(f"count_cut must be one of {COUNT_CUTS}, not {count_cut!r}")
        self.count_rule = count_cut
        self.g = g
        self.position = position
        self.finish = finish
        self.goals = goals
        # Symmetries fixing the goal set.  The forward search from a position that some of them
        # do not fix still works on canonical forms: chains commute with symmetries, so a
        # canonical class at depth d holds some image of a position d moves from the start;
        # reconstruction maps the path back with the symmetry found at the start.
        self.perms = g.subgroup_fixing(goals)
        self.symtab, self.jmask, self.nchunks = g.symtab(self.perms)
        self.nsym = len(self.perms)
        self.no_pag = (np.zeros((0, g.n), dtype=np.int64), np.zeros(0, dtype=np.int64))

    # The bound tables are made on first use (by the search): they need the numba kernels,
    # which the winning line shown first on large boards does not.
    @functools.cached_property
    def fwd_bnd(self) -> np.ndarray:
        """Forward bound (p -> goal): regions full in p and not full in the goal."""
        rel = [r for r in self.g.regions if not all((gl & r) == r for gl in self.goals)]
        return self._bound_table(rel, flip=0, mode=0, free=1 if self.finish is None else 0)

    @functools.cached_property
    def bwd_bnd(self) -> np.ndarray:
        """Backward bound (start -> q): regions full in the start and no longer full in q. The
        search merges positions under symmetries that need not fix the start, so a region counts
        only when it is full in every image of the start: whichever image q was reached from,
        a move started inside it."""
        images = [apply_perm(p, self.position) for p in self.perms]
        rel = [r for r in self.g.regions if all((x & r) == r for x in images)]
        return self._bound_table(rel, flip=self.g.full, mode=1, free=0)

    @staticmethod
    def bound_most(bnd: np.ndarray) -> int:
        """The largest value pegs._kernel._bound can take with this table: every singleton region
        counting and the best packing of the larger ones. A level whose moves left are at least
        this cannot be cut by the bound, so its kernel skips it (the same children: the one
        search that follows a deepening is bounded by a long known solution, and on French 37
        the bound is a fifth of its kernel's time)."""
        k = int(bnd[3])
        return popcount(int(bnd[1])) + int(bnd[5 + k:].max()) - int(bnd[2])

    @staticmethod
    def _bound_table(regions, flip, mode, free, max_regions=18):
        """The bound's table (pegs._kernel._bound), made once a process for each set of
        regions and flags (_bound_table_of): every hint of a board and goal asks the same
        two, and the packing table of up to 2**18 region sets took some 1 ms each time (1,856
        of them in the peg solver's four test files, 2026-12-07). Shared: the kernels only
        read it, and no caller writes into it."""
        return _bound_table_of(tuple(int(r) for r in regions), int(flip), int(mode), int(free),
                               max_regions)

    @functools.cached_property
    def count_cut(self):
        """(signed count, forward least, backward most, exempt positions): of the board's
        signed counts of unjumpable holes (pegs._tables.Geometry.signed_counts), the one with the
        least to spare from this start (the count_cut rules "any-stop" and "any"), or None when
        the board has none.

        The sum never grows with a jump, so a forward position needs at least the least sum one
        jump before the goal (a goal of one peg; of many pegs, the goal's own sum), and a
        backward one at most the greatest sum one jump after the start. exempt: the goals and
        the start (canonical), which meet the other side as they are. Measured: French 37's
        default problem (4 to spare), no solution within 19 moves shown in 15.1 s and 357 MB
        instead of 23.7 s and 543 MB (the 6th backward level 5.0 M positions instead of 17.3 M);
        Wiegleb's central game with the finer count (4 to spare), 21 moves: 42% fewer positions
        at the 13th forward level; the English central game about as fast (the count is kept in
        the kernel, about free)."""
        start = self.position
        best = None
        legacy = self.count_rule == "class-2"
        counts = [self.g.unjumpable_pagoda()] if legacy else self.g.signed_counts()
        for p in (c for c in counts if c is not None):
            # a goal of many pegs (a stretch of a line, pegs.fallback.shorten_windows): no
            # position before it has less than its own sum
            least = _least_before(self.g, p, self.goals)
            spare = _count(p, start) - least
            if (spare <= 2 or not legacy) and (best is None or spare < best[0]):
                best = (spare, p, least)
        if best is None:
            return None
        _spare, p, least = best
        after = [_count(p, start ^ (1 << f | 1 << o | 1 << t)) for f, o, t in self.g.jumps
                 if start >> f & 1 and start >> o & 1 and not start >> t & 1]
        most = max(after or [_count(p, start)])
        return p, least, most, self.exempt

    def count_args(self, backward: bool) -> tuple:
        """The counts as pegs._levels_kernel.children takes them: (byte tables of the counts,
        their change by each jump of the side's kernel tables, the least and the most sum a
        child may have under each, exempt positions, whether a chain stops at a cut child);
        empty tables when there is no cut. The board's signed count (count_cut) on both sides;
        on the forward side, the fitted pagoda functions for the goal (fitted_pagodas) too."""
        counts = []
        if self.count_cut is not None:
            p, least, most, _exempt = self.count_cut
            counts.append((p, -(1 << 40), most) if backward else (p, least, 1 << 40))
        if not backward:
            counts += [(p, least, 1 << 40) for p, least in self.fitted_pagodas]
        stop_chains = int(self.count_rule in ("any-stop", "pagodas"))
        if not counts:
            return (np.zeros((0, 1, 256), dtype=np.int64), np.zeros((0, 1), dtype=np.int64),
                    np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64),
                    np.zeros(0, dtype=np.uint64), stop_chains)
        tables = [_count_tables(self.g, tuple(p), backward) for p, _lo, _hi in counts]
        return (np.stack([t for t, _d in tables]), np.stack([d for _t, d in tables]),
                np.array([lo for _p, lo, _hi in counts], dtype=np.int64),
                np.array([hi for _p, _lo, hi in counts], dtype=np.int64),
                self.exempt, stop_chains)

    @functools.cached_property
    def exempt(self) -> np.ndarray:
        """The positions no count cuts: the goals and the start (canonical), which meet the
        other side as they are."""
        return np.array(sorted({self.canon(x) for x in self.goals} | {self.canon(self.position)}),
                        dtype=np.uint64)

    @functools.cached_property
    def fitted_pagodas(self) -> list[tuple[list[int], int]]:
        """(function, least sum) of the board's fitted pagoda functions for this problem's
        finish (pegapp.solvers.pegs.fitted), under the count rule "pagodas" and a goal of one
        peg; the least sum is that of the two pegs of a jump into the finish. A forward
        position below it cannot end there: on French 37 a dead end seven moves in reaches
        10.4 million positions by moves forward, and 1.75 million past its finish's eight."""
        if self.count_rule != "pagodas" or self.finish is None or len(self.goals) != 1:
            return []
        from pegapp.solvers.pegs.fitted import functions_for

        return [(p, _least_before(self.g, p, self.goals)) for p in
                functions_for(self.g.board, self.finish)]

    def canon(self, pos: int) -> int:
        """The least image of pos under perms: the identity's, where it is among them, is pos
        itself (a solution's reconstruction asks this of some twelve positions a move)."""
        identity, moving = self._canon_perms
        best = pos if identity else apply_perm(moving[0], pos)
        for p in moving:
            q = apply_perm(p, pos)
            if q < best:
                best = q
        return best

    @functools.cached_property
    def _canon_perms(self) -> tuple[bool, tuple]:
        """(whether the identity is among perms; the others, or all of them where it is not)."""
        moving = tuple(p for p in self.perms if tuple(p) != tuple(range(len(p))))
        identity = len(moving) < len(self.perms)
        return identity, moving if identity else tuple(self.perms)

    def canon_many(self, positions) -> list[int]:
        """canon of each position, all at once from the symmetries' byte tables (symtab, the
        kernels' own): a line walked back (_walk) asks it of every chain at every step, and
        a permutation applied a position at a time was most of a reconstruction's time (the
        peg solver's small-block tests walk some 400 lines, 2026-12-07)."""
        pos = np.asarray(positions, dtype=np.uint64)
        img = np.zeros((self.nsym, len(pos)), dtype=np.uint64)
        for c in range(self.nchunks):
            img |= self.symtab[:, c, ((pos >> np.uint64(8 * c)) & np.uint64(255)).astype(np.intp)]
        return img.min(axis=0).tolist() if len(pos) else []

    def _bound(self, bnd, pos: int) -> int:
        out = np.zeros(1, dtype=np.int64)
        K.bound_many(np.array([pos], dtype=np.uint64), bnd, out)
        return int(out[0])

    def fwd_bound(self, pos: int) -> int:
        b = self._bound(self.fwd_bnd, pos)
        return b if b > 0 or pos in self.goals else 1


class _Memory:
    """Tracks the bytes held by the search's big arrays against the budget. packed: the level
    search keeps its large levels and runs packed (pegapp.solvers.pegs.packed), in half the
    bytes."""

    def __init__(self, budget: int, packed: bool = False):
        self.budget = budget
        self.packed = packed
        self.used = 0
        self.peak = 0

    def too_large(self, projected: bool = False):
        """Why the search stops (a msg()): the budget exceeded, or the next level projected to
        exceed it (said before the minutes that level would take)."""
        if projected:
            return msg("the next level of the search would need more than the memory budget of "
                       "{gb:g} GB", gb=gigabytes(self.budget))
        return msg("memory budget of {gb:g} GB exceeded", gb=gigabytes(self.budget))

    def alloc(self, n: int, dtype=np.uint64) -> np.ndarray:
        nbytes = n * np.dtype(dtype).itemsize
        if self.used + nbytes > self.budget:
            raise TooLarge(self.too_large())
        self.used += nbytes
        self.peak = max(self.peak, self.used)
        return np.zeros(n, dtype=dtype)

    def free(self, a: np.ndarray):
        self.used -= a.nbytes


def _walk(prob: _Problem, side, p: int, d: int, chains) -> tuple[list, int]:
    """The moves from p, depth d on side, back to that side's level 0: at each step the first
    move of chains(p) (reverse chains on the forward side, chains on the backward side) to a
    position the side holds one level lower, every chain's end made canonical at once
    (canon_many)."""
    moves = []
    while d > 0:
        options = list(chains(p))
        for (path, q), key in zip(options, prob.canon_many([q for _path, q in options])):
            if side.table.holds(key, d - 1):
                moves.append(path)
                p = q
                d -= 1
                break
        else:  # pragma: no cover - would be a solver bug
            raise RuntimeError("solution reconstruction failed")
    return moves, p


def _reconstruct(prob: _Problem, fwd, bwd, meet: int, da: int, db: int):
    """Moves from the start to the goal through the meeting position."""
    g = prob.g
    moves_front, p = _walk(prob, fwd, meet, da, g.iter_reverse_chains)
    # p is now sigma(start) for a symmetry sigma fixing the goal set: map the path back with
    # sigma^-1, and continue to the goal from sigma^-1(meet) (the backward set is invariant)
    sigma = next(q for q in prob.perms if apply_perm(q, prob.position) == p)
    inv = [0] * len(sigma)
    for i, x in enumerate(sigma):
        inv[x] = i
    moves_front = [[inv[h] for h in path] for path in reversed(moves_front)]
    moves_back, _ = _walk(prob, bwd, apply_perm(inv, meet), db, g.iter_forward_chains)
    return moves_front + moves_back
