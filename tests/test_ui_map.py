"""The Map: every position of a puzzle by its distance from the goal, checked against
breadth-first searches written here (the seeds' figures), and a farthest position played with one
click."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt

from pegapp.puzzles.whole_map import can_map
from pegapp.ui import map_view
from tests.game_windows import open_window  # noqa: F401 - the fixture
from pegapp.puzzles.rotate import PERMS
from tests.test_search_record import distance, layers, rotate_step


def open_map(qtbot, window):
    m = map_view.open_map(window)
    assert m is not None
    qtbot.addWidget(m)
    qtbot.waitUntil(lambda: m.map is not None, timeout=120000)
    return m


def _distinct_new(children: np.ndarray, *older: np.ndarray) -> np.ndarray:
    """children sorted and made distinct, less those any of the sorted arrays older holds."""
    children.sort()
    first = np.empty(children.size, bool)
    first[:1] = True
    np.not_equal(children[1:], children[:-1], out=first[1:])
    children = children[first]
    for seen in older:
        if seen.size:
            k = np.minimum(np.searchsorted(seen, children), seen.size - 1)
            children = children[seen[k] != children]
    return children


def slide_2x5_layers() -> list[int]:
    """Positions per distance from the goal of the 2x5 sliding puzzle, by a layered search on
    packed positions (4 bits a cell): a move adds the tile's value at the blank's cell and takes
    it from its own. The blank's cell alternates colour with every move, so a level's children
    lie only in the level before it or the next one. (The rows once unpacked into arrays of
    cells and np.unique's hashing made it 2 s of CPU; the same search, 0.35 s.)"""
    rows, cols = 2, 5
    goal = sum(v << (4 * c) for c, v in enumerate([1, 2, 3, 4, 5, 6, 7, 8, 9, 0]))
    prev = np.array([], np.int64)
    level = np.array([goal], np.int64)
    out = []
    while level.size:
        out.append(int(level.size))
        blank = np.zeros(level.size, np.int64)
        for cell in range(rows * cols):
            blank[(level >> (4 * cell)) & 15 == 0] = cell
        r, c = blank // cols, blank % cols
        children = []
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            ok = (r + dr >= 0) & (r + dr < rows) & (c + dc >= 0) & (c + dc < cols)
            v, at = level[ok], 4 * blank[ok]
            src = at + 4 * (dr * cols + dc)
            tile = (v >> src) & 15
            children.append(v + (tile << at) - (tile << src))
        prev, level = level, _distinct_new(np.concatenate(children), prev)
    return out


def perm_depths(root: tuple, perms) -> tuple[np.ndarray, np.ndarray]:
    """Every position reachable from root (a tuple of at most 16 values below 16) by the moves
    perms (new[i] = old[perm[i]], the rotation puzzle's PERMS: test_search_record's
    test_rotate_step_is_the_puzzles_own_moves), each move's reverse a move: the test's own
    breadth-first search, on positions packed 4 bits a cell, a level at a time in numpy (the
    search over tuples took 1.0-1.5 s of CPU). (sorted packed positions, their distances)."""
    n = len(root)
    shifts = 4 * np.arange(n, dtype=np.int64)
    perms = [np.asarray(p) for p in perms]
    level = np.array([sum(v << (4 * i) for i, v in enumerate(root))], np.int64)
    prev = np.array([], np.int64)
    found = []
    while level.size:
        found.append(level)
        cells = (level[:, None] >> shifts) & 15
        children = np.concatenate([(cells[:, p] << shifts).sum(axis=1) for p in perms])
        # reversible moves: a child lies in the level before, this one, or the next
        prev, level = level, _distinct_new(children, prev, level)
    codes = np.concatenate(found)
    dist = np.concatenate([np.full(lv.size, d) for d, lv in enumerate(found)])
    order = np.argsort(codes)
    return codes[order], dist[order]


def depth_of(depths: tuple[np.ndarray, np.ndarray], state) -> int:
    """The distance perm_depths found for state."""
    codes, dist = depths
    code = sum(int(v) << (4 * i) for i, v in enumerate(state))
    k = int(np.searchsorted(codes, code))
    assert codes[k] == code, state
    return int(dist[k])


def test_the_2x5_map_is_the_seeds_figures(qtbot, open_window):  # noqa: F811
    w = open_window("slide/2x5", {"start": [0, 9, 3, 7, 1, 5, 4, 8, 2, 6]})
    m = open_map(qtbot, w)
    expected = slide_2x5_layers()
    assert m.map.histogram == expected
    assert sum(expected) == 1_814_400 and len(expected) - 1 == 55 and expected[-1] == 2
    assert "1,814,400 positions" in m.summary.text() and "(2 positions)" in m.summary.text()
    # the position on the board is one of the two farthest
    assert m.here.text() == ("You are here: 55 moves from the goal, as far as any position "
                             "can be.")
    assert m.list.count() == 2


def test_the_rotation_map_and_one_click_plays_a_farthest_position(qtbot, open_window):  # noqa: F811,E501
    w = open_window("rotate/3x3", {"shuffle": 3})
    m = open_map(qtbot, w)
    puzzle = w.session.puzzle
    step = rotate_step   # the puzzle's moves, one C call each
    # every move's reverse is a move, so moves from the goal are moves to it: one search of the
    # 181,440 from the goal gives the layers and the clicked position's distance (two searches
    # of them before, the second from that position)
    assert {tuple(np.argsort(p)) for p in PERMS} == {tuple(p) for p in PERMS}
    from_goal = perm_depths(puzzle.goal, PERMS)
    expected = np.bincount(from_goal[1]).tolist()
    assert m.map.histogram == expected
    assert sum(expected) == 181_440 and len(expected) - 1 == 12 and expected[-1] == 13
    assert m.list.count() == 13
    here = distance(w.session.state, puzzle.goal, step)
    farther = sum(expected[here + 1:])
    assert m.here.text() == (f"You are here: {here} moves from the goal; {farther:,} "
                             "positions are farther.")
    assert m.chart.here == here
    # one click on a farthest position starts that game; the solver confirms its distance
    item = m.list.item(4)
    target = item.data(Qt.ItemDataRole.UserRole)
    qtbot.mouseClick(m.list.viewport(), Qt.MouseButton.LeftButton,
                     pos=m.list.visualItemRect(item).center())
    assert tuple(w.session.state) == tuple(target) and not w.session.moves
    assert depth_of(from_goal, w.session.state) == 12
    assert len(w.session.puzzle.solve(w.session.state).moves) == 12


def test_the_4x4_flip8_map(qtbot, open_window):  # noqa: F811
    w = open_window("flip8/4x4", {})
    m = open_map(qtbot, w)
    masks = w.session.puzzle.masks
    expected = layers(0, lambda s: [s ^ k for k in masks])
    assert m.map.histogram == expected
    assert sum(expected) == 4096 and len(expected) - 1 == 7
    # found by an outside trial: "(32 positions)" over a list of 24 that did not say so, each a
    # line of 0s and 1s: the list says it shows the first 24, each with its picture
    assert m.list.count() == 24 < expected[-1] == 32
    assert "first 24 of the 32 farthest" in m.list_label.text()
    assert all(not m.list.item(i).icon().isNull() for i in range(m.list.count()))
    # a farthest pattern, played, needs 7 presses (the test's own search)
    item = m.list.item(0)
    qtbot.mouseClick(m.list.viewport(), Qt.MouseButton.LeftButton,
                     pos=m.list.visualItemRect(item).center())
    assert distance(w.session.state, 0, lambda s: [s ^ k for k in masks]) == 7
    # from the keyboard: Down to another farthest pattern, Return plays it
    m = open_map(qtbot, w)
    m.list.setFocus()
    m.list.setCurrentRow(0)
    qtbot.keyClick(m.list, Qt.Key.Key_Down)
    target = m.list.item(1).data(Qt.ItemDataRole.UserRole)
    qtbot.keyClick(m.list, Qt.Key.Key_Return)
    assert w.session.state == target and not w.session.moves


def test_the_5x5_flip8_map_half_reachable_126_farthest(qtbot, open_window):  # noqa: F811
    w = open_window("flip8/5x5", {})
    m = open_map(qtbot, w)
    assert m.map.positions == 2 ** 25 // 2
    assert m.map.depth == 20 and m.map.farthest_count == 126


def test_the_map_is_offered_only_where_the_whole_space_fits(open_window):  # noqa: F811
    w = open_window("slide/2x5", {})
    assert can_map(w.session.puzzle)
    w.new_game("slide/4x4", {})
    assert not can_map(w.session.puzzle) and map_view.open_map(w) is None
    w.new_game("oshidori/k9", {"kinds": 9})
    assert not can_map(w.session.puzzle)
    # a small peg board, but no whole table of this start and finish ships (found by an outside
    # trial: the Map opened empty, "pegs/diamond13: no map for this puzzle")
    w.new_game("pegs/diamond13", {"start": [0], "finish": 12})
    assert not can_map(w.session.puzzle) and map_view.open_map(w) is None
    w.new_game("pegs/diamond13", {})
    assert can_map(w.session.puzzle)


def test_ctrl_m_where_no_map_fits_says_so(qtbot, open_window):  # noqa: F811
    """Found by an outside trial: Ctrl+M on English 33 did nothing at all (only opening the
    Solver menu disables the entry, and the key works with the menu closed)."""
    from PySide6.QtWidgets import QApplication

    w = open_window("pegs/english", {})
    before = set(QApplication.topLevelWidgets())
    w.map_action.trigger()
    assert "too many positions" in w.panel.hint_label.text()
    assert set(QApplication.topLevelWidgets()) == before   # and no empty map opened
    w.new_game("slide/2x5", {})
    w.map_action.trigger()
    maps = [t for t in QApplication.topLevelWidgets() if isinstance(t, map_view.MapWindow)]
    assert maps and "too many positions" not in w.panel.hint_label.text()
    for m in maps:
        qtbot.addWidget(m)


def test_the_jugs_map_measures_pouring_towards_the_goal(qtbot, open_window):  # noqa: F811
    params = {"capacities": [8, 5, 3], "target": 4}
    w = open_window("jugs", params)
    m = open_map(qtbot, w)
    puzzle = w.session.puzzle
    step = lambda s: [t for _, t in puzzle.neighbours(s)]  # noqa: E731

    def to_goal(s) -> int:   # the test's own search forward from s to any goal
        seen, level, d = {s}, [s], 0
        while not any(puzzle.is_solved(x) for x in level):
            level = [t for x in level for t in step(x) if not (t in seen or seen.add(t))]
            d += 1
        return d

    reachable = set()
    todo = [(0, 0, 0)]
    while todo:
        s = todo.pop()
        if s not in reachable:
            reachable.add(s)
            todo.extend(step(s))
    counts: dict[int, int] = {}
    for s in reachable:
        d = to_goal(s)
        counts[d] = counts.get(d, 0) + 1
    assert m.map.histogram == [counts[d] for d in range(max(counts) + 1)]
    assert m.chart.here == to_goal((0, 0, 0)) == len(puzzle.solve().moves)
    item = m.list.item(0)
    qtbot.mouseClick(m.list.viewport(), Qt.MouseButton.LeftButton,
                     pos=m.list.visualItemRect(item).center())
    assert w.session.state == item.data(Qt.ItemDataRole.UserRole)
    assert w.session.params["start"] == list(w.session.state)
    assert len(w.session.puzzle.solve(w.session.state).moves) == m.map.depth


def test_a_small_peg_boards_map_from_its_tablebase(qtbot, open_window):  # noqa: F811
    w = open_window("pegs/triangle15", {})
    m = open_map(qtbot, w)
    puzzle = w.session.puzzle
    memo: dict[int, int | None] = {}

    def to_goal(pos: int) -> int | None:   # the test's own search: fewest moves to one peg
        if pos in memo:
            return memo[pos]
        if bin(pos).count("1") == 1:
            ok = puzzle.finish is None or pos == 1 << puzzle.finish
            memo[pos] = 0 if ok else None
            return memo[pos]
        best = None
        for move in puzzle.moves(pos):
            d = to_goal(puzzle.apply(pos, move))
            if d is not None and (best is None or d + 1 < best):
                best = d + 1
        memo[pos] = best
        return best

    start = w.session.state
    assert m.chart.here == to_goal(start)
    winnable = [d for d in memo.values() if d is not None]
    assert m.map.depth == max(winnable)
    assert "symmetric ones counted once" in m.summary.text()
    item = m.list.item(0)
    qtbot.mouseClick(m.list.viewport(), Qt.MouseButton.LeftButton,
                     pos=m.list.visualItemRect(item).center())
    assert w.session.state == item.data(Qt.ItemDataRole.UserRole)
    assert to_goal(w.session.state) == m.map.depth
    assert can_map(w.session.puzzle)  # a game from a position of the Map has the Map too


@pytest.mark.parametrize("board", ["beginner-cross", "beginner-pyramid", "diamond13"])
def test_a_peg_map_counts_the_positions_reachable_from_its_own_start(qtbot, open_window, board):  # noqa: F811,E501
    """The beginners' cross and pyramid share their holes and jumps, so the tables of one goal
    serve both; found by an outside trial: each one's Map was the two together (27 positions,
    for 6 and 22). Checked by the test's own search from the start, the positions that can
    still win counted once for each set of symmetric ones."""
    w = open_window(f"pegs/{board}", {})
    m = open_map(qtbot, w)
    puzzle = w.session.puzzle
    memo: dict[int, int | None] = {}

    def to_goal(pos: int) -> int | None:
        if pos not in memo:
            if bin(pos).count("1") == 1:
                memo[pos] = 0 if puzzle.finish is None or pos == 1 << puzzle.finish else None
            else:
                ds = [to_goal(puzzle.apply(pos, move)) for move in puzzle.moves(pos)]
                ds = [d for d in ds if d is not None]
                memo[pos] = min(ds) + 1 if ds else None
        return memo[pos]

    start = w.session.state
    seen, todo = {start}, [start]
    while todo:
        pos = todo.pop()
        for move in puzzle.moves(pos):
            child = puzzle.apply(pos, move)
            if child not in seen:
                seen.add(child)
                todo.append(child)
    goal = {1 << puzzle.finish} if puzzle.finish is not None else None

    def image(perm, pos: int) -> int:
        return sum(1 << perm[h] for h in range(puzzle.board.n) if pos >> h & 1)

    keeping = [p for p in puzzle.board.symmetries
               if image(p, start) == start and (goal is None or {image(p, x) for x in goal} == goal)]
    classes = {min(image(p, pos) for p in keeping) if keeping else pos: to_goal(pos)
               for pos in seen if to_goal(pos) is not None}
    histogram = np.bincount(list(classes.values())).tolist()
    assert m.map.histogram == histogram and m.map.positions == len(classes)
