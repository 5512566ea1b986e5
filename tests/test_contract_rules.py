"""`pegapp check-family` names the broken rule in the contract's words (pegapp.puzzles.contract):
each test breaks one rule in a copy of the Tower of Hanoi example (a subclass) and asserts the
checker's words. Only the 'stop' test waits, and for a deadline (half a second) the intact
example's answer never needs."""

from __future__ import annotations

import dataclasses
import sys
import threading
from pathlib import Path

import pytest

from pegapp.puzzles import registry
from pegapp.puzzles.base import IllegalMove
from pegapp.puzzles.contract import check_family
from pegapp.solvers.result import SOLVED, SolveResult, never_stop, no_progress

HANOI_SOURCE = Path(__file__).resolve().parent / "plugins" / "pegapp_hanoi"


@pytest.fixture
def hanoi(monkeypatch):
    """The Tower of Hanoi example from its source, registered beside the installed families as
    pip installing it would (the rule 'save' loads the game back through the registry): the
    tests need nothing installed first."""
    monkeypatch.syspath_prepend(str(HANOI_SOURCE))
    import pegapp_hanoi
    monkeypatch.setattr(registry, "_families", {**registry.families(),
                                                "hanoi": pegapp_hanoi.FAMILY})
    yield pegapp_hanoi
    sys.modules.pop("pegapp_hanoi", None)


def broken_words(module, puzzle_class, **options) -> list[str]:
    """check_family of the example family whose make() builds puzzle_class."""
    family = dataclasses.replace(module.FAMILY, make=lambda puzzle_id, params: puzzle_class(
        int(puzzle_id.split("/")[1])))
    return [str(b) for b in check_family(family, **options)]


def test_the_example_keeps_the_contract(hanoi):
    assert broken_words(hanoi, hanoi.Hanoi) == []


def test_an_unhashable_state(hanoi):
    class ListHanoi(hanoi.Hanoi):
        def initial(self):
            return list(super().initial())

    words = broken_words(hanoi, ListHanoi)
    assert len(words) == 1
    assert words[0].startswith("rule 'puzzle' broken: hanoi/3: the state initial() gave is not "
                               "hashable (states are immutable, hashable values): TypeError:")


class Pegs(list):
    """A hashable list: a state apply can change in place."""

    def __hash__(self):
        return hash(tuple(self))


def test_apply_that_changes_its_input(hanoi):
    class InPlaceHanoi(hanoi.Hanoi):
        def initial(self):
            return Pegs(super().initial())

        def check_state(self, state):
            return state

        def apply(self, state, move):
            after = super().apply(tuple(state), move)
            state[:] = after
            return Pegs(after)

    words = broken_words(hanoi, InPlaceHanoi)
    assert words[0].startswith("rule 'puzzle' broken: hanoi/3: apply(state, (0, 1)) changed "
                               "its input state (states are immutable: apply returns a new one)")


def test_a_missing_method(hanoi):
    class NoGoal(hanoi.Hanoi):
        is_solved = None

    assert broken_words(hanoi, NoGoal) == [
        "rule 'puzzle' broken: hanoi/3: the puzzle has no method is_solved (the Puzzle "
        "interface, pegapp.puzzles.base)"]


def test_a_mistyped_method(hanoi):
    class NoStop(hanoi.Hanoi):
        def solve(self, state):
            return super().solve(state)

    words = broken_words(hanoi, NoStop)
    assert words[0].startswith("rule 'puzzle' broken: hanoi/3: solve() does not take the 3 "
                               "argument(s) the Puzzle interface gives it: ")


def test_a_solve_that_ignores_stop(hanoi):
    release = threading.Event()

    class Endless(hanoi.Hanoi):
        def solve(self, state, progress=no_progress, stop=never_stop):
            release.wait(600)   # never asks stop(); released when the test ends
            return super().solve(state, progress, stop)

    try:
        words = broken_words(hanoi, Endless, stop_seconds=0.5)
    finally:
        release.set()
    assert words == ["rule 'solve' broken: hanoi/3: solve did not stop within 0.5 s when asked "
                     "(stop() returns True: solve returns at once, CANCELLED)"]


def test_apply_that_accepts_a_move_moves_did_not_list(hanoi):
    class Lenient(hanoi.Hanoi):
        def apply(self, state, move):
            try:
                return super().apply(state, move)
            except IllegalMove:
                return state

    words = broken_words(hanoi, Lenient)
    assert len(words) == 1
    assert words[0].startswith("rule 'puzzle' broken: hanoi/3: apply accepted the move ")
    assert words[0].endswith(", which moves() did not list (apply raises IllegalMove for it)")


def test_text_that_is_not_translatable(hanoi):
    class Untranslated(hanoi.Hanoi):
        def apply(self, state, move):
            if move not in self.moves(state):
                raise IllegalMove("not a legal move")
            return super().apply(state, move)

    assert broken_words(hanoi, Untranslated) == [
        "rule 'puzzle' broken: hanoi/3: IllegalMove's reason is a plain str, not translatable "
        "(player-facing text is a msg(), pegapp.core.messages)"]


def test_a_solution_that_does_not_reach_the_goal(hanoi):
    class Short(hanoi.Hanoi):
        def solve(self, state, progress=no_progress, stop=never_stop):
            return SolveResult(SOLVED, moves=[(0, 2)], proven_minimal=True)

    words = broken_words(hanoi, Short)
    assert "rule 'solve' broken: hanoi/3: the solution's moves do not reach the goal (replayed " \
           "from the start, is_solved is False)" in words


def test_a_solve_that_returns_a_list(hanoi):
    class Listed(hanoi.Hanoi):
        def solve(self, state, progress=no_progress, stop=never_stop):
            return list(super().solve(state, progress, stop).moves)

    words = broken_words(hanoi, Listed)
    assert "rule 'solve' broken: hanoi/3: solve(start) returned a list, not a SolveResult" \
        in words


def test_a_raw_error_names_the_rule_and_the_call(hanoi):
    class Crashing(hanoi.Hanoi):
        def moves(self, state):
            return super().moves(state) + None

    words = broken_words(hanoi, Crashing)
    assert words[0].startswith("rule 'puzzle' broken: hanoi/3: moves(state): TypeError: ")
