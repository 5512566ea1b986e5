"""A line's stretches shortened by exact searches between two of its positions (issue #20, the
best-known lines of Wiegleb 45): pegs.fallback.shorten_windows, and the search towards a goal of
many pegs it runs. Distances are checked against the independent brute force of
tests/peg_reference.py, and every shortened line is replayed by its model, never by the solver."""

import importlib.util
from pathlib import Path

import random

import pytest

from pegapp.core.board import get_board
from pegapp.puzzles import catalogue
from pegapp.solvers.pegs import solver as peg_solver
from pegapp.solvers.pegs._tables import geometry
from pegapp.solvers.pegs.fallback import _BEAM_WIDTH, _beam_solution, shorten_windows
from pegapp.solvers.pegs.level_search import _search_levels
from pegapp.solvers.pegs.problem import COUNT_CUTS, _Memory, _Problem
from pegapp.solvers.record import SearchRecord
from tests.peg_reference import brute_force_distances, chains, play


def _line(board_id, start, finish):
    board = get_board(board_id)
    p = catalogue.load(board).find(start, finish)
    assert p.solution is not None
    states = [board.full & ~(1 << start)]
    for m in p.solution:
        states.append(play(board, states[-1], [m]))
    return board, p, states


def _stretch(board, here, there, rule, bound=40):
    g = geometry(board)
    return _search_levels(_Problem(g, here, None, [there], rule), bound, _Memory(1 << 30),
                          lambda *_: None, lambda: False, {})


