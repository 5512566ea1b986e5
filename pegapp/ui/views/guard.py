"""A family's view breaks only itself (issue #72): every Qt event handler a view class defines
(paintEvent, mousePressEvent, keyPressEvent, ..., event) is wrapped once, when the class is made
(PuzzleView.__init_subclass__), so an exception in a plug-in's drawing or input never reaches Qt.

Why at the class: Qt calls the handlers, not PegApp, and an exception raised while the view's
QPainter is open left the painter active on a paint device Qt then destroyed -- a segmentation
fault of the window and of `pegapp check-family` (exit 139, no message). The wrapper ends the
painters the failed call left open (found in its traceback's frames and on the view), keeps the
exception, and from then on the view draws a plain panel saying it failed and why, ignores input,
and tells the window once (PuzzleView.viewFailed), which says so beside the board: the window,
the other windows and the game's save go on."""

from __future__ import annotations

import functools
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

from PySide6.QtCore import QCoreApplication, QRectF, Qt, qInstallMessageHandler
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import QWidget

#: the attribute a wrapped handler carries (a subclass inherits wrapped handlers: not twice)
_GUARDED = "_pegapp_view_guarded"


def is_handler(name: str, value: Any) -> bool:
    """Whether a class attribute is a Qt event handler of the view's (what Qt calls)."""
    return callable(value) and not isinstance(value, (staticmethod, classmethod, type)) and (
        name == "event" or (name.endswith("Event") and name[:1].islower()))


def guard_handlers(cls: type) -> None:
    """Wrap each event handler cls itself defines (its bases' are wrapped already)."""
    for name, value in list(vars(cls).items()):
        if is_handler(name, value) and not getattr(value, _GUARDED, False):
            setattr(cls, name, _guard_paint(value) if name == "paintEvent"
                    else _guard_handler(name, value))


def failure_words(exc: BaseException) -> str:
    """The exception in one line, as a player can be shown it: "ZeroDivisionError: …"."""
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _end_painters(view: QWidget, tb: TracebackType | None) -> None:
    """End every QPainter still active that the failed call left behind: in the frames the
    exception went through (a local `painter`) and on the view itself (self.painter)."""
    places: list[Any] = [vars(view)]
    while tb is not None:
        places.append(tb.tb_frame.f_locals)
        tb = tb.tb_next
    previous = qInstallMessageHandler(lambda *_: None)  # "ended with 1 saved states": known
    try:
        for place in places:
            for value in list(place.values()):
                if isinstance(value, QPainter) and value.isActive():
                    value.end()
    finally:
        qInstallMessageHandler(previous)


def _where(handler: str, tb: TracebackType | None) -> str:
    """Where the failure was raised, for the family's author: "paintEvent, view.py line 9"."""
    frames = traceback.extract_tb(tb)
    if not frames:
        return handler
    last = frames[-1]
    return f"{handler}, {Path(last.filename).name} line {last.lineno}"


def _fail(view: QWidget, exc: Exception, handler: str) -> None:
    """Keep the first failure on the view (without its traceback: its frames held painters),
    with where it was raised and the whole traceback as text (the window's log), and tell the
    window once."""
    _end_painters(view, exc.__traceback__)
    if getattr(view, "view_failure", None) is not None:
        return
    view.view_failure_where = _where(handler, exc.__traceback__)
    view.view_failure_trace = "".join(traceback.format_exception(exc))
    exc.__traceback__ = None
    view.view_failure = exc
    view.interactive = False
    signal = getattr(view, "viewFailed", None)
    if signal is not None:
        signal.emit(view.failure_text())
    view.update()


def _guard_paint(paint: Callable) -> Callable:
    @functools.wraps(paint)
    def paintEvent(self, event) -> None:
        if getattr(self, "view_failure", None) is None:
            try:
                paint(self, event)
                return
            except Exception as exc:  # noqa: BLE001 - a family's drawing must not take Qt down
                _fail(self, exc, "paintEvent")
        paint_failure(self)

    setattr(paintEvent, _GUARDED, True)
    return paintEvent


def _guard_handler(name: str, handler: Callable) -> Callable:
    @functools.wraps(handler)
    def guarded(self, *args):
        if getattr(self, "view_failure", None) is not None:
            # a failed view takes no input; everything else (its painting) goes on as Qt's
            return getattr(QWidget, name)(self, *args) if name == "event" else None
        try:
            return handler(self, *args)
        except Exception as exc:  # noqa: BLE001 - a family's handler must not reach Qt's loop
            _fail(self, exc, name)
            return True if name == "event" else None

    setattr(guarded, _GUARDED, True)
    return guarded


def paint_failure(view: QWidget) -> None:
    """The failed view's panel: its words on the window's own background."""
    painter = QPainter(view)
    if not painter.isActive():  # a painter the family left open that was not found
        return
    try:
        palette = view.palette()
        painter.fillRect(view.rect(), palette.color(QPalette.ColorRole.Window))
        painter.setPen(palette.color(QPalette.ColorRole.WindowText))
        margin = max(8.0, min(view.width(), view.height()) * 0.06)
        area = QRectF(view.rect()).adjusted(margin, margin, -margin, -margin)
        painter.drawText(area, int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap),
                         view.failure_text())
    finally:
        painter.end()


def failure_text(family_name: str, exc: BaseException) -> str:
    return QCoreApplication.translate(
        "PuzzleView", "The board of %1 failed and is switched off: %2\nYour game is kept: "
                      "save it, or open another game.").replace("%1", family_name).replace(
        "%2", failure_words(exc))
