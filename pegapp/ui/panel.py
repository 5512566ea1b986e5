"""The game's controls every window shows: a toolbar of game actions above the board, and a side
panel beside it (title, goal, status, counts, the ending, hint, search progress, then the moves or
the replay). Windows connect the actions to their own slots.

Why a toolbar: the panel used to stack about 17 controls beside the board, so at the window's
minimum size the replay's list shrank to a row or two (issue #13). The game actions are QActions
shown as tool buttons; `hint_button` and friends are those tool buttons (clicking one triggers
its action, and it is enabled exactly when the action is, so a key and a button never disagree).
"""

from __future__ import annotations

import re

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (QFrame, QHBoxLayout, QLabel, QListWidget, QProgressBar, QPushButton,
                               QSizePolicy, QStackedWidget, QToolBar, QToolButton, QVBoxLayout,
                               QWidget)

from pegapp.ui.replay import NumberedRowDelegate, ReplayPanel, numbered_row
from pegapp.ui.search_chart import SearchView

#: the panel's width at the window's smallest and default sizes, and the least it ever has
PANEL_WIDTH = 290
#: a larger window widens the panel too, up to this (found by an outside trial: at 1600x1000 the
#: board took all the room and long hint and replay lines wrapped in a narrow column); wider
#: still, lines of text get too long to read, and the room is the board's
PANEL_MAX_WIDTH = 440
#: the row's stretch factors: the panel gets a quarter of the row beside the board, kept between
#: PANEL_WIDTH and PANEL_MAX_WIDTH (below about 1200 px the quarter is narrower than PANEL_WIDTH,
#: so the smallest and the default window are laid out as with a fixed width)
BOARD_STRETCH, PANEL_STRETCH = 3, 1
#: the status line always has room for this many lines, so a longer status never moves the rest
STATUS_LINES = 2


class MoveList(QListWidget):
    """The game's moves, as tall as its rows (up to the room there is): a short game does not
    leave a large empty box beside the board. A long row (a move in words) wraps rather than
    scrolling sideways."""

    def __init__(self):
        super().__init__()
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.setWordWrap(True)
        self.setItemDelegate(NumberedRowDelegate(self))  # wrapped under its text, not its number
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._asked = 0

    def resizeEvent(self, event) -> None:
        # the last move stays in sight when the list gets shorter (found by an outside trial: the
        # ending box appearing under a won game's list left rows 26-49 of 55 in view)
        bar = self.verticalScrollBar()
        at_end = bar.value() >= bar.maximum()
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()  # rows wrap differently at another width: another height
        if at_end:
            self.scrollToBottom()

    def updateGeometries(self) -> None:
        """The rows were laid out (wrapped rows now have their height): ask for room again
        when the height they need changed."""
        super().updateGeometries()
        height = self.sizeHint().height()
        if height != self._asked:
            self._asked = height
            self.updateGeometry()

    def _row_height(self, row: int) -> int:
        laid_out = self.visualItemRect(self.item(row)).height()  # a wrapped row: its lines
        return max(laid_out, self.sizeHintForRow(row), self.fontMetrics().height() + 2)

    def _frame(self) -> int:
        return 2 * self.frameWidth() + 2

    def sizeHint(self) -> QSize:
        rows = sum(self._row_height(r) for r in range(self.count())) if self.count() \
            else self.fontMetrics().height() + 2
        return QSize(super().sizeHint().width(), rows + self._frame())

    def minimumSizeHint(self) -> QSize:
        rows = sum(self._row_height(r) for r in range(min(self.count(), 3))) if self.count() \
            else self.fontMetrics().height() + 2
        return QSize(super().minimumSizeHint().width(), rows + self._frame())


def label(name: str, scale: float = 1.0, bold: bool = False) -> QLabel:
    """A label of the panel, named for the tests and the style sheet."""
    lab = QLabel()
    lab.setObjectName(name)
    lab.setWordWrap(True)
    font = lab.font()
    font.setPointSizeF(font.pointSizeF() * scale)
    font.setBold(bold)
    lab.setFont(font)
    return lab


def button(text: str, checkable: bool = False) -> QPushButton:
    """A button of the panel; it never takes the keys from the board."""
    b = QPushButton(text)
    b.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys belong to the board
    b.setCheckable(checkable)
    return b


