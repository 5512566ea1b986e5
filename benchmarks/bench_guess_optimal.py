"""The proven code-breaking strategies: the exact search's build time and memory, and analysis
mode's latency with the proven strategy after 0, 1 and 2 answers.

    python benchmarks/bench_guess_optimal.py [--ruleset mastermind] [--repeats 3] [--json]
                                             [--no-build] [--warm-up]

Prints figures only; never part of the test pass/fail. The exact search keeps its memo within a
process, so the first weighing of a position is the cold figure and the median the warm one.
With --warm-up the family's warm-up runs first, as the game runs it in the background at
start (its seconds printed), so the figures are those a player meets in the window. The build is
run in a fresh subprocess (packaging/build_guess_strategies.py --check) so its peak
memory is its own.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pegapp.puzzles.bulls import GuessPuzzle  # noqa: E402


def build_figures(ruleset: str, strategy: str) -> dict:
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, str(ROOT / "packaging" / "build_guess_strategies.py"),
                          "--ruleset", ruleset, "--strategy", strategy, "--check"],
                         capture_output=True, text=True, cwd=ROOT)
    line = next((x for x in out.stdout.splitlines() if x.startswith(f"{ruleset} {strategy}:")),
                "")
    peak = re.search(r"peak (\d+) MB", line)
    return {"ruleset": ruleset, "strategy": strategy, "wall_seconds": time.perf_counter() - t0,
            "peak_mb": int(peak.group(1)) if peak else None, "summary": line,
            "same_bytes": "same" in out.stdout}


def latency(ruleset: str, secret: str, answers: list[str], repeats: int) -> dict:
    times = []
    for _ in range(repeats):
        puzzle = GuessPuzzle(ruleset, secret, "optimal")
        state = puzzle.initial()
        for g in answers:
            state = puzzle.apply(state, g)
        t = time.perf_counter()
        ann = puzzle.annotate_moves(state, guesses=["6543" if ruleset == "mastermind"
                                                    else "9876"])
        times.append(time.perf_counter() - t)
    return {"answers": len(answers), "possible": ann.possible, "weighed": len(ann.verdicts),
            "best_play": all(v.best_play for v in ann.verdicts),
            "first_seconds": times[0], "median_seconds": statistics.median(times),
            "runs": repeats}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ruleset", default="mastermind")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--warm-up", action="store_true",
                    help="run the family's warm-up first, as the game does at start")
    args = ap.parse_args()
    out = {"builds": [], "latency": []}
    if args.warm_up:
        from pegapp.puzzles.bulls import FAMILY

        t = time.perf_counter()
        FAMILY.warm_up()
        out["warm_up_seconds"] = time.perf_counter() - t
    if not args.no_build:
        for strategy in ("optimal", "minimax"):
            out["builds"].append(build_figures(args.ruleset, strategy))
    line = ["1123", "1415", "3155"] if args.ruleset == "mastermind" else ["0123", "4567", "8901"]
    for n in (0, 1, 2):
        out["latency"].append(latency(args.ruleset, "4421" if args.ruleset == "mastermind"
                                      else "6281", line[:n], args.repeats))
    if args.ruleset == "bulls":  # one answer of each size class: 1B1C (720), 0B2C (1260)
        for secret, first in (("0415", "0123"), ("5920", "9183")):
            out["latency"].append(latency(args.ruleset, secret, [first], args.repeats))
    if args.json:
        print(json.dumps(out, indent=1))
        return
    if "warm_up_seconds" in out:
        print(f"warm-up (the game's, in the background at start): {out['warm_up_seconds']:.2f} s")
    for b in out["builds"]:
        print(f"build {b['ruleset']} {b['strategy']}: {b['wall_seconds']:.1f} s wall, peak "
              f"{b['peak_mb']} MB, rerun same bytes: {b['same_bytes']}  ({b['summary']})")
    for r in out["latency"]:
        print(f"analysis after {r['answers']} answers ({r['possible']} possible, {r['weighed']} "
              f"guesses weighed, best play {r['best_play']}): first {r['first_seconds']:.3f} s (cold "
              f"memo), median {r['median_seconds']:.3f} s of {r['runs']}")


if __name__ == "__main__":
    main()
