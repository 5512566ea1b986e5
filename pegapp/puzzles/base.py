"""The interface every puzzle family implements (after Simon Tatham's puzzle backends).

Everything generic -- history, undo/redo, save/load, hints, replay, the solver worker -- is written
once against this protocol; a family adds its rules, its solver and one view widget.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Hashable, Iterable, Sequence
from typing import Any, Protocol, runtime_checkable

from pegapp.core.messages import msg
from pegapp.solvers.result import Progress, SolveResult, Stop


class IllegalMove(ValueError):
    """A move that the rules do not allow; the message says why, for the player."""


class BadInput(ValueError):
    """A position, option or file the puzzle cannot accept; the message is one line for the player."""


class WrongSolution(ValueError):
    """A family's solver answered with moves that do not replay from the position asked about
    to the family's goal: a bug in the family, reported as one (pegapp: error: ..., the
    window's failed search), never shown as a solution."""


class BrokenFamily(ValueError):
    """A plug-in family broke the contract where PegApp called it (pegapp.puzzles.guard): str()
    is one line naming the family, the rule (pegapp.puzzles.contract's names) and the reason."""

    def __init__(self, family: str, rule: str, reason: str):
        super().__init__(msg("{family}: the plug-in breaks the family contract: rule {rule!r} "
                             "broken: {reason} (see pegapp check-family {family})",
                             family=family, rule=rule, reason=reason))
        self.family, self.rule, self.reason = family, rule, reason


class BadParam(BadInput):
    """A param (params[name]) the puzzle cannot accept; args[0] (a msg()) says why, without the
    name, so a save file's loader can name the field it came from."""

    def __init__(self, name: str, reason: str):
        super().__init__(reason)
        self.name = name


# ---- optional abilities: a puzzle class declares the ones it has in ABILITIES (a frozenset);
# callers test `EXTEND in puzzle.ABILITIES`, never hasattr.

#: a move may be extended (a peg chain, jump by jump): puzzle.join(last_move, move) -> the merged
#: move or None, and puzzle.split(move) -> its steps (the moves join merges back), so a Session
#: undoes one step at a time
EXTEND = "extend"
#: puzzle.shuffle(seed) -> a start state
SHUFFLE = "shuffle"
#: puzzle.random_reachable(seed) -> a start state
RANDOM = "random"
#: puzzle.describe_move(state, move, advice=False) -> the move in words, a short line for the
#: move list; advice=True for a move suggested but not played (a hint): the words must not tell
#: what only playing it would (a guess's score)
DESCRIBE = "describe"
#: solve(..., interim=callback) gives a winning line first, then the proven minimum
STAGES = "stages"
#: the solver takes a memory cap: puzzle.memory_gb (a float, GB), set before solving
MEMORY = "memory"
#: the player may type a position (the family's command line and dialogs read it)
POSITION = "position"
#: the player may draw a pattern on the view as the start (8-flip)
DRAW = "draw"
#: puzzle.can_reach(state, stop=never_stop) -> bool: whether the goal can still be reached from
#: state (quicker than solving; the window's "back to the last good position", in a worker);
#: stop() polled, pegapp.solvers.result.Cancelled raised when it says so
REACH = "reach"
#: puzzle.annotate_moves(state, progress, stop, interim) -> pegapp.puzzles.analysis.Annotations:
#: the family weighs its moves itself in analysis mode (a guessing game weighs a few candidate
#: guesses by the guesses left, not every code by a solve)
ANNOTATE = "annotate"
#: solve() uses what the player cannot see (a guessing game's secret), so a hint names the next
#: move only: the moves after it, their number or their outcome would tell the hidden thing
#: (a line of 1 guess says the next guess IS the secret). The next move itself must not depend
#: on it. Such a puzzle's results carry stats[HIDDEN] = True, so whoever words one (answer_text)
#: knows without the puzzle; Solve, where the player asks for the answer, shows the whole line
HIDDEN = "hidden"
#: puzzle.training_positions(moves, count, rng, stop) -> a list of
#: pegapp.puzzles.training.Training: the family makes its own training puzzles (issue #74: a
#: single right move at every step of an exactly `moves`-move finish; rng a random.Random, the
#: same seed the same puzzles); without it `pegapp train` finds them with the family's solver
TRAIN = "train"

