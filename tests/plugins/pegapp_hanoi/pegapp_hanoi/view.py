"""The Tower of Hanoi view for PegApp's game window: three pegs and their discs. Click a peg (or
press 1-3) to pick its top disc, then another to move it there; the window plays the move."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPen

from pegapp.ui.views.base import PuzzleView

from pegapp_hanoi import PEGS

COLOURS = ["#c0392b", "#e67e22", "#d4a017", "#2e8b57", "#16a085", "#2f6fb0", "#4a4e69",
           "#8e44ad", "#d63384", "#7f5539"]


class HanoiView(PuzzleView):
    """Three pegs; a click picks a peg, a second click moves its top disc (movesRequested)."""

    def __init__(self, puzzle, parent=None):
        super().__init__(puzzle, parent)
        self.picked: int | None = None

    def set_state(self, state) -> None:
        self.picked = None
        super().set_state(state)

    def peg_rect(self, peg: int) -> QRectF:
        """The area of one peg (its column of the widget)."""
        width = self.width() / PEGS
        return QRectF(peg * width, 0, width, self.height())

    def peg_at(self, point: QPointF) -> int | None:
        for peg in range(PEGS):
            if self.peg_rect(peg).contains(point):
                return peg
        return None

    def pick(self, peg: int) -> None:
        """The player's click or key on a peg: pick it, or move the picked peg's disc to it."""
        if not self.interactive:
            return
        if self.picked is None:
            if peg in self.state:  # a peg with a disc
                self.picked = peg
        elif self.picked == peg:
            self.picked = None
        else:
            move, self.picked = (self.picked, peg), None
            self.request([move])
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        peg = self.peg_at(event.position())
        if peg is not None:
            self.pick(peg)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_3:
            self.pick(key - Qt.Key.Key_1)
        else:
            super().keyPressEvent(event)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        theme = self.theme()
        painter.fillRect(self.rect(), theme.table)
        n = len(self.state)
        disc_h = min(32.0, self.height() * 0.7 / max(n, 1))
        base = self.height() * 0.85
        for peg in range(PEGS):
            area = self.peg_rect(peg)
            cx = area.center().x()
            hinted = self.hint is not None and peg in self.hint
            colour = theme.selection if self.picked == peg else (
                theme.hint if hinted else theme.board_edge)
            pen = QPen(colour, 6)
            painter.setPen(pen)
            painter.drawLine(QPointF(cx, base), QPointF(cx, base - disc_h * (n + 1)))
            painter.drawLine(QPointF(area.left() + 10, base), QPointF(area.right() - 10, base))
            level = 0
            for disc in range(n - 1, -1, -1):  # largest at the bottom
                if self.state[disc] != peg:
                    continue
                w = (area.width() - 24) * (disc + 1) / n
                rect = QRectF(cx - w / 2, base - disc_h * (level + 1), w, disc_h - 2)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(COLOURS[disc % len(COLOURS)]))
                painter.drawRoundedRect(rect, 6, 6)
                level += 1
        painter.end()
