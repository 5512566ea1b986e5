"""The Hint button's path, written once for the windows and for `pegapp hint`.

hint(puzzle, state, ...) asks the puzzle's solver for a shortest solution from state. Solvers that
can answer in stages (peg solitaire on boards of 25 holes or more: a winning line in well under a
second, then the proof of a minimum) pass each better answer to `interim` before the final one; the
others give one answer. Either way every answer is a HintAnswer, which the window shows and the
command line prints as one JSON line.

A peg chain in progress (last=, the move just played in the window) may go on for free: a jump by
the peg that just landed joins that move (EXTEND). The hint then compares, as analysis mode does
(pegapp.puzzles.analysis), a continuation's moves left with a new move's (found by an outside
trial: on the 15-hole triangle a hint mid-chain led one move past the minimum).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pegapp.puzzles.base import EXTEND, STAGES
from pegapp.solvers.record import add_search
from pegapp.solvers.result import SOLVED, Progress, SolveResult, Stop, never_stop, no_progress

MINIMUM = "minimum"   # the first move of a proven minimum solution
WINS = "wins"         # a move after which the goal can still be reached; not proven shortest
NONE = "none"         # no move: solved already, no solution, or no answer
#: SolveResult.stats key: the first move goes on with the chain just played, so it costs no move
#: (a solution of n moves then takes n - 1 more)
CONTINUES = "continues"


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


def continues(puzzle, last, move) -> bool:
    """Whether move goes on with last, the move just played (a peg chain: EXTEND), and so costs
    no move of its own."""
    return (last is not None and EXTEND in puzzle.ABILITIES
            and puzzle.join(last, move) is not None)


def hint(puzzle, state, progress: Progress = no_progress, stop: Stop = never_stop,
         interim: Callable[[HintAnswer], None] | None = None, last=None,
         **options) -> HintAnswer:
    """The final answer for a hint from state; better answers before it go to interim. last: the
    move that led to state, when a chain in progress may go on with it for free (the window)."""
    t0 = time.perf_counter()
    quiet = dict(options)   # for the continuations' own searches: no interim answers
    if improves_in_stages(puzzle) and interim is not None:
        def on_interim(result: SolveResult) -> None:
            if result.moves and continues(puzzle, last, result.moves[0]):
                result = dataclasses.replace(result, stats={**result.stats, CONTINUES: True})
            interim(HintAnswer(result, time.perf_counter() - t0, False))
        options["interim"] = on_interim
    result = puzzle.solve(state, progress, stop, **options)
    if last is not None:
        result = free_continuation(puzzle, state, last, result, progress, stop, **quiet)
    return HintAnswer(result, time.perf_counter() - t0, True)


def free_continuation(puzzle, state, last, result: SolveResult, progress: Progress = no_progress,
                      stop: Stop = never_stop, **options) -> SolveResult:
    """result (a proven shortest solution from state), or one a move shorter in the player's
    count that goes on with the chain just played (last), which costs no move. A continuation c
    saves at most that one move (c is a move too: the fewest moves from state are at most one
    more than those after c), so the first continuation whose proven minimum is one less than
    result's is the best there is; result stands if none is. Either way an answer whose first
    move continues the chain says so (stats CONTINUES), for whoever counts its moves."""
    if not result.moves:
        return result
    if continues(puzzle, last, result.moves[0]):
        return dataclasses.replace(result, stats={**result.stats, CONTINUES: True})
    if not result.proven_minimal:
        return result
    for move in puzzle.moves(state):
        if stop():
            break
        if not continues(puzzle, last, move):
            continue
        after = puzzle.solve(puzzle.apply(state, move), progress, stop, **options)
        if after.proven_minimal and after.moves is not None \
                and len(after.moves) == len(result.moves) - 1:
            return SolveResult(SOLVED, moves=[move, *after.moves], proven_minimal=True,
                               stats={**result.stats, CONTINUES: True}, search=result.search)
    return result

