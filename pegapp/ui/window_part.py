"""What every part of the game window shares (pegapp.ui.game_window: answers, analysis, ending,
files): the window that holds it, the game's flow, and a `changed` signal the window connects to
its refresh. A part owns its own state and worker; it reads the game on the board through the
window (its session, its view and its family change with each game, so they are read, never
kept)."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class WindowPart(QObject):
    """A part of the game window, a child of it (deleted with it)."""

    #: the window's words may have changed: it refreshes
    changed = Signal()

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.flow = window.flow

    @property
    def session(self):
        """The game on the board (the flow's)."""
        return self.flow.session

    @property
    def view(self):
        """The board view of the game on the board (another with each family)."""
        return self.window.view

    @property
    def family(self):
        return self.window.family
