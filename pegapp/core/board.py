"""Peg solitaire boards as data: holes, jumps, lines, symmetries, default start and goal.

A board file (TOML) gives either an ASCII ``layout`` on a lattice, from which holes and jumps are
generated, or explicit ``holes`` and ``jumps`` tables for irregular boards. Holes are numbered row by
row, top to bottom, left to right -- the articles' numbering, so their solutions can be typed in.
For the player a hole also has a name read off the drawing, like a chess square (Board.hole_name):
see hole_naming(). Nothing here imports Qt.
"""

from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

from pegapp.core import resources
from pegapp.core.messages import msg
from pegapp.core.storage import RefusedFile, read_regular

#: lattice name -> (jump directions in layout cells, cell -> drawing coordinates)
_SQRT3_2 = math.sqrt(3) / 2
LATTICES: dict[str, tuple[tuple[tuple[int, int], ...], tuple[float, float]]] = {
    # One layout character per cell; jumps along rows and columns.
    "square": (((1, 0), (0, 1)), (1.0, 1.0)),
    # The same, plus diagonal jumps.
    "square-diagonal": (((1, 0), (0, 1), (1, 1), (1, -1)), (1.0, 1.0)),
    # Holes on alternate characters ("  o o o"), rows offset by one: a triangular lattice.
    "triangular": (((2, 0), (1, 1), (-1, 1)), (0.5, _SQRT3_2)),
}
HOLE_CHARS = "oO"
BLANK_CHARS = " .-"

#: limits that keep a board file from outside from exhausting memory or time, or from drawing
#: holes on top of each other (the largest shipped board is a few hundred bytes and 45 holes)
MAX_FILE_BYTES = 1_000_000
MAX_HOLES = 1000
MAX_COORDINATE = 1_000_000  # |x|, |y| of an explicit hole
MAX_STEP = 100  # |dx|, |dy| of a jump direction, in layout cells
#: holes closer than this, as a share of the board's extent, would be drawn on top of each other
MIN_SEPARATION = 1e-4
#: a board id: a safe file name (no folders, no "..", no spaces or control characters)
_SAFE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+-]*", re.ASCII)


class BoardError(ValueError):
    """A board definition the game cannot use. str() names the file, the field and the reason
    (a msg(), as is args[0], so the windows can translate it)."""

    def __init__(self, source: str, field_name: str, reason: str):
        self.source = source
        self.field = field_name
        self.reason = reason
        super().__init__(msg("{source}: {field}: {reason}", source=source, field=field_name,
                             reason=reason))


Jump = tuple[int, int, int]

#: How holes are named to the player (hole_naming / set_hole_naming; the Settings dialog's
#: "Hole names"). COORDINATES: a letter for the column and a number for the row, read off the
#: board's drawing as chess names its squares -- columns a, b, c... from the left, rows 1, 2,
#: 3... from the bottom -- so the English board's centre is d4, as in the peg-solitaire
#: literature, and its outer corners c1, e1, g3, g5, e7, c7, a5, a3. A triangular lattice has its
#: rows offset by half a hole, so every half-step column gets a letter: the 15-hole triangle's
#: bottom row is a1 c1 e1 g1 i1 and its apex e5 (a hole is always straight above its column
#: letter and level with its row number, both drawn along the edges). NUMBERS: the articles' numbering
#: (0, 1, 2... row by row from the top left), which the command line, save files, exports and
#: the notation "( 0, 6)( 9, 3)" always use. Without Qt (the command line) holes are named by
#: NUMBERS; the windows apply the player's setting (COORDINATES unless changed).
COORDINATES = "coordinates"
NUMBERS = "numbers"
HOLE_NAMINGS = (COORDINATES, NUMBERS)
_hole_naming = [NUMBERS]


def hole_naming() -> str:
    """The way Board.hole_name names holes for the player now (COORDINATES or NUMBERS)."""
    return _hole_naming[0]


