"""The fitted pagoda functions (pegapp.solvers.pegs.fitted, resources/pagodas): every shipped one
is a pagoda function of its board, a position one refutes cannot reach the finish (checked by
the independent brute force of tests/peg_reference), the searches that use them give the brute
force's distances while looking at fewer positions, and a damaged or foreign file is refused
with its reason, the search answering without it."""

from __future__ import annotations

import json
import random

import pytest

from pegapp.core.board import get_board
from pegapp.puzzles import catalogue
from pegapp.solvers.pegs import fitted
from pegapp.solvers.pegs._tables import geometry
from pegapp.solvers.pegs.problem import problem_of
from pegapp.solvers.pegs.solver import solve
from tests import peg_reference as ref

BOARD = "french"


def _sum(p, pos):
    return sum(w for h, w in enumerate(p) if pos >> h & 1)


def _least(g, p, finish):
    return min(p[f] + p[o] for f, o, t in g.jumps if t == finish)


def _random_jumps(board, start, pegs_left, rng):
    """A position of pegs_left pegs reached by random single jumps from start (None if play
    stops before)."""
    pos = start
    while bin(pos).count("1") > pegs_left:
        after = [pos ^ (1 << f | 1 << o | 1 << t) for f, o, t in board.jumps
                 if pos >> f & 1 and pos >> o & 1 and not pos >> t & 1]
        if not after:
            return None
        pos = rng.choice(after)
    return pos


@pytest.mark.parametrize("board_id", ["english", "french", "wiegleb"])
def test_the_shipped_functions_are_pagoda_functions_for_every_finish_of_the_catalogue(board_id):
    board = get_board(board_id)
    found = fitted.read(fitted.path_for(board), board)
    g = geometry(board)
    finishes = {p.finish for p in catalogue.load(board).problems if p.possible}
    assert finishes <= set(found)
    for hole, functions in found.items():
        assert functions, hole
        for p in functions:
            assert g.is_pagoda(p, signed=True)
            # each refutes some position: the least sum before the finish is above the sum
            # of a position holding just the holes of negative weight
            assert _least(g, p, hole) > sum(w for w in p if w < 0)


def test_a_position_a_fitted_function_refutes_cannot_reach_the_finish():
    board = get_board(BOARD)
    g = geometry(board)
    rng = random.Random(55)
    checked = 0
    for p in catalogue.load(board).problems:
        if not p.possible:
            continue
        functions = fitted.functions_for(board, p.finish)
        for _ in range(12):
            pos = _random_jumps(board, g.full ^ (1 << p.start), 11, rng)
            if pos is None or not any(_sum(f, pos) < _least(g, f, p.finish) for f in functions):
                continue
            assert (1 << p.finish) not in ref.reachable(board, pos), (pos, p.finish)
            checked += 1
    assert checked >= 20


@pytest.mark.parametrize("seed", [1, 2])
def test_searches_with_the_fitted_functions_give_the_brute_forces_distances(seed):
    """Positions of 14 pegs that the search (not a quick refusal) answers: the same distance as
    the brute force with the functions and without them, and fewer positions looked at."""
    board = get_board(BOARD)
    rng = random.Random(seed)
    finishes = sorted({p.finish for p in catalogue.load(board).problems if p.possible})
    searched = fewer = 0
    for _ in range(100):
        finish = rng.choice(finishes)
        # a position that can end in the finish (jumps undone from it), then one jump of
        # random play, which may or may not leave it able to
        pos = _random_jumps(board, _jumps_undone(board, 1 << finish, 14, rng), 13, rng)
        plain = solve(board, pos, finish, tablebase=False, cache_dir=False,
                      count_cut="any-stop")
        if plain.search is None:
            continue
        assert problem_of(board, pos, finish, "pagodas").fitted_pagodas
        got = solve(board, pos, finish, tablebase=False, cache_dir=False)
        want = ref.brute_force_distances(board, pos, 1 << finish).get(pos)
        assert got.length == want == plain.length, (pos, finish)
        if got.search is None or got.search.positions < plain.search.positions:
            fewer += 1
        searched += 1
        if searched == 6:
            break
    assert searched == 6 and fewer >= 2


def _jumps_undone(board, pos, pegs, rng):
    """A position of pegs pegs from which pos can be reached, by random jumps undone."""
    while bin(pos).count("1") < pegs:
        pos ^= rng.choice([1 << f | 1 << o | 1 << t for f, o, t in board.jumps
                           if pos >> t & 1 and not pos >> f & 1 and not pos >> o & 1])
    return pos


@pytest.mark.parametrize("damage, field", [
    (lambda d: "{not json", "not a pagoda file"),
    (lambda d: json.dumps({**d, "board_key": "0" * 24}), "board_key"),
    (lambda d: json.dumps({**d, "format": "other"}), "format"),
    (lambda d: json.dumps({**d, "functions": {"99": []}}), "functions.99"),
    (lambda d: json.dumps({**d, "functions": {"16": [[1] * 36 + [100]]}}), "functions.16[0]"),
    (lambda d: json.dumps({**d, "functions": {"16": [[0.5] * 37]}}), "functions.16[0]"),
])
def test_a_damaged_or_foreign_file_is_refused_and_the_search_answers_without_it(
        tmp_path, monkeypatch, damage, field):
    board = get_board(BOARD)
    good = json.loads(open(fitted.path_for(board)).read())
    path = tmp_path / "french.json"
    path.write_text(damage(good))
    monkeypatch.setattr(fitted, "path_for", lambda b: str(path))
    assert fitted.functions_for(board, 16) == []
    assert field in fitted.problems[str(path)] and str(path) in fitted.problems[str(path)]
    g = geometry(board)
    pos = _random_jumps(board, g.full ^ (1 << 0), 12, random.Random(3))
    want = ref.brute_force_distances(board, pos, 1 << 16).get(pos)
    got = solve(board, pos, 16, tablebase=False, cache_dir=False)
    assert (len(got.moves) if got.moves is not None else None) == want


def test_a_fifo_in_place_of_the_file_is_refused_without_hanging(tmp_path, monkeypatch):
    import os

    board = get_board(BOARD)
    path = tmp_path / "french.json"
    os.mkfifo(path)
    monkeypatch.setattr(fitted, "path_for", lambda b: str(path))
    assert fitted.functions_for(board, 16) == []
    assert str(path) in fitted.problems


@pytest.mark.parametrize("bad, reason", [([1] * 36 + [100], "not a pagoda"), ([1] * 36, "short"),
                                         ("x", "not a list")])
def test_a_bad_function_after_good_ones_is_named_by_its_place(tmp_path, monkeypatch, bad, reason):
    """The file's functions are checked all at once (Geometry.are_pagodas, 2026-12-07): the one
    refused is still named by its own index, not the first's."""
    board = get_board(BOARD)
    good = json.loads(open(fitted.path_for(board)).read())
    kept = good["functions"]["16"]
    path = tmp_path / "french.json"
    path.write_text(json.dumps({**good, "functions": {**good["functions"], "16": kept + [bad]}}))
    monkeypatch.setattr(fitted, "path_for", lambda b: str(path))
    assert fitted.functions_for(board, 16) == []
    assert f"functions.16[{len(kept)}]" in fitted.problems[str(path)], reason
