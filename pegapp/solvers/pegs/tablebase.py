"""Peg solitaire tablebases: every winnable position of a problem with its exact distance.

A tablebase for a board, a start and a goal holds every position reachable from the start that can
still reach the goal (merged by the symmetries fixing both), each with the fewest moves (chains)
left. It answers a hint, a whole minimum solution or a verdict for every legal move at once, with
no search: a position found in it has its distance, wherever it came from (the distance was taken
over every move from it); a position not found is not reachable from the table's start or cannot
win, and the search decides.

Built by breadth-first search over single jumps from the start (levels by peg count), then back
from the goal (a position is winnable when one jump leads to a winnable one), then distances over
chains in order of peg count. For the English board's central game: 23,475,688 positions reachable
(modulo symmetry), 1,679,072 of them winnable (George Bell's figures; tests check the count).

An opening table (`opening`) keeps only a problem's positions of many pegs (every winnable one
with at least min_pegs pegs) and the positions of one minimum line on from each: English's other
twenty problems ship these (their whole tables are 7 MB each), so the first hints of a game off
the catalogue's lines need no search. A position of fewer pegs that an opening does not hold may
still win: only a whole table, or an opening above its min_pegs, proves a dead end by absence. An
opening also answers the symmetric images of its problem (`find` applies the board symmetry).

A bounded table (`bound` above 0; pegapp.solvers.pegs.bounded builds it) does the same for boards
whose whole table does not fit (French 37): every position at most keep_depth moves from the
start whose minimum two stored searches within the bound (the par and a few moves to spare)
decide, and the positions of one minimum line on from each. It proves no dead end: a position
it lacks may win.

Stored compactly (packaging/build_tablebases.py writes the shipped ones under
resources/tablebases/): the gaps between the sorted canonical keys as byte planes (every gap's
lowest byte, then every gap's next, up to the widest gap's bytes: the high planes are nearly all
zeros) and the distances as bytes, zlib compressed (ENCODING), and a JSON header naming the
board (its jumps), the start, the goal, the symmetry group, the counts and the SHA-256 of the
data (version 1; an opening is version 2 with its min_pegs, so a reader that knows only whole
tables refuses it). A hint reads every table of its goal before it answers, so the encoding is
chosen for reading: French 11 -> 5's table (786,140 keys) reads in 17 ms, where varint gaps under
lzma (tables written before 2026-12-08 name no encoding, and are still read) took 60 ms warm
and some 100 ms in a fresh process, for files 10-35% larger. A file that does not match its
header, its board or its own checksum is refused (never trusted, never fatal): the search
answers instead.
"""

from __future__ import annotations

import functools
import hashlib
import json
import lzma
import os
import zlib
from dataclasses import dataclass

import numpy as np

from pegapp.core.storage import open_regular, read_regular, write_atomic
from pegapp.core import resources
from pegapp.core.board import shipped_boards

from pegapp.solvers.pegs._tables import apply_perm, apply_perm_many, geometry, popcount

FORMAT = "pegapp-tablebase"
VERSION = 1          # a whole table: every winnable position reachable from the start
OPENING_VERSION = 2  # an opening table (min_pegs > 1): readers that know only version 1 refuse it
BOUNDED_VERSION = 3  # a bounded table (pegs.bounded): readers that know only 1 and 2 refuse it
#: the keys' gaps as byte planes, zlib compressed (the header's "encoding", with "width": the
#: planes); a header naming none is the earlier varint gaps, lzma compressed
ENCODING = "gap-planes-zlib"
_VARINT_LZMA = "varint-lzma"
UNKNOWN = 255
#: in a bounded table completed to a depth (Tablebase.complete_depth): a position that a search
#: proved, when the table was built, to have no way to the goal
DEAD = 254


class _Lines:
    """best_line() for anything with distance(pos)."""

    def best_line(self, board, pos: int) -> list[list[int]] | None:
        """A minimum solution from pos (a list of moves), or None when pos is not in the table."""
        g = geometry(board)
        d = self.distance(pos)
        if d is None:
            return None
        moves: list[list[int]] = []
        while d > 0:
            for path, q in g.iter_forward_chains(pos):
                if self.distance(q) == d - 1:
                    moves.append(path)
                    pos, d = q, d - 1
                    break
            else:  # pragma: no cover - a table that passed its checks is consistent
                raise ValueError("tablebase is inconsistent")
        return moves


