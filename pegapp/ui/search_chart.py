""""How it was found": the search's own record (pegapp.solvers.record.SearchRecord) drawn as a
small chart, with one sentence in plain words.

Levels are bars on one line from your position (left) to the goal (right): the search forward
from the position grows from the left, the search back from the goal from the right, so the two
sides face each other and the level where they met is marked. Bar heights are logarithmic (a
level holds from 1 to millions of positions). A table answer shows the table's own levels (the
search back from the goal that made it), your position marked at its distance.

Plain QPainter on the window's palette and the board theme's colours: no charting library (none
is installed with PySide6-Essentials, and a painter costs nothing at start-up). The same painter
draws the widget and the exported PNG and SVG.
"""

from __future__ import annotations

import math
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPalette, QPen
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QSizePolicy, QToolButton, QVBoxLayout,
                               QWidget)

from pegapp.solvers.record import CATALOGUE, TABLE, SearchRecord
from pegapp.ui.i18n import plural, translated, translated_sentence
from pegapp.ui.theme import current_theme


def _tr(text: str) -> str:
    return QCoreApplication.translate("SearchChart", text)


def count_text(n: int) -> str:
    """A count with its digits grouped (1,814,400), as both English and Japanese write them."""
    return f"{int(n):,}"


def moves_text(n: int) -> str:
    return plural(n, _tr("1 move"), _tr("%1 moves")).replace("%1", str(n))


def seconds_text(s: float) -> str:
    if s < 0.005:
        return "<0.01"   # not "0.00": it took some time
    return f"{s:.2f}" if s < 10 else f"{s:.1f}"


def sentence(record: SearchRecord, live: bool = False) -> str:
    """The record in one plain sentence."""
    fwd, bwd = len(record.forward), len(record.backward)
    positions, seconds = count_text(record.positions), seconds_text(record.seconds)
    if live:
        return (_tr("Searching: %1 levels from your position, %2 back from the goal so far…")
                .replace("%1", str(max(fwd - 1, 0))).replace("%2", str(max(bwd - 1, 0))))
    if record.source == CATALOGUE:
        return _tr("From the problem catalogue: %1").replace("%1", translated(record.origin))
    if record.source == TABLE:
        if not record.backward:  # worked out, not searched: how is the whole sentence
            return translated_sentence(record.origin)
        if record.meeting is None:
            return _tr("Looked up in a table of all %1 positions.").replace("%1", positions)
        return (_tr("Looked up in a table of all %1 positions: yours is %2 from the goal.")
                .replace("%1", positions).replace("%2", moves_text(sum(record.meeting))))
    if record.meeting is None and not record.forward and not record.backward and record.examined:
        # a depth-first search over single jumps (pegs.decide): no levels, only what it examined
        return (_tr("Searched %1 positions a jump at a time; none leads to the goal. %2 s.")
                .replace("%1", count_text(record.examined)).replace("%2", seconds))
    if record.meeting is None:
        return (_tr("Searched %1 forward and %2 back without meeting; %3 positions, %4 s.")
                .replace("%1", moves_text(max(fwd - 1, 0)))
                .replace("%2", moves_text(max(bwd - 1, 0)))
                .replace("%3", positions).replace("%4", seconds))
    a, b = record.meeting
    if not record.backward and len(record.forward) < a:
        # IDA*: a bar a deepening pass, fewer than the moves (a breadth-first search has a bar
        # a move); found by a new player: 6 bars for "54 moves ahead" could not be read
        return (_tr("Searched %1 ahead from your position in %4 deepening passes, a bar each; "
                    "%2 positions looked at, %3 s.")
                .replace("%1", moves_text(a)).replace("%4", str(len(record.forward)))
                .replace("%2", count_text(max(record.examined, record.positions)))
                .replace("%3", seconds))
    if not record.backward:   # one side (breadth-first): what it looked at
        return (_tr("Searched %1 ahead from your position; %2 positions looked at, %3 s.")
                .replace("%1", moves_text(a))
                .replace("%2", count_text(max(record.examined, record.positions)))
                .replace("%3", seconds))
    return (_tr("Searched %1 forward from your position and %2 back from the goal; "
                "%3 positions, %4 s.")
            .replace("%1", moves_text(a)).replace("%2", moves_text(b))
            .replace("%3", positions).replace("%4", seconds))


