"""The hint after a dead end (hints.dead_end_before): a position a game reaches after passing
through a proven dead end is a dead end, answered with no search. Checked against the brute
force of tests/peg_reference.py, not the solver; the window's side is in test_ui_solver.py."""

from __future__ import annotations

import random

import pytest

from pegapp.core.board import get_board
from pegapp.puzzles.hints import dead_end_before
from pegapp.solvers.result import UNSOLVABLE
from tests.peg_reference import brute_force_distances, children


@pytest.mark.parametrize("board_id, finish, seed", [("triangle15", 12, 1), ("diamond13", 6, 2),
                                                    ("hoppers", None, 3)])
def test_every_position_after_a_dead_end_is_one(board_id, finish, seed):
    """Random games: wherever dead_end_before answers from the dead ends the brute force found
    earlier in the game, the brute force finds no way to the goal from the position either;
    and where no earlier position is dead it answers nothing. Every game starts at the board's
    start, so a position of it can reach the goal exactly when the brute force from the start
    gives it a distance: one brute force a board (until 2026-12-07 a reachable set was made
    from each position of each game, 4.6 s on Triangle 15)."""
    board = get_board(board_id)
    goal = board.finish if finish is None else finish
    winnable = brute_force_distances(board, board.start_position, 1 << goal)
    rng = random.Random(seed)
    answered = 0
    for _ in range(40):
        position = board.start_position
        line, dead = [], set()
        while True:
            if position not in winnable:
                dead.add(position)
            result = dead_end_before(line, dead.__contains__)
            if result is None:
                assert not any(p in dead for p in line)
            else:
                answered += 1
                assert result.status == UNSOLVABLE and result.moves is None
                assert "dead end" in str(result.reason)
                assert position not in winnable
            after = children(board, position)
            if not after:
                break
            line.append(position)
            position = rng.choice(after)
    assert answered >= 10    # the games did pass dead ends


def test_only_earlier_positions_count():
    """The position asked about is not among earlier (its own answer is the cache's), and a
    dead end no earlier position is gives nothing."""
    assert dead_end_before([], lambda s: True) is None
    assert dead_end_before([1, 2, 3], lambda s: s == 4) is None
    assert dead_end_before([1, 2, 3], lambda s: s == 1).status == UNSOLVABLE
