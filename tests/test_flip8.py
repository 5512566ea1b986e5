"""8-flip: rules, GF(2) solver, whole-board analysis, CLI. Figures from seed article 001."""

from __future__ import annotations

import json
import random
from collections import deque

import pytest

from pegapp.cli import main
from pegapp.puzzles.base import BadInput, IllegalMove, Puzzle
from pegapp.puzzles.flip8 import Flip8, parse_size
from pegapp.solvers import gf2
from pegapp.solvers.result import SOLVED, UNSOLVABLE

ARTICLE_4X4_SOLUTIONS = [
    [0, 2, 5, 9, 12, 14],
    [0, 3, 5, 6, 8, 11],
    [1, 3, 6, 10, 13, 15],
    [4, 7, 9, 10, 12, 15],
]


def bfs_distances(p: Flip8) -> dict[int, int]:
    """Plain breadth-first search from all off over single presses (reference, small boards)."""
    dist = {0: 0}
    queue = deque([0])
    while queue:
        s = queue.popleft()
        for m in range(p.size):
            t = s ^ p.masks[m]
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    return dist


# ----- rules -----

def test_protocol_and_geometry():
    p = Flip8(4, 4)
    assert isinstance(p, Puzzle)
    assert p.id == "flip8/4x4"
    assert p.neighbours(5) == [0, 1, 2, 4, 6, 8, 9, 10]      # the article's example
    assert p.neighbours(0) == [1, 4, 5]
    assert p.neighbours(15) == [10, 11, 14]
    assert p.initial() == 0xFFFF
    assert list(p.moves(p.initial())) == list(range(16))
    for i in range(16):
        assert not (p.masks[i] >> i) & 1                       # never flips itself
        for j in p.neighbours(i):
            assert i in p.neighbours(j)                        # symmetric


def test_apply_and_errors():
    p = Flip8(4, 4)
    s = p.apply(0, 5)
    assert s == p.masks[5]
    assert p.apply(s, 5) == 0
    with pytest.raises(IllegalMove):
        p.apply(0, 16)
    with pytest.raises(IllegalMove):
        p.apply(0, -1)
    assert not p.is_solved(p.initial())
    assert p.is_solved(0)


def test_press_order_does_not_matter():
    p = Flip8(5, 7)
    rng = random.Random(3)
    presses = [rng.randrange(p.size) for _ in range(20)]
    a = p.apply_all(0, presses)
    rng.shuffle(presses)
    assert p.apply_all(0, presses) == a


def test_sizes():
    assert parse_size("flip8/4x6") == (4, 6)
    assert parse_size("flip8") == (4, 4)
    for bad in ("flip8/1x4", "flip8/21x2", "flip8/4by4", "slide/4x4"):
        with pytest.raises(BadInput):
            parse_size(bad)
    p = Flip8.from_id("flip8/4x6")
    assert (p.rows, p.cols, p.size) == (4, 6, 24)


def test_start_forms():
    p = Flip8(2, 3)
    assert p.parse_start("on") == 0b111111
    assert p.parse_start("off") == 0
    assert p.parse_start("100/001") == 0b100001
    assert p.parse_start("1 0 0 0 0 1") == 0b100001
    assert p.parse_start("○・・/・・○") == 0b100001
    assert p.parse_start("0x21") == 0b100001
    assert p.format_state(0b100001) == "100/001"
    a = p.parse_start("random:7")
    assert a == p.parse_start("random:7")
    assert p.is_reachable(a)
    for bad in ("101", "1010101", "10a/001", "0x1ff", "random:x"):
        with pytest.raises(BadInput):
            p.parse_start(bad)


def test_moves_notation_round_trip():
    p = Flip8(4, 4)
    assert p.format_moves([0, 2, 5, 9, 12, 14]) == "(0 2 5 9 12 14)"
    assert p.parse_moves("(0 2 5 9 12 14)") == [0, 2, 5, 9, 12, 14]
    assert p.parse_moves("0, 2,5") == [0, 2, 5]
    with pytest.raises(BadInput):
        p.parse_moves("(0 16)")
    with pytest.raises(BadInput):
        p.parse_moves("a b")


# ----- solver -----

