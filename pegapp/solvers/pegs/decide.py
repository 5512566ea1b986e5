"""Whether a position on a big board still wins, decided before any minimum is sought (issue #75
point 2; no Qt).

On Wiegleb 45 a proven minimum off the catalogue's lines needs a search the size of a par's
own, and a dead end's proof by moves runs its forward side out (up to 166 million positions
nine and twelve moves into random play). What a player needs first is to know whether the
position still wins. decide() answers that in the field's way, cheapest first, with counted
limits only (positions and nodes, never the clock), so an answer is the same bytes on any
machine at any load:

1. certificates at the position itself: no jump can be made; a pagoda function (the board's
   own, its signed counts, or one fitted to the finish: pegs.fitted) whose sum over the pegs is
   already below the least a position one jump from the goal has (no jump raises it). The
   function is kept (Certificate), so whoever doubts it can sum it again;
2. a beam search by single jumps (pegs.fallback._beam_solution's, compiled) whose children are
   cut by all of those functions (the board's own cut almost nothing of the positions random
   play reaches; the fitted ones cut most by 16-24 jumps in): a winning line;
3. a depth-first search over single jumps with a table of dead positions (merged by the
   symmetries fixing the goal) and the same cut, carried incrementally along the path
   (pegs._decide_kernel): a winning line, or, when it runs out, the proof that none exists;
   between its first million positions and the rest, a beam ten times as wide.

Measured on Wiegleb 45 (docs/results/wiegleb-hints.md): the dead ends random play reaches nine
to twelve moves in need from 20,000 to more than 150 million positions of this search, so a
good share stays undecided within its limits; the proof by moves then goes on as before.

None of it proves a minimum: solve() shows the line as a winning one, not proven shortest, and
the proof goes on behind it."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pegapp.core.messages import msg

from pegapp.solvers.lazy import lazy_module
from pegapp.solvers.pegs._tables import apply_perm, popcount
from pegapp.solvers.pegs.fallback import COUNT_REASON, PAGODA_REASON, _chains, _jump_order
from pegapp.solvers.pegs.problem import K, _Problem
from pegapp.solvers.result import check_stop, never_stop, no_progress

KD = lazy_module("pegapp.solvers.pegs._decide_kernel")
#: the depth-first search polls stop() this often (positions): each resumption walks again from
#: the position, its table of dead positions kept, which costs little
_CHUNK = 1_000_000

#: positions the depth-first search examines at most (a count: the same answer on any machine):
#: about a second on Wiegleb 45 (0.2-0.3 microseconds a position, 2026-12-07)
DECIDE_NODES = 4_000_000
#: positions the depth-first search examines before the wide beam is tried
DECIDE_FIRST_NODES = 1_000_000
#: positions the beam keeps a level, then the wide beam
DECIDE_BEAM = 1000
DECIDE_WIDE_BEAM = 10_000

WINS = "wins"
DEAD = "dead"
#: the progress stage of the pass, as the window's progress line says it
DECIDING = msg("deciding whether this position can still win")


@dataclass(frozen=True)
class Certificate:
    """Why the goal is out of reach, checkable without a search: kind "no move" (no jump can be
    made), "pagoda" (weights with p(f) + p(o) >= p(t) for every jump f over o into t; those
    fitted to a finish may be negative) or "count" (the same: the board's signed count of the
    pegs stranded in holes no jump passes over); total: their sum over the position's pegs;
    least: the least p(f) + p(o) over the jumps into the goal, which any position one jump from
    it has, and total < least."""

    kind: str
    weights: tuple[int, ...] = ()
    total: int = 0
    least: int = 0

    def as_json(self) -> dict:
        out: dict = {"kind": self.kind}
        if self.weights:
            out.update(weights=list(self.weights), sum=self.total, least=self.least)
        return out


@dataclass
class Decided:
    """decide()'s answer: verdict WINS (line: a winning line of moves), DEAD (reason: a msg();
    certificate when one exists), or None (not decided within the limits). how: which stage
    answered; nodes: the positions the depth-first search examined."""

    verdict: str | None
    line: list | None = None
    reason: object = None
    certificate: Certificate | None = None
    how: str = ""
    nodes: int = 0


def pagoda_functions(prob: _Problem) -> list[list[int]]:
    """Every pagoda function that speaks of prob's goal: the board's own (pegs._tables), its
    signed counts, and the functions fitted to the finish (pegs.fitted, each with its images
    under the symmetries fixing the goal, so a cut says the same of every image of a position).
    Each was checked against every jump of the board where it was made or read."""
    g = prob.g
    out: list[list[int]] = []
    fitted = [list(p) for p, _least in prob.fitted_pagodas]
    for p in [*g.pagodas(prob.goals), *g.signed_counts(), *fitted]:
        for perm in (prob.perms if p in fitted else [list(range(g.n))]):
            image = [p[perm[h]] for h in range(g.n)]
            if image not in out:
                out.append(image)
    return out


def least_sums(prob: _Problem, pags) -> np.ndarray:
    """Per function, the least p(f) + p(o) over the jumps into a goal: the least sum of a
    position one jump from it (a goal of one peg)."""
    holes = {x.bit_length() - 1 for x in prob.goals}
    g = prob.g
    return np.array([min([p[f] + p[o] for f, o, t in g.jumps if t in holes]
                         or [p[h] for h in holes]) for p in pags], dtype=np.int64)


def _total(p, position: int) -> int:
    return sum(w for h, w in enumerate(p) if position >> h & 1)


def certificate(prob: _Problem) -> Certificate | None:
    """A certificate that prob's position cannot reach its goal, from the position alone, or
    None: no jump can be made, or some function's sum is below its least (pagoda_functions)."""
    g = prob.g
    position = prob.position
    if position in prob.goals:
        return None
    if not any(position >> f & 1 and position >> o & 1 and not position >> t & 1
               for f, o, t in g.jumps):
        return Certificate("no move")
    pags = pagoda_functions(prob)
    counts = [*g.signed_counts(), *(p for p in g.pagodas(prob.goals) if min(p) < 0)]
    for p, least in zip(pags, least_sums(prob, pags)):
        total = _total(p, position)
        if total < least:
            return Certificate("count" if p in counts else "pagoda", tuple(p), total,
                               int(least))
    return None


