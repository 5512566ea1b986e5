"""The 3x3 rotation puzzle of seed 001: tiles 1..9 on a 3x3 board, no blank.

Cells are numbered 0 1 2 / 3 4 5 / 6 7 8. A move picks one of the 8 lines through the centre, written
as a triple (x y z) from the article: (8 4 0) (6 4 2) (7 4 1) (5 4 3) (0 4 8) (2 4 6) (1 4 7) (3 4 5),
and rotates its three tiles: the tile at y moves to x, the tile at z moves to y, and the tile at x
wraps round to z (new[x] = old[y], new[y] = old[z], new[z] = old[x]).

State: a tuple of 9 ints (1..9, row-major). Goal: (1 2 3 4 5 6 7 8 9).
Move: the index 0..7 of the triple in LINES; printed as '(8 4 0)', one bracket per move.
Every move is a 3-cycle, an even permutation, so exactly half of the 9! arrangements (181,440) can
be solved; the others are refused with that explanation.
"""

from __future__ import annotations

import random
import re
import sys
import time
from collections.abc import Iterable, Sequence
from typing import Any


from pegapp.core.messages import msg
from pegapp.puzzles.base import (DESCRIBE, POSITION, SHUFFLE, BadInput, IllegalMove, read_tokens,
                                 replay, vouched)
from pegapp.puzzles.family import Family, Preset, option_value
from pegapp.solvers.record import add_search
from pegapp.solvers.sliding import _tables as tables
from pegapp.solvers.result import (
    SOLVED,
    UNSOLVABLE,
    Cancelled,
    Progress,
    SolveResult,
    Stop,
    interrupted,
    never_stop,
    no_progress,
)

LINES: tuple[tuple[int, int, int], ...] = (
    (8, 4, 0), (6, 4, 2), (7, 4, 1), (5, 4, 3), (0, 4, 8), (2, 4, 6), (1, 4, 7), (3, 4, 5))

PARITY_REASON = msg("unsolvable: every rotation is a 3-cycle, an even permutation, so only "
                    "arrangements an even number of swaps away from 1..9 can be solved, and this "
                    "one is an odd number away")


def _perm(line: tuple[int, int, int]) -> tuple[int, ...]:
    x, y, z = line
    p = list(range(9))
    p[x], p[y], p[z] = y, z, x
    return tuple(p)


#: PERMS[m][i] = the cell whose tile lands on cell i after move m
PERMS = tuple(_perm(line) for line in LINES)


