"""Preferences: animation, legal targets, confirmations, language, theme, solver memory.

SettingsDialog(settings, parent) shows the values stored in a QSettings; OK writes them, Cancel
changes nothing. read_settings(settings) gives the same values (with defaults), and
apply_settings(window, values) shows them in an open window.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox,
                               QFormLayout, QGroupBox, QLabel, QSpinBox, QVBoxLayout, QWidget)

from pegapp.ui.theme import apply_app_theme

#: key -> default; the types of the defaults are the types stored
DEFAULTS: dict[str, Any] = {
    "view/animate": True,
    "view/animation_ms": 260,
    "view/show_targets": True,
    "app/confirm_abandon": True,
    "app/language": "",        # "" = follow the system, "en", "ja"
    "app/theme": "system",     # "system", "light", "dark"
    "solver/memory_gb": 2.0,
}
ANIMATION_MS_RANGE = (80, 800)
MEMORY_GB_RANGE = (0.5, 16.0)
LANGUAGE_CHOICES = ("", "en", "ja")
THEME_CHOICES = ("system", "light", "dark")


def _clamp(value, low, high):
    return max(low, min(high, value))


def read_settings(settings: QSettings) -> dict[str, Any]:
    """Every setting of the dialog, with its default when missing or unreadable."""
    out: dict[str, Any] = {}
    for key, default in DEFAULTS.items():
        try:
            value = settings.value(key, default, type=type(default))
        except (TypeError, ValueError):
            value = default
        out[key] = value if value is not None else default
    out["view/animation_ms"] = int(_clamp(out["view/animation_ms"], *ANIMATION_MS_RANGE))
    out["solver/memory_gb"] = float(_clamp(out["solver/memory_gb"], *MEMORY_GB_RANGE))
    if out["app/language"] not in LANGUAGE_CHOICES:
        out["app/language"] = ""
    if out["app/theme"] not in THEME_CHOICES:
        out["app/theme"] = "system"
    return out


def apply_settings(window: QWidget, values: dict[str, Any]) -> None:
    """Show settings in an open game window (MainWindow, PuzzleWindow, BullsWindow) at once.

    The colours are the whole application's: every window, dialog and menu follows at once
    (theme.apply_app_theme). The solver's memory budget and the abandon confirmation are read
    when used; the language takes effect on the next start (install_translator before the
    windows are built).
    """
    v = {**DEFAULTS, **values}
    apply_app_theme(v["app/theme"])
    view = getattr(window, "view", None)
    if view is not None:
        if hasattr(view, "animations_enabled"):
            view.animations_enabled = bool(v["view/animate"])
        if hasattr(view, "animation_ms"):
            view.animation_ms = int(v["view/animation_ms"])
        if hasattr(view, "show_targets"):
            view.show_targets = bool(v["view/show_targets"])
        if hasattr(view, "theme_mode"):
            view.theme_mode = v["app/theme"]
        view.update()
    for name, key in (("animate_action", "view/animate"), ("targets_action", "view/show_targets")):
        action = getattr(window, name, None)
        if action is not None and action.isChecked() != bool(v[key]):
            action.blockSignals(True)
            action.setChecked(bool(v[key]))
            action.blockSignals(False)


class SettingsDialog(QDialog):
    def __init__(self, settings: QSettings, parent: QWidget | None = None):
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle(self.tr("Settings"))
        self.setObjectName("settingsDialog")

        self.animate_box = QCheckBox(self.tr("Animate moves"))
        self.speed_spin = QSpinBox()
        self.speed_spin.setRange(*ANIMATION_MS_RANGE)
        self.speed_spin.setSingleStep(20)
        self.speed_spin.setSuffix(self.tr(" ms"))
        self.speed_spin.setToolTip(self.tr("How long one jump takes on screen"))
        self.animate_box.toggled.connect(self.speed_spin.setEnabled)
        self.targets_box = QCheckBox(self.tr("Show the holes a picked-up peg can jump to"))
        self.confirm_box = QCheckBox(self.tr("Ask before abandoning a game in progress"))

        self.language_combo = QComboBox()
        self.language_combo.addItem(self.tr("System default"), "")
        # Each language is named in itself, so the player can find theirs in any language.
        self.language_combo.addItem("English", "en")
        self.language_combo.addItem("日本語", "ja")
        self.theme_combo = QComboBox()
        for key, text in (("system", self.tr("Follow the system")), ("light", self.tr("Light")),
                          ("dark", self.tr("Dark"))):
            self.theme_combo.addItem(text, key)
        self.language_note = QLabel(self.tr("A new language takes effect when PegApp restarts."))
        self.language_note.setWordWrap(True)

        self.memory_spin = QDoubleSpinBox()
        self.memory_spin.setRange(*MEMORY_GB_RANGE)
        self.memory_spin.setDecimals(1)
        self.memory_spin.setSingleStep(0.5)
        self.memory_spin.setSuffix(self.tr(" GB"))
        self.memory_spin.setToolTip(self.tr("The most memory a search may use before it gives up"))

        view = QGroupBox(self.tr("Board"))
        vform = QFormLayout(view)
        vform.addRow(self.animate_box)
        vform.addRow(self.tr("Animation time:"), self.speed_spin)
        vform.addRow(self.targets_box)
        app = QGroupBox(self.tr("Program"))
        aform = QFormLayout(app)
        aform.addRow(self.confirm_box)
        aform.addRow(self.tr("Language:"), self.language_combo)
        aform.addRow(self.language_note)
        aform.addRow(self.tr("Colours:"), self.theme_combo)
        solver = QGroupBox(self.tr("Solver"))
        sform = QFormLayout(solver)
        sform.addRow(self.tr("Memory budget:"), self.memory_spin)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok |
                                        QDialogButtonBox.StandardButton.Cancel |
                                        QDialogButtonBox.StandardButton.RestoreDefaults)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(
            lambda: self.set_values(DEFAULTS))
        box = QVBoxLayout(self)
        for group in (view, app, solver):
            box.addWidget(group)
        box.addWidget(self.buttons)
        self.set_values(read_settings(settings))

    def set_values(self, values: dict[str, Any]) -> None:
        """Show values in the widgets (nothing is written until OK)."""
        v = {**DEFAULTS, **values}
        self.animate_box.setChecked(bool(v["view/animate"]))
        self.speed_spin.setValue(int(v["view/animation_ms"]))
        self.speed_spin.setEnabled(self.animate_box.isChecked())
        self.targets_box.setChecked(bool(v["view/show_targets"]))
        self.confirm_box.setChecked(bool(v["app/confirm_abandon"]))
        self.language_combo.setCurrentIndex(max(0, self.language_combo.findData(v["app/language"])))
        self.theme_combo.setCurrentIndex(max(0, self.theme_combo.findData(v["app/theme"])))
        self.memory_spin.setValue(float(v["solver/memory_gb"]))

    def values(self) -> dict[str, Any]:
        """What the widgets show now, keyed like the settings."""
        return {
            "view/animate": self.animate_box.isChecked(),
            "view/animation_ms": self.speed_spin.value(),
            "view/show_targets": self.targets_box.isChecked(),
            "app/confirm_abandon": self.confirm_box.isChecked(),
            "app/language": self.language_combo.currentData(),
            "app/theme": self.theme_combo.currentData(),
            "solver/memory_gb": self.memory_spin.value(),
        }

    def write(self) -> None:
        for key, value in self.values().items():
            self.settings.setValue(key, value)
        self.settings.sync()

    def accept(self) -> None:
        self.write()
        super().accept()
