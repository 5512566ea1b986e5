"""The provably optimal code-breaking strategies: the exact search against a brute force written
here, and the shipped trees replayed here with this file's own scoring."""

from __future__ import annotations

import functools
import itertools
import json

import numpy as np
import pytest

from pegapp.core import resources
from pegapp.solvers.guessing import _bulls as engine
from pegapp.solvers.guessing._bulls import MASTERMIND, Ruleset
from pegapp.solvers.guessing.optimal import INF, NO_LIMIT, OptimalSearch, fill_bound


def own_codes(pegs: int, symbols: str, repeats: bool) -> list[str]:
    if repeats:
        return ["".join(p) for p in itertools.product(symbols, repeat=pegs)]
    return ["".join(p) for p in itertools.permutations(symbols, pegs)]


def own_score(guess: str, secret: str) -> tuple[int, int]:
    """(bulls, cows) straight from the rules, written again here."""
    bulls = sum(x == y for x, y in zip(guess, secret))
    common = sum(min(guess.count(d), secret.count(d)) for d in set(guess))
    return bulls, common - bulls


#: {(codes, pegs): {(secrets, depth): fewest in all}}: each brute force's answers, kept for the
#: tests that ask of the same codes again
_COSTS: dict[tuple, dict[tuple, int | None]] = {}
#: {codes: {secret: own_score of every code against it, as bulls * (pegs + 1) + cows}}
_COLUMNS: dict[tuple, dict[str, np.ndarray]] = {}


def own_column(codes: tuple[str, ...], secret: str, pegs: int) -> np.ndarray:
    """own_score of every code (a guess) against secret, each (bulls, cows) as the one number
    bulls * (pegs + 1) + cows; scored once a secret for the brute forces."""
    columns = _COLUMNS.setdefault(codes, {})
    if secret not in columns:
        columns[secret] = np.array([b * (pegs + 1) + c for b, c in
                                    (own_score(g, secret) for g in codes)], dtype=np.int16)
    return columns[secret]


def fewest(codes, secrets, pegs: int, depth: int = 99) -> int | None:
    """Fewest guesses in all (counting the last) finding every secret of secrets, no secret
    needing more than depth guesses, by trying every code at every node; None when depth is too
    few. Written here, not taken from the engine: the engine's bounds and tables are what the
    tests check. Exact, with two safe shortcuts that only skip work: guesses that split the set
    into the same parts (and both in it or both not) are weighed once (every code's split found
    at once from own_column's scores), and a guess is dropped once its total so far plus the
    least its other parts can cost (a part of n secrets needs at least 2n - 1 guesses: one at
    most is found by the next guess) is no better than the best."""
    codes = tuple(codes)
    memo = _COSTS.setdefault((codes, pegs), {})
    found = pegs * (pegs + 1)       # (pegs bulls, 0 cows) as own_column numbers it

    def cost(ss: tuple[str, ...], left: int) -> int | None:
        if len(ss) == 1:
            return 1 if left >= 1 else None
        if left <= 1:
            return None
        key = (ss, left)
        if key in memo:
            return memo[key]
        best = None
        seen = set()
        scores = np.stack([own_column(codes, s, pegs) for s in ss], axis=1)
        # each guess's split as a row: for each secret the first secret of its part, and k
        # for the secret the guess is (found at once); one guess of each split is weighed
        k = len(ss)
        split_of = (scores[:, :, None] == scores[:, None, :]).argmax(axis=2)
        split_of[scores == found] = k
        if k < 16:      # a row as one number, 4 bits a secret
            split_of = (split_of.astype(np.int64) << (4 * np.arange(k))).sum(axis=1)
        _, firsts = np.unique(split_of, axis=0, return_index=True)
        for i in np.sort(firsts):      # in the codes' order
            g = codes[i]
            parts: dict[int, list[str]] = {}
            for s, a in zip(ss, scores[i].tolist()):
                parts.setdefault(a, []).append(s)
            if len(parts) == 1 and g not in ss:
                continue
            # the same parts come in the same order (each made in the order of ss)
            rest = tuple(tuple(p) for a, p in parts.items() if a != found)
            split = (rest, g in ss)
            if split in seen:
                continue
            seen.add(split)
            floor = 3 * len(ss) - len(rest) - (g in ss) * 2
            total = len(ss)
            for p in rest:
                if best is not None and floor >= best:
                    break
                sub = cost(p, left - 1)
                if sub is None:
                    break
                total += sub
                floor += sub - (2 * len(p) - 1)
            else:
                if best is None or total < best:
                    best = total
        memo[key] = best
        return best

    return cost(tuple(secrets), depth)


