"""Oshidori (stone pairs): rules, shortest solutions (article figures), classic version, CLI."""

from __future__ import annotations

import json
from collections import deque

import pytest

from pegapp import cli
from pegapp.puzzles.base import BadInput, IllegalMove, Puzzle
from pegapp.puzzles.oshidori import (
    Oshidori,
    classic_goal,
    classic_start,
    kinds_goal,
    kinds_start,
    parse_state,
)
from pegapp.solvers.stone_pairs.engine import solve_cells
from pegapp.solvers.result import CANCELLED, SOLVED, TOO_LARGE, UNSOLVABLE

#: seed article 002: shortest solutions for k = 3..8 kinds
ARTICLE = {3: 3, 4: 7, 5: 5, 6: 7, 7: 8, 8: 11}


def replay_independently(start, moves):
    """Apply moves with the rules written out again here, not with Oshidori.apply."""
    row = list(start)
    seen = [tuple(row)]
    for src, dst in moves:
        assert row.count(0) == 2
        assert row[dst] == 0 and row[dst + 1] == 0, (row, src, dst)
        assert row[src] != 0 and row[src + 1] != 0, (row, src, dst)
        row[dst], row[dst + 1] = row[src], row[src + 1]
        row[src] = row[src + 1] = 0
        seen.append(tuple(row))
    return seen


def plain_bfs_distance(start, goal):
    """Breadth-first from start alone (no shared code); small rows only."""
    def nb(s):
        b = s.index(0)
        for i in range(len(s) - 1):
            if i + 1 < b or i > b + 1:
                t = list(s)
                t[b], t[b + 1], t[i], t[i + 1] = s[i], s[i + 1], 0, 0
                yield tuple(t)
    dist = {start: 0}
    q = deque([start])
    while q:
        s = q.popleft()
        if s == goal:
            return dist[s]
        for t in nb(s):
            if t not in dist:
                dist[t] = dist[s] + 1
                q.append(t)
    return None


def test_protocol_and_positions():
    p = Oshidori(kinds=3)
    assert isinstance(p, Puzzle)
    assert p.id == "oshidori/k3"
    assert p.initial() == (1, 2, 3, 1, 2, 3, 0, 0)
    assert p.goal == (1, 1, 2, 2, 3, 3, 0, 0)
    assert Oshidori(kinds=8).goal == kinds_goal(8)
    assert Oshidori(pairs=4).initial() == (1, 2, 1, 2, 1, 2, 1, 2, 0, 0)
    assert Oshidori(pairs=4).goal == (0, 0, 2, 2, 2, 2, 1, 1, 1, 1)
    assert Oshidori(pairs=4).id == "oshidori/classic4"
    assert not p.is_solved(p.initial()) and p.is_solved(p.goal)


def test_moves_and_apply():
    p = Oshidori(kinds=3)
    s = p.initial()
    # empty pair at 6,7: pairs starting at 0..4 can move (5 would lift cell 6)
    assert p.moves(s) == [(i, 6) for i in range(5)]
    t = p.apply(s, (1, 6))
    assert t == (1, 0, 0, 1, 2, 3, 2, 3)
    assert p.moves(t) == [(3, 1), (4, 1), (5, 1), (6, 1)]
    with pytest.raises(IllegalMove):
        p.apply(s, (5, 6))      # cell 6 is empty
    with pytest.raises(IllegalMove):
        p.apply(s, (0, 2))      # destination not empty
    with pytest.raises(IllegalMove):
        p.apply(s, (0, 9))      # off the row
    with pytest.raises(IllegalMove):
        p.apply(s, "x")
    for m in p.moves(t):        # every move can be undone by one move
        u = p.apply(t, m)
        assert t in [p.apply(u, back) for back in p.moves(u)]


def test_notation_round_trip():
    p = Oshidori(kinds=8)
    moves = [(1, 16), (8, 1), (13, 11)]
    text = p.format_moves(moves)
    assert text == "( 1,16)( 8, 1)(13,11)"
    assert p.parse_moves(text) == moves
    assert p.parse_moves("1-16 8-1, 13>11") == moves
    assert p.parse_moves("") == []
    with pytest.raises(BadInput):
        p.parse_moves("(1,16)(8)")
    with pytest.raises(BadInput):
        p.parse_moves("up left")


@pytest.mark.parametrize("k", sorted(ARTICLE))
def test_article_figures(k):
    p = Oshidori(kinds=k)
    res = p.solve(p.initial())
    assert res.status == SOLVED
    assert res.proven_minimal
    assert len(res.moves) == ARTICLE[k]
    states = replay_independently(kinds_start(k), res.moves)
    assert states[-1] == kinds_goal(k)
    assert len(set(states)) == len(states)            # a shortest path never repeats
    assert p.replay(res.moves)[-1] == p.goal
    assert res.stats["path"] == states


