"""The one result type every solver returns, so workers, CLI and UI treat all puzzles alike."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

#: progress(stage, depth, positions): called often by long searches; stage is a short msg()
#: noun phrase (pegapp.core.messages) that the windows show, translated.
Progress = Callable[[str, int, int], None]
#: stop() -> True asks the search to give up as soon as it can.
Stop = Callable[[], bool]

SOLVED = "solved"          # moves holds a solution (maybe empty: already solved)
UNSOLVABLE = "unsolvable"  # proven that no solution exists; reason (a msg()) says why
TOO_LARGE = "too_large"    # memory budget hit; moves may hold a solution not proven minimal
CANCELLED = "cancelled"    # stop() returned True


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

    @property
    def length(self) -> int | None:
        return None if self.moves is None else len(self.moves)

    @property
    def solved(self) -> bool:
        return self.moves is not None
