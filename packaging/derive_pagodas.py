"""Find pagoda functions that cut a board's positions away from one finish hole, for the
catalogue build's decided problems (build_catalogue.py --decide-gb).

    python packaging/derive_pagodas.py --board wiegleb --start 1 --finish 1 [--samples 300]
        [--keep 10] [--seed 7]
    python packaging/derive_pagodas.py --board french --hints [--samples 300] [--keep 4]

A pagoda function p (p(f) + p(o) >= p(t) for every jump f over o into t) never grows along a
game, so a position whose sum is below the least p(f) + p(o) of a jump into the finish cannot
end there. The board's own functions (pegapp.solvers.pegs._tables.pagodas) come from a few seeds;
this finds functions for the positions real play reaches: games of random jumps from the start,
each ended at the first position some function refutes, where a small integer program (SciPy's
milp: weights -8..8 on the holes, every jump's inequality, the sum below the threshold) looks
for one that does. The functions that refute the most of those positions are kept, in that
order, under the finish's hole in packaging/pagodas/<board>.json (the file the build reads).

SciPy is needed here only: the build and the game read the file, and check each function
against every jump when they do, so how a function was found never matters to a proof. Found
this way for Wiegleb 45's 1 -> 1 (seed 7, 300 games): the ten best functions cut its levels by
jumps to a size the build's 14 GB holds.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from pegapp.core.board import get_board  # noqa: E402
from pegapp.puzzles import catalogue  # noqa: E402
from pegapp.solvers.pegs._tables import geometry  # noqa: E402


def derive(board, start: int, finish: int, samples: int, seed: int) -> list[tuple[list, int]]:
    """(function, positions it refutes) pairs, the most refuting first."""
    from scipy.optimize import Bounds, LinearConstraint, milp

    g = geometry(board)
    n = g.n
    into = [(f, o) for f, o, t in g.jumps if t == finish]
    rows = []
    for f, o, t in g.jumps:          # p(t) - p(f) - p(o) <= 0
        row = np.zeros(n + 1)
        row[t] += 1
        row[f] -= 1
        row[o] -= 1
        rows.append(row)
    for f, o in into:                # threshold <= p(f) + p(o) for each jump into the finish
        row = np.zeros(n + 1)
        row[f] -= 1
        row[o] -= 1
        row[n] = 1
        rows.append(row)
    rules = LinearConstraint(np.array(rows), -np.inf, 0)
    bounds = Bounds([-8] * n + [-1000], [8] * n + [1000])

    def refuting(pos: int):
        cost = np.zeros(n + 1)       # minimise the position's sum less the threshold
        cost[:n] = [(pos >> h) & 1 for h in range(n)]
        cost[n] = -1
        r = milp(cost, constraints=rules, bounds=bounds, integrality=np.ones(n + 1))
        return tuple(int(round(v)) for v in r.x[:n]) if r.status == 0 and r.fun < -0.5 else None

    def value(p, pos: int) -> int:
        return sum(p[h] for h in range(n) if (pos >> h) & 1)

    def threshold(p) -> int:
        return min(p[f] + p[o] for f, o in into)

    rng = random.Random(seed)
    seen, found = [], {}
    for _ in range(samples):
        pos = ((1 << n) - 1) ^ (1 << start)
        while True:
            after = [pos ^ (1 << f) ^ (1 << o) ^ (1 << t) for f, o, t in g.jumps
                     if (pos >> f) & 1 and (pos >> o) & 1 and not (pos >> t) & 1]
            if not after:
                break
            pos = rng.choice(after)
            if any(value(p, pos) < threshold(p) for p in found):
                seen.append(pos)
                break
            p = refuting(pos)
            if p is not None:
                found[p] = 0
                seen.append(pos)
                break
    for p in found:
        found[p] = sum(value(p, pos) < threshold(p) for pos in seen)
    for p in found:
        assert g.is_pagoda(p, signed=True)
    return [(list(p), found[p]) for p in sorted(found, key=lambda p: -found[p])]


def for_hints(board, samples: int, seed: int, keep: int) -> dict[str, list]:
    """{finish hole: functions} for every finish of the board's possible catalogue problems and
    every hole a symmetry of the board takes one onto: each problem's functions derived as
    above, those of one finish ranked by the positions they refute over all its problems, the
    keep best taken (pegapp.solvers.pegs.fitted: the forward side of every hint's search)."""
    g = geometry(board)
    by_finish: dict[int, dict[tuple, int]] = {}
    for p in catalogue.load(board).problems:
        if p.possible and p.finish is not None:
            ranked = by_finish.setdefault(p.finish, {})
            for f, count in derive(board, p.start, p.finish, samples, seed):
                ranked[tuple(f)] = ranked.get(tuple(f), 0) + count
            print(f"{p.start} -> {p.finish}: {len(ranked)} functions so far", flush=True)
    out: dict[str, list] = {}
    for finish in sorted(by_finish):
        ranked = by_finish[finish]
        best = sorted(ranked, key=lambda f: (-ranked[f], f))[:keep]
        for perm in g.symmetries:
            hole = perm[finish]
            if str(hole) in out or (hole != finish and hole in by_finish):
                continue
            out[str(hole)] = [[f[perm.index(h)] for h in range(g.n)] for f in best]
    return out


def write(path: str, data: dict) -> None:
    """data as the JSON file the build or the game reads, one function a line, atomically."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    text = text.replace("],[", "],\n[")
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "w") as f:
        f.write(text + "\n")
    os.replace(tmp, path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--board", required=True)
    ap.add_argument("--start", type=int)
    ap.add_argument("--finish", type=int)
    ap.add_argument("--hints", action="store_true",
                    help="every finish of the catalogue, for the game: resources/pagodas")
    ap.add_argument("--samples", type=int, default=300)
    ap.add_argument("--keep", type=int, default=10)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    board = get_board(args.board)
    if args.hints:
        from pegapp.solvers.pegs import fitted

        functions = for_hints(board, args.samples, args.seed, args.keep)
        path = os.path.join(ROOT, "resources", "pagodas", f"{args.board}.json")
        write(path, {"format": fitted.FORMAT, "board_key": catalogue.board_key(board),
                     "derived": {"samples": args.samples, "seed": args.seed, "keep": args.keep},
                     "functions": functions})
        fitted.read(path, board)
        print(f"{len(functions)} finishes, at most {args.keep} functions each -> {path}")
        return 0
    if args.start is None or args.finish is None:
        ap.error("--start and --finish, or --hints")
    ranked = derive(board, args.start, args.finish, args.samples, args.seed)
    path = os.path.join(ROOT, "packaging", "pagodas", f"{args.board}.json")
    try:
        with open(path) as f:
            data = json.load(f)
    except OSError:
        data = {"board_key": catalogue.board_key(board), "functions": {}}
    data["functions"][str(args.finish)] = [p for p, _ in ranked[:args.keep]]
    write(path, data)
    for p, count in ranked[:args.keep]:
        print(count, p)
    print(f"{len(ranked)} functions found, {min(args.keep, len(ranked))} kept -> {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