def set_hole_naming(naming: str) -> None:
    """Name holes by COORDINATES or NUMBERS from now on (the windows' setting; a program-wide
    choice, like the language)."""
    if naming not in HOLE_NAMINGS:
        raise ValueError(f"unknown hole naming {naming!r}")
    _hole_naming[0] = naming


def column_letters(index: int) -> str:
    """'a'..'z', then 'aa', 'ab'... (columns past the 26th of a large board)."""
    out = ""
    index += 1
    while index:
        index, r = divmod(index - 1, 26)
        out = chr(ord("a") + r) + out
    return out


def _levels(values, tolerance: float) -> list[float]:
    """The distinct values (within tolerance), sorted."""
    out: list[float] = []
    for v in sorted(values):
        if not out or v - out[-1] > tolerance:
            out.append(v)
    return out


def _level_of(levels: list[float], v: float) -> int:
    return min(range(len(levels)), key=lambda k: abs(levels[k] - v))


@dataclass(frozen=True)
class Board:
    id: str
    name: str
    coords: tuple[tuple[float, float], ...]
    jumps: tuple[Jump, ...]
    start: frozenset[int]
    finish: int | None
    name_ja: str = ""
    description: str = ""
    description_ja: str = ""
    source: str = ""
    #: the board file's text, kept so a save of a game on a player's board is self-contained
    text: str = field(default="", compare=False, repr=False)

    @property
    def n(self) -> int:
        return len(self.coords)

    @property
    def full(self) -> int:
        return (1 << self.n) - 1

    @property
    def start_position(self) -> int:
        return position_without(self.full, self.start)

    def position_for(self, empty: frozenset[int] | set[int] | list[int]) -> int:
        return position_without(self.full, empty)

    def display_name(self, language: str = "en") -> str:
        return self.name_ja if language == "ja" and self.name_ja else self.name

    def display_description(self, language: str = "en") -> str:
        return self.description_ja if language == "ja" and self.description_ja else self.description

    @cached_property
    def jumps_from(self) -> tuple[tuple[Jump, ...], ...]:
        """Jumps grouped by their starting hole."""
        by_hole: list[list[Jump]] = [[] for _ in range(self.n)]
        for j in self.jumps:
            by_hole[j[0]].append(j)
        return tuple(tuple(js) for js in by_hole)

    @cached_property
    def jump_index(self) -> dict[tuple[int, int], Jump]:
        """(from, to) -> the jump, for turning a clicked landing hole into a jump."""
        return {(f, t): (f, o, t) for f, o, t in self.jumps}

    @cached_property
    def lines(self) -> tuple[tuple[int, int], ...]:
        """Segments to draw: each pair of neighbouring holes some jump passes along."""
        segs = set()
        for f, o, t in self.jumps:
            segs.add((min(f, o), max(f, o)))
            segs.add((min(o, t), max(o, t)))
        return tuple(sorted(segs))

    @cached_property
    def symmetries(self) -> tuple[tuple[int, ...], ...]:
        """Hole permutations induced by rotations and reflections of the drawing that map holes
        to holes and jumps to jumps; identity first."""
        return _derive_symmetries(self.coords, self.jumps)

    @cached_property
    def grid(self) -> tuple[tuple[float, ...], tuple[float, ...], tuple[tuple[int, int], ...]]:
        """(column xs from the left, row ys from the bottom, (column, row) of each hole): the
        squares of the hole names. Drawing y grows downwards, so row 0 has the largest y."""
        xs = [x for x, _ in self.coords]
        ys = [y for _, y in self.coords]
        extent = max(max(xs) - min(xs), max(ys) - min(ys), 1.0)
        columns = _levels(xs, extent * 1e-6)
        rows = _levels(ys, extent * 1e-6)[::-1]
        cells = tuple((_level_of(columns, x), _level_of(rows, y)) for x, y in self.coords)
        return tuple(columns), tuple(rows), cells

    @cached_property
    def coordinate_names(self) -> tuple[str, ...]:
        """Each hole's name by COORDINATES ("d4"); two holes in one square (a board drawn with
        irregular coordinates) fall back to their numbers."""
        names = [column_letters(c) + str(r + 1) for c, r in self.grid[2]]
        if len(set(names)) != len(names):
            return tuple(str(i) for i in range(self.n))
        return tuple(names)

    def hole_name(self, hole: int, naming: str | None = None) -> str:
        """The hole as the player reads it: "d4" (COORDINATES) or "16" (NUMBERS); naming
        defaults to the program's (hole_naming())."""
        if (naming or hole_naming()) == NUMBERS:
            return str(hole)
        return self.coordinate_names[hole]

    def hole_by_name(self, text: str) -> int | None:
        """The hole a player typed: a name such as "d4" (any case) or an article number; None
        when it names no hole."""
        text = text.strip().lower()
        if text.isascii() and text.isdigit():
            hole = int(text)
            return hole if hole < self.n else None
        try:
            return self.coordinate_names.index(text)
        except ValueError:
            return None

    def hole_at(self, x: float, y: float, tolerance: float = 1e-6) -> int | None:
        for i, (hx, hy) in enumerate(self.coords):
            if abs(hx - x) <= tolerance and abs(hy - y) <= tolerance:
                return i
        return None


