"""The board painter: any peg board drawn from its coordinates (holes, pegs, the finish, labels,
a hint's jump, analysis badges), shared by the peg view, the picker's tiles, the designer and the
exported pictures."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (QBrush, QColor, QFont, QFontMetricsF, QPainter,
                           QPainterPath, QPen, QPixmap, QRadialGradient)

from pegapp.core import pegs
from pegapp.core.board import NUMBERS, Board, column_letters
from pegapp.ui.theme import BoardTheme, current_theme


class BoardGeometry:
    """Maps board coordinates into a rectangle, keeping the aspect ratio. With labels, a wider
    margin leaves room for the column letters below the board and the row numbers beside it."""

    #: margin around the holes, in hole spacings, without and with the edge labels
    MARGIN = 0.85
    LABELLED_MARGIN = 1.15

    def __init__(self, board: Board, rect: QRectF, labels: bool = False):
        xs = [x for x, _ in board.coords]
        ys = [y for _, y in board.coords]
        self.unit = _unit_length(board)
        margin = self.unit * (self.LABELLED_MARGIN if labels else self.MARGIN)
        span_x = max(xs) - min(xs) + 2 * margin
        span_y = max(ys) - min(ys) + 2 * margin
        self.scale = min(rect.width() / span_x, rect.height() / span_y)
        off_x = rect.x() + (rect.width() - span_x * self.scale) / 2 + (margin - min(xs)) * self.scale
        off_y = rect.y() + (rect.height() - span_y * self.scale) / 2 + (margin - min(ys)) * self.scale
        self.centers = [QPointF(off_x + x * self.scale, off_y + y * self.scale)
                        for x, y in board.coords]
        self.px = self.unit * self.scale  # one hole spacing in pixels
        self.offset = QPointF(off_x, off_y)
        self.hole_r = self.px * 0.2
        self.peg_r = self.px * 0.33

    def path(self, holes) -> QPainterPath:
        """The line through the centres of holes, in order: a jump chain as drawn."""
        path = QPainterPath(self.centers[holes[0]])
        for h in holes[1:]:
            path.lineTo(self.centers[h])
        return path

    def hole_at(self, point: QPointF) -> int | None:
        best, best_d = None, self.px * 0.48
        for i, c in enumerate(self.centers):
            d = math.hypot(c.x() - point.x(), c.y() - point.y())
            if d < best_d:
                best, best_d = i, d
        return best


def _unit_length(board: Board) -> float:
    """The shortest distance between two holes joined by a line: the board's spacing."""
    best = math.inf
    for a, b in board.lines:
        (x0, y0), (x1, y1) = board.coords[a], board.coords[b]
        best = min(best, math.hypot(x1 - x0, y1 - y0))
    return best if best < math.inf else 1.0