@pytest.mark.parametrize("k", [3, 4, 5, 6, 7, 8])
def test_backends_agree(k):
    s, g = kinds_start(k), kinds_goal(k)
    backends = ["numba", "numpy"] + (["python"] if k <= 7 else [])
    for backend in backends:
        res = solve_cells(s, g, backend=backend)
        assert res.status == SOLVED and res.proven_minimal, backend
        assert len(res.moves) == ARTICLE[k], backend
        assert replay_independently(s, res.moves)[-1] == g, backend
        assert res.stats["backend"] == backend


@pytest.mark.parametrize("k", [3, 9, 10])
def test_numpy_codec_round_trip(k):
    import random

    import numpy as np

    from pegapp.solvers.stone_pairs._numpy_kernels import Codec

    rng = random.Random(k)
    codec = Codec(kinds_start(k))
    assert codec.tail == (3 if k == 10 else 0)
    seen = {}
    for _ in range(300):
        stones = list(kinds_goal(k)[:-2])
        rng.shuffle(stones)
        b = rng.randrange(len(stones) + 1)
        cells = tuple(stones[:b] + [0, 0] + stones[b:])
        key = codec.encode_cells(cells)
        assert codec.decode_cells(key) == cells
        assert seen.setdefault(key, cells) == cells          # no two positions share a code
        assert 0 <= key < 2**64
    # whole-array children agree with the plain rules
    cells = kinds_start(k)
    d = np.array([[v - 1 for v in cells if v]], dtype=np.uint8)
    ck, _, _ = codec.children(d, np.array([cells.index(0)], dtype=np.uint8))
    from pegapp.solvers.stone_pairs.engine import neighbours
    assert sorted(int(x) for x in ck) == sorted(codec.encode_cells(t) for _, t in neighbours(cells))


@pytest.mark.parametrize("k", [3, 4, 5])
def test_minimal_against_plain_bfs(k):
    assert plain_bfs_distance(kinds_start(k), kinds_goal(k)) == ARTICLE[k]


def test_two_kinds_unsolvable():
    for backend in ("numba", "numpy", "python"):
        res = solve_cells(kinds_start(2), kinds_goal(2), backend=backend)
        assert res.status == UNSOLVABLE
        assert res.reason
    assert plain_bfs_distance(kinds_start(2), kinds_goal(2)) is None


@pytest.mark.parametrize("n,length", [(3, 4), (4, 4), (5, 5), (6, 6), (7, 7), (8, 8), (9, 9)])
def test_classic(n, length):
    p = Oshidori(pairs=n)
    res = p.solve(p.initial())
    assert res.status == SOLVED and res.proven_minimal
    assert len(res.moves) == length
    assert replay_independently(classic_start(n), res.moves)[-1] == classic_goal(n)
    if n <= 5:
        assert plain_bfs_distance(classic_start(n), classic_goal(n)) == length


def test_classic_dudeney_solution():
    # Dudeney, 536 Puzzles: cells 1..10, move 2,3 to 9,10; 5,6 to 2,3; 8,9 to 5,6; 1,2 to 8,9
    moves = [(a - 1, b - 1) for a, b in [(2, 9), (5, 2), (8, 5), (1, 8)]]
    p = Oshidori(pairs=4)
    assert p.is_solved(p.replay(moves)[-1])


def test_classic_two_pairs_unsolvable():
    res = Oshidori(pairs=2).solve()
    assert res.status == UNSOLVABLE and not res.moves


def test_numba_classic_large():
    # 13 + 13 stones: 28 cells, the largest row the packed form holds
    s, g = classic_start(13), classic_goal(13)
    res = solve_cells(s, g, backend="numba")
    assert res.status == SOLVED and len(res.moves) == 13
    assert replay_independently(s, res.moves)[-1] == g


def test_custom_start():
    p = Oshidori(kinds=3, start=parse_state("2 1 3 1 2 3 _ _"))
    res = p.solve(p.initial())
    assert res.status == SOLVED
    assert replay_independently(p.initial(), res.moves)[-1] == p.goal
    assert len(res.moves) == plain_bfs_distance(p.initial(), p.goal)
    assert p.solve(p.goal).moves == []
    assert parse_state("123123__") == (1, 2, 3, 1, 2, 3, 0, 0)
    # --start alone: kinds inferred
    assert Oshidori(start=parse_state("1,1,2,2,_,_")).id == "oshidori/k2"


@pytest.mark.parametrize("kw", [
    {"kinds": 1}, {"kinds": 11}, {"kinds": 0}, {"kinds": -3}, {"pairs": 1}, {"pairs": 14},
    {"kinds": 3, "pairs": 3},
    {"kinds": 3, "start": (1, 2, 3, 1, 2, 0, 3, 0)},     # empty cells not adjacent
    {"kinds": 3, "start": (1, 2, 3, 1, 2, 2, 0, 0)},     # wrong stones
    {"kinds": 3, "start": (1, 2, 3, 1, 2, 3, 0, 0, 0)},  # three empty cells
])
def test_bad_input(kw):
    with pytest.raises(BadInput):
        Oshidori(**kw)


def test_bad_state_text():
    with pytest.raises(BadInput):
        parse_state("1 2 x 1 2 3 _ _")


