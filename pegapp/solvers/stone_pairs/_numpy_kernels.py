"""Numpy-only bidirectional search for oshidori (a comparison backend for the numba kernels).

A position is coded in one uint64: the stones read left to right, skipping the empty pair, as
digits (kind - 1); the first S - T in base R (R = largest kind, S = stones), the last T (whose
multiset the others fix) as a Lehmer code (< T!), plus (left empty cell) * R**(S-T) * T!. T is the
smallest tail that fits 64 bits: 0 up to k = 9, 3 for k = 10 (10**17 * 3! * 21 < 2**64).

Each level is expanded for a whole frontier at once (frontiers keep their digit rows): parents are
grouped by the place of their empty pair, and for each (empty place, pair lifted) the children's
digits are one fixed column permutation of the parents' digits. Children are deduplicated by
sorting; a level is a sorted code array, membership is np.searchsorted. Same frame as the numba
backend (pegapp.solvers.search.meet_in_middle: smaller frontier first; a meeting ends the search
and is shortest), so the figures compare like with like.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from pegapp.core.messages import msg
from pegapp.solvers.stone_pairs.rules import moves_of_path, neighbours
from pegapp.solvers.result import (SOLVED, UNSOLVABLE, Cancelled, SolveResult, TooLarge,
                                   check_stop, interrupted)
from pegapp.solvers.record import SearchRecord, already_there
from pegapp.solvers.search import meet_in_middle

#: parents expanded per batch between stop() polls
BATCH = 1 << 16


def _fits(radix: int, head: int, tail: int, stones: int) -> bool:
    return radix ** head * math.factorial(tail) * (stones + 1) < 2 ** 64


class Codec:
    """One uint64 per position (see the module docstring); digits are kind - 1."""

    def __init__(self, start: tuple[int, ...]):
        self.n = len(start)
        s = self.stones = self.n - 2
        self.radix = max(start)
        self.multiset = sorted(v - 1 for v in start if v)
        tail = 0
        while not _fits(self.radix, s - tail, tail, s):
            tail += 1
            if tail > 8:
                raise ValueError("too many stones for a 64-bit code")
        self.tail = tail
        self.head = s - tail
        self.power = [np.uint64(self.radix ** t) for t in range(self.head)]
        self.tmul = self.radix ** self.head
        self.bmul = self.tmul * math.factorial(tail)
        self.fact = [math.factorial(tail - 1 - i) for i in range(tail)]
        # moves[b]: (column order of the children's digits, new empty cell) for each pair that
        # can be lifted when the empty pair is at cell b (= sequence position b)
        self.moves: list[list[tuple[np.ndarray, int]]] = []
        for b in range(s + 1):
            out = []
            seq = list(range(s))
            for j in range(s - 1):
                if j == b - 1:
                    continue
                if j <= b - 2:
                    new = seq[:j] + seq[j + 2:b] + [j, j + 1] + seq[b:]
                    nb = j
                else:
                    new = seq[:b] + [j, j + 1] + seq[b:j] + seq[j + 2:]
                    nb = j + 2
                out.append((np.array(new, dtype=np.intp), nb))
            self.moves.append(out)

    # --- one position (Python ints)
    def encode_cells(self, cells: tuple[int, ...]) -> int:
        b = cells.index(0)
        d = np.array([[v - 1 for v in cells if v]], dtype=np.uint8)
        return int(self.keys(d, np.array([b]))[0])

    def decode_cells(self, key: int) -> tuple[int, ...]:
        b, rest = divmod(int(key), self.bmul)
        code, rest = divmod(rest, self.tmul)
        seq = []
        for _ in range(self.head):
            rest, d = divmod(rest, self.radix)
            seq.append(d)
        left = list(self.multiset)
        for d in seq:
            left.remove(d)
        for i in range(self.tail):
            c, code = divmod(code, self.fact[i])
            seq.append(left.pop(c))
        seq = [d + 1 for d in seq]
        return tuple(seq[:b] + [0, 0] + seq[b:])

    # --- whole arrays
    def keys(self, d: np.ndarray, b: np.ndarray) -> np.ndarray:
        """Codes of positions given as digit rows (N x S, kind - 1) and empty cells (N)."""
        out = np.zeros(d.shape[0], dtype=np.uint64)
        for t in range(self.head):
            out += d[:, t].astype(np.uint64) * self.power[t]
        if self.tail:
            code = np.zeros(d.shape[0], dtype=np.uint64)
            h = self.head
            for i in range(self.tail):
                c = np.zeros(d.shape[0], dtype=np.uint64)
                for j in range(i + 1, self.tail):
                    c += d[:, h + j] < d[:, h + i]
                code += c * np.uint64(self.fact[i])
            out += code * np.uint64(self.tmul)
        out += b.astype(np.uint64) * np.uint64(self.bmul)
        return out

    def children(self, d: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(codes, digit rows, empty cells) of every child, unsorted, duplicates kept."""
        order = np.argsort(b, kind="stable")
        bounds = np.searchsorted(b[order], np.arange(self.stones + 2))
        ks, ds, bs = [], [], []
        for bb in range(self.stones + 1):
            lo, hi = bounds[bb], bounds[bb + 1]
            if lo == hi:
                continue
            rows = d[order[lo:hi]]
            for perm, nb in self.moves[bb]:
                cd = rows[:, perm]
                nbs = np.full(cd.shape[0], nb, dtype=np.uint8)
                ks.append(self.keys(cd, nbs))
                ds.append(cd)
                bs.append(nbs)
        if not ks:
            return (np.empty(0, np.uint64), np.empty((0, self.stones), np.uint8),
                    np.empty(0, np.uint8))
        return np.concatenate(ks), np.concatenate(ds), np.concatenate(bs)


