"""tests/peg_reference's reachable(), which finds a level of positions at a time over arrays,
against the plainest walk of the same model: a position at a time through children() (what
reachable() did until 2026-12-07). Every test that checks a solver by the brute force rests on
it. The same for its brute force and its breadth-first depths (a level at a time since
2026-12-07 too)."""

from collections import deque

import numpy as np
import pytest

from pegapp.core.board import get_board
from tests.peg_reference import (brute_force_distances, brute_force_goal_distances, children,
                                 depths, reachable)


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


@pytest.mark.parametrize("board_id, start, most", [("triangle15", 4, 6), ("english", 16, 4)])
def test_depths_a_level_at_a_time_are_a_walk_of_children(board_id, start, most):
    """depths (a level at a time over arrays, 2026-12-07) gives each symmetry class's fewest
    moves from the start as a breadth-first walk through children() a position at a time."""
    board = get_board(board_id)
    pos = board.full & ~(1 << start)
    perms = [tuple(p) for p in board.symmetries]

    def canon(q):
        return min(sum(1 << p[h] for h in range(board.n) if (q >> h) & 1) for p in perms)

    want, level = {canon(pos): 0}, [pos]
    for d in range(1, most + 1):
        level = [c for q in level for c in children(board, q) if canon(c) not in want
                 and want.setdefault(canon(c), d) == d]
    found = depths(board, pos, lambda a: np.array([canon(int(q)) for q in a], dtype=np.uint64),
                   most)
    assert found == want
