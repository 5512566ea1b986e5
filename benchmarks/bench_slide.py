"""Sliding tiles and the rotation puzzle: timings (medians) for the figures the issue asks for.

    python benchmarks/bench_slide.py            # everything (a few minutes: PDB build + 100 positions)
    python benchmarks/bench_slide.py --quick    # fewer repeats, 20 fifteen-puzzle positions
    python benchmarks/bench_slide.py --json     # one JSON object at the end
    python benchmarks/bench_slide.py --korf     # also Korf's 100 15-puzzles (lengths checked)

Uses a fresh temporary cache directory unless --cache DIR is given, so the table and pattern
database build times are measured too (the 15-puzzle's tables ship with the program: their build
is timed directly). The first hint of a fresh install: benchmarks/bench_first_hint_slide.py.
Wall-clock seconds (time.perf_counter); process CPU seconds are printed next to the PDB build,
whose threads run in parallel. Never part of the test pass/fail.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def timed(fn, *a, **k):
    t = time.perf_counter()
    r = fn(*a, **k)
    return r, time.perf_counter() - t


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--cache", help="cache directory (default: a fresh temporary one)")
    ap.add_argument("--fifteen", type=int, default=None, help="number of 15-puzzle positions")
    ap.add_argument("--korf", action="store_true",
                    help="also solve Korf's 100 instances (checks the published optimal lengths)")
    args = ap.parse_args()
    tmp = None
    if args.cache:
        os.environ["PEGAPP_CACHE_DIR"] = args.cache
    else:
        tmp = tempfile.TemporaryDirectory(prefix="pegapp-bench-")
        os.environ["PEGAPP_CACHE_DIR"] = tmp.name

    from pegapp.puzzles.rotate import RotatePuzzle
    from pegapp.puzzles.slide import SlidePuzzle
    from pegapp.solvers.sliding import pdb

    reps = 3 if args.quick else 5
    out: dict = {"cpus": os.cpu_count(), "load_average": os.getloadavg()[0]}

    def say(key, value, unit="s"):
        out[key] = value
        if isinstance(value, float):
            print(f"{key:48s} {value:10.4f} {unit}", flush=True)
        else:
            print(f"{key:48s} {value}", flush=True)

    # --- complete analyses: numba vs numpy --------------------------------------------------
    for name, make in [("2x5", lambda: SlidePuzzle(2, 5)), ("3x3", lambda: SlidePuzzle(3, 3)),
                       ("rotate", RotatePuzzle)]:
        for backend in ("numba", "numpy"):
            first, t_first = timed(make().analyse, backend=backend)
            times = [timed(make().analyse, backend=backend)[1] for _ in range(reps - 1)]
            say(f"analyse {name} {backend} first call (compile/load)", t_first)
            say(f"analyse {name} {backend} median", statistics.median(times))
        say(f"analyse {name} positions / depth / farthest",
            f"{first['positions']} / {first['depth']} / {first['farthest_count']}")

    # --- solving single positions from the distance table -----------------------------------
    for rows, cols in [(2, 5), (3, 3)]:
        p = SlidePuzzle(rows, cols)
        cold = SlidePuzzle(rows, cols)
        _, t_load = timed(cold.distance_table)       # table file written by analyse above
        say(f"slide/{rows}x{cols} table load from cache", t_load)
        times, lengths = [], []
        for seed in range(200 if not args.quick else 50):
            s = p.shuffle(seed=seed)
            r, t = timed(p.solve, s)
            assert p.is_solved(p.replay(s, r.moves))
            times.append(t)
            lengths.append(len(r.moves))
        say(f"solve slide/{rows}x{cols} median (warm)", statistics.median(times))
        say(f"solve slide/{rows}x{cols} worst (warm)", max(times))
        say(f"solve slide/{rows}x{cols} mean length", statistics.mean(lengths), "moves")
    rp = RotatePuzzle()
    times = [timed(rp.solve, rp.shuffle(seed))[1] for seed in range(100)]
    say("solve rotate/3x3 median (warm)", statistics.median(times))
    say("solve rotate/3x3 worst (warm)", max(times))

    # --- pattern databases --------------------------------------------------------------
    from concurrent.futures import ThreadPoolExecutor

    groups = pdb.table_groups(4, 4)
    say("pdb 4x4 partition", " / ".join("-".join(map(str, g)) for g in pdb.partition(4, 4)))
    say("pdb 4x4 tables stored (the other group is a mirror)",
        " / ".join("-".join(map(str, g)) for g in groups))
    cpu0 = time.process_time()
    t0 = time.perf_counter()
    with ThreadPoolExecutor(min(len(groups), os.cpu_count() or 1)) as pool:
        built = list(pool.map(lambda g: pdb.build_pdb(4, 4, g), groups))
    say("pdb 4x4 build wall (stored groups, threads)", time.perf_counter() - t0)
    say("pdb 4x4 build CPU", time.process_time() - cpu0)
    size = sum(a.nbytes for a in built)
    say("pdb 4x4 size in memory (uint8)", f"{size} bytes = {size / 2**20:.1f} MiB")
    shipped = [pdb.shipped_path(pdb.pdb_name(4, 4, g)) for g in groups]
    say("pdb 4x4 shipped files (xz)", f"{sum(p.stat().st_size for p in shipped)} bytes")
    pdb._LOADED.clear()
    _, t_load = timed(pdb.load_tables, 4, 4)
    say("pdb 4x4 load from the shipped files (threads)", t_load)
    say("pdb 4x4 tables came from", sorted(set(pdb.SOURCE.values())))

    # --- 15-puzzle: a fixed seeded set of random solvable positions ---------------------------
    n = args.fifteen if args.fifteen is not None else (20 if args.quick else 100)
    p = SlidePuzzle(4, 4)
    solver = pdb.solver_for(4, 4)
    _, t_jit = timed(solver.solve, p.shuffle(seed=10_000, walk=30))
    say("15-puzzle first solve (kernel loaded with the tables)", t_jit)
    times, lengths, nodes = [], [], []
    for seed in range(n):
        s = p.shuffle(seed=seed)
        r, t = timed(p.solve, s)
        assert r.proven_minimal and p.is_solved(p.replay(s, r.moves))
        times.append(t)
        lengths.append(len(r.moves))
        nodes.append(r.stats.get("nodes", 0))
    say(f"15-puzzle {n} positions median", statistics.median(times))
    say(f"15-puzzle {n} positions mean", statistics.mean(times))
    say(f"15-puzzle {n} positions worst", max(times))
    say("15-puzzle worst position (seed)", times.index(max(times)))
    say("15-puzzle mean / max length", f"{statistics.mean(lengths):.2f} / {max(lengths)}")
    say("15-puzzle median nodes", statistics.median(nodes), "nodes")
    say("15-puzzle nodes per second (total)", sum(nodes) / sum(times) / 1e6, "M/s")
    if args.korf:
        # Korf's 100 instances: every answer has the published optimal length
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
        from tests.korf100 import KORF100, to_ours

        times, nodes, worst = [], [], (0.0, 0)
        for number, korf, _, optimal in KORF100:
            s = to_ours(korf)
            r, t = timed(p.solve, s)
            assert r.proven_minimal and len(r.moves) == optimal, (number, len(r.moves), optimal)
            assert p.is_solved(p.replay(s, r.moves))
            times.append(t)
            nodes.append(r.stats.get("nodes", 0))
            worst = max(worst, (t, number))
        say("Korf's 100: all optimal lengths as published", "yes")
        say("Korf's 100 mean", statistics.mean(times))
        say("Korf's 100 median", statistics.median(times))
        say("Korf's 100 worst", worst[0])
        say("Korf's 100 worst instance", worst[1])
        say("Korf's 100 mean nodes", statistics.mean(nodes), "nodes")
        say("Korf's 100 nodes per second", sum(nodes) / sum(times) / 1e6, "M/s")
    if args.json:
        print(json.dumps(out))
    if tmp is not None:
        tmp.cleanup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
