"""The rotation puzzle's view (pegapp.puzzles.rotate): the sliding-tiles grid, turned by a click
on an outer tile or keys 1-9."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import (QColor, QKeyEvent,
                           QMouseEvent, QPainter, QPainterPath, QPen)
from PySide6.QtWidgets import QWidget

from pegapp.puzzles.rotate import LINES
from pegapp.ui.views.slide import SlideView


class RotateView(SlideView):
    """The 3x3 rotation puzzle: click an outer tile to turn the line through it and the centre
    towards it (the tile at the clicked end goes round to the far end); keys 1-9 do the same."""

    def position_help(self) -> str:
        """The example is this game's start (a position of this puzzle, as slide's is)."""
        return self.tr("Tiles 1 to 9 row by row, e.g. %1").replace(
            "%1", " ".join(str(t) for t in self.puzzle.initial()))

    def __init__(self, puzzle, parent: QWidget | None = None):
        super().__init__(puzzle, parent)
        self.rows = getattr(puzzle, "rows", 3)
        self.cols = getattr(puzzle, "cols", 3)
        self.hover_move = None

    def hinted_tile(self):
        return None  # a rotation hint is a line, drawn as an arrow

    def hint_piece(self, move):
        return None  # a rotation turns a line of tiles: no one piece to point at

    def move_cell(self, move) -> int | None:
        """The outer cell a player clicks for the move (the end its line turns towards)."""
        return LINES[move][0]

    def badge_centre(self, index: int, radius: float) -> QPointF:
        """A rotation's verdict: in the top right corner of the cell clicked for it."""
        rect = self.tile_rect(index)
        return QPointF(rect.right() - radius * 1.2, rect.top() + radius * 1.2)

    def move_for_cell(self, index: int) -> int | None:
        """The move that shifts the tiles of a line towards this cell."""
        for move, line in enumerate(LINES):
            if line[0] == index:
                return move
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        index = self.cell_at(event.position())
        if index is not None:
            move = self.move_for_cell(index)
            if move is not None:
                self.request([move])

    def keyPressEvent(self, event: QKeyEvent) -> None:
        digits = {getattr(Qt.Key, f"Key_{d}"): d for d in range(1, 10)}
        if event.key() in digits:  # number keys pick the cell, like a phone keypad
            move = self.move_for_cell(digits[event.key()] - 1)
            if move is not None:
                self.request([move])
            return
        QWidget.keyPressEvent(self, event)

    def hint_arrow(self) -> list[QPointF]:
        """The hint's arrow, start to tip: along its line the way the tiles travel, set off to
        one side of the cell centres so that it passes beside the numbers, not through them."""
        if self.hint is None:
            return []
        line = LINES[self.hint]
        centres = [self.cell_rect(i).center() for i in reversed(line)]  # the way tiles travel
        a, b = centres[0], centres[-1]
        length = math.hypot(b.x() - a.x(), b.y() - a.y()) or 1.0
        shift = self.cell_rect(0).width() * 0.3
        nx, ny = -(b.y() - a.y()) / length * shift, (b.x() - a.x()) / length * shift
        ux, uy = (b.x() - a.x()) / length, (b.y() - a.y()) / length
        inset = self.cell_rect(0).width() * 0.22  # a little past the end centres, inside the tiles
        return [QPointF(a.x() + nx + ux * -inset, a.y() + ny + uy * -inset),
                QPointF(b.x() + nx + ux * inset, b.y() + ny + uy * inset)]

    def paint_hint_under_numbers(self, p: QPainter, cell: float) -> None:
        if self.hint is None:
            return
        t = self.theme()
        # the three tiles of the line, outlined
        p.setPen(QPen(t.hint, max(2.0, cell * 0.05)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        for i in LINES[self.hint]:
            p.drawRoundedRect(self.tile_rect(i).adjusted(2, 2, -2, -2), cell * 0.09, cell * 0.09)
        # the way the tiles travel: a translucent arrow beside the numbers
        start, tip = self.hint_arrow()
        colour = QColor(t.hint)
        colour.setAlpha(170)
        width = max(2.5, cell * 0.06)
        p.setPen(QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                      Qt.PenJoinStyle.RoundJoin))
        ang = math.atan2(tip.y() - start.y(), tip.x() - start.x())
        size = cell * 0.2
        back = QPointF(tip.x() - width * math.cos(ang), tip.y() - width * math.sin(ang))
        p.drawLine(start, back)
        head = QPainterPath(tip)
        for side in (-1, 1):
            head.lineTo(QPointF(tip.x() - size * math.cos(ang + side * 0.45),
                                tip.y() - size * math.sin(ang + side * 0.45)))
        head.closeSubpath()
        p.setBrush(colour)
        p.drawPath(head)
