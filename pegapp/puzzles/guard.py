"""A plug-in family checked where PegApp calls it (issue #72: a plug-in can break only itself).

`pegapp check-family` (pegapp.puzzles.contract) checks a family once, on its presets; a family
that breaks the contract on another position would still reach the command line's searches,
and its error came out as a Python traceback. guarded(family) is the one boundary the command
line puts between itself and a plug-in family (pegapp.cli.family_of): every puzzle the family
makes comes wrapped in a GuardedPuzzle, whose methods check what the contract asks of the
answer -- a hashable state, an apply that leaves its input as it was, a solve that answers a
SolveResult -- and turn any error of the family's own into BrokenFamily: one line naming the
family and the contract's rule, in the contract's words (the wording functions below, which
pegapp.puzzles.contract uses too). PegApp's own families are not wrapped: their errors are
PegApp's bugs.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from pegapp.puzzles.base import BadInput, BrokenFamily, IllegalMove
from pegapp.solvers.result import (Cancelled, SolveResult, TooLarge, interrupted, never_stop,
                                   no_progress)


# ---- the contract's words (pegapp.puzzles.contract says them the same way)

def error_words(exc: BaseException) -> str:
    """An error of a family's own as one line: its type and message."""
    return f"{type(exc).__name__}: {exc}".replace("\n", " ")


def unhashable(puzzle_id: str, where: str, exc: BaseException) -> str:
    return (f"{puzzle_id}: the state {where} is not hashable (states are immutable, hashable "
            f"values): {error_words(exc)}")


def changed_input(puzzle_id: str, move: Any) -> str:
    return (f"{puzzle_id}: apply(state, {move!r}) changed its input state (states are "
            "immutable: apply returns a new one)")


def not_a_result(what: str, value: Any) -> str:
    return f"{what} returned a {type(value).__name__}, not a SolveResult"


def raised(what: str, exc: BaseException) -> str:
    return f"{what}: {error_words(exc)}"


# ---- the boundary

#: errors that are no family's fault: the process's own limits, passed on as they are
PASSED_ON = (MemoryError, RecursionError, KeyboardInterrupt)


class GuardedPuzzle:
    """A plug-in's puzzle whose methods keep the contract or raise BrokenFamily; anything else
    (ids, abilities, optional methods) is the puzzle's own."""

    def __init__(self, puzzle: Any, family: str):
        self._puzzle = puzzle
        self._family = family

    def __getattr__(self, name: str) -> Any:
        return getattr(self._puzzle, name)

    @property
    def guarded(self) -> Any:
        """The family's own puzzle."""
        return self._puzzle

    def _broken(self, rule: str, reason: str) -> BrokenFamily:
        return BrokenFamily(self._family, rule, reason)

    def _call(self, rule: str, what: str, call, allowed: tuple = ()) -> Any:
        try:
            return call()
        except PASSED_ON:
            raise
        except allowed:
            raise
        except Exception as exc:  # noqa: BLE001 -- any other error of the family's breaks the rule
            raise self._broken(rule, raised(f"{self.id}: {what}", exc)) from None

    def _hashable(self, state: Any, where: str) -> Any:
        try:
            hash(state)
        except TypeError as exc:
            raise self._broken("puzzle", unhashable(self.id, where, exc)) from None
        return state

    def initial(self) -> Any:
        return self._hashable(self._call("puzzle", "initial()", self._puzzle.initial),
                              "initial() gave")

    def moves(self, state: Any) -> list[Any]:
        return self._call("puzzle", "moves(state)", lambda: list(self._puzzle.moves(state)))

    def apply(self, state: Any, move: Any) -> Any:
        before = copy.deepcopy(state)
        after = self._call("puzzle", f"apply(state, {move!r})",
                           lambda: self._puzzle.apply(state, move), (IllegalMove,))
        if state != before:
            raise self._broken("puzzle", changed_input(self.id, move))
        return self._hashable(after, f"apply(state, {move!r}) gave")

    def is_solved(self, state: Any) -> bool:
        return bool(self._call("puzzle", "is_solved(state)",
                               lambda: self._puzzle.is_solved(state)))

    def check_state(self, state: Any) -> Any:
        return self._hashable(self._call("puzzle", "check_state(state)",
                                         lambda: self._puzzle.check_state(state), (BadInput,)),
                              "check_state() gave")

    def format_moves(self, moves) -> str:
        return self._call("puzzle", "format_moves(moves)",
                          lambda: self._puzzle.format_moves(moves))

    def parse_moves(self, text: str) -> list[Any]:
        return self._call("puzzle", "parse_moves(text)", lambda: self._puzzle.parse_moves(text),
                          (BadInput,))

    def solve(self, state: Any, progress=no_progress, stop=never_stop, **options) -> SolveResult:
        """The family's solve, its answer a SolveResult (an error, or any other value, breaks
        the rule 'solve'); a Cancelled or TooLarge it lets out becomes the result it stands
        for, as a search's entry point would make it."""
        try:
            result = self._puzzle.solve(state, progress, stop, **options)
        except PASSED_ON:
            raise
        except (Cancelled, TooLarge) as exc:
            return interrupted(exc)
        except Exception as exc:  # noqa: BLE001 -- any error of the family's breaks the rule
            raise self._broken("solve", raised(f"{self.id}: solve(state)", exc)) from None
        if not isinstance(result, SolveResult):
            raise self._broken("solve", not_a_result(f"{self.id}: solve(state)", result))
        return result


def checked(puzzle: Any, family: str) -> Any:
    """puzzle behind the boundary (once: a GuardedPuzzle is returned as it is)."""
    return puzzle if isinstance(puzzle, GuardedPuzzle) else GuardedPuzzle(puzzle, family)


def guarded(family):
    """The family with every puzzle its make() builds behind the boundary, and make's own
    errors (other than BadInput, a puzzle it refuses in words) as the rule 'family' broken."""
    make = family.make

    def checked_make(puzzle_id: str, params: dict) -> GuardedPuzzle:
        try:
            puzzle = make(puzzle_id, params)
        except PASSED_ON:
            raise
        except BadInput:
            raise
        except Exception as exc:  # noqa: BLE001 -- the family's own error
            raise BrokenFamily(family.key, "family",
                               raised(f"make({puzzle_id!r})", exc)) from None
        return checked(puzzle, family.key)

    return dataclasses.replace(family, make=checked_make)
