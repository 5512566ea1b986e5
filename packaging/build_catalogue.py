"""Generate the shipped problem catalogue (resources/catalogue/<board>.json), issues #15 and #20.

    python packaging/build_catalogue.py [--boards english,...] [--check] [--journal DIR]

For every shipped board: every single-vacancy start with every single-peg finish, one per
symmetry class, solved by the project's own solver (pegapp.puzzles.catalogue.compute_problem):
the par is the proven minimum number of moves, or, where the proof does not fit the per-problem
memory budget below, the best solution found (proven_minimal false, with the solver's reason and
a lower bound); impossible pairs carry their reason. Each file is written atomically.

**Data, not weather.** Every limit is a count (bytes of memory, positions searched), never a
clock, so two runs on any machine write the same bytes; --check recomputes and compares with the
shipped files instead of writing (exit 1 when one differs).

**One problem at a time, resumable.** On the big boards each problem runs in a child process (so
its peak memory is measured alone and given back after it), and its entry goes to a journal
(build/catalogue/<board>.jsonl, with the limits it was computed under); a rerun takes every entry
the journal holds for the same board and limits instead of computing it again. Time and peak
memory (the child's maximum resident size, and the search's own tracked peak) are printed per
problem.

Budgets: 2 GB per problem up to English 33 (every problem proven; seconds to a minute each).
French 37, the 41-hole diamond and Wiegleb 45 (more holes than English): 14 GB per problem unless
--memory-gb says otherwise, and the proof is bounded: a winning line is found first (beam search,
else depth-first search over at most --dfs-millions million positions, default 20), its end
replaced by minimum solutions (exact searches of at most pegapp.solvers.pegs.solver.SHORTEN_POSITIONS
positions each) and each stretch of window_moves moves by a shorter one where an exact search
between its two ends finds it (header field window_moves, 16; a header without it: none), and
the bidirectional search then drops every position whose Merson-region
bound puts it on no solution that short. Where the proof still does not fit, the par is that
line's length, not proven minimal, with the lower bound the search reached; where no line is
found, one unbounded search decides (a minimum solution, or none at all), and if it does not fit
the same search with the bound raised a move at a time proves how far it gets; if that does not
fit either, the problem is "unknown" (possible null) with the reason and that floor, never
called impossible. The budget
and the search's size are written in the file's header; --check recomputes under those.

The shipped files were built with:
    python packaging/build_catalogue.py --boards <each board up to French 37>
    python packaging/build_catalogue.py --boards diamond41 --memory-gb 8
    python packaging/build_catalogue.py --boards wiegleb --memory-gb 1 --raise-gb 14
    python packaging/build_catalogue.py --boards wiegleb --from-shipped --widen-gb 12
    python packaging/build_catalogue.py --boards wiegleb --from-shipped --raise-gb 14 \
        --raise-count 1  (1 -> 1, the one problem the raise had not reached)
    python packaging/build_catalogue.py --boards wiegleb --from-shipped --probe-gb 14 \
        --probe-count 1  (one best-known problem a run, the smallest gap first)
    python packaging/build_catalogue.py --boards wiegleb --from-shipped --decide-gb 14
    python packaging/build_catalogue.py --boards wiegleb --from-shipped --probe-gb 14 --packed \
        --probe-problems 22:4  (levels packed: a pass of its own, limits.probed_packed)
    python packaging/build_catalogue.py --boards wiegleb --from-shipped --disk-problems 0:0 \
        --disk-folder DIR  (DIR/0-0: the folder of prove_on_disk.py wiegleb 0 0 22)

**Raised problems.** --raise-gb G computes the problems a build left open (best known or
unknown) again under G GB, the smallest gap between par and lower bound first, and merges each
result into its entry (what both computations proved: the shorter line, the higher floor). The
file is written after every raised problem with a header naming G and the problems raised, so a
long raise stopped at any point leaves a complete file that --check reproduces (it recomputes
the problems the header names under G, the rest under the base budget). With --from-shipped
the raise goes on from the shipped file under the G its header names, taking only problems it
has neither raised nor widened (--check raises before it widens).

**Widened lines.** --widen-gb G shortens the line of every problem still open (best known)
with windows one move shorter than the line itself (pegapp.solvers.pegs.solver.shorter_line: from
each position of the line, an exact search to the position a window further on for a shorter
way, each search limited to G/2 bytes counted as positions), where the base build's windows are
16 moves and 20 million positions. A line found as short as the problem's proven floor is its
minimum. The header names G and the problems widened; the file is written after each, so a
stopped pass ships a complete file, and --check widens the named problems again after the
base build and the raise. --from-shipped takes the base and raised entries from the shipped
file instead of computing them (its header says how they were made, and --check makes them
again), for a widening pass on a machine without the build's journal. Wiegleb 45 got it so
(2026-11-27, 4e9250c to 4c6df63): `--boards wiegleb --from-shipped --widen-gb 12`. --widen-rounds R widens a
line a round made shorter (and left open) again, up to R times in all; the header names a
problem once for each round it was widened in, and --check widens it as often. The pass reads
the journal before each problem, so a second worker (the build's own --widen-one children, run
from the other end of the open problems, their lines appended to the same journal) can share
it: the pass takes its lines (2026-11-27, 4c6df63: Wiegleb's ran so, each child within 6.2 GB).

**Decided problems.** --decide-gb G asks of each unknown problem only whether it has a solution:
levels by jumps from both ends met through complements (pegapp.solvers.pegs.meet) within G, cut
by the board's pagoda functions and packaging/pagodas/<board>.json's (packaging/derive_pagodas.py;
checked when read). No meeting: impossible, with that reason; else the entry stays. limits.decided
names G, the functions' digest and the problems; --check decides them last.

**Probed problems.** --probe-gb G proves each best-known problem again under G, bounded by its
line and starting from the floor its entry holds (the passes before proved it), with each
bound's last two levels probed, never stored, where the level before the last does not fit
(pegs.prove(probe_two=True)): a bound one move beyond what storing allows, for more time. The
result is merged as a raise's is; the header's limits.probed names G and the problems, the file
is written after each, the journal keeps each result with the floor and line it started from,
and --check probes the named problems again after the raise and the widening. A probe runs for
up to an hour: its child tells stderr each level it starts and every tenth of it, with the
seconds since the problem began (stage_log; never in the journal or the file), so a run stopped
by hand still says how far it got. Each floor a probe proves on the way (a bound searched to
its end without a solution) goes to the journal as it is proven (FLOOR lines from the child): a
probe stopped after an hour starts from the highest when run again, and ends as the run never
stopped would have. The probe's answer does not depend on the cores nor on the threads' timing
(pegs.levels.LevelSide._probe_two). With --packed the probes keep their large levels packed
(pegapp.solvers.pegs.packed: half the bytes, so a bound that did not fit may): a pass of its
own, after the unpacked one, whose header key limits.probed_packed names G and its problems and
whose limits say "packed" (the journal keeps its results apart); --check probes the problems
each key names the way that key says. --probe-problems S:F,... probes those problems only.

**Proved on disk.** --disk-problems S:F,... proves those best-known problems with their levels
on disk (pegapp.solvers.pegs.disk_levels.search_bound, bounded one move below the line: no
memory budget, hours and tens of GB on Wiegleb), each in --disk-folder/<start>-<finish>, which
a stopped run resumes (finished levels, runs, a merge's cut, a probe's batches). Nothing within
the bound: the line is the minimum; else the shorter line the search meets first, walked back
through the levels on disk, is (Wiegleb's 0 -> 0 in 22). limits.proved_on_disk names the
levels' format and the problems, the journal keeps each result, and --check proves the named
problems again, last, in a folder of its own.
A folder the proof was made in by hand (packaging/prove_on_disk.py, the same search and
bound) serves as that problem's folder: `--disk-folder DIR` with DIR/<start>-<finish> a link
to it.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from pegapp.core.board import get_board, shipped_board_ids  # noqa: E402
from pegapp.core.messages import msg  # noqa: E402
from pegapp.puzzles import catalogue  # noqa: E402
from pegapp.solvers.pegs import solver as peg_solver  # noqa: E402

#: the count rule a new catalogue is built under (its header names it): "any-stop", not the game's
#: default "pagodas", whose forward cut reads resources/pagodas, so that a catalogue's bytes
#: depend on the code and its header alone
CATALOGUE_COUNT_CUT = "any-stop"

MB = 1024 ** 2
#: memory budget per problem (bytes): boards up to English 33 are proven in full
FULL_PROOF = 2048 * MB
#: the budget on the big boards (more holes than English 33), whose proofs are bounded
BIG = 14 * 1024 * MB
BIG_ABOVE_HOLES = 33
#: the widening pass's windows are this many moves shorter than the line they shorten
WIDEN_LESS = 1
#: and there the depth-first search for a first line, in chunks of 5 million positions
FALLBACK_CHUNKS = 4
DFS_CHUNK = catalogue._DFS_CHUNK


def limits_for(board, memory_budget: int = BIG,
               fallback_positions: int = FALLBACK_CHUNKS * DFS_CHUNK) -> dict:
    """The counted limits a board's problems are computed under (written in the file's header:
    the same limits give the same bytes). The big boards' budget and depth-first search are
    build options (--memory-gb, --dfs-millions); a check takes them from the shipped header."""
    if board.n > BIG_ABOVE_HOLES:
        return {"bounded": True, "count_cut": CATALOGUE_COUNT_CUT, "engine": peg_solver.ENGINE,
                "memory_budget": memory_budget, "fallback_positions": fallback_positions,
                "shorten_positions": peg_solver.SHORTEN_POSITIONS,
                "window_moves": peg_solver.WINDOW_MOVES}
    return {"count_cut": CATALOGUE_COUNT_CUT, "memory_budget": FULL_PROOF}


def shipped_limits(board, out_dir: str) -> dict | None:
    """The limits in the header of the board's shipped file, if it has one that can be read."""
    try:
        with open(os.path.join(out_dir, catalogue.file_name(board)), "rb") as f:
            limits = json.loads(f.read()).get("limits")
    except (OSError, ValueError, AttributeError):
        return None
    return limits if isinstance(limits, dict) else None


