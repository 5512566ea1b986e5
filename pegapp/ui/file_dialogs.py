"""The save dialogs' one rule: a name typed without an extension gets the chosen filter's.

Qt's own dialog (used where the platform has none, and offscreen) returns the name as typed, so
"k7_chart" with "PNG (*.png)" chosen would be refused by the exporter, and a game saved as
"mine" would be hidden by Load's "*.json" filter."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget

_FIRST_PATTERN = re.compile(r"\*(\.[A-Za-z0-9.]+)")


def with_filter_suffix(path: str, chosen_filter: str) -> str:
    """path, with the first extension of chosen_filter ("PNG (*.png)" -> ".png") added when the
    file name has none."""
    if not path or Path(path).suffix:
        return path
    m = _FIRST_PATTERN.search(chosen_filter or "")
    return path + m.group(1) if m else path


def ask_save_path(parent: QWidget, title: str, name: str, filters: str) -> str:
    """The file the player chose to save to ("" when cancelled), its extension completed."""
    path, chosen = QFileDialog.getSaveFileName(parent, title, name, filters)
    return with_filter_suffix(path, chosen)
