"""Sliding tiles on an R x C board (2x2 up to 5x5): the 2x5 "9-puzzle", the 8- and 15-puzzles.

State: a tuple of R*C ints in row-major order, 0 = the blank, tiles 1..R*C-1.
Goal: tiles 1..N-1 in order, blank last (as in the article, seed 004: [1 2 3 4 5 6 7 8 9 0]).
Move: the number of the tile that slides into the blank (it must be orthogonally next to it).
One move is one tile step; sliding k tiles of a row at once is k moves (see ``line_moves``).

Solvers (every answer is shortest):
* up to 10 cells (2x2 .. 2x5, 3x3): a complete distance table (breadth-first from the goal over all
  n! permutations, numba kernel, cached on disk), then walking downhill; also gives the analysis.
* 12 cells and more (3x4, 4x4, ...): IDA* with additive pattern databases (pegapp.solvers.sliding.pdb).
"""

from __future__ import annotations

import random
import re
import sys
import time
from collections.abc import Iterable, Sequence
from typing import Any


from pegapp.core.messages import msg
from pegapp.puzzles.base import (DESCRIBE, POSITION, SHUFFLE, BadInput, IllegalMove,
                                 check_ascii_digits, read_tokens, replay, vouched)
from pegapp.puzzles.family import INT, Family, Param, Preset, option_value
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

#: boards whose complete distance table is used (n! bytes: 3.6 MB for 10 cells)
TABLE_MAX_CELLS = 10

PARITY_REASON = msg("unsolvable: every move swaps the blank with a tile, so the parity of the tile "
                    "permutation always matches the parity of the blank's distance from its home "
                    "corner, and in this position they differ (as after swapping two tiles)")


def parse_size(puzzle_id: str) -> tuple[int, int]:
    check_ascii_digits(puzzle_id)
    m = re.fullmatch(r"(?:slide/)?(\d+)x(\d+)", puzzle_id.strip(), re.ASCII)
    if not m:
        raise BadInput(msg("unknown sliding puzzle {puzzle_id!r} (use slide/RxC, e.g. slide/2x5)",
                           puzzle_id=puzzle_id))
    rows, cols = int(m.group(1)), int(m.group(2))
    if not (2 <= rows <= 5 and 2 <= cols <= 5):
        raise BadInput(msg("board {rows}x{cols} not supported (rows and columns from 2 to 5)",
                           rows=rows, cols=cols))
    return rows, cols


