"""An exported solution sheet draws each diagram for reading at a third of the window's size
(found by an outside trial: stone pairs' stones were specks in a square cell, one thin line
across it, and every water-jugs cell repeated "Click a jug, then another, to pour." in
letters a few pixels high)."""

from PySide6.QtGui import QColor, QImage

from pegapp.puzzles.base import replay_states
from pegapp.puzzles.registry import make_puzzle
from pegapp.ui import export
from pegapp.ui.export import export_states
from pegapp.ui.views.jugs import JugsView

#: the first kind of stone's colour (pegapp.ui.views.oshidori.STONE_COLOURS[0])
RED = QColor("#c0392b")


def _stone_pixels(image: QImage) -> int:
    count = 0
    for y in range(image.height()):
        for x in range(image.width()):
            c = image.pixelColor(x, y)
            if abs(c.red() - RED.red()) + abs(c.green() - RED.green()) \
                    + abs(c.blue() - RED.blue()) < 30:
                count += 1
    return count


def test_stone_pairs_fill_their_diagrams(qapp, tmp_path):
    """Each stone of a sheet is drawn at least a tenth of the diagram's side across (it was a
    fourteenth: one line of eight cells across a square)."""
    puzzle = make_puzzle("oshidori", {"kinds": 3})
    start = puzzle.initial()
    reds = sum(1 for stone in start if stone == 1)
    path = tmp_path / "pairs.png"
    assert export_states(path, puzzle, [start], ["Start"]) == 1
    image = QImage(str(path))
    cell = 240  # the sheet's diagram side in pixels (export._write_sheet)
    area_per_stone = _stone_pixels(image) / reds
    diameter = (area_per_stone * 4 / 3.14159) ** 0.5
    assert diameter >= cell / 10, diameter


def test_the_sheet_draws_its_views_as_diagrams(qapp, tmp_path, monkeypatch):
    """export_states tells the view it draws a diagram, and the jugs' diagram leaves the
    window's instruction out and labels the jugs in bigger letters than the window does."""
    seen = []
    view_for = export.view_for

    def spy(puzzle):
        view = view_for(puzzle)
        seen.append(view)
        return view

    monkeypatch.setattr(export, "view_for", spy)
    puzzle = make_puzzle("jugs", {"capacities": [8, 5, 3], "target": 4})
    states = replay_states(puzzle, puzzle.initial(), [])
    assert export_states(tmp_path / "jugs.png", puzzle, states, ["Start"]) == 1
    assert [view.diagram for view in seen] == [True]

    window_view, diagram_view = JugsView(puzzle), JugsView(puzzle)
    diagram_view.diagram = True
    in_window = window_view.compute_layout(600, 600)
    in_diagram = diagram_view.compute_layout(600, 600)
    assert "Click" in window_view.instruction() and in_window.title.height() > 0
    assert diagram_view.instruction() == "" and in_diagram.title.height() == 0
    assert in_diagram.label_font.pixelSize() >= 1.5 * in_window.label_font.pixelSize()