def _member(sorted_arr: np.ndarray, x: np.ndarray) -> np.ndarray:
    if sorted_arr.size == 0:
        return np.zeros(x.shape[0], dtype=bool)
    i = np.searchsorted(sorted_arr, x)
    i[i == sorted_arr.shape[0]] = 0
    return sorted_arr[i] == x


def _unique_rows(k: np.ndarray, d: np.ndarray, b: np.ndarray):
    """Sorted unique codes with one digit row and empty cell each."""
    if k.size == 0:
        return k, d, b
    order = np.argsort(k)
    k = k[order]
    keep = np.empty(k.shape[0], dtype=bool)
    keep[0] = True
    np.not_equal(k[1:], k[:-1], out=keep[1:])
    idx = order[keep]
    return k[keep], d[idx], b[idx]


class _Side:
    """One direction: its levels (sorted code arrays, level d at index d) and the digit rows and
    empty cells of the deepest level."""

    def __init__(self, run: "_Run", root):
        codec = run.codec
        self.run = run
        d = np.array([[v - 1 for v in root if v]], dtype=np.uint8)
        b = np.array([root.index(0)], dtype=np.uint8)
        self.levels = [codec.keys(d, b)]
        self.front = (d, b)

    @property
    def depth(self) -> int:
        return len(self.levels) - 1

    def frontier_size(self) -> int:
        return int(self.levels[-1].size)

    cost = frontier_size

    def stored(self) -> int:
        return sum(int(a.size) for a in self.levels)

    def expand(self, other: "_Side"):
        """The next level; a child in other's levels ends the search (returns its code)."""
        run, codec = self.run, self.run.codec
        fd, fb = self.front
        total = self.depth + other.depth + 1
        batches = []
        held = 0
        base = 8 * run.stored() + sum(s.front[0].nbytes + s.front[1].nbytes for s in run.sides)
        for s in range(0, fb.size, BATCH):
            check_stop(run.stop)
            ck, cd, cb = codec.children(fd[s:s + BATCH], fb[s:s + BATCH])
            run.generated += ck.size
            batches.append(_unique_rows(ck, cd, cb))
            held += batches[-1][0].size
            run.progress(STAGE, total, run.stored())
            used = base + run.row * held * 2 + 8 * held   # the final sort copies the rows again
            run.peak = max(run.peak, used)
            if used > run.memory_bytes:
                raise TooLarge(msg("the search needs more than the memory budget of {gb:.2f} GB",
                                   gb=run.memory_bytes / 1e9))
        nk, nd, nb = _unique_rows(np.concatenate([x[0] for x in batches]),
                                  np.concatenate([x[1] for x in batches]),
                                  np.concatenate([x[2] for x in batches]))
        del batches
        hit = np.zeros(nk.shape[0], dtype=bool)
        for lev in other.levels:
            hit |= _member(lev, nk)
        if hit.any():
            return int(nk[np.argmax(hit)])
        keep = np.ones(nk.shape[0], dtype=bool)
        for lev in self.levels[-2:]:        # moves are reversible: children lie in d-1, d, d+1
            keep &= ~_member(lev, nk)
        self.levels.append(nk[keep])
        self.front = (nd[keep], nb[keep])
        return None


