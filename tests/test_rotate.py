"""The 3x3 rotation puzzle (seed 001)."""

from __future__ import annotations

import json
import random

import pytest

from pegapp.cli import main
from pegapp.puzzles.base import BadInput, IllegalMove, Puzzle
from pegapp.puzzles.rotate import LINES, RotatePuzzle, solve_json
from pegapp.solvers import search
from pegapp.solvers.result import SOLVED, UNSOLVABLE
from tests.test_search_record import rotation_layers

START = (9, 8, 7, 6, 5, 4, 3, 2, 1)
# the article's 12-move solution, state by state
ARTICLE_PATH = [
    (9, 8, 7, 6, 5, 4, 3, 2, 1), (1, 8, 7, 6, 9, 4, 3, 2, 5), (1, 8, 3, 6, 7, 4, 9, 2, 5),
    (1, 2, 3, 6, 8, 4, 9, 7, 5), (1, 2, 3, 4, 6, 8, 9, 7, 5), (6, 2, 3, 4, 5, 8, 9, 7, 1),
    (6, 2, 5, 4, 9, 8, 3, 7, 1), (1, 2, 5, 4, 6, 8, 3, 7, 9), (1, 6, 5, 4, 7, 8, 3, 2, 9),
    (1, 6, 3, 4, 5, 8, 7, 2, 9), (1, 6, 3, 5, 8, 4, 7, 2, 9), (1, 2, 3, 5, 6, 4, 7, 8, 9),
    (1, 2, 3, 4, 5, 6, 7, 8, 9)]


@pytest.fixture(autouse=True)
def _cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("PEGAPP_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "pegapp-cache"))


def test_rules_follow_the_article():
    p = RotatePuzzle()
    assert isinstance(p, Puzzle) and p.id == "rotate/3x3"
    # every step of the article's solution is one of our moves
    for a, b in zip(ARTICLE_PATH, ARTICLE_PATH[1:]):
        assert b in [t for _, t in p.neighbours(a)]
    # (8 4 0): new[8] = old[4], new[4] = old[0], new[0] = old[8]
    assert p.apply(START, 0) == (1, 8, 7, 6, 9, 4, 3, 2, 5)
    assert p.apply(START, (8, 4, 0)) == p.apply(START, 0)
    # (x y z) and (z y x) undo each other
    for m, (x, y, z) in enumerate(LINES):
        assert p.apply(p.apply(START, m), LINES.index((z, y, x))) == START
    with pytest.raises(IllegalMove):
        p.apply(START, 8)
    with pytest.raises(IllegalMove):
        p.apply(START, (0, 1, 2))
    after = p.apply(START, 0)  # (8 4 0): the diagonal's tiles move from cell 0 towards 8
    assert p.describe_move(START, 0) == (
        "Shift the diagonal from the top left down-right: "
        f"{START[0]} {START[4]} {START[8]} → {after[0]} {after[4]} {after[8]}")
    assert (after[4], after[8], after[0]) == (START[0], START[4], START[8])


def test_solve_article_start_12():
    p = RotatePuzzle()
    res = p.solve(START)
    assert res.status == SOLVED and res.proven_minimal and len(res.moves) == 12
    assert p.is_solved(p.replay(START, res.moves))
    assert p.parse_moves(p.format_moves(res.moves)) == res.moves
    ref = search.bidirectional_bfs(START, p.goal, p.neighbours)
    assert len(ref.moves) == 12


def test_random_positions_shortest():
    p = RotatePuzzle()
    for seed in range(20):
        s = p.shuffle(seed)
        res = p.solve(s)
        ref = search.bidirectional_bfs(s, p.goal, p.neighbours)
        assert p.is_solved(p.replay(s, res.moves)) and len(res.moves) == len(ref.moves)


def test_parity():
    p = RotatePuzzle()
    odd = (2, 1, 3, 4, 5, 6, 7, 8, 9)
    assert not p.solvable(odd)
    res = p.solve(odd)
    assert res.status == UNSOLVABLE and "3-cycle" in res.reason
    with pytest.raises(BadInput, match="even permutation"):
        p.parse_state("2 1 3 4 5 6 7 8 9")
    rng = random.Random(5)
    for _ in range(200):
        s = list(range(1, 10))
        rng.shuffle(s)
        assert p.solvable(s) == (p.distance_table()[p._rank(s)] != 255)


@pytest.mark.parametrize("text", ["1 2 3", "1 1 3 4 5 6 7 8 9", "0 1 2 3 4 5 6 7 8", "x"])
def test_bad_input(text):
    with pytest.raises(BadInput):
        RotatePuzzle().parse_state(text)


def test_parse_forms():
    p = RotatePuzzle()
    assert p.parse_state("#(9 8 7 6 5 4 3 2 1)") == START == p.parse_state("987654321")
    assert p.parse_moves("(8 4 0)(6 4 2)") == [0, 1]
    with pytest.raises(BadInput):
        p.parse_moves("(0 1 2)")


def test_analysis_article_figures():
    """The histogram is an independent breadth-first search's: tests/test_search_record's
    rotation_layers, made once a test process (search.analyse over RotatePuzzle.neighbours
    until 2026-12-07, 2.4 s; search.analyse itself is tests/test_search.py's, issue #73)."""
    an = RotatePuzzle().analyse()
    assert an["positions"] == 181_440 and an["depth"] == 12
    assert an["farthest_count"] == 13 and list(START) in an["farthest"]
    assert an["histogram"] == list(rotation_layers(RotatePuzzle().goal))


def test_analysis_numpy_backend():
    a = RotatePuzzle().analyse(backend="numpy")
    assert a["positions"] == 181_440 and a["farthest_count"] == 13


def test_cli(capsys):
    assert main(["solve", "rotate/3x3", "--start", "9 8 7 6 5 4 3 2 1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["length"] == 12 and data["proven_minimal"] and data["puzzle"] == "rotate/3x3"
    assert data["notation"].count("(") == 12 and data["states"][-1] == list(range(1, 10))
    p = RotatePuzzle()
    assert p.is_solved(p.replay(START, [LINES.index(tuple(m)) for m in data["moves"]]))
    assert main(["analyse", "rotate/3x3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["positions"] == 181_440 and len(data["histogram"]) == 13
    assert len(data["farthest"]) == 13
    assert main(["solve", "rotate/3x3", "--start", "2 1 3 4 5 6 7 8 9", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "unsolvable" and "even permutation" in data["reason"]
    assert main(["solve", "rotate/3x3", "--start", "1 2 3 4 5 6 7 9 8 x", "--json"]) == 2
    with pytest.raises(BadInput):
        solve_json("rotate/4x4", type("A", (), {"start": None})())