def compute_one(board, start: int, finish: int, limits: dict) -> catalogue.Problem:
    chunks = limits.get("fallback_positions", 0) // catalogue._DFS_CHUNK or None
    return catalogue.compute_problem(board, start, finish, memory_budget=limits["memory_budget"],
                                     fallback_chunks=chunks, bounded=bool(limits.get("bounded")),
                                     count_cut=catalogue.count_cut_of(limits),
                                     window_moves=int(limits.get("window_moves", 0)))


def widen_one(board, entry: dict, limits: dict) -> catalogue.Problem:
    """The problem of entry (a best-known one) with its line shortened by windows one move
    shorter than the line (limits: the widening's memory budget), merged with what the entry
    proved: a line as short as its floor is a minimum."""
    p = catalogue._problem(board, entry)
    line = peg_solver.shorter_line(board, board.position_for([p.start]), p.finish,
                                   p.solution, len(p.solution) - WIDEN_LESS,
                                   int(limits["memory_budget"]))
    more = dataclasses.replace(p, par=len(line), solution=tuple(tuple(m) for m in line))
    return merged(p, more)


def probe_one(board, entry: dict, limits: dict, resume: int = 0,
              floors=None) -> catalogue.Problem:
    """The problem of entry (a best-known one) proven again from its floor, bounded by one
    move less than its line (no solution that short: the line is a minimum), with each bound's
    last two levels probed where the level before the last does not fit
    (pegs.prove(probe_two=True)), merged with what the entry proved. resume: a floor an
    earlier run of this very probe proved before it was stopped: the proof starts there, and
    ends as the run that was not stopped would have (each bound is a search of its own).
    floors(n) hears each floor proven on the way (default: a FLOOR line on stdout, which the
    parent journals)."""
    p = catalogue._problem(board, entry)
    said = stage_log(f"{p.start} -> {p.finish}")
    floor = [max(p.lower_bound or 0, resume)]

    def progress(stage, depth: int, positions: int) -> None:
        said(stage, depth, positions)
        least = getattr(stage, "args", {}).get("least")
        if least is not None and least > floor[0]:   # proven: no solution has fewer moves
            floor[0] = least
            if floors is None:
                print(json.dumps({FLOOR: least}), flush=True)
            else:
                floors(least)

    proof = peg_solver.prove(board, board.position_for([p.start]), p.finish,
                             int(limits["memory_budget"]), p.par - 1, probe_two=True,
                             floor=floor[0], count_cut=catalogue.count_cut_of(limits),
                             packed=bool(limits.get("packed")), progress=progress)
    if proof.moves is not None:
        moves = tuple(tuple(m) for m in proof.moves)
        more = dataclasses.replace(p, par=len(moves), solution=moves, proven_minimal=True,
                                   reason=None, lower_bound=None)
    else:
        more = dataclasses.replace(p, lower_bound=max(p.lower_bound or 0, proof.lower_bound),
                                   reason=msg("{problem}; the solution given is not proven "
                                              "minimal", problem=proof.reason))
    return merged(p, more)


