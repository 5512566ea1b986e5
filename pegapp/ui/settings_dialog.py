"""Preferences: animation, legal targets, hole names, confirmations, language, theme, solver memory.

SettingsDialog(settings, parent) shows the values stored in a QSettings; OK writes them, Cancel
changes nothing. read_setting(settings, key) is the one way the program reads a setting (checked,
with its default); read_settings(settings) gives the dialog's values, and
apply_settings(window, values) shows them in an open window.
"""

from __future__ import annotations

import math
import os
import shutil
import sys
import tempfile
from typing import Any

from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths, Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox,
                               QFormLayout, QGroupBox, QLabel, QSpinBox, QVBoxLayout, QWidget)

from pegapp.core.board import COORDINATES, HOLE_NAMINGS, set_hole_naming
from pegapp.core.storage import RefusedFile, check_regular
from pegapp.puzzles.base import MEMORY
from pegapp.ui.languages import can_draw, resolve_language
from pegapp.ui.theme import apply_app_theme

#: key -> default; the types of the defaults are the types stored
DEFAULTS: dict[str, Any] = {
    "view/animate": True,
    "view/animation_ms": 260,
    "view/show_targets": True,
    # the hole names along a peg board's edges (the View menu's switch)
    "view/hole_labels": True,
    # how moves name holes and buttons: by the board's coordinates ("d4") or by the articles'
    # numbers (pegapp.core.board.HOLE_NAMINGS); the command line and exports keep the numbers
    "view/notation": COORDINATES,
    "app/confirm_abandon": True,
    "app/language": "",        # "" = follow the system, "en", "ja"
    "app/theme": "system",     # "system", "light", "dark"
    "solver/memory_gb": 2.0,
    # after a hint in a game, each position the player reaches is worked out in the background
    # (pegapp.ui.game_solving.SolveFlow.think_ahead)
    "solver/think_ahead": True,
    # Hint shows the whole move at the first press, not the distance, the piece, then the move
    # (pegapp.ui.game_solving.SolveFlow.request_hint)
    "solver/whole_hint": False,
}
ANIMATION_MS_RANGE = (80, 800)
MEMORY_GB_RANGE = (0.5, 16.0)
LANGUAGE_CHOICES = ("", "en", "ja")
THEME_CHOICES = ("system", "light", "dark")


#: the numbers a setting may hold (what the dialog's spin boxes allow)
RANGES: dict[str, tuple[float, float]] = {
    "view/animation_ms": ANIMATION_MS_RANGE,
    "solver/memory_gb": MEMORY_GB_RANGE,
}
#: the values a text setting may hold
CHOICES: dict[str, tuple[str, ...]] = {
    "app/language": LANGUAGE_CHOICES,
    "app/theme": THEME_CHOICES,
    "view/notation": HOLE_NAMINGS,
}
_TRUE = ("true", "1", "yes", "on")
_FALSE = ("false", "0", "no", "off")


def _as_bool(raw: Any) -> bool | None:
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, int) and raw in (0, 1):
        return bool(raw)
    if isinstance(raw, str):
        text = raw.strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
    return None


