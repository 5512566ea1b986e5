"""Bulls and cows after the first answer: the shipped exact value of every second guess
(resources/strategies/bulls-second.json), checked from outside: an own brute force on the
small answers, the shipped optimal tree's own walk on every answer the file holds, the classes
against this file's own scoring, and analysis mode reading them."""

from __future__ import annotations

import contextlib
import functools
import itertools
import json

import numpy as np
import pytest

from pegapp.core import resources
from pegapp.solvers.guessing import _bulls as engine
from pegapp.solvers.guessing import exact as guess_exact
from tests.test_guess_optimal import replay

RULES = engine.RULESETS["bulls"]
CODES = ["".join(p) for p in itertools.permutations("0123456789", 4)]


def own_score(guess: str, secret: str) -> tuple[int, int]:
    bulls = sum(x == y for x, y in zip(guess, secret))
    return bulls, len(set(guess) & set(secret)) - bulls


_DIGITS = np.array([[int(d) for d in c] for c in CODES])
_DIGIT_SETS = (1 << _DIGITS).sum(axis=1)
_BITS = np.array([bin(m).count("1") for m in range(1 << 10)])


def own_scores(guess: str) -> np.ndarray:
    """own_score(guess, s) for every s of CODES at once, as bulls * 5 + cows (the same sums
    with numpy: bulls digit by digit, bulls and cows together as the digits both codes use)."""
    digits = np.array([int(d) for d in guess])
    bulls = (_DIGITS == digits).sum(axis=1)
    common = _BITS[_DIGIT_SETS & int((1 << digits).sum())]
    return bulls * 5 + common - bulls


def own_name(answer: tuple[int, int]) -> str:
    return f"{answer[0]}B{answer[1]}C"


def shipped() -> dict:
    return json.loads(resources.path("strategies", "bulls-second.json").read_text())


def after_first(answer: str) -> list[str]:
    return [s for s in CODES if own_name(own_score("0123", s)) == answer]


def forbid_the_exact_search(monkeypatch) -> None:
    """Any exact search lent from now on fails the test when it is built: an answer must come
    from the shipped table."""
    @contextlib.contextmanager
    def lend_none(_rules):
        def search():
            raise AssertionError("the exact search was asked")
        yield search

    monkeypatch.setattr(guess_exact, "lend_search", lend_none)
    monkeypatch.setattr(engine, "lend_search", lend_none)


@functools.cache
def first_of_each_class() -> tuple[tuple[str, int], ...]:
    """(key, index into CODES) of the first code of each class of second guess after 0123, as
    the engine names the classes: found once for the file's tests (0.7 s of CPU a time)."""
    first = RULES.index["0123"]
    found: dict[str, int] = {}
    for gi, code in enumerate(CODES):
        found.setdefault(engine.second_guess_key(RULES, first, RULES.index[code]), gi)
    return tuple(found.items())


def second_guess_classes(table: np.ndarray, n: int):
    """(key, row, parts) once for each of the 20 classes of second guess after 0123: row is the
    answers of the class's first code in `table` (codes by secrets), parts the secrets of each
    answer but the win (indices into the n secrets)."""
    win = RULES.encode(4, 0)
    classes = first_of_each_class()
    for key, gi in classes:
        row = table[gi]
        yield key, row, [tuple(np.flatnonzero(row == v)) for v in np.unique(row) if v != win]
    assert len(classes) == 20 and n == table.shape[1]


