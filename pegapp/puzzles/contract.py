"""The family contract, checked: what every family -- shipped or a plug-in -- must do for the rest
of PegApp to work with it (docs/DESIGN.md, "How to add a family"), as Simon Tatham's puzzles
check a game description with validate_desc.

check_family(family) runs every rule on the family's presets and the variant dialog's defaults
and returns the broken ones, each a Broken(rule, reason); none means the family keeps the
contract. `pegapp check-family KEY` prints them (exit 1) and tests/test_family_contract.py runs
the same checks on every installed family. The view's rule (it builds and draws offscreen) needs
Qt: pegapp.ui.view_check adds it (check_family(view_check=...)), so this module stays Qt-free.

The rules, by name:

- ``family``: presets exist, each builds through make() with its params and answers to its id.
- ``puzzle``: the Puzzle interface (pegapp.puzzles.base): the methods exist and take its
  arguments; states are hashable and apply leaves its input as it was (deepcopy compared); the
  start is a position check_state accepts; every legal move applies, and a move moves() did not
  list raises IllegalMove with a translatable reason (a msg()); format_moves and parse_moves
  round-trip a line of moves.
- ``abilities``: ABILITIES is a frozenset of known abilities (base.ALL_ABILITIES); each declared
  one works (its method exists and answers), and a method of an undeclared one is absent (PegApp
  would never call it: a family that has shuffle() but no SHUFFLE has a dead Shuffle button);
  REACH's can_reach(start, stop) returns (or raises Cancelled) within STOP_SECONDS when stop()
  is True and answers True or False within SOLVE_SECONDS, each in a daemon thread.
- ``shuffle`` / ``random``: a new start the way the window asks for one (params["shuffle"] = seed;
  params["start"] = random_reachable(seed)) is built by make() from those params, is the same
  for the same seed, keeps the puzzle id, and is a position check_state accepts.
- ``save``: a game (the start, two moves) and every param of the presets and of the variant
  dialog's defaults -- whole numbers, fractional numbers, true/false, text -- survive saving and
  loading (pegapp.puzzles.session).
- ``solve``: asked to stop (stop() True), solve returns within STOP_SECONDS (run in a daemon
  thread, so a solve that never ends cannot hang the checker); solve(state) with its default
  progress and stop answers a SolveResult from the start of the first preset, and its moves,
  replayed, reach the goal.
- ``annotate``: analysis mode (pegapp.puzzles.analysis.annotate) answers for every legal move of
  the first preset's start (a family that declares ANNOTATE: every move it weighs is legal).
- ``map``: a family that declares POSITIONS_BOUND reaches at most that many positions from the
  first preset's start (the Map's walk, whole_map.reach_map, stops at the first one past it).
- ``options``: the command-line options the family declares are known ones (Family.options).
- ``translations``: a family that declares translations ships a <key>_<lang>.qm in that package.
- ``view``: (pegapp.ui.view_check) the view class builds for each preset and draws offscreen.
"""

from __future__ import annotations

import copy
import importlib.resources
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pegapp.core.messages import Message
from pegapp.puzzles import analysis, guard
from pegapp.puzzles.base import (ALL_ABILITIES, ANNOTATE, DESCRIBE, EXTEND, POSITION, RANDOM, REACH,
                                 SHUFFLE, TRAIN, BadInput, IllegalMove, replay)
from pegapp.puzzles.family import OPTIONS, Family
from pegapp.puzzles.session import Session, state_to_json
from pegapp.solvers.result import SOLVED, Cancelled, SolveResult, never_stop, no_progress
from pegapp.solvers.threads import in_daemon_thread

#: the methods an ability brings (base.py): declared -> present; not declared -> absent
ABILITY_METHODS = {EXTEND: ("join", "split"), SHUFFLE: ("shuffle",),
                   RANDOM: ("random_reachable",), DESCRIBE: ("describe_move",),
                   REACH: ("can_reach",), ANNOTATE: ("annotate_moves",),
                   POSITION: ("parse_state",), TRAIN: ("training_positions",)}
#: the Puzzle interface's methods
PUZZLE_METHODS = ("initial", "moves", "apply", "is_solved", "solve", "format_moves",
                  "parse_moves", "check_state")