def _as_number(raw: Any) -> float | None:
    """A finite number from a stored value (a number or its text), else None."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, (int, float)):
        value = raw
    elif isinstance(raw, str):
        try:
            value = float(raw.strip())
        except ValueError:
            return None
    else:
        return None
    try:
        value = float(value)
    except OverflowError:  # an int too large for a float
        return None
    return value if math.isfinite(value) else None


def read_setting(settings: QSettings, key: str, default: Any = None) -> Any:
    """One setting, checked: the value stored under key when it is usable, else the default.

    The settings file is the player's (or anyone's) to edit, so whatever it holds -- text where a
    number belongs, "nan", "1e400", a list, a value no version of the dialog writes -- must not
    break the program. For the keys of DEFAULTS the default and the checks are the dialog's: a
    number must be finite and positive (then it is kept within its RANGES), a text one of its
    CHOICES, a switch true/false (or 1/0, yes/no, on/off). Any other key gives default when the
    stored value is missing or not of default's type (bool, int, float or str).
    """
    if default is None:
        default = DEFAULTS[key]
    try:
        raw = settings.value(key)
    except Exception:  # a value Qt cannot even load
        return default
    if raw is None:
        return default
    if isinstance(default, bool):
        value = _as_bool(raw)
        return default if value is None else value
    if isinstance(default, (int, float)):
        number = _as_number(raw)
        if number is None:
            return default
        if key in RANGES:
            if number <= 0:
                return default
            low, high = RANGES[key]
            number = max(low, min(high, number))
        return int(round(number)) if isinstance(default, int) else number
    if isinstance(default, str):
        if not isinstance(raw, str):
            return default
        if key in CHOICES and raw not in CHOICES[key]:
            return default
        return raw
    return default


def give_memory_budget(puzzle, settings: QSettings) -> None:
    """A family whose searches have a memory cap (MEMORY) gets the Settings' budget before a
    search of the window (a hint, Solve, the par, analysis mode) starts."""
    if MEMORY in puzzle.ABILITIES:
        puzzle.memory_gb = read_setting(settings, "solver/memory_gb")


def read_settings(settings: QSettings) -> dict[str, Any]:
    """Every setting of the dialog, each checked by read_setting (its default when missing or
    unusable)."""
    return {key: read_setting(settings, key) for key in DEFAULTS}


# (path, the OS's reason, or None for no regular file) of a settings file not given to Qt this
# session (guard_settings_files)
_refused: tuple[str, str | None] | None = None


def user_settings_files(organization: str, application: str) -> list[str]:
    """The user's settings files Qt reads on this system (XDG: the application's and the
    organization's .conf); none where settings are no file of ours (Windows' registry)."""
    if sys.platform in ("win32", "darwin"):
        return []
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation)
    return [os.path.join(base, organization, f"{application}.conf"),
            os.path.join(base, f"{organization}.conf")]


def guard_settings_files(organization: str, application: str) -> None:
    """Before any QSettings is made: a settings file that is no regular file is not given to
    Qt, which reads it while constructing QSettings (a FIFO there kept the window from ever
    opening). This session's settings then live in a temporary folder (defaults, not kept),
    the file is left as it is, and settings_file_problem tells the player once."""
    global _refused
    for path in user_settings_files(organization, application):
        try:
            check_regular(path)
            continue
        except RefusedFile:
            _refused = (path, None)
        except OSError as exc:  # cannot even be looked at (a folder without access, a loop)
            _refused = (path, exc.strerror or str(exc))
        elsewhere = tempfile.mkdtemp(prefix="pegapp-settings-")
        for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
            QSettings.setPath(fmt, QSettings.Scope.UserScope, elsewhere)
        return


def settings_file_problem(settings: QSettings) -> str | None:
    """Why the settings file could not be read as a whole (for the player), or None.

    A file that cannot be read is left alone (Qt does not write it either); a damaged one is
    copied aside (``*.corrupt``) before Qt rewrites it with the values it could read; one that
    is no regular file was never given to Qt (guard_settings_files).
    """
    if _refused is not None and _refused[0] not in _reported:
        _reported.add(_refused[0])
        path, reason = _refused
        if reason is None:  # RefusedFile: no regular file
            return QCoreApplication.translate(
                "Settings", "%1 is not a regular file (a folder, a pipe or a device). The "
                "default settings are used, and changes are not kept.").replace("%1", path)
        return QCoreApplication.translate(
            "Settings", "%1 cannot be used (%2). The default settings are used, and changes "
            "are not kept.").replace("%1", path).replace("%2", reason)
    status = settings.status()
    path = settings.fileName()
    if status == QSettings.Status.NoError or path in _reported:
        return None
    _reported.add(path)  # tell the player once per file and session
    if status == QSettings.Status.AccessError:
        return QCoreApplication.translate(
            "Settings", "%1 cannot be read or written. The default settings are used, and "
            "changes are not kept.").replace("%1", path)
    kept = None
    try:
        if os.path.isfile(path):
            kept = _copy_aside(path)
    except OSError:
        kept = None
    text = QCoreApplication.translate(
        "Settings", "%1 is damaged. The settings that could be read from it are used, the "
        "others are the defaults.").replace("%1", path)
    if kept is not None:
        text += " " + QCoreApplication.translate(
            "Settings", "A copy was kept as %1.").replace("%1", str(kept))
    return text


_reported: set[str] = set()


def _copy_aside(path: str) -> str:
    n = 0
    while True:
        target = f"{path}.corrupt" + (f".{n}" if n else "")
        if not os.path.exists(target):
            shutil.copyfile(path, target)
            return target
        n += 1


def apply_settings(window: QWidget, values: dict[str, Any]) -> None:
    """Show settings in an open game window at once.

    The colours are the whole application's: every window, dialog and menu follows at once
    (theme.apply_app_theme). The solver's memory budget and the abandon confirmation are read
    when used; the language takes effect on the next start (install_translator before the
    windows are built).
    """
    v = {**DEFAULTS, **values}
    apply_app_theme(v["app/theme"])
    set_hole_naming(v["view/notation"])  # program-wide: the move texts of every family
    view = getattr(window, "view", None)
    if view is not None:
        follows = view.SETTINGS  # declared by the view (PuzzleView.SETTINGS), never probed
        if "view/animate" in follows:
            view.animations_enabled = bool(v["view/animate"])
        if "view/animation_ms" in follows:
            view.animation_ms = int(v["view/animation_ms"])
        if "view/show_targets" in follows:
            view.show_targets = bool(v["view/show_targets"])
        view.theme_mode = v["app/theme"]
        view.update()
        if "view/hole_labels" in follows:
            view.show_labels = bool(v["view/hole_labels"])
        # the view's own switches (View menu) follow the settings they stand for
        for action in view.extra_actions():
            key = action.property("setting")
            if key in v and action.isChecked() != bool(v[key]):
                action.blockSignals(True)
                action.setChecked(bool(v[key]))
                action.blockSignals(False)
    reword = getattr(window, "reword", None)
    if callable(reword):  # the hint line and the undo menu name holes and cells the new way
        reword()
    refresh = getattr(window, "refresh", None)
    if callable(refresh):  # the move list and texts name holes the new way
        refresh()


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
        self.labels_box = QCheckBox(self.tr("Show the hole names along the board's edges"))
        self.notation_combo = QComboBox()
        self.notation_combo.addItem(self.tr("Board coordinates (d4)"), COORDINATES)
        self.notation_combo.addItem(self.tr("Article numbers (0, 1, 2…)"), "numbers")
        self.notation_combo.setToolTip(self.tr(
            "How hints and the move list name holes and buttons: a column letter and a row "
            "number read off the board's edges, or the numbering of the articles the puzzles "
            "come from (the notation of copied and exported solutions and of the command line)"))

        self._language_widgets()
        self.theme_combo = QComboBox()
        for key, text in (("system", self.tr("Follow the system")), ("light", self.tr("Light")),
                          ("dark", self.tr("Dark"))):
            self.theme_combo.addItem(text, key)

        self.memory_spin = QDoubleSpinBox()
        self.memory_spin.setRange(*MEMORY_GB_RANGE)
        self.memory_spin.setDecimals(1)
        self.memory_spin.setSingleStep(0.5)
        self.memory_spin.setSuffix(self.tr(" GB"))
        self.memory_spin.setToolTip(self.tr("The most memory a search may use before it gives up"))
        self.think_box = QCheckBox(self.tr("Think ahead while I play"))
        self.think_box.setToolTip(self.tr(
            "Once you have asked for a hint in a game, the solver works out the next hint in the "
            "background after each move, so it is ready when you ask"))

        self.whole_hint_box = QCheckBox(self.tr("Hints show the whole move at once"))
        self.whole_hint_box.setToolTip(self.tr(
            "Off: the first press of Hint says how far the goal is, the second marks the piece "
            "to move, the third shows the move"))

        view = QGroupBox(self.tr("Board"))
        vform = QFormLayout(view)
        vform.addRow(self.animate_box)
        vform.addRow(self.tr("Animation time:"), self.speed_spin)
        vform.addRow(self.targets_box)
        vform.addRow(self.labels_box)
        vform.addRow(self.tr("Hole names:"), self.notation_combo)
        app = QGroupBox(self.tr("Program"))
        aform = QFormLayout(app)
        aform.addRow(self.confirm_box)
        aform.addRow(self.tr("Language:"), self.language_combo)
        aform.addRow(self.language_note)
        aform.addRow(self.font_note)
        aform.addRow(self.tr("Colours:"), self.theme_combo)
        solver = QGroupBox(self.tr("Solver"))
        sform = QFormLayout(solver)
        sform.addRow(self.tr("Memory budget:"), self.memory_spin)
        sform.addRow(self.think_box)
        sform.addRow(self.whole_hint_box)

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

    def _language_widgets(self) -> None:
        """The language's choice, and its notes: when it takes effect, and (shown only while the
        chosen language cannot be drawn, PegApp then speaking English, i18n.install_from_settings)
        the font it needs, in English, the one language the player can read then."""
        self.language_combo = QComboBox()
        self.language_combo.addItem(self.tr("System default"), "")
        # Each language is named in itself, so the player can find theirs in any language
        # (and in English too where no font can draw its own name).
        self.language_combo.addItem("English", "en")
        self.language_combo.addItem("日本語" if can_draw("ja") else "日本語 (Japanese)", "ja")
        self.language_note = QLabel(self.tr("A new language takes effect when PegApp restarts."))
        self.language_note.setWordWrap(True)
        self.font_note = QLabel(
            "Japanese needs a font with Japanese characters, and none is installed: PegApp "
            "speaks English until one is (on Debian or Ubuntu: sudo apt-get install "
            "fonts-noto-cjk).")
        self.font_note.setWordWrap(True)
        self.font_note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.language_combo.currentIndexChanged.connect(self._show_font_note)

    def set_values(self, values: dict[str, Any]) -> None:
        """Show values in the widgets (nothing is written until OK)."""
        v = {**DEFAULTS, **values}
        self.animate_box.setChecked(bool(v["view/animate"]))
        self.speed_spin.setValue(int(v["view/animation_ms"]))
        self.speed_spin.setEnabled(self.animate_box.isChecked())
        self.targets_box.setChecked(bool(v["view/show_targets"]))
        self.confirm_box.setChecked(bool(v["app/confirm_abandon"]))
        self.labels_box.setChecked(bool(v["view/hole_labels"]))
        self.notation_combo.setCurrentIndex(max(0, self.notation_combo.findData(v["view/notation"])))
        self.language_combo.setCurrentIndex(max(0, self.language_combo.findData(v["app/language"])))
        self.theme_combo.setCurrentIndex(max(0, self.theme_combo.findData(v["app/theme"])))
        self.memory_spin.setValue(float(v["solver/memory_gb"]))
        self.think_box.setChecked(bool(v["solver/think_ahead"]))
        self.whole_hint_box.setChecked(bool(v["solver/whole_hint"]))
        self._show_font_note()

    def _show_font_note(self) -> None:
        """The font note, shown while the chosen language has no font to be drawn in."""
        language = resolve_language(self.language_combo.currentData())
        self.font_note.setVisible(not can_draw(language))

    def values(self) -> dict[str, Any]:
        """What the widgets show now, keyed like the settings."""
        return {
            "view/animate": self.animate_box.isChecked(),
            "view/animation_ms": self.speed_spin.value(),
            "view/show_targets": self.targets_box.isChecked(),
            "view/hole_labels": self.labels_box.isChecked(),
            "view/notation": self.notation_combo.currentData(),
            "app/confirm_abandon": self.confirm_box.isChecked(),
            "app/language": self.language_combo.currentData(),
            "app/theme": self.theme_combo.currentData(),
            "solver/memory_gb": self.memory_spin.value(),
            "solver/think_ahead": self.think_box.isChecked(),
            "solver/whole_hint": self.whole_hint_box.isChecked(),
        }

    def write(self) -> None:
        for key, value in self.values().items():
            self.settings.setValue(key, value)
        self.settings.sync()

    def accept(self) -> None:
        self.write()
        super().accept()
