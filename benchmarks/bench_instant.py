"""How instant are PegApp's answers on a fresh install?  Figures for issue #11, never pass/fail.

    python benchmarks/bench_instant.py                     # everything, 5 runs per figure
    python benchmarks/bench_instant.py --quick             # 1 run each (smoke check)
    python benchmarks/bench_instant.py --parts a --runs 7 --out /tmp/instant.json

Every run is a FRESH process with an EMPTY cache: a new temporary directory for
PEGAPP_CACHE_DIR, HOME and XDG_CACHE_HOME, the command started with `python -m pegapp` from the
checkout (cwd and PYTHONPATH = the checkout).  Measured per run: whole-process wall time (spawn to
exit), its CPU time and peak RSS (os.wait4's rusage of that child); reported as median / min / max over the
runs, with the 1-minute load average seen at the start of the runs (the machine is shared).
numba's own cache of compiled kernels is the checkout's __pycache__ (an untimed warm-up process
fills it first); --cold-numba points NUMBA_CACHE_DIR into each run's empty directory instead,
which measures a really first start (kernels compiled in every run).

(a) The English central game proved by search, `pegapp solve pegs/english --json --search`,
    against the compiled reference benchmarks/reference/peg_bidir (a plain bidirectional BFS in
    C++, built here with benchmarks/reference/build.sh when missing), interleaved
    A B C S, A B C S, ...; per round the ratios A/B (wall and CPU), then their medians.  C is
    the same solve without --search (answered from the shipped table); S is the search through
    the Python API, solve(tablebase=False), in a fresh `python -c` (the proof whatever the
    command line does).  When `solve` has no --search flag, A runs without it and the report
    says so (and C, the same command, is not run).
(b) First-hint latency, `pegapp hint <puzzle> [--start "..."] --json` (JSON Lines, one object per
    improving answer, each with `seconds` since the request): whole-process wall time, the time
    the parent saw the first line, and the first and last lines' own `seconds`.  Positions:
    English start and after 4, 8, 12 moves of seeded random winning play (can_reach_goal; over
    33 holes a beam-search line or a few seconds of the solver's DFS); French, Wiegleb,
    diamond41 from the start and after 4 moves; every board of 21 holes or fewer from its start;
    the 15-puzzle on 20 seeded random solvable positions (one run each by default: the 20
    positions are the sample).  A missing command is reported "not available", never a crash.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REF_DIR = os.path.join(ROOT, "benchmarks", "reference")
REF_BIN = os.path.join(REF_DIR, "peg_bidir")
PY = [sys.executable, "-m", "pegapp"]

# The same proof through the Python API in a fresh process: solve(tablebase=False) is the search
# whatever the command line does with --search (one JSON line like `solve --json`'s).
API_SEARCH = r"""
import json, time
t0 = time.perf_counter()
from pegapp.core.board import get_board
from pegapp.solvers.pegs.solver import solve
b = get_board("english")
try:
    r = solve(b, tablebase=False)
    how = "solve(tablebase=False)"
except TypeError:            # a solver without shipped tablebases
    r = solve(b)
    how = "solve()"
print(json.dumps({"status": r.status, "length": r.length, "proven_minimal": r.proven_minimal,
                  "seconds": r.stats.get("seconds"), "positions": r.stats.get("positions"),
                  "tablebase": bool(r.stats.get("tablebase")), "how": how,
                  "in_python": time.perf_counter() - t0}))
