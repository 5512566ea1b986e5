"""Generate the shipped peg solitaire tablebases (resources/tablebases/*.pegtb).

    python packaging/build_tablebases.py [--boards english,...] [--check]

For each board's default problem (start and finish as in its board file) it builds the table of
every winnable position with its exact distance in moves (pegapp.solvers.pegs.tablebase.build: an
exhaustive search, about a minute and 0.9 GB for English 33), writes it atomically and prints the
run time, the counts and the file size. The output is reproducible: the same board gives the same
bytes (sorted keys, zlib at a fixed level, a header with sorted keys). --check rebuilds and compares
with the shipped files instead of writing.

    python packaging/build_tablebases.py --check --brute-force [--boards triangle21,...]

--check --brute-force checks each shipped whole table against a brute force written apart from
the engine (tests/peg_reference.py: every position reachable from the start, and its fewest moves
to a goal): the table holds exactly the winnable positions (up to its symmetries), each at that
distance. Its boards are those of 21 holes or fewer (English's 23.5 million positions are beyond
a brute force in Python: the tests check its table against George Bell's count and the search).
The suite checks a seeded sample where the whole is too long for it (Triangle 21, 10 s:
tests/test_instant.py). Each board prints its counts, time and peak memory; one that differs
fails.

Only boards whose reachable positions stay small are listed: English 33 (23.5 million positions
reachable, 1.7 million winnable, 1.1 MB shipped) and every shipped board of 21 holes or fewer (a
few kilobytes each: with their table a first hint needs no numba kernel, so it answers in
milliseconds even in a fresh process). French 37, Wiegleb 45 and the 41-hole diamond have far more
reachable positions than a shipped file or a build on a player's machine allows.

A board whose finish is "any" gets a table for the single pegs in its start's position class (the
only goals a solution can reach), which is what the solver asks for.

    python packaging/build_tablebases.py --openings [--problems 0-0,1-1] [--min-pegs 24]
                                         [--whole-dir DIR] [--check]

--openings writes an opening table for each other possible problem of English 33's catalogue
(resources/tablebases/english-<start>-<finish>.pegtb): the problem's whole table is built (5-13
minutes of one core and 2-7 GB each), then cut to its positions of at least --min-pegs pegs plus
one minimum line on from each (tablebase.opening), so the first hints off the catalogue's lines
need no search. The cut is a counted limit: the same bytes on any machine. A problem whose file is
there with the same start, goal and min_pegs is skipped (a rerun resumes); --whole-dir keeps the
whole tables (7 MB each) so that another cut needs no rebuild. Each problem prints its time, the
process's peak memory so far, and its minimum against the catalogue's par (a difference fails).

    python packaging/build_tablebases.py --bounded [--board french] [--problems 0-2,5-8]
                                         [--spare 1] [--backward-depth 9] [--check]

--bounded writes a bounded table for each possible catalogue problem of a board whose whole
tables do not fit (resources/tablebases/<board>-<start>-<finish>.pegtb; pegapp.solvers.pegs.bounded):
two searches of the problem stored whole within the bound par + --spare (forward from the start
to the bound less --backward-depth, backward from the goal to --backward-depth), and from them
every position of the forward one whose minimum is known within that bound, with one minimum
line on from each. Each problem runs in a process of its own and prints its time, its peak
memory, the file's size, and the start's minimum against the catalogue's par (a difference
fails). Counted limits only: the same bytes on any machine; a problem whose file is there with
the same start, goal and bound is skipped (a rerun resumes).

    python packaging/build_tablebases.py --bounded --complete-depth 3 [--board french]
                                         [--problems 0-2] [--journal-dir DIR] [--check]

--complete-depth completes each shipped bounded table to its first moves
(pegapp.solvers.pegs.bounded.completed): every position at most that many moves from the start
that the table lacks is proved by a search of its own (8 GB each at most, a counted limit: a
position without a proof fails the build) and added with its distance and minimum line, or as a
dead end. Each proof is journalled in DIR (default build/complete) as it ends, so a rerun
resumes; a table already complete to that depth is skipped. To check the bytes, copy the tables
as they were before completion into a folder and complete them there (--out, and an empty
--journal-dir): the shipped French ones come out the same.

    python packaging/build_tablebases.py --bounded --complete-depth 7 --near-from 7 ...

--near-from D adds a win D or more moves in whose minimum the table proves from the positions
around it (a move back gives a floor, a table position a few moves on reaches it:
Tables.line_near) with that line, no search (French 11 -> 25 seven moves in, 2026-12-07: 6,034
of the 20,801 positions the walk back to dead ends left, 29%). Its lines are other minimum
lines than the search's, so a check of a table completed with it completes with the same D.
The tables completed to six moves were completed without it.

    python packaging/build_tablebases.py --reencode [--out DIR] [--check]

--reencode reads every table in the folder and writes it again in the current encoding
(tablebase.ENCODING), each read back and compared before it replaces the file: the same keys,
distances and header, no search. It is how the shipped tables moved from varint gaps under lzma
to byte planes under zlib (2026-12-08), and how a table a build wrote in an older encoding joins
them. With --check it only names the files not in the current encoding's bytes.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pegapp.core.board import get_board  # noqa: E402
from pegapp.core.storage import write_atomic  # noqa: E402
from pegapp.puzzles import catalogue  # noqa: E402
from pegapp.solvers.pegs import tablebase  # noqa: E402

BOARDS = ["english", "beginner-cross", "beginner-pyramid", "plus20", "diamond13", "hoppers",
          "triangle15", "triangle21"]


#: opening tables keep the positions of at least this many pegs (English: the first eight jumps)
OPENING_MIN_PEGS = 24


def file_name(board) -> str:
    return f"{board.id}.pegtb"


def opening_problems(board) -> list[tuple[int, int]]:
    """(start hole, finish hole) of every possible catalogue problem but the board's default,
    whose whole table ships."""
    default = (min(board.start), board.finish)  # board.start: the set of empty holes
    return [(p.start, p.finish) for p in catalogue.load(board).problems
            if p.possible and (p.start, p.finish) != default]


def build_openings(args, out_dir: str) -> int:
    """Write (or with --check compare) the opening table of each English problem."""
    board = get_board("english")
    wanted = opening_problems(board)
    if args.problems:
        asked = [tuple(int(x) for x in p.split("-")) for p in args.problems.split(",")]
        unknown = [p for p in asked if p not in wanted]
        if unknown:
            print(f"--problems: {unknown} are not possible non-default English problems")
            return 2
        wanted = asked
    pars = {(p.start, p.finish): p.par for p in catalogue.load(board).problems}
    failed = 0
    for start, finish in wanted:
        path = os.path.join(out_dir, f"english-{start}-{finish}.pegtb")
        start_pos = board.position_for([start])
        head = tablebase._peek_header(path) if os.path.exists(path) else None
        if head and not args.check and head.get("start") == start_pos and \
                head.get("goals") == [1 << finish] and head.get("min_pegs") == args.min_pegs:
            print(f"{start} -> {finish}: {path} is there, skipped")
            continue
        t0 = time.perf_counter()
        whole = _whole_table(board, start, finish, args.whole_dir)
        built = time.perf_counter() - t0
        cut = tablebase.opening(whole, board, args.min_pegs)
        data = tablebase.encode(cut)
        par = whole.distance(start_pos)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6
        line = (f"{start} -> {finish}: {len(whole.keys):,} winnable, minimum {par} "
                f"(catalogue {pars[(start, finish)]}), whole table {built:.0f} s, opening of "
                f"{len(cut.keys):,} positions in {time.perf_counter() - t0 - built:.0f} s, "
                f"{len(data):,} bytes, peak {peak:.2f} GB so far")
        if par != pars[(start, finish)]:
            print(f"{line}: the minimum DIFFERS from the catalogue's par")
            failed += 1
            continue
        if args.check:
            with open(path, "rb") as f:
                same = f.read() == data
            print(f"{line}: {'same as shipped' if same else 'DIFFERS from shipped'}", flush=True)
            failed += not same
        else:
            tablebase.save(cut, path)
            print(f"{line} -> {path}", flush=True)
    return 1 if failed else 0


def _whole_table(board, start: int, finish: int, whole_dir):
    """The whole table of the problem: read from whole_dir when it holds a sound one for this
    board, start and finish, else built (and kept there)."""
    start_pos = board.position_for([start])
    path = whole_dir and os.path.join(whole_dir, f"english-{start}-{finish}.whole.pegtb")
    if path and os.path.exists(path):
        try:
            tb = tablebase.load(path)
        except (OSError, ValueError) as e:
            print(f"{path}: {e}; building it again")
        else:
            if tb.whole and tb.matches(board, [1 << finish]) and tb.start == start_pos:
                return tb
    tb = tablebase.build(board, start_pos, [1 << finish])
    if path:
        os.makedirs(whole_dir, exist_ok=True)
        tablebase.save(tb, path)
    return tb


#: bounded tables: moves to spare over each problem's par, and the backward search's depth
BOUNDED_SPARE = 1
BOUNDED_BACKWARD = 9
#: the memory a bounded table's two searches may hold (the build's limit is 16 GB in all)
BOUNDED_BUDGET = 12 << 30


def build_bounded(args, out_dir: str) -> int:
    """Write (or with --check compare) the bounded table of each possible problem of a board."""
    board = get_board(args.board)
    problems = _proven_problems(board, args.problems)
    if problems is None:
        return 2
    failed = 0
    with ProcessPoolExecutor(1, mp_context=get_context("spawn"),
                             max_tasks_per_child=1) as pool:
        for p in problems:
            path = os.path.join(out_dir, f"{board.id}-{p.start}-{p.finish}.pegtb")
            bound = p.par + args.spare
            head = tablebase._peek_header(path) if os.path.exists(path) else None
            if head and not args.check and head.get("start") == board.position_for(
                    [p.start]) and head.get("goals") == [1 << p.finish] and \
                    head.get("bound") == bound:
                print(f"{p.start} -> {p.finish}: {path} is there, skipped")
                continue
            data, minimum, count, seconds, peak = pool.submit(
                _bounded_table, board.id, p.start, p.finish, bound, args.backward_depth).result()
            line = (f"{p.start} -> {p.finish}: bound {bound}, {count:,} positions kept, minimum "
                    f"{minimum} (catalogue {p.par}), {seconds:.0f} s, peak {peak:.2f} GB, "
                    f"{len(data):,} bytes")
            if minimum != p.par:
                print(f"{line}: the minimum DIFFERS from the catalogue's par", flush=True)
                failed += 1
            else:
                failed += _write_or_check(data, path, line, args.check)
    return 1 if failed else 0


def _proven_problems(board, asked_text: str | None):
    """The board's proven catalogue problems, or those of them --problems names (None, said,
    when it names another)."""
    problems = [p for p in catalogue.load(board).problems if p.possible and p.proven_minimal]
    if not asked_text:
        return problems
    asked = {tuple(int(x) for x in p.split("-")) for p in asked_text.split(",")}
    unknown = asked - {(p.start, p.finish) for p in problems}
    if unknown:
        print(f"--problems: {sorted(unknown)} are not proven problems of {board.id}")
        return None
    return [p for p in problems if (p.start, p.finish) in asked]


def _write_or_check(data: bytes, path: str, line: str, check: bool) -> int:
    """Save a table's bytes over path (atomic), or with check compare them with it; prints the
    problem's line and returns 1 where the check fails."""
    if check:
        with open(path, "rb") as f:
            same = f.read() == data
        print(f"{line}: {'same as shipped' if same else 'DIFFERS from shipped'}", flush=True)
        return int(not same)
    tablebase.save(tablebase.decode(data), path)
    print(f"{line} -> {path}", flush=True)
    return 0


