"""How the peg tests read a peg game in the one game window (pegapp.ui.game_window.GameWindow):
the names the old peg window's game (PegGame) had, read from the window's Session."""

from __future__ import annotations

from pegapp.core import pegs
from pegapp.puzzles.pegs import PegPuzzle, stats_id


class PegGameOf:
    """The peg game a window shows now (read afresh each time): board, start, finish, position,
    jumps (as (from, over, to)), counts, notation, legal jumps and earlier positions."""

    def __init__(self, window):
        self.window = window

    @property
    def session(self):
        return self.window.session

    @property
    def board(self):
        return self.session.puzzle.board

    @property
    def start(self):
        return self.session.puzzle.start

    @property
    def finish(self):
        return self.session.puzzle.finish

    @property
    def position(self) -> int:
        return self.session.state

    @property
    def start_position(self) -> int:
        return self.session.start

    @property
    def jumps(self) -> list[tuple[int, int, int]]:
        return [self.board.jump_index[tuple(step)] for step in self.session.steps]

    @property
    def moves(self) -> list[list[int]]:
        return self.session.moves

    @property
    def move_count(self) -> int:
        return self.session.move_count

    @property
    def jump_count(self) -> int:
        return self.session.step_count

    @property
    def notation(self) -> str:
        return self.session.notation

    @property
    def status(self) -> str:
        return self.session.status

    def legal_jumps(self) -> list[tuple[int, int, int]]:
        return pegs.legal_jumps(self.board, self.position)

    def push(self, jump: tuple[int, int, int]) -> None:
        """Play a jump (from, over, to) on the game itself, past the window's undo stack."""
        self.session.push([jump[0], jump[2]])

    def position_after(self, k: int) -> int:
        return self.session.states[k]


def game(window) -> PegGameOf:
    return PegGameOf(window)


def jump(window, f: int, o: int, t: int) -> None:
    """The player jumps f over o into t (what the board view asks the window)."""
    window.play_moves([[f, t]])


def peg_stats_id(board) -> str:
    """The statistics id of a board's game (the peg family's stats_id)."""
    return stats_id(PegPuzzle(board))
