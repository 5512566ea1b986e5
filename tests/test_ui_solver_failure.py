"""In the window, a family's solver that fails -- raises, answers something that is not a
SolveResult, works on states that are not hashable, or changes the state it is given -- is said
in the hint line, naming the family and what went wrong (issue #72): the hint is never silently
blank, and the window goes on."""

from __future__ import annotations

import dataclasses

import pytest

from pegapp.puzzles import registry
from tests import toy_families
from tests.toy_families import TOY, Counter

PARAMS = {"wrap": False, "step": 1.5, "label": "five"}


class SolveRaises(Counter):
    def solve(self, state, progress=None, stop=None):
        raise ValueError("the counter lost count")


class SolveGivesADict(Counter):
    def solve(self, state, progress=None, stop=None):
        return {"moves": [1, 2]}


class ListCounter(Counter):
    """States are lists: not hashable."""

    def initial(self):
        return [self.start]

    def moves(self, state):
        return [m for m in (1, 2) if state[0] + m <= self.goal]

    def apply(self, state, move):
        assert move in self.moves(state)
        return [state[0] + move]

    def is_solved(self, state):
        return state[0] == self.goal

    def check_state(self, state):
        return state

    def solve(self, state, progress=None, stop=None):
        return Counter(self.goal, self.wrap, self.step, self.label, state[0]).solve(state[0])


class Count(list):
    """A hashable list: a state apply can change in place."""

    def __hash__(self):
        return hash(tuple(self))


class InPlaceCounter(ListCounter):
    """apply changes the state it is given."""

    def initial(self):
        return Count([self.start])

    def apply(self, state, move):
        state[0] = super().apply(state, move)[0]
        return Count(state)


Plain = toy_families.CounterView


class ListView(toy_families.CounterView):
    """The counter's bar, for states that are a count in a list."""

    def paintEvent(self, event) -> None:
        count = self.state
        self.state = count[0]
        try:
            super().paintEvent(event)
        finally:
            self.state = count


@pytest.mark.parametrize("puzzle_class, words", [
    (SolveRaises, "ValueError: the counter lost count"),
    (SolveGivesADict, "solve() answered a dict, not a SolveResult"),
    (ListCounter, "its states are not hashable (list: unhashable type: 'list')"),
    (InPlaceCounter, "apply() changed the state it was given"),
])
def test_a_failing_solver_is_said_in_the_hint_line(qtbot, open_window, monkeypatch, puzzle_class,
                                                  words):
    family = dataclasses.replace(
        TOY, make=lambda puzzle_id, params: puzzle_class(5, False, 1.5, "five"),
        view=f"{__name__}:{'ListView' if issubclass(puzzle_class, ListCounter) else 'Plain'}")
    monkeypatch.setattr(registry, "_families", {**registry.families(), "toy": family})
    window = open_window("toy/5", PARAMS)
    start = window.session.state
    window.hint_action.trigger()
    qtbot.waitUntil(lambda: not window.assistant.busy, timeout=30000)
    qtbot.waitUntil(lambda: window.panel.hint_label.text() != "", timeout=5000)
    text = window.panel.hint_label.text()
    assert text.startswith("The solver of Toy counter failed: ") and words in text
    assert window.session.state == start and window.view.view_failure is None
    window.play_moves([1])  # the game goes on
    assert window.session.move_count == 1 and window.isVisible()