PAGODA_DIR = os.path.join(ROOT, "packaging", "pagodas")


def extra_pagodas(board) -> tuple[dict, str]:
    """packaging/pagodas/<board>.json's functions ({hole: [functions]}, {} with no file) and
    the file's digest (in the limits: other functions, another build)."""
    path = os.path.join(PAGODA_DIR, f"{board.id.split('/')[-1]}.json")
    try:
        data = open(path, "rb").read()
    except OSError:
        return {}, ""
    found = json.loads(data)
    if found.get("board_key") != catalogue.board_key(board):
        raise SystemExit(f"{path}: board_key: made for another board")
    return found["functions"], hashlib.sha256(data).hexdigest()[:16]


def decide_one(board, entry: dict, limits: dict) -> catalogue.Problem:
    """The problem of entry (an unknown one) decided by levels by jumps within the limits'
    budget: impossible when the two ends do not meet, else unchanged."""
    from pegapp.solvers.pegs.meet import decide

    p = catalogue._problem(board, entry)
    functions, digest = extra_pagodas(board)
    assert digest == limits.get("pagodas", ""), "the functions changed under the pass"
    extra = [f for hole in {p.start, p.finish} for f in functions.get(str(hole), [])]
    said = stage_log(f"{p.start} -> {p.finish}")
    d = decide(board, p.start, p.finish, int(limits["memory_budget"]), extra,
               progress=lambda k, n: said(f"level {k} by jumps: {n:,} positions", k, n))
    return p if d.possible is not False else dataclasses.replace(
        p, possible=False, par=None, solution=None, lower_bound=None, reason=d.reason)


def stage_log(what: str, step: int = 10):
    """A progress callback that tells stderr (never the journal) where a long proof is: each
    new level, and every step percent of it, with its time since the start. A probe runs for
    up to an hour with nothing else to show; a run stopped by hand then says how far it got."""
    t0, last = time.perf_counter(), [None]

    def log(stage, depth: int, positions: int) -> None:
        args = getattr(stage, "args", {})
        head = str(args.get("stage", stage))
        mark = (head, int(args.get("percent", 0)) // step)
        if mark != last[0]:
            last[0] = mark
            print(f"    {what}: {stage} [{time.perf_counter() - t0:,.0f} s]", file=sys.stderr,
                  flush=True)
    return log


#: a probe child's stdout line before its last: a floor it has proven so far (the parent
#: journals it, so a probe stopped after an hour starts from there when run again)
FLOOR = "floor"

#: the passes that take one entry in, their child's flag: (the function, the journal's input)
ENTRY_PASSES = {
    "--widen-one": (widen_one, lambda entry: entry["solution"]),
    "--probe-one": (probe_one, lambda entry: [entry.get("lower_bound"), entry["solution"]]),
    "--decide-one": (decide_one, lambda entry: entry.get("lower_bound")),
}


def entry_child_main(flag: str, board_id: str, limits_text: str, entry_text: str,
                     resume: str | None = None) -> int:
    """--widen-one, --probe-one: one entry (JSON) through that pass under the limits (JSON),
    its journal line printed (--probe-one: from the floor resume, when given)."""
    board = get_board(board_id)
    limits, entry = json.loads(limits_text), json.loads(entry_text)
    t0 = time.perf_counter()
    one, key = ENTRY_PASSES[flag]
    p = one(board, entry, limits) if resume is None else one(board, entry, limits, int(resume))
    print(json.dumps({"board_key": catalogue.board_key(board), "limits": limits,
                      "input": key(entry), "entry": catalogue._entry_json(p),
                      "seconds": round(time.perf_counter() - t0, 1)}, sort_keys=True))
    return 0


def child_main(board_id: str, start: int, finish: int, limits_text: str) -> int:
    """--one: compute one problem under the limits given (JSON) and print its journal line
    (JSON) on stdout."""
    board = get_board(board_id)
    limits = json.loads(limits_text)
    t0 = time.perf_counter()
    p = compute_one(board, start, finish, limits)
    print(json.dumps({"board_key": catalogue.board_key(board), "limits": limits,
                      "entry": catalogue._entry_json(p),
                      "seconds": round(time.perf_counter() - t0, 1)}, sort_keys=True))
    return 0


def run_child(board_id: str, start: int, finish: int, limits: dict) -> tuple[dict, int]:
    """The journal line of one problem computed in a child process, and the child's peak
    resident memory in bytes."""
    return _child([sys.executable, os.path.abspath(__file__), "--one", board_id, str(start),
                   str(finish), json.dumps(limits, sort_keys=True)], f"{board_id} {start} -> "
                  f"{finish}")


def run_widen_child(board_id: str, entry: dict, limits: dict) -> tuple[dict, int]:
    """The journal line of one entry widened in a child process, and the child's peak memory."""
    return _entry_child("--widen-one", board_id, entry, limits)


def run_probe_child(board_id: str, entry: dict, limits: dict, resume: int | None = None,
                    floors=None) -> tuple[dict, int]:
    """The journal line of one entry probed in a child process (from the floor resume, when
    given), and the child's peak memory; floors(n) hears each floor it proves on the way."""
    return _entry_child("--probe-one", board_id, entry, limits,
                        [] if resume is None else [str(resume)], floors)


def _entry_child(flag: str, board_id: str, entry: dict, limits: dict, more=(),
                 floors=None) -> tuple[dict, int]:
    return _child([sys.executable, os.path.abspath(__file__), flag, board_id,
                   json.dumps(limits, sort_keys=True), json.dumps(entry, sort_keys=True),
                   *more], f"{board_id} {entry['start']} -> {entry['finish']} {flag[2:]}",
                  floors)


def _child(argv: list[str], what: str, floors=None) -> tuple[dict, int]:
    """Run a child; its last stdout line (JSON) and its peak resident memory. The lines before
    it that say a floor (FLOOR) go to floors as they come."""
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True)
    lines = []
    for text in proc.stdout:
        if text.strip():
            lines.append(text)
            try:
                said = json.loads(text)
            except ValueError:   # not a line of ours (the last one is read below)
                continue
            if isinstance(said, dict) and FLOOR in said and floors is not None:
                floors(int(said[FLOOR]))
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{what}: the child failed ({proc.returncode})")
    return json.loads(lines[-1]), usage.ru_maxrss * 1024


