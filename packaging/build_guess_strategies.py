"""Build the provably optimal code-breaking strategies shipped in resources/strategies/.

    python packaging/build_guess_strategies.py [--ruleset mastermind|bulls] [--strategy
        optimal|minimax] [--check]

For each ruleset and strategy, an exact search (pegapp.solvers.guessing.optimal) proves the value
and writes the strategy tree as ``<ruleset>-<strategy>.json``: the totals, the histogram and the
tree's guesses in preorder (nodes of two or more secrets, answers ascending), which with the rules
alone rebuilds the whole tree. The search is deterministic (no clock, no threads, ties broken by
the lowest bound then the lowest code), so a rerun writes the same bytes; ``--check`` rebuilds
and compares instead of writing. Prints the time and the peak memory of each build.

"optimal": fewest guesses in all (on average). "minimax": fewest at worst, then fewest in all
among those; the worst case is proven by showing one guess fewer cannot find every secret.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pegapp.solvers.guessing._bulls import RULESETS  # noqa: E402
from pegapp.solvers.guessing.optimal import INF, NO_LIMIT, OptimalSearch, tree_preorder  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "resources" / "strategies"
SAVE_EVERY = 500_000        # search nodes between two saves of the memo (--resume)
#: the optimal build of each ruleset in this run: (search, total, first guess, worst, tree); the
#: minimax build uses it when the optimum's worst case is already the least possible
_OPTIMAL: dict[str, tuple] = {}


def build(ruleset: str, strategy: str, log, resume: Path | None = None) -> str:
    rules = RULESETS[ruleset]
    search = OptimalSearch(rules)
    checkpoint = None
    if resume is not None:
        resume.mkdir(parents=True, exist_ok=True)
        memo = resume / f"{ruleset}-{strategy}-memo.npz"
        if memo.is_file():
            search.load(memo)
            log(f"resumed from {memo.name}: {len(search.exact)} exact, "
                f"{len(search.lower)} bounds")

        saved = [-1]

        def checkpoint() -> None:
            """Save the memo when the search has grown by SAVE_EVERY nodes since (counted
            work, not the clock: saving a large memo after every guess would cost more than
            the search)."""
            if saved[0] < 0 or search.counter[0] - saved[0] >= SAVE_EVERY:
                search.save(memo)
                saved[0] = int(search.counter[0])
    t0 = time.perf_counter()
    every = np.arange(rules.size, dtype=np.int64)
    if strategy == "optimal":
        limit = NO_LIMIT
        total, first = search.solve_root(limit, log, every_first=True, checkpoint=checkpoint)
        proof = {}
    else:
        limit = int(np.searchsorted(search.cap, rules.size))     # fewest that could suffice
        if ruleset not in _OPTIMAL:     # the same bytes whether or not built in this run
            log(f"{ruleset} minimax: the strategy fewest on average first")
            build(ruleset, "optimal", log, resume)
        best = _OPTIMAL[ruleset]
        while True:
            if best is not None and best[3] <= limit:
                # the best play on average already needs no more than `limit` guesses, and
                # one fewer finds not every secret: no play at worst `limit` does better on
                # average, so the minimax strategy is that very tree (no second search)
                search, total, first, _worst, tree = best
                log(f"depth {limit}: the strategy fewest on average reaches it ({total})")
                break
            total, first = search.solve_root(limit, log, checkpoint=checkpoint)
            log(f"depth {limit}: {'infeasible' if total >= INF else total}")
            if total < INF:
                tree = search.tree(every, total, limit, first=first)
                break
            limit += 1
        proof = {"fewer_infeasible": limit - 1}
    if strategy == "optimal":
        tree = search.tree(every, total, limit, first=first)
    # every class of first guess: its total and worst with the best play after it (symmetry:
    # any first guess is one of these up to renaming symbols and reordering places)
    firsts = {}
    for g, value in sorted(search.first_values.items()):
        if strategy == "optimal":
            walked = _walk(rules, tree_preorder(search.tree(every, value, limit, first=g)))
            firsts[rules.codes[g]] = {"total_guesses": value, "worst": int(walked.max())}
    if strategy == "optimal":
        proof["first_guesses"] = firsts
    preorder = tree_preorder(tree)
    guesses = _walk(rules, preorder)
    hist = np.bincount(guesses).tolist()
    if int(guesses.sum()) != total:
        raise RuntimeError(f"tree walk gives {guesses.sum()}, search {total}")
    if strategy == "optimal":
        _OPTIMAL[ruleset] = (search, total, first, int(guesses.max()), tree)
    doc = {
        "ruleset": rules.name,
        "strategy": strategy,
        "secrets": rules.size,
        "total_guesses": total,
        "worst": int(guesses.max()),
        "histogram": hist,
        **proof,
        "tree_nodes": len(preorder),
        "preorder": " ".join(rules.codes[g] for g in preorder),
    }
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    log(f"{ruleset} {strategy}: total {total}, worst {doc['worst']}, "
        f"{time.perf_counter() - t0:.1f} s, peak {peak:.0f} MB, {len(preorder)} tree nodes, "
        f"{int(search.counter[0])} search nodes")
    return json.dumps(doc, indent=1, sort_keys=True) + "\n"


def _walk(rules, preorder: list[int]) -> np.ndarray:
    """Guesses per secret when the preorder tree is played (an independent replay)."""
    out = np.zeros(rules.size, dtype=np.int64)
    it = iter(preorder)

    def visit(S: np.ndarray, depth: int) -> None:
        if len(S) == 1:
            out[S[0]] = depth
            return
        g = next(it)
        sc = rules.table[g, S]
        for a in np.unique(sc):
            if a == rules.win:
                out[g] = depth
            else:
                visit(S[sc == a], depth + 1)

    visit(np.arange(rules.size), 1)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("--ruleset", choices=["mastermind", "bulls"], action="append")
    ap.add_argument("--strategy", choices=["optimal", "minimax"], action="append")
    ap.add_argument("--check", action="store_true", help="compare with the shipped files")
    ap.add_argument("--resume", type=Path, help="folder for the search's memo, saved after each "
                    "part of a first guess and read back on a rerun (a long build resumes)")
    args = ap.parse_args(argv)
    failed = 0
    for ruleset in args.ruleset or ["mastermind", "bulls"]:
        for strategy in args.strategy or ["optimal", "minimax"]:
            text = build(ruleset, strategy, lambda s: print(s, flush=True), args.resume)
            path = OUT / f"{ruleset}-{strategy}.json"
            if args.check:
                same = path.is_file() and path.read_text() == text
                print(f"{path.name}: {'same' if same else 'DIFFERS'}", flush=True)
                failed += not same
            else:
                OUT.mkdir(parents=True, exist_ok=True)
                tmp = path.with_suffix(".tmp")
                tmp.write_text(text)
                tmp.replace(path)
                print(f"wrote {path.name} ({path.stat().st_size} bytes)", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
