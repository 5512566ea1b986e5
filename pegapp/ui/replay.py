"""Step through a solution: first, back, play/pause, forward, last, speed in one transport bar;
rows clickable; Play from here, Export, Copy and Close in one row under it.

Puzzle-neutral: it knows only how many moves there are and their text; the window shows the
position for each step (and animates single steps forward).
"""

from __future__ import annotations

import re

from PySide6.QtCore import QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QFontMetrics, QPainter, QPalette
from PySide6.QtWidgets import (QApplication, QHBoxLayout, QLabel, QListWidget, QSizePolicy,
                               QSlider, QStyle, QStyledItemDelegate, QStyleOptionViewItem,
                               QToolButton, QVBoxLayout, QWidget)


#: lines of the solution's list always shown, however small the window
MIN_LIST_LINES = 8

#: as wide as a digit in every font
FIGURE_SPACE = "\u2007"


def numbered_row(i: int, text: str) -> str:
    """A row of a list of moves (the panel's Moves, the replay's solution): the move's number
    right-aligned with figure spaces, so the numbers line up in the window's own font. The lists
    were monospace for that, and a move in words ("Jump the peg at b4 over c4 to d4") then
    wrapped in the middle of a phrase in the panel's width."""
    return f"{str(i).rjust(3, FIGURE_SPACE)}.  {text}"


#: a numbered row's number ("  7.  "), before its text
NUMBER = re.compile(r"^([\u2007 ]*\d+\.\s+)(.*)$", re.DOTALL)

#: how a row's text is laid out: from the top left, wrapped at spaces (and in Japanese anywhere)
WRAPPED = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap


class NumberedRowDelegate(QStyledItemDelegate):
    """Draws the rows of numbered_row with a hanging indent: a row too long for the list's width
    wraps under its text, not under its number, so the numbers stand out down the list (the
    replay's rows in words, with their "· one of 3 best", wrapped back to the left edge)."""

    def _parts(self, option: QStyleOptionViewItem, index) -> tuple[QStyleOptionViewItem, str,
                                                                     str, QRect]:
        """The item's option, its number and text, and the rectangle the text may fill."""
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        match = NUMBER.match(opt.text)
        number, text = match.groups() if match else ("", opt.text)
        widget = opt.widget
        width = opt.rect.width() if opt.rect.width() > 0 else \
            widget.viewport().width() if widget is not None else 0
        margin = self._style(opt).pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin,
                                              None, widget) + 1
        return opt, number, text, QRect(opt.rect.left() + margin, opt.rect.top(),
                                        max(1, width - 2 * margin), opt.rect.height())

    @staticmethod
    def _style(opt: QStyleOptionViewItem) -> QStyle:
        return opt.widget.style() if opt.widget is not None else QApplication.style()

    @staticmethod
    def _text_height(fm: QFontMetrics, text: str, width: int) -> int:
        return fm.boundingRect(QRect(0, 0, max(1, width), 100000), WRAPPED, text).height()

    def sizeHint(self, option: QStyleOptionViewItem, index) -> QSize:
        opt, number, text, area = self._parts(option, index)
        one_line = QStyleOptionViewItem(opt)
        one_line.text = "0"
        padding = self._style(opt).sizeFromContents(
            QStyle.ContentsType.CT_ItemViewItem, one_line, QSize(), opt.widget).height() \
            - opt.fontMetrics.height()
        indent = opt.fontMetrics.horizontalAdvance(number)
        height = self._text_height(opt.fontMetrics, text, area.width() - indent) + padding
        return QSize(super().sizeHint(option, index).width(), height)

    def paint(self, p: QPainter, option: QStyleOptionViewItem, index) -> None:
        opt, number, text, area = self._parts(option, index)
        opt.text = ""  # the style draws the row's background and selection, the text is ours
        self._style(opt).drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, p, opt.widget)
        fm = opt.fontMetrics
        indent = fm.horizontalAdvance(number)
        height = self._text_height(fm, text, area.width() - indent)
        top = area.top() + (area.height() - height) // 2
        enabled = bool(opt.state & QStyle.StateFlag.State_Enabled)
        group = QPalette.ColorGroup.Normal if enabled else QPalette.ColorGroup.Disabled
        if enabled and not opt.state & QStyle.StateFlag.State_Active:
            group = QPalette.ColorGroup.Inactive
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        p.save()
        p.setFont(opt.font)
        p.setPen(opt.palette.color(group, role))
        p.drawText(QRect(area.left(), top, indent, height), WRAPPED, number)
        p.drawText(QRect(area.left() + indent, top, area.width() - indent, height), WRAPPED,
                   text)
        p.restore()