def is_safe_board_id(board_id: object) -> bool:
    """True for a name that can only mean a board file in a boards folder ("english",
    "diamond13"): ASCII letters, digits, '_', '.', '+', '-', no '..', at most 100 characters."""
    return (isinstance(board_id, str) and len(board_id) <= 100
            and _SAFE_ID.fullmatch(board_id) is not None and ".." not in board_id)


class _Shown:
    """A value from a board file inside a message: its repr, cut short (a field can hold a
    megabyte, or a structure nested too deeply to print)."""

    def __init__(self, text: str):
        self.text = text

    def __repr__(self) -> str:
        return self.text

    __str__ = __repr__

    def __reduce__(self):
        return _Shown, (self.text,)


def _shown(value: object, limit: int = 60) -> object:
    """value itself when it is a short number, else a _Shown of it as the board file writes it
    (true, "a", not Python's True, 'a'), cut short."""
    try:
        text = _toml_text(value)
    except (RecursionError, MemoryError, ValueError):  # ValueError: int too large to print
        text = f"<{type(value).__name__}>"
    if isinstance(value, (int, float)) and not isinstance(value, bool) and len(text) <= limit:
        return value
    return _Shown(text if len(text) <= limit else text[:limit - 3] + "...")


def _toml_text(value: object, depth: int = 0) -> str:
    """A value read from a board file, written back as TOML writes it."""
    if depth > 32:
        raise RecursionError
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else "inf" if value > 0 else "-inf"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_text(v, depth + 1) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_toml_key(k)} = {_toml_text(v, depth + 1)}"
                               for k, v in value.items()) + "}"
    return str(value)


def _toml_key(key: object) -> str:
    text = str(key)
    return text if text and all(c.isalnum() or c in "_-" for c in text) else json.dumps(text)


def _field_name(key: str) -> str:
    """An unknown key as a field name: itself when short and printable, else its repr cut short."""
    if len(key) <= 60 and key.isprintable() and key.strip() == key and key:
        return key
    return str(_shown(key))


def position_without(full: int, empty) -> int:
    pos = full
    for h in empty:
        pos &= ~(1 << h)
    return pos


# --------------------------------------------------------------------------------------------
# loading


