"""Light and dark colours for the whole program.

apply_app_theme(mode) gives the application a palette (and the Fusion style when the platform's
own style would not honour it): dark when the setting is "dark" or the setting is "system" and the
desktop is dark, light otherwise. Every window, menu, list and dialog then follows, and the board
and puzzle painters take their colours from current_theme(), which resolves to the same choice.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

MODES = ("system", "light", "dark")


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


class _State:
    mode: str | None = None                 # the mode apply_app_theme was last given
    dark: bool | None = None                # what it chose
    native_palette: QPalette | None = None  # the platform's palette, before ours
    native_style: str | None = None         # the platform's style name, before Fusion
    applied: QPalette | None = None         # the application palette right after we set it
    watching = False                        # connected to the desktop's colour scheme


_state = _State()


def dark_palette() -> QPalette:
    """The application palette of the dark theme; its text is the board's text colour."""
    text = QColor(DARK.text)
    muted = QColor("#7d838a")
    p = QPalette()
    roles = QPalette.ColorRole
    for role, colour in (
            (roles.Window, "#2a2e32"), (roles.WindowText, text), (roles.Base, "#1c2023"),
            (roles.AlternateBase, "#252a2e"), (roles.ToolTipBase, "#33383d"),
            (roles.ToolTipText, text), (roles.PlaceholderText, "#8a9097"), (roles.Text, text),
            (roles.Button, "#353a40"), (roles.ButtonText, text), (roles.BrightText, "#ff7b6b"),
            (roles.Light, "#4a5057"), (roles.Midlight, "#3d4248"), (roles.Mid, "#2a2e33"),
            (roles.Dark, "#181b1e"), (roles.Shadow, "#0b0c0e"), (roles.Highlight, "#3d6f9e"),
            (roles.HighlightedText, "#ffffff"), (roles.Link, DARK.peg),
            (roles.LinkVisited, "#b39ddb")):
        p.setColor(role, QColor(colour))
    accent = getattr(roles, "Accent", None)  # Qt 6.6+
    if accent is not None:
        p.setColor(accent, QColor("#3d6f9e"))
    disabled = QPalette.ColorGroup.Disabled
    for role in (roles.WindowText, roles.Text, roles.ButtonText, roles.HighlightedText):
        p.setColor(disabled, role, muted)
    p.setColor(disabled, roles.Button, QColor("#2e3237"))
    p.setColor(disabled, roles.Base, QColor("#23272b"))
    p.setColor(disabled, roles.Highlight, QColor("#4a4f55"))
    p.setColor(disabled, roles.Light, QColor("#2a2e32"))
    return p


def light_palette() -> QPalette:
    """The light palette used when the platform's own one is dark (Fusion's standard palette)."""

    style = QStyleFactory.create("Fusion")
    return QPalette(style.standardPalette()) if style is not None else QPalette()


def _is_dark_palette(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def _native_palette() -> QPalette:
    """The platform's palette: the application's, unless it is the one we set ourselves."""
    current = QGuiApplication.palette()
    if _state.applied is None or current != _state.applied:
        _state.native_palette = QPalette(current)  # not ours: someone (the platform) set it
    return _state.native_palette


def system_prefers_dark() -> bool:
    """Whether the desktop is dark: its colour scheme (Qt 6.5+), else its palette."""
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
    return _is_dark_palette(_native_palette())


def is_dark(mode: str | None = None) -> bool:
    """mode "light" or "dark" is itself; None or "system" follows the application's theme (as
    apply_app_theme set it), and the desktop when no theme was applied."""
    if mode == "dark":
        return True
    if mode == "light":
        return False
    if _state.dark is not None and QGuiApplication.instance() is not None and \
            QGuiApplication.palette() == _state.applied:
        return _state.dark  # the palette we gave the application
    if _state.mode in ("light", "dark") and _state.dark is None:
        return _state.mode == "dark"  # set before there was an application
    return system_prefers_dark()


def current_theme(mode: str | None = None) -> BoardTheme:
    """The board colours: mode "light"/"dark", or None/"system" for the application's theme."""
    return DARK if is_dark(mode) else LIGHT


def apply_app_theme(mode: str) -> bool:
    """Give the whole application the light or dark palette for a theme setting ("system",
    "light", "dark"); returns whether it is dark. Cheap when nothing changes."""

    app = QApplication.instance()
    if mode not in MODES:
        mode = "system"
    if not isinstance(app, QApplication):
        _state.mode = mode
        return is_dark(mode)
    native = _native_palette()
    if _state.native_style is None:
        _state.native_style = app.style().name()
    _state.mode = mode
    dark = mode == "dark" or (mode == "system" and system_prefers_dark())
    if _state.applied is not None and dark == _state.dark and \
            QGuiApplication.palette() == _state.applied:
        return dark
    if not dark and not _is_dark_palette(native):
        # the platform's own light look: its style and palette
        if app.style().name() != _state.native_style:
            app.setStyle(_state.native_style)
        palette = QPalette(native)
    else:
        # Native styles (macOS, Windows) ignore much of a palette; Fusion draws with it.
        if app.style().name().lower() != "fusion":
            app.setStyle("Fusion")
        palette = dark_palette() if dark else light_palette()
    app.setPalette(palette)
    _state.applied = QPalette(QGuiApplication.palette())
    _state.dark = dark
    _watch_the_desktop()
    return dark


def _watch_the_desktop() -> None:
    """Follow the desktop's light/dark switch live while the setting is "system"."""
    if _state.watching:
        return
    hints = QGuiApplication.styleHints()
    signal = getattr(hints, "colorSchemeChanged", None)
    if signal is None:
        return
    signal.connect(_on_desktop_scheme_changed)
    _state.watching = True


def _on_desktop_scheme_changed(*_args) -> None:
    if _state.mode == "system":
        apply_app_theme("system")
