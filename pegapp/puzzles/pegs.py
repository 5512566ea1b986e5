"""Peg solitaire behind the common Puzzle interface, its family (FAMILY) and its command-line
handlers."""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Iterable, Sequence
from typing import Any

from pegapp.core import pegs
from pegapp.core.pegs import board_game, is_shipped, parse_peg_variant, peg_variant  # noqa: F401 - board_game importable from here
from pegapp.core.board import (Board, BoardError, get_board, is_safe_board_id, load_board,
                               parse_board, shipped_board_ids, shipped_boards,
                               unavailable_boards)
from pegapp.core.messages import detail, msg
from pegapp.core.notation import format_moves, parse_moves
from pegapp.core.storage import is_int
from pegapp.puzzles.base import (DESCRIBE, EXTEND, MEMORY, REACH, STAGES, TRAIN, BadInput, BadParam,
                                 IllegalMove, check_ascii_digits, memory_gb, replay, vouched)
from pegapp.puzzles.family import CHOICE, TEXT, Family, Param, Preset, with_variant
from pegapp.solvers.record import CATALOGUE, SearchRecord, add_search
from pegapp.solvers.result import (SOLVED, TOO_LARGE, UNSOLVABLE, Progress, SolveResult, Stop,
                                   never_stop, no_progress)


#: the Map: boards whose shipped tablebases hold every winnable position
MAP_MAX_HOLES = 21


