"""The problem catalogue: every single-vacancy start with every single-peg finish of a peg board,
reduced by the board's symmetries, with its par (issue #15).

A *problem* is a start with one empty hole and a finish hole where the last peg must stand. Its
**par** is the fewest moves (a move is a chain of jumps by one peg) that solve it: proven minimal
by the solver's exhaustive bidirectional search, or, where the proof does not fit the build's
memory budget (French 37, the 41-hole diamond, Wiegleb 45), the length of the best solution found,
marked ``proven_minimal: false`` with the reason. A problem that cannot be solved is listed too,
with the reason in words: different position classes (an invariant no move changes), or an
exhaustive search that found no way.

Classic families are tags on the entries: ``central`` (the central game: start and finish in the
centre hole), ``complement`` (finish where the vacancy was), ``corner`` (finish in a corner: a
vertex of the board's outline) and ``default`` (the board's own problem).

The shipped data lives in ``resources/catalogue/<board>.json``, written by
``packaging/build_catalogue.py`` with the project's own solver (:func:`compute`). Only the
problem of each symmetry class whose (start, finish) pair is the smallest is stored; :meth:`Catalogue.find`
maps any pair onto it and its solution back. A file is never trusted blindly: it must name the
board's holes and jumps, hold exactly one entry per symmetry class, match its SHA-256, and every
solution must replay legally to its finish with as many moves as its par; otherwise it is refused
with the reason (:class:`CatalogueError`, a ValueError).

Looking up needs no solver: this module imports no numba (the solver, pegapp.solvers.pegs.solver,
loads its compiled kernels lazily, on the first search :func:`compute` runs).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pegapp.core import resources
from pegapp.core.board import Board
from pegapp.core.messages import Message, _rebuild, gigabytes, msg
from pegapp.core.storage import open_regular, read_regular
from pegapp.solvers.result import SOLVED, UNSOLVABLE
from pegapp.solvers.pegs.tablebase import board_key

FORMAT = "pegapp-catalogue"
VERSION = 1

CENTRAL = "central"        # start and finish in the centre hole
COMPLEMENT = "complement"  # finish where the start vacancy was
CORNER = "corner"          # finish in a corner of the board's outline
DEFAULT = "default"        # the board's own problem (its board file's start and finish)
TAGS = (CENTRAL, COMPLEMENT, CORNER, DEFAULT)


class CatalogueError(ValueError):
    """A catalogue file that cannot be used; args[0] says why (a msg())."""


@dataclass(frozen=True)
class Problem:
    start: int                  # the one empty hole at the start
    finish: int                 # the hole of the last peg
    possible: bool | None       # None: unknown (no solution found, no proof within the budget)
    par: int | None             # moves: proven minimal, or the best solution known; else None
    proven_minimal: bool
    solution: tuple[tuple[int, ...], ...] | None
    reason: str | None          # why impossible, or why not proven minimal (a msg() when loaded)
    tags: tuple[str, ...] = ()
    lower_bound: int | None = None  # when not proven: no solution is shorter than this

    def as_json(self) -> dict[str, Any]:
        """The command line's entry: start as the list of empty holes."""
        out: dict[str, Any] = {"start": [self.start], "finish": self.finish,
                               "possible": self.possible, "par": self.par,
                               "proven_minimal": self.proven_minimal, "tags": list(self.tags)}
        if self.reason is not None:
            out["reason"] = str(self.reason)
        if self.lower_bound is not None:
            out["lower_bound"] = self.lower_bound
        if self.solution is not None:
            out["solution"] = [list(m) for m in self.solution]
        return out


# ------------------------------------------------------------------------------ board geometry

def _group(board: Board) -> tuple[tuple[int, ...], ...]:
    return tuple(board.symmetries) or (tuple(range(board.n)),)


def symmetry_count(board: Board) -> int:
    """How many symmetries the board has (the identity among them)."""
    return len(_group(board))


def canonical(board: Board, start: int, finish: int) -> tuple[int, int]:
    """The representative of (start, finish)'s symmetry class: its smallest image."""
    return min((p[start], p[finish]) for p in _group(board))


def canonical_pairs(board: Board) -> list[tuple[int, int]]:
    """One (start, finish) pair per symmetry class, in order."""
    return sorted({canonical(board, s, f) for s in range(board.n) for f in range(board.n)})