def load_board(path: str | os.PathLike) -> Board:
    """Read a board file; every problem raises BoardError naming the file, field and reason."""
    path = Path(path)
    source = str(path)
    try:
        data = read_regular(path, MAX_FILE_BYTES)  # no folder, pipe or device; bounded
    except RefusedFile as exc:
        raise BoardError(source, "file", exc.strerror if exc.size is None
                         else _too_large(exc.size)) from None
    except OSError as exc:
        raise BoardError(source, "file", msg("cannot be read ({detail})",
                                             detail=exc.strerror or str(exc))) from None
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark (Windows Notepad) is dropped
    except UnicodeDecodeError as exc:
        raise BoardError(source, "file", msg("not UTF-8 text (byte {offset} is {byte})",
                                             offset=exc.start,
                                             byte=f"0x{data[exc.start]:02x}")) from None
    return parse_board(text, source=source, default_id=path.stem)


def _too_large(size: int):
    return msg("{size:,} bytes is too large for a board file (at most {limit:,})", size=size,
               limit=MAX_FILE_BYTES)


def parse_board(text: str, source: str = "<board>", default_id: str = "custom") -> Board:
    """A board from the text of a board file; every problem raises BoardError naming the source,
    the field and the reason -- whatever the text holds (it may come from a save file)."""
    if not isinstance(text, str):
        raise BoardError(source, "file", msg("must be a string"))
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise BoardError(source, "file", _too_large(len(text.encode("utf-8", "surrogatepass"))))
    try:
        return _parse_board(text, source, default_id)
    except RecursionError:  # a = [[[[...]]]]: tomllib (or a check) recurses once per level
        raise BoardError(source, "toml", msg("nested too deeply")) from None
    except MemoryError:
        raise BoardError(source, "file", msg("too large to read (out of memory)")) from None