class PegPuzzle:
    """States are bitboards (int); a move is the list of holes one peg visits (a chain), and it
    may be extended jump by jump (EXTEND): a Session merges a jump that continues the last move."""

    ABILITIES = frozenset({EXTEND, STAGES, MEMORY, REACH, DESCRIBE, TRAIN})

    def __init__(self, board: Board, start: Iterable[int] | None = None,
                 finish: int | None | str = "default"):
        """start: the holes empty at the start (the board's own by default); finish: the hole
        the last peg must end in, None for any hole ("default": the board's own). BadParam
        (a ValueError) names the one that does not fit the board."""
        self.board = board
        self.start = board.start if start is None else frozenset(check_holes(board, start))
        self.finish = board.finish if finish == "default" else check_finish(board, finish)
        self.id = f"pegs/{board.id}"
        #: the memory cap of the solver (MEMORY), in GB; None: the solver's own default
        self.memory_gb: float | None = None

    @property
    def params(self) -> dict[str, Any]:
        """The params that make this puzzle again (make()): a save file's "params"."""
        out: dict[str, Any] = {"board": self.board.id}
        if not is_shipped(self.board):
            out["board_text"] = self.board.text
        out["start"] = sorted(self.start)
        out["finish"] = "any" if self.finish is None else self.finish
        return out

    def initial(self) -> int:
        return self.board.position_for(self.start)

    def map_maker(self):
        """The Map (contract, optional): the board's shipped tablebases, when the whole table
        of this problem ships (boards up to MAP_MAX_HOLES holes)."""
        from pegapp.puzzles import whole_map

        if self.board.n > MAP_MAX_HOLES:
            raise whole_map.too_large(self)
        # only a problem whose whole table ships (found by an outside trial: the Map of the
        # 13-hole diamond from another start opened empty, "no map for this puzzle")
        if not whole_tables(self):
            return None
        return lambda progress, stop: peg_map(self, progress, stop)

    def moves(self, state: int):
        return (route for route, _ in pegs.chains(self.board, state))

    def apply(self, state: int, move: Sequence[int]) -> int:
        try:
            jumps = pegs.move_jumps(self.board, move)
        except KeyError as exc:
            raise IllegalMove(exc.args[0]) from None
        for j in jumps:
            if not pegs.is_legal(state, j):
                raise IllegalMove(msg("jump {start}->{end} is not legal here",
                                      start=j[0], end=j[2]))
            state = pegs.apply_jump(state, j)
        return state

    def join(self, last: Sequence[int], move: Sequence[int]) -> list[int] | None:
        """last and move as one move when move's peg is the one that landed last, else None."""
        if last and move and last[-1] == move[0]:
            return [*last, *move[1:]]
        return None

    def split(self, move: Sequence[int]) -> list[list[int]]:
        """The jumps of a move, each a move of two holes."""
        return [[a, b] for a, b in zip(move, move[1:])] or [list(move)]

    def is_solved(self, state: int) -> bool:
        return pegs.is_goal(self.board, state, self.finish)

    def check_state(self, state: Any) -> int:
        """A position read from a file: a bitboard of this board with a peg and an empty hole."""
        full = (1 << self.board.n) - 1
        if not is_int(state) or not 0 < state < full:
            raise BadInput(msg("{value!r} is not a position of board {board}", value=state,
                               board=self.board.id))
        return state

    def solve(self, state: int, progress: Progress = no_progress,
              stop: Stop = never_stop, **options) -> SolveResult:
        # deferred on purpose: the peg solver imports numpy (a third of a second) and its tables
        from pegapp.solvers.pegs.solver import solve

        options.setdefault("memory_budget", self._memory_budget())
        known = catalogue_answer(self.board, state, self.finish, options)
        if known is not None:
            return known
        line = catalogue_line(self.board, state, self.finish, options)
        if line is not None:
            options.setdefault("known_line", line.moves)
            options.setdefault("known_floor", line.at_least)
        return solve(self.board, state, self.finish, progress=progress, stop=stop, **options)

    def can_reach(self, state: int, stop: Stop = never_stop) -> bool:
        """Whether a single peg (in the finish hole, if any) can still be reached (REACH);
        Cancelled when stop() says so, within the memory cap (MEMORY) like solve."""
        # deferred on purpose: the peg solver imports numpy (a third of a second) and its tables
        from pegapp.solvers.pegs.solver import can_reach_goal

        return can_reach_goal(self.board, state, self.finish, stop=stop,
                              memory_budget=self._memory_budget())

    def canonical(self, state: int) -> int:
        """The least of state's images under the board's symmetries that keep the finish hole
        (all of them when any hole finishes): one training puzzle, turned or mirrored, is the
        same puzzle, and Train deals it once (pegapp.puzzles.training.same_puzzle). Found by
        #74's outside trial: Hoppers dealt six puzzles as twenty, turned."""
        images = [state]
        for perm in self.board.symmetries:
            if self.finish is None or perm[self.finish] == self.finish:
                images.append(sum(1 << perm[h] for h in pegs.pegs(state)))
        return min(images)

    def training_positions(self, moves: int, count: int, rng, stop: Stop = never_stop):
        """Training puzzles (TRAIN): from the shipped whole table, else by search
        (pegapp.puzzles.peg_training)."""
        from pegapp.puzzles import peg_training  # deferred: only `pegapp train` asks

        return peg_training.training_positions(self, moves, count, rng, stop)

    def _memory_budget(self) -> int:
        """The searches' budget in bytes: the player's cap (MEMORY), else the solver's default."""
        from pegapp.solvers.pegs.solver import DEFAULT_MEMORY_BUDGET

        if self.memory_gb is None:
            return DEFAULT_MEMORY_BUDGET
        return max(1, int(self.memory_gb * 1024 ** 3))

    def describe_move(self, state: int, move: Sequence[int], advice: bool = False):
        """The move in words, with the holes named as the player has chosen (Board.hole_name:
        "d4" or the article's number): "Jump the peg at d2 over d3 to d4", a chain "..., then on
        to f4 → f6". The one text of a move for the hint line, the move list, the replay and the
        exported diagrams' captions; the notation (format_moves) stays the articles'."""
        name = self.board.hole_name
        jumps = pegs.move_jumps(self.board, move)
        if not jumps:
            raise IllegalMove(msg("{move!r} is not a move", move=list(move)))
        (start, over, end) = jumps[0]
        if len(jumps) == 1:
            return msg("Jump the peg at {start} over {over} to {end}", start=name(start),
                       over=name(over), end=name(end))
        return msg("Jump the peg at {start} over {over} to {end}, then on to {more}",
                   start=name(start), over=name(over), end=name(end),
                   more=" → ".join(name(j[2]) for j in jumps[1:]))

    def format_moves(self, moves: Sequence[Sequence[int]]) -> str:
        return format_moves(moves)

    def parse_moves(self, text: str) -> list[list[int]]:
        try:
            return parse_moves(text)
        except ValueError as exc:
            raise BadInput(detail(exc)) from None


