"""The two example families under tests/plugins, installed with pip as their users would: Tower
of Hanoi and Lights Out (written from docs/DESIGN.md, "How to add a family", alone). Each keeps the
family contract (`pegapp check-family`), and in the one game window plays by clicks, hints, saves
and restores, counts in the statistics and exports its solution; Lights Out's bool parameter
(wrapping edges) survives a save, and its own Japanese translation is loaded with PegApp's. Moves
are checked by the test's own rules, never by the plug-ins' solvers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt

from pegapp.puzzles import registry
from pegapp.puzzles.session import Session
from tests.test_cli import run

ROOT = Path(__file__).resolve().parents[1]


def lights_after(presses: list[int], start: int, wrap: bool) -> int:
    """The test's own Lights Out rules: each press toggles its cell and the four neighbours."""
    state = start
    for cell in presses:
        r, c = divmod(cell, 5)
        for dr, dc in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
            rr, cc = r + dr, c + dc
            if wrap:
                rr, cc = rr % 5, cc % 5
            if 0 <= rr < 5 and 0 <= cc < 5:
                state ^= 1 << (rr * 5 + cc)
    return state


def test_lights_out_keeps_the_contract_and_solves_on_the_command_line(lightsout_on_path, capsys):
    """The command line in this process with the plug-in on the path (3.1 s of CPU as three
    processes); a plug-in found by a process of its own is test_plugin_hanoi's
    test_it_appears_in_pegapp_families."""
    code, check, err = run(capsys, "check-family", "lightsout")
    assert code == 0, err
    assert check.startswith("lightsout: keeps the family contract")
    code, out, err = run(capsys, "solve", "lightsout/5x5", "--json")
    assert code == 0, err
    answer = json.loads(out)
    assert answer["status"] == "solved" and answer["proven_minimal"] is True
    assert lights_after(answer["moves"], answer["start"], wrap=False) == 0
    code, _, refused = run(capsys, "solve", "lightsout/5x5", "--start", "1")
    assert code == 2
    assert "lightsout/5x5 does not take --start (it takes no options)" in refused


def test_the_hanoi_example_keeps_the_contract(hanoi_on_path, capsys):
    code, _, err = run(capsys, "check-family", "hanoi")
    assert code == 0, err


def click_lights(qtbot, view, presses):
    for cell in presses:
        centre = view.cell_rect(cell).center()
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton,
                         pos=QPoint(int(centre.x()), int(centre.y())))


def click_pegs(qtbot, view, moves):
    for a, b in moves:
        for peg in (a, b):
            centre = view.peg_rect(peg).center()
            qtbot.mouseClick(view, Qt.MouseButton.LeftButton,
                             pos=QPoint(int(centre.x()), int(centre.y())))


def hanoi_moves(n: int, a: int = 0, b: int = 2, via: int = 1) -> list[tuple[int, int]]:
    if n == 0:
        return []
    return hanoi_moves(n - 1, a, via, b) + [(a, b)] + hanoi_moves(n - 1, via, b, a)


@pytest.mark.parametrize("plugin", ["hanoi", "lightsout"])
def test_an_example_plays_hints_saves_restores_counts_and_exports(qtbot, open_window, tmp_path,
                                                                 request, plugin):
    request.getfixturevalue(f"{plugin}_on_path")
    if plugin == "hanoi":
        puzzle_id, params, click = "hanoi/3", {}, click_pegs
    else:
        puzzle_id, params, click = "lightsout/5x5", {"wrap": True}, click_lights
    w = open_window(puzzle_id, params)
    assert type(w.view).__module__ == f"pegapp_{plugin}.view"
    # a hint: a legal move, shown on the board
    w.panel.hint_button.click()
    qtbot.waitUntil(lambda: not w.assistant.busy and w.view.hint is not None, timeout=60000)
    assert w.view.hint in w.session.legal_moves
    # play the hinted move by clicks, save, and restore in another window
    first = w.view.hint
    click(qtbot, w.view, [first])
    assert w.session.move_count == 1
    path = tmp_path / "game.pegapp.json"
    assert w.files.save_game(path)
    again = open_window(puzzle_id, params)
    assert again.files.load_game(path)
    assert again.session.params == w.session.params and again.session.state == w.session.state
    assert Session.load(path).params == params   # a bool param read back as a bool
    # win by clicks (the test's own solution), counted in the statistics
    if plugin == "hanoi":
        rest = hanoi_moves(3)[1:] if tuple(first) == (0, 2) else None
        assert rest is not None, first   # the only first move of the 7-move solution
    else:
        start = again.session.start
        # the test's own search: the presses (each once, in any order) that switch off the rest
        state = lights_after([first], start, wrap=True)
        rest = next([c for c in range(25) if k >> c & 1] for k in _presses_by_weight()
                    if lights_after([c for c in range(25) if k >> c & 1], state, wrap=True) == 0)
    click(qtbot, again.view, rest)
    assert again.session.solved
    row = again.stats.row(again.session.puzzle.id, again.family.stats_variant(puzzle_id, params))
    assert row is not None and row["solved"] == 1
    # Solve, and export the replayed solution
    again.new_game(puzzle_id, params)
    again.panel.solve_button.click()
    qtbot.waitUntil(lambda: again.replaying, timeout=60000)
    assert again.answers.export_solution(tmp_path / f"{plugin}.png") >= 1
    assert (tmp_path / f"{plugin}.png").stat().st_size > 0


def _presses_by_weight():
    """Every set of presses on 25 cells up to 6 presses, fewest first (enough for the test's
    positions: a solution of the example's start is 5 presses)."""
    from itertools import combinations
    for k in range(0, 7):
        for cells in combinations(range(25), k):
            yield sum(1 << c for c in cells)


def test_lights_out_speaks_its_own_japanese(qtbot, lightsout_on_path):
    from PySide6.QtCore import QCoreApplication

    from pegapp.core.messages import msg
    from pegapp.ui import i18n

    app = QCoreApplication.instance()
    family = registry.families()["lightsout"]
    puzzle = family.make("lightsout/5x5", {})
    try:
        assert i18n.install_translator(app, "ja") == "ja"
        assert i18n.rules_text(family).startswith("明かりを押すと")
        assert i18n.translated(puzzle.describe_move(0, 12)) == "c3 を押す"
        assert i18n.translated(msg("Wrapping edges")) == "端がつながる"
        assert QCoreApplication.translate("LightsOutView", "Lights on: %1") == "点いている明かり: %1"
        # PegApp's own words still come from its own catalogue
        assert i18n.translated(msg("jug {jug} is already full", jug=1)) != \
            "jug 1 is already full"
    finally:
        i18n.install_translator(app, "en")
    assert i18n.rules_text(family) == family.rules


def test_no_file_of_pegapp_names_lights_out():
    for path in [*(ROOT / "pegapp").rglob("*.py"), ROOT / "pyproject.toml"]:
        text = path.read_text(encoding="utf-8").lower()
        assert "lightsout" not in text and "lights out" not in text, path
