"""The exported solution sheet draws the path of a peg chain again (as export_peg_solution did
before peg solitaire moved into the one window): through the view's set_trail hook."""

from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor, QImage

from pegapp.puzzles.base import replay_states
from pegapp.puzzles.registry import make_puzzle
from pegapp.ui import export
from pegapp.ui.export import export_states
from pegapp.ui.game_window import GameWindow
from pegapp.ui.theme import LIGHT

#: English 33 from its start to a chain of five jumps (the 11th move of a shortest solution)
BEFORE = [[4, 16], [7, 9], [0, 8], [15, 3], [10, 8], [12, 10], [27, 15], [20, 22], [23, 21],
          [6, 20, 22]]
CHAIN = [25, 23, 21, 7, 9, 11]


def _near(c: QColor, colour: QColor, tol: int = 40) -> bool:
    return (abs(c.red() - colour.red()) <= tol and abs(c.green() - colour.green()) <= tol
            and abs(c.blue() - colour.blue()) <= tol)


def test_the_sheet_of_a_chain_move_draws_its_trail(qapp, tmp_path):
    puzzle = make_puzzle("pegs/english", {})
    states = replay_states(puzzle, puzzle.initial(), [*BEFORE, CHAIN])[-2:]
    captions = ["Start", "1. chain"]
    plain, trail = tmp_path / "plain.png", tmp_path / "trail.png"
    assert export_states(plain, puzzle, states, captions) == 1
    assert export_states(trail, puzzle, states, captions, trails=[None, CHAIN]) == 1
    a, b = QImage(str(plain)), QImage(str(trail))
    assert a.size() == b.size()
    changed = [(x, y) for y in range(0, a.height(), 2) for x in range(0, a.width(), 2)
               if a.pixel(x, y) != b.pixel(x, y)]
    assert len(changed) > 200
    # only the second diagram changes (the start has no move), in the trail's colour
    xs = [x for x, _ in changed]
    assert min(xs) > a.width() // 2
    hint = QColor(LIGHT.hint)
    assert sum(_near(b.pixelColor(x, y), hint) for x, y in changed) > 100
    assert not any(_near(a.pixelColor(x, y), hint) for x, y in changed)


def test_the_window_exports_each_move_as_a_trail(qtbot, tmp_path, monkeypatch):
    calls = []

    def spy(*args, **kwargs):
        calls.append(kwargs)
        return export_states(*args, **kwargs)

    monkeypatch.setattr(export, "export_states", spy)
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("view/animate", False)
    w = GameWindow("pegs/hoppers", {}, settings=settings, data_dir=tmp_path / "data",
                   restore=False)
    qtbot.addWidget(w)
    w.show()
    w.panel.solve_button.click()
    qtbot.waitUntil(lambda: w.replaying, timeout=60000)
    assert w.answers.export_solution(tmp_path / "hoppers.png") == 1
    assert [list(m) if m else m for m in calls[0]["trails"]] == \
        [None, *(list(m) for m in w.flow.replay.moves)]
