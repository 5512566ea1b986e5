"""A hint in the middle of a peg chain: the peg that just landed may jump on for free (its jumps
join the move just played), so the hint and Solve count that continuation as no move, as
analysis mode does (found by an outside trial: on the 15-hole triangle, a hint after three moves
led one move past the minimum). Checked against the brute force of tests/peg_reference.py."""

from __future__ import annotations

import random
import re

import pytest
from PySide6.QtCore import QSettings

from pegapp.core.board import get_board
from pegapp.puzzles.hints import CONTINUES, hint
from pegapp.puzzles.pegs import PegPuzzle
from tests.peg_reference import brute_force_goal_distances, chains, play


def fewest_with_the_chain(board, exact, position, landing) -> int | None:
    """The fewest moves to the goal from position when the peg on landing may jump on for free
    (the brute force's own count): a new move costs one, going on with the chain none."""
    best = exact.get(position)
    for path, after in chains(board, position):
        if path[0] == landing and after in exact:
            best = exact[after] if best is None else min(best, exact[after])
    return best


def claimed_total(moves, result) -> int:
    """The moves a hinted solution takes in the player's count."""
    return len(moves) - (1 if result.stats.get(CONTINUES) else 0)


@pytest.mark.parametrize("board_id, seed", [("triangle15", 1), ("triangle15", 2),
                                            ("diamond13", 3), ("hoppers", 4)])
def test_every_hint_of_random_games_counts_the_free_continuation(board_id, seed):
    """Along random winning games, after each move the hint from the position, told the move
    just played, is a solution of the brute force's fewest moves counting a continuation as
    free, and replays to the goal."""
    board = get_board(board_id)
    puzzle = PegPuzzle(board)
    goal = 1 << board.finish
    exact = brute_force_goal_distances(board, board.start_position, [goal])
    rng = random.Random(seed)
    position = board.start_position
    while position != goal:
        path, position = rng.choice([(p, q) for p, q in chains(board, position) if q in exact])
        answer = hint(puzzle, position, last=path).result
        expected = fewest_with_the_chain(board, exact, position, path[-1])
        assert answer.proven_minimal
        assert claimed_total(answer.moves, answer) == expected, (path, answer.moves)
        assert play(board, position, answer.moves) == goal
        went_on = bool(answer.moves) and answer.moves[0][0] == path[-1]
        assert bool(answer.stats.get(CONTINUES)) == went_on


def test_the_outside_trials_game_now_ends_in_the_minimum(qtbot, tmp_path):
    """The trial's game through the window: three moves on the 15-hole triangle, the last peg
    still able to jump on; the hint goes on with it and says the brute force's number, and
    following every hint to the end wins in the fewest moves there are from that position."""
    from pegapp.ui.game_window import GameWindow
    from tests.peg_window import jump

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("view/animate", False)
    window = GameWindow("pegs/triangle15", {}, settings=settings, data_dir=tmp_path / "data",
                        restore=False)
    qtbot.addWidget(window)
    window.show()
    board = window.session.puzzle.board
    over = {(f, t): o for f, o, t in board.jumps}
    for f, t in ((14, 12), (11, 13), (5, 14)):
        jump(window, f, over[(f, t)], t)
    assert window.session.move_count == 3
    goal = 1 << board.finish
    exact = brute_force_goal_distances(board, board.start_position, [goal])
    left = fewest_with_the_chain(board, exact, window.session.state, 14)
    assert left < exact[window.session.state]   # going on with the chain saves a move here

    def ask() -> None:
        window.panel.hint_button.click()
        qtbot.waitUntil(lambda: not window.assistant.busy
                        and window.panel.hint_label.text().startswith("Hint"), timeout=60000)

    ask()
    assert window.view.hint[0] == 14
    said = re.search(r"then ([0-9]+) moves? remains? at best", window.panel.hint_label.text())
    assert said and int(said.group(1)) == left
    while not window.session.solved:
        ask()
        window.play_moves([list(window.view.hint)])
    assert window.session.move_count == 3 + left


def test_solve_mid_chain_names_the_solution_by_the_moves_it_takes(qtbot, tmp_path):
    """Solve in the middle of a chain: the replay's title counts the continuation as no move."""
    from pegapp.ui.game_window import GameWindow
    from tests.peg_window import jump

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("view/animate", False)
    window = GameWindow("pegs/triangle15", {}, settings=settings, data_dir=tmp_path / "data",
                        restore=False)
    qtbot.addWidget(window)
    window.show()
    board = window.session.puzzle.board
    over = {(f, t): o for f, o, t in board.jumps}
    for f, t in ((14, 12), (11, 13), (5, 14)):
        jump(window, f, over[(f, t)], t)
    exact = brute_force_goal_distances(board, board.start_position, [1 << board.finish])
    left = fewest_with_the_chain(board, exact, window.session.state, 14)
    window.solve_action.trigger()
    qtbot.waitUntil(lambda: window.panel.replaying, timeout=60000)
    assert f"Minimum solution: {left} moves" in window.panel.replay.title.text()
