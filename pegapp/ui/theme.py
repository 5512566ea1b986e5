"""Board colours for light and dark mode, chosen from the system palette so the game follows it."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette


@dataclass(frozen=True)
class BoardTheme:
    dark: bool
    table: QColor        # around the board
    board: QColor        # the board's face
    board_edge: QColor
    line: QColor
    hole: QColor
    hole_rim: QColor
    peg: QColor
    peg_light: QColor
    peg_shadow: QColor
    target: QColor       # legal landing holes
    hint: QColor         # the hinted move
    selection: QColor
    cursor: QColor
    finish: QColor
    text: QColor


LIGHT = BoardTheme(
    dark=False,
    table=QColor("#efe9df"), board=QColor("#dcc39a"), board_edge=QColor("#b89868"),
    line=QColor(120, 86, 48, 110), hole=QColor("#6b4c2e"), hole_rim=QColor("#f2e2c4"),
    peg=QColor("#2f5f8a"), peg_light=QColor("#9cc7ea"), peg_shadow=QColor(40, 25, 10, 90),
    target=QColor("#3b8f4e"), hint=QColor("#d98a1c"), selection=QColor("#f4c542"),
    cursor=QColor("#c0392b"), finish=QColor("#9a5b2a"), text=QColor("#2b2118"),
)

DARK = BoardTheme(
    dark=True,
    table=QColor("#1f2326"), board=QColor("#4a3a2c"), board_edge=QColor("#2e241b"),
    line=QColor(230, 200, 160, 70), hole=QColor("#1d1510"), hole_rim=QColor("#6c5640"),
    peg=QColor("#6fa8dc"), peg_light=QColor("#e3f1ff"), peg_shadow=QColor(0, 0, 0, 140),
    target=QColor("#6fd38a"), hint=QColor("#ffb347"), selection=QColor("#ffd966"),
    cursor=QColor("#ff7b6b"), finish=QColor("#e0b080"), text=QColor("#eee6dc"),
)


def system_prefers_dark() -> bool:
    app = QGuiApplication.instance()
    if app is None:
        return False
    hints = QGuiApplication.styleHints()
    scheme = getattr(hints, "colorScheme", None)
    if scheme is not None:
        value = scheme()
        if value == Qt.ColorScheme.Dark:
            return True
        if value == Qt.ColorScheme.Light:
            return False
    return QGuiApplication.palette().color(QPalette.ColorRole.Window).lightness() < 128


def current_theme(mode: str = "system") -> BoardTheme:
    """mode: "system" (follow the desktop), "light" or "dark"."""
    if mode == "dark" or (mode == "system" and system_prefers_dark()):
        return DARK
    return LIGHT
