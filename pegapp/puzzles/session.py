"""A game of any puzzle in progress (python-chess's Board): the start, the steps played, the
states along them, the status, and the one save format.

A *step* is what push() was given and what pop() undoes; a *move* is what the player counts. For
most families they are the same. Under EXTEND (peg solitaire) a move grows step by step: a jump
that continues the last move is merged into it (puzzle.join), and a move pushed whole is split
into its steps (puzzle.split), so pop() always undoes one jump.

Save files: {"format": "pegapp-save", "version": 2, "family", "puzzle", "params", "start",
"moves"}. The formats of earlier releases -- "pegapp-game" v1 (peg solitaire) and "pegapp-puzzle"
v1 (the other families) -- are read through a migration (migrate_peg_game, migrate_puzzle) and
checked as strictly as their own loaders did; they are written as v2 when saved again.
"""

from __future__ import annotations

import json
import math
from enum import Enum
from pathlib import Path
from typing import Any

from pegapp.core.board import BoardError
from pegapp.core.messages import detail, msg
from pegapp.core.storage import (
    SaveError,
    damaged,
    is_int,
    parse_save,
    read_text,
    required,
    unexpected,
    write_atomic,
)
from pegapp.puzzles import registry
from pegapp.puzzles.base import EXTEND, BadInput, BadParam, IllegalMove

SAVE_FORMAT = "pegapp-save"
SAVE_VERSION = 2
#: the formats of earlier releases, read through a migration: format -> its last version
OLD_PEG_FORMAT = "pegapp-game"
OLD_PUZZLE_FORMAT = "pegapp-puzzle"
OLD_VERSION = 1


class Status(str, Enum):
    """A str: Status.SOLVED == "solved"."""
    PLAYING = "playing"
    SOLVED = "solved"
    STUCK = "stuck"


def state_to_json(state: Any) -> Any:
    if isinstance(state, tuple):
        return [state_to_json(v) for v in state]
    return state


def state_from_json(data: Any) -> Any:
    if isinstance(data, list):
        return tuple(state_from_json(v) for v in data)
    return data


def _whole_numbers(value: Any) -> bool:
    """A whole number or a list of them: the shape of the numeric states and params."""
    if isinstance(value, list):
        return all(is_int(v) for v in value)
    return is_int(value)


#: params that are a list of whole numbers in every family, and params that are one whole number;
#: "start" has the shape of the puzzle's positions (a list, or one number for 8-flip's pattern)
LIST_PARAMS = frozenset({"capacities"})
NUMBER_PARAMS = frozenset({"kinds", "pairs", "target", "shuffle"})


def _plain_value(value: Any) -> bool:
    """A value a v2 save's params may hold: a whole or finite number, true/false, text, or a list
    of them (what a family's choose() may give; Param kinds bool, float, int, text)."""
    if isinstance(value, list):
        return all(_plain_value(v) and not isinstance(v, list) for v in value)
    if isinstance(value, float):
        return math.isfinite(value)
    return isinstance(value, (bool, int, str))


def _check_param_shapes(params: dict, source: str, text_ok: bool) -> None:
    """The shape of every param: a whole number or a list of them (v1 saves held nothing else);
    text_ok (v2): any plain value (_plain_value: text, true/false, a finite number too). The
    family's make() is the judge of the values."""
    for key, value in params.items():
        if not (_whole_numbers(value) or (text_ok and _plain_value(value))):
            raise damaged(source, f"params.{key}",
                          msg("must be a whole number or a list of whole numbers"))
        if key in LIST_PARAMS and not (isinstance(value, list) and _whole_numbers(value)):
            raise damaged(source, f"params.{key}", msg("must be a list of whole numbers"))
        if key in NUMBER_PARAMS and not is_int(value):
            raise damaged(source, f"params.{key}", msg("must be a whole number"))


def _positions_are_lists(puzzle) -> bool:
    return isinstance(puzzle.initial(), tuple)