def catalogue_answer(board: Board, state: int, finish, options: dict[str, Any]) -> SolveResult | None:
    """A proven minimum from state read from the shipped problem catalogue (no search, no
    compiled kernel), or None: state lies on a proven minimal catalogue solution ending in the
    finish hole (catalogue.proven_line says why that is exact). Not when the caller asks for a
    search (tablebase=False: `pegapp solve --search`), a count of solutions or a fixed first
    move, nor where a shipped whole table of exact distances holds the position: the solver reads
    the table (as instant, and the line the game has always given there). An opening table
    (English's other problems) yields to the catalogue: the first hint of a problem is its line."""
    if (options.get("tablebase", True) is False or options.get("count")
            or options.get("first_move") is not None):
        return None
    from pegapp.puzzles import catalogue  # deferred: its tables load on the first hint
    from pegapp.solvers.pegs import tablebase  # deferred likewise (numpy, no compiled kernel)

    t0 = time.perf_counter()
    line = catalogue.proven_line(board, state, finish)
    if line is None:
        problem = catalogue.find(board, [h for h in range(board.n) if not state >> h & 1],
                                 finish)  # the problem whose start state is, if any
        return (catalogue_impossible(problem, t0)
                or catalogue_unknown(board, problem, options.get("memory_budget"), t0))
    tables = tablebase.find(board, [1 << finish], openings=False)
    if tables is not None and tables.distance(state) is not None:
        return None  # (an opening table does not: the catalogue's line is the one to follow)
    record = SearchRecord(source=CATALOGUE, seconds=time.perf_counter() - t0, origin=msg(
        "a proven minimal solution of one of this board's problems passes through this "
        "position (found by the exhaustive bidirectional search when the catalogue was built)"))
    return SolveResult(SOLVED, moves=line, proven_minimal=True, stats={"catalogue": True},
                       search=record)


def catalogue_impossible(problem, t0: float) -> SolveResult | None:
    """No solution, read from the catalogue: problem (catalogue.find's, or None) is one that
    only the catalogue's exhaustive search ruled out (the 41-hole diamond's 1 -> 39 took 25 minutes
    and 5.8 GB when the catalogue was built). Found by an outside trial: `pegapp solve
    pegs/diamond41 --start 1 --finish 39` searched on for minutes, the window's Choose start
    refusing the same problem at once. Position classes and counts the solver sees at once
    itself, in words about the position: those are left to it."""
    template = getattr(getattr(problem, "reason", None), "template", "")
    if problem is None or problem.possible is not False \
            or not template.startswith("exhaustive search"):
        return None
    record = SearchRecord(source=CATALOGUE, seconds=time.perf_counter() - t0, origin=msg(
        "an exhaustive search when the catalogue was built"))
    return SolveResult(UNSOLVABLE, reason=problem.reason, stats={"catalogue": True},
                       search=record)


def catalogue_unknown(board: Board, problem, budget: int | None,
                      t0: float) -> SolveResult | None:
    """Undecided, read from the catalogue: problem (catalogue.find's, or None) is one the
    catalogue left unknown (Wiegleb's 1 -> 1) after a search with at least the memory budget
    asked for, which
    the same search with less cannot decide either; said at once with how far the catalogue's
    got, where the hint searched for minutes to end as unknown (found by an outside trial).
    From any other position the search runs as ever."""
    from pegapp.puzzles import catalogue  # deferred: its tables load on the first hint

    if problem is None or problem.possible is not None or budget is None \
            or (catalogue.searched_budget(board, problem.start, problem.finish) or 0) < budget:
        return None
    reason = problem.reason
    if problem.lower_bound:
        reason = msg("{reason}; no solution has fewer than {floor} moves", reason=reason,
                     floor=problem.lower_bound)
    record = SearchRecord(source=CATALOGUE, seconds=time.perf_counter() - t0, origin=msg(
        "a search when the catalogue was built, with at least the memory this one would have"))
    return SolveResult(TOO_LARGE, reason=reason, stats={"catalogue": True}, search=record)


