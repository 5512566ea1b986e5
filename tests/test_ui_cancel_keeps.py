"""Cancel keeps what was found (issue #72): a search that showed a winning line before its proof
and is cancelled leaves that line on screen, said to be unproven -- not only "Search cancelled."
(what a long Wiegleb proof left). The proof here waits on stop, so the quick line always comes
first and Cancel always meets the proof running."""

from __future__ import annotations

import dataclasses
import time

import pytest

from pegapp.puzzles import registry
from pegapp.puzzles.base import STAGES
from pegapp.solvers.result import CANCELLED, SOLVED, SolveResult, never_stop, no_progress
from tests.toy_families import TOY, Counter

PARAMS = {"wrap": False, "step": 1.5, "label": "five"}
#: a hang guard only: the proof ends when Cancel asks it to stop
PROOF_GUARD_SECONDS = 60


class SlowProof(Counter):
    """A winning line of five +1s at once, then a proof of the shortest that runs until stopped."""

    ABILITIES = Counter.ABILITIES | {STAGES}

    def solve(self, state, progress=no_progress, stop=never_stop, interim=None, **options):
        if interim is not None:
            interim(SolveResult(SOLVED, [1] * (self.goal - state), False))
        deadline = time.monotonic() + PROOF_GUARD_SECONDS
        while not stop() and time.monotonic() < deadline:
            time.sleep(0.01)
        return SolveResult(CANCELLED)


class NoQuickLine(SlowProof):
    """The proof alone: nothing found before it."""

    def solve(self, state, progress=no_progress, stop=never_stop, interim=None, **options):
        return super().solve(state, progress, stop, None, **options)


def toy_window(open_window, monkeypatch, puzzle_class=SlowProof):
    family = dataclasses.replace(TOY, make=lambda puzzle_id, params: puzzle_class(
        5, False, 1.5, "five"))
    monkeypatch.setattr(registry, "_families", {**registry.families(), "toy": family})
    return open_window("toy/5", PARAMS)


@pytest.fixture
def window(open_window, monkeypatch):
    return toy_window(open_window, monkeypatch)


@pytest.mark.parametrize("ask", ["hint_action", "solve_action"])
def test_cancel_keeps_the_winning_line_said_unproven(qtbot, window, ask):
    with qtbot.waitSignal(window.assistant.answered, timeout=30000):
        getattr(window, ask).trigger()
    assert "looking for the shortest" in window.panel.hint_label.text()
    assert window.assistant.busy
    window.panel.cancel_button.click()
    assert not window.assistant.busy
    text = window.panel.hint_label.text()
    assert text.startswith("Search cancelled: the line found wins, but it is unproven")
    assert "Hint: +1 — from a solution in 5 moves (not proven minimal)." in text
    assert window.view.hint == 1 and window.view.interactive
    assert ("The line, in notation: +1 +1 +1 +1 +1" in text) == (ask == "solve_action")
    window.play_moves([2])  # the game goes on; the kept line was about the position before
    assert "Hint:" not in window.panel.hint_label.text()


def test_cancel_before_any_line_says_only_cancelled(qtbot, open_window, monkeypatch):
    window = toy_window(open_window, monkeypatch, NoQuickLine)
    window.hint_action.trigger()
    qtbot.wait(50)
    assert window.assistant.busy and window.panel.hint_label.text() == ""
    window.panel.cancel_button.click()
    assert window.panel.hint_label.text() == "Search cancelled."
    assert window.view.hint is None


@pytest.mark.graded_hints
def test_hint_pressed_during_its_search_is_answered_with_a_word(qtbot, open_window, monkeypatch):
    """Issue #76: an H pressed while "Searching…" was dropped without a word (the action was
    greyed out). Each press during the search is answered: the search goes on (not started
    again), the graded hint does not move on a step, and the answer shows when found."""
    window = toy_window(open_window, monkeypatch, NoQuickLine)
    window.hint_action.trigger()
    qtbot.waitUntil(lambda: window.assistant.busy)
    running = window.assistant.runner._current
    step = window.flow.hint_step()
    for _ in range(3):
        assert window.hint_action.isEnabled()
        window.hint_action.trigger()
        assert window.assistant.runner._current is running and window.flow.hint_step() == step
        assert window.panel.still_searching_label.isVisible()
        assert "when the search ends" in window.panel.still_searching_label.text()
    window.panel.cancel_button.click()
    assert not window.panel.still_searching_label.isVisible()