def test_cancel_is_prompt():
    calls = []

    def stop():
        calls.append(1)
        return len(calls) > 3

    p = Oshidori(kinds=10)
    res = p.solve(p.initial(), stop=stop)
    assert res.status == CANCELLED
    assert res.moves is None
    res = Oshidori(kinds=8).solve(stop=lambda: True)
    assert res.status == CANCELLED


@pytest.mark.parametrize("backend", ["numba", "numpy", "python"])
def test_memory_budget(backend):
    p = Oshidori(kinds=9, memory_gb=0.005, backend=backend)
    res = p.solve(p.initial())
    assert res.status == TOO_LARGE
    assert res.moves is None
    if backend == "numba":
        assert "at least" in res.reason and res.stats["lower_bound"] >= 1


@pytest.mark.parametrize("backend", ["numba", "numpy", "python"])
def test_cancel_each_backend(backend):
    res = Oshidori(kinds=9, backend=backend).solve(stop=lambda: True)
    assert res.status == CANCELLED


def test_progress_reported():
    seen = []
    Oshidori(kinds=8).solve(progress=lambda st, d, n: seen.append((st, d, n)))
    assert seen and all(isinstance(d, int) and isinstance(n, int) for _, d, n in seen)


@pytest.mark.slow
@pytest.mark.parametrize("k,length", [(9, 10), (10, 12)])
def test_nine_and_ten_kinds(k, length):
    p = Oshidori(kinds=k)
    res = p.solve(p.initial())
    assert res.status == SOLVED and res.proven_minimal
    assert len(res.moves) == length
    assert replay_independently(kinds_start(k), res.moves)[-1] == kinds_goal(k)


def run_cli(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_json(capsys):
    code, out, _ = run_cli(capsys, "solve", "oshidori", "--kinds", "8", "--json")
    assert code == 0
    d = json.loads(out)
    assert d["puzzle"] == "oshidori/k8"
    assert d["length"] == 11 and d["proven_minimal"] is True
    assert d["start"] == "1 2 3 4 5 6 7 8 1 2 3 4 5 6 7 8 _ _"
    for key in ("moves", "seconds", "notation", "positions", "states", "text", "status"):
        assert key in d
    assert replay_independently(kinds_start(8), d["moves"])[-1] == kinds_goal(8)
    assert d["positions"] > 0

    code, out, _ = run_cli(capsys, "solve", "oshidori/k5", "--json")
    assert json.loads(out)["length"] == 5
    code, out, _ = run_cli(capsys, "solve", "oshidori", "--pairs", "5", "--json")
    assert json.loads(out)["puzzle"] == "oshidori/classic5"
    assert json.loads(out)["length"] == 5
    code, out, _ = run_cli(capsys, "solve", "oshidori/classic6", "--json")
    assert json.loads(out)["length"] == 6
    code, out, _ = run_cli(capsys, "solve", "oshidori", "--kinds", "3", "--start",
                           "2 1 3 1 2 3 _ _", "--json")
    assert code == 0 and json.loads(out)["status"] == SOLVED
    code, out, _ = run_cli(capsys, "solve", "oshidori", "--kinds", "3")
    assert code == 0 and "length: 3" in out


def test_cli_unsolvable_and_too_large(capsys):
    code, out, _ = run_cli(capsys, "solve", "oshidori", "--kinds", "2", "--json")
    assert code == 1 and json.loads(out)["status"] == UNSOLVABLE
    code, out, _ = run_cli(capsys, "solve", "oshidori", "--kinds", "10", "--memory", "0.01",
                           "--json")
    assert code == 1 and json.loads(out)["status"] == TOO_LARGE


@pytest.mark.parametrize("argv", [
    ["oshidori", "--kinds", "11"], ["oshidori", "--kinds", "1"], ["oshidori", "--pairs", "0"],
    ["oshidori/k12"], ["oshidori/x"], ["oshidori/classic"], ["oshidori/k8", "--pairs", "3"],
    ["oshidori", "--kinds", "3", "--start", "1 2 3"], ["oshidori", "--memory", "0"],
])
def test_cli_bad_input(capsys, argv):
    code, out, err = run_cli(capsys, "solve", *argv, "--json")
    assert code == 2
    assert err.startswith("pegapp: error:") and len(err.strip().splitlines()) == 1


def test_the_rules_say_the_stones_go_in_order_of_their_numbers():
    """Found by an outside check: the rules said "pair up equal stones, empty cells last", and
    2 2 1 1 3 3 _ _ took three more moves: the goal is the stones in order of their numbers.
    The rules' example is the 3-kind puzzle's goal as its cells read."""
    from pegapp.puzzles.oshidori import FAMILY
    from pegapp.puzzles.registry import make_puzzle
    goal = make_puzzle("oshidori/k3", {"kinds": 3}).goal
    example = " ".join(str(v) for v in goal if v)
    assert f"({example})" in FAMILY.rules and "order" in FAMILY.rules
    assert not make_puzzle("oshidori/k3", {"kinds": 3}).is_solved((2, 2, 1, 1, 3, 3, 0, 0))
