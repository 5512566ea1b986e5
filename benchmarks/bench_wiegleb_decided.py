"""Wiegleb 45 decided (issue #75 point 2): seconds to the first *decided* hint from random play.
Prints figures, never pass/fail.

    python benchmarks/bench_wiegleb_decided.py [--per-k 4] [--moves 1-12] [--seed 75]
                                                [--timeout 20] [--board wiegleb]

For each k, --per-k positions are reached by k random legal moves from the board's default
problem (seeded; bench_hint_curve.random_play, dead ends included), and `pegapp hint ... --json`
runs on each in a fresh process with an empty PEGAPP_CACHE_DIR and HOME (cold: Python, numpy,
the numba kernels' load and the searches all counted). The answers are read as they are printed,
each stamped with the seconds since the process started. Per position: the first line (what the
hint said first and when), the first *decided* line (a winning line, which this script replays
to the goal itself, or a proven dead end, with its reason), whether and when a proven minimum
came, the CPU seconds of the process, and the load. A run past --timeout seconds is stopped
(the decided time then counted as that, undecided). The summary: how many were decided within
1 s and 3 s, medians and spread per k.
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
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_hint_curve import random_play  # noqa: E402
from pegapp.core.board import get_board  # noqa: E402
from pegapp.puzzles.pegs import PegPuzzle  # noqa: E402


def positions(board, ks: list[int], per_k: int, seed: int) -> list[tuple[int, int]]:
    """(k, position) pairs: per_k random-play positions for each k (play that stops before k
    moves, no move left, is drawn again)."""
    puzzle = PegPuzzle(board, [*board.start], board.finish)
    rng = random.Random(seed)
    out = []
    for k in ks:
        got = 0
        while got < per_k:
            play = random_play(puzzle, k, rng)
            if play is not None:
                out.append((k, play[1]))
                got += 1
    return out


def parse_moves(text: str) -> list[int]:
    """--moves: the k values, a range a-b or a list a,b,c."""
    if "-" in text:
        a, b = text.split("-")
        return list(range(int(a), int(b) + 1))
    return [int(x) for x in text.split(",")]


def wins(puzzle: PegPuzzle, state: int, moves) -> bool:
    """Whether moves replay legally from state to the goal (the puzzle's own rules, not the
    solver's)."""
    try:
        for m in moves:
            state = puzzle.apply(state, list(m))
    except Exception:  # noqa: BLE001 - an illegal move is a wrong answer, counted as such
        return False
    return puzzle.is_solved(state)


def cold_hint(board, state: int, timeout: float, root: str = ROOT,
              until=None) -> dict:
    """`pegapp hint` from state in a fresh process with empty caches; every JSON line with the
    seconds since the start at which it was read. until(line): stop the process at the first
    line it accepts (the minimum's proof then goes untimed)."""
    empty = ",".join(str(h) for h in range(board.n) if not (state >> h) & 1)
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, PEGAPP_CACHE_DIR=os.path.join(tmp, "cache"), HOME=tmp)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        args = [sys.executable, "-m", "pegapp", "hint", f"pegs/{board.id}", "--start", empty,
                "--finish", str(board.finish), "--json"]
        lines: list[tuple[float, dict]] = []
        t0 = time.perf_counter()
        proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                text=True, cwd=root, env=env)
        killer = threading.Timer(timeout, proc.kill)
        killer.start()
        for raw in proc.stdout:
            if raw.startswith("{"):
                lines.append((time.perf_counter() - t0, json.loads(raw)))
                if until is not None and until(lines[-1][1]):
                    proc.kill()
        _pid, _status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - t0
        killer.cancel()
    return {"lines": lines, "seconds": seconds, "cpu": usage.ru_utime + usage.ru_stime,
            "timed_out": seconds >= timeout, "where": f"--start {empty}"}


