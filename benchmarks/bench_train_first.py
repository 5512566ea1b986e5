"""How long the first training puzzle takes, cold (issue #74 point 4: on screen within 1 s of
choosing Train).

Each run is a fresh Python process with an empty PEGAPP_CACHE_DIR and HOME. In it, with
pegapp.puzzles.registry imported already (as in the open window), the clock runs from choosing
Train to the first puzzle ready to show: importing pegapp.puzzles.trainer, opening the
statistics database, Trainer(...) (the player's rating read back) and its first next_job()
(the worker's part: the stream makes a batch), and begin() (the puzzle put in the GameFlow).
The process's whole wall time (Python's start and every import included) is printed too, and
"later": the longest of the next 20 puzzles' times (stream.next for a player climbing from 1500
to 2260 by 40).
Prints, per puzzle, the median of --runs runs and their range, and the load (os.getloadavg).

    PYTHONPATH=. python benchmarks/bench_train_first.py [--runs 7] [pegs/english slide/3x3 ...]

--climb instead runs one stream per puzzle in this process (warm after its first batch) for a
player rated 1500, 2100, 2600, 3200, then 3600 ten times, and prints each request's length,
rating and seconds: what lengths with none cost.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

CHILD = r"""
import json, sys, time
from pegapp.puzzles import registry
puzzle = registry.make_puzzle(sys.argv[1], {})
t0 = time.perf_counter()
from pegapp.core.stats import Stats
from pegapp.core.training_records import TrainingRecords
from pegapp.puzzles.trainer import Trainer
from pathlib import Path
stats, _ = Stats.open(Path(sys.argv[2]) / "statistics.sqlite3")
trainer = Trainer(puzzle, {}, TrainingRecords(stats))
t1 = time.perf_counter()
first = trainer.next_job()()
trainer.begin(first)
t2 = time.perf_counter()
print("first", flush=True)  # the parent notes the process's time to here
later = []  # the next puzzles, for a player climbing from 1500 to 2260
for k in range(20):
    t3 = time.perf_counter()
    trainer.stream.next(1500 + 40 * k)
    later.append(time.perf_counter() - t3)
print(json.dumps({"setup": t1 - t0, "make": t2 - t1, "total": t2 - t0, "moves": first.moves,
                  "difficulty": first.difficulty, "later": max(later)}))
"""


def run(puzzle_id: str) -> dict:
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, HOME=home, PEGAPP_CACHE_DIR=os.path.join(home, "cache"),
                   XDG_DATA_HOME=os.path.join(home, "data"))
        started = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-c", CHILD, puzzle_id, home], env=env,
                                 stdout=subprocess.PIPE, text=True)
        assert child.stdout.readline().strip() == "first"
        process = time.perf_counter() - started
        out, _ = child.communicate()
        assert child.returncode == 0
        result = json.loads(out.splitlines()[-1])
        result["process"] = process
        return result


#: --climb: a player far past most puzzles, in one stream (what the requests cost when lengths
#: have none)
CLIMB = [1500, 2100, 2600, 3200] + [3600] * 10


def climb(puzzle_id: str) -> None:
    """One stream with the window's patience, in this process: each request's length, rating
    and seconds, for a player whose rating jumps past the family's longest puzzles."""
    from pegapp.puzzles import registry
    from pegapp.puzzles.trainer import PATIENCE, PuzzleStream

    params = {"capacities": [8, 5], "target": 4} if puzzle_id == "jugs" else {}
    stream = PuzzleStream(registry.make_puzzle(puzzle_id, params), patience=PATIENCE)
    dealt = []
    for rating in CLIMB:
        started = time.perf_counter()
        got = stream.next(rating)
        dealt.append(f"{got.moves}/{got.rating.rating:.0f}/{time.perf_counter() - started:.1f}")
    print(f"{puzzle_id:16} {' '.join(dealt)}  ({stream.batches} batches)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("puzzles", nargs="*", default=["pegs/english", "slide/3x3"])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--climb", action="store_true",
                        help="instead: one stream each, ratings " + ",".join(map(str, CLIMB)))
    args = parser.parse_args()
    print(f"load before: {os.getloadavg()}")
    if args.climb:
        print("each request: moves/puzzle rating/seconds")
        for puzzle_id in args.puzzles:
            climb(puzzle_id)
        print(f"load after: {os.getloadavg()}")
        return
    for puzzle_id in args.puzzles:
        runs = [run(puzzle_id) for _ in range(args.runs)]
        for key in ("total", "make", "process", "later"):
            values = [r[key] for r in runs]
            print(f"{puzzle_id:16} {key:8} median {statistics.median(values):.3f} s  "
                  f"range {min(values):.3f}-{max(values):.3f} s")
        print(f"{puzzle_id:16} first puzzle: {runs[0]['moves']} moves, difficulty "
              f"{runs[0]['difficulty']}")
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
