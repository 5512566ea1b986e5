"""Benchmarks of the minimum-move peg solver: prints figures, never part of pass/fail.

    python benchmarks/bench_pegs.py [--runs 3] [--quick] [--limit 60]

For each shipped board's default problem: minimum, proven, wall time (median of runs; the first
call in a fresh process is reported apart as "first"), peak RSS of the process, the solver's own
tracked peak.  Then hints on the English board from random play, the disk cache, numba JIT
compile time, and a numpy-only level expansion for comparison with the numba kernel.
Each board runs in its own subprocess so peak memory is per problem.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def one_board(board_id: str, runs: int, limit: float, budget: int) -> dict:
    from pegapp.core.board import get_board
    from pegapp.solvers.pegs.solver import solve

    b = get_board(board_id)
    times, cpu = [], []
    res = None
    for _ in range(runs):
        deadline = time.perf_counter() + limit
        t0, c0 = time.perf_counter(), time.process_time()
        res = solve(b, cache_dir=False, memory_budget=budget,
                    stop=lambda d=deadline: time.perf_counter() > d)
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        if res.status != "solved":
            break
    return {"board": board_id, "holes": b.n, "status": res.status, "moves": res.length,
            "proven": res.proven_minimal, "first_s": times[0],
            "median_s": statistics.median(times[1:] or times), "cpu_s": statistics.median(cpu),
            "runs": len(times), "positions": res.stats.get("positions"),
            "tracked_peak_mb": (res.stats.get("peak_bytes") or 0) / 2**20,
            "rss_peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "reason": res.reason}


def hints(samples: int, cache_dir: str) -> dict:
    from pegapp.core.board import get_board
    from pegapp.solvers.pegs import solver as pegs
    from pegapp.solvers.pegs.solver import can_reach_goal, solve

    b = get_board("english")
    out: dict = {}
    t0 = time.perf_counter()
    r = solve(b, cache_dir=cache_dir)      # builds the cache (cold) and solves the centre game
    out["first_solve_with_cache_build_s"] = time.perf_counter() - t0
    out["cache"] = r.stats.get("cache")
    if out["cache"] and out["cache"]["path"]:
        out["cache_file_mb"] = os.path.getsize(out["cache"]["path"] + ".npy") / 2**20
    pegs._mem_cache.clear()
    t0 = time.perf_counter()
    solve(b, cache_dir=cache_dir)
    out["solve_cache_from_disk_s"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    solve(b, cache_dir=cache_dir)
    out["solve_cache_in_memory_s"] = time.perf_counter() - t0
    rng = random.Random(2024)
    reach_true, reach_false = [], []
    for k in (4, 8, 12):
        ts, lengths = [], []
        tries = 0
        while len(ts) < samples and tries < 2000:
            tries += 1
            pos = b.start_position
            for _ in range(k):
                legal = [(f, o, t) for f, o, t in b.jumps
                         if pos >> f & 1 and pos >> o & 1 and not pos >> t & 1]
                if not legal:
                    break
                f, o, t = rng.choice(legal)
                pos ^= (1 << f) | (1 << o) | (1 << t)
            t0 = time.perf_counter()
            ok = can_reach_goal(b, pos, cache_dir=cache_dir)
            (reach_true if ok else reach_false).append(time.perf_counter() - t0)
            if not ok:
                continue
            t0 = time.perf_counter()
            r = solve(b, pos, cache_dir=cache_dir)
            ts.append(time.perf_counter() - t0)
            lengths.append(r.length)
            assert r.status == "solved" and r.proven_minimal
        out[f"hint_after_{k}"] = {"n": len(ts), "median_s": statistics.median(ts),
                                  "max_s": max(ts), "moves_left": lengths}
    out["can_reach_goal_true"] = {"n": len(reach_true), "median_s": statistics.median(reach_true),
                                  "max_s": max(reach_true)}
    out["can_reach_goal_false"] = {"n": len(reach_false),
                                   "median_s": statistics.median(reach_false),
                                   "max_s": max(reach_false)}
    return out


def reach_timing(samples: int, cache_dir: str) -> dict:
    """can_reach_goal on English positions from random legal play (2..25 jumps from the start),
    with the backward cache of cache_dir (built by solve first): median and max seconds,
    reachable and dead positions apart."""
    from pegapp.core.board import get_board
    from pegapp.solvers.pegs.solver import can_reach_goal, solve

    b = get_board("english")
    solve(b, cache_dir=cache_dir)          # builds or loads the cache, compiles the kernels
    can_reach_goal(b, b.start_position, cache_dir=cache_dir)
    rng = random.Random(11)
    times: dict = {True: [], False: []}
    for _ in range(samples):
        pos = b.start_position
        for _ in range(rng.randrange(2, 26)):
            legal = [(f, o, t) for f, o, t in b.jumps
                     if pos >> f & 1 and pos >> o & 1 and not pos >> t & 1]
            if not legal:
                break
            f, o, t = rng.choice(legal)
            pos ^= (1 << f) | (1 << o) | (1 << t)
        t0 = time.perf_counter()
        ok = can_reach_goal(b, pos, cache_dir=cache_dir)
        times[ok].append(time.perf_counter() - t0)
    out = {}
    for ok, name in ((True, "reachable"), (False, "dead")):
        ts = times[ok]
        out[name] = ({"n": len(ts), "median_s": statistics.median(ts), "max_s": max(ts)}
                     if ts else {"n": 0})
    return out


def numpy_vs_numba(levels: int) -> dict:
    """Forward levels of the English centre game: numpy-only expansion (vectorised chains,
    canonical forms by byte tables, np.unique dedup) against the numba kernel."""
    import numpy as np

    from pegapp.core.board import get_board
    from pegapp.solvers.pegs import solver as pegs

    b = get_board("english")
    g = pegs.geometry(b)
    prob = pegs._Problem(g, b.start_position, 16, [1 << 16])
    fm, fv, cm, cv, nxt = (np.asarray(a) for a in g.kfwd[:5])
    jb = fm
    tab = prob.symtab

    def canon(x):
        best = None
        for s in range(prob.nsym):
            v = np.zeros_like(x)
            y = x.copy()
            for c in range(prob.nchunks):
                v |= tab[s, c][(y & np.uint64(255)).astype(np.intp)]
                y >>= np.uint64(8)
            best = v if best is None else np.minimum(best, v)
        return best

    t0 = time.perf_counter()
    visited = np.array([prob.canon(b.start_position)], dtype=np.uint64)
    frontier = visited.copy()
    sizes = []
    for _ in range(levels):
        kids = []
        cur_pos, cur_hole = frontier, None
        while len(cur_pos):
            np_, nh = [], []
            for j in range(len(fm)):
                if cur_hole is None:
                    sel = (cur_pos & fm[j]) == fv[j]
                else:
                    sel = (cur_hole == g.jf[j]) & ((cur_pos & cm[j]) == cv[j])
                if sel.any():
                    c = cur_pos[sel] ^ jb[j]
                    np_.append(c)
                    nh.append(np.full(len(c), nxt[j]))
            if not np_:
                break
            cur_pos = np.concatenate(np_)
            cur_hole = np.concatenate(nh)
            kids.append(cur_pos)
        allk = np.unique(canon(np.concatenate(kids)))
        new = allk[~np.isin(allk, visited, assume_unique=True)]
        visited = np.union1d(visited, new)
        frontier = new
        sizes.append(len(new))
    t_numpy = time.perf_counter() - t0

    mem = pegs._Memory(2**31)
    fwd = pegs._Side("forward", False, mem, prob, [b.start_position])
    other = pegs._Side("none", True, mem, prob, [1 << 16])
    other.table.keys[:] = 0
    t0 = time.perf_counter()
    sizes2 = []
    for _ in range(levels):
        pegs._expand(fwd, other, prob, pegs._NO_BOUND, pegs.no_progress, pegs.never_stop, {})
        sizes2.append(len(fwd.frontier))
    t_numba = time.perf_counter() - t0
    assert sizes == sizes2, (sizes, sizes2)
    return {"levels": levels, "level_sizes": sizes, "numpy_s": t_numpy, "numba_s": t_numba}


def compile_time() -> dict:
    """JIT compile from an empty numba cache (fresh process) vs. loading the cached code."""
    code = ("import time; t=time.perf_counter();"
            "from pegapp.core.board import get_board; from pegapp.solvers.pegs.solver import solve;"
            "r=solve(get_board('diamond13'));"
            "t1=time.perf_counter(); r=solve(get_board('diamond13'));"
            "print(t1-t, time.perf_counter()-t1)")
    out = {}
    tmp = tempfile.mkdtemp()
    try:
        env = dict(os.environ, NUMBA_CACHE_DIR=tmp, PYTHONPATH=ROOT)
        for label in ("cold_compile", "numba_cache_loaded"):
            p = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                               text=True, check=True)
            first, second = map(float, p.stdout.split())
            out[label] = {"first_diamond13_s": first, "second_diamond13_s": second}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--limit", type=float, default=60.0, help="seconds per large problem")
    ap.add_argument("--budget", type=int, default=1 << 30)
    ap.add_argument("--hint-samples", type=int, default=9)
    ap.add_argument("--reach-samples", type=int, default=120)
    ap.add_argument("--reach-only", action="store_true",
                    help="only the can_reach_goal timing (cache in a fresh directory)")
    ap.add_argument("--only", help="one board id (internal: subprocess mode)")
    ap.add_argument("--skip-large", action="store_true")
    args = ap.parse_args()
    if args.only:
        print(json.dumps(one_board(args.only, args.runs, args.limit, args.budget)))
        return
    if args.reach_only:
        tmp = tempfile.mkdtemp()
        try:
            print("# can_reach_goal (English, random play):",
                  json.dumps(reach_timing(args.reach_samples, tmp), indent=1))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        return
    from pegapp.core.board import shipped_board_ids
    print(f"# {time.strftime('%Y-%m-%d %H:%M')}  cpus={os.cpu_count()}  "
          f"load={os.getloadavg()[0]:.2f}")
    print(f"{'board':18} {'holes':>5} {'status':>10} {'moves':>5} {'proven':>6} "
          f"{'first s':>8} {'median s':>8} {'cpu s':>7} {'rss MB':>7} {'tracked MB':>10}")
    large = {"french", "diamond41", "wiegleb"}
    for bid in shipped_board_ids():
        if args.skip_large and bid in large:
            continue
        runs = 1 if bid in large else args.runs + 1
        p = subprocess.run([sys.executable, __file__, "--only", bid, "--runs", str(runs),
                            "--limit", str(args.limit), "--budget", str(args.budget)],
                           capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=ROOT))
        if p.returncode:
            print(bid, "FAILED", p.stderr[-500:])
            continue
        r = json.loads(p.stdout)
        print(f"{bid:18} {r['holes']:>5} {r['status']:>10} {str(r['moves']):>5} "
              f"{str(r['proven']):>6} {r['first_s']:8.3f} {r['median_s']:8.3f} "
              f"{r['cpu_s']:7.3f} {r['rss_peak_mb']:7.0f} {r['tracked_peak_mb']:10.0f}"
              + (f"  ({r['reason']})" if r["reason"] else ""), flush=True)
    print("\n# numba JIT:", json.dumps(compile_time()), flush=True)
    print("# numpy vs numba, English forward levels:", json.dumps(numpy_vs_numba(8)), flush=True)
    tmp = tempfile.mkdtemp()
    try:
        print("# hints (English, random play, cache in a fresh directory):")
        print(json.dumps(hints(args.hint_samples, tmp), indent=1))
        print("# can_reach_goal (English, random play, same cache):",
              json.dumps(reach_timing(args.reach_samples, tmp), indent=1))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