def run_journaled(board_id: str, start: int, finish: int, limits: dict,
                  journal_path: str) -> tuple[dict, str]:
    """One problem computed in a child process and appended to the journal at once (a stopped
    build keeps it); its line and how long it took, at what peak memory."""
    line, rss = run_child(board_id, start, finish, limits)
    with open(journal_path, "a") as jf:
        jf.write(json.dumps(line, sort_keys=True) + "\n")
    return line, f"{line['seconds']:.1f} s, peak {rss / MB:,.0f} MB"


def read_journal(path: str, board, limits: dict) -> dict[tuple[int, int], dict]:
    """The journal's entries for this board and limits (a damaged line is ignored: recomputed)."""
    found: dict[tuple[int, int], dict] = {}
    for line in _journal_lines(path, board, limits):
        e = line["entry"]
        found[(int(e["start"]), int(e["finish"]))] = line
    return found


def _journal_lines(path: str, board, limits: dict) -> list[dict]:
    """The journal's lines for this board and limits, in order (a damaged one is skipped)."""
    out = []
    try:
        with open(path) as f:
            lines = f.readlines()
    except OSError:
        return out
    for text in lines:
        try:
            line = json.loads(text)
            if line["board_key"] == catalogue.board_key(board) and line["limits"] == limits:
                int(line["entry"]["start"]), int(line["entry"]["finish"])
                out.append(line)
        except (ValueError, KeyError, TypeError):
            continue
    return out


def open_problems(entries: list[catalogue.Problem]) -> list[catalogue.Problem]:
    """The problems a bigger budget may still improve, those most likely proven first: best
    known ones by their gap (par less lower bound), then the unknown ones; ties in file order."""
    rest = [p for p in entries if p.possible is not False and not p.proven_minimal]
    return sorted(rest, key=lambda p: (p.possible is None,
                                       (p.par or 0) - (p.lower_bound or 0), p.start, p.finish))


def merged(base: catalogue.Problem, more: catalogue.Problem) -> catalogue.Problem:
    """One problem computed under two budgets (more: the bigger): what each proved holds, so the
    entry takes the shorter line (the bigger budget's on a tie) and the higher floor, and a line
    as short as that floor is a minimum."""
    if more.possible is False or more.proven_minimal:
        return more
    floor = max(base.lower_bound or 0, more.lower_bound or 0)
    lines = [p for p in (more, base) if p.possible]
    if not lines:  # unknown under both
        return dataclasses.replace(more, lower_bound=floor)
    line = min(lines, key=lambda p: p.par)
    if floor >= line.par:
        return dataclasses.replace(line, proven_minimal=True, reason=None, lower_bound=None)
    return dataclasses.replace(line, reason=lines[0].reason, lower_bound=floor)


def describe(p: catalogue.Problem) -> str:
    return ("unknown" if p.possible is None else "impossible" if not p.possible
            else f"par {p.par}" + ("" if p.proven_minimal else
                                   f" (best known; at least {p.lower_bound})"))


def raise_board(board_id: str, entries: list[catalogue.Problem], journal_path: str,
                limits: dict, budget: int, count: int | None, only: list | None, write,
                quiet: bool, shipped: dict | None = None) -> dict:
    """--raise-gb: the open problems computed again under a bigger memory budget, one at a time
    (resumable through the journal), each merged into its entry; the file is written after each,
    its header naming the budget and the problems raised, so a build stopped at any point ships
    a file that --check reproduces. The journal's raised problems come first (no work). Returns
    the header's limits.

    shipped: the header of the shipped file the entries come from (--from-shipped): the raise
    goes on from it under the budget it names, with the problems it has not raised yet and has
    not widened (--check raises before it widens, so a widened line raised would not be what
    --check makes)."""
    more_limits = dict(limits, memory_budget=budget)
    board = get_board(board_id)
    done = read_journal(journal_path, board, more_limits)
    header = dict(limits if shipped is None else shipped)
    earlier = header.get("raised") or {"memory_budget": budget, "problems": []}
    if earlier["memory_budget"] != budget:
        raise SystemExit(f"{board_id}: the shipped file was raised under "
                         f"{earlier['memory_budget'] / 1024**3:g} GB; raise it under that")
    raised: list[list[int]] = list(earlier["problems"])
    todo = open_problems(entries)
    if only is not None:  # --check: the problems the shipped header names
        todo = [p for p in todo if [p.start, p.finish] in only]
    else:
        left = raised + header.get("widened", {}).get("problems", [])
        todo = [p for p in todo if [p.start, p.finish] not in left]
        todo.sort(key=lambda p: (p.start, p.finish) not in done)
        todo = todo[:count]
    by_pair = {(p.start, p.finish): i for i, p in enumerate(entries)}
    for k, p in enumerate(todo):
        line = done.get((p.start, p.finish))
        how = "from the journal"
        if line is None:
            line, how = run_journaled(board_id, p.start, p.finish, more_limits, journal_path)
        more = catalogue._problem(board, json.loads(json.dumps(line["entry"])))
        entries[by_pair[(p.start, p.finish)]] = merged(p, more)
        raised.append([p.start, p.finish])
        header = dict(header, raised={"memory_budget": budget, "problems": sorted(raised)})
        _written(board, entries, header, write, quiet,
                 f"  {board_id} raised {k + 1}/{len(todo)}: {p.start} -> {p.finish}: "
                 f"{describe(p)} -> {describe(entries[by_pair[(p.start, p.finish)]])}, {how}")
    return header


