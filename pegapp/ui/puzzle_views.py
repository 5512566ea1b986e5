"""One view widget per puzzle family: it draws a state and asks for moves with movesRequested.

Views never change the game: the window applies the moves through its undo stack.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QMouseEvent, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QPushButton, QSizePolicy, QWidget

from pegapp.puzzles.rotate import LINES
from pegapp.ui.theme import BoardTheme, current_theme

STONE_COLOURS = ["#c0392b", "#2f6fb0", "#2e8b57", "#d4a017", "#8e44ad", "#e67e22", "#16a085",
                 "#7f5539", "#d63384", "#4a4e69"]


class PuzzleView(QWidget):
    #: a list of moves to play in order (sliding several tiles is several moves)
    movesRequested = Signal(list)

    def __init__(self, puzzle, parent: QWidget | None = None):
        super().__init__(parent)
        self.puzzle = puzzle
        self.state = puzzle.initial()
        self.hint = None
        self.interactive = True
        self.theme_mode = "system"
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_state(self, state) -> None:
        self.state = state
        self.hint = None
        self.update()

    def set_hint(self, move) -> None:
        self.hint = move
        self.update()

    def theme(self) -> BoardTheme:
        return current_theme(self.theme_mode)

    def request(self, moves: list) -> None:
        if self.interactive and moves:
            self.movesRequested.emit(list(moves))

    def sizeHint(self) -> QSize:
        return QSize(560, 560)

    def minimumSizeHint(self) -> QSize:
        return QSize(260, 260)

    # helpers for grid puzzles
    def grid_geometry(self, rows: int, cols: int, margin: float = 0.06) -> tuple[float, float, float]:
        """(cell size, left, top) of a centred square-celled grid."""
        w, h = self.width(), self.height()
        cell = min(w * (1 - 2 * margin) / cols, h * (1 - 2 * margin) / rows)
        return cell, (w - cell * cols) / 2, (h - cell * rows) / 2

    def paint_background(self, p: QPainter) -> None:
        p.fillRect(self.rect(), self.theme().table)


class SlideView(PuzzleView):
    """Sliding tiles: click a tile in the blank's row or column; arrow keys move a tile into it."""

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
        font = QFont(self.font())
        font.setPixelSize(max(8, int(cell * 0.42)))
        font.setBold(True)
        p.setFont(font)
        for index, tile in enumerate(self.state):
            if tile == 0:
                continue
            rect = self.cell_rect(index).adjusted(cell * 0.04, cell * 0.04, -cell * 0.04,
                                                  -cell * 0.04)
            in_place = self.puzzle.goal[index] == tile  # tiles already home look settled
            face = QColor(t.board) if in_place else QColor(t.board).lighter(112)
            p.setPen(QPen(t.board_edge.darker(120), max(1.0, cell * 0.03)))
            p.setBrush(face)
            p.drawRoundedRect(rect, cell * 0.1, cell * 0.1)
            if tile == self.hinted_tile():
                p.setPen(QPen(t.hint, max(2.0, cell * 0.07)))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(rect.adjusted(3, 3, -3, -3), cell * 0.1, cell * 0.1)
            p.setPen(t.text)
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(tile))
        p.end()


class RotateView(SlideView):
    """The 3x3 rotation puzzle: click an outer tile to turn the line through it and the centre
    towards it (the tile at the clicked end goes round to the far end); keys 1-9 do the same."""

    def __init__(self, puzzle, parent: QWidget | None = None):
        super().__init__(puzzle, parent)
        self.rows = getattr(puzzle, "rows", 3)
        self.cols = getattr(puzzle, "cols", 3)
        self.hover_move = None

    def hinted_tile(self):
        return None  # a rotation hint is a line, drawn as an arrow

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

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        if self.hint is None:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        line = LINES[self.hint]
        centres = [self.cell_rect(i).center() for i in reversed(line)]  # the way tiles travel
        pen = QPen(self.theme().hint, max(3.0, self.cell_rect(0).width() * 0.08),
                   Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        path = QPainterPath(centres[0])
        for c in centres[1:]:
            path.lineTo(c)
        p.drawPath(path)
        a, b = centres[-2], centres[-1]
        ang = math.atan2(b.y() - a.y(), b.x() - a.x())
        size = self.cell_rect(0).width() * 0.25
        for side in (-1, 1):
            p.drawLine(b, QPointF(b.x() - size * math.cos(ang + side * 0.5),
                                  b.y() - size * math.sin(ang + side * 0.5)))
        p.end()


class Flip8View(PuzzleView):
    """8-flip: a grid of lamps; pressing one flips its neighbours. Arrows and Space work too.
    In drawing mode a click switches one lamp instead, to set up a start pattern."""

    patternEdited = Signal(int)

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
        p.end()


class OshidoriView(PuzzleView):
    """Stone pairs: click a stone to lift it with its right-hand neighbour into the empty cells."""

    def cell_rect(self, index: int) -> QRectF:
        n = len(self.state)
        cell = min(self.width() * 0.92 / n, self.height() * 0.5)
        left = (self.width() - cell * n) / 2
        top = (self.height() - cell) / 2
        return QRectF(left + index * cell, top, cell, cell)

    def move_for_cell(self, index: int):
        for move in self.puzzle.moves(self.state):
            if move[0] == index:
                return move
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        for index in range(len(self.state)):
            if self.cell_rect(index).contains(event.position()):
                move = self.move_for_cell(index)
                if move is not None:
                    self.request([move])
                return

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.paint_background(p)
        t = self.theme()
        font = QFont(self.font())
        for index, stone in enumerate(self.state):
            rect = self.cell_rect(index)
            cell = rect.width()
            font.setPixelSize(max(8, int(cell * 0.38)))
            font.setBold(True)
            p.setFont(font)
            p.setPen(QPen(t.board_edge, max(1.0, cell * 0.03)))
            p.setBrush(t.board)
            p.drawRect(rect)
            if self.hint is not None and index in (self.hint[0], self.hint[0] + 1):
                p.setPen(QPen(t.hint, max(2.0, cell * 0.08)))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRect(rect.adjusted(3, 3, -3, -3))
            if stone:
                colour = QColor(STONE_COLOURS[(stone - 1) % len(STONE_COLOURS)])
                p.setPen(QPen(colour.darker(150), max(1.0, cell * 0.03)))
                p.setBrush(colour)
                r = cell * 0.36
                p.drawEllipse(rect.center(), r, r)
                p.setPen(QColor("white"))
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(stone))
        p.end()