class ReplayPanel(QWidget):
    #: (previous step, new step); step k = the position after k moves of the solution
    stepChanged = Signal(int, int)
    playFromHere = Signal(int)
    closed = Signal()
    exportRequested = Signal()
    copyRequested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._step = 0
        self._rows: list[str] = []
        #: per move, how many moves were as good at that point (None: not known)
        self.choices: list[int | None] = []
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.list = QListWidget()
        # a row with its "· N others as good" note wraps rather than scrolling sideways
        self.list.setWordWrap(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setObjectName("solution")
        # a wrapped row goes on under its text, its number standing out (a hanging indent)
        self.list.setItemDelegate(NumberedRowDelegate(self.list))
        self.list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # a useful number of rows even in the smallest window (the window grows to fit them)
        self.list.setMinimumHeight(self.list.fontMetrics().lineSpacing() * MIN_LIST_LINES + 8)
        self.list.currentRowChanged.connect(self._on_row)

        self._build_transport()
        self._build_actions()

        self.timer = QTimer(self)
        self.timer.timeout.connect(self._tick)
        self._update_interval()

        # one transport bar: the five steps, where the replay stands, its speed
        transport = QHBoxLayout()
        transport.setSpacing(2)
        for b in (self.first_button, self.back_button, self.play_button, self.forward_button,
                  self.last_button):
            transport.addWidget(b)
        transport.addSpacing(6)
        transport.addWidget(self.step_label)
        transport.addStretch(1)
        self.speed.setMaximumWidth(70)
        transport.addWidget(self.speed)
        # what to do with the solution, in one row
        actions = QHBoxLayout()
        actions.setSpacing(2)
        for b in (self.play_here_button, self.export_button, self.copy_button,
                  self.close_button):
            actions.addWidget(b)
        actions.addStretch(1)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(4)
        box.addWidget(self.title)
        box.addWidget(self.list, 1)
        box.addLayout(transport)
        box.addLayout(actions)

    def _build_transport(self) -> None:
        """The transport's controls: first, back, play, forward, last, the speed, the step."""
        style = self.style()

        def tool(icon, tip: str, slot) -> QToolButton:
            b = QToolButton()
            b.setIcon(style.standardIcon(icon))
            b.setToolTip(tip)
            b.setAccessibleName(tip)
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            b.clicked.connect(slot)
            return b

        SP = QStyle.StandardPixmap
        self.first_button = tool(SP.SP_MediaSkipBackward, self.tr("First"), self.first)
        self.back_button = tool(SP.SP_MediaSeekBackward, self.tr("Back"), self.back)
        self.play_button = tool(SP.SP_MediaPlay, self.tr("Play"), self.toggle_play)
        self.forward_button = tool(SP.SP_MediaSeekForward, self.tr("Forward"), self.forward)
        self.last_button = tool(SP.SP_MediaSkipForward, self.tr("Last"), self.last)
        self.speed = QSlider(Qt.Orientation.Horizontal)
        self.speed.setRange(1, 10)
        self.speed.setValue(5)
        self.speed.setToolTip(self.tr("Replay speed"))
        self.speed.setAccessibleName(self.tr("Replay speed"))
        self.speed.valueChanged.connect(self._update_interval)
        self.step_label = QLabel()
        self.step_label.setObjectName("replayStep")

    def _build_actions(self) -> None:
        """What to do with the solution: play on from a step, export, copy, close."""
        def text_tool(text: str, slot, tip: str = "") -> QToolButton:
            b = QToolButton()
            b.setText(text)
            b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            b.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
            if tip:
                b.setToolTip(tip)
            b.clicked.connect(slot)
            return b

        self.play_here_button = text_tool(self.tr("Play from here"),
                                          lambda: self.playFromHere.emit(self._step),
                                          self.tr("Continue the game yourself from this step"))
        self.export_button = text_tool(self.tr("Export…"), self.exportRequested,
                                       self.tr("Save the solution as a picture sheet (PNG, SVG, PDF)"))
        self.copy_button = text_tool(self.tr("Copy"), self.copyRequested,
                                     self.tr("Copy the solution's notation"))
        self.close_button = text_tool(self.tr("Close"), self.close_panel,
                                      self.tr("Back to the game"))

    # ---- content

    def set_solution(self, title: str, rows: list[str]) -> None:
        self.pause()
        self.title.setText(title)
        self._rows = list(rows)
        self.list.blockSignals(True)
        self.list.clear()
        self.list.addItem(self.tr("   start"))
        for i, text in enumerate(rows, 1):
            self.list.addItem(numbered_row(i, text))
        self.list.blockSignals(False)
        self.choices = []
        self._step = 0
        self._sync()

    def set_choices(self, counts: list[int | None]) -> None:
        """Show after each move how many other moves were as good at that point (analysis,
        issue #14): where the solution had a choice, and where its move was the only one."""
        self.choices = list(counts)
        for i, (text, count) in enumerate(zip(self._rows, counts), 1):
            item = self.list.item(i)
            if item is None:
                break
            if count is None:
                note = ""
            elif count <= 1:
                note = self.tr("the only best move")
            else:
                note = self.tr("one of %1 best").replace("%1", str(count))
            item.setText(numbered_row(i, text) + (f"   · {note}" if note else ""))
            item.setToolTip(self.tr("How many other moves were just as good at this point "
                                    "(as few moves left after them)") if note else "")

    @property
    def step(self) -> int:
        return self._step

    @property
    def length(self) -> int:
        return len(self._rows)

    @property
    def playing(self) -> bool:
        return self.timer.isActive()

    # ---- navigation

    def go_to(self, step: int) -> None:
        step = max(0, min(self.length, step))
        if step == self._step:
            self._sync()
            return
        old, self._step = self._step, step
        self._sync()
        self.stepChanged.emit(old, step)

    def first(self) -> None:
        self.pause()
        self.go_to(0)

    def back(self) -> None:
        self.pause()
        self.go_to(self._step - 1)

    def forward(self) -> None:
        self.pause()
        self.go_to(self._step + 1)

    def last(self) -> None:
        self.pause()
        self.go_to(self.length)

    def toggle_play(self) -> None:
        if self.playing:
            self.pause()
        else:
            if self._step >= self.length:
                self.go_to(0)
            self.timer.start()
            self._sync()

    def pause(self) -> None:
        if self.timer.isActive():
            self.timer.stop()
            self._sync()

    def close_panel(self) -> None:
        self.pause()
        self.closed.emit()

    def interval_ms(self) -> int:
        """Time per move: from 2 s at speed 1 down to 0.2 s at speed 10."""
        return int(2000 / self.speed.value())

    def _update_interval(self) -> None:
        self.timer.setInterval(self.interval_ms())

    def _tick(self) -> None:
        if self._step >= self.length:
            self.pause()
            return
        self.go_to(self._step + 1)
        if self._step >= self.length:
            self.pause()

    def _on_row(self, row: int) -> None:
        if row >= 0 and row != self._step:
            self.pause()
            self.go_to(row)

    def _sync(self) -> None:
        self.list.blockSignals(True)
        self.list.setCurrentRow(self._step)
        self.list.blockSignals(False)
        self.step_label.setText(self.tr("%1 / %2").replace("%1", str(self._step))
                                .replace("%2", str(self.length)))
        at_start, at_end = self._step == 0, self._step >= self.length
        self.first_button.setEnabled(not at_start)
        self.back_button.setEnabled(not at_start)
        self.forward_button.setEnabled(not at_end)
        self.last_button.setEnabled(not at_end)
        SP = QStyle.StandardPixmap
        self.play_button.setIcon(self.style().standardIcon(
            SP.SP_MediaPause if self.playing else SP.SP_MediaPlay))
        self.play_button.setToolTip(self.tr("Pause") if self.playing else self.tr("Play"))
