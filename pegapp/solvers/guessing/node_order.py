"""The orders in which a node of the exact code-breaking search (optimal._search) weighs its
guesses and searches its parts, as small numba kernels of their own.

Why not np.argsort and a typed dict: numba compiles its quicksort, its dictionary and the
shape-checked slice copy anew in each process that first weighs a set, with their error
messages' string formatting (some 4 s of CPU of a fresh install's first bulls analysis, 16.4-19.7
s -> 12.7-14.1 s in all, 2026-12-07). These compile in a fraction of a second and are cached
with the search. Qt-free.
"""

from __future__ import annotations

import numpy as np

from pegapp.solvers._jit import njit


@njit(cache=True)
def heapsort_pairs(keys, values, m):
    """keys[:m] sorted ascending in place, values[:m] moved with them. The keys are distinct
    (a bound and a guess), so any sort gives np.argsort's order."""
    for start in range(m // 2 - 1, -1, -1):
        sift_down(keys, values, start, m)
    for end in range(m - 1, 0, -1):
        keys[0], keys[end] = keys[end], keys[0]
        values[0], values[end] = values[end], values[0]
        sift_down(keys, values, 0, end)


@njit(cache=True)
def sift_down(keys, values, root, end):
    while True:
        child = 2 * root + 1
        if child >= end:
            return
        if child + 1 < end and keys[child + 1] > keys[child]:
            child += 1
        if keys[root] >= keys[child]:
            return
        keys[root], keys[child] = keys[child], keys[root]
        values[root], values[child] = values[child], values[root]
        root = child


@njit(cache=True)
def first_time(table, used, h):
    """True the first time h is offered to this open-addressing set (a power-of-two table
    with room to spare), False after: the partitions already weighed at a node."""
    mask = len(table) - 1
    i = (h ^ (h >> 29)) & mask
    while used[i]:
        if table[i] == h:
            return False
        i = (i + 1) & mask
    used[i] = True
    table[i] = h
    return True


@njit(cache=True)
def largest_first(starts, nsc):
    """The answers 0..nsc-1 ordered by their part's size, largest first, ties by answer (an
    insertion sort: a node has a few dozen answers at most)."""
    order = np.empty(nsc, dtype=np.int64)
    for v in range(nsc):
        size = starts[v + 1] - starts[v]
        j = v
        while j > 0 and starts[order[j - 1] + 1] - starts[order[j - 1]] < size:
            order[j] = order[j - 1]
            j -= 1
        order[j] = v
    return order
