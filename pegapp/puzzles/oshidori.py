"""Oshidori (おしどりの遊び): move stones two at a time into the empty pair of cells.

A row of 2m + 2 cells holds 2m stones and two adjacent empty cells. A move lifts two *adjacent*
stones, keeping their order, and puts them into the two empty cells; the cells they left become the
new empty pair. Every move can be undone by one move.

Two families (seed article 002 and the classic it varies):

``kinds`` -- k kinds of stones, two of each, k = 2..10 (id ``oshidori/k<k>``)
    start ``1 2 .. k 1 2 .. k _ _``, goal ``1 1 2 2 .. k k _ _`` (M. Hiroi's variant). Shortest
    solutions: k = 3..8: 3, 7, 5, 7, 8, 11 moves (the article); k = 9: 10, k = 10: 12 (this
    solver, proven by bidirectional breadth-first search). k = 2 cannot be solved. Beyond the
    range offered here the same search (pegapp.solvers.stone_pairs.engine.solve_cells) gives
    k = 11: 11 moves (4 s, 0.35 GB) and, for k = 12, no solution of 12 moves or fewer before it
    needs more than 4 GB.
``classic`` -- n black and n white stones, n = 2..13 (id ``oshidori/classic<n>``)
    Tait's counter puzzle (1884), the white-and-black おしどりの遊び the article varies: start
    alternating ``B W B W .. B W _ _`` (B = 1, W = 2, the empty pair at the right end), goal
    ``_ _ W .. W B .. B``: the colours separated, no gap between the stones, the empty pair at the
    left end, so the finished row sits two cells right of where it began, as in Dudeney's
    solution for 4 pairs (cells 1..10: 2,3 to 9,10; 5,6 to 2,3; 8,9 to 5,6; 1,2 to 8,9). On this
    row of 2n + 2 cells it takes n moves for n >= 4 (the classic n; tested for n = 4..9 and 13),
    4 moves for n = 3; n = 2 cannot be solved.

Cells are numbered 0..2m+1 from the left. A state is a tuple of cells (0 = empty, 1.. = stone kind).
A move is ``(src, dst)``: the stones in cells src, src+1 go to the empty cells dst, dst+1; dst is
always the current empty pair, so src alone determines the move, but both are kept for readability.
Notation: one bracket per move, ``( 1,16)( 8, 1)``, like the peg-solitaire export.

CLI: ``pegapp solve oshidori --kinds 8``, ``pegapp solve oshidori/k8``,
``pegapp solve oshidori --pairs 4`` / ``oshidori/classic4``; ``--start "1 2 3 1 2 3 _ _"`` for
another start (same stones as the goal); ``--memory GB`` (default 2) caps the search's tables.
"""

from __future__ import annotations

import math
import re
import sys
import time
from collections.abc import Sequence
from typing import Any

from pegapp.core.board import NUMBERS, hole_naming
from pegapp.core.messages import msg
from pegapp.puzzles.base import (DESCRIBE, MEMORY, POSITION, BadInput, IllegalMove, check_ascii_digits,
                                 memory_gb, vouched)
from pegapp.puzzles.family import CHOICE, INT, Family, Param, Preset, option_value
from pegapp.solvers.record import add_search
from pegapp.solvers.stone_pairs.engine import solve_cells
from pegapp.solvers.result import (
    Progress,
    SolveResult,
    Stop,
    never_stop,
    no_progress,
)

KINDS_RANGE = (2, 10)
PAIRS_RANGE = (2, 13)
DEFAULT_KINDS = 3
DEFAULT_MEMORY_GB = 2.0

State = tuple[int, ...]
Move = tuple[int, int]


def kinds_start(k: int) -> State:
    return tuple(list(range(1, k + 1)) * 2 + [0, 0])


def kinds_goal(k: int) -> State:
    return tuple([x for i in range(1, k + 1) for x in (i, i)] + [0, 0])


