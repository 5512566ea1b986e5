"""Oshidori positions as the searches see them (no numpy): a tuple of cells, 0 = empty and
1..15 = a stone kind, with exactly two adjacent empty cells. A move lifts two adjacent stones,
order kept, into the two empty cells; it is written (src, dst), the left cells of the stones and
of the empty pair. Shared by every backend of pegapp.solvers.stone_pairs.engine."""

from __future__ import annotations

from collections.abc import Sequence

Cells = tuple[int, ...]


def blank(cells: Sequence[int]) -> int:
    """Left cell of the empty pair."""
    return list(cells).index(0)


def neighbours(cells: Cells):
    """(move, position) pairs; move = (src, dst): stones at src, src+1 go to dst, dst+1."""
    b = cells.index(0)
    n = len(cells)
    out = []
    for i in range(n - 1):
        if i + 1 < b or i > b + 1:
            t = list(cells)
            t[b], t[b + 1] = cells[i], cells[i + 1]
            t[i] = t[i + 1] = 0
            out.append(((i, b), tuple(t)))
    return out


def moves_of_path(path: Sequence[Cells]) -> list[tuple[int, int]]:
    """The moves along consecutive positions: the new empty pair is where the stones came from."""
    return [(blank(b), blank(a)) for a, b in zip(path, path[1:])]


def pack(cells: Sequence[int]) -> tuple[int, int]:
    """Two words, 4 bits a cell: cells 0..15 in the first, 16..27 in the second."""
    lo = hi = 0
    for c, v in enumerate(cells):
        if c < 16:
            lo |= v << (4 * c)
        else:
            hi |= v << (4 * (c - 16))
    return lo, hi


def unpack(lo: int, hi: int, n: int) -> Cells:
    return tuple(((lo >> (4 * c)) if c < 16 else (hi >> (4 * (c - 16)))) & 15 for c in range(n))
