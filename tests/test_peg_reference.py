"""tests/peg_reference's reachable(), which finds a level of positions at a time over arrays,
against the plainest walk of the same model: a position at a time through children() (what
reachable() did until 2026-12-07). Every test that checks a solver by the brute force rests on
it."""

from collections import deque

import pytest

from pegapp.core.board import get_board
from tests.peg_reference import (brute_force_distances, brute_force_goal_distances, children,
                                 reachable)


def _walked(board, start):
    """{position: set of the positions one move after it} by children(), one at a time."""
    after = {start: None}
    queue = deque([start])
    while queue:
        p = queue.popleft()
        after[p] = set(children(board, p))
        for q in after[p]:
            if q not in after:
                after[q] = None
                queue.append(q)
    return after


@pytest.mark.parametrize("board_id, starts", [
    ("triangle15", (0, 4, 12)), ("diamond13", (0, 6)), ("hoppers", (6,)), ("plus20", (2,))])
def test_reachable_finds_the_positions_and_moves_a_walk_of_children_does(board_id, starts):
    """The same positions, each with the same children, once each and in increasing order; the
    positions level by level from the start (as the brute forces' callers may sample them)."""
    board = get_board(board_id)
    for s in starts:
        start = board.full & ~(1 << s)
        found, walked = reachable(board, start), _walked(board, start)
        assert set(found) == set(walked) and next(iter(found)) == start
        for p, after in found.items():
            assert after == sorted(walked[p]), (s, p)
            assert all(type(q) is int for q in after)


@pytest.mark.parametrize("board_id, start, goals", [
    ("triangle15", 4, (0, 4, 12)), ("diamond13", 6, (6, 0)), ("plus20", 2, (3, 17))])
def test_the_brute_force_a_peg_count_at_a_time_is_the_one_a_position_at_a_time(board_id, start,
                                                                               goals):
    """brute_force_distances without reachable()'s children (a peg count at a time over
    arrays, 2026-12-07) gives the distances it gives with them (a position at a time, fewest
    pegs first), for one goal and for several."""
    board = get_board(board_id)
    pos = board.full & ~(1 << start)
    after = reachable(board, pos)
    for goal in goals:
        assert brute_force_distances(board, pos, 1 << goal) == brute_force_distances(
            board, pos, 1 << goal, after)
    many = [1 << g for g in goals]
    assert brute_force_goal_distances(board, pos, many) == brute_force_goal_distances(
        board, pos, many, after)
