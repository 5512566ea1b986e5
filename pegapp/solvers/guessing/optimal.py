"""Provably optimal code-breaking (bulls and cows, Mastermind): an exact branch-and-bound search.

The cost of a set S of secrets still possible is the total number of guesses that find every one
of them, counting the final correct guess, when play from here is best:

    C({s}) = 1,    C(S) = |S| + min over guesses g of  sum over answers a != win of C(S_g,a)

(S_g,a: the secrets of S that answer a to g). With a depth limit r (no secret may need more than
r more guesses) the same recursion gives the "fewest at worst, then fewest in all" strategy:
minimax = C_r for the smallest feasible r.

How the search stays small (the standard techniques, after Koyama and Lai 1993):

* branch and bound: a guess's lower bound is |S| + sum of LB(|part|), where LB(n) fills a tree
  with at most ``b`` non-winning answers per guess greedily (1 secret found by the first guess,
  b by the second, b*b by the third ...; LB(2) = 3); guesses are tried in increasing bound order
  and the search of a part gets only the budget left under the best total so far;
* b is the set's own: a guess splits a subset of S into no more parts than it splits S, so the
  most parts any guess makes of S bounds every node below it. Each node counts it from the
  answers it counts anyway and passes it down. It only cuts: guesses are still tried in the
  order of the plain bound, so the best guess found is the same one (bulls and cows after 0123
  and 4567 answered 0B2C and 0B1C, 504 secrets: 1258 weighed in 0.39 s, 0.59 s before);
* before a guess's parts are searched its bound is sharpened part by part without a search
  (_part_lb): the memo's value or proven bound, and for a part of c < 14 secrets 2c - 1 if one
  of them tells the others apart, else 2c, and for a part of LOOKAHEAD secrets or more one
  guess ahead; the guess is dropped when that reaches the best, and the parts' budgets use the
  sharper bounds (on bulls and cows this cut the nodes fourfold);
* every guess's answers over S counted row by row of S's secrets (_answer_counts: the table is
  symmetric, so each row is read in order, not n scattered bytes of each guess's row);
* a perfect splitter inside S (a possible secret whose answers tell all of S apart) reaches the
  bound 2|S| - 1 and ends the node at once; without one every play costs 2|S| or more (three
  secrets: exactly 6), and a guess whose parts are all of one or two secrets is priced at
  once (n + 1 per single + 3 per pair), ending the node when it meets that bound; the possible
  secrets are looked at first, since they are the ones that can;
* guesses that split nothing are skipped, and guesses with the very same answers over S as one
  already weighed (same partition, same labels) are weighed once;
* symbols interchangeable on S (swapping them in every code maps S onto itself: symbols no
  guess has used yet, or that every answer so far treats alike) make guesses equivalent; only
  one per class is weighed (_digit_classes, _canonical; on bulls and cows the largest single
  cut, about tenfold at 480 secrets);
* a memo of solved sets (exact values, and lower bounds proven by a failed budget), keyed by a
  64-bit Zobrist hash of the set and the depth limit (a limit of |S| or more limits nothing and
  is keyed as none, so a set met at another depth is found);
* symmetry: at the root only one guess per class (digit and place permutations), and for the
  second guess only one per orbit of the permutations that fix the first guess.

numba-compiled; no Qt. The build script (packaging/build_guess_strategies.py) runs it once and
ships the trees as data (resources/strategies/); pegapp.solvers.guessing._bulls reads them
(this module imports nothing of the project but guessing.classes' symmetries, node_order's
kernels and, to read a memo back, core.storage's gate: rules come in as any object with codes,
symbols, pegs, index, table, n_scores, win, size and possible_scores).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

import numpy as np

from pegapp.solvers._jit import Dict, njit, types
from pegapp.solvers.guessing.classes import first_guess_kinds, symmetry_classes
from pegapp.solvers.guessing.node_order import first_time, heapsort_pairs, largest_first

INF = 1 << 40
GAVE_UP = -2           # the best guess _search gives when it ran out of nodes
NO_LIMIT = 64          # a depth limit no play reaches
MAX_MEMO_BYTES = 1 << 34   # the largest memo read back (Search.load): a build's, a few GB at most
#: parts of this many secrets or more get a one-guess-ahead lower bound (_part_lb); at 24 its
#: scans cost more than they saved on the sets after two answers (4.4 s at 48, 6.2 s at 24)
LOOKAHEAD = 48


@njit(cache=True)
def _hash(S, zob):
    h = np.int64(0)
    for i in range(len(S)):
        h ^= zob[S[i]]
    return h


@njit(cache=True)
def _rkey(r, n):
    """The depth limit as the memo key has it: a limit of n or more guesses limits nothing on
    n secrets (a best play's every guess finds one secret or splits the set, so it needs at
    most n), so all those share NO_LIMIT and a set met at another depth is found."""
    return r if r < n else NO_LIMIT


@njit(cache=True)
def _digit_classes(S, swap, pairs, nsym, mark):
    """cls[d]: the lowest symbol interchangeable with d on S (swapping the two symbols in every
    code maps S onto itself), rank[d]: d's place among its class, ascending; and whether any
    class has two or more symbols. Interchangeability is an equivalence (the transpositions of
    a class generate all its permutations), so every permutation of a class fixes S."""
    cls = np.arange(nsym)
    rank = np.zeros(nsym, dtype=np.int64)
    size = np.ones(nsym, dtype=np.int64)
    for j in range(len(S)):
        mark[S[j]] = True
    anyc = False
    for d in range(1, nsym):
        for c in range(d):
            if cls[c] != c:
                continue
            p = pairs[c, d]
            ok = True
            for j in range(len(S)):
                if not mark[swap[p, S[j]]]:
                    ok = False
                    break
            if ok:
                cls[d] = c
                rank[d] = size[c]
                size[c] += 1
                anyc = True
                break
    for j in range(len(S)):
        mark[S[j]] = False
    return cls, rank, anyc


@njit(cache=True)
def _canonical(dig, g, cls, rank, cnt):
    """Whether code g is its class's representative: within each class of interchangeable
    symbols, the ones g uses appear, in order of first use, as the class's lowest."""
    for v in range(len(cnt)):
        cnt[v] = 0
    seen = 0
    for p in range(dig.shape[1]):
        d = dig[g, p]
        if seen & (1 << d):
            continue
        seen |= 1 << d
        c = cls[d]
        if rank[d] != cnt[c]:
            return False
        cnt[c] += 1
    return True


