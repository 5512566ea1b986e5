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
    assert text.splitlines()[0].startswith("Par 9, played 2 moves; 1 turning point")
    assert "turning points" not in text.splitlines()[0]   # one of them: singular (issue #76)
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
    assert target.read_text(encoding="utf-8").startswith("Par 9, played 1 move; 1 turning point\n")


def stuck_line(puzzle, state):
    """Moves from state until none is legal (always the first legal jump)."""
    moves = []
    while True:
        move = next(iter(puzzle.moves(state)), None)
        if move is None:
            return moves
        moves.append(move)
        state = puzzle.apply(state, move)


def test_a_stuck_game_ends_with_its_review_offered(qtbot, open_window):
    window = open_window("pegs/triangle15")
    puzzle = window.session.puzzle
    line = stuck_line(puzzle, window.session.state)
    window.play_moves(line[:-1])
    assert window.panel.ending_frame.isHidden()          # a move is still left
    window.play_moves(line[-1:])
    assert not window.session.solved and not list(puzzle.moves(window.session.state))
    assert not window.panel.ending_frame.isHidden()
    assert "Game over after" in window.panel.ending_label.text()
    assert not window.panel.review_button.isHidden()
    window.panel.review_button.click()
    dialog = window.review_window
    qtbot.waitUntil(lambda: dialog.review is not None and dialog.review.final, timeout=20000)
    rows = dialog.review.rows
    assert rows[-1].after.dead and rows[-1].verdict in ("losing", "dead")
    window.undo_stack.undo()                             # a move left again: no ending
    assert window.panel.ending_frame.isHidden()


def test_a_saved_game_is_reviewed_without_loading_it(qtbot, open_window, tmp_path):
    from pegapp.puzzles.session import Session
    from pegapp.ui.review_window import review_file

    board = get_board("triangle15")
    dist = brute_force_goal_distances(board, board.start_position, [1 << 12])
    window = open_window("pegs/triangle15")
    puzzle = window.session.puzzle
    played = [[3, 12], [0, 3]]
    after_two = play(board, board.start_position, played)
    played.append(next(m for m in puzzle.moves(after_two) if m[0] != 3))   # not the chain's peg
    saved = Session(puzzle, {}, puzzle.initial(), played)
    path = tmp_path / "game.pegapp.json"
    saved.save(path)
    dialog = review_file(window, path)
    assert "game.pegapp.json" in dialog.windowTitle()
    assert window.session.moves == []                   # the window's game is untouched
    qtbot.waitUntil(lambda: dialog.review is not None and dialog.review.final, timeout=20000)
    state = board.start_position
    for row, move in zip(dialog.review.rows, played):
        assert row.before.moves == dist.get(state)
        state = play(board, state, [move])
        assert row.after.moves == dist.get(state)
    dialog.table.setCurrentCell(2, 0)
    dialog.play_button.click()                            # a new attempt from move 3
    assert window.session.moves == played[:2]
    assert window.session.state == play(board, board.start_position, played[:2])


def test_a_bad_save_file_is_named_with_its_reason(qtbot, open_window, tmp_path):
    from pegapp.ui.review_window import review_file

    window = open_window("pegs/triangle15")
    path = tmp_path / "broken.pegapp.json"
    path.write_text('{"format": "pegapp-game-2", "puzzle": "pegs/triangle15"', encoding="utf-8")
    assert review_file(window, path) is None
    assert str(path) in window.last_error and "damaged" in window.last_error
    missing = tmp_path / "missing.json"
    assert review_file(window, missing) is None
    assert str(missing) in window.last_error


def test_exports_write_text_and_a_png(qtbot, open_window, tmp_path, monkeypatch):
    from PySide6.QtGui import QImage

    from pegapp.ui import review_window

    window = open_window("pegs/triangle15")
    window.play_moves([[3, 12], [0, 3]])
    dialog = reviewed(qtbot, window)
    for name, button in (("r.txt", dialog.text_button), ("r.png", dialog.image_button)):
        monkeypatch.setattr(review_window, "ask_save_path", lambda *a, n=name: str(tmp_path / n))
        button.click()
    lines = (tmp_path / "r.txt").read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("Par 9, played 2 moves") and lines[2].startswith("1. ")
    image = QImage(str(tmp_path / "r.png"))
    assert not image.isNull() and image.height() > dialog.chart.height()


def test_values_not_proven_say_so(qtbot, tmp_path):
    """A solver that proves nothing: the start has a solution of unknown optimality (≤ N), the
    next position no answer at all (?); the chart draws no dead end for either."""
    from pegapp.puzzles.jugs import Jugs
    from pegapp.solvers.result import SOLVED, TOO_LARGE, SolveResult
    from pegapp.ui.review_window import ReviewWindow

    class Unproven(Jugs):
        def solve(self, state, progress=None, stop=None, **options):
            if state == self.initial():
                answer = super().solve(state, **options)
                return SolveResult(SOLVED, moves=answer.moves, proven_minimal=False)
            return SolveResult(TOO_LARGE)

    puzzle = Unproven([8, 5, 3], 4)
    start = puzzle.initial()
    line = Jugs.solve(puzzle, start).moves
    move = next(m for m in puzzle.moves(start) if puzzle.apply(start, m) != puzzle.apply(start, line[0]))
    dialog = ReviewWindow(puzzle, start, [move])
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.review is not None and dialog.review.final, timeout=20000)
    cells = [dialog.table.item(0, c).text() for c in range(6)]
    assert cells[1] == f"≤ {len(line)}" and cells[2] == "?" and cells[3] == "" and cells[4] == "?"
    assert "not proven" in dialog.summary.text()
    assert [d.known for d in dialog.chart.distances()] == [True, False]
    dialog.chart.grab()     # paints the ring and the "?" without error


def test_the_best_move_is_read_whole_at_the_default_size(qtbot, open_window):
    """Issue #76: at the window's first size the Best move column was cut off (its words ran past
    the table's right edge). Every cell's words must be shown whole: nothing scrolled out of
    sight, each line within its column."""
    from PySide6.QtCore import QRect, Qt
    from PySide6.QtGui import QFontMetrics

    window = open_window("pegs/english")
    # three moves of the first problem that each lose: the best move is shown on each row
    window.play_moves([[4, 16], [23, 9], [31, 23]])
    dialog = reviewed(qtbot, window)   # shown at the size Qt gives it on this screen
    qtbot.waitExposed(dialog)
    table = dialog.table
    best = [table.item(r, 5).text() for r in range(table.rowCount())]
    assert any(best), best
    assert table.horizontalScrollBar().maximum() == 0
    fm = QFontMetrics(table.font())
    for r, text in enumerate(best):
        width = table.columnWidth(5) - 2 * table.style().pixelMetric(
            table.style().PixelMetric.PM_FocusFrameHMargin) - 6
        needed = fm.boundingRect(QRect(0, 0, width, 10_000),
                                 int(Qt.TextFlag.TextWordWrap), text).height()
        assert needed <= table.rowHeight(r), (text, needed, table.rowHeight(r))