def reason_of(cert: Certificate):
    """A certificate in the player's words."""
    if cert.kind == "no move":
        return msg("no move: no jump can be made from this position, and it is not the goal")
    return COUNT_REASON if cert.kind == "count" else PAGODA_REASON


def decide(prob: _Problem, node_limit: int = DECIDE_NODES, width: int = DECIDE_BEAM,
           wide: int = DECIDE_WIDE_BEAM, first_nodes: int = DECIDE_FIRST_NODES,
           stop=never_stop, progress=no_progress) -> Decided:
    """Whether prob's position reaches its goal (see the module's text), cheapest first: the
    certificates; the beam `width` wide; the depth-first search up to first_nodes positions
    (the dead ends it proves that fast are most of those it proves at all); the beam `wide`
    wide; the same search on, its table of dead positions kept, up to node_limit in all.
    stop() is polled between the stages and every million positions of the search (Cancelled:
    the window's Cancel, analysis mode's quick pass); the answer never depends on when.
    progress(DECIDING, 0, positions) is called as the searches begin and every million
    positions (a hint that has said nothing yet then says it is searching: pegapp.puzzles.hints)."""
    if prob.position in prob.goals:
        return Decided(WINS, line=[], how="goal")
    cert = certificate(prob)
    if cert is not None:
        return Decided(DEAD, reason=reason_of(cert), certificate=cert, how="certificate")
    pags = pagoda_functions(prob)
    check_stop(stop)
    progress(DECIDING, 0, 0)
    line = beam(prob, pags, width)
    if line is not None:
        return Decided(WINS, line=line, how="beam")
    search = DepthFirst(prob, pags)
    for limit, stage in ((min(first_nodes, node_limit), wide), (node_limit, 0)):
        status = -1
        while status == -1 and search.nodes < limit:
            check_stop(stop)
            progress(DECIDING, 0, search.nodes)
            status = search.run(min(limit, search.nodes + _CHUNK))
        if status == 1:
            return Decided(WINS, line=_chains(search.jumps), how="depth-first",
                           nodes=search.nodes)
        if status == 0:
            return Decided(DEAD, how="depth-first", nodes=search.nodes, reason=msg(
                "exhaustive search: no sequence of moves reaches the goal"))
        check_stop(stop)
        line = beam(prob, pags, stage) if stage > width else None
        if line is not None:
            return Decided(WINS, line=line, how="wide beam", nodes=search.nodes)
    return Decided(None, how="depth-first", nodes=search.nodes)