def verdict(puzzle: PegPuzzle, state: int, line: dict) -> str | None:
    """What one JSON line decides: "win" (a line this script replayed to the goal), "dead" (a
    proven dead end), "WRONG" (a line that does not replay), else None."""
    if line.get("status") == "unsolvable":
        return "dead"
    if line.get("moves"):
        return "win" if wins(puzzle, state, line["moves"]) else "WRONG"
    if line.get("moves") == []:
        return "win"
    return None


def measure(board, k: int, state: int, timeout: float, until_decided: bool = False) -> dict:
    puzzle = PegPuzzle(board, [*board.start], board.finish)
    run = cold_hint(board, state, timeout, until=(
        lambda line: verdict(puzzle, state, line) is not None) if until_decided else None)
    load = os.getloadavg()[0]
    first = run["lines"][0] if run["lines"] else (run["seconds"], {})
    decided = next(((t, verdict(puzzle, state, x), x) for t, x in run["lines"]
                    if verdict(puzzle, state, x)), (timeout, "undecided", {}))
    proven = next((t for t, x in run["lines"] if x.get("proven_minimal")), None)
    return {"k": k, "first": first[0], "first_kind": first[1].get("kind", "-"),
            "decided": decided[0], "answer": decided[1],
            "reason": decided[2].get("reason", ""), "length": len(decided[2].get("moves") or []),
            "proven": proven, "cpu": run["cpu"], "load": load, "where": run["where"]}


def summary(rows: list[dict]) -> None:
    n = len(rows)
    within = [r for r in rows if r["answer"] in ("win", "dead")]
    print(f"positions {n}: decided within 1 s {sum(r['decided'] <= 1 for r in within)}, "
          f"within 3 s {sum(r['decided'] <= 3 for r in within)} "
          f"({100 * sum(r['decided'] <= 3 for r in within) / n:.0f}%), at all {len(within)}; "
          f"wins {sum(r['answer'] == 'win' for r in rows)}, dead ends "
          f"{sum(r['answer'] == 'dead' for r in rows)}, wrong "
          f"{sum(r['answer'] == 'WRONG' for r in rows)}; first line within 1 s "
          f"{sum(r['first'] <= 1 for r in rows)}")
    for k in sorted({r["k"] for r in rows}):
        s = [r["decided"] for r in rows if r["k"] == k]
        c = [r["cpu"] for r in rows if r["k"] == k]
        print(f"  k={k:2d}: decided median {statistics.median(s):.2f} s "
              f"(min {min(s):.2f}, max {max(s):.2f}), cpu median {statistics.median(c):.2f} s")
    d = [r["decided"] for r in rows]
    print(f"  all: decided median {statistics.median(d):.2f} s, cpu median "
          f"{statistics.median([r['cpu'] for r in rows]):.2f} s")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--board", default="wiegleb")
    ap.add_argument("--per-k", type=int, default=4)
    ap.add_argument("--moves", default="1-12", help="k values: a range a-b or a list a,b,c")
    ap.add_argument("--seed", type=int, default=75)
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--json", default=None, help="also write the rows to this file")
    ap.add_argument("--until-decided", action="store_true",
                    help="stop each hint at its first decided answer (the proof of a minimum "
                         "then goes untimed; CPU seconds are those until then)")
    args = ap.parse_args()
    ks = parse_moves(args.moves)
    board = get_board(args.board)
    print("load:", os.getloadavg(), flush=True)
    rows = []
    for i, (k, state) in enumerate(positions(board, ks, args.per_k, args.seed)):
        r = measure(board, k, state, args.timeout, args.until_decided)
        rows.append(r)
        print(f"  #{i:2d} k={k:2d} first {r['first']:.2f} s ({r['first_kind']}) "
              f"decided {r['decided']:.2f} s {r['answer']}"
              + (f" in {r['length']}" if r["answer"] == "win" else "")
              + (f" minimum at {r['proven']:.2f} s" if r["proven"] is not None else "")
              + f" cpu {r['cpu']:.2f} s load {r['load']:.1f}"
              + (f" [{r['reason'][:90]}]" if r["answer"] == "dead" else "")
              + f" {r['where']}", flush=True)
    summary(rows)
    print("load:", os.getloadavg(), flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