def catalogue_line(board: Board, state: int, finish, options: dict[str, Any]):
    """The way on from state along a catalogue line not proven minimal (a best known par: on
    Wiegleb 45 the catalogue's lines are shorter than the solver's quick winning line), for the
    solver to take as its winning line at once, with the floor the catalogue proves
    (catalogue.KnownLine); None where catalogue_answer would not look either (a search asked
    for, a count, a fixed first move)."""
    if (options.get("tablebase", True) is False or options.get("count")
            or options.get("first_move") is not None):
        return None
    from pegapp.puzzles import catalogue  # deferred: its tables load on the first hint

    known = catalogue.known_line(board, state, finish)
    return None if known is None or known.proven else known


def check_holes(board: Board, holes: Iterable[Any]) -> list[int]:
    """The holes empty at the start, checked against board (BadParam "start")."""
    holes = list(holes)
    if not holes:
        raise BadParam("start", msg("must be a non-empty list of hole numbers"))
    for h in holes:
        if not is_int(h) or not 0 <= h < board.n:
            raise BadParam("start", msg("{h!r} is not a hole (holes are 0..{last})", h=h,
                                        last=board.n - 1))
    if len(set(holes)) != len(holes):
        raise BadParam("start", msg("a hole is listed twice"))
    if len(holes) >= board.n:
        raise BadParam("start", msg("at least one hole must hold a peg"))
    return holes


def check_finish(board: Board, finish: Any) -> int | None:
    """The finish hole, None for any hole (BadParam "finish")."""
    if finish is not None and not (is_int(finish) and 0 <= finish < board.n):
        raise BadParam("finish", msg("{finish!r} is neither a hole (0..{last}) nor \"any\"",
                                     finish=finish, last=board.n - 1))
    return finish


def board_from_params(puzzle_id: str, params: dict[str, Any]) -> Board:
    """The board params name: "board" (a shipped board's id; the id's name when absent), or a
    player's board given whole as "board_text". BadParam names the faulty param; BoardError when
    the board text is not a valid board."""
    board_id = params.get("board", puzzle_id.partition("/")[2])
    if not isinstance(board_id, str):
        raise BadParam("board", msg("must be a string"))
    if "board_text" not in params:
        known = shipped_board_ids()
        if board_id not in known:  # also keeps a name such as "../x" out of the file system
            raise BadParam("board", msg("no shipped board {board!r} (known: {known})",
                                        board=board_id, known=", ".join(known)))
        return get_board(board_id)
    text = params["board_text"]
    if not isinstance(text, str):
        raise BadParam("board_text", msg("must be a string"))
    board = parse_board(text, source=pegs.TEXT_SOURCE, default_id=board_id)
    if board.id != board_id:
        raise BadParam("board", msg("must be {expected!r}", expected=board.id))
    return board


def make(puzzle_id: str, params: dict[str, Any]) -> PegPuzzle:
    """The peg puzzle of a puzzle id ("pegs/english") and params (all optional): "board",
    "board_text" (a player's board), "start" (the holes empty at the start, a list), "finish" (a
    hole or "any")."""
    board = board_from_params(puzzle_id, params)
    start = params.get("start")
    if "start" in params and not isinstance(start, list):
        raise BadParam("start", msg("must be a non-empty list of hole numbers"))
    finish: int | None | str = "default"
    if "finish" in params:
        finish = params["finish"]
        if finish == "any":
            finish = None
        elif finish is None or isinstance(finish, str):  # null is not "any"; no other words
            raise BadParam("finish", msg("{finish!r} is neither a hole (0..{last}) nor \"any\"",
                                         finish=finish, last=board.n - 1))
    return PegPuzzle(board, start, finish)


# ---- command line -------------------------------------------------------------------------


def board_json(board: Board) -> dict[str, Any]:
    return {
        "id": board.id,
        "puzzle": f"pegs/{board.id}",
        "name": board.name,
        "name_ja": board.name_ja,
        "holes": [[i, x, y] for i, (x, y) in enumerate(board.coords)],
        "jumps": [list(j) for j in board.jumps],
        "lines": [list(seg) for seg in board.lines],
        "symmetries": len(board.symmetries),
        "start": sorted(board.start),
        "finish": "any" if board.finish is None else board.finish,
    }


