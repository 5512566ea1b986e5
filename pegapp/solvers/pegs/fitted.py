"""Pagoda functions fitted to a board's finishes (no Qt): resources/pagodas/<board>.json, made by
packaging/derive_pagodas.py --hints and read by the forward side of every search under the count
rule "pagodas" (pegs.problem._Problem.fitted_pagodas).

A pagoda function p (p(f) + p(o) >= p(t) for every jump f over o into t; signed weights allowed)
never grows along a game, so a position whose sum is below the least p(f) + p(o) of a jump into
the finish cannot end there. The board's own functions (pegs._tables.Geometry.pagodas) come from
a few seeds and cut almost nothing of a French 37 dead end's forward positions; functions fitted
by a linear program to the positions random play reaches (derive_pagodas) cut four in five.

How a function was found never matters to a proof: the file is read once a board, and every
function is checked against every jump of the board it is read for. A file made for another
board (its board_key), not JSON, or holding a function that is not a pagoda function is refused
as a whole, with the reason kept in ``problems``: the search then goes on without it (slower,
never wrong)."""

from __future__ import annotations

import json
import os

from pegapp.core import resources
from pegapp.core.storage import read_regular

FORMAT = "pegapp-pagodas"
#: the largest file read: a board's functions are a few kilobytes
MAX_FILE_BYTES = 1 << 20

#: file -> the reason it was refused (the last time it was read)
problems: dict[str, str] = {}
#: (file, its time and size when read, board key) -> {hole: functions}
_read: dict[tuple, dict[int, list[list[int]]]] = {}


def path_for(board) -> str:
    return str(resources.path("pagodas", f"{board.id.split('/')[-1]}.json"))


def read(path: str | os.PathLike, board) -> dict[int, list[list[int]]]:
    """The functions in path by finish hole, each checked against every jump of board.
    ValueError naming the file, the field and the reason when they cannot be trusted."""
    from pegapp.solvers.pegs._tables import geometry
    from pegapp.solvers.pegs.tablebase import board_key

    where = str(path)
    try:
        data = json.loads(read_regular(path, MAX_FILE_BYTES))
    except (UnicodeDecodeError, ValueError, RecursionError) as e:
        raise ValueError(f"{where}: not a pagoda file ({e})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"{where}: format: not {FORMAT!r}")
    if data.get("board_key") != board_key(board):
        raise ValueError(f"{where}: board_key: made for another board")
    found = data.get("functions")
    if not isinstance(found, dict):
        raise ValueError(f"{where}: functions: not a table of holes")
    g = geometry(board)
    out: dict[int, list[list[int]]] = {}
    for hole, functions in found.items():
        if not (hole.isdigit() and int(hole) < g.n and isinstance(functions, list)):
            raise ValueError(f"{where}: functions.{hole}: not a hole of the board")
        shaped = [isinstance(p, list) and len(p) == g.n
                  and all(type(w) is int and abs(w) < 1 << 20 for w in p) for p in functions]
        good = (g.are_pagodas([p if ok else [0] * g.n for p, ok in zip(functions, shaped)],
                              signed=True) if functions else [])
        for i, ok in enumerate(shaped):
            if not (ok and good[i]):
                raise ValueError(f"{where}: functions.{hole}[{i}]: not a pagoda function of "
                                 "the board (some jump f over o into t has p(f) + p(o) < p(t))")
        out[int(hole)] = [list(p) for p in functions]
    return out


def functions_for(board, finish: int) -> list[list[int]]:
    """The fitted functions for finish on board: [] when the board has no file or it was
    refused (problems says why)."""
    from pegapp.solvers.pegs.tablebase import board_key

    where = path_for(board)
    try:
        st = os.stat(where)
    except OSError:
        return []
    key = (where, st.st_mtime_ns, st.st_size, board_key(board))
    if key not in _read:
        try:
            _read[key] = read(where, board)
            problems.pop(where, None)
        except (OSError, ValueError) as e:
            problems[where] = str(e)
            _read[key] = {}
    return _read[key].get(int(finish), [])
