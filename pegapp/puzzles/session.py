"""A game of any puzzle in progress: start state, moves played, save files.

Written once against the Puzzle interface; peg solitaire keeps its own jump-level game
(pegapp.core.game) because there a move grows jump by jump.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

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
from pegapp.puzzles.base import BadInput, IllegalMove

SAVE_FORMAT = "pegapp-puzzle"
SAVE_VERSION = 1


def state_to_json(state: Any) -> Any:
    if isinstance(state, tuple):
        return [state_to_json(v) for v in state]
    return state


def state_from_json(data: Any) -> Any:
    if isinstance(data, list):
        return tuple(state_from_json(v) for v in data)
    return data


def _whole_numbers(value: Any) -> bool:
    """A whole number or a list of them: the shape of every state and param a save holds."""
    if isinstance(value, list):
        return all(is_int(v) for v in value)
    return is_int(value)


#: params that are a list of whole numbers in every family, and params that are one whole number;
#: "start" has the shape of the puzzle's positions (a list, or one number for 8-flip's pattern)
LIST_PARAMS = frozenset({"capacities"})
NUMBER_PARAMS = frozenset({"kinds", "pairs", "target", "shuffle"})


def _check_param_shapes(params: dict, source: str) -> None:
    for key, value in params.items():
        if key in LIST_PARAMS and not isinstance(value, list):
            raise damaged(source, f"params.{key}", msg("must be a list of whole numbers"))
        if key in NUMBER_PARAMS and not is_int(value):
            raise damaged(source, f"params.{key}", msg("must be a whole number"))


def _positions_are_lists(puzzle) -> bool:
    return isinstance(puzzle.initial(), tuple)


class Session:
    def __init__(self, puzzle, params: dict[str, Any], start: Any = None, moves=()):
        self.puzzle = puzzle
        self.params = dict(params)
        self.start = puzzle.initial() if start is None else start
        self.states = [self.start]
        self.moves: list[Any] = []
        for m in moves:
            self.push(m)

    @property
    def state(self) -> Any:
        return self.states[-1]

    def push(self, move: Any) -> Any:
        """Play a move; IllegalMove (with the reason) leaves the session untouched."""
        nxt = self.puzzle.apply(self.state, move)
        self.moves.append(move)
        self.states.append(nxt)
        return nxt

    def pop(self) -> Any:
        self.states.pop()
        return self.moves.pop()

    @property
    def solved(self) -> bool:
        return self.puzzle.is_solved(self.state)

    @property
    def move_count(self) -> int:
        return len(self.moves)

    def to_json(self) -> str:
        return json.dumps({
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "puzzle": self.puzzle.id,
            "params": self.params, "start": state_to_json(self.start),
            "moves": self.puzzle.format_moves(self.moves),
        }, indent=2, ensure_ascii=False) + "\n"

    def save(self, path: str | Path) -> None:
        write_atomic(path, self.to_json())

    @classmethod
    def from_json(cls, text: str, source: str = msg("save file")) -> Session:
        """The session a save file holds. Anything this PegApp would not have written -- a field
        missing or of the wrong type, params the puzzle refuses or that describe another puzzle,
        a start that is not a position of the puzzle, a move that is not legal -- is a SaveError
        saying what is wrong (a msg(), for the player); nothing in the file can crash the caller."""
        data = parse_save(text, source, SAVE_FORMAT, SAVE_VERSION, msg("puzzle"))
        try:
            return cls._from_save(data, source)
        except SaveError:
            raise
        except Exception as exc:  # a save is data from outside: whatever it holds, never crash
            raise unexpected(source, exc) from exc

    @classmethod
    def _from_save(cls, data: dict, source: str) -> Session:
        puzzle_id = required(data, "puzzle", source)
        if not isinstance(puzzle_id, str):
            raise damaged(source, "puzzle", msg("must be a string"))
        params = required(data, "params", source)
        if not isinstance(params, dict):
            raise damaged(source, "params", msg("must be a JSON object"))
        for key, value in params.items():
            if not _whole_numbers(value):
                raise damaged(source, f"params.{key}",
                              msg("must be a whole number or a list of whole numbers"))
        _check_param_shapes(params, source)
        if "start" in params:
            # the puzzle without its start says what shape a start must have
            base = cls._make(puzzle_id, {k: v for k, v in params.items() if k != "start"},
                             source)
            if _positions_are_lists(base) and not isinstance(params["start"], list):
                raise damaged(source, "params.start", msg("must be a list of whole numbers"))
            puzzle = cls._make(puzzle_id, params, source, "params.start")  # only it is new
        else:
            puzzle = cls._make(puzzle_id, params, source)
        if puzzle.id != puzzle_id:  # e.g. oshidori/k3 with {"kinds": 5}
            raise damaged(source, "params", msg("they describe {actual!r}, not {puzzle!r}",
                                                actual=puzzle.id, puzzle=puzzle_id))
        raw = required(data, "start", source)
        if not _whole_numbers(raw):
            raise damaged(source, "start", msg("must be a whole number or a list of whole numbers"))
        if _positions_are_lists(puzzle) and not isinstance(raw, list):
            raise damaged(source, "start", msg("must be a list of whole numbers"))
        try:
            start = puzzle.check_state(state_from_json(raw))
        except BadInput as exc:
            raise damaged(source, "start", detail(exc)) from None
        text = required(data, "moves", source)
        if not isinstance(text, str):
            raise damaged(source, "moves", msg("must be a string"))
        try:
            moves = puzzle.parse_moves(text)
        except BadInput as exc:
            raise damaged(source, "moves", detail(exc)) from None
        session = cls(puzzle, params, start)
        for move in moves:
            try:
                session.push(move)
            except IllegalMove as exc:
                raise damaged(source, "moves", msg("move {move}: {reason}",
                                                   move=puzzle.format_moves([move]),
                                                   reason=detail(exc))) from None
        return session

    @staticmethod
    def _make(puzzle_id: str, params: dict, source: str, field: str | None = None):
        """make_puzzle, its refusal a SaveError; field: the one whose fault a refusal is, when
        known (else the reason names the id or the param)."""
        from pegapp.puzzles.registry import make_puzzle

        try:
            return make_puzzle(puzzle_id, params)
        except KeyError as exc:  # a param the puzzle needs
            raise damaged(source, f"params.{exc.args[0]}", msg("missing")) from None
        except BadInput as exc:
            if field is not None:
                raise damaged(source, field, detail(exc)) from None
            raise SaveError(msg("{source} is damaged ({detail})", source=source,
                                detail=detail(exc))) from None
        except (TypeError, ValueError, OverflowError) as exc:  # a param of the wrong shape
            raise damaged(source, field or "params", detail(exc)) from None

    @classmethod
    def load(cls, path: str | Path) -> Session:
        return cls.from_json(read_text(path), source=str(path))
