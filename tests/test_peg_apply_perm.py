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


@pytest.mark.parametrize("board_id", ["french", "english", "triangle15"])
def test_a_tables_canonical_key_is_the_least_image_under_its_perms(board_id):
    """Tablebase.canon takes the identity's image as the position itself (a French table has
    no other perm): the least of the hole-by-hole maps under every perm, with the identity
    alone and with a board's whole group, and a peg beyond the holes refused."""
    import numpy as np

    from pegapp.solvers.pegs.tablebase import Tablebase

    b = get_board(board_id)
    group = tuple(tuple(p) for p in geometry(b).symmetries)
    identity = tuple(range(b.n))
    assert identity in group
    rng = random.Random(9)
    empty = np.zeros(0, dtype=np.uint64)
    for perms in ((identity,), group, tuple(p for p in group if p != identity) + (identity,)):
        tb = Tablebase("key", 1, (1,), perms, empty, np.zeros(0, dtype=np.uint8))
        for pos in [0, 1, (1 << b.n) - 1] + [rng.getrandbits(b.n) for _ in range(200)]:
            assert tb.canon(pos) == min(_mapped(p, pos) for p in perms)
        with pytest.raises(IndexError):
            tb.canon(1 << b.n)


@pytest.mark.parametrize("board_id", ["triangle15", "english", "wiegleb"])
def test_the_search_kernels_symmetry_tables_map_each_byte_and_jump_hole_by_hole(board_id):
    """symtab's tables (made by one product since 2026-12-07) against the hole-by-hole map:
    every byte value of every chunk under every symmetry, and each jump's three holes."""
    b = get_board(board_id)
    g = geometry(b)
    perms = [tuple(p) for p in g.symmetries]
    tab, jmask, nchunks = g.symtab(perms)
    assert nchunks == (b.n + 7) // 8 and tab.shape == (len(perms), nchunks, 256)
    for s, perm in enumerate(perms):
        for c in range(nchunks):
            for v in range(256):
                inside = v & ((1 << max(0, min(8, b.n - 8 * c))) - 1)
                assert int(tab[s, c, v]) == _mapped(perm, inside << (8 * c))
        for j, (f, o, t) in enumerate(g.jumps):
            assert int(jmask[j, s]) == _mapped(perm, (1 << f) | (1 << o) | (1 << t))
