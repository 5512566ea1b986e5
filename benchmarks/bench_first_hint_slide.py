"""The first 15-puzzle hint of a fresh install: seconds until the first move of a proven-minimal
solution, in a new process with an empty cache directory and an empty HOME (as for a player who
has just installed PegApp and presses Hint). Never part of the test pass/fail.

    python benchmarks/bench_first_hint_slide.py                # 20 positions, + table build time
    python benchmarks/bench_first_hint_slide.py --no-build     # skip rebuilding the tables (~15 s)
    python benchmarks/bench_first_hint_slide.py --without-scipy --json

Each position runs in its own subprocess (fresh HOME and PEGAPP_CACHE_DIR). Reported per position
and as median / min / max:
  process   wall seconds from starting the interpreter to the answer line (Python start-up,
            imports, tables, kernel, search);
  solve     seconds inside SlidePuzzle.solve (tables read, kernel loaded, search);
  search    the IDA* search alone (the solver's own "seconds").
numba's on-disk cache of compiled kernels is warm (a first, untimed process fills it); the
compile time of a really fresh install (empty NUMBA_CACHE_DIR) is measured once, separately.
--without-scipy hides SciPy from the child processes: numba imports it at its first compile or
cache load when it is installed (0.2-0.3 s), while PegApp itself does not depend on it.
Positions: 16 uniformly random solvable permutations (the hard case) and 4 random walks.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

POSITIONS = [("uniform", seed, None) for seed in range(16)] + \
    [("walk", 100 + i, walk) for i, walk in enumerate((10, 25, 40, 80))]

CHILD = r"""
import time
T0 = time.perf_counter()
import json, sys
if {hide_scipy!r}:
    sys.modules["scipy"] = None  # as on a machine without SciPy
sys.path.insert(0, {root!r})
from pegapp.puzzles.slide import SlidePuzzle
T1 = time.perf_counter()
p = SlidePuzzle(4, 4)
s = p.shuffle(seed={seed!r}, walk={walk!r})
t = time.perf_counter()
r = p.solve(s)
hint = r.moves[0] if r.moves else None
t2 = time.perf_counter()
print(json.dumps({{"hint": hint, "import": T1 - T0, "solve": t2 - t, "in_python": t2 - T0}}),
      flush=True)
