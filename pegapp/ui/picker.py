"""The game picker: every game of the collection with a picture drawn by its own view."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QListView, QListWidget, QListWidgetItem,
                               QVBoxLayout, QWidget)

from pegapp.core.board import shipped_boards
from pegapp.puzzles.registry import FAMILIES, GUESSING, make_puzzle
from pegapp.ui.board_view import board_pixmap
from pegapp.ui.i18n import MASTERMIND_RULES, current_language, rules_text
from pegapp.ui.puzzle_views import view_for
from pegapp.ui.theme import current_theme


def puzzle_pixmap(puzzle_id: str, params: dict, size: int = 112) -> QPixmap:
    """A small picture of a puzzle's start, drawn by its real view."""
    view = view_for(make_puzzle(puzzle_id, params))
    view.resize(size * 2, size * 2)
    pix = view.grab().scaled(size, size, Qt.AspectRatioMode.KeepAspectRatio,
                             Qt.TransformationMode.SmoothTransformation)
    view.deleteLater()
    return pix


def guess_pixmap(ruleset: str, size: int = 112) -> QPixmap:
    """Four code pegs and a score: the picture of a guessing game."""
    theme = current_theme()
    pix = QPixmap(size, size)
    pix.fill(theme.table)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(theme.board)
    p.drawRoundedRect(6, 30, size - 12, 52, 10, 10)
    colours = ("#c0392b", "#2f6fb0", "#2e8b57", "#d4a017")
    for i, colour in enumerate(colours):
        x = 14 + i * (size - 28) / 4 + (size - 28) / 8
        p.setBrush(QColor(colour) if ruleset == "mastermind" else theme.hole)
        p.drawEllipse(int(x - 9), 47, 18, 18)
        if ruleset != "mastermind":
            p.setPen(theme.hole_rim)
            p.drawText(int(x - 9), 47, 18, 18, Qt.AlignmentFlag.AlignCenter, "6281"[i])
            p.setPen(Qt.PenStyle.NoPen)
    p.end()
    return pix


class GamePicker(QDialog):
    """Choose any game of the collection: every peg board and every other puzzle, with a picture."""

    def __init__(self, parent: QWidget | None, current: str | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("New game"))
        self.list = QListWidget()
        self.list.setViewMode(QListView.ViewMode.IconMode)
        self.list.setIconSize(QSize(112, 112))
        self.list.setGridSize(QSize(150, 165))
        self.list.setResizeMode(QListView.ResizeMode.Adjust)
        self.list.setMovement(QListView.Movement.Static)
        self.list.setWordWrap(True)
        language = "ja" if _is_japanese() else "en"
        for board in shipped_boards():
            item = QListWidgetItem(QIcon(board_pixmap(board, size=112)),
                                   board.display_name(language))
            item.setData(Qt.ItemDataRole.UserRole, ("pegs", board.id, {}))
            item.setToolTip(board.display_description(language))
            self.list.addItem(item)
            if board.id == current:
                self.list.setCurrentItem(item)
        for family in FAMILIES:
            for preset in family.presets:
                item = QListWidgetItem(QIcon(puzzle_pixmap(preset.puzzle_id, preset.params)),
                                       preset.display_name(language))
                item.setData(Qt.ItemDataRole.UserRole,
                             (family.key, preset.puzzle_id, dict(preset.params)))
                item.setToolTip(rules_text(family))
                self.list.addItem(item)
        for family in GUESSING:
            for preset in family.presets:
                item = QListWidgetItem(QIcon(guess_pixmap(preset.params["ruleset"])),
                                       preset.display_name(language))
                item.setData(Qt.ItemDataRole.UserRole,
                             (family.key, preset.puzzle_id, dict(preset.params)))
                item.setToolTip(rules_text(family) if preset.params["ruleset"] == "bulls" else
                                QCoreApplication.translate("Rules", MASTERMIND_RULES))
                self.list.addItem(item)
        self.list.itemDoubleClicked.connect(self.accept)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok |
                                   QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.list)
        layout.addWidget(buttons)
        self.resize(820, 600)

    def chosen(self) -> tuple[str, str, dict] | None:
        item = self.list.currentItem()
        return None if item is None else item.data(Qt.ItemDataRole.UserRole)

    def choose(self, puzzle_id: str) -> None:
        for i in range(self.list.count()):
            family, pid, _params = self.list.item(i).data(Qt.ItemDataRole.UserRole)
            if pid == puzzle_id or (family == "pegs" and f"pegs/{pid}" == puzzle_id):
                self.list.setCurrentRow(i)
                return
        raise KeyError(puzzle_id)


def _is_japanese() -> bool:
    return current_language() == "ja"