def _parse_board(text: str, source: str, default_id: str) -> Board:
    try:
        data = tomllib.loads(text)
    except ValueError as exc:  # TOMLDecodeError, or an integer of more than 4300 digits
        raise BoardError(source, "toml", msg("not valid TOML ({detail})",
                                             detail=str(exc)[:200])) from None

    def err(field_name: str, reason: str) -> BoardError:  # reason: a msg()
        return BoardError(source, field_name, reason)

    known = {"id", "name", "name_ja", "description", "description_ja", "lattice", "directions",
             "layout", "holes", "jumps", "start", "finish"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise err(_field_name(unknown[0]),
                  msg("unknown field (known: {known})", known=", ".join(sorted(known))))

    board_id = data.get("id", default_id)
    if not isinstance(board_id, str) or not board_id or "/" in board_id or board_id.strip() != board_id:
        raise err("id", msg("must be a non-empty name without '/' or surrounding spaces"))
    name = data.get("name", board_id)
    if not isinstance(name, str) or not name.strip():
        raise err("name", msg("must be a non-empty string"))
    for key in ("name_ja", "description", "description_ja"):
        if not isinstance(data.get(key, ""), str):
            raise err(key, msg("must be a string"))

    if "layout" in data and ("holes" in data or "jumps" in data):
        raise err("layout", msg("give either a layout or holes and jumps, not both"))
    if "layout" in data:
        coords, jumps = _from_layout(data, err)
    elif "holes" in data:
        coords, jumps = _from_tables(data, err)
    else:
        raise err("layout", msg("missing: give a layout, or holes and jumps tables"))

    if not jumps:
        raise err("jumps", msg("no jump is possible on this board"))
    n = len(coords)
    _check_separation(coords, err)

    start = data.get("start", None)
    if start is None:
        raise err("start", msg("missing: list the holes that are empty at the start, "
                                 "e.g. start = [16]"))
    if isinstance(start, int) and not isinstance(start, bool):
        start = [start]
    if not isinstance(start, list) or not start:
        raise err("start", msg("must be a non-empty list of hole numbers"))
    for h in start:
        if not isinstance(h, int) or isinstance(h, bool) or not 0 <= h < n:
            raise err("start", msg("{h!r} is not a hole (holes are 0..{last})", h=_shown(h),
                                   last=n - 1))
    if len(set(start)) != len(start):
        raise err("start", msg("a hole is listed twice"))
    if len(start) >= n:
        raise err("start", msg("at least one hole must hold a peg"))

    finish = data.get("finish", "any")
    if isinstance(finish, str) and finish == "any":
        finish = None
    elif not isinstance(finish, int) or isinstance(finish, bool) or not 0 <= finish < n:
        raise err("finish", msg("{finish!r} is neither a hole (0..{last}) nor \"any\"",
                                  finish=_shown(finish), last=n - 1))

    return Board(id=board_id, name=name, name_ja=data.get("name_ja", ""),
                 description=data.get("description", ""),
                 description_ja=data.get("description_ja", ""), coords=tuple(coords),
                 jumps=tuple(sorted(jumps)), start=frozenset(start), finish=finish,
                 source=source, text=text)


def _directions(data, err) -> tuple[tuple[tuple[int, int], ...], tuple[float, float]]:
    lattice = data.get("lattice", "square")
    if not isinstance(lattice, str) or lattice not in LATTICES:
        raise err("lattice", msg("unknown lattice {lattice!r} (known: {known})",
                                 lattice=_shown(lattice), known=", ".join(LATTICES)))
    dirs, scale = LATTICES[lattice]
    if "directions" in data:
        raw = data["directions"]
        if not isinstance(raw, list):
            raise err("directions", msg("{value!r} is not a list of [dx, dy] pairs of integers",
                                        value=_shown(raw)))
        if not raw:
            raise err("directions", msg("must hold at least one [dx, dy] pair of integers"))
        for k, d in enumerate(raw):
            if not (isinstance(d, list) and len(d) == 2
                    and all(isinstance(v, int) and not isinstance(v, bool) for v in d)):
                raise err(f"directions[{k}]", msg("{value!r} is not a [dx, dy] pair of integers",
                                                  value=_shown(d)))
            if d == [0, 0]:
                raise err(f"directions[{k}]", msg("[0, 0] is no direction: a jump must move "
                                                  "its peg"))
            for v in d:
                if not -MAX_STEP <= v <= MAX_STEP:
                    raise err(f"directions[{k}]", _out_of_range(v, -MAX_STEP, MAX_STEP))
        dirs = tuple((dx, dy) for dx, dy in raw)
    return dirs, scale


def _from_layout(data, err):
    dirs, (sx, sy) = _directions(data, err)
    layout = data["layout"]
    if not isinstance(layout, str):
        raise err("layout", msg("must be a multi-line string"))
    rows = layout.split("\n")
    while rows and not rows[0].strip():
        rows.pop(0)
    cells: list[tuple[int, int]] = []
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in HOLE_CHARS:
                cells.append((x, y))
            elif ch not in BLANK_CHARS and ch != "\r":
                raise err("layout", msg("row {row}, column {column}: unexpected character {char!r} "
                                        "(use 'o' for a hole, space or '.' for none)",
                                        row=y + 1, column=x + 1, char=ch))
            if len(cells) > MAX_HOLES:
                raise err("layout", _too_many_holes())
    if not cells:
        raise err("layout", msg("the board has no holes"))
    # Shift so the left-most hole is at x = 0 (layouts are often indented).
    min_x = min(x for x, _ in cells)
    cells = [(x - min_x, y) for x, y in cells]
    index = {c: i for i, c in enumerate(cells)}  # row by row, left to right: the articles' order
    jumps = set()
    for (x, y), i in index.items():
        for dx, dy in dirs:
            for sgn in (1, -1):
                over = index.get((x + sgn * dx, y + sgn * dy))
                to = index.get((x + 2 * sgn * dx, y + 2 * sgn * dy))
                if over is not None and to is not None:
                    jumps.add((i, over, to))
    coords = [(x * sx, y * sy) for x, y in cells]
    return coords, jumps


def _from_tables(data, err):
    for key in ("lattice", "directions"):
        if key in data:   # they make a layout's jumps; holes and jumps tables list their own
            raise err(key, msg("only used with a layout: a board given by holes and jumps "
                               "tables lists its jumps itself, so leave it out"))
    raw_holes = data["holes"]
    if not isinstance(raw_holes, list):  # "abc" is the wrong type, not a board without holes
        raise err("holes", msg("{value!r} is not a list of [x, y] pairs of numbers",
                               value=_shown(raw_holes)))
    if not raw_holes:
        raise err("holes", msg("the board has no holes"))
    if len(raw_holes) > MAX_HOLES:
        raise err("holes", _too_many_holes())
    coords = []
    seen: dict[tuple[float, float], int] = {}
    for i, h in enumerate(raw_holes):
        if not (isinstance(h, list) and len(h) == 2 and all(
                isinstance(v, (int, float)) and not isinstance(v, bool) for v in h)):
            raise err(f"holes[{i}]", msg("{h!r} is not an [x, y] pair of numbers", h=_shown(h)))
        for v in h:
            if isinstance(v, float) and not math.isfinite(v):  # nan, inf: no place to draw
                raise err(f"holes[{i}]", msg("{value!r} is not a finite number", value=v))
            if not -MAX_COORDINATE <= v <= MAX_COORDINATE:
                raise err(f"holes[{i}]", _out_of_range(v, -MAX_COORDINATE, MAX_COORDINATE))
        xy = (float(h[0]), float(h[1]))
        if xy in seen:
            raise err("holes", msg("holes {first} and {second} have the same coordinates {coords}",
                                   first=seen[xy], second=i, coords=h))
        seen[xy] = i
        coords.append(xy)
    raw_jumps = data.get("jumps")
    if raw_jumps is not None and not isinstance(raw_jumps, list):
        raise err("jumps", msg("{value!r} is not a list of [from, over, to] jumps",
                               value=_shown(raw_jumps)))
    if not isinstance(raw_jumps, list):
        raise err("jumps", msg("missing: list each jump as [from, over, to]"))
    n = len(coords)
    jumps = set()
    for k, j in enumerate(raw_jumps):
        if not (isinstance(j, list) and len(j) == 3 and all(
                isinstance(v, int) and not isinstance(v, bool) for v in j)):
            raise err(f"jumps[{k}]", msg("{jump!r} is not a [from, over, to] triple of hole numbers",
                                         jump=_shown(j)))
        for h in j:
            if not 0 <= h < n:
                raise err(f"jumps[{k}]", msg("hole {hole} does not exist (holes are 0..{last})",
                                             hole=_shown(h), last=n - 1))
        f, o, t = j
        if len({f, o, t}) != 3:
            raise err(f"jumps[{k}]", msg("{jump} uses a hole twice", jump=j))
        (x0, y0), (x1, y1), (x2, y2) = coords[f], coords[o], coords[t]
        cross = (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0)
        scale = max(abs(x2 - x0), abs(y2 - y0), 1e-12)
        between = min(x0, x2) - 1e-9 <= x1 <= max(x0, x2) + 1e-9 and \
            min(y0, y2) - 1e-9 <= y1 <= max(y0, y2) + 1e-9
        if abs(cross) > 1e-9 * scale * scale or not between:
            raise err(f"jumps[{k}]", msg("holes {start}, {over}, {end} are not in line "
                                         "(the middle one must lie between the other two)",
                                         start=f, over=o, end=t))
        # A jump can be made in both directions.
        jumps.add((f, o, t))
        jumps.add((t, o, f))
    return coords, jumps


def _out_of_range(value, low, high):
    return msg("{value!r} is out of range ({low} to {high})", value=_shown(value), low=low,
               high=high)


def _too_many_holes():
    return msg("more than {limit:,} holes", limit=MAX_HOLES)


def _symmetry_key(coords):
    """Coordinates -> an integer grid point, relative to the board's centre and extent (the
    symmetries compare holes by it)."""
    n = len(coords)
    cx = sum(x for x, _ in coords) / n
    cy = sum(y for _, y in coords) / n
    scale = max(max(abs(x - cx), abs(y - cy)) for x, y in coords) or 1.0

    def key(x: float, y: float) -> tuple[int, int]:
        return (round((x - cx) / scale * 1e6), round((y - cy) / scale * 1e6))

    return cx, cy, key


def _check_separation(coords, err) -> None:
    """Holes so close (for the board's size) that they would be drawn as one, or that the
    symmetries could not tell apart, are refused."""
    _, _, key = _symmetry_key(coords)
    cell = round(MIN_SEPARATION * 1e6)
    grid: dict[tuple[int, int], list[int]] = {}
    keys = [key(x, y) for x, y in coords]
    for i, (kx, ky) in enumerate(keys):
        gx, gy = kx // cell, ky // cell
        for ox in (-1, 0, 1):
            for oy in (-1, 0, 1):
                for j in grid.get((gx + ox, gy + oy), ()):
                    jx, jy = keys[j]
                    if abs(jx - kx) < cell and abs(jy - ky) < cell:
                        raise err("holes", msg("holes {first} and {second} are too close "
                                               "together for the size of the board",
                                               first=j, second=i))
        grid.setdefault((gx, gy), []).append(i)


def _derive_symmetries(coords, jumps) -> tuple[tuple[int, ...], ...]:
    n = len(coords)
    cx, cy, key = _symmetry_key(coords)

    lookup = {key(x, y): i for i, (x, y) in enumerate(coords)}
    jump_set = set(jumps)
    found: list[tuple[int, ...]] = []
    for k in range(12):  # multiples of 30 degrees cover square and triangular lattices
        a = math.radians(30 * k)
        c, s = math.cos(a), math.sin(a)
        for reflect in (False, True):
            perm = []
            for x, y in coords:
                dx, dy = x - cx, y - cy
                if reflect:
                    dy = -dy
                image = lookup.get(key(cx + c * dx - s * dy, cy + s * dx + c * dy))
                if image is None:
                    break
                perm.append(image)
            else:
                p = tuple(perm)
                if len(set(p)) == n and all((p[f], p[o], p[t]) in jump_set for f, o, t in jumps):
                    if p not in found:
                        found.append(p)
    identity = tuple(range(n))
    if identity in found:  # always, for holes apart (parse_board checks that)
        found.remove(identity)
    return (identity, *found)


# --------------------------------------------------------------------------------------------
# the shipped boards

#: display order of the shipped boards (files in resources/boards/ not listed here come last)
SHIPPED_ORDER = ("beginner-cross", "beginner-pyramid", "plus20", "diamond13", "hoppers",
                 "triangle15", "triangle21", "english", "french", "diamond41", "wiegleb")

_cache: dict[str, Board] = {}


def shipped_board_ids() -> list[str]:
    ids = [p.stem for p in resources.board_files()]
    order = {b: i for i, b in enumerate(SHIPPED_ORDER)}
    return sorted(ids, key=lambda b: (order.get(b, len(order)), b))


def get_board(board_id: str) -> Board:
    """A shipped board by id ("english", "diamond13", ...)."""
    if board_id not in _cache:
        path = resources.board_path(board_id) if is_safe_board_id(board_id) else None
        if path is None:
            raise KeyError(msg("no shipped board {board!r} (known: {known})",
                               board=_shown(board_id), known=", ".join(shipped_board_ids())))
        _cache[board_id] = load_board(path)
    return _cache[board_id]


def shipped_boards() -> list[Board]:
    """The shipped boards whose files load. A damaged shipped file costs only its own board:
    the others play, and unavailable_boards() names it with its reason."""
    boards = []
    for board_id in shipped_board_ids():
        try:
            boards.append(get_board(board_id))
        except BoardError:
            continue
    return boards


def unavailable_boards() -> dict[str, BoardError]:
    """The shipped boards whose file does not load (empty, cut short, a FIFO, a folder...), by
    id, each with the BoardError naming the file and the reason."""
    found = {}
    for board_id in shipped_board_ids():
        try:
            get_board(board_id)
        except BoardError as exc:
            found[board_id] = exc
    return found