#: the arguments each method of the Puzzle interface is called with (a method that cannot take
#: them is mistyped)
PUZZLE_ARGUMENTS = {"initial": 0, "moves": 1, "apply": 2, "is_solved": 1, "solve": 3,
                    "format_moves": 1, "parse_moves": 1, "check_state": 1}
#: seconds a solve asked to stop (stop() True from the first call) may take to return
STOP_SECONDS = 10.0
#: seconds the solve rule waits for the first preset's solution
SOLVE_SECONDS = 60.0
#: the seeds the shuffle and random rules try
SEEDS = (1, 2, 3)
#: positions (at most) whose moves the annotate rule checks
MAX_ANNOTATED_MOVES = analysis.MAX_MOVES


@dataclass(frozen=True)
class Broken:
    """A rule the family breaks, and why (one line for the family's author)."""
    rule: str
    reason: str

    def __str__(self) -> str:
        return f"rule {self.rule!r} broken: {self.reason}"


class _Broken(Exception):
    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class _Hangs(_Broken):
    """solve did not return in time: a later rule that solves (analysis) would hang too."""


def _require(condition: bool, reason: str) -> None:
    if not condition:
        raise _Broken(reason)


def _guarded(what: str, call: Callable[[], Any]) -> Any:
    """call(); a family's own error (TypeError, AttributeError, ...) becomes _Broken naming what
    was asked, in the contract's words, with the error."""
    try:
        return call()
    except _Broken:
        raise
    except Exception as exc:  # noqa: BLE001 -- any error of the family's breaks the rule
        raise _Broken(f"{what}: {type(exc).__name__}: {exc}".replace("\n", " ")) from None


def _hashable(puzzle_id: str, state: Any, where: str) -> None:
    try:
        hash(state)
    except TypeError as exc:
        raise _Broken(guard.unhashable(puzzle_id, where, exc)) from None


def _translatable(puzzle_id: str, text: Any, what: str) -> None:
    _require(isinstance(text, Message),
             f"{puzzle_id}: {what} is a plain {type(text).__name__}, not translatable "
             "(player-facing text is a msg(), pegapp.core.messages)")


def _in_thread(call: Callable[[], Any], seconds: float) -> tuple[bool, Any]:
    """(finished, call()'s value), call in a daemon thread for at most seconds (threads.py):
    a solve that never returns cannot hang the checker."""
    return in_daemon_thread(call, seconds)


def _games(family: Family) -> list[tuple[str, dict[str, Any]]]:
    """(puzzle id, params) of every preset, then of the variant dialog's defaults."""
    games = [(p.puzzle_id, dict(p.params)) for p in family.presets]
    if family.params:
        games.append(family.variant(family.defaults()))
    return games


def _rule_family(family: Family) -> None:
    _require(bool(family.presets), "the family has no presets (the picker would show nothing)")
    _require(":" in family.view, f"view {family.view!r} is not \"module:Class\"")
    for preset in family.presets:
        _require(family.answers(preset.puzzle_id),
                 f"preset {preset.puzzle_id!r} is not one of its ids {family.prefixes}")
        puzzle = family.make(preset.puzzle_id, dict(preset.params))
        _require(family.answers(puzzle.id), f"make() of {preset.puzzle_id!r} gave a puzzle "
                                            f"with the id {puzzle.id!r}, not one of the family's")


def _rule_puzzle(family: Family) -> None:
    for puzzle_id, params in _games(family):
        puzzle = family.make(puzzle_id, params)
        _check_methods(puzzle_id, puzzle)
        start = _guarded(f"{puzzle_id}: initial()", puzzle.initial)
        _hashable(puzzle_id, start, "initial() gave")
        _require(_guarded(f"{puzzle_id}: check_state(initial())",
                          lambda: puzzle.check_state(start)) == start,
                 f"{puzzle_id}: check_state(initial()) is not the start")
        line = []
        state = start
        for _ in range(2):
            moves = _guarded(f"{puzzle_id}: moves(state)", lambda: list(puzzle.moves(state)))
            if not moves:
                break
            for move in moves:
                _check_apply(puzzle_id, puzzle, state, move)  # every legal move applies
            _check_unlisted(puzzle_id, puzzle, state, moves)
            line.append(moves[0])
            state = puzzle.apply(state, moves[0])
        if line:
            text = _guarded(f"{puzzle_id}: format_moves(moves)", lambda: puzzle.format_moves(line))
            read = _guarded(f"{puzzle_id}: parse_moves(format_moves(moves))",
                            lambda: puzzle.parse_moves(text))
            _require([_plain(m) for m in read] == [_plain(m) for m in line],
                     f"{puzzle_id}: parse_moves(format_moves(moves)) is not the moves ({text!r})")


