"""The stone pairs view (pegapp.puzzles.oshidori): a row of cells; pick two neighbouring stones, then
the two empty cells to move them into."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QKeyEvent, QMouseEvent, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QWidget

from pegapp.core.board import NUMBERS, hole_naming
from pegapp.ui.analysis_marks import is_best, paint_badge
from pegapp.ui.views.base import PuzzleView


STONE_COLOURS = ["#c0392b", "#2f6fb0", "#2e8b57", "#d4a017", "#8e44ad", "#e67e22", "#16a085",
                 "#7f5539", "#d63384", "#4a4e69"]


class OshidoriView(PuzzleView):
    """Stone pairs: click a stone to lift it with its right-hand neighbour into the empty cells;
    or, from the keyboard, move the cursor with the arrow keys (Up and Down by a row once the line
    wraps, Home and End to its ends) and play the pair at it with Space or Enter.

    The cells are one line; when they would be too small for the width, the line wraps into rows
    like text (a faint return line joins the end of a row to the start of the next)."""

    #: smallest comfortable cell, in pixels, before the line wraps
    COMFORTABLE_CELL = 34.0
    #: gap between rows, in cells
    ROW_GAP = 0.55

    def position_help(self) -> str:
        """The example is this game's start (the stones of this puzzle: 3 kinds' example
        was refused with 5)."""
        return self.tr("Stones left to right, _ for the empty cells, e.g. %1").replace(
            "%1", " ".join(str(v) if v else "_" for v in self.puzzle.initial()))

    def __init__(self, puzzle, parent: QWidget | None = None):
        super().__init__(puzzle, parent)
        #: the cell under the mouse: the pair it would lift is shown at its destination
        self.hover: int | None = None
        #: the keyboard's cell, shown (dashed) once a key has moved it, with its pair's move
        self.cursor = 0
        self.keyboard_used = False
        self.setMouseTracking(True)

    def shown_move(self):
        """The move whose lifted pair is drawn at its destination: the pair under the mouse
        (what a click would do), or the one at the keyboard's cursor, else the hint's."""
        pointed = self.cursor if self.keyboard_used else self.hover
        if pointed is not None and self.interactive:
            move = self.move_for_cell(pointed)
            if move is not None:
                return move
        return self.hint

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        hover = None
        for index in range(len(self.state)):
            if self.cell_rect(index).contains(event.position()):
                hover = index
        if hover != self.hover:
            self.hover = hover
            self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event) -> None:
        if self.hover is not None:
            self.hover = None
            self.update()
        super().leaveEvent(event)

    def paint_cell_numbers(self, p: QPainter, cell: float) -> None:
        """Each cell's number under it, as the moves name them ("the pair at 3–4"): from 1, or
        from 0 with the articles' numbering chosen (pegapp.core.board.hole_naming)."""
        base = 0 if hole_naming() == NUMBERS else 1
        font = QFont(self.font())
        font.setPixelSize(max(7, int(cell * 0.22)))
        p.save()
        p.setFont(font)
        muted = QColor(self.theme().text)
        muted.setAlpha(170)
        p.setPen(muted)
        for index in range(len(self.state)):
            rect = self.cell_rect(index)
            box = QRectF(rect.left(), rect.bottom() + 1, rect.width(), cell * 0.3)
            p.drawText(box, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                       str(index + base))
        p.restore()

    def paint_destination(self, p: QPainter, cell: float) -> None:
        """Where the lifted pair goes (shown_move): its two stones drawn faint in the empty
        cells, inside a dashed frame in the hint's colour, and the pair it lifts framed too."""
        move = self.shown_move()
        if move is None:
            return
        src, dst = move
        if not (0 <= src < len(self.state) - 1 and 0 <= dst < len(self.state) - 1):
            return
        t = self.theme()
        pen = QPen(t.hint, max(1.5, cell * 0.045), Qt.PenStyle.DashLine)
        p.setBrush(Qt.BrushStyle.NoBrush)
        # the hint frames its own pair's cells; a hovered pair gets a frame here
        for start in (dst,) if move == self.hint else (src, dst):
            box = self.cell_rect(start).united(self.cell_rect(start + 1))
            inset = min(3.0, cell * 0.08)
            p.setPen(pen)
            p.drawRoundedRect(box.adjusted(inset, inset, -inset, -inset), cell * 0.12,
                              cell * 0.12)
        a = self.cell_rect(src).united(self.cell_rect(src + 1))
        b = self.cell_rect(dst).united(self.cell_rect(dst + 1))
        if abs(a.top() - b.top()) < 1:  # in one row: an arc over the row, from pair to gap
            lift = cell * 0.55
            start, end = QPointF(a.center().x(), a.top() - 2), QPointF(b.center().x(), b.top() - 2)
            path = QPainterPath(start)
            path.cubicTo(start.x(), start.y() - lift, end.x(), end.y() - lift, end.x(), end.y())
            p.setPen(QPen(t.hint, max(2.0, cell * 0.06), Qt.PenStyle.SolidLine,
                          Qt.PenCapStyle.RoundCap))
            p.drawPath(path)
            head = cell * 0.16
            p.setBrush(t.hint)
            p.setPen(Qt.PenStyle.NoPen)
            p.drawPolygon([end, QPointF(end.x() - head * 0.7, end.y() - head * 1.2),
                           QPointF(end.x() + head * 0.7, end.y() - head * 1.2)])
            p.setBrush(Qt.BrushStyle.NoBrush)
        for k in (0, 1):
            stone = self.state[src + k]
            if not stone or self.state[dst + k]:
                continue
            rect = self.cell_rect(dst + k)
            fill, text = self.stone_colours(stone)
            fill = QColor(fill)
            fill.setAlpha(125)
            p.setPen(QPen(t.hint, max(1.0, cell * 0.03), Qt.PenStyle.DashLine))
            p.setBrush(fill)
            r = cell * 0.36
            p.drawEllipse(rect.center(), r, r)
            faded = QColor(t.text)
            faded.setAlpha(150)
            p.setPen(faded)
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(stone))

    def finish_text(self) -> str:
        return self.goal_text()

    def goal_text(self) -> str:
        """The goal as the cells read (found by an outside trial: the black-and-white puzzle's
        goal, empty cells first, was said nowhere but in the rules of the other kind)."""
        goal = self.puzzle.goal
        if getattr(self.puzzle, "family", "") == "classic":
            cells = " ".join({0: "_", 1: "●", 2: "○"}[v] for v in goal)
            return self.tr("Goal: %1 (the empty cells, the white stones ○, then the black ●)"
                           ).replace("%1", cells)
        return self.tr("Goal: %1").replace(
            "%1", " ".join(str(v) if v else "_" for v in goal))

    def hint_piece(self, move):
        """The pair to lift, framed without its destination (-1: none, so nothing is drawn
        there)."""
        return (move[0], -1)

    def piece_words(self, move) -> str:
        base = 0 if hole_naming() == NUMBERS else 1
        return (self.tr("Move the pair at %1–%2.").replace("%1", str(move[0] + base))
                .replace("%2", str(move[0] + base + 1)))

    def piece_prompt(self) -> str:
        return self.tr("Press H again to see which pair to move.")

    def title(self) -> str:
        rest = self.puzzle.id.partition("/")[2]
        if rest.startswith("k"):
            return self.tr("%1 kinds of stones").replace("%1", rest[1:])
        return self.tr("black and white, %1 each").replace("%1", rest[len("classic"):])

    def _grid_for(self, width: float, height: float) -> tuple[float, int, int]:
        """(cell, rows, cells per row): one row while its cells are comfortable, else the
        fewest rows whose cells are, else the rows giving the biggest cells."""
        n = max(1, len(self.state))
        best = None
        for rows in range(1, n + 1):
            per = math.ceil(n / rows)
            if rows > 1 and math.ceil(n / (rows - 1)) == per:
                continue  # the same rows as before
            cell = min(width * 0.92 / per, height * 0.8 / (rows + (rows - 1) * self.ROW_GAP),
                       height * 0.5)
            # a window keeps one line while its cells are comfortable; an export sheet's
            # diagram, read at a third of the size, takes the rows giving the biggest cells
            if cell >= self.COMFORTABLE_CELL and not self.diagram:
                return cell, rows, per
            if best is None or cell > best[0]:
                best = (cell, rows, per)
        return best

    def grid(self) -> tuple[float, int, int]:
        return self._grid_for(self.width(), self.height())

    def cell_rect(self, index: int) -> QRectF:
        cell, rows, per = self.grid()
        pitch = cell * (1 + self.ROW_GAP)
        left = (self.width() - cell * per) / 2
        top = (self.height() - cell * rows - (rows - 1) * cell * self.ROW_GAP) / 2
        r, c = divmod(index, per)
        return QRectF(left + c * cell, top + r * pitch, cell, cell)

    def minimumSizeHint(self) -> QSize:
        """Big enough for comfortable cells once the line wraps."""
        side = 260
        while side < 600 and self._grid_for(side, side)[0] < self.COMFORTABLE_CELL * 0.8:
            side += 20
        return QSize(side, side)

    def stone_colours(self, stone: int) -> tuple[QColor, QColor]:
        """(fill, text) of a stone; black and white for the classic puzzle."""
        if getattr(self.puzzle, "family", "") == "classic":
            return (QColor("#1d1d1f"), QColor("#f4f4f4")) if stone == 1 else \
                (QColor("#f7f5f0"), QColor("#1d1d1f"))
        return QColor(STONE_COLOURS[(stone - 1) % len(STONE_COLOURS)]), QColor("white")

    def move_for_cell(self, index: int):
        for move in self.puzzle.moves(self.state):
            if move[0] == index:
                return move
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        for index in range(len(self.state)):
            if self.cell_rect(index).contains(event.position()):
                self.keyboard_used = False
                self.cursor = index
                move = self.move_for_cell(index)
                if move is not None:
                    self.request([move])
                return

    def keyPressEvent(self, event: QKeyEvent) -> None:
        last = len(self.state) - 1
        per = self.grid()[2]
        target = {Qt.Key.Key_Left: self.cursor - 1, Qt.Key.Key_Right: self.cursor + 1,
                  Qt.Key.Key_Up: self.cursor - per, Qt.Key.Key_Down: self.cursor + per,
                  Qt.Key.Key_Home: 0, Qt.Key.Key_End: last}.get(event.key())
        if target is not None:
            self.keyboard_used = True
            self.cursor = min(last, max(0, target))
            self.update()
        elif event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.keyboard_used = True
            move = self.move_for_cell(self.cursor)
            if move is not None:
                self.request([move])
            self.update()
        else:
            super().keyPressEvent(event)

    def focusOutEvent(self, event) -> None:
        """The cursor and its pair are shown only while the keys come here: hidden when the
        board loses the keys, until the next key moves it."""
        self.keyboard_used = False
        super().focusOutEvent(event)

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.paint_background(p)
        t = self.theme()
        cell, rows, per = self.grid()
        n = len(self.state)
        if rows > 1:  # the line goes on: from the end of each row back to the next row's start
            faint = QColor(t.text)
            faint.setAlpha(80)
            return_pen = QPen(faint, max(1.0, cell * 0.05), Qt.PenStyle.SolidLine,
                              Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
            p.setPen(return_pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            for r in range(rows - 1):
                end, start = self.cell_rect(r * per + per - 1), self.cell_rect((r + 1) * per)
                mid_y = end.bottom() + cell * self.ROW_GAP / 2
                out = cell * 0.25
                path = QPainterPath(QPointF(end.right(), end.center().y()))
                path.lineTo(end.right() + out, end.center().y())
                path.lineTo(end.right() + out, mid_y)
                path.lineTo(start.left() - out, mid_y)
                path.lineTo(start.left() - out, start.center().y())
                path.lineTo(start.left(), start.center().y())
                p.drawPath(path)
        font = QFont(self.font())
        font.setPixelSize(max(7, int(cell * 0.38)))
        font.setBold(True)
        p.setFont(font)
        for index in range(n):
            stone = self.state[index]
            rect = self.cell_rect(index)
            p.setPen(QPen(t.board_edge, max(1.0, cell * 0.03)))
            p.setBrush(t.board)
            p.drawRect(rect)
            if self.hint is not None and index in (self.hint[0], self.hint[0] + 1):
                inset = min(3.0, cell * 0.08)
                p.setPen(QPen(t.hint, max(2.0, cell * 0.08)))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRect(rect.adjusted(inset, inset, -inset, -inset))
            if stone:
                fill, text = self.stone_colours(stone)
                rim = fill.darker(150) if fill.lightness() > 60 else \
                    QColor("#8c8c8c" if t.dark else "#000000")  # a black stone on a dark board
                p.setPen(QPen(rim, max(1.0, cell * 0.03)))
                p.setBrush(fill)
                r = cell * 0.36
                p.drawEllipse(rect.center(), r, r)
                p.setPen(text)
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(stone))
            if self.keyboard_used and index == self.cursor:
                inset = -min(4.0, cell * 0.1)
                p.setPen(QPen(t.cursor, max(1.5, cell * 0.05), Qt.PenStyle.DashLine))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), cell * 0.12,
                                  cell * 0.12)
        self.paint_destination(p, cell)
        self.paint_cell_numbers(p, cell)
        self.paint_annotations(p, cell)
        p.end()

    draws_annotations = True

    def badge_centre(self, source: int, radius: float) -> QPointF:
        """Where a move's verdict goes: above the pair that moves, on the line between its two
        stones (at the end of a row, above the first stone's outer side)."""
        left, right = self.cell_rect(source), self.cell_rect(source + 1)
        if abs(left.top() - right.top()) < 1:
            return QPointF(left.right(), left.top() - radius * 0.35)
        return QPointF(left.right() - radius * 0.4, left.top() - radius * 0.35)

    def paint_annotations(self, p: QPainter, cell: float) -> None:
        """Analysis mode: above each pair that can move, the fewest moves left after moving it
        (a dead end when the goal can no longer be reached)."""
        if self.annotations is None:
            return
        t = self.theme()
        radius = max(8.0, cell * 0.24)
        for verdict in self.annotations.verdicts:
            source = verdict.move[0]
            if source + 1 >= len(self.state):
                continue
            paint_badge(p, t, self.badge_centre(source, radius), radius, verdict,
                        is_best(self.annotations, verdict), self.font())
