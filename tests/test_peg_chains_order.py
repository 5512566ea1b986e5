"""Geometry.iter_forward_chains (what a table's best line walks, stopping at the first chain
it wants) gives forward_chains' chains, in the same order, so the line is the same; and
iter_reverse_chains (what a solution's reconstruction walks back) reverse_chains'."""

import random

import pytest

from pegapp.core.board import get_board
from pegapp.solvers.pegs._tables import geometry


@pytest.mark.parametrize("board_id", ["triangle15", "english", "french"])
def test_the_chains_one_at_a_time_are_forward_chains_in_order(board_id):
    b = get_board(board_id)
    g = geometry(b)
    rng = random.Random(9)
    for pos in [b.position_for([h]) for h in range(b.n)] + [rng.getrandbits(b.n)
                                                             for _ in range(200)]:
        assert list(g.iter_forward_chains(pos)) == g.forward_chains(pos)
        assert list(g.iter_reverse_chains(pos)) == g.reverse_chains(pos)
