"""Packed levels (pegapp.solvers.pegs.packed): the kernels against numpy's own set operations on
random sorted positions with empty buckets and values at the buckets' edges, and the search,
packed and not, against each other and an independent replay: the same levels, the same line,
fewer bytes, and an answer where the unpacked search runs out of its budget."""

import functools

import numpy as np
import pytest

from pegapp.core.board import get_board
from pegapp.puzzles import catalogue
from pegapp.solvers.pegs import packed as PK
from pegapp.solvers.pegs import solver as pegs
from tests.peg_reference import play

HOLES = 37   # French 37's positions: 5 bits above the low 32, 32 buckets


def positions(rng, count: int, holes: int = HOLES) -> np.ndarray:
    """Sorted distinct positions, some buckets empty, some values at a bucket's first or last
    low value, and runs of neighbours (as a level's children lie near their parents)."""
    high = rng.choice(np.arange(1 << (holes - 32), dtype=np.uint64), size=(1 << (holes - 32)) // 2,
                      replace=False)
    lows = rng.integers(0, 1 << 32, count, dtype=np.uint64)
    lows[:8] = [0, 1, 0xFFFFFFFF, 0xFFFFFFFE, 0, 0xFFFFFFFF, 5, 6]
    x = (rng.choice(high, count) << np.uint64(32)) | lows
    near = x[: count // 4] + np.uint64(1)
    return np.unique(np.concatenate([x, near]) & np.uint64((1 << holes) - 1))


def packed(a: np.ndarray, holes: int = HOLES) -> PK.PackedLevel:
    return PK.pack(a, holes, lambda x: x, lambda x: None)


@pytest.mark.parametrize("seed", range(4))
def test_the_packed_kernels_agree_with_numpy(seed):
    rng = np.random.default_rng(seed)
    level = positions(rng, 20_000)
    other = positions(rng, 5_000)
    queries = np.unique(np.concatenate([other, level[rng.integers(0, len(level), 3_000)]]))
    p = packed(level)
    assert len(p) == len(level) and p.nbytes < level.nbytes * 0.6
    # every position back, from any stretch (as the search reads a block of parents)
    for i, end in ((0, len(level)), (17, 4_000), (len(level) - 1, len(level))):
        block, at = PK.parents(p, i, end)
        assert at == 0 and np.array_equal(block, level[i:end])
    # membership, as the search drops children an older level holds
    a = queries.copy()
    n = PK.drop_members(a, len(a), p)
    assert np.array_equal(a[:n], np.setdiff1d(queries, level))
    # the first member, as the search looks for a meeting
    inside = np.flatnonzero(np.isin(queries, level))
    assert PK.first_member(queries, len(queries), p) == inside[0]
    assert PK.first_member(other[~np.isin(other, level)], int((~np.isin(other, level)).sum()),
                           p) == -1
    held = np.isin(queries[:500], level)     # once: np.isin a query at a time took 2 s a seed
    assert all(PK.holds(p, int(x)) == bool(h) for x, h in zip(queries[:500], held))
    assert not PK.holds(p, 1 << 40)
    # pegs, as the search skips levels with no position of a child's peg count
    counts = [bin(int(x)).count("1") for x in level]
    assert PK.peg_range(p) == (min(counts), max(counts))
    # two runs merged, packed or not
    for a_run, b_run in ((p, packed(other)), (level, other), (p, other)):
        out, n = PK.merge(a_run, b_run, HOLES, lambda x: x, lambda x: None)
        out.low = out.low[:n]
        block, _ = PK.parents(out, 0, n)
        assert np.array_equal(block, np.union1d(level, other))


def test_an_empty_level_and_empty_buckets_pack():
    empty = packed(np.zeros(0, dtype=np.uint64))
    assert len(empty) == 0 and PK.peg_range(empty) == (64, -1)
    assert PK.first_member(np.array([5], dtype=np.uint64), 1, empty) == -1
    last = np.array([(1 << HOLES) - 1], dtype=np.uint64)   # the last bucket alone
    p = packed(last)
    assert not p.off[:-1].any() and p.off[-1] == 1
    assert PK.holds(p, (1 << HOLES) - 1) and not PK.holds(p, (1 << HOLES) - 2)


def test_which_levels_are_packed():
    assert PK.packable(37, PK.PACK_FROM) and PK.packable(45, 10**8)
    assert not PK.packable(37, PK.PACK_FROM - 1)       # small levels stay arrays
    assert not PK.packable(33, 10**8)                   # English: nothing worth the kernels
    assert not PK.packable(49, 10**8)                   # too many buckets


def french_along_the_line(moves: int):
    board = get_board("french")
    problem = next(p for p in catalogue.load(board).problems if (p.start, p.finish) == (5, 31))
    return board, problem, play(board, board.position_for([5]), problem.solution[:moves])


@functools.lru_cache(maxsize=None)
def _unpacked_proof(moves: int):
    """The unpacked search of French 37's default problem moves along its minimal line (within
    1 GB), made once for the two tests below (2 s)."""
    board, _problem, position = french_along_the_line(moves)
    return pegs.prove(board, position, 31, 1 << 30, None, packed=False)


def test_a_packed_search_finds_the_same_levels_and_line_in_fewer_bytes():
    """French 37's default problem six moves along its minimal line (levels of up to 2.5 M
    positions, many packed, two threads): the packed search stores the same levels and meets
    at the same place, so gives the same minimal line, replayed here to the finish, in
    fewer bytes. (Five moves along until 2026-12-07, levels of up to 4.5 M: the same checks,
    twice the time; issue #73.)"""
    board, problem, position = french_along_the_line(6)
    plain = _unpacked_proof(6)
    small = pegs.prove(board, position, 31, 1 << 30, None, packed=True)
    assert small.moves == plain.moves
    assert len(small.moves) == problem.par - 6
    assert play(board, position, small.moves) == 1 << 31
    assert small.record.forward == plain.record.forward
    assert small.record.backward == plain.record.backward
    assert max(small.record.forward) >= 4 * PK.PACK_FROM
    assert small.record.peak_bytes < 0.8 * plain.record.peak_bytes


def test_a_packed_search_fits_a_budget_the_unpacked_one_does_not():
    board, problem, position = french_along_the_line(6)
    plain = _unpacked_proof(6)
    budget = int(plain.record.peak_bytes * 0.85)
    assert pegs.prove(board, position, 31, budget, None, packed=False).moves is None
    small = pegs.prove(board, position, 31, budget, None, packed=True)
    assert small.moves is not None and len(small.moves) == problem.par - 6
    assert play(board, position, small.moves) == 1 << 31


class _Side:
    """What LevelSide._merge_last reads of its side: the board's holes, whether it packs, and
    the budget's keep and drop (here uncounted)."""

    def __init__(self, holes: int, packs: bool):
        self.prob = type("P", (), {"g": type("G", (), {"n": holes})()})()
        self.mem = type("M", (), {"packed": packs, "used": 0})()
        self.lock = __import__("threading").Lock()

    def _keep(self, a):
        return a

    def _drop(self, a):
        return None


@pytest.mark.parametrize("packs", [True, False])
def test_a_packed_run_shrunk_below_the_packing_size_merges_again(packs):
    """A packed merge of two runs whose duplicates leave fewer than PACK_FROM positions is a
    small packed run; merged again with a small array run, the two together under PACK_FROM,
    it stays packed (the array kernel cannot read it: a French hint five moves in, dead, ended
    in numba's typing error, found by the random-play curve of issue #55)."""
    from pegapp.solvers.pegs.levels import LevelSide

    rng = np.random.default_rng(7)
    level = positions(rng, 30_000)
    small = packed(level[: PK.PACK_FROM - 1_000])
    other = np.setdiff1d(positions(rng, 300), level)
    assert isinstance(small, PK.PackedLevel) and len(small) + len(other) < PK.PACK_FROM
    for runs in ([small, other], [other, small]):
        runs = list(runs)
        LevelSide._merge_last(_Side(HOLES, packs), runs)
        (out,) = runs
        block, _ = PK.parents(out, 0, len(out))
        assert np.array_equal(block, np.union1d(level[: PK.PACK_FROM - 1_000], other))
