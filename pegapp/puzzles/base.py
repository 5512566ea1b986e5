"""The interface every puzzle family implements (after Simon Tatham's puzzle backends).

Everything generic -- history, undo/redo, save/load, hints, replay, the solver worker -- is written
once against this protocol; a family adds its rules, its solver and one view widget.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any, Protocol, runtime_checkable

from pegapp.solvers.result import Progress, SolveResult, Stop


class IllegalMove(ValueError):
    """A move that the rules do not allow; the message says why, for the player."""


class BadInput(ValueError):
    """A position, option or file the puzzle cannot accept; the message is one line for the player."""


@runtime_checkable
class Puzzle(Protocol):
    #: "pegs/english", "slide/2x5", "flip8/4x4", ...
    id: str

    def initial(self) -> Hashable:
        """The start state. States are immutable, hashable values."""

    def moves(self, state: Any) -> Iterable[Any]:
        """Every legal move from state."""

    def apply(self, state: Any, move: Any) -> Any:
        """The state after move; raises IllegalMove with a reason."""

    def is_solved(self, state: Any) -> bool: ...

    def solve(self, state: Any, progress: Progress, stop: Stop) -> SolveResult:
        """A shortest solution from state (SolveResult.moves), or why there is none."""

    def format_moves(self, moves: Sequence[Any]) -> str: ...

    def parse_moves(self, text: str) -> list[Any]: ...


def replay(puzzle, state, moves):
    """The state after playing moves in order (IllegalMove at the first that is not legal)."""
    for m in moves:
        state = puzzle.apply(state, m)
    return state