@dataclass
class Tablebase(_Lines):
    """Winnable positions (canonical keys, sorted) and their distances in moves."""

    board_key: str
    start: int
    goals: tuple[int, ...]
    perms: tuple[tuple[int, ...], ...]
    keys: np.ndarray      # uint64, sorted
    dist: np.ndarray      # uint8, moves to the goal
    #: every winnable position reachable from the start with at least this many pegs is here
    #: (1: the whole table); below it only the positions of one minimum line on from each
    min_pegs: int = 1
    #: a bounded table (pegs.bounded): the bound its searches kept to (0: not bounded) and the
    #: moves from the start within which every position known exactly is kept
    bound: int = 0
    keep_depth: int = 0
    #: a bounded table completed to a depth (pegs.bounded.completed): every position at most
    #: this many moves from the start is held, with its exact distance or as DEAD (0: none)
    complete_depth: int = 0

    @property
    def whole(self) -> bool:
        return self.min_pegs <= 1 and not self.bounded

    @property
    def bounded(self) -> bool:
        """Whether this is a bounded table: a position it lacks may still win."""
        return self.bound > 0

    def canon(self, pos: int) -> int:
        identity, moving = self._moving_perms
        best = None
        if identity is not None:    # the identity's image is pos itself, its pegs checked
            if pos >> identity:
                raise IndexError("a peg beyond the permutation's holes")
            best = pos
        for p in moving:
            q = apply_perm(p, pos)
            if best is None or q < best:
                best = q
        return best

    @functools.cached_property
    def _moving_perms(self) -> tuple[int | None, tuple]:
        """(the holes, where the identity is among perms, else None; the other perms). A
        French table has the identity alone: its hints' lookups (best_line asks one a chain
        walked) spent half their time mapping each position onto itself."""
        identity = [p for p in self.perms if p == tuple(range(len(p)))]
        return (len(identity[0]) if identity else None,
                tuple(p for p in self.perms if p not in identity))

    def distance(self, pos: int) -> int | None:
        """Fewest moves from pos to the goal, or None when pos is not in the table (or held as
        a dead end)."""
        value = self.value(pos)
        return None if value is None or value == DEAD else value

    @functools.cached_property
    def dead_pegs_most(self) -> int:
        """The most pegs of a position held as a dead end (0: none): a walk back from a
        position (Tables.dead_ancestor) stops where the pegs pass it."""
        dead = self.keys[self.dist == DEAD]
        return int(_popcounts(dead).max()) if len(dead) else 0

    def is_dead(self, pos: int) -> bool:
        """Whether the table holds pos as a proven dead end (a completed bounded table)."""
        return self.value(pos) == DEAD

    def dead_among(self, positions: list[int]) -> np.ndarray:
        """is_dead of each of positions at once (a bool array): their canonical keys made and
        looked up together (Tables.dead_ancestor asks a level of its walk back at a time)."""
        return self.values_among(positions) == DEAD

    def values_among(self, positions) -> np.ndarray:
        """value() of each of positions at once, UNKNOWN where the table lacks it (a uint8
        array): their canonical keys made and looked up together."""
        a = np.array(positions, dtype=np.uint64).reshape(-1)
        identity, moving = self._moving_perms
        best = None
        if identity is not None:    # as canon: the identity's image is the position itself
            if len(a) and (a >> np.uint64(identity)).any():
                raise IndexError("a peg beyond the permutation's holes")
            best = a
        for p in moving:
            q = apply_perm_many(p, a)
            best = q if best is None else np.minimum(best, q)
        if not len(self.keys) or best is None:
            return np.full(len(a), UNKNOWN, dtype=np.uint8)
        k = np.minimum(self.keys.searchsorted(best), len(self.keys) - 1)
        return np.where(self.keys[k] == best, self.dist[k], UNKNOWN).astype(np.uint8)

    def value(self, pos: int) -> int | None:
        """What the table holds for pos: its distance, DEAD, or None when it lacks pos (a
        completion asks which first positions still need a proof)."""
        m = np.uint64(self.canon(pos))
        k = int(self.keys.searchsorted(m))
        if k < len(self.keys) and self.keys[k] == m:
            return int(self.dist[k])
        return None

    def matches(self, board, goals) -> bool:
        return self.board_key == board_key(board) and tuple(sorted(goals)) == self.goals


def board_key(board) -> str:
    """What a table depends on: the holes and the jumps (not names or drawing)."""
    return geometry(board).jumps_key


# ------------------------------------------------------------------------------------ build

def default_goals(board, start: int) -> list[int]:
    """The goal positions of the board's default problem from start: one peg in the finish
    hole, or, when the finish is "any", one peg in any hole of start's position class (the
    solver drops the other single pegs, which no sequence of moves can reach)."""
    g = geometry(board)
    if board.finish is not None:
        return [1 << board.finish]
    cls = g.position_class(start)
    return g.single_pegs_of_class(cls)


