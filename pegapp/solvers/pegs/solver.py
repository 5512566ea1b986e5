"""Minimum-move peg solitaire solver (no Qt): the answers in order, and the catalogue build's
proofs.

A *move* is a chain of jumps by one peg; solutions are lists of moves, each move the list of
holes the peg visits. solve() answers from the first of: a shipped table of exact distances
(pegapp.solvers.pegs.tablebase), a winning line found first on the big boards (pegs.fallback), the
bidirectional breadth-first search over moves (forward from the position by chains, backward
from the goal by reverse chains, positions merged by symmetry), whose first meeting is a minimum
solution, and, when the proof does not fit the memory budget, the winning line with its end
shortened. The search itself lives in its own rooms:

* pegs.problem: one search's problem (goal, symmetries, Merson-region bounds), the memory budget,
  the rebuilding of a solution;
* pegs.levels: the search with every level a sorted array (the one solve() runs), and the bound
  raised one move at a time on the big boards;
* pegs.hash_tables: the search with hash tables, and the disk cache of backward levels it starts from;
* pegs.fallback: beam and depth-first searches for a winning line, the shortening of its end.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from pegapp.core.board import parse_board
from pegapp.core.messages import detail, msg

from pegapp.solvers.pegs import tablebase as tb_module
from pegapp.solvers.pegs._tables import geometry, popcount
from pegapp.solvers.pegs.decide import DEAD, DECIDING, WINS, decide
from pegapp.solvers.pegs.fallback import (_BEAM_WIDTH, _BYTES_PER_POSITION, _FALLBACK_NODES,  # noqa: F401
                           _QUICK_NODES, SHORTEN_POSITIONS,
                           _beam_solution, _chains, _dfs_solution, _reach, count_reason,
                           WINDOW_MOVES, shorten_tail, shorten_windows)
from pegapp.solvers.pegs.hash_tables import (_CACHE_MIN_HOLES, _backward_cache,  # noqa: F401
                       _Cached, _cache_name, _expand, _load_cached, _mem_cache, _search, _Side,
                       default_cache_dir)
from pegapp.solvers.pegs.level_search import _DEEPEN_ABOVE_HOLES, _deepening, _search_levels
from pegapp.solvers.pegs.levels import load_level_kernels
from pegapp.solvers.pegs.problem import (_COUNT, _NO_BOUND, DEFAULT_COUNT_CUT, K, _Memory, _Problem,  # noqa: F401
                          _reconstruct, _resolve_goal)
from pegapp.solvers.record import TABLE, SearchRecord
from pegapp.solvers.result import (SOLVED, UNSOLVABLE, Cancelled, SolveResult, TooLarge, check_stop,
                                  interrupted, never_stop, no_progress)

__all__ = ["solve", "can_reach_goal", "count_verdict", "lower_bound", "replay", "warm_up",
           "default_cache_dir"]
#: the search's version, named in the catalogue build's limits (a new engine may find other
#: minimal solutions, so its entries are not taken from an older journal)
ENGINE = "sorted-levels-deepening-1"
#: solve()'s level search makes its large levels in two parts (even and odd blocks of
#: parents), by two threads where there are two cores and one after the other where there is
#: one, each within half the room (pegs.levels.LevelSide._parts): the budget decides alike on
#: any machine (prove(), the catalogue's later passes, keeps one part: its bytes come from
#: that order)
_THREADS = 2
#: solve()'s deepening (the boards beyond English's size) turns to one search bounded by the
#: known solution once a bound that fails has stored this many positions
#: (pegs.level_search._deepening): at once, after the first bound that fails. Measured (2026-11-27, 40f0dc6)
#: on the French curve's positions two to six moves in, that one search stores no more
#: positions than the bounds it replaces, for every position; on Wiegleb, where the answer
#: often lies one move above, some positions fourteen moves in store more, each still under a
#: quarter of a second, and its cold hints fourteen and eighteen moves in were faster too
_SWITCH_AT = 0


def replay(board, position: int, moves) -> int:
    """Apply moves (lists of holes) to position; raises ValueError on an illegal move."""
    return _replay(geometry(board), position, moves)


def _replay(g, position: int, moves) -> int:
    for m in moves:
        position = g.apply_move(position, list(m))
    return position


def lower_bound(board, position: int | None = None, finish="default") -> int:
    """A lower bound on the number of moves from position to the goal (Merson regions)."""
    g = geometry(board)
    if position is None:
        position = board.start_position
    finish, goals = _resolve_goal(board, g, position, finish)
    return _Problem(g, position, finish, goals).fwd_bound(position)


#: the proof's memory budget when the caller names none (the windows' and `pegapp hint`'s)
DEFAULT_MEMORY_BUDGET = 2 * 1024**3


def solve(board, position: int | None = None, finish: int | None | str = "default", *,
          count: bool = False, first_move: list[int] | None = None,
          progress: Callable[[str, int, int], None] = no_progress,
          stop: Callable[[], bool] = never_stop, memory_budget: int = DEFAULT_MEMORY_BUDGET,
          cache_dir: str | os.PathLike | None | bool = None, build_cache: bool = False,
          tablebase: bool | str = True,
          interim: Callable[[SolveResult], None] | None = None,
          proof_seconds: float | None = None, upper_bound: int | None = None,
          count_cut: str = DEFAULT_COUNT_CUT, packed: bool = True,
          known_line: list[list[int]] | None = None, known_floor: int = 0) -> SolveResult:
    """Minimum-move solution from position (default: the board's start) to the goal.

    Answers come from the first of these that has one:
    * a shipped tablebase of the board and goal (pegapp.solvers.pegs.tablebase) holding position: a
      minimum solution at once, no search (tablebase=False: prove by search instead; "whole":
      whole tables only, not the openings, which the catalogue build uses: the openings were
      built after the catalogue and are checked against it, so it must not read them);
    * on Wiegleb 45 the decide pass (_before_the_proof): a proven dead end, final, or a line;
    * a winning line first: known_line when it replays to the goal; else, with interim given,
      on boards of 25 holes or more, a beam search, else a short depth-first search (or its
      proof that the goal cannot be reached); passed to interim(result), proven_minimal False;
    * the bidirectional search, whose first meeting is a minimum solution (from the backward
      levels cached under cache_dir when they exist: None $PEGAPP_CACHE_DIR or ~/.cache/pegapp,
      False none; built first only when build_cache is true);
    * when the proof needs more memory than the budget, or more than proof_seconds (if given)
      while a solution is known: that solution (beam search, else depth-first) with its end
      replaced by minimum solutions, proven_minimal False; Solve in the windows gives a complete
      solution within seconds this way, and the Hint's proof goes on without a limit.

    finish: "default" = the board's finish, an int hole, or None = any single peg.
    count: also count the distinct minimum solutions (different jump sequences count apart),
    with first_move (a list of holes) fixed if given.
    upper_bound: the length of a known solution (the winning line bounds it too): the search
    drops positions whose region bound puts them on no solution that short.
    count_cut: the count cut's rule (pegs.problem.COUNT_CUTS; the catalogue passes its header's).
    known_line, known_floor: a winning line from position and a floor on the moves to the goal,
    known already (the catalogue's best known line through position and its lower bound less
    the moves along it): the deepening (boards beyond English's size) starts at the floor.
    packed: large levels kept packed (pegs.packed: half the bytes; the catalogue computes without).
    """
    t0 = time.perf_counter()
    g = geometry(board)
    position = int(board.start_position if position is None else position)
    if position <= 0 or position >> g.n:
        raise ValueError(msg("position must be a non-empty set of the board's holes"))
    finish, goals = _resolve_goal(board, g, position, finish)
    stats: dict = {}
    prefix = [] if first_move is None else [list(first_move)]
    if first_move is not None:
        try:
            position = g.apply_move(position, list(first_move))
        except ValueError as e:
            return SolveResult(UNSOLVABLE, reason=msg("first move is illegal: {reason}",
                                                      reason=detail(e)))

    def done(res: SolveResult) -> SolveResult:
        res.stats.update(stats)
        res.stats["seconds"] = time.perf_counter() - t0
        if res.moves is not None:
            res.moves = prefix + [list(m) for m in res.moves]
        return res

    settled = _settled(board, g, position, finish, goals, count, tablebase, stats, t0)
    if settled is not None:
        return done(settled)
    if g.n > _DECIDE_ABOVE_HOLES and not count and known_line is None:   # a search begins
        progress(DECIDING, 0, 0)
    cls = g.position_class(position)
    prob = _Problem(g, position, finish, [x for x in goals if g.position_class(x) == cls],
                    count_cut)
    quick = _before_the_proof(prob, count, None if first_move else known_line, interim, prefix,
                              t0, stop, progress)
    if isinstance(quick, SolveResult):
        return done(quick)
    if quick:
        upper_bound = min(upper_bound or len(quick), len(quick))
    stats["lower_bound"] = max(prob.fwd_bound(prob.position), int(known_floor))
    return done(_prove_or_fall_back(prob, stats, quick, upper_bound, memory_budget, cache_dir,
                                    build_cache, count, progress, stop, proof_seconds, t0, packed))


def _before_the_proof(prob: _Problem, count: bool, known_line, interim, prefix: list, t0: float,
                      stop, progress) -> list | SolveResult:
    """What solve() knows before its proof: a final answer (a count rules the position out; the
    decide pass's proven dead end, with its reason and any certificate in
    stats["certificate"]; the quick search's proof that there is none; cancelled while
    deciding), else the winning line found first ([]: none, or count asked)."""
    # the decide pass checks the same counts first, and keeps the function that refutes
    reason = None if _decides(prob) and not count else count_reason(prob)
    if reason is not None:
        return SolveResult(UNSOLVABLE, reason=reason)
    if count:
        return []
    try:
        quick = _first_line(prob, known_line, interim, prefix, t0, stop, progress)
    except Cancelled as e:   # the decide pass, asked to stop
        return interrupted(e)
    if quick is None:
        return SolveResult(UNSOLVABLE, reason=msg(
            "exhaustive search: no sequence of moves reaches the goal"))
    return quick


def _prove_or_fall_back(prob: _Problem, stats: dict, quick, upper_bound, memory_budget: int,
                        cache_dir, build_cache: bool, count: bool, progress, stop,
                        proof_seconds: float | None, t0: float,
                        packed: bool = True) -> SolveResult:
    """solve()'s search: the proof (with the solutions counted when asked), or, when it does
    not fit the budget or the windows' deadline, the fallback's solution. stats["lower_bound"]:
    the floor the search starts from (solve() sets it)."""
    record = SearchRecord()
    mem = _Memory(memory_budget, packed)
    search_stop = stop if proof_seconds is None else _with_deadline(stop, t0 + proof_seconds)
    try:
        cached = _usable_cache(prob, mem, stats, cache_dir, build_cache, progress, stop)
        res = _proof(prob, mem, stats, record, cached, upper_bound, progress, search_stop)
        if res.moves is not None and count:
            res.solutions = _count_solutions(prob, len(res.moves), progress, stop)
        return res
    except Cancelled as e:
        if stop() or count:
            return interrupted(e)
        problem = msg("the proof did not end within {seconds} s", seconds=proof_seconds)
    except TooLarge as e:
        # leave the handler first: its traceback holds the search's frames, and with them the
        # tables that just overran the budget
        problem = detail(e)
    res = _fallback(prob, problem, quick, memory_budget, progress, stop,
                    None if proof_seconds is None else t0 + 2 * proof_seconds, mem)
    res.search = record
    if res.moves and len(res.moves) <= stats.get("lower_bound", 0):
        # the floor is proven (the region bound, the catalogue's, or the bounds the search
        # completed): a solution that short is a minimum, though the search never met one
        return SolveResult(SOLVED, moves=res.moves, proven_minimal=True, search=record,
                           stats=res.stats)
    return res


def _with_deadline(stop, deadline: float):
    """stop(), or the clock past deadline (the windows' Solve only: the catalogue and the
    command line never give one)."""
    return lambda: stop() or time.perf_counter() > deadline


def _settled(board, g, position: int, finish, goals, count: bool, tablebase: bool | str,
             stats: dict, t0: float) -> SolveResult | None:
    """The answer when no search is needed: the goal already, another position class, or a
    shipped table that holds the position (or proves it dead); else None."""
    if position in goals:
        return SolveResult(SOLVED, moves=[], proven_minimal=True, solutions=1 if count else None)
    cls = g.position_class(position)
    if not any(g.position_class(x) == cls for x in goals):
        # the hole by the name the player sees (the board's edges, or the articles' numbers)
        where = msg("any hole") if finish is None else msg("hole {hole}",
                                                           hole=board.hole_name(finish))
        return SolveResult(
            UNSOLVABLE, reason=msg("position class: no single peg in {where} is in the same "
                                   "position class as this position, and moves never change it",
                                   where=where))
    if not tablebase or count:
        return None
    goals = [x for x in goals if g.position_class(x) == cls]
    table = tb_module.find(board, goals, openings=tablebase != "whole")
    line = table.best_line(board, position) if table is not None else None
    if line is not None:
        stats["tablebase"] = True
        return SolveResult(SOLVED, moves=line, proven_minimal=True,
                           search=_table_record(table.holder(position), t0))
    dead_in = table.dead_holder(position) if table is not None else None
    if dead_in is not None:
        stats["tablebase"] = True
        return SolveResult(UNSOLVABLE, search=_table_record(dead_in, t0), reason=msg(
            "table of a problem's first moves: a search when the table was built proved that "
            "no sequence of moves reaches the goal from this position"))
    ancestor = table.dead_ancestor(board, position) if table is not None else None
    if ancestor is not None:
        stats["tablebase"] = True
        return SolveResult(UNSOLVABLE, search=_table_record(ancestor[0], t0), reason=msg(
            "table of a problem's first moves: this position can be reached from a position "
            "{back} move(s) back that a search proved, when the table was built, to have no way "
            "to the goal; so neither has this one", back=ancestor[1]))
    if table is not None and table.proves_dead(board, position, ancestors=False):
        stats["tablebase"] = True
        return SolveResult(UNSOLVABLE, search=_table_record(
            (table.whole or list(table.tables))[0], t0), reason=msg(
            "table of winnable positions: every position from which this board's goal "
            "can be reached is in it, and this one is not"))
    near = table.line_near(board, position) if table is not None else None
    if near is not None:
        stats["tablebase"] = True
        line, holder, on = near
        record = _table_record(holder, t0)
        record.origin = msg(
            "a position one move back from this one is {back} moves from the goal, so this one "
            "needs at least {least}; a position {on} move(s) on is {rest} moves from the goal, so "
            "{least} it is. Both are in {origin}",
            origin=record.origin, back=len(line) + 1, least=len(line), on=on,
            rest=len(line) - on)
        return SolveResult(SOLVED, moves=line, proven_minimal=True, search=record)
    return None


def _first_line(prob: _Problem, known_line, interim, prefix: list, t0: float,
                stop=never_stop, progress=no_progress) -> list | None | SolveResult:
    """The winning line shown first (given to interim, after prefix), which bounds the search
    and is the fallback's: the known line when it replays to the goal, else on the boards
    the decide pass serves (_decides: Wiegleb 45), its line or its proven dead end (a final
    SolveResult with the reason and any certificate), else, when interim is
    given on boards of 25 holes or more, or on the boards beyond English's size in any case,
    the quick search's ([] when none is found that fast, None when it proved there is none).
    There the deepening turns to one search bounded by this line (pegs.level_search._deepening):
    without it, bounded by the pegs less one, `pegapp solve` (no interim) ran out of 0.2 GB on
    a French position four moves in that `pegapp hint` proved within it (an outside trial)."""
    known = known_line is not None and _wins(prob, known_line)
    decided = None
    if known:
        line = [list(m) for m in known_line]
    elif _decides(prob):
        decided = decide(prob, stop=stop, progress=progress)
        if decided.verdict == DEAD:
            return _dead_end(decided, t0)
        line = decided.line or []
    elif prob.g.n >= _CACHE_MIN_HOLES and (interim is not None
                                           or prob.g.n > _DEEPEN_ABOVE_HOLES):
        line = _quick_line(prob)
    else:
        return []
    if line and interim is not None:
        interim(SolveResult(SOLVED, moves=prefix + line, proven_minimal=False, stats={
            "seconds": time.perf_counter() - t0, **({"known": True} if known else {}),
            **({"decided": decided.how} if decided is not None else {})}))
    return line


#: the decide pass (pegs.decide) answers first on boards of more than this many holes: on
#: Wiegleb 45 a proof by moves off the catalogue's lines takes minutes; French 37's hints come
#: from its shipped tables or a proof of seconds (issue #75 point 1), which a pass that may
#: examine its millions of positions first would only delay
_DECIDE_ABOVE_HOLES = 37


def _decides(prob: _Problem) -> bool:
    """Whether the decide pass answers first for prob: a big board, a finish of one hole."""
    return prob.g.n > _DECIDE_ABOVE_HOLES and prob.finish is not None and len(prob.goals) == 1


def _dead_end(decided, t0: float) -> SolveResult:
    """The decide pass's proven dead end as solve() answers it: the reason in words, the
    certificate (when one was found at the position itself) in stats["certificate"] and no
    record (nothing was searched: the reason is the whole answer, as for a count's), else the
    positions its depth-first search examined in the record (no levels: it goes a jump at a
    time, and the window says so, not "0 moves forward")."""
    stats: dict = {"decided": decided.how}
    if decided.certificate is not None:
        stats["certificate"] = decided.certificate.as_json()
        return SolveResult(UNSOLVABLE, reason=decided.reason, stats=stats)
    record = SearchRecord(examined=decided.nodes, seconds=time.perf_counter() - t0)
    return SolveResult(UNSOLVABLE, reason=decided.reason, stats=stats, search=record)


def _wins(prob: _Problem, line) -> bool:
    """Whether line replays legally from the problem's position to one of its goals."""
    try:
        return _replay(prob.g, prob.position, line) in prob.goals
    except (ValueError, TypeError, IndexError):
        return False


def _quick_line(prob: _Problem):
    """A winning line in well under a second (beam search, else a short depth-first search):
    its moves, [] when none was found that fast, None when the depth-first search proved there
    is none."""
    quick = _beam_solution(prob, _BEAM_WIDTH, fewest_moves=True)
    if quick is not None:
        return quick
    st, jumps = _reach(prob, _QUICK_NODES)
    if st == 0:
        return None
    return _chains(jumps) if st == 1 else []


def _usable_cache(prob: _Problem, mem: _Memory, stats: dict, cache_dir, build_cache: bool,
                  progress, stop):
    """The cached backward levels to start from (boards of 25 holes or more), or None. They are
    built for hard problems only (many pegs) and only when asked; on English's size they are
    used whenever they exist. Beyond it (the boards searched by deepening) they are not used
    unless asked: the cached levels hold every position from the goal, with neither the
    bound nor the count of this start, in hash tables, and the deepening's sorted levels do
    far better. Measured on French 37, a position six moves in and one move off the
    catalogue's lines: the cache built behind the first answer and then searched ran out of
    the 2 GB budget after 50 s, not proven; the deepening proves its 18 moves in 4.6 s and
    0.19 GB."""
    g = prob.g
    if g.n < _CACHE_MIN_HOLES or cache_dir is False:
        return None
    if g.n > _DEEPEN_ABOVE_HOLES and not build_cache:
        return None
    build = build_cache and popcount(prob.position) > g.n // 2
    cached = _backward_cache(prob, cache_dir, mem.budget // 2, progress, stop, build)
    if cached is not None:
        mem.used += cached.keys.nbytes + cached.frontier.nbytes  # held in memory too
        stats["cache"] = {"path": cached.path, "depth": cached.depth,
                          "positions": cached.count, "build_seconds": cached.seconds}
    return cached


def _proof(prob: _Problem, mem: _Memory, stats: dict, record: SearchRecord, cached,
           upper_bound: int | None, progress, stop) -> SolveResult:
    """The bidirectional search's answer: a minimum solution or the proof that there is none.
    From cached backward levels, the hash-table search; on the big boards, the sorted levels
    with the bound raised one move at a time; else one search with sorted levels."""
    bound = _NO_BOUND if upper_bound is None else max(0, min(int(upper_bound), _NO_BOUND))
    if bound < _NO_BOUND:
        stats["upper_bound"] = bound
    if cached is not None:
        moves = _search(prob, bound, mem, progress, stop, stats, cached, record)
    elif prob.g.n > _DEEPEN_ABOVE_HOLES:
        moves = _deepening(prob, bound, mem, progress, stop, stats, record, _THREADS,
                           switch_at=_SWITCH_AT)
    else:
        moves = _search_levels(prob, bound, mem, progress, stop, stats, record, _THREADS)
    if moves is not None:
        res = SolveResult(SOLVED, moves=moves, proven_minimal=True, search=record)
        res.stats["peak_bytes"] = mem.peak
        return res
    if bound < _NO_BOUND:
        return SolveResult(UNSOLVABLE, search=record, reason=msg(
            "exhaustive search: no sequence of at most {moves} moves reaches the goal",
            moves=bound))
    return SolveResult(UNSOLVABLE, search=record, reason=msg(
        "exhaustive search: no sequence of moves reaches the goal"))


def _fallback(prob: _Problem, problem, quick, memory_budget: int, progress, stop, deadline,
              mem: _Memory) -> SolveResult:
    """When the proof did not fit (problem says why): some solution at least, the winning line
    found first or a depth-first search over jumps, its end replaced by minimum solutions and
    its stretches by shorter ones (shorten_windows, as the catalogue build does); not proven
    minimal."""
    line = (quick or _beam_solution(prob, _BEAM_WIDTH)
            or _dfs_solution(prob, _FALLBACK_NODES, stop, max_bytes=memory_budget))
    if line:
        line = shorten_tail(prob, line, memory_budget, progress, stop, deadline)
        line = shorten_windows(prob, line, WINDOW_MOVES, memory_budget, stop, deadline)
    if stop():
        return interrupted(Cancelled())
    if line:
        reason = msg("{problem}; the solution given is not proven minimal", problem=problem)
    else:
        reason = msg("{problem}; no solution found by the fallback depth-first search either",
                     problem=problem)
    return interrupted(TooLarge(reason), {"peak_bytes": mem.peak}, line or None)


class Proof:
    """What prove() found: moves (a minimum solution) or None with the reason (a msg()), the
    search's record, and lower_bound: the fewest moves a solution can have, as far as the search
    got (each bound it completed without a solution raises it past the region bound)."""

    def __init__(self, moves, reason, record: SearchRecord, lower_bound: int = 0,
                 impossible: bool = False):
        self.moves, self.reason, self.record = moves, reason, record
        self.lower_bound = lower_bound
        self.impossible = impossible  # the search ended without a solution: there is none


def prove(board, position: int, finish, memory_budget: int, upper_bound: int | None,
          progress=no_progress, stop=never_stop, count_cut: str = DEFAULT_COUNT_CUT,
          deepen: bool = False, probe_two: bool = False, floor: int = 0,
          packed: bool = False) -> Proof:
    """The bidirectional search alone, bounded by the length of a known solution (the catalogue
    build: no tables, no fallback, no clock). Proof.moves is a minimum solution, or None when
    the search did not fit memory_budget (Proof.reason says so). upper_bound None (no solution
    known): one unbounded search, which may also end in the proof that there is none
    (Proof.impossible; the 41-hole diamond's 1 -> 39, decided with the count cut of
    _Problem.count_cut; count_cut: its rule, as in solve). deepen (with upper_bound None): the
    bound raised one move at a time up to the pegs less one instead, each bound that fails
    raising Proof.lower_bound, the last one deciding as the unbounded search does: where that
    search does not fit, how far a bounded one gets (Wiegleb's 1 -> 1: no floor from one
    unbounded search at 14 GB, none of 22 moves or fewer from the deepening at 12 GB).
    probe_two: a bound's level before the last that does not fit is probed with the last
    instead of stored (pegs.levels.LevelSide._probe_two): more time, bounds one move higher.
    floor: a lower bound proven before (no solution has fewer moves), where the bounds start.
    packed: the large levels and runs kept packed (pegapp.solvers.pegs.packed): about half the
    bytes, the same answers where both fit."""
    g = geometry(board)
    finish, goals = _resolve_goal(board, g, int(position), finish)
    cls = g.position_class(int(position))
    goals = [x for x in goals if g.position_class(x) == cls]
    prob = _Problem(g, int(position), finish, goals, count_cut)
    record = SearchRecord()
    mem = _Memory(memory_budget, packed)
    stats = {"lower_bound": max(prob.fwd_bound(prob.position), int(floor))}
    try:
        if upper_bound is None and deepen:
            moves = _deepening(prob, _NO_BOUND, mem, progress, stop, stats, record=record,
                               probe_two=probe_two)
        elif upper_bound is None:
            moves = _search_levels(prob, _NO_BOUND, mem, progress, stop, stats, record)
        else:
            moves = _deepening(prob, max(0, min(int(upper_bound), _NO_BOUND)), mem, progress,
                               stop, stats, record=record, probe_two=probe_two)
    except TooLarge as e:
        return Proof(None, detail(e), record, stats["lower_bound"])
    if moves is None and upper_bound is None:
        return Proof(None, msg("exhaustive search: no sequence of moves reaches the goal"),
                     record, impossible=True)
    if moves is None:  # none within the bound (below a known line's length: that line is a minimum)
        return Proof(None, msg("exhaustive search: no sequence of at most {moves} moves reaches "
                               "the goal", moves=int(upper_bound)), record, stats["lower_bound"])
    return Proof(moves, None, record, len(moves))


def _goal_problem(board, position: int, finish, count_cut: str) -> _Problem | None:
    """The problem of reaching finish from position, its goals those of the position's class;
    None when no goal is in it (no play solves it)."""
    g = geometry(board)
    finish, goals = _resolve_goal(board, g, int(position), finish)
    cls = g.position_class(int(position))
    goals = [x for x in goals if g.position_class(x) == cls]
    return _Problem(g, int(position), finish, goals, count_cut) if goals else None


def winning_line(board, position: int, finish, memory_budget: int, dfs_positions: int,
                 count_cut: str = DEFAULT_COUNT_CUT, window_moves: int = 0):
    """Some solution, found without the clock: the beam search (1,000 positions a level, then
    10,000: about a second more on the big boards), else a depth-first search over at most
    dfs_positions positions; its end replaced by minimum solutions (shorten_tail, counted
    limits), then, with window_moves, each stretch of that many moves by a shorter one where an
    exact search finds it (shorten_windows). None: proven that there is none; False: none
    found within the limits."""
    prob = _goal_problem(board, position, finish, count_cut)
    if prob is None:
        return None
    line = _beam_solution(prob, _BEAM_WIDTH) or _beam_solution(prob, 10 * _BEAM_WIDTH)
    if line is None:
        # restarts from a reshuffled jump order every chunk (seeded: the same on every run),
        # the dead positions kept: finds what one order misses (the diamond's 6 -> 9 in 33 s,
        # none in minutes from one order), and still ends in a proof when there is none
        st, jumps = _reach(prob, dfs_positions, stop=never_stop, max_bytes=memory_budget)
        if st == 0:
            return None
        if st < 0:
            return False
        line = _chains(jumps)
    line = shorten_tail(prob, line, memory_budget, no_progress, never_stop)
    return shorten_windows(prob, line, window_moves, memory_budget) if window_moves else line


def shorter_line(board, position: int, finish, moves, width: int, memory_budget: int,
                 count_cut: str = DEFAULT_COUNT_CUT) -> list:
    """moves (a winning line from position) with stretches of up to width moves replaced by
    shorter ones where an exact search between their ends finds one (shorten_windows), each
    search limited to half of memory_budget, counted in positions: the same line on any
    machine. The catalogue build's widening pass (`build_catalogue.py --widen-gb`) gives a
    best-known line windows one move shorter than the line itself, where the build's own
    windows are 16 moves long and 20 million positions each: on Wiegleb 45, 6 -> 27 and
    6 -> 42 came out in 20 moves, their proven floors, so proven (2026-11-27, 4e9250c)."""
    return shorten_windows(_goal_problem(board, position, finish, count_cut),
                           [list(m) for m in moves], width, memory_budget,
                           max_positions=memory_budget // _BYTES_PER_POSITION)


def _table_record(table, t0: float) -> SearchRecord:
    """The record of an answer read from a shipped table of exact distances (the Tablebase
    that answered)."""
    seconds = time.perf_counter() - t0
    if table.complete_depth:
        return SearchRecord(source=TABLE, seconds=seconds, origin=msg(
            "this problem's shipped bounded table, completed to its first {first} moves: every "
            "position at most {first} moves from its start, with its exact distance or as a dead "
            "end, each proven by a search of its own when the table was built; beyond them, "
            "every position at most {depth} moves from the start through which a solution of at "
            "most {bound} moves passes, from two searches stored whole within that bound; a "
            "minimum line on from each ({positions:,} positions kept)",
            first=table.complete_depth, depth=table.keep_depth, bound=table.bound,
            positions=len(table.keys)))
    if table.bounded:
        return SearchRecord(source=TABLE, seconds=seconds, origin=msg(
            "this problem's shipped bounded table: every position at most {depth} moves from "
            "its start through which a solution of at most {bound} moves passes, with its exact "
            "distance and a minimum line on, from two searches stored whole within that bound "
            "({positions:,} positions kept)", depth=table.keep_depth, bound=table.bound,
            positions=len(table.keys)))
    if not table.whole:
        return SearchRecord(source=TABLE, seconds=seconds, origin=msg(
            "this problem's shipped opening table: every winnable position with at least {pegs} "
            "pegs, with its exact distance and a minimum line on, cut from a table built by an "
            "exhaustive search of every position reachable from the start ({positions:,} "
            "positions kept)", pegs=table.min_pegs, positions=len(table.keys)))
    return SearchRecord(source=TABLE, seconds=seconds, origin=msg(
        "this board's shipped table of every winnable position with its exact distance, built by "
        "an exhaustive search of every position reachable from the start ({positions:,} positions)",
        positions=len(table.keys)))


def _count_solutions(prob: _Problem, length: int, progress, stop) -> int:
    """Number of move sequences of the given (minimum) length to the goal."""
    g = prob.g
    goals = set(prob.goals)
    memo: dict[tuple[int, int], int] = {}
    nodes = 0

    def rec(p: int, k: int) -> int:
        nonlocal nodes
        if k == 0:
            return 1 if p in goals else 0
        if prob.fwd_bound(p) > k:
            return 0
        key = (p, k)
        v = memo.get(key)
        if v is not None:
            return v
        nodes += 1
        if (nodes & 4095) == 0:
            progress(_COUNT, length - k, nodes)
            check_stop(stop)
        total = 0
        for _path, q in g.forward_chains(p):
            total += rec(q, k - 1)
        memo[key] = total
        return total

    return rec(prob.position, length)


def count_verdict(board, position: int, finish="default"):
    """Why the goal cannot be reached from position by a count alone (a msg: the position
    class, or a pagoda function's sum), or None when no count decides it (a search may)."""
    g = geometry(board)
    position = int(position)
    finish, goals = _resolve_goal(board, g, position, finish)
    if position in goals:
        return None
    settled = _settled(board, g, position, finish, goals, False, False, {}, 0.0)
    if settled is not None:
        return settled.reason
    cls = g.position_class(position)
    return count_reason(_Problem(g, position, finish,
                                 [x for x in goals if g.position_class(x) == cls]))


def can_reach_goal(board, position: int, finish="default", *, cache_dir=None,
                   stop: Callable[[], bool] = never_stop,
                   memory_budget: int = DEFAULT_MEMORY_BUDGET) -> bool:
    """True when some sequence of jumps takes position to the goal (dead-end detection).

    Position classes, a shipped table and the pagoda counts first. Then, on the boards beyond
    English's size, the hint's own searches (_reaches_on_a_big_board); else a compiled
    depth-first search over jumps that remembers dead positions (merged by the symmetries
    fixing the goal); positions whose value under one of the board's pagoda functions (derived
    and checked against every jump in pegs._tables) is below the goal's are cut; jumps from far
    from the goal towards it are tried first; when the backward cache for this board and goal
    is in memory or on disk (built by solve), positions within its depth are recognised at once
    and smaller ones pruned.

    stop is polled between chunks of the depth-first search and by the level search: Cancelled
    when it says so. Why: the window's walk back to the last position that can win asks this
    of each earlier position in a worker, and on Wiegleb 45 a depth-first search from a
    position twelve moves into random play decided nothing in 40 million nodes (5 minutes
    unlimited): Cancel did nothing and a core stayed busy until the program ended."""
    g = geometry(board)
    position = int(position)
    if position <= 0:
        return False
    finish, goals = _resolve_goal(board, g, position, finish)
    if position in goals:
        return True
    cls = g.position_class(position)
    goals = [x for x in goals if g.position_class(x) == cls]
    if not goals:
        return False
    tables = tb_module.find(board, goals)
    if tables is not None and tables.distance(position) is not None:
        return True  # a winnable position of a shipped table (one not found may still win)
    if tables is not None and tables.proves_dead(board, position):
        return False
    prob = _Problem(g, position, finish, goals)
    if count_reason(prob) is not None:
        return False
    if g.n > _DEEPEN_ABOVE_HOLES:
        return _reaches_on_a_big_board(prob, stop, memory_budget)
    cached = None
    if g.n >= _CACHE_MIN_HOLES and cache_dir is not False:
        name = _cache_name(prob)
        cached = _mem_cache.get(name)
        if cached is None:
            directory = os.fspath(cache_dir) if cache_dir is not None else default_cache_dir()
            cached = _load_cached(os.path.join(directory, name))
            if cached is not None:
                _mem_cache[name] = cached
    return _reach_or_cancel(prob, cached, stop, memory_budget)


def _reaches_on_a_big_board(prob: _Problem, stop, memory_budget: int) -> bool:
    """can_reach_goal beyond English's size: the hint's quick line (a beam search, then a short
    depth-first search, which also proves some dead ends), then the hint's proof, whose forward
    side running out proves a dead end; the depth-first search over jumps only when the proof
    outgrows the budget. Why not the depth-first search alone: measured on Wiegleb 45's curve
    positions (random play, seed 41, 40 million nodes, about 9 s each), it decided 2 of the 8
    twelve moves in, where the proof decided 7 in 0.7-6 s, and none of 32 positions one to
    nine moves in, where the beam finds a line in 0.1-0.2 s for 20 of them. Where the decide
    pass serves (_decides), it comes first instead of the quick line: its beam and its
    depth-first search are cut by the fitted pagoda functions too."""
    if _decides(prob):
        decided = decide(prob, stop=stop)
        if decided.verdict is not None:
            return decided.verdict == WINS
        line = []
    else:
        line = _quick_line(prob)   # a line; [] none found that fast; None: proven there is none
    if line is None or line:
        return line is not None
    check_stop(stop)
    try:
        res = _proof(prob, _Memory(memory_budget, True), {}, SearchRecord(), None, None,
                     no_progress, stop)
    except TooLarge:
        return _reach_or_cancel(prob, None, stop, memory_budget)
    return res.status == SOLVED


def _reach_or_cancel(prob: _Problem, cached, stop, memory_budget: int) -> bool:
    """The depth-first search over jumps to its verdict, in chunks that poll stop (Cancelled)
    with its table of dead positions held within memory_budget."""
    st, _ = _reach(prob, 1 << 62, cached, stop=stop, max_bytes=memory_budget)
    if st < 0:
        raise Cancelled
    return st == 1


def warm_up() -> float:
    """Load (or compile, the very first time) the numba kernels; returns the seconds taken.
    The first solve in a process otherwise pays this (about 0.6 s measured with the numba
    cache on disk; several seconds for a cold compile): call it from a worker at start-up."""
    t0 = time.perf_counter()
    tb_module.preload()
    b = parse_board('lattice = "square"\nlayout = """\\nooo\\n"""\nstart = [0]\nfinish = 0\n')
    solve(b, b.position_for([0]) & ~1 | 0b011, None)
    can_reach_goal(b, 0b011, None)
    # a search over sorted levels to its end (this problem has no solution), and the two
    # kernels so small a search never calls: the first hint searched on a big board loads none
    b = parse_board(_WARM_UP_BOARD)
    solve(b, None, "default", tablebase=False, cache_dir=False)
    load_level_kernels()
    return time.perf_counter() - t0


#: a board whose problem the level search answers in milliseconds, after walking every level
_WARM_UP_BOARD = 'lattice = "square"\nlayout = """\nooooo\nooooo\n"""\nstart = [2]\nfinish = 7\n'
