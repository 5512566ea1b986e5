"""The Hint button's path, written once for the windows and for `pegapp hint`.

hint(puzzle, state, ...) asks the puzzle's solver for a shortest solution from state. Solvers that
can answer in stages (peg solitaire on boards of 25 holes or more: a winning line in well under a
second, then the proof of a minimum) pass each better answer to `interim` before the final one; the
others give one answer. Either way every answer is a HintAnswer, which the window shows and the
command line prints as one JSON line. A solver in stages that begins a search (its first progress
call) before it has said anything gets an interim answer of status SEARCHING said for it (no move;
"not decided yet"), so no hint is silent while it searches (issue #75: "within 1 s every hint says
what it has"); one answered from a table or the catalogue never searches, and says only that.

A peg chain in progress (last=, the move just played in the window) may go on for free: a jump by
the peg that just landed joins that move (EXTEND). The hint then compares, as analysis mode does
(pegapp.puzzles.analysis), a continuation's moves left with a new move's (found by an outside
trial: on the 15-hole triangle a hint mid-chain led one move past the minimum).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pegapp.core.messages import msg
from pegapp.puzzles.base import EXTEND, REACH, STAGES, vouched
from pegapp.solvers.record import add_search
from pegapp.solvers.result import (SEARCHING, SOLVED, UNSOLVABLE, Cancelled, Progress,
                                   SolveResult, Stop, never_stop, no_progress)

MINIMUM = "minimum"   # the first move of a proven minimum solution
WINS = "wins"         # a move after which the goal can still be reached; not proven shortest
NONE = "none"         # no move: solved already, no solution, or no answer
#: SolveResult.stats key: the first move goes on with the chain just played, so it costs no move
#: (a solution of n moves then takes n - 1 more)
CONTINUES = "continues"
#: SolveResult.stats keys for the graded hint's first step (issue #56) where the line's length
#: would tell what the player cannot see (HIDDEN): the moves the family's play still needs from
#: here, the hinted one included, in the worst case and on average over what is still possible
LEFT_WORST = "left_worst"
LEFT_EXPECTED = "left_expected"


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
        if "certificate" in r.stats:   # a dead end's proof that anyone can check (pegs.decide)
            out["certificate"] = r.stats["certificate"]
        if "proven_best" in r.stats:    # guessing games: the next guess of a proven strategy
            out["proven_best"] = bool(r.stats["proven_best"])
        if self.final:
            add_search(out, r)
        return out


def improves_in_stages(puzzle) -> bool:
    """Whether the puzzle's solve() takes interim= (declared by the family class)."""
    return STAGES in puzzle.ABILITIES


def moves_taken(result: SolveResult) -> int:
    """The moves a solution takes in the player's count: a first move that goes on with the
    chain in progress (CONTINUES) costs none."""
    return len(result.moves) - (1 if result.stats.get(CONTINUES) else 0)


def continues(puzzle, last, move) -> bool:
    """Whether move goes on with last, the move just played (a peg chain: EXTEND), and so costs
    no move of its own."""
    return (last is not None and EXTEND in puzzle.ABILITIES
            and puzzle.join(last, move) is not None)


def hint(puzzle, state, progress: Progress = no_progress, stop: Stop = never_stop,
         interim: Callable[[HintAnswer], None] | None = None, last=None, before=None,
         **options) -> HintAnswer:
    """The final answer for a hint from state; better answers before it go to interim. last: the
    move that led to state, when a chain in progress may go on with it for free, and before the
    position it was played from (the window)."""
    t0 = time.perf_counter()
    quiet = dict(options)   # for the continuations' own searches: no interim answers
    if improves_in_stages(puzzle) and interim is not None:
        spoken = False

        def on_interim(result: SolveResult) -> None:
            nonlocal spoken
            vouched(puzzle, state, result)
            if result.moves and continues(puzzle, last, result.moves[0]):
                result = dataclasses.replace(result, stats={**result.stats, CONTINUES: True})
            spoken = True
            interim(HintAnswer(result, time.perf_counter() - t0, False))

        outer = progress

        def progress(stage, depth: int, positions: int) -> None:
            # a search begins with nothing said yet: say so (SEARCHING), then its progress
            if not spoken:
                on_interim(SolveResult(SEARCHING, reason=msg(
                    "not decided yet: no winning line found so far, and no proof that none "
                    "exists; searching on")))
            outer(stage, depth, positions)

        options["interim"] = on_interim
    result = puzzle.solve(state, progress, stop, **options)
    if last is not None:
        result = free_continuation(puzzle, state, last, result, progress, stop, before=before,
                                   **quiet)
    return HintAnswer(vouched(puzzle, state, result), time.perf_counter() - t0, True)