def brute_force(pegs: int, symbols: str, repeats: bool, limit: int = 99) -> int | None:
    """Fewest guesses in all over every secret of the variant (counting the last), no secret
    needing more than `limit`; None if `limit` is too few."""
    codes = own_codes(pegs, symbols, repeats)
    return fewest(codes, codes, pegs, limit)


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


def test_an_answer_table_that_is_not_symmetric_is_refused():
    """The search reads the answer table by secrets' rows (the answer of guess g to secret s is
    that of guess s to secret g): a table where that fails would give wrong counts silently."""
    import dataclasses

    rules = Ruleset("small", 2, "1234", True)
    table = rules.table.copy()
    table[0, 1], table[1, 0] = 0, 1
    bent = dataclasses.make_dataclass("Bent", ["table"])(table)
    for name in ("codes", "symbols", "pegs", "index", "n_scores", "win", "size",
                 "possible_scores"):
        setattr(bent, name, getattr(rules, name))
    with pytest.raises(ValueError, match="symmetric"):
        OptimalSearch(bent)


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
    """Fewest guesses in all finding every secret of secrets, trying every code at every node."""
    return fewest(codes, secrets, pegs)


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


# ----- hints, analysis mode and the window with the proven strategies -----

def test_hint_names_the_proven_best_and_not_the_secret():
    from pegapp.puzzles.bulls import GuessPuzzle
    from pegapp.puzzles.hints import hint
    rules = MASTERMIND
    codes = own_codes(4, "123456", True)
    # two secrets that answer 1123 and 1415 alike: the hint after them is the same
    key = {}
    for s in codes:
        key.setdefault((own_score("1123", s), own_score("1415", s)), []).append(s)
    twins = next(v for v in key.values() if len(v) >= 2 and "1123" not in v and "1415" not in v)
    answers = []
    for secret in twins[:2]:
        puzzle = GuessPuzzle(rules, secret, "optimal")
        state = puzzle.apply(puzzle.apply(puzzle.initial(), "1123"), "1415")
        answer = hint(puzzle, state)
        assert answer.result.stats["proven_best"] is True
        answers.append(answer.move)
    assert answers[0] == answers[1]


def small_set_after(history: list[tuple[str, tuple[int, int]]]) -> list[str]:
    codes = own_codes(4, "123456", True)
    return [s for s in codes if all(own_score(g, s) == a for g, a in history)]


def test_weighed_guesses_equal_a_brute_force_of_best_play():
    """After two answers a few secrets stay: each weighed guess's total over them (average times
    their number) is what a brute force over every guess finds with best play after it."""
    from pegapp.puzzles.analysis import GUESSES
    from pegapp.puzzles.bulls import GuessPuzzle
    codes = own_codes(4, "123456", True)
    secret = "3516"
    history = [("1123", own_score("1123", secret)), ("3456", own_score("3456", secret))]
    left = small_set_after(history)
    assert 2 < len(left) <= 12
    brute = _brute_set(codes, tuple(left), 4)
    puzzle = GuessPuzzle(MASTERMIND, secret, "optimal")
    state = puzzle.initial()
    for g, _ in history:
        state = puzzle.apply(state, g)
    ann = puzzle.annotate_moves(state, guesses=["6666"])
    assert ann.measure == GUESSES and ann.possible == len(left)
    assert "6666" in [v.move for v in ann.verdicts]

    @functools.lru_cache(maxsize=None)
    def after(guess):
        parts = {}
        for s in left:
            parts.setdefault(own_score(guess, s), []).append(s)
        return len(left) + sum(_brute_set(codes, tuple(p), 4) for a, p in parts.items()
                               if a != (4, 0))

    for v in ann.verdicts:
        assert v.best_play is True
        assert round(v.expected * len(left)) == after(v.move), v
        assert v.possible == (v.move in left)
    assert round(ann.best[0].expected * len(left)) == brute
    assert min(after(v.move) for v in ann.verdicts) == brute


