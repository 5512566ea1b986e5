"""The proven-hint curve (issue #20): seconds to the first proven hint against moves played, as
the player meets it. Prints figures, never pass/fail.

    python benchmarks/bench_hint_curve.py [--board english] [--problems 4 | --all-problems]
                                          [--samples 3] [--moves 0,2,4,6,8] [--memory 2]
                                          [--off-line | --along-line]
                                          [--compare-with OTHER_CHECKOUT]
                                          [--random] [--each] [--numba-cold]

For each sampled catalogue problem of the board and each number of moves k, a position is reached
by random winning play (seeded: each move drawn among the moves after which the goal can still be
reached) and `pegapp hint ... --json` is run on it in a fresh process with an empty cache folder
and home (cold: Python, numpy, the numba kernels' load and the search all counted). Reported per k:
median, min and max of the seconds to the final (proven) answer, and how many answers were proven
and how many came from the catalogue or a table without a search. The machine's load is printed
first and last. --along-line (the big boards): k - 1 moves along the catalogue's line and one off
it that still wins, since drawing random winning play checks every move of the game with
can_reach_goal, which takes minutes a move on Wiegleb 45. --compare-with times each position
also with another checkout (a git worktree of an earlier commit), the two in turn and the order
alternating, and prints the ratio pair by pair. --random (issue #55): k moves of random legal
play, whatever they lead to, so dead ends are timed too (each answer counted as proven when it is
a proven minimum or a proven dead end); it draws the moves without a search, so it serves the big
boards as well. --each (issue #75) prints every position's figure with the load at the time;
--numba-cold gives each run an empty numba cache too, so a search pays the kernels' compile as
the first searched hint after an install or an update does (measured apart: it is what a
machine's load multiplies most). Python's own bytecode is written and kept as an installed
package has it (PYTHONDONTWRITEBYTECODE is dropped for the runs: compiling pegapp's sources
again each run cost some 0.13 s of every answer).
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
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from pegapp.core.board import get_board  # noqa: E402
from pegapp.puzzles import catalogue  # noqa: E402
from pegapp.puzzles.pegs import PegPuzzle  # noqa: E402


def random_winning_play(puzzle: PegPuzzle, k: int, rng: random.Random, off_line: bool):
    """The moves of k random moves that keep the goal reachable (None if play runs out). With
    off_line, the last move is one that leaves the catalogue's proven lines when there is one."""
    from pegapp.solvers.pegs.solver import can_reach_goal

    state = puzzle.initial()
    played = []
    for i in range(k):
        moves = list(puzzle.moves(state))
        rng.shuffle(moves)
        good = [m for m in moves if can_reach_goal(puzzle.board, puzzle.apply(state, m),
                                                   puzzle.finish)]
        if not good:
            return None
        if off_line and i == k - 1:
            off = [m for m in good if catalogue.proven_line(
                puzzle.board, puzzle.apply(state, m), puzzle.finish) is None]
            good = off or good
        played.append(good[0])
        state = puzzle.apply(state, good[0])
    return played, state


def random_play(puzzle: PegPuzzle, k: int, rng: random.Random):
    """The moves of k random legal moves (None if play stops before: no move left)."""
    state = puzzle.initial()
    played = []
    for _ in range(k):
        moves = list(puzzle.moves(state))
        if not moves:
            return None
        move = rng.choice(moves)
        played.append(list(move))
        state = puzzle.apply(state, move)
    return played, state


def line_play(puzzle: PegPuzzle, line, k: int, rng: random.Random):
    """k moves: the first k - 1 of a known winning line, then a random move off it after which
    a winning line is still found (the beam search, else a depth-first search of a million
    positions). For the big boards, where checking every move of a random game with
    can_reach_goal takes minutes each; None when no such move is found."""
    from pegapp.solvers.pegs.solver import winning_line

    state = puzzle.initial()
    played = []
    for m in line[:k - 1]:
        played.append(list(m))
        state = puzzle.apply(state, list(m))
    moves = list(puzzle.moves(state))
    rng.shuffle(moves)
    for m in moves:
        if list(m) == list(line[k - 1]):
            continue
        after = puzzle.apply(state, m)
        if winning_line(puzzle.board, after, puzzle.finish, 1 << 30, 1_000_000):
            return played + [m], after
    return None