def build(board, start: int, goals: list[int], progress=None) -> Tablebase:
    """Build the table for start and the goal positions (single pegs) by exhaustive search."""
    from pegapp.solvers.pegs import _tablebase_kernel as TK  # deferred on purpose: numba kernels, builds only

    g = geometry(board)
    perms = g.subgroup_fixing([start], goals)
    symtab, jmask, nchunks = g.symtab(perms)
    nsym = len(perms)
    fm, fv = g.kfwd[0], g.kfwd[1]

    def canon(p):
        return min(apply_perm(q, p) for q in perms)

    levels = [np.array([canon(start)], dtype=np.uint64)]
    while len(levels[-1]) and popcount(int(levels[-1][0])) > 1:
        lv = levels[-1]
        # a set of twice the level's size to begin with: a level's children number about as
        # many as it (the set doubles when half full)
        levels.append(TK.unique_children(lv, fm, fv, jmask, symtab, nchunks, nsym,
                                         max(10, (2 * len(lv)).bit_length())))
        if progress:
            progress(len(levels) - 1, len(levels[-1]))
    goal_keys = np.unique(np.array([canon(x) for x in goals], dtype=np.uint64))
    win = [None] * len(levels)
    last = levels[-1]
    win[-1] = last[np.isin(last, goal_keys)] if popcount(int(last[0])) == 1 else last[:0]
    for i in range(len(levels) - 2, -1, -1):
        lv = levels[i]
        mark = np.zeros(len(lv), dtype=np.uint8)
        TK.has_child_in(lv, fm, fv, jmask, symtab, nchunks, nsym, win[i + 1], mark)
        win[i] = lv[mark.astype(bool)]
        levels[i] = None  # free as we go
    keys = np.sort(np.concatenate(win))
    dist = np.full(len(keys), UNKNOWN, dtype=np.uint8)
    dist[np.searchsorted(keys, win[-1])] = 0
    for i in range(len(win) - 2, -1, -1):
        TK.chain_distances(win[i], keys, dist, *g.kfwd, jmask, symtab, nchunks, nsym)
    return Tablebase(board_key(board), int(start), tuple(sorted(goals)),
                     tuple(tuple(p) for p in perms), keys, dist)


def opening(tb: Tablebase, board, min_pegs: int) -> Tablebase:
    """The opening of a whole table: its positions with at least min_pegs pegs, and below them
    the positions of one minimum line on from each, so that best_line still answers from every
    position kept with no search. A whole table of an English problem is 7 MB; its opening at
    24 pegs (the first eight jumps, where a search is slowest) is a few percent of it.

    The lines share what they can: positions are taken in order of peg count, and one whose
    line is not yet kept gets the child one move nearer the goal that most such positions of its
    peg count share (the smallest key among equals), unless one of its best is kept already."""
    if not tb.whole:
        raise ValueError("an opening is cut from a whole table")
    from pegapp.solvers.pegs import _tablebase_kernel as TK  # deferred on purpose: numba kernels, builds only

    g = geometry(board)
    symtab, jmask, nchunks = g.symtab(tb.perms)
    pegs = _popcounts(tb.keys)
    kept = (pegs >= min_pegs).astype(np.uint8)
    votes = np.zeros(len(tb.keys), dtype=np.int32)
    for count in range(int(pegs.max(initial=0)), 0, -1):
        level = np.flatnonzero((pegs == count) & (kept == 1))
        votes[:] = 0  # a level's own votes
        TK.keep_lines(level, tb.keys, tb.dist, kept, votes, *g.kfwd, jmask, symtab, nchunks,
                      len(tb.perms))
    keys = tb.keys[kept == 1]
    dist = tb.dist[kept == 1]
    return Tablebase(tb.board_key, tb.start, tb.goals, tb.perms, keys, dist, int(min_pegs))


def _popcounts(keys: np.ndarray) -> np.ndarray:
    x = keys.copy()
    n = np.zeros(len(x), dtype=np.int64)
    while x.any():
        n += (x & np.uint64(1)).astype(np.int64)
        x >>= np.uint64(1)
    return n


# ------------------------------------------------------------------------------ file format

