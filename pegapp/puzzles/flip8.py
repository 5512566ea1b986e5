"""8-flip (8めくり): pressing a button flips its up to 8 neighbours, but not itself. Goal: all off.

Ids ``flip8/RxC`` (R rows, C columns, 2..20 each; plain ``flip8`` is 4x4).

* Buttons are numbered 0 .. R*C-1 row by row, left to right (as in the article).
* A state is an int bitmask: bit i set = light i on. States are immutable and hashable.
* A move is a button number (int). Pressing twice undoes a press and the order of presses does not
  matter, so a solution is really a *set* of buttons; the solver returns it ascending.

Solver: the lights toggled by button i form column i of a symmetric 0/1 matrix A; clearing state s
means finding a press set x with A x = s over GF(2). Gaussian elimination on bit-packed columns
(pegapp.solvers.gf2) gives one solution x0 and a basis of the null space N (press sets that change
nothing). The minimum number of presses is the minimum weight over the coset x0 + N, found by
enumerating N (dimension at most 19 for boards up to 20x20). If s is not in the image of A, the
elimination also yields a set of lights that every button flips an even number of, with an odd
number of them on: the proof that the pattern can never be cleared.

Start positions (``--start``), see :func:`parse_start`:
``on`` / ``all`` (default: every light on), ``off``, ``random`` or ``random:SEED`` (a random
*reachable* pattern: the result of random presses from all off), a 0/1 string row by row of
exactly R*C digits (separators ``/``, spaces, commas allowed; also ``o``/``.`` and ``○``/``・``),
or ``0x...`` hex where bit i is button i.
"""

from __future__ import annotations

import random
import re
import sys
import time
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import Any

from pegapp.core.board import NUMBERS, hole_naming
from pegapp.core.messages import msg
from pegapp.puzzles.base import (DESCRIBE, DRAW, POSITION, RANDOM, TRAIN, BadInput, IllegalMove,
                                 check_ascii_digits, vouched)
from pegapp.puzzles.family import INT, Family, Param, Preset, option_value
from pegapp.solvers.record import add_search
from pegapp.solvers import gf2
from pegapp.solvers.record import TABLE, SearchRecord
from pegapp.solvers.result import (CANCELLED, SOLVED, UNSOLVABLE, Cancelled, Progress, SolveResult,
                                   Stop, interrupted, never_stop, no_progress)

#: how an 8-flip answer is found (the origin of its record): no search, equations over GF(2)
ALGEBRA_ORIGIN = msg("worked out, not searched: each button is an equation over GF(2) (a button "
                     "pressed twice is as if not pressed), solved once for this pattern; then "
                     "every press set that also clears it is compared for the fewest presses")

MIN_SIZE = 2
MAX_SIZE = 20
#: solutions listed in full when there are at most this many minimum solutions
MAX_LISTED = 100
#: the whole-board analysis costs 2**(R*C) popcounts; refuse beyond this many buttons
MAX_ANALYSE_CELLS = 30
#: the Map: its coset histogram costs 2^buttons popcounts (5x5: a second or two)
MAP_MAX_BUTTONS = 25
#: the longest seed random:SEED takes (a longer one is refused in words, not by Python's limit
#: on reading a number of over 4,300 digits)
MAX_SEED_DIGITS = 100

_ON = set("1#oO○●xX*")
_OFF = set("0.・-_")


def parse_size(puzzle_id: str) -> tuple[int, int]:
    """'flip8/4x6' -> (4, 6); 'flip8' -> (4, 4)."""
    family, _, size = puzzle_id.partition("/")
    if family != "flip8":
        raise BadInput(msg("not an 8-flip puzzle: {puzzle_id!r}", puzzle_id=puzzle_id))
    if not size:
        return 4, 4
    check_ascii_digits(size)
    m = re.fullmatch(r"\s*(\d+)\s*[xX×*]\s*(\d+)\s*", size, re.ASCII)
    if not m:
        raise BadInput(msg("bad 8-flip size {size!r}: expected RxC, e.g. flip8/4x4", size=size))
    rows, cols = int(m.group(1)), int(m.group(2))
    for v in (rows, cols):
        if not MIN_SIZE <= v <= MAX_SIZE:
            raise BadInput(_size_error(rows, cols))
    return rows, cols


def _size_error(rows: int, cols: int):
    return msg("8-flip boards are {low}x{low} .. {high}x{high}, not {rows}x{cols}",
               low=MIN_SIZE, high=MAX_SIZE, rows=rows, cols=cols)


