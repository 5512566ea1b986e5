"""A family written from the docs alone (issue #58): Guarini's knights under tests/plugins,
installed with pip, keeps the contract, solves in the fewest moves (16, checked by a search
written here) and shows the Map in the window, which it gets through the contract
(POSITIONS_BOUND) with no file of pegapp/ naming it."""

from __future__ import annotations

import json

from pegapp import cli
from pegapp.puzzles.whole_map import can_map
from tests.game_windows import open_window  # noqa: F401 - the fixture
from tests.test_ui_map import open_map

START, GOAL = "W.W...B.B", "B.B...W.W"


def knight_steps(state: str) -> list[str]:
    """The test's own rules: every position one knight's jump onto an empty square away."""
    out = []
    for a in range(9):
        if state[a] == ".":
            continue
        r, c = divmod(a, 3)
        for dr, dc in ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)):
            if 0 <= r + dr < 3 and 0 <= c + dc < 3 and state[b := (r + dr) * 3 + c + dc] == ".":
                s = list(state)
                s[a], s[b] = ".", s[a]
                out.append("".join(s))
    return out


def levels_from(state: str) -> list[list[str]]:
    """Breadth-first levels of positions from state (knight jumps can be undone, so distances
    from the goal are distances to it)."""
    seen, level, out = {state}, [state], []
    while level:
        out.append(level)
        nxt = []
        for s in level:
            for t in knight_steps(s):
                if t not in seen:
                    seen.add(t)
                    nxt.append(t)
        level = nxt
    return out


def test_the_independent_search_finds_16_moves():
    levels = levels_from(GOAL)
    assert [i for i, level in enumerate(levels) if START in level] == [16]
    assert sum(map(len, levels)) == 280


def test_the_plug_in_keeps_the_contract_and_solves_in_16(capsys, guarini_on_path):
    assert cli.main(["check-family", "guarini"]) == 0
    capsys.readouterr()
    assert cli.main(["solve", "guarini", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["length"] == 16 and answer["proven_minimal"] is True
    state = START
    for a, b in answer["moves"]:   # replayed with the test's own rules
        after = [t for t in knight_steps(state) if t[a] == "." and t[b] == state[a]]
        assert len(after) == 1, f"{a}-{b} is not a knight's jump onto an empty square"
        state = after[0]
    assert state == GOAL


def test_the_window_shows_the_plug_ins_map(qtbot, guarini_on_path, open_window):  # noqa: F811
    w = open_window("guarini", {})
    assert can_map(w.session.puzzle)   # the window offers the Map (was: "too many positions")
    m = open_map(qtbot, w)
    levels = levels_from(GOAL)
    assert m.map.histogram == [len(level) for level in levels]
    assert m.map.farthest and set(m.map.farthest) <= set(levels[-1])
    assert m.here.text().startswith("You are here: 16 moves from the goal")
    assert m.list.count() == len(levels[-1])