def orbit(board: Board, start: int, finish: int) -> list[tuple[int, int]]:
    """Every (start, finish) pair the symmetries make of this one, sorted."""
    return sorted({(p[start], p[finish]) for p in _group(board)})


def centre(board: Board) -> int | None:
    """The hole at the centre of the board (the mean of its holes), if there is one."""
    n = board.n
    cx = sum(x for x, _ in board.coords) / n
    cy = sum(y for _, y in board.coords) / n
    return board.hole_at(cx, cy, tolerance=1e-6)


def corners(board: Board) -> frozenset[int]:
    """The corner holes: the vertices of the convex hull of the holes (collinear ones left out)."""
    pts = sorted(set(board.coords))
    if len(pts) < 3:
        return frozenset(h for h in range(board.n))

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    hull: list[tuple[float, float]] = []
    for seq in (pts, pts[::-1]):  # Andrew's monotone chain, lower then upper half
        half: list[tuple[float, float]] = []
        for p in seq:
            while len(half) >= 2 and cross(half[-2], half[-1], p) <= 1e-9:
                half.pop()
            half.append(p)
        hull += half[:-1]
    return frozenset(board.hole_at(x, y) for x, y in hull)


def tags_of(board: Board, start: int, finish: int) -> tuple[str, ...]:
    """The classic families (start, finish) belongs to; symmetric pairs get the same tags,
    except DEFAULT, which the whole symmetry class of the board's own problem carries."""
    tags = []
    c = centre(board)
    if c is not None and start == finish == c:
        tags.append(CENTRAL)
    if start == finish:
        tags.append(COMPLEMENT)
    if finish in corners(board):
        tags.append(CORNER)
    if (len(board.start) == 1 and board.finish is not None
            and canonical(board, next(iter(board.start)), board.finish)
            == canonical(board, start, finish)):
        tags.append(DEFAULT)
    return tuple(tags)


# ------------------------------------------------------------------------------ compute

def class_reason() -> Message:
    return msg("position classes: a single peg in the finish hole is in another position class "
               "than the start, and no move changes a position's class")


#: positions the solver's depth-first fallback visits between two polls of stop()
_DFS_CHUNK = 5_000_000


def count_cut_of(limits: dict) -> str:
    """The solver's count-cut rule a catalogue was built under: its header names it, and a
    header that names none was built before the finer count existed ("class-2")."""
    return str(limits.get("count_cut", "class-2"))


def compute_problem(board: Board, start: int, finish: int, *, memory_budget: int = 2 * 1024**3,
                    fallback_chunks: int | None = None, bounded: bool = False,
                    report=None, count_cut: str | None = None, window_moves: int = 0) -> Problem:
    """One problem, solved by pegapp.solvers.pegs.solver.solve (no disk cache: nothing left behind).

    fallback_chunks: when the proof does not fit memory_budget, the solver's depth-first
    fallback may visit this many chunks of _DFS_CHUNK positions (None: the solver's own limit,
    minutes on Wiegleb 45). The limit counts stop() polls made with no search progress between
    them (the fallback polls once a chunk; the bidirectional search reports progress before
    each poll), so it is the same on every run, unlike a clock.

    bounded (the big boards): a winning line is found first (beam search, else the depth-first
    search), its end replaced by minimum solutions, and its length bounds the proof (the search
    drops positions whose Merson-region bound puts them on no solution that short): the same
    minimum with far less memory. report(stage, **figures), when given, hears each step.
    count_cut: the solver's count-cut rule (a catalogue's header names it: count_cut_of; None:
    the solver's default). window_moves (bounded only): the winning line's stretches of that
    many moves are replaced by shorter ones where exact searches find them
    (pegapp.solvers.pegs.fallback.shorten_windows); 0, as the headers that name no such limit
    were built, none."""
    # deferred: the solver's compiled kernels load when a problem is computed (building a
    # catalogue, the designer), not with every window that shows a catalogue's par
    from pegapp.solvers.pegs import solver as peg_solver

    count_cut = count_cut or peg_solver.DEFAULT_COUNT_CUT
    g = peg_solver.geometry(board)
    position = board.full & ~(1 << start)
    tags = tags_of(board, start, finish)
    if g.position_class(position) != g.position_class(1 << finish):
        return Problem(start, finish, False, None, False, None, class_reason(), tags)
    counted = peg_solver.count_verdict(board, position, finish)
    if counted is not None:
        return Problem(start, finish, False, None, False, None, counted, tags)
    if bounded:
        return _compute_bounded(board, start, finish, position, tags, memory_budget,
                                fallback_chunks, report, count_cut, window_moves)
    quiet_polls = [0]

    def progress(stage, depth, positions) -> None:
        quiet_polls[0] = 0

    def stop() -> bool:
        quiet_polls[0] += 1
        return fallback_chunks is not None and quiet_polls[0] > fallback_chunks

    # whole tables only (the openings were built after the catalogue, checked against it), and
    # levels unpacked as the headers' budgets were counted: what fits decides the bytes
    res = peg_solver.solve(board, position, finish, memory_budget=memory_budget, cache_dir=False,
                           progress=progress, stop=stop, count_cut=count_cut, tablebase="whole",
                           packed=False)
    if res.status == UNSOLVABLE:
        return Problem(start, finish, False, None, False, None, res.reason, tags)
    moves = tuple(tuple(m) for m in res.moves) if res.moves is not None else None
    if res.status == SOLVED and res.proven_minimal:
        return Problem(start, finish, True, len(moves), True, moves, None, tags)
    bound = peg_solver.lower_bound(board, position, finish)
    if moves is None:  # neither proven impossible nor solved within the limits: unknown
        reason = _unknown_reason(memory_budget, fallback_chunks or 0)
        return Problem(start, finish, None, None, False, None, reason, tags, bound)
    return Problem(start, finish, True, len(moves), False, moves, res.reason, tags, bound)