class ChartColours:
    """The chart's colours: the window's text and background, the theme's peg (forward), target
    (backward) and cursor (the meeting) colours."""

    def __init__(self, palette: QPalette, dark: bool):
        theme = current_theme("dark" if dark else "light")
        self.text = palette.color(QPalette.ColorRole.WindowText)
        self.background = palette.color(QPalette.ColorRole.Window)
        self.forward = QColor(theme.peg)
        self.backward = QColor(theme.target)
        self.meeting = QColor(theme.cursor)
        self.grid = QColor(self.text)
        self.grid.setAlpha(60)

    def dark_text_needed(self) -> bool:
        """Coloured labels read badly when the colour is close to the background."""
        return abs(self.forward.lightness() - self.background.lightness()) < 60


def slots(record: SearchRecord) -> tuple[int, int, int]:
    """(length, first slot, last slot): forward level i stands at slot i, backward level j at
    slot length - j; length is the solution's (or, before the sides meet, where they would)."""
    fwd, bwd = len(record.forward), len(record.backward)
    if record.meeting is not None:
        length = sum(record.meeting)
    else:
        length = max(fwd - 1, 0) + max(bwd - 1, 0) + (1 if fwd and bwd else 0)
    first = min(0, length - (bwd - 1)) if bwd else 0
    # a one-sided search (breadth-first, IDA*'s passes) fills the width with its own levels
    last = max(fwd - 1, length if bwd else fwd - 1, 0)
    return length, first, last


def marker_label_rect(width: float, x: float, rect: QRectF, height: float) -> QRectF:
    """A marker's label centred over x, kept inside rect (a marker at either end)."""
    left = min(max(x - width / 2, rect.left()), rect.right() - width)
    return QRectF(left, rect.top(), width, height)


