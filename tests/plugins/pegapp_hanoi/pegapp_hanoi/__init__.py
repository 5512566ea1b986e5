"""Tower of Hanoi, a PegApp family in one module (the view is in pegapp_hanoi.view, Qt).

Puzzle ids are "hanoi/N" for N discs (1 to 10). A state is a tuple giving the peg (0, 1, 2) of
each disc, smallest first; every disc starts on peg 0 and must end on peg 2. A move is (from, to):
the top disc of peg from goes onto peg to, never onto a smaller disc. The solver is PegApp's
generic bidirectional breadth-first search; the shortest solution has 2**N - 1 moves.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from pegapp.core.messages import msg
from pegapp.puzzles.base import BadInput, IllegalMove
from pegapp.puzzles.family import INT, Family, Param, Preset
from pegapp.solvers.result import Progress, SolveResult, Stop, never_stop, no_progress
from pegapp.solvers.search import bidirectional_bfs

PEGS = 3
MIN_DISCS, MAX_DISCS = 1, 10

State = tuple[int, ...]
Move = tuple[int, int]


class Hanoi:
    """Tower of Hanoi with n discs."""

    ABILITIES: frozenset[str] = frozenset()

    def __init__(self, discs: int = 3):
        if not MIN_DISCS <= discs <= MAX_DISCS:
            raise BadInput(msg("hanoi: {low} to {high} discs, not {discs}", low=MIN_DISCS,
                               high=MAX_DISCS, discs=discs))
        self.discs = discs
        self.id = f"hanoi/{discs}"
        #: at most this many positions can be reached: the window offers their Map
        self.POSITIONS_BOUND = PEGS ** discs
        self.goal: State = (PEGS - 1,) * discs

    def initial(self) -> State:
        return (0,) * self.discs

    def check_state(self, state: Sequence[int]) -> State:
        state = tuple(state)
        if len(state) != self.discs or any(p not in range(PEGS) for p in state):
            raise BadInput(msg("hanoi: a position gives the peg (0-2) of each of {discs} discs",
                               discs=self.discs))
        return state

    @staticmethod
    def top(state: State, peg: int) -> int | None:
        """The smallest disc on peg (the one on top), or None."""
        for disc, p in enumerate(state):
            if p == peg:
                return disc
        return None

    def moves(self, state: State) -> list[Move]:
        out = []
        for a in range(PEGS):
            disc = self.top(state, a)
            if disc is None:
                continue
            for b in range(PEGS):
                other = self.top(state, b)
                if b != a and (other is None or other > disc):
                    out.append((a, b))
        return out

    def apply(self, state: State, move: Move) -> State:
        a, b = move
        if a not in range(PEGS) or b not in range(PEGS) or a == b:
            raise IllegalMove(msg("hanoi: no move from peg {a} to peg {b}", a=a, b=b))
        disc = self.top(state, a)
        if disc is None:
            raise IllegalMove(msg("hanoi: peg {a} is empty", a=a))
        other = self.top(state, b)
        if other is not None and other < disc:
            raise IllegalMove(msg("hanoi: a disc never goes onto a smaller one"))
        return state[:disc] + (b,) + state[disc + 1:]

    def is_solved(self, state: State) -> bool:
        return tuple(state) == self.goal

    def neighbours(self, state: State) -> Iterable[tuple[Move, State]]:
        return ((m, self.apply(state, m)) for m in self.moves(state))

    def solve(self, state: State, progress: Progress = no_progress,
              stop: Stop = never_stop) -> SolveResult:
        return bidirectional_bfs(tuple(state), self.goal, self.neighbours, progress, stop)

    def format_moves(self, moves: Sequence[Move]) -> str:
        return " ".join(f"{a}-{b}" for a, b in moves)

    def parse_moves(self, text: str) -> list[Move]:
        pairs = re.findall(r"([0-9]+)\s*-\s*([0-9]+)", text, re.ASCII)
        if re.sub(r"[0-9]+\s*-\s*[0-9]+|\s", "", text, flags=re.ASCII):
            raise BadInput(msg("hanoi: moves are from-to pairs, e.g. 0-2 0-1"))
        return [(int(a), int(b)) for a, b in pairs]


def make(puzzle_id: str, params: dict[str, Any]) -> Hanoi:
    """hanoi/N (N discs)."""
    m = re.fullmatch(r"hanoi(?:/([0-9]+))?", puzzle_id.strip(), re.ASCII)
    if not m:
        raise BadInput(msg("unknown puzzle {puzzle!r}", puzzle=puzzle_id))
    return Hanoi(int(m.group(1) or 3))


def choose(values: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    return f"hanoi/{values['discs']}", {}


FAMILY = Family(
    "hanoi", "Tower of Hanoi", "ハノイの塔",
    "Move the whole tower from the left peg to the right one, one disc at a time, never "
    "putting a disc on a smaller one. Click a peg, then the peg to move its top disc to.",
    presets=(Preset("hanoi/3", "Tower of Hanoi, 3 discs", "ハノイの塔 3枚", {}),
             Preset("hanoi/5", "Tower of Hanoi, 5 discs", "ハノイの塔 5枚", {})),
    params=(Param("discs", "Discs", INT, 3, minimum=MIN_DISCS, maximum=MAX_DISCS),),
    make=make, view="pegapp_hanoi.view:HanoiView", choose=choose)