class Flip8:
    """The 8-flip puzzle on an R x C board (Puzzle protocol; see the module docstring)."""

    ABILITIES = frozenset({RANDOM, POSITION, DRAW, DESCRIBE, TRAIN})

    def __init__(self, rows: int = 4, cols: int = 4, start: int | str | None = None) -> None:
        """start: a bitmask, None (all on), or any text parse_start accepts ("random:3", ...)."""
        if not (MIN_SIZE <= rows <= MAX_SIZE and MIN_SIZE <= cols <= MAX_SIZE):
            raise BadInput(_size_error(rows, cols))
        self.rows = rows
        self.cols = cols
        self.size = rows * cols
        self.id = f"flip8/{rows}x{cols}"
        self.all_on = (1 << self.size) - 1
        self.masks: tuple[int, ...] = tuple(self._mask(i) for i in range(self.size))
        if isinstance(start, str):
            start = self.parse_start(start)
        self.start = self.all_on if start is None else self.check_state(start)

    @classmethod
    def from_id(cls, puzzle_id: str, start: str | None = None) -> "Flip8":
        rows, cols = parse_size(puzzle_id)
        puzzle = cls(rows, cols)
        if start is not None:
            puzzle.start = puzzle.parse_start(start)
        return puzzle

    def check_state(self, state: Any) -> int:
        """state if it is a pattern of this board (a bitmask of its R*C lights); BadInput if
        not. Any pattern is a position, also one that can never be cleared."""
        if not isinstance(state, int) or isinstance(state, bool) or not 0 <= state <= self.all_on:
            raise BadInput(msg("start pattern does not fit a {rows}x{cols} board",
                               rows=self.rows, cols=self.cols))
        return state

    # ----- geometry -----
    def neighbours(self, i: int) -> list[int]:
        """The buttons whose lights pressing i flips (ascending)."""
        return gf2.bits(self.masks[i])

    def _mask(self, i: int) -> int:
        r, c = divmod(i, self.cols)
        m = 0
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (dr or dc) and 0 <= r + dr < self.rows and 0 <= c + dc < self.cols:
                    m |= 1 << ((r + dr) * self.cols + c + dc)
        return m

    @cached_property
    def system(self) -> gf2.LinearSystem:
        """The elimination of the press matrix, done once per board."""
        return gf2.LinearSystem(self.masks, self.size)

    # ----- Puzzle protocol -----
    def initial(self) -> int:
        return self.start

    def moves(self, state: int) -> Iterable[int]:
        return range(self.size)

    def apply(self, state: int, move: int) -> int:
        if not isinstance(move, int) or not 0 <= move < self.size:
            raise IllegalMove(self._no_button(move))
        return state ^ self.masks[move]

    def _no_button(self, move: Any):
        return msg("no button {move!r} on a {rows}x{cols} board (buttons 0..{last})",
                   move=move, rows=self.rows, cols=self.cols, last=self.size - 1)

    def training_positions(self, moves: int, count: int, rng, stop=never_stop) -> list:
        """Training puzzles (TRAIN): none past one press, proven -- the presses of a shortest
        solution may be made in any order, so each of them keeps the minimum; of one press,
        the patterns one press makes, each checked with the family's solver."""
        from pegapp.puzzles import training  # deferred: only `pegapp train` asks

        if moves >= 2:
            raise training.none_exists(self, moves, msg(
                "presses commute, so each press of a shortest solution keeps the minimum"), 1)
        # one press from all off, each button in a random order (random play from the start
        # seldom comes back within one press of the goal)
        candidates = [self.apply(0, b) for b in rng.sample(range(self.size), self.size)]
        return training.find(self, moves, count, candidates,
                             training.solver_distance(self, stop), stop)

    def apply_all(self, state: int, moves: Iterable[int]) -> int:
        for m in moves:
            state = self.apply(state, m)
        return state

    def is_solved(self, state: int) -> bool:
        return state == 0

    def solve(self, state: int, progress: Progress = no_progress,
              stop: Stop = never_stop) -> SolveResult:
        """Minimum presses that clear state (all minimum press sets when few)."""
        t0 = time.perf_counter()
        system = self.system
        progress(msg("solving the light equations"), 0, self.size)
        stats: dict[str, Any] = {"rank": system.rank, "nullity": system.nullity}
        x0 = system.solve(state)
        if x0 is None:
            y = system.obstruction(state)
            assert y is not None
            cells = gf2.bits(y)
            on = len(gf2.bits(y & state))
            stats["invariant"] = cells
            stats["seconds"] = time.perf_counter() - t0
            record = SearchRecord(TABLE, origin=ALGEBRA_ORIGIN, seconds=stats["seconds"])
            # never a single light: every light has a neighbour whose press flips it
            reason = msg("this pattern can never be cleared: every button flips an even number "
                         "of the {count} lights {cells}, and an odd number of them ({on}) is on "
                         "now", count=len(cells), cells=cells, on=on)
            return SolveResult(UNSOLVABLE, None, False, reason, 0, stats, search=record)
        try:
            best = gf2.min_weight_coset(x0, system.null_basis, self.size, keep=MAX_LISTED,
                                        stop=stop)
        except Cancelled as exc:
            return interrupted(exc, stats)
        solutions = [gf2.bits(v) for v in best.vectors]
        stats["all_solutions"] = solutions if best.count <= MAX_LISTED else None
        stats["listed_solutions"] = solutions
        stats["seconds"] = time.perf_counter() - t0
        progress(msg("done"), best.weight, 1 << system.nullity)
        # no levels: one answer of the equations, then every press set that also clears the
        # pattern (2^nullity of them) compared for the fewest presses
        record = SearchRecord(TABLE, forward=[1], meeting=(0, len(solutions[0])),
                              positions=1 << system.nullity, examined=1 << system.nullity,
                              seconds=stats["seconds"], origin=ALGEBRA_ORIGIN)
        return SolveResult(SOLVED, solutions[0], True, "", best.count, stats, search=record)

    def describe_move(self, state: int, move: int, advice: bool = False):
        """'Press the button in row 2, column 3' (counted from the top left, as the board is
        drawn), or with the article's numbering chosen (hole_naming() == NUMBERS) 'Press button
        6'; the notation (format_moves) is always the article's."""
        if not (isinstance(move, int) and 0 <= move < self.size):
            raise IllegalMove(self._no_button(move))
        if hole_naming() == NUMBERS:
            return msg("Press button {button}", button=move)
        row, col = divmod(move, self.cols)
        return msg("Press the button in row {row}, column {col}", row=row + 1, col=col + 1)

    def format_moves(self, moves: Sequence[int]) -> str:
        """The article's notation: ``(0 2 5 9 12 14)``."""
        return "(" + " ".join(str(m) for m in moves) + ")"

    def parse_moves(self, text: str) -> list[int]:
        """Button numbers separated by spaces, commas or brackets: '(0 2 5)', '0,2,5'."""
        tokens = [t for t in re.split(r"[\s,()\[\]]+", text) if t]
        out = []
        for t in tokens:
            if not t.isdigit():
                raise BadInput(msg("not a button number: {token!r}", token=t))
            m = int(t)
            if m >= self.size:
                raise BadInput(self._no_button(m))
            out.append(m)
        return out

    # ----- states as text -----
    def format_state(self, state: int) -> str:
        """Rows of 0/1 joined by '/', top row first: '1111/1111/1111/1111'."""
        rows = []
        for r in range(self.rows):
            rows.append("".join("1" if (state >> (r * self.cols + c)) & 1 else "0"
                                for c in range(self.cols)))
        return "/".join(rows)

    def cells(self, state: int) -> list[bool]:
        return [bool((state >> i) & 1) for i in range(self.size)]

    def parse_state(self, text: str) -> int:
        """A position the player types (POSITION: Game > Enter a position…): the forms of a
        start (parse_start)."""
        return self.parse_start(text)

    def parse_start(self, text: str) -> int:
        """See the module docstring for the accepted forms."""
        check_ascii_digits(text)
        t = text.strip()
        low = t.lower()
        if low in ("on", "all", "all-on", "full", "default"):
            return self.all_on
        if low in ("off", "none", "all-off", "empty", "goal"):
            return 0
        if low.startswith("random"):
            rest = low[len("random"):].lstrip(":=/ ")
            if rest and not rest.lstrip("-").isdigit():
                raise BadInput(msg("bad random seed {seed!r}: use random or random:SEED",
                                   seed=rest))
            if len(rest.lstrip("-")) > MAX_SEED_DIGITS:
                raise BadInput(msg("random seed: {digits:,} digits is too long (at most "
                                   "{most})", digits=len(rest.lstrip("-")), most=MAX_SEED_DIGITS))
            return self.random_reachable(int(rest) if rest else None)
        if low.startswith("0x"):
            try:
                value = int(low, 16)
            except ValueError:
                raise BadInput(msg("bad hex pattern {text!r}", text=text)) from None
            if value > self.all_on:
                raise BadInput(msg("hex pattern {text!r} has bits beyond button {last}",
                                   text=text, last=self.size - 1))
            return value
        value = 0
        count = 0
        for ch in t:
            if ch in "/|,; \t\n":
                continue
            if ch in _ON:
                value |= 1 << count
            elif ch not in _OFF:
                raise BadInput(msg("cannot read {text!r}: use on, off, random[:SEED], 0x<hex>, or "
                                   "{cells} digits 0/1 row by row", text=text, cells=self.size))
            count += 1
        if count != self.size:
            if count == 1:
                raise BadInput(msg("start pattern has {count} cell, a {rows}x{cols} board has "
                                   "{cells}", count=count, rows=self.rows, cols=self.cols,
                                   cells=self.size))
            raise BadInput(msg("start pattern has {count} cells, a {rows}x{cols} board has "
                               "{cells}", count=count, rows=self.rows, cols=self.cols,
                               cells=self.size))
        return value

    def random_reachable(self, seed: int | None = None) -> int:
        """A pattern reachable from all off: a random press set applied to the empty board."""
        rng = random.Random(seed)
        return self.system.image(rng.getrandbits(self.size))

    def is_reachable(self, state: int) -> bool:
        return self.system.solve(state) is not None

    def map_maker(self):
        """The Map (contract, optional): the coset histogram (distances), which costs
        2^buttons popcounts when some presses cancel out (up to MAP_MAX_BUTTONS)."""
        from pegapp.puzzles import whole_map

        if self.size > MAP_MAX_BUTTONS and self.system.nullity > 0:
            raise whole_map.too_large(self)

        def make(progress, stop):
            h = self.distances(progress, stop, examples=whole_map.MAX_LISTED)
            farthest = [self.system.image(x) for x in h.farthest_examples]
            return whole_map.PuzzleMap(self.id, list(h.histogram), farthest, self.distance)
        return make

    def distance(self, state: int) -> int | None:
        """Minimum presses to clear state, None if it cannot be cleared."""
        x0 = self.system.solve(state)
        if x0 is None:
            return None
        return gf2.min_weight_coset(x0, self.system.null_basis, self.size, keep=1).weight

    # ----- whole-board analysis -----
    def distances(self, progress: Progress = no_progress, stop: Stop = never_stop,
                  engine: str = "auto", examples: int = 5):
        """gf2.coset_weight_histogram of the board: patterns per distance, the farthest's
        distance and count, and examples (press sets: system.image(x) is the pattern). Raises
        Cancelled when stop() says so. The analysis and the Map both read it."""
        system = self.system
        stage = msg("measuring every position's distance from the goal")
        return gf2.coset_weight_histogram(
            system.null_basis, system.null_pivots, self.size, examples=examples,
            engine=engine, progress=lambda done, total: progress(stage, done, total), stop=stop)

    def analyse(self, progress: Progress = no_progress, stop: Stop = never_stop,
                engine: str = "auto", examples: int = 5) -> dict[str, Any]:
        """Distance from all off (= presses to clear) of every reachable pattern.

        Counts per distance and the farthest patterns. Cost 2**(R*C) popcounts (see
        gf2.coset_weight_histogram) -- except when no press set is idle (nullity 0, e.g. 4x6, 6x6,
        20x20), where the counts are binomials; otherwise refused above MAX_ANALYSE_CELLS
        buttons (BadInput). stop() is polled
        between blocks of 2**22 patterns; a stopped analysis returns {"status": "cancelled"}.
        engine: "auto" (= numpy), "numpy" or "numba" (measured the same speed, plus compiling).
        """
        if self.size > MAX_ANALYSE_CELLS and self.system.nullity > 0:
            raise BadInput(msg("{puzzle}: too large to analyse ({cells} buttons; 2^{cells} "
                               "press sets; at most {limit} buttons)",
                               puzzle=self.id, cells=self.size, limit=MAX_ANALYSE_CELLS))
        system = self.system
        try:
            h = self.distances(progress, stop, engine, examples)
        except Cancelled:
            return {"status": CANCELLED}
        return {
            "positions": h.cosets,
            "patterns": 1 << self.size,
            "rank": system.rank,
            "nullity": system.nullity,
            "histogram": h.histogram,
            "farthest": {
                "presses": h.farthest,
                "count": h.farthest_count,
                "examples": [self.format_state(system.image(x)) for x in h.farthest_examples],
            },
        }