def _from_varint_gaps(data: bytes, count: int) -> np.ndarray:
    """The keys of a table written before 2026-12-08: their gaps as varints (seven bits a
    byte, lowest first, the top bit set on every byte but a gap's last)."""
    buf = np.frombuffer(data, dtype=np.uint8)
    ends = np.flatnonzero((buf & 0x80) == 0)
    if len(ends) != count or (len(buf) and ends[-1] != len(buf) - 1):
        raise ValueError("key data does not hold the stated number of keys")
    starts = np.empty(count, dtype=np.int64)
    starts[0] = 0
    starts[1:] = ends[:-1] + 1
    lengths = ends - starts + 1
    if len(lengths) and lengths.max() > 10:
        raise ValueError("key data holds a gap longer than 64 bits")
    # whole-array passes, one per byte position (masked fancy indexing is ten times slower)
    gaps = np.zeros(count, dtype=np.uint64)
    low7 = (buf & 0x7F).astype(np.uint64)
    last = len(buf) - 1
    for b in range(int(lengths.max()) if len(lengths) else 0):
        part = low7[np.minimum(starts + b, last)] << np.uint64(7 * b)
        gaps |= np.where(lengths > b, part, np.uint64(0))
    return np.cumsum(gaps, dtype=np.uint64)


def _gap_planes(keys: np.ndarray) -> tuple[bytes, int]:
    """The gaps between keys (the first from 0) as byte planes, lowest first, and how many
    planes: as many as the widest gap has bytes."""
    gaps = np.diff(keys, prepend=np.uint64(0)).astype("<u8")
    width = max((int(gaps.max(initial=0)).bit_length() + 7) // 8, 1)
    return gaps.view(np.uint8).reshape(-1, 8)[:, :width].T.tobytes(), width


def _from_gap_planes(data: bytes, count: int, width) -> np.ndarray:
    if not isinstance(width, int) or not 1 <= width <= 8 or len(data) != width * count:
        raise ValueError("key data does not hold the stated number of keys")
    gaps = np.zeros((count, 8), dtype=np.uint8)
    gaps[:, :width] = np.frombuffer(data, dtype=np.uint8).reshape(width, count).T
    return np.cumsum(gaps.view("<u8").ravel(), dtype=np.uint64)


def encode(tb: Tablebase) -> bytes:
    planes, width = _gap_planes(tb.keys)
    payload = planes + tb.dist.tobytes()
    body = zlib.compress(payload, 9)
    header = {"format": FORMAT, "version": VERSION, "board": tb.board_key, "start": tb.start,
              "goals": list(tb.goals), "perms": [list(p) for p in tb.perms],
              "count": int(len(tb.keys)), "sha256": hashlib.sha256(payload).hexdigest(),
              "encoding": ENCODING, "width": width}
    if tb.bounded:
        header.update(version=BOUNDED_VERSION, bound=int(tb.bound),
                      keep_depth=int(tb.keep_depth))
        if tb.complete_depth:
            header["complete_depth"] = int(tb.complete_depth)
    elif not tb.whole:  # whole tables keep the version-1 bytes they have always had
        header["version"] = OPENING_VERSION
        header["min_pegs"] = int(tb.min_pegs)
    head = json.dumps(header, separators=(",", ":")).encode()
    return len(head).to_bytes(4, "little") + head + body


def decode(data: bytes) -> Tablebase:
    """The table in data; ValueError (with the reason) for anything short, damaged or foreign."""
    if len(data) < 4:
        raise ValueError("file too short")
    hlen = int.from_bytes(data[:4], "little")
    if hlen > 1 << 20 or 4 + hlen > len(data):
        raise ValueError("header length out of range")
    try:
        header = json.loads(data[4:4 + hlen])
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"header is not JSON ({e})") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise ValueError("not a PegApp tablebase")
    version = header.get("version")
    if version not in (VERSION, OPENING_VERSION, BOUNDED_VERSION):
        raise ValueError(f"version {version!r} is not {VERSION}, {OPENING_VERSION} or "
                         f"{BOUNDED_VERSION}")
    min_pegs = header.get("min_pegs", 1) if version == OPENING_VERSION else 1
    if version == OPENING_VERSION and (not isinstance(min_pegs, int) or min_pegs < 2):
        raise ValueError(f"min_pegs {min_pegs!r} is not a number of pegs above 1")
    bound, keep_depth, complete = _bounds(header) if version == BOUNDED_VERSION else (0, 0, 0)
    encoding = header.get("encoding", _VARINT_LZMA)
    if encoding not in (ENCODING, _VARINT_LZMA):
        raise ValueError(f"encoding {encoding!r} is not {ENCODING} or {_VARINT_LZMA}")
    try:
        count = int(header["count"])
        body = data[4 + hlen:]
        payload = zlib.decompress(body) if encoding == ENCODING else lzma.decompress(body)
    except (KeyError, TypeError, ValueError, lzma.LZMAError, zlib.error) as e:
        raise ValueError(f"damaged data ({e})") from None
    if hashlib.sha256(payload).hexdigest() != header.get("sha256"):
        raise ValueError("checksum mismatch")
    if count < 1 or len(payload) < count:
        raise ValueError("count out of range")
    keys = (_from_gap_planes(payload[:-count], count, header.get("width"))
            if encoding == ENCODING else _from_varint_gaps(payload[:-count], count))
    dist = np.frombuffer(payload[-count:], dtype=np.uint8).copy()
    if len(keys) > 1 and not (np.diff(keys) > 0).all():
        raise ValueError("keys are not strictly increasing")
    perms = tuple(tuple(int(x) for x in p) for p in header["perms"])
    # a completed table also holds the first moves' positions beyond the bound, and dead ends
    if bound and not complete and int(dist.max(initial=0)) > bound:
        raise ValueError("a distance beyond the table's bound")
    if (dist == UNKNOWN).any() or (not complete and (dist == DEAD).any()):
        raise ValueError("a distance out of range")
    return Tablebase(str(header["board"]), int(header["start"]),
                     tuple(int(x) for x in header["goals"]), perms, keys, dist, min_pegs,
                     bound, keep_depth, complete)


