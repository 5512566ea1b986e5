"""The Hint button's path, written once for the windows and for `pegapp hint`.

hint(puzzle, state, ...) asks the puzzle's solver for a shortest solution from state. Solvers that
can answer in stages (peg solitaire on boards of 25 holes or more: a winning line in well under a
second, then the proof of a minimum) pass each better answer to `interim` before the final one; the
others give one answer. Either way every answer is a HintAnswer, which the window shows and the
command line prints as one JSON line.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pegapp.puzzles.base import STAGES
from pegapp.solvers.record import add_search
from pegapp.solvers.result import Progress, SolveResult, Stop, never_stop, no_progress

MINIMUM = "minimum"   # the first move of a proven minimum solution
WINS = "wins"         # a move after which the goal can still be reached; not proven shortest
NONE = "none"         # no move: solved already, no solution, or no answer


@dataclass
class HintAnswer:
    """One answer to a hint request. remaining: the fewest moves left after `move` when proven
    (None otherwise); seconds: since the request."""

    result: SolveResult
    seconds: float
    final: bool

    @property
    def move(self) -> Any:
        return self.result.moves[0] if self.result.moves else None

    @property
    def kind(self) -> str:
        if not self.result.moves:
            return NONE
        return MINIMUM if self.result.proven_minimal else WINS

    @property
    def remaining(self) -> int | None:
        if self.result.moves is None:
            return None
        if not self.result.moves:
            return 0
        return len(self.result.moves) - 1 if self.result.proven_minimal else None

    def as_json(self, format_moves: Callable[[list], str] | None = None) -> dict[str, Any]:
        r = self.result
        out: dict[str, Any] = {
            "move": self.move, "remaining": self.remaining,
            "proven_minimal": bool(r.proven_minimal and r.moves is not None),
            "kind": self.kind, "seconds": round(self.seconds, 6), "final": self.final,
            "status": r.status,
            # a winning line's length bounds the moves left after its first move from above
            "at_most": None if not r.moves else len(r.moves) - 1,
            "moves": r.moves,
        }
        if format_moves is not None and self.move is not None:
            out["notation"] = format_moves([self.move])
        if r.reason:
            out["reason"] = r.reason
        if "proven_best" in r.stats:    # guessing games: the next guess of a proven strategy
            out["proven_best"] = bool(r.stats["proven_best"])
        if self.final:
            add_search(out, r)
        return out


def improves_in_stages(puzzle) -> bool:
    """Whether the puzzle's solve() takes interim= (declared by the family class)."""
    return STAGES in puzzle.ABILITIES


def hint(puzzle, state, progress: Progress = no_progress, stop: Stop = never_stop,
         interim: Callable[[HintAnswer], None] | None = None, **options) -> HintAnswer:
    """The final answer for a hint from state; better answers before it go to interim."""
    t0 = time.perf_counter()
    if improves_in_stages(puzzle) and interim is not None:
        def on_interim(result: SolveResult) -> None:
            interim(HintAnswer(result, time.perf_counter() - t0, False))
        options["interim"] = on_interim
    result = puzzle.solve(state, progress, stop, **options)
    return HintAnswer(result, time.perf_counter() - t0, True)