def boards_json() -> dict[str, Any]:
    """`pegapp boards --json`: the shipped boards (pegapp.cli asks the family that has it);
    "unavailable" (only when there are some): the shipped boards whose file does not load."""
    result: dict[str, Any] = {"boards": [board_json(b) for b in shipped_boards()]}
    if broken := unavailable_boards():
        result["unavailable"] = [{"id": board_id, "reason": str(exc)}
                                 for board_id, exc in broken.items()]
    return result


def boards_text(result: dict[str, Any]) -> str:
    """`pegapp boards` without --json: one line a board."""
    lines = [f"pegs/{b['id']}: {b['name']} ({len(b['holes'])} holes)" for b in result["boards"]]
    lines += [str(msg("pegs/{board}: unavailable: {reason}", board=b["id"], reason=b["reason"]))
              for b in result.get("unavailable", [])]
    return "\n".join(lines)


def problems_json(puzzle_id: str, args: Any) -> dict[str, Any]:
    """`pegapp problems pegs/<board> --json`: the board's problem catalogue."""
    # deferred on purpose: the catalogue imports numpy and the peg solver's tables (a third of
    # a second), which the other commands do without
    from pegapp.puzzles import problem_list
    return problem_list.problems_json(board_from_args(puzzle_id, args))


def problems_text(result: dict[str, Any]) -> str:
    """`pegapp problems pegs/<board>` without --json."""
    from pegapp.puzzles import problem_list  # deferred on purpose: as problems_json
    return problem_list.problems_text(result)


def board_from_args(puzzle_id: str, args=None) -> Board:
    """The board a peg command names: ``pegs/<board>`` for a shipped board (a plain name, never a
    path), or ``pegs`` with ``--board-file PATH`` for a board file. Every problem is BadInput."""
    board_file = getattr(args, "board_file", None)
    family, _, name = puzzle_id.partition("/")
    if board_file is not None:
        if name:
            raise BadInput(msg("give a board name ({puzzle}) or {option}, not both",
                               puzzle=puzzle_id, option="--board-file"))
        if not board_file.strip():  # Path("") is the current folder: say what is wrong
            raise BadInput(msg("{option}: give the path of a board file", option="--board-file"))
        try:
            return load_board(board_file)
        except BoardError as exc:
            raise BadInput(detail(exc)) from None
    if not name:
        raise BadInput(msg("name a board: pegs/<board> (boards: {boards})",
                           boards=", ".join(shipped_board_ids())))
    if not is_safe_board_id(name):
        raise BadInput(msg("{board!r} is not a board name (to open a board file, use {option} "
                           "PATH)", board=name[:60], option="--board-file"))
    try:
        return get_board(name)
    except KeyError:
        raise BadInput(msg("unknown board {board!r} (boards: {boards})", board=name,
                           boards=", ".join(shipped_board_ids()))) from None
    except BoardError as exc:  # a shipped file damaged after installation
        raise BadInput(detail(exc)) from None


_HOLE = re.compile(r"-?[0-9]+", re.ASCII)
_HOLE_NAME = re.compile(r"[A-Za-z]+[0-9]+", re.ASCII)


def _holes(text: str, board: Board, what: str) -> list[int]:
    try:
        check_ascii_digits(text)
    except BadInput as exc:
        raise BadInput(msg("{option}: {reason}", option=what, reason=detail(exc))) from None
    try:
        words = text.replace(",", " ").split()
        holes = []
        for w in words:
            if _HOLE.fullmatch(w):  # int() would also take '+3' and '1_6'
                holes.append(int(w))
            elif _HOLE_NAME.fullmatch(w) and board.hole_by_name(w) is not None:
                holes.append(board.hole_by_name(w))  # a hole's name as drawn: "d4"
            else:
                raise ValueError(text)
        if any(h.strip() == "" for h in text.split(",")) and "," in text:
            raise ValueError(text)  # '3,,5' or '3,'
    except ValueError:
        raise BadInput(msg("{option} must be holes by number or by name, e.g. '16', 'd4' or "
                           "'3,5' (not {value!r})", option=what, value=text[:60])) from None
    bad = [h for h in holes if not 0 <= h < board.n]
    if bad or not holes:
        raise BadInput(msg("{option}: {value!r} is not a hole of {board} (holes are 0..{last})",
                           option=what, value=bad[0] if bad else text, board=board.id,
                           last=board.n - 1))
    return holes