def classic_start(n: int) -> State:
    return tuple([1, 2] * n + [0, 0])


def classic_goal(n: int) -> State:
    return tuple([0, 0] + [2] * n + [1] * n)


def format_state(state: Sequence[int]) -> str:
    """``1 2 3 1 2 3 _ _``."""
    return " ".join("_" if v == 0 else str(v) for v in state)


def parse_state(text: str) -> State:
    """Cells separated by spaces or commas; ``_``, ``.`` or ``0`` for an empty cell.

    Without separators every character is one cell (``123123__``)."""
    check_ascii_digits(text)
    text = text.strip()
    tokens = re.split(r"[\s,]+", text) if re.search(r"[\s,]", text) else list(text)
    cells = []
    for tok in tokens:
        if tok in ("_", ".", "0", "-"):
            cells.append(0)
        elif tok.isdigit() and 1 <= int(tok) <= 15:
            cells.append(int(tok))
        else:
            raise BadInput(msg("oshidori: bad cell {cell!r} (stones 1..15, '_' for empty)",
                               cell=tok))
    return tuple(cells)


def check_state(state: Sequence[int]) -> None:
    """Raise BadInput unless exactly two cells are empty and they are side by side."""
    empties = [i for i, v in enumerate(state) if v == 0]
    if len(empties) != 2 or empties[1] != empties[0] + 1:
        raise BadInput(msg("oshidori: a position needs exactly two empty cells, side by side"))


def kinds_count(kinds: int) -> int:
    """kinds if stone pairs can be played with that many kinds of stones, else BadInput."""
    lo, hi = KINDS_RANGE
    if not lo <= kinds <= hi:
        raise BadInput(msg("oshidori: the number of kinds must be {low}..{high} (got {kinds})",
                           low=lo, high=hi, kinds=kinds))
    return kinds


def pairs_count(pairs: int) -> int:
    """pairs if the classic puzzle can be played with that many stones of each colour."""
    lo, hi = PAIRS_RANGE
    if not lo <= pairs <= hi:
        raise BadInput(msg("oshidori: the number of stones of each colour must be "
                           "{low}..{high} (got {pairs})", low=lo, high=hi, pairs=pairs))
    return pairs


