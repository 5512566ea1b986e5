"""Graded hints through the real window (issue #56, point 1): H says first how far the goal is,
then marks the piece to move, then shows the whole move; the setting "solver/whole_hint" gives
the move at once; a move starts again; the statistics count each step. Distances and pieces are
checked against brute forces written here (no code of pegapp.solvers)."""

from __future__ import annotations

import random
import re
from collections import deque

import pytest
from PySide6.QtCore import QSettings

from pegapp.core.stats import Stats
from pegapp.ui.game_window import GameWindow
from tests.peg_reference import brute_force_goal_distances, chains

pytestmark = pytest.mark.graded_hints


def press_h(qtbot, w) -> str:
    """Press H (the Hint shortcut) and wait for the worker's final answer: the hint line."""
    w.activateWindow()
    w.hint_action.trigger()
    qtbot.waitUntil(lambda: not w.assistant.busy and bool(w.panel.hint_label.text()), timeout=120000)
    return w.panel.hint_label.text()


def make(qtbot, tmp_path, puzzle_id, params=None, whole=None) -> GameWindow:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("view/animate", False)
    settings.setValue("solver/think_ahead", False)
    if whole is not None:
        settings.setValue("solver/whole_hint", whole)
    w = GameWindow(puzzle_id, params or {}, settings=settings, data_dir=tmp_path / "data",
                   restore=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


# ---- brute forces

def peg_distances(board, start, finish):
    """Fewest moves (a chain is one move) to one peg (in finish, when set) from every position
    reachable from start that can reach it (tests/peg_reference's brute force)."""
    holes = [finish] if finish is not None else range(board.n)
    return brute_force_goal_distances(board, start, [1 << h for h in holes])


def slide_distances(goal, cols, depth):
    """BFS from the goal (slides are their own inverse), to depth."""
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        s = queue.popleft()
        if dist[s] == depth:
            continue
        for t in slide_children(s, cols).values():
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    return dist


def slide_children(s, cols):
    """{tile slid: position after} for each tile beside the gap."""
    gap = s.index(0)
    r, c = divmod(gap, cols)
    out = {}
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < len(s) // cols and 0 <= cc < cols:
            k = rr * cols + cc
            t = list(s)
            t[gap], t[k] = t[k], 0
            out[s[k]] = tuple(t)
    return out


def jug_children(caps, s):
    """{(operation, jug...): state after} for every fill, empty and pour that changes s."""
    out = {}
    for i, cap in enumerate(caps):
        if s[i] < cap:
            out[("fill", i)] = s[:i] + (cap,) + s[i + 1:]
        if s[i]:
            out[("empty", i)] = s[:i] + (0,) + s[i + 1:]
        for j, capj in enumerate(caps):
            if i != j and s[i] and s[j] < capj:
                amount = min(s[i], capj - s[j])
                t = list(s)
                t[i] -= amount
                t[j] += amount
                out[("pour", i, j)] = tuple(t)
    return out


def jug_distance(caps, target, start):
    dist = {start: 0}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if target in s:
            return dist[s]
        for t in jug_children(caps, s).values():
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    return None


def winning_line_to_a_loss(board, start, dist):
    """The shortest line of moves from start whose last move alone leaves the winnable
    positions (dist)."""
    lines = {start: []}
    queue = deque([start])
    while queue:
        p = queue.popleft()
        for path, child in chains(board, p):
            if child not in dist:
                return lines[p] + [path]
            if child not in lines:
                lines[child] = lines[p] + [path]
                queue.append(child)
    raise AssertionError("no dead end")


# ---- the window, family by family

def test_a_peg_board_in_three_presses(qtbot, tmp_path):
    w = make(qtbot, tmp_path, "pegs/diamond13")
    board, start = w.view.board, w.session.state
    dist = peg_distances(board, start, w.session.puzzle.finish)
    d = dist[start]
    first = press_h(qtbot, w)
    assert first.splitlines() == [f"You can still win: {d} moves at best.",
                                  "Press H again to see which peg to move."]
    assert w.view.hint is None  # nothing on the board yet
    second = press_h(qtbot, w)
    best_pegs = {path[0] for path, child in chains(board, start) if dist.get(child) == d - 1}
    marked = w.view.hint
    assert len(marked) == 1 and marked[0] in best_pegs, (marked, best_pegs)
    assert second.splitlines() == [f"Move the peg at {board.hole_name(marked[0])}.",
                                   "Press H again to see the whole move."]
    third = press_h(qtbot, w)
    move = w.view.hint
    assert move[0] == marked[0] and len(move) >= 2
    assert third.startswith("Hint: Jump the peg at") and f"{d - 1} moves remain" in third
    fourth = press_h(qtbot, w)  # a fourth press: the whole move again, as today
    assert fourth == third and w.view.hint == move
    # the steps in the statistics: each is a hint, and the record says which
    assert w.tracker.hints_this_game == 4
    assert w.tracker.hint_steps == {1: 1, 2: 1, 3: 2}


def test_a_move_starts_the_hint_again(qtbot, tmp_path):
    w = make(qtbot, tmp_path, "pegs/diamond13")
    press_h(qtbot, w)
    press_h(qtbot, w)
    press_h(qtbot, w)
    move = w.view.hint
    w.view.movesRequested.emit([move])
    qtbot.waitUntil(lambda: w.session.move_count == 1)
    assert w.view.hint is None and w.panel.hint_label.text() == ""
    text = press_h(qtbot, w)
    assert text.startswith("You can still win:"), text
    assert w.view.hint is None
    w.panel.undo_button.click()  # undo: the position changed, the steps start again
    assert press_h(qtbot, w).startswith("You can still win:")


def test_the_setting_gives_the_whole_move_at_once(qtbot, tmp_path):
    w = make(qtbot, tmp_path, "pegs/diamond13", whole=True)
    text = press_h(qtbot, w)
    assert text.startswith("Hint: Jump the peg at"), text
    assert len(w.view.hint) >= 2
    assert w.tracker.hint_steps == {3: 1}


def test_a_dead_end_says_so_at_the_first_press(qtbot, tmp_path):
    w = make(qtbot, tmp_path, "pegs/diamond13")
    board, start = w.view.board, w.session.state
    dist = peg_distances(board, start, w.session.puzzle.finish)
    # moves that keep the win, then one that loses it (the first such found breadth first)
    line = winning_line_to_a_loss(board, start, dist)
    for move in line:
        w.view.movesRequested.emit([list(move)])
    qtbot.waitUntil(lambda: w.session.move_count == len(line))
    text = press_h(qtbot, w)
    assert text.startswith("Dead end: the goal cannot be reached from this position."), text
    assert "Press H again" not in text
    assert w.panel.back_to_good_button.isVisibleTo(w)  # the way to the last winnable position


def test_a_sliding_puzzle_in_three_presses(qtbot, tmp_path):
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    start, rng = goal, random.Random(5)
    for _ in range(9):      # a few slides away from the goal
        start = slide_children(start, 3)[rng.choice(sorted(slide_children(start, 3)))]
    dist = slide_distances(goal, 3, 12)
    d = dist[start]
    w = make(qtbot, tmp_path, "slide/3x3", {"start": list(start)})
    assert press_h(qtbot, w).splitlines() == [f"You can still win: {d} moves at best.",
                                               "Press H again to see which tile to slide."]
    assert w.view.hint is None
    text = press_h(qtbot, w)
    best = {t for t, after in slide_children(start, 3).items() if dist.get(after) == d - 1}
    assert w.view.hint in best and text.startswith(f"Slide tile {w.view.hint}."), text
    third = press_h(qtbot, w)
    assert third.startswith("Hint:") and "Press H again" not in third


def test_water_jugs_in_three_presses(qtbot, tmp_path):
    caps, target = (8, 5), 4
    w = make(qtbot, tmp_path, "jugs", {"capacities": list(caps), "target": target})
    start = tuple(w.session.state)
    d = jug_distance(caps, target, start)
    assert press_h(qtbot, w).splitlines() == [f"You can still win: {d} moves at best.",
                                               "Press H again to see which jug to use."]
    text = press_h(qtbot, w)
    best_jugs = {m[1] for m, after in jug_children(caps, start).items()
                 if jug_distance(caps, target, after) == d - 1}
    jug = w.view.hint[1]
    assert len(w.view.hint) == 2 and jug in best_jugs
    assert text.startswith(f"Fill, empty or pour from jug {jug + 1}."), text
    third = press_h(qtbot, w)
    assert third.startswith("Hint:") and f"then {d - 1} moves remain" in third
    # the move, when shown, names the jug the same way, with one of the same verbs (issue #76)
    move_words = third.removeprefix("Hint:").strip()
    assert re.match(rf"(Fill|Empty|Pour) jug {jug + 1}\b", move_words), third


def test_stone_pairs_mark_the_pair_before_the_move(qtbot, tmp_path):
    w = make(qtbot, tmp_path, "oshidori/k3", {"kinds": 3})
    first = press_h(qtbot, w)
    d = int(re.search(r"(\d+) moves at best", first).group(1))
    assert first.endswith("Press H again to see which pair to move.")
    second = press_h(qtbot, w)
    src, dst = w.view.hint
    assert dst == -1 and second.startswith(f"Move the pair at {src + 1}–{src + 2}."), second
    press_h(qtbot, w)
    move = w.view.hint
    assert move[0] == src
    # the whole move is a minimum one: d - 1 moves remain after it (the window's own hint)
    assert f"then {d - 1} moves remain" in w.panel.hint_label.text()


@pytest.mark.parametrize("ruleset, expected, worst", [
    # the optimal strategies' figures from the start, as published: bulls and cows 26274/5040
    # guesses on average, 7 at most (T. Tanaka); Mastermind 5625/1296, 6 at most (Koyama & Lai)
    ("bulls", 26274 / 5040, 7), ("mastermind", 5625 / 1296, 6)])
def test_bulls_and_cows_the_guesses_left_then_the_guess(qtbot, tmp_path, ruleset, expected,
                                                        worst):
    params = {"secret": "4567"} if ruleset == "bulls" else {"ruleset": "mastermind",
                                                          "secret": "1234"}
    w = make(qtbot, tmp_path, ruleset, params)
    first = press_h(qtbot, w)
    assert first.splitlines() == [
        f"At best {expected:.2f} more guesses on average, {worst} at most, the next one "
        f"included.", "Press H again to see the best guess."]
    second = press_h(qtbot, w)  # no piece: the guess itself
    assert re.fullmatch(r"Hint: Guess \d{4} — the proven best\.", second), second
    assert w.tracker.hint_steps == {1: 1, 3: 1}


def test_statistics_count_each_step(qtbot, tmp_path):
    w = make(qtbot, tmp_path, "pegs/diamond13")
    for _ in range(3):
        press_h(qtbot, w)
    w.tracker.flush()
    stats, _warning = Stats.open(tmp_path / "data" / "statistics.sqlite3")
    row = next(r for r in stats.rows() if r["puzzle_id"].startswith("pegs/diamond13"))
    assert (row["hints"], row["hint_distance"], row["hint_piece"], row["hint_move"]) == \
        (3, 1, 1, 1)
    stats.close()


def test_the_statistics_window_shows_the_steps(qtbot, tmp_path):
    from pegapp.ui.stats_window import StatsWindow
    rows = [{"puzzle_id": "jugs", "variant": "", "started": 2, "solved": 1, "best_moves": 10,
             "minimum": 10, "hints": 5, "seconds": 60.0, "in_par": 0, "hint_distance": 2,
             "hint_piece": 1, "hint_move": 2},
            {"puzzle_id": "slide/3x3", "variant": "", "started": 1, "solved": 0,
             "best_moves": None, "minimum": None, "hints": 4, "seconds": 5.0, "in_par": 0,
             "hint_distance": 0, "hint_piece": 0, "hint_move": 4}]
    window = StatsWindow(rows=rows)
    qtbot.addWidget(window)
    cells = {window.table.item(r, 0).toolTip(): window.table.item(r, 5)
             for r in range(window.table.rowCount())}
    assert cells["jugs"].text() == "5 (2 · 1 · 2)"
    assert "which piece to move: 1" in cells["jugs"].toolTip()
    assert cells["slide/3x3"].text() == "4"  # whole moves only: the number alone, as before
