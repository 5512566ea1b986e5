"""How fast is a game's review?  Figures for issue #56, never pass/fail.

    python benchmarks/bench_review.py [--runs 3] [--boards english,french,wiegleb]
                                      [--games best,random] [--out F]

Every run is `pegapp review pegs/<board> --moves "..." --json` in a FRESH process with EMPTY
caches (bench_instant.run_fresh: new PEGAPP_CACHE_DIR, HOME and XDG_CACHE_HOME): cold. Reported
per game: the whole process's wall time and the review's own `seconds`, median [min-max] over the
runs, with the load average seen. Games per board, seeded: "best" (the solver's shortest line,
every move best), "2 slips" (the shortest line with two seeded moves off it that still win,
each followed by the shortest line from there: a near miss), "off at k" (the shortest line's
first k moves, then seeded random play to the end: a game that goes wrong at move k+1), and
"random" (seeded random play from the start, mostly dead ends after a few moves).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_instant import PY, ROOT, fmt, json_line, loads, run_fresh, say, summary, uptime  # noqa: E402


def games(board_id: str, seed: int, names: set[str] | None = None) -> list[tuple[str, str]]:
    """(name, moves text) of the games reviewed on one board."""
    sys.path.insert(0, ROOT)
    from pegapp.core.board import get_board
    from pegapp.puzzles.pegs import PegPuzzle

    puzzle = PegPuzzle(get_board(board_id))
    line = puzzle.solve(puzzle.initial()).moves or []
    rng = random.Random(seed)

    def play_on(prefix):
        state, moves = puzzle.initial(), list(prefix)
        for m in moves:
            state = puzzle.apply(state, m)
        while True:
            legal = [m for m in puzzle.moves(state) if len(m) == 2]   # single jumps
            if not legal:
                return moves
            m = rng.choice(legal)
            moves.append(m)
            state = puzzle.apply(state, m)

    slip_rng = random.Random(seed + 1)   # its own: the other games stay those of earlier runs

    def with_slips(at):
        """The shortest line with a slip at each move number in at: a seeded move off the line
        that still wins, then the solver's shortest line from there (a near-miss game)."""
        state, moves = puzzle.initial(), []
        while not puzzle.is_solved(state):
            rest = puzzle.solve(state).moves or []
            if not rest:
                return moves
            move = rest[0]
            if len(moves) in at:
                others = [m for m in puzzle.moves(state) if len(m) == 2 and m != move]
                slip_rng.shuffle(others)
                move = next((m for m in others if puzzle.solve(puzzle.apply(state, m)).moves),
                            move)
            moves.append(move)
            state = puzzle.apply(state, move)
        return moves

    made = [("best", lambda: line), ("2 slips", lambda: with_slips({4, len(line) // 2}))]
    made += [(f"off at {k}", lambda k=k: play_on(line[:k])) for k in (3, len(line) // 2)]
    made.append(("random", lambda: play_on([])))
    # every game is drawn (the seeded random ones in this order) even when not asked for, so a
    # game's moves do not depend on which others are run; "2 slips" has its own generator
    return [(name, puzzle.format_moves(make())) for name, make in made
            if names is None or name in names or name != "2 slips"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--boards", default="english,french,wiegleb")
    ap.add_argument("--seed", type=int, default=56)
    ap.add_argument("--games", help="only these games, comma-separated (e.g. 'best,random')")
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--out")
    args = ap.parse_args()
    res = {"uptime_start": uptime(), "runs": args.runs, "cases": []}
    say(res["uptime_start"])
    for board_id in args.boards.split(","):
        names = set(args.games.split(",")) if args.games else None
        for name, text in games(board_id, args.seed, names):
            if names is not None and name not in names:
                continue
            runs = [run_fresh(PY + ["review", f"pegs/{board_id}", "--moves", text, "--json"],
                              args.timeout) for _ in range(args.runs)]
            answers = [json_line(r["lines"][-1][1]) if r.get("lines") else None for r in runs]
            last = next((a for a in answers if a), None)
            case = {"board": board_id, "game": name, "moves": text,
                    "wall": summary([r.get("wall") for r in runs if r.get("ok")]),
                    "seconds": summary([a["seconds"] for a in answers if a]),
                    "load": loads(runs), "played": last["played"] if last else None,
                    "par": last["par"] if last else None,
                    "proven": last["proven_minimal"] if last else None,
                    "errors": [r.get("stderr", "")[-200:] for r in runs if not r.get("ok")]}
            res["cases"].append(case)
            say(f"  {board_id:<8} {name:<10} {case['played']} moves (par {case['par']}, proven "
                f"{case['proven']})  wall {fmt(case['wall'])}  review {fmt(case['seconds'])}  "
                f"(load {case['load']})" + (f"  ERRORS {case['errors'][:1]}"
                                             if case["errors"] else ""))
    res["uptime_end"] = uptime()
    say(res["uptime_end"])
    if args.out:
        with open(args.out, "w") as f:
            json.dump(res, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
