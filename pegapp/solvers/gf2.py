"""Linear algebra over GF(2) with bit-packed vectors (Python ints), for lights-out style puzzles.

A vector over GF(2)^m is an int whose bit j is coordinate j. A linear map is given by its columns:
``columns[i]`` is the image of unit vector i (for a button puzzle: the lights button i toggles).

What is here:

* :func:`eliminate` -- Gaussian elimination of the columns, remembering which columns make up each
  reduced vector, so that it yields the rank, a basis of the null space (press sets that change
  nothing) and a way to solve ``A x = t``.
* :class:`LinearSystem` -- the elimination done once for a map; :meth:`LinearSystem.solve` gives a
  particular solution, or a certificate that there is none (a vector ``y`` with ``y A = 0`` and
  ``y . t = 1``: an invariant parity that t violates).
* :func:`min_weight_coset` -- the lightest vectors of a coset ``x0 + N`` (exact: the null space is
  enumerated, vectorised with numpy, ``2**k`` vectors for a null space of dimension ``k``).
* :func:`coset_weight_histogram` -- for every coset of N (every reachable pattern) its minimum
  weight, tallied into a histogram, without generic search: ``2**n`` popcounts in all.

Why plain enumeration of the null space is the exact method chosen for the lightest solution: the
minimum-weight coset problem is NP-hard in general and there is no meet-in-the-middle split for
Hamming weight, but the null spaces met here are small. For the 8-flip boards 2x2 .. 20x20 the
largest null-space dimension is 19 (19x19), so at most 2**19 = 524,288 candidates, each a handful
of uint64 words: a few milliseconds to tens of milliseconds in numpy. Enumeration is done in chunks
of at most 2**20 vectors, so larger dimensions work too (at 2**k cost, with the stop flag checked
between chunks).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import comb

import numpy as np

from pegapp.core.pegs import pegs
from pegapp.solvers.result import Cancelled  # noqa: F401 - raised here when stop() says so

_CHUNK_BITS = 20  # enumerate at most 2**20 coset vectors per numpy chunk


def popcount(x: int) -> int:
    return x.bit_count()


#: bits(x): the set bit positions of x, ascending (one copy, core.pegs.pegs: a peg position's
#: holes are the same bits)
bits = pegs


def from_bits(indices: Sequence[int]) -> int:
    x = 0
    for i in indices:
        x |= 1 << i
    return x


@dataclass
class Elimination:
    """Result of eliminating a list of vectors (the columns of a map)."""

    #: pivot bit -> (reduced vector whose highest set bit is the pivot, combination of columns)
    pivots: dict[int, tuple[int, int]]
    #: combinations of columns that sum to zero; a basis of the null space
    null_basis: list[int]

    @property
    def rank(self) -> int:
        return len(self.pivots)


def eliminate(columns: Sequence[int]) -> Elimination:
    """Echelon form of the columns (by highest set bit) plus a null-space basis."""
    pivots: dict[int, tuple[int, int]] = {}
    null_basis: list[int] = []
    for i, v in enumerate(columns):
        combo = 1 << i
        while v:
            h = v.bit_length() - 1
            p = pivots.get(h)
            if p is None:
                pivots[h] = (v, combo)
                break
            v ^= p[0]
            combo ^= p[1]
        else:
            null_basis.append(combo)
    return Elimination(pivots, null_basis)


def reduced_basis(vectors: Sequence[int]) -> tuple[list[int], list[int]]:
    """Reduced row echelon form of independent-or-not vectors.

    Returns (basis, pivots): basis[j] has bit pivots[j] set and no other pivot bit. Dependent input
    vectors are dropped.
    """
    rows: dict[int, int] = {}
    for v in vectors:
        while v:
            h = v.bit_length() - 1
            if h in rows:
                v ^= rows[h]
            else:
                rows[h] = v
                break
    piv = sorted(rows)
    # clear every pivot bit from every other row (back substitution, highest pivot first)
    for p in reversed(piv):
        r = rows[p]
        for q in piv:
            if q != p and (rows[q] >> p) & 1:
                rows[q] ^= r
    return [rows[p] for p in piv], piv


def reduce_by(x: int, basis: Sequence[int], pivots: Sequence[int]) -> int:
    """x plus the basis vectors needed to clear its pivot bits (unique coset representative)."""
    for b, p in zip(basis, pivots):
        if (x >> p) & 1:
            x ^= b
    return x


class LinearSystem:
    """The map x -> A x over GF(2), A given by columns (columns[i] = image of unit vector i)."""

    def __init__(self, columns: Sequence[int], n_rows: int | None = None) -> None:
        self.columns = list(columns)
        self.n = len(self.columns)
        self.n_rows = n_rows if n_rows is not None else max(
            (c.bit_length() for c in self.columns), default=0)
        self.elim = eliminate(self.columns)
        self.rank = self.elim.rank
        self.null_basis, self.null_pivots = reduced_basis(self.elim.null_basis)
        self._left_null: list[int] | None = None

    @property
    def nullity(self) -> int:
        return len(self.null_basis)

    def image(self, x: int) -> int:
        """A x: the XOR of the columns selected by x."""
        out = 0
        while x:
            low = x & -x
            out ^= self.columns[low.bit_length() - 1]
            x ^= low
        return out

    def solve(self, target: int) -> int | None:
        """Some x with A x = target, reduced against the null basis; None if there is none."""
        x = 0
        t = target
        pivots = self.elim.pivots
        while t:
            p = pivots.get(t.bit_length() - 1)
            if p is None:
                return None
            t ^= p[0]
            x ^= p[1]
        return reduce_by(x, self.null_basis, self.null_pivots)

    def left_null_basis(self) -> list[int]:
        """A basis of {y : y A = 0}: sets of rows (lights) that every column meets evenly."""
        if self._left_null is None:
            rows = [0] * self.n_rows
            for i, c in enumerate(self.columns):
                for j in bits(c):
                    rows[j] |= 1 << i
            basis, _ = reduced_basis(eliminate(rows).null_basis)
            self._left_null = basis
        return self._left_null

    def obstruction(self, target: int) -> int | None:
        """A y with y A = 0 and odd overlap with target (proof that target is not reachable).

        Returns the lightest such vector (over the whole left null space when its dimension is
        at most 12, else over its reduced basis), or None if target is reachable (some basis
        vector has odd overlap whenever target is not in the image).
        """
        basis = self.left_null_basis()
        if not any(popcount(y & target) & 1 for y in basis):
            return None
        if len(basis) <= 12:            # small: the lightest over the whole left null space
            candidates = [0]
            for b in basis:
                candidates += [c ^ b for c in candidates]
        else:
            candidates = basis
        odd = [y for y in candidates if popcount(y & target) & 1]
        return min(odd, key=lambda y: (popcount(y), y))


def _to_words(values: Sequence[int], n_words: int) -> np.ndarray:
    arr = np.zeros((len(values), n_words), dtype=np.uint64)
    mask = (1 << 64) - 1
    for r, v in enumerate(values):
        for w in range(n_words):
            arr[r, w] = (v >> (64 * w)) & mask
    return arr


def _from_words(row: np.ndarray) -> int:
    x = 0
    for w, word in enumerate(row.tolist()):
        x |= int(word) << (64 * w)
    return x


@dataclass
class CosetMinimum:
    weight: int
    count: int                                 # how many vectors of the coset have that weight
    vectors: list[int] = field(default_factory=list)   # up to `keep` of them, ascending as press lists


def min_weight_coset(x0: int, null_basis: Sequence[int], n_bits: int, keep: int = 100,
                     stop: Callable[[], bool] | None = None) -> CosetMinimum:
    """The minimum Hamming weight over {x0 + sum a_j null_basis[j]}, by exact enumeration.

    Also counts the vectors of minimum weight and returns up to `keep` of them, sorted by their
    ascending list of set bits (all of them, so the first is the lexicographically smallest press
    list, whenever count <= keep).
    Raises Cancelled if stop() becomes true between chunks.
    """
    k = len(null_basis)
    n_words = max(1, (n_bits + 63) // 64)
    low_bits = min(k, _CHUNK_BITS)
    low = list(null_basis[:low_bits])
    high = list(null_basis[low_bits:])
    # all 2**low_bits combinations of the low basis vectors, by doubling
    table = np.zeros((1, n_words), dtype=np.uint64)
    low_words = _to_words(low, n_words)
    for j in range(low_bits):
        table = np.concatenate([table, table ^ low_words[j]])
    best = None
    count = 0
    found: list[int] = []
    for hi in range(1 << len(high)):
        if stop is not None and hi and stop():
            raise Cancelled
        base = x0
        for j, b in enumerate(high):
            if (hi >> j) & 1:
                base ^= b
        chunk = table ^ _to_words([base], n_words)[0]
        weights = np.bitwise_count(chunk).sum(axis=1, dtype=np.int64)
        w = int(weights.min())
        if best is None or w < best:
            best, count, found = w, 0, []
        if w == best:
            idx = np.flatnonzero(weights == w)
            count += len(idx)
            if len(found) < keep:
                found.extend(_from_words(chunk[i]) for i in idx[: keep - len(found)])
    assert best is not None
    # Keep the `keep` smallest in press-list order when there were more than `keep` in total
    found.sort(key=bits)
    return CosetMinimum(best, count, found[:keep])


def compress(x: int, positions: Sequence[int]) -> int:
    """The bits of x at `positions`, packed into bits 0, 1, 2, ... (a software pext)."""
    out = 0
    for k, p in enumerate(positions):
        if (x >> p) & 1:
            out |= 1 << k
    return out


def expand(y: int, positions: Sequence[int]) -> int:
    """Inverse of compress: bit k of y goes to bit positions[k]."""
    out = 0
    for k, p in enumerate(positions):
        if (y >> k) & 1:
            out |= 1 << p
    return out


@dataclass
class CosetHistogram:
    histogram: list[int]          # histogram[w] = number of cosets of minimum weight w
    farthest: int                 # largest minimum weight
    farthest_count: int
    farthest_examples: list[int]  # coset representatives (as full vectors) of the farthest cosets
    cosets: int


def _coset_kernel_numpy(start: int, stop_: int, ws: np.ndarray, pcs: np.ndarray) -> np.ndarray:
    dtype = np.uint32 if stop_ <= 1 << 32 else np.uint64
    y = np.arange(start, stop_, dtype=dtype)
    dist = np.bitwise_count(y).astype(np.uint8)
    for w, pc in zip(ws[1:].tolist(), pcs[1:].tolist()):
        d = np.bitwise_count(y ^ dtype(w))
        d += np.uint8(pc)
        np.minimum(dist, d, out=dist)
    return dist


_numba_kernel = None


def _coset_kernel_numba(start: int, stop_: int, ws: np.ndarray, pcs: np.ndarray) -> np.ndarray:
    global _numba_kernel
    if _numba_kernel is None:
        # deferred on purpose: numba costs ~0.5 s to import and this engine is chosen on request
        # only (engine="numba"; "auto" picks numpy)
        from pegapp.solvers._jit import njit

        @njit(cache=False, nogil=True)
        def kernel(start, count, ws, pcs, out):
            for t in range(count):
                y = np.uint64(start + t)
                best = 255
                for a in range(ws.shape[0]):
                    v = y ^ ws[a]
                    # SWAR popcount
                    v = v - ((v >> np.uint64(1)) & np.uint64(0x5555555555555555))
                    v = (v & np.uint64(0x3333333333333333)) + (
                        (v >> np.uint64(2)) & np.uint64(0x3333333333333333))
                    v = (v + (v >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
                    c = np.int64((v * np.uint64(0x0101010101010101)) >> np.uint64(56)) + pcs[a]
                    if c < best:
                        best = c
                out[t] = best

        _numba_kernel = kernel
    out = np.empty(stop_ - start, dtype=np.uint8)
    _numba_kernel(start, stop_ - start, ws.astype(np.uint64), pcs.astype(np.int64), out)
    return out


def coset_weight_histogram(null_basis: Sequence[int], null_pivots: Sequence[int], n_bits: int,
                           examples: int = 5, block_bits: int = 22, engine: str = "auto",
                           progress: Callable[[int, int], None] | None = None,
                           stop: Callable[[], bool] | None = None) -> CosetHistogram:
    """Minimum weight of every coset of the null space N (= distance of every reachable pattern).

    With N in reduced echelon form (basis[j] has pivot bit null_pivots[j] and no other pivot),
    every coset has exactly one member y that is zero on the pivots; y lives on the other
    r = n - k coordinates, so the cosets are indexed by the 2**r integers y. A coset member is
    y + N a, whose pivot part is a and whose other part is y ^ w(a); hence

        dist(y) = min over a in GF(2)^k of popcount(a) + popcount(y ^ w(a)),

    computed for blocks of consecutive y as vectorised popcounts (numpy, or a numba loop):
    2**r * 2**k = 2**n popcounts in all, no hash table, no search. With k = 0 the histogram is
    just the binomial coefficients. engine: "numpy", "numba" or "auto" (= numpy: numba measured
    no faster beyond noise, and compiling it costs a second or two).
    """
    k = len(null_basis)
    free = [p for p in range(n_bits) if p not in set(null_pivots)]
    r = len(free)
    if k == 0:
        # injective map: every pattern has exactly one press set, so the counts are binomials
        hist0 = [comb(n_bits, w) for w in range(n_bits + 1)]
        if progress is not None:
            progress(1 << r, 1 << r)
        return CosetHistogram(hist0, n_bits, 1, [(1 << n_bits) - 1], 1 << r)
    if engine == "auto":
        # measured (benchmarks/bench_flip8.py): numba within 10% of numpy on 5x5 and 3x9, plus
        # ~0.7-2 s of compilation on first use, so numpy it is
        engine = "numpy"
    wj = [compress(b, free) for b in null_basis]
    na = 1 << k
    ws = np.zeros(na, dtype=np.uint64)
    pcs = np.zeros(na, dtype=np.int64)
    for a in range(1, na):
        low = a & -a
        j = low.bit_length() - 1
        ws[a] = ws[a ^ low] ^ np.uint64(wj[j])
        pcs[a] = pcs[a ^ low] + 1
    kernel = _coset_kernel_numba if engine == "numba" else _coset_kernel_numpy
    total = 1 << r
    block = 1 << max(0, min(block_bits, r))
    hist = np.zeros(n_bits + 1, dtype=np.int64)
    far = -1
    far_examples: list[int] = []
    for start in range(0, total, block):
        if stop is not None and stop():
            raise Cancelled
        dist = kernel(start, min(total, start + block), ws, pcs)
        hist += np.bincount(dist, minlength=n_bits + 1)[: n_bits + 1]
        m = int(dist.max())
        if m > far:
            far, far_examples = m, []
        if m == far and len(far_examples) < examples:
            idx = np.flatnonzero(dist == m)[: examples - len(far_examples)]
            far_examples.extend(expand(start + int(i), free) for i in idx)
        if progress is not None:
            progress(min(total, start + block), total)
    last = int(np.flatnonzero(hist)[-1])
    histogram = [int(h) for h in hist[: last + 1]]
    return CosetHistogram(histogram, far, histogram[far], far_examples, total)