def _check_methods(puzzle_id: str, puzzle: Any) -> None:
    """The Puzzle interface's methods exist, are methods, and take the contract's arguments."""
    missing = [m for m in PUZZLE_METHODS if not callable(getattr(puzzle, m, None))]
    _require(not missing, f"{puzzle_id}: the puzzle has no method {', '.join(missing)} "
                          "(the Puzzle interface, pegapp.puzzles.base)")
    _require(isinstance(getattr(puzzle, "id", None), str), f"{puzzle_id}: no id string")
    for name, count in PUZZLE_ARGUMENTS.items():
        try:
            inspect.signature(getattr(puzzle, name)).bind(*([None] * count))
        except TypeError as exc:
            raise _Broken(f"{puzzle_id}: {name}() does not take the {count} argument(s) the "
                          f"Puzzle interface gives it: {exc}") from None
        except ValueError:  # no signature to read (a builtin): trusted
            pass


def _check_apply(puzzle_id: str, puzzle: Any, state: Any, move: Any) -> None:
    """apply(state, move) of a listed move: it answers, leaves state as it was, and gives a
    hashable state."""
    before = copy.deepcopy(state)
    after = _guarded(f"{puzzle_id}: apply(state, {move!r}) of a move moves() listed",
                     lambda: puzzle.apply(state, move))
    _require(state == before, guard.changed_input(puzzle_id, move))
    _hashable(puzzle_id, after, f"apply(state, {move!r}) gave")


def _check_unlisted(puzzle_id: str, puzzle: Any, state: Any, listed: list) -> None:
    """A move moves(state) did not list (one listed after another move) is refused by apply
    with IllegalMove, whose reason is translatable."""
    plain = [_plain(m) for m in listed]
    hashed = set()
    for p in plain:
        try:
            hashed.add(_frozen(p))
        except TypeError:   # not hashable even as tuples (a dict): looked up in plain below
            pass

    def unlisted(m) -> bool:
        # a set lookup where the move hashes: bulls lists 5,040 guesses, and 3 x 5,040 looked up
        # in the list one by one took 1.2 s of its contract check (2026-12-07)
        p = _plain(m)
        try:
            return _frozen(p) not in hashed and p not in plain
        except TypeError:
            return p not in plain

    others = []
    for move in listed[:3]:
        after = puzzle.apply(state, move)
        others += [m for m in _guarded(f"{puzzle_id}: moves(state)",
                                       lambda: list(puzzle.moves(after)))
                   if unlisted(m)]
    for move in others[:5]:
        before = copy.deepcopy(state)
        try:
            puzzle.apply(state, move)
        except IllegalMove as exc:
            _translatable(puzzle_id, exc.args[0] if exc.args else "", "IllegalMove's reason")
        except Exception as exc:  # noqa: BLE001 -- any other error is the family's bug
            raise _Broken(f"{puzzle_id}: apply(state, {move!r}) of a move moves() did not list "
                          f"raised {type(exc).__name__}: {exc}, not IllegalMove") from None
        else:
            raise _Broken(f"{puzzle_id}: apply accepted the move {move!r}, which moves() did "
                          "not list (apply raises IllegalMove for it)")
        _require(state == before, guard.changed_input(puzzle_id, move))


def _plain(value: Any) -> Any:
    return state_to_json(tuple(value)) if isinstance(value, (list, tuple)) else value


def _frozen(value: Any) -> Any:
    """value (a move as _plain gives it) with its lists made tuples, equal where value is equal:
    a key for a set (TypeError where some part does not hash)."""
    value = tuple(_frozen(v) for v in value) if isinstance(value, list) else value
    hash(value)
    return value


