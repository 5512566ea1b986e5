"""The 8-flip view (pegapp.puzzles.flip8): a grid of lights; a click or the keyboard flips a light and
its neighbours."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (QColor, QKeyEvent,
                           QMouseEvent, QPainter, QPen)
from PySide6.QtWidgets import QWidget

from pegapp.ui.analysis_marks import is_best, paint_badge
from pegapp.ui.views.base import PuzzleView


class Flip8View(PuzzleView):
    """8-flip: a grid of lamps; pressing one flips its neighbours. Arrows and Space work too.
    In drawing mode a click switches one lamp instead, to set up a start pattern."""

    patternEdited = Signal(int)

    def position_help(self) -> str:
        return self.tr("Lights row by row, 1 on and 0 off, rows split by /, e.g. %1").replace(
            "%1", self.puzzle.format_state(self.puzzle.initial()))

    def __init__(self, puzzle, parent: QWidget | None = None):
        super().__init__(puzzle, parent)
        self.cursor = 0
        self.keyboard_used = False
        self.drawing = False

    def request(self, moves: list) -> None:
        if self.drawing:
            for i in moves:
                self.state ^= 1 << i
            self.update()
            self.patternEdited.emit(self.state)
            return
        super().request(moves)

    def cell_at(self, point: QPointF) -> int | None:
        cell, left, top = self.grid_geometry(self.puzzle.rows, self.puzzle.cols)
        c = math.floor((point.x() - left) / cell)
        r = math.floor((point.y() - top) / cell)
        if 0 <= r < self.puzzle.rows and 0 <= c < self.puzzle.cols:
            return r * self.puzzle.cols + c
        return None

    def cell_center(self, index: int) -> QPointF:
        cell, left, top = self.grid_geometry(self.puzzle.rows, self.puzzle.cols)
        r, c = divmod(index, self.puzzle.cols)
        return QPointF(left + (c + 0.5) * cell, top + (r + 0.5) * cell)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        index = self.cell_at(event.position())
        if index is not None:
            self.keyboard_used = False
            self.cursor = index
            self.request([index])

    def keyPressEvent(self, event: QKeyEvent) -> None:
        rows, cols = self.puzzle.rows, self.puzzle.cols
        r, c = divmod(self.cursor, cols)
        step = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1), Qt.Key.Key_Up: (-1, 0),
                Qt.Key.Key_Down: (1, 0)}.get(event.key())
        if step:
            self.keyboard_used = True
            r, c = min(rows - 1, max(0, r + step[0])), min(cols - 1, max(0, c + step[1]))
            self.cursor = r * cols + c
            self.update()
        elif event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.keyboard_used = True
            self.request([self.cursor])
        else:
            super().keyPressEvent(event)

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.paint_background(p)
        t = self.theme()
        cell, left, top = self.grid_geometry(self.puzzle.rows, self.puzzle.cols)
        frame = QRectF(left, top, cell * self.puzzle.cols, cell * self.puzzle.rows)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(t.board)
        p.drawRoundedRect(frame.adjusted(-cell * 0.1, -cell * 0.1, cell * 0.1, cell * 0.1),
                          cell * 0.15, cell * 0.15)
        lit = QColor("#ffd34d") if not t.dark else QColor("#ffcc33")
        for index, on in enumerate(self.puzzle.cells(self.state)):
            c = self.cell_center(index)
            r = cell * 0.36
            p.setPen(QPen(t.board_edge, max(1.0, cell * 0.04)))
            p.setBrush(lit if on else t.hole)
            p.drawEllipse(c, r, r)
            if on:
                p.setPen(Qt.PenStyle.NoPen)
                glow = QColor(255, 255, 255, 110)
                p.setBrush(glow)
                p.drawEllipse(c + QPointF(-r * 0.3, -r * 0.3), r * 0.3, r * 0.3)
            if index == self.hint:
                p.setPen(QPen(t.hint, max(2.0, cell * 0.07)))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawEllipse(c, r * 1.22, r * 1.22)
            if self.keyboard_used and index == self.cursor and self.hasFocus():
                p.setPen(QPen(t.cursor, max(1.5, cell * 0.04), Qt.PenStyle.DashLine))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawEllipse(c, r * 1.35, r * 1.35)
        self.paint_annotations(p, cell)
        p.end()

    draws_annotations = True

    def paint_annotations(self, p: QPainter, cell: float) -> None:
        """Analysis mode: on each button, at its top right, the fewest presses left after
        pressing it (a dead end when the pattern cannot be cleared at all)."""
        if self.annotations is None:
            return
        t = self.theme()
        radius = cell * 0.17
        for verdict in self.annotations.verdicts:
            c = self.cell_center(verdict.move)
            at = QPointF(c.x() + cell * 0.3, c.y() - cell * 0.3)
            paint_badge(p, t, at, radius, verdict, is_best(self.annotations, verdict),
                        self.font())