class SlidePuzzle:
    """The R x C sliding-tile puzzle. ``SlidePuzzle(2, 5)`` is the article's 9-puzzle."""

    ABILITIES = frozenset({SHUFFLE, DESCRIBE, POSITION})

    def __init__(self, rows: int = 2, cols: int = 5, start: Sequence[int] | None = None):
        if not (2 <= rows <= 5 and 2 <= cols <= 5):
            raise BadInput(msg("board {rows}x{cols} not supported (rows and columns from 2 to 5)",
                               rows=rows, cols=cols))
        self.rows, self.cols = rows, cols
        self.size = rows * cols
        self.id = f"slide/{rows}x{cols}"
        self.goal: tuple[int, ...] = tuple(range(1, self.size)) + (0,)
        self.adjacency = tables.grid_adjacency(rows, cols)
        self._start = self.goal if start is None else self.check_state(start)
        self._table = None

    @classmethod
    def from_id(cls, puzzle_id: str) -> "SlidePuzzle":
        return cls(*parse_size(puzzle_id))

    # ------------------------------------------------------------------ states
    def initial(self) -> tuple[int, ...]:
        return self._start

    def check_state(self, state: Iterable[int]) -> tuple[int, ...]:
        """The state as a tuple; BadInput if it is not a permutation of 0..N-1 or unsolvable."""
        s = self.check_tiles(state)
        if not self.solvable(s):
            raise BadInput(PARITY_REASON)
        return s

    def check_tiles(self, state: Iterable[int]) -> tuple[int, ...]:
        """Like check_state, without the solvability test."""
        try:
            s = tuple(int(v) for v in state)
        except (TypeError, ValueError):
            raise BadInput(msg("tiles must be whole numbers")) from None
        n = self.size
        if len(s) != n:
            raise BadInput(msg("a {rows}x{cols} board needs {n} entries "
                               "(tiles 1..{last} and 0 for the blank), got {count}",
                               rows=self.rows, cols=self.cols, n=n, last=n - 1, count=len(s)))
        if sorted(s) != list(range(n)):
            dup = sorted({v for v in s if s.count(v) > 1})
            bad = sorted(v for v in s if not 0 <= v < n)
            if len(dup) == 1:
                raise BadInput(msg("repeated tile {tiles}: each of 0..{last} must appear once",
                                   tiles=dup[0], last=n - 1))
            if dup:
                raise BadInput(msg("repeated tiles {tiles}: each of 0..{last} must appear once",
                                   tiles=" ".join(map(str, dup)), last=n - 1))
            if len(bad) == 1:
                raise BadInput(msg("tile {tiles} out of range: use 1..{last} and 0 for the blank",
                                   tiles=bad[0], last=n - 1))
            raise BadInput(msg("tiles {tiles} out of range: use 1..{last} and 0 for the blank",
                               tiles=" ".join(map(str, bad)), last=n - 1))
        return s

    def parse_state(self, text: str) -> tuple[int, ...]:
        """'0 9 3 7 1 5 4 8 2 6' (also commas, brackets, '_' or '.' for the blank) -> state."""
        return self.check_state(self.parse_tiles(text))

    def parse_tiles(self, text: str) -> tuple[int, ...]:
        """Like parse_state, without the solvability test; anything but numbers, blanks and
        separators is refused rather than skipped."""
        tokens = read_tokens(text, r"\d+|[_.]")
        if not tokens:
            raise BadInput(msg("empty position: give the tiles row by row, 0 for the blank"))
        return self.check_tiles(0 if t in "_." else int(t) for t in tokens)

    def solvable(self, state: Sequence[int]) -> bool:
        """Parity invariant: permutation parity (blank counted) == blank's taxicab distance from
        its home cell (mod 2). Valid on every rectangle."""
        n = self.size
        perm = [(v - 1) % n for v in state]  # goal becomes the identity, blank = n-1
        seen = [False] * n
        parity = 0
        for i in range(n):
            if not seen[i]:
                j, length = i, 0
                while not seen[j]:
                    seen[j] = True
                    j = perm[j]
                    length += 1
                parity ^= (length - 1) & 1
        b = list(state).index(0)
        br, bc = divmod(b, self.cols)
        taxicab = (self.rows - 1 - br) + (self.cols - 1 - bc)
        return parity == taxicab % 2

    def shuffle(self, seed: int | None = None, walk: int | None = None) -> tuple[int, ...]:
        """A random solvable position: uniform over all of them, or, with ``walk=k``, the end of a
        k-move random walk from the goal (no immediate undo)."""
        rng = random.Random(seed)
        if walk is not None:
            s, last = self.goal, None
            for _ in range(walk):
                options = [m for m in self.moves(s) if m != last]
                m = rng.choice(options)
                s, last = self.apply(s, m), m
            return s
        tiles = list(range(self.size))
        rng.shuffle(tiles)
        if not self.solvable(tiles):
            i, j = [k for k in range(self.size) if tiles[k] != 0][:2]
            tiles[i], tiles[j] = tiles[j], tiles[i]
        return tuple(tiles)

    # ------------------------------------------------------------------ moves
    def moves(self, state: Sequence[int]) -> list[int]:
        b = state.index(0)
        return [state[j] for j in self.adjacency[b]]

    def neighbours(self, state: tuple[int, ...]):
        """(move, next state) pairs: the contract of pegapp.solvers.search."""
        b = state.index(0)
        for j in self.adjacency[b]:
            s = list(state)
            s[b], s[j] = s[j], 0
            yield state[j], tuple(s)

    def apply(self, state: Sequence[int], move: int) -> tuple[int, ...]:
        try:
            tile = int(move)
        except (TypeError, ValueError):
            raise IllegalMove(msg("{move!r} is not a tile number", move=move)) from None
        if tile not in state or tile == 0:
            raise IllegalMove(msg("there is no tile {tile}", tile=tile))
        j = state.index(tile)
        b = state.index(0)
        if j not in self.adjacency[b]:
            raise IllegalMove(msg("tile {tile} is not next to the blank", tile=tile))
        s = list(state)
        s[b], s[j] = tile, 0
        return tuple(s)

    def is_solved(self, state: Sequence[int]) -> bool:
        return tuple(state) == self.goal

    def describe_move(self, state: Sequence[int], move: int, advice: bool = False) -> str:
        """'Slide tile 9 left': the tile and the way it slides (the hint line, the move list and
        the replay; the notation, format_moves, is the tile numbers)."""
        j, b = state.index(move), state.index(0)
        step = b - j
        if step == -1:
            return msg("Slide tile {tile} left", tile=move)
        if step == 1:
            return msg("Slide tile {tile} right", tile=move)
        if step == -self.cols:
            return msg("Slide tile {tile} up", tile=move)
        if step == self.cols:
            return msg("Slide tile {tile} down", tile=move)
        return f"{move} ?"

    def line_moves(self, state: Sequence[int], cell: int) -> list[int]:
        """The single-tile moves that slide every tile between the blank and ``cell`` (same row or
        column) one step towards the blank, nearest tile first; [] if not in line."""
        b = state.index(0)
        br, bc = divmod(b, self.cols)
        cr, cc = divmod(cell, self.cols)
        if cell == b or (br != cr and bc != cc):
            return []
        step = (1 if cc > bc else -1) if br == cr else (self.cols if cr > br else -self.cols)
        out, k = [], b
        while k != cell:
            k += step
            out.append(state[k])
        return out

    def format_moves(self, moves: Sequence[int]) -> str:
        """Tile numbers in order, e.g. '9 3 7 1'."""
        return " ".join(str(int(m)) for m in moves)

    def parse_moves(self, text: str) -> list[int]:
        tokens = re.findall(r"[^\s,;()\[\]]+", text)
        out = []
        for t in tokens:
            if not t.isdigit() or not 1 <= int(t) < self.size:
                raise BadInput(msg("{token!r} is not a tile number (1..{last})",
                                   token=t, last=self.size - 1))
            out.append(int(t))
        return out

    def replay(self, state: Sequence[int], moves: Iterable[int]) -> tuple[int, ...]:
        return replay(self, tuple(state), moves)

    # ------------------------------------------------------------------ solving
    def distance_table(self, progress: Progress = no_progress, stop: Stop = never_stop):
        """n!-entry uint8 table of distances from the goal (boards up to 10 cells), disk-cached."""
        if self.size > TABLE_MAX_CELLS:
            raise BadInput(msg("{puzzle} has too many positions for a complete table",
                               puzzle=self.id))
        if self._table is None:
            name = f"slide_{self.rows}x{self.cols}_dist"

            def build():
                return tables.bfs_table(self.goal, adjacency=self.adjacency, progress=progress,
                                        stop=stop)

            self._table = tables.cached_table(name, build, self.size, tables.rank(self.goal))
        return self._table

    def map_maker(self):
        """The Map (contract, optional): the whole distance table, up to TABLE_MAX_CELLS."""
        from pegapp.puzzles import whole_map

        if self.size > TABLE_MAX_CELLS:
            raise whole_map.too_large(self)
        return lambda progress, stop: whole_map.table_map(self, progress, stop, self.size)

    def distance(self, state: Sequence[int]) -> int | None:
        """Moves to the goal (boards up to 10 cells), None if unreachable."""
        d = int(self.distance_table()[tables.rank(state)])
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
        if self.size <= TABLE_MAX_CELLS:
            try:
                table = self.distance_table(progress, stop)
            except Cancelled as exc:
                return interrupted(exc)
            moves, record = tables.answer(table, tables.rank, self.neighbours, s, t0)
            return SolveResult(SOLVED, moves, True, stats={
                "method": "distance table", "seconds": time.perf_counter() - t0}, search=record)
        # near the goal, a shortest solution without the pattern databases (which a size that
        # ships none builds first, numba loaded: seconds) or their search's kernel
        from pegapp.solvers.sliding.astar import quick_solve

        quick = quick_solve(self.rows, self.cols, s, stop)
        if quick is not None:
            return quick
        # deferred: the pattern databases' search loads numba; a small board never needs it
        from pegapp.solvers.sliding import pdb

        return pdb.solve_slide(self.rows, self.cols, s, progress, stop)

    def analyse(self, progress: Progress = no_progress, stop: Stop = never_stop,
                backend: str = "numba") -> dict[str, Any]:
        """Every position's distance from the goal: count, histogram, farthest positions."""
        if self.size > TABLE_MAX_CELLS:
            raise BadInput(msg("{puzzle}: too many positions to analyse completely "
                               "(up to {cells} cells)", puzzle=self.id, cells=TABLE_MAX_CELLS))
        t0 = time.perf_counter()
        dist = tables.bfs_table(self.goal, adjacency=self.adjacency, backend=backend,
                                progress=progress, stop=stop)
        seconds = time.perf_counter() - t0
        if self._table is None:
            self._table = dist
            tables.save(f"slide_{self.rows}x{self.cols}_dist", dist)
        return tables.summary(dist, lambda r: tables.unrank(r, self.size), seconds)