def _rule_abilities(family: Family) -> None:
    for puzzle_id, params in _games(family)[:1]:
        puzzle = family.make(puzzle_id, params)
        abilities = getattr(puzzle, "ABILITIES", None)
        if not isinstance(abilities, frozenset):
            raise _Broken(f"{puzzle_id}: ABILITIES is a {type(abilities).__name__}, not a "
                          "frozenset")
        unknown = sorted(abilities - ALL_ABILITIES)
        _require(not unknown, f"{puzzle_id}: unknown abilities {unknown} (known: "
                              f"{', '.join(sorted(ALL_ABILITIES))})")
        for ability, methods in ABILITY_METHODS.items():
            for method in methods:
                has = callable(getattr(puzzle, method, None))
                if ability in abilities:
                    _require(has, f"{puzzle_id}: declares {ability!r} but has no {method}()")
                else:
                    _require(not has, f"{puzzle_id}: has {method}() but does not declare "
                                      f"{ability!r} in ABILITIES (PegApp never calls it)")
        start = puzzle.initial()
        if DESCRIBE in abilities:
            for move in list(puzzle.moves(start))[:3]:
                for advice in (False, True):
                    words = puzzle.describe_move(start, move, advice=advice)
                    _require(isinstance(words, str) and words.strip() != "",
                             f"{puzzle_id}: describe_move gave {words!r}")
        if REACH in abilities:
            _check_reach(puzzle_id, puzzle, start)
        if EXTEND in abilities:
            for move in list(puzzle.moves(start))[:3]:
                steps = list(puzzle.split(move))
                _require(bool(steps), f"{puzzle_id}: split({move!r}) gave no steps")
                joined = steps[0]
                for step in steps[1:]:
                    joined = puzzle.join(joined, step)
                _require(_plain(joined) == _plain(move),
                         f"{puzzle_id}: join() of split({move!r}) is not the move")


def _rule_new_starts(family: Family, ability: str) -> None:
    for puzzle_id, params in _games(family):
        puzzle = family.make(puzzle_id, params)
        if ability not in puzzle.ABILITIES:
            continue
        starts = []
        for seed in SEEDS:
            # the window's Shuffle (pegapp.ui.game_window.new_random_game), exactly
            asked = dict(params)
            if ability == SHUFFLE:
                asked.pop("start", None)
                asked["shuffle"] = seed
                expected = puzzle.shuffle(seed)
            else:
                expected = puzzle.random_reachable(seed)
                asked["start"] = state_to_json(expected)
            _require(_plain(expected) == _plain(
                puzzle.shuffle(seed) if ability == SHUFFLE else puzzle.random_reachable(seed)),
                f"{puzzle_id}: the same seed {seed} gave two different starts")
            again = family.make(puzzle_id, asked)
            _require(again.id == puzzle.id, f"{puzzle_id}: with params {asked} make() built "
                                            f"{again.id!r}")
            key = "shuffle" if ability == SHUFFLE else "start"
            _require(_plain(again.initial()) == _plain(expected),
                     f"{puzzle_id}: make() did not honour params[{key!r}] (its start is not "
                     f"the one {'shuffle' if ability == SHUFFLE else 'random_reachable'}"
                     f"({seed}) gave)")
            _require(_plain(again.check_state(again.initial())) == _plain(expected),
                     f"{puzzle_id}: check_state refuses the start of seed {seed}")
            starts.append(_plain(expected))
        _require(len({repr(s) for s in starts}) > 1,
                 f"{puzzle_id}: the seeds {SEEDS} all gave the same start")


def _rule_shuffle(family: Family) -> None:
    _rule_new_starts(family, SHUFFLE)


def _rule_random(family: Family) -> None:
    _rule_new_starts(family, RANDOM)


def _rule_save(family: Family) -> None:
    for puzzle_id, params in _games(family):
        puzzle = family.make(puzzle_id, params)
        session = Session(puzzle, params)
        for _ in range(2):
            moves = session.legal_moves
            if not moves or session.solved:
                break
            session.push(moves[0])
        text = session.to_json()
        again = Session.from_json(text, source=f"{puzzle_id} save", family=family.key)
        _require(again.puzzle.id == puzzle.id, f"{puzzle_id}: a save loads as {again.puzzle.id}")
        _require(again.params == session.params,
                 f"{puzzle_id}: params {session.params} load as {again.params}")
        for name, value in session.params.items():
            _require(type(again.params[name]) is type(value),
                     f"{puzzle_id}: params[{name!r}] {value!r} loads as {again.params[name]!r}")
        _require(again.start == session.start, f"{puzzle_id}: the start does not survive a save")
        _require(again.notation == session.notation and again.state == session.state,
                 f"{puzzle_id}: the moves do not survive a save")


