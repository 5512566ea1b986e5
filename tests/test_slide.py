"""Sliding tiles: rules, parity, shortest solutions (replayed), analysis figures, CLI."""

from __future__ import annotations

import json
import random

import pytest

from pegapp.cli import main
from pegapp.puzzles.base import BadInput, IllegalMove, Puzzle
from pegapp.puzzles.slide import SlidePuzzle, analyse_json, solve_json
from pegapp.solvers.sliding import _tables as tables
from pegapp.solvers import search
from pegapp.solvers.result import SOLVED, UNSOLVABLE

ARTICLE_START = (0, 9, 3, 7, 1, 5, 4, 8, 2, 6)


@pytest.fixture(autouse=True)
def _cache(tmp_path_factory, monkeypatch):
    # one fresh cache directory for the whole session's tables
    monkeypatch.setenv("PEGAPP_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "pegapp-cache"))


def check_solution(p: SlidePuzzle, start, res, length=None):
    assert res.status == SOLVED and res.proven_minimal
    assert p.is_solved(p.replay(start, res.moves))
    if length is not None:
        assert len(res.moves) == length
    # and the text notation round-trips
    assert p.parse_moves(p.format_moves(res.moves)) == list(res.moves)


def test_protocol_and_basics():
    p = SlidePuzzle(2, 5)
    assert isinstance(p, Puzzle)
    assert p.id == "slide/2x5" and p.goal == (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)
    assert p.initial() == p.goal and p.is_solved(p.initial())
    assert sorted(p.moves(p.goal)) == [5, 9]
    s = p.apply(p.goal, 9)
    assert s == (1, 2, 3, 4, 5, 6, 7, 8, 0, 9)
    assert p.describe_move(p.goal, 9) == "Slide tile 9 right"
    assert p.describe_move(p.goal, 5) == "Slide tile 5 down"
    with pytest.raises(IllegalMove):
        p.apply(p.goal, 1)
    with pytest.raises(IllegalMove):
        p.apply(p.goal, 42)
    assert SlidePuzzle.from_id("slide/4x4").size == 16
    with pytest.raises(BadInput):
        SlidePuzzle.from_id("slide/6x6")
    with pytest.raises(BadInput):
        SlidePuzzle.from_id("slide/banana")


def test_line_moves():
    p = SlidePuzzle(3, 3)
    s = p.goal  # blank at cell 8
    assert p.line_moves(s, 6) == [8, 7]
    assert p.line_moves(s, 2) == [6, 3]
    assert p.line_moves(s, 0) == [] and p.line_moves(s, 8) == []
    t = p.replay(s, p.line_moves(s, 6))
    assert t == (1, 2, 3, 4, 5, 6, 0, 7, 8)


@pytest.mark.parametrize("text,msg", [
    ("0 9 3 7 1 5 4 8 2", "needs 10"),
    ("0 9 3 7 1 5 4 8 2 2", "repeated"),
    ("0 9 3 7 1 5 4 8 2 10", "out of range"),
    ("0 9 3 7 1 5 4 8 6 2", "parity"),
    ("", "empty"),
])
def test_bad_input(text, msg):
    with pytest.raises(BadInput, match=msg):
        SlidePuzzle(2, 5).parse_state(text)


def test_parity_matches_reachability():
    for rows, cols in [(2, 2), (2, 3), (3, 3), (2, 4)]:
        p = SlidePuzzle(rows, cols)
        table = p.distance_table()
        rng = random.Random(rows * 10 + cols)
        for _ in range(300):
            s = list(range(p.size))
            rng.shuffle(s)
            reachable = table[tables.rank(s)] != tables.UNREACHED
            assert p.solvable(s) == reachable
        assert int((table != tables.UNREACHED).sum()) * 2 == len(table)


def test_unsolvable_refused():
    p = SlidePuzzle(3, 3)
    s = (2, 1, 3, 4, 5, 6, 7, 8, 0)
    res = p.solve(s)
    assert res.status == UNSOLVABLE and "parity" in res.reason and res.moves is None
    with pytest.raises(BadInput, match="parity"):
        p.check_state(s)


def test_shuffle_solvable_and_seeded():
    p = SlidePuzzle(4, 4)
    a = [p.shuffle(seed=i) for i in range(50)]
    assert a == [p.shuffle(seed=i) for i in range(50)]
    assert all(p.solvable(s) for s in a) and len(set(a)) == 50
    w = p.shuffle(seed=1, walk=20)
    assert p.solvable(w)


def test_article_start_55_moves():
    p = SlidePuzzle(2, 5)
    res = p.solve(ARTICLE_START)
    check_solution(p, ARTICLE_START, res, 55)
    assert p.distance(ARTICLE_START) == 55


def test_generic_bidirectional_agrees_on_article_start():
    p = SlidePuzzle(2, 5)
    res = search.bidirectional_bfs(ARTICLE_START, p.goal, p.neighbours)
    check_solution(p, ARTICLE_START, res, 55)


@pytest.mark.parametrize("rows,cols", [(2, 5), (3, 3), (2, 3)])
def test_random_positions_shortest(rows, cols):
    p = SlidePuzzle(rows, cols)
    for seed in range(15):
        s = p.shuffle(seed=seed)
        res = p.solve(s)
        ref = search.bidirectional_bfs(s, p.goal, p.neighbours)
        check_solution(p, s, res, len(ref.moves))


def test_eight_puzzle_analysis():
    an = SlidePuzzle(3, 3).analyse()
    assert an["positions"] == 181_440
    assert an["depth"] == 31 and len(an["histogram"]) == 32
    assert an["farthest_count"] == 2
    assert sum(an["histogram"]) == 181_440


def test_eight_puzzle_analysis_numpy_backend_agrees():
    a = SlidePuzzle(3, 3).analyse(backend="numpy")
    b = SlidePuzzle(3, 3).analyse(backend="numba")
    assert a["histogram"] == b["histogram"] and a["farthest"] == b["farthest"]


@pytest.mark.slow
def test_nine_puzzle_analysis():
    an = SlidePuzzle(2, 5).analyse()
    assert an["positions"] == 1_814_400
    assert an["depth"] == 55
    assert an["farthest_count"] == 2
    assert list(ARTICLE_START) in an["farthest"]
    assert [0, 5, 3, 2, 1, 9, 4, 8, 7, 6] in an["farthest"]


@pytest.mark.parametrize("seed", range(4))
def test_fifteen_puzzle_short_walks_shortest(seed):
    """IDA* with pattern databases against plain bidirectional search on shallow positions."""
    p = SlidePuzzle(4, 4)
    s = p.shuffle(seed=seed, walk=18)
    res = p.solve(s)
    ref = search.bidirectional_bfs(s, p.goal, p.neighbours)
    check_solution(p, s, res, len(ref.moves))


def test_fifteen_puzzle_random_position():
    p = SlidePuzzle(4, 4)
    s = p.shuffle(seed=2024)
    res = p.solve(s)
    check_solution(p, s, res)
    # the parity of the length is fixed by the blank's position; the bound is the manhattan one
    assert len(res.moves) >= manhattan(p, s)


@pytest.mark.parametrize("rows,cols", [(2, 2), (3, 2), (5, 2), (3, 4), (4, 3)])
def test_other_boards_agree_with_bfs(rows, cols):
    p = SlidePuzzle(rows, cols)
    for seed in range(3):
        s = p.shuffle(seed=seed, walk=22)
        res = p.solve(s)
        ref = search.bidirectional_bfs(s, p.goal, p.neighbours)
        check_solution(p, s, res, len(ref.moves))


def manhattan(p, s):
    total = 0
    for cell, t in enumerate(s):
        if t:
            r, c = divmod(cell, p.cols)
            gr, gc = divmod(t - 1, p.cols)
            total += abs(r - gr) + abs(c - gc)
    return total


# ------------------------------------------------------------------------------------------ CLI

def run_cli(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out


def test_cli_solve_json(capsys):
    code, out = run_cli(capsys, "solve", "slide/2x5", "--start", "0 9 3 7 1 5 4 8 2 6", "--json")
    assert code == 0
    data = json.loads(out.out)
    assert data["puzzle"] == "slide/2x5" and data["length"] == 55 and data["proven_minimal"]
    assert data["start"] == list(ARTICLE_START) and len(data["moves"]) == 55
    assert data["notation"].split() == [str(m) for m in data["moves"]]
    assert isinstance(data["seconds"], float)
    p = SlidePuzzle(2, 5)
    assert p.is_solved(p.replay(ARTICLE_START, data["moves"]))


def test_cli_solve_text_and_4x4(capsys):
    p = SlidePuzzle(4, 4)
    s = p.shuffle(seed=7, walk=30)
    code, out = run_cli(capsys, "solve", "slide/4x4", "--start", " ".join(map(str, s)), "--json")
    assert code == 0
    data = json.loads(out.out)
    assert data["proven_minimal"] and p.is_solved(p.replay(s, data["moves"]))
    code, out = run_cli(capsys, "solve", "slide/3x3", "--start", "8 6 7 2 5 4 3 0 1")
    assert code == 0 and "length: 31" in out.out


def test_cli_an_unsolvable_start_is_an_answer_not_bad_input(capsys):
    code, out = run_cli(capsys, "solve", "slide/2x5", "--start", "0 9 3 7 1 5 4 8 6 2", "--json")
    data = json.loads(out.out)
    assert code == 1 and data["status"] == "unsolvable" and data["moves"] is None
    # proven_minimal is about a solution, as in every family: there is none (the parity proves
    # it, which reason says)
    assert "parity" in data["reason"] and data["proven_minimal"] is False


@pytest.mark.parametrize("start", ["1 2 3", "0 9 3 7 1 5 4 8 2 2", "0 9 3 7 1 5 4 8 2 x6",
                                   "", "0 9 3 7 1 5 4 8 2 -6"])
def test_cli_bad_input(capsys, start):
    code, out = run_cli(capsys, "solve", "slide/2x5", "--start", start, "--json")
    assert code == 2 and "error" in out.err and out.out == ""
    with pytest.raises(BadInput):
        solve_json("slide/2x5", type("A", (), {"start": start})())


def test_cli_analyse_small(capsys):
    code, out = run_cli(capsys, "analyse", "slide/2x3", "--json")
    assert code == 0
    data = json.loads(out.out)
    assert data["positions"] == 360 and sum(data["histogram"]) == 360
    assert data["histogram"][0] == 1 and all(len(f) == 6 for f in data["farthest"])
    assert data["puzzle"] == "slide/2x3" and "seconds" in data
    with pytest.raises(BadInput):
        analyse_json("slide/4x4", None)


@pytest.mark.slow
def test_cli_analyse_2x5(capsys):
    code, out = run_cli(capsys, "analyse", "slide/2x5", "--json")
    data = json.loads(out.out)
    assert code == 0 and data["positions"] == 1_814_400
    assert len(data["histogram"]) - 1 == 55 and len(data["farthest"]) == 2


def test_cancel_and_progress():
    from pegapp.solvers.sliding import pdb
    from pegapp.solvers.result import CANCELLED

    with pytest.raises(tables.Cancelled):
        tables.bfs_table((1, 2, 3, 0), adjacency=tables.grid_adjacency(2, 2), stop=lambda: True)
    p = SlidePuzzle(4, 4)
    s = p.shuffle(seed=3)
    seen = []
    solver = pdb.solver_for(4, 4)
    res = solver.solve(s, lambda *a: seen.append(a), lambda: True, budget=1000)
    assert res.status == CANCELLED and res.moves is None and seen
    assert seen[0][0] == "trying ever longer solutions"
    # the heuristic never overestimates
    full = solver.solve(s)
    assert solver.heuristic(s) <= len(full.moves)


def test_korf_instance_1():
    """Korf (1985), 100 random 15-puzzles, instance 1: optimal 57 moves. Korf's goal has the blank
    first; turning the board half round and renaming tile t to 16 - t maps it to ours."""
    korf = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3]
    s = [0] * 16
    for i, v in enumerate(korf):
        s[15 - i] = (16 - v) % 16
    p = SlidePuzzle(4, 4)
    res = p.solve(tuple(s))
    check_solution(p, tuple(s), res, 57)


def test_rank_is_the_lehmer_code_by_its_definition():
    """tables.rank (one pass over a mask of the values seen, 2026-12-07) against the Lehmer
    code counted as defined (digit i: the values after position i smaller than it), on every
    permutation of up to 7 values and on random ones of the puzzles' 9, 10 and 16; unrank
    gives each back."""
    import itertools

    def lehmer(perm):
        r = 0
        for i, v in enumerate(perm):
            r = r * (len(perm) - i) + sum(1 for w in perm[i + 1:] if w < v)
        return r

    rng = random.Random(73)
    perms = [p for n in range(8) for p in itertools.permutations(range(n))]
    perms += [tuple(rng.sample(range(n), n)) for n in (9, 10, 16) for _ in range(300)]
    for p in perms:
        assert tables.rank(p) == lehmer(p) and tables.unrank(tables.rank(p), len(p)) == p