# ---------------------------------------------------------------------- CLI handlers

def hint_problem(puzzle_id: str, args: Any):
    """`pegapp hint slide/RxC --start "..."`: the puzzle and the position to hint from."""
    p = SlidePuzzle.from_id(puzzle_id)
    start = option_value(args, "start", p.parse_tiles)
    return p, (p.goal if start is None else start), {}


def train_entry(puzzle: SlidePuzzle, state: tuple[int, ...]) -> dict[str, Any]:
    """A training puzzle's position as `hint slide/RxC --start` takes it (pegapp train)."""
    return {"start": " ".join(str(t) for t in state)}


def solve_json(puzzle_id: str, args: Any) -> dict[str, Any]:
    """`pegapp solve slide/RxC --start "..."`."""
    p = SlidePuzzle.from_id(puzzle_id)
    # an unsolvable start is the solver's answer (status "unsolvable", exit 1), not bad input
    start = option_value(args, "start", p.parse_tiles)
    start = p.goal if start is None else start
    t0 = time.perf_counter()
    res = vouched(p, start, p.solve(start))
    seconds = time.perf_counter() - t0
    out: dict[str, Any] = {
        "puzzle": p.id, "start": list(start), "goal": list(p.goal), "status": res.status,
        "moves": res.moves, "length": res.length, "proven_minimal": res.proven_solution,
        "seconds": round(seconds, 6),
        "notation": p.format_moves(res.moves) if res.moves is not None else "",
    }
    if res.reason:
        out["reason"] = res.reason
    if res.stats:
        out["stats"] = {k: v for k, v in res.stats.items() if isinstance(v, (int, float, str))}
    add_search(out, res)
    return out


