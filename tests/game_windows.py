"""The game window as the tests open it: real GameWindows offscreen, shown and exposed, with
their own settings file (animations off, so a move lands at once) and data folder under tmp_path;
closed after the test. tests/conftest.py makes the fixture available to every module."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from pegapp.ui.game_window import GameWindow


def ini(tmp_path) -> QSettings:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("view/animate", False)
    return settings


@pytest.fixture
def open_window(qtbot, tmp_path):
    """open_window(puzzle_id=None, params=None, size=None) -> a shown GameWindow."""
    windows = []

    def make(puzzle_id=None, params=None, size=None):
        w = GameWindow(puzzle_id, params or {}, settings=ini(tmp_path),
                       data_dir=tmp_path / "data", restore=False)
        qtbot.addWidget(w)
        if size is not None:
            w.resize(*size)
        w.show()
        qtbot.waitExposed(w)
        windows.append(w)
        return w

    yield make
    for w in windows:
        w.close()