def paint_chart(p: QPainter, rect: QRectF, record: SearchRecord, colours: ChartColours,
                font: QFont) -> None:
    """The record's levels as bars in rect."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    small = QFont(font)
    small.setPixelSize(max(9, round(font.pixelSize() * 0.85)) if font.pixelSize() > 0
                       else max(9, round(font.pointSizeF() * 1.1)))
    p.setFont(small)
    fm = p.fontMetrics()
    label_h = fm.height() + 2
    plot = QRectF(rect.left() + 2, rect.top() + label_h, rect.width() - 4,
                  rect.height() - 2 * label_h - 2)
    length, first, last = slots(record)
    count = last - first + 1
    biggest = max([1, *record.forward, *record.backward])
    scale = math.log10(biggest + 1)
    slot_w = plot.width() / max(count, 1)
    bar_w = max(1.0, slot_w * 0.8)
    base = plot.bottom()
    p.setPen(QPen(colours.grid, 1))
    p.drawLine(QPointF(plot.left(), base), QPointF(plot.right(), base))

    def bar(slot: int, value: int, colour: QColor, half: int) -> None:
        h = plot.height() * math.log10(value + 1) / scale if scale > 0 else 0
        x = plot.left() + (slot - first) * slot_w + (slot_w - bar_w) / 2
        w = bar_w
        if half:  # both sides at one slot: each gets half
            w = bar_w / 2
            x += w if half > 0 else 0
        p.fillRect(QRectF(x, base - h, w, h), colour)

    both = set(range(len(record.forward))) & {length - j for j in range(len(record.backward))}
    for i, v in enumerate(record.forward):
        bar(i, v, colours.forward, -1 if i in both else 0)
    for j, v in enumerate(record.backward):
        bar(length - j, v, colours.backward, 1 if (length - j) in both else 0)
    # where the two sides met (or, for a table, where the position stands)
    if record.meeting is not None and (record.backward or record.source == TABLE):
        x = plot.left() + (record.meeting[0] - first + 0.5) * slot_w
        pen = QPen(colours.meeting, 2, Qt.PenStyle.DashLine)
        p.setPen(pen)
        p.drawLine(QPointF(x, plot.top() - 2), QPointF(x, base + 2))
        if record.source == TABLE:
            mark = _tr("you")
        else:
            mark = _tr("met")
        p.drawText(marker_label_rect(fm.horizontalAdvance(mark) + 4, x, rect, label_h),
                   Qt.AlignmentFlag.AlignCenter, mark)
    # the two ends: where each side started
    p.setPen(colours.text)
    bottom = QRectF(plot.left(), base + 2, plot.width(), label_h)
    if first < 0:   # a table's levels beyond the position: the left end is farther away
        p.setPen(colours.backward if not colours.dark_text_needed() else colours.text)
        p.drawText(bottom, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                   _tr("← farther from the goal"))
    elif record.forward:
        p.setPen(colours.forward if not colours.dark_text_needed() else colours.text)
        p.drawText(bottom, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                   _tr("← your position"))
    if record.backward:
        p.setPen(colours.backward if not colours.dark_text_needed() else colours.text)
        p.drawText(bottom, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                   _tr("the goal →"))
    p.setPen(colours.text)
    # the largest level's count on the side away from the meeting's mark
    right = record.meeting is None or record.meeting[0] - first < count / 2
    p.drawText(QRectF(plot.left(), rect.top(), plot.width(), label_h),
               (Qt.AlignmentFlag.AlignRight if right else Qt.AlignmentFlag.AlignLeft)
               | Qt.AlignmentFlag.AlignVCenter,
               _tr("largest level %1").replace("%1", count_text(biggest)))
    p.restore()


class SearchChart(QWidget):
    """The bars alone (paint_chart on the widget's palette).

    It asks for READABLE_HEIGHT or more but has no minimum: in a short window it is the first
    thing to give way, so what the chart shows never makes the window's minimum taller (the
    replay's list keeps its rows), and below READABLE_HEIGHT it draws nothing rather than bars
    too flat to read; the sentence under it still says what the search did."""

    READABLE_HEIGHT = 56

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.record: SearchRecord | None = None
        self.setMinimumHeight(0)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setToolTip(_tr("Across: moves, from your position (left) and back from the goal "
                            "(right). Up: the positions of each level, on a log scale."))

    def minimumSizeHint(self) -> QSize:
        return QSize(0, 0)

    def sizeHint(self) -> QSize:
        return QSize(240, 110)

    def set_record(self, record: SearchRecord | None) -> None:
        self.record = record
        self.update()

    def colours(self) -> ChartColours:
        return ChartColours(self.palette(), self.palette().color(
            QPalette.ColorRole.Window).lightness() < 128)

    def paintEvent(self, event) -> None:
        if self.record is None or self.height() < self.READABLE_HEIGHT:
            return
        p = QPainter(self)
        paint_chart(p, QRectF(self.rect()), self.record, self.colours(), self.font())
        p.end()


class _SentenceLabel(QLabel):
    """A wrapped label that does not pass height-for-width up: a layout holding one makes the
    whole view rigid at its preferred height (chart included) when the window is short. Its
    minimum height is set to its lines instead (SearchView._fit_sentence)."""

    def hasHeightForWidth(self) -> bool:
        return False


class SearchView(QWidget):
    """The chart, its sentence and Export chart…; shown after an answer that has a record and,
    growing level by level, while a long search runs."""

    exportRequested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("searchView")
        self.heading = QLabel(_tr("How it was found"))
        bold = self.heading.font()
        bold.setBold(True)
        self.heading.setFont(bold)
        self.export_button = QToolButton()
        self.export_button.setText(_tr("Export chart…"))
        self.export_button.setToolTip(_tr("Save this chart as PNG or SVG"))
        self.export_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.export_button.clicked.connect(self.exportRequested)
        self.chart = SearchChart()
        self.sentence = _SentenceLabel()
        self.sentence.setObjectName("searchSentence")
        self.sentence.setWordWrap(True)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.heading, 1)
        top.addWidget(self.export_button)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 4, 0, 4)
        box.addLayout(top)
        box.addWidget(self.chart)
        box.addWidget(self.sentence)
        self.live = False
        self.hide()

    @property
    def record(self) -> SearchRecord | None:
        return self.chart.record

    def show_record(self, record: SearchRecord | None, live: bool = False) -> None:
        """Show record (None: hide the view); live: a search still running."""
        self.live = live
        self.chart.set_record(record)
        if record is None:
            self.hide()
            return
        self.sentence.setText(sentence(record, live))
        # an answer worked out without levels (8-flip, a peg table's look-up) is its sentence
        # alone, with no chart to export (found by an outside trial: an empty axis was saved)
        has_chart = len(record.forward) + len(record.backward) > 1
        self.chart.setVisible(has_chart)
        self.sentence.setToolTip("" if live or not record.origin else translated(record.origin))
        self.export_button.setVisible(has_chart)
        self.export_button.setEnabled(not live)
        self.show()
        self._fit_sentence()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_sentence()

    def _fit_sentence(self) -> None:
        """The sentence's lines at the width it has, as its minimum height: a wrapped label's own
        minimum is one line, so a short window would squeeze the replay's list under the
        sentence's real lines instead of the chart, which has no minimum and gives way."""
        width = self.sentence.width() if self.sentence.width() > 0 else self.width()
        self.sentence.setMinimumHeight(max(0, self.sentence.heightForWidth(max(width, 1))))


# ---- export: PNG and SVG, in the light theme like the solution sheet

def export_chart(path: str | Path, record: SearchRecord, title: str = "") -> None:
    """Write the chart and its sentence to path (.png or .svg); raises ExportError (from
    pegapp.ui.export) naming the file when it cannot."""
    # deferred on purpose: the sheet's module loads the family views, which only an export needs
    from pegapp.ui import export
    from pegapp.ui.theme import light_palette

    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in (".png", ".svg"):
        raise export.ExportError(_tr("%1: choose a file ending in .png or .svg")
                                 .replace("%1", path.name))
    width, chart_h, margin = 640, 220, 24
    font = QFont()
    font.setPixelSize(15)
    text = sentence(record)
    probe = QImage(1, 1, QImage.Format.Format_ARGB32)
    mp = QPainter(probe)
    mp.setFont(font)
    flags = int(Qt.TextFlag.TextWordWrap)
    text_rect = mp.boundingRect(QRectF(0, 0, width - 2 * margin, 1000), flags, text)
    head_rect = mp.boundingRect(QRectF(0, 0, width - 2 * margin, 1000), flags,
                                title or _tr("How it was found"))
    mp.end()
    height = int(margin * 2 + head_rect.height() + 8 + chart_h + 8 + text_rect.height())
    size = QSize(width, height)
    if suffix == ".png":
        device = QImage(size, QImage.Format.Format_ARGB32)
        device.setDotsPerMeterX(3780)
        device.setDotsPerMeterY(3780)
        device.fill(QColor("white"))
    else:
        from PySide6.QtSvg import QSvgGenerator

        buffer = export._buffer()
        device = QSvgGenerator()
        device.setOutputDevice(buffer)
        device.setSize(size)
        device.setResolution(96)
        device.setViewBox(QRectF(0, 0, width, height))
        device.setTitle(title or _tr("How it was found"))
        device.setDescription(text)
    p = QPainter()
    if not p.begin(device):
        raise export._cannot_write(path)
    try:
        p.fillRect(QRectF(0, 0, width, height), QColor("white"))
        colours = ChartColours(light_palette(), False)
        colours.background = QColor("white")
        colours.text = QColor("#2b2118")
        p.setFont(font)
        p.setPen(colours.text)
        y = float(margin)
        bold = QFont(font)
        bold.setBold(True)
        p.setFont(bold)
        p.drawText(QRectF(margin, y, width - 2 * margin, head_rect.height()), flags,
                   title or _tr("How it was found"))
        y += head_rect.height() + 8
        paint_chart(p, QRectF(margin, y, width - 2 * margin, chart_h), record, colours, font)
        y += chart_h + 8
        p.setFont(font)
        p.setPen(colours.text)
        p.drawText(QRectF(margin, y, width - 2 * margin, text_rect.height()), flags, text)
    finally:
        p.end()
    if suffix == ".png":
        buffer = export._buffer()
        if not device.save(buffer, "PNG"):
            raise export._cannot_write(path)
    buffer.close()
    export._write_file(path, bytes(buffer.data()))


def ask_export_chart(window) -> None:
    """Export chart…: ask a game window's player for a file and save the chart there (PNG or
    SVG, in the light theme like the solution sheet); an error is shown, naming the file."""
    from pegapp.ui.export import ExportError
    from pegapp.ui.file_dialogs import ask_save_path

    record = window.panel.search_view.record
    if record is None:
        return
    path = ask_save_path(window, _tr("Export chart"), f"{window.export_name()}-search.png",
                         "PNG (*.png);;SVG (*.svg)")
    if path:
        try:
            export_chart(path, record)
        except (ExportError, OSError, ValueError) as exc:
            window.show_error(_tr("Cannot export"), translated(exc))
