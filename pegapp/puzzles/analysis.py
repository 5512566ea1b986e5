"""Every legal move annotated (analysis mode, `pegapp moves`): what each move does to the shortest
win, like a chess tablebase explorer that lists every move with its distance to mate.

annotate(puzzle, state) plays each legal move and asks the family's own solver for the fewest moves
left after it; written once against the Puzzle interface, so every family with a solver gets it.
A move after which the goal cannot be reached is a dead end (proven: the solver searched every
continuation). Families whose solver answers in stages (peg solitaire on large boards) first get a
quick verdict per move -- "wins" (a solution exists after it) or "dead end" -- passed to interim,
then a proven number per move as each proof ends. On boards with a shipped tablebase every move's
number is a lookup, so the first pass already gives them all.

A peg chain in progress (last=, the move just played) may go on for free: a jump by the peg that
just landed joins that move (EXTEND), so the best moves and the position's own number compare a
continuation's moves left with a new move's moves left plus the one it costs. Each verdict's
`remaining` stays the moves left after it.

A guessing game (ANNOTATE: bulls and cows, Mastermind) has no distance to a goal and thousands of
legal guesses; the family weighs a few candidate guesses itself (puzzle.annotate_moves): for each,
the guesses that find the secret, counting it, in the worst case and on average when the
computer's strategy plays on after it (kind GUESSES: exact for that play, not a proven optimum).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pegapp.core.messages import msg
from pegapp.puzzles.base import ANNOTATE, BadInput, vouched
from pegapp.puzzles.hints import continues, improves_in_stages
from pegapp.solvers.result import (SOLVED, UNSOLVABLE, Progress, SolveResult, Stop, never_stop,
                                   no_progress)

MINIMUM = "minimum"   # the fewest moves left after the move, proven
WINS = "wins"         # the goal can still be reached after it; the number is not proven yet
DEAD = "dead"         # the goal can no longer be reached after it (proven)
UNKNOWN = "unknown"   # no verdict yet (search stopped, or too large for the memory budget)
#: a candidate guess of a guessing game: worst and expected guesses to find the secret (counting
#: it) when the strategy plays on after it; remaining = worst - 1
GUESSES = "guesses"

#: in the quick pass, how long one move's solver may look for a winning line
QUICK_SECONDS = 0.5

#: beyond this many legal moves a position is not analysed move by move (a guessing game weighs
#: its candidate guesses itself: ANNOTATE)
MAX_MOVES = 300


@dataclass
class MoveVerdict:
    """One legal move and what it leaves: remaining = the fewest moves to finish after it when
    proven (kind MINIMUM); at_most = the length of a known solution after it (MINIMUM or WINS).
    continues: the move goes on with the peg chain just played, so it costs no move of its own.
    worst, expected (kind GUESSES): guesses to find the secret, counting this one."""

    move: Any
    kind: str = UNKNOWN
    remaining: int | None = None
    at_most: int | None = None
    continues: bool = False
    worst: int | None = None
    expected: float | None = None
    #: GUESSES: worst and expected are with the proven best play after the guess (False: with a
    #: play that exists, so an upper bound; None: the strategy is not a proven one)
    best_play: bool | None = None
    #: GUESSES: the guess may still be the secret (False: it is wasted as a win)
    possible: bool | None = None

    @property
    def cost(self) -> int | None:
        """The moves to finish counted from before it: remaining, plus one unless it continues
        the chain in progress (None without a proven number)."""
        if self.remaining is None or self.kind not in (MINIMUM, GUESSES):
            return None
        return self.remaining + (0 if self.continues else 1)

    @property
    def proven(self) -> bool:
        return self.kind in (MINIMUM, DEAD)

    def as_json(self, format_moves: Callable[[list], str] | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"move": self.move, "remaining": self.remaining,
                               "proven_minimal": self.kind == MINIMUM, "kind": self.kind,
                               "at_most": self.at_most, "continues": self.continues}
        if self.worst is not None:
            out["worst"] = self.worst
            out["expected"] = round(self.expected, 6)
            if self.best_play is not None:
                out["best_play"] = self.best_play
            if self.possible is not None:
                out["possible"] = self.possible
        if format_moves is not None:
            out["notation"] = format_moves([self.move])
        return out


@dataclass
class Annotations:
    """The verdicts of every legal move from one position (in the order puzzle.moves gives), or
    of a guessing game's candidate guesses (best first; `legal` counts every legal guess)."""

    verdicts: list[MoveVerdict] = field(default_factory=list)
    solved: bool = False
    seconds: float = 0.0
    final: bool = True
    #: what the numbers count: "moves" (fewest to the goal) or "guesses" (GUESSES verdicts)
    measure: str = "moves"
    #: guessing games: the strategy that plays on after each candidate, and how many secrets
    #: are still possible
    strategy: str = ""
    possible: int | None = None
    #: guessing games before the first answer: each verdict stands for every first guess of its
    #: kind (renaming symbols and reordering places changes nothing yet)
    first_guess_kinds: bool = False

    def guess_key(self, v: MoveVerdict) -> tuple:
        """How guesses compare: fewest on average first for the strategy "optimal" (its
        measure), else fewest at worst first."""
        if self.strategy == "optimal":
            return (round(v.expected, 9), v.worst)
        return (v.worst, round(v.expected, 9))

    @property
    def proven(self) -> bool:
        return all(v.proven for v in self.verdicts)

    @property
    def remaining(self) -> int | None:
        """The position's own fewest moves to finish, when every move's verdict is proven."""
        if self.solved:
            return 0
        if not self.proven:
            return None
        best = [v.cost for v in self.verdicts if v.kind == MINIMUM]
        return min(best) if best else None

    @property
    def dead_end(self) -> bool:
        """No legal move keeps the goal in reach (proven), and the puzzle is not solved."""
        return not self.solved and self.proven and not any(v.kind == MINIMUM
                                                           for v in self.verdicts)

    @property
    def best(self) -> list[MoveVerdict]:
        """The moves on a shortest win (proven; a continuation of the chain in progress costs no
        move), or, while proofs run, those that win; guesses: the fewest in the worst case, then
        on average."""
        if self.measure == GUESSES:
            weighed = [v for v in self.verdicts if v.worst is not None]
            if not weighed:
                return []
            least = min(self.guess_key(v) for v in weighed)
            return [v for v in weighed if self.guess_key(v) == least]
        proven = [v for v in self.verdicts if v.kind == MINIMUM]
        if proven and self.proven:
            least = min(v.cost for v in proven)
            return [v for v in proven if v.cost == least]
        return [v for v in self.verdicts if v.kind in (MINIMUM, WINS)]

    def as_json(self, format_moves: Callable[[list], str] | None = None) -> dict[str, Any]:
        out = {"remaining": self.remaining, "proven_minimal": self.proven,
               "solved": self.solved, "dead_end": self.dead_end, "final": self.final,
               "seconds": round(self.seconds, 6),
               "moves": [v.as_json(format_moves) for v in self.verdicts]}
        if self.measure == GUESSES:
            best = self.best
            if self.first_guess_kinds:
                out["first_guess_kinds"] = True
            out.update({"measure": GUESSES, "strategy": self.strategy, "possible": self.possible,
                        "worst": best[0].worst if best else None,
                        "expected": round(best[0].expected, 6) if best else None})
        return out


