"""A game of any puzzle in progress: start state, moves played, save files.

Written once against the Puzzle interface; peg solitaire keeps its own jump-level game
(pegapp.core.game) because there a move grows jump by jump.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pegapp.core.messages import detail, msg
from pegapp.core.storage import SaveError, parse_save, read_text, write_atomic
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
        from pegapp.puzzles.registry import make_puzzle

        data = parse_save(text, source, SAVE_FORMAT, SAVE_VERSION, msg("puzzle"))
        try:
            puzzle = make_puzzle(str(data["puzzle"]), dict(data.get("params", {})))
            start = state_from_json(data["start"])
            return cls(puzzle, data.get("params", {}), start,
                       puzzle.parse_moves(str(data.get("moves", ""))))
        except (KeyError, TypeError, ValueError, BadInput, IllegalMove) as exc:
            raise SaveError(msg("{source} is damaged ({detail})", source=source,
                                detail=detail(exc))) from None

    @classmethod
    def load(cls, path: str | Path) -> Session:
        return cls.from_json(read_text(path), source=str(path))