def cold_hint(board, state: int, finish: int, memory: float, root: str = ROOT,
              timeout: float | None = None, numba_cold: bool = False) -> dict:
    """`pegapp hint` from state (given as its empty holes) in a fresh process, cold, with the
    code and resources of the checkout at root. A run past timeout seconds is stopped and
    counted as that many seconds, unanswered. numba_cold: numba's cache folder empty too (a
    fresh one each run), so a search compiles its kernels as the first hint after an install
    or an update does; else numba's cache is the checkout's (or NUMBA_CACHE_DIR's)."""
    with tempfile.TemporaryDirectory() as tmp:
        numba_dir = (os.path.join(tmp, "numba") if numba_cold
                     else os.environ.get("NUMBA_CACHE_DIR", ""))
        env = dict(os.environ, PEGAPP_CACHE_DIR=os.path.join(tmp, "cache"), HOME=tmp,
                   NUMBA_CACHE_DIR=numba_dir)
        if not env["NUMBA_CACHE_DIR"]:
            del env["NUMBA_CACHE_DIR"]
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        empty = ",".join(str(h) for h in range(board.n) if not (state >> h) & 1)
        args = [sys.executable, "-m", "pegapp", "hint", f"pegs/{board.id}", "--start", empty,
                "--finish", str(finish), "--memory", str(memory), "--json"]
        t0 = time.perf_counter()
        try:
            out = subprocess.run(args, capture_output=True, text=True, cwd=root, env=env,
                                 timeout=timeout)
        except subprocess.TimeoutExpired:
            return {"seconds": timeout, "proven": False, "dead": False, "search": "timeout",
                    "error": "", "where": f"--start {empty} --finish {finish}"}
        seconds = time.perf_counter() - t0
    lines = [json.loads(x) for x in out.stdout.splitlines() if x.startswith("{")]
    last = lines[-1] if lines else {}
    dead = last.get("status") == "unsolvable"
    return {"seconds": seconds, "proven": bool(last.get("proven_minimal")) or dead,
            "dead": dead, "search": (last.get("search") or {}).get("source", "search"),
            "positions": (last.get("search") or {}).get("positions"),
            "error": out.stderr[-300:] if out.returncode else "",
            "where": f"--start {empty} --finish {finish}"}


def report(label: str, figures: list[dict]) -> None:
    s = [f["seconds"] for f in figures]
    print(f"{label}: {len(s)} positions, median {statistics.median(s):.2f} s "
          f"(min {min(s):.2f}, max {max(s):.2f}), proven {sum(f['proven'] for f in figures)}"
          f", without a search {sum(f['search'] != 'search' for f in figures)}"
          f", dead ends {sum(bool(f.get('dead')) for f in figures)}", flush=True)
    slowest = max(figures, key=lambda f: f["seconds"])
    if "where" in slowest:
        print(f"  slowest: {slowest['where']} ({slowest['seconds']:.2f} s)", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--board", default="english")
    ap.add_argument("--problems", type=int, default=4)
    ap.add_argument("--samples", type=int, default=2)
    ap.add_argument("--moves", default="0,2,4,6,8")
    ap.add_argument("--memory", type=float, default=2)
    ap.add_argument("--off-line", action="store_true",
                    help="make the last move leave the catalogue's proven lines")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--compare-with", default=None, metavar="CHECKOUT",
                    help="also time each position with another checkout's code and resources "
                         "(run in turn with this one's, the order alternating): paired figures")
    ap.add_argument("--all-problems", action="store_true",
                    help="every possible catalogue problem of the board (else --problems of them)")
    ap.add_argument("--along-line", action="store_true",
                    help="k - 1 moves along the catalogue's line, then one off it that still "
                         "wins (the big boards, where random winning play is too slow to draw)")
    ap.add_argument("--timeout", type=float, default=None,
                    help="stop a hint after this many seconds (counted as that, unanswered)")
    ap.add_argument("--numba-cold", action="store_true",
                    help="an empty numba cache for every run: the kernels compiled by each "
                         "search, as after an install (else numba's cache is kept)")
    ap.add_argument("--each", action="store_true",
                    help="also print every position's figure (seconds, answer, positions "
                         "searched, the load), for the figures position by position")
    ap.add_argument("--random", action="store_true",
                    help="k random legal moves, dead ends included (issue #55's curve)")
    args = ap.parse_args()
    print("load:", os.getloadavg())
    board = get_board(args.board)
    cat = catalogue.load(board)
    problems = [p for p in cat.problems if p.possible]
    rng = random.Random(args.seed)
    chosen = problems if args.all_problems else rng.sample(problems, min(args.problems,
                                                                          len(problems)))
    for k in [int(x) for x in args.moves.split(",")]:
        figures, other = [], []
        for p in chosen:
            puzzle = PegPuzzle(board, [p.start], p.finish)
            for _ in range(args.samples):
                play = (random_play(puzzle, k, rng) if args.random
                        else line_play(puzzle, p.solution, k, rng) if args.along_line
                        else random_winning_play(puzzle, k, rng, args.off_line))
                if play is None:
                    continue
                runs = [(ROOT, figures)] + ([(args.compare_with, other)]
                                            if args.compare_with else [])
                if len(figures) % 2:
                    runs.reverse()
                for root, into in runs:
                    r = cold_hint(board, play[1], p.finish, args.memory, root, args.timeout,
                                  args.numba_cold)
                    if r["error"]:
                        print("  error:", r["error"])
                    if args.each:
                        what = "dead" if r["dead"] else "win" if r["proven"] else "unproven"
                        print(f"  k={k} {p.start}->{p.finish} {r['seconds']:.2f} s {what} "
                              f"{r['search']} positions={r['positions']} "
                              f"load={os.getloadavg()[0]:.1f} {r['where']}"
                              + ("" if root == ROOT else f" ({root})"), flush=True)
                    into.append(r)
        if not figures:
            continue
        report(f"{args.board} k={k}", figures)
        if other:
            report(f"  {args.compare_with}", other)
            ratios = [a["seconds"] / b["seconds"] for a, b in zip(figures, other)]
            print(f"  ratio this/other: median {statistics.median(ratios):.3f} "
                  f"(min {min(ratios):.3f}, max {max(ratios):.3f})", flush=True)
    print("load:", os.getloadavg())
    return 0


if __name__ == "__main__":
    sys.exit(main())