class _Run:
    """What both sides share: the codec, the budget, the counters, stop() and progress()."""

    def __init__(self, codec: Codec, progress, stop, memory_bytes):
        self.codec, self.progress, self.stop = codec, progress, stop
        self.memory_bytes = memory_bytes
        self.row = 8 + codec.stones + 1          # bytes per child: code, digits, empty cell
        self.generated = 0
        self.peak = 0
        self.sides: list[_Side] = []

    def stored(self) -> int:
        return sum(s.stored() for s in self.sides)

    def stats(self) -> dict[str, Any]:
        fwd, bwd = self.sides
        return {"positions": self.stored(), "positions_start_side": fwd.stored(),
                "positions_goal_side": bwd.stored(), "generated": self.generated,
                "depth_start_side": fwd.depth, "depth_goal_side": bwd.depth,
                "data_bytes_peak": self.peak}


STAGE = msg("looking ahead from your position and back from the goal")


def solve(start, goal, progress, stop, memory_bytes) -> SolveResult:
    codec = Codec(start)
    if start == goal:
        return SolveResult(SOLVED, [], True, stats={"positions": 1, "path": [start]},
                           search=already_there())
    run = _Run(codec, progress, stop, memory_bytes)
    fwd, bwd = _Side(run, start), _Side(run, goal)
    run.sides = [fwd, bwd]
    record = SearchRecord()

    def finish(res: SolveResult) -> SolveResult:
        record.positions, record.examined = run.stored(), run.generated
        record.peak_bytes = run.peak
        res.search = record
        return res

    try:
        met = meet_in_middle(fwd, bwd, record=record)
    except (Cancelled, TooLarge) as exc:
        return finish(interrupted(exc, run.stats()))
    if met is None:
        return finish(SolveResult(UNSOLVABLE, None, True,
                                  reason=msg("the goal cannot be reached from the start"),
                                  stats=run.stats()))
    a, meet = met
    o = bwd if a is fwd else fwd
    path_a = _walk(codec, a.levels, meet, neighbours, len(a.levels))
    path_o = _walk(codec, o.levels, meet, neighbours, None)
    # path_a: meet ... root of a; path_o: meet ... root of o
    if a is fwd:
        path = path_a[::-1] + path_o[1:]
    else:
        path = path_o[::-1] + path_a[1:]
    st = run.stats()
    st["path"] = path
    return finish(SolveResult(SOLVED, moves_of_path(path), True, stats=st))


def _walk(codec: Codec, levels: list[np.ndarray], key: int, neighbours, depth: int | None):
    """Positions from key down to the side's root, one level at a time."""
    cells = codec.decode_cells(key)
    if depth is None:
        depth = next(d for d, lev in enumerate(levels)
                     if _member(lev, np.array([key], np.uint64))[0])
    path = [cells]
    for d in range(depth - 1, -1, -1):
        for _, t in neighbours(cells):
            if _member(levels[d], np.array([codec.encode_cells(t)], np.uint64))[0]:
                cells = t
                break
        else:  # pragma: no cover
            raise RuntimeError("broken level chain")
        path.append(cells)
    return path