def problem_from_args(puzzle_id: str, args) -> tuple[Board, frozenset[int], int | None]:
    board = board_from_args(puzzle_id, args)
    start = board.start
    if getattr(args, "start", None) is not None:
        holes = _holes(args.start, board, "--start")
        if len(set(holes)) != len(holes):
            raise BadInput(msg("{option}: a hole is listed twice", option="--start"))
        if len(set(holes)) >= board.n:
            raise BadInput(msg("{option}: at least one hole must hold a peg", option="--start"))
        start = frozenset(holes)
    finish = board.finish
    if getattr(args, "finish", None) is not None:
        if args.finish.strip() == "any":
            finish = None
        else:
            holes = _holes(args.finish, board, "--finish")
            if len(holes) != 1:
                raise BadInput(msg("{option}: give one hole, or 'any'", option="--finish"))
            finish = holes[0]
    elif (getattr(args, "start", None) is not None and board.finish is not None
          and len(start) == 1 and start != board.start):
        # a complement problem: end where the game started (the board's own start keeps the
        # board's own finish)
        finish = next(iter(start))
    return board, start, finish


def hint_problem(puzzle_id: str, args) -> tuple[PegPuzzle, int, dict[str, Any]]:
    """`pegapp hint pegs/<board> [--start ...] [--finish ...] [--memory GB]`: the puzzle, the
    position and the solver options the Hint button would use."""
    board, start, finish = problem_from_args(puzzle_id, args)
    puzzle = PegPuzzle(board, start, finish)
    options: dict[str, Any] = {}
    memory = memory_gb(args)
    if memory is not None:
        options["memory_budget"] = max(1, int(memory * 1024 ** 3))
    return puzzle, puzzle.initial(), options


def train_entry(puzzle: PegPuzzle, state: int) -> dict[str, Any]:
    """A training puzzle's position as `hint pegs/<board> --start ... --finish ...` takes it
    (pegapp train): the empty holes, and the finish hole or "any"."""
    return {"start": [h for h in range(puzzle.board.n) if not (state >> h) & 1],
            "finish": "any" if puzzle.finish is None else puzzle.finish}


def solve_json(puzzle_id: str, args) -> dict[str, Any]:
    board, start, finish = problem_from_args(puzzle_id, args)
    first_move = None
    if getattr(args, "first_move", None):
        first_move = _holes(args.first_move, board, "--first-move")
        if len(first_move) < 2:
            raise BadInput(msg("{option}: give the holes the peg visits, e.g. '0,6'",
                               option="--first-move"))
        try:  # an impossible first move is bad input, not an unsolvable problem
            replay(PegPuzzle(board, start, finish), board.position_for(start), [first_move])
        except IllegalMove as exc:
            raise BadInput(msg("{option}: {reason}", option="--first-move",
                               reason=detail(exc))) from None
    options: dict[str, Any] = {}
    memory = memory_gb(args)
    if memory is not None:
        options["memory_budget"] = max(1, int(memory * 1024 ** 3))
    t0 = time.perf_counter()
    if getattr(args, "search", False):
        options["tablebase"] = False
    position = board.position_for(start)
    # the Solve button's path: the catalogue's proven line when there is one, else the search,
    # from the catalogue's best-known line where it has one (Wiegleb 45)
    puzzle = PegPuzzle(board, start, finish)
    # args.stop: the command line's --timeout (pegapp.time_limit), when it has one
    result = vouched(puzzle, position, puzzle.solve(
        position, stop=getattr(args, "stop", None) or never_stop, count=bool(args.count),
        first_move=first_move, **options))
    seconds = time.perf_counter() - t0
    out: dict[str, Any] = {
        "puzzle": f"pegs/{board.id}",
        "holes": [[i, x, y] for i, (x, y) in enumerate(board.coords)],
        "start": sorted(start),
        "finish": "any" if finish is None else finish,
        "status": result.status,
        "moves": result.moves,
        "length": result.length,
        "jumps": None if result.moves is None else sum(len(m) - 1 for m in result.moves),
        "proven_minimal": result.proven_solution,
        "notation": None if result.moves is None else format_moves(result.moves),
        "seconds": round(seconds, 4),
        # answered from a shipped tablebase (an exhaustive search made when the package was
        # built) rather than by a search now; --search proves it by search
        "tablebase": bool(result.stats.get("tablebase")),
        # read from the shipped problem catalogue's proven minimal solution (no search now)
        "catalogue": bool(result.stats.get("catalogue")),
    }
    if result.reason:
        out["reason"] = result.reason
    if getattr(args, "board_file", None) is not None:
        out["board_file"] = str(args.board_file)
    if args.count:
        out["solutions"] = result.solutions
        if first_move:
            out["first_move"] = first_move
    add_search(out, result)
    return out


