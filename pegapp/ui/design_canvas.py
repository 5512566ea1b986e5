"""The designer's canvas: the lattice of possible holes, drawn with the board being designed; a
click adds or removes a hole, or sets the start or the finish, by the click mode."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from pegapp.core.board import COORDINATES, Board
from pegapp.puzzles.design import Cell, Design
from pegapp.ui import theme


HOLES, START, FINISH = "holes", "start", "finish"
#: a right click: the start's one vacancy moves to the hole (Design.moved_start)
MOVE_START = "move-start"
# the largest distance between neighbouring holes on screen, in pixels (a small board in a large
# window stays the size of a board)
MAX_SPACING = 90


class DesignCanvas(QWidget):
    """The grid: every position a dot, holes drawn as the game draws them (a peg, or empty at
    the start), the finish ringed, jump lines between holes. Left click acts by the mode
    (holes, start, finish); right click moves the start's vacancy (with Shift: toggles one more)."""

    cellClicked = Signal(object, str)  # (cell, mode)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.design = Design()
        self.board: Board | None = None
        self.mode = HOLES
        self.setMinimumSize(260, 260)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMouseTracking(True)
        self.hover: Cell | None = None

    def sizeHint(self) -> QSize:
        return QSize(480, 480)

    def set_design(self, design: Design, board: Board | None) -> None:
        self.design = design
        self.board = board
        self.update()

    # ---- geometry
    def _frame(self):
        """(scale, offset x, offset y, hole radius) that fit every grid position; neighbouring
        holes are 1 apart on every lattice."""
        pts = [self.design.point(c) for c in self.design.cells()]
        x0 = min(p[0] for p in pts)
        x1 = max(p[0] for p in pts)
        y0 = min(p[1] for p in pts)
        y1 = max(p[1] for p in pts)
        margin = 24
        w = max(self.width() - 2 * margin, 10)
        h = max(self.height() - 2 * margin, 10)
        scale = min(w / (x1 - x0 + 1), h / (y1 - y0 + 1), MAX_SPACING)
        ox = margin + (w - (x1 - x0) * scale) / 2 - x0 * scale
        oy = margin + (h - (y1 - y0) * scale) / 2 - y0 * scale
        return scale, ox, oy, scale * 0.31

    def cell_center(self, cell: Cell, frame=None) -> QPointF:
        scale, ox, oy, _ = frame or self._frame()
        x, y = self.design.point(cell)
        return QPointF(ox + x * scale, oy + y * scale)

    def cell_at(self, pos) -> Cell | None:
        """The grid position under pos (within half a hole spacing), or None."""
        frame = self._frame()
        best, dist = None, (frame[0] * 0.5) ** 2
        for c in self.design.cells():
            p = self.cell_center(c, frame)
            d = (p.x() - pos.x()) ** 2 + (p.y() - pos.y()) ** 2
            if d <= dist:
                best, dist = c, d
        return best

    # ---- events
    def event(self, event) -> bool:
        """A hole's tooltip gives both its names, as the game's board does, so a hole the
        verdict or the game names can be found on the drawing."""
        if event.type() == QEvent.Type.ToolTip:
            cell = self.cell_at(QPointF(event.pos()))
            if cell is None or cell not in self.design.holes or self.board is None:
                QToolTip.hideText()
                event.ignore()
            else:
                hole = self.design.hole_number(cell)
                QToolTip.showText(event.globalPos(), self.tr(
                    "%1 (hole %2 in the articles' numbering)").replace(
                    "%1", self.board.hole_name(hole, COORDINATES)).replace("%2", str(hole)),
                    self)
            return True
        return super().event(event)

    def mousePressEvent(self, event) -> None:
        cell = self.cell_at(event.position())
        if cell is None:
            return
        if event.button() == Qt.MouseButton.RightButton:  # with Shift: one more vacancy
            shift = event.modifiers() & Qt.KeyboardModifier.ShiftModifier
            self.cellClicked.emit(cell, START if shift else MOVE_START)
        elif event.button() == Qt.MouseButton.LeftButton:
            self.cellClicked.emit(cell, self.mode)

    def mouseMoveEvent(self, event) -> None:
        cell = self.cell_at(event.position())
        if cell != self.hover:
            self.hover = cell
            self.update()

    def leaveEvent(self, event) -> None:
        self.hover = None
        self.update()

    def paintEvent(self, event) -> None:
        t = theme.current_theme()
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), t.table)
        frame = self._frame()
        radius = frame[3]
        d = self.design

        def at(cell):
            return self.cell_center(cell, frame)

        if d.holes:
            # the board's face: a rounded plate behind the holes
            pts = [at(c) for c in d.holes]
            pad = radius * 1.9
            rect = QRectF(min(q.x() for q in pts) - pad, min(q.y() for q in pts) - pad, 0, 0)
            rect.setRight(max(q.x() for q in pts) + pad)
            rect.setBottom(max(q.y() for q in pts) + pad)
            p.setPen(QPen(t.board_edge, 2))
            p.setBrush(t.board)
            p.drawRoundedRect(rect, radius, radius)
        if self.board is not None:  # jump lines, as the game draws them
            order = d.ordered_holes()
            p.setPen(QPen(t.line, max(1.0, radius * 0.18)))
            for a, b in self.board.lines:
                p.drawLine(at(order[a]), at(order[b]))
        for c in d.cells():
            centre = at(c)
            if c in d.holes:
                p.setPen(QPen(t.hole_rim, max(1.0, radius * 0.12)))
                p.setBrush(t.hole)
                p.drawEllipse(centre, radius, radius)
                if c not in d.start:
                    p.setPen(Qt.PenStyle.NoPen)
                    p.setBrush(t.peg)
                    p.drawEllipse(centre, radius * 0.78, radius * 0.78)
                    p.setBrush(t.peg_light)
                    p.drawEllipse(centre - QPointF(radius * 0.25, radius * 0.25),
                                  radius * 0.25, radius * 0.25)
                if c == d.finish:
                    p.setPen(QPen(t.finish, max(2.0, radius * 0.22)))
                    p.setBrush(Qt.BrushStyle.NoBrush)
                    p.drawEllipse(centre, radius * 1.3, radius * 1.3)
            else:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QBrush(t.line))
                p.drawEllipse(centre, max(1.5, radius * 0.16), max(1.5, radius * 0.16))
            if c == self.hover:
                p.setPen(QPen(t.selection, 2))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawEllipse(centre, radius * 1.1, radius * 1.1)
        p.end()
