"""The sliding-tiles view (pegapp.puzzles.slide): click a tile in the blank's row or column, or
press an arrow key to move a tile into it."""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt
from PySide6.QtGui import (QColor, QFont, QKeyEvent,
                           QMouseEvent, QPainter, QPen)
from PySide6.QtWidgets import QToolTip, QWidget

from pegapp.ui.analysis_marks import is_best, paint_badge
from pegapp.ui.views.base import PuzzleView


class SlideView(PuzzleView):
    """Sliding tiles: click a tile in the blank's row or column; arrow keys move a tile into it."""

    # the largest board whose hints come in seconds (the 15-puzzle's pattern databases)
    QUICK_CELLS = 16

    def goal_text(self) -> str | None:
        """The rules, and on a board beyond the 15-puzzle's a word on the wait (found by an
        outside trial: a 5x5 hint still searched after 165 s, with no warning)."""
        if len(self.puzzle.initial()) <= self.QUICK_CELLS:  # cells (the rotation view too)
            return None
        rules = self.description()
        return rules + (" " if rules[-1:].isascii() else "") + self.tr(
            "On this size a shortest solution can take the solver many minutes or hours: Hint "
            "and Solve say how far they got, and Cancel stops them.")

    def position_help(self) -> str:
        """The example is this game's start (found by an outside trial: the 2x5 puzzle's
        example, shown for every size, was refused on the 8-puzzle)."""
        return self.tr("Tiles row by row, 0 for the blank, e.g. %1").replace(
            "%1", " ".join(str(t) for t in self.puzzle.initial()))

    def __init__(self, puzzle, parent: QWidget | None = None):
        super().__init__(puzzle, parent)
        self.rows = getattr(puzzle, "rows", 3)
        self.cols = getattr(puzzle, "cols", 3)

    def cell_at(self, point: QPointF) -> int | None:
        cell, left, top = self.grid_geometry(self.rows, self.cols)
        c = math.floor((point.x() - left) / cell)
        r = math.floor((point.y() - top) / cell)
        if 0 <= r < self.rows and 0 <= c < self.cols:
            return r * self.cols + c
        return None

    def hinted_tile(self):
        """The tile a hint moves (a sliding move is the tile's number)."""
        return self.hint

    def hint_piece(self, move):
        """The tile to slide: a sliding move is the tile's number, so it is drawn the same."""
        return move

    def piece_words(self, move) -> str:
        return self.tr("Slide tile %1.").replace("%1", str(move))

    def piece_prompt(self) -> str:
        return self.tr("Press H again to see which tile to slide.")

    def cell_rect(self, index: int) -> QRectF:
        cell, left, top = self.grid_geometry(self.rows, self.cols)
        r, c = divmod(index, self.cols)
        return QRectF(left + c * cell, top + r * cell, cell, cell)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        index = self.cell_at(event.position())
        if index is not None:
            self.request(self.puzzle.line_moves(self.state, index))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        cols = self.cols
        blank = self.state.index(0)
        br, bc = divmod(blank, cols)
        # The arrow names the way the tile moves: Left slides the tile right of the blank.
        source = {Qt.Key.Key_Left: (br, bc + 1), Qt.Key.Key_Right: (br, bc - 1),
                  Qt.Key.Key_Up: (br + 1, bc), Qt.Key.Key_Down: (br - 1, bc)}.get(event.key())
        if source is None:
            return super().keyPressEvent(event)
        r, c = source
        if 0 <= r < self.rows and 0 <= c < cols:
            self.request([self.state[r * cols + c]])

    def tile_tooltip(self, index: int) -> str:
        """What the tile in a cell is, and the drawing's convention: a tile already on its goal
        square is drawn darker than the others."""
        tile = self.state[index]
        if tile == 0:
            return self.tr("The blank: click a tile in its row or column to slide it here.")
        if self.puzzle.goal[index] == tile:
            return self.tr("Tile %1 is in place: tiles already on their goal square are drawn "
                           "darker.").replace("%1", str(tile))
        r, c = divmod(self.puzzle.goal.index(tile), self.cols)
        return (self.tr("Tile %1 belongs in row %2, column %3 (tiles already in place are "
                        "drawn darker).").replace("%1", str(tile)).replace("%2", str(r + 1))
                .replace("%3", str(c + 1)))

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            index = self.cell_at(QPointF(event.pos()))
            if index is None:
                QToolTip.hideText()
                event.ignore()
            else:
                QToolTip.showText(event.globalPos(), self.tile_tooltip(index), self)
            return True
        return super().event(event)

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.paint_background(p)
        t = self.theme()
        cell, left, top = self.grid_geometry(self.rows, self.cols)
        frame = QRectF(left, top, cell * self.cols, cell * self.rows)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(t.board_edge)
        p.drawRoundedRect(frame.adjusted(-cell * 0.08, -cell * 0.08, cell * 0.08, cell * 0.08),
                          cell * 0.12, cell * 0.12)
        p.setBrush(t.hole)
        p.drawRoundedRect(frame, cell * 0.08, cell * 0.08)
        tiles = [(index, tile, self.tile_rect(index)) for index, tile in enumerate(self.state)
                 if tile != 0]
        for index, tile, rect in tiles:
            in_place = self.puzzle.goal[index] == tile  # tiles already home look settled
            face = QColor(t.board) if in_place else QColor(t.board).lighter(112)
            p.setPen(QPen(t.board_edge.darker(120), max(1.0, cell * 0.03)))
            p.setBrush(face)
            p.drawRoundedRect(rect, cell * 0.1, cell * 0.1)
            if tile == self.hinted_tile():
                p.setPen(QPen(t.hint, max(2.0, cell * 0.07)))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(rect.adjusted(3, 3, -3, -3), cell * 0.1, cell * 0.1)
        self.paint_hint_under_numbers(p, cell)
        font = QFont(self.font())
        font.setPixelSize(max(8, int(cell * 0.42)))
        font.setBold(True)
        p.setFont(font)
        p.setPen(t.text)
        for _index, tile, rect in tiles:  # numbers last: nothing is drawn over them
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(tile))
        self.paint_annotations(p, cell)
        p.end()

    draws_annotations = True

    def move_cell(self, move) -> int | None:
        """The cell whose tile a move moves (a sliding move is the tile's number)."""
        return self.state.index(move) if move in self.state else None

    def badge_centre(self, index: int, radius: float) -> QPointF:
        """Where a tile's verdict goes: on its edge towards the blank, the way it would move
        (clear of its number)."""
        rect = self.tile_rect(index)
        blank = self.state.index(0)
        (r, c), (br, bc) = divmod(index, self.cols), divmod(blank, self.cols)
        centre = rect.center()
        half_w, half_h = rect.width() / 2 - radius * 0.2, rect.height() / 2 - radius * 0.2
        dx = (bc > c) - (bc < c)
        dy = (br > r) - (br < r) if not dx else 0
        return QPointF(centre.x() + dx * half_w, centre.y() + dy * half_h)

    def paint_annotations(self, p: QPainter, cell: float) -> None:
        """Analysis mode: on each tile that can move, a badge with the fewest moves left after
        moving it."""
        if self.annotations is None:
            return
        t = self.theme()
        radius = cell * 0.15
        for verdict in self.annotations.verdicts:
            index = self.move_cell(verdict.move)
            if index is None:
                continue
            paint_badge(p, t, self.badge_centre(index, radius), radius, verdict,
                        is_best(self.annotations, verdict), self.font())

    def tile_rect(self, index: int) -> QRectF:
        """The face of the tile in a cell (the cell less a small gap)."""
        rect = self.cell_rect(index)
        gap = rect.width() * 0.04
        return rect.adjusted(gap, gap, -gap, -gap)

    def paint_hint_under_numbers(self, p: QPainter, cell: float) -> None:
        """Hints that are more than an outlined tile draw here, over the tiles but under the
        numbers."""