@njit(cache=True)
def _answer_counts(table, S, guesses, live, nsc, zpos=None):
    """(counts, hashes): counts[i, a] how many secrets of S answer a to guesses[i], for i <
    live; with zpos, hashes[i] the sum over S's places j of (answer + 1) * zpos[j] (the
    guess's partition of S with its labels, as _search compares them). Read row by
    row of S's secrets, since the table is symmetric (the answer of guess g to secret s is that
    of guess s to secret g: OptimalSearch checks it): each row is read in order, where a row per
    guess would be read at n scattered places. Measured on bulls and cows (one core, the same
    nodes): a set of 480 secrets 25.9 s -> 12.1 s with LOOKAHEAD 48, after two answers the
    weighing of four guesses 12.7 s -> 4.4 s."""
    cm = np.zeros((live, nsc), dtype=np.int32)
    hs = np.zeros(live if zpos is not None else 0, dtype=np.int64)
    for j in range(len(S)):
        row = table[S[j]]
        if zpos is not None:
            z = zpos[j]
            for i in range(live):
                a = row[guesses[i]]
                cm[i, a] += 1
                hs[i] += (np.int64(a) + 1) * z
        else:
            for i in range(live):
                cm[i, row[guesses[i]]] += 1
    return cm, hs


@njit(cache=True)
def _most_parts(cm, live, nsc, win):
    """The most non-winning parts any of the first `live` guesses makes of the set counted in
    cm (at least 1). A guess splits a subset into no more parts than the set, so this bounds
    every node below the set (the branching of its greedy lower bound)."""
    most = 1
    for gi in range(live):
        k = 0
        for v in range(nsc):
            if v != win and cm[gi, v] > 0:
                k += 1
        most = max(most, k)
    return most