class Oshidori:
    """One oshidori puzzle: ``Oshidori(kinds=8)``, ``Oshidori(pairs=4)``, optional ``start``.

    ``goal`` is the position to reach; ``is_solved`` compares with it.
    """

    ABILITIES = frozenset({MEMORY, POSITION, DESCRIBE})

    def __init__(self, kinds: int | None = None, pairs: int | None = None,
                 start: Sequence[int] | None = None, memory_gb: float = DEFAULT_MEMORY_GB,
                 backend: str = "auto"):
        if kinds is not None and pairs is not None:
            raise BadInput(msg("oshidori: give --kinds or --pairs, not both"))
        if start is not None and kinds is None and pairs is None:
            stones = [v for v in start if v]
            kinds = max(stones) if stones else 0
        if pairs is not None:
            pairs_count(pairs)
            self.family, self.size = "classic", pairs
            self.id = f"oshidori/classic{pairs}"
            self.goal = classic_goal(pairs)
            default_start = classic_start(pairs)
        else:
            k = kinds_count(DEFAULT_KINDS if kinds is None else kinds)
            self.family, self.size = "kinds", k
            self.id = f"oshidori/k{k}"
            self.goal = kinds_goal(k)
            default_start = kinds_start(k)
        if start is None:
            self.start = default_start
        else:
            self.start = self.check_state(tuple(int(v) for v in start))
        self.memory_gb = memory_gb
        self.backend = backend

    def parse_state(self, text: str) -> State:
        """A position the player types (POSITION: Game > Enter a position…): the cells left to
        right, "_" for the empty ones, with this puzzle's stones (check_state)."""
        return self.check_state(parse_state(text))

    def check_state(self, state: Sequence[int]) -> State:
        """state as a tuple if it is a position of this puzzle -- two empty cells side by side
        and the goal's stones -- else BadInput."""
        state = tuple(state)
        check_state(state)  # the module's test of the empty pair
        if sorted(state) != sorted(self.goal):
            stones = format_state(sorted(self.goal, key=lambda v: (v == 0, v)))
            raise BadInput(msg("oshidori: the start must hold the goal's stones: {stones}",
                               stones=stones))
        return state

    # ---------------------------------------------------------------- Puzzle protocol
    def initial(self) -> State:
        return self.start

    def moves(self, state: State) -> list[Move]:
        b = state.index(0)
        return [(i, b) for i in range(len(state) - 1) if i + 1 < b or i > b + 1]

    def apply(self, state: State, move: Move) -> State:
        try:
            src, dst = (int(x) for x in move)
        except (TypeError, ValueError):
            raise IllegalMove(msg("a move is (from cell, to cell), not {move!r}",
                                  move=move)) from None
        n = len(state)
        if not (0 <= src < n - 1 and 0 <= dst < n - 1):
            raise IllegalMove(msg("cells are numbered 0..{last}", last=n - 1))
        if state[dst] != 0 or state[dst + 1] != 0:
            raise IllegalMove(msg("cells {left} and {right} are not both empty", left=dst,
                                  right=dst + 1))
        if state[src] == 0 or state[src + 1] == 0:
            raise IllegalMove(msg("cells {left} and {right} do not both hold a stone", left=src,
                                  right=src + 1))
        t = list(state)
        t[dst], t[dst + 1] = state[src], state[src + 1]
        t[src] = t[src + 1] = 0
        return tuple(t)

    def map_maker(self):
        """The Map (contract, optional): a breadth-first analysis from the goal (moves are
        reversible: distances from the goal are distances to it), when its arrangements fit."""
        from pegapp.puzzles import whole_map

        arrangements = math.factorial(len(self.goal))
        for c in (self.goal.count(v) for v in set(self.goal)):
            arrangements //= math.factorial(c)
        if arrangements > whole_map.MAX_DICT_POSITIONS:
            raise whole_map.too_large(self)

        def make(progress, stop):
            from pegapp.solvers.result import CANCELLED, Cancelled
            from pegapp.solvers.search import analyse
            from pegapp.solvers.stone_pairs.rules import neighbours

            a = analyse(self.goal, neighbours, progress, stop, keep_distances=True)
            if a.status == CANCELLED:
                raise Cancelled
            return whole_map.by_distance_map(self, a)
        return make

    def is_solved(self, state: State) -> bool:
        return tuple(state) == self.goal

    def solve(self, state: State | None = None, progress: Progress = no_progress,
              stop: Stop = never_stop) -> SolveResult:
        state = self.start if state is None else tuple(state)
        check_state(state)
        if sorted(state) != sorted(self.goal):
            raise BadInput(msg("oshidori: the position does not hold the goal's stones"))
        return solve_cells(state, self.goal, progress, stop,
                           memory_bytes=int(self.memory_gb * 1e9), backend=self.backend)

    def describe_move(self, state: State, move: Move, advice: bool = False):
        """'Move the pair at 3–4 to the gap at 7–8': cells counted from 1 at the left, as a
        player counts them, or from 0 (the article's numbering, as in the notation) when the
        player chose article numbers (hole_naming() == NUMBERS)."""
        src, dst = move
        base = 0 if hole_naming() == NUMBERS else 1
        return msg("Move the pair at {a}–{b} to the gap at {c}–{d}", a=src + base,
                   b=src + base + 1, c=dst + base, d=dst + base + 1)

    def format_moves(self, moves: Sequence[Move]) -> str:
        return "".join(f"({s:2d},{d:2d})" for s, d in moves)

    def parse_moves(self, text: str) -> list[Move]:
        """``( 1,16)( 8, 1)``, also ``1-16 8-1`` or ``1>16, 8>1``: pairs of cell numbers."""
        body = text.strip()
        if not body:
            return []
        if re.search(r"[^\d\s,()\->]", body):
            raise BadInput(msg("oshidori: cannot read moves {text!r}", text=text))
        nums = [int(x) for x in re.findall(r"\d+", body)]
        if len(nums) % 2:
            raise BadInput(msg("oshidori: every move needs two cells (from, to)"))
        return [(nums[i], nums[i + 1]) for i in range(0, len(nums), 2)]

    # ---------------------------------------------------------------- helpers
    def replay(self, moves: Sequence[Move], state: State | None = None) -> list[State]:
        """States along moves from state (default the start); raises IllegalMove."""
        s = self.start if state is None else tuple(state)
        out = [s]
        for m in moves:
            s = self.apply(s, m)
            out.append(s)
        return out

    def describe(self) -> str:
        if self.family == "classic":
            return (f"oshidori classic, {self.size} black (1) and {self.size} white (2) stones: "
                    f"{format_state(self.start)} -> {format_state(self.goal)}")
        return (f"oshidori, {self.size} kinds of stones, two of each: "
                f"{format_state(self.start)} -> {format_state(self.goal)}")


