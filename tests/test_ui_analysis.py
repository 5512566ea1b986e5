"""Analysis mode in the game window (#14): every legal move marked with its verdict, computed in
the worker, checked against independent brute-force searches; the replay panel's counts."""

import pytest
from PySide6.QtCore import QSettings

from pegapp.core.board import get_board
from pegapp.puzzles.analysis import DEAD, MINIMUM
from pegapp.ui.game_analysis import ANALYSIS_SETTING
from pegapp.ui.game_window import GameWindow
from tests.peg_reference import brute_force_goal_distances, chains
from tests.test_analysis import slide_distances


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def open_window(qtbot, tmp_path, settings):
    def make(puzzle_id, params=None):
        w = GameWindow(puzzle_id, params or {}, settings=settings, data_dir=tmp_path / "data",
                       restore=False)
        qtbot.addWidget(w)
        w.show()
        qtbot.waitExposed(w)
        return w

    return make


def wait_for_annotations(qtbot, w):
    """Until the worker's final annotations of the position on the board reach the view."""
    qtbot.waitUntil(lambda: w.view.annotations is not None and w.view.annotations.final,
                    timeout=60000)
    return w.view.annotations


def check_against_brute_force(board, position, annotations, exact):
    """Each legal move (every chain and its prefixes) has the brute force's exact distance after
    it, or is a dead end exactly when the goal is out of reach."""
    after = {tuple(path): q for path, q in chains(board, position)}
    assert sorted(tuple(v.move) for v in annotations.verdicts) == sorted(after)
    for v in annotations.verdicts:
        q = after[tuple(v.move)]
        if q in exact:
            assert (v.kind, v.remaining) == (MINIMUM, exact[q]), v
        else:
            assert (v.kind, v.remaining) == (DEAD, None), v
    assert annotations.remaining == exact.get(position)


def test_analysis_marks_match_the_brute_force_and_follow_the_moves(qtbot, open_window):
    board = get_board("diamond13")
    exact = brute_force_goal_distances(board, board.start_position, [1 << board.finish])
    w = open_window("pegs/diamond13")
    assert w.view.annotations is None
    w.analysis_action.trigger()  # View > Analysis mode
    assert w.analysis.analysing
    first = wait_for_annotations(qtbot, w)
    check_against_brute_force(board, w.session.state, first, exact)
    # the marks: on each first jump's target, the best verdict of the moves landing there
    marks = w.view.analysis_marks()
    assert set(marks) == {v.move[1] for v in first.verdicts}
    for hole, verdict in marks.items():
        landing = [v for v in first.verdicts if v.move[1] == hole]
        assert verdict.kind == MINIMUM
        assert verdict.remaining == min(v.remaining for v in landing if v.kind == MINIMUM)
    assert "moves away" in w.panel.hint_label.text()

    # play a move that is a dead end when there is one (else the first): the marks change
    move = next((v.move for v in first.verdicts if v.kind == DEAD), first.verdicts[0].move)
    w.play_moves([move[:2]])
    second = wait_for_annotations(qtbot, w)
    assert second is not first
    check_against_brute_force(board, w.session.state, second, exact)
    assert [v.move for v in second.verdicts] != [v.move for v in first.verdicts]
    # undo: the first position's marks again (from the window's cache, at once)
    w.undo_stack.undo()
    assert [(v.move, v.kind, v.remaining) for v in w.view.annotations.verdicts] == \
        [(v.move, v.kind, v.remaining) for v in first.verdicts]


def test_hovering_or_selecting_a_peg_shows_its_moves_only(qtbot, open_window):
    w = open_window("pegs/diamond13")
    w.analysis_action.setChecked(True)
    ann = wait_for_annotations(qtbot, w)
    peg = ann.verdicts[0].move[0]
    w.view.activate_hole(peg)  # picked up
    assert w.view.focus_peg() == peg
    own = {v.move[1] for v in ann.verdicts if v.move[0] == peg}
    assert set(w.view.analysis_marks(w.view.focus_peg())) == own
    w.view.activate_hole(peg)  # put down
    w.view.hover = peg
    assert w.view.focus_peg() == peg


def test_analysis_mode_is_remembered(qtbot, open_window, settings):
    w = open_window("pegs/diamond13")
    assert not w.analysis_action.isChecked()
    w.analysis_action.setChecked(True)
    assert settings.value(ANALYSIS_SETTING) in (True, "true")
    w.close()
    again = open_window("slide/2x3", {"shuffle": 3})
    assert again.analysis_action.isChecked()
    wait_for_annotations(qtbot, again)
    again.analysis_action.setChecked(False)
    assert again.view.annotations is None
    assert open_window("pegs/diamond13").analysis_action.isChecked() is False


def test_sliding_tiles_each_movable_tile_marked_with_its_exact_distance(qtbot, open_window):
    dist = slide_distances(2, 3)
    w = open_window("slide/2x3", {"shuffle": 11})
    w.analysis_action.setChecked(True)
    ann = wait_for_annotations(qtbot, w)
    puzzle, state = w.session.puzzle, w.session.state
    assert ann.remaining == dist[state]
    assert sorted(v.move for v in ann.verdicts) == sorted(puzzle.moves(state))
    for v in ann.verdicts:
        assert v.kind == MINIMUM and v.remaining == dist[puzzle.apply(state, v.move)]
    assert not w.grab().isNull()  # the badges draw


def test_replay_shows_how_many_moves_were_as_good(qtbot, open_window):
    board = get_board("diamond13")
    exact = brute_force_goal_distances(board, board.start_position, [1 << board.finish])
    w = open_window("pegs/diamond13")
    w.answers.request_solve()
    qtbot.waitUntil(lambda: w.replaying, timeout=60000)
    qtbot.waitUntil(lambda: bool(w.panel.replay.choices), timeout=60000)
    counts = w.panel.replay.choices
    assert len(counts) == len(w.flow.replay.moves)
    for state, move, count in zip(w.flow.replay.states, w.flow.replay.moves, counts):
        after = [q for _path, q in chains(board, state)]
        least = min(exact[q] for q in after if q in exact)
        assert count == sum(1 for q in after if exact.get(q) == least)
    rows = [w.panel.replay.list.item(i).text() for i in range(1, len(counts) + 1)]
    assert all("·" in row for row in rows)