@njit(cache=True)
def _perfect_splitter(table, S, n, nsc):
    """A guess among the first n secrets of S that gives each of them its own answer (the best
    possible split: 2n - 1 guesses in all), or -1 when none does."""
    seen = np.zeros(nsc, dtype=np.int64)
    for i in range(n):
        g = S[i]
        ok = True
        for j in range(n):
            s = table[g, S[j]]
            if seen[s] == i + 1:
                ok = False
                break
            seen[s] = i + 1
        if ok:
            return g
    return -1


@njit(cache=True)
def _part_lb(table, P, r, lbt, lbts, zob, exact, lower, nsc, win, dig, swap, pairs, mark):
    """A lower bound of C_r(P) found without searching: the memo's value or bound, else for a
    few secrets 2c - 1 with a perfect splitter among them and 2c without (see _search)."""
    c = len(P)
    if c == 1:
        return np.int64(1)
    if c == 2:
        return np.int64(3)
    key = _hash(P, zob) ^ (np.int64(_rkey(r, c)) * np.int64(0x5851F42D4C957F2D)) ^ np.int64(c)
    if key in exact:
        return exact[key] >> 16
    best = lbt[c]
    if key in lower:
        best = max(best, lower[key])
    if c >= LOOKAHEAD:
        # one guess ahead: c + the least over every guess of its parts' LB (one scan, cheap
        # beside the part's own search), remembered as a proven bound
        one = INF
        cls, rank, reduce = _digit_classes(P, swap, pairs, pairs.shape[0], mark)
        cnt = np.zeros(pairs.shape[0], dtype=np.int64)
        guesses = np.empty(table.shape[0], dtype=np.int64)
        live = 0
        for g in range(table.shape[0]):
            if not reduce or _canonical(dig, g, cls, rank, cnt):
                guesses[live] = g
                live += 1
        cm, _ = _answer_counts(table, P, guesses, live, nsc)
        own = lbts[min(_most_parts(cm, live, nsc, win), lbts.shape[0] - 1)]   # P's branching
        best = max(best, own[c])
        for gi in range(live):
            counts = cm[gi]
            lb = c
            for v in range(nsc):
                k = counts[v]
                if k == c:
                    lb = INF
                    break
                if v != win:
                    lb += own[k]
            one = min(one, lb)
            if one <= best:
                break
        best = max(best, one)
        if best > lbt[c] and (key not in lower or lower[key] < best):
            lower[key] = best
        return best
    if c < nsc:
        if _perfect_splitter(table, P, c, nsc) >= 0:
            return max(best, 2 * c - 1)
        return max(best, 2 * c)
    return best


