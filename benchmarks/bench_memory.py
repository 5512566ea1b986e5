"""Peak memory of the whole process against the solver's memory budget (issue #10).

    python benchmarks/bench_memory.py [--boards french,wiegleb] [--budgets 0.5,1,2]

Each run is a fresh `python -m pegapp solve pegs/<board> --memory GB --json` with an empty cache
directory and HOME; prints wall time, peak RSS of the child (resource.getrusage), the answer's
length and whether it is proven. The budget bounds the solver's own tables (hash tables,
frontiers, the depth-first search's dead-position table); the interpreter, numpy, numba and Qt-free
imports add about 150-200 MB on top. Figures, never pass/fail.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(board: str, gb: float) -> dict:
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, HOME=home, PEGAPP_CACHE_DIR=os.path.join(home, "cache"),
                   PYTHONPATH=ROOT)
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "pegapp", "solve", f"pegs/{board}",
                               "--memory", str(gb), "--json"], capture_output=True, text=True,
                              cwd=ROOT, env=env)
        seconds = time.perf_counter() - t0
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    out = json.loads(proc.stdout) if proc.stdout.strip() else {}
    return {"board": board, "budget_gb": gb, "seconds": round(seconds, 1),
            # RUSAGE_CHILDREN keeps the largest child so far: only a rise is this run's own
            "peak_mb": round(peak / 1024) if peak > before else None,
            "status": out.get("status"), "moves": out.get("length"),
            "proven": out.get("proven_minimal")}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", default="french,wiegleb")
    ap.add_argument("--budgets", default="0.5,1,2")
    args = ap.parse_args()
    print(f"load: {os.getloadavg()}")
    # smallest budget first, so each run's peak is a rise over the last one
    for gb in sorted(float(x) for x in args.budgets.split(",")):
        for board in args.boards.split(","):
            print(json.dumps(run(board, gb)), flush=True)


if __name__ == "__main__":
    main()