def distinct_rows(block: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """np.unique(block, axis=0, return_index=True) for answers below 32 and at most 12 columns:
    each row read as one integer of 5 bits a column (the first column highest, so in the same
    order), unique as integers. numpy's unique by rows sorts records, and took 1.2 of the 3.2 s
    of CPU of the brute force of 1B3C."""
    assert block.shape[1] <= 12 and (block.size == 0 or block.max() < 32)
    shifts = 5 * np.arange(block.shape[1] - 1, -1, -1, dtype=np.int64)
    _, pick = np.unique((block.astype(np.int64) << shifts).sum(axis=1), return_index=True)
    return block[pick], pick


def brute_force(secrets: list[str]):
    """best(subset) -> (fewest guesses in all, least and most worst case among the plays that
    take that fewest), every one of the 5,040 codes tried at every node; scores by own_score."""
    table = np.array([[RULES.encode(*own_score(g, s)) for s in secrets] for g in CODES])
    win = RULES.encode(4, 0)

    @functools.lru_cache(maxsize=None)
    def best(subset: tuple[int, ...]) -> tuple[int, int, int]:
        if len(subset) == 1:
            return 1, 1, 1
        rows, pick = distinct_rows(table[:, subset])
        found = []
        for row, g in zip(rows, pick):
            parts = [tuple(i for i, a in zip(subset, row) if a == v)
                     for v in np.unique(row) if v != win]
            if len(parts) == 1 and len(parts[0]) == len(subset):
                continue
            values = [best(p) for p in parts]
            here = 1 if win in row else 0
            found.append((len(subset) + sum(v[0] for v in values),
                          max(here, 1 + max((v[1] for v in values), default=0)),
                          max(here, 1 + max((v[2] for v in values), default=0))))
        total = min(f[0] for f in found)
        return (total, min(f[1] for f in found if f[0] == total),
                max(f[2] for f in found if f[0] == total))

    return table, best


def test_the_scores_at_once_are_the_scores_one_by_one():
    for guess in CODES[::97]:
        want = [a * 5 + b for a, b in (own_score(guess, s) for s in CODES)]
        assert own_scores(guess).tolist() == want, guess


def test_classes_are_what_this_file_scores_alike():
    """Guesses of one class split every answer set of 0123 into parts of the same sizes."""
    first = RULES.index["0123"]
    seen: dict[str, tuple] = {}
    # every 7th code, and every code whose digits other than 0-3 are 4, 5, 6, 7 in order of
    # use (each class has one: renaming the other digits keeps 0123)
    def plain(c: str) -> bool:
        new = [d for d in c if d not in "0123"]
        return new == list("4567"[:len(new)])
    sample = sorted(set(CODES[::7]) | {c for c in CODES if plain(c)})
    answer_sets: dict[tuple[int, int], list[int]] = {}
    for i, s in enumerate(CODES):
        answer_sets.setdefault(own_score("0123", s), []).append(i)
    for code in sample:
        key = engine.second_guess_key(RULES, first, RULES.index[code])
        scores = own_scores(code)
        shape = tuple(sorted((a, tuple(sorted(np.unique(scores[v], return_counts=True)[1])))
                             for a, v in answer_sets.items()))
        assert seen.setdefault(key, shape) == shape, (key, code)
    assert len(seen) == 20


@pytest.mark.parametrize("answer", ["2B2C", "1B3C", "0B4C"])
def test_small_answers_match_a_brute_force(answer):
    doc = shipped()
    if answer not in doc["answers"]:
        pytest.skip(f"{answer} not in the shipped file")
    secrets = after_first(answer)
    entry = doc["answers"][answer]
    assert entry["secrets"] == len(secrets)
    table, best = brute_force(secrets)
    win = RULES.encode(4, 0)
    for key, row, parts in second_guess_classes(table, len(secrets)):
        values = [best(p) for p in parts]
        here = 1 if win in row else 0
        total = len(secrets) + sum(v[0] for v in values)
        low = max(here, 1 + max((v[1] for v in values), default=0))
        high = max(here, 1 + max((v[2] for v in values), default=0))
        got_total, got_worst = entry["guesses"][key]
        assert got_total == total, (answer, key)
        assert low <= got_worst <= high, (answer, key)
    assert entry["best_total"] == best(tuple(range(len(secrets))))[0]


def test_every_answer_held_agrees_with_the_shipped_tree():
    """The best second guess of each answer costs what the shipped optimal tree (played with this
    file's scoring) takes for those secrets after its first guess, 0123."""
    doc = shipped()
    found = replay("bulls", "optimal")    # guesses per secret, counting the first
    held = doc["answers"]
    assert held, "the file holds no answer"
    for name, entry in held.items():
        secrets = after_first(name)
        assert entry["best_total"] == sum(found[s] - 1 for s in secrets), name
        assert entry["best_total"] == min(v[0] for v in entry["guesses"].values())
    if len(held) == 13:
        assert sum(e["best_total"] for e in held.values()) + RULES.size == 26274


def _after_first_guess(first: str):
    """A game of the largest answer the file holds after the first guess `first` (a renamed
    0123): (puzzle, state, the answer's entry, the secrets still possible)."""
    from pegapp.puzzles.bulls import GuessPuzzle

    held = shipped()["answers"]
    name = max(held, key=lambda a: held[a]["secrets"])
    secret = next(s for s in CODES if own_name(own_score(first, s)) == name)
    puzzle = GuessPuzzle(RULES, secret, "optimal")
    state = puzzle.apply(puzzle.initial(), first)
    left = [s for s in CODES if own_name(own_score(first, s)) == name]
    return puzzle, state, held[name], left


def test_analysis_after_one_answer_is_exact_and_instant(monkeypatch):
    """After any first guess (a renamed 0123), the typed guess and the best few are weighed with
    the shipped values: best play, no search (the exact search is never built)."""
    puzzle, state, entry, left = _after_first_guess("9183")
    forbid_the_exact_search(monkeypatch)
    ann = puzzle.annotate_moves(state, guesses=["2468"])
    assert ann.possible == len(left)
    first = RULES.index["9183"]
    moves = [v.move for v in ann.verdicts]
    assert "2468" in moves and len(moves) >= 4
    for v in ann.verdicts:
        total, worst = entry["guesses"][engine.second_guess_key(RULES, first,
                                                                RULES.index[v.move])]
        assert v.best_play is True and v.worst == worst
        assert round(v.expected * len(left)) == total
        assert v.possible == (v.move in left)
    # the best few are the best there are
    assert round(ann.verdicts[0].expected * len(left)) == entry["best_total"]


def test_after_any_first_guess_the_hint_is_the_proven_best():
    """The shipped tree starts with 0123; after another first guess its play, renamed, is as
    good: the hint's guess costs the least there is (the file's best), and says proven best."""
    puzzle, state, entry, left = _after_first_guess("5729")
    answer = puzzle.solve(state)
    assert answer.stats["proven_best"] is True
    hint = answer.moves[0]
    key = engine.second_guess_key(RULES, RULES.index["5729"], RULES.index[hint])
    assert entry["guesses"][key][0] == entry["best_total"]
    assert puzzle.question(state) == hint
    # the whole line finds the secret, scored by this file's own rules
    assert own_score(answer.moves[-1], state.secret) == (4, 0)


def test_guesses_one_symmetry_apart_are_weighed_once():
    """After 0123 and 0124 (secret 6281) guesses the game's symmetries map onto each other split
    the secrets left alike (this file's scoring), and analysis weighs one of each. (After 0123
    and 4567 the analysis took 4.6 s of CPU with a fresh search, 0123 and 0124 1.3 s.)"""
    from pegapp.puzzles.bulls import GuessPuzzle

    history = [("0123", own_score("0123", "6281")), ("0124", own_score("0124", "6281"))]
    left = [s for s in CODES if all(own_score(g, s) == a for g, a in history)]
    remaining = np.array([RULES.index[s] for s in left])
    same = engine.same_as(RULES, remaining,
                          [(RULES.index[g], RULES.encode(*a)) for g, a in history])
    groups: dict[int, list[str]] = {}
    for code in CODES[::5]:
        groups.setdefault(same(RULES.index[code]), []).append(code)
    assert len(groups) < len(CODES[::5]) / 4      # the symmetries do merge guesses
    for members in groups.values():
        shapes = {tuple(sorted(np.unique([own_score(g, s) for s in left], axis=0,
                                         return_counts=True)[1])) for g in members[:4]}
        assert len(shapes) == 1, members[:4]
    puzzle = GuessPuzzle(RULES, "6281", "optimal")
    state = puzzle.initial()
    for g, _ in history:
        state = puzzle.apply(state, g)
    ann = puzzle.annotate_moves(state)
    stand_ins = [same(RULES.index[v.move]) for v in ann.verdicts]
    assert len(stand_ins) == len(set(stand_ins)) >= 4


# ----- the table of the strategy fewest at worst (bulls-second-minimax.json)

def shipped_minimax() -> dict:
    path = resources.path("strategies", "bulls-second-minimax.json")
    if not path.is_file():
        pytest.skip("bulls-second-minimax.json does not ship")
    return json.loads(path.read_text())


def brute_force_within(secrets: list[str]):
    """within(subset, depth) -> the fewest guesses in all that find every secret of the subset
    with at most `depth` guesses each (None: no play does), every one of the 5,040 codes tried
    at every node; scores by own_score."""
    table = np.array([[RULES.encode(*own_score(g, s)) for s in secrets] for g in CODES])
    win = RULES.encode(4, 0)
    rows, _pick = distinct_rows(table)

    @functools.lru_cache(maxsize=None)
    def within(subset: tuple[int, ...], depth: int) -> int | None:
        if len(subset) == 1:
            return 1 if depth >= 1 else None
        if depth <= 1:
            return None
        best = None
        for row in distinct_rows(rows[:, subset])[0]:
            parts = [tuple(i for i, a in zip(subset, row) if a == v)
                     for v in np.unique(row) if v != win]
            if len(parts) == 1 and len(parts[0]) == len(subset):
                continue
            costs = [within(p, depth - 1) for p in parts]
            if None in costs:
                continue
            total = len(subset) + sum(costs)
            best = total if best is None else min(best, total)
        return best

    def least_depth(subset: tuple[int, ...]) -> int:
        return next(d for d in range(1, len(subset) + 1) if within(subset, d) is not None)

    return table, within, least_depth


@pytest.mark.parametrize("answer", ["2B2C", "1B3C", "0B4C"])
def test_minimax_small_answers_match_a_brute_force(answer):
    """Each class's [total, worst]: the fewest guesses at worst with best play after it, and
    the fewest in all among the plays with that worst, against this file's brute force."""
    entry = shipped_minimax()["answers"].get(answer)
    if entry is None:
        pytest.skip(f"{answer} not in the shipped file")
    secrets = after_first(answer)
    assert entry["secrets"] == len(secrets)
    table, within, least_depth = brute_force_within(secrets)
    for key, _row, parts in second_guess_classes(table, len(secrets)):
        if len(parts) == 1 and len(parts[0]) == len(secrets):   # splits nothing
            worst = least_depth(parts[0]) + 1
            total = len(secrets) + within(parts[0], worst - 1)
        else:
            worst = max([1 + least_depth(p) for p in parts] + [1])
            total = len(secrets) + sum(within(p, worst - 1) for p in parts)
        assert entry["guesses"][key] == [total, worst], (answer, key)
    everything = tuple(range(len(secrets)))
    assert entry["best_worst"] == least_depth(everything)
    assert entry["best_total"] == within(everything, entry["best_worst"])


def test_minimax_answers_bound_the_shipped_tree():
    """The shipped minimax tree, after its first guess 0123, needs for the secrets of each
    answer no fewer guesses at worst than the file's best (and when as few, no fewer in all);
    with every answer held, the worst of all plus the first guess is 7, the proven least."""
    found = replay("bulls", "minimax")
    held = shipped_minimax()["answers"]
    assert held
    for name, entry in held.items():
        secrets = after_first(name)
        worst = max(found[s] - 1 for s in secrets)
        total = sum(found[s] - 1 for s in secrets)
        assert entry["best_worst"] <= worst, name
        if entry["best_worst"] == worst:
            assert entry["best_total"] <= total, name
        assert [entry["best_total"], entry["best_worst"]] == min(
            entry["guesses"].values(), key=lambda v: (v[1], v[0]))
    if len(held) == 13:
        assert max(e["best_worst"] for e in held.values()) + 1 == 7


def test_minimax_analysis_after_one_answer_reads_the_table(monkeypatch):
    """With the strategy fewest at worst, after any first guess the typed guess and the best
    few are weighed from the minimax table: best play, no search, fewest at worst first."""
    from pegapp.puzzles.bulls import GuessPuzzle

    held = shipped_minimax()["answers"]
    name = max(held, key=lambda a: held[a]["secrets"])
    first = "9183"
    secret = next(s for s in CODES if own_name(own_score(first, s)) == name)
    puzzle = GuessPuzzle(RULES, secret, "minimax")
    state = puzzle.apply(puzzle.initial(), first)
    left = [s for s in CODES if own_name(own_score(first, s)) == name]
    forbid_the_exact_search(monkeypatch)
    ann = puzzle.annotate_moves(state, guesses=["2468"])
    entry = held[name]
    assert ann.possible == len(left) and len(ann.verdicts) >= 4
    for v in ann.verdicts:
        total, worst = entry["guesses"][engine.second_guess_key(RULES, RULES.index[first],
                                                                RULES.index[v.move])]
        assert v.best_play is True and v.worst == worst
        assert round(v.expected * len(left)) == total
    best = ann.verdicts[0]
    assert (best.worst, round(best.expected * len(left))) == (entry["best_worst"],
                                                              entry["best_total"])
