"""The Lights Out view for PegApp's game window: a 5x5 grid of lights. Click a light (or move the
cursor with the arrow keys and press Space) to press it; the window plays the move."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPen

from pegapp.ui.views.base import PuzzleView

from pegapp_lightsout import CELLS, SIZE

ON, OFF = QColor("#f5c542"), QColor("#3a3f4b")


def _tr(text: str) -> str:
    return QCoreApplication.translate("LightsOutView", text)


class LightsOutView(PuzzleView):
    """Lights on a grid; a click presses one (movesRequested)."""

    def __init__(self, puzzle, parent=None):
        super().__init__(puzzle, parent)
        self.cursor_cell = 12

    def cell_rect(self, cell: int) -> QRectF:
        side = min(self.width(), self.height()) * 0.9 / SIZE
        left = (self.width() - side * SIZE) / 2
        top = (self.height() - side * SIZE) / 2
        r, c = divmod(cell, SIZE)
        return QRectF(left + c * side, top + r * side, side, side)

    def cell_at(self, point: QPointF) -> int | None:
        for cell in range(CELLS):
            if self.cell_rect(cell).contains(point):
                return cell
        return None

    def status_text(self, session) -> str | None:
        on = bin(session.state).count("1")
        return _tr("Lights on: %1").replace("%1", str(on))

    def goal_text(self) -> str | None:
        if self.puzzle.wrap:  # one sentence each: languages join sentences their own way
            return _tr("Switch every light off; the edges wrap around.")
        return _tr("Switch every light off.")

    def mousePressEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position())
        if cell is not None:
            self.cursor_cell = cell
            self.request([cell])

    def keyPressEvent(self, event: QKeyEvent) -> None:
        steps = {Qt.Key.Key_Left: -1, Qt.Key.Key_Right: 1, Qt.Key.Key_Up: -SIZE,
                 Qt.Key.Key_Down: SIZE}
        key = event.key()
        if key in steps:
            self.cursor_cell = (self.cursor_cell + steps[key]) % CELLS
            self.update()
        elif key in (Qt.Key.Key_Space, Qt.Key.Key_Return):
            self.request([self.cursor_cell])
        else:
            super().keyPressEvent(event)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        theme = self.theme()
        painter.fillRect(self.rect(), theme.table)
        for cell in range(CELLS):
            rect = self.cell_rect(cell).adjusted(4, 4, -4, -4)
            lit = self.state >> cell & 1
            painter.setPen(QPen(theme.hint, 5) if self.hint == cell else Qt.PenStyle.NoPen)
            painter.setBrush(ON if lit else OFF)
            painter.drawRoundedRect(rect, 8, 8)
            if cell == self.cursor_cell and self.hasFocus():
                painter.setPen(QPen(theme.selection, 2, Qt.PenStyle.DashLine))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), 10, 10)
        painter.end()
