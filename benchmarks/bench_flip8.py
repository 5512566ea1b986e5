"""8-flip benchmark: solve times for every board 2x2 .. 20x20, analysis times numpy vs numba.

    python benchmarks/bench_flip8.py            # everything (about a minute)
    python benchmarks/bench_flip8.py --quick    # square boards only, fewer repeats
    python benchmarks/bench_flip8.py --json     # one JSON object

Prints figures only; never part of the test pass/fail.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pegapp.puzzles.flip8 import Flip8  # noqa: E402


def time_call(fn, repeats: int) -> list[float]:
    out = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def bench_solve(sizes: list[tuple[int, int]], repeats: int) -> list[dict]:
    rows = []
    for r, c in sizes:
        # cold: a fresh puzzle (elimination included) and a random reachable start
        cold = []
        for seed in range(repeats):
            start = Flip8(r, c).random_reachable(1000 + seed)
            t = time.perf_counter()
            fresh = Flip8(r, c)
            fresh.solve(start)
            cold.append(time.perf_counter() - t)
        p = Flip8(r, c)
        starts = [p.initial()] + [p.random_reachable(seed) for seed in range(repeats)]
        warm = []
        for s in starts:
            t = time.perf_counter()
            p.solve(s)
            warm.append(time.perf_counter() - t)
        rows.append({"board": f"{r}x{c}", "nullity": p.system.nullity,
                     "cold_median": statistics.median(cold), "cold_max": max(cold),
                     "warm_median": statistics.median(warm), "warm_max": max(warm)})
    return rows


def bench_analyse(boards: list[tuple[int, int]], repeats: int) -> list[dict]:
    rows = []
    try:
        import numba  # noqa: F401
        engines = ["numpy", "numba"]
    except ImportError:
        engines = ["numpy"]
    for r, c in boards:
        p = Flip8(r, c)
        p.system  # noqa: B018  (elimination outside the timing)
        reps = repeats if p.size <= 25 else 1        # 2**27 patterns: one timed run each
        for engine in engines:
            first = time_call(lambda: p.analyse(engine=engine), 1)[0]  # numba: includes compile
            a = {}

            def run() -> None:
                a.update(p.analyse(engine=engine))

            times = time_call(run, reps)
            rows.append({"board": f"{r}x{c}", "engine": engine, "first_call": first,
                         "median": statistics.median(times), "positions": a["positions"],
                         "farthest": a["farthest"]["presses"],
                         "farthest_count": a["farthest"]["count"]})
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.quick:
        sizes = [(n, n) for n in range(2, 21)]
        repeats = 3
    else:
        sizes = [(r, c) for r in range(2, 21) for c in range(r, 21)]
        repeats = 5
    solve_rows = bench_solve(sizes, repeats)
    analyse_rows = bench_analyse([(4, 4), (5, 5), (4, 6)] + ([] if args.quick else [(3, 9)]),
                                 repeats)
    worst = max(solve_rows, key=lambda row: row["cold_max"])
    all_warm = [row["warm_median"] for row in solve_rows]
    summary = {"boards": len(solve_rows),
               "slowest_board_cold_max": worst["board"], "slowest_cold_max": worst["cold_max"],
               "median_of_warm_medians": statistics.median(all_warm)}
    if args.json:
        print(json.dumps({"solve": solve_rows, "analyse": analyse_rows, "summary": summary}))
        return
    print("solve (seconds; cold = new board incl. elimination, warm = same board; random "
          "reachable starts, warm also all-on)")
    for row in solve_rows:
        if row["board"] in ("4x4", "5x5", "10x10", "15x15", "16x16", "19x19", "20x20") \
                or row is worst:
            print(f"  {row['board']:>6} nullity {row['nullity']:2d}  cold median "
                  f"{row['cold_median']:.4f} max {row['cold_max']:.4f}  warm median "
                  f"{row['warm_median']:.4f} max {row['warm_max']:.4f}")
    print(f"  {summary['boards']} boards; slowest cold solve {summary['slowest_cold_max']:.4f}s "
          f"({summary['slowest_board_cold_max']})")
    print("analyse (seconds, elimination excluded; numba first call includes compilation)")
    for row in analyse_rows:
        print(f"  {row['board']:>4} {row['engine']:6} first {row['first_call']:.3f}  median "
              f"{row['median']:.3f}  positions {row['positions']}  farthest {row['farthest']} "
              f"({row['farthest_count']})")


if __name__ == "__main__":
    main()