class BoardPainter:
    """Paints a board, its pegs and the highlights; shared by the view and the thumbnails."""

    def __init__(self, board: Board, theme: BoardTheme):
        self.board = board
        self.theme = theme

    def paint(self, p: QPainter, geo: BoardGeometry, position: int, *, finish: int | None = None,
              selected: int | None = None, targets: set[int] = frozenset(),
              hint: list[int] | None = None, cursor: int | None = None,
              hidden: set[int] = frozenset(), fading: dict[int, float] | None = None,
              floating: list[tuple[QPointF, float]] = (), rect: QRectF | None = None) -> None:
        t = self.theme
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if rect is not None:
            p.fillRect(rect, t.table)
        self._paint_face(p, geo)
        # lines along which pegs jump
        p.setPen(QPen(t.line, max(1.0, geo.px * 0.05), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        for a, b in self.board.lines:
            p.drawLine(geo.centers[a], geo.centers[b])
        for i, c in enumerate(geo.centers):
            self._paint_hole(p, c, geo)
        if finish is not None:  # an engraved double ring around the finish hole
            p.setBrush(Qt.BrushStyle.NoBrush)
            for r, w in ((geo.peg_r * 1.22, 0.05), (geo.peg_r * 1.4, 0.025)):
                p.setPen(QPen(t.finish, max(1.0, geo.px * w)))
                p.drawEllipse(geo.centers[finish], r, r)
        if hint:
            self._paint_hint(p, geo, hint)
        for h in targets:
            c = geo.centers[h]
            p.setPen(QPen(t.target, max(1.5, geo.px * 0.06)))
            p.setBrush(QColor(t.target.red(), t.target.green(), t.target.blue(), 60))
            p.drawEllipse(c, geo.peg_r * 0.9, geo.peg_r * 0.9)
        for h in pegs.pegs(position):
            if h in hidden:
                continue
            opacity = 1.0 if fading is None else fading.get(h, 1.0)
            if h == selected:  # picked up: a glow, and the peg lifted a little
                self._paint_glow(p, geo.centers[h], geo.peg_r * 1.55, t.selection)
                self.paint_peg(p, geo.centers[h], geo.peg_r * 1.08, opacity, 0.5)
                continue
            self.paint_peg(p, geo.centers[h], geo.peg_r, opacity)
        if fading:
            for h, opacity in fading.items():
                if not pegs.has_peg(position, h):
                    self.paint_peg(p, geo.centers[h], geo.peg_r, opacity)
        for center, lift in floating:
            self.paint_peg(p, center, geo.peg_r * (1 + 0.18 * lift), 1.0, lift)
        if cursor is not None:
            pen = QPen(t.cursor, max(1.5, geo.px * 0.05), Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            r = geo.peg_r * 1.5
            p.drawEllipse(geo.centers[cursor], r, r)

    def label_items(self, geo: BoardGeometry, naming: str) -> list[tuple[str, QPointF]]:
        """The hole names to draw, each (text, centre): by coordinates, a column's letter
        below the board and a row's number left of it (Board.grid: the squares of the names
        "d4"); by the articles' numbers, each hole's number on the hole."""
        board = self.board
        if naming == NUMBERS:
            return [(str(i), c) for i, c in enumerate(geo.centers)]
        columns, rows, _ = board.grid
        xs = [x for x, _ in board.coords]
        ys = [y for _, y in board.coords]
        below = geo.offset.y() + (max(ys) + geo.unit * 0.8) * geo.scale
        beside = geo.offset.x() + (min(xs) - geo.unit * 0.8) * geo.scale
        out = [(column_letters(k), QPointF(geo.offset.x() + x * geo.scale, below))
               for k, x in enumerate(columns)]
        out += [(str(k + 1), QPointF(beside, geo.offset.y() + y * geo.scale))
                for k, y in enumerate(rows)]
        return out

    def paint_labels(self, p: QPainter, geo: BoardGeometry, naming: str, font) -> None:
        """The hole names (label_items): letters and numbers in the table's text colour along
        the edges, or each hole's number, small, with a halo so it reads on a peg and in a hole."""
        t = self.theme
        items = self.label_items(geo, naming)
        f = QFont(font)
        columns = len(self.board.grid[0])
        # a triangular board's columns are half a hole apart: smaller letters
        step = geo.px * (0.5 if columns > len(self.board.grid[1]) * 1.5 else 1.0)
        size = geo.px * 0.24 if naming == NUMBERS else min(geo.px * 0.26, step * 0.6)
        f.setPixelSize(max(7, int(size)))
        f.setBold(naming == NUMBERS)
        p.setFont(f)
        fm = QFontMetricsF(f)
        if naming == NUMBERS:
            halo = QColor(t.table)
            halo.setAlpha(200)
            for text, c in items:
                w, h = fm.horizontalAdvance(text) + 4, fm.height()
                box = QRectF(c.x() - w / 2, c.y() + geo.peg_r * 0.55 - h / 2, w, h)
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(halo)
                p.drawRoundedRect(box, h * 0.3, h * 0.3)
                p.setPen(t.text)
                p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
            return
        muted = QColor(t.text)
        muted.setAlpha(190)
        p.setPen(muted)
        for text, c in items:
            w, h = max(fm.horizontalAdvance(text), 1.0) + 2, fm.height()
            p.drawText(QRectF(c.x() - w / 2, c.y() - h / 2, w, h), Qt.AlignmentFlag.AlignCenter,
                       text)

    def _paint_face(self, p: QPainter, geo: BoardGeometry) -> None:
        """A board that hugs its holes: fat round strokes along the lines, discs at the holes."""
        t = self.theme
        width = geo.px * 1.05
        for color, extra, dy in ((t.board_edge, geo.px * 0.1, geo.px * 0.06), (t.board, 0.0, 0.0)):
            pen = QPen(color, width + extra, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                       Qt.PenJoinStyle.RoundJoin)
            p.setPen(pen)
            for a, b in self.board.lines:
                p.drawLine(geo.centers[a] + QPointF(0, dy), geo.centers[b] + QPointF(0, dy))
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(color)
            r = (width + extra) / 2
            for c in geo.centers:
                p.drawEllipse(c + QPointF(0, dy), r, r)

    def _paint_hole(self, p: QPainter, c: QPointF, geo: BoardGeometry) -> None:
        t = self.theme
        r = geo.hole_r
        grad = QRadialGradient(c + QPointF(0, -r * 0.35), r * 1.2)
        grad.setColorAt(0.0, t.hole.darker(150))
        grad.setColorAt(0.8, t.hole)
        grad.setColorAt(1.0, t.hole.lighter(130))
        p.setPen(QPen(t.hole_rim, max(1.0, r * 0.18)))
        p.setBrush(QBrush(grad))
        p.drawEllipse(c, r, r)

    def paint_trail(self, p: QPainter, geo: BoardGeometry, move: list[int]) -> None:
        """The path of a move just played: a ring where the peg started, a line through its
        jumps, the peg again where it landed. Plain strokes only (no gradients), so PNG, SVG and
        PDF look the same."""
        color = QColor(self.theme.hint)
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(color, max(1.0, geo.px * 0.07)))
        p.drawEllipse(geo.centers[move[0]], geo.peg_r * 0.95, geo.peg_r * 0.95)
        color.setAlpha(200)
        p.setPen(QPen(color, max(1.0, geo.px * 0.09), Qt.PenStyle.SolidLine,
                      Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        for a, b in zip(move, move[1:]):
            p.drawLine(geo.centers[a], geo.centers[b])
        p.restore()
        self.paint_peg(p, geo.centers[move[-1]], geo.peg_r)

    def paint_peg(self, p: QPainter, c: QPointF, r: float, opacity: float = 1.0,
                  lift: float = 0.0) -> None:
        t = self.theme
        p.save()
        p.setOpacity(opacity)
        shadow = QColor(t.peg_shadow)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(shadow)
        off = r * (0.16 + 0.35 * lift)
        p.drawEllipse(c + QPointF(off * 0.6, off), r * 0.98, r * 0.9)
        grad = QRadialGradient(c + QPointF(-r * 0.35, -r * 0.4), r * 1.5)
        grad.setColorAt(0.0, t.peg_light)
        grad.setColorAt(0.45, t.peg)
        grad.setColorAt(1.0, t.peg.darker(170))
        p.setBrush(QBrush(grad))
        p.setPen(QPen(t.peg.darker(200), max(0.8, r * 0.05)))
        p.drawEllipse(c, r, r)
        p.restore()

    def _paint_glow(self, p: QPainter, c: QPointF, r: float, color: QColor) -> None:
        grad = QRadialGradient(c, r)
        inner = QColor(color)
        inner.setAlpha(200)
        outer = QColor(color)
        outer.setAlpha(0)
        grad.setColorAt(0.55, inner)
        grad.setColorAt(1.0, outer)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QBrush(grad))
        p.drawEllipse(c, r, r)

    def _paint_hint(self, p: QPainter, geo: BoardGeometry, move: list[int]) -> None:
        t = self.theme
        color = QColor(t.hint)
        color.setAlpha(210)
        pen = QPen(color, geo.px * 0.11, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                   Qt.PenJoinStyle.RoundJoin)
        if len(move) == 1:  # a piece alone (a graded hint's second step): its glow, no path
            self._paint_glow(p, geo.centers[move[0]], geo.peg_r * 1.5, color)
            # and a ring: the glow alone was faint on the dark theme's board at the smallest size
            p.setPen(QPen(color, max(1.5, geo.px * 0.07)))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(geo.centers[move[0]], geo.peg_r * 1.3, geo.peg_r * 1.3)
            return
        path = geo.path(move)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(path)
        # arrow head at the landing hole
        a, b = geo.centers[move[-2]], geo.centers[move[-1]]
        ang = math.atan2(b.y() - a.y(), b.x() - a.x())
        size = geo.px * 0.3
        head = QPainterPath(b)
        for side in (-1, 1):
            head.moveTo(b)
            head.lineTo(b.x() - size * math.cos(ang + side * 0.5),
                        b.y() - size * math.sin(ang + side * 0.5))
        p.drawPath(head)
        self._paint_glow(p, geo.centers[move[0]], geo.peg_r * 1.5, color)


def board_pixmap(board: Board, position: int | None = None, size: int = 96,
                 theme: BoardTheme | None = None, finish: int | None | str = "default") -> QPixmap:
    """A small picture of a board, for pickers and previews."""
    theme = theme or current_theme()
    pix = QPixmap(size, size)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    rect = QRectF(0, 0, size, size)
    geo = BoardGeometry(board, rect)
    position = board.start_position if position is None else position
    BoardPainter(board, theme).paint(p, geo, position,
                                     finish=board.finish if finish == "default" else finish)
    p.end()
    return pix