def _bounds(header: dict) -> tuple[int, int, int]:
    """A bounded table's bound, keep_depth and complete_depth from its header, checked (a table
    not completed names no complete_depth)."""
    bound, keep_depth = header.get("bound"), header.get("keep_depth")
    complete = header.get("complete_depth", 0)
    for name, x, least in (("bound", bound, 1), ("keep_depth", keep_depth, 0),
                           ("complete_depth", complete, 0)):
        if not isinstance(x, int) or isinstance(x, bool) or not least <= x < UNKNOWN:
            raise ValueError(f"{name} {x!r} out of range")
    return bound, keep_depth, complete


#: the largest table file read (storage.read_regular); the shipped ones are a few megabytes
MAX_TABLE_FILE_BYTES = 1 << 30


def save(tb: Tablebase, path: str | os.PathLike) -> None:
    """Atomic (storage.write_atomic): fsync'd, then renamed over the old one."""
    write_atomic(path, encode(tb))


def load(path: str | os.PathLike) -> Tablebase:
    """The table in a file: a regular file of bounded size (storage.read_regular), decoded and
    checked (decode)."""
    return decode(read_regular(path, MAX_TABLE_FILE_BYTES))


# ---------------------------------------------------------------------------------- lookup

class Tables(_Lines):
    """Every usable table of one board and goal (one per start: two shipped boards can share
    their holes and jumps, and a player can start anywhere). A position is looked up in each; the
    distance found is exact whichever table holds it."""

    def __init__(self, tables: list[Tablebase]):
        self.tables = tuple(tables)

    @property
    def count(self) -> int:
        return sum(len(t.keys) for t in self.tables)

    def distance(self, pos: int) -> int | None:
        holder = self.holder(pos)
        return None if holder is None else holder.distance(pos)

    def holder(self, pos: int) -> Tablebase | None:
        """The first table that holds pos (what an answer's record names), or None."""
        for t in self.tables:
            if t.distance(pos) is not None:
                return t
        return None

    def proves_dead(self, board, pos: int, ancestors: bool = True) -> bool:
        """Whether the tables prove pos cannot win: pos is not in them but one move (a chain)
        back from it is, in a table that holds every winnable position with as many pegs as pos
        (a whole table, or an opening whose min_pegs pos reaches). That position is reachable
        from its table's start and winnable, so pos is reachable from that start too, and every
        winnable position reachable from the start with that many pegs is in the table. (A
        player's move from a table position lands here: a dead end needs no search.) Moves back
        are found by un-jumping one peg repeatedly. A completed bounded table proves it too
        where it holds pos, or (ancestors) a position pos is reached from, as a dead end
        (dead_holder, dead_ancestor)."""
        values = [t.value(pos) for t in self.tables]    # distance() and dead_holder() at once
        if any(v is not None and v != DEAD for v in values):
            return False
        if DEAD in values:
            return True
        able = [t for t in self.tables if not t.bounded and popcount(pos) >= t.min_pegs]
        if able and any(any(table.distance(q) is not None for table in able)
                        for q in moves_back(board, pos)):
            return True
        return ancestors and self.dead_ancestor(board, pos) is not None

    def dead_ancestor(self, board, pos: int) -> tuple[Tablebase, int, int] | None:
        """(the table, the moves back, the position) of a dead end a completed table holds
        that pos is reached from, or None. pos cannot win either: a way from pos to the goal
        would be one from there. The walk goes back a move (a chain) at a time, visiting at
        most DEAD_ANCESTOR_POSITIONS positions (counted: the same answer on any machine), each
        level in sorted order, so the table named is the same each time. Why: of French
        positions six to eight moves into random play that a table lacks, 40-65% come from a
        dead end of the first five moves within four moves back (the player's mistake was
        early), where proving them dead by a search runs their forward side out (0.2-3.3 s)."""
        completed = [t for t in self.tables if t.complete_depth and t.dead_pegs_most]
        if not completed:
            return None
        most = max(t.dead_pegs_most for t in completed)
        front, seen, back = np.array([pos], dtype=np.uint64), np.array([pos], dtype=np.uint64), 0
        while len(front):
            back += 1
            # each move back adds a peg or more: past the most a dead end holds, none is one
            front, full = _level_back(board, front, most, seen)
            # the first of front that a table holds as a dead end, with the first such table
            first = None
            for t in completed:
                hits = np.flatnonzero(t.dead_among(front))
                if len(hits) and (first is None or hits[0] < first[0]):
                    first = (int(hits[0]), t)
            if first is not None:
                return first[1], back, int(front[first[0]])
            if full:
                return None
            seen = np.sort(np.concatenate([seen, front]))    # front is not in seen
        return None

    def line_near(self, board, pos: int,
                  most: int | None = None) -> tuple[list[list[int]], Tablebase, int] | None:
        """(a minimum solution from pos, the table that held a position on it, how many moves
        on that position is) proven by the positions
        around pos that the tables hold, or None. pos is one move from each position q one move
        back from it, so d(q) <= d(pos) + 1: the largest d(q) - 1 the tables give is a floor
        on d(pos). Forward from pos, a level of moves at a time (at most most positions:
        NEAR_POSITIONS, counted, so the same answer on any machine), a position j moves on
        that a table holds at floor - j gives a solution of floor moves: one no solution beats.
        Why: a French position seven moves into random play lies past its table's complete
        depth (six), and a win that wastes two moves there was a search of 4-19 million
        positions (3-12 s) whose answer is often this floor, with a table position two or
        three moves on (docs/results/french-hints.md)."""
        known = [d for q in moves_back(board, pos) if (d := self.distance(q)) is not None]
        if not known or max(known) < 2:
            return None
        floor = max(known) - 1
        most = NEAR_POSITIONS if most is None else most
        g = geometry(board)
        came_from: dict[int, tuple[int, list[int]] | None] = {pos: None}
        level = [pos]
        for j in range(1, floor + 1):
            nxt = []
            for p in level:
                for path, q in g.iter_forward_chains(p):
                    if q not in came_from:
                        if len(came_from) >= most:
                            return None
                        came_from[q] = (p, path)
                        nxt.append(q)
            if not nxt:
                return None
            # the first position of the level that a table holds at floor - j
            hit = None
            for t in self.tables:
                at = np.flatnonzero(t.values_among(nxt) == floor - j)
                if len(at) and (hit is None or at[0] < hit[0]):
                    hit = (int(at[0]), t)
            if hit is not None:
                end = nxt[hit[0]]
                moves, q = [], end
                while came_from[q] is not None:
                    q, path = came_from[q]
                    moves.append(path)
                return moves[::-1] + hit[1].best_line(board, end), hit[1], j
            level = nxt
        return None

    def dead_holder(self, pos: int) -> Tablebase | None:
        """The first table that holds pos as a proven dead end, or None."""
        for t in self.tables:
            if t.is_dead(pos):
                return t
        return None

    @property
    def whole(self) -> list[Tablebase]:
        """The whole tables among these (openings hold only a problem's first positions)."""
        return [t for t in self.tables if t.whole]