@njit(cache=True, nogil=True)
def _search(table, S, cands, r, bound, lbt, lbts, b, cap, zob, zpos, exact, lower, win, nsc,
            allc, counter, dig, swap, pairs, mark):
    """(cost, guess): cost = C_r(S) and a best guess when C_r(S) < bound; otherwise a value
    >= bound and guess -1 (the proof that no play costs less than bound). cands is allc
    (every code, reduced here by the symbols interchangeable on S) or an explicit list of
    representatives (used as given)."""
    n = len(S)
    if n == 1:
        return np.int64(1), np.int64(S[0])
    if r <= 1:
        return np.int64(INF), np.int64(-1)
    if n == 2:
        return np.int64(3), np.int64(S[0])
    if n > cap[r]:
        return np.int64(INF), np.int64(-1)
    lbn = lbts[b, n]
    if bound <= lbn:
        return np.int64(lbn), np.int64(-1)
    key = _hash(S, zob) ^ (np.int64(_rkey(r, n)) * np.int64(0x5851F42D4C957F2D)) ^ np.int64(n)
    if key in exact:
        v = exact[key]
        val = v >> 16
        if val < bound:
            return val, v & 0xFFFF
        return val, np.int64(-1)
    if key in lower:
        lb = lower[key]
        if lb >= bound:
            return lb, np.int64(-1)
    counter[0] += 1
    # a perfect splitter among the possible secrets reaches the lower bound 2n - 1
    if n < nsc:
        g = _perfect_splitter(table, S, n, nsc)
        if g >= 0:
            val = 2 * n - 1
            exact[key] = (np.int64(val) << 16) | np.int64(g)
            if val < bound:
                return np.int64(val), np.int64(g)
            return np.int64(val), np.int64(-1)
        # none: a guess inside S leaves a part of two or more, one outside finds nobody, so
        # every play costs 2n or more; with three secrets a guess inside S reaches 2n
        lbn = max(lbn, 2 * n)
        if n == 3 and r >= 3:
            exact[key] = (np.int64(6) << 16) | np.int64(S[0])
            if 6 < bound:
                return np.int64(6), np.int64(S[0])
            return np.int64(6), np.int64(-1)
        if bound <= lbn:
            lower[key] = lbn
            return np.int64(lbn), np.int64(-1)
    reduce = len(cands) == len(allc)
    cls = np.empty(0, dtype=np.int64)
    rank = cls
    cnt = np.zeros(pairs.shape[0], dtype=np.int64)
    if reduce:
        cls, rank, reduce = _digit_classes(S, swap, pairs, pairs.shape[0], mark)
    nc = len(cands)
    keys = np.empty(nc, dtype=np.int64)
    hashes = np.empty(nc, dtype=np.int64)
    m = 0
    counts = np.zeros(nsc, dtype=np.int64)
    best = bound
    bestg = np.int64(-1)
    # the possible secrets first (only they can end the search at once with a cost of 2n),
    # then the rest in code order
    scan = np.empty(nc, dtype=np.int64)
    if reduce or nc == len(allc):
        for j in range(n):
            mark[S[j]] = True
        w = 0
        for j in range(n):
            scan[w] = S[j]
            w += 1
        for ci in range(nc):
            if not mark[cands[ci]]:
                scan[w] = cands[ci]
                w += 1
        for j in range(n):
            mark[S[j]] = False
    else:
        for ci in range(nc):
            scan[ci] = cands[ci]
    # the guesses to weigh: one per class of interchangeable symbols
    live = 0
    for ci in range(nc):
        g = scan[ci]
        if reduce and not _canonical(dig, g, cls, rank, cnt):
            continue
        scan[live] = g
        live += 1
    cm, hs = _answer_counts(table, S, scan, live, nsc, zpos)
    if reduce or nc == len(allc):
        most = _most_parts(cm, live, nsc, win)
        if most < b:
            b = most
            if lbts[b, n] > lbn:
                lbn = lbts[b, n]
                if bound <= lbn:
                    lower[key] = max(lower[key], lbn) if key in lower else lbn
                    return np.int64(lbn), np.int64(-1)
    lbb = lbts[b]
    for ci in range(live):
        g = scan[ci]
        for v in range(nsc):
            counts[v] = cm[ci, v]
        lb = n
        lbp = n                 # the same with the branching of S: for the cut, not the order
        useful = True
        small = True            # every part of one or two: the cost is known now
        direct = n
        for v in range(nsc):
            c = counts[v]
            if c == 0 or v == win:
                continue
            if c == n:
                useful = False
                break
            if c > cap[r - 1]:
                useful = False
                break
            lb += lbt[c]
            lbp += lbb[c]
            if c == 1:
                direct += 1
            elif c == 2 and r >= 3:
                direct += 3
            else:
                small = False
        if not useful or lbp >= best:
            continue
        if small:
            if direct < best:
                best = direct
                bestg = g
                if best <= lbn:         # no play costs less: stop looking
                    break
            continue
        keys[m] = lb * 65536 + g
        hashes[m] = hs[ci]
        m += 1
    heapsort_pairs(keys, hashes, m)
    # the partitions weighed so far, by their answers' hash: open addressing, no typed dict
    slots = 4
    while slots < 2 * m:
        slots *= 2
    done = np.zeros(slots, dtype=np.int64)
    used = np.zeros(slots, dtype=np.bool_)
    sub = np.empty(n, dtype=S.dtype)
    starts = np.zeros(nsc + 1, dtype=np.int64)
    plb = np.zeros(nsc, dtype=np.int64)
    for oi in range(m):
        if best <= lbn:
            break
        k = keys[oi]
        lb = k >> 16
        if lb >= best:
            break
        if not first_time(done, used, hashes[oi]):
            continue
        g = k & 0xFFFF
        # partition S by the answers to g (counting sort, S's order kept inside a part)
        for v in range(nsc + 1):
            starts[v] = 0
        for j in range(n):
            starts[table[g, S[j]] + 1] += 1
        for v in range(nsc):
            starts[v + 1] += starts[v]
        fill = starts.copy()
        for j in range(n):
            s = table[g, S[j]]
            sub[fill[s]] = S[j]
            fill[s] += 1
        # each part's bound sharpened without a search (memo, perfect splitters inside it):
        # a guess whose sharpened bound reaches the best so far is done with at once
        lb2 = n
        for v in range(nsc):
            c = starts[v + 1] - starts[v]
            plb[v] = 0
            if c == 0 or v == win:
                continue
            plb[v] = _part_lb(table, sub[starts[v]:starts[v + 1]], r - 1, lbb, lbts, zob, exact,
                              lower, nsc, win, dig, swap, pairs, mark)
            lb2 += plb[v]
        if lb2 >= best:
            continue
        # the largest parts first: they decide most and fail soonest
        porder = largest_first(starts, nsc)
        total = n
        rest_lb = lb2 - n
        ok = True
        for pi in range(nsc):
            v = porder[pi]
            c = starts[v + 1] - starts[v]
            if c == 0 or v == win:
                continue
            rest_lb -= plb[v]
            budget = best - total - rest_lb
            part = sub[starts[v]:starts[v + 1]].copy()
            cost, _g = _search(table, part, allc, r - 1, budget, lbt, lbts, b, cap, zob, zpos,
                               exact, lower, win, nsc, allc, counter, dig, swap, pairs, mark)
            if counter[1] > 0 and counter[0] >= counter[1]:
                # out of nodes (OptimalSearch.cost_within): give up, writing nothing here
                return np.int64(-1), np.int64(GAVE_UP)
            if cost >= budget:
                ok = False
                break
            total += cost
        if ok and total < best:
            best = total
            bestg = g
    if bestg >= 0:
        exact[key] = (np.int64(best) << 16) | bestg
        return np.int64(best), bestg
    if key in lower:
        if lower[key] < bound:
            lower[key] = bound
    else:
        lower[key] = bound
    return np.int64(bound), np.int64(-1)


