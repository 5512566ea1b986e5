"""The statistics window: a table of every puzzle played and a chart of best results against the
proven minimum."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication, QLocale, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPalette, QPen
from PySide6.QtWidgets import (QAbstractItemView, QDialog, QDialogButtonBox, QFrame, QHeaderView,
                               QLabel, QScrollArea, QSizePolicy, QSplitter, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from pegapp.puzzles.base import BadInput
from pegapp.puzzles.family import with_variant
from pegapp.puzzles.registry import family_of
from pegapp.ui.i18n import plural, translated
from pegapp.ui.theme import current_theme


def _tr(text: str) -> str:
    return QCoreApplication.translate("StatsWindow", text)


def puzzle_name(puzzle_id: str, language: str = "en", variant: str = "") -> str:
    """A player's name for a statistics row (its puzzle id and variant), from the puzzle's family
    (Family.row_name); the id itself when no family answers to it (a plug-in since removed)."""
    try:
        name = family_of(puzzle_id).row_name(puzzle_id, variant, language)
    except BadInput:
        name = with_variant(puzzle_id, variant)
    return translated(name)


def format_duration(seconds: float) -> str:
    """h:mm:ss, or m:ss under an hour."""
    total = int(round(seconds))
    h, rest = divmod(total, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def warning_text(warning) -> str:
    """A translated sentence for a StatsWarning from pegapp.core.stats.Stats.open."""
    reason = getattr(warning, "reason", None)
    if reason == "newer":
        text = _tr("%1 was written by a newer version of PegApp. It was kept as %2 and new "
                   "statistics were started.")
    elif reason == "corrupt":
        text = _tr("%1 could not be read (%3). It was kept as %2 and new statistics were "
                   "started.")
    elif reason == "unwritable":
        text = _tr("%1 cannot be written (%3). Games are not recorded for now; PegApp tries "
                   "again later.")
    elif reason == "unavailable":
        text = _tr("%1 cannot be opened (%3). Statistics are not saved this session.")
    elif reason == "locked":
        text = _tr("%1 is in use by another program (%3). It was left as it is; games are not "
                   "recorded until it is free again.")
    else:
        return str(warning)
    return (text.replace("%1", str(warning.path)).replace("%2", str(warning.kept))
            .replace("%3", warning.detail))


def _row_label(row: dict, name_for: Callable[[str, str], str]) -> str:
    return name_for(row["puzzle_id"], row.get("variant") or "")


class _NumberItem(QTableWidgetItem):
    """Sorts by number; an unknown value ("—") sorts last."""

    def __init__(self, value, text: str | None = None):
        super().__init__("—" if value is None else (text if text is not None else str(value)))
        self.value = value
        self.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    def __lt__(self, other) -> bool:
        a = getattr(self, "value", None)
        b = getattr(other, "value", None)
        if a is None or b is None:
            return a is not None and b is None
        return a < b


class ResultChart(QWidget):
    """Horizontal bars, two per puzzle: the player's best and the proven minimum."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.entries: list[tuple[str, int | None, int | None]] = []
        self.theme_mode = "system"
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName(_tr("Best results and proven minimums"))

    def set_entries(self, entries: Sequence[tuple[str, int | None, int | None]]) -> None:
        """(label, best moves or None, proven minimum or None) per puzzle."""
        self.entries = [e for e in entries if e[1] is not None or e[2] is not None]
        self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(560, max(140, 56 + 34 * len(self.entries)))

    def minimumSizeHint(self) -> QSize:
        """Every row at its smallest height: the scroll area scrolls below that."""
        return QSize(300, self.needed_height())

    def needed_height(self) -> int:
        """Margins, the legend and each puzzle's row at the smallest row height of paintEvent."""
        if not self.entries:
            return 120
        line_h = self.fontMetrics().height()
        return int(16 + line_h * 1.6 + len(self.entries) * line_h * 1.8) + 4

    def colours(self) -> tuple[QColor, QColor, QColor, QColor]:
        """(best, minimum, text, faint lines) for the current palette."""
        t = current_theme(self.theme_mode)
        text = self.palette().color(QPalette.ColorRole.WindowText)
        faint = QColor(text)
        faint.setAlpha(40)
        return QColor(t.peg), QColor(t.target), text, faint

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        best_c, min_c, text_c, faint = self.colours()
        rect = QRectF(self.rect()).adjusted(12, 8, -12, -8)
        font = QFont(self.font())
        p.setFont(font)
        fm = p.fontMetrics()
        line_h = fm.height()
        if not self.entries:
            p.setPen(text_c)
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter,
                       _tr("Solve a puzzle to see your best results here."))
            return
        # legend
        x = rect.left()
        for colour, label in ((best_c, _tr("Your best")), (min_c, _tr("Proven minimum"))):
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(colour)
            p.drawRoundedRect(QRectF(x, rect.top() + line_h * 0.25, 14, line_h * 0.5), 2, 2)
            p.setPen(text_c)
            p.drawText(QRectF(x + 20, rect.top(), 400, line_h), Qt.AlignmentFlag.AlignVCenter,
                       label)
            x += 20 + fm.horizontalAdvance(label) + 24
        top = rect.top() + line_h * 1.6
        label_w = min(rect.width() * 0.38, max(fm.horizontalAdvance(e[0]) for e in self.entries)
                      + 12)
        value_w = fm.horizontalAdvance("0000") + 8
        bar_left = rect.left() + label_w
        bar_w = max(10.0, rect.right() - value_w - bar_left)
        biggest = max(max(v for v in (b, m) if v is not None) for _, b, m in self.entries) or 1
        row_h = max(line_h * 1.8, min(40.0, (rect.bottom() - top) / len(self.entries)))
        bar_h = min(row_h * 0.32, 11.0)
        for k, (label, best, minimum) in enumerate(self.entries):
            y = top + k * row_h
            p.setPen(text_c)
            p.drawText(QRectF(rect.left(), y, label_w - 10, row_h),
                       Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                       fm.elidedText(label, Qt.TextElideMode.ElideRight, int(label_w - 10)))
            p.setPen(QPen(faint, 1))
            p.drawLine(bar_left, y + row_h / 2 - bar_h - 2, bar_left, y + row_h / 2 + bar_h + 2)
            for j, (value, colour) in enumerate(((best, best_c), (minimum, min_c))):
                by = y + row_h / 2 - bar_h - 1 + j * (bar_h + 2)
                if value is None:
                    muted = QColor(text_c)
                    muted.setAlpha(130)
                    p.setPen(muted)
                    p.drawText(QRectF(bar_left + 4, by - 3, 200, bar_h + 6),
                               Qt.AlignmentFlag.AlignVCenter, "—")
                    continue
                w = bar_w * value / biggest
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(colour)
                p.drawRoundedRect(QRectF(bar_left, by, max(2.0, w), bar_h), 3, 3)
                p.setPen(text_c)
                small = QFont(font)
                small.setPointSizeF(max(6.0, font.pointSizeF() * 0.85))
                p.setFont(small)
                p.drawText(QRectF(bar_left + w + 4, by - 4, value_w, bar_h + 8),
                           Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, str(value))
                p.setFont(font)
        p.end()


