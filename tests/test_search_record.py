"""The search's own record (SolveResult.search), checked against breadth-first searches written
here: every complete level the solver records holds as many positions as an independent
search finds at that depth, and the meeting's two levels add up to the solution's length."""

from __future__ import annotations

import functools
import random
from operator import itemgetter

import pytest

from pegapp.puzzles.flip8 import Flip8
from pegapp.puzzles.jugs import Jugs
from pegapp.puzzles.oshidori import Oshidori, kinds_goal
from pegapp.puzzles.rotate import PERMS, RotatePuzzle
from pegapp.puzzles.slide import SlidePuzzle
from pegapp.solvers import search
from pegapp.solvers.stone_pairs.rules import neighbours as oshidori_neighbours
from pegapp.solvers.stone_pairs.engine import solve_cells
from pegapp.solvers.record import SEARCH, TABLE, SearchRecord, listening
from pegapp.solvers.result import SOLVED


def layers(root, step) -> list[int]:
    """Positions at each distance from root (step(state) -> next states): the test's own BFS."""
    seen = {root}
    level = [root]
    out = []
    while level:
        out.append(len(level))
        nxt = []
        for s in level:
            for t in step(s):
                if t not in seen:
                    seen.add(t)
                    nxt.append(t)
        level = nxt
    return out


def depths(root, step) -> dict:
    """Moves from root to every position it reaches (step(state) -> next states): the test's own
    breadth-first search, as layers() but keeping each position's distance."""
    seen = {root: 0}
    level = [root]
    while level:
        nxt = []
        for s in level:
            for t in step(s):
                if t not in seen:
                    seen[t] = seen[s] + 1
                    nxt.append(t)
        level = nxt
    return seen


def distance(root, goal, step) -> int:
    seen = {root: 0}
    level = [root]
    d = 0
    while level:
        if goal in level:
            return d
        nxt = []
        for s in level:
            for t in step(s):
                if t not in seen:
                    seen[t] = d + 1
                    nxt.append(t)
        level, d = nxt, d + 1
    raise AssertionError("unreachable")


def states_of(neighbours):
    return lambda s: [t for _, t in neighbours(s)]


def check_levels(record: SearchRecord, start, goal, step, length: int,
                 layers_of=layers) -> None:
    """Complete levels equal the independent layers on each side (layers_of(root, step)); the
    meeting adds up."""
    assert record.meeting is not None and sum(record.meeting) == length
    fwd = layers_of(start, step)
    bwd = layers_of(goal, step)
    assert record.forward, "the start's level 0 is recorded"
    assert record.forward == fwd[:len(record.forward)]
    assert record.backward == bwd[:len(record.backward)]
    a, b = record.meeting
    # the side that met was building the level after its deepest complete one
    assert (a, b) in {(len(record.forward), len(record.backward) - 1),
                      (len(record.forward) - 1, len(record.backward))}
    assert record.positions >= sum(record.forward) + sum(record.backward)
    assert record.examined >= record.positions - 2
    assert record.seconds >= 0


#: the rotation puzzle's moves as its cells' permutations (rotate.PERMS), each applied with one C
#: call: the breadth-first searches over all 181,440 positions spent most of their time in
#: RotatePuzzle.neighbours' tile-by-tile tuples (test_rotate_step_is_the_puzzles_own_moves)
_ROTATE_GETTERS = [itemgetter(*perm) for perm in PERMS]


def rotate_step(s: tuple) -> list[tuple]:
    return [get(s) for get in _ROTATE_GETTERS]


def test_rotate_step_is_the_puzzles_own_moves():
    p = RotatePuzzle()
    rng = random.Random(3)
    s = p.goal
    for _ in range(50):
        assert rotate_step(s) == states_of(p.neighbours)(s)
        s = p.apply(s, rng.randrange(8))


@functools.lru_cache(maxsize=2)
def rotation_layers(root) -> tuple:
    """layers(root) of the 3x3 rotation puzzle, a root's once: all 181,440 positions searched
    (some 1.5 s), from the goal in two tests here."""
    return tuple(layers(root, rotate_step))