@njit(cache=True)
def _new_memo():
    """An empty memo (int64 -> int64). Made by a cached kernel: Dict.empty called from Python
    compiles the dictionary's code in every process (0.8 s), this loads it with the kernel."""
    return Dict.empty(key_type=types.int64, value_type=types.int64)


@njit(cache=True)
def _fill(d, keys, values):
    for i in range(len(keys)):
        d[keys[i]] = values[i]


def fill_bound(size: int, branching: int) -> np.ndarray:
    """lbt[n]: the fewest guesses in all that can find n secrets when no guess has more than
    `branching` non-winning answers. The tree filled greedily: one secret found by the first
    guess, b by the second, b^2 by the third..., so the i-th (from 1) by guess d, the first
    whose 1 + b + ... + b^(d-1) nodes hold i."""
    full, level = [0], 1
    while full[-1] < size:
        full.append(full[-1] + level)
        level *= branching
    depth = np.searchsorted(np.array(full[1:]), np.arange(1, size + 1)) + 1
    return np.concatenate(([0], np.cumsum(depth))).astype(np.int64)


def lower_bounds(size: int, branching: int) -> tuple[np.ndarray, np.ndarray]:
    """(lbt, cap): lbt as fill_bound; cap[r] the most secrets r guesses can tell apart."""
    cap = np.zeros(NO_LIMIT + 1, dtype=np.int64)
    level, acc = 1, 0
    for r in range(1, NO_LIMIT + 1):
        acc = min(acc + level, 1 << 40)
        cap[r] = acc
        level = min(level * branching, 1 << 40)
    return fill_bound(size, branching), cap


