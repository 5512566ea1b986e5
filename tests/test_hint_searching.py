"""A hint is never silent for long (issue #75 point 2): a hint in stages that has said nothing
after hints.SEARCHING_AFTER seconds says it is still searching (status SEARCHING, no move, never
final), not once an answer came first; the window leaves that to its progress line. The delay is
set to 0 or to a minute here, so no outcome depends on the machine's speed."""

from __future__ import annotations

import threading

from pegapp.puzzles import hints
from pegapp.puzzles.base import STAGES
from pegapp.solvers.result import SEARCHING, SOLVED, SolveResult, never_stop, no_progress
from tests.test_ui_cancel_keeps import NoQuickLine, toy_window
from tests.toy_families import Counter

#: a hang guard only
GUARD_SECONDS = 60


class WaitsToBeHeard(Counter):
    """A solver in stages that answers only once some interim answer was given."""

    ABILITIES = Counter.ABILITIES | {STAGES}

    def __init__(self, *args):
        super().__init__(*args)
        self.heard = threading.Event()

    def solve(self, state, progress=no_progress, stop=never_stop, interim=None, **options):
        assert self.heard.wait(GUARD_SECONDS)
        return SolveResult(SOLVED, [1] * (self.goal - state), True)


class AnswersAtOnce(Counter):
    ABILITIES = Counter.ABILITIES | {STAGES}

    def solve(self, state, progress=no_progress, stop=never_stop, interim=None, **options):
        interim(SolveResult(SOLVED, [1] * (self.goal - state), False))
        return SolveResult(SOLVED, [1] * (self.goal - state), True)


def test_a_silent_search_says_it_is_searching(monkeypatch):
    monkeypatch.setattr(hints, "SEARCHING_AFTER", 0.0)
    puzzle = WaitsToBeHeard(5, False, 1.5, "five")
    said = []

    def interim(answer):
        said.append(answer)
        puzzle.heard.set()

    final = hints.hint(puzzle, 0, interim=interim)
    assert [a.result.status for a in said] == [SEARCHING]
    line = said[0].as_json()
    assert line["status"] == "searching" and line["move"] is None and not line["final"]
    assert line["kind"] == hints.NONE and line["reason"].startswith("not decided yet")
    assert final.final and final.result.proven_minimal


def test_no_searching_line_once_an_answer_came(monkeypatch):
    monkeypatch.setattr(hints, "SEARCHING_AFTER", 60.0)
    said = []
    final = hints.hint(AnswersAtOnce(5, False, 1.5, "five"), 0, interim=said.append)
    assert [a.result.status for a in said] == [SOLVED] and final.result.proven_minimal


def test_the_window_keeps_to_its_progress_line(qtbot, open_window, monkeypatch):
    """The window shows no "searching" answer: the hint line stays empty while the search runs
    (its progress line says what it does)."""
    monkeypatch.setattr(hints, "SEARCHING_AFTER", 0.0)
    window = toy_window(open_window, monkeypatch, NoQuickLine)
    heard = []
    window.assistant.answered.connect(lambda *a: heard.append(a))
    window.hint_action.trigger()
    qtbot.wait(300)
    assert window.assistant.busy and window.panel.hint_label.text() == "" and not heard
    window.panel.cancel_button.click()
