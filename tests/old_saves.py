"""Peg solitaire saves in the format of the release before issue #12 ("pegapp-game" v1, written by
its PegGame), for the tests of the loader's faults: that format is still read (through the
migration), and every fault in it is still named by its own field."""

import json

from pegapp.puzzles.pegs import PegPuzzle, is_shipped
from pegapp.puzzles.session import Session


def peg_session(board, start=None, finish="default", moves=()) -> Session:
    """A peg game: a Session of the board's PegPuzzle."""
    puzzle = PegPuzzle(board, start, finish)
    return Session(puzzle, puzzle.params, moves=moves)


def peg_game_v1(session: Session) -> str:
    """The save the old PegGame.to_json wrote for this game (byte for byte its layout)."""
    puzzle = session.puzzle
    data = {
        "format": "pegapp-game",
        "version": 1,
        "puzzle": f"pegs/{puzzle.board.id}",
        "board": puzzle.board.id,
        "start": sorted(puzzle.start),
        "finish": "any" if puzzle.finish is None else puzzle.finish,
        "moves": session.notation,
    }
    if not is_shipped(puzzle.board):
        data["board_text"] = puzzle.board.text
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