class Session:
    """One game: Session(puzzle, params, start=None, moves=()). params: what makes the puzzle
    again (registry.make_puzzle), saved with it; for peg solitaire puzzle.params."""

    def __init__(self, puzzle, params: dict[str, Any] | None = None, start: Any = None,
                 moves=()):
        self.puzzle = puzzle
        self.params = dict(params or {})
        self.start = puzzle.initial() if start is None else start
        self.steps: list[Any] = []
        self.states: list[Any] = [self.start]  # the start, then the state after each step
        self.moves: list[Any] = []
        self._sizes: list[int] = []  # the number of steps in each move
        for m in moves:
            self.push(m)

    @property
    def extends(self) -> bool:
        return EXTEND in self.puzzle.ABILITIES

    @property
    def state(self) -> Any:
        return self.states[-1]

    def push(self, move: Any) -> Any:
        """Play a move (or under EXTEND a step that may continue the last move) and return the
        new state; IllegalMove (with the reason) leaves the session untouched."""
        steps = self.puzzle.split(move) if self.extends else [move]
        states, state = [], self.state
        for step in steps:
            state = self.puzzle.apply(state, step)
            states.append(state)
        for step, after in zip(steps, states):
            joined = self.puzzle.join(self.moves[-1], step) if self.extends and self.moves \
                else None
            if joined is None:
                self.moves.append(step)
                self._sizes.append(1)
            else:
                self.moves[-1] = joined
                self._sizes[-1] += 1
            self.steps.append(step)
            self.states.append(after)
        return state

    def pop(self) -> Any:
        """Undo one step (one jump of a peg chain) and return it; pushing it back redoes it."""
        step = self.steps.pop()
        self.states.pop()
        self._sizes[-1] -= 1
        if self._sizes[-1]:
            self.moves[-1] = self._rejoin(self.steps[len(self.steps) - self._sizes[-1]:])
        else:
            self._sizes.pop()
            self.moves.pop()
        return step

    def _rejoin(self, steps: list[Any]) -> Any:
        move = steps[0]
        for step in steps[1:]:
            move = self.puzzle.join(move, step)
        return move

    def truncate(self, n_steps: int) -> list[Any]:
        """Undo steps until n_steps remain; the steps undone, in the order they were played."""
        undone = []
        while len(self.steps) > n_steps:
            undone.append(self.pop())
        return undone[::-1]

    @property
    def legal_moves(self) -> list[Any]:
        return list(self.puzzle.moves(self.state))

    @property
    def solved(self) -> bool:
        return self.puzzle.is_solved(self.state)

    @property
    def status(self) -> Status:
        if self.solved:
            return Status.SOLVED
        if next(iter(self.puzzle.moves(self.state)), None) is None:
            return Status.STUCK
        return Status.PLAYING

    @property
    def move_count(self) -> int:
        return len(self.moves)

    @property
    def step_count(self) -> int:
        return len(self.steps)

    @property
    def notation(self) -> str:
        return self.puzzle.format_moves(self.moves)

    # ---- save files

    def to_json(self) -> str:
        """The save file's text. SaveError (a msg() naming the field) when the params or the start
        are not plain JSON (a set, an object, NaN): a family's fault, said rather than crashed on."""
        fields = {"params": self.params, "start": state_to_json(self.start)}
        for name, value in fields.items():
            try:
                json.dumps(value, allow_nan=False)
            except (TypeError, ValueError) as exc:
                raise SaveError(msg("cannot save {puzzle}: its {field} is not plain JSON "
                                    "({detail})", puzzle=self.puzzle.id, field=name,
                                    detail=str(exc))) from None
        return json.dumps({
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "family": family_key(self.puzzle.id),
            "puzzle": self.puzzle.id, **fields, "moves": self.notation,
        }, indent=2, ensure_ascii=False, allow_nan=False) + "\n"

    def save(self, path: str | Path) -> None:
        write_atomic(path, self.to_json())

    @classmethod
    def from_json(cls, text: str, source: str = msg("save file"),
                  family: str | None = None) -> Session:
        """The session a save file holds (this format or an earlier release's). Anything this
        PegApp would not have written -- a field missing or of the wrong type, params the puzzle
        refuses or that describe another puzzle, a start that is not a position of the puzzle, a
        move that is not legal -- is a SaveError saying what is wrong (a msg(), for the player);
        nothing in the file can crash the caller. family: refuse a save of another family (the
        windows of one family open only its saves)."""
        data = read_save(text, source, family)
        try:
            return cls._from_save(data, source)
        except SaveError:
            raise
        except Exception as exc:  # a save is data from outside: whatever it holds, never crash
            raise unexpected(source, exc) from exc

    @classmethod
    def load(cls, path: str | Path, family: str | None = None) -> Session:
        return cls.from_json(read_text(path), source=str(path), family=family)

    @classmethod
    def _from_save(cls, data: dict, source: str) -> Session:
        if data["format"] == OLD_PEG_FORMAT:
            puzzle, params = _peg_game_puzzle(data, source)
            start = puzzle.initial()
        else:
            puzzle, params = _saved_puzzle(data, source, text_ok=data["format"] == SAVE_FORMAT)
            start = _saved_start(data, puzzle, source)
        text = required(data, "moves", source)
        if not isinstance(text, str):
            raise damaged(source, "moves", msg("must be a string"))
        try:
            moves = puzzle.parse_moves(text)
        except BadInput as exc:
            raise damaged(source, "moves", detail(exc)) from None
        session = cls(puzzle, params, start)
        for number, move in enumerate(moves, 1):
            try:
                session.push(move)
            except IllegalMove as exc:
                # its place in the list as well as its text: a sliding tile's move is a number
                # ("1"), which alone reads as the place
                raise damaged(source, "moves", msg("move {number} '{move}': {reason}",
                                                   number=number,
                                                   move=puzzle.format_moves([move]),
                                                   reason=detail(exc))) from None
        return session


