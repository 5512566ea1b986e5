"""Headless entry points: `pegapp solve|analyse|hint|moves|review|problems|boards|families ...
[--json]`.

The JSON printed here is a public interface (scripts and outside checks read it): add keys freely,
never rename or drop one. Every failure is one line on stderr, never a traceback: bad input (an
option, a position, a board or board file) exits 2, output that cannot be written (disk full) exits
74; a reader that stops early (``| head``) ends the program quietly, exit 141.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from typing import Any

import pegapp
from pegapp import cli_train
from pegapp.cli_output import (EXIT_READER_GONE, EXIT_WRITE_FAILED, OutputFailed, StandardOutput,
                               error_line, flush, one_line, silence_stdout)
from pegapp.core.board import NUMBERS, set_hole_naming
from pegapp.core.messages import detail, msg
from pegapp.core.progress import describe
from pegapp.puzzles import analysis, guard, hints, registry, review
from pegapp.puzzles.base import (DESCRIBE, HIDDEN, MEMORY, BadInput, BrokenFamily, IllegalMove,
                                 check_ascii_digits, replay)
from pegapp.puzzles.family import OPTIONS, Family, option_name
from pegapp.solvers.result import CANCELLED, SEARCHING, UNSOLVABLE, Cancelled, SolveResult, never_stop
from pegapp.time_limit import TimeLimit, limited_answer

def family_of(puzzle_id: str) -> Family:
    """The family of a puzzle id (pegapp.puzzles.registry), or BadInput naming every family."""
    try:
        return registry.family_of(puzzle_id)
    except BadInput:
        known = ", ".join(registry.known_ids())
        raise BadInput(f"unknown puzzle {puzzle_id!r} (families: {known})") from None


def behind_boundary(args, family: Family) -> Family:
    """The family the commands call: a plug-in's behind pegapp.puzzles.guard, the one place
    the command line checks what a family answers (a broken plug-in is then one line naming the
    family and the rule, never a traceback); PegApp's own as it is. args.plugin: the plug-in's
    key, or None."""
    args.plugin = family.key if registry.is_plugin(family) else None
    return guard.guarded(family) if args.plugin else family


def families_json() -> dict[str, Any]:
    """`pegapp families --json`: every family (key, names, rules, presets, params, ids), and the
    plug-ins that did not load."""
    return {"families": [f.to_json() for f in registry.families().values()],
            "problems": registry.problems()}


class _Parser(argparse.ArgumentParser):
    """Bad arguments are one line, like every other error here (`--help` still shows usage)."""

    def parse_known_args(self, args=None, namespace=None):
        """As argparse's, keeping the arguments for error() to name an unknown option."""
        self._given = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(args, namespace)

    def _unknown_options(self) -> list[str]:
        """The arguments given that look like options and are none of this parser's (a number
        such as -3 is a value, not an option)."""
        known = self._option_string_actions
        return [a for a in getattr(self, "_given", []) if a.startswith("-") and a != "-"
                and not re.fullmatch(r"-[0-9.,]+", a)
                and not any(k.startswith(a.split("=", 1)[0]) for k in known)]

    def error(self, message: str):
        """One line; an option whose value was taken for an option (argparse reads "-3,5" after
        --capacities as one) is told how to give it; an unknown option is named as one, not
        reported as a missing command (argparse checks what is required first)."""
        found = re.fullmatch(r"argument (--[\w-]+).*: expected one argument", message)
        if found:
            message += (f"; a value that starts with '-' is written {found.group(1)}=VALUE, "
                        f"as in {found.group(1)}=-1")
        unknown = self._unknown_options()
        if message.startswith("the following arguments are required") and unknown:
            message = f"unrecognized arguments: {' '.join(unknown)}"
        self.exit(2, one_line(f"{self.prog}: error: {message} (see {self.prog} --help)") + "\n")

    def print_help(self, file=None):
        """Unlike argparse's, a help text that cannot be written is an error (main reports it)."""
        file = sys.stdout if file is None else file
        file.write(self.format_help())
        file.flush()


