"""Statistics and export wired into the real windows."""

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QGuiApplication

from pegapp.core.notation import parse_moves
from pegapp.ui.game_window import GameWindow
from tests.seeds import DIAMOND13_SOLUTION


def make_main(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("view/animate", False)
    w = GameWindow(settings=settings, data_dir=tmp_path / "data", restore=False)
    qtbot.addWidget(w)
    w.show()
    return w


def test_a_solved_peg_game_is_recorded_with_hints_and_the_minimum(qtbot, tmp_path):
    w = make_main(qtbot, tmp_path)
    w.new_game("pegs/" + "diamond13", {})
    w.panel.hint_button.click()
    qtbot.waitUntil(lambda: not w.assistant.busy, timeout=60000)
    w.panel.solve_button.click()  # from the start: the proven minimum is recorded
    qtbot.waitUntil(lambda: w.replaying, timeout=60000)
    w.panel.replay.close_button.click()
    for move in parse_moves(DIAMOND13_SOLUTION):
        for hole in move:
            qtbot.mouseClick(w.view, Qt.MouseButton.LeftButton,
                             pos=w.view.hole_center(hole).toPoint())
    w.panel.undo_button.click()
    w.panel.redo_button.click()  # solved twice: counted once
    row = w.stats.row("pegs/diamond13")
    assert row["started"] == 1 and row["solved"] == 1
    assert row["best_moves"] == 7 and row["minimum"] == 7 and row["hints"] == 1
    w.stats_action.trigger()
    assert w.stats_window.isVisible()
    w.close()


def test_export_and_copy_a_replayed_solution(qtbot, tmp_path):
    w = make_main(qtbot, tmp_path)
    w.new_game("pegs/" + "hoppers", {})
    w.panel.solve_button.click()
    qtbot.waitUntil(lambda: w.replaying, timeout=60000)
    pages = w.answers.export_solution(tmp_path / "hoppers.pdf")
    data = (tmp_path / "hoppers.pdf").read_bytes()
    assert pages == 1 and data.startswith(b"%PDF")
    assert w.answers.export_solution(tmp_path / "hoppers.png") == 1
    assert w.answers.export_solution(tmp_path / "hoppers.doc") == 0 and w.last_error
    w.panel.replay.copy_button.click()
    assert QGuiApplication.clipboard().text().startswith("(")
    assert len(parse_moves(QGuiApplication.clipboard().text())) == 7


def test_puzzle_windows_record_and_export(qtbot, tmp_path):
    w = GameWindow("flip8/4x4", {}, data_dir=tmp_path / "data", restore=False,
                     settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    w.panel.solve_button.click()
    qtbot.waitUntil(lambda: w.panel.replaying, timeout=60000)
    assert w.answers.export_solution(tmp_path / "flip.svg") == 1
    assert b"<svg" in (tmp_path / "flip.svg").read_bytes()
    solution = list(w.flow.replay.moves)
    w.panel.replay.last_button.click()
    w.panel.replay.play_here_button.click()
    assert w.session.solved
    row = w.tracker.stats.row("flip8/4x4")
    # the computer's solution played into the game is help, not the player's solve
    assert row["solved"] == 0 and row["best_moves"] is None and row["minimum"] == 6
    assert row["hints"] == 1
    w.new_game("flip8/4x4", {})
    w.play_moves(solution)
    row = w.tracker.stats.row("flip8/4x4")
    assert w.session.solved and row["solved"] == 1 and row["best_moves"] == 6


def test_a_typed_start_leaves_the_puzzles_minimum_alone(qtbot, tmp_path):
    """Found by an outside trial: the rotation puzzle's row said "Best 12, Minimum 6", the 6 the
    minimum of a position typed in (its row is the puzzle's; its start is not the row's)."""
    w = make_main(qtbot, tmp_path)
    w.new_game("rotate/3x3", {"start": [9, 8, 7, 6, 5, 4, 3, 2, 1]})  # the preset's start
    w.panel.solve_button.click()  # the puzzle's own start: its minimum is the row's
    qtbot.waitUntil(lambda: w.replaying, timeout=60000)
    w.panel.replay.close_button.click()
    own = w.stats.row("rotate/3x3")["minimum"]
    assert own == len(w.session.puzzle.solve(w.session.start, lambda *a: None,
                                             lambda: False).moves)
    goal = w.session.puzzle.goal
    one_away = w.session.puzzle.apply(goal, next(iter(w.session.puzzle.moves(goal))))
    assert w.starts.enter_position(" ".join(str(t) for t in one_away))
    w.panel.solve_button.click()
    qtbot.waitUntil(lambda: w.replaying, timeout=60000)
    assert len(w.flow.replay.moves) == 1
    assert w.stats.row("rotate/3x3")["minimum"] == own
    w.close()


def test_a_catalogued_proven_par_is_the_minimum_from_the_start(qtbot, tmp_path):
    """Found by a new player: Statistics said "Minimum —" for English 33, whose par of 18 moves
    (Beasley's proof, 1985: no solution from the centre is shorter) the goal line gave."""
    w = make_main(qtbot, tmp_path)
    w.new_game("pegs/english", {})
    assert "Par: 18 moves." in w.panel.goal_label.text()
    assert w.stats.row("pegs/english")["minimum"] == 18
    w.new_game("pegs/wiegleb", {"start": [0], "finish": "any"})  # no catalogued par: none
    assert w.stats.row("pegs/wiegleb", variant=w.tracker.variant)["minimum"] is None
    w.close()
