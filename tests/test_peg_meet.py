"""Whether a single-vacancy problem can be solved at all (pegapp.solvers.pegs.meet: levels by
jumps met through complements), checked against a brute force that knows only the board's jumps
(tests/peg_reference.py): every pair of three small boards, a board of an even number of holes
(where one side needs a level more), the meeting position replayed, the budget's answer."""

import pytest

from pegapp.core.board import get_board
from pegapp.solvers.pegs._tables import apply_perm, geometry
from pegapp.solvers.pegs.meet import decide
from tests.peg_reference import reachable


def _solvable_finishes(board, start: int) -> set[int]:
    """The holes a single peg can end in from the start with `start` empty (brute force)."""
    pos = ((1 << board.n) - 1) ^ (1 << start)
    return {p.bit_length() - 1 for p in reachable(board, pos) if p and p & (p - 1) == 0}


@pytest.mark.parametrize("board_id", ["triangle15", "diamond13", "hoppers"])
def test_every_pair_agrees_with_a_brute_force(board_id):
    board = get_board(board_id)
    answers = {}
    for s in range(board.n):
        truth = _solvable_finishes(board, s)
        for f in range(board.n):
            answers[s, f] = decide(board, s, f, 1 << 28).possible
            assert answers[s, f] == (f in truth), (s, f)
    assert True in answers.values() and False in answers.values()


def test_an_even_board_meets_a_level_further():
    """20 holes: 17 jumps are 8 from one end, one, and 9 from the other."""
    board = get_board("plus20")
    assert board.n % 2 == 0
    for s in (0, 2, 6, 9):
        truth = _solvable_finishes(board, s)
        for f in range(board.n):
            assert decide(board, s, f, 1 << 28).possible == (f in truth), (s, f)


def test_the_meeting_is_on_a_solution():
    """x is reached from the start (up to the symmetries fixing both holes), y is one jump after
    it, and y reaches the single peg at the finish: checked by the brute force."""
    board = get_board("triangle15")
    g = geometry(board)
    for s, f in [(0, 0), (0, 12), (1, 1), (3, 3), (4, 12)]:
        d = decide(board, s, f, 1 << 28)
        assert d.possible is True
        x, y = d.meeting
        moved = x ^ y
        assert bin(moved).count("1") == 3 and bin(x & moved).count("1") == 2
        start = ((1 << board.n) - 1) ^ (1 << s)
        perms = g.subgroup_fixing([1 << s], [1 << f])
        reach = reachable(board, start)
        assert any(apply_perm(p, x) in reach for p in perms)
        assert any((1 << f) in reachable(board, apply_perm(p, y)) for p in perms)


def test_an_impossible_pair_beyond_the_counts():
    """Beginner cross 0 -> 0: the position classes allow it and no pagoda function of the board
    refutes it; only a search shows that no play solves it."""
    board = get_board("beginner-cross")
    assert 0 not in _solvable_finishes(board, 0)
    d = decide(board, 0, 0, 1 << 28)
    assert d.possible is False and "exhaustive search by jumps" in str(d.reason)


def test_a_budget_too_small_says_so_and_a_larger_one_decides_the_same():
    board = get_board("triangle21")
    small = decide(board, 0, 0, 64 * 1024)
    assert small.possible is None and "memory budget" in str(small.reason)
    answers = {decide(board, 0, f, budget).possible for budget in (1 << 24, 1 << 28)
               for f in (0, 6)}
    assert answers == {True}


def test_extra_pagoda_functions_are_checked_and_only_cut():
    board = get_board("triangle15")
    g = geometry(board)
    with pytest.raises(ValueError, match="not a pagoda"):
        decide(board, 0, 0, 1 << 26, extra_pagodas=[[1] * (board.n - 1) + [100]])
    # a function of the board's own for another goal is still a pagoda: the answers stay
    other = g.pagodas([1 << 4])[0]
    for s, f in [(0, 0), (0, 4), (4, 4), (1, 1)]:
        plain = decide(board, s, f, 1 << 26)
        more = decide(board, s, f, 1 << 26, extra_pagodas=[other])
        assert plain.possible == more.possible
        assert sum(more.levels[0]) <= sum(plain.levels[0])