NOTATION = ("one bracket per move, (from,to): the stones in cells from, from+1 move to the empty "
            "cells to, to+1; cells numbered 0.. from the left; states: '_' = empty, 1.. = stone "
            "kind (classic: 1 = black, 2 = white)")


def puzzle_from_args(puzzle_id: str, args: Any) -> Oshidori:
    """``oshidori``, ``oshidori/k8``, ``oshidori/classic4`` (or ``oshidori/classic`` + --pairs)."""
    kinds = option_value(args, "kinds", kinds_count)
    pairs = option_value(args, "pairs", pairs_count)
    memory = memory_gb(args)
    rest = puzzle_id.split("/", 1)[1] if "/" in puzzle_id else ""
    if rest:
        check_ascii_digits(rest)
        m = re.fullmatch(r"k(\d+)|classic(\d*)", rest, re.ASCII)
        if not m:
            raise BadInput(msg("unknown oshidori puzzle {puzzle!r} (oshidori, "
                               "oshidori/k<kinds>, oshidori/classic<pairs>)", puzzle=puzzle_id))
        if m.group(1) is not None:
            if pairs is not None or (kinds is not None and kinds != int(m.group(1))):
                raise BadInput(msg("{puzzle}: conflicting --kinds/--pairs", puzzle=puzzle_id))
            kinds = int(m.group(1))
        else:
            if kinds is not None:
                raise BadInput(msg("{puzzle}: --kinds does not apply to the classic puzzle",
                                   puzzle=puzzle_id))
            if m.group(2):
                if pairs is not None and pairs != int(m.group(2)):
                    raise BadInput(msg("{puzzle}: conflicting --pairs", puzzle=puzzle_id))
                pairs = int(m.group(2))
            elif pairs is None:
                raise BadInput(msg("{puzzle}: give --pairs (stones of each colour)",
                                   puzzle=puzzle_id))
    if memory is None:
        memory = DEFAULT_MEMORY_GB
    start = option_value(args, "start", parse_state)
    puzzle = Oshidori(kinds=kinds, pairs=pairs, memory_gb=memory)  # the options' own refusals
    if start is None:
        return puzzle
    # the stones of --start (which give the kinds when --kinds does not): refused naming it
    return option_value(args, "start", lambda _text: Oshidori(kinds=kinds, pairs=pairs,
                                                              start=start, memory_gb=memory))