def _stopped_reach(puzzle, start) -> None:
    """can_reach asked to stop: an answer or Cancelled, both keep the contract (the window's
    walk back then ends either way)."""
    try:
        puzzle.can_reach(start, stop=lambda: True)
    except Cancelled:
        pass


def _check_reach(puzzle_id: str, puzzle, start) -> None:
    """REACH: can_reach(start, stop) returns within STOP_SECONDS when stop() is True (the
    window's walk back to a position that can win is cancelled so), and answers True or False
    within SOLVE_SECONDS otherwise; each in a daemon thread, so neither can hang the checker."""
    what = f"{puzzle_id}: can_reach(start, stop=...)"
    finished, _ = _guarded(what, lambda: _in_thread(lambda: _stopped_reach(puzzle, start),
                                                    STOP_SECONDS))
    if not finished:
        raise _Hangs(f"{what} did not stop within {STOP_SECONDS:g} s when asked (stop() "
                     "returns True: return at once, or raise pegapp.solvers.result.Cancelled)")
    finished, reaches = _guarded(what, lambda: _in_thread(
        lambda: puzzle.can_reach(start, stop=never_stop), SOLVE_SECONDS))
    if not finished:
        raise _Hangs(f"{what} did not answer within {SOLVE_SECONDS:g} s")
    _require(isinstance(reaches, bool), f"{what} is not True or False")


def _rule_solve(family: Family, stop_seconds: float = STOP_SECONDS,
                solve_seconds: float = SOLVE_SECONDS) -> None:
    preset = family.presets[0]
    puzzle = family.make(preset.puzzle_id, dict(preset.params))
    start = puzzle.initial()
    what = f"{preset.puzzle_id}: solve(start)"
    finished, _ = _guarded(what, lambda: _in_thread(
        lambda: puzzle.solve(start, no_progress, lambda: True), stop_seconds))
    if not finished:
        raise _Hangs(f"{preset.puzzle_id}: solve did not stop within {stop_seconds:g} s when "
                     "asked (stop() returns True: solve returns at once, CANCELLED)")
    # the defaults: GenericCommands and `pegapp solve` call it so
    finished, result = _guarded(what, lambda: _in_thread(lambda: puzzle.solve(start),
                                                         solve_seconds))
    if not finished:
        raise _Hangs(f"{what} did not answer within {solve_seconds:g} s")
    _require(isinstance(result, SolveResult), guard.not_a_result(what, result))
    if result.reason:
        _translatable(preset.puzzle_id, result.reason, "the solution's reason")
    _require(result.status == SOLVED and result.moves is not None,
             f"{what} answered {result.status!r} ({result.reason or 'no reason'})")
    end = _guarded(f"{preset.puzzle_id}: the solution's moves", lambda: replay(
        puzzle, start, result.moves))
    _require(puzzle.is_solved(end), f"{preset.puzzle_id}: the solution's moves do not reach the "
                                    "goal (replayed from the start, is_solved is False)")


def _rule_annotate(family: Family) -> None:
    preset = family.presets[0]
    puzzle = family.make(preset.puzzle_id, dict(preset.params))
    start = puzzle.initial()
    if puzzle.is_solved(start):
        return
    annotations = analysis.annotate(puzzle, start)
    legal = [_plain(m) for m in puzzle.moves(start)]
    seen = [_plain(v.move) for v in annotations.verdicts]
    if ANNOTATE in puzzle.ABILITIES:
        _require(bool(seen), f"{preset.puzzle_id}: annotate_moves weighed no move")
        strange = [m for m in seen if m not in legal]
        if strange:
            raise _Broken(f"{preset.puzzle_id}: annotate_moves weighed {strange[0]!r}, not a "
                          "legal move")
        return
    _require(sorted(map(repr, seen)) == sorted(map(repr, legal)),
             f"{preset.puzzle_id}: analysis answers for {len(seen)} of {len(legal)} legal moves")
    unknown = [v.move for v in annotations.verdicts if v.kind == analysis.UNKNOWN]
    _require(not unknown, f"{preset.puzzle_id}: no verdict for the move {unknown[:1]}")