def _written(board, entries: list[catalogue.Problem], header: dict, write, quiet: bool,
             said: str) -> None:
    """After each problem of a pass: the file written whole (a pass stopped at any point ships
    a complete file) and the problem's line printed."""
    write(catalogue.encode(board, entries, header))
    if not quiet:
        print(said, flush=True)


def widen_board(board_id: str, entries: list[catalogue.Problem], journal_path: str,
                header: dict, budget: int, count: int | None, only: list | None, write,
                quiet: bool, rounds: int = 1) -> dict:
    """--widen-gb: the open problems' lines shortened by windows one move shorter than each
    line, one problem at a time in a child process (resumable: the journal keeps each result
    with the line it started from), merged into its entry; the file is written after each, its
    header naming the budget and the problems widened (with those an earlier pass named), a
    problem once for each round it was widened in. rounds: a problem whose line a round made
    shorter, but not as short as its floor, is widened again, up to this many times in all
    (earlier passes counted). Returns the header."""
    board = get_board(board_id)
    limits = {"memory_budget": budget, "window_less": WIDEN_LESS}
    widened = sorted(header.get("widened", {}).get("problems", []))
    if only is not None:  # --check: the problems the shipped header names, as often as named
        rounds = max([only.count(pair) for pair in only], default=0)
    for r in range(rounds):
        todo = [p for p in open_problems(entries) if p.possible]
        if only is not None:
            todo = [p for p in todo if only.count([p.start, p.finish]) > r]
        else:
            lines = _journal_lines(journal_path, board, limits)
            todo = [p for p in todo if widened.count([p.start, p.finish]) == r
                    and (r == 0 or _made_shorter(p, lines))]
            # those the journal has first (no work: a rerun ships what a second worker did
            # before it computes anything); the file does not depend on the order
            started = {_widen_key(x["entry"]["start"], x["entry"]["finish"], x["input"])
                       for x in lines}
            todo.sort(key=lambda p: _widen_key(p.start, p.finish, catalogue._entry_json(p)[
                "solution"]) not in started)
            todo = todo[:count]
        for k, p in enumerate(todo):
            header, widened = _entry_pass_one(
                board_id, entries, p, journal_path, limits, "--widen-one", header, "widened",
                widened, write, quiet,
                f"  {board_id} widened {k + 1}/{len(todo)}{f' (round {r + 1})' if r else ''}")
    return header


def _entry_pass_one(board_id: str, entries: list[catalogue.Problem], p: catalogue.Problem,
                    journal_path: str, limits: dict, flag: str, header: dict, key: str,
                    named: list, write, quiet: bool, said: str) -> tuple[dict, list]:
    """One problem of a pass that takes an entry in (flag: an ENTRY_PASSES key): its
    journal line (from the journal, else a child's), its entry replaced by it, the problem
    named in the header's key with the pass's budget, the file written and a line printed.
    Returns the header and the problems it names."""
    board = get_board(board_id)
    line, how = _widened_line(board_id, board, p, journal_path, limits, flag)
    i = next(i for i, q in enumerate(entries) if (q.start, q.finish) == (p.start, p.finish))
    entries[i] = catalogue._problem(board, json.loads(json.dumps(line["entry"])))
    named = sorted(named + [[p.start, p.finish]])
    header = dict(header, **{key: {"memory_budget": limits["memory_budget"], "problems": named}})
    _written(board, entries, header, write, quiet,
             f"{said}: {p.start} -> {p.finish}: {describe(p)} -> {describe(entries[i])}, {how}")
    return header, named


def problem_pairs(text: str) -> list[list[int]]:
    """--probe-problems' value: start:finish pairs of holes, comma-separated."""
    try:
        pairs = [[int(h) for h in pair.split(":")] for pair in text.split(",")]
    except ValueError:
        pairs = []
    if not pairs or any(len(p) != 2 for p in pairs):
        raise argparse.ArgumentTypeError(f"{text!r}: expected start:finish holes, such as 22:4 "
                                         "or 0:0,7:7")
    return pairs


def probe_board(board_id: str, entries: list[catalogue.Problem], journal_path: str,
                header: dict, budget: int, count: int | None, only: list | None, write,
                quiet: bool, packed: bool = False, asked: list | None = None) -> dict:
    """--probe-gb: the best-known problems proven again under the budget, from the floor each
    entry holds, with each bound's last two levels probed where the level before the last does
    not fit (probe_one), one problem at a time in a child process (resumable: the journal keeps
    each result with the floor and line it started from), merged into its entry; the file is
    written after each, its header naming the budget and the problems probed. Comes after the
    raise and the widening (--check probes the named problems after both). Returns the
    header. packed: the probes' levels packed, a pass of its own (the header's probed_packed).
    asked: these problems only ([start, finish] pairs)."""
    limits = {"count_cut": catalogue.count_cut_of(header), "memory_budget": budget,
              "probe_two": True}
    key = "probed"
    if packed:
        limits["packed"] = True
        key = "probed_packed"
    probed = sorted(header.get(key, {}).get("problems", []))
    todo = [p for p in open_problems(entries) if p.possible]
    if only is not None:  # --check: the problems the shipped header names
        todo = [p for p in todo if [p.start, p.finish] in only]
    else:
        if asked is not None:   # --probe-problems
            todo = [p for p in todo if [p.start, p.finish] in asked]
        todo = [p for p in todo if [p.start, p.finish] not in probed][:count]
    for k, p in enumerate(todo):
        header, probed = _entry_pass_one(board_id, entries, p, journal_path, limits,
                                         "--probe-one", header, key, probed, write, quiet,
                                         f"  {board_id} probed {k + 1}/{len(todo)}")
    return header