#: positions a walk back from a position visits at the most looking for a dead end it is
#: reached from (Tables.dead_ancestor). Measured on French positions 8-12 moves into random
#: play (40 a point): 2,048 finds the dead end 3-5 moves back of 22 of 40 nine moves in and 17
#: of 40 ten moves in, in 0.08 s at the most; 4,096 found a few more and cost 0.13-0.2 s where
#: nothing is found twelve moves in (where a search takes about 0.3 s); 1,024 found 11 of 40
#: ten moves in
DEAD_ANCESTOR_POSITIONS = 2048

#: positions a look forward from a position visits at the most for a table position at the
#: floor its moves back give (Tables.line_near). Measured on French 37's seven slow wins
#: seven moves in (french-hints.md, 2026-12-07): where it answers, the table position lies two
#: or three moves on (182-2,297 positions a level); 4,096 is some 0.05 s of plain Python
NEAR_POSITIONS = 4096


def _level_back(board, front: np.ndarray, most: int, seen: np.ndarray) -> tuple[np.ndarray,
                                                                               bool]:
    """(the next level of a walk back, sorted; whether the walk is full): the moves back of
    each of front (sorted) in turn that seen (sorted) lacks, joined until seen and they hold
    DEAD_ANCESTOR_POSITIONS; then the level is what the positions up to that one gave, so the
    walk is cut where a position at a time cut it (the same answer). The first of front that
    fills it is found by halving: the moves back of a longer part of front hold those of a
    shorter one."""
    def level(count):
        found = moves_back_all(board, front[:count], most)
        at = np.minimum(seen.searchsorted(found), len(seen) - 1)
        return found[seen[at] != found]

    every = level(len(front))
    if len(seen) + len(every) < DEAD_ANCESTOR_POSITIONS:
        return every, False
    lo, hi = 0, len(front)      # level(lo) does not fill, level(hi) does
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if len(seen) + len(level(mid)) >= DEAD_ANCESTOR_POSITIONS:
            hi = mid
        else:
            lo = mid
    return level(hi), True