def free_continuation(puzzle, state, last, result: SolveResult, progress: Progress = no_progress,
                      stop: Stop = never_stop, before=None, **options) -> SolveResult:
    """result (a shortest solution from state), or one a move shorter in the player's count that
    goes on with the chain just played (last), which costs no move. A continuation c saves at
    most that one move (c is a move too: the fewest moves from state are at most one more than
    those after c), so a continuation after which some solution is one move shorter than
    result is the best there is, proven or not. result stays proven only if every continuation
    is decided (ruled out by REACH, or its own search ended); else it is not proven minimal (the
    reviewer's case: a continuation's proof stopped by Solve's limit, and the answer called a
    minimum one move too high). The continuations share one more proof_seconds, where the
    caller limits the proof. Either way an answer whose first move continues the chain says so
    (stats CONTINUES), for whoever counts its moves.

    before (the position last was played from): when the puzzle knows its fewest moves at once
    (a table, a catalogue line: asked with a stop that is already set, so no search runs) and
    state is one move nearer, last was a shortest move, and no continuation can save a move
    (last and the continuation are one move from before): nothing is searched. Along a
    catalogue's line every hint so stays instant."""
    if not result.moves:
        return result
    if continues(puzzle, last, result.moves[0]):
        return dataclasses.replace(result, stats={**result.stats, CONTINUES: True})
    if not result.proven_minimal:
        return result
    # the continuations that can still win (REACH: a dead end is decided, and no help)
    children = [(move, puzzle.apply(state, move)) for move in puzzle.moves(state)
                if continues(puzzle, last, move)]
    if REACH in puzzle.ABILITIES:
        children = [(move, child) for move, child in children
                    if puzzle.can_reach(child, stop=stop)]
    if not children:
        return result
    if before is not None:
        known = puzzle.solve(before, no_progress, lambda: True)
        if known.proven_minimal and known.moves is not None \
                and len(result.moves) == len(known.moves) - 1:
            return result
    deadline = None
    if options.get("proof_seconds") is not None:
        deadline = time.perf_counter() + options["proof_seconds"]
    undecided = False
    for move, child in children:
        if stop() or (deadline is not None and time.perf_counter() >= deadline):
            undecided = True
            break
        if deadline is not None:
            options["proof_seconds"] = deadline - time.perf_counter()
        after = puzzle.solve(child, progress, stop, **options)
        if after.moves is not None and len(after.moves) == len(result.moves) - 1:
            return SolveResult(SOLVED, moves=[move, *after.moves], proven_minimal=True,
                               stats={**result.stats, CONTINUES: True}, search=result.search)
        if not after.proven_minimal and after.status != UNSOLVABLE:
            undecided = True
    if undecided:
        return dataclasses.replace(result, proven_minimal=False, reason=msg(
            "a jump on by the peg just moved, which costs no move, was not searched to the end"))
    return result


def dead_end_before(earlier: Sequence[Any], dead: Callable[[Any], bool]) -> SolveResult | None:
    """The answer about a position when one the game passed through on its way there (earlier,
    oldest first, the position itself left out) is a proven dead end (dead(state)): a dead end
    too, with no search. A way to the goal from here would be one from there, through the moves
    played since; the review's rule (pegapp.puzzles.review.known_from), for the hint. Why: a
    dead end's proof runs its forward side out, on Wiegleb 45 a minute and more nine moves into
    random play, and a player who plays on after it was asked the same question again."""
    if not any(dead(state) for state in earlier):
        return None
    return SolveResult(UNSOLVABLE, None, False, reason=msg(
        "an earlier position of this game was already a dead end: no play from there reaches the "
        "goal"))


#: the way back's answer when no position of the game was shown to reach the goal
NO_WAY_BACK = -1


def way_back(puzzle, history: Sequence[Any], first_dead: int, seconds: float,
             progress: Progress = no_progress, stop: Stop = never_stop,
             stage: str = "checking earlier positions") -> tuple[int, int]:
    """(k, undecided): the last index k before first_dead of history (the game's positions,
    oldest first) whose position can reach the goal (REACH), or NO_WAY_BACK; undecided: the
    later positions no search decided within `seconds` each (left, the walk going on before
    them). The window's "back to the last position that could win" and its benchmark. Why the
    limit: on Wiegleb 45 no search decides some positions before a dead end within minutes,
    and the walk waited on the first of them. Cancelled when stop() says so."""
    undecided = 0
    for k in range(first_dead - 1, -1, -1):
        if stop():
            raise Cancelled
        progress(stage, k, 0)
        deadline = time.monotonic() + seconds
        try:
            if puzzle.can_reach(history[k], stop=lambda: stop() or time.monotonic() > deadline):
                return k, undecided
        except Cancelled:
            if stop():
                raise
            undecided += 1
    return NO_WAY_BACK, undecided