def decide_board(board_id: str, entries: list[catalogue.Problem], journal_path: str,
                 header: dict, budget: int, only: list | None, write, quiet: bool) -> dict:
    """--decide-gb: each unknown problem (--check: those the header names) through decide_one
    in a child, journaled, the file written after each. Returns the header."""
    limits = {"memory_budget": budget, "pagodas": extra_pagodas(get_board(board_id))[1]}
    decided = sorted(header.get("decided", {}).get("problems", []))
    todo = [p for p in entries if p.possible is None
            and (only is None or [p.start, p.finish] in only)]
    for k, p in enumerate(todo):
        header, decided = _entry_pass_one(board_id, entries, p, journal_path, limits,
                                          "--decide-one", header, "decided", decided, write,
                                          quiet, f"  {board_id} decided {k + 1}/{len(todo)}")
        header["decided"]["pagodas"] = limits["pagodas"]
    return header


def disk_one(board, entry: dict, folder: str) -> catalogue.Problem:
    """The problem of entry (a best-known one) proven with its levels on disk
    (pegs.disk_levels.line_within, bounded by one move less than its line; resumable from
    folder): no solution that short makes the line a minimum; else the shorter line found,
    walked back through the levels, is one (the search meets first at the minimum)."""
    from pegapp.solvers.pegs import disk_levels

    p = catalogue._problem(board, entry)
    t0 = time.perf_counter()

    def report(line: str) -> None:
        print(f"  {p.start} -> {p.finish} on disk: {line}, {time.perf_counter() - t0:.0f} s",
              file=sys.stderr, flush=True)

    line = disk_levels.line_within(board, board.position_for([p.start]), p.finish, p.par - 1,
                                   folder, report)
    if line is None:
        return merged(p, dataclasses.replace(p, lower_bound=p.par))
    return dataclasses.replace(p, par=len(line), solution=tuple(tuple(m) for m in line),
                               proven_minimal=True, reason=None, lower_bound=None)


def disk_board(board_id: str, entries: list[catalogue.Problem], journal_path: str,
               header: dict, folder: str, asked: list, write, quiet: bool) -> dict:
    """--disk-problems: each named best-known problem proven with its levels on disk
    (disk_one, in folder/<start>-<finish>: hours and tens of GB on Wiegleb, resumable), its
    result journaled and merged into its entry, the file written after each with the header's
    proved_on_disk naming it. Returns the header."""
    from pegapp.solvers.pegs import disk_levels

    board = get_board(board_id)
    limits = {"on_disk": disk_levels.FORMAT}
    named = sorted(header.get("proved_on_disk", {}).get("problems", []))
    for p in [p for p in open_problems(entries) if p.possible and [p.start, p.finish] in asked]:
        entry = catalogue._entry_json(p)
        given = [entry.get("lower_bound"), entry["solution"]]
        line = next((x for x in reversed(_journal_lines(journal_path, board, limits))
                     if x["input"] == given and x["entry"]["start"] == p.start
                     and x["entry"]["finish"] == p.finish), None)
        how = "from the journal"
        if line is None:
            t0 = time.perf_counter()
            more = disk_one(board, entry, os.path.join(folder, f"{p.start}-{p.finish}"))
            line = {"board_key": catalogue.board_key(board), "limits": limits, "input": given,
                    "entry": catalogue._entry_json(more),
                    "seconds": round(time.perf_counter() - t0, 1)}
            _journal_append(journal_path, line)
            how = f"{line['seconds']:.1f} s"
        i = next(i for i, q in enumerate(entries) if (q.start, q.finish) == (p.start, p.finish))
        entries[i] = catalogue._problem(board, json.loads(json.dumps(line["entry"])))
        named = sorted(named + [[p.start, p.finish]])
        header = dict(header, proved_on_disk=dict(limits, problems=named))
        _written(board, entries, header, write, quiet, f"  {board_id} on disk: {p.start} -> "
                 f"{p.finish}: {describe(p)} -> {describe(entries[i])}, {how}")
    return header


def _widen_key(start: int, finish: int, solution) -> tuple[int, int, str]:
    """A widening's journal key: the problem and the line it started from."""
    return start, finish, json.dumps(solution)


def _made_shorter(p: catalogue.Problem, lines: list[dict]) -> bool:
    """Whether p's line is what a widening made of a longer line and has not been widened
    itself (the journal says both): only such a line is widened again, since widening a line
    again gives what it gave before (a round that left 4 -> 4's line as it was must not name
    it again in the next)."""
    solution = catalogue._entry_json(p)["solution"]
    mine = [x for x in lines if x["entry"]["start"] == p.start
            and x["entry"]["finish"] == p.finish]
    return (any(x["entry"]["solution"] == solution and x["input"] != solution for x in mine)
            and not any(x["input"] == solution for x in mine))


