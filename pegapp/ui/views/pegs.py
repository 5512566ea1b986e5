"""The peg solitaire view (pegapp.puzzles.pegs): any peg board drawn from its coordinates; the player
jumps pegs by click, drag or keys."""

from __future__ import annotations

import math

from PySide6.QtCore import (QEasingCurve, QEvent, QPointF, QRectF, QSize, Qt, QVariantAnimation,
                            Signal)
from PySide6.QtGui import (QColor, QKeyEvent, QMouseEvent, QPainter,
                           QPen, QPixmap)
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from pegapp.core import pegs
from pegapp.core.board import (COORDINATES, Board, Jump, hole_naming,
                               load_board)
from pegapp.puzzles import catalogue
from pegapp.puzzles.analysis import Annotations, MoveVerdict
from pegapp.puzzles.pegs import board_game
from pegapp.ui.analysis_marks import best_of, is_best, legend, paint_badge
from pegapp.ui.i18n import display_language, plural
from pegapp.puzzles.design import impossible_reason
from pegapp.ui.views.peg_problems import ProblemsDialog, impossible_words
from pegapp.ui.theme import current_theme
from pegapp.ui.views.base import render_scaled
from pegapp.ui.views.board_painter import BoardGeometry, BoardPainter, board_pixmap


class BoardView(QWidget):
    """The playing surface. It never changes the game itself: it asks with jumpRequested."""

    jumpRequested = Signal(int, int, int)
    holeChosen = Signal(int)
    animationFinished = Signal()

    #: the move whose path is drawn (PuzzleView protocol: set_trail), None for none
    trail: list[int] | None = None
    #: the settings it follows (PuzzleView protocol: SETTINGS)
    SETTINGS = frozenset({"view/animate", "view/animation_ms", "view/show_targets",
                          "view/hole_labels"})

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMouseTracking(False)
        self.setAccessibleName(self.tr("Peg board"))
        self.board: Board | None = None
        self.position = 0
        self.finish: int | None = None
        self.selected: int | None = None
        self.cursor: int | None = None
        self.hint: list[int] | None = None
        self.theme_mode = "system"
        self.show_targets = True
        #: the hole names drawn along the edges (or the articles' numbers on the holes)
        self.show_labels = True
        self.animations_enabled = True
        self.animation_ms = 260
        self.choosing_start = False
        self.interactive = True
        self._keyboard_used = False
        self._drag_from: int | None = None
        self._drag_pos: QPointF | None = None
        self._press_pos: QPointF | None = None
        self._anim_jump: Jump | None = None
        self._anim_t = 1.0
        self._anim = QVariantAnimation(self)
        self._anim.setStartValue(0.0)
        self._anim.setEndValue(1.0)
        self._anim.setEasingCurve(QEasingCurve.Type.InOutCubic)
        self._anim.valueChanged.connect(self._on_anim_value)
        self._anim.finished.connect(self._on_anim_finished)

    # ---- state from the window

    def set_board(self, board: Board, position: int, finish: int | None) -> None:
        self.stop_animation()
        self.board = board
        self.finish = finish
        self.position = position
        self.selected = None
        self.hint = None
        self.cursor = self._default_cursor()
        self._drag_from = None
        self.update()

    def set_position(self, position: int, keep_selected: int | None = None) -> None:
        """Show a new position; keep_selected keeps that peg picked up if it can jump on (chains)."""
        self.stop_animation()
        self.position = position
        self.selected = keep_selected if keep_selected is not None and self._targets_of(
            keep_selected) else None
        self.hint = None
        self.update()

    def play_jump(self, jump: Jump, position: int, keep_selected: bool = True) -> None:
        """Show the position after jump, animated if enabled."""
        self.stop_animation()
        self.position = position
        self.hint = None
        landing = jump[2]
        self.selected = landing if keep_selected and self._targets_of(landing) else None
        if self.cursor is not None and self._keyboard_used:
            self.cursor = landing
        if self.animations_enabled and self.animation_ms > 0 and self.isVisible():
            self._anim_jump = jump
            self._anim_t = 0.0
            self._anim.setDuration(self.animation_ms)
            self._anim.start()
        else:
            self.animationFinished.emit()
        self.update()

    def stop_animation(self) -> None:
        if self._anim.state() == QVariantAnimation.State.Running:
            self._anim.stop()
            self._on_anim_finished()

    @property
    def animating(self) -> bool:
        return self._anim_jump is not None

    def set_hint(self, move: list[int] | None) -> None:
        self.hint = move
        self.update()

    def shown_position(self) -> tuple[int, int | None]:
        """The position drawn and its finish hole: the game's (a view may show another while
        the player chooses a start)."""
        return self.position, self.finish

    def set_choosing_start(self, on: bool) -> None:
        self.choosing_start = on
        self.selected = None
        self.setCursor(Qt.CursorShape.CrossCursor if on else Qt.CursorShape.ArrowCursor)
        self.update()

    # ---- geometry helpers (public for tests and tools)

    def paint_diagram(self, p: QPainter, rect: QRectF) -> None:
        """The board as drawn, scaled into rect of an export sheet (PuzzleView's way)."""
        render_scaled(self, p, rect)

    def set_trail(self, move) -> None:
        """Draw the path of move (the holes its peg visited; the exported solution sheet shows
        the move that led to each position), or none."""
        self.trail = list(move) if move else None
        self.update()

    def geometry_for_paint(self) -> BoardGeometry:
        return BoardGeometry(self.board, QRectF(self.rect()), labels=self.show_labels)

    def label_items(self) -> list[tuple[str, QPointF]]:
        """The hole names drawn now (text, centre); none when they are switched off."""
        if self.board is None or not self.show_labels:
            return []
        painter = BoardPainter(self.board, current_theme(self.theme_mode))
        return painter.label_items(self.geometry_for_paint(), hole_naming())

    def set_show_labels(self, on: bool) -> None:
        self.show_labels = on
        self.update()

    def hole_center(self, hole: int) -> QPointF:
        return self.geometry_for_paint().centers[hole]

    def hole_tooltip(self, hole: int) -> str:
        """Both names of a hole, so either notation can be followed on the board: "d4 (hole 16
        in the articles' numbering)"."""
        return self.tr("%1 (hole %2 in the articles' numbering)").replace(
            "%1", self.board.hole_name(hole, COORDINATES)).replace("%2", str(hole))

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.ToolTip and self.board is not None:
            hole = self.geometry_for_paint().hole_at(QPointF(event.pos()))
            if hole is None:
                QToolTip.hideText()
                event.ignore()
            else:
                QToolTip.showText(event.globalPos(), self.hole_tooltip(hole), self)
            return True
        return super().event(event)

    def legal_targets(self) -> set[int]:
        if self.selected is None:
            return set()
        return {j[2] for j in self._targets_of(self.selected)}

    def _targets_of(self, hole: int) -> list[Jump]:
        if self.board is None or not pegs.has_peg(self.position, hole):
            return []
        return pegs.legal_jumps_from(self.board, self.position, hole)

    def _default_cursor(self) -> int | None:
        if self.board is None:
            return None
        xs = [x for x, _ in self.board.coords]
        ys = [y for _, y in self.board.coords]
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        return min(range(self.board.n), key=lambda h: math.hypot(xs[h] - cx, ys[h] - cy))

    # ---- painting

    def sizeHint(self) -> QSize:
        return QSize(560, 560)

    def minimumSizeHint(self) -> QSize:
        return QSize(280, 280)

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        theme = current_theme(self.theme_mode)
        rect = QRectF(self.rect())
        if self.board is None:
            p.fillRect(rect, theme.table)
            return
        geo = self.geometry_for_paint()
        hidden: set[int] = set()
        fading: dict[int, float] = {}
        floating: list[tuple[QPointF, float]] = []
        if self._anim_jump is not None:
            f, o, t = self._anim_jump
            s = self._anim_t
            hidden.add(t)
            fading[o] = max(0.0, 1.0 - s * 1.4)
            a, b = geo.centers[f], geo.centers[t]
            lift = math.sin(math.pi * s)
            center = QPointF(a.x() + (b.x() - a.x()) * s,
                             a.y() + (b.y() - a.y()) * s - lift * geo.px * 0.25)
            floating.append((center, lift))
        if self._drag_from is not None and self._drag_pos is not None:
            hidden.add(self._drag_from)
            floating.append((self._drag_pos, 0.6))
        show_cursor = self.cursor if (self._keyboard_used and self.hasFocus()) else None
        painter = BoardPainter(self.board, theme)
        position, finish = self.shown_position()
        painter.paint(
            p, geo, position, finish=finish, selected=self.selected,
            targets=self.legal_targets() if self.show_targets and not self.choosing_start else set(),
            hint=self.hint, cursor=show_cursor, hidden=hidden, fading=fading, floating=floating,
            rect=rect)
        if self.trail:
            painter.paint_trail(p, geo, self.trail)
        if self.show_labels:
            painter.paint_labels(p, geo, hole_naming(), self.font())
        p.end()

    def _on_anim_value(self, value) -> None:
        self._anim_t = float(value)
        self.update()

    def _on_anim_finished(self) -> None:
        self._anim_jump = None
        self._anim_t = 1.0
        self.update()
        self.animationFinished.emit()

    # ---- mouse

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.board is None or event.button() != Qt.MouseButton.LeftButton:
            return super().mousePressEvent(event)
        self._keyboard_used = False
        hole = self.geometry_for_paint().hole_at(event.position())
        if hole is not None:
            self.cursor = hole
        self.activate_hole(hole, allow_drag=True, press=event.position())

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._drag_from is None or self._press_pos is None:
            return
        moved = event.position() - self._press_pos
        if self._drag_pos is not None or moved.manhattanLength() > 6:
            self._drag_pos = event.position()
            self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        drag_from, drag_pos = self._drag_from, self._drag_pos
        self._drag_from = self._drag_pos = self._press_pos = None
        if drag_from is None or drag_pos is None:
            return
        self.update()
        target = self.geometry_for_paint().hole_at(event.position())
        for jump in self._targets_of(drag_from):
            if jump[2] == target:
                self.stop_animation()
                self.jumpRequested.emit(*jump)
                return

    def activate_hole(self, hole: int | None, allow_drag: bool = False,
                      press: QPointF | None = None) -> None:
        """A click (or Enter) on a hole: choose start, pick up, drop, or put down."""
        if self.choosing_start:
            if hole is not None:
                self.holeChosen.emit(hole)
            return
        if not self.interactive:
            return
        if hole is None:
            self.selected = None
            self.update()
            return
        if self.selected is not None:
            for jump in self._targets_of(self.selected):
                if jump[2] == hole:
                    self.jumpRequested.emit(*jump)
                    return
        if hole == self.selected:
            self.selected = None
        elif self._targets_of(hole):
            self.selected = hole
            if allow_drag:
                self._drag_from = hole
                self._press_pos = press
        else:
            self.selected = None
        self.update()

    # ---- keyboard

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.board is None:
            return super().keyPressEvent(event)
        key = event.key()
        directions = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0),
                      Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}
        if key in directions:
            self._keyboard_used = True
            self.cursor = self._neighbour(self.cursor, *directions[key])
            self.update()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self._keyboard_used = True
            self.activate_hole(self.cursor)
            self.update()
        elif key == Qt.Key.Key_Escape and self.selected is not None:
            self.selected = None
            self.update()
        else:
            super().keyPressEvent(event)

    def _neighbour(self, hole: int | None, dx: int, dy: int) -> int | None:
        """Like a text cursor: Left/Right move within the row, Up/Down to the nearest hole of the
        next row. Works on every lattice, including rotated ones such as Hoppers."""
        if hole is None:
            return self._default_cursor()
        coords = self.board.coords
        x0, y0 = coords[hole]
        if dx:
            row = [h for h, (x, y) in enumerate(coords)
                   if abs(y - y0) < 1e-6 and (x - x0) * dx > 1e-9]
            return min(row, key=lambda h: abs(coords[h][0] - x0), default=hole)
        ys = sorted({round(y, 6) for _, y in coords if (y - y0) * dy > 1e-6}, reverse=dy < 0)
        if not ys:
            return hole
        row = [h for h, (x, y) in enumerate(coords) if abs(y - ys[0]) < 1e-6]
        return min(row, key=lambda h: (abs(coords[h][0] - x0), coords[h][0]))


