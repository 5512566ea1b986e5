"""A peg solitaire game in progress: board, start, jump history, status, save files."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from pegapp.core import pegs
from pegapp.core.board import Board, BoardError, get_board, parse_board, shipped_board_ids
from pegapp.core.messages import detail, msg
from pegapp.core.notation import format_moves, parse_moves
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
        bad = [h for h in self.start if not is_int(h) or not 0 <= h < self.board.n]
        if bad or not self.start or len(self.start) >= self.board.n:
            shown = sorted(self.start) if all(map(is_int, self.start)) else list(self.start)
            raise ValueError(msg("start {start} does not fit board {board}",
                                 start=shown, board=self.board.id))
        if self.finish is not None and not (is_int(self.finish)
                                            and 0 <= self.finish < self.board.n):
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
        """The game a save file holds. Anything this PegApp would not have written -- a field
        missing, of the wrong type or out of range, a move that is not legal -- is a SaveError
        saying what is wrong (a msg(), for the player); nothing in the file can crash the caller
        or load a game that cannot be played or drawn."""
        data = parse_save(text, source, SAVE_FORMAT, SAVE_VERSION, msg("peg solitaire"))
        try:
            return cls._from_save(data, source)
        except SaveError:
            raise
        except Exception as exc:  # a save is data from outside: whatever it holds, never crash
            raise unexpected(source, exc) from exc

    @classmethod
    def _from_save(cls, data: dict, source: str) -> PegGame:
        board = _saved_board(data, source)
        n = board.n
        expected = f"pegs/{board.id}"
        if required(data, "puzzle", source) != expected:
            raise damaged(source, "puzzle", msg("must be {expected!r}", expected=expected))
        start = required(data, "start", source)
        if not isinstance(start, list) or not start:
            raise damaged(source, "start", msg("must be a non-empty list of hole numbers"))
        for h in start:
            if not is_int(h) or not 0 <= h < n:
                raise damaged(source, "start",
                              msg("{h!r} is not a hole (holes are 0..{last})", h=h, last=n - 1))
        if len(set(start)) != len(start):
            raise damaged(source, "start", msg("a hole is listed twice"))
        if len(start) >= n:
            raise damaged(source, "start", msg("at least one hole must hold a peg"))
        finish = required(data, "finish", source)
        if finish == "any":
            finish = None
        elif not is_int(finish) or not 0 <= finish < n:
            raise damaged(source, "finish", msg("{finish!r} is neither a hole (0..{last}) nor "
                                                "\"any\"", finish=finish, last=n - 1))
        moves = required(data, "moves", source)
        if not isinstance(moves, str):
            raise damaged(source, "moves", msg("must be a string"))
        game = cls(board, frozenset(start), finish)
        try:
            for move in parse_moves(moves):
                game.play_move(move)
        except ValueError as exc:
            raise damaged(source, "moves", detail(exc)) from None
        return game

    @classmethod
    def load(cls, path: str | Path) -> PegGame:
        return cls.from_json(read_text(path), source=str(path))


def _saved_board(data: dict, source: str) -> Board:
    """The board of a save: its own text (a player's board) or a shipped board by id."""
    board_id = required(data, "board", source)
    if not isinstance(board_id, str):
        raise damaged(source, "board", msg("must be a string"))
    if "board_text" not in data:
        known = shipped_board_ids()
        if board_id not in known:  # also keeps a name such as "../x" out of the file system
            raise damaged(source, "board", msg("no shipped board {board!r} (known: {known})",
                                               board=board_id, known=", ".join(known)))
        return get_board(board_id)
    text = data["board_text"]
    if not isinstance(text, str):
        raise damaged(source, "board_text", msg("must be a string"))
    try:
        board = parse_board(text, source=msg("{source} (board)", source=source),
                            default_id=board_id)
    except BoardError as exc:
        raise SaveError(msg("{source}: its board is invalid: {error}", source=source,
                            error=detail(exc))) from None
    if board.id != board_id:
        raise damaged(source, "board", msg("must be {expected!r}", expected=board.id))
    return board


def _is_shipped(board: Board) -> bool:
    try:
        return get_board(board.id).text == board.text
    except KeyError:
        return False