def test_bidirectional_levels_on_rotation_positions():
    p = RotatePuzzle()
    rng = random.Random(5)
    start = p.goal
    for _ in range(12):
        start = p.apply(start, rng.randrange(8))
    res = search.bidirectional_bfs(start, p.goal, p.neighbours)
    assert res.status == SOLVED and res.search.source == SEARCH
    assert len(res.moves) == distance(start, p.goal, rotate_step)
    check_levels(res.search, start, p.goal, rotate_step, len(res.moves),
                 lambda root, _step: list(rotation_layers(root)))


@pytest.mark.parametrize("backend", ["python", "numpy", "numba"])
def test_stone_pair_backends_keep_the_same_record(backend):
    goal = kinds_goal(3)
    start = Oshidori(kinds=3).start
    res = solve_cells(start, goal, backend=backend)
    assert res.status == SOLVED
    step = states_of(oshidori_neighbours)
    assert len(res.moves) == distance(start, goal, step)
    check_levels(res.search, start, goal, step, len(res.moves))
    if backend != "python":
        assert res.search.peak_bytes > 0


def test_breadth_first_keeps_forward_levels_only():
    jugs = Jugs((8, 5, 3), 4)
    res = jugs.solve()
    assert res.status == SOLVED
    record = res.search
    assert record.backward == [] and record.meeting == (len(res.moves), 0)
    step = states_of(jugs.neighbours)
    full = layers(jugs.initial(), step)
    assert record.forward == full[:len(record.forward)]
    assert len(record.forward) == len(res.moves)   # complete levels before the goal's
    assert record.positions <= sum(full)


def test_rotation_table_answer_is_the_table_search_back_from_the_goal():
    p = RotatePuzzle()
    start = p.apply(p.apply(p.goal, 3), 6)
    res = p.solve(start)
    record = res.search
    assert record.source == TABLE and record.origin
    full = list(rotation_layers(p.goal))
    assert record.backward == full
    assert sum(full) == 181_440 and len(full) - 1 == 12 and full[-1] == 13
    assert record.meeting == (0, len(res.moves))
    assert len(res.moves) == distance(start, p.goal, states_of(p.neighbours))


def test_slide_table_answer_and_its_live_levels():
    p = SlidePuzzle.from_id("slide/2x3")
    heard = []
    with listening(lambda r: heard.append((list(r.backward), list(r.forward)))):
        start = p.goal
        for m in [1, 2, 3]:
            nxt = [t for _, t in p.neighbours(start)]
            start = nxt[m % len(nxt)]
        res = p.solve(start)
    full = layers(p.goal, states_of(p.neighbours))
    assert res.search.backward == full
    assert res.search.meeting == (0, len(res.moves))
    assert len(res.moves) == distance(start, p.goal, states_of(p.neighbours))
    if heard:  # the table was built now (no cached copy): the listener heard every level
        assert heard[-1][0] == full


@pytest.mark.parametrize("size", ["3x3", "4x4"])
def test_flip8_answer_is_worked_out(size):
    p = Flip8.from_id(f"flip8/{size}")
    rng = random.Random(2)
    state = 0
    for _ in range(5):
        state = p.apply(state, rng.randrange(p.size))
    res = p.solve(state)
    record = res.search
    assert record.source == TABLE and record.origin
    step = lambda s: [s ^ m for m in p.masks]  # noqa: E731
    assert sum(record.meeting) == len(res.moves) == distance(state, 0, step)


def test_listener_hears_each_level_in_order():
    p = RotatePuzzle()
    start = p.apply(p.apply(p.apply(p.goal, 1), 4), 7)
    sizes = []
    with listening(lambda r: sizes.append((len(r.forward), len(r.backward)))):
        res = search.bidirectional_bfs(start, p.goal, p.neighbours)
    assert sizes[0] == (1, 0) and sizes[1] == (1, 1)
    assert sizes[-1] == (len(res.search.forward), len(res.search.backward))
    assert all(sum(b) - sum(a) == 1 for a, b in zip(sizes, sizes[1:]))
