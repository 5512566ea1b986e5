"""Build the exact value of every second guess of bulls and cows, shipped as
resources/strategies/bulls-second.json, and with --strategy minimax (fewest at worst, then in
all) bulls-second-minimax.json (analysis mode weighs any guess after the first answer exactly,
with no search).

    python packaging/build_second_guesses.py [--strategy optimal|minimax]
                                             [--answers 0B1C,1B1C,...] [--resume DIR] [--check]

Every first guess of bulls and cows is 0123 up to renaming digits and reordering places, and after
it the guesses fall into 20 classes (pegapp.solvers.guessing.classes.second_guess_key): renaming and
reordering that keep 0123 in place maps a guess onto another of its class with the same answers on
every set of secrets. For each answer to 0123 and each class, the exact search
(pegapp.solvers.guessing.optimal) proves the fewest guesses that find every secret still possible
when that guess is made now and play is best afterwards (counting the guess and the last, right
one), and the worst case of that best play (for a guess that splits nothing, such as 0123 again:
the best play's total plus one guess a secret, and its least worst case plus one). With
--strategy minimax the value is the fewest guesses at worst (the deepest part's least depth
limit, plus one) and the fewest in all among the plays with that worst (each part solved within
that limit); a guess that splits nothing costs the set's own plus one. The search is
deterministic (no clock, no threads), so a rerun writes the same bytes; --check rebuilds and
compares. --answers builds those answers only (the file says which it holds; analysis mode falls
back to its on-the-spot weighing for the others). --resume keeps a journal of the classes done, so
a stopped build goes on where it was; two runs sharing it (one with --from-last) each claim a
class before weighing it (a claim file beside the journal), so neither weighs what the other is
weighing, and the last run waits for the other's value (or weighs it, if that run has ended).
Prints each class's time and the peak memory.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pegapp.solvers.guessing._bulls import RULESETS  # noqa: E402
from pegapp.solvers.guessing.classes import answer_key, second_guess_key  # noqa: E402
from pegapp.solvers.guessing.exact import minimax_value  # noqa: E402
from pegapp.solvers.guessing.optimal import NO_LIMIT, OptimalSearch  # noqa: E402

STRATEGIES = Path(__file__).resolve().parents[1] / "resources" / "strategies"
#: the file of each strategy (guessing.classes.shipped_second_guesses reads them)
OUT = {"optimal": STRATEGIES / "bulls-second.json",
       "minimax": STRATEGIES / "bulls-second-minimax.json"}
FIRST = "0123"
#: what the values mean, in the file
ABOUT = {
    "optimal": "after the first guess 0123 and its answer: for each class of second guess "
               "(its lowest code), [total, worst]: the guesses that find every secret "
               "still possible when it is guessed now and play is best on average "
               "afterwards, counting it, and the most of that play",
    "minimax": "after the first guess 0123 and its answer: for each class of second guess "
               "(its lowest code), [total, worst]: the fewest guesses at worst that find every "
               "secret still possible when it is guessed now and play is best afterwards, "
               "counting it, and the fewest in all among the plays with that worst"}


def worst_of_best_play(search: OptimalSearch, S: np.ndarray) -> int:
    """The most guesses the search's best play from S needs (counting its last, right one)."""
    if len(S) <= 2:
        return len(S)
    _total, g = search.cost(S, NO_LIMIT)
    if g < 0:
        raise RuntimeError(f"no best guess for a set of {len(S)}")
    parts = search.parts(S, g)
    deepest = max((worst_of_best_play(search, p) for p in parts), default=0)
    return 1 + deepest


def weigh(search: OptimalSearch, S: np.ndarray, guess: int) -> tuple[int, int]:
    """(total, worst): guess now, then the best play, over every secret of S."""
    total, worst = len(S), 1
    for part in search.parts(S, guess):
        cost, _ = search.cost(part, NO_LIMIT)
        total += cost
        worst = max(worst, 1 + worst_of_best_play(search, part))
    return total, worst


def classes(rules, first: int) -> dict[str, int]:
    """Each class's key and its lowest code."""
    out: dict[str, int] = {}
    for g in range(rules.size):
        out.setdefault(second_guess_key(rules, first, g), g)
    return dict(sorted(out.items()))


def claim_path(journal: Path, name: str, key: str) -> Path:
    return journal.with_name(f".{journal.stem}.{name}.{key}.claim")


def claim(journal: Path, name: str, key: str) -> bool:
    """Take a class for this run, so that a second run sharing the journal (--from-last) weighs
    another one: True when it is ours (no other run holds it, or its holder has ended)."""
    path = claim_path(journal, name, key)
    for _attempt in range(2):
        try:
            with open(path, "x") as f:
                f.write(str(os.getpid()))
            return True
        except FileExistsError:
            if held_by_another_run(path):
                return False
            path.unlink(missing_ok=True)   # left by a run that ended: take it over
    return False


def held_by_another_run(path: Path) -> bool:
    """The claim's process is another build still running (a stale claim, or a process id
    reused by something else, is not)."""
    try:
        pid = int(path.read_text() or 0)
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except (OSError, ValueError):
        return False
    return pid != os.getpid() and Path(__file__).name.encode() in command


