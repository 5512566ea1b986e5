"""A peg solitaire game in progress: board, start, jump history, status, save files."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from pegapp.core import pegs
from pegapp.core.board import Board, BoardError, get_board, parse_board
from pegapp.core.messages import detail, msg
from pegapp.core.notation import format_moves, parse_moves
from pegapp.core.storage import SaveError, parse_save, read_text, write_atomic

SAVE_FORMAT = "pegapp-game"
SAVE_VERSION = 1


class Status(Enum):
    PLAYING = "playing"
    SOLVED = "solved"
    STUCK = "stuck"


@dataclass
class PegGame:
    board: Board
    start: frozenset[int] = None  # type: ignore[assignment]  # holes empty at the start
    finish: int | None | str = "default"
    jumps: list[pegs.Jump] = field(default_factory=list)

    def __post_init__(self):
        if self.start is None:
            self.start = self.board.start
        self.start = frozenset(self.start)
        if self.finish == "default":
            self.finish = self.board.finish
        bad = [h for h in self.start if not 0 <= h < self.board.n]
        if bad or len(self.start) >= self.board.n:
            raise ValueError(msg("start {start} does not fit board {board}",
                                 start=sorted(self.start), board=self.board.id))
        if self.finish is not None and not 0 <= self.finish < self.board.n:
            raise ValueError(msg("finish {finish} is not a hole of board {board}",
                                 finish=self.finish, board=self.board.id))
        history, self.jumps = self.jumps, []
        self._position = self.start_position
        for j in history:
            self.push(j)

    # ---- position and history

    @property
    def start_position(self) -> int:
        return self.board.position_for(self.start)

    @property
    def position(self) -> int:
        return self._position

    def push(self, jump: pegs.Jump) -> None:
        if tuple(jump) not in set(self.board.jumps):
            raise ValueError(msg("{jump} is not a jump of this board", jump=jump))
        if not pegs.is_legal(self._position, jump):
            raise ValueError(msg("jump {start}->{end} is not legal here",
                                 start=jump[0], end=jump[2]))
        self.jumps.append(tuple(jump))
        self._position = pegs.apply_jump(self._position, jump)

    def pop(self) -> pegs.Jump:
        jump = self.jumps.pop()
        self._position = pegs.apply_jump(self._position, jump)
        return jump

    def play_move(self, move: list[int]) -> None:
        """Play a whole move given as the holes its peg visits (all or nothing)."""
        mark = len(self.jumps)
        try:
            for j in pegs.move_jumps(self.board, move):
                self.push(j)
        except (KeyError, ValueError) as exc:
            del self.jumps[mark:]
            self._position = self._replay_position()
            raise ValueError(msg("move {move}: {reason}", move=format_moves([move]),
                                 reason=detail(exc))) from None

    def _replay_position(self) -> int:
        pos = self.start_position
        for j in self.jumps:
            pos = pegs.apply_jump(pos, j)
        return pos

    def position_after(self, n_jumps: int) -> int:
        pos = self.start_position
        for j in self.jumps[:n_jumps]:
            pos = pegs.apply_jump(pos, j)
        return pos

    # ---- counts and status

    @property
    def move_count(self) -> int:
        return pegs.count_moves(self.jumps)

    @property
    def jump_count(self) -> int:
        return len(self.jumps)

    @property
    def moves(self) -> list[list[int]]:
        return pegs.group_moves(self.jumps)

    @property
    def notation(self) -> str:
        return format_moves(self.moves)

    @property
    def last_landing(self) -> int | None:
        """The hole of the peg that jumped last: jumping it again continues the same move."""
        return self.jumps[-1][2] if self.jumps else None

    def legal_jumps(self) -> list[pegs.Jump]:
        return pegs.legal_jumps(self.board, self._position)

    @property
    def status(self) -> Status:
        if pegs.is_goal(self.board, self._position, self.finish):
            return Status.SOLVED
        if not self.legal_jumps():
            return Status.STUCK
        return Status.PLAYING

    # ---- save files

    def to_json(self) -> str:
        data = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "puzzle": f"pegs/{self.board.id}",
            "board": self.board.id,
            "start": sorted(self.start),
            "finish": "any" if self.finish is None else self.finish,
            "moves": self.notation,
        }
        if not _is_shipped(self.board):
            data["board_text"] = self.board.text
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"

    def save(self, path: str | Path) -> None:
        write_atomic(path, self.to_json())

    @classmethod
    def from_json(cls, text: str, source: str = msg("save file")) -> PegGame:
        data = parse_save(text, source, SAVE_FORMAT, SAVE_VERSION, msg("peg solitaire"))
        try:
            if "board_text" in data:
                board = parse_board(data["board_text"],
                                    source=msg("{source} (board)", source=source),
                                    default_id=str(data.get("board", "custom")))
            else:
                board = get_board(str(data["board"]))
            finish = data.get("finish", "any")
            game = cls(board, frozenset(data["start"]), None if finish == "any" else finish)
            for move in parse_moves(str(data.get("moves", ""))):
                game.play_move(move)
        except BoardError as exc:
            raise SaveError(msg("{source}: its board is invalid: {error}", source=source,
                                error=detail(exc))) from None
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError(msg("{source} is damaged ({detail})", source=source,
                                detail=detail(exc))) from None
        return game

    @classmethod
    def load(cls, path: str | Path) -> PegGame:
        return cls.from_json(read_text(path), source=str(path))


def _is_shipped(board: Board) -> bool:
    try:
        return get_board(board.id).text == board.text
    except KeyError:
        return False
