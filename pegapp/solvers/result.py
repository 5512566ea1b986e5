"""The one result type every solver returns, so workers, CLI and UI treat all puzzles alike,
and the one way a search gives up.

A search that is told to stop (``stop()`` returns True) or that would overrun its memory budget
raises :class:`Cancelled` or :class:`TooLarge` from wherever it notices; the solver's entry point
turns the exception into a result with :func:`interrupted`, the one place CANCELLED and
TOO_LARGE results are made.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pegapp.core.messages import msg

#: progress(stage, depth, positions): called often by long searches; stage is a short msg()
#: noun phrase (pegapp.core.messages) that the windows show, translated.
Progress = Callable[[str, int, int], None]
#: stop() -> True asks the search to give up as soon as it can.
Stop = Callable[[], bool]

SOLVED = "solved"          # moves holds a solution (maybe empty: already solved)
UNSOLVABLE = "unsolvable"  # proven that no solution exists; reason (a msg()) says why
TOO_LARGE = "too_large"    # memory budget hit; moves may hold a solution not proven minimal
CANCELLED = "cancelled"    # stop() returned True
#: an interim hint only (pegapp.puzzles.hints.hint, as a search begins): neither a line nor a
#: proof yet, the search going on; reason says so. Never a final answer.
SEARCHING = "searching"


def no_progress(stage: str, depth: int, positions: int) -> None:
    pass


def never_stop() -> bool:
    return False


@dataclass
class SolveResult:
    status: str
    moves: list[Any] | None = None
    proven_minimal: bool = False
    reason: str = ""
    solutions: int | None = None
    stats: dict[str, Any] = field(default_factory=dict)
    #: how the answer was found (pegapp.solvers.record.SearchRecord), when the solver keeps one
    search: Any = None

    @property
    def length(self) -> int | None:
        return None if self.moves is None else len(self.moves)

    @property
    def solved(self) -> bool:
        return self.moves is not None

    @property
    def proven_solution(self) -> bool:
        """A solution proven shortest: what every family's `pegapp solve --json` calls
        proven_minimal. An answer with no solution (unsolvable, however surely) has none."""
        return bool(self.proven_minimal and self.moves is not None)


class Cancelled(Exception):
    """stop() returned True: raised inside a search, turned into a CANCELLED result.
    args[0], when given, is the reason the player reads (a msg()); default "cancelled"."""

    @property
    def reason(self) -> str:
        return self.args[0] if self.args else msg("cancelled")


class TooLarge(Exception):
    """The search would overrun its memory budget: raised inside it, turned into a TOO_LARGE
    result. args[0] is the reason the player reads (a msg())."""

    def __init__(self, reason: str):
        super().__init__(reason)

    @property
    def reason(self) -> str:
        return self.args[0]


def check_stop(stop: Stop) -> None:
    """Raise Cancelled when stop() says so (a search's polling point)."""
    if stop():
        raise Cancelled


def interrupted(exc: Cancelled | TooLarge, stats: dict[str, Any] | None = None,
                moves: list[Any] | None = None) -> SolveResult:
    """The result of a search that ended by Cancelled or TooLarge: the one place they become
    CANCELLED and TOO_LARGE results. moves: a solution known anyway (not proven minimal)."""
    status = CANCELLED if isinstance(exc, Cancelled) else TOO_LARGE
    return SolveResult(status, moves, reason=exc.reason, stats=dict(stats or {}))