# ----- CLI handlers -----

def _puzzle_from_args(puzzle_id: str, args: Any) -> Flip8:
    """``flip8/RxC`` with its --start pattern (a refusal names the option)."""
    puzzle = Flip8.from_id(puzzle_id)
    start = option_value(args, "start", puzzle.parse_start)
    if start is not None:
        puzzle.start = start
    return puzzle

def hint_problem(puzzle_id: str, args: Any):
    """`pegapp hint flip8/RxC [--start ...]`: the puzzle and the position to hint from."""
    puzzle = _puzzle_from_args(puzzle_id, args)
    return puzzle, puzzle.initial(), {}


def train_entry(puzzle: Flip8, state: int) -> dict[str, Any]:
    """A training puzzle's position as `hint flip8/RxC --start` takes it (pegapp train)."""
    return {"start": puzzle.format_state(state)}


def solve_json(puzzle_id: str, args: Any) -> dict[str, Any]:
    t0 = time.perf_counter()
    puzzle = _puzzle_from_args(puzzle_id, args)
    state = puzzle.initial()
    result = vouched(puzzle, state, puzzle.solve(state, no_progress, never_stop))
    out: dict[str, Any] = {
        "puzzle": puzzle.id,
        "status": result.status,
        "start": puzzle.format_state(state),
        "moves": result.moves,
        "length": result.length,
        "proven_minimal": result.proven_solution,
        "solution_count": result.solutions,
        "solutions": result.stats.get("listed_solutions", []),
        # every solution listed, or none to list (a pattern no presses clear)
        "solutions_complete": (result.stats.get("all_solutions") is not None
                               or result.status == UNSOLVABLE),
        "notation": puzzle.format_moves(result.moves) if result.moves is not None else None,
        "rank": result.stats["rank"],
        "nullity": result.stats["nullity"],
    }
    if result.status == UNSOLVABLE:
        out["reason"] = result.reason
        out["invariant"] = result.stats["invariant"]
    out["seconds"] = round(time.perf_counter() - t0, 6)
    add_search(out, result)
    return out


