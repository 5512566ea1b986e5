"""Searches lent one thread at a time, and analysis mode's weighing two guesses at a time: the same
verdicts as one at a time, a stop that stops both threads, errors that reach the asking thread."""

from __future__ import annotations

import threading

import pytest

from pegapp.puzzles.bulls import GuessPuzzle
from pegapp.solvers.guessing import exact as guess_exact
from pegapp.solvers.guessing._bulls import BULLS, MASTERMIND
from pegapp.solvers.result import Cancelled


def after(ruleset: str, secret: str, guesses: list[str]):
    puzzle = GuessPuzzle(ruleset, secret, "optimal")
    state = puzzle.initial()
    for g in guesses:
        state = puzzle.apply(state, g)
    return puzzle, state


def none_lent(rules) -> bool:
    return not any(slot[1] for slot in guess_exact._lent.get(rules.name, []))


def test_two_threads_never_share_a_search():
    """Two threads that hold a search at the same time hold two different ones; one given back
    is lent again, memo and all."""
    got: dict[str, object] = {}
    both = threading.Barrier(2)

    def hold(name: str) -> None:
        with guess_exact.lend_search(MASTERMIND) as search:
            got[name] = search()
            both.wait(timeout=30)

    threads = [threading.Thread(target=hold, args=(n,)) for n in ("a", "b")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert got["a"] is not got["b"]
    assert got["a"].table is got["b"].table          # a twin shares the tables
    assert got["a"].exact is not got["b"].exact      # but not the memo
    with guess_exact.lend_search(MASTERMIND) as search:
        assert search() in (got["a"], got["b"])
    assert none_lent(MASTERMIND)


def test_two_at_a_time_weighs_as_one_at_a_time():
    """Bulls and cows after two answers (a set the exact search solves on the spot): every
    verdict of analysis mode, weighed two at a time, equals the guess weighed alone."""
    puzzle, state = after("bulls", "6281", ["0123", "6789"])
    ann = puzzle.annotate_moves(state, guesses=["1289"])
    assert len(ann.verdicts) >= 4
    for v in ann.verdicts:
        alone = puzzle.weigh(state, v.move)
        assert (alone.worst, alone.expected, alone.best_play) == (v.worst, v.expected,
                                                                  v.best_play), v.move
    assert none_lent(BULLS)


def test_a_stop_ends_both_halves_and_gives_the_searches_back():
    calls: list[str] = []
    seen = threading.Event()

    def weigh(item, search, stop):
        calls.append(item)
        if item == "b":
            seen.set()
            while not stop():       # the helper's weighing runs until it is told to stop
                threading.Event().wait(0.01)
            raise Cancelled
        return item.upper()

    flag = threading.Event()
    out = []
    with pytest.raises(Cancelled):
        for item, result in guess_exact.two_at_a_time(BULLS, ["a", "b", "c", "d"], weigh,
                                                      flag.is_set):
            out.append(result)
            assert seen.wait(timeout=30)
            flag.set()
    assert out[0] == "A" and "d" not in calls
    assert none_lent(BULLS)


def test_an_error_on_the_helper_reaches_the_asking_thread():
    def weigh(item, search, stop):
        if item == 2:
            raise ValueError("the helper's guess")
        return item

    with pytest.raises(ValueError, match="helper"):
        list(guess_exact.two_at_a_time(BULLS, [1, 2, 3], weigh, lambda: False))
    assert none_lent(BULLS)


def test_analysis_stopped_gives_what_it_weighed():
    """annotate_moves stopped after its first verdict returns that one (the other half's search
    stopped and given back). After 0123 and 0124 (570 secrets) it weighs 7 guesses unstopped,
    and the first verdict is 0.5 s of CPU away (3.4 s after 0123 and 4567)."""
    puzzle, state = after("bulls", "6281", ["0123", "0124"])
    seen: list[int] = []
    ann = puzzle.annotate_moves(state, guesses=["1289"], stop=lambda: bool(seen),
                                interim=lambda part: seen.append(len(part.verdicts)))
    assert 1 <= len(ann.verdicts) < 7
    assert none_lent(BULLS)


def test_a_weighing_solves_parts_larger_than_a_hint_would():
    """After 0123 and 0124 (570 secrets), 2173 leaves a part of 208 secrets: more than a hint
    solves on the spot, within what a weighing's node budget solves. Its verdict is best play,
    and its total is the guess plus each part's best cost (each part solved on its own). (0.5 s
    of CPU; 9876 after 0123 and 4567, a part of 182, took 3.2 s.)"""
    from pegapp.solvers.guessing.optimal import OptimalSearch
    puzzle, state = after("bulls", "6281", ["0123", "0124"])
    left = puzzle._remaining(state)
    g = BULLS.index["2173"]
    parts = [left[BULLS.table[g, left] == a] for a in set(BULLS.table[g, left]) if a != BULLS.win]
    assert guess_exact.EXACT_LIMIT["bulls"] < max(map(len, parts)) <= guess_exact.WEIGH_LIMIT["bulls"]
    verdict = puzzle.weigh(state, "2173")
    assert verdict.best_play is True
    search = OptimalSearch(BULLS)
    total = len(left) + sum(search.cost(p)[0] for p in parts)
    assert round(verdict.expected * len(left)) == total


WARM_UP_PROBE = """
import json, sys
import numba
from pegapp.puzzles import bulls
from pegapp.solvers.guessing import _bulls
from pegapp.solvers.guessing import classes as guess_classes
from pegapp.solvers.guessing import exact as guess_exact
from pegapp.solvers.guessing import optimal as guess_optimal

MODULES = (_bulls, guess_classes, guess_exact, guess_optimal)


def loaded():
    return sorted(f"{m.__name__}.{k}" for m in MODULES for k, v in vars(m).items()
                  if isinstance(v, numba.core.registry.CPUDispatcher) and v.signatures)


before = loaded()
bulls.FAMILY.warm_up()
after_warm_up = loaded()
lent = [type(s[0]).__name__ for s in guess_exact._lent.get("bulls", [])]
puzzle = bulls.GuessPuzzle("bulls", "6281", "optimal")
state = puzzle.initial()
for guess in ("0123", "0124"):
    state = puzzle.apply(state, guess)
ann = puzzle.annotate_moves(state)
print(json.dumps({"before": before, "after_warm_up": after_warm_up, "lent": lent,
                  "after_analysis": loaded(), "exact": all(v.best_play for v in ann.verdicts)}))
"""


def test_the_warm_up_loads_what_the_first_analysis_needs(tmp_path):
    """Bulls and cows' warm-up (run by the game in the background at start) leaves a search
    ready and every compiled kernel the first analysis after two answers uses loaded: that
    analysis, in the same fresh process, loads none of its own. The two answers are 0123 and
    0124 against 6281: 570 secrets, more than 300 as after 0123 and 4567 (the same candidates),
    and its weighings run the exact search, in 1 s of CPU where 0123 and 4567 took 3.5."""
    import json
    import os
    import subprocess
    import sys

    env = dict(os.environ, PEGAPP_CACHE_DIR=str(tmp_path / "cache"), HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", WARM_UP_PROBE], capture_output=True, text=True,
                         env=env, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    seen = json.loads(out.stdout.splitlines()[-1])
    assert seen["before"] == []
    assert "pegapp.solvers.guessing.optimal._search" in seen["after_warm_up"]
    assert seen["lent"] and set(seen["lent"]) == {"OptimalSearch"}   # one a thread
    assert seen["exact"]
    assert set(seen["after_analysis"]) <= set(seen["after_warm_up"]), (
        sorted(set(seen["after_analysis"]) - set(seen["after_warm_up"])))
