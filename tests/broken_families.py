"""Small plug-in families that each break the family contract one way (issue #72: a plug-in can
break only itself), for the command line's tests (tests/test_plugin_boundary.py). Each is
registered as a real plug-in is, through an entry point: plugin_folder() writes a
distribution's metadata (a .dist-info folder with entry_points.txt) into a folder put on
sys.path, naming the families of this module; no pip install.

The intact puzzle counts from 0 up to a goal by steps of +1 or +2 (states are whole numbers);
each broken one changes one method."""

from __future__ import annotations

import dataclasses
import re
import time
from pathlib import Path
from typing import Any

from pegapp.core.messages import msg
from pegapp.puzzles.base import BadInput, IllegalMove
from pegapp.puzzles.family import Family, Preset
from pegapp.solvers.result import SOLVED, SolveResult, never_stop, no_progress

GOAL = 4


class Steps:
    """Count from 0 up to GOAL by +1 or +2."""

    ABILITIES: frozenset = frozenset()
    KEY = "steps"

    def __init__(self):
        self.id = f"{self.KEY}/{GOAL}"

    def initial(self) -> Any:
        return 0

    def moves(self, state) -> list[int]:
        return [m for m in (1, 2) if state + m <= GOAL]

    def apply(self, state, move):
        if move not in self.moves(state):
            raise IllegalMove(msg("cannot add {move}", move=move))
        return state + move

    def is_solved(self, state) -> bool:
        return state == GOAL

    def solve(self, state, progress=no_progress, stop=never_stop):
        moves = []
        while state + sum(moves) < GOAL:
            moves.append(2 if state + sum(moves) + 2 <= GOAL else 1)
        return SolveResult(SOLVED, moves, True)

    def format_moves(self, moves) -> str:
        return " ".join(f"+{m}" for m in moves)

    def parse_moves(self, text: str) -> list[int]:
        if re.sub(r"\+[12]|\s", "", text):
            raise BadInput(msg("moves are +1 or +2"))
        return [int(m) for m in re.findall(r"\+([12])", text)]

    def check_state(self, state):
        if not isinstance(state, int) or not 0 <= state <= GOAL:
            raise BadInput(msg("a count from 0 to {goal}", goal=GOAL))
        return state


class Box(list):
    """A hashable list: a state apply can change in place."""

    def __hash__(self):
        return hash(tuple(self))


class InPlace(Steps):
    """apply changes its input state (and returns it)."""

    KEY = "inplace"

    def initial(self):
        return Box([0])

    def moves(self, state):
        return super().moves(state[0])

    def apply(self, state, move):
        state[0] = Steps().apply(state[0], move)
        return state

    def is_solved(self, state):
        return state[0] == GOAL

    def solve(self, state, progress=no_progress, stop=never_stop):
        return super().solve(state[0])

    def check_state(self, state):
        return state


class Unhashable(Steps):
    """Its states are lists."""

    KEY = "unhashable"

    def initial(self):
        return [0]

    def moves(self, state):
        return super().moves(state[0])

    def apply(self, state, move):
        return [Steps().apply(state[0], move)]

    def is_solved(self, state):
        return state[0] == GOAL

    def solve(self, state, progress=no_progress, stop=never_stop):
        return super().solve(state[0])

    def check_state(self, state):
        return state


class Raises(Steps):
    KEY = "raises"

    def solve(self, state, progress=no_progress, stop=never_stop):
        return 1 / 0


class DictSolve(Steps):
    KEY = "dictsolve"

    def solve(self, state, progress=no_progress, stop=never_stop):
        return {"status": "solved", "moves": [2, 2]}


class Endless(Steps):
    """solve never ends, and never looks at stop."""

    KEY = "endless"

    def solve(self, state, progress=no_progress, stop=never_stop):
        while True:
            time.sleep(0.05)


class WrongLine(Steps):
    """solve answers one move, proven minimal, that does not reach the goal."""

    KEY = "wrongline"

    def solve(self, state, progress=no_progress, stop=never_stop):
        if self.is_solved(state):
            return SolveResult(SOLVED, [], True)
        return SolveResult(SOLVED, [1], True)


#: how many positions Understated can reach (it declares UNDERSTATED_BOUND)
REACHABLE = 300_000
UNDERSTATED_BOUND = 1_000


class Understated(Steps):
    """Counts up to REACHABLE but declares POSITIONS_BOUND = UNDERSTATED_BOUND; counts the
    positions its apply has made (a counted limit, never the clock)."""

    KEY = "understated"
    POSITIONS_BOUND = UNDERSTATED_BOUND
    applied = 0

    def moves(self, state):
        return [m for m in (1, 2) if state + m <= REACHABLE]

    def apply(self, state, move):
        Understated.applied += 1
        return state + move

    def is_solved(self, state):
        return state == REACHABLE


def family(puzzle_class) -> Family:
    key = puzzle_class.KEY
    return Family(key=key, name=key, name_ja="", rules="count up", presets=(
        Preset(f"{key}/{GOAL}", key, ""),), params=(), view="tests.broken_families:NoView",
        make=lambda puzzle_id, params: _make(puzzle_class, puzzle_id))


def _make(puzzle_class, puzzle_id: str):
    if puzzle_id not in (puzzle_class.KEY, f"{puzzle_class.KEY}/{GOAL}"):
        raise BadInput(msg("unknown puzzle {puzzle!r}", puzzle=puzzle_id))
    return puzzle_class()


class KeyErrorCommands:
    """Command-line handlers of the family's own whose solve_json raises a KeyError."""

    @staticmethod
    def solve_json(puzzle_id, args):
        return {}["moves"]


class OwnCommands(Steps):
    KEY = "owncommands"


BROKEN = {cls.KEY: family(cls) for cls in (InPlace, Unhashable, Raises, DictSolve, Endless,
                                            WrongLine, Understated, OwnCommands)}
BROKEN["owncommands"] = dataclasses.replace(BROKEN["owncommands"], commands=KeyErrorCommands())
OWNCOMMANDS = BROKEN["owncommands"]
INPLACE, UNHASHABLE, RAISES = BROKEN["inplace"], BROKEN["unhashable"], BROKEN["raises"]
DICTSOLVE, ENDLESS, WRONGLINE = BROKEN["dictsolve"], BROKEN["endless"], BROKEN["wrongline"]
UNDERSTATED = BROKEN["understated"]


def plugin_folder(folder: Path) -> Path:
    """A folder that, on sys.path, registers every family of BROKEN as a plug-in distribution
    does (entry points of the group pegapp.families); the folder."""
    info = folder / "pegapp_broken_examples-0.1.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: pegapp-broken-examples\n"
                                   "Version: 0.1\n", encoding="utf-8")
    lines = [f"{key} = tests.broken_families:{key.upper()}" for key in BROKEN]
    (info / "entry_points.txt").write_text("[pegapp.families]\n" + "\n".join(lines) + "\n",
                                           encoding="utf-8")
    return folder
