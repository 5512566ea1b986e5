"""Positions as bitboards (bit i set = a peg in hole i), jumps, and chain moves.

A *move* is a chain: one peg making one or more consecutive jumps. Any non-empty prefix of a chain is
itself a move; this module enumerates them and counts moves in a jump history by that rule. It also
keys a peg game's statistics row (peg_variant, the pegs family's stats_variant).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from pegapp.core.board import Board, Jump, get_board
from pegapp.core.messages import msg

#: the source of a board given whole as text (the "board_text" param of a game or a save), where
#: a board file's source is its path: messages name such a board by its own name
TEXT_SOURCE = "board_text"


def has_peg(position: int, hole: int) -> bool:
    return bool(position >> hole & 1)


def pegs(position: int) -> list[int]:
    out = []
    while position:
        low = position & -position
        out.append(low.bit_length() - 1)
        position ^= low
    return out


def peg_count(position: int) -> int:
    return position.bit_count()


def is_legal(position: int, jump: Jump) -> bool:
    f, o, t = jump
    return bool(position >> f & 1 and position >> o & 1 and not position >> t & 1)


def apply_jump(position: int, jump: Jump) -> int:
    f, o, t = jump
    return position ^ (1 << f | 1 << o | 1 << t)


def legal_jumps(board: Board, position: int) -> list[Jump]:
    return [j for j in board.jumps if is_legal(position, j)]


def legal_jumps_from(board: Board, position: int, hole: int) -> list[Jump]:
    return [j for j in board.jumps_from[hole] if is_legal(position, j)]


def chains(board: Board, position: int) -> Iterator[tuple[list[int], int]]:
    """Every move from position as (holes visited, resulting position), prefixes included."""
    for start in pegs(position):
        stack = [([start], position)]
        while stack:
            path, pos = stack.pop()
            for j in legal_jumps_from(board, pos, path[-1]):
                nxt = apply_jump(pos, j)
                route = path + [j[2]]
                yield route, nxt
                stack.append((route, nxt))


def move_jumps(board: Board, move: Sequence[int]) -> list[Jump]:
    """The jumps of a move given as the holes its peg visits; KeyError if two holes are not a jump."""
    out = []
    for a, b in zip(move, move[1:]):
        try:
            out.append(board.jump_index[(a, b)])
        except KeyError:
            raise KeyError(msg("no jump from {start} to {end}", start=a, end=b)) from None
    return out


def count_moves(jumps: Sequence[Jump]) -> int:
    """Moves in a jump history: a jump starts a new move unless its peg is the one that just landed."""
    moves = 0
    last_to = None
    for f, _, t in jumps:
        if f != last_to:
            moves += 1
        last_to = t
    return moves


def group_moves(jumps: Sequence[Jump]) -> list[list[int]]:
    """A jump history as moves, each the holes its peg visits."""
    moves: list[list[int]] = []
    for f, _, t in jumps:
        if moves and moves[-1][-1] == f:
            moves[-1].append(t)
        else:
            moves.append([f, t])
    return moves


def is_goal(board: Board, position: int, finish: int | None) -> bool:
    if position == 0 or position & (position - 1):
        return False
    return finish is None or position == 1 << finish


def peg_variant(board, start, finish) -> str:
    """The variant key of a peg game (pegs' Family.stats_variant): "" for the board's own
    problem, else the holes that start empty and the finish hole (a complement problem is a
    different puzzle with its own minimum)."""
    start = sorted(start)
    if start == sorted(board.start) and finish == board.finish:
        return ""
    holes = ",".join(str(h) for h in start)
    return f"start {holes} finish {'any' if finish is None else finish}"


_PEG_VARIANT = re.compile(r"start (\d+(?:,\d+)*) finish (any|\d+)")


def parse_peg_variant(board, variant: str) -> tuple[tuple[int, ...], int | None] | None:
    """The inverse of peg_variant: (the holes empty at the start, the finish hole or None for
    any) of a peg statistics row, or None for a variant it never writes (a row of an older or
    newer release is skipped rather than misread)."""
    if variant == "":
        return tuple(sorted(board.start)), board.finish
    m = _PEG_VARIANT.fullmatch(variant)
    if m is None:
        return None
    start = tuple(int(h) for h in m.group(1).split(","))
    finish = None if m.group(2) == "any" else int(m.group(2))
    if any(h >= board.n for h in start) or (finish is not None and finish >= board.n):
        return None
    return start, finish


def is_shipped(board: Board) -> bool:
    try:
        return get_board(board.id).text == board.text
    except KeyError:
        return False


def board_game(board: Board, start: Iterable[int] | None = None,
               finish: int | None = None) -> tuple[str, dict[str, Any]]:
    """(puzzle id, params) of a game on board, from start (the holes empty; None: the board's
    own) to finish (None: the board's own): the one way a board becomes a game, whether it comes
    from the picker, a player's file, the designer or a catalogue problem. A player's board
    (any text but a shipped board's) travels whole as "board_text"."""
    params: dict[str, Any] = {}
    if not is_shipped(board):
        params.update(board=board.id, board_text=board.text)
    if start is not None:
        params["start"] = sorted(start)
    if finish is not None:
        params["finish"] = finish
    return f"pegs/{board.id}", params
