"""Sliding tiles near the goal are answered without the pattern databases (found by an outside
trial: a 5x5 position one move from the goal took 22 s, the tables being built first). The A*
pass's answers are checked against the exact 3x3 distance table and breadth-first searches
written here."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import deque
from pathlib import Path

import pytest

from pegapp.puzzles.slide import SlidePuzzle
from pegapp.solvers.sliding.astar import quick_solve

ROOT = Path(__file__).resolve().parents[1]


def walk(rows: int, cols: int, steps: int, rng: random.Random) -> list[int]:
    """A position steps random slides from the goal (never straight back)."""
    n = rows * cols
    state, blank, before = list(range(1, n)) + [0], n - 1, -1
    for _ in range(steps):
        r, c = divmod(blank, cols)
        cells = [(r + dr) * cols + c + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                 if 0 <= r + dr < rows and 0 <= c + dc < cols]
        cell = rng.choice([x for x in cells if x != before] or cells)
        state[blank], state[cell] = state[cell], 0
        before, blank = blank, cell
    return state


def bfs_distance(rows: int, cols: int, start: list[int]) -> int:
    """The fewest slides from start to the goal, breadth-first."""
    n = rows * cols
    goal = tuple(list(range(1, n)) + [0])
    seen, queue = {tuple(start): 0}, deque([tuple(start)])
    while queue:
        state = queue.popleft()
        if state == goal:
            return seen[state]
        blank = state.index(0)
        r, c = divmod(blank, cols)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                cell = (r + dr) * cols + c + dc
                after = list(state)
                after[blank], after[cell] = after[cell], 0
                key = tuple(after)
                if key not in seen:
                    seen[key] = seen[state] + 1
                    queue.append(key)
    raise AssertionError("unsolvable")


def slid_home(puzzle: SlidePuzzle, start, moves) -> bool:
    state = tuple(start)
    for tile in moves:
        state = puzzle.apply(state, tile)
    return puzzle.is_solved(state)


def test_every_answer_on_the_3x3_is_the_tables_distance():
    puzzle = SlidePuzzle(3, 3)
    table_answer = SlidePuzzle(3, 3)
    rng = random.Random(7)
    answered = 0
    for steps in range(0, 40, 2):
        start = walk(3, 3, steps, rng)
        quick = quick_solve(3, 3, start)
        if quick is None:
            continue
        answered += 1
        exact = table_answer.solve(start)
        assert quick.proven_minimal and len(quick.moves) == len(exact.moves), start
        assert slid_home(puzzle, start, quick.moves)
    assert answered >= 15


@pytest.mark.parametrize("rows, cols", [(3, 4), (4, 4), (5, 5)])
def test_near_the_goal_the_answer_is_a_breadth_first_searchs_length(rows, cols):
    puzzle = SlidePuzzle(rows, cols)
    rng = random.Random(rows * 10 + cols)
    for steps in (1, 3, 6, 9, 12):
        start = walk(rows, cols, steps, rng)
        quick = quick_solve(rows, cols, start)
        assert quick is not None and quick.proven_minimal
        assert len(quick.moves) == bfs_distance(rows, cols, start), start
        assert slid_home(puzzle, start, quick.moves)


def test_far_from_the_goal_it_gives_the_question_back():
    start = walk(5, 5, 400, random.Random(3))
    assert quick_solve(5, 5, start, limit=200) is None


def test_a_5x5_hint_one_move_from_the_goal_builds_no_table(tmp_path):
    """The trial's position, in a fresh process with an empty cache: answered proven, and no
    pattern database built or saved (nor their search's module loaded)."""
    start = " ".join(map(str, list(range(1, 24)) + [0, 24]))
    env = {**os.environ, "PEGAPP_CACHE_DIR": str(tmp_path / "cache"), "HOME": str(tmp_path)}
    code = ("import sys, json; from pegapp import cli; "
            f"cli.main(['hint', 'slide/5x5', '--start', {start!r}, '--json']); "
            "print(json.dumps('pegapp.solvers.sliding.pdb' in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    answer = json.loads(lines[-2])
    assert answer["proven_minimal"] and answer["move"] == 24 and answer["remaining"] == 0
    assert json.loads(lines[-1]) is False
    cache = tmp_path / "cache"
    assert not cache.exists() or not any(cache.rglob("pdb_*"))
