"""apply_perm (a byte at a time, from tables made once a permutation) against a hole-by-hole
map written here, on every shipped board's symmetries and on random permutations."""

import random

import pytest

from pegapp.core.board import get_board
from pegapp.solvers.pegs._tables import apply_perm, geometry


def _mapped(perm, pos):
    return sum(1 << perm[h] for h in range(len(perm)) if (pos >> h) & 1)


@pytest.mark.parametrize("board_id", ["triangle15", "english", "french", "diamond41"])
def test_a_boards_symmetries_move_each_peg_to_its_image(board_id):
    b = get_board(board_id)
    rng = random.Random(7)
    full = (1 << b.n) - 1
    for perm in geometry(b).symmetries:
        perm = tuple(perm)
        for pos in [0, full, 1, 1 << (b.n - 1)] + [rng.getrandbits(b.n) for _ in range(300)]:
            assert apply_perm(perm, pos) == _mapped(perm, pos)
            assert apply_perm(list(perm), pos) == _mapped(perm, pos)


def test_random_permutations_of_every_size_and_a_peg_beyond_them():
    rng = random.Random(8)
    for n in range(1, 59):
        perm = tuple(rng.sample(range(n), n))
        for _ in range(40):
            pos = rng.getrandbits(n)
            assert apply_perm(perm, pos) == _mapped(perm, pos)
        with pytest.raises(IndexError):
            apply_perm(perm, 1 << n)