#: a completion's searches: the memory each may take (a counted limit: a proof that needs more
#: fails the build rather than giving an answer that is not proven)
COMPLETE_BUDGET = 8 << 30
#: the most moves back the completion's goal side is made (it stops sooner at
#: bounded.GOAL_SIDE_POSITIONS positions in a level)
COMPLETE_BACKWARD = 12


def complete_bounded(args, out_dir: str) -> int:
    """Complete each shipped bounded table of a board to its first --complete-depth moves."""
    board = get_board(args.board)
    problems = _proven_problems(board, args.problems)
    if problems is None:
        return 2
    journals = os.path.join(os.path.dirname(out_dir.rstrip(os.sep)), "..", "build", "complete")
    journals = os.path.normpath(args.journal_dir or journals)
    os.makedirs(journals, exist_ok=True)
    failed = 0
    with ProcessPoolExecutor(1, mp_context=get_context("spawn"),
                             max_tasks_per_child=1) as pool:
        for p in problems:
            path = os.path.join(out_dir, f"{board.id}-{p.start}-{p.finish}.pegtb")
            if not os.path.exists(path):
                print(f"{p.start} -> {p.finish}: no bounded table at {path}: build it first")
                failed += 1
                continue
            head = tablebase._peek_header(path) or {}
            if head.get("complete_depth", 0) >= args.complete_depth and not args.check:
                print(f"{p.start} -> {p.finish}: complete to {head['complete_depth']}, skipped")
                continue
            journal = os.path.join(journals, f"{board.id}-{p.start}-{p.finish}.jsonl")
            data, added, dead, seconds, peak = pool.submit(
                _completed_table, board.id, p.finish, path, args.complete_depth,
                journal, args.near_from).result()
            line = (f"{p.start} -> {p.finish}: completed to {args.complete_depth} moves, "
                    f"{added:,} positions added ({dead} dead ends), {seconds:.0f} s, peak "
                    f"{peak:.2f} GB, {len(data):,} bytes")
            failed += _write_or_check(data, path, line, args.check)
    return 1 if failed else 0


