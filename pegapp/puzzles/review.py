"""A game reviewed move by move (`pegapp review`, the review window): for every move the player
made, the fewest moves to the goal before and after it, what it cost, and a best move there, as
a chess program's game review marks where a game went wrong.

Written once against the Puzzle interface with the family's own solver (puzzle.solve, the path
of Hint and analysis mode: catalogue lines, shipped tables, searches), so every family whose
solver proves distances gets it. Each position of the game is solved at most once: the distance after a
move is the distance before the next.

Moves are the player's moves: a step that goes on with the previous move's peg chain is part of
that move (puzzle.join, EXTEND), as in the move list and the statistics, so the positions
reviewed never have a chain in progress and a solver's shortest solution from each is the
player's count.

A guessing game (ANNOTATE: bulls and cows) has no distance a review could show without the
secret the player does not know; it is refused (BadInput) rather than reviewed wrongly.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pegapp.core.messages import msg
from pegapp.puzzles.base import ANNOTATE, EXTEND, BadInput, vouched
from pegapp.solvers.result import (SOLVED, UNSOLVABLE, Progress, SolveResult, Stop, never_stop,
                                   no_progress)

BEST = "best"        # the move kept the fewest moves to the goal (cost 0)
SLOWER = "slower"    # the goal is still reachable after it, in more moves than before (cost > 0)
LOSING = "losing"    # the goal was reachable before it and is not after it
DEAD = "dead"        # the goal was already out of reach before it
VERDICTS = (BEST, SLOWER, LOSING, DEAD)


@dataclass(frozen=True)
class Distance:
    """The fewest moves from one position to the goal as the solver answered it. moves: the
    length of the solver's solution (None: none found); proven: moves is the proven minimum, or,
    with moves None, the goal is proven out of reach (a dead end). best: a first move of that
    solution (None when there is none or the position is the goal); line: that solution."""

    moves: int | None
    proven: bool
    best: Any = None
    line: tuple = ()   # the solver's whole solution from here (best is its first move)

    @property
    def dead(self) -> bool:
        return self.moves is None and self.proven

    @property
    def known(self) -> bool:
        return self.moves is not None or self.proven


def distance_of(result: SolveResult) -> Distance:
    """A solver's answer as a Distance: a proven shortest solution, a proven dead end, a
    solution not proven shortest (an upper bound), or nothing known."""
    if result.status == SOLVED and result.moves is not None:
        return Distance(len(result.moves), bool(result.proven_minimal),
                        result.moves[0] if result.moves else None, tuple(result.moves))
    if result.status == UNSOLVABLE:
        return Distance(None, True)
    return Distance(len(result.moves) if result.moves else None, False,
                    result.moves[0] if result.moves else None)


@dataclass
class MoveReview:
    """One move of the game: the position before it (index = its place in the game, from 0),
    the distance before and after it."""

    index: int
    move: Any
    before: Distance
    after: Distance

    @property
    def proven(self) -> bool:
        return self.before.proven and self.after.proven

    @property
    def cost(self) -> int | None:
        """The moves the move lost: after + 1 - before (0 for a best move); None where either
        side is a dead end or unknown."""
        if self.before.moves is None or self.after.moves is None:
            return None
        return self.after.moves + 1 - self.before.moves

    @property
    def verdict(self) -> str | None:
        """best, slower, losing or dead; None while a side is unknown, and while best or
        slower would rest on a length not proven shortest (a found solution is a win, so
        losing needs no proof of its length)."""
        if self.before.dead:
            return DEAD
        if not (self.before.known and self.after.known):
            return None
        if self.after.dead:
            return LOSING
        if not self.proven:
            return None
        return BEST if self.cost is not None and self.cost <= 0 else SLOWER

    @property
    def best_move(self) -> Any:
        """A best move from the position before: the player's own when it was one, else the
        solver's first move (None where no move wins)."""
        if self.verdict == BEST:
            return self.move
        return self.before.best

    def as_json(self, format_moves: Callable[[list], str] | None = None) -> dict[str, Any]:
        best = self.best_move
        out: dict[str, Any] = {
            "move": self.move, "before": self.before.moves, "after": self.after.moves,
            "cost": self.cost, "verdict": self.verdict, "best": best,
            "proven_minimal": self.proven}
        if format_moves is not None:
            out["notation"] = format_moves([self.move])
            out["best_notation"] = format_moves([best]) if best is not None else None
        return out


