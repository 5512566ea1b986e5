"""The side panel every game window shows: title, goal, status, counts, hint, search progress,
moves or replay, and the game buttons. Windows connect the buttons to their own slots."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QFrame, QHBoxLayout, QLabel, QListWidget, QProgressBar, QPushButton,
                               QSizePolicy, QStackedWidget, QVBoxLayout, QWidget)

from pegapp.ui.replay import ReplayPanel

PANEL_WIDTH = 290


def monospace_list(name: str) -> QListWidget:
    lst = QListWidget()
    lst.setObjectName(name)
    lst.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    font = lst.font()
    font.setFamily("monospace")
    font.setStyleHint(font.StyleHint.Monospace)
    lst.setFont(font)
    lst.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
    return lst


class GamePanel(QFrame):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setFixedWidth(PANEL_WIDTH)

        def label(name: str, scale: float = 1.0, bold: bool = False) -> QLabel:
            lab = QLabel()
            lab.setObjectName(name)
            lab.setWordWrap(True)
            font = lab.font()
            font.setPointSizeF(font.pointSizeF() * scale)
            font.setBold(bold)
            lab.setFont(font)
            return lab

        def button(text: str, checkable: bool = False) -> QPushButton:
            b = QPushButton(text)
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys belong to the board
            b.setCheckable(checkable)
            return b

        self.title_label = label("title", 1.35, True)
        self.goal_label = label("goal")
        self.status_label = label("status", 1.1)
        self.counts_label = label("counts")
        self.hint_label = label("hint")
        self.back_to_good_button = button(self.tr("Back to the last position that could win"))
        self.back_to_good_button.hide()

        self.progress_frame = QFrame()
        self.progress_label = label("progress")
        self.progress_bar = QProgressBar()
        self.progress_bar.setRange(0, 0)  # busy: a search has no known length
        self.progress_bar.setTextVisible(False)
        self.progress_bar.setMaximumHeight(10)
        self.cancel_button = button(self.tr("Cancel"))
        pbox = QVBoxLayout(self.progress_frame)
        pbox.setContentsMargins(0, 0, 0, 0)
        prow = QHBoxLayout()
        prow.addWidget(self.progress_bar, 1)
        prow.addWidget(self.cancel_button)
        pbox.addWidget(self.progress_label)
        pbox.addLayout(prow)
        self.progress_frame.hide()

        self.move_list = monospace_list("moves")
        moves_page = QWidget()
        mbox = QVBoxLayout(moves_page)
        mbox.setContentsMargins(0, 0, 0, 0)
        self.moves_label = QLabel(self.tr("Moves"))
        mbox.addWidget(self.moves_label)
        mbox.addWidget(self.move_list, 1)
        self.replay = ReplayPanel()
        self.side_stack = QStackedWidget()
        self.side_stack.addWidget(moves_page)
        self.side_stack.addWidget(self.replay)

        self.hint_button = button(self.tr("Hint"))
        self.solve_button = button(self.tr("Solve"))
        self.undo_button = button(self.tr("Undo"))
        self.redo_button = button(self.tr("Redo"))
        self.restart_button = button(self.tr("Restart"))
        self.new_button = button(self.tr("New game…"))

        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.title_label)
        box.addWidget(self.goal_label)
        box.addSpacing(6)
        box.addWidget(self.status_label)
        box.addWidget(self.counts_label)
        box.addSpacing(6)
        box.addWidget(self.hint_label)
        box.addWidget(self.back_to_good_button)
        box.addWidget(self.progress_frame)
        box.addWidget(self.side_stack, 1)
        self.rows = []
        for widgets in ((self.hint_button, self.solve_button),
                        (self.undo_button, self.redo_button, self.restart_button),
                        (self.new_button,)):
            row = QHBoxLayout()
            for w in widgets:
                row.addWidget(w)
            box.addLayout(row)
            self.rows.append(row)

    def add_button(self, text: str, checkable: bool = False) -> QPushButton:
        """A window's own button, beside New game."""
        b = QPushButton(text)
        b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        b.setCheckable(checkable)
        self.rows[-1].addWidget(b)
        return b

    @property
    def replaying(self) -> bool:
        return self.side_stack.currentWidget() is self.replay

    def show_replay(self, on: bool) -> None:
        self.side_stack.setCurrentWidget(self.replay if on else self.side_stack.widget(0))

    def show_search(self, searching: bool, can_ask: bool) -> None:
        self.progress_frame.setVisible(searching)
        self.hint_button.setEnabled(can_ask and not searching)
        self.solve_button.setEnabled(can_ask and not searching)

    def set_hint_text(self, text: str) -> None:
        self.hint_label.setText(text)
        self.hint_label.setVisible(bool(text))

    def show_moves(self, on: bool) -> None:
        """Show the Moves list, or hide it for a view that shows the history itself."""
        self.moves_label.setVisible(on)
        self.move_list.setVisible(on)

    def set_moves(self, rows: list[str]) -> None:
        self.move_list.clear()
        for i, text in enumerate(rows, 1):
            self.move_list.addItem(f"{i:3d}.  {text}")
        if rows:
            self.move_list.scrollToBottom()
