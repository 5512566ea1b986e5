"""Two small families for the contract's tests, registered by the fixtures of
tests/test_family_contract.py: "toy", a counter to count up to a goal, with a param of each kind a
save holds (a whole number, true/false, a fractional number typed as text, text) and SHUFFLE;
and "broken", the same counter whose make() deliberately ignores params["shuffle"] (so the
window's Shuffle would show the same start) -- the contract's rule "shuffle" catches it."""

from __future__ import annotations

import random
import re
from typing import Any

from pegapp.core.messages import msg
from pegapp.puzzles.base import SHUFFLE, BadInput, BadParam, IllegalMove
from pegapp.puzzles.family import BOOL, INT, TEXT, Family, Param, Preset
from pegapp.solvers.result import SOLVED, UNSOLVABLE, SolveResult, never_stop, no_progress


class Counter:
    """Count from the start up to goal by steps of 1 or 2 (wrap: past the goal starts at 0)."""

    ABILITIES = frozenset({SHUFFLE})

    def __init__(self, goal: int, wrap: bool, step: float, label: str, start: int = 0):
        self.goal, self.wrap, self.step, self.label = goal, wrap, step, label
        self.start = start
        self.id = f"toy/{goal}"

    def initial(self) -> int:
        return self.start

    def moves(self, state: int) -> list[int]:
        return [m for m in (1, 2) if self.wrap or state + m <= self.goal]

    def apply(self, state: int, move: int) -> int:
        if move not in self.moves(state):
            raise IllegalMove(msg("cannot add {move}", move=move))
        return (state + move) % (self.goal + 1) if self.wrap else state + move

    def is_solved(self, state: int) -> bool:
        return state == self.goal

    def solve(self, state, progress=no_progress, stop=never_stop):
        """Breadth-first from state (the moves are not reversible: no meeting in the middle)."""
        lines, frontier = {state: []}, [state]
        while frontier and self.goal not in lines:
            nxt = []
            for s in frontier:
                for m in self.moves(s):
                    t = self.apply(s, m)
                    if t not in lines:
                        lines[t] = lines[s] + [m]
                        nxt.append(t)
            frontier = nxt
        if self.goal not in lines:
            return SolveResult(UNSOLVABLE, reason=msg("the goal cannot be reached"))
        return SolveResult(SOLVED, lines[self.goal], True)

    def format_moves(self, moves) -> str:
        return " ".join(f"+{m}" for m in moves)

    def parse_moves(self, text: str) -> list[int]:
        if re.sub(r"\+[12]|\s", "", text):
            raise BadInput(msg("moves are +1 or +2"))
        return [int(m) for m in re.findall(r"\+([12])", text)]

    def check_state(self, state) -> int:
        if not isinstance(state, int) or isinstance(state, bool) or not 0 <= state <= self.goal:
            raise BadInput(msg("a count from 0 to {goal}", goal=self.goal))
        return state

    def shuffle(self, seed: int) -> int:
        return random.Random(seed).randrange(self.goal)


def make(puzzle_id: str, params: dict[str, Any], honour_shuffle: bool = True) -> Counter:
    m = re.fullmatch(r"(toy|broken)/([0-9]+)", puzzle_id)
    if not m:
        raise BadInput(msg("unknown puzzle {puzzle!r}", puzzle=puzzle_id))
    wrap, step, label = params.get("wrap", False), params.get("step", 1.0), params.get("label", "")
    if not isinstance(wrap, bool):
        raise BadParam("wrap", msg("must be true or false"))
    if not isinstance(step, float):
        raise BadParam("step", msg("must be a number"))
    if not isinstance(label, str):
        raise BadParam("label", msg("must be a string"))
    puzzle = Counter(int(m.group(2)), wrap, step, label)
    puzzle.id = f"{m.group(1)}/{puzzle.goal}"
    if params.get("start") is not None:
        puzzle.start = puzzle.check_state(params["start"])
    elif params.get("shuffle") is not None and honour_shuffle:
        puzzle.start = puzzle.shuffle(params["shuffle"])
    return puzzle


def choose(values: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    try:
        step = float(values["step"])
    except ValueError:
        raise BadInput(msg("Step: a number")) from None
    return f"toy/{values['goal']}", {"wrap": values["wrap"], "step": step,
                                     "label": values["label"], "size": values["goal"]}


PARAMS = (Param("goal", "Goal", INT, 6, minimum=2, maximum=20),
          Param("wrap", "Wrap around", BOOL, True),
          Param("step", "Step", TEXT, "0.5"),
          Param("label", "Label", TEXT, "Zählen ✓"))

TOY = Family("toy", "Toy counter", "カウンター", "Count up to the goal.",
             presets=(Preset("toy/5", "Count to 5", "5まで", {"wrap": False, "step": 1.5,
                                                             "label": "five"}),),
             params=PARAMS, make=make, view="tests.toy_families:CounterView", choose=choose)

BROKEN = Family("broken", "Broken counter", "壊れたカウンター", "Count up to the goal.",
                presets=(Preset("broken/5", "Count to 5", "5まで", {}),), params=(),
                make=lambda puzzle_id, params: make(puzzle_id, params, honour_shuffle=False),
                view="tests.toy_families:CounterView")


def __getattr__(name: str):
    """CounterView, the families' view: Qt, so built only when a test asks for it."""
    if name != "CounterView":
        raise AttributeError(name)
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QPainter

    from pegapp.ui.views.base import PuzzleView

    class CounterView(PuzzleView):
        """A bar as long as the count."""

        def paintEvent(self, event) -> None:
            painter = QPainter(self)
            theme = self.theme()
            painter.fillRect(self.rect(), theme.table)
            painter.fillRect(QRectF(self.width() - 12, 0, 12, self.height()), theme.hint)  # goal
            width = self.width() * self.state / max(self.puzzle.goal, 1)
            painter.fillRect(QRectF(0, self.height() / 3, width, self.height() / 3),
                             theme.board_edge)
            painter.end()

    globals()["CounterView"] = CounterView
    return CounterView
