"""A family from outside (issue #12): the Tower of Hanoi package under tests/plugins, installed
with pip, appears in `pegapp families`, solves on the command line with the fields every family
gives, and plays in the window, with no file of pegapp/ naming it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pegapp import cli
from pegapp.puzzles import registry
from tests.test_cli import run

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "tests" / "plugins" / "pegapp_hanoi"


def pegapp(installed: Path, *args: str) -> subprocess.CompletedProcess:
    paths = [str(installed), str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths))
    return subprocess.run([sys.executable, "-m", "pegapp", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def hanoi_replay(discs: int, moves: list) -> tuple[int, ...]:
    """The test's own rules: the pegs of each disc (smallest first) after moves, every move
    checked (top disc, never onto a smaller one)."""
    pegs = [list(range(discs - 1, -1, -1)), [], []]   # bottom first
    for a, b in moves:
        assert pegs[a], f"peg {a} is empty"
        assert not pegs[b] or pegs[b][-1] > pegs[a][-1], f"{a}->{b} onto a smaller disc"
        pegs[b].append(pegs[a].pop())
    where = [0] * discs
    for peg, stack in enumerate(pegs):
        for disc in stack:
            where[disc] = peg
    return tuple(where)


def hanoi_moves(n: int, a: int = 0, b: int = 2, via: int = 1) -> list[tuple[int, int]]:
    """The classic recursive solution (independent of the plug-in's solver)."""
    if n == 0:
        return []
    return hanoi_moves(n - 1, a, via, b) + [(a, b)] + hanoi_moves(n - 1, via, b, a)


def test_it_appears_in_pegapp_families(installed):
    out = pegapp(installed, "families", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    keys = [f["key"] for f in data["families"]]
    # after PegApp's own, among the plug-ins (others may be installed too)
    own = [key for key, _value in registry.own_entry_points()]
    assert keys[:len(own)] == own and "hanoi" in keys[len(own):]
    assert [k for k in keys if k != "hanoi"] == [k for k in registry.families() if k != "hanoi"]
    hanoi = next(f for f in data["families"] if f["key"] == "hanoi")
    assert hanoi["name"] == "Tower of Hanoi" and hanoi["ids"] == ["hanoi"]
    assert [p["puzzle"] for p in hanoi["presets"]] == ["hanoi/3", "hanoi/5"]
    assert hanoi["params"] == [{"name": "discs", "label": "Discs", "kind": "int", "default": 3,
                                "minimum": 1, "maximum": 10}]
    assert data["problems"] == [] and out.stderr == ""


def _solve_keys(capsys, *args) -> set[str]:
    cli.main(["solve", *args, "--json"])
    return set(json.loads(capsys.readouterr().out))


def test_it_solves_on_the_command_line_with_every_familys_fields(hanoi_on_path, capsys):
    """The command line's solve and hint, in this process with the plug-in on the path (a
    process each took 0.35 s of CPU); the plug-in found by a process of its own is
    test_it_appears_in_pegapp_families's."""
    shipped = [("pegs/diamond13",), ("slide/2x5",), ("rotate/3x3",), ("flip8/4x4",),
               ("oshidori/k3",), ("jugs", "--capacities", "8,5", "--target", "4"),
               ("bulls", "--secret", "1234")]
    common = set.intersection(*(_solve_keys(capsys, *a) for a in shipped))
    assert common == {"puzzle", "status", "moves", "length", "proven_minimal", "seconds",
                      "notation"}
    for discs in (1, 3, 4, 5):
        code, out, err = run(capsys, "solve", f"hanoi/{discs}", "--json")
        assert code == 0, err
        answer = json.loads(out)
        assert common <= set(answer)
        assert answer["puzzle"] == f"hanoi/{discs}" and answer["status"] == "solved"
        assert answer["length"] == len(answer["moves"]) == 2 ** discs - 1
        assert answer["proven_minimal"] is True
        assert hanoi_replay(discs, answer["moves"]) == (2,) * discs
    # its text output and its hint come through the same generic commands
    code, text, _ = run(capsys, "solve", "hanoi/3")
    assert code == 0 and "length: 7" in text
    code, hint, _ = run(capsys, "hint", "hanoi/3", "--json")
    assert code == 0 and json.loads(hint.splitlines()[-1])["move"] == [0, 2]
    code, _, bad = run(capsys, "solve", "hanoi/11", "--json")
    assert code == 2 and "1 to 10 discs" in bad


def test_no_file_of_pegapp_names_it():
    for path in [*(ROOT / "pegapp").rglob("*.py"), ROOT / "pyproject.toml"]:
        assert "hanoi" not in path.read_text(encoding="utf-8").lower(), path


# ---- the window: the picker lists it, and it plays to the goal

def _picker_reads_the_registry() -> bool:
    """The picker lists registry.families() (engineer D's rewrite of pegapp/ui for #12)."""
    picker = ROOT / "pegapp" / "ui" / "picker.py"
    return picker.is_file() and "families()" in picker.read_text(encoding="utf-8")


@pytest.mark.skipif(not _picker_reads_the_registry(),
                    reason="the game picker does not list registry.families() yet (pegapp/ui, "
                           "issue #12 engineer D)")
def test_it_shows_in_the_picker_and_plays_to_the_goal(qtbot, tmp_path, hanoi_on_path):
    from PySide6.QtCore import QPoint, QSettings, Qt  # Qt only in the test that needs it

    from pegapp.ui.game_window import GameWindow
    from pegapp.ui.picker import GamePicker

    picker = GamePicker(None)
    qtbot.addWidget(picker)
    picker.choose("hanoi/3")
    chosen = picker.chosen()
    assert chosen is not None and "hanoi/3" in chosen
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = GameWindow("hanoi/3", {}, settings=settings, data_dir=tmp_path / "data",
                        restore=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    view = window.view
    assert type(view).__name__ == "HanoiView"
    for a, b in hanoi_moves(3):
        for peg in (a, b):   # click the peg, then the peg to move its top disc to
            centre = view.peg_rect(peg).center()
            qtbot.mouseClick(view, Qt.MouseButton.LeftButton,
                             pos=QPoint(int(centre.x()), int(centre.y())))
    assert window.session.solved and window.session.move_count == 7