class PegView(BoardView):
    """Peg solitaire's view for the game window (the PuzzleView protocol): a jump is a move of two
    holes (the session merges a jump that continues the chain), a chosen start hole asks for a new
    game, and the family's own words (goal, counts, statuses)."""

    movesRequested = Signal(list)
    newGameRequested = Signal(str, dict)
    statusChanged = Signal()

    def __init__(self, puzzle, parent: QWidget | None = None):
        super().__init__(parent)
        self.puzzle = puzzle
        #: Choose start on a board with a finish: the hole clicked first (it starts empty), and
        #: (start, finish, reason) when the finish clicked next makes a problem no play solves
        self.chosen_start: int | None = None
        self.refused_choice: tuple[int, int, object] | None = None
        self._queue: list[tuple[Jump, int]] = []
        self._after_queue = None  # the hint to show once the queued jumps are drawn
        self.set_board(puzzle.board, puzzle.initial(), puzzle.finish)
        self.jumpRequested.connect(lambda f, _o, t: self.movesRequested.emit([[f, t]]))
        self.holeChosen.connect(self._on_hole_chosen)
        self.animationFinished.connect(self._next_jump)
        self.start_action = QAction(self.tr("C&hoose start"), self)
        self.start_action.setCheckable(True)
        self.start_action.setProperty("panel", True)
        self.start_action.toggled.connect(self.set_choosing_start)
        # switches of the View menu; the window remembers them under their "setting"
        self.animate_action = QAction(self.tr("Animate &jumps"), self)
        self.animate_action.setCheckable(True)
        self.animate_action.setChecked(self.animations_enabled)
        self.animate_action.setProperty("setting", "view/animate")
        self.animate_action.toggled.connect(self.set_animations)
        self.targets_action = QAction(self.tr("Show &legal targets"), self)
        self.targets_action.setCheckable(True)
        self.targets_action.setChecked(self.show_targets)
        self.targets_action.setProperty("setting", "view/show_targets")
        self.targets_action.toggled.connect(self.set_show_targets)
        self.labels_action = QAction(self.tr("Show hole &names"), self)
        self.labels_action.setCheckable(True)
        self.labels_action.setChecked(self.show_labels)
        self.labels_action.setProperty("setting", "view/hole_labels")
        self.labels_action.setToolTip(self.tr(
            "Name the holes along the board's edges (column letter, row number: d4), or "
            "number them as the articles do (Settings: Hole names)"))
        self.labels_action.toggled.connect(self.set_show_labels)
        #: the Game menu's list of the board's problems with par (issue #15)
        self.problems_action = QAction(self.tr("&Problems…"), self)
        self.problems_action.triggered.connect(self.choose_problem)
        self.problems_dialog: ProblemsDialog | None = None
        #: analysis mode's verdicts of every legal move (None: analysis off or not ready)
        self.annotations: Annotations | None = None
        #: the peg under the mouse, whose moves' verdicts alone are shown
        self.hover: int | None = None
        self.setMouseTracking(True)

    # ---- analysis mode (issue #14)

    #: this view marks every legal move's verdict in analysis mode
    draws_annotations = True

    def analysis_summary(self, annotations: Annotations) -> None:
        """PuzzleView protocol: the window's own analysis sentence (moves to the goal)."""
        return None

    def analysis_legend(self, annotations: Annotations) -> str:
        """PuzzleView protocol: the boards' legend (analysis_marks.legend)."""
        return legend(annotations)

    def set_annotations(self, annotations: Annotations | None) -> None:
        self.annotations = annotations
        self.update()

    def focus_peg(self) -> int | None:
        """The peg whose moves alone are marked: the one under the mouse, else the one picked
        up; None: every move is marked."""
        if self.annotations is None:
            return None
        for hole in (self.hover, self.selected):
            if hole is not None and any(v.move[0] == hole for v in self.annotations.verdicts):
                return hole
        return None

    def analysis_marks(self, focus: int | None = None) -> dict[int, MoveVerdict]:
        """The verdict drawn on each hole: on the target of a move's first jump, the best
        verdict of the moves (of the focus peg, when given) whose first jump lands there."""
        if self.annotations is None:
            return {}
        groups: dict[int, list[MoveVerdict]] = {}
        for v in self.annotations.verdicts:
            if focus is None or v.move[0] == focus:
                groups.setdefault(v.move[1], []).append(v)
        return {hole: best_of(vs) for hole, vs in groups.items()}

    def best_continuation(self, focus: int | None) -> list[int] | None:
        """The holes of the focus peg's best move when it is a chain (more than one jump)."""
        if self.annotations is None or focus is None:
            return None
        best = best_of(v for v in self.annotations.verdicts if v.move[0] == focus)
        return list(best.move) if best is not None and len(best.move) > 2 else None

    def best_pegs(self) -> set[int]:
        """The pegs that start one of the position's best moves."""
        if self.annotations is None:
            return set()
        return {v.move[0] for v in self.annotations.best}

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        hole = self.geometry_for_paint().hole_at(event.position()) if self.board else None
        if hole != self.hover:
            self.hover = hole
            if self.annotations is not None:
                self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event) -> None:
        if self.hover is not None:
            self.hover = None
            self.update()
        super().leaveEvent(event)

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        if self.annotations is None or self.board is None or self.animating:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        theme = current_theme(self.theme_mode)
        geo = self.geometry_for_paint()
        focus = self.focus_peg()
        if focus is None:  # the pegs that start a best move: a green ring
            ring = QColor("#2f9e55") if theme.dark else QColor("#1e7a3c")
            p.setPen(QPen(ring, max(2.0, geo.px * 0.06)))
            p.setBrush(Qt.BrushStyle.NoBrush)
            for h in self.best_pegs():
                p.drawEllipse(geo.centers[h], geo.peg_r * 1.18, geo.peg_r * 1.18)
        chain = self.best_continuation(focus)
        if chain:  # the rest of the best chain, dashed, from the first landing on
            colour = QColor("#2f9e55") if theme.dark else QColor("#1e7a3c")
            pen = QPen(colour, max(2.0, geo.px * 0.07), Qt.PenStyle.DashLine,
                       Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(geo.path(chain[1:]))
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(colour)
            for h in chain[2:]:
                p.drawEllipse(geo.centers[h], geo.peg_r * 0.3, geo.peg_r * 0.3)
        for hole, verdict in self.analysis_marks(focus).items():
            paint_badge(p, theme, geo.centers[hole], geo.peg_r * 0.8, verdict,
                        is_best(self.annotations, verdict), self.font())
        p.end()

    def set_animations(self, on: bool) -> None:
        self.animations_enabled = on

    def set_show_targets(self, on: bool) -> None:
        self.show_targets = on
        self.update()

    @property
    def state(self) -> int:
        return self.position

    def set_state(self, state: int) -> None:
        self._queue = []
        self.set_position(state)

    def play_move(self, move, state: int) -> None:
        """The jumps of a move one after another (animated when on); the peg that landed stays
        picked up while the player's chain can go on."""
        self._queue = []
        self.stop_animation()
        position, queue = self.position, []
        for jump in pegs.move_jumps(self.board, move):
            position = pegs.apply_jump(position, jump)
            queue.append((jump, position))
        if position != state:  # not a continuation of what is shown: just show it
            self.set_position(state)
            return
        self._queue = queue
        self._next_jump()

    def _next_jump(self) -> None:
        if not self._queue:
            return
        jump, position = self._queue.pop(0)
        self.play_jump(jump, position, keep_selected=self.interactive)
        if not self._queue and self._after_queue is not None:
            hint, self._after_queue = self._after_queue, None
            BoardView.set_hint(self, hint)

    def set_hint(self, move) -> None:
        if self._queue:
            self._after_queue = move
            return
        super().set_hint(move)

    def _on_hole_chosen(self, hole: int) -> None:
        """Choose start: the hole clicked first starts empty; on a board with a finish hole the
        next click is where the last peg must end (the same hole: the complement problem). A
        pair that no play solves (French 37 has no complement problem) is refused with its
        reason, and the finish asked for again."""
        if self.board.finish is None:
            self._start_chosen(hole, "any")
            return
        if self.chosen_start is None:
            self.chosen_start = hole
            self.selected = hole
        else:
            reason = impossible_reason(self.board, [self.chosen_start], hole)
            if reason is None:
                self._start_chosen(self.chosen_start, hole)
                return
            self.refused_choice = (self.chosen_start, hole, reason)
        self.update()
        self.statusChanged.emit()

    def shown_position(self) -> tuple[int, int | None]:
        """While a start is chosen, the problem being made rather than the game: every hole
        full but the start chosen, and the finish clicked if it was refused."""
        if not self.choosing_start:
            return super().shown_position()
        empty = [] if self.chosen_start is None else [self.chosen_start]
        refused = None if self.refused_choice is None else self.refused_choice[1]
        return self.board.position_for(empty), refused

    def _start_chosen(self, start: int, finish) -> None:
        params = dict(self.puzzle.params, start=[start], finish=finish)
        self.start_action.setChecked(False)
        self.newGameRequested.emit(self.puzzle.id, params)

    def set_choosing_start(self, on: bool) -> None:
        super().set_choosing_start(on)
        self.chosen_start = None
        self.refused_choice = None
        if self.start_action.isChecked() != on:
            self.start_action.setChecked(on)
        self.statusChanged.emit()  # the goal line: the old problem's par goes while one is chosen

    # ---- the family's text

    def heading(self) -> str:
        return self.board.display_name(display_language())

    def hint_piece(self, move):
        """The peg to move: its hole alone, drawn as a glow without the jump's path."""
        return [move[0]]

    def piece_words(self, move) -> str:
        return self.tr("Move the peg at %1.").replace("%1", self.board.hole_name(move[0]))

    def piece_prompt(self) -> str:
        return self.tr("Press H again to see which peg to move.")

    def move_prompt(self) -> str:
        return self.tr("Press H again to see the whole move.")

    def title(self) -> str:
        return self.heading()

    def goal_text(self) -> str | None:
        """The game's goal and par; while another start is chosen, the rules (the par was the old
        problem's: found by a new player, it stayed beside the new start)."""
        if self.choosing_start:
            return None
        if self.puzzle.finish is None:
            return self.finish_text()
        return self.finish_text() + self.par_text()

    def finish_text(self) -> str:
        """The last peg's hole, the one the board rings (a training puzzle's finish was that
        ring, said nowhere: found by an outside trial)."""
        if self.puzzle.finish is None:
            return self.tr("Goal: leave a single peg anywhere.")
        return self.tr("Goal: leave a single peg in the marked hole (%1).").replace(
            "%1", self.board.hole_name(self.puzzle.finish))

    def par_text(self) -> str:
        """" Par: 20 moves." for a catalogue problem (the par the Problems view showed when the
        player chose it, found missing by an outside trial), a range while it is not proven."""
        problem = catalogue.find(self.board, self.puzzle.start, self.puzzle.finish)
        if problem is None or problem.par is None:
            return ""
        if problem.proven_minimal:
            text = self.tr("Par: %1 moves.")
        elif problem.lower_bound is not None:
            text = self.tr("Par: %2–%1 moves (not yet proven).").replace(
                "%2", str(problem.lower_bound))
        else:
            text = self.tr("Par: at most %1 moves (the best known).")
        return " " + text.replace("%1", str(problem.par))

    def position_help(self) -> str:
        return ""

    def counts_text(self, session) -> str:
        return (self.tr("Moves: %1 · Jumps: %2 · Pegs: %3")
                .replace("%1", str(session.move_count)).replace("%2", str(session.step_count))
                .replace("%3", str(pegs.peg_count(session.state))))

    def status_text(self, session) -> str:
        if self.choosing_start:
            return self.choosing_text()
        jumps = session.step_count
        if session.solved:
            if jumps == 1:
                text = self.tr("Solved in 1 move (1 jump)!")
            else:
                text = plural(session.move_count, self.tr("Solved in 1 move (%2 jumps)!"),
                              self.tr("Solved in %1 moves (%2 jumps)!"))
            return text.replace("%1", str(session.move_count)).replace("%2", str(jumps))
        if session.status == "stuck":
            left = pegs.peg_count(session.state)
            if left == 1:
                return self.tr("Stuck: one peg left, but not in the marked hole. Undo or restart.")
            return self.tr("Stuck: no jump left, %1 pegs remain. Undo or restart.").replace(
                "%1", str(left))
        if not jumps:
            return self.tr("Pick up a peg and jump it over a neighbour into an empty hole.")
        return self.tr("In play.")

    def choosing_text(self) -> str:
        """What Choose start asks for next, or why the finish clicked was refused."""
        name = self.board.hole_name
        if self.refused_choice is not None:
            start, finish, reason = self.refused_choice
            return (self.tr("%1 → %2 cannot be solved: %3. Click another hole for the last "
                            "peg.")
                    .replace("%1", name(start)).replace("%2", name(finish))
                    .replace("%3", impossible_words(reason)))
        if self.chosen_start is not None:
            return self.tr("%1 starts empty. Now click the hole where the last peg must end "
                           "(%1 again: the complement problem).").replace(
                               "%1", name(self.chosen_start))
        return self.tr("Click the hole that should start empty.")

    def extra_actions(self) -> list:
        return [self.start_action, self.problems_action, self.animate_action,
                self.targets_action, self.labels_action]

    def another_problem(self):
        """The ending's "Another problem…" opens the board's problems when it has a list (a
        damaged one is the Problems view's to explain, not the ending's)."""
        try:
            has_list = catalogue.load(self.board) is not None
        except catalogue.CatalogueError:
            has_list = False
        return self.problems_action if has_list else None

    def choose_problem(self) -> None:
        """The board's problems (pegapp.ui.views.peg_problems); the chosen one asks for a new game, as a
        chosen start hole does. The results shown are the game window's statistics."""
        window = self.window()
        dialog = ProblemsDialog(window, self.board, getattr(window, "stats", None))
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.newGameRequested.emit(*dialog.chosen()))
        dialog.open()
        self.problems_dialog = dialog

    def picture(self, size: int) -> QPixmap:
        return board_pixmap(self.board, self.puzzle.initial(), size=size, finish=self.puzzle.finish)

    def description(self) -> str:
        return self.board.display_description(display_language())

    #: boards come from the picker and starts from Choose start: no "Size…" button (the Game
    #: menu's "Other size or setting…" still types a start and a finish)
    offers_sizes = False
    #: the panel's Moves list is the game's history (PuzzleView protocol: shows_history)
    shows_history = False

    def file_kind(self) -> tuple[str, str]:
        """A player's board file opens as a game of peg solitaire."""
        return self.tr("Open &board file…"), self.tr("Board files (*.toml)")

    def game_from_file(self, path) -> tuple[str, dict]:
        """(puzzle id, params) of a player's board file; BoardError says what is wrong with it."""
        return board_game(load_board(path))
