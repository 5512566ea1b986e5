"""A peg board being designed (issue #15, the board designer): Qt-free, immutable, written to the
same TOML board files the game reads.

A :class:`Design` is a value: every edit (:meth:`Design.toggle`, :meth:`Design.with_lattice`, ...)
returns a new one, so the designer's undo stack only keeps (before, after) pairs and a test can
compare designs directly. Holes sit on the cells of a grid of grid positions ``(col, row)``; the
board file's layout puts a square lattice's position ``(col, row)`` at character ``col`` of row
``row`` and a triangular lattice's at character ``2 * col + row % 2`` (holes on alternate
characters, rows offset: the layout form of pegapp.core.board), so switching the lattice keeps the
holes where the player put them.

Saving writes the layout form (:meth:`Design.to_toml`); :meth:`Design.from_board` opens a board
file for editing. **A round trip keeps a board equal**: ``parse_board(from_board(b).to_toml())``
has the same :func:`board_fields` as ``b`` -- id (the file name), names and descriptions in both
languages, hole coordinates in order, jumps, start and finish. Comments in the file and the
choice between equivalent spellings (``finish = "any"`` or none, a lattice's own directions
written out) are not kept; neither changes the board. A board given as explicit ``holes`` and
``jumps`` tables whose holes do not lie on a lattice, or whose jumps are not every in-line
triple of some set of directions, cannot be drawn on the grid: :class:`DesignError` says so.

:func:`verdict` judges a design at once (no search): hole and jump counts, its symmetries,
whether the problem is possible by position classes, and what is wrong in plain words. Only what
the game could not read stops a save (no holes, no start, no jump at all); a start that leaves no
move, or more holes than the solver handles, is said plainly and stays savable and playable.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace

from pegapp.core import pegs
from pegapp.core.board import LATTICES, Board, BoardError, is_safe_board_id, parse_board
from pegapp.core.messages import Message, msg
# The verdict uses the solver's own invariant and limit, and the catalogue's words for it (numpy
# only: the solver's compiled kernels load lazily, on a search, which the verdict never runs).
from pegapp.puzzles import catalogue
from pegapp.puzzles.catalogue import class_reason
from pegapp.solvers.pegs._tables import MAX_HOLES as SOLVER_MAX_HOLES
from pegapp.solvers.pegs._tables import Geometry

#: the lattices the designer offers, in the order of its chooser
LATTICE_NAMES = ("square", "square-diagonal", "triangular")
#: grid size limits (grid positions per row and rows): 20 x 20 = 400 holes at most, well within
#: the board format's 1000
MIN_GRID = 3
MAX_GRID = 20
DEFAULT_GRID = 7

Cell = tuple[int, int]  # (col, row) on the grid


class DesignError(ValueError):
    """A board the grid cannot show; args[0] says why (a msg())."""


def canonical_direction(d: tuple[int, int]) -> tuple[int, int]:
    """(dx, dy) and (-dx, -dy) make the same jumps (each jump goes both ways): the one with
    dy > 0, or dy == 0 and dx > 0."""
    dx, dy = d
    return (dx, dy) if dy > 0 or (dy == 0 and dx > 0) else (-dx, -dy)


def lattice_directions(lattice: str) -> tuple[tuple[int, int], ...]:
    """A lattice's own jump directions (layout characters), canonical and sorted."""
    return tuple(sorted({canonical_direction(d) for d in LATTICES[lattice][0]}))


def direction_choices(lattice: str) -> tuple[tuple[int, int], ...]:
    """The directions the designer offers as check boxes: the lattice's own, the other square
    lattice's, and the long ones of a board whose holes sit on every other cell (Hoppers)."""
    if lattice == "triangular":
        extra = [(2, 0), (1, 1), (-1, 1), (4, 0), (2, 2), (-2, 2), (3, 1), (-3, 1), (0, 2)]
    else:
        extra = [(1, 0), (0, 1), (1, 1), (1, -1), (2, 0), (0, 2), (2, 1), (1, 2), (2, -1),
                 (1, -2)]
    out: list[tuple[int, int]] = []
    for d in (*lattice_directions(lattice), *extra):
        c = canonical_direction(d)
        if c not in out:
            out.append(c)
    return tuple(out)


def slug(name: str) -> str:
    """A file name (board id) from a board's name: ASCII letters and digits, '-' between words;
    "" when nothing is left (a name in Japanese): the player types a file name then."""
    text = re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-").lower()
    return text[:60].strip("-")


def board_fields(board: Board) -> tuple:
    """What "equal" means for a round trip: every field the game uses (not the source path nor
    the file's text, which differ by construction)."""
    return (board.id, board.name, board.name_ja, board.description, board.description_ja,
            board.coords, board.jumps, board.start, board.finish)