@dataclass
class Review:
    """The review of one game: the start's distance (par when proven) and one MoveReview per
    player's move, in order; final is False while positions are still being solved."""

    start: Any
    moves: list[Any]
    states: list[Any]
    rows: list[MoveReview] = field(default_factory=list)
    start_distance: Distance | None = None
    seconds: float = 0.0
    final: bool = True
    proving: int | None = None   # the position being solved next (0: the start), while not final

    @property
    def par(self) -> int | None:
        d = self.start_distance
        return d.moves if d is not None and d.proven else None

    @property
    def proven(self) -> bool:
        return bool(self.rows) and all(r.proven for r in self.rows) or (
            not self.moves and self.start_distance is not None and self.start_distance.proven)

    @property
    def turning_points(self) -> list[int]:
        """The rows (indexes) where the game lost ground: every move that was not a best one."""
        return [r.index for r in self.rows if r.verdict in (SLOWER, LOSING)]

    def as_json(self, puzzle) -> dict[str, Any]:
        fmt = getattr(puzzle, "format_moves", None)
        return {"puzzle": puzzle.id, "par": self.par, "played": len(self.moves),
                "notation": fmt(self.moves) if fmt is not None else "",
                "solved": puzzle.is_solved(self.states[-1]),
                "proven_minimal": self.proven, "final": self.final,
                "seconds": round(self.seconds, 6),
                "turning_points": self.turning_points,
                "moves": [r.as_json(fmt) for r in self.rows]}


def player_moves(puzzle, moves: Sequence[Any]) -> list[Any]:
    """moves as the player's moves: under EXTEND a move that goes on with the previous one's
    chain is joined to it (Session.push's rule, step by step)."""
    if EXTEND not in puzzle.ABILITIES:
        return list(moves)
    out: list[Any] = []
    for move in moves:
        for step in puzzle.split(move):
            joined = puzzle.join(out[-1], step) if out else None
            if joined is None:
                out.append(step)
            else:
                out[-1] = joined
    return out


def review(puzzle, start, moves: Sequence[Any], progress: Progress = no_progress,
           stop: Stop = never_stop, on_row: Callable[[Review], None] | None = None,
           quick_seconds: float | None = None, **options) -> Review:
    """The review of the game that plays moves from start (IllegalMove at the first illegal
    one, BadInput for a guessing game). Each time a position is solved (the start: par; then
    each row) the review so far goes to on_row (the window fills in live). options go to
    puzzle.solve. quick_seconds (a window's choice, for a family with STAGES): a first pass
    gives each proof that long (a solution found meanwhile shows as an upper bound), so every
    row has a value soon; a second pass then proves what the first left unproven."""
    if ANNOTATE in puzzle.ABILITIES:
        raise BadInput(msg("{puzzle}: a guessing game has no distance to review move by move "
                           "(the best guess depends on the secret)", puzzle=puzzle.id))
    t0 = time.perf_counter()
    grouped = player_moves(puzzle, moves)
    states = [start]
    for move in grouped:
        states.append(puzzle.apply(states[-1], move))
    out = Review(start, grouped, states, final=False)
    passes = [options] if quick_seconds is None else [
        dict(options, proof_seconds=quick_seconds), options]
    distances: list[Distance] = []
    for number, solve_options in enumerate(passes):
        for i, state in enumerate(states):
            if stop():
                break
            if i < len(distances) and distances[i].proven:   # a second pass: proven already
                continue
            known = known_from(puzzle, states[i - 1], distances[i - 1], state) if i else None
            found = known or position_distance(puzzle, state, progress, stop, **solve_options)
            distances[i:i + 1] = [found]
            out.start_distance = distances[0]
            out.rows = [MoveReview(k, grouped[k], distances[k], distances[k + 1])
                        for k in range(len(distances) - 1)]
            out.proving = next((k for k in range(i + 1, len(states))
                                if k >= len(distances) or not distances[k].proven),
                               None if number == len(passes) - 1 else
                               next((k for k, d in enumerate(distances) if not d.proven), None))
            out.seconds = time.perf_counter() - t0
            if on_row is not None:
                on_row(out)
    out.final = True
    out.proving = None
    out.seconds = time.perf_counter() - t0
    return out


def known_from(puzzle, previous_state, previous: Distance, state) -> Distance | None:
    """The distance of state known without a proof from the position before it, or None. The
    positions of one game lie on one line, so a proof often answers the next position too:
    after a proven dead end every position is one (a win from it would be a win from before);
    after the first move of a proven shortest line L the rest of L is a shortest line (it has
    len(L) - 1 moves, and a shorter one would make L not the shortest)."""
    if previous.dead:
        return Distance(None, True)
    if previous.proven and previous.line and puzzle.apply(previous_state,
                                                          previous.line[0]) == state:
        rest = previous.line[1:]
        return Distance(len(rest), True, rest[0] if rest else None, rest)
    return None


def position_distance(puzzle, state, progress: Progress = no_progress, stop: Stop = never_stop,
                      **options) -> Distance:
    """The fewest moves from state to the goal (the goal itself: 0, proven), by the family's
    solver, its line replayed first as `solve` and `hint` replay it (base.vouched: a line that
    does not reach the goal is WrongSolution naming the family, never a par)."""
    if puzzle.is_solved(state):
        return Distance(0, True)
    return distance_of(vouched(puzzle, state, puzzle.solve(state, progress, stop, **options)))
