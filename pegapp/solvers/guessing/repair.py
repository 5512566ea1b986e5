"""The worst-case repair of a heuristic guessing strategy: the few decisions to change so that
no secret needs more than a limit of guesses (how ENTROPY_MAX7_OVERRIDES in
pegapp.solvers.guessing._bulls was found; tests/test_bulls.py checks it still finds exactly that). A
development tool kept beside the engine, not used in play; no Qt."""

from __future__ import annotations

import numpy as np

from pegapp.solvers.guessing._bulls import (Ruleset, _entropy_key, _expected_key, partition_counts,
                                   set_key, strategy_named)


def ordered_candidates(rules: Ruleset, remaining: np.ndarray, name: str) -> np.ndarray:
    """Every code, best first by the strategy's own key (ties: consistent first, lowest code)."""
    if name == "entropy":
        key = _entropy_key(rules, remaining)
    elif name == "expected-size":
        key = _expected_key(rules, remaining).astype(np.float64)
    elif name == "most-parts":
        key = -(partition_counts(rules, remaining) > 0).sum(axis=1).astype(np.float64)
    elif name == "knuth":
        key = partition_counts(rules, remaining).max(axis=1).astype(np.float64)
    else:
        raise ValueError(name)
    outside = np.ones(rules.size, dtype=bool)
    outside[remaining] = False
    return np.lexsort((np.arange(rules.size), outside, key))


def find_overrides(rules: Ruleset, base: str, limit: int, tries: int = 200,
                   start: np.ndarray | None = None) -> dict[str, str]:
    """Decisions that differ from strategy `base` so that no secret needs more than `limit` guesses.

    Walks the base strategy's decision tree; at a node whose subtree breaks the limit it tries the
    next candidates in the strategy's own order (up to `tries`), depth first, and keeps the first
    that fits. Returns {set_key(node): guess code} for the nodes where the choice changed.
    """
    _, fn = strategy_named(rules, base)
    table = rules.table
    overrides: dict[str, str] = {}

    def split(g: int, remaining: np.ndarray) -> list[np.ndarray] | None:
        scores = table[g, remaining]
        parts = []
        for v in np.unique(scores):
            if v == rules.win:
                continue
            part = remaining[scores == v]
            if len(part) == len(remaining):
                return None
            parts.append(part)
        return parts

    def fits(remaining: np.ndarray, depth: int) -> bool:
        """Can `remaining`, with guess number `depth` next, be finished by guess `limit`?"""
        if depth > limit:
            return False
        if len(remaining) == 1:
            return True
        if depth == limit:
            return False
        first = fn(rules, remaining)
        cands = [first]
        for attempt in range(tries):
            if attempt == 1:
                cands = [int(c) for c in ordered_candidates(rules, remaining, base)[:tries]]
            g = cands[attempt] if attempt < len(cands) else None
            if g is None:
                break
            if attempt and g == first:
                continue
            parts = split(g, remaining)
            if parts is None:
                continue
            if depth + 1 == limit and any(len(p) > 1 for p in parts):
                continue
            before = set(overrides)
            if all(fits(p, depth + 1) for p in parts):
                if g != first:
                    overrides[set_key(rules, remaining)] = rules.codes[g]
                return True
            for key in set(overrides) - before:   # forget repairs inside an abandoned subtree
                del overrides[key]
        return False

    if not fits(np.arange(rules.size) if start is None else start, 1):
        raise RuntimeError(f"no repair of {base} within {limit} guesses found")
    return overrides
