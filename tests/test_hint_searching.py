"""A hint is never silent while it searches (issue #75 point 2): a solver in stages that begins a
search (its first progress call) before it has said anything gets an interim answer of status
SEARCHING said for it (no move, never final); not once it has said something, and not when it
answers without a search. The window leaves that to its progress line. Nothing here depends on
the clock: the line follows the solver's own calls."""

from __future__ import annotations

from pegapp.puzzles import hints
from pegapp.puzzles.base import STAGES
from pegapp.solvers.result import SEARCHING, SOLVED, SolveResult, never_stop, no_progress
from tests.test_ui_cancel_keeps import NoQuickLine, toy_window
from tests.toy_families import Counter


class Staged(Counter):
    """A solver in stages whose solve() does what `script` says, in order: "progress" (a search
    step), "line" (an interim winning line); then the proven answer."""

    ABILITIES = Counter.ABILITIES | {STAGES}
    script: tuple[str, ...] = ()

    def solve(self, state, progress=no_progress, stop=never_stop, interim=None, **options):
        line = [1] * (self.goal - state)
        for step in self.script:
            if step == "progress":
                progress("looking 1 move ahead from your position", 1, 0)
            else:
                interim(SolveResult(SOLVED, line, False))
        return SolveResult(SOLVED, line, True)


def _said(script, monkeypatch) -> tuple[list, hints.HintAnswer]:
    monkeypatch.setattr(Staged, "script", script)
    said: list = []
    final = hints.hint(Staged(5, False, 1.5, "five"), 0, interim=said.append)
    return [a.result.status for a in said], final


def test_a_search_that_has_said_nothing_says_it_is_searching(monkeypatch):
    statuses, final = _said(("progress", "progress", "line", "progress"), monkeypatch)
    assert statuses == [SEARCHING, SOLVED] and final.final and final.result.proven_minimal


def test_the_searching_line(monkeypatch):
    monkeypatch.setattr(Staged, "script", ("progress",))
    said: list = []
    hints.hint(Staged(5, False, 1.5, "five"), 0, interim=said.append)
    line = said[0].as_json()
    assert line["status"] == "searching" and line["move"] is None and not line["final"]
    assert line["kind"] == hints.NONE and line["reason"].startswith("not decided yet")


def test_no_searching_line_once_a_line_came_or_with_no_search(monkeypatch):
    assert _said(("line", "progress"), monkeypatch)[0] == [SOLVED]
    assert _said((), monkeypatch)[0] == []


class SearchesSilently(NoQuickLine):
    """A search (it reports progress) that finds nothing before it is stopped."""

    def solve(self, state, progress=no_progress, stop=never_stop, interim=None, **options):
        progress("looking 1 move ahead from your position", 1, 0)
        return super().solve(state, progress, stop, interim, **options)


def test_the_window_keeps_to_its_progress_line(qtbot, open_window, monkeypatch):
    """The window shows no "searching" answer: the hint line stays empty while the search runs
    (its progress line says what it does)."""
    window = toy_window(open_window, monkeypatch, SearchesSilently)
    heard = []
    window.assistant.answered.connect(lambda *a: heard.append(a))
    with qtbot.waitSignal(window.assistant.progressText, timeout=30000):
        window.hint_action.trigger()
    qtbot.wait(100)
    assert window.assistant.busy and window.panel.hint_label.text() == "" and not heard
    window.panel.cancel_button.click()


def test_a_dead_end_by_a_certificate_shows_its_reason_and_no_search(qtbot, open_window):
    """Wiegleb 45 twelve moves into random play (seed 7; the review scene pegs-pagoda-dead-end
    of packaging/screenshots.py plays the same game): the decide pass proves the dead end by a
    pagoda function at the position itself. The hint says so, and "How it was found" is not
    shown: nothing was searched (it said "Searched 0 moves forward and 0 moves back without
    meeting; 0 positions" before). The function is checked and summed again here from the
    board's jumps."""
    game = [[37, 22], [29, 31], [11, 29], [28, 30], [13, 11], [22, 20], [4, 13],
            [43, 37, 22, 7], [10, 12], [19, 21], [24, 22, 20], [33, 31, 29, 11]]
    window = open_window("pegs/wiegleb", {})
    for move in game:
        window.play_moves([move])
    answers = []
    window.assistant.answered.connect(lambda *a: answers.append(a))
    window.hint_action.trigger()
    qtbot.waitUntil(lambda: not window.assistant.busy and bool(answers), timeout=120000)
    result = answers[-1][2]
    assert "pagoda function" in window.panel.hint_label.text()
    assert not window.panel.search_view.isVisible() and result.search is None
    cert = result.stats["certificate"]
    weights, board, position = cert["weights"], window.session.puzzle.board, window.session.state
    assert all(weights[f] + weights[o] >= weights[t] for f, o, t in board.jumps)
    total = sum(w for h, w in enumerate(weights) if position >> h & 1)
    least = min(weights[f] + weights[o] for f, o, t in board.jumps if t == board.finish)
    assert total == cert["sum"] < least == cert["least"]


def test_a_depth_first_proof_says_what_it_examined():
    """A record with no levels, only the positions a depth-first search over single jumps
    examined (the decide pass's proof): said as such, not as "0 moves forward and 0 back"."""
    from pegapp.solvers.record import SearchRecord
    from pegapp.ui.search_chart import sentence

    said = sentence(SearchRecord(examined=1_234_567, seconds=0.5))
    assert said == "Searched 1,234,567 positions a jump at a time; none leads to the goal. 0.50 s."