def _completed_table(board_id: str, finish: int, path: str, depth: int, journal: str,
                     near_from: int = 0):
    """One problem's table completed, in a process of its own: (the file's bytes, positions
    added, dead ends among them, seconds, peak GB). The positions are proved together against
    one backward side (bounded.prove_many; before, each was a solve() of its own, which made
    both sides again: French 0 -> 2's 140 positions four moves in took 4 s each under load,
    against 0.48 s each, dead ends included, after 6.5 min for the backward side). Each proof
    is appended to the journal as it ends, so a rerun resumes; a journal line is used only
    when its line replays to the goal (a line of another build's engine is proven all the
    same: its proof was). near_from (--near-from): from that depth on, a win whose minimum the
    table proves from the positions around it (Tables.line_near) is added with that line, no
    search; its lines are other minimum lines than a search's, so a table completed with it
    is the same bytes only when completed again with the same near_from."""
    import json

    from pegapp.solvers.pegs import bounded as peg_bounded

    board = get_board(board_id)
    t0 = time.perf_counter()
    tb = tablebase.load(path)
    known, searched_dead = _journal(journal, board, tb)
    todo = [x for x in peg_bounded.first_positions(tb, board, depth)
            if tb.value(x) is None]
    left = [x for x in todo if x not in known]
    wanted = set(todo)
    print(f"{len(todo)} positions to add, {len(todo) - len(left)} of them journalled",
          flush=True)
    with open(journal, "a", encoding="utf-8") as out:
        def each(pos: int, line, why: str | None = None) -> None:
            known[pos] = line
            out.write(json.dumps({"pos": pos, "moves": line, **({"why": why} if why else {})})
                      + "\n")
            out.flush()
            print(f"{time.perf_counter() - t0:8.1f} s  {len(known)}/{len(todo)}: "
                  f"{'dead' if line is None else len(line)}", flush=True)

        # a position reached from a dead end the table holds is one too (Tables.dead_ancestor):
        # no search (such dead ends were most of a completion's time: their forward sides run
        # out)
        tables = tablebase.Tables([tb])
        for x in list(left):
            found = tables.dead_ancestor(board, x)
            if found is not None:
                each(x, None, f"reached from a dead end {found[1]} move(s) back")
        left = [x for x in left if x not in known]
        if near_from and left:
            # (French 11 -> 25 seven moves in: 29% of what the walk back left, 6,034 searches
            # fewer)
            nearer = set(peg_bounded.first_positions(tb, board, near_from - 1))
            for x in left:
                near = None if x in nearer else tables.line_near(board, x)
                if near is not None:
                    each(x, near[0], f"proven by the table around it, {near[2]} move(s) on")
            left = [x for x in left if x not in known]
        if left:
            # the dead ends searched before this run, in order: prove_many makes their
            # forward levels again to cut the rest by, as an unbroken run would have
            try:
                peg_bounded.prove_many(board, tb.start, finish, left, COMPLETE_BACKWARD,
                                       COMPLETE_BUDGET, log=lambda s: print(s, flush=True),
                                       each=each,
                                       replay=[x for x in searched_dead if x in wanted])
            except ValueError as e:   # a journal line says dead where the position wins
                raise SystemExit(f"{journal}: {e}: the journal is not this build's; move it "
                                 "away to prove its positions again") from e
    answers = {x: known[x] for x in todo}
    done = peg_bounded.completed(tb, board, depth, answers)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
    dead = sum(1 for x in answers.values() if x is None)
    return (tablebase.encode(done), len(done.keys) - len(tb.keys), dead,
            time.perf_counter() - t0, peak)


