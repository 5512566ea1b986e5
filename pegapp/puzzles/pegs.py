"""Peg solitaire behind the common Puzzle interface, and its command-line handlers."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from pegapp.core import pegs
from pegapp.core.board import Board, get_board, shipped_board_ids, shipped_boards
from pegapp.core.messages import detail, msg
from pegapp.core.notation import format_moves, parse_moves
from pegapp.puzzles.base import BadInput, IllegalMove, memory_gb
from pegapp.solvers.result import Progress, SolveResult, Stop, no_progress, never_stop


class PegPuzzle:
    """States are bitboards (int); a move is the list of holes one peg visits (a chain)."""

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


def _board_for(puzzle_id: str) -> Board:
    parts = puzzle_id.split("/", 1)
    if len(parts) != 2 or not parts[1]:
        raise BadInput(msg("name a board: pegs/<board> (boards: {boards})",
                           boards=", ".join(shipped_board_ids())))
    try:
        return get_board(parts[1])
    except KeyError:
        raise BadInput(msg("unknown board {board!r} (boards: {boards})", board=parts[1],
                           boards=", ".join(shipped_board_ids()))) from None


def _holes(text: str, board: Board, what: str) -> list[int]:
    try:
        holes = [int(h) for h in text.replace(",", " ").split()]
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
    board = _board_for(puzzle_id)
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
    }
    if result.reason:
        out["reason"] = result.reason
    if args.count:
        out["solutions"] = result.solutions
        if first_move:
            out["first_move"] = first_move
    return out