def test_4x4_all_on_article():
    p = Flip8(4, 4)
    r = p.solve(p.initial(), lambda *a: None, lambda: False)
    assert r.status == SOLVED and r.proven_minimal
    assert r.length == 6
    assert r.solutions == 4
    assert r.stats["all_solutions"] == ARTICLE_4X4_SOLUTIONS
    assert r.moves == [0, 2, 5, 9, 12, 14]
    for sol in ARTICLE_4X4_SOLUTIONS:
        assert p.apply_all(p.initial(), sol) == 0


def test_5x5_all_on_unsolvable_with_reason():
    p = Flip8(5, 5)
    r = p.solve(p.initial(), lambda *a: None, lambda: False)
    assert r.status == UNSOLVABLE
    assert r.moves is None
    assert "never be cleared" in r.reason
    cells = gf2.from_bits(r.stats["invariant"])
    assert all(gf2.popcount(m & cells) % 2 == 0 for m in p.masks)   # a true invariant
    assert gf2.popcount(cells & p.initial()) % 2 == 1                # that all-on violates


def test_4x6_all_on_solvable():
    p = Flip8(4, 6)
    r = p.solve(p.initial(), lambda *a: None, lambda: False)
    assert r.status == SOLVED and r.proven_minimal
    assert p.apply_all(p.initial(), r.moves) == 0
    assert r.solutions == 1                                           # trivial null space


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (3, 3), (3, 4), (2, 7), (4, 4)])
def test_distance_matches_bfs_on_every_pattern(rows, cols):
    p = Flip8(rows, cols)
    dist = bfs_distances(p)
    for s in range(1 << p.size):
        r = p.solve(s, lambda *a: None, lambda: False)
        if s in dist:
            assert r.status == SOLVED and r.length == dist[s], s
            assert p.apply_all(s, r.moves) == 0
            assert all(len(m) == dist[s] and p.apply_all(s, m) == 0
                       for m in r.stats["listed_solutions"])
        else:
            assert r.status == UNSOLVABLE, s
            cells = gf2.from_bits(r.stats["invariant"])
            assert all(gf2.popcount(m & cells) % 2 == 0 for m in p.masks)
            assert gf2.popcount(cells & s) % 2 == 1


def test_solution_count_matches_brute_force():
    p = Flip8(3, 3)                          # nullity 3: count minimum press sets by brute force
    rng = random.Random(5)
    for _ in range(30):
        s = p.random_reachable(rng.randrange(1 << 30))
        r = p.solve(s, lambda *a: None, lambda: False)
        sets = [x for x in range(1 << p.size) if p.system.image(x) == s]
        w = min(gf2.popcount(x) for x in sets)
        assert r.length == w
        best = sorted(gf2.bits(x) for x in sets if gf2.popcount(x) == w)
        assert r.solutions == len(best)
        assert r.stats["all_solutions"] == best


@pytest.mark.parametrize("rows,cols", [(20, 20), (19, 19), (16, 16), (15, 15), (13, 17),
                                       (20, 7), (9, 9), (2, 20)])
def test_large_boards_solve(rows, cols):
    p = Flip8(rows, cols)
    for seed in range(2):
        s = p.random_reachable(seed)
        r = p.solve(s, lambda *a: None, lambda: False)
        assert r.status == SOLVED and r.proven_minimal
        assert p.apply_all(s, r.moves) == 0
        # no lighter press set: the null-space enumeration covered 2**nullity candidates
        assert r.length <= gf2.popcount(p.system.solve(s))
    r = p.solve(p.initial(), lambda *a: None, lambda: False)
    if r.status == SOLVED:
        assert p.apply_all(p.initial(), r.moves) == 0
    else:
        assert not p.is_reachable(p.initial())


def test_nullity_of_some_boards():
    # reachable patterns = 2**rank; 4x4: 4096 (article), 5x5: half, 4x6: all
    assert Flip8(4, 4).system.nullity == 4
    assert Flip8(5, 5).system.nullity == 1
    assert Flip8(4, 6).system.nullity == 0
    assert Flip8(19, 19).system.nullity == 19


# ----- analysis -----

def test_analysis_4x4_article():
    a = Flip8(4, 4).analyse()
    assert a["positions"] == 4096
    assert a["histogram"] == [1, 16, 120, 560, 1387, 1440, 540, 32]   # the article's table
    assert a["farthest"]["presses"] == 7
    assert a["farthest"]["count"] == 32
    p = Flip8(4, 4)
    for ex in a["farthest"]["examples"]:
        assert p.distance(p.parse_start(ex)) == 7


