"""The peg solver's level search: two LevelSides (pegapp.solvers.pegs.levels, every level a
sorted array) met in the middle (pegapp.solvers.search.meet_in_middle) for a minimum solution of
at most L moves (`_search_levels`), and the deepening of that bound one move at a time on the
boards where it pays (`_deepening`). The solver (pegapp.solvers.pegs.solver), the catalogue's
proofs and the fallback call these; the sides know nothing of the bound's schedule."""

from __future__ import annotations

import time

from pegapp.solvers.pegs._tables import popcount
from pegapp.solvers.pegs.levels import LevelSide
from pegapp.solvers.pegs.problem import _BACKWARD, _FORWARD, _Memory, _Problem, _reconstruct, _stage
from pegapp.solvers.record import SearchRecord
from pegapp.solvers.result import TooLarge
from pegapp.solvers.search import meet_in_middle

#: boards with more holes than this search with the bound raised one move at a time
_DEEPEN_ABOVE_HOLES = 33


def _deepening(prob: _Problem, L: int, mem: _Memory, progress, stop, stats,
               record: SearchRecord, threads: int = 1, switch_at: int | None = None,
               probe_two: bool = False):
    """_search_levels with the bound raised from the region lower bound, one move at a time, up
    to L (at most the pegs less one: every move takes a peg): the first bound that holds a
    solution gives a minimum one. A bound that fails is cheap (its last level is only probed),
    and the one that holds stores far less than an unbounded search: French 37's default
    problem is proven (20 moves) in 28 s and 1.3 GB in all, with the count cut (the unbounded
    search took 96 s and 3.2 GB before the count cut). On English 33 the region bound is too
    far below the minimum (12 for 18) for this to pay, so boards up to its size search
    unbounded.

    switch_at (solve(), not the catalogue's prove()): once a bound that fails has stored this
    many positions, the rest is one search bounded by L, which finds the minimum as surely (its
    first meeting is the shortest) without repeating the failed bounds' levels. Each bound
    costs some three times the one before, so from there on the bounds left to fail cost about
    as much as the answer: measured on French 37 positions six moves in, the deepening alone
    took twice as long (solve() now turns after the first bound that fails: pegs._SWITCH_AT).
    Where that one search does not fit the budget, the deepening goes on from the bound it
    reached."""
    top = min(L, popcount(prob.position) - 1)
    # from the floor solve() knows (the region bound, or a proven one from the catalogue)
    first = max(1, prob.fwd_bound(prob.position), stats.get("lower_bound", 0))
    bound = first
    while bound <= top:
        record.restart()
        before = stats.get("positions", 0)
        moves = _search_levels(prob, bound, mem, progress, stop, stats, record, threads,
                               probe_two)
        if moves is not None:
            return moves
        stats["lower_bound"] = bound + 1  # proven: no solution has this many moves or fewer
        bound += 1
        if switch_at is not None and bound < top and stats["positions"] - before >= switch_at:
            switch_at = None
            record.restart()
            try:
                return _search_levels(prob, top, mem, progress, stop, stats, record, threads,
                                      probe_two)
            except TooLarge:
                stats["switch_too_large"] = bound
    return None


def _search_levels(prob: _Problem, L: int, mem: _Memory, progress, stop, stats,
                   record: SearchRecord | None = None, threads: int = 1,
                   probe_two: bool = False):
    """_search with every level a sorted array (pegapp.solvers.pegs.levels): about a third of
    the memory of the hash tables, for the proofs that need gigabytes. Same answers: a minimum
    solution among those of at most L moves, or None. threads 2: large levels are made by two
    threads (LevelSide._expand_threaded)."""
    record = record if record is not None else SearchRecord()
    t0 = time.perf_counter()
    fwd = LevelSide(_FORWARD, False, mem, prob, [prob.position], _stage, stats, record)
    try:
        bwd = LevelSide(_BACKWARD, True, mem, prob, prob.goals, _stage, stats, record)
    except BaseException:
        fwd.free()
        raise
    record.add_level(False, len(fwd.levels[0]))
    record.add_level(True, len(bwd.levels[0]))
    try:
        for side in (fwd, bwd):
            side.bound, side.progress, side.stop = L, progress, stop
            side.threads = threads
            side.probe_two = probe_two
        root = int(fwd.levels[0][0])
        d = bwd.table.depth(root)
        if d >= 0:
            record.meeting = (0, d)
            return _reconstruct(prob, fwd, bwd, root, 0, d)
        met = meet_in_middle(fwd, bwd, max_depth=L)
        if met is None:
            return None
        side, (meet, d_other) = met
        da, db = (fwd.depth + 1, d_other) if side is fwd else (d_other, bwd.depth + 1)
        record.meeting = (da, db)
        return _reconstruct(prob, fwd, bwd, meet, da, db)
    finally:
        stats["positions"] = stats.get("positions", 0) + fwd.count + bwd.count
        record.positions += fwd.count + bwd.count
        record.examined += stats.get("children", 0)
        record.peak_bytes = max(record.peak_bytes, mem.peak)
        record.seconds += time.perf_counter() - t0
        fwd.free()
        bwd.free()