def _ascii_number(text: str, kind: type):
    """An int or float option typed in ASCII: int() and float() also read '１' (full width), '1_0'
    and surrounding spaces."""
    pattern = (r"[+-]?[0-9]+" if kind is int
               else r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?|[+-]?(inf|nan)")
    if not re.fullmatch(pattern, text, re.ASCII | re.IGNORECASE):
        what = "a whole number" if kind is int else "a number"
        raise argparse.ArgumentTypeError(f"{text!r} is not {what} in ASCII digits (0-9)")
    return kind(text)


def ascii_int(text: str) -> int:
    return _ascii_number(text, int)


def ascii_float(text: str) -> float:
    return _ascii_number(text, float)


def add_board_arguments(parser: argparse.ArgumentParser) -> None:
    """The options that choose a peg board, for every command that takes one (solve, analyse,
    and any later peg command): the puzzle ``pegs/<board>`` names a shipped board (a plain name,
    never a path); ``pegs --board-file PATH`` reads a board file (see
    pegapp.puzzles.pegs.board_from_args)."""
    parser.add_argument("--board-file", metavar="PATH",
                        help="pegs: play on a board file (TOML) instead of a shipped board; "
                             "give the puzzle as just 'pegs'")


#: string options that hold numbers (checked for digits other than ASCII 0-9 before any family
#: reads them); --board-file is a path and may hold anything
NUMERIC_TEXT_OPTIONS = ("puzzle", "start", "finish", "first_move", "capacities", "secret")


def check_arguments(args, family: Family | None = None) -> None:
    """What holds for every puzzle command before a family reads its arguments: numbers in ASCII
    digits only, and only the options the puzzle's family reads (Family.options): one it would
    ignore (--start for a puzzle with no start to give) is refused, naming those it takes."""
    for name in NUMERIC_TEXT_OPTIONS:
        value = getattr(args, name, None)
        if isinstance(value, str):
            try:
                check_ascii_digits(value)
            except BadInput as exc:
                option = name if name == "puzzle" else "--" + name.replace("_", "-")
                raise BadInput(msg("{option}: {reason}", option=option, reason=exc.args[0])) \
                    from None
    command = getattr(args, "command", None)
    for name in ("count", "first_move"):  # options of solve's counting only
        if command != "solve" and given(args, name):
            raise BadInput(msg("{command} does not take {option} (only solve counts solutions)",
                               command=command, option=option_name(name)))
    if getattr(args, "first_move", None) is not None and not getattr(args, "count", False):
        raise BadInput(msg("--first-move fixes the first move of the solutions --count counts: "
                           "give --count too"))
    if family is None:
        return
    for name in OPTIONS:
        if given(args, name) and name not in family.options:
            takes = ", ".join(option_name(o) for o in family.options)
            if takes:
                raise BadInput(msg("{puzzle} does not take {option} (it takes {options})",
                                   puzzle=args.puzzle, option=option_name(name), options=takes))
            raise BadInput(msg("{puzzle} does not take {option} (it takes no options)",
                               puzzle=args.puzzle, option=option_name(name)))
    reads = getattr(family.handlers(), f"{command}_options", None)
    for name in OPTIONS if reads is not None else ():
        if given(args, name) and name not in reads and reads:
            raise BadInput(msg("{command} {puzzle} does not take {option} (it takes {options})",
                               command=command, puzzle=args.puzzle, option=option_name(name),
                               options=", ".join(option_name(o) for o in reads)))
        if given(args, name) and name not in reads:
            raise BadInput(msg("{command} {puzzle} does not take {option} (it takes no options)",
                               command=command, puzzle=args.puzzle, option=option_name(name)))


def given(args, name: str) -> bool:
    """Whether an option was given: a value of 0 or 0.0 was (``--memory 0`` is refused like
    ``--memory 1``); only an absent option (None) or a flag not set (False) was not."""
    value = getattr(args, name, None)
    return value is not None and value is not False


class _SelfTest(argparse.Action):
    """`pegapp --selftest` (pegapp.selftest), as an option of the parser."""

    def __call__(self, parser, namespace, values, option_string=None):
        from pegapp.selftest import main as selftest_main

        parser.exit(selftest_main([]))


def puzzle_command(sub, name: str, help_text: str) -> argparse.ArgumentParser:
    """A puzzle command's parser (solve, analyse, hint, moves, review): the puzzle and every
    option a family may read (check_arguments refuses those its family does not)."""
    p = sub.add_parser(name, help=help_text)
    p.add_argument("puzzle", help="pegs/<board>, slide/2x5, rotate/3x3, flip8/4x4, oshidori, "
                                  "jugs, bulls, ...")
    p.add_argument("--start", help="start position, any position of the puzzle (pegs: its "
                                   "empty holes, by number or name, e.g. 17 or 9,17; the "
                                   "others: see `pegapp families`); without it a peg "
                                   "board's own start, the goal itself for sliding tiles "
                                   "and the rotation puzzle")
    p.add_argument("--finish", help="pegs: finish hole, or 'any'")
    # solve's alone: the others take them only to refuse them in words (check_arguments), and
    # their help does not list them (found by an outside trial)
    counting = name == "solve"
    p.add_argument("--count", action="store_true",
                   help="count all minimum solutions" if counting else argparse.SUPPRESS)
    p.add_argument("--first-move", help="pegs: with --count, fix the first move, e.g. '0,6'"
                   if counting else argparse.SUPPRESS)
    p.add_argument("--kinds", type=ascii_int, help="oshidori: kinds of stones")
    p.add_argument("--pairs", type=ascii_int, help="oshidori classic: stones of each colour")
    p.add_argument("--capacities", help="jugs: capacities, e.g. 8,5 (without it and "
                                        "--target: 8,5 and 4, the game's own puzzle)")
    p.add_argument("--target", type=ascii_int, help="jugs: amount to measure")
    p.add_argument("--strategy", help="bulls: default, optimal (proven fewest guesses on "
                                      "average), minimax (proven fewest at worst), "
                                      "first-consistent, knuth, entropy, ...")
    p.add_argument("--ruleset", help="bulls: bulls (4 distinct digits) or mastermind")
    p.add_argument("--secret", help="bulls: the secret to guess")
    p.add_argument("--memory", type=ascii_float, help="memory budget in GB (default 2)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--timeout", type=ascii_float, metavar="SECONDS",
                   help="stop the search after SECONDS and print the best found so far, "
                        "marked not proven (\"timed_out\": true); default: no limit for "
                        "PegApp's own puzzles, 600 s for a plug-in's")
    add_board_arguments(p)
    return p


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="pegapp", description="PegApp puzzles, headless.",
        epilog="With no arguments `pegapp` opens the game; `pegapp --selftest` checks an "
               "installation (every board and puzzle loads, one small problem of each is solved).")
    parser.add_argument("--version", action="version", version=f"pegapp {pegapp.__version__}")
    # run by __main__ before this parser is built (the self-test loads Qt itself); listed here so
    # --help shows it among the options (found by a new player: it was only in the epilog)
    parser.add_argument("--selftest", action=_SelfTest, nargs=0,
                        help="check this installation: every board and puzzle loads, one small "
                             "problem of each is solved (exit 0 when all is well)")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    solve = puzzle_command(sub, "solve", "shortest solution of a puzzle")
    solve.add_argument("--search", action="store_true",
                       help="pegs: prove by search, not from a shipped tablebase")
    analyse = puzzle_command(sub, "analyse", "whole-puzzle analysis (distances, strategies)")
    analyse.add_argument("--tree", action="store_true",
                         help="bulls: add the whole strategy as a nested JSON object")
    puzzle_command(sub, "hint", "the Hint button's answers, one JSON line each as they "
                                "improve (the last line is the final answer)")
    puzzle_command(sub, "moves", "every legal move with the fewest moves left after it, or a "
                                 "dead end (analysis mode's marks)")
    review = puzzle_command(sub, "review", "a game reviewed move by move: the fewest moves to "
                                           "the goal before and after each move, what it cost, a "
                                           "best move there; PUZZLE may be a save file")
    review.add_argument("--moves", help="the game's moves, in the notation solve prints")
    problems = sub.add_parser("problems", help="pegs: the problem catalogue of a board: every "
                                               "single-vacancy start with every finish, its par "
                                               "or why it is impossible")
    problems.add_argument("puzzle", help="pegs/<board>")
    problems.add_argument("--json", action="store_true", help="print one JSON object")
    add_board_arguments(problems)
    boards = sub.add_parser("boards", help="list the shipped peg boards")
    boards.add_argument("--json", action="store_true")
    families = sub.add_parser("families", help="list the puzzle families (plug-ins included): "
                                               "names, rules, presets, parameters")
    families.add_argument("--json", action="store_true")
    check = sub.add_parser("check-family", help="check a family (a plug-in's author's test): "
                                                "exit 0 when it keeps the family contract, else "
                                                "one line per rule it breaks (exit 1)")
    check.add_argument("key", help="the family's key (see `pegapp families`)")
    check.add_argument("--json", action="store_true", help="print one JSON object")
    cli_train.add_parser(sub, ascii_int, ascii_float, add_board_arguments)
    return parser