class RotatePuzzle:
    """The 3x3 rotation puzzle ("rotate/3x3")."""

    ABILITIES = frozenset({SHUFFLE, DESCRIBE, POSITION})

    id = "rotate/3x3"
    goal: tuple[int, ...] = tuple(range(1, 10))

    def __init__(self, start: Sequence[int] | None = None):
        self._start = self.goal if start is None else self.check_state(start)
        self._table = None

    def initial(self) -> tuple[int, ...]:
        return self._start

    # ------------------------------------------------------------------ states
    def check_tiles(self, state: Iterable[int]) -> tuple[int, ...]:
        try:
            s = tuple(int(v) for v in state)
        except (TypeError, ValueError):
            raise BadInput(msg("tiles must be whole numbers")) from None
        if len(s) != 9:
            raise BadInput(msg("the board needs 9 tiles (1..9), got {count}", count=len(s)))
        if sorted(s) != list(range(1, 10)):
            dup = sorted({v for v in s if s.count(v) > 1})
            if len(dup) == 1:
                raise BadInput(msg("repeated tile {tiles}: each of 1..9 must appear once",
                                   tiles=dup[0]))
            if dup:
                raise BadInput(msg("repeated tiles {tiles}: each of 1..9 must appear once",
                                   tiles=" ".join(map(str, dup))))
            raise BadInput(msg("tiles must be 1..9, each once"))
        return s

    def check_state(self, state: Iterable[int]) -> tuple[int, ...]:
        s = self.check_tiles(state)
        if not self.solvable(s):
            raise BadInput(PARITY_REASON)
        return s

    def parse_state(self, text: str) -> tuple[int, ...]:
        """'9 8 7 6 5 4 3 2 1', '#(9 8 7 6 5 4 3 2 1)' or '987654321'."""
        return self.check_state(self.parse_tiles(text))

    def parse_tiles(self, text: str) -> tuple[int, ...]:
        """Like parse_state, without the solvability test."""
        tokens = read_tokens(text, r"\d+")
        if len(tokens) == 1 and len(tokens[0]) == 9:
            tokens = list(tokens[0])
        if not tokens:
            raise BadInput(msg("empty position: give the 9 tiles row by row"))
        return self.check_tiles(int(t) for t in tokens)

    @staticmethod
    def solvable(state: Sequence[int]) -> bool:
        inv = sum(1 for i in range(9) for j in range(i + 1, 9) if state[i] > state[j])
        return inv % 2 == 0

    def shuffle(self, seed: int | None = None) -> tuple[int, ...]:
        """A uniformly random solvable arrangement."""
        rng = random.Random(seed)
        s = list(self.goal)
        rng.shuffle(s)
        if not self.solvable(s):
            s[0], s[1] = s[1], s[0]
        return tuple(s)

    # ------------------------------------------------------------------ moves
    def moves(self, state: Sequence[int]) -> range:
        return range(8)

    def apply(self, state: Sequence[int], move: int) -> tuple[int, ...]:
        if isinstance(move, tuple):
            if move not in LINES:
                raise IllegalMove(msg("{line} is not one of the 8 lines through the centre",
                                      line=str(move)))
            move = LINES.index(move)
        if not isinstance(move, int) or not 0 <= move < 8:
            raise IllegalMove(msg("{move!r} is not a move (0..7, or a line such as (8, 4, 0))",
                                  move=move))
        p = PERMS[move]
        return tuple(state[p[i]] for i in range(9))

    def neighbours(self, state: tuple[int, ...]):
        for m, p in enumerate(PERMS):
            yield m, tuple(state[p[i]] for i in range(9))

    def is_solved(self, state: Sequence[int]) -> bool:
        return tuple(state) == self.goal

    def describe_move(self, state: Sequence[int], move: int, advice: bool = False) -> str:
        """'Shift the middle row right: 4 5 6 → 6 4 5': the line, the way its three tiles move
        (the last one wraps round to the other end), its tiles before and after. The line's
        cells in the article's numbering are the notation (format_moves)."""
        # the line's tiles in reading order (left to right, top to bottom), before and after
        cells = sorted(LINES[move])
        after = [state[PERMS[move][c]] for c in cells]
        t = dict(zip("abcdef", [state[c] for c in cells] + after))
        if move == 0:
            return msg("Shift the diagonal from the top left down-right: {a} {b} {c} → {d} {e} {f}",
                       **t)
        if move == 1:
            return msg("Shift the diagonal from the top right down-left: {a} {b} {c} → {d} {e} {f}",
                       **t)
        if move == 2:
            return msg("Shift the middle column down: {a} {b} {c} → {d} {e} {f}", **t)
        if move == 3:
            return msg("Shift the middle row right: {a} {b} {c} → {d} {e} {f}", **t)
        if move == 4:
            return msg("Shift the diagonal from the bottom right up-left: {a} {b} {c} → "
                       "{d} {e} {f}", **t)
        if move == 5:
            return msg("Shift the diagonal from the bottom left up-right: {a} {b} {c} → "
                       "{d} {e} {f}", **t)
        if move == 6:
            return msg("Shift the middle column up: {a} {b} {c} → {d} {e} {f}", **t)
        return msg("Shift the middle row left: {a} {b} {c} → {d} {e} {f}", **t)

    def format_moves(self, moves: Sequence[int]) -> str:
        """'(8 4 0)(6 4 2)': one bracket per move, the line's cells."""
        return "".join("(" + " ".join(map(str, LINES[m])) + ")" for m in moves)

    def parse_moves(self, text: str) -> list[int]:
        digits = [int(d) for d in re.findall(r"\d", text)]
        if len(digits) % 3:
            raise BadInput(msg("moves are triples of cells, e.g. (8 4 0)(6 4 2)"))
        out = []
        for k in range(0, len(digits), 3):
            line = tuple(digits[k:k + 3])
            if line not in LINES:
                raise BadInput(msg("{line} is not one of the 8 lines through the centre",
                                   line="(" + " ".join(map(str, line)) + ")"))
            out.append(LINES.index(line))
        return out

    def replay(self, state: Sequence[int], moves: Iterable[int]) -> tuple[int, ...]:
        return replay(self, tuple(state), moves)

    # ------------------------------------------------------------------ solving
    def distance_table(self, progress: Progress = no_progress, stop: Stop = never_stop):
        """9!-entry uint8 table of distances to the goal, ranked on tiles-1, disk-cached."""
        if self._table is None:
            name = "rotate_3x3_dist"

            def build():
                return tables.bfs_table(tuple(v - 1 for v in self.goal), perms=list(PERMS),
                                        progress=progress, stop=stop)

            self._table = tables.cached_table(name, build, 9, 0)
        return self._table

    def _rank(self, state: Sequence[int]) -> int:
        return tables.rank([v - 1 for v in state])

    def map_maker(self):
        """The Map (contract, optional): the whole distance table of the 9 tiles, 1..9."""
        from pegapp.puzzles import whole_map

        return lambda progress, stop: whole_map.table_map(self, progress, stop, 9, first_tile=1)

    def distance(self, state: Sequence[int]) -> int | None:
        d = int(self.distance_table()[self._rank(state)])
        return None if d == tables.UNREACHED else d

    def solve(self, state: Sequence[int], progress: Progress = no_progress,
              stop: Stop = never_stop) -> SolveResult:
        t0 = time.perf_counter()
        try:
            s = self.check_tiles(state)
        except BadInput as exc:
            return SolveResult(UNSOLVABLE, None, True, reason=exc.args[0])
        if not self.solvable(s):
            return SolveResult(UNSOLVABLE, None, True, reason=PARITY_REASON)
        try:
            table = self.distance_table(progress, stop)
        except Cancelled as exc:
            return interrupted(exc)
        moves, record = tables.answer(table, self._rank, self.neighbours, s, t0)
        return SolveResult(SOLVED, moves, True, stats={"method": "distance table"},
                           search=record)

    def analyse(self, progress: Progress = no_progress, stop: Stop = never_stop,
                backend: str = "numba") -> dict[str, Any]:
        t0 = time.perf_counter()
        dist = tables.bfs_table(tuple(v - 1 for v in self.goal), perms=list(PERMS),
                                backend=backend, progress=progress, stop=stop)
        seconds = time.perf_counter() - t0
        if self._table is None:
            self._table = dist
            tables.save("rotate_3x3_dist", dist)
        return tables.summary(dist, lambda r: tuple(v + 1 for v in tables.unrank(r, 9)), seconds)


