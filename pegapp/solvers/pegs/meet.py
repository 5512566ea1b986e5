"""Whether a single-vacancy problem can be solved at all, decided by levels by jumps met through
complements (no Qt).

The searches by moves (pegapp.solvers.pegs.levels) look for the fewest moves and keep every level
of both sides; a problem whose minimum they cannot reach may still be decided by a cheaper
question, asked of jumps: every solution of a single-vacancy problem on n holes has n - 2 jumps,
so its k-th position has n - 1 - k pegs whatever the moves, and peg solitaire's duality joins the
two ends of it:

    a position b reaches the single peg at f in m jumps
    iff the complement of b is reached in m jumps from the start with f empty

(a jump read backwards on the complements is a jump). So with F^s_k the positions k jumps from
the start with s empty (made canonical under the symmetries fixing both holes, each cut where a
pagoda function says it cannot reach the goal), the problem s -> f has a solution iff a child of
some b in F^s_k has its complement in F^f_m, k + 1 + m = n - 2. Only the last level of each side
is kept, never a path: the answer is yes or no (a solution itself comes from the searches that
find lines). For s = f the two sides are one (Wiegleb 45's 1 -> 1: 21 jumps from each end).

The cut is what makes this fit: a pagoda function p (p(f) + p(o) >= p(t) for every jump f over
o into t) never grows along a game, so a position whose sum is below the least p(f) + p(o) of a
jump into the goal cannot reach it. The board's own functions (pegs._tables.pagodas) are joined by
any the caller gives (checked against every jump first: a function that is not a pagoda would
cut positions that can win)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from pegapp.core.messages import msg

from pegapp.solvers.pegs._tables import apply_perm, geometry
from pegapp.solvers.lazy import lazy_module
from pegapp.solvers.threads import ways

KM = lazy_module("pegapp.solvers.pegs._meet_kernel")  # numba: loaded by the first decision
KL = lazy_module("pegapp.solvers.pegs._levels_kernel")  # the level search's sort of its children

#: a part's buffer at first: this many times the positions the level before it had per part
#: (the growth measured the level before; at least 1.3 times it, at most 4 times)
_GROWTH_SLACK = 1.3
#: levels of fewer parents are made by the calling thread alone (a pool costs more than it saves)
_THREADED_FROM = 1 << 16


@dataclass(frozen=True)
class Decision:
    """possible: True (a solution exists), False (none: every level searched to the meeting),
    None (the levels did not fit the memory budget: reason says so). levels: positions per
    level, the start's side then (when the finish differs) the other side's. meeting: the
    position k jumps from the start and its child whose complement the other side holds. A
    problem position classes rule out is answered False with no reason: the caller words it."""

    possible: bool | None
    levels: tuple[tuple[int, ...], ...]
    peak_bytes: int
    meeting: tuple[int, int] | None = None
    reason: object = None
    pagodas: int = 0


class _OutOfRoom(Exception):
    pass


class _Side:
    """One side's levels by jumps from the start with `vacancy` empty, cut towards the single
    peg at `goal`: only the last level is kept (sorted parts: level, offs)."""

    def __init__(self, g, vacancy: int, goal: int, perms, extra_pagodas, ledger):
        self.g = g
        self.symtab, _jm, self.nchunks = g.symtab(perms)
        self.nsym = len(perms)
        # closed under the symmetries: a cut then says the same of every image of a position,
        # so the meeting may rule out a canonical complement by its own sum
        pags = []
        for p in [*g.pagodas([1 << goal]), *extra_pagodas]:
            for perm in perms:
                image = [p[perm[h]] for h in range(g.n)]
                if image not in pags:
                    pags.append(image)
        into = [(f, o) for f, o, t in g.jumps if t == goal]
        self.pagodas = len(pags)
        self.tab = g.pagoda_tables(pags)
        self.thr = np.array([min(p[f] + p[o] for f, o in into) for p in pags], dtype=np.int64)
        self.delta = np.array([[p[t] - p[f] - p[o] for f, o, t in g.jumps] for p in pags],
                              dtype=np.int64).reshape(len(pags), len(g.jumps))
        start = ((1 << g.n) - 1) ^ (1 << vacancy)
        first = min(apply_perm(perm, start) for perm in perms)
        self.level = np.array([first], dtype=np.uint64)
        self.offs = np.zeros(KM.PARTS + 1, dtype=np.int64)
        self.offs[(first * int(KM._MULT) % 2**64 >> int(KM._SHIFT)) + 1:] = 1  # as KM._part
        self.sizes = [1]
        self.ledger = ledger

    @staticmethod
    def _offsets(parts) -> np.ndarray:
        offs = np.zeros(len(parts) + 1, dtype=np.int64)
        offs[1:] = np.cumsum([len(a) for a in parts])
        return offs

    def step(self, progress) -> None:
        """The next level by jumps in place of this one."""
        g, parts = self.g, KM.PARTS
        grew = self.sizes[-1] / max(1, self.sizes[-2]) if len(self.sizes) > 1 else 4.0
        ratio = min(4.0, max(1.3, grew * _GROWTH_SLACK))
        cap = int(len(self.level) * ratio / parts) + 4 * len(g.jumps) + 1024
        while True:
            bufs = self.ledger.take((parts, cap))
            cnt = np.zeros(parts, dtype=np.int64)
            halves = [(0, parts // 2, bufs, cnt), (parts // 2, parts, bufs, cnt)]
            if len(self.level) < _THREADED_FROM or ways() < 2:
                filled = all([self._fill(h) for h in halves])
            else:
                with ThreadPoolExecutor(2) as ex:
                    filled = all(ex.map(self._fill, halves))
            if filled:
                break
            self.ledger.give(bufs)
            cap = cap * 3 // 2
        held = [bufs[p, :cnt[p]] for p in range(parts)]
        self.ledger.give(self.level)
        self.level = self.ledger.take((int(cnt.sum()),))
        self.offs = self._offsets(held)
        for p in range(parts):
            self.level[self.offs[p]:self.offs[p + 1]] = held[p]
        del held
        self.ledger.give(bufs)
        self.sizes.append(len(self.level))
        progress(len(self.sizes) - 1, len(self.level))

    def _fill(self, half) -> bool:
        """One half of the parts filled from the whole level (each thread walks every parent
        and keeps its own parts' children: the same bytes whichever thread runs first); a
        full buffer is sorted and deduplicated, and False said when that leaves too little
        room (the level is made again with larger buffers)."""
        p_lo, p_hi, bufs, cnt = half
        i, n, room = 0, len(self.level), bufs.shape[1]
        while True:
            i = KM.expand(self.level, i, self.g.kfwd[0], self.g.kfwd[1], self.tab, self.delta,
                          self.thr, self.symtab, self.nchunks, self.nsym, p_lo, p_hi, bufs, cnt)
            done = i >= n
            for p in range(p_lo, p_hi):
                if done or cnt[p] + len(self.g.jumps) > room:
                    KL.sort_in_place(bufs[p, :cnt[p]], self.g.n)
                    cnt[p] = KM.unique_sorted(bufs[p], cnt[p])
                    if not done and cnt[p] > room * 3 // 4:
                        return False
            if done:
                return True


class _Ledger:
    """The bytes the levels and their buffers hold, against the budget (counted, never
    measured: the same answer on any machine)."""

    def __init__(self, budget: int):
        self.budget, self.held, self.peak = budget, 0, 0

    def take(self, shape) -> np.ndarray:
        size = 8 * int(np.prod(shape))
        if self.held + size > self.budget:
            raise _OutOfRoom
        self.held += size
        self.peak = max(self.peak, self.held)
        return np.empty(shape, dtype=np.uint64)

    def give(self, a: np.ndarray) -> None:
        self.held -= a.nbytes


def decide(board, start: int, finish: int, memory_budget: int, extra_pagodas=(),
           progress=None) -> Decision:
    """Whether the single-vacancy problem start -> finish (hole indexes) has a solution: levels
    by jumps from both ends met through complements (see the module's docstring), within
    memory_budget bytes. extra_pagodas: pagoda functions (one weight per hole) joined to the
    board's own for both goals, their images under the symmetries too; each is checked first
    (ValueError if one is not a pagoda). progress(level, positions) hears each level made."""
    g = geometry(board)
    for p in extra_pagodas:
        if not g.is_pagoda(p, signed=True):
            raise ValueError(msg("not a pagoda function: some jump raises its sum"))
    progress = progress or (lambda level, positions: None)
    perms = g.subgroup_fixing([1 << start], [1 << finish])
    ledger = _Ledger(memory_budget)
    if g.position_class(((1 << g.n) - 1) ^ (1 << start)) != g.position_class(1 << finish):
        return Decision(False, (), 0)   # no search: the caller has its words (the catalogue's)
    own = _Side(g, start, finish, perms, extra_pagodas, ledger)
    other = own if start == finish else _Side(g, finish, start, perms, extra_pagodas, ledger)
    near = (g.n - 3) // 2     # jumps from the start; the child is one more
    far = g.n - 3 - near      # jumps from the other end, >= near
    try:
        for _ in range(near):
            own.step(progress)
        parents = own.level
        if other is own and far > near:   # an even number of holes: one level more
            parents = ledger.take(own.level.shape)
            parents[:] = own.level
            own.step(progress)
        elif other is not own:
            for _ in range(far):
                other.step(lambda k, n: progress(-k, n))
    except _OutOfRoom:
        sizes = (tuple(own.sizes),) if other is own else (tuple(own.sizes), tuple(other.sizes))
        return Decision(None, sizes, ledger.peak, pagodas=own.pagodas, reason=msg(
            "memory budget of {gb:g} GB exceeded", gb=round(memory_budget / 1024**3, 1)))
    i, j = _meet(g, parents, own, other)
    sizes = (tuple(own.sizes),) if other is own else (tuple(own.sizes), tuple(other.sizes))
    if i < 0:
        return Decision(False, sizes, ledger.peak, pagodas=own.pagodas, reason=msg(
            "exhaustive search by jumps: none of the positions {near} jumps from the start is "
            "one jump from a position that reaches the goal in {far}", near=near, far=far))
    x = int(parents[i])
    return Decision(True, sizes, ledger.peak, meeting=(x, x ^ int(g.kfwd[0][j])),
                    pagodas=own.pagodas)


def _meet(g, parents: np.ndarray, own: _Side, other: _Side) -> tuple[int, int]:
    """KM.meet over parents in two halves, one a thread: the first meeting in the order of
    parents (the first half's if it has one), so the same answer from one thread or two."""
    total = other.tab[:, :, 255].sum(axis=1)   # each function's sum over every hole
    args = (g.kfwd[0], g.kfwd[1], np.uint64((1 << g.n) - 1), own.symtab, own.nchunks, own.nsym,
            other.tab, other.delta, other.thr, total, other.level, other.offs)
    half = len(parents) // 2
    spans = [(0, half), (half, len(parents))]
    if len(parents) < _THREADED_FROM or ways() < 2:
        found = [KM.meet(parents, a, b, *args) for a, b in spans]
    else:
        with ThreadPoolExecutor(2) as ex:
            found = list(ex.map(lambda span: KM.meet(parents, *span, *args), spans))
    return next(((int(i), int(j)) for i, j in found if i >= 0), (-1, -1))