def _toml_string(text: str) -> str:
    """A TOML basic string: JSON's escapes are TOML's, except DEL, which TOML wants escaped."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


@dataclass(frozen=True)
class Design:
    lattice: str = "square"
    width: int = DEFAULT_GRID     # grid positions per row
    height: int = DEFAULT_GRID    # rows
    holes: frozenset[Cell] = frozenset()
    #: jump directions in layout characters (canonical, sorted); None: the lattice's own
    directions: tuple[tuple[int, int], ...] | None = None
    start: frozenset[Cell] = frozenset()    # holes empty at the start
    finish: Cell | None = None              # None: any hole
    board_id: str = ""                      # the file name; "" until named
    name: str = ""
    name_ja: str = ""
    description: str = ""
    description_ja: str = ""

    # ------------------------------------------------------------------ geometry of the grid

    def layout_x(self, cell: Cell) -> int:
        col, row = cell
        return 2 * col + row % 2 if self.lattice == "triangular" else col

    def point(self, cell: Cell) -> tuple[float, float]:
        """Where a grid position is drawn (the board's own drawing coordinates, up to a shift)."""
        sx, sy = LATTICES[self.lattice][1]
        return self.layout_x(cell) * sx, cell[1] * sy

    def cells(self) -> list[Cell]:
        """Every grid position, row by row."""
        return [(c, r) for r in range(self.height) for c in range(self.width)]

    def jump_directions(self) -> tuple[tuple[int, int], ...]:
        return self.directions if self.directions is not None else lattice_directions(self.lattice)

    def ordered_holes(self) -> list[Cell]:
        """The holes in the board file's numbering: row by row, left to right."""
        return sorted(self.holes, key=lambda c: (c[1], self.layout_x(c)))

    def hole_number(self, cell: Cell) -> int:
        return self.ordered_holes().index(cell)

    # ------------------------------------------------------------------ edits (new designs)

    def toggle(self, cell: Cell) -> Design:
        """Add a hole, or remove it (and with it its part in the start and the finish)."""
        if cell in self.holes:
            return replace(self, holes=self.holes - {cell}, start=self.start - {cell},
                           finish=None if self.finish == cell else self.finish)
        col, row = cell
        if not (0 <= col < self.width and 0 <= row < self.height):
            return self
        return replace(self, holes=self.holes | {cell})

    def toggle_start(self, cell: Cell) -> Design:
        """Make a hole empty at the start, or full again (a hole is added first if missing)."""
        d = self if cell in self.holes else self.toggle(cell)
        if cell not in d.holes:
            return self
        start = d.start - {cell} if cell in d.start else d.start | {cell}
        return replace(d, start=start)

    def moved_start(self, cell: Cell) -> Design:
        """A right click: the start's one vacancy moves to this hole, the usual problem (found
        by a new player: it emptied a second hole); an empty hole, or a start of several
        vacancies or none, toggles as toggle_start does."""
        if len(self.start) == 1 and cell not in self.start:
            return self.with_single_start(cell)
        return self.toggle_start(cell)

    def with_single_start(self, cell: Cell) -> Design:
        """The usual problem: this hole alone empty at the start."""
        d = self if cell in self.holes else self.toggle(cell)
        return replace(d, start=frozenset({cell})) if cell in d.holes else self

    def with_problem(self, start: Cell, finish: Cell | None) -> Design:
        """One vacancy at start and that finish (None: any hole), both holes of the design."""
        if start not in self.holes or (finish is not None and finish not in self.holes):
            raise ValueError("a problem's holes must be holes of the design")
        return replace(self, start=frozenset({start}), finish=finish)

    def with_finish(self, cell: Cell | None) -> Design:
        """The hole of the last peg; the same hole again, or None, means any hole."""
        if cell is None or cell == self.finish:
            return replace(self, finish=None)
        d = self if cell in self.holes else self.toggle(cell)
        return replace(d, finish=cell) if cell in d.holes else self

    def with_lattice(self, lattice: str) -> Design:
        """Another lattice: the holes keep their grid positions; directions go back to the
        lattice's own (the old ones were counted in the other lattice's characters)."""
        if lattice not in LATTICE_NAMES:
            raise ValueError(lattice)
        return replace(self, lattice=lattice, directions=None)

    def with_directions(self, directions) -> Design:
        """Jump directions; the lattice's own set (in any order or sign) is stored as None."""
        if directions is None:
            return replace(self, directions=None)
        dirs = tuple(sorted({canonical_direction(tuple(d)) for d in directions}))
        if dirs == lattice_directions(self.lattice):
            return replace(self, directions=None)
        return replace(self, directions=dirs)

    def resized(self, width: int, height: int) -> Design:
        """Another grid size (within MIN_GRID..MAX_GRID); holes outside it are removed."""
        width = max(MIN_GRID, min(MAX_GRID, int(width)))
        height = max(MIN_GRID, min(MAX_GRID, int(height)))
        inside = frozenset(c for c in self.holes if c[0] < width and c[1] < height)
        finish = self.finish if self.finish in inside else None
        return replace(self, width=width, height=height, holes=inside,
                       start=self.start & inside, finish=finish)

    def shifted(self, dcol: int, drow: int) -> Design:
        """The holes moved on the grid (the board itself does not change: the file's layout
        starts at its first hole), so an opened board gets room on any side; the grid grows
        to hold them. Unchanged when a hole would leave the grid's top or left, or its largest
        size. On a triangular lattice an odd number of rows moves the holes half a column to
        the right as well (holes sit on alternate characters, rows offset)."""
        # half a column to the right going down, to the left going up (so down then up is
        # where it was), unless that would leave the grid
        half = (drow % 2) * (1 if drow >= 0 else -1)
        moved = self._moved(dcol, drow, half)
        if half < 0 and any(c < 0 for c, _ in moved.values()):
            moved = self._moved(dcol, drow, 1)
        cells = moved.values()
        if any(c < 0 or r < 0 or c >= MAX_GRID or r >= MAX_GRID for c, r in cells):
            return self
        width = max([self.width, *(c + 1 for c, _ in cells)])
        height = max([self.height, *(r + 1 for _, r in cells)])
        return replace(self, width=width, height=height,
                       holes=frozenset(moved[c] for c in self.holes),
                       start=frozenset(moved[c] for c in self.start),
                       finish=None if self.finish is None else moved[self.finish])

    def _moved(self, dcol: int, drow: int, half: int) -> dict[Cell, Cell]:
        """Each cell of the design (holes, start, finish) -> its place moved by dcol, drow
        (and half a column on a triangular lattice, when drow is odd)."""
        out = {}
        for c, r in self.holes | self.start | ({self.finish} if self.finish else set()):
            r2 = r + drow
            if self.lattice == "triangular":
                out[(c, r)] = ((2 * c + r % 2 + 2 * dcol + half - r2 % 2) // 2, r2)
            else:
                out[(c, r)] = (c + dcol, r2)
        return out

    def filled(self) -> Design:
        """Every grid position a hole (a start for cutting a shape out)."""
        return replace(self, holes=frozenset(self.cells()))

    def cleared(self) -> Design:
        return replace(self, holes=frozenset(), start=frozenset(), finish=None)

    def named(self, name: str, board_id: str | None = None) -> Design:
        return replace(self, name=name, board_id=self.board_id if board_id is None else board_id)

    # ------------------------------------------------------------------ board files

    def layout(self) -> str:
        """The layout text: 'o' a hole, ' ' none; rows from the first to the last with a hole,
        columns from the left-most hole (the parser shifts the same way)."""
        if not self.holes:
            return ""
        xs = {c: self.layout_x(c) for c in self.holes}
        x0 = min(xs.values())
        rows = [c[1] for c in self.holes]
        lines = []
        for r in range(min(rows), max(rows) + 1):
            chars: list[str] = []
            for c, x in xs.items():
                if c[1] == r:
                    while len(chars) <= x - x0:
                        chars.append(" ")
                    chars[x - x0] = "o"
            lines.append("".join(chars).rstrip())
        return "\n".join(lines)

    def to_toml(self) -> str:
        """The board file (layout form). The id is the file name, so it is not written."""
        order = {c: i for i, c in enumerate(self.ordered_holes())}
        out = [f"name = {_toml_string(self.name or self.board_id or 'board')}"]
        for key in ("name_ja", "description", "description_ja"):
            value = getattr(self, key)
            if value:
                out.append(f"{key} = {_toml_string(value)}")
        out.append(f"lattice = {_toml_string(self.lattice)}")
        if self.directions is not None:
            out.append("directions = [" + ", ".join(f"[{dx}, {dy}]" for dx, dy in
                                                    self.directions) + "]")
        out.append('layout = """\n' + self.layout() + '\n"""')
        start = sorted(order[c] for c in self.start if c in order)
        out.append("start = [" + ", ".join(str(h) for h in start) + "]")
        out.append("finish = " + ('"any"' if self.finish not in order else
                                  str(order[self.finish])))
        return "\n".join(out) + "\n"

    def to_board(self, board_id: str | None = None) -> Board:
        """The board the game would read from to_toml() (BoardError when it could not)."""
        board_id = board_id or self.board_id or "custom"
        return parse_board(self.to_toml(), source=f"{board_id}.toml", default_id=board_id)

    @classmethod
    def from_board(cls, board: Board) -> Design:
        """A board to edit. DesignError when its holes are not on a lattice, or its jumps not
        every in-line triple of some directions (a board written as holes and jumps tables)."""
        fit = _fit_lattice(board)
        if fit is None:
            raise DesignError(msg("this board's holes or jumps do not follow a lattice, so the "
                                  "designer cannot draw it (it can still be played)"))
        lattice, directions, cells = fit
        cols = max(c for c, _ in cells) + 1
        rows = max(r for _, r in cells) + 1
        if cols > MAX_GRID or rows > MAX_GRID:
            raise DesignError(msg("this board is larger than the designer's grid "
                                  "({max} by {max})", max=MAX_GRID))
        d = cls(lattice=lattice, width=max(cols, MIN_GRID), height=max(rows, MIN_GRID),
                holes=frozenset(cells), directions=directions,
                start=frozenset(cells[h] for h in board.start),
                finish=None if board.finish is None else cells[board.finish],
                board_id=board.id, name=board.name, name_ja=board.name_ja,
                description=board.description, description_ja=board.description_ja)
        return d


def _fit_lattice(board: Board):
    """(lattice, directions or None, grid position of each hole) that make exactly this board's
    holes (in its order) and jumps, or None. A lattice's own directions are preferred (the
    13-hole diamond is "square-diagonal", not "square" with four directions written out)."""
    wanted = set(board.jumps)
    fits = [f for f in (_cells_on(board, lattice) for lattice in LATTICE_NAMES) if f is not None]
    for base, cells in fits:
        if _jumps(base, cells) == wanted:
            return base.lattice, None, cells
    for base, cells in fits:
        d = base.with_directions(_directions_of(base, cells, board.jumps))
        if _jumps(d, cells) == wanted:
            return d.lattice, d.directions, cells
    return None


def _cells_on(board: Board, lattice: str):
    """(a design of that lattice holding the holes, each hole's grid position), or None when the
    holes are not on the lattice's points in the file's own numbering."""
    sx, sy = LATTICES[lattice][1]
    chars = []
    for x, y in board.coords:
        cx, cy = round(x / sx), round(y / sy)
        if abs(cx * sx - x) > 1e-9 or abs(cy * sy - y) > 1e-9:
            return None
        chars.append((cx, cy))
    if lattice == "triangular":
        parity = {(cx + cy) % 2 for cx, cy in chars}
        if len(parity) != 1:
            return None
        shift = parity.pop()  # the grid holds holes on characters with x + y even
        cells = [((cx + shift - cy % 2) // 2, cy) for cx, cy in chars]
    else:
        cells = list(chars)
    if len(set(cells)) != len(cells) or min(y for _, y in cells) < 0:
        return None
    base = Design(lattice=lattice, width=MAX_GRID * 4, height=MAX_GRID * 4,
                  holes=frozenset(cells))
    if base.ordered_holes() != cells:  # the file numbers its holes another way
        return None
    return base, cells


def _directions_of(design: Design, cells: list[Cell], jumps) -> tuple[tuple[int, int], ...]:
    xs = [(design.layout_x(c), c[1]) for c in cells]
    return tuple(sorted({canonical_direction((xs[o][0] - xs[f][0], xs[o][1] - xs[f][1]))
                         for f, o, _ in jumps}))


def _jumps(design: Design, cells: list[Cell]) -> set[tuple[int, int, int]]:
    """The jumps the layout parser makes of these holes (the same rule as board._from_layout)."""
    index = {(design.layout_x(c), c[1]): i for i, c in enumerate(cells)}
    out = set()
    for (x, y), i in index.items():
        for dx, dy in design.jump_directions():
            for s in (1, -1):
                over = index.get((x + s * dx, y + s * dy))
                to = index.get((x + 2 * s * dx, y + 2 * s * dy))
                if over is not None and to is not None:
                    out.add((i, over, to))
    return out


# ---------------------------------------------------------------------------------- verdict

@dataclass(frozen=True)
class Verdict:
    """What the designer shows at once. board is what the game would read (None when it could
    not: then errors say why and Save is refused); warnings are said but do not stop a save."""
    board: Board | None
    holes: int
    jumps: int                      # jumps as the board counts them (each direction apart)
    symmetries: int                 # including the identity
    errors: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    #: by position classes: True possible, False impossible (reason says why), None not checked
    possible: bool | None = None
    reason: str | None = None
    solvable_size: bool = True      # within the solver's hole limit
    #: how many of the symmetries are rotations (the identity included) and reflections; None
    #: for holes all in one line, where the two cannot be told apart
    rotations: int | None = None
    reflections: int | None = None

    @property
    def savable(self) -> bool:
        return self.board is not None


def verdict(design: Design) -> Verdict:
    """Judge a design without searching (milliseconds even on a full 20 x 20 grid)."""
    n = len(design.holes)
    if n == 0:
        return Verdict(None, 0, 0, 0, errors=(msg("The board has no holes yet: click cells to "
                                                  "add them."),))
    errors: list[Message] = []
    if not design.start:
        errors.append(msg("Choose the empty hole at the start: right-click a hole."))
    elif design.start >= design.holes:
        errors.append(msg("Every hole is empty at the start: at least one must hold a peg."))
    try:
        probe = design if not errors else replace(design, start=frozenset(
            [design.ordered_holes()[0]]))
        # the board judged apart from its file name, which Save checks and explains itself
        board = probe.to_board(design.board_id if is_safe_board_id(design.board_id)
                               else "custom")
    except BoardError as exc:
        board = None
        if exc.field == "jumps":
            errors.append(msg("No jump is possible on this board: a jump needs three holes in a "
                              "row along a jump direction."))
        else:
            errors.append(exc.reason)
    if board is None:
        return Verdict(None, n, 0, 0, errors=tuple(errors))
    rotations, reflections = symmetry_kinds(board)
    counts = dict(holes=n, jumps=len(board.jumps), symmetries=len(board.symmetries),
                  rotations=rotations, reflections=reflections)
    if errors:
        return Verdict(None, errors=tuple(errors), **counts)
    warnings: list[Message] = []
    position = board.start_position
    if not pegs.legal_jumps(board, position):
        warnings.append(msg("No move is possible from the start: every peg is stuck. Empty "
                            "another hole next to a peg."))
    limit = SOLVER_MAX_HOLES
    if n > limit:
        warnings.append(msg("The board has {holes} holes; the solver handles at most {limit}, "
                            "so there are no hints and no par. It can still be saved and "
                            "played.", holes=n, limit=limit))
        return Verdict(board, warnings=tuple(warnings), solvable_size=False, **counts)
    possible, reason = class_verdict(board)
    return Verdict(board, warnings=tuple(warnings), possible=possible, reason=reason, **counts)


def symmetry_kinds(board: Board) -> tuple[int | None, int | None]:
    """(rotations, reflections) among the board's symmetries: a reflection turns the drawing
    over, which reverses the turning sense of any three holes not in line."""
    pts = board.coords
    triple = None
    for c in range(2, len(pts)):
        if _turn(pts[0], pts[1], pts[c]) != 0:
            triple = (0, 1, c)
            break
    if triple is None:
        return None, None
    a, b, c = triple
    sense = _turn(pts[a], pts[b], pts[c]) > 0
    rotations = sum((_turn(pts[p[a]], pts[p[b]], pts[p[c]]) > 0) == sense
                    for p in board.symmetries)
    return rotations, len(board.symmetries) - rotations


def _turn(o, a, b) -> int:
    cross = (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    return 0 if abs(cross) < 1e-9 else (1 if cross > 0 else -1)


def impossible_reason(board: Board, start_empty, finish: int | None) -> Message | None:
    """Why no play solves board from the holes start_empty empty to finish (a hole, None for
    any), or None when it may be solvable: the board's catalogue for one vacancy and one finish
    hole where one ships, else position classes (cheap, and exact when they say impossible).
    What Choose start and New game's other settings refuse a game with."""
    problem = catalogue.find(board, start_empty, finish)
    if problem is not None:
        return problem.reason if problem.possible is False else None
    possible, reason = class_verdict(replace(board, start=frozenset(start_empty),
                                             finish=finish))
    return None if possible else reason


def class_verdict(board: Board) -> tuple[bool, Message | None]:
    """Whether the board's problem is possible by position classes (the catalogue's reason when
    not). Uses the solver's Geometry directly, not its per-board cache: a designer makes a new
    Board on every click."""
    g = Geometry(board)
    cls = g.position_class(board.start_position)
    if board.finish is not None:
        if g.position_class(1 << board.finish) == cls:
            return True, None
        return False, class_reason()
    if any(g.position_class(1 << h) == cls for h in range(board.n)):
        return True, None
    return False, msg("position classes: no single peg, in any hole, is in the position class of "
                      "the start, and no move changes a position's class")
