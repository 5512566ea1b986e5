"""Lights Out, a PegApp family in one module (the view is in pegapp_lightsout.view, Qt).

Puzzle ids are "lightsout/5x5". A state is an int: bit r * 5 + c is the light in row r, column c
(1: on). A move is a cell number: pressing it toggles the light and its four neighbours (with
wrapping edges, the neighbours of an edge cell include the cell on the opposite edge). The goal
is every light off. The solver is linear algebra over GF(2): a position's solutions are one
solution plus any combination of the presses that change nothing, so the fewest presses is the
lightest of those (proven minimal); the order of presses does not matter.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

from pegapp.core.messages import msg
from pegapp.puzzles.base import DESCRIBE, RANDOM, BadInput, BadParam, IllegalMove
from pegapp.puzzles.family import BOOL, Family, Param, Preset
from pegapp.solvers.result import (SOLVED, UNSOLVABLE, Progress, SolveResult, Stop, never_stop,
                                   no_progress)

SIZE = 5
CELLS = SIZE * SIZE
#: the start of the presets: the lights after pressing the centre and the four corners
PRESSED = (12, 0, 4, 20, 24)


def cell_name(cell: int) -> str:
    """"a1" is the top left cell: columns a-e from the left, rows 1-5 from the top."""
    return "abcde"[cell % SIZE] + str(cell // SIZE + 1)


class LightsOut:
    """Lights Out on a 5x5 grid; wrap: the edges wrap around (a torus)."""

    ABILITIES = frozenset({RANDOM, DESCRIBE})

    def __init__(self, wrap: bool = False, start: int | None = None):
        self.wrap = wrap
        self.id = "lightsout/5x5"
        self.masks = [self._mask(cell) for cell in range(CELLS)]
        if start is None:
            start = 0
            for cell in PRESSED:
                start ^= self.masks[cell]
        self.start = self.check_state(start)

    def _mask(self, cell: int) -> int:
        r, c = divmod(cell, SIZE)
        mask = 1 << cell
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            rr, cc = r + dr, c + dc
            if self.wrap:
                rr, cc = rr % SIZE, cc % SIZE
            if 0 <= rr < SIZE and 0 <= cc < SIZE:
                mask |= 1 << (rr * SIZE + cc)
        return mask

    def initial(self) -> int:
        return self.start

    def check_state(self, state: Any) -> int:
        if isinstance(state, bool) or not isinstance(state, int) or not 0 <= state < 1 << CELLS:
            raise BadInput(msg("lights out: a position is a number of 25 bits, one a light"))
        if self.solve(state).moves is None:
            raise BadInput(msg("lights out: these lights cannot all be switched off"))
        return state

    def moves(self, state: int) -> list[int]:
        return list(range(CELLS))

    def apply(self, state: int, move: int) -> int:
        if isinstance(move, bool) or not isinstance(move, int) or not 0 <= move < CELLS:
            raise IllegalMove(msg("lights out: there is no cell {cell}", cell=move))
        return state ^ self.masks[move]

    def is_solved(self, state: int) -> bool:
        return state == 0

    def describe_move(self, state: int, move: int, advice: bool = False) -> str:
        return msg("Press {cell}", cell=cell_name(move))

    def random_reachable(self, seed: int | None = None) -> int:
        """A start from presses at random: always solvable, never all off."""
        rng = random.Random(seed)
        state = 0
        while state == 0:
            for cell in rng.sample(range(CELLS), 8):
                state ^= self.masks[cell]
        return state

    def solve(self, state: int, progress: Progress = no_progress,
              stop: Stop = never_stop) -> SolveResult:
        presses = self._fewest_presses(state)
        if presses is None:
            return SolveResult(UNSOLVABLE, reason=msg("lights out: these lights cannot all be "
                                                      "switched off"))
        return SolveResult(SOLVED, [c for c in range(CELLS) if presses >> c & 1], True)

    def _fewest_presses(self, state: int) -> int | None:
        """The lightest set of presses (a bit a cell) that switches state off, or None."""
        # Gaussian elimination over GF(2): rows are (the cells a press changes, the press)
        rows = [(self.masks[c], 1 << c) for c in range(CELLS)]
        pivots: list[tuple[int, int, int]] = []   # (bit, row mask, presses)
        null: list[int] = []
        for mask, presses in rows:
            for bit, pmask, ppresses in pivots:
                if mask >> bit & 1:
                    mask ^= pmask
                    presses ^= ppresses
            if mask == 0:
                null.append(presses)   # changes nothing: add it to any solution
                continue
            pivots.append((mask.bit_length() - 1, mask, presses))
        target, chosen = state, 0
        for bit, pmask, ppresses in pivots:
            if target >> bit & 1:
                target ^= pmask
                chosen ^= ppresses
        if target:
            return None
        best = chosen
        for k in range(1, 1 << len(null)):
            other = chosen
            for i, presses in enumerate(null):
                if k >> i & 1:
                    other ^= presses
            if bin(other).count("1") < bin(best).count("1"):
                best = other
        return best

    def format_moves(self, moves: Sequence[int]) -> str:
        return " ".join(cell_name(m) for m in moves)

    def parse_moves(self, text: str) -> list[int]:
        names = text.split()
        if any(not re.fullmatch(r"[a-e][1-5]", n, re.ASCII) for n in names):
            raise BadInput(msg("lights out: moves are cells a1 to e5"))
        return ["abcde".index(n[0]) + (int(n[1]) - 1) * SIZE for n in names]


def make(puzzle_id: str, params: dict[str, Any]) -> LightsOut:
    """lightsout/5x5; params "wrap" (true/false) and "start" (the lights, an int)."""
    if puzzle_id.strip() not in ("lightsout", "lightsout/5x5"):
        raise BadInput(msg("unknown puzzle {puzzle!r}", puzzle=puzzle_id))
    wrap = params.get("wrap", False)
    if not isinstance(wrap, bool):
        raise BadParam("wrap", msg("must be true or false"))
    start = params.get("start")
    try:
        return LightsOut(wrap, start)
    except BadInput as exc:
        raise BadParam("start", exc.args[0]) from None


def choose(values: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    return "lightsout/5x5", {"wrap": values["wrap"]}


FAMILY = Family(
    "lightsout", "Lights Out", "ライツアウト",
    "Pressing a light switches it and its four neighbours on or off. Switch every light off.",
    presets=(Preset("lightsout/5x5", "Lights Out 5×5", "ライツアウト 5×5", {"wrap": False}),
             Preset("lightsout/5x5", "Lights Out 5×5, wrapping edges", "ライツアウト 5×5 (端がつながる)",
                    {"wrap": True})),
    params=(Param("wrap", msg("Wrapping edges"), BOOL, False,
                  help=msg("the cells of opposite edges are neighbours")),),
    make=make, view="pegapp_lightsout.view:LightsOutView", choose=choose,
    translations="pegapp_lightsout")