def _verdict(verdict: MoveVerdict, result: SolveResult) -> None:
    """Fold one solver answer for the position after verdict.move into verdict."""
    if result.status == SOLVED and result.moves is not None and result.proven_minimal:
        verdict.kind, verdict.remaining = MINIMUM, len(result.moves)
        verdict.at_most = len(result.moves)
    elif result.status == UNSOLVABLE:
        verdict.kind, verdict.remaining, verdict.at_most = DEAD, None, None
    elif result.moves is not None:  # a solution, not proven shortest
        verdict.kind = WINS
        verdict.at_most = len(result.moves) if verdict.at_most is None else min(
            verdict.at_most, len(result.moves))


def annotate(puzzle, state, progress: Progress = no_progress, stop: Stop = never_stop,
             interim: Callable[[Annotations], None] | None = None, last=None,
             **options) -> Annotations:
    """The verdict of every legal move from state; earlier, less complete annotations go to
    interim (after the quick pass, then after each proof). last: the move that led to state
    (a chain in progress may continue for free). options go to puzzle.solve (or, under ANNOTATE,
    to puzzle.annotate_moves)."""
    t0 = time.perf_counter()
    if puzzle.is_solved(state):
        return Annotations(solved=True, seconds=time.perf_counter() - t0)
    if ANNOTATE in puzzle.ABILITIES:
        return puzzle.annotate_moves(state, progress, stop, interim=interim, **options)
    moves = list(puzzle.moves(state))
    if len(moves) > MAX_MOVES:
        raise BadInput(msg("{count} legal moves: too many to analyse one by one",
                           count=len(moves)))
    children = [(move, puzzle.apply(state, move)) for move in moves]
    verdicts = [MoveVerdict(move, continues=continues(puzzle, last, move))
                for move, _child in children]

    def snapshot(final: bool) -> Annotations:
        return Annotations([MoveVerdict(v.move, v.kind, v.remaining, v.at_most, v.continues)
                            for v in verdicts], seconds=time.perf_counter() - t0, final=final)

    for verdict, (_move, child) in zip(verdicts, children):
        if puzzle.is_solved(child):
            verdict.kind, verdict.remaining, verdict.at_most = MINIMUM, 0, 0
    staged = improves_in_stages(puzzle)
    if staged:
        # quick pass: a winning line or a dead end per move, each within QUICK_SECONDS
        for verdict, (_move, child) in zip(verdicts, children):
            if stop():
                return snapshot(True)
            if verdict.proven:
                continue
            lines: list[SolveResult] = []
            deadline = time.perf_counter() + QUICK_SECONDS

            def quick_stop(lines=lines, deadline=deadline) -> bool:
                return stop() or bool(lines) or time.perf_counter() > deadline

            result = puzzle.solve(child, no_progress, quick_stop, interim=lines.append,
                                  **options)
            for line in lines:
                _verdict(verdict, line)
            _verdict(verdict, result)
        if interim is not None and not all(v.proven for v in verdicts):
            interim(snapshot(False))
    for verdict, (_move, child) in zip(verdicts, children):
        if stop():
            return snapshot(True)
        if verdict.proven:
            continue
        # replayed before it is believed, as hint's (base.vouched)
        _verdict(verdict, vouched(puzzle, child, puzzle.solve(child, progress, stop, **options)))
        if staged and interim is not None and not all(v.proven for v in verdicts):
            interim(snapshot(False))
    return snapshot(True)