def _check_id(puzzle_id: str) -> None:
    if puzzle_id.strip() != RotatePuzzle.id:
        raise BadInput(msg("unknown rotation puzzle {puzzle_id!r} (only rotate/3x3)",
                           puzzle_id=puzzle_id))


def hint_problem(puzzle_id: str, args: Any):
    """`pegapp hint rotate/3x3 --start "..."`: the puzzle and the position to hint from."""
    _check_id(puzzle_id)
    p = RotatePuzzle()
    start = option_value(args, "start", p.parse_tiles)
    return p, (p.goal if start is None else start), {}


def train_entry(puzzle: RotatePuzzle, state: tuple[int, ...]) -> dict[str, Any]:
    """A training puzzle's position as `hint rotate/3x3 --start` takes it (pegapp train)."""
    return {"start": " ".join(str(t) for t in state)}


def solve_json(puzzle_id: str, args: Any) -> dict[str, Any]:
    _check_id(puzzle_id)
    p = RotatePuzzle()
    # an unsolvable start is the solver's answer (status "unsolvable", exit 1), not bad input
    start = option_value(args, "start", p.parse_tiles)
    start = p.goal if start is None else start
    t0 = time.perf_counter()
    res = vouched(p, start, p.solve(start))
    seconds = time.perf_counter() - t0
    out: dict[str, Any] = {
        "puzzle": p.id, "start": list(start), "goal": list(p.goal), "status": res.status,
        "moves": [list(LINES[m]) for m in res.moves] if res.moves is not None else None,
        "length": res.length, "proven_minimal": res.proven_solution,
        "seconds": round(seconds, 6),
        "notation": p.format_moves(res.moves) if res.moves is not None else "",
    }
    if res.moves is not None:
        states, s = [list(start)], start
        for m in res.moves:
            s = p.apply(s, m)
            states.append(list(s))
        out["states"] = states
    if res.reason:
        out["reason"] = res.reason
    add_search(out, res)
    return out


#: analyse looks at every position from the goal: it reads no --start (pegapp refuses one)
analyse_options: tuple[str, ...] = ()


def analyse_json(puzzle_id: str, args: Any) -> dict[str, Any]:
    _check_id(puzzle_id)
    p = RotatePuzzle()
    t0 = time.perf_counter()
    res = p.analyse()
    seconds = time.perf_counter() - t0
    return {"puzzle": p.id, "goal": list(p.goal), **res, "seconds": round(seconds, 6),
            "status": SOLVED}


# ---------------------------------------------------------------------- the family

def make_rotate(puzzle_id: str, params: dict[str, Any]) -> RotatePuzzle:
    """rotate/3x3 from a preset or a save: params "start" (tiles) or "shuffle" (a seed)."""
    start = params.get("start")
    if start is None and params.get("shuffle") is not None:
        start = RotatePuzzle().shuffle(params["shuffle"])
    return RotatePuzzle(tuple(start) if start is not None else None)


FAMILY = Family(
    "rotate", "Rotation puzzle", "回転パズル",
    "Each move turns the three tiles on a line through the centre. Put 1 to 9 in order.",
    presets=(Preset("rotate/3x3", "Rotation 3×3", "回転パズル 3×3",
                    {"start": [9, 8, 7, 6, 5, 4, 3, 2, 1]}),),
    params=(), make=make_rotate, view="pegapp.ui.views.rotate:RotateView",
    commands=sys.modules[__name__], options=("start",))
