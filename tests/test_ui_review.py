"""The game review window (#56): opened from the Game menu, its rows fill in from the worker,
the chart has a point per position, a row shows its position with the best move drawn, Play from
here takes the game back there; exported as text and PNG."""

from __future__ import annotations

import pytest

from pegapp.core.board import get_board
from tests.peg_reference import brute_force_goal_distances, play


@pytest.fixture(autouse=True)
def _cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("PEGAPP_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "pegapp-cache"))


def reviewed(qtbot, window):
    window.review_action.trigger()
    dialog = window.review_window
    qtbot.waitUntil(lambda: dialog.review is not None and dialog.review.final
                    and len(dialog.review.rows) == len(dialog.moves), timeout=20000)
    return dialog


def test_review_window_rows_chart_and_play_from_here(qtbot, open_window, tmp_path):
    window = open_window("pegs/triangle15")
    window.play_moves([[3, 12], [0, 3]])   # the first move loses one (the brute force says)
    board = get_board("triangle15")
    dist = brute_force_goal_distances(board, board.start_position, [1 << 12])
    after = [play(board, board.start_position, [[3, 12]])]
    after.append(play(board, after[0], [[0, 3]]))
    dialog = reviewed(qtbot, window)
    table = dialog.table
    assert table.rowCount() == 2
    cells = [[table.item(r, c).text() for c in range(6)] for r in range(2)]
    assert cells[0][1:4] == ["9", str(dist[after[0]]), str(dist[after[0]] + 1 - 9)]
    assert cells[1][1:3] == [str(dist[after[0]]), str(dist[after[1]])]
    assert cells[0][5] != "" and cells[1][5] == ""   # a best move shown only where it lost
    assert dialog.chart.points() == [9, dist[after[0]], dist[after[1]]]
    assert dialog.review.turning_points == [0]
    table.setCurrentCell(0, 0)
    assert dialog.view.position == board.start_position
    best = dialog.view.hint
    assert best is not None and dist[play(board, board.start_position, [best])] == 8
    table.setCurrentCell(1, 0)
    assert dialog.view.position == after[0] and dialog.view.hint is None
    text = dialog.review_text()
    assert text.splitlines()[0].startswith("Par 9, played 2 moves; 1 turning points")
    assert len(text.splitlines()) == 4
    image = tmp_path / "review.png"
    assert dialog.review_image().save(str(image), "PNG") and image.stat().st_size > 0
    table.setCurrentCell(1, 0)
    dialog.play_button.click()
    assert window.session.moves == [[3, 12]]
    window.undo_stack.undo()                      # undoable, as Restart
    assert window.session.moves == [[3, 12], [0, 3]]


def test_a_won_game_offers_its_review(qtbot, open_window):
    window = open_window("pegs/triangle15")
    assert not window.review_action.isEnabled()          # nothing played yet
    line = window.session.puzzle.solve(window.session.state).moves
    window.play_moves(line[:1])
    assert window.review_action.isEnabled() and window.panel.review_button.isHidden()
    window.play_moves(line[1:])
    assert window.session.solved
    assert not window.panel.review_button.isHidden()
    window.panel.review_button.click()
    dialog = window.review_window
    qtbot.waitUntil(lambda: dialog.review is not None and dialog.review.final, timeout=20000)
    assert dialog.review.par == len(line) and dialog.review.turning_points == []


def test_a_guessing_game_has_no_review(qtbot, open_window):
    window = open_window("bulls")
    puzzle = window.session.puzzle
    window.play_moves([next(iter(puzzle.moves(window.session.state)))])
    assert window.session.moves and not window.review_action.isEnabled()


def test_an_export_that_cannot_be_written_says_so(qtbot, open_window, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from pegapp.ui import review_window

    window = open_window("pegs/triangle15")
    window.play_moves([[3, 12]])
    dialog = reviewed(qtbot, window)
    target = tmp_path / "a-folder"      # a name that is a folder cannot be written over
    target.mkdir()
    monkeypatch.setattr(review_window, "ask_save_path", lambda *a: str(target))
    said = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: said.append(a[2]))
    dialog.text_button.click()
    dialog.image_button.click()
    assert len(said) == 2 and all(str(target) in text for text in said)
    assert target.is_dir() and not any(target.iterdir())
    target = tmp_path / "review.txt"
    dialog.text_button.click()
    assert target.read_text(encoding="utf-8").startswith("Par 9, played 1 moves")
