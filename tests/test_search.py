"""The generic searches in pegapp.solvers.search, on small graphs whose answers are known."""

from __future__ import annotations

import random

import pytest

from pegapp.solvers import search
from pegapp.solvers.result import CANCELLED, SOLVED, TOO_LARGE, UNSOLVABLE


def jugs(a: int, b: int):
    """Water jugs (capacities a, b) as a neighbours function: moves are names."""

    def neighbours(s):
        x, y = s
        yield "fill A", (a, y)
        yield "fill B", (x, b)
        yield "empty A", (0, y)
        yield "empty B", (x, 0)
        p = min(x, b - y)
        yield "A->B", (x - p, y + p)
        p = min(y, a - x)
        yield "B->A", (x + p, y - p)

    return neighbours


def test_bfs_water_jugs_article():
    # seed 003: jugs 8 l and 5 l, measure 4 l: shortest 10 operations
    res = search.bfs((0, 0), jugs(8, 5), lambda s: 4 in s)
    assert res.status == SOLVED and res.proven_minimal
    assert len(res.moves) == 10
    path = res.stats["path"]
    assert path[0] == (0, 0) and 4 in path[-1]
    state = (0, 0)
    nb = jugs(8, 5)
    for m in res.moves:
        state = dict(nb(state))[m]
    assert state == path[-1]


def test_bfs_start_is_goal_and_unsolvable():
    assert search.bfs(3, lambda s: [], lambda s: s == 3).moves == []
    res = search.bfs((0, 0), jugs(4, 2), lambda s: 3 in s)
    assert res.status == UNSOLVABLE and res.moves is None


def _grid_neighbours(w: int, h: int, walls: set):
    def neighbours(s):
        x, y = s
        for name, dx, dy in (("R", 1, 0), ("L", -1, 0), ("D", 0, 1), ("U", 0, -1)):
            t = (x + dx, y + dy)
            if 0 <= t[0] < w and 0 <= t[1] < h and t not in walls:
                yield name, t
    return neighbours


@pytest.mark.parametrize("seed", range(20))
def test_bidirectional_matches_bfs_on_random_mazes(seed):
    rng = random.Random(seed)
    w, h = 12, 9
    walls = {(rng.randrange(w), rng.randrange(h)) for _ in range(35)} - {(0, 0), (w - 1, h - 1)}
    nb = _grid_neighbours(w, h, walls)
    goal = (w - 1, h - 1)
    a = search.bfs((0, 0), nb, lambda s: s == goal)
    b = search.bidirectional_bfs((0, 0), goal, nb)
    assert a.status == b.status
    if a.status == SOLVED:
        assert len(a.moves) == len(b.moves)
        # replay
        s = (0, 0)
        for m in b.moves:
            s = dict(nb(s))[m]
        assert s == goal
        assert b.stats["path"][0] == (0, 0) and b.stats["path"][-1] == goal
        # distance agrees with a full analysis from the goal
        an = search.analyse(goal, nb, keep_distances=True)
        assert an.distances[(0, 0)] == len(b.moves)
    else:
        assert b.moves is None


def test_bidirectional_directed_graph_with_predecessors():
    # x -> x+1 (move "+1") and x -> 2x (move "*2"), goal 100 from 1: 1 2 3 6 12 24 25 50 100 ...
    def neighbours(x):
        if x + 1 <= 200:
            yield "+1", x + 1
        if 2 * x <= 200:
            yield "*2", 2 * x

    def predecessors(x):
        if x - 1 >= 1:
            yield x - 1
        if x % 2 == 0:
            yield x // 2

    a = search.bfs(1, neighbours, lambda x: x == 100)
    b = search.bidirectional_bfs(1, 100, neighbours, predecessors=predecessors)
    assert len(a.moves) == len(b.moves) == 8
    x = 1
    for m in b.moves:
        x = x + 1 if m == "+1" else 2 * x
    assert x == 100


def test_bidirectional_several_goals():
    nb = jugs(8, 5)
    goals = [(4, y) for y in range(6)] + [(x, 4) for x in range(9)]
    res = search.bidirectional_bfs((0, 0), None, nb, goals=goals)
    assert len(res.moves) == 10 and 4 in res.stats["path"][-1]


def test_analyse_cycle_and_path():
    n = 10
    ring = lambda s: [("+", (s + 1) % n), ("-", (s - 1) % n)]  # noqa: E731
    an = search.analyse(0, ring)
    assert an.positions == 10 and an.histogram == [1, 2, 2, 2, 2, 1]
    assert an.farthest == [5] and an.depth == 5
    an = search.analyse([0, 5], ring, many=True)
    assert an.histogram == [2, 4, 4] and sorted(an.farthest) == [2, 3, 7, 8]
    # states_only expansion (a predecessor function)
    an = search.analyse(0, lambda s: [(s + 1) % n], states_only=True)
    assert an.histogram == [1] * 10 and an.farthest == [9]
    assert an.to_json()["farthest_count"] == 1


def test_stop_and_budget():
    calls = []
    big = lambda s: [(1, s + 1), (2, s * 3 + 7)]  # noqa: E731  (infinite graph)
    res = search.bfs(0, big, lambda s: s == -1, lambda *a: calls.append(a), lambda: True,
                     check_every=10)
    assert res.status == CANCELLED and calls
    res = search.bidirectional_bfs(0, -1, big, predecessors=lambda s: [s - 1],
                                   max_positions=500)
    assert res.status == TOO_LARGE
    an = search.analyse(0, big, max_positions=1000)
    assert an.status == TOO_LARGE
    an = search.analyse(0, big, stop=lambda: True, check_every=5)
    assert an.status == CANCELLED