def test_before_any_answer_each_kind_of_first_guess_once():
    from pegapp.puzzles.bulls import GuessPuzzle
    puzzle = GuessPuzzle(MASTERMIND, "3516", "optimal")
    ann = puzzle.annotate_moves(puzzle.initial(), guesses=["4415"])
    assert ann.first_guess_kinds and ann.as_json()["first_guess_kinds"] is True
    by_move = {v.move: v for v in ann.verdicts}
    assert set(by_move) >= {"1111", "1112", "1122", "1123", "1234", "4415"}
    assert {v.move for v in ann.best} == {"1123", "4415"}          # one kind, one value
    assert by_move["1123"].expected * 1296 == pytest.approx(5625)
    assert by_move["4415"].expected == by_move["1123"].expected     # the same kind
    # every other kind costs more in all; Knuth's own play after 1122 bounds it from above
    assert all(v.expected * 1296 > 5625 for m, v in by_move.items() if m not in ("1123", "4415"))
    assert by_move["1122"].expected * 1296 <= 5801


def test_tree_json_checks_with_own_scoring(capsys):
    from pegapp.cli import main
    assert main(["analyse", "mastermind", "--strategy", "minimax", "--tree", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["total_guesses"], out["worst"], out["proven_best"]) == (5626, 5, True)
    found = {}

    def visit(node, secrets, depth):
        assert set(node) - {"guess"} == {f"{b}B{c}C" for b, c in
                                          {own_score(node["guess"], s) for s in secrets}
                                          if (b, c) != (4, 0)}
        for s in secrets:
            a = own_score(node["guess"], s)
            if a == (4, 0):
                found[s] = depth
        for key, sub in node.items():
            if key != "guess":
                b, c = int(key[0]), int(key[2])
                visit(sub, [s for s in secrets if own_score(node["guess"], s) == (b, c)],
                      depth + 1)

    visit(out["tree"], own_codes(4, "123456", True), 1)
    assert len(found) == 1296 and sum(found.values()) == 5626 and max(found.values()) == 5


@pytest.mark.parametrize("puzzle_id, secret", [("mastermind", "3516"), ("bulls", "6281")])
def test_window_offers_the_proven_strategies(qtbot, tmp_path, puzzle_id, secret):
    """Both rulesets offer the proven strategies first, fewest on average chosen by default."""
    from PySide6.QtCore import QSettings

    from pegapp.ui.game_window import GameWindow
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("app/confirm_abandon", False)
    w = GameWindow(puzzle_id, {"mode": "player", "secret": secret}, settings=settings,
                   data_dir=tmp_path / "data", restore=False)
    qtbot.addWidget(w)
    box = w.view.strategy_box
    offered = [box.itemData(i) for i in range(box.count())]
    # Mastermind offers the two alone; bulls and cows keeps its heuristics after them
    assert offered[:2] == ["optimal", "minimax"]
    assert puzzle_id == "bulls" or offered == ["optimal", "minimax"]
    assert box.currentText() == "Fewest guesses on average"
    box.setCurrentIndex(box.findData("minimax"))
    qtbot.waitUntil(lambda: w.session.puzzle.strategy == "minimax")
    assert w.view.strategy_box.currentText() == "Fewest guesses at worst"
    w.close()


# ----- bulls and cows: the proven strategies replayed with this file's own scoring -----

def test_shipped_bulls_optimal():
    found = replay("bulls", "optimal")
    assert len(found) == 5040
    assert sum(found.values()) == 26274             # Koyama and Lai (1993): 5.2131 a game
    assert max(found.values()) == 7
    doc = json.loads(resources.path("strategies", "bulls-optimal.json").read_text())
    assert doc["histogram"] == [sum(1 for d in found.values() if d == k) for k in range(8)]


def test_shipped_bulls_minimax():
    found = replay("bulls", "minimax")
    # 7 at worst (6 is proven too few by the build), and no play at worst 7 beats the best on
    # average, which itself needs 7
    assert max(found.values()) == 7
    assert sum(found.values()) == 26274
    doc = json.loads(resources.path("strategies", "bulls-minimax.json").read_text())
    assert doc["fewer_infeasible"] == 6


@pytest.mark.parametrize("strategy", ["optimal", "minimax"])
def test_bulls_tree_json_checks_with_own_scoring(capsys, strategy):
    from pegapp.cli import main
    assert main(["analyse", "bulls", "--strategy", strategy, "--tree", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["total_guesses"], out["worst"], out["proven_best"]) == (26274, 7, True)
    found = {}

    def visit(node, secrets, depth):
        parts: dict[str, list[str]] = {}
        for s in secrets:
            b, c = own_score(node["guess"], s)
            if (b, c) == (4, 0):
                found[s] = depth
            else:
                parts.setdefault(f"{b}B{c}C", []).append(s)
        assert set(node) - {"guess"} == set(parts)
        for key, sub in parts.items():
            visit(node[key], sub, depth + 1)

    visit(out["tree"], own_codes(4, "0123456789", False), 1)
    assert len(found) == 5040 and sum(found.values()) == 26274 and max(found.values()) == 7


def test_bulls_solve_plays_the_proven_strategy(capsys):
    from pegapp.cli import main
    assert main(["solve", "bulls", "--secret", "6281", "--strategy", "optimal", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["proven_best"] is True
    guesses = [step["guess"] for step in out["moves"]]
    assert guesses[0] == "0123" and guesses[-1] == "6281"
    # every guess after the first is the one the shipped tree makes from the answers so far
    doc = json.loads(resources.path("strategies", "bulls-optimal.json").read_text())
    codes = own_codes(4, "0123456789", False)
    order = iter(doc["preorder"].split())

    def expand(secrets):
        if len(secrets) == 1:
            return {"guess": secrets[0]}
        g = next(order)
        parts: dict[tuple[int, int], list[str]] = {}
        for s in secrets:
            parts.setdefault(own_score(g, s), []).append(s)
        return {"guess": g, **{a: expand(p) for a, p in sorted(parts.items(),
                                                               key=lambda x: x[0][0] * 5 + x[0][1])
                               if a != (4, 0)}}

    node = expand(codes)
    for g in guesses:
        assert g == node["guess"]
        a = own_score(g, "6281")
        if a == (4, 0):
            break
        node = node[a]


def test_bulls_hint_is_proven_and_not_the_secrets():
    from pegapp.puzzles.bulls import GuessPuzzle
    from pegapp.puzzles.hints import hint
    codes = own_codes(4, "0123456789", False)
    twins = [s for s in codes if own_score("0123", s) == (0, 1)][:2]
    answers = []
    for secret in twins:
        puzzle = GuessPuzzle("bulls", secret, "optimal")
        answer = hint(puzzle, puzzle.apply(puzzle.initial(), "0123"))
        assert answer.result.stats["proven_best"] is True
        answers.append(answer.move)
    assert answers[0] == answers[1]


def test_sharpened_bounds_stay_below_the_brute_force():
    """The bounds a guess's parts get before their search (memo, perfect splitter, one guess
    ahead on large parts) never exceed the best cost a brute force finds, and the search with
    them finds that cost, on sets of 3 to 26 secrets of 3 distinct digits of 6."""
    rules = Ruleset("small", 3, "012345", False)
    codes = own_codes(3, "012345", False)
    rng = np.random.default_rng(21)
    for size in (3, 5, 8, 13, 14, 24, 26):
        for _ in range(2):
            pick = np.sort(rng.choice(len(codes), size=size, replace=False))
            expected = _brute_set(codes, tuple(codes[i] for i in pick), 3)
            search = OptimalSearch(rules)
            assert search.part_lb(pick, NO_LIMIT) <= expected, (size, pick)
            assert search.cost(pick)[0] == expected, (size, pick)


def test_fill_bound_is_the_greedy_tree():
    """fill_bound against the tree filled one secret at a time: 1 found by the first guess,
    b by the second, b*b by the third, ..."""
    for branching in (1, 2, 3, 13):
        got = fill_bound(200, branching)
        for n in range(201):
            left, depth, level, total = n, 1, 1, 0
            while left:
                take = min(left, level)
                total, left = total + take * depth, left - take
                level, depth = level * branching, depth + 1
            assert got[n] == total, (branching, n)


def test_the_sets_own_branching_bounds_the_brute_force():
    """No guess splits a set into more parts than the most any guess makes of it: the greedy
    bound with that many parts stays below the brute force's best cost, on sets of 3 distinct
    digits of 6 that few guesses split widely."""
    codes = own_codes(3, "012345", False)
    answers = {(g, s): own_score(g, s) for g in codes for s in codes}
    rng = np.random.default_rng(5)
    for size in (4, 6, 9, 12):
        for _ in range(3):
            pick = [codes[i] for i in rng.choice(len(codes), size=size, replace=False)]
            most = max(len({answers[g, s] for s in pick} - {(3, 0)}) for g in codes)
            expected = _brute_set(codes, tuple(pick), 3)
            assert fill_bound(size, most)[size] <= expected, (pick, most)


def test_the_branching_bound_keeps_the_best_guess():
    """The set's own branching only cuts: on bulls and cows sets after two answers the search's
    best play (its value and guess at every node, all the way down) is the one it finds with
    the plain bound alone (the shipped trees and tables depend on which best guess it keeps)."""
    from pegapp.solvers.guessing._bulls import RULESETS
    rules = RULESETS["bulls"]
    t = rules.table
    first, second, secret = (rules.index[c] for c in ("0123", "4567", "6281"))
    left = np.flatnonzero((t[first] == t[first, secret]) & (t[second] == t[second, secret]))
    plain = OptimalSearch(rules)
    plain.lbts = np.tile(plain.lbt, (len(plain.lbts), 1))    # every branching as the widest
    sharp = OptimalSearch(rules)

    def play(search: OptimalSearch, S: np.ndarray):
        if len(S) <= 2:
            return int(S[0])
        value, guess = search.cost(S)
        return value, guess, [play(search, p) for p in search.parts(S, guess)]

    for code in ("1258", "9876"):
        g = rules.index[code]
        for answer in np.unique(t[g, left]):
            part = left[t[g, left] == answer]
            if 8 <= len(part) <= 60:
                assert play(sharp, part) == play(plain, part), (code, len(part))


def test_minimax_weighing_equals_a_brute_force_of_best_play():
    """With the strategy fewest at worst, after two answers each weighed guess's worst case
    and total are those a brute force finds: the fewest guesses at worst with best play after
    it, then the fewest in all among the plays with that worst (every part may use that many)."""
    from pegapp.puzzles.bulls import GuessPuzzle
    codes = own_codes(4, "123456", True)
    secret = "3516"
    history = [("1123", own_score("1123", secret)), ("3456", own_score("3456", secret))]
    left = small_set_after(history)

    def within(ss: tuple[str, ...], depth: int) -> int | None:
        """Fewest guesses in all finding every secret of ss within `depth` guesses each."""
        return fewest(codes, ss, 4, depth)

    def least_depth(ss: tuple[str, ...]) -> int:
        return next(d for d in range(1, len(ss) + 1) if within(ss, d) is not None)

    def value(guess: str) -> tuple[int, int]:
        parts: dict[tuple[int, int], list[str]] = {}
        for s in left:
            parts.setdefault(own_score(guess, s), []).append(s)
        rest = [tuple(p) for a, p in parts.items() if a != (4, 0)]
        worst = max([1 + least_depth(p) for p in rest] + [1])
        return worst, len(left) + sum(within(p, worst - 1) for p in rest)

    puzzle = GuessPuzzle(MASTERMIND, secret, "minimax")
    state = puzzle.initial()
    for g, _ in history:
        state = puzzle.apply(state, g)
    ann = puzzle.annotate_moves(state, guesses=["6666", "1111"])
    assert len(ann.verdicts) >= 4
    for v in ann.verdicts:
        assert v.best_play is True
        assert (v.worst, round(v.expected * len(left))) == value(v.move), v
    best = min(value(g) for g in codes)
    assert (ann.verdicts[0].worst, round(ann.verdicts[0].expected * len(left))) == best