def _journal(path: str, board, tb) -> tuple[dict, list[int]]:
    """The answers a journal holds whose lines replay to the goal (others are left out), and
    the positions among them that a search found dead (not the walk back to a table's dead
    end, whose lines say why), in the journal's order: a resumed run replays those first."""
    import json

    from pegapp.solvers.pegs._tables import geometry

    g = geometry(board)
    known: dict[int, list | None] = {}
    searched_dead: list[int] = []
    if not os.path.exists(path):
        return known, searched_dead
    with open(path, encoding="utf-8") as f:
        for raw in f:
            try:
                entry = json.loads(raw)
                pos, moves = int(entry["pos"]), entry["moves"]
                end = pos
                for m in moves or ():
                    end = g.apply_move(end, m)
            except (ValueError, KeyError, TypeError):
                continue   # a line cut by a kill, or damaged: proved again
            if moves is None or end in tb.goals:
                known[pos] = moves
            if moves is None and "why" not in entry:
                searched_dead.append(pos)
    return known, searched_dead


def _bounded_table(board_id: str, start: int, finish: int, bound: int, backward: int):
    """One problem's bounded table, in a process of its own (its peak memory is its own):
    (the file's bytes, the start's minimum in it, positions kept, seconds, peak GB)."""
    from pegapp.solvers.pegs import bounded as peg_bounded

    board = get_board(board_id)
    start_pos = board.position_for([start])
    t0 = time.perf_counter()
    tb = peg_bounded.build(board, start_pos, finish, bound, bound - backward, backward,
                           bound - backward, BOUNDED_BUDGET,
                           log=lambda s: print(f"{time.perf_counter() - t0:8.1f} s {s}",
                                               flush=True))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
    return (tablebase.encode(tb), tb.distance(start_pos), len(tb.keys),
            time.perf_counter() - t0, peak)