def _widened_line(board_id: str, board, p: catalogue.Problem, journal_path: str,
                  limits: dict, flag: str = "--widen-one") -> tuple[dict, str]:
    """The journal line of p widened (or, flag "--probe-one", probed: from the journal, else
    computed in a child and added to it), and how it came."""
    entry = catalogue._entry_json(p)
    # read before each problem: a second worker (--widen-one children of another process,
    # their lines appended to the same journal) may have done this one since the pass began
    given = ENTRY_PASSES[flag][1](entry)   # the journal's input: what this pass started from
    mine = [x for x in _journal_lines(journal_path, board, limits)
            if _widen_key(x["entry"]["start"], x["entry"]["finish"], x["input"])
            == _widen_key(p.start, p.finish, given)]
    line = next((x for x in reversed(mine) if FLOOR not in x), None)   # the last, as before
    if line is not None:
        return line, "from the journal"
    if flag == "--widen-one":
        line, rss = run_widen_child(board_id, entry, limits)
    elif flag == "--decide-one":
        line, rss = _entry_child(flag, board_id, entry, limits)
    else:
        # a probe stopped before its end left the floors it proved: it goes on from the highest
        resume = max((x[FLOOR] for x in mine if FLOOR in x), default=None)

        def floors(n: int) -> None:
            _journal_append(journal_path, {"board_key": catalogue.board_key(board),
                                           "limits": limits, "input": given, "entry":
                                           {"start": p.start, "finish": p.finish}, FLOOR: n})

        line, rss = run_probe_child(board_id, entry, limits, resume, floors)
    _journal_append(journal_path, line)
    return line, f"{line['seconds']:.1f} s, peak {rss / MB:,.0f} MB"


def _journal_append(journal_path: str, line: dict) -> None:
    with open(journal_path, "a") as jf:
        jf.write(json.dumps(line, sort_keys=True) + "\n")


def build_board(board_id: str, journal_path: str, quiet: bool,
                limits: dict) -> list[catalogue.Problem]:
    """Every problem of the board under the limits, in file order (the journal's are not
    computed again)."""
    board = get_board(board_id)
    done = read_journal(journal_path, board, limits)
    g = peg_solver.geometry(board)
    entries = []
    pairs = catalogue.canonical_pairs(board)
    for i, (s, f) in enumerate(pairs):
        position = board.full & ~(1 << s)
        if g.position_class(position) != g.position_class(1 << f):
            p = catalogue.Problem(s, f, False, None, False, None, catalogue.class_reason(),
                                  catalogue.tags_of(board, s, f))
            entries.append(p)
            continue
        line = done.get((s, f))
        how = "from the journal"
        if line is None and board.n > BIG_ABOVE_HOLES:
            line, how = run_journaled(board_id, s, f, limits, journal_path)
        elif line is None:  # seconds each: computed here, no child process to start
            t1 = time.perf_counter()
            line = {"entry": catalogue._entry_json(compute_one(board, s, f, limits))}
            how = f"{time.perf_counter() - t1:.1f} s"
        p = catalogue._problem(board, json.loads(json.dumps(line["entry"])))
        entries.append(p)
        if not quiet:
            print(f"  {board_id} {i + 1}/{len(pairs)}: {s} -> {f}: {describe(p)}, {how}",
                  flush=True)
    return entries


def summary(board_id: str, entries: list[catalogue.Problem], data: bytes, seconds: float) -> str:
    c = catalogue.counts(entries)
    return (f"{board_id}: {c['problems']} problems ({c['proven']} proven, "
            f"{c['best_known']} best known only, {c['impossible']} impossible, "
            f"{c['unknown']} unknown), {seconds:.1f} s, {len(data):,} bytes")


def write_atomically(path: str, data: bytes) -> None:
    """The new file replaces the old one whole: a build stopped mid-write leaves the last."""
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def main(argv=None) -> int:
    if argv is None and len(sys.argv) == 6 and sys.argv[1] == "--one":
        return child_main(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5])
    if argv is None and len(sys.argv) in (5, 6) and sys.argv[1] in ENTRY_PASSES:
        return entry_child_main(*sys.argv[1:])
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", default=",".join(shipped_board_ids()))
    ap.add_argument("--check", action="store_true", help="compare with the shipped files")
    ap.add_argument("--out", default=None, help="folder (default: resources/catalogue)")
    ap.add_argument("--journal", default=os.path.join(ROOT, "build", "catalogue"),
                    help="folder of the per-problem journal (default: build/catalogue)")
    ap.add_argument("--quiet", action="store_true", help="no line per problem")
    ap.add_argument("--memory-gb", type=float, default=BIG / 1024**3,
                    help="memory budget per problem on the big boards (default 14)")
    ap.add_argument("--dfs-millions", type=int, default=FALLBACK_CHUNKS * DFS_CHUNK // 10**6,
                    help="positions of the depth-first search for a first line on the big "
                         "boards, in millions (default 20)")
    ap.add_argument("--raise-gb", type=float, default=None,
                    help="then compute the open problems again under this budget (GB), those "
                         "most likely proven first, writing the file after each")
    ap.add_argument("--raise-count", type=int, default=None,
                    help="at most this many problems raised (default: every open one)")
    ap.add_argument("--widen-gb", type=float, default=None,
                    help="then shorten the open problems' lines with windows one move shorter "
                         "than each line, each search within half this budget (GB)")
    ap.add_argument("--widen-count", type=int, default=None,
                    help="at most this many problems widened a round (default: every open one)")
    ap.add_argument("--widen-rounds", type=int, default=1,
                    help="widen a line a round made shorter (not yet proven) again, up to this "
                         "many times in all (default 1)")
    ap.add_argument("--probe-gb", type=float, default=None,
                    help="then prove the best-known problems again under this budget (GB) from "
                         "their floors, each bound's last two levels probed where the level "
                         "before the last does not fit")
    ap.add_argument("--probe-count", type=int, default=None,
                    help="at most this many problems probed (default: every best-known one)")
    ap.add_argument("--packed", action="store_true",
                    help="with --probe-gb: the probes keep their large levels packed (half the "
                         "bytes), a pass of its own in the header (limits.probed_packed)")
    ap.add_argument("--probe-problems", default=None, metavar="S:F,...", type=problem_pairs,
                    help="with --probe-gb: probe these problems only (start:finish holes)")
    ap.add_argument("--decide-gb", type=float, default=None,
                    help="then decide each unknown problem (possible or not) by levels by "
                         "jumps under this budget (GB)")
    ap.add_argument("--disk-problems", default=None, metavar="S:F,...", type=problem_pairs,
                    help="then prove these best-known problems with their levels on disk "
                         "(no memory budget: disk and hours), in --disk-folder")
    ap.add_argument("--disk-folder", default=os.path.join(ROOT, "build", "on-disk"),
                    help="folder of the on-disk proofs' levels, one folder a problem (default: "
                         "build/on-disk; resumable)")
    ap.add_argument("--from-shipped", action="store_true",
                    help="take the base, raised and widened entries from the shipped file "
                         "(for a raise or widening pass without the build's journal)")
    args = ap.parse_args(argv)
    out_dir = args.out or os.path.join(ROOT, "resources", "catalogue")
    os.makedirs(out_dir, exist_ok=True)
    failed = 0
    total = time.perf_counter()
    for board_id in args.boards.split(","):
        failed += not build_file(board_id, out_dir, args)
    print(f"total {time.perf_counter() - total:.1f} s")
    return 1 if failed else 0


