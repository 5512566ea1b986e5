"""The one undo command of the game window (MoveCommand: the mirror of one edit of its GameFlow)
and a move as the move list, the hint and the replay show it (move_text)."""

from __future__ import annotations

import weakref

from PySide6.QtGui import QUndoCommand

from pegapp.puzzles.base import DESCRIBE
from pegapp.puzzles.flow import Edit
from pegapp.ui.i18n import translated


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
    """The one undo command: it mirrors one edit of the window's GameFlow
    (pegapp.puzzles.flow.Edit: take back some steps, then push some moves), done there before
    the command is pushed. Its first redo only shows the edit (a move played is drawn, animated
    where the view animates; a step of a loaded game shows nothing, the board shows it already);
    later ones redo it through the flow, and undo undoes it there (which checks that the edit is
    the one on top: the two stacks never drift apart). The window is the GameWindow (its flow
    and show_state)."""

    def __init__(self, window, text, edit: Edit):
        """text: the Edit menu's words for it, or a function giving them (said again by
        reword() when the settings change how moves are named)."""
        self.describe = text if callable(text) else None
        super().__init__(text() if callable(text) else text)
        # The stack owns the command; a strong reference back to the window would make a cycle
        # through C++ that crashes PySide at interpreter exit.
        self.window = weakref.proxy(window)
        self.edit = edit
        self.pushed = False

    def reword(self) -> None:
        """Say the move again in the names the settings give now (Hole names)."""
        if self.describe is not None:
            self.setText(self.describe())

    def redo(self) -> None:
        edit = self.edit
        if not self.pushed:    # on the stack's push: the flow has done it already
            self.pushed = True
            if edit.recorded:
                return
        else:
            self.window.flow.redo(edit)
        self.window.show_state(edit.moves[0] if len(edit.moves) == 1 and not edit.pops else None)

    def undo(self) -> None:
        self.window.flow.undo(self.edit)
        self.window.show_state()