class StatsWindow(QDialog):
    """Statistics for every puzzle. Give it a Stats (it reads rows() on refresh) or rows."""

    COLUMNS = 8  # puzzle, started, solved, best, minimum, hints, time played, solved in par

    def __init__(self, stats=None, parent: QWidget | None = None, *, rows: list[dict] | None = None,
                 warning=None, name_for: Callable[[str, str], str] | None = None):
        super().__init__(parent)
        self.stats = stats
        self.name_for = name_for or self._default_name
        self.setWindowTitle(self.tr("Statistics"))
        self.setObjectName("statsWindow")

        self.warning_label = QLabel()
        self.warning_label.setObjectName("statsWarning")
        self.warning_label.setWordWrap(True)
        self.warning_label.setVisible(False)
        self.summary_label = QLabel()
        self.summary_label.setObjectName("statsSummary")

        self.table = QTableWidget(0, self.COLUMNS)
        self.table.setHorizontalHeaderLabels([
            self.tr("Puzzle"), self.tr("Started"), self.tr("Solved"), self.tr("Best"),
            self.tr("Minimum"), self.tr("Hints"), self.tr("Time played"),
            self.tr("In par")])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        self.table.setShowGrid(False)
        self.table.verticalHeader().setVisible(False)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSortingEnabled(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for c in range(1, self.COLUMNS):
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeaderItem(4).setToolTip(
            self.tr("The fewest moves possible, when the solver has proved it"))
        self.table.horizontalHeaderItem(5).setToolTip(
            self.tr("Hints asked; in brackets, of each step of Hint: how far the goal is · which "
                    "piece to move · the whole move"))
        self.table.horizontalHeaderItem(7).setToolTip(
            self.tr("Games solved in par: in at most the fewest moves known for the problem"))

        self.chart = ResultChart()
        self.chart_area = QScrollArea()  # many puzzles or a small window: the chart scrolls
        self.chart_area.setObjectName("chartArea")
        self.chart_area.setWidget(self.chart)
        self.chart_area.setWidgetResizable(True)
        self.chart_area.setFrameShape(QFrame.Shape.NoFrame)
        self.chart_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.chart_area.setMinimumHeight(80)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.table)
        splitter.addWidget(self.chart_area)
        splitter.setChildrenCollapsible(False)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        self.close_button = buttons.button(QDialogButtonBox.StandardButton.Close)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 14, 16, 12)
        layout.setSpacing(10)
        layout.addWidget(self.warning_label)
        layout.addWidget(self.summary_label)
        layout.addWidget(splitter, 1)
        layout.addWidget(buttons)
        self.resize(720, 560)
        self.close_button.setFocus()

        self.given_warning = warning
        if warning:
            self.set_warning(warning)
        if rows is not None:
            self.set_rows(rows)
        else:
            self.refresh()

    @staticmethod
    def _default_name(puzzle_id: str, variant: str) -> str:
        return puzzle_name(puzzle_id, "ja" if QLocale().language() == QLocale.Language.Japanese
                           else "en", variant)

    def set_warning(self, warning) -> None:
        self.warning_label.setText(warning_text(warning) if warning else "")
        self.warning_label.setVisible(bool(warning))

    def refresh(self) -> None:
        """Read the statistics again (the window may stay open while games go on), and say
        when they are not being recorded now (the file held by another program, say)."""
        rows = self.stats.rows() if self.stats is not None else []
        current = getattr(self.stats, "warning", None) or self.given_warning
        self.set_warning(current)
        self.set_rows(rows)
        if getattr(current, "reason", None) == "locked" and not rows:
            self.summary_label.setText(self.tr("No statistics can be shown now."))

    def showEvent(self, event) -> None:
        if self.stats is not None:
            self.refresh()
        super().showEvent(event)

    def _hints_item(self, row: dict) -> QTableWidgetItem:
        """The hints asked and, when any was a graded hint's earlier step (issue #56), how many
        of each step: "5 (2 · 2 · 1)", the distance, the piece, the whole move."""
        hints = row.get("hints") or 0
        steps = [row.get(k) or 0 for k in ("hint_distance", "hint_piece", "hint_move")]
        if not steps[0] and not steps[1]:
            return _NumberItem(hints)
        item = _NumberItem(hints, f"{hints} ({' · '.join(map(str, steps))})")
        item.setToolTip(self.tr("How far the goal is: %1, which piece to move: %2, the whole "
                                "move: %3").replace("%1", str(steps[0]))
                        .replace("%2", str(steps[1])).replace("%3", str(steps[2])))
        return item

    def set_rows(self, rows: Sequence[dict]) -> None:
        self.rows = [dict(r) for r in rows]
        self.table.setSortingEnabled(False)
        self.table.setRowCount(len(self.rows))
        for i, row in enumerate(self.rows):
            label = _row_label(row, self.name_for)
            name = QTableWidgetItem(label)
            name.setToolTip(row["puzzle_id"] + (f" · {row['variant']}" if row["variant"] else ""))
            self.table.setItem(i, 0, name)
            for c, key in enumerate(("started", "solved", "best_moves", "minimum"), 1):
                self.table.setItem(i, c, _NumberItem(row.get(key)))
            self.table.setItem(i, 5, self._hints_item(row))
            seconds = float(row.get("seconds") or 0)
            self.table.setItem(i, 6, _NumberItem(seconds, format_duration(seconds)))
            self.table.setItem(i, 7, _NumberItem(row.get("in_par") or 0))
        self.table.setSortingEnabled(True)  # sorts again by the column the player chose
        self.table.setCurrentCell(-1, -1)
        started = sum(r.get("started") or 0 for r in self.rows)
        solved = sum(r.get("solved") or 0 for r in self.rows)
        seconds = sum(float(r.get("seconds") or 0) for r in self.rows)
        if self.rows:
            self.summary_label.setText(
                plural(started, self.tr("%1 game started, %2 solved, %3 played in all."),
                       self.tr("%1 games started, %2 solved, %3 played in all."))
                .replace("%1", str(started)).replace("%2", str(solved))
                .replace("%3", format_duration(seconds)))
        else:
            self.summary_label.setText(self.tr("No games recorded yet."))
        entries = [(_row_label(r, self.name_for), r.get("best_moves"), r.get("minimum"))
                   for r in self.rows]
        self.chart.set_entries(sorted(entries, key=lambda e: e[0].casefold()))
