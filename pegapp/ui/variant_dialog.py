"""The variant dialog ("Choose the puzzle"): one field per Param of a family, its presets
first; built from Family.params, so every family gets it without code of its own."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout,
                               QLabel, QLineEdit, QSpinBox, QWidget)

from pegapp.puzzles.base import BadInput
from pegapp.puzzles.family import BOOL, CHOICE, INT, Family
from pegapp.ui.i18n import translated


class VariantDialog(QDialog):
    """Choose the size or setting of a family: one field per Family.params entry."""

    def __init__(self, family: Family, parent: QWidget | None = None,
                 current: dict[str, Any] | None = None):
        """current: the values of the game on screen (Family.values_of), else the defaults
        (found by an outside trial: a 6x6 8-flip's dialog opened at 3x3)."""
        super().__init__(parent)
        self.family = family
        current = current or {}
        self.setWindowTitle(self.tr("Choose the puzzle"))
        form = QFormLayout(self)
        self.fields: dict[str, QWidget] = {}
        for param in family.params:
            field: QWidget
            start = current.get(param.name, param.default)
            if param.kind == CHOICE:
                box = QComboBox()
                for value, label in param.choices:
                    box.addItem(translated(label), value)
                box.setCurrentIndex(max(0, box.findData(start)))
                box.currentIndexChanged.connect(self._update_ranges)
                field = box
            elif param.kind == INT:
                field = QSpinBox()
                low, high = param.limits()
                field.setRange(low if low is not None else -(1 << 30),
                               high if high is not None else 1 << 30)
                if start is not None:
                    field.setValue(start)
            elif param.kind == BOOL:
                field = QCheckBox()
                field.setChecked(bool(start))
            else:  # "ints" and "text": typed
                default = start
                if isinstance(default, (list, tuple)):
                    default = ", ".join(str(v) for v in default)
                field = QLineEdit("" if default is None else str(default))
            if param.help:
                field.setToolTip(translated(param.help))
            self.fields[param.name] = field
            form.addRow(translated(param.label), field)
        self._update_ranges()
        self.error = QLabel()
        self.error.setWordWrap(True)
        form.addRow(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok |
                                   QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def values(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, field in self.fields.items():
            if isinstance(field, QComboBox):
                out[name] = field.currentData()
            elif isinstance(field, QSpinBox):
                out[name] = field.value()
            elif isinstance(field, QCheckBox):
                out[name] = field.isChecked()
            else:
                out[name] = field.text()
        return out

    def _update_ranges(self, _index: int = 0) -> None:
        """An int whose range depends on a choice (stone pairs: kinds or pairs) follows it."""
        values = self.values() if len(self.fields) == len(self.family.params) else {}
        for param in self.family.params:
            field = self.fields.get(param.name)
            if param.kind == INT and param.range_of and isinstance(field, QSpinBox) and values:
                low, high = param.limits(values)
                field.setRange(low, high)

    def choice(self) -> tuple[str, dict[str, Any]]:
        """(puzzle id, params); BadInput if the puzzle cannot be built."""
        return self.family.variant(self.values())

    def accept(self) -> None:
        try:
            self.choice()
        except BadInput as exc:
            self.error.setText(translated(exc))
            # room for the reason's lines (found by an outside trial: a long one was cut off)
            self.adjustSize()
            return
        super().accept()
