"""Guarini's knights (1512), a PegApp family in one module (the view is in pegapp_guarini.view).

A 3x3 board, squares 0-8 row by row. Two white knights stand in the top corners (0, 2), two black
ones in the bottom corners (6, 8); they must swap places. A move is (from, to): a knight jumps as
in chess onto an empty square; any knight may move at any time. The centre square is never
reached. A state is a string of 9 characters, "W", "B" or "." (empty). The shortest swap takes
16 moves. The solver is PegApp's generic bidirectional breadth-first search, and the family
declares POSITIONS_BOUND, so the window offers its Map.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from pegapp.core.messages import msg
from pegapp.puzzles.base import BadInput, IllegalMove
from pegapp.puzzles.family import Family, Preset
from pegapp.solvers.result import Progress, SolveResult, Stop, never_stop, no_progress
from pegapp.solvers.search import bidirectional_bfs

SIDE = 3
SQUARES = SIDE * SIDE
START = "W.W...B.B"
GOAL = "B.B...W.W"
State = str
Move = tuple[int, int]


def knight_targets(square: int) -> list[int]:
    """The squares a knight on square reaches on the 3x3 board."""
    r, c = divmod(square, SIDE)
    out = []
    for dr, dc in ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < SIDE and 0 <= cc < SIDE:
            out.append(rr * SIDE + cc)
    return out


JUMPS = {s: knight_targets(s) for s in range(SQUARES)}


class Guarini:
    """Guarini's knights: swap the white and the black knights."""

    ABILITIES: frozenset[str] = frozenset()
    #: 9 squares, 2 white, 2 black: at most 9!/(2!2!5!) = 756 positions (the window's Map)
    POSITIONS_BOUND = 756

    def __init__(self):
        self.id = "guarini"

    def initial(self) -> State:
        return START

    def check_state(self, state: Any) -> State:
        if not isinstance(state, (str, list, tuple)) or not all(isinstance(x, str) for x in state):
            raise BadInput(msg("guarini: a position is 9 squares of W, B or ., two of each knight"))
        text = "".join(state)
        if len(text) != SQUARES or set(text) - set("WB.") or \
                sorted(text.replace(".", "")) != ["B", "B", "W", "W"]:
            raise BadInput(msg("guarini: a position is 9 squares of W, B or ., two of each knight"))
        return text

    def moves(self, state: State) -> list[Move]:
        return [(a, b) for a in range(SQUARES) if state[a] != "."
                for b in JUMPS[a] if state[b] == "."]

    def apply(self, state: State, move: Move) -> State:
        a, b = move
        if a not in JUMPS or b not in JUMPS[a]:
            raise IllegalMove(msg("guarini: no knight's move from {a} to {b}", a=a, b=b))
        if state[a] == "." or state[b] != ".":
            raise IllegalMove(msg("guarini: a knight moves onto an empty square"))
        squares = list(state)
        squares[a], squares[b] = ".", squares[a]
        return "".join(squares)

    def is_solved(self, state: State) -> bool:
        return state == GOAL

    def neighbours(self, state: State) -> Iterable[tuple[Move, State]]:
        return ((m, self.apply(state, m)) for m in self.moves(state))

    def solve(self, state: State, progress: Progress = no_progress,
              stop: Stop = never_stop) -> SolveResult:
        return bidirectional_bfs(state, GOAL, self.neighbours, progress, stop)

    def format_moves(self, moves: Sequence[Move]) -> str:
        return " ".join(f"{a}-{b}" for a, b in moves)

    def parse_moves(self, text: str) -> list[Move]:
        if re.sub(r"[0-9]\s*-\s*[0-9]|\s", "", text, flags=re.ASCII):
            raise BadInput(msg("guarini: moves are from-to pairs of squares 0-8, e.g. 0-5 6-1"))
        return [(int(a), int(b)) for a, b in re.findall(r"([0-9])\s*-\s*([0-9])", text)]


def make(puzzle_id: str, params: dict[str, Any]) -> Guarini:
    if puzzle_id.strip() != "guarini":
        raise BadInput(msg("unknown puzzle {puzzle!r}", puzzle=puzzle_id))
    return Guarini()


FAMILY = Family(
    "guarini", "Guarini's knights", "グアリーニの騎士",
    "Swap the white and the black knights. A knight jumps as in chess onto an empty square. "
    "Click a knight, then the square to jump to.",
    presets=(Preset("guarini", "Guarini's knights", "グアリーニの騎士", {}),),
    params=(),
    make=make, view="pegapp_guarini.view:GuariniView")
