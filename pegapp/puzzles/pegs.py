"""Peg solitaire behind the common Puzzle interface, and its command-line handlers."""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from typing import Any

from pegapp.core import pegs
from pegapp.core.board import (Board, BoardError, get_board, is_safe_board_id, load_board,
                               shipped_board_ids, shipped_boards)
from pegapp.core.messages import detail, msg
from pegapp.core.notation import format_moves, parse_moves
from pegapp.puzzles.base import BadInput, IllegalMove, check_ascii_digits, memory_gb
from pegapp.solvers.result import Progress, SolveResult, Stop, no_progress, never_stop


class PegPuzzle:
    """States are bitboards (int); a move is the list of holes one peg visits (a chain)."""

    #: solve() takes interim=: a winning line first on large boards, then the proven minimum
    ANSWERS_IN_STAGES = True

    def __init__(self, board: Board, start: frozenset[int] | None = None,
                 finish: int | None | str = "default"):
        self.board = board
        self.start = board.start if start is None else frozenset(start)
        self.finish = board.finish if finish == "default" else finish
        self.id = f"pegs/{board.id}"

    def initial(self) -> int:
        return self.board.position_for(self.start)

    def moves(self, state: int):
        return (route for route, _ in pegs.chains(self.board, state))

    def apply(self, state: int, move: Sequence[int]) -> int:
        try:
            jumps = pegs.move_jumps(self.board, move)
        except KeyError as exc:
            raise IllegalMove(exc.args[0]) from None
        for j in jumps:
            if not pegs.is_legal(state, j):
                raise IllegalMove(msg("jump {start}->{end} is not possible here",
                                      start=j[0], end=j[2]))
            state = pegs.apply_jump(state, j)
        return state

    def is_solved(self, state: int) -> bool:
        return pegs.is_goal(self.board, state, self.finish)

    def solve(self, state: int, progress: Progress = no_progress,
              stop: Stop = never_stop, **options) -> SolveResult:
        from pegapp.solvers.pegs import solve

        return solve(self.board, state, self.finish, progress=progress, stop=stop, **options)

    def format_moves(self, moves: Sequence[Sequence[int]]) -> str:
        return format_moves(moves)

    def parse_moves(self, text: str) -> list[list[int]]:
        return parse_moves(text)


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
    return {"boards": [board_json(b) for b in shipped_boards()]}


def board_from_args(puzzle_id: str, args=None) -> Board:
    """The board a peg command names: ``pegs/<board>`` for a shipped board (a plain name, never a
    path), or ``pegs`` with ``--board-file PATH`` for a board file. Every problem is BadInput."""
    board_file = getattr(args, "board_file", None)
    family, _, name = puzzle_id.partition("/")
    if board_file is not None:
        if name:
            raise BadInput(msg("give a board name ({puzzle}) or {option}, not both",
                               puzzle=puzzle_id, option="--board-file"))
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


def _holes(text: str, board: Board, what: str) -> list[int]:
    try:
        check_ascii_digits(text)
    except BadInput as exc:
        raise BadInput(msg("{option}: {reason}", option=what, reason=detail(exc))) from None
    try:
        words = text.replace(",", " ").split()
        if not all(_HOLE.fullmatch(w) for w in words):  # int() would also take '+3' and '1_6'
            raise ValueError(text)
        holes = [int(h) for h in words]
        if any(h.strip() == "" for h in text.split(",")) and "," in text:
            raise ValueError(text)  # '3,,5' or '3,'
    except ValueError:
        raise BadInput(msg("{option} must be hole numbers, e.g. '16' or '3,5'",
                           option=what)) from None
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


def solve_json(puzzle_id: str, args) -> dict[str, Any]:
    from pegapp.solvers.pegs import solve

    board, start, finish = problem_from_args(puzzle_id, args)
    first_move = None
    if getattr(args, "first_move", None):
        first_move = _holes(args.first_move, board, "--first-move")
        if len(first_move) < 2:
            raise BadInput(msg("{option}: give the holes the peg visits, e.g. '0,6'",
                               option="--first-move"))
        try:  # an impossible first move is bad input, not an unsolvable problem
            position = board.position_for(start)
            for jump in pegs.move_jumps(board, first_move):
                if not pegs.is_legal(position, jump):
                    raise ValueError(msg("jump {start}->{end} is not legal here",
                                         start=jump[0], end=jump[2]))
                position = pegs.apply_jump(position, jump)
        except (KeyError, ValueError) as exc:
            raise BadInput(msg("{option}: {reason}", option="--first-move",
                               reason=detail(exc))) from None
    options: dict[str, Any] = {}
    memory = memory_gb(args)
    if memory is not None:
        options["memory_budget"] = max(1, int(memory * 1024 ** 3))
    t0 = time.perf_counter()
    if getattr(args, "search", False):
        options["tablebase"] = False
    result = solve(board, board.position_for(start), finish, count=bool(args.count),
                   first_move=first_move, **options)
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
        "proven_minimal": result.proven_minimal,
        "notation": None if result.moves is None else format_moves(result.moves),
        "seconds": round(seconds, 4),
        # answered from a shipped tablebase (an exhaustive search made when the package was
        # built) rather than by a search now; --search proves it by search
        "tablebase": bool(result.stats.get("tablebase")),
    }
    if result.reason:
        out["reason"] = result.reason
    if getattr(args, "board_file", None) is not None:
        out["board_file"] = str(args.board_file)
    if args.count:
        out["solutions"] = result.solutions
        if first_move:
            out["first_move"] = first_move
    return out
