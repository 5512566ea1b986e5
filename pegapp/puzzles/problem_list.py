"""The problem catalogue's problems as a player and the command line meet them: in the order the
Problems view shows them (the classic families first), with the player's own results from the
statistics, and as `pegapp problems` prints them -- for a player's small board, computed on the
spot.

The catalogue itself (pegapp.puzzles.catalogue) is the data: computed, written, read and looked
up. This module is how it is listed; it needs the catalogue, never the other way round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pegapp.core.board import Board
from pegapp.core.messages import msg
from pegapp.core.pegs import parse_peg_variant
from pegapp.puzzles.catalogue import (CENTRAL, COMPLEMENT, CORNER, DEFAULT, Catalogue,
                                      CatalogueError, Problem, canonical, compute, load, orbit,
                                      symmetry_count)

# ------------------------------------------------------------------------------ the player's results

@dataclass(frozen=True)
class PlayerResult:
    """What the statistics hold of one problem: games the player solved (the computer's solution
    played in never counts), the fewest moves of those, and how many were solved in par."""
    solved: int = 0
    best_moves: int | None = None
    in_par: int = 0

    def solved_in_par(self, par: int | None) -> bool:
        """Whether the player has solved the problem in par: a game counted in par, or a best that
        is within par (games recorded before par was counted)."""
        return self.in_par > 0 or (par is not None and self.best_moves is not None
                                   and self.best_moves <= par)


def player_results(board: Board, rows) -> dict[tuple[int, int], PlayerResult]:
    """The statistics rows of board's game (one stats id; pegapp.core.stats.Stats.rows) summed per
    problem, keyed by the problem's (start, finish) as the catalogue stores it: a game whose start
    and finish are a symmetric image of a problem counts for that problem. Rows of several empty
    holes or of finish "any" belong to no problem and are left out."""
    out: dict[tuple[int, int], PlayerResult] = {}
    for row in rows:
        parsed = parse_peg_variant(board, row.get("variant") or "")
        if parsed is None or len(parsed[0]) != 1 or parsed[1] is None:
            continue
        key = canonical(board, parsed[0][0], parsed[1])
        old = out.get(key, PlayerResult())
        best = row.get("best_moves")
        out[key] = PlayerResult(
            old.solved + (row.get("solved") or 0),
            best if old.best_moves is None else (old.best_moves if best is None
                                                 else min(best, old.best_moves)),
            old.in_par + (row.get("in_par") or 0))
    return out


#: the classic families first, in this order; the other problems after them
CLASSIC_ORDER = (CENTRAL, COMPLEMENT, CORNER)


def classic_rank(problem: Problem) -> int:
    """0 for the central game, 1 for a complement problem, 2 for a corner finish, 3 otherwise."""
    return next((i for i, tag in enumerate(CLASSIC_ORDER) if tag in problem.tags),
                len(CLASSIC_ORDER))


def as_shown(cat: Catalogue) -> list[Problem]:
    """Every problem of the catalogue as a player meets it: the classic families first (then the
    possible ones, by par), and the board's own problem in the board's own holes rather than the
    symmetric image the file stores."""
    board = cat.board
    own = None
    if len(board.start) == 1 and board.finish is not None:
        own = cat.find(next(iter(board.start)), board.finish)
    shown = []
    for p in cat.problems:
        if own is not None and DEFAULT in p.tags:
            p = own
        shown.append(p)
    possible_rank = {True: 0, None: 1, False: 2}
    return sorted(shown, key=lambda p: (classic_rank(p), possible_rank[p.possible],
                                        p.par if p.par is not None else board.n, p.start,
                                        p.finish))


# ------------------------------------------------------------------------------ command line

#: a board of up to this many holes that ships no catalogue gets one computed when asked (a 5 x 5
#: square, 91 problems: about 2.5 s on one core), each proof within this many bytes
COMPUTED_UP_TO_HOLES, COMPUTED_MEMORY_BUDGET = 25, 512 * 1024 ** 2


def computed(board: Board, progress=None) -> Catalogue | None:
    """The catalogue of a board that ships none (a player's) by the build's compute(), its
    limits saying so; None beyond COMPUTED_UP_TO_HOLES holes. progress: as compute()'s."""
    if board.n > COMPUTED_UP_TO_HOLES:
        return None
    problems = compute(board, memory_budget=COMPUTED_MEMORY_BUDGET, fallback_chunks=4,
                       progress=progress)
    return Catalogue(board, tuple(problems), {"computed": True,
                                              "memory_budget": COMPUTED_MEMORY_BUDGET})


def problems_json(board: Board) -> dict[str, Any]:
    """`pegapp problems pegs/<board> --json`: every problem (one per symmetry class) with the
    other (start, finish) pairs it stands for (a small board of a player's: computed())."""
    cat = load(board) or computed(board)
    if cat is None:
        raise CatalogueError(msg("no problem catalogue ships for board {board}, and it has more "
                                 "than {holes} holes to compute one here", board=board.id,
                                 holes=COMPUTED_UP_TO_HOLES))
    problems = []
    for p in cat.problems:
        entry = p.as_json()
        entry["symmetric"] = [[s, f] for s, f in orbit(board, p.start, p.finish)
                              if (s, f) != (p.start, p.finish)]
        problems.append(entry)
    return {"puzzle": f"pegs/{board.id}", "holes": board.n, "symmetries": symmetry_count(board),
            "limits": cat.limits, "counts": cat.counts(), "problems": problems}


def problems_text(result: dict[str, Any]) -> str:
    """`pegapp problems` without --json: one line a problem."""
    c = result["counts"]
    lines = [f"{result['puzzle']}: {c['problems']} problems up to symmetry ({c['proven']} "
             f"proven, {c['best_known']} best known only, {c['impossible']} impossible, "
             f"{c['unknown']} unknown)"]
    for p in result["problems"]:
        head = f"{p['start'][0]} -> {p['finish']}"
        if p["possible"] is None:
            floor = p.get("lower_bound")
            what = f"unknown ({p['reason']}" + (
                f"; no solution has fewer than {floor} moves)" if floor else ")")
        elif not p["possible"]:
            what = f"impossible ({p['reason']})"
        elif p["proven_minimal"]:
            what = f"par {p['par']}"
        else:
            what = f"par {p['par']} (best known, not proven; at least {p['lower_bound']})"
        tags = f" [{', '.join(p['tags'])}]" if p["tags"] else ""
        lines.append(f"{head}: {what}{tags}")
    return "\n".join(lines)
