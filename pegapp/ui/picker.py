"""The game picker: every puzzle of every registered family (registry.families(): PegApp's own,
then plug-ins), each preset with a picture and a description drawn by the family's own view."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QListView, QListWidget, QListWidgetItem,
                               QVBoxLayout, QWidget)

from pegapp.puzzles import registry
from pegapp.puzzles.family import Preset
from pegapp.ui.i18n import display_language
from pegapp.ui.puzzle_views import view_for

#: the side of a picture in the picker, in pixels
PICTURE = 112


def view_picture(view: QWidget, size: int = PICTURE) -> QPixmap:
    """A small picture of a view: the view drawn at twice the size, scaled down."""
    view.resize(size * 2, size * 2)
    return view.grab().scaled(size, size, Qt.AspectRatioMode.KeepAspectRatio,
                              Qt.TransformationMode.SmoothTransformation)


def puzzle_pixmap(puzzle_id: str, params: dict, size: int = PICTURE) -> QPixmap:
    """A small picture of a puzzle's start, drawn by its family's view."""
    view = view_for(registry.make_puzzle(puzzle_id, params))
    try:
        return view.picture(size)
    finally:
        view.deleteLater()


def preset_item(family_key: str, preset: Preset, language: str) -> QListWidgetItem:
    """One tile: the preset's picture and name, its view's description as the tool tip; the
    item's data is (family key, puzzle id, params)."""
    view = view_for(registry.make_puzzle(preset.puzzle_id, dict(preset.params)))
    try:
        item = QListWidgetItem(QIcon(view.picture(PICTURE)), preset.display_name(language))
        item.setToolTip(view.description())
    finally:
        view.deleteLater()
    item.setData(Qt.ItemDataRole.UserRole, (family_key, preset.puzzle_id, dict(preset.params)))
    return item


class GamePicker(QDialog):
    """Choose any game of the collection: every preset of every family, with a picture."""

    def __init__(self, parent: QWidget | None, current: str | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("New game"))
        self.list = QListWidget()
        self.list.setViewMode(QListView.ViewMode.IconMode)
        self.list.setIconSize(QSize(PICTURE, PICTURE))
        self.list.setGridSize(QSize(150, 165))
        self.list.setResizeMode(QListView.ResizeMode.Adjust)
        self.list.setMovement(QListView.Movement.Static)
        self.list.setWordWrap(True)
        language = display_language()
        for family in registry.families().values():
            for preset in family.presets:
                item = preset_item(family.key, preset, language)
                self.list.addItem(item)
                if preset.puzzle_id == current and self.list.currentItem() is None:
                    self.list.setCurrentItem(item)
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
        """(family key, puzzle id, params) of the selected tile, or None."""
        item = self.list.currentItem()
        return None if item is None else item.data(Qt.ItemDataRole.UserRole)

    def choose(self, puzzle_id: str) -> None:
        """Select the first tile of puzzle_id (KeyError when the picker has none)."""
        for i in range(self.list.count()):
            if self.list.item(i).data(Qt.ItemDataRole.UserRole)[1] == puzzle_id:
                self.list.setCurrentRow(i)
                return
        raise KeyError(puzzle_id)