ALL_ABILITIES = frozenset({EXTEND, SHUFFLE, RANDOM, DESCRIBE, STAGES, MEMORY, POSITION, DRAW,
                           REACH, ANNOTATE, HIDDEN, TRAIN})


@runtime_checkable
class Puzzle(Protocol):
    #: "pegs/english", "slide/2x5", "flip8/4x4", ...
    id: str
    #: the optional abilities of the class (the constants above)
    ABILITIES: frozenset[str]

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

    def parse_moves(self, text: str) -> list[Any]:
        """The moves text (as format_moves writes it) holds; BadInput when it cannot be read."""

    def check_state(self, state: Any) -> Hashable:
        """state (read from a file) as a position of this puzzle; BadInput when it is not one."""


_SEPARATORS = re.compile(r"[\s,;()\[\]{}#]+")


def check_ascii_digits(text: str) -> None:
    """Numbers are typed with the digits 0-9. Python's int() also reads other scripts' digits
    ('１６' full width, '١٦' Arabic-Indic) and str.isdigit() accepts '²', so a position or option
    that holds any other numeric character is refused (BadInput) rather than read."""
    for ch in text:
        if not ch.isascii() and (ch.isnumeric() or unicodedata.category(ch) == "Nd"):
            raise BadInput(msg("{char!r} is not an ASCII digit (type 0-9)", char=ch))


def read_tokens(text: str, token: str) -> list[str]:
    """The tokens of a typed position (separated by spaces, commas, brackets or '#'); anything
    that is not a token (regular expression, matched on ASCII only) is refused, never skipped."""
    check_ascii_digits(text)
    tokens = [t for t in _SEPARATORS.split(text) if t]
    pattern = re.compile(token, re.ASCII)
    out = []
    for t in tokens:
        parts = pattern.findall(t)
        if "".join(parts) != t:
            raise BadInput(msg("cannot read {text!r} in the position", text=t))
        out += parts
    return out


#: the largest --memory accepted, in GB (a petabyte: any machine's memory, and a budget whose
#: bytes are still an integer the solvers can hold; 1e308 overflowed into a traceback)
MAX_MEMORY_GB = 1_000_000


def memory_gb(args: Any) -> float | None:
    """The --memory option: None when not given, else a positive, finite number of GB, at most
    MAX_MEMORY_GB."""
    value = getattr(args, "memory", None)
    if value is None:
        return None
    if not (isinstance(value, (int, float)) and math.isfinite(value) and value > 0):
        raise BadInput(msg("--memory must be a positive number of GB"))
    if value > MAX_MEMORY_GB:
        raise BadInput(msg("--memory {value:g} is more than {limit:,} GB", value=value,
                           limit=MAX_MEMORY_GB))
    return float(value)


def replay(puzzle, state, moves):
    """The state after playing moves in order (IllegalMove at the first that is not legal).
    The one place a list of moves is applied: every other replay calls it (or replay_states)."""
    for m in moves:
        state = puzzle.apply(state, m)
    return state


def replay_states(puzzle, state, moves) -> list[Any]:
    """The states along moves: the start, then the state after each move (IllegalMove as
    replay)."""
    states = [state]
    for m in moves:
        states.append(replay(puzzle, states[-1], [m]))
    return states


def vouched(puzzle, state, result: SolveResult) -> SolveResult:
    """result, once its moves (when it has any) are replayed from state to a solved state; else
    WrongSolution naming the family. Every answer a family gives passes here before `pegapp
    solve`, `pegapp hint` or the window calls it a solution (hints.hint, solve_json_of): the
    program vouches only for what it checked, and a replay costs one apply per move."""
    if getattr(result, "moves", None) is None:  # no solution given (or no answer at all)
        return result
    try:
        reached = puzzle.is_solved(replay(puzzle, state, result.moves))
    except BrokenFamily:  # the replay found the family breaking the contract: said as that
        raise
    except Exception:  # noqa: BLE001 -- an illegal or unreadable move does not reach the goal
        reached = False
    if not reached:
        raise WrongSolution(msg(
            "{family}: the family's solver gave a solution that does not reach the goal "
            "({puzzle})", family=str(getattr(puzzle, "id", "?")).split("/")[0],
            puzzle=getattr(puzzle, "id", "?")))
    return result