def family_key(puzzle_id: str) -> str:
    return registry.family_of(puzzle_id).key


def read_save(text: str, source: str, family: str | None = None) -> dict:
    """The JSON object of a save of this format or an earlier one (its "format" tells which);
    family: only a save of that family is accepted."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        data = None  # parse_save says what is wrong
    fmt = data.get("format") if isinstance(data, dict) else None
    # The one place a family key is named: the formats of earlier releases were peg solitaire's
    # own ("pegapp-game") and everyone else's ("pegapp-puzzle"), and their refusals said so.
    what = msg("peg solitaire") if family == "pegs" else msg("puzzle")
    if fmt == OLD_PEG_FORMAT and family in (None, "pegs"):
        return parse_save(text, source, OLD_PEG_FORMAT, OLD_VERSION, msg("peg solitaire"))
    if fmt == OLD_PUZZLE_FORMAT and family != "pegs":
        data = parse_save(text, source, OLD_PUZZLE_FORMAT, OLD_VERSION, msg("puzzle"))
    else:
        data = parse_save(text, source, SAVE_FORMAT, SAVE_VERSION, what)
        if data["version"] < SAVE_VERSION:  # v2 is the first "pegapp-save"
            raise damaged(source, "version", msg("{version} is not a known format version",
                                                 version=data["version"]))
        key = required(data, "family", source)
        if not isinstance(key, str):
            raise damaged(source, "family", msg("must be a string"))
    if family is not None:
        puzzle_id = data.get("puzzle")
        if isinstance(puzzle_id, str) and _family_or_none(puzzle_id) not in (None, family):
            raise SaveError(msg("{source} is not a PegApp {what} save", source=source, what=what))
    return data


def _family_or_none(puzzle_id: str) -> str | None:
    try:
        return family_key(puzzle_id)
    except BadInput:
        return None


def _saved_puzzle(data: dict, source: str, text_ok: bool):
    """The puzzle and params of a "pegapp-save" (text_ok) or "pegapp-puzzle" v1 save."""
    puzzle_id = required(data, "puzzle", source)
    if not isinstance(puzzle_id, str):
        raise damaged(source, "puzzle", msg("must be a string"))
    params = required(data, "params", source)
    if not isinstance(params, dict):
        raise damaged(source, "params", msg("must be a JSON object"))
    _check_param_shapes(params, source, text_ok)
    if text_ok and family_key_of_save(data, puzzle_id, source) != data["family"]:
        raise damaged(source, "family", msg("must be {expected!r}",
                                            expected=family_key(puzzle_id)))
    if "start" in params and not isinstance(params["start"], list):
        # the puzzle without its start says what shape a start must have
        base = _make(puzzle_id, {k: v for k, v in params.items() if k != "start"}, source,
                     "params.")
        if _positions_are_lists(base):
            raise damaged(source, "params.start", msg("must be a list of whole numbers"))
    puzzle = _make(puzzle_id, params, source, "params.",
                   "params.start" if "start" in params else None)
    if puzzle.id != puzzle_id:  # e.g. oshidori/k3 with {"kinds": 5}
        raise damaged(source, "params", msg("they describe {actual!r}, not {puzzle!r}",
                                            actual=puzzle.id, puzzle=puzzle_id))
    return puzzle, params


def family_key_of_save(data: dict, puzzle_id: str, source: str) -> str:
    try:
        return family_key(puzzle_id)
    except BadInput as exc:
        raise SaveError(msg("{source} is damaged ({detail})", source=source,
                            detail=detail(exc))) from None


def _saved_start(data: dict, puzzle, source: str) -> Any:
    """The start state of a save, checked by the puzzle (check_state). A puzzle whose positions
    are numbers (every family but the guessing games) gets whole numbers only."""
    raw = required(data, "start", source)
    if _whole_numbers(state_to_json(puzzle.initial())):
        if not _whole_numbers(raw):
            raise damaged(source, "start",
                          msg("must be a whole number or a list of whole numbers"))
        if _positions_are_lists(puzzle) and not isinstance(raw, list):
            raise damaged(source, "start", msg("must be a list of whole numbers"))
    try:
        return puzzle.check_state(state_from_json(raw))
    except BadInput as exc:
        raise damaged(source, "start", detail(exc)) from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        # a family's check_state that was not written for every kind of value (a plug-in's
        # join of a number): the save is still refused by its field, never a crash
        raise damaged(source, "start", msg("not a position of this puzzle")) from None


def _peg_game_puzzle(data: dict, source: str):
    """The migration of a "pegapp-game" v1 save (peg solitaire's own format until v2): its
    fields board, board_text, start and finish are the puzzle's params, its start the board with
    those holes empty. Faults are named by the v1 field, as its loader did."""
    for key in ("puzzle", "board", "start", "finish", "moves"):
        required(data, key, source)
    params = {"board": data["board"], "start": data["start"], "finish": data["finish"]}
    if "board_text" in data:
        params["board_text"] = data["board_text"]
    puzzle_id = data["puzzle"]
    puzzle = _make("pegs/" + str(data["board"]), params, source, "")
    params = puzzle.params
    if puzzle_id != puzzle.id:
        raise damaged(source, "puzzle", msg("must be {expected!r}", expected=puzzle.id))
    return puzzle, params


def _make(puzzle_id: str, params: dict, source: str, prefix: str, field: str | None = None):
    """registry.make_puzzle, its refusal a SaveError naming the field: a param the puzzle names
    (BadParam: prefix + its name), else field when known, else the reason alone."""
    try:
        return registry.make_puzzle(puzzle_id, params)
    except KeyError as exc:  # a param the puzzle needs
        raise damaged(source, f"{prefix}{exc.args[0]}", msg("missing")) from None
    except BadParam as exc:
        raise damaged(source, prefix + exc.name, detail(exc)) from None
    except BoardError as exc:  # a player's board, saved whole, that is not a valid board
        raise SaveError(msg("{source}: its board is invalid: {error}", source=source,
                            error=detail(exc))) from None
    except BadInput as exc:
        if field is not None:
            raise damaged(source, field, detail(exc)) from None
        raise SaveError(msg("{source} is damaged ({detail})", source=source,
                            detail=detail(exc))) from None
    except (TypeError, ValueError, OverflowError) as exc:  # a param of the wrong shape
        raise damaged(source, field or "params", detail(exc)) from None
