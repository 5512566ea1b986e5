"""Headless entry points: `pegapp solve|analyse|boards ... [--json]`.

The JSON printed here is a public interface (scripts and outside checks read it): add keys freely,
never rename or drop one.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from typing import Any

from pegapp.puzzles.base import BadInput

#: puzzle id prefix -> module under pegapp.puzzles providing solve_json / analyse_json
FAMILIES = {
    "pegs": "pegs",
    "slide": "slide",
    "rotate": "rotate",
    "flip8": "flip8",
    "oshidori": "oshidori",
    "jugs": "jugs",
    "bulls": "bulls",
    "mastermind": "bulls",
}


def family_module(puzzle_id: str):
    family = puzzle_id.split("/", 1)[0]
    if family not in FAMILIES:
        known = ", ".join(sorted(FAMILIES))
        raise BadInput(f"unknown puzzle {puzzle_id!r} (families: {known})")
    return importlib.import_module(f"pegapp.puzzles.{FAMILIES[family]}")


class _Parser(argparse.ArgumentParser):
    """Bad arguments are one line, like every other error here (`--help` still shows usage)."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="pegapp", description="PegApp puzzles, headless.",
        epilog="With no arguments `pegapp` opens the game; `pegapp --selftest` checks an "
               "installation (every board and puzzle loads, one small problem of each is solved).")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def puzzle_command(name: str, help_text: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text)
        p.add_argument("puzzle", help="pegs/<board>, slide/2x5, rotate/3x3, flip8/4x4, oshidori, "
                                      "jugs, bulls, ...")
        p.add_argument("--start", help="start position (meaning depends on the puzzle)")
        p.add_argument("--finish", help="pegs: finish hole, or 'any'")
        p.add_argument("--count", action="store_true", help="count all minimum solutions")
        p.add_argument("--first-move", help="pegs: with --count, fix the first move, e.g. '0,6'")
        p.add_argument("--kinds", type=int, help="oshidori: kinds of stones")
        p.add_argument("--pairs", type=int, help="oshidori classic: stones of each colour")
        p.add_argument("--capacities", help="jugs: capacities, e.g. 8,5")
        p.add_argument("--target", type=int, help="jugs: amount to measure")
        p.add_argument("--strategy", help="bulls: default, first-consistent, knuth")
        p.add_argument("--ruleset", help="bulls: bulls (4 distinct digits) or mastermind")
        p.add_argument("--secret", help="bulls: the secret to guess")
        p.add_argument("--memory", type=float, help="memory budget in GB (default 2)")
        p.add_argument("--json", action="store_true", help="print one JSON object")
        return p

    puzzle_command("solve", "shortest solution of a puzzle")
    puzzle_command("analyse", "whole-puzzle analysis (distances, strategies)")
    boards = sub.add_parser("boards", help="list the shipped peg boards")
    boards.add_argument("--json", action="store_true")
    return parser


def render_text(result: dict[str, Any]) -> str:
    lines = []
    for key, value in result.items():
        if key in ("holes", "jumps", "lines") and isinstance(value, list):
            continue
        if isinstance(value, (list, dict)) and len(json.dumps(value)) > 200:
            value = json.dumps(value)[:200] + " ..."
        lines.append(f"{key}: {value}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return _run(args)
    except KeyboardInterrupt:
        print("pegapp: interrupted", file=sys.stderr)
        return 130


def _run(args) -> int:
    try:
        if args.command == "boards":
            from pegapp.puzzles.pegs import boards_json

            result: Any = boards_json()
            if not args.json:
                print("\n".join(f"pegs/{b['id']}: {b['name']} ({len(b['holes'])} holes)"
                                for b in result["boards"]))
                return 0
        else:
            module = family_module(args.puzzle)
            handler = getattr(module, f"{args.command}_json", None)
            if handler is None:
                raise BadInput(f"{args.puzzle}: nothing to {args.command}")
            result = handler(args.puzzle, args)
    except BadInput as exc:
        print(f"pegapp: error: {exc}", file=sys.stderr)
        return 2
    except MemoryError:
        print("pegapp: error: out of memory (try a smaller --memory budget)", file=sys.stderr)
        return 3
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        print(render_text(result))
    # 1: no answer (unsolvable, or beyond the budget with no solution found); a solution that is
    # not proven minimal is still an answer (its JSON says proven_minimal: false)
    if isinstance(result, dict) and result.get("status") in ("unsolvable", "too_large", "cancelled"):
        return 0 if result.get("moves") else 1
    return 0
