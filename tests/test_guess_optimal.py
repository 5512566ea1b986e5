"""The provably optimal code-breaking strategies: the exact search against a brute force written
here, and the shipped trees replayed here with this file's own scoring."""

from __future__ import annotations

import functools
import itertools
import json

import numpy as np
import pytest

from pegapp.core import resources
from pegapp.solvers import _bulls as engine
from pegapp.solvers._bulls import MASTERMIND, Ruleset
from pegapp.solvers.guess_optimal import INF, NO_LIMIT, OptimalSearch


def own_codes(pegs: int, symbols: str, repeats: bool) -> list[str]:
    if repeats:
        return ["".join(p) for p in itertools.product(symbols, repeat=pegs)]
    return ["".join(p) for p in itertools.permutations(symbols, pegs)]


def own_score(guess: str, secret: str) -> tuple[int, int]:
    """(bulls, cows) straight from the rules, written again here."""
    bulls = sum(x == y for x, y in zip(guess, secret))
    common = sum(min(guess.count(d), secret.count(d)) for d in set(guess))
    return bulls, common - bulls


def brute_force(pegs: int, symbols: str, repeats: bool, limit: int = 99) -> int | None:
    """Fewest guesses in all over every secret (counting the last), no secret needing more than
    `limit`: every guess at every node, memo on the set; None if `limit` is too few."""
    codes = own_codes(pegs, symbols, repeats)
    answers = {(g, s): own_score(g, s) for g in codes for s in codes}

    @functools.lru_cache(maxsize=None)
    def cost(secrets: tuple[str, ...], left: int) -> int | None:
        if len(secrets) == 1:
            return 1
        if left <= 1:
            return None
        best = None
        for g in codes:
            parts: dict[tuple[int, int], list[str]] = {}
            for s in secrets:
                parts.setdefault(answers[g, s], []).append(s)
            if len(parts) == 1 and g not in secrets:
                continue
            total = len(secrets)
            for a, part in parts.items():
                if a == (pegs, 0):
                    continue
                sub = cost(tuple(part), left - 1)
                if sub is None:
                    total = None
                    break
                total += sub
            if total is not None and (best is None or total < best):
                best = total
        return best

    return cost(tuple(codes), limit)


def fewest_at_worst(pegs, symbols, repeats) -> tuple[int, int]:
    limit = 1
    while (total := brute_force(pegs, symbols, repeats, limit)) is None:
        limit += 1
    return limit, total


SMALL = [(2, "1234", True), (2, "12345", True), (3, "01234", False), (3, "1234", True)]


@pytest.mark.parametrize("pegs,symbols,repeats", SMALL)
def test_small_variants_match_brute_force(pegs, symbols, repeats):
    rules = Ruleset("small", pegs, symbols, repeats)
    search = OptimalSearch(rules)
    total, first = search.solve_root()
    assert total == brute_force(pegs, symbols, repeats)
    # the first guess it names does reach that total (weighed by the brute force's rules)
    every = np.arange(rules.size)
    assert first >= 0 and search.tree(every, total, NO_LIMIT, first=first)["guess"] == first
    worst, worst_total = fewest_at_worst(pegs, symbols, repeats)
    assert search.solve_root(worst)[0] == worst_total
    assert search.solve_root(worst - 1)[0] >= INF       # one guess fewer finds not every secret


def test_exact_from_any_set_matches_brute_force():
    # a set reached after one answer, solved by the shipped search, against the brute force
    rules = Ruleset("small", 3, "1234", True)
    codes = own_codes(3, "1234", True)
    guess = "123"
    for answer in {own_score(guess, s) for s in codes}:
        left = tuple(s for s in codes if own_score(guess, s) == answer)
        if answer == (3, 0):
            continue
        expected = _brute_set(codes, left, 3)
        got, _ = OptimalSearch(rules).cost(np.array([rules.index[s] for s in left]))
        assert got == expected, (answer, len(left))