def beam(prob: _Problem, pags, width: int) -> list[list[int]] | None:
    """A winning line by a beam search over single jumps (None when the beam dies out, which
    proves nothing): pegs.fallback._beam_solution's, with its score (pegs far from the goal
    and pegs with no neighbour count against a position) and its fewest moves among the paths
    to one position, but compiled (pegs._decide_kernel.beam_children), and its children cut by
    every function of pagoda_functions, their sums carried from their parents'. Ten times the
    width of the numpy beam in the same time: on Wiegleb 45, random play four to seven moves
    in, lines the 1,000-wide beam misses."""
    g = prob.g
    goal = prob.goals[0]
    fm, fv = g.kfwd[0], g.kfwd[1]
    jm = np.ascontiguousarray(prob.jmask)
    weights = np.array(pags, dtype=np.int64).reshape(len(pags), g.n)
    delta = np.ascontiguousarray((weights[:, g.jt] - weights[:, g.jf] - weights[:, g.jo]).T)
    thr = least_sums(prob, pags)
    co = g.board.coords
    gx, gy = co[goal.bit_length() - 1]
    dist = np.array([round(abs(x - gx) + abs(y - gy)) for x, y in co], dtype=np.int64)
    nbrs = [0] * g.n
    for f, o, _t in g.jumps:
        nbrs[f] |= 1 << o
        nbrs[o] |= 1 << f
    nbrs = np.array(nbrs, dtype=np.uint64)
    here = np.array([prob.position >> h & 1 for h in range(g.n)], dtype=np.int64)
    front = np.array([prob.position], dtype=np.uint64)
    sums = (weights @ here)[None, :]
    imgs = np.array([[apply_perm(p, prob.position) for p in prob.perms]], dtype=np.uint64)
    moves = np.zeros(1, dtype=np.int64)
    last = np.full(1, -1, dtype=np.int64)
    levels: list[tuple[np.ndarray, np.ndarray]] = []
    while not (front == goal).any():
        room = len(front) * len(fm)
        child, canon = np.empty(room, np.uint64), np.empty(room, np.uint64)
        parent, jump, score = (np.empty(room, np.int64) for _ in range(3))
        cmoves, clast = np.empty(room, np.int64), np.empty(room, np.int64)
        n = KD.beam_children(front, sums, imgs, moves, last, fm, fv, jm, g.jf, g.jt, delta,
                             thr, np.uint64(goal), dist, nbrs, child, parent, jump, canon,
                             score, cmoves, clast)
        if n == 0:
            return None
        # by canonical form (45 bits on Wiegleb), then moves: the first of each form is kept
        order = np.argsort((canon[:n] << np.uint64(8)) | cmoves[:n].astype(np.uint64),
                           kind="stable")
        c = canon[order]
        keep = order[np.concatenate(([True], c[1:] != c[:-1]))]
        if len(keep) > width:
            keep = keep[np.argsort(score[keep], kind="stable")[:width]]
        front, parent, jump = child[keep], parent[keep], jump[keep]
        sums = sums[parent] + delta[jump]
        imgs = imgs[parent] ^ jm[jump]
        moves, last = cmoves[keep], clast[keep]
        levels.append((parent, jump))
    i = int(np.flatnonzero(front == goal)[0])
    jumps = []
    for parent, jump in reversed(levels):
        jumps.append((int(g.jf[jump[i]]), int(g.jt[jump[i]])))
        i = int(parent[i])
    jumps.reverse()
    return _chains(jumps)


class DepthFirst:
    """pegs._decide_kernel.decide_dfs from prob's position, resumable: run(limit) searches on
    (from the position again, the table of dead positions kept, so what was learnt stays)
    until limit positions were examined in all. Its table grows as it fills."""

    def __init__(self, prob: _Problem, pags):
        g = prob.g
        if prob.finish is None or len(prob.goals) != 1:
            raise ValueError("decide: the goal must be one hole")
        self.prob = prob
        self.fm, self.fv, self.jm, self.order = _jump_order(prob, g, False)
        weights = np.array(pags, dtype=np.int64).reshape(len(pags), g.n)
        self.delta = np.ascontiguousarray(
            (weights[:, g.jt] - weights[:, g.jf] - weights[:, g.jo]).T[self.order])
        here = np.array([(prob.position >> h) & 1 for h in range(g.n)], dtype=np.int64)
        self.sums0 = weights @ here
        self.thr = least_sums(prob, pags)
        self.img0 = np.array([apply_perm(p, prob.position) for p in prob.perms],
                             dtype=np.uint64)
        self.path = np.zeros(popcount(prob.position) + 2, dtype=np.int64)
        self._nodes = np.zeros(1, dtype=np.int64)
        self.bits = 22
        self.dead = np.zeros(1 << self.bits, dtype=np.uint64)
        self.dead_count = np.zeros(1, dtype=np.int64)
        self.jumps: list[tuple[int, int]] | None = None

    @property
    def nodes(self) -> int:
        """The positions examined so far."""
        return int(self._nodes[0])

    def run(self, limit: int) -> int:
        """1 found (jumps: a line's jumps (from, to)), 0 none, -1 limit reached."""
        prob, g = self.prob, self.prob.g
        if limit <= self.nodes:
            return -1
        while True:
            st = KD.decide_dfs(np.uint64(prob.position), np.uint64(prob.goals[0]), self.fm,
                               self.fv, self.jm, self.delta, self.sums0, self.thr, self.img0,
                               prob.nsym, self.dead, np.uint64(64 - self.bits),
                               self.dead_count, max(0, limit - self.nodes), self.path,
                               self._nodes)
            if st != -2:
                break
            self.bits += 1
            new = np.zeros(1 << self.bits, dtype=np.uint64)
            K.table_rehash(self.dead, new, np.uint64(64 - self.bits))
            self.dead = new
        if st == 1:
            self.jumps = [(int(g.jf[self.order[j]]), int(g.jt[self.order[j]]))
                          for j in self.path[:self.path[-1]]]
        return int(st)