def build_file(board_id: str, out_dir: str, args) -> bool:
    """One board's file built (or, with --check, compared with the shipped one: False when it
    differs)."""
    board = get_board(board_id)
    t0 = time.perf_counter()
    journal_dir = args.journal
    if args.check:  # recompute everything: a journal of its own, thrown away after
        journal_dir = os.path.join(args.journal, f"check-{os.getpid()}")
    os.makedirs(journal_dir, exist_ok=True)
    journal = os.path.join(journal_dir, f"{board_id}.jsonl")
    limits = limits_for(board, int(args.memory_gb * 1024**3), args.dfs_millions * 10**6)
    budget = None if args.raise_gb is None else int(args.raise_gb * 1024**3)
    widen = None if getattr(args, "widen_gb", None) is None else int(args.widen_gb * 1024**3)
    probe = None if getattr(args, "probe_gb", None) is None else int(args.probe_gb * 1024**3)
    decide = None if getattr(args, "decide_gb", None) is None else int(args.decide_gb * 1024**3)
    only = widen_only = probe_only = decide_only = packed_only = packed_probe = None
    disk = getattr(args, "disk_problems", None)
    if getattr(args, "packed", False):   # the probe pass of its own, levels packed
        packed_probe, probe = probe, None
    asked = getattr(args, "probe_problems", None)
    if args.check:  # the limits the shipped file was built under, what it raised and widened
        limits = dict(shipped_limits(board, out_dir) or limits)
        spec = limits.pop("raised", None) or {}
        budget, only = spec.get("memory_budget"), spec.get("problems")
        spec = limits.pop("widened", None) or {}
        widen, widen_only = spec.get("memory_budget"), spec.get("problems")
        spec = limits.pop("probed", None) or {}
        probe, probe_only = spec.get("memory_budget"), spec.get("problems")
        spec = limits.pop("probed_packed", None) or {}
        packed_probe, packed_only = spec.get("memory_budget"), spec.get("problems")
        spec = limits.pop("decided", None) or {}
        decide, decide_only = spec.get("memory_budget"), spec.get("problems")
        spec = limits.pop("proved_on_disk", None) or {}
        disk = spec.get("problems")
    path = os.path.join(out_dir, catalogue.file_name(board))

    def write(data: bytes) -> None:
        if not args.check:
            write_atomically(path, data)

    if getattr(args, "from_shipped", False) and not args.check:
        shipped = catalogue.decode(board, open(path, "rb").read())  # checked as when loaded
        entries, header = list(shipped.problems), dict(shipped.limits)
        if budget is not None:  # under the base limits the shipped header names
            base = {k: v for k, v in header.items() if k not in (
                "raised", "widened", "probed", "probed_packed", "decided", "proved_on_disk")}
            header = raise_board(board_id, entries, journal, base, budget, args.raise_count,
                                 None, write, args.quiet, shipped=header)
    else:
        entries = build_board(board_id, journal, args.quiet, limits)
        header = limits
        if budget is not None:
            header = raise_board(board_id, entries, journal, limits, budget, args.raise_count,
                                 only, write, args.quiet)
    if widen is not None:
        header = widen_board(board_id, entries, journal, header, widen,
                             getattr(args, "widen_count", None), widen_only, write, args.quiet,
                             getattr(args, "widen_rounds", 1))
    if probe is not None:
        header = probe_board(board_id, entries, journal, header, probe,
                             getattr(args, "probe_count", None), probe_only, write, args.quiet,
                             asked=asked)
    if packed_probe is not None:
        header = probe_board(board_id, entries, journal, header, packed_probe,
                             getattr(args, "probe_count", None), packed_only, write, args.quiet,
                             packed=True, asked=asked)
    if decide is not None:
        header = decide_board(board_id, entries, journal, header, decide, decide_only, write,
                              args.quiet)
    if disk:   # --check: in a folder of its own under the check's journal (made again)
        folder = os.path.join(journal_dir, "on-disk") if args.check else args.disk_folder
        header = disk_board(board_id, entries, journal, header, folder, disk, write, args.quiet)
    data = catalogue.encode(board, entries, header)
    write(data)
    line = summary(board_id, entries, data, time.perf_counter() - t0)
    if not args.check:
        print(f"{line} -> {path}", flush=True)
        return True
    return _compared(path, data, line, journal, journal_dir)


def _compared(path: str, data: bytes, line: str, journal: str, journal_dir: str) -> bool:
    """--check: whether the shipped file is data, said in a line; the check's own journal
    folder removed (with the levels its disk proofs made there)."""
    try:
        with open(path, "rb") as f:
            same = f.read() == data
    except OSError:
        same = False
    print(f"{line}: {'same as shipped' if same else 'DIFFERS from shipped'}", flush=True)
    try:
        os.remove(journal)
        shutil.rmtree(os.path.join(journal_dir, "on-disk"), ignore_errors=True)  # tens of GB
        os.rmdir(journal_dir)
    except OSError:
        pass
    return same


if __name__ == "__main__":
    sys.exit(main())