from pegapp.solvers.sliding import pdb
board = list(s)
for tile in r.moves:  # replayed independently of the solver
    b, k = board.index(0), board.index(tile)
    assert abs(b // 4 - k // 4) + abs(b % 4 - k % 4) == 1
    board[b], board[k] = tile, 0
assert board == list(p.goal) and r.proven_minimal
print(json.dumps({{"length": len(r.moves), "search": r.stats.get("seconds", 0.0),
                  "nodes": r.stats.get("nodes", 0), "sources": sorted(set(pdb.SOURCE.values())),
                  "built": len(pdb.BUILD_SECONDS)}}))
"""


def run_child(seed, walk, hide_scipy=False, numba_cache=None) -> dict:
    with tempfile.TemporaryDirectory(prefix="pegapp-hint-") as home:
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
        env.update(HOME=home, PEGAPP_CACHE_DIR=str(Path(home) / "cache"),
                   XDG_CACHE_HOME=str(Path(home) / ".cache"))
        if numba_cache:
            env["NUMBA_CACHE_DIR"] = numba_cache
        code = CHILD.format(root=str(ROOT), seed=seed, walk=walk, hide_scipy=hide_scipy)
        with tempfile.TemporaryFile("w+") as errors:
            t0 = time.perf_counter()
            proc = subprocess.Popen([sys.executable, "-c", code], cwd=home, env=env,
                                    stdout=subprocess.PIPE, stderr=errors, text=True)
            first = proc.stdout.readline()
            t_answer = time.perf_counter() - t0
            rest = proc.stdout.read()
            proc.wait(timeout=600)
            if proc.returncode != 0 or not first:
                errors.seek(0)
                raise RuntimeError(f"child failed: {errors.read()}")
        out = json.loads(first)
        out.update(json.loads(rest))
        out["process"] = t_answer
        return out


def summary(values):
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--no-build", action="store_true", help="do not time a rebuild of the tables")
    ap.add_argument("--without-scipy", action="store_true",
                    help="also measure with SciPy hidden from the child processes")
    args = ap.parse_args()
    out: dict = {"cpus": os.cpu_count(), "load_average_start": os.getloadavg()}
    print(f"cpus {os.cpu_count()}, load average {os.getloadavg()}", flush=True)

    from pegapp.solvers.sliding import pdb

    # --- the shipped data ------------------------------------------------------------------------
    files = []
    for g in pdb.table_groups(4, 4):  # the third group is looked up in the first one's mirror
        path = pdb.shipped_path(pdb.pdb_name(4, 4, g))
        t = time.perf_counter()
        table = pdb.read_pdb_file(path, 4, 4, g)
        files.append({"file": path.name, "bytes": path.stat().st_size, "entries": len(table),
                      "read_and_check_s": time.perf_counter() - t})
        print(f"shipped {path.name}: {path.stat().st_size:,} bytes for {len(table):,} entries, "
              f"read+check {files[-1]['read_and_check_s']:.3f} s", flush=True)
    out["shipped"] = files
    print(f"shipped total {sum(f['bytes'] for f in files):,} bytes", flush=True)
    if not args.no_build:
        from concurrent.futures import ThreadPoolExecutor

        t = time.perf_counter()
        groups = pdb.table_groups(4, 4)
        with ThreadPoolExecutor(min(len(groups), os.cpu_count() or 1)) as pool:
            list(pool.map(lambda g: pdb.build_pdb(4, 4, g), groups))
        out["build_s"] = time.perf_counter() - t
        print(f"building the same tables (BFS, threads): {out['build_s']:.1f} s (packaging/"
              "build_pdbs.py also builds the mirrored group to check it, and compresses)",
              flush=True)

    # --- a fresh install: nothing compiled yet ---------------------------------------------------
    run_child(0, None)  # fills numba's usual cache (untimed) for the runs below
    with tempfile.TemporaryDirectory(prefix="pegapp-numba-") as numba_cache:
        cold = run_child(0, None, numba_cache=numba_cache)
    warm0 = run_child(0, None)
    out["fresh_install"] = {"process": cold["process"], "solve": cold["solve"],
                            "compile_extra": cold["process"] - warm0["process"]}
    print(f"fresh install (kernels compiled): process {cold['process']:.2f} s, solve "
          f"{cold['solve']:.2f} s; compiling adds {out['fresh_install']['compile_extra']:.2f} s",
          flush=True)

    # --- the positions -----------------------------------------------------------------------------
    variants = [("as installed", False)] + ([("without SciPy", True)] if args.without_scipy else [])
    for label, hide in variants:
        rows = []
        print(f"\n{label}: kind seed walk | length nodes | process solve search (s) | hint",
              flush=True)
        for kind, seed, walk in POSITIONS:
            r = run_child(seed, walk, hide_scipy=hide)
            assert r["sources"] == ["shipped"] and r["built"] == 0, r
            r.update(kind=kind, seed=seed, walk=walk)
            rows.append(r)
            print(f"  {kind:7s} {seed:4d} {walk or '-':>4} | {r['length']:3d} {r['nodes']:10,d} | "
                  f"{r['process']:6.3f} {r['solve']:6.3f} {r['search']:6.3f} | {r['hint']}",
                  flush=True)
        res = {k: summary([r[k] for r in rows]) for k in ("process", "solve", "search", "import")}
        res["rows"] = rows
        out[label] = res
        for k in ("process", "solve", "search", "import"):
            s = res[k]
            print(f"  {k:8s} median {s['median']:.3f}  min {s['min']:.3f}  max {s['max']:.3f} s",
                  flush=True)

    # --- later hints in the same process (tables and kernel loaded) -----------------------------
    from pegapp.puzzles.slide import SlidePuzzle

    p = SlidePuzzle(4, 4)
    pdb.solver_for(4, 4)
    times = []
    for kind, seed, walk in POSITIONS:
        s = p.shuffle(seed=seed, walk=walk)
        t = time.perf_counter()
        p.solve(s)
        times.append(time.perf_counter() - t)
    out["same_process"] = summary(times)
    print(f"\nlater hints in one process: median {statistics.median(times):.3f}  min "
          f"{min(times):.3f}  max {max(times):.3f} s", flush=True)
    out["load_average_end"] = os.getloadavg()
    print(f"load average {os.getloadavg()}")
    if args.json:
        print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
