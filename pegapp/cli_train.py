"""`pegapp train PUZZLE --moves N [--count K] [--seed S] [--json]`: training puzzles (issue #74;
pegapp.puzzles.training makes and rates them), wired here so pegapp/cli.py stays a room a newcomer
can read. Exit 0 with puzzles, 1 when there is none of that length (one line saying so), 2 for
bad input (cli.py).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import threading
from typing import Any

from pegapp.core.messages import msg
from pegapp.puzzles import guard, registry, training
from pegapp.puzzles.base import HIDDEN, BadInput
from pegapp.puzzles.session import state_to_json
from pegapp.time_limit import TimeLimit

#: puzzles given when --count is not
DEFAULT_COUNT = 10
#: seconds a train command without --timeout runs before it says it is still searching
STILL_SEARCHING_SECONDS = 3.0


def add_parser(sub, number, fraction, add_board_arguments) -> argparse.ArgumentParser:
    """The train command's parser (its options: the length, the count, the seed, and the
    options that choose a family's puzzle, as hint takes them, --start aside)."""
    p = sub.add_parser("train", help="training puzzles: positions whose shortest finish is "
                                     "exactly --moves moves, with one right move at every step")
    p.add_argument("puzzle", help="pegs/<board>, slide/3x3, rotate/3x3, jugs, oshidori, ...")
    p.add_argument("--moves", type=number, required=True, metavar="N",
                   help="the length of each puzzle's shortest finish")
    # not args.how_many: that is solve's --count (the family options' "count", refused elsewhere)
    p.add_argument("--count", type=number, default=DEFAULT_COUNT, metavar="K", dest="how_many",
                   help=f"how many puzzles (default {DEFAULT_COUNT})")
    p.add_argument("--seed", type=number, default=0, metavar="S",
                   help="the random seed: the same seed gives the same puzzles (default 0)")
    p.add_argument("--finish", help="pegs: finish hole, or 'any' (default: the board's own)")
    p.add_argument("--kinds", type=number, help="oshidori: kinds of stones")
    p.add_argument("--pairs", type=number, help="oshidori classic: stones of each colour")
    p.add_argument("--capacities", help="jugs: capacities, e.g. 8,5")
    p.add_argument("--target", type=number, help="jugs: amount to measure")
    p.add_argument("--memory", type=fraction, help="memory budget in GB (default 2)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--timeout", type=fraction, metavar="SECONDS",
                   help="stop looking after SECONDS and print the puzzles found so far")
    add_board_arguments(p)
    return p


def entry(commands: Any, puzzle: Any, item: training.Training) -> dict[str, Any]:
    """One puzzle as the JSON gives it: start (and finish) as `hint --start` takes them (the
    family's train_entry; else the state as plain JSON), moves, line, notation, difficulty and
    each step's counts."""
    own = getattr(commands, "train_entry", None)
    out = dict(own(puzzle, item.start)) if own is not None else {
        "start": state_to_json(item.start)}
    out.update(moves=item.moves, line=[state_to_json(m) for m in item.line],
               notation=puzzle.format_moves(list(item.line)), difficulty=item.difficulty,
               steps=[{"legal": s.legal, "losing": s.losing, "tempting": s.tempting}
                      for s in item.steps])
    return out


def _guessing(puzzle_id: str) -> bool:
    """Whether puzzle_id is a guessing game (HIDDEN: its moves answer a secret the player keeps),
    asked of its default puzzle; False when that cannot be made without more arguments."""
    try:
        return HIDDEN in registry.make_puzzle(puzzle_id, {}).ABILITIES
    except Exception:  # noqa: BLE001 - a puzzle that needs its arguments: not a guessing game
        return False


def say_still_searching(error) -> None:
    """The line a train command without --timeout writes when its search has run for
    STILL_SEARCHING_SECONDS: a board without a table of its positions searches for up to a
    minute, and the command was silent all that time (an outside trial waited 34 s)."""
    error("pegapp: train: " + msg("still searching (up to a minute where no table holds the "
                                  "positions); --timeout SECONDS ends it sooner and prints the "
                                  "puzzles found by then"))


def run(args, commands: Any, limit: TimeLimit, error) -> int:
    """`pegapp train` for a family's commands (cli.py has checked the arguments); error(line)
    writes one line on stderr."""
    training.check_request(args.moves, args.how_many)
    if _guessing(args.puzzle):  # said before its hint problem asks for a secret it needs none of
        error("pegapp: train: " + msg(
            "{puzzle}: a guessing game has no puzzle with one right move: the best guess depends "
            "on the secret", puzzle=args.puzzle))
        return 1
    setup = getattr(commands, "hint_problem", None)
    if setup is None:
        raise BadInput(msg("{puzzle}: nothing to train", puzzle=args.puzzle))
    puzzle, _state, _options = setup(args.puzzle, args)
    if getattr(args, "plugin", None):
        puzzle = guard.checked(puzzle, args.plugin)
    note, said = None, []
    if args.timeout is None:    # a search of up to a minute says so while it runs (below)
        note = threading.Timer(STILL_SEARCHING_SECONDS,
                               lambda: said.append(say_still_searching(error)))
        note.daemon = True
        note.start()
    try:
        finished, found = limit.run(lambda stop: training.training(
            puzzle, args.moves, args.how_many, args.seed, stop))
    except training.NoTraining as exc:
        if limit.reached:   # stopped by --timeout before any was found: not a verdict
            error("pegapp: train: " + msg(
                "stopped at the time limit (--timeout {seconds:g} s) before any puzzle was "
                "found", seconds=limit.seconds))
            if args.json:   # what it found, said so, as with puzzles found (an outside trial)
                print(json.dumps({"puzzle": puzzle.id, "moves": args.moves, "seed": args.seed,
                                  "count": 0, "puzzles": [], "timed_out": True}), flush=True)
            return 1
        error(f"pegapp: train: {exc}")
        if exc.gave_up and args.timeout is None and not said:
            # the search ran to its count limit, which takes up to a minute on a big board:
            # the way to wait less, named (#74's outside trial waited without knowing it)
            error("pegapp: train: " + msg("--timeout SECONDS ends the search sooner and "
                                          "prints the puzzles found by then"))
        return 1
    finally:
        if note is not None:
            note.cancel()
    if not finished or not found:  # the search did not stop within the limit's grace
        error(f"pegapp: train: {limit.words()}")
        return 1
    out: dict[str, Any] = {"puzzle": puzzle.id, "moves": args.moves, "seed": args.seed,
                           "count": len(found),
                           "puzzles": [entry(commands, puzzle, item) for item in found]}
    if limit.reached:
        out["timed_out"] = True
        limit.say()
    if len(found) < args.how_many:
        error("pegapp: train: " + msg("{found} of the {count} puzzles asked for were found",
                                      found=len(found), count=args.how_many))
    if args.json:
        print(json.dumps(out, ensure_ascii=False), flush=True)
        return 0
    for number, item in enumerate(out["puzzles"], 1):
        start = item["start"]
        start = ",".join(map(str, start)) if isinstance(start, list) else str(start)
        # quoted for a shell: a sliding puzzle's "1 0 3 4 ..." pasted after `pegapp hint` must
        # stay one --start (unquoted, the rest of its numbers were "unrecognized arguments")
        finish = f" --finish {shlex.quote(str(item['finish']))}" if "finish" in item else ""
        length = "1 move" if item["moves"] == 1 else f"{item['moves']} moves"
        print(f"{number}. --start {shlex.quote(start)}{finish}: {length}, difficulty "
              f"{item['difficulty']}: {item['notation']}", file=sys.stdout)
    return 0
