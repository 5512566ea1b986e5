"""Check the shipped bounded tables (French 37's) whole, position by position.

    python packaging/check_bounded_tables.py [--board french] [--problems 0-16,5-16]
                                             [--lines-every 1]

For each possible catalogue problem of the board, its shipped bounded table must hold every
position at most complete_depth moves from its start (five moves or more), found by the tests'
own breadth-first search (tests/peg_reference.py: chains from board.jumps alone, not the
solvers' code): a distance whose minimum line (Tablebase.best_line) replays to the goal in that
many moves (the tests' own replay), or a proven dead end. So a hint there is read, not searched.
Every position is looked up; --lines-every N replays the line of every Nth winning position in
sorted order (1, the default: all of them; docs/PACKAGING.md gives the count). Prints a line per problem
(positions, dead ends, lines replayed, seconds, the process's peak memory so far) and exits 1
on the first table that fails, naming the problem and the position.

The test suite checks a seeded sample of the same (tests/test_peg_bounded.py,
test_the_french_tables_answer_every_position_of_their_first_moves, with check_table below);
this script checks the whole, after a build of the tables (docs/PACKAGING.md). On 2026-12-07
French's ten tables passed in 128 s of CPU, 100 MB (9.5 minutes at a load of 5-6;
docs/results/suite-time.md).
"""

from __future__ import annotations

import argparse
import functools
import os
import resource
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pegapp.core.board import get_board  # noqa: E402
from pegapp.puzzles import catalogue  # noqa: E402
from pegapp.solvers.pegs import tablebase  # noqa: E402
from pegapp.solvers.pegs._tables import apply_perm_many  # noqa: E402
from tests.peg_reference import depths, play  # noqa: E402

#: the fewest first moves a shipped bounded table is complete to (the build's --complete-depth)
LEAST_COMPLETE_DEPTH = 5


class TableFault(AssertionError):
    """A shipped table that does not answer a position as it must (an AssertionError, so a
    test that calls check_table fails with it; raised, not asserted: it holds under -O)."""


def shipped_tables(board) -> list:
    """(problem, its shipped bounded tables whose start is the problem's) for each possible
    catalogue problem of board."""
    found = []
    for p in catalogue.load(board).problems:
        if p.possible:
            tables = tablebase.find(board, [1 << p.finish])
            own = [t for t in (tables.tables if tables else ())
                   if t.bounded and t.start == board.position_for([p.start])]
            found.append((p, own))
    return found


def check_table(board, problem, tb, replay=lambda position, moves_in: True) -> dict:
    """Every position at most tb.complete_depth moves from the table's start is held: with a
    distance whose line replays to the problem's goal in that many moves (for the positions
    replay(position, moves from the start) picks, asked in sorted order), or as a dead end.
    Raises TableFault naming the problem and the position; returns the counts."""
    name = f"{board.id} {problem.start} -> {problem.finish}"
    if tb.complete_depth < LEAST_COMPLETE_DEPTH:
        raise TableFault(f"{name}: complete to {tb.complete_depth} moves, fewer than "
                         f"{LEAST_COMPLETE_DEPTH}")
    goal = 1 << problem.finish
    first = depths(board, tb.start,
                   lambda a: functools.reduce(np.minimum, [apply_perm_many(x, a) for x in tb.perms]),
                   tb.complete_depth)
    dead = lines = 0
    for q, k in sorted(first.items()):
        d = tb.distance(q)
        if d is None:
            if not tb.is_dead(q):
                raise TableFault(f"{name}: position {q:#x}, {k} moves in, is not in the table")
            dead += 1
        elif replay(q, k):
            line = tb.best_line(board, q)
            if len(line) != d or play(board, q, line) != goal:
                raise TableFault(f"{name}: position {q:#x}, {k} moves in: its line {line} "
                                 f"does not reach the goal in {d} moves")
            lines += 1
    return {"positions": len(first), "dead": dead, "lines": lines}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--board", default="french")
    ap.add_argument("--problems", default=None, help="start-finish,... (default: every one)")
    ap.add_argument("--lines-every", type=int, default=1,
                    help="replay the line of every Nth winning position (1: all)")
    args = ap.parse_args(argv)
    board = get_board(args.board)
    found = shipped_tables(board)
    if args.problems:
        asked = {tuple(int(x) for x in p.split("-")) for p in args.problems.split(",")}
        found = [(p, own) for p, own in found if (p.start, p.finish) in asked]
    if not found:
        print(f"{board.id}: no possible problem asked")
        return 2
    t_all = time.perf_counter()
    for p, own in found:
        if not own:
            print(f"{board.id} {p.start} -> {p.finish}: no shipped bounded table")
            return 1
        t0 = time.perf_counter()
        winning = iter(range(10**12))
        try:
            counts = check_table(board, p, own[0],
                                 lambda _q, _k: next(winning) % args.lines_every == 0)
        except TableFault as e:
            print(f"FAILED {e}")
            return 1
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**10
        print(f"{board.id} {p.start} -> {p.finish}: {counts['positions']:,} positions "
              f"within {own[0].complete_depth} moves, {counts['dead']:,} dead ends, "
              f"{counts['lines']:,} lines replayed, {time.perf_counter() - t0:.1f} s, "
              f"peak {peak:.0f} MB", flush=True)
    print(f"all {len(found)} tables answer every position: "
          f"{time.perf_counter() - t_all:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
