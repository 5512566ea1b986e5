"""Every save and open dialog of the game windows, with two rules written once.

* **They open where the player keeps files**: the folder of the last file chosen in any of them
  (remembered in the settings, files/last_folder), else the documents folder, else home; never
  the folder the program was started from (issue #76: the checkout).
* **A name typed without an extension gets the chosen filter's.** Qt's own dialog (used where
  the platform has none, and offscreen) returns the name as typed, so "k7_chart" with
  "PNG (*.png)" chosen would be refused by the exporter, and a game saved as "mine" would be
  hidden by Load's "*.json" filter."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtWidgets import QFileDialog, QWidget

#: the settings key of the folder the last file was chosen in
LAST_FOLDER = "files/last_folder"

_FIRST_PATTERN = re.compile(r"\*(\.[A-Za-z0-9.]+)")


def with_filter_suffix(path: str, chosen_filter: str) -> str:
    """path, with the first extension of chosen_filter ("PNG (*.png)" -> ".png") added when the
    file name has none."""
    if not path or Path(path).suffix:
        return path
    m = _FIRST_PATTERN.search(chosen_filter or "")
    return path + m.group(1) if m else path


def _settings(parent: QWidget | None) -> QSettings:
    """The settings of the window the dialog belongs to (a window keeps its own), else the
    application's."""
    window = parent.window() if parent is not None else None
    settings = getattr(window, "settings", None)
    return settings if isinstance(settings, QSettings) else QSettings()


def start_folder(parent: QWidget | None) -> Path:
    """Where a dialog opens: the last folder a file was chosen in while it still is one, else
    the documents folder where there is one, else home."""
    last = _settings(parent).value(LAST_FOLDER, "", type=str)
    if last and Path(last).is_dir():
        return Path(last)
    documents = QStandardPaths.writableLocation(
        QStandardPaths.StandardLocation.DocumentsLocation)
    if documents and Path(documents).is_dir():
        return Path(documents)
    return Path.home()


def remember_folder(parent: QWidget | None, path: str) -> None:
    """The folder of a file the player chose, where the next dialog opens."""
    if path:
        _settings(parent).setValue(LAST_FOLDER, str(Path(path).parent))


def ask_save_path(parent: QWidget, title: str, name: str, filters: str) -> str:
    """The file the player chose to save to ("" when cancelled), its extension completed;
    name: the file name proposed, in the folder a dialog opens in."""
    path, chosen = QFileDialog.getSaveFileName(parent, title, str(start_folder(parent) / name),
                                               filters)
    path = with_filter_suffix(path, chosen)
    remember_folder(parent, path)
    return path


def ask_open_path(parent: QWidget, title: str, filters: str) -> str:
    """The file the player chose to open ("" when cancelled)."""
    path, _ = QFileDialog.getOpenFileName(parent, title, str(start_folder(parent)), filters)
    remember_folder(parent, path)
    return path