def _unknown_reason(memory_budget: int, fallback_chunks: int):
    """Why a problem is left unknown: neither search decided it within the build's limits."""
    return msg("no solution found within the catalogue's limits (a proof within {gb:g} GB, a "
               "depth-first search of {millions} million positions), and no proof that there is "
               "none", gb=gigabytes(memory_budget),
               millions=fallback_chunks * _DFS_CHUNK // 1_000_000)


def _compute_bounded(board: Board, start: int, finish: int, position: int, tags, memory_budget: int,
                     fallback_chunks: int | None, report, count_cut: str,
                     window_moves: int = 0) -> Problem:
    """compute_problem(bounded=True): a winning line, shortened, then the proof bounded by it."""
    from pegapp.solvers.pegs import solver as peg_solver  # deferred, as in compute_problem

    report = report or (lambda stage, **figures: None)
    line = peg_solver.winning_line(board, position, finish, memory_budget,
                                   (fallback_chunks or 4) * _DFS_CHUNK, count_cut, window_moves)
    bound = peg_solver.lower_bound(board, position, finish)
    if line is None:
        return Problem(start, finish, False, None, False, None, msg(
            "exhaustive search: no sequence of moves reaches the goal"), tags)
    if line is False:  # no line within the limits: one unbounded search decides, if it fits
        report("line", moves=None)
        proof = peg_solver.prove(board, position, finish, memory_budget, None,
                                 count_cut=count_cut)
        report("proof", moves=None if proof.moves is None else len(proof.moves),
               positions=proof.record.positions, peak_bytes=proof.record.peak_bytes)
        if proof.impossible:
            return Problem(start, finish, False, None, False, None, proof.reason, tags)
        if proof.moves is None:
            # it did not fit: the search with the bound raised a move at a time proves how
            # far it gets (each bound it completes), and may yet fit where that one did not
            proof = peg_solver.prove(board, position, finish, memory_budget, None,
                                     count_cut=count_cut, deepen=True)
            report("deepening", moves=None if proof.moves is None else len(proof.moves),
                   positions=proof.record.positions, peak_bytes=proof.record.peak_bytes,
                   lower_bound=proof.lower_bound)
            if proof.impossible:
                return Problem(start, finish, False, None, False, None, proof.reason, tags)
        if proof.moves is not None:
            moves = tuple(tuple(m) for m in proof.moves)
            return Problem(start, finish, True, len(moves), True, moves, None, tags)
        reason = _unknown_reason(memory_budget, fallback_chunks or 4)
        return Problem(start, finish, None, None, False, None, reason, tags,
                       max(bound, proof.lower_bound))
    report("line", moves=len(line))
    proof = peg_solver.prove(board, position, finish, memory_budget, len(line),
                             count_cut=count_cut)
    report("proof", moves=None if proof.moves is None else len(proof.moves),
           positions=proof.record.positions, peak_bytes=proof.record.peak_bytes)
    if proof.moves is not None:
        moves = tuple(tuple(m) for m in proof.moves)
        return Problem(start, finish, True, len(moves), True, moves, None, tags)
    moves = tuple(tuple(m) for m in line)
    # every bound the search completed without a solution is proven: the gap shrinks, and where
    # it closes (no solution has fewer moves than the line) the line is a minimum, though the
    # search ran out of room before it met one (Wiegleb's 13 -> 10: 20 moves, at least 20)
    least = max(bound, proof.lower_bound)
    if least >= len(moves):
        return Problem(start, finish, True, len(moves), True, moves, None, tags)
    reason = msg("{problem}; the solution given is not proven minimal", problem=proof.reason)
    return Problem(start, finish, True, len(moves), False, moves, reason, tags, least)


def compute(board: Board, *, memory_budget: int = 2 * 1024**3, fallback_chunks: int | None = None,
            progress=None) -> list[Problem]:
    """Every problem of the board (one per symmetry class). progress(done, total, problem) is
    called after each."""
    pairs = canonical_pairs(board)
    out = []
    for i, (s, f) in enumerate(pairs):
        out.append(compute_problem(board, s, f, memory_budget=memory_budget,
                                   fallback_chunks=fallback_chunks))
        if progress is not None:
            progress(i + 1, len(pairs), out[-1])
    return out


# ------------------------------------------------------------------------------ file format

def _message_json(text) -> Any:
    if isinstance(text, Message):
        return {"template": text.template,
                "args": {k: _message_json(v) for k, v in sorted(text.args.items())}}
    return text


def _message_from_json(data) -> Any:
    if isinstance(data, dict):
        template, args = data.get("template"), data.get("args")
        if not isinstance(template, str) or not isinstance(args, dict):
            raise CatalogueError(msg("a problem entry is malformed"))
        try:
            # the templates are the solver's own msg()s, collected for translation where they are
            # written; rebuilt the way an unpickled Message is
            return _rebuild(template, {str(k): _message_from_json(v) for k, v in args.items()})
        except (KeyError, IndexError, ValueError):
            raise CatalogueError(msg("a problem entry is malformed")) from None
    if isinstance(data, (str, int)) and not isinstance(data, bool):
        return data
    if isinstance(data, float) and math.isfinite(data):  # a budget in GB
        return data
    raise CatalogueError(msg("a problem entry is malformed"))


def _entry_json(p: Problem) -> dict[str, Any]:
    out: dict[str, Any] = {"start": p.start, "finish": p.finish, "possible": p.possible,
                           "par": p.par, "proven_minimal": p.proven_minimal,
                           "tags": list(p.tags)}
    if p.solution is not None:
        out["solution"] = [list(m) for m in p.solution]
    if p.reason is not None:
        out["reason"] = _message_json(p.reason)
    if p.lower_bound is not None:
        out["lower_bound"] = p.lower_bound
    return out


def _payload(entries: list[dict[str, Any]]) -> bytes:
    return json.dumps(entries, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def encode(board: Board, problems: list[Problem], limits: dict[str, Any]) -> bytes:
    """The file: a header (board, key, counts, limits, checksum), then one problem a line (sorted
    keys, so the same problems give the same bytes)."""
    entries = [_entry_json(p) for p in sorted(problems, key=lambda p: (p.start, p.finish))]
    header = {"format": FORMAT, "version": VERSION, "board": board.id,
              "board_key": board_key(board), "holes": board.n,
              "symmetries": len(_group(board)), "limits": limits, "counts": counts(problems),
              "sha256": hashlib.sha256(_payload(entries)).hexdigest()}
    lines = [json.dumps(e, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
             for e in entries]
    head = json.dumps(header, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    text = head[:-1] + ',"problems":[\n' + ",\n".join(lines) + "\n]}\n"
    return text.encode()


def counts(problems: list[Problem]) -> dict[str, int]:
    return {"problems": len(problems),
            "proven": sum(p.possible is True and p.proven_minimal for p in problems),
            "best_known": sum(p.possible is True and not p.proven_minimal for p in problems),
            "impossible": sum(p.possible is False for p in problems),
            "unknown": sum(p.possible is None for p in problems)}


def _fail(reason: Message):
    raise CatalogueError(reason)


def _int(value, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        _fail(msg("a problem entry is malformed"))
    return value


def _problem(board: Board, e) -> Problem:
    if not isinstance(e, dict):
        _fail(msg("a problem entry is malformed"))
    n = board.n
    start, finish = _int(e.get("start"), 0, n - 1), _int(e.get("finish"), 0, n - 1)
    possible, proven = e.get("possible"), e.get("proven_minimal")
    if not isinstance(possible, (bool, type(None))) or not isinstance(proven, bool):
        _fail(msg("a problem entry is malformed"))
    par = None if e.get("par") is None else _int(e.get("par"), 0, n)
    tags = e.get("tags", [])
    if not isinstance(tags, list) or any(t not in TAGS for t in tags):
        _fail(msg("a problem entry is malformed"))
    solution = None
    if e.get("solution") is not None:
        sol = e["solution"]
        if not isinstance(sol, list) or not all(isinstance(m, list) and len(m) >= 2 for m in sol):
            _fail(msg("a problem entry is malformed"))
        solution = tuple(tuple(_int(h, 0, n - 1) for h in m) for m in sol)
    reason = None if e.get("reason") is None else _message_from_json(e["reason"])
    bound = None if e.get("lower_bound") is None else _int(e["lower_bound"], 0, n)
    return Problem(start, finish, possible, par, proven, solution, reason, tuple(tags), bound)


def _check(board: Board, p: Problem) -> None:
    """What an entry must satisfy on its own: a possible problem has a solution of par moves that
    replays legally from the start to the finish; an impossible one has a reason and no par."""
    where = {"start": p.start, "finish": p.finish}
    if p.possible is None:
        if p.par is not None or p.solution is not None or p.proven_minimal or p.reason is None:
            _fail(msg("problem {start} -> {finish}: an impossible problem with a par", **where))
        return
    if not p.possible:
        if p.par is not None or p.solution is not None or p.proven_minimal or p.reason is None:
            _fail(msg("problem {start} -> {finish}: an impossible problem with a par", **where))
        return
    if p.solution is None or p.par != len(p.solution) or (not p.proven_minimal and p.reason is None):
        _fail(msg("problem {start} -> {finish}: its par is not the length of its solution", **where))
    pos = board.full & ~(1 << p.start)
    index = board.jump_index
    for move in p.solution:
        if not (pos >> move[0]) & 1:
            _fail(msg("problem {start} -> {finish}: its solution does not replay", **where))
        for a, b in zip(move, move[1:]):
            j = index.get((a, b))
            if j is None or not (pos >> a) & 1 or not (pos >> j[1]) & 1 or (pos >> b) & 1:
                _fail(msg("problem {start} -> {finish}: its solution does not replay", **where))
            pos ^= (1 << a) | (1 << j[1]) | (1 << b)
    if pos != 1 << p.finish:
        _fail(msg("problem {start} -> {finish}: its solution does not replay", **where))


def decode(board: Board, data: bytes) -> "Catalogue":
    """The catalogue in data for board; CatalogueError (with the reason) for anything damaged,
    foreign or made for another board."""
    try:
        top = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        _fail(msg("not JSON"))
    if not isinstance(top, dict) or top.get("format") != FORMAT:
        _fail(msg("not a PegApp problem catalogue"))
    if top.get("version") != VERSION:
        _fail(msg("version {version} is not {expected}", version=str(top.get("version"))[:20],
                  expected=VERSION))
    if top.get("board_key") != board_key(board):
        _fail(msg("made for other holes or jumps than board {board}'s", board=board.id))
    entries = top.get("problems")
    if not isinstance(entries, list) or hashlib.sha256(_payload(entries)).hexdigest() != \
            top.get("sha256"):
        _fail(msg("checksum mismatch"))
    problems = [_problem(board, e) for e in entries]
    if [(p.start, p.finish) for p in problems] != canonical_pairs(board):
        _fail(msg("it does not hold one problem for each pair of start and finish"))
    for p in problems:
        _check(board, p)
    return Catalogue(board, tuple(problems), dict(top.get("limits") or {}))


# ------------------------------------------------------------------------------ lookup

@dataclass(frozen=True)
class Catalogue:
    board: Board
    problems: tuple[Problem, ...]   # one per symmetry class, sorted by (start, finish)
    limits: dict

    def find(self, start: int, finish: int) -> Problem:
        """The problem (start, finish) of any symmetry class, its solution mapped onto it."""
        if not (0 <= start < self.board.n and 0 <= finish < self.board.n):
            raise CatalogueError(msg("no problem {start} -> {finish} on board {board}",
                                     start=start, finish=finish, board=self.board.id))
        perm = min(_group(self.board), key=lambda p: (p[start], p[finish]))
        key = (perm[start], perm[finish])
        lo, hi = 0, len(self.problems)
        while lo < hi:  # problems are sorted by (start, finish)
            mid = (lo + hi) // 2
            if (self.problems[mid].start, self.problems[mid].finish) < key:
                lo = mid + 1
            else:
                hi = mid
        p = self.problems[lo]
        if (p.start, p.finish) == (start, finish):
            return p
        inverse = [0] * len(perm)
        for i, x in enumerate(perm):
            inverse[x] = i
        solution = None if p.solution is None else tuple(
            tuple(inverse[h] for h in m) for m in p.solution)
        return replace(p, start=start, finish=finish, solution=solution,
                       tags=tags_of(self.board, start, finish))

    def counts(self) -> dict[str, int]:
        return counts(list(self.problems))


def shipped_dir() -> Path:
    return resources.path("catalogue")


def file_name(board: Board) -> str:
    return f"{board.id}.json"


#: the largest catalogue file read (storage.read_regular); the shipped ones are under 100 kB
MAX_CATALOGUE_BYTES = 16_000_000

#: board key -> loaded catalogue, None when none ships, or the CatalogueError
_loaded: dict[str, Any] = {}


def load(board: Board) -> Catalogue | None:
    """The shipped catalogue of board (a shipped board, or any with the same holes and jumps), or
    None when none ships. CatalogueError when the one that ships is damaged."""
    key = board_key(board)
    if key in _loaded:
        hit = _loaded[key]
        if isinstance(hit, CatalogueError):
            raise hit
        return hit if hit is None or hit.board == board else _rebind(hit, board)
    directory = shipped_dir()
    own = directory / file_name(board)  # a FIFO or a folder there is the board's, refused below
    candidates = [own] if os.path.lexists(own) else []
    if not candidates and directory.is_dir():
        for path in sorted(directory.glob("*.json")):
            if _peek_key(path) == key:
                candidates = [path]
                break
    found: Any = None
    if candidates:
        path = candidates[0]
        try:
            found = decode(board, read_regular(path, MAX_CATALOGUE_BYTES))
        except OSError as e:
            found = CatalogueError(msg("the problem catalogue {file} cannot be read: {reason}",
                                       file=path.name, reason=e.strerror or str(e)))
        except CatalogueError as e:
            found = CatalogueError(msg("the problem catalogue {file} is refused: {reason}",
                                       file=path.name, reason=e.args[0]))
    _loaded[key] = found
    if isinstance(found, CatalogueError):
        raise found
    return found


def _rebind(cat: Catalogue, board: Board) -> Catalogue:
    """The same catalogue for another board with the same holes and jumps (tags may differ)."""
    problems = tuple(replace(p, tags=tags_of(board, p.start, p.finish)) for p in cat.problems)
    return Catalogue(board, problems, cat.limits)


def _peek_key(path: Path) -> str | None:
    try:
        with open_regular(path, MAX_CATALOGUE_BYTES) as f:
            head = f.read(4096).decode("utf-8", "replace")
    except OSError:  # RefusedFile too: a FIFO, a folder, a link to a device is no catalogue
        return None
    marker = '"board_key":"'
    i = head.find(marker)
    return head[i + len(marker):head.find('"', i + len(marker))] if i >= 0 else None


def find(board: Board, start_empty, finish) -> Problem | None:
    """The catalogue's problem for a game (the holes empty at its start, its finish hole), or None
    when it is not a catalogue problem (several holes empty, finish "any"), no catalogue ships
    for the board, or the one that ships is refused (never an error for the player)."""
    empty = list(start_empty)
    if len(empty) != 1 or finish is None or not isinstance(finish, int):
        return None
    try:
        cat = load(board)
    except (CatalogueError, ValueError):  # ValueError: a board beyond the solver's holes
        return None
    return None if cat is None else cat.find(empty[0], finish)


# ------------------------------------------------------------------------------ known lines

#: (board key, finish) -> (board, {position: (solution, k, proven, at least)}): a catalogue line
#: through a position, k moves along it (a proven line wins over a best known one, else the
#: shortest rest is kept), and the most moves every line through it shows the goal needs
_Line = tuple[tuple[tuple[int, ...], ...], int, bool, int]
_lines: dict[tuple[str, int], tuple[Board, dict[int, _Line]]] = {}


def searched_budget(board: Board, start: int, finish: int) -> int | None:
    """The memory budget (bytes) the catalogue's proof of the problem (start, finish) had: the
    raise's where its header names the problem (up to symmetry), else the build's; None when no
    catalogue ships for the board."""
    try:
        cat = load(board)
    except CatalogueError:
        return None
    if cat is None:
        return None
    raised = cat.limits.get("raised") or {}
    if list(canonical(board, start, finish)) in raised.get("problems", []):
        return int(raised["memory_budget"])
    return int(cat.limits.get("memory_budget", 0)) or None


def _line_index(board: Board, finish: int) -> dict[int, _Line]:
    key = (board_key(board), finish)
    hit = _lines.get(key)
    if hit is not None and hit[0] == board:
        return hit[1]
    index: dict[int, _Line] = {}
    try:
        cat = load(board)
    except CatalogueError:
        cat = None
    if cat is not None:
        # deferred: only a hint on a catalogue board walks the lines
        from pegapp.solvers.pegs import solver as peg_solver

        g = peg_solver.geometry(board)
        # the proven lines first, in the catalogue's order (a position keeps the first proven
        # line through it); then the best known ones, the shortest rest kept
        for p in sorted((p for p in cat.problems if p.solution),
                        key=lambda p: not p.proven_minimal):
            least = p.par if p.proven_minimal else (p.lower_bound or 0)
            for perm in _group(board):
                if perm[p.finish] != finish:
                    continue
                solution = tuple(tuple(perm[h] for h in m) for m in p.solution)
                position = board.full & ~(1 << perm[p.start])
                for k, move in enumerate(solution):
                    old = index.get(position)
                    at_least = max(least - k, 0 if old is None else old[3])
                    if old is None or (not old[2] and not p.proven_minimal
                                       and len(solution) - k < len(old[0]) - old[1]):
                        index[position] = (solution, k, p.proven_minimal, at_least)
                    else:
                        index[position] = old[:3] + (at_least,)
                    position = g.apply_move(position, list(move))
    _lines[key] = (board, index)
    return index


@dataclass(frozen=True)
class KnownLine:
    """The catalogue's way on from a position (known_line)."""
    moves: list                 # to a single peg in the finish
    proven: bool                # a proven minimum (proven_line)
    at_least: int               # proven: no way on from the position is shorter


def proven_line(board: Board, position: int, finish) -> list[list[int]] | None:
    """A proven minimal solution from position to a single peg in finish, read from the
    shipped catalogue with no search, or None.

    Every position k moves along a proven minimal solution of length L (of any catalogue
    problem ending in that hole, or a symmetric image of one) is exactly L - k moves from the
    goal: it is reached from that problem's start in k moves, so a shorter way on would make a
    solution shorter than the minimum, and the rest of the solution takes L - k. So the first
    hint of every catalogue problem, and every hint while the player follows its line, is a
    proven minimum at once. (The catalogue itself is checked when it is loaded: every solution
    replays legally to its finish in par moves.)"""
    line = known_line(board, position, finish)
    return line.moves if line is not None and line.proven else None


def known_line(board: Board, position: int, finish) -> KnownLine | None:
    """The catalogue's way on from position to a single peg in finish, or None when no catalogue
    line passes through position. A line not proven minimal (a best known par, Wiegleb 45) is
    the shortest rest of those through position: a winning line at once, which the solver takes
    instead of searching for one. at_least holds for the same reason as proven_line's
    exactness: a position k moves along a line of a problem none of whose solutions is shorter
    than its lower bound B is at least B - k moves from the goal (the largest over every line
    through it)."""
    if finish is None or not isinstance(finish, int) or not 0 <= finish < board.n:
        return None
    hit = _line_index(board, finish).get(int(position))
    if hit is None:
        return None
    solution, k, proven, at_least = hit
    return KnownLine([list(m) for m in solution[k:]], proven, at_least)