"""


def uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "load average: %.2f, %.2f, %.2f" % os.getloadavg()


def say(*a) -> None:
    print(*a, flush=True)


# ------------------------------------------------------------------------------ one fresh run

def run_fresh(cmd: list[str], timeout: float, cold_numba: bool = False) -> dict:
    """Run cmd in a fresh process with empty cache dirs.  Returns wall seconds, peak RSS (MB),
    exit code, stdout lines with the parent's clock (seconds since spawn) and stderr's tail."""
    with tempfile.TemporaryDirectory(prefix="pegapp-instant-") as tmp:
        env = dict(os.environ)
        env.update(PEGAPP_CACHE_DIR=os.path.join(tmp, "pegapp-cache"), HOME=os.path.join(tmp, "home"),
                   XDG_CACHE_HOME=os.path.join(tmp, "xdg-cache"), QT_QPA_PLATFORM="offscreen",
                   PYTHONPATH=ROOT + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else ""))
        for d in ("pegapp-cache", "home", "xdg-cache"):
            os.mkdir(os.path.join(tmp, d))
        if cold_numba:
            env["NUMBA_CACHE_DIR"] = os.path.join(tmp, "numba")
        lines: list[tuple[float, str]] = []
        err: list[str] = []
        load = os.getloadavg()[0]
        t0 = time.perf_counter()
        try:
            proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True, start_new_session=True)
        except OSError as e:
            return {"ok": False, "error": str(e), "load1": load}

        def read_out():
            for line in proc.stdout:
                lines.append((time.perf_counter() - t0, line.rstrip("\n")))

        def read_err():
            err.append(proc.stderr.read())

        readers = [threading.Thread(target=read_out, daemon=True),
                   threading.Thread(target=read_err, daemon=True)]
        for r in readers:
            r.start()
        timed_out = threading.Event()

        def kill():
            timed_out.set()
            try:
                os.killpg(proc.pid, 9)    # our own child's process group (start_new_session)
            except OSError:
                pass

        timer = threading.Timer(timeout, kill)
        timer.start()
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
        for r in readers:
            r.join(5)
        return {"ok": proc.returncode == 0 and not timed_out.is_set(), "rc": proc.returncode,
                "timeout": timed_out.is_set(), "wall": wall, "rss_mb": usage.ru_maxrss / 1024,
                "cpu": usage.ru_utime + usage.ru_stime,
                "lines": lines, "stderr": "".join(err)[-600:], "load1": load}


def summary(values):
    values = [v for v in values if v is not None]
    if not values:
        return None
    return {"median": statistics.median(values), "min": min(values), "max": max(values),
            "n": len(values)}


def fmt(s, unit="s", digits=2) -> str:
    if not s:
        return "-"
    f = f"{{:.{digits}f}}"
    if s["n"] == 1:
        return f.format(s["median"]) + unit
    return (f.format(s["median"]) + unit + " [" + f.format(s["min"]) + "-" + f.format(s["max"])
            + "]")


def loads(runs) -> str:
    ls = [r["load1"] for r in runs if "load1" in r]
    return f"{min(ls):.2f}-{max(ls):.2f}" if ls else "-"


def command_available(args: list[str]) -> tuple[bool, str]:
    r = subprocess.run(PY + args, cwd=ROOT, capture_output=True, text=True,
                       env=dict(os.environ, PYTHONPATH=ROOT))
    return r.returncode == 0, r.stdout + r.stderr


def json_line(text: str):
    try:
        return json.loads(text)
    except ValueError:
        return None


# ------------------------------------------------------------------------------ (a) English

def ensure_reference() -> str | None:
    src = os.path.join(REF_DIR, "peg_bidir.cpp")
    if not os.path.exists(REF_BIN) or os.path.getmtime(REF_BIN) < os.path.getmtime(src):
        r = subprocess.run(["sh", os.path.join(REF_DIR, "build.sh")], capture_output=True, text=True)
        say((r.stdout + r.stderr).strip())
    return REF_BIN if os.path.exists(REF_BIN) else None


def part_a(runs: int, timeout: float, cold_numba: bool) -> dict:
    ok, helptext = command_available(["solve", "--help"])
    has_search = ok and "--search" in helptext
    out: dict = {"search_flag": has_search, "uptime_before": uptime()}
    A = PY + ["solve", "pegs/english", "--json"] + (["--search"] if has_search else [])
    C = PY + ["solve", "pegs/english", "--json"]
    ref = ensure_reference()
    series = {"A": A}
    if ref:
        series["B"] = [ref]
    if has_search:
        series["C"] = C
    series["S"] = [sys.executable, "-c", API_SEARCH]
    out["commands"] = {k: " ".join(v) for k, v in series.items()}
    out["commands"]["S"] = "python -c <pegapp.solvers.pegs.solver.solve(english, tablebase=False)>"
    if not has_search:
        out["note"] = "`solve` has no --search flag yet: A ran without it (same as C)"
        say("note: " + out["note"])
    if not ref:
        out["note_reference"] = "no compiled reference (no C++ compiler?): B not run"
    results: dict[str, list] = {k: [] for k in series}
    ratios_ab, ratios_cb, ratios_sb, cpu_ab = [], [], [], []
    for i in range(runs):
        row = {}
        for k, cmd in series.items():
            r = run_fresh(cmd, timeout, cold_numba)
            last = json_line(r["lines"][-1][1]) if r.get("lines") else None
            r["answer"] = {key: last.get(key) for key in
                           ("status", "length", "moves", "proven_minimal", "seconds", "positions",
                            "tablebase", "how")
                           if isinstance(last, dict) and key in last
                           and not (key == "moves" and isinstance(last[key], list))}
            r.pop("lines", None)
            if r["ok"]:
                r.pop("stderr", None)
            results[k].append(r)
            row[k] = r
        if "B" in row and row["B"].get("ok"):
            if row["A"].get("ok"):
                ratios_ab.append(row["A"]["wall"] / row["B"]["wall"])
                cpu_ab.append(row["A"]["cpu"] / row["B"]["cpu"])
            if "C" in row and row["C"].get("ok"):
                ratios_cb.append(row["C"]["wall"] / row["B"]["wall"])
            if row["S"].get("ok"):
                ratios_sb.append(row["S"]["wall"] / row["B"]["wall"])
        say(f"  round {i + 1}: " + ", ".join(
            f"{k} {r['wall']:.2f}s {r['rss_mb']:.0f}MB" + ("" if r["ok"] else " FAILED")
            if "wall" in r else f"{k} error" for k, r in row.items())
            + (f", A/B {ratios_ab[-1]:.2f}" if len(ratios_ab) == i + 1 else "")
            + f"  (load {row['A']['load1']:.2f})")
    for k, rs in results.items():
        good = [r for r in rs if r.get("ok")]
        out[k] = {"command": out["commands"][k], "runs": rs,
                  "wall": summary([r["wall"] for r in good]),
                  "rss_mb": summary([r["rss_mb"] for r in good]),
                  "cpu": summary([r["cpu"] for r in good]),
                  "failed": len(rs) - len(good), "load1": loads(rs),
                  "answer": good[-1]["answer"] if good else None}
    out["ratio_A_over_B"] = {"per_round": ratios_ab, **(summary(ratios_ab) or {})}
    out["ratio_C_over_B"] = {"per_round": ratios_cb, **(summary(ratios_cb) or {})}
    out["ratio_S_over_B"] = {"per_round": ratios_sb, **(summary(ratios_sb) or {})}
    out["cpu_ratio_A_over_B"] = {"per_round": cpu_ab, **(summary(cpu_ab) or {})}
    if has_search and out["A"]["wall"] and out["C"]["wall"] and out["S"]["wall"]:
        a, c, s_ = (out[k]["wall"]["median"] for k in "ACS")
        if abs(a - c) < abs(a - s_) and s_ > 2 * c:
            out["warning"] = (f"A ({a:.2f} s) takes the time of C ({c:.2f} s), not of the search "
                              f"S ({s_:.2f} s): --search does not seem to reach the solver yet "
                              "(A answered from the table?)")
    out["uptime_after"] = uptime()
    return out


def print_a(a: dict) -> None:
    say("\n(a) English central game, fresh processes, empty caches  "
        f"[{a['uptime_before'].split('load average:')[-1].strip()} -> "
        f"{a['uptime_after'].split('load average:')[-1].strip()}]")
    say(f"  {'':3} {'wall median [min-max]':26} {'CPU (user+sys)':26} {'peak RSS':22} {'load1':11} "
        "answer / command")
    for k in ("A", "B", "C", "S"):
        if k not in a:
            continue
        s = a[k]
        ans = s["answer"] or {}
        brief = " ".join(f"{x}={ans[x]}" for x in ("length", "moves", "positions", "seconds",
                                                    "tablebase")
                         if x in ans)
        say(f"  {k:3} {fmt(s['wall']):26} {fmt(s['cpu']):26} {fmt(s['rss_mb'], 'MB', 0):22} {s['load1']:11} "
            f"{brief}  | {s['command'].replace(sys.executable, 'python')[:70]}"
            + (f"  ({s['failed']} failed)" if s["failed"] else ""))
    for name in ("ratio_A_over_B", "ratio_C_over_B", "ratio_S_over_B", "cpu_ratio_A_over_B"):
        r = a.get(name, {})
        if r.get("per_round"):
            label = name.replace("cpu_", "").replace("ratio_", "").replace("_over_", "/")
            say(f"  {label} ({'CPU' if name.startswith('cpu') else 'wall'}): median {r['median']:.2f} "
                f"[{r['min']:.2f}-{r['max']:.2f}] per round " + " ".join(f"{x:.2f}" for x in r["per_round"]))
    for note in ("note", "note_reference", "warning"):
        if note in a:
            say("  note: " + a[note])


# ------------------------------------------------------------------------------ (b) hints

def empty_holes(n: int, pos: int) -> list[int]:
    return [i for i in range(n) if not (pos >> i) & 1]


def _wins_large(b, pos: int, seconds: float = 5.0) -> bool:
    """Boards over 33 holes, where can_reach_goal can take minutes and gigabytes on a dead
    child: a winning line from the solver's beam search (constructive, ~0.1 s), else its
    depth-first search with restarts for a few seconds and a bounded table.  Not proved is
    treated as not winning (the play takes another child).  Private solver helpers: the
    benchmark reports an error, never crashes, when they change."""
    from pegapp.solvers.pegs import solver as P
    from pegapp.solvers.pegs._tables import geometry

    g = geometry(b)
    finish, goals = P._resolve_goal(b, g, pos, "default")
    goals = [x for x in goals if g.position_class(x) == g.position_class(pos)]
    if not goals:
        return False
    prob = P._Problem(g, pos, finish, goals)
    if P._beam_solution(prob, P._BEAM_WIDTH) is not None:
        return True
    deadline = time.perf_counter() + seconds
    st, _ = P._reach(prob, 1 << 62, None, stop=lambda: time.perf_counter() > deadline,
                     chunk=200_000, max_bytes=1 << 27)
    return st == 1


def winning_play(board_id: str, moves: int, seed: int):
    """(holes, position) after `moves` moves (chains) of seeded random play that can still win
    (each move drawn uniformly from the winning ones), or None."""
    from pegapp.core.board import get_board
    from pegapp.solvers.pegs._tables import geometry
    from pegapp.solvers.pegs.solver import can_reach_goal

    b = get_board(board_id)
    g = geometry(b)
    rng = random.Random(seed)
    pos = b.start_position
    pos = pos() if callable(pos) else pos

    def wins(c):
        return can_reach_goal(b, c, cache_dir=False) if b.n <= 33 else _wins_large(b, c)

    for _ in range(moves):
        children = sorted({c for _, c in g.forward_chains(pos)})   # one per resulting position
        rng.shuffle(children)
        for c in children:                      # the first (random) child that still wins
            if wins(c):
                pos = c
                break
        else:
            return None
    return b.n, pos


def slide_solvable(tiles: list[int]) -> bool:
    """4x4: solvable iff inversions among tiles + blank's row counted from the bottom (1-based)
    is odd (the goal: 0 inversions, blank on the bottom row)."""
    t = [x for x in tiles if x]
    inv = sum(1 for i in range(len(t)) for j in range(i + 1, len(t)) if t[i] > t[j])
    row_from_bottom = 4 - tiles.index(0) // 4
    return (inv + row_from_bottom) % 2 == 1


def slide_positions(count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = list(range(16))
        rng.shuffle(s)
        if slide_solvable(s):
            out.append(s)
    return out


def check_slide_parity(first: list[int], timeout: float) -> dict:
    """The parity rule against PegApp: the goal with two tiles swapped and the first position
    with two tiles swapped must both be 'unsolvable' (answered at once); SlidePuzzle.solvable
    must agree on all of them."""
    goal = list(range(1, 16)) + [0]
    cases = []
    for base in (goal, first):
        s = list(base)
        i, j = [k for k in range(16) if s[k]][:2]
        s[i], s[j] = s[j], s[i]
        cases.append(s)
    out = {"cases": []}
    try:
        sys.path.insert(0, ROOT)
        from pegapp.puzzles.slide import SlidePuzzle
        p = SlidePuzzle(4, 4)
        api = all(p.solvable(s) == slide_solvable(s) for s in cases + [first, goal])
    except Exception as e:                       # noqa: BLE001 -- a figure, not a test
        api = f"not checked: {e}"
    out["agrees_with_SlidePuzzle.solvable"] = api
    for s in cases:
        r = run_fresh(PY + ["solve", "slide/4x4", "--start", " ".join(map(str, s)), "--json"],
                      timeout)
        last = json_line(r["lines"][-1][1]) if r.get("lines") else None
        status = last.get("status") if isinstance(last, dict) else None
        out["cases"].append({"start": s, "predicted_solvable": slide_solvable(s), "status": status})
    out["ok"] = all(c["status"] == "unsolvable" and not c["predicted_solvable"]
                    for c in out["cases"]) and api is True
    return out


def boards_list() -> list[dict]:
    r = subprocess.run(PY + ["boards", "--json"], cwd=ROOT, capture_output=True, text=True,
                       env=dict(os.environ, PYTHONPATH=ROOT))
    return json.loads(r.stdout)["boards"]


def make_cases(seed: int, slide_count: int, groups: set[str] | None = None) -> list[dict]:
    """The positions of part (b); groups: keep only these ("english", "big", "small", "slide")."""
    cases = []
    want = groups or {"english", "big", "small", "slide"}

    def peg(board, k):
        if k == 0:
            cases.append({"group": "pegs", "name": f"{board} start", "puzzle": f"pegs/{board}",
                          "start": None})
            return
        t = time.perf_counter()
        try:
            got = winning_play(board, k, seed + k)
        except Exception as e:                   # noqa: BLE001 -- report, never crash
            got = None
            cases.append({"group": "pegs", "name": f"{board} +{k}", "puzzle": f"pegs/{board}",
                          "error": f"position not generated: {type(e).__name__}: {e}"})
            return
        gen = time.perf_counter() - t
        if got is None:
            cases.append({"group": "pegs", "name": f"{board} +{k}", "puzzle": f"pegs/{board}",
                          "error": "no winning play found"})
            return
        n, pos = got
        cases.append({"group": "pegs", "name": f"{board} +{k}", "puzzle": f"pegs/{board}",
                      "start": " ".join(map(str, empty_holes(n, pos))), "generated_s": gen})

    if "english" in want:
        for k in (0, 4, 8, 12):
            peg("english", k)
    for board in ("french", "wiegleb", "diamond41") if "big" in want else ():
        for k in (0, 4):
            peg(board, k)
    try:
        small = boards_list() if "small" in want else []
    except Exception as e:                       # noqa: BLE001
        small = []
        cases.append({"group": "small", "name": "boards <= 21 holes",
                      "error": f"`pegapp boards --json` failed: {e}"})
    for b in small:
        if len(b["holes"]) <= 21:
            cases.append({"group": "small", "name": f"{b['id']} ({len(b['holes'])})",
                          "puzzle": b["puzzle"], "start": None})
    for i, s in enumerate(slide_positions(slide_count if "slide" in want else 0, seed)):
        cases.append({"group": "slide", "name": f"15-puzzle #{i}", "puzzle": "slide/4x4",
                      "start": " ".join(map(str, s))})
    return cases


def part_b(runs: int, slide_runs: int, timeout: float, cold_numba: bool, seed: int,
           slide_count: int, groups: set[str] | None = None) -> dict:
    out: dict = {"uptime_before": uptime()}
    ok, text = command_available(["hint", "--help"])
    out["hint_available"] = ok
    t = time.perf_counter()
    cases = make_cases(seed, slide_count, groups)
    out["positions_generated_s"] = time.perf_counter() - t
    slides = [c for c in cases if c["group"] == "slide"]
    if slides:
        out["slide_parity_check"] = check_slide_parity(
            [int(x) for x in slides[0]["start"].split()], timeout)
    if not ok:
        out["note"] = "`pegapp hint` is not available: " + (text.strip().splitlines() or [""])[-1]
        say("note: " + out["note"])
    for c in cases:
        if not ok or "error" in c:
            c["status"] = "not available" if not ok else c["error"]
            continue
        cmd = PY + ["hint", c["puzzle"], "--json"] + (["--start", c["start"]] if c["start"] else [])
        c["command"] = " ".join(cmd[1:])
        rs = []
        for _ in range(slide_runs if c["group"] == "slide" else runs):
            r = run_fresh(cmd, timeout, cold_numba)
            objs = [(t, json_line(line)) for t, line in r.get("lines", [])]
            objs = [(t, o) for t, o in objs if isinstance(o, dict)]
            if objs:
                r["first_seen"] = objs[0][0]
                r["first_seconds"] = objs[0][1].get("seconds")
                r["last_seconds"] = objs[-1][1].get("seconds")
                r["answers"] = len(objs)
                keys = ("move", "remaining", "at_most", "proven_minimal", "kind", "status")
                r["first"] = {k: objs[0][1].get(k) for k in keys}
                r["last"] = {k: objs[-1][1].get(k) for k in keys}
            r.pop("lines", None)
            if r.get("ok") and objs:
                r.pop("stderr", None)
            rs.append(r)
        good = [r for r in rs if r.get("ok") and "first_seconds" in r]
        c["runs"] = rs
        c["status"] = "ok" if len(good) == len(rs) else (
            "timeout" if any(r.get("timeout") for r in rs) else "failed")
        for key in ("wall", "first_seen", "first_seconds", "last_seconds", "rss_mb"):
            c[key] = summary([r.get(key) for r in good])
        c["load1"] = loads(rs)
        c["last"] = good[-1]["last"] if good else None
        c["first"] = good[-1]["first"] if good else None
        say(f"  {c['name']:24} {c['status']:8} wall {fmt(c['wall'])}  first {fmt(c['first_seconds'])}"
            f"  last {fmt(c['last_seconds'])}  (load {c['load1']})")
    # the 15-puzzle positions as one sample
    slide_ok = [c for c in slides if c.get("status") == "ok"]
    if slide_ok:
        out["slide_summary"] = {key: summary([c[key]["median"] for c in slide_ok])
                                for key in ("wall", "first_seen", "first_seconds", "last_seconds",
                                            "rss_mb")}
        out["slide_summary"]["positions"] = len(slide_ok)
        out["slide_summary"]["load1"] = loads([r for c in slide_ok for r in c["runs"]])
    out["cases"] = cases
    out["uptime_after"] = uptime()
    return out


def print_b(b: dict) -> None:
    say("\n(b) First hint, fresh processes, empty caches  "
        f"[{b['uptime_before'].split('load average:')[-1].strip()} -> "
        f"{b['uptime_after'].split('load average:')[-1].strip()}]")
    if "note" in b:
        say("  note: " + b["note"])
    pc = b.get("slide_parity_check")
    if pc:
        say(f"  15-puzzle parity rule checked against `pegapp solve`: {'ok' if pc['ok'] else pc}")
    say(f"  {'position':24} {'process wall':22} {'first line seen':22} {'first seconds':22} "
        f"{'last seconds':22} {'RSS':8} {'load1':10} answer: moves left after the hinted move, "
        "first -> last line")
    for c in b["cases"]:
        if c["status"] != "ok" and not c.get("wall"):
            say(f"  {c['name']:24} {c['status']}")
            continue
        last = c.get("last") or {}
        first = c.get("first") or {}
        def answer(o):    # "minimum 17", or "wins? <=40" (not proven minimal)
            left = o.get("remaining")
            left = left if left is not None else (
                f"<={o['at_most']}" if o.get("at_most") is not None else "-")
            return f"{o.get('kind')}{'' if o.get('proven_minimal') else '?'} {left}"
        ans = f"{answer(first)} -> {answer(last)}" if first != last else answer(last)
        med = c["rss_mb"]["median"] if c.get("rss_mb") else 0
        say(f"  {c['name']:24} {fmt(c['wall']):22} {fmt(c['first_seen']):22} "
            f"{fmt(c['first_seconds'], 's', 3):22} {fmt(c['last_seconds'], 's', 3):22} "
            f"{med:6.0f}MB {c['load1']:10} {ans}"
            + ("" if c["status"] == "ok" else f"  ({c['status']})"))
    s = b.get("slide_summary")
    if s:
        say(f"  15-puzzle, {s['positions']} positions (median of each position's runs), "
            f"median [min-max]: wall {fmt(s['wall'])}, first seen {fmt(s['first_seen'])}, "
            f"first {fmt(s['first_seconds'], 's', 3)}, last {fmt(s['last_seconds'], 's', 3)}, "
            f"RSS {fmt(s['rss_mb'], 'MB', 0)}, load {s['load1']}")


# ------------------------------------------------------------------------------ main

def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5, help="runs per figure (default 5)")
    ap.add_argument("--slide-runs", type=int, default=1,
                    help="runs per 15-puzzle position (default 1; the 20 positions are the sample)")
    ap.add_argument("--slide-positions", type=int, default=20)
    ap.add_argument("--quick", action="store_true", help="1 run each (smoke check)")
    ap.add_argument("--parts", default="a,b", help="a, b or a,b (default)")
    ap.add_argument("--timeout", type=float, default=600, help="seconds per process (default 600)")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--groups", default="english,big,small,slide",
                    help="part (b) positions: any of english, big, small, slide (default all)")
    ap.add_argument("--cold-numba", action="store_true",
                    help="an empty NUMBA_CACHE_DIR in every run too (kernels compiled every time)")
    ap.add_argument("--out", help="write the results as JSON to this file")
    args = ap.parse_args()
    if args.quick:
        args.runs = args.slide_runs = 1
    parts = {p.strip() for p in args.parts.split(",")}
    sys.path.insert(0, ROOT)
    res: dict = {"argv": sys.argv[1:], "cpus": os.cpu_count(), "python": sys.version.split()[0],
                 "uptime_start": uptime(), "cold_numba": args.cold_numba}
    try:
        res["git_head"] = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                                         capture_output=True, text=True).stdout.strip()
    except OSError:
        pass
    say(f"{res['uptime_start']}  ({os.cpu_count()} cpus, Python {res['python']}, "
        f"runs {args.runs}{', cold numba' if args.cold_numba else ''})")
    if not args.cold_numba:     # numba's on-disk kernels for the current source (untimed)
        w = run_fresh(PY + ["solve", "pegs/diamond13", "--json"], args.timeout)
        res["warm_up_s"] = w.get("wall")
    if "a" in parts:
        say("(a) English proof ...")
        res["a"] = part_a(args.runs, args.timeout, args.cold_numba)
    if "b" in parts:
        say("(b) first hints ...")
        res["b"] = part_b(args.runs, args.slide_runs, args.timeout, args.cold_numba, args.seed,
                          args.slide_positions, set(args.groups.split(",")))
    res["uptime_end"] = uptime()
    if "a" in res:
        print_a(res["a"])
    if "b" in res:
        print_b(res["b"])
    say("\n" + res["uptime_end"])
    if args.out:
        with open(args.out, "w") as f:
            json.dump(res, f, indent=1)
        say(f"results written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