def build(answers: list[str] | None, journal: Path | None, log,
          strategy: str = "optimal", from_last: bool = False) -> str:
    rules = RULESETS["bulls"]
    first = rules.index[FIRST]
    search = OptimalSearch(rules)
    done: dict[tuple[str, str], list[int]] = {}

    def read_journal() -> None:
        """The classes the journal holds (another run sharing it may have added some)."""
        if journal is not None and journal.is_file():
            for line in journal.read_text().splitlines():
                if line.endswith("}"):          # a line being written by another run: later
                    row = json.loads(line)
                    done[row["answer"], row["key"]] = row["value"]

    read_journal()
    if done:
        log(f"resumed: {len(done)} classes already weighed")
    scores = rules.table[first]
    every = sorted({int(s) for s in scores} - {rules.win}, key=lambda s: (scores == s).sum())
    names = [answer_key(rules, s) for s in every]
    wanted = names if answers is None else [a for a in names if a in answers]
    keys = classes(rules, first)
    doc_answers = {}
    t0 = time.perf_counter()
    for name in wanted:
        s = every[names.index(name)]
        S = np.flatnonzero(scores == s).astype(np.int64)
        values = {}
        # a guess that splits nothing (0123 again) costs |S| more than the best play from S:
        # it is priced from the others, with no search of S as a whole (the longest there is)
        idle = [k for k, g in keys.items() if len(np.unique(rules.table[g, S])) == 1]
        def weigh_class(key: str, g: int) -> None:
            t1 = time.perf_counter()
            values[key] = list(weigh(search, S, g) if strategy == "optimal"
                               else minimax_value(rules, S, g, search))
            if journal is not None:
                with journal.open("a") as f:
                    f.write(json.dumps({"answer": name, "key": key, "value": values[key]}) + "\n")
                claim_path(journal, name, key).unlink(missing_ok=True)
            log(f"{name} ({len(S)} secrets) {key}: total {values[key][0]}, worst "
                f"{values[key][1]}, {time.perf_counter() - t1:.1f} s, "
                f"{int(search.counter[0])} search nodes")

        held = []   # classes another run sharing the journal is weighing
        for key, g in (reversed(keys.items()) if from_last else keys.items()):
            read_journal()
            if (name, key) in done:
                values[key] = done[name, key]
            elif key not in idle:
                if journal is None or claim(journal, name, key):
                    weigh_class(key, g)
                else:
                    held.append((key, g))
        for key, g in held:   # wait for the other run's value, or weigh it if that run ended
            while True:
                read_journal()
                if (name, key) in done:
                    values[key] = done[name, key]
                    break
                if claim(journal, name, key):
                    weigh_class(key, g)
                    break
                time.sleep(5)
        if strategy == "optimal":
            best = min(v[0] for v in values.values())
            for key in idle:
                if key not in values:
                    values[key] = [len(S) + best, 1 + min(v[1] for v in values.values()
                                                          if v[0] == best)]
            doc_answers[name] = {"secrets": len(S), "best_total": best,
                                 "guesses": {k: values[k] for k in sorted(values)}}
        else:   # the least worst, then the least total among those; a wasted guess adds one
            worst = min(v[1] for v in values.values())
            best = min(v[0] for v in values.values() if v[1] == worst)
            for key in idle:
                if key not in values:
                    values[key] = [len(S) + best, worst + 1]
            doc_answers[name] = {"secrets": len(S), "best_worst": worst, "best_total": best,
                                 "guesses": {k: values[k] for k in sorted(values)}}
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    log(f"bulls second guesses: {len(doc_answers)} answers, {time.perf_counter() - t0:.1f} s, "
        f"peak {peak:.0f} MB")
    doc = {"ruleset": "bulls", "strategy": strategy, "first_guess": FIRST,
           "about": ABOUT[strategy], "answers": doc_answers}
    return json.dumps(doc, indent=1, sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--strategy", choices=sorted(OUT), default="optimal",
                    help="the play after the second guess: optimal (fewest in all, "
                    "bulls-second.json) or minimax (fewest at worst, then in all, "
                    "bulls-second-minimax.json)")
    ap.add_argument("--answers", help="comma-separated answers to 0123 to build (default: all; "
                    "with --check: the ones the shipped file holds)")
    ap.add_argument("--resume", type=Path, help="folder for the journal of classes done")
    ap.add_argument("--check", action="store_true", help="rebuild and compare with the "
                    "shipped file")
    ap.add_argument("--from-last", action="store_true", help="weigh each answer's classes last "
                    "first: a second run sharing the journal (--resume) on another core meets "
                    "the first in the middle (the values, and so the file, are the same)")
    args = ap.parse_args(argv)
    out = OUT[args.strategy]
    answers = args.answers.split(",") if args.answers else None
    if args.check and answers is None and out.is_file():
        answers = sorted(json.loads(out.read_text())["answers"])
    journal = None
    if args.resume is not None:
        args.resume.mkdir(parents=True, exist_ok=True)
        journal = args.resume / out.with_suffix(".jsonl").name
    text = build(answers, journal, lambda s: print(s, flush=True), args.strategy,
                 args.from_last)
    if args.check:
        same = out.is_file() and out.read_text() == text
        print(f"{out.name}: {'same' if same else 'DIFFERS'}")
        return 0 if same else 1
    tmp = out.with_suffix(".tmp")
    tmp.write_text(text)
    tmp.replace(out)
    print(f"wrote {out.name} ({out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