def text_value(value: Any) -> str:
    """A value of the JSON answer as a player reads it: yes/no for booleans (never Python's
    True/False), "none" for null, lists and objects without Python's quotes."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(text_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {text_value(v)}" for k, v in value.items()) + "}"
    return str(value)


def render_text(result: dict[str, Any]) -> str:
    """The answer without --json: one "key: value" line per key (text_value), long lists cut."""
    lines = []
    for key, value in result.items():
        if key in ("holes", "jumps", "lines") and isinstance(value, list):
            continue
        text = text_value(value)
        if isinstance(value, (list, dict)) and len(text) > 200:
            text = text[:200] + " ..."
        lines.append(f"{key}: {text}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    # the command line names holes by the articles' numbers, whatever a window chose before
    set_hole_naming(NUMBERS)
    if sys.stdout is None:  # started with its output closed (`>&-`): no answer can be written
        error_line("pegapp: error: cannot write the output: standard output is closed")
        return EXIT_WRITE_FAILED
    own_stdout = sys.stdout
    sys.stdout = StandardOutput(own_stdout)
    try:
        try:
            args = build_parser().parse_args(argv)
            return _run(args)
        finally:
            flush(sys.stdout)  # a write error must surface here, not at interpreter exit
    except KeyboardInterrupt:
        error_line("pegapp: interrupted")
        return 130
    except BrokenPipeError:
        # The reader went away (`pegapp boards --json | head -c1`): stop quietly, with the
        # status a shell reports for a program that SIGPIPE ended (1 would say "no answer").
        # Python's own recipe: point stdout at devnull so the flush at exit does not fail again.
        silence_stdout()
        return EXIT_READER_GONE
    except UnicodeEncodeError as exc:  # an output encoding without the board names' Japanese
        silence_stdout()
        error_line(f"pegapp: error: cannot write the output in {exc.encoding} "
               "(set PYTHONIOENCODING=utf-8)")
        return EXIT_WRITE_FAILED
    except OutputFailed as exc:  # ENOSPC (`>/dev/full`), EIO: the answer was not written
        silence_stdout()
        error_line(f"pegapp: error: cannot write the output: {exc.strerror or exc}")
        return EXIT_WRITE_FAILED
    except OSError as exc:  # any other file (a cache, a folder) that failed past its own checks
        where = f" {exc.filename}" if exc.filename else ""
        error_line(f"pegapp: error: input/output error{where}: {exc.strerror or exc}")
        return EXIT_WRITE_FAILED
    finally:
        sys.stdout = own_stdout


def _map_analysis(commands):
    """`analyse` for a family with no analysis of its own but a whole map (water jugs, stone
    pairs: found by an outside check, "jugs: nothing to analyse" where the window has a Map):
    every position by its distance from the goal, as `analyse slide/...` gives it (positions,
    histogram, depth, farthest: as the family's start parameter, farthest_count)."""
    setup = getattr(commands, "hint_problem", None)
    if setup is None:
        return None

    def analyse_json(puzzle_id: str, args) -> dict:
        from pegapp.puzzles import whole_map

        puzzle, _state, _options = setup(puzzle_id, args)
        t0 = time.perf_counter()
        try:  # BadInput, with the reason, when it has none
            found = whole_map.map_of(puzzle, stop=getattr(args, "stop", never_stop))
        except Cancelled:
            return {"puzzle": puzzle.id, "status": CANCELLED}
        as_start = found.start_param or (lambda state: state)
        return {"puzzle": puzzle.id, "positions": found.positions,
                "histogram": list(found.histogram), "depth": found.depth,
                "farthest": [as_start(state) for state in found.farthest],
                "farthest_count": found.farthest_count,
                "seconds": round(time.perf_counter() - t0, 6), "status": "solved"}

    return analyse_json


def _position(commands, args, what: str):
    """The puzzle, position and solver options `hint` and `moves` work on (the family's
    hint_problem, as the Hint button), and a progress line when stderr is a terminal."""
    setup = getattr(commands, "hint_problem", None)
    if setup is None:
        raise BadInput(f"{args.puzzle}: nothing to {what}")
    puzzle, state, options = setup(args.puzzle, args)
    if getattr(args, "plugin", None):
        puzzle = guard.checked(puzzle, args.plugin)
    progress = _terminal_progress() if sys.stderr.isatty() else hints.no_progress
    return puzzle, state, options, progress


def _time_limit(args) -> TimeLimit:
    """The command's --timeout (pegapp.time_limit)."""
    return TimeLimit.of(args, bool(getattr(args, "plugin", None)))


def _hint(commands, args) -> int:
    """`pegapp hint`: pegapp.puzzles.hints.hint(), the path of the Hint button, with every answer
    printed as it comes (JSON Lines with --json; exit 0 when the final answer has a move or the
    position is solved already, 1 when there is none)."""
    puzzle, state, options, progress = _position(commands, args, "hint")
    limit = _time_limit(args)
    t0 = time.perf_counter()
    shown: dict[str, Any] = {"last": None, "closed": False}

    def show(answer, timed_out: bool = False) -> None:
        line = answer.as_json(getattr(puzzle, "format_moves", None))
        if timed_out:
            line["timed_out"] = True
        if args.json:
            print(json.dumps(line, ensure_ascii=False), flush=True)
        else:
            if line.get("proven_best"):   # a guessing game's proven strategy: the window's words
                what = "the proven best"
            elif answer.result.moves == []:
                # nothing left to play: the window's words (an outside trial read "no move")
                what = "already solved"
            elif answer.kind == "wins":
                what = "not proven shortest" if line.get("final") else "not yet proven shortest"
                # the winning line's length, as the window's hint line says it ("wins (a
                # solution in 25 moves)"; found by an outside trial: the text gave no length),
                # unless it would tell what the player cannot see (a guessing game's secret)
                if HIDDEN not in puzzle.ABILITIES and not answer.result.stats.get(HIDDEN):
                    n = len(answer.result.moves)
                    what = (f"a solution in {n} move" if n == 1
                            else f"a solution in {n} moves") + f"; {what}"
                what = f"wins ({what})"
            elif answer.result.status == SEARCHING:   # an interim line: the search goes on
                what = "searching"
            elif answer.kind == "none" and answer.result.status != UNSOLVABLE:
                # neither a move nor a proof that there is none (a budget, an unknown problem):
                # the window's "No answer", not the words of a dead position (an outside trial)
                what = "no answer"
            else:
                what = {"minimum": "minimum", "none": "no move"}[answer.kind]
            moves = line.get("notation") or line["move"] or ""
            if answer.move is not None and DESCRIBE in puzzle.ABILITIES:
                # the move in the family's words (holes by the articles' numbers, jugs from 1,
                # as the window says them); the JSON keeps the notation
                moves = puzzle.describe_move(state, answer.move, advice=True)
            # the moves that remain after the hinted one, as the window's hint line says it
            remaining = line["remaining"]
            left = "" if not remaining else (
                ", then 1 move remains at best" if remaining == 1
                else f", then {remaining} moves remain at best")
            reason = f" ({line['reason']})" if line.get("reason") else ""
            said = f"{what}: {moves}" if moves else what
            print(f"{answer.seconds:.3f}s {said}{left}{reason}", flush=True)

    def interim(answer) -> None:
        if not shown["closed"]:  # a search past its limit says no more
            if answer.result.status != SEARCHING:   # the best answer so far: never "searching"
                shown["last"] = answer
            show(answer)

    finished, final = limit.run(lambda stop: hints.hint(puzzle, state, progress, stop,
                                                        interim=interim, **options))
    shown["closed"] = True
    if not finished:  # the search did not stop when asked: the best answer it gave
        last = shown["last"]
        final = hints.HintAnswer(last.result if last is not None else SolveResult(
            CANCELLED, reason=limit.words()), time.perf_counter() - t0, True)
    if progress is not hints.no_progress:
        sys.stderr.write("\r\033[K")
    timed_out = limit.reached and not final.result.proven_solution
    show(final, timed_out)
    if timed_out:
        limit.say()
    return 0 if final.result.moves is not None else 1


def _train(commands, args) -> int:
    """`pegapp train` (pegapp/cli_train.py)."""
    return cli_train.run(args, commands, _time_limit(args), error_line)


def _moves(commands, args) -> int:
    """`pegapp moves`: pegapp.puzzles.analysis.annotate(), analysis mode's verdicts, for the
    position the same arguments as `hint` describe; one JSON object (the final annotations).
    Exit 0 with the verdicts, 1 when the time limit came before any move had one (every
    searching command's rule: "exit 0 when it has a move, else 1"; found by an outside trial:
    it said 0 with nothing decided)."""
    puzzle, state, options, progress = _position(commands, args, "analyse move by move")
    limit = _time_limit(args)
    kept: list[Any] = []
    finished, result = limit.run(lambda stop: analysis.annotate(
        puzzle, state, progress, stop, interim=kept.append, **options))
    if not finished:  # the search did not stop when asked: its last annotations, if any
        result = kept[-1] if kept else None
    if progress is not hints.no_progress:
        sys.stderr.write("\r\033[K")
    out = result.as_json(puzzle.format_moves) if result is not None else {
        "remaining": None, "proven_minimal": False, "solved": False, "dead_end": False,
        "final": True, "seconds": limit.seconds, "moves": []}
    if limit.reached and (result is None or not finished or not result.proven):
        out["timed_out"] = True
        out["proven_minimal"] = False
        limit.say()
    if args.json:
        print(json.dumps(out, ensure_ascii=False), flush=True)
    else:
        if out["solved"]:
            print("position: solved")
        elif out.get("measure") == analysis.GUESSES:
            print(f"position: {out['possible']} secrets possible; each guess with the guesses "
                  f"that find the secret, counting it, if the strategy {out['strategy']} plays "
                  "on (at most / on average)")
        elif out["dead_end"]:
            print("position: a dead end (the goal can no longer be reached)")
        elif out["remaining"] is not None:
            print(f"position: {out['remaining']} moves to finish at best")
        for verdict, m in zip(result.verdicts if result is not None else [], out["moves"]):
            # the move in the family's words, as hint says it (jugs from 1, holes by the
            # articles' numbers; found by an outside trial: hint said "Fill jug 2", moves
            # "fill 1" of the same jug); the JSON keeps the notation
            said = puzzle.describe_move(state, verdict.move, advice=True) \
                if DESCRIBE in puzzle.ABILITIES else m["notation"]
            if m["kind"] == analysis.GUESSES:
                print(f"{said}: at most {m['worst']}, {m['expected']:.2f} on average")
                continue
            left = "dead end" if m["kind"] == analysis.DEAD else (
                f"{m['remaining']} left" if m["remaining"] is not None else m["kind"])
            print(f"{said}: {left}")
    decided = [m for m in out["moves"] if m.get("kind") != "unknown"]
    return 1 if out.get("timed_out") and not decided else 0


def _review(commands, args) -> int:
    """`pegapp review PUZZLE [--start ...] --moves "..."`: the game those moves play from the
    position `hint` would start from, reviewed (pegapp.puzzles.review)."""
    if args.moves is None:
        raise BadInput(msg("review: give the game's moves (--moves \"...\"), or a save file"))
    puzzle, state, options, progress = _position(commands, args, "review")
    moves = puzzle.parse_moves(args.moves)
    try:
        replay(puzzle, state, review.player_moves(puzzle, moves))
    except IllegalMove as exc:
        raise BadInput(msg("--moves: {reason}", reason=detail(exc))) from None
    return _print_review(puzzle, state, moves, progress, options, args.json, _time_limit(args))


def names_a_file(puzzle: str) -> bool:
    """Whether review's PUZZLE names a save file rather than a puzzle: something is there, or
    it ends in .json, or it holds a path separator and its first part is no family's id
    ("pegs/english" is a puzzle, "~/games/x" a path). A file so named that cannot be read is
    then said to be one (a folder, a FIFO, a device, a missing file), never "unknown puzzle"."""
    path = os.path.expanduser(puzzle)
    if os.path.lexists(path) or path.lower().endswith(".json"):
        return True
    separators = [s for s in (os.sep, os.altsep, "/") if s]
    if path != puzzle or not any(s in path for s in separators):
        return path != puzzle
    return puzzle.split("/", 1)[0] not in registry.known_ids()


def _review_save(args) -> int:
    """`pegapp review SAVEFILE`: the game a save file holds, reviewed (its moves as saved)."""
    from pegapp.puzzles.session import Session  # deferred: only this command reads saves

    for name in ("moves", "start", "finish", "board_file"):
        if getattr(args, name, None) is not None:
            raise BadInput(msg("review: a save file holds its game; do not give {option}",
                               option=option_name(name)))
    # a SaveError names the file, field and reason (a file that cannot be read: why)
    session = Session.load(os.path.expanduser(args.puzzle))
    if args.memory is not None and MEMORY in session.puzzle.ABILITIES:
        session.puzzle.memory_gb = args.memory
    progress = _terminal_progress() if sys.stderr.isatty() else hints.no_progress
    puzzle = session.puzzle
    behind_boundary(args, registry.family_of(puzzle.id))
    if args.plugin:
        puzzle = guard.checked(puzzle, args.plugin)
    return _print_review(puzzle, session.start, session.moves, progress, {}, args.json,
                         _time_limit(args))


def _print_review(puzzle, start, moves, progress, options, as_json: bool,
                  limit: TimeLimit | None = None) -> int:
    """Review the game and print it: one JSON object, or a line per move. The progress line
    says which position of the game is being solved; at the time limit (--timeout) the rows
    reviewed so far."""
    limit = limit or TimeLimit(None)
    done = [0]
    kept: list[dict[str, Any]] = []

    def on_row(so_far) -> None:
        done[0] = len(so_far.rows) + 1   # the positions solved so far: the start, then a row each
        kept[:] = [so_far.as_json(puzzle)]

    if progress is not hints.no_progress:
        count = len(review.player_moves(puzzle, moves)) + 1
        shown = progress

        def progress(stage, depth, positions) -> None:
            shown(f"position {done[0] + 1} of {count}: {stage}", depth, positions)

    finished, result = limit.run(lambda stop: review.review(
        puzzle, start, moves, progress, stop, on_row=on_row, **options))
    if progress is not hints.no_progress:
        sys.stderr.write("\r\033[K")
    out = result.as_json(puzzle) if finished else (kept[-1] if kept else {
        "puzzle": puzzle.id, "par": None, "played": len(review.player_moves(puzzle, moves)),
        "notation": puzzle.format_moves(moves), "solved": False, "proven_minimal": False,
        "final": False, "seconds": 0.0, "turning_points": [], "moves": []})
    if limit.reached and not out["proven_minimal"]:
        out["timed_out"] = True
        limit.say()
    if as_json:
        print(json.dumps(out, ensure_ascii=False), flush=True)
        return 0
    par = "unknown" if out["par"] is None else out["par"]
    print(f"par: {par}, played: {out['played']}")
    for number, row in enumerate(out["moves"], 1):
        print(f"{number}. {review_line(row)}")
    return 0


def review_line(row: dict[str, Any]) -> str:
    """One reviewed move in words, from its JSON."""
    def left(value):
        return "dead end" if value is None else str(value)
    said = f"{row['notation']}: {left(row['before'])} -> {left(row['after'])}"
    verdict = row["verdict"]
    if verdict == review.SLOWER:
        said += f", {row['cost']} lost; best {row['best_notation']}"
    elif verdict == review.LOSING:
        said += f", turned a win into a dead end; best {row['best_notation']}"
    elif verdict is None:
        said += ", unknown"
    else:
        said += f", {verdict}"
    return said if row["proven_minimal"] else said + " (not proven)"


def _terminal_progress():
    """Progress on one rewritten stderr line, at most ten times a second."""
    t0 = time.monotonic()
    last = [0.0]

    def progress(stage, depth, positions) -> None:
        now = time.monotonic()
        if now - last[0] >= 0.1:
            last[0] = now
            sys.stderr.write(f"\r\033[K{describe(stage, depth, positions, now - t0)}")
            sys.stderr.flush()
    return progress


def _check_family(args) -> int:
    """`pegapp check-family KEY`: pegapp.puzzles.contract's rules and the view's (Qt, offscreen);
    exit 0 when none is broken, 1 with one line each on stderr (and in the JSON)."""
    from pegapp.puzzles import contract  # deferred on purpose: it loads analysis and sessions

    family = registry.families().get(args.key)
    if family is None:
        raise BadInput(msg("no family {key!r} (families: {keys})", key=args.key,
                           keys=", ".join(registry.families())))

    def view_check(family: Family) -> None:
        # deferred on purpose: the one command of the command line that needs Qt
        from pegapp.ui.view_check import check_view
        check_view(family)

    broken = contract.check_family(family, view_check)
    rules = [*contract.RULES, "view"]
    if args.json:
        print(json.dumps({"family": family.key, "rules": rules, "ok": not broken,
                          "broken": [{"rule": b.rule, "reason": b.reason} for b in broken]},
                         ensure_ascii=False))
    elif not broken:
        print(f"{family.key}: keeps the family contract ({', '.join(rules)})")
    for b in broken:
        error_line(f"pegapp: check-family {family.key}: {b}")
    return 1 if broken else 0


def _offering(handler: str) -> list[Any]:
    """The command handlers (Family.handlers) of every family that has this one."""
    return [c for c in (f.handlers() for f in registry.families().values())
            if getattr(c, handler, None) is not None]


def _plugin_error(args, exc: Exception) -> int:
    """A plug-in's own error out of its commands (past the guarded puzzle): one line naming
    the family, exit 2, as BrokenFamily says it."""
    error_line(f"pegapp: error: {BrokenFamily(args.plugin, 'family', guard.raised(args.command, exc))}")
    return 2


def _run(args) -> int:
    commands = None
    try:
        if args.command == "boards":
            # the boards of the family whose commands list some (peg solitaire's)
            commands = next(iter(_offering("boards_json")), None)
            if commands is None:
                raise BadInput(msg("no family lists boards"))
            result: Any = commands.boards_json()
            if not args.json:
                print(commands.boards_text(result))
                return 0
        elif args.command == "families":
            result = families_json()
            if not args.json:
                for f in result["families"]:
                    presets = ", ".join(dict.fromkeys(p["puzzle"] for p in f["presets"]))
                    presets = presets or f["key"]
                    print(f"{f['key']}: {f['name']} ({presets})")
                for line in result["problems"]:
                    print(f"not loaded: {line}")
                return 0
        elif args.command == "check-family":
            return _check_family(args)
        elif args.command == "problems":
            family = behind_boundary(args, family_of(args.puzzle))
            check_arguments(args, family)
            commands = family.handlers()
            if getattr(commands, "problems_json", None) is None:
                keys = ", ".join(f.key for f in registry.families().values()
                                 if getattr(f.handlers(), "problems_json", None) is not None)
                raise BadInput(msg("{puzzle}: no problem catalogue (the families with one: "
                                   "{keys})", puzzle=args.puzzle, keys=keys))
            result = commands.problems_json(args.puzzle, args)
            if not args.json:
                print(commands.problems_text(result))
                return 0
        elif args.command == "review" and names_a_file(args.puzzle):
            return _review_save(args)
        else:
            family = behind_boundary(args, family_of(args.puzzle))
            check_arguments(args, family)
            commands = family.handlers()
            own = {"hint": _hint, "moves": _moves, "review": _review, "train": _train}
            if args.command in own:
                return own[args.command](commands, args)
            handler = getattr(commands, f"{args.command}_json", None)
            if handler is None and args.command == "analyse":
                handler = _map_analysis(commands)
            if handler is None:
                raise BadInput(f"{args.puzzle}: nothing to {args.command}")
            result = limited_answer(handler, args, _time_limit(args))
    except ValueError as exc:  # BadInput, BoardError, BrokenFamily, a board the solver cannot take
        error_line(f"pegapp: error: {exc}")
        return 2
    except RecursionError:
        error_line("pegapp: error: the input is nested too deeply")
        return 2
    except MemoryError:
        error_line("pegapp: error: out of memory (try a smaller --memory budget)")
        return 3
    except Exception as exc:  # noqa: BLE001 -- a plug-in's own error, where guard did not see it
        if not getattr(args, "plugin", None):
            raise  # PegApp's own bug: its traceback is the report
        return _plugin_error(args, exc)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        # a family may word its answer for people (the jugs numbered from 1, as in the window);
        # the JSON above stays the public interface
        for_text = getattr(commands, f"{args.command}_for_text", None) if commands else None
        print(render_text(for_text(result) if for_text is not None else result))
    # 1: no answer (unsolvable, or beyond the budget with no solution found); a solution that is
    # not proven minimal is still an answer (its JSON says proven_minimal: false)
    if isinstance(result, dict) and result.get("status") in ("unsolvable", "too_large", "cancelled"):
        return 0 if result.get("moves") else 1
    return 0