#: analyse looks at every position from the goal: it reads no --start (pegapp refuses one)
analyse_options: tuple[str, ...] = ()


def analyse_json(puzzle_id: str, args: Any) -> dict[str, Any]:
    """`pegapp analyse slide/RxC`: distances of every position from the goal."""
    p = SlidePuzzle.from_id(puzzle_id)
    t0 = time.perf_counter()
    res = p.analyse()
    seconds = time.perf_counter() - t0
    return {"puzzle": p.id, "goal": list(p.goal), **res, "seconds": round(seconds, 6),
            "status": SOLVED}


# ---------------------------------------------------------------------- the family

def make_slide(puzzle_id: str, params: dict[str, Any]) -> SlidePuzzle:
    """slide/RxC from a preset or a save: params "start" (tiles) or "shuffle" (a seed)."""
    rows, cols = parse_size(puzzle_id)
    if params.get("start") is not None:
        return SlidePuzzle(rows, cols, start=tuple(params["start"]))
    puzzle = SlidePuzzle(rows, cols)
    if params.get("shuffle") is not None:
        puzzle = SlidePuzzle(rows, cols, start=puzzle.shuffle(seed=params["shuffle"]))
    return puzzle


def choose_slide(values: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The variant dialog's rows and columns: a new shuffled puzzle of that size."""
    return f"slide/{values['rows']}x{values['cols']}", {"shuffle": random.randrange(1 << 30)}


FAMILY = Family(
    "slide", "Sliding tiles", "スライドパズル",
    "Slide tiles into the blank until they are in order, blank last. A click on a tile in "
    "the blank's row or column slides all the tiles between (one move per tile).",
    presets=(Preset("slide/2x5", "9-puzzle (2×5)", "9パズル (2×5)",
                    {"start": [0, 9, 3, 7, 1, 5, 4, 8, 2, 6]}),
             Preset("slide/3x3", "8-puzzle", "8パズル", {"shuffle": 1}),
             Preset("slide/4x4", "15-puzzle", "15パズル", {"shuffle": 1})),
    params=(Param("rows", msg("Rows"), INT, 3, minimum=2, maximum=5),
            Param("cols", msg("Columns"), INT, 3, minimum=2, maximum=5)),
    values_of=lambda p: {"rows": p.rows, "cols": p.cols},
    make=make_slide, view="pegapp.ui.views.slide:SlideView", choose=choose_slide,
    commands=sys.modules[__name__], options=("start",))