def dead_end_annotations(puzzle, state, last=None) -> Annotations:
    """Every legal move from state a dead end, with no search: for a position known to be one
    (proven so, or reached from a position proven so: hints.dead_end_before), since no move
    from a dead end reaches the goal. Why: annotate proves each move's dead end by a search of
    its own, on Wiegleb 45 up to a minute and more each, some twenty moves a position."""
    return Annotations([MoveVerdict(move, DEAD, continues=continues(puzzle, last, move))
                        for move in puzzle.moves(state)])


def choices_along(puzzle, state, moves, progress: Progress = no_progress,
                  stop: Stop = never_stop, last=None, **options) -> list[int | None]:
    """For each move of a solution from state, how many legal moves were as good as it at that
    point (itself included: 1 means it was the only way to stay on a shortest win). None where
    the position could not be analysed (stopped, or too many moves). For the replay panel, which
    shows where a solution had choices. last: the move that led to state, when a peg chain in
    progress may go on for free (each later position's is the solution's move before it), as
    annotate counts it. A guessing game (ANNOTATE) weighs only a few candidate guesses, so it
    cannot count the equally good ones: None throughout, at once."""
    if ANNOTATE in puzzle.ABILITIES:
        return [None] * len(list(moves))
    out: list[int | None] = []
    for move in moves:
        if stop():
            out.append(None)
        else:
            try:
                ann = annotate(puzzle, state, progress, stop, last=last, **options)
            except BadInput:
                ann = None
            best = ann.best if ann is not None and ann.proven else []
            out.append(len(best) if best else None)
        state, last = puzzle.apply(state, move), move
    return out