def moves_back(board, pos: int, most_pegs: int | None = None) -> set[int]:
    """The positions one move (a chain of one peg's jumps) back from pos: a peg un-jumped,
    again and again; with most_pegs, only those with at most that many pegs (each jump undone
    adds one peg, so the chains stop there: a walk back to a table's dead ends made every chain
    and dropped most of them, 0.1 ms a position). A position at a time, in plain Python: for
    one position (proves_dead) numpy's calls cost more; many at once are moves_back_all's."""
    by_landing = geometry(board).by_landing
    seen, found = set(), set()
    room = board.n if most_pegs is None else most_pegs - popcount(pos)
    if room <= 0:
        return found
    stack = [(pos, t, 1) for t in range(board.n) if (pos >> t) & 1]
    while stack:
        p, peg, undone = stack.pop()
        for f, o, bits in by_landing[peg]:
            if not (p >> f) & 1 and not (p >> o) & 1:
                q = p ^ bits
                if (q, f) in seen:
                    continue
                seen.add((q, f))
                found.add(q)
                if undone < room:
                    stack.append((q, f, undone + 1))
    return found


def moves_back_all(board, positions, most_pegs: int | None = None) -> np.ndarray:
    """Every position one move back from any of positions (moves_back's, together), sorted,
    each once. The chains of all of them are undone a jump at a time together over numpy
    arrays (Tables.dead_ancestor walks back a level of up to 2,048 positions: moves_back a
    position at a time in Python was two thirds of its time). A chain's state is its position
    with the hole it last landed in above the board's holes (58 holes at most and 6 bits);
    each is kept once, since the chains that reach it go on alike."""
    empty, step = geometry(board).landing
    n = board.n
    mask = np.uint64((1 << n) - 1)
    pos = np.asarray(positions, dtype=np.uint64).reshape(-1)
    most = n if most_pegs is None else int(most_pegs)
    pos = pos[np.bitwise_count(pos) < most]     # no room for a peg more: no move back
    holes = np.arange(n, dtype=np.uint64)
    at, peg = np.nonzero((pos[:, None] >> holes) & np.uint64(1))
    state = pos[at] | (peg.astype(np.uint64) << np.uint64(n))
    found = []
    while len(state):
        at, peg = state & mask, (state >> np.uint64(n)).astype(np.intp)
        i, k = np.nonzero((at[:, None] & empty[peg]) == 0)
        state = _sorted_once(at[i] ^ step[peg[i], k])
        at = state & mask
        found.append(at)
        state = state[np.bitwise_count(at) < most]
    return _sorted_once(np.concatenate(found)) if found else np.zeros(0, dtype=np.uint64)


def _sorted_once(a: np.ndarray) -> np.ndarray:
    """np.unique(a) by a sort (numpy's own hashes first: three times as long on the few
    hundred positions of a walk back's level)."""
    a = np.sort(a)
    keep = np.ones(len(a), dtype=bool)
    np.not_equal(a[1:], a[:-1], out=keep[1:])
    return a[keep]


_loaded: dict[str, Tables | None] = {}


def shipped_dir():
    return resources.path("tablebases")