def _random_stretches(board, seed, pegs=14, count=8):
    """(here, there) pairs: here reached by random play from the board's start down to about
    `pegs` pegs, there two to eight random moves later."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        pos = board.start_position
        while bin(pos).count("1") > pegs:
            moves = chains(board, pos)
            if not moves:
                break
            pos = rng.choice(moves)[1]
        there = pos
        for _ in range(rng.randint(2, 8)):
            moves = chains(board, there)
            if not moves:
                break
            there = rng.choice(moves)[1]
        if there != pos:
            out.append((pos, there))
    return out


@pytest.mark.parametrize("rule", COUNT_CUTS)
@pytest.mark.parametrize("board_id", ["wiegleb", "diamond41"])
def test_the_search_towards_a_position_of_many_pegs_finds_the_brute_force_distance(
        board_id, rule):
    # both boards have a count cut, which must keep every position on the way to a goal of
    # many pegs (a stretch of a line) as it does to a goal of one
    board = get_board(board_id)
    for here, there in _random_stretches(board, seed=len(board_id) + len(rule)):
        dist = brute_force_distances(board, here, there)[here]
        found = _stretch(board, here, there, rule)
        assert found is not None and len(found) == dist
        assert play(board, here, found) == there


def test_a_stretch_search_bounded_below_the_distance_finds_nothing():
    board = get_board("wiegleb")
    for here, there in _random_stretches(board, seed=7, count=3):
        dist = brute_force_distances(board, here, there)[here]
        assert _stretch(board, here, there, "any-stop", bound=dist - 1) is None


def test_a_beam_searchs_wiegleb_line_comes_out_shorter_and_still_wins():
    """Windows of 8 moves (measured: 42 -> 29 moves in 0.1 s; windows of 12 until 2026-12-07,
    42 -> 26 in 3.9 s, the same paths through shorten_windows, issue #73)."""
    board = get_board("wiegleb")
    start = board.full & ~1
    prob = _Problem(geometry(board), start, 15, [1 << 15], "any-stop")
    line = _beam_solution(prob, _BEAM_WIDTH)
    shorter = shorten_windows(prob, line, 8)
    # never below the catalogue's proven floor (or minimum)
    known = catalogue.load(board).find(0, 15)
    floor = known.par if known.proven_minimal else known.lower_bound
    assert floor <= len(shorter) < len(line)
    assert play(board, start, shorter) == 1 << 15


def test_a_minimal_line_keeps_its_length():
    board, p, states = _line("english", 0, 0)
    assert p.proven_minimal
    g = geometry(board)
    prob = _Problem(g, states[0], 0, [1], "any-stop")
    out = shorten_windows(prob, [list(m) for m in p.solution], 8)
    assert len(out) == p.par
    assert play(board, states[0], out) == 1


def test_the_catalogue_build_passes_its_window_limit_and_old_headers_mean_none(monkeypatch):
    spec = importlib.util.spec_from_file_location(
        "build_catalogue", Path(__file__).parent.parent / "packaging" / "build_catalogue.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    seen = []

    def line(board, position, finish, memory_budget, dfs_positions, count_cut="any-stop",
             window_moves=0):
        seen.append(window_moves)
        return None  # "no solution": the problem ends there

    monkeypatch.setattr(peg_solver, "winning_line", line)
    board = get_board("wiegleb")
    limits = build.limits_for(board, 1 << 30)
    assert limits["window_moves"] == peg_solver.WINDOW_MOVES > 0
    build.compute_one(board, 0, 15, limits)
    build.compute_one(board, 0, 15, {k: v for k, v in limits.items() if k != "window_moves"})
    assert seen == [peg_solver.WINDOW_MOVES, 0]


def test_the_fallback_shortens_its_lines_stretches_too(monkeypatch):
    """When the proof does not fit, solve()'s answer has its stretches shortened as well as its
    end (measured from Wiegleb's 0 -> 15 start at 10 MB: 29 moves, 33 with the end alone)."""
    board = get_board("wiegleb")
    start = board.full & ~1

    def answer():
        res = peg_solver.solve(board, start, 15, memory_budget=10 << 20, tablebase=False)
        assert not res.proven_minimal and play(board, start, res.moves) == 1 << 15
        return len(res.moves)

    with_windows = answer()
    monkeypatch.setattr(peg_solver, "shorten_windows", lambda prob, line, *a, **kw: line)
    assert with_windows < answer()


@pytest.mark.parametrize("floor_gap, proven", [(0, True), (1, False)])
def test_a_line_as_short_as_the_proven_floor_is_a_minimum_in_the_catalogue(
        monkeypatch, floor_gap, proven):
    """The catalogue build: when the proof runs out of room having shown that no solution has
    fewer moves than the winning line, the line is a minimum (Wiegleb's 13 -> 10 in the
    session-17 build: 20 moves, at least 20)."""
    board = get_board("wiegleb")
    line = [list(m) for m in catalogue.load(board).find(0, 15).solution]
    monkeypatch.setattr(peg_solver, "winning_line", lambda *a, **kw: line)
    monkeypatch.setattr(peg_solver, "prove", lambda *a, **kw: peg_solver.Proof(
        None, "memory budget of 1 GB exceeded", SearchRecord(), len(line) - floor_gap))
    p = catalogue.compute_problem(board, 0, 15, memory_budget=1 << 30, bounded=True)
    assert p.par == len(line) and p.proven_minimal is proven
    assert (p.reason is None) is proven and (p.lower_bound is None) is proven


@pytest.mark.parametrize("floor_gap, proven", [(0, True), (1, False)])
def test_a_fallback_line_as_short_as_the_proven_floor_is_a_minimum(floor_gap, proven):
    """solve(): where the proof does not fit but the floor (here one given as the catalogue's)
    is the known line's length, the answer is that line, proven minimal."""
    board = get_board("wiegleb")
    line = [list(m) for m in catalogue.load(board).find(0, 15).solution]
    start = board.full & ~1
    res = peg_solver.solve(board, start, 15, memory_budget=1 << 20, tablebase=False,
                           known_line=line, known_floor=len(line) - floor_gap)
    assert res.proven_minimal is proven and len(res.moves) <= len(line)
    assert play(board, start, res.moves) == 1 << 15
