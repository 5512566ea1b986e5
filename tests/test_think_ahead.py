"""Thinking ahead (pegapp.ui.game_solving.SolveFlow.think_ahead, SolveAssistant.ponder): after a
hint in a game, each position the player reaches is worked out in the background, silently, and
the next hint is ready when asked -- or the search already running answers it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from pegapp.core.board import get_board
from pegapp.puzzles import catalogue
from pegapp.solvers.pegs import solver as peg_solver
from pegapp.solvers.pegs import tablebase
from pegapp.ui.game_window import GameWindow
from tests.peg_reference import play

START, FINISH = 8, 8   # an English catalogue problem (par 15); its opening table holds only
                       # positions of 24 pegs or more, below that its hints off the lines search


def _window(qtbot, tmp_path, think_ahead: bool = True) -> GameWindow:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("view/animate", False)
    settings.setValue("solver/think_ahead", think_ahead)
    w = GameWindow(settings=settings, data_dir=tmp_path / "data", restore=False)
    qtbot.addWidget(w)
    w.show()
    w.new_game("pegs/english", {"start": [START], "finish": FINISH})
    return w


def _answers(w: GameWindow) -> list:
    seen: list = []
    w.assistant.answered.connect(lambda kind, state, res: seen.append((kind, state, res)))
    return seen


def _off_the_lines(w: GameWindow):
    """A move after which the goal can still be reached but neither a catalogue line passes nor
    a shipped table holds the position nor proves its minimum from the positions around it
    (Tables.line_near: its hint needs a search), from the position on the board or, where there
    is none, after playing on along the catalogue's line."""
    board, puzzle = get_board("english"), w.session.puzzle
    tables = tablebase.find(board, [1 << FINISH])
    for _ in range(12):
        state = w.session.state
        for m in puzzle.moves(state):
            after = puzzle.apply(state, m)
            if catalogue.proven_line(board, after, FINISH) is None and \
                    (tables is None or tables.distance(after) is None
                     and tables.line_near(board, after) is None) and \
                    peg_solver.can_reach_goal(board, after, FINISH):
                return m
        w.play_moves([catalogue.proven_line(board, state, FINISH)[0]])
    raise AssertionError("every winning move stays on a catalogue line or in a table")


def _refuse_searches(monkeypatch) -> list:
    calls: list = []

    def refuse(*args, **kwargs):
        calls.append(args)
        raise AssertionError("the hint searched again")

    monkeypatch.setattr(peg_solver, "_proof", refuse)
    monkeypatch.setattr(peg_solver, "_quick_line", refuse)
    return calls


def test_after_a_hint_the_next_position_is_worked_out_silently_and_the_hint_is_there_at_once(
        qtbot, tmp_path, monkeypatch):
    w = _window(qtbot, tmp_path)
    seen = _answers(w)
    w.panel.hint_button.click()          # the catalogue's line: at once, no search
    qtbot.waitUntil(lambda: bool(seen))
    assert seen[-1][2].proven_minimal
    w.play_moves([_off_the_lines(w)])
    assert w.assistant.pondering         # begun by the move, in the background
    assert not w.assistant.busy and not w.panel.progress_frame.isVisible()
    assert w.panel.hint_button.isEnabled()
    state = w.session.state
    qtbot.waitUntil(lambda: not w.assistant.runner.busy, timeout=120000)
    assert len(seen) == 1 and not w.panel.hint_label.isVisible()   # nothing shown unasked
    calls = _refuse_searches(monkeypatch)
    w.panel.hint_button.click()
    kind, asked, result = seen[-1]
    assert (kind, asked) == ("hint", state) and result.proven_minimal and not calls
    assert play(get_board("english"), state, result.moves) == 1 << FINISH
    assert w.view.hint == result.moves[0] and "remain at best" in w.panel.hint_label.text()


def test_a_hint_asked_while_the_search_runs_takes_it_over(qtbot, tmp_path, monkeypatch):
    w = _window(qtbot, tmp_path)
    seen = _answers(w)
    w.panel.hint_button.click()
    solves: list = []
    real = peg_solver.solve
    monkeypatch.setattr(peg_solver, "solve", lambda *a, **k: solves.append(a[1]) or real(*a, **k))
    w.play_moves([_off_the_lines(w)])
    state = w.session.state
    assert w.assistant.pondering
    w.panel.hint_button.click()          # before the search in the background has ended
    assert w.assistant.busy and not w.assistant.pondering
    qtbot.waitUntil(lambda: not w.assistant.runner.busy, timeout=120000)
    final = [r for kind, s, r in seen[1:] if kind == "hint" and s == state
             and not r.stats.get("interim")]
    assert len(final) == 1 and final[0].proven_minimal
    assert solves == [state]             # one search, begun before the hint was asked
    assert play(get_board("english"), state, final[0].moves) == 1 << FINISH


@pytest.mark.parametrize("think_ahead, hint_first", [(True, False), (False, True)])
def test_no_thinking_ahead_unasked(qtbot, tmp_path, think_ahead, hint_first):
    """Not for a player who has asked no hint in this game, nor with the setting off."""
    w = _window(qtbot, tmp_path, think_ahead)
    if hint_first:
        w.panel.hint_button.click()
    w.play_moves([_off_the_lines(w)])
    assert not w.assistant.runner.busy


def test_a_move_cancels_the_search_about_the_position_before(qtbot, tmp_path):
    w = _window(qtbot, tmp_path)
    w.panel.hint_button.click()
    w.play_moves([_off_the_lines(w)])
    first = w.assistant.runner.tag
    assert first is not None and first[0] == "ponder"
    w.undo_stack.undo()                  # back on the catalogue's line: the answer is known
    assert w.assistant.runner.tag is None or w.assistant.runner.tag[2] == w.session.state


def test_a_new_game_leaves_no_search_about_the_last_one(qtbot, tmp_path):
    w = _window(qtbot, tmp_path)
    w.panel.hint_button.click()
    w.play_moves([_off_the_lines(w)])
    assert w.assistant.pondering
    w.new_game("pegs/english", {"start": [16], "finish": 16})
    tag = w.assistant.runner.tag
    assert tag is None or tag[2] == w.session.state


def test_analysis_mode_comes_first(qtbot, tmp_path):
    w = _window(qtbot, tmp_path)
    w.panel.hint_button.click()
    w.play_moves([_off_the_lines(w)])
    assert w.assistant.pondering
    w.analysis_action.setChecked(True)
    assert not w.assistant.runner.busy
    w.play_moves([next(iter(w.session.puzzle.moves(w.session.state)))])
    assert not w.assistant.runner.busy   # no thinking ahead while analysis mode is on
    w.analysis_action.setChecked(False)