# ---- the family ------------------------------------------------------------------------------


def stats_id(puzzle: PegPuzzle) -> str:
    """"pegs/<id>" for a shipped board, "pegs/custom/<id>" for a player's board (even one that
    reuses a shipped board's id), so their statistics never mix."""
    return puzzle.id if is_shipped(puzzle.board) else f"pegs/custom/{puzzle.board.id}"


def stats_variant(puzzle_id: str, params: dict[str, Any]) -> str:
    """"" for the board's own problem, else the start and finish (peg_variant)."""
    puzzle = make(puzzle_id, params)
    return peg_variant(puzzle.board, puzzle.start, puzzle.finish)


def stats_name(stats_id: str, variant: str, language: str) -> str:
    """A statistics row's name: the board's ("English 33"), "<id> (your board)" for a player's
    board, then the start and finish when they are not the board's own."""
    board_id = stats_id.partition("/")[2]
    if board_id.startswith("custom/"):
        return with_variant(msg("{board} (your board)", board=board_id[len("custom/"):]), variant)
    try:
        board = get_board(board_id)
    except (KeyError, ValueError, OSError):  # not a board of this release
        return with_variant(stats_id, variant)
    holes = parse_peg_variant(board, variant) if variant else None
    if holes is None:
        return with_variant(board.display_name(language), variant)
    # the holes by the names the window, the hints and the Problems view use ("c5 → c5")
    start, finish = holes
    return msg("{name} ({start} → {finish})", name=board.display_name(language),
               start=",".join(board.hole_name(h) for h in start),
               finish=msg("any hole") if finish is None else board.hole_name(finish))


