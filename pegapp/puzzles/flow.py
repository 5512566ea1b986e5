"""GameFlow: one game's flow, without Qt (issue #73 point 1), the way the midend of Simon Tatham's
puzzles (midend.c) runs every game's moves, undo and saving while each front end only draws and
forwards input. The window (pegapp.ui.game_window) holds one GameFlow, forwards the player's
moves, undo, redo, restart and hint presses to it, and reads back what to show.

What it owns:
- **The game and its history**: the Session (pegapp.puzzles.session) and a stack of edits
  (`Edit`: take back some steps, then push some moves), with undo and redo.

Why a plain-Python stack of edits that the window's QUndoStack mirrors, and not the QUndoStack
alone or this stack alone: the history must be Qt-free to be tested without Qt (and to be the
same for every front end), while QUndoStack gives the Edit menu its words ("Undo d4-d6", said
again when the hole names change), macros (a solution played in is undone as one), the enabled
states and the keys, which no player should see change. So every change of the history is done
here first, then mirrored by exactly one command pushed at once (pegapp.ui.move_command): its
first redo only shows the move; later its undo and redo call `undo(edit)` and `redo(edit)`
here, which check that the edit is the one on top, so the two stacks cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from pegapp.puzzles.session import Session


class FlowError(RuntimeError):
    """The window's undo stack and the flow's history disagree (a bug, never the player's)."""


@dataclass(eq=False)
class Edit:
    """One change of the game's history: take the session back to `base` steps (`popped`: the
    steps taken back, in the order they were played), then push `moves`. A move is
    Edit([move]); restart is Edit([], pops=every step). Undone by taking the session back to
    `base` and pushing `popped` again."""
    moves: list
    pops: int = 0
    base: int = 0
    popped: list = field(default_factory=list)
    #: a step the session held already (a loaded game's): entered so that it can be undone
    recorded: bool = False


class GameFlow:
    """One game's flow: its session and history. session None: no game yet (a window being
    built)."""

    def __init__(self, session: Session | None = None):
        self.session: Session | None = None
        self.history: list[Edit] = []
        #: the edits done: history[:index] (the rest can be redone)
        self.index = 0
        #: every change of the game counts one (an edit, undo, redo or another game)
        self.changes = 0
        if session is not None:
            self.load(session)

    # ---- the game and its history

    @property
    def state(self) -> Any:
        return self.session.state

    def load(self, session: Session) -> None:
        """Another game (new, loaded or continued): its steps are the history, as the player
        made them (one edit a step), so undo takes them back one by one."""
        self.session = session
        self.history = [Edit([step], base=i, recorded=True) for i, step in enumerate(session.steps)]
        self.index = len(self.history)
        self._changed()

    def check(self, moves: Iterable[Any]) -> Any:
        """The position after moves, each checked by the rules; IllegalMove (or BadInput) with
        the reason, the game untouched."""
        state = self.session.state
        for move in moves:
            state = self.session.puzzle.apply(state, move)
        return state

    def play(self, move: Any) -> Edit:
        """Play a move (a peg jump that goes on with the chain is merged into it by the
        session); IllegalMove leaves the game as it was."""
        self.check([move])
        return self._do(Edit([move]))

    def restart(self) -> Edit | None:
        """Back to the start, undoably (None: at the start already)."""
        return self.go_back(self.session.step_count)

    def go_back(self, pops: int) -> Edit | None:
        """Take back the last `pops` steps as one edit (the review's "play from here")."""
        return self._do(Edit([], pops=pops)) if pops > 0 else None

    def _do(self, edit: Edit) -> Edit:
        session = self.session
        edit.base = session.step_count - edit.pops
        edit.popped = session.truncate(edit.base)
        for move in edit.moves:
            session.push(move)
        del self.history[self.index:]
        self.history.append(edit)
        self.index += 1
        self._changed()
        return edit

    @property
    def can_undo(self) -> bool:
        return self.index > 0

    @property
    def can_redo(self) -> bool:
        return self.index < len(self.history)

    def undo(self, edit: Edit | None = None) -> Edit | None:
        """Undo the last edit (edit: the one the caller means, checked to be it)."""
        if not self.can_undo:
            return None
        top = self.history[self.index - 1]
        if edit is not None and edit is not top:
            raise FlowError("undo of an edit that is not the last one done")
        session = self.session
        session.truncate(top.base)
        for step in top.popped:
            session.push(step)
        self.index -= 1
        self._changed()
        return top

    def redo(self, edit: Edit | None = None) -> Edit | None:
        """Redo the edit undone last (edit: the one the caller means, checked to be it)."""
        if not self.can_redo:
            return None
        top = self.history[self.index]
        if edit is not None and edit is not top:
            raise FlowError("redo of an edit that is not the next one undone")
        session = self.session
        top.base = session.step_count - top.pops
        top.popped = session.truncate(top.base)
        for move in top.moves:
            session.push(move)
        self.index += 1
        self._changed()
        return top

    def _changed(self) -> None:
        self.changes += 1