def find(board, goals, openings: bool = True) -> Tables | None:
    """The shipped tables for this board and goal, or None (none shipped, or none usable: the
    reason is kept in `problems` for the self-test and the benchmarks). An opening table also
    serves the symmetric images of its problem: a board symmetry taking these goals to the
    table's is applied to each position before it is looked up. openings=False: the whole
    tables only, the openings' files not read (each is some 50 ms to decode, and a caller
    that asks only whether a whole table holds a position, such as the first hint of a
    catalogue problem, would read English's four for nothing)."""
    key = board_key(board)
    name = f"{key}-{'-'.join(str(x.bit_length() - 1) for x in sorted(goals))}"
    name += "" if openings else "-whole"
    if name in _loaded:
        return _loaded[name]
    found: list[Tablebase] = []
    try:
        directory = shipped_dir()
        for path in sorted(directory.glob("*.pegtb")) if directory.is_dir() else ():
            head = _peek_header(path)
            if head is None or head.get("board") != key:
                continue
            if not openings and head.get("version") in (OPENING_VERSION, BOUNDED_VERSION):
                continue
            if sorted(head.get("goals", ())) == sorted(goals):
                frame = None
            elif head.get("version") in (OPENING_VERSION, BOUNDED_VERSION):
                frame = _symmetry_onto(board, goals, head.get("goals", ()))
                if frame is None:
                    continue
            else:
                continue
            cand = _load_checked(path, board)
            if cand is not None:
                found.append(cand if frame is None else _seen_from(cand, frame, goals))
    except OSError as e:  # pragma: no cover - unreadable resources folder
        problems["tablebases"] = str(e)
    tables = Tables(found) if found else None
    _loaded[name] = tables
    return tables


#: file -> ((its time and size when read), its table or None)
_files: dict[str, tuple] = {}


def _load_checked(path, board) -> Tablebase | None:
    """The table in path if it is sound and made for this board (each file read once)."""
    where = str(path)
    stat = os.stat(path)
    if _files.get(where, (None,))[0] != (stat.st_mtime_ns, stat.st_size):
        try:
            cand = load(path)
        except (OSError, ValueError) as e:
            problems[where] = str(e)
            cand = None
        if cand is not None and not (cand.matches(board, cand.goals) and _perms_ok(board, cand)):
            problems[where] = "does not match the board"
            cand = None
        _files[where] = ((stat.st_mtime_ns, stat.st_size), cand)
    return _files[where][1]


def _symmetry_onto(board, goals, table_goals) -> tuple[int, ...] | None:
    """A symmetry of the board taking the goals onto the table's goals, or None."""
    want = {int(x) for x in table_goals}
    for perm in geometry(board).symmetries:
        if {apply_perm(perm, x) for x in goals} == want:
            return tuple(perm)
    return None


def _seen_from(tb: Tablebase, frame: tuple[int, ...], goals) -> Tablebase:
    """tb answering for positions in the frame that `frame` takes onto the table's: each
    symmetry p of the table becomes p after frame (hole i goes to p[frame[i]])."""
    inverse = [0] * len(frame)
    for i, j in enumerate(frame):
        inverse[j] = i
    perms = tuple(tuple(p[frame[i]] for i in range(len(frame))) for p in tb.perms)
    return Tablebase(tb.board_key, apply_perm(inverse, tb.start), tuple(sorted(goals)), perms,
                     tb.keys, tb.dist, tb.min_pegs, tb.bound, tb.keep_depth, tb.complete_depth)


def preload() -> None:
    """Load the shipped table of every shipped board's default problem (a background warm-up)."""
    for board in shipped_boards():
        find(board, default_goals(board, board.start_position))


#: file -> why it could not be used
problems: dict[str, str] = {}


def _peek_header(path) -> dict | None:
    try:  # storage.open_regular: a FIFO, a folder or a link to a device is refused unread
        with open_regular(path, MAX_TABLE_FILE_BYTES) as f:
            raw = f.read(4)
            hlen = int.from_bytes(raw, "little") if len(raw) == 4 else -1
            head = json.loads(f.read(hlen)) if 0 < hlen <= 1 << 20 else None
            if isinstance(head, dict):
                return head
            problems[str(path)] = "no table header"
    except OSError as e:  # kept for the self-test: a table refused costs only its own problems
        problems[str(path)] = e.strerror or str(e)
    except ValueError as e:
        problems[str(path)] = f"no table header ({e})"
    return None


def _perms_ok(board, tb: Tablebase) -> bool:
    """The table's symmetries are symmetries of this board fixing its start and goal (a bounded
    table's: fixing its goal, as the solver's searches merge positions)."""
    g = geometry(board)
    fixed = [list(tb.goals)] if tb.bounded else [[tb.start], list(tb.goals)]
    want = set(g.subgroup_fixing(*fixed))
    return set(tb.perms) == want