def choose(values: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The variant dialog's board, start and finish (text as on the command line: "16", "3,5",
    "any"; empty for the board's own) as (puzzle id, params); BadInput when they do not fit."""
    board = get_board(values["board"])
    params: dict[str, Any] = {}
    start_text = str(values.get("start") or "").strip()
    finish_text = str(values.get("finish") or "").strip()
    if start_text:
        params["start"] = sorted(_holes(start_text, board, msg("Start")))
    if finish_text == "any":
        params["finish"] = "any"
    elif finish_text:
        holes = _holes(finish_text, board, msg("Finish"))
        if len(holes) != 1:
            raise BadInput(msg("{option}: give one hole, or 'any'", option=msg("Finish")))
        params["finish"] = holes[0]
    # a game no play can finish is refused here, as Choose start refuses it (found by an outside
    # trial: these settings started French 37's d4 -> d4, which position classes rule out)
    from pegapp.puzzles.design import impossible_reason  # deferred: the designer's checks

    finish = params.get("finish", board.finish)
    reason = impossible_reason(board, params.get("start", sorted(board.start)),
                               None if finish == "any" else finish)
    if reason is not None:
        raise BadInput(msg("no play solves this start and finish: {reason}", reason=reason))
    return f"pegs/{board.id}", params


def _presets() -> tuple[Preset, ...]:
    """A preset a shipped board; a board whose file does not load keeps its place under its id
    (the picker shows it unavailable, with the reason make() gives), so a damaged file costs
    only its own board."""
    presets = []
    for board_id in shipped_board_ids():
        try:
            board = get_board(board_id)
        except BoardError:
            presets.append(Preset(f"pegs/{board_id}", board_id, board_id, {}))
            continue
        presets.append(Preset(f"pegs/{board.id}", board.name, board.name_ja, {}))
    return tuple(presets)


def catalogue_problem(puzzle: PegPuzzle, start: int):
    """The catalogue's problem of a game, or None: only a game from the puzzle's own start (one
    vacancy, one finish hole) on a board whose catalogue ships can be one."""
    from pegapp.puzzles import catalogue  # deferred: its tables load only when a game ends

    if start != puzzle.initial():
        return None
    return catalogue.find(puzzle.board, puzzle.start, puzzle.finish)


def warm_up() -> None:
    """The solver's compiled kernels and shipped tablebases loaded (Family.warm_up), so the first
    Hint does not pay for them."""
    # deferred on purpose: the peg solver imports numpy and numba (the game calls this from a
    # background thread once its window shows)
    from pegapp.solvers.pegs.solver import warm_up as load_solver
    load_solver()



def whole_tables(puzzle) -> list:
    """The shipped whole table of the puzzle's own problem: its goal, and its start (up to a
    symmetry keeping the goal), else one that holds its start (a game started at a position of
    the Map); none when no table holds it. Two boards that share their holes and jumps share
    the tables of a goal (the beginners' cross and pyramid): a hint may look a position up in
    either, but a Map counts the positions reachable from one start (found by an outside trial:
    the cross's Map was the cross's and the pyramid's together)."""
    from pegapp.solvers.pegs import tablebase
    from pegapp.solvers.pegs._tables import apply_perm, geometry

    board, start = puzzle.board, puzzle.initial()
    if puzzle.finish is None:
        goals = tablebase.default_goals(board, start)
    else:
        goals = [1 << puzzle.finish]
    tables = tablebase.find(board, goals, openings=False)
    whole = tables.whole if tables is not None else []
    keeping_goals = geometry(board).subgroup_fixing(goals)
    own = [t for t in whole if any(apply_perm(p, t.start) == start for p in keeping_goals)]
    return own[:1] or [t for t in whole if t.distance(start) is not None][:1]


def peg_map(puzzle, progress, stop):
    """The board's shipped tablebases: every winnable position reachable from the start (one of
    each symmetric set) with its exact distance to the goal."""
    import numpy as np

    from pegapp.puzzles.whole_map import MAX_LISTED, PuzzleMap
    from pegapp.solvers.pegs import tablebase

    board = puzzle.board
    whole = whole_tables(puzzle)
    if not whole:  # map_maker said so: an opening table holds a problem's first positions only
        raise BadInput(msg("{puzzle}: no map for this puzzle", puzzle=puzzle.id))
    keys = np.concatenate([t.keys for t in whole])
    dist = np.concatenate([t.dist for t in whole])
    keys, first = np.unique(keys, return_index=True)
    dist = dist[first]
    histogram = [int(c) for c in np.bincount(dist)]
    farthest = [int(k) for k in keys[dist == len(histogram) - 1][:MAX_LISTED]]

    def empty_holes(state: int) -> list[int]:
        return [h for h in range(board.n) if not (state >> h) & 1]

    return PuzzleMap(puzzle.id, histogram, farthest, tablebase.Tables(whole).distance,
                     empty_holes, True)


FAMILY = Family(
    "pegs", "Peg solitaire", "ペグ・ソリテア",
    "Jump a peg over a neighbouring peg into an empty hole; the jumped peg is removed. "
    "Leave a single peg, on the marked hole when the board has one.",
    presets=_presets(),
    params=(Param("board", msg("Board"), CHOICE, "english",
                  choices=tuple((b, b) for b in shipped_board_ids())),
            Param("start", msg("Start"), TEXT, "",
                  help=msg("the holes empty at the start, by name or number, e.g. 'd4', '16' "
                           "or '3,5' (empty: the board's own)")),
            Param("finish", msg("Finish"), TEXT, "",
                  help=msg("the hole of the last peg ('d4' or '16'), or 'any' (empty: the "
                           "board's own)"))),
    make=make, view="pegapp.ui.views.pegs:PegView", stats_id=stats_id,
    stats_variant=stats_variant, stats_name=stats_name, choose=choose,
    catalogue_problem=catalogue_problem, commands=sys.modules[__name__],
    options=("start", "finish", "count", "first_move", "memory", "board_file", "search"),
    warm_up=warm_up)