def result_json(p: Oshidori, res: SolveResult, seconds: float) -> dict[str, Any]:
    out: dict[str, Any] = {
        "puzzle": p.id,
        "family": p.family,
        "kinds" if p.family == "kinds" else "pairs": p.size,
        "start": format_state(p.start),
        "goal": format_state(p.goal),
        "status": res.status,
    }
    path = res.stats.get("path")
    out["moves"] = [list(m) for m in res.moves] if res.moves is not None else None
    out["length"] = res.length
    out["proven_minimal"] = res.proven_solution
    out["text"] = p.format_moves(res.moves) if res.moves is not None else None
    out["states"] = [format_state(s) for s in path] if path else None
    if res.reason:
        out["reason"] = res.reason
    out["seconds"] = round(seconds, 3)
    out["notation"] = NOTATION
    out["positions"] = res.stats.get("positions")
    out["stats"] = {k: v for k, v in res.stats.items() if k not in ("path",)}
    out["memory_gb"] = p.memory_gb
    add_search(out, res)
    return out


def hint_problem(puzzle_id: str, args: Any):
    """`pegapp hint oshidori ...`: the puzzle and the position to hint from."""
    p = puzzle_from_args(puzzle_id, args)
    return p, p.initial(), {}


def train_entry(puzzle: Oshidori, state: State) -> dict[str, Any]:
    """A training puzzle's position as `hint oshidori --start` takes it (pegapp train)."""
    return {"start": format_state(state)}


def solve_json(puzzle_id: str, args: Any) -> dict[str, Any]:
    p = puzzle_from_args(puzzle_id, args)
    t0 = time.perf_counter()
    res = vouched(p, p.start, p.solve(p.start))
    return result_json(p, res, time.perf_counter() - t0)


# ---------------------------------------------------------------------- the family

def make_oshidori(puzzle_id: str, params: dict[str, Any]) -> Oshidori:
    """oshidori/kK or oshidori/classicN from a preset or a save: params "kinds" or "pairs", and
    "start" (the cells)."""
    start = params.get("start")
    return Oshidori(kinds=params.get("kinds"), pairs=params.get("pairs"),
                    start=tuple(start) if start is not None else None)


def choose_oshidori(values: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The variant dialog's stones ("kinds" or "pairs") and their number."""
    key, n = values["stones"], values["count"]
    if n == 2:  # the usual start of 2 cannot be solved (see the module's text; found by an
        # outside trial: the dialog offered it as a game)
        raise BadInput(msg("with 2 the usual start cannot be solved: choose 3 or more"))
    return (f"oshidori/k{n}" if key == "kinds" else f"oshidori/classic{n}"), {key: n}


FAMILY = Family(
    "oshidori", "Stone pairs", "おしどりの遊び",
    "Lift two neighbouring stones, keeping their order, into the two empty cells. With kinds of "
    "stones: the stones in order of their numbers, equal ones side by side (1 1 2 2 3 3), empty "
    "cells last. Black and white: empty cells first, then "
    "the white stones, then the black.",
    presets=(Preset("oshidori/k3", "Stone pairs, 3 kinds", "おしどり 3種類", {"kinds": 3}),
             Preset("oshidori/k5", "Stone pairs, 5 kinds", "おしどり 5種類", {"kinds": 5}),
             Preset("oshidori/classic4", "Black and white, 4 each", "白黒 4個ずつ",
                    {"pairs": 4})),
    params=(Param("stones", msg("Stones"), CHOICE, "kinds",
                  choices=(("kinds", msg("k kinds, two stones of each")),
                           ("pairs", msg("Black and white, n of each")))),
            Param("count", msg("k or n"), INT, 4, minimum=min(KINDS_RANGE[0], PAIRS_RANGE[0]),
                  maximum=max(KINDS_RANGE[1], PAIRS_RANGE[1]), range_of="stones",
                  ranges=(("kinds", *KINDS_RANGE), ("pairs", *PAIRS_RANGE)))),
    make=make_oshidori, view="pegapp.ui.views.oshidori:OshidoriView", choose=choose_oshidori,
    values_of=lambda p: {"stones": "kinds" if p.family == "kinds" else "pairs", "count": p.size},
    commands=sys.modules[__name__], options=("start", "kinds", "pairs", "memory"))