class JugsView(PuzzleView):
    """Water jugs: Fill and Empty under each jug; click a jug, then another, to pour.
    Keys: 1-5 pick a jug (a second number pours into it), F fills and E empties the picked one."""

    def __init__(self, puzzle, parent: QWidget | None = None):
        super().__init__(puzzle, parent)
        self.picked: int | None = None
        self.fill_buttons: list[QPushButton] = []
        self.empty_buttons: list[QPushButton] = []
        for i in range(len(puzzle.capacities)):
            fill = QPushButton(self.tr("Fill"), self)
            empty = QPushButton(self.tr("Empty"), self)
            for b in (fill, empty):
                b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            fill.clicked.connect(lambda _=False, i=i: self.request([("fill", i)]))
            empty.clicked.connect(lambda _=False, i=i: self.request([("empty", i)]))
            self.fill_buttons.append(fill)
            self.empty_buttons.append(empty)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        for i, (fill, empty) in enumerate(zip(self.fill_buttons, self.empty_buttons)):
            rect = self.jug_rect(i)
            y = int(rect.bottom() + 34)
            w = 64
            fill.setGeometry(int(rect.center().x() - w - 2), y, w, 28)
            empty.setGeometry(int(rect.center().x() + 2), y, w, 28)

    def jug_rect(self, index: int) -> QRectF:
        caps = self.puzzle.capacities
        n = len(caps)
        slot = self.width() / n
        biggest = max(caps)
        full_h = self.height() * 0.7
        h = full_h * caps[index] / biggest
        w = min(slot * 0.6, 140)
        bottom = self.height() * 0.8
        return QRectF(slot * index + (slot - w) / 2, bottom - h, w, h)

    def jug_at(self, point: QPointF) -> int | None:
        for i in range(len(self.puzzle.capacities)):
            if self.jug_rect(i).adjusted(-10, -30, 10, 10).contains(point):
                return i
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        jug = self.jug_at(event.position())
        if jug is None:
            self.picked = None
        elif self.picked is None or self.picked == jug:
            self.picked = None if self.picked == jug else jug
        else:
            self.request([("pour", self.picked, jug)])
            self.picked = None
        self.update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.picked is not None and event.key() == Qt.Key.Key_F:
            self.request([("fill", self.picked)])
        elif self.picked is not None and event.key() == Qt.Key.Key_E:
            self.request([("empty", self.picked)])
        elif Qt.Key.Key_1 <= event.key() <= Qt.Key.Key_5:
            jug = event.key() - Qt.Key.Key_1
            if jug < len(self.puzzle.capacities):
                if self.picked is not None and self.picked != jug:
                    self.request([("pour", self.picked, jug)])
                    self.picked = None
                else:
                    self.picked = None if self.picked == jug else jug
                self.update()
        else:
            super().keyPressEvent(event)

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.paint_background(p)
        t = self.theme()
        water = QColor("#4a90d9")
        water.setAlpha(210)
        font = QFont(self.font())
        font.setPixelSize(16)
        p.setFont(font)
        p.setPen(t.text)
        p.drawText(QRectF(0, 8, self.width(), 24), Qt.AlignmentFlag.AlignCenter,
                   self.tr("Target: %1 l in any jug. Click a jug, then another, to pour.")
                   .replace("%1", str(self.puzzle.target)))
        for i, cap in enumerate(self.puzzle.capacities):
            rect = self.jug_rect(i)
            amount = self.state[i]
            level = rect.height() * amount / cap
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(water)
            p.drawRect(QRectF(rect.left(), rect.bottom() - level, rect.width(), level))
            hinted = self.hint is not None and i in self.hint[1:]
            colour = t.hint if hinted else (t.selection if i == self.picked else t.text)
            p.setPen(QPen(colour, 4 if (hinted or i == self.picked) else 2))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(rect, 6, 6)
            p.setPen(t.text)
            p.drawText(QRectF(rect.left() - 30, rect.top() - 28, rect.width() + 60, 24),
                       Qt.AlignmentFlag.AlignCenter, f"{amount} / {cap} L")
            p.drawText(QRectF(rect.left() - 30, rect.bottom() + 6, rect.width() + 60, 24),
                       Qt.AlignmentFlag.AlignCenter, f"#{i + 1}")
        p.end()


VIEWS = {"slide": SlideView, "rotate": RotateView, "flip8": Flip8View, "oshidori": OshidoriView,
         "jugs": JugsView}


def view_for(puzzle) -> PuzzleView:
    return VIEWS[puzzle.id.split("/", 1)[0]](puzzle)
