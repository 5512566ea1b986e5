"""The articles' notation: "( 0, 6)(10, 2)( 4, 0, 6)" -- one bracket per move, the holes visited."""

from __future__ import annotations

import re
from collections.abc import Sequence

from pegapp.core.messages import msg

_BRACKET = re.compile(r"[(\[]([^()\[\]]*)[)\]]")


def format_move(move: Sequence[int]) -> str:
    return "(" + ",".join(f"{h:2d}" for h in move) + ")"


def format_moves(moves: Sequence[Sequence[int]]) -> str:
    return "".join(format_move(m) for m in moves)


def parse_moves(text: str) -> list[list[int]]:
    """Parse the notation; brackets may be round or square, spaces and commas are free."""
    text = text.strip()
    moves = []
    pos = 0
    for m in _BRACKET.finditer(text):
        if text[pos:m.start()].strip():
            raise ValueError(msg("unexpected text {text!r} between moves",
                                 text=text[pos:m.start()].strip()))
        pos = m.end()
        parts = [p for p in re.split(r"[\s,]+", m.group(1).strip()) if p]
        try:
            holes = [int(p) for p in parts]
        except ValueError:
            raise ValueError(msg("move {move!r} must list hole numbers", move=m.group(0))) from None
        if len(holes) < 2:
            raise ValueError(msg("move {move!r} needs at least two holes", move=m.group(0)))
        moves.append(holes)
    if text[pos:].strip():
        raise ValueError(msg("unexpected text {text!r} after the moves", text=text[pos:].strip()))
    return moves
