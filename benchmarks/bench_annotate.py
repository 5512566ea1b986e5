"""How fast are analysis mode's marks?  Figures for issue #14, never pass/fail.

    python benchmarks/bench_annotate.py [--runs 5] [--out /tmp/annotate.json]

Every run is `pegapp moves <puzzle> [--start ...] --json` in a FRESH process with EMPTY caches
(bench_instant.run_fresh: new PEGAPP_CACHE_DIR, HOME and XDG_CACHE_HOME). Reported per position:
the whole process's wall time and the annotations' own `seconds` (from the request to the last
move's verdict), median [min-max] over the runs, with the load average seen. Positions: English
33 after 0, 4, 8 and 12 moves of seeded random winning play (the same positions as
bench_instant's first hints), every shipped board of 21 holes or fewer from its start, the
15-puzzle from a few seeded positions, and the other families (--others): 8-flip, stone pairs,
water jugs, and the guessing games, whose candidate guesses are each played out against every
secret still possible (the slowest: bulls and cows before and after its first answer).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_instant import (PY, ROOT, boards_list, empty_holes, fmt, json_line,  # noqa: E402
                           loads, run_fresh, say, slide_positions, summary, uptime, winning_play)


def cases(seed: int, slides: int) -> list[dict]:
    out = []
    for k in (0, 4, 8, 12):
        if k == 0:
            out.append({"name": "english start", "args": ["pegs/english"]})
            continue
        n, pos = winning_play("english", k, seed + k)
        out.append({"name": f"english +{k}",
                    "args": ["pegs/english", "--start", " ".join(map(str, empty_holes(n, pos)))]})
    for b in boards_list():
        if len(b["holes"]) <= 21:
            out.append({"name": f"{b['id']} ({len(b['holes'])})", "args": [b["puzzle"]]})
    for i, s in enumerate(slide_positions(slides, seed)):
        out.append({"name": f"15-puzzle #{i}", "args": ["slide/4x4", "--start",
                                                        " ".join(map(str, s))]})
    return out


#: the other families' positions: (name, pegapp moves arguments)
OTHERS = (("8-flip 5x5", ["flip8/5x5", "--start", "random:3"]),
          ("8-flip 7x7", ["flip8/7x7", "--start", "random:3"]),
          ("stone pairs k6", ["oshidori/k6"]),
          ("stone pairs classic5", ["oshidori/classic5"]),
          ("jugs 8,5,3 -> 4", ["jugs", "--capacities", "8,5,3", "--target", "4"]),
          ("bulls start", ["bulls", "--secret", "6281"]),
          ("bulls +1 (1440 left)", ["bulls", "--secret", "6281", "--start", "0123"]),
          ("bulls +2 (504 left)", ["bulls", "--secret", "6281", "--start", "0123 4567"]),
          ("mastermind start", ["mastermind", "--secret", "3516"]),
          ("mastermind +1 (256 left)", ["mastermind", "--secret", "3516", "--start", "1122"]))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--slides", type=int, default=3, help="15-puzzle positions (default 3)")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--others", action="store_true",
                    help="also 8-flip, stone pairs, jugs, bulls and cows, Mastermind")
    ap.add_argument("--only-others", action="store_true", help="only those")
    ap.add_argument("--out")
    args = ap.parse_args()
    sys.path.insert(0, ROOT)
    todo = [] if args.only_others else cases(args.seed, args.slides)
    if args.others or args.only_others:
        todo += [{"name": name, "args": list(a)} for name, a in OTHERS]
    res = {"uptime_start": uptime(), "runs": args.runs, "cases": todo}
    say(res["uptime_start"])
    for c in res["cases"]:
        runs = [run_fresh(PY + ["moves", *c["args"], "--json"], args.timeout)
                for _ in range(args.runs)]
        answers = [json_line(r["lines"][-1][1]) if r.get("lines") else None for r in runs]
        c["wall"] = summary([r.get("wall") for r in runs if r.get("ok")])
        c["seconds"] = summary([a["seconds"] for a in answers if a])
        c["load"] = loads(runs)
        last = next((a for a in answers if a), None)
        c["moves"] = len(last["moves"]) if last else None
        c["remaining"] = last["remaining"] if last else None
        c["errors"] = [r.get("stderr", "")[-200:] for r in runs if not r.get("ok")]
        say(f"  {c['name']:<24} wall {fmt(c['wall'])}  annotations {fmt(c['seconds'])}  "
            f"{c['moves']} moves, position {c['remaining']}  (load {c['load']})"
            + (f"  ERRORS {c['errors'][:1]}" if c["errors"] else ""))
    res["uptime_end"] = uptime()
    say(res["uptime_end"])
    if args.out:
        with open(args.out, "w") as f:
            json.dump(res, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