#: analyse looks at every position from the goal: it reads no --start (pegapp refuses one)
analyse_options: tuple[str, ...] = ()


def analyse_json(puzzle_id: str, args: Any) -> dict[str, Any]:
    t0 = time.perf_counter()
    puzzle = Flip8.from_id(puzzle_id)
    out: dict[str, Any] = {"puzzle": puzzle.id}
    out.update(puzzle.analyse())
    out["seconds"] = round(time.perf_counter() - t0, 6)
    return out


# ---------------------------------------------------------------------- the family

def make_flip8(puzzle_id: str, params: dict[str, Any]) -> Flip8:
    """flip8/RxC from a preset or a save: param "start" (the lights, an int bitmask or text)."""
    rows, cols = parse_size(puzzle_id)
    return Flip8(rows, cols, params.get("start"))


def choose_flip8(values: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The variant dialog's size; refused where every light on can never be cleared (3x3, 5x5,
    3x11 and 15 more sizes up to 20x20; found by an outside trial: the dialog started them as
    games, which only a hint showed to be lost)."""
    rows, cols = values["rows"], values["cols"]
    puzzle = Flip8(rows, cols)
    if not puzzle.is_reachable(puzzle.all_on):
        raise BadInput(msg("with every light on, a {rows}×{cols} board can never be cleared: "
                           "choose another size", rows=rows, cols=cols))
    return f"flip8/{rows}x{cols}", {}


FAMILY = Family(
    "flip8", "8-flip", "8めくり",
    "Pressing a button flips its up to eight neighbours, not itself. Turn every light off.",
    presets=(Preset("flip8/4x4", "8-flip 4×4", "8めくり 4×4", {}),
             Preset("flip8/4x6", "8-flip 4×6", "8めくり 4×6", {}),
             Preset("flip8/6x6", "8-flip 6×6", "8めくり 6×6", {})),
    # (4 x 4 first, as the first preset: every light on cannot be cleared on 3 x 3)
    params=(Param("rows", msg("Rows"), INT, 4, minimum=MIN_SIZE, maximum=MAX_SIZE),
            Param("cols", msg("Columns"), INT, 4, minimum=MIN_SIZE, maximum=MAX_SIZE)),
    values_of=lambda p: {"rows": p.rows, "cols": p.cols},
    make=make_flip8, view="pegapp.ui.views.flip8:Flip8View", choose=choose_flip8,
    commands=sys.modules[__name__], options=("start",))