@pytest.mark.parametrize("rows,cols", [(3, 3), (3, 4), (2, 7), (4, 4)])
def test_analysis_matches_bfs(rows, cols):
    p = Flip8(rows, cols)
    dist = bfs_distances(p)
    hist = [0] * (max(dist.values()) + 1)
    for d in dist.values():
        hist[d] += 1
    a = p.analyse()
    assert a["histogram"] == hist
    assert a["positions"] == len(dist)


def test_analysis_numba_engine_agrees():
    pytest.importorskip("numba")
    for rows, cols in [(3, 3), (4, 4), (3, 5)]:
        p = Flip8(rows, cols)
        assert p.analyse(engine="numba") == p.analyse(engine="numpy")


def test_analysis_5x5_article():
    a = Flip8(5, 5).analyse()
    assert a["positions"] == 2 ** 24                     # half of the 2**25 patterns
    assert a["patterns"] == 2 ** 25
    assert a["farthest"]["presses"] == 20
    assert a["farthest"]["count"] == 126
    assert sum(a["histogram"]) == 2 ** 24
    p = Flip8(5, 5)
    for ex in a["farthest"]["examples"]:
        assert p.distance(p.parse_start(ex)) == 20


def test_analysis_4x6_article():
    a = Flip8(4, 6).analyse()
    assert a["positions"] == 2 ** 24                     # every pattern reachable
    assert a["farthest"]["presses"] == 24
    assert a["farthest"]["count"] == 1
    assert a["farthest"]["examples"] == ["111111/100001/100001/111111"]


def test_analysis_refuses_huge_boards():
    assert Flip8(7, 7).system.nullity == 7
    with pytest.raises(BadInput):
        Flip8(7, 7).analyse()


def test_analysis_of_large_board_with_no_idle_presses():
    a = Flip8(6, 6).analyse()                  # nullity 0: every pattern, binomial counts
    assert a["positions"] == 2 ** 36 and a["nullity"] == 0
    assert a["histogram"][1] == 36 and sum(a["histogram"]) == 2 ** 36
    assert a["farthest"] == {"presses": 36, "count": 1,
                             "examples": [Flip8(6, 6).format_state(Flip8(6, 6).system.image(
                                 2 ** 36 - 1))]}


def test_constructor_start_forms():
    assert Flip8(2, 2, "off").initial() == 0
    assert Flip8(2, 2, 5).initial() == 5
    assert Flip8(3, 3, "random:4").initial() == Flip8(3, 3).random_reachable(4)
    with pytest.raises(BadInput):
        Flip8(2, 2, 16)


# ----- CLI -----

def run_json(capsys, *argv):
    code = main([*argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_cli_solve(capsys):
    code, out = run_json(capsys, "solve", "flip8/4x4")
    assert code == 0
    assert out["puzzle"] == "flip8/4x4"
    assert out["length"] == 6 and out["proven_minimal"] is True
    assert out["moves"] == [0, 2, 5, 9, 12, 14]
    assert out["solutions"] == ARTICLE_4X4_SOLUTIONS
    assert out["notation"] == "(0 2 5 9 12 14)"
    assert out["start"] == "1111/1111/1111/1111"
    assert "seconds" in out


def test_cli_solve_unsolvable_and_start(capsys):
    code, out = run_json(capsys, "solve", "flip8/5x5")
    assert code == 1 and out["status"] == "unsolvable" and out["reason"]
    code, out = run_json(capsys, "solve", "flip8/2x2", "--start", "11/00")
    assert out["status"] in ("solved", "unsolvable")
    code = main(["solve", "flip8/2x2", "--start", "111", "--json"])
    assert code == 2


def test_cli_analyse(capsys):
    code, out = run_json(capsys, "analyse", "flip8/4x4")
    assert code == 0
    assert out["positions"] == 4096
    assert out["farthest"]["presses"] == 7 and out["farthest"]["count"] == 32
    assert out["histogram"][7] == 32


def test_analysis_cancel_and_progress():
    p = Flip8(5, 5)
    assert p.analyse(stop=lambda: True) == {"status": "cancelled"}
    seen = []
    a = Flip8(4, 4).analyse(progress=lambda stage, done, total: seen.append((stage, done, total)))
    assert a["positions"] == 4096 and seen[-1] == (
        "measuring every position's distance from the goal", 4096, 4096)