class GamePanel(QFrame):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setMinimumWidth(PANEL_WIDTH)
        self.setMaximumWidth(PANEL_MAX_WIDTH)
        self._build_toolbar()
        self._build_side_panel()
        self._build_ending()
        self.hint_label = label("hint")
        self.back_to_good_button = button(self.tr("Back to the last position that could win"))
        self.back_to_good_button.hide()
        self._build_progress()
        self._build_moves()

        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.title_label)
        box.addWidget(self.goal_label)
        box.addSpacing(6)
        box.addWidget(self.status_label)
        box.addWidget(self.counts_label)
        box.addWidget(self.ending_frame)
        box.addSpacing(6)
        box.addWidget(self.hint_label)
        box.addWidget(self.back_to_good_button)
        box.addWidget(self.progress_frame)
        self.search_view = SearchView()  # "How it was found": live, then the answer's record
        box.addWidget(self.search_view)
        box.addWidget(self.side_stack, 1)
        self.set_moves([])

    def _build_toolbar(self) -> None:
        """The toolbar: the game's actions (the window adds it above the board)."""
        self.toolbar = QToolBar(self.tr("Game"))
        self.toolbar.setObjectName("gameToolbar")
        self.toolbar.setMovable(False)
        self.toolbar.setFloatable(False)
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.toolbar.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # the game's controls stay: no right-click entry that hides them by accident
        self.toolbar.toggleViewAction().setVisible(False)

        def action(text: str, short: str) -> QAction:
            a = QAction(text, self.toolbar)
            a.setIconText(short)  # the toolbar's word; the menus show the full text
            return a

        self.new_action = action(self.tr("&New game…"), self.tr("New…"))
        self.restart_action = action(self.tr("&Restart"), self.tr("Restart"))
        self.undo_action = action(self.tr("&Undo"), self.tr("Undo"))
        self.redo_action = action(self.tr("&Redo"), self.tr("Redo"))
        self.hint_action = action(self.tr("&Hint"), self.tr("Hint"))
        self.solve_action = action(self.tr("&Solve from here"), self.tr("Solve"))
        for a in (self.new_action, self.restart_action, None, self.undo_action, self.redo_action,
                  None, self.hint_action, self.solve_action, None):
            self.toolbar.addSeparator() if a is None else self.toolbar.addAction(a)
        #: where a window's own actions go (after the shared ones)
        self._own_separator = self.toolbar.actions()[-1]
        self.new_button = self._tool_button(self.new_action)
        self.restart_button = self._tool_button(self.restart_action)
        self.undo_button = self._tool_button(self.undo_action)
        self.redo_button = self._tool_button(self.redo_action)
        self.hint_button = self._tool_button(self.hint_action)
        self.solve_button = self._tool_button(self.solve_action)

    def _build_side_panel(self) -> None:
        """The side panel's lines: title, goal, status and counts."""
        self.title_label = label("title", 1.35, True)
        self.goal_label = label("goal")
        self.status_label = label("status", 1.1)
        # room for STATUS_LINES lines whatever the status says: the list below does not jump
        # when a status of one line follows one of two (a longer one still gets its room: a
        # fallback font, Japanese, has taller lines than the label's own font tells)
        sample = "\n".join(["Ag\u3042"] * STATUS_LINES)  # Latin and Japanese on each line
        self.status_label.setMinimumHeight(self.status_label.fontMetrics().boundingRect(
            QRect(0, 0, PANEL_WIDTH, 1000), Qt.TextFlag.TextWordWrap, sample).height())
        self.status_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.counts_label = label("counts")

    def _build_ending(self) -> None:
        # the ending: the result against the minimum and what to do next (issue #13 point 7)
        self.ending_frame = QFrame()
        self.ending_frame.setObjectName("ending")
        self.ending_frame.setFrameShape(QFrame.Shape.StyledPanel)
        self.ending_label = label("endingText", 1.1, True)
        self.replay_best_button = button(self.tr("Replay the shortest solution"))
        self.review_button = button(self.tr("Review this game"))
        self.try_again_button = button(self.tr("Try again"))
        self.another_button = button(self.tr("Another problem…"))
        ebox = QVBoxLayout(self.ending_frame)
        ebox.setContentsMargins(8, 6, 8, 8)
        ebox.addWidget(self.ending_label)
        ebox.addWidget(self.replay_best_button)
        ebox.addWidget(self.review_button)
        erow = QHBoxLayout()
        erow.addWidget(self.try_again_button)
        erow.addWidget(self.another_button)
        ebox.addLayout(erow)
        self.ending_frame.hide()

    def _build_progress(self) -> None:
        """A search's progress, with its Cancel button."""
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
        #: said when Hint is asked again while its search runs (issue #76: a press then was
        #: dropped without a word, the action greyed out)
        self.still_searching_label = label("still_searching")
        self.still_searching_label.setWordWrap(True)
        self.still_searching_label.hide()
        pbox.addWidget(self.progress_label)
        pbox.addWidget(self.still_searching_label)
        pbox.addLayout(prow)
        self.progress_frame.hide()

    def _build_moves(self) -> None:
        """The moves played, or in their place the replay panel."""
        self.move_list = MoveList()
        self.move_list.setObjectName("moves")
        self.move_list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        moves_page = QWidget()
        mbox = QVBoxLayout(moves_page)
        mbox.setContentsMargins(0, 0, 0, 0)
        self.moves_label = QLabel(self.tr("Moves"))
        mbox.addWidget(self.moves_label)
        mbox.addWidget(self.move_list)
        mbox.addStretch(1)
        self._moves_shown = True
        self.replay = ReplayPanel()
        self.side_stack = QStackedWidget()
        self.side_stack.addWidget(moves_page)
        self.side_stack.addWidget(self.replay)

    def sizeHint(self) -> QSize:
        """PANEL_WIDTH wide: what it gets beyond comes from its stretch (PANEL_STRETCH), not from
        how long its lines are (a wrapped label asks for more width than the smallest window
        gives)."""
        return QSize(PANEL_WIDTH, super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:
        """Tall enough for its wrapped lines at its least width (a layout's plain minimum counts
        a wrapped label as one line, so the smallest window squeezed the replay's controls)."""
        hint = super().minimumSizeHint()
        return QSize(hint.width(), max(hint.height(),
                                       self.layout().totalMinimumHeightForWidth(PANEL_WIDTH)))

    def _tool_button(self, action: QAction) -> QToolButton:
        b = self.toolbar.widgetForAction(action)
        b.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys belong to the board
        b.setObjectName(action.iconText())
        return b

    def add_action(self, action: QAction) -> QToolButton:
        """A window's or a view's own action, on the toolbar after the shared ones; its button.
        The button's words are the menu entry's without its Alt letter: Qt drops the "&" of
        "Shu&ffle" but keeps Japanese's "(F)" of "シャッフル(&F)" (found by an outside trial)."""
        action.setIconText(re.sub(r"\s*\(&\w\)", "", action.text()).replace("&", ""))
        self.toolbar.addAction(action)
        return self._tool_button(action)

    def remove_action(self, action: QAction) -> None:
        self.toolbar.removeAction(action)

    @property
    def replaying(self) -> bool:
        return self.side_stack.currentWidget() is self.replay

    def show_replay(self, on: bool) -> None:
        self.side_stack.setCurrentWidget(self.replay if on else self.side_stack.widget(0))

    def show_search(self, asking: str | None, can_ask: bool) -> None:
        """asking: the kind of question a search answers now, None when none does. Solve is
        offered while a hint searches (on the big boards a hint's proof can take minutes): asking
        it turns the search into Solve's, which shows a whole solution within seconds."""
        self.progress_frame.setVisible(asking is not None)
        if asking is None:
            self.still_searching_label.hide()
        # Hint stays offered during a search: pressed then, it is answered with a word
        # (say_still_searching) and the answer shows when found, never a press dropped
        self.hint_action.setEnabled(can_ask)
        self.solve_action.setEnabled(can_ask and asking in (None, "hint"))

    def say_still_searching(self) -> None:
        self.still_searching_label.setText(self.tr(
            "Still searching: the answer shows here when the search ends."))
        self.still_searching_label.show()

    def set_hint_text(self, text: str) -> None:
        self.hint_label.setText(text)
        self.hint_label.setVisible(bool(text))

    def set_ending(self, text: str, can_replay: bool) -> None:
        """The result of a won or stuck game (empty: no ending shown)."""
        self.ending_label.setText(text)
        self.ending_frame.setVisible(bool(text))
        self.replay_best_button.setVisible(can_replay)

    def show_moves(self, on: bool) -> None:
        """Show the Moves list, or hide it for a view that shows the history itself."""
        self._moves_shown = on
        self._show_list()

    def _show_list(self) -> None:
        # an empty list stays, one row tall (MoveList.sizeHint): where the moves will appear
        shown = self._moves_shown
        self.moves_label.setVisible(shown)
        self.move_list.setVisible(shown)

    def set_moves(self, rows: list[str]) -> None:
        self.move_list.clear()
        for i, text in enumerate(rows, 1):
            self.move_list.addItem(numbered_row(i, text))
        self.move_list.updateGeometry()
        self._show_list()
        if rows:
            self.move_list.scrollToBottom()