def _brute_set(codes, secrets, pegs):
    @functools.lru_cache(maxsize=None)
    def cost(ss):
        if len(ss) == 1:
            return 1
        best = None
        for g in codes:
            parts = {}
            for s in ss:
                parts.setdefault(own_score(g, s), []).append(s)
            if len(parts) == 1 and g not in ss:
                continue
            total = len(ss) + sum(cost(tuple(p)) for a, p in parts.items() if a != (pegs, 0))
            best = total if best is None else min(best, total)
        return best
    return cost(tuple(secrets))


def replay(ruleset: str, strategy: str) -> dict[str, int]:
    """Guesses per secret when the shipped tree is played, scored by this file's own_score."""
    doc = json.loads(resources.path("strategies", f"{ruleset}-{strategy}.json").read_text())
    rules = engine.RULESETS[ruleset]
    codes = own_codes(rules.pegs, rules.symbols, rules.repeats)
    guesses = iter(doc["preorder"].split())
    found: dict[str, int] = {}

    def visit(secrets: list[str], depth: int) -> None:
        if len(secrets) == 1:
            found[secrets[0]] = depth
            return
        g = next(guesses)
        parts: dict[tuple[int, int], list[str]] = {}
        for s in secrets:
            parts.setdefault(own_score(g, s), []).append(s)
        assert len(parts) > 1 or g in secrets
        for a in sorted(parts, key=lambda a: a[0] * (rules.pegs + 1) + a[1]):
            if a == (rules.pegs, 0):
                found[g] = depth
            else:
                visit(parts[a], depth + 1)

    visit(codes, 1)
    assert next(guesses, None) is None
    assert sorted(found) == codes
    assert sum(found.values()) == doc["total_guesses"]
    return found


def test_shipped_mastermind_optimal():
    found = replay("mastermind", "optimal")
    assert sum(found.values()) == 5625              # Koyama and Lai (1993)
    assert max(found.values()) == 6


def test_shipped_mastermind_minimax():
    found = replay("mastermind", "minimax")
    assert max(found.values()) == 5                 # Knuth (1977): 5 at worst is the best
    assert sum(found.values()) == 5626


def test_strategy_plays_the_shipped_tree():
    a = engine.analyse(MASTERMIND, "optimal")
    assert (a.total, a.worst, a.first_guess) == (5625, 6, "1123")
    b = engine.analyse(MASTERMIND, "minimax")
    assert (b.total, b.worst) == (5626, 5)


def test_off_the_tree_is_solved_exactly():
    # after 1111 (not the tree's first guess) scored 0 0, 625 codes stay: too many; after a
    # second answer the set is small and solved on the spot, and its value is a lower bound of
    # any play, so the strategy's walk from it never beats it
    rules = MASTERMIND
    history = [(rules.index["1111"], rules.encode(0, 0)), (rules.index["2345"], rules.encode(0, 2))]
    left = engine.consistent(rules, history)
    assert not engine.on_shipped_tree(rules, left, "optimal")
    g, total, _ = engine.exact_choice(rules, left, "optimal")
    guesses, _ = engine.walk(rules, engine.STRATEGIES["optimal"], left)
    assert int(guesses.sum()) == total
    for other in engine.candidates(rules, left, g, count=4):
        walked, _ = engine.walk(rules, engine.STRATEGIES["optimal"], left, other)
        assert int(walked.sum()) >= total


def test_bad_strategy_file_named(tmp_path, monkeypatch):
    (tmp_path / "strategies").mkdir()
    (tmp_path / "strategies" / "mastermind-optimal.json").write_text('{"preorder": "1123 9999"}')
    monkeypatch.setattr(resources, "root", lambda: tmp_path)
    engine.shipped_strategy.cache_clear()
    try:
        with pytest.raises(engine.StrategyData, match="mastermind-optimal.json: field preorder"):
            engine.shipped_strategy("mastermind", "optimal")
    finally:
        engine.shipped_strategy.cache_clear()