def check_brute_force(board_id: str, out_dir: str) -> int:
    """--check --brute-force: the shipped table of the board's default problem against the
    tests' brute force (tests/peg_reference.py, no code of pegapp.solvers): it holds exactly
    the winnable positions reachable from the start, up to its symmetries, each at the brute
    force's distance. Prints a line with the counts, the time and the peak memory; returns 1
    where the table differs."""
    from tests.peg_reference import brute_force_goal_distances

    t0 = time.perf_counter()
    board = get_board(board_id)
    goals = tablebase.default_goals(board, board.start_position)
    with open(os.path.join(out_dir, file_name(board)), "rb") as f:
        tb = tablebase.decode(f.read())
    want = brute_force_goal_distances(board, board.start_position, goals)
    wrong = sum(tb.distance(p) != d for p, d in want.items())
    held = len({tb.canon(p) for p in want})
    same = wrong == 0 and held == len(tb.keys)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{board_id}: {len(want):,} winnable positions by brute force ({held:,} up to "
          f"symmetry), the table {len(tb.keys):,}, {wrong} distances differ; "
          f"{time.perf_counter() - t0:.1f} s, peak {peak:,.0f} MB: "
          f"{'same as the brute force' if same else 'DIFFERS from the brute force'}",
          flush=True)
    return int(not same)