def _rule_map(family: Family) -> None:
    """A family that declares POSITIONS_BOUND (and makes no Map of its own): the Map of the
    first preset, walked as the window walks it (whole_map.reach_map), stays within the bound
    -- an understated one is named here, as the Map names it, never "too many positions"
    after a walk up to what a map could hold."""
    from pegapp.puzzles import whole_map  # deferred: only this rule maps

    preset = family.presets[0]
    puzzle = family.make(preset.puzzle_id, dict(preset.params))
    if getattr(puzzle, "map_maker", None) is not None or \
            getattr(puzzle, "POSITIONS_BOUND", None) is None:
        return
    bound = puzzle.POSITIONS_BOUND
    _require(isinstance(bound, int) and not isinstance(bound, bool) and bound > 0,
             f"{preset.puzzle_id}: POSITIONS_BOUND {bound!r} is not a positive whole number")
    if bound > whole_map.MAX_DICT_POSITIONS:
        return  # no Map is offered: nothing is walked
    try:
        finished, _ = _in_thread(lambda: whole_map.reach_map(puzzle, no_progress, never_stop),
                                 SOLVE_SECONDS)
    except BadInput as exc:  # the Map's own words: an understated bound, no goal reached
        raise _Broken(str(exc)) from None
    except Exception as exc:  # noqa: BLE001 -- the family's own error, while walking its moves
        raise _Broken(guard.raised(f"{preset.puzzle_id}: the Map", exc)) from None
    if not finished:
        raise _Hangs(f"{preset.puzzle_id}: the Map of its POSITIONS_BOUND ({bound:,}) "
                     f"positions was not walked within {SOLVE_SECONDS:g} s")


def _rule_options(family: Family) -> None:
    unknown = [o for o in family.options if o not in OPTIONS]
    _require(not unknown, f"unknown command-line options {unknown}")


def _rule_translations(family: Family) -> None:
    if not family.translations:
        return
    try:
        folder = importlib.resources.files(family.translations)
    except (ImportError, TypeError, ValueError) as exc:
        raise _Broken(f"translations {family.translations!r}: {exc}") from None
    found = [f.name for f in folder.iterdir() if f.name.startswith(f"{family.key}_")
             and f.name.endswith(".qm")]
    _require(bool(found), f"translations: no {family.key}_<lang>.qm in {family.translations}")


#: every Qt-free rule, in the order they run (a later one may need an earlier one)
RULES: dict[str, Callable[[Family], None]] = {
    "family": _rule_family, "puzzle": _rule_puzzle, "abilities": _rule_abilities,
    "shuffle": _rule_shuffle, "random": _rule_random, "save": _rule_save, "solve": _rule_solve,
    "annotate": _rule_annotate, "map": _rule_map, "options": _rule_options,
    "translations": _rule_translations,
}


def check_family(family: Family,
                 view_check: Callable[[Family], None] | None = None,
                 stop_seconds: float | None = None) -> list[Broken]:
    """The rules the family breaks (none: it keeps the contract). view_check(family): the view's
    rule (pegapp.ui.view_check.check_view), raising AssertionError or any error when broken.
    stop_seconds: how long a solve asked to stop may run before the rule 'solve' is broken
    (None: STOP_SECONDS, read when called, so a test of `pegapp check-family` can wait less)."""
    stop_seconds = STOP_SECONDS if stop_seconds is None else stop_seconds
    broken: list[Broken] = []
    rules = dict(RULES)
    rules["solve"] = lambda checked: _rule_solve(checked, stop_seconds)
    hangs = False
    if view_check is not None:
        rules["view"] = view_check
    for name, rule in rules.items():
        if name == "annotate" and hangs:
            continue  # analysis solves each move's position: a solve that hangs would hang it
        try:
            rule(family)
        except _Hangs as exc:
            broken.append(Broken(name, exc.reason))
            hangs = True
        except _Broken as exc:
            broken.append(Broken(name, exc.reason))
        except Exception as exc:  # noqa: BLE001 - a family's own error breaks the rule too
            broken.append(Broken(name, f"{type(exc).__name__}: {exc}".replace("\n", " ")))
        if broken and name in ("family", "puzzle"):
            break  # the later rules build on a family and puzzle that work
    return broken
