"""The Guarini's knights view for PegApp's game window: a 3x3 board. Click a knight to pick it,
then the square to jump to; the window plays the move."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPen

from pegapp.ui.views.base import PuzzleView

from pegapp_guarini import JUMPS, SIDE, SQUARES

KNIGHT, OUTLINE = "\u265e", "\u2658"   # the chess knight glyph, filled and in outline
WHITE, BLACK = QColor("#fbfbf8"), QColor("#1b1b1b")


class GuariniView(PuzzleView):
    """The board; a click picks a knight, a second click on an empty square jumps there."""

    def __init__(self, puzzle, parent=None):
        super().__init__(puzzle, parent)
        self.picked: int | None = None

    def set_state(self, state) -> None:
        self.picked = None
        super().set_state(state)

    def square_rect(self, square: int, rect: QRectF | None = None) -> QRectF:
        if rect is None:
            cell, left, top = self.grid_geometry(SIDE, SIDE)
        else:
            cell = min(rect.width(), rect.height()) / SIDE
            left = rect.left() + (rect.width() - cell * SIDE) / 2
            top = rect.top() + (rect.height() - cell * SIDE) / 2
        r, c = divmod(square, SIDE)
        return QRectF(left + c * cell, top + r * cell, cell, cell)

    def square_at(self, point: QPointF) -> int | None:
        for square in range(SQUARES):
            if self.square_rect(square).contains(point):
                return square
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        square = self.square_at(event.position())
        if square is None or not self.interactive:
            return
        if self.state[square] != ".":
            self.picked = None if self.picked == square else square
        elif self.picked is not None and square in JUMPS[self.picked]:
            move, self.picked = (self.picked, square), None
            self.request([move])
        self.update()

    def paint_board(self, p: QPainter, rect: QRectF | None = None) -> None:
        theme = self.theme()
        hinted = set(self.hint) if self.hint is not None and not self.diagram else set()
        for square in range(SQUARES):
            area = self.square_rect(square, rect)
            r, c = divmod(square, SIDE)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(theme.board if (r + c) % 2 == 0 else theme.board_edge)
            p.drawRect(area)
            if square == self.picked or square in hinted:
                p.setPen(QPen(theme.selection if square == self.picked else theme.hint, 5))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRect(area.adjusted(3, 3, -3, -3))
            knight = self.state[square]
            if knight != ".":
                font = QFont()
                font.setPixelSize(max(8, int(area.height() * 0.7)))
                p.setFont(font)
                p.setPen(WHITE if knight == "W" else BLACK)
                p.drawText(area, Qt.AlignmentFlag.AlignCenter, KNIGHT)
                # the outline in the other colour: a black knight stays seen on a dark board
                p.setPen(BLACK if knight == "W" else WHITE)
                p.drawText(area, Qt.AlignmentFlag.AlignCenter, OUTLINE)

    def paint_diagram(self, p: QPainter, rect: QRectF) -> None:
        self.paint_board(p, rect)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.paint_background(painter)
        self.paint_board(painter)
        painter.end()
