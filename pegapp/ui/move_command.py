"""The one undo command of the game window (MoveCommand: pops and pushes of the Session) and a move
as the move list, the hint and the replay show it (move_text)."""

from __future__ import annotations

import weakref

from PySide6.QtGui import QUndoCommand

from pegapp.puzzles.base import DESCRIBE
from pegapp.ui.i18n import translated
from pegapp.ui.window_base import WindowBase


def move_text(puzzle, state, move, advice: bool = False) -> str:
    """A move as the move list shows it: its description when the family has one, else its
    notation; advice: a move suggested, not played (see DESCRIBE)."""
    if DESCRIBE in puzzle.ABILITIES:
        try:
            return translated(puzzle.describe_move(state, move, advice=advice))
        except Exception:  # a description is a nicety; the notation always works
            pass
    try:
        return puzzle.format_moves([move])
    except Exception:  # noqa: BLE001 - a plug-in's notation that fails (issue #72): the move as
        return repr(move)  # Python writes it, so the move is still played, listed and undone


class MoveCommand(QUndoCommand):
    """The one undo command: take the session back by `pops` steps, then push `moves`. A move
    is (0, [move]) (a peg jump that continues the chain is merged by the session); restart is
    (every step, []), undone by pushing the steps back. The window is the GameWindow (its session
    and show_state). recorded: a step the session already holds as step number `recorded` (a
    game loaded with its moves), entered so it can be undone; its first redo plays nothing."""

    def __init__(self, window: WindowBase, text, moves=(), pops: int = 0,
                 recorded: int | None = None):
        """text: the Edit menu's words for it, or a function giving them (said again by
        reword() when the settings change how moves are named)."""
        self.describe = text if callable(text) else None
        super().__init__(text() if callable(text) else text)
        # The stack owns the command; a strong reference back to the window would make a cycle
        # through C++ that crashes PySide at interpreter exit.
        self.window = weakref.proxy(window)
        self.moves = list(moves)
        self.pops = pops
        self.popped: list = []
        self.base = 0
        self.recorded = recorded

    def reword(self) -> None:
        """Say the move again in the names the settings give now (Hole names)."""
        if self.describe is not None:
            self.setText(self.describe())

    def redo(self) -> None:
        if self.recorded is not None:   # on the stack's push: the session holds it already
            self.base, self.recorded = self.recorded, None
            return
        session = self.window.session
        self.base = session.step_count - self.pops
        self.popped = session.truncate(self.base)
        for m in self.moves:
            session.push(m)
        self.window.show_state(self.moves[0] if len(self.moves) == 1 and not self.pops else None)

    def undo(self) -> None:
        session = self.window.session
        session.truncate(self.base)
        for step in self.popped:
            session.push(step)
        self.window.show_state()
