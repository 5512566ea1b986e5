"""The player's own boards: board files kept in a folder of the player's data, listed in the
picker under "Your boards" and written by the board designer.

Qt-free: the windows pass their data folder (QStandardPaths' AppDataLocation); the folder is
``<data_dir>/boards``. A file that cannot be read is listed with its BoardError, so the picker
can say which file is wrong and why instead of hiding it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pegapp.core.board import Board, BoardError, is_safe_board_id, load_board, shipped_board_ids
from pegapp.core.pegs import board_game

#: the folder under the player's data folder
FOLDER = "boards"


@dataclass(frozen=True)
class PlayerBoard:
    """One file of the folder: its board, or the error that names what is wrong with it."""
    path: Path
    board: Board | None
    error: BoardError | None = None

    def game(self) -> tuple[str, dict]:
        """(puzzle id, params) that start this board, as a board file opened from disk does
        (pegapp.core.pegs.board_game: core's own, so the picker asks the board, not a family)."""
        assert self.board is not None
        return board_game(self.board)



def boards_dir(data_dir: str | Path) -> Path:
    return Path(data_dir) / FOLDER


def board_path(data_dir: str | Path, board_id: str) -> Path:
    """Where the board named board_id is (or would be) saved; board_id must be a safe name."""
    if not is_safe_board_id(board_id):
        raise ValueError(f"not a safe board name: {board_id!r}")
    return boards_dir(data_dir) / f"{board_id}.toml"


def clashes_with_shipped(board_id: str) -> bool:
    """A player's board may not take a shipped board's name (the games would be confused)."""
    return board_id in shipped_board_ids()


def player_boards(data_dir: str | Path) -> list[PlayerBoard]:
    """Every *.toml file of the folder, sorted by name; a missing folder is an empty list."""
    folder = boards_dir(data_dir)
    if not folder.is_dir():
        return []
    found = []
    for path in sorted(folder.glob("*.toml")):
        try:
            found.append(PlayerBoard(path, load_board(path)))
        except BoardError as exc:
            found.append(PlayerBoard(path, None, exc))
    return found