@dataclass
class OptimalSearch:
    """The exact search over one ruleset, with its memo kept between calls."""

    rules: object
    nodes: int = 0
    exact: object = None
    lower: object = None
    _stab: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        r = self.rules
        self.table = np.ascontiguousarray(r.table)
        # _answer_counts reads it by secrets' rows; the rulesets score symmetrically by
        # construction, so a band of rows is enough to refuse a table of another kind (the
        # whole comparison costs 0.1 s a process)
        band = self.table[:64]
        if not np.array_equal(band, self.table[:, :64].T):
            raise ValueError("the answer table must be symmetric (guess and secret swapped)")
        self.nsc = r.n_scores
        self.win = r.win
        branching = len(r.possible_scores) - 1
        self.lbt, self.cap = lower_bounds(r.size, branching)
        self.branching = branching
        # lbts[b]: lbt for sets no guess splits into more than b parts besides the win
        self.lbts = np.array([fill_bound(r.size, max(b, 1)) for b in range(branching + 1)])
        rng = np.random.default_rng(20260121)
        self.zob = rng.integers(1, 1 << 62, size=r.size, dtype=np.int64)
        self.zpos = rng.integers(1, 1 << 62, size=r.size, dtype=np.int64)
        self.allc = np.arange(r.size, dtype=np.int64)
        self.exact = _new_memo()
        self.lower = _new_memo()
        # [nodes searched, node limit or 0]: the limit makes the search give up (cost_within)
        self.counter = np.zeros(2, dtype=np.int64)
        # symbol swaps, for the classes of symbols interchangeable on a set (see _digit_classes)
        k = len(r.symbols)
        self.dig = np.array([[r.symbols.index(ch) for ch in c] for c in r.codes], dtype=np.int64)
        base = k ** np.arange(r.pegs - 1, -1, -1)
        lookup = np.full(k ** r.pegs, -1, dtype=np.int64)
        lookup[self.dig @ base] = np.arange(r.size)
        self.pairs = np.full((k, k), -1, dtype=np.int64)
        swaps = []
        for a in range(k):
            for b in range(a + 1, k):
                sigma = np.arange(k)
                sigma[a], sigma[b] = b, a
                self.pairs[a, b] = self.pairs[b, a] = len(swaps)
                swaps.append(lookup[sigma[self.dig] @ base])
        self.swap = np.array(swaps, dtype=np.int64).reshape(len(swaps), r.size)
        self.mark = np.zeros(r.size, dtype=np.bool_)

    def twin(self) -> "OptimalSearch":
        """A search of the same rules with a memo and scratch of its own, for another thread:
        the tables are read only and shared, so it costs no setup."""
        other = copy.copy(self)
        other.exact, other.lower = _new_memo(), _new_memo()
        other.counter = np.zeros_like(self.counter)
        other.mark = np.zeros_like(self.mark)
        other._stab = {}
        return other

    def cost(self, S: np.ndarray, limit: int = NO_LIMIT, bound: int = INF,
             cands: np.ndarray | None = None) -> tuple[int, int]:
        """(C_limit(S), best guess) if below bound, else (a value >= bound, -1)."""
        S = np.ascontiguousarray(np.sort(np.asarray(S, dtype=np.int64)))
        c = self.allc if cands is None else np.ascontiguousarray(cands, dtype=np.int64)
        v, g = _search(self.table, S, c, limit, bound, self.lbt, self.lbts, self.branching,
                       self.cap, self.zob, self.zpos, self.exact, self.lower, self.win, self.nsc,
                       self.allc, self.counter, self.dig, self.swap, self.pairs, self.mark)
        return int(v), int(g)

    def cost_within(self, S: np.ndarray, limit: int, nodes: int) -> tuple[int, int] | None:
        """cost(S, limit) if the search ends within `nodes` more search nodes, else None (it
        gave up: what it had finished stays in the memo, so a later call goes further). Counted
        work, not the clock: the same answer on any machine from the same memo."""
        self.counter[1] = self.counter[0] + max(1, nodes)
        try:
            v, g = self.cost(S, limit)
        finally:
            self.counter[1] = 0
        return None if g == GAVE_UP else (v, g)

    def cost_in_steps(self, S: np.ndarray, limit: int, bound: int, cands: np.ndarray,
                      log=None, checkpoint=None) -> tuple[int, int]:
        """cost() of a large set with its loop over guesses here, so that a long build logs
        and saves its memo after each guess (resuming loses at most one guess's work). The
        same search as _search's node (bound order, budgets), the answer stored in the memo."""
        S = np.ascontiguousarray(np.sort(np.asarray(S, dtype=np.int64)))
        n = len(S)
        if n < 3:
            return self.cost(S, limit, bound, cands)
        mask = (1 << 64) - 1          # the key as _search computes it in wrapping int64
        rkey = limit if limit < n else NO_LIMIT
        key = (int(_hash(S, self.zob)) & mask) ^ ((rkey * 0x5851F42D4C957F2D) & mask) ^ n
        key = key - (1 << 64) if key >= 1 << 63 else key
        if key in self.exact:
            v = self.exact[key]
            return (v >> 16, v & 0xFFFF) if (v >> 16) < bound else (v >> 16, -1)
        if key in self.lower and self.lower[key] >= bound:
            return self.lower[key], -1
        scores = self.table[np.asarray(cands)][:, S].astype(np.int64)
        counts = np.zeros((len(cands), self.nsc), dtype=np.int64)
        np.add.at(counts, (np.repeat(np.arange(len(cands)), n), scores.ravel()), 1)
        counts[:, self.win] = 0
        useful = (counts.max(axis=1) < n) & (counts.max(axis=1) <= self.cap[limit - 1])
        # tried in the order of the plain bound (as in _search: it owes nothing to the memo, so
        # a resumed build breaks ties as a fresh one); each guess's parts' bounds sharpened
        # (_part_lb: one guess ahead on the large parts) drop it or tighten the budgets
        lbs = n + self.lbt[counts].sum(axis=1)
        order = sorted((int(lbs[i]), int(cands[i])) for i in np.flatnonzero(useful))
        best, bestg = bound, -1
        for i, (lb, g) in enumerate(order):
            if lb >= best:
                break
            parts = sorted(self.parts(S, g), key=len, reverse=True)
            plb = [self.part_lb(p, limit - 1) for p in parts]
            lb = n + sum(plb)
            if lb >= best:
                if log:
                    log(f"    set of {n}: guess {i + 1} of {len(order)} ({self.rules.codes[g]}): "
                        f"bound {lb} cut")
                continue
            total, rest, ok = n, lb - n, True
            for p, pl in zip(parts, plb):
                rest -= pl
                budget = best - total - rest
                c, _ = self.cost(p, limit - 1, budget)
                if c >= budget:
                    ok = False
                    break
                total += c
            if ok and total < best:
                best, bestg = total, g
            if log:
                log(f"    set of {n}: guess {i + 1} of {len(order)} ({self.rules.codes[g]}, "
                    f"bound {lb}): {total if ok else 'cut'}; best "
                    f"{best if bestg >= 0 else '-'} (nodes {self.counter[0]})")
            if checkpoint is not None:
                checkpoint()
        if bestg >= 0:
            self.exact[key] = (best << 16) | bestg
            return best, bestg
        self.lower[key] = max(self.lower.get(key, 0), bound)
        return bound, -1

    def part_lb(self, P: np.ndarray, limit: int) -> int:
        """A lower bound of cost(P, limit) found without a search (see _part_lb)."""
        P = np.ascontiguousarray(np.sort(np.asarray(P, dtype=np.int64)))
        return int(_part_lb(self.table, P, limit, self.lbt, self.lbts, self.zob, self.exact,
                            self.lower, self.nsc, self.win, self.dig, self.swap, self.pairs, self.mark))

    def classes_after(self, fixed: tuple[int, ...]) -> np.ndarray:
        if fixed not in self._stab:
            if not fixed:       # before any guess: one code per kind (how symbols repeat)
                self._stab[fixed] = np.array(first_guess_kinds(self.rules), dtype=np.int64)
            else:
                self._stab[fixed] = symmetry_classes(self.rules, list(fixed))
        return self._stab[fixed]

    def parts(self, S: np.ndarray, g: int) -> list[np.ndarray]:
        """The non-winning parts of S under guess g, by ascending answer code."""
        scores = self.table[g, S]
        return [S[scores == v] for v in np.unique(scores) if v != self.win]

    def save(self, path) -> None:
        """Write the memo (exact values and proven lower bounds) to path (.npz), so a long
        build can stop and resume where it was."""
        ek = np.fromiter(self.exact.keys(), dtype=np.int64, count=len(self.exact))
        ev = np.fromiter(self.exact.values(), dtype=np.int64, count=len(self.exact))
        lk = np.fromiter(self.lower.keys(), dtype=np.int64, count=len(self.lower))
        lv = np.fromiter(self.lower.values(), dtype=np.int64, count=len(self.lower))
        tmp = str(path) + ".tmp.npz"
        np.savez(tmp, ek=ek, ev=ev, lk=lk, lv=lv, counter=self.counter)
        import os
        os.replace(tmp, path)

    def load(self, path) -> None:
        """The memo save() wrote (storage.open_regular: no FIFO, folder or device; bounded)."""
        from pegapp.core.storage import open_regular

        with open_regular(path, MAX_MEMO_BYTES) as f:
            data = np.load(f, allow_pickle=False)
            _fill(self.exact, data["ek"], data["ev"])
            _fill(self.lower, data["lk"], data["lv"])
            self.counter[0] = data["counter"][0]

    def solve_root(self, limit: int = NO_LIMIT, log=None, every_first: bool = False,
                   checkpoint=None) -> tuple[int, int]:
        """(C_limit(all codes), first guess): the first guess over the symmetry classes, the
        second over the orbits of the first guess's stabiliser. every_first: weigh each class
        of first guess exactly (no cut), into self.first_values {guess: total}. checkpoint():
        called after each part of a first guess is solved (to save the memo)."""
        every = np.arange(self.rules.size, dtype=np.int64)
        firsts = self.classes_after(())
        best, bestg = INF, -1
        self.first_values = {}
        for g in firsts:
            g = int(g)
            total = len(every)
            seconds = self.classes_after((g,))
            parts = sorted(self.parts(every, g), key=len, reverse=True)
            rest = sum(int(self.lbt[len(p)]) for p in parts)
            ok = True
            for p in parts:
                rest -= int(self.lbt[len(p)])
                budget = INF if every_first else best - total - rest
                if checkpoint is not None:      # a long build: one step per second guess
                    c, _ = self.cost_in_steps(p, limit - 1, budget, seconds, log, checkpoint)
                    checkpoint()
                else:
                    c, _ = self.cost(p, limit - 1, budget, seconds)
                if log:
                    log(f"  first {self.rules.codes[g]}: part of {len(p)} -> "
                        f"{c if c < budget else '>= %d' % budget}  (nodes {self.counter[0]})")
                if c >= budget:
                    ok = False
                    break
                total += c
            if log:
                log(f"first guess {self.rules.codes[g]}: "
                    f"{total if ok else 'cut'} (best {best if best < INF else '-'})")
            if ok:
                self.first_values[g] = total
            if ok and total < best:
                best, bestg = total, g
        return best, bestg

    def tree(self, S: np.ndarray, value: int, limit: int, depth: int = 0,
             first: int | None = None, history: tuple[int, ...] = ()) -> dict:
        """The strategy as nested dicts {"guess": index, "value": C, answer code: subtree}
        (parts of one secret are leaves {"guess": s, "value": 1})."""
        S = np.sort(np.asarray(S, dtype=np.int64))
        if len(S) == 1:
            return {"guess": int(S[0]), "value": 1}
        if first is not None:
            g = first
        else:
            cands = self.classes_after(history) if len(history) <= 1 else None
            v, g = self.cost(S, limit, value + 1, cands)
            if v != value or g < 0:
                raise RuntimeError(f"tree: value {v} != {value} at a node of {len(S)}")
        node = {"guess": int(g), "value": value}
        scores = self.table[g, S]
        hist = (*history, int(g))
        for a in np.unique(scores):
            if a == self.win:
                continue
            p = S[scores == a]
            cands = self.classes_after(hist) if len(hist) <= 1 else None
            pv, _ = self.cost(p, limit - 1, INF, cands)
            node[int(a)] = self.tree(p, pv, limit - 1, depth + 1, None, hist)
        return node


def tree_preorder(node: dict) -> list[int]:
    """The guesses of the nodes of two or more secrets, depth first, answers ascending."""
    out: list[int] = []

    def visit(n: dict) -> None:
        if len(n) <= 2 and "value" in n and n["value"] == 1:
            return
        out.append(n["guess"])
        for a in sorted(k for k in n if isinstance(k, int)):
            visit(n[a])

    visit(node)
    return out
