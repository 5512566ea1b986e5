"""The Map: every position of a puzzle by its distance from the goal (pegapp.puzzles.whole_map),
drawn as a chart with the position on the board marked, and the farthest positions listed, each
playable with one click.

Computed in a worker (SolverRunner) with the search's progress; the map is kept for the session,
the tables under it on disk. Plain QPainter on the window's palette, like the search chart.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPalette, QPen, QPixmap
from PySide6.QtWidgets import (QDialog, QLabel, QListWidget, QListWidgetItem, QProgressBar,
                               QSizePolicy, QVBoxLayout, QWidget)

from pegapp.core.progress import describe
from pegapp.puzzles.session import state_to_json
from pegapp.puzzles.whole_map import PuzzleMap, can_map, map_of
from pegapp.solvers.result import Cancelled
from pegapp.ui.i18n import family_name, plural, translated
from pegapp.ui.search_chart import count_text, marker_label_rect, moves_text
from pegapp.ui.theme import current_theme
from pegapp.ui.views import view_for
from pegapp.ui.worker import SolverRunner

#: the side of a farthest position's picture in the list, in pixels
THUMBNAIL = 72


def _tr(text: str) -> str:
    return QCoreApplication.translate("MapView", text)


def position_text(puzzle, state: Any) -> str:
    """A position as one line of text (the puzzle's own notation when it has one)."""
    board = getattr(puzzle, "board", None)
    if board is not None and isinstance(state, int):   # a peg board: ● a peg, · a hole
        return "".join("●" if (state >> h) & 1 else "·" for h in range(board.n))
    fmt = getattr(puzzle, "format_state", None)
    if isinstance(state, int) and fmt is not None:
        return fmt(state)
    if isinstance(state, (tuple, list)):
        return " ".join(str(v) for v in state)
    return str(state)


def here_text(puzzle_map: PuzzleMap, distance: int | None) -> str:
    """"You are here: 31 moves from the goal; 1,402 positions are farther." """
    if distance is None:
        return _tr("You are here: this position cannot reach the goal.")
    farther = puzzle_map.farther_than(distance)
    if farther == 0:
        return (_tr("You are here: %1 from the goal, as far as any position can be.")
                .replace("%1", moves_text(distance)))
    return (plural(farther, _tr("You are here: %1 from the goal; 1 position is farther."),
                   _tr("You are here: %1 from the goal; %2 positions are farther."))
            .replace("%1", moves_text(distance)).replace("%2", count_text(farther)))


def summary_text(puzzle_map: PuzzleMap) -> str:
    if puzzle_map.up_to_symmetry:
        return (_tr("%1 winnable positions (symmetric ones counted once); the farthest are %2 "
                    "from the goal (%3 of them).")
                .replace("%1", count_text(puzzle_map.positions))
                .replace("%2", moves_text(puzzle_map.depth))
                .replace("%3", count_text(puzzle_map.farthest_count)))
    return (plural(puzzle_map.farthest_count,
                   _tr("%1 positions; the farthest is %2 from the goal (1 position)."),
                   _tr("%1 positions; the farthest are %2 from the goal (%3 positions)."))
            .replace("%1", count_text(puzzle_map.positions))
            .replace("%2", moves_text(puzzle_map.depth))
            .replace("%3", count_text(puzzle_map.farthest_count)))


class MapChart(QWidget):
    """Positions per distance from the goal as bars (linear), the position's distance marked."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.map: PuzzleMap | None = None
        self.here: int | None = None
        self.setMinimumSize(320, 160)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:
        return QSize(520, 220)

    def set_map(self, puzzle_map: PuzzleMap | None, here: int | None) -> None:
        self.map, self.here = puzzle_map, here
        self.update()

    def paintEvent(self, event) -> None:
        if self.map is None:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        text = pal.color(QPalette.ColorRole.WindowText)
        dark = pal.color(QPalette.ColorRole.Window).lightness() < 128
        theme = current_theme("dark" if dark else "light")
        fm = p.fontMetrics()
        label_h = fm.height() + 2
        rect = QRectF(self.rect()).adjusted(4, label_h, -4, -label_h - 2)
        hist = self.map.histogram
        biggest = max(hist)
        slot = rect.width() / len(hist)
        bar_w = max(1.0, slot * 0.8)
        for d, v in enumerate(hist):
            h = rect.height() * v / biggest
            if v and h < 3:
                h = 3   # a level of a few positions among millions still shows
            colour = QColor(theme.target)
            if d == self.map.depth:
                colour = QColor(theme.hint)
            p.fillRect(QRectF(rect.left() + d * slot + (slot - bar_w) / 2, rect.bottom() - h,
                              bar_w, h), colour)
        grid = QColor(text)
        grid.setAlpha(70)
        p.setPen(QPen(grid, 1))
        p.drawLine(QPointF(rect.left(), rect.bottom()), QPointF(rect.right(), rect.bottom()))
        p.setPen(text)
        bottom = QRectF(rect.left(), rect.bottom() + 2, rect.width(), label_h)
        p.drawText(bottom, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                   _tr("the goal"))
        p.drawText(bottom, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                   moves_text(self.map.depth))
        # the largest level's count on the side away from the marker
        right = self.here is None or self.here < len(hist) / 2
        p.drawText(QRectF(rect.left(), 0, rect.width(), label_h),
                   (Qt.AlignmentFlag.AlignRight if right else Qt.AlignmentFlag.AlignLeft)
                   | Qt.AlignmentFlag.AlignVCenter,
                   _tr("largest level %1").replace("%1", count_text(biggest)))
        if self.here is not None:
            x = rect.left() + (self.here + 0.5) * slot
            p.setPen(QPen(QColor(theme.cursor), 2, Qt.PenStyle.DashLine))
            p.drawLine(QPointF(x, rect.top()), QPointF(x, rect.bottom() + 2))
            p.setPen(QColor(theme.cursor))
            mark = _tr("you are here")
            p.drawText(marker_label_rect(fm.horizontalAdvance(mark) + 4, x,
                                         QRectF(self.rect()).adjusted(4, 0, -4, 0), label_h),
                       Qt.AlignmentFlag.AlignCenter, mark)
        p.end()


class _FarthestList(QListWidget):
    """The farthest positions: a click plays one, and so do Enter and Return on the current
    one (the keyboard's way; itemActivated would also fire on a click where the platform
    activates on a single click, playing it twice)."""

    entered = Signal(QListWidgetItem)

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentItem() is not None:
            self.entered.emit(self.currentItem())
            return
        super().keyPressEvent(event)


class MapWindow(QDialog):
    """The Map of one puzzle, about one position; playRequested(state) asks the game window to
    start a game there."""

    playRequested = Signal(object)

    def __init__(self, puzzle, state, title: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("mapWindow")
        self.puzzle, self.state = puzzle, state
        self.map: PuzzleMap | None = None
        self.setWindowTitle(_tr("Map: %1").replace("%1", title))
        self.heading = QLabel(_tr("Every position by its distance from the goal"))
        bold = self.heading.font()
        bold.setBold(True)
        self.heading.setFont(bold)
        self.progress_label = QLabel()
        self.progress_label.setWordWrap(True)
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)
        self.progress.setTextVisible(False)
        self.chart = MapChart()
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.here = QLabel()
        self.here.setObjectName("mapHere")
        self.here.setWordWrap(True)
        self.list_label = QLabel(_tr("The farthest positions (click one, or press Enter on it, to play it):"))
        self.list = _FarthestList()
        self.list.setObjectName("farthest")
        mono = self.list.font()
        mono.setFamily("monospace")
        mono.setStyleHint(mono.StyleHint.Monospace)
        self.list.setFont(mono)
        self.list.setIconSize(QSize(THUMBNAIL, THUMBNAIL))
        self.list.itemClicked.connect(self._on_clicked)
        self.list.entered.connect(self._on_clicked)
        box = QVBoxLayout(self)
        for w in (self.heading, self.progress_label, self.progress, self.chart, self.summary,
                  self.here, self.list_label, self.list):
            box.addWidget(w)
        for w in (self.chart, self.summary, self.here, self.list_label, self.list):
            w.hide()
        self.runner = SolverRunner(self)
        self.runner.progress.connect(self._on_progress)
        self.runner.levels.connect(self._on_levels)
        self.runner.result.connect(self._on_map)
        self.runner.failed.connect(self._on_failed)
        self.resize(560, 560)

    def start(self) -> None:
        """Compute the map in the worker (at once when it is kept from before)."""
        puzzle = self.puzzle

        def job(progress, stop):
            try:
                return map_of(puzzle, progress, stop)
            except Cancelled:
                return None

        self.progress_label.setText(_tr("Measuring every position's distance from the goal…"))
        self.runner.start(job, tag="map")

    def _on_progress(self, tag, stage, depth: int, positions: int) -> None:
        self.progress_label.setText(translated(describe(stage, depth, positions, 0.0)))

    def _on_levels(self, tag, record) -> None:
        """A table being made: its levels so far (the chart grows while it is built)."""
        levels = record.backward or record.forward
        if self.map is None and levels:
            self.chart.set_map(PuzzleMap(self.puzzle.id, list(levels), [], lambda s: None), None)
            self.chart.show()

    def _on_failed(self, tag, message: str) -> None:
        self.progress.hide()
        self.progress_label.setText(message)

    def _on_map(self, tag, puzzle_map) -> None:
        if puzzle_map is None:
            return
        self.show_map(puzzle_map)

    def show_map(self, puzzle_map: PuzzleMap) -> None:
        self.map = puzzle_map
        self.progress.hide()
        self.progress_label.hide()
        distance = puzzle_map.distance(self.state)
        self.chart.set_map(puzzle_map, distance)
        self.summary.setText(summary_text(puzzle_map))
        self.here.setText(here_text(puzzle_map, distance))
        self.list.clear()
        shown = len(puzzle_map.farthest)
        if shown < puzzle_map.farthest_count:  # found by an outside trial: 24 listed of 32
            self.list_label.setText(_tr("The first %1 of the %2 farthest positions (click one, "
                                        "or press Enter on it, to play it):")
                                    .replace("%1", count_text(shown))
                                    .replace("%2", count_text(puzzle_map.farthest_count)))
        pictures = self.pictures(puzzle_map.farthest)
        for state, picture in zip(puzzle_map.farthest, pictures):
            item = QListWidgetItem(picture, position_text(self.puzzle, state))
            item.setData(Qt.ItemDataRole.UserRole, state)
            item.setToolTip(_tr("Play this position ({moves} from the goal)")
                            .replace("{moves}", moves_text(puzzle_map.depth)))
            self.list.addItem(item)
        for w in (self.chart, self.summary, self.here, self.list_label, self.list):
            w.show()

    def pictures(self, states) -> list[QIcon]:
        """Each position drawn small, as the game's own view draws it (its export diagram):
        a line of text alone ("·●··●●●···", "1011/0111") did not show a board (found by an
        outside trial)."""
        view = view_for(self.puzzle)
        view.interactive = False
        view.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
        view.resize(300, 300)  # laid out as in a window, then scaled down
        ratio = self.devicePixelRatioF()
        icons = []
        try:
            for state in states:
                view.set_state(state)
                pixmap = QPixmap(round(THUMBNAIL * ratio), round(THUMBNAIL * ratio))
                pixmap.setDevicePixelRatio(ratio)
                pixmap.fill(Qt.GlobalColor.transparent)
                p = QPainter(pixmap)
                p.setRenderHint(QPainter.RenderHint.Antialiasing)
                view.paint_diagram(p, QRectF(0, 0, THUMBNAIL, THUMBNAIL))
                p.end()
                icons.append(QIcon(pixmap))
        finally:
            view.deleteLater()
        return icons

    def _on_clicked(self, item: QListWidgetItem) -> None:
        self.playRequested.emit(item.data(Qt.ItemDataRole.UserRole))

    def done(self, result: int) -> None:
        self.runner.shutdown()
        super().done(result)


def open_map(window) -> MapWindow | None:
    """The Map of a game window's puzzle, about the position on its board (the replayed one
    during a replay); None when the puzzle's whole state space does not fit."""
    session = window.session
    if session is None or not can_map(session.puzzle):
        return None
    shown = window.answers.replayed_session() if window.panel.replaying else session
    title = window.view.heading() or window.view.title() or family_name(window.family)
    map_window = MapWindow(session.puzzle, shown.state, title, window)
    map_window.playRequested.connect(
        lambda state: play_position(window, map_window.map, state))
    map_window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    map_window.show()
    map_window.start()
    window.map_window = map_window
    return map_window


def play_position(window, puzzle_map: PuzzleMap | None, state) -> None:
    """Start a game at a position of the Map (one of the farthest): the family's "start"
    parameter, the game's other parameters kept."""
    if not window.may_abandon():
        return
    params = {k: v for k, v in window.session.params.items() if k not in ("shuffle", "start")}
    to_param = puzzle_map.start_param if puzzle_map and puzzle_map.start_param else state_to_json
    params["start"] = to_param(state)
    window.new_game(window.session.puzzle.id, params)