def reencode(out_dir: str, check: bool) -> int:
    """--reencode: every table in out_dir written again in the current encoding."""
    failed = 0
    for name in sorted(os.listdir(out_dir)):
        if not name.endswith(".pegtb"):
            continue
        path = os.path.join(out_dir, name)
        with open(path, "rb") as f:
            old = f.read()
        try:
            tb = tablebase.decode(old)
        except ValueError as e:   # named, left as it is: the others go on
            print(f"{name}: not read ({e}), left as it is", flush=True)
            failed += 1
            continue
        data = tablebase.encode(tb)
        again = tablebase.decode(data)
        if not (np.array_equal(again.keys, tb.keys) and np.array_equal(again.dist, tb.dist)
                and tablebase.encode(again) == data):
            print(f"{name}: DIFFERS when read back", flush=True)
            failed += 1
        elif data == old:
            print(f"{name}: {len(old):,} bytes, in the current encoding", flush=True)
        elif check:
            print(f"{name}: {len(old):,} bytes, NOT in the current encoding", flush=True)
            failed += 1
        else:
            write_atomic(path, data)     # the bytes read back above
            print(f"{name}: {len(old):,} -> {len(data):,} bytes", flush=True)
    return 1 if failed else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", default=None,
                    help=f"default: {','.join(BOARDS)} (with --brute-force: all but english)")
    ap.add_argument("--check", action="store_true", help="compare with the shipped files")
    ap.add_argument("--reencode", action="store_true",
                    help="every table in the folder written again in the current encoding")
    ap.add_argument("--brute-force", action="store_true",
                    help="with --check: the shipped whole tables against a brute force")
    ap.add_argument("--out", default=None, help="folder (default: resources/tablebases)")
    ap.add_argument("--openings", action="store_true",
                    help="English 33's other problems: opening tables")
    ap.add_argument("--problems", default=None,
                    help="with --openings or --bounded: start-finish,...")
    ap.add_argument("--min-pegs", type=int, default=OPENING_MIN_PEGS)
    ap.add_argument("--whole-dir", default=None, help="with --openings: keep whole tables here")
    ap.add_argument("--bounded", action="store_true",
                    help="a board's proven problems: bounded tables (French 37)")
    ap.add_argument("--board", default="french", help="with --bounded: the board")
    ap.add_argument("--spare", type=int, default=BOUNDED_SPARE,
                    help="with --bounded: moves over the par the bound allows")
    ap.add_argument("--backward-depth", type=int, default=BOUNDED_BACKWARD,
                    help="with --bounded: the backward search's depth")
    ap.add_argument("--complete-depth", type=int, default=0,
                    help="with --bounded: complete the shipped tables to this many first moves")
    ap.add_argument("--journal-dir", default=None,
                    help="with --complete-depth: where proofs are journalled (default build/complete)")
    ap.add_argument("--near-from", type=int, default=0, metavar="D",
                    help="with --complete-depth: a position D or more moves in whose minimum the "
                         "table proves from the positions around it is added without a search "
                         "(0: never, as the shipped tables were completed)")
    args = ap.parse_args(argv)
    out_dir = args.out or os.path.join(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))), "resources", "tablebases")
    os.makedirs(out_dir, exist_ok=True)
    if args.reencode:
        return reencode(out_dir, args.check)
    if args.openings:
        return build_openings(args, out_dir)
    if args.bounded and args.complete_depth:
        return complete_bounded(args, out_dir)
    if args.bounded:
        return build_bounded(args, out_dir)
    if args.brute_force:
        if not args.check:
            ap.error("--brute-force goes with --check")
        boards = args.boards or ",".join(b for b in BOARDS if b != "english")
        return 1 if sum(check_brute_force(b, out_dir) for b in boards.split(",")) else 0
    failed = 0
    for board_id in (args.boards or ",".join(BOARDS)).split(","):
        board = get_board(board_id)
        t0 = time.perf_counter()
        tb = tablebase.build(board, board.start_position,
                             tablebase.default_goals(board, board.start_position))
        seconds = time.perf_counter() - t0
        data = tablebase.encode(tb)
        path = os.path.join(out_dir, file_name(board))
        start_d = tb.distance(board.start_position)
        line = (f"{board_id}: {len(tb.keys):,} winnable positions, start {start_d} moves, "
                f"built in {seconds:.1f} s, {len(data):,} bytes")
        if args.check:
            with open(path, "rb") as f:
                same = f.read() == data
            print(f"{line}: {'same as shipped' if same else 'DIFFERS from shipped'}")
            failed += not same
        else:
            tmp = path + ".tmp"
            with open(tmp, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
            print(f"{line} -> {path}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
