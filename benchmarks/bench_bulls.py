"""Bulls and cows / Mastermind benchmark: score tables, whole-strategy analyses, hint latency.

    python benchmarks/bench_bulls.py           # every strategy on both rulesets
    python benchmarks/bench_bulls.py --quick   # the three headline strategies
    python benchmarks/bench_bulls.py --json

Prints figures only; never part of the test pass/fail. Strategy decisions on large sets are
memoised inside a process, so every analysis here runs in a fresh subprocess-free state by
clearing that memo first.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

from pegapp.solvers.guessing import _bulls as engine  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()

    out: dict = {"tables": {}, "analyses": [], "hints": {}}
    for rules in (engine.BULLS, engine.MASTERMIND):
        t = time.perf_counter()
        engine.score_table(rules)
        out["tables"][rules.name] = time.perf_counter() - t
        rules.table  # noqa: B018  (build the cached one)

    runs = [(engine.BULLS, "first-consistent"), (engine.BULLS, "default"),
            (engine.MASTERMIND, "knuth")]
    if not args.quick:
        runs += [(engine.BULLS, s) for s in ("entropy", "expected-size", "most-parts", "knuth")]
        runs += [(engine.MASTERMIND, s) for s in ("entropy", "expected-size", "most-parts",
                                                  "first-consistent")]
    for rules, name in runs:
        times = []
        for _ in range(args.repeats):
            engine._MEMO.clear()
            a = engine.analyse(rules, name)
            times.append(a.seconds)
        out["analyses"].append({"ruleset": rules.name, "strategy": a.strategy,
                                "total": a.total, "average": a.average, "worst": a.worst,
                                "histogram": a.histogram, "median_seconds":
                                statistics.median(times)})

    # hint latency: the default strategy's decision after each possible first answer (bulls)
    rules = engine.BULLS
    _, fn = engine.strategy_named(rules, "default")
    first = rules.index["0123"]
    lat = []
    for score in sorted(rules.possible_scores):
        rem = np.flatnonzero(rules.table[first] == score)
        if len(rem) == 0 or score == rules.win:
            continue
        engine._MEMO.clear()
        t = time.perf_counter()
        fn(rules, rem)
        lat.append((time.perf_counter() - t, len(rem)))
    out["hints"] = {"bulls_second_guess_median": statistics.median(x for x, _ in lat),
                    "bulls_second_guess_max": max(x for x, _ in lat),
                    "largest_set": max(n for _, n in lat)}

    if args.json:
        print(json.dumps(out))
        return
    print("score tables (s): " + ", ".join(f"{k} {v:.3f}" for k, v in out["tables"].items()))
    print("analyses over all secrets (median seconds of "
          f"{args.repeats}, cold memo)")
    for row in out["analyses"]:
        print(f"  {row['ruleset']:10} {row['strategy']:16} total {row['total']:6d}  average "
              f"{row['average']:.4f}  worst {row['worst']}  {row['median_seconds']:.2f}s  "
              f"hist {row['histogram']}")
    h = out["hints"]
    print(f"bulls default, second guess: median {h['bulls_second_guess_median'] * 1000:.1f} ms, "
          f"max {h['bulls_second_guess_max'] * 1000:.1f} ms (sets up to {h['largest_set']})")


if __name__ == "__main__":
    main()
