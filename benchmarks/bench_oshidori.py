"""Oshidori shortest-solution benchmark: time and peak memory per kinds count and backend.

    python benchmarks/bench_oshidori.py                 # k = 8, 9, 10 with numba and numpy
    python benchmarks/bench_oshidori.py -k 10 -b numba --memory 4 --repeat 3
    python benchmarks/bench_oshidori.py --cold          # numba compiling from scratch too

Each run is a fresh subprocess, so "peak MB" is that process's own peak resident memory
(ru_maxrss: Python, numpy, numba and the search together). "solve s" is the search alone;
"wall s" includes starting Python and importing (and, with --cold, compiling the kernels).
Prints figures only; never part of the test pass/fail.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CHILD = r"""
import json, resource, sys, time
from pegapp.puzzles.oshidori import Oshidori
k, backend, memory = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
p = Oshidori(kinds=k, memory_gb=memory, backend=backend)
t = time.perf_counter()
res = p.solve(p.initial())
sec = time.perf_counter() - t
if res.moves is not None:
    assert p.replay(res.moves)[-1] == p.goal
print(json.dumps({"status": res.status, "length": res.length, "seconds": sec,
                  "positions": res.stats.get("positions"),
                  "generated": res.stats.get("generated"),
                  "data_mb": (res.stats.get("data_bytes_peak") or 0) / 2**20,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "reason": res.reason}))
"""


def run(k: int, backend: str, memory: float, cold: bool) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    tmp = None
    if cold:
        tmp = tempfile.TemporaryDirectory()
        env["NUMBA_CACHE_DIR"] = tmp.name
    t = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", CHILD, str(k), backend, str(memory)],
                          capture_output=True, text=True, env=env)
    wall = time.perf_counter() - t
    if tmp is not None:
        tmp.cleanup()
    if proc.returncode != 0:
        return {"status": "error", "reason": proc.stderr.strip().splitlines()[-1:],
                "wall": wall}
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    out["wall"] = wall
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-k", "--kinds", type=int, nargs="+", default=[8, 9, 10])
    ap.add_argument("-b", "--backend", nargs="+", default=["numba", "numpy"])
    ap.add_argument("--memory", type=float, default=4.0, help="budget in GB (default 4)")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--cold", action="store_true", help="numba: empty kernel cache")
    args = ap.parse_args()
    print(f"{'k':>3} {'backend':>8} {'status':>10} {'moves':>5} {'solve s':>8} {'wall s':>7} "
          f"{'peak MB':>8} {'data MB':>8} {'positions':>11} {'generated':>11}")
    for k in args.kinds:
        for backend in args.backend:
            for _ in range(args.repeat):
                r = run(k, backend, args.memory, args.cold)
                if r["status"] == "error":
                    print(f"{k:>3} {backend:>8} {'error':>10}  {r['reason']}")
                    continue
                print(f"{k:>3} {backend:>8} {r['status']:>10} {str(r['length']):>5} "
                      f"{r['seconds']:8.2f} {r['wall']:7.2f} {r['peak_mb']:8.0f} "
                      f"{r['data_mb']:8.0f} {str(r['positions']):>11} {str(r['generated']):>11}"
                      + (f"  {r['reason']}" if r.get("reason") else ""))
                sys.stdout.flush()


if __name__ == "__main__":
    main()
