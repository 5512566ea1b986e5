"""What a puzzle family is, in one value: ``FAMILY = Family(...)`` at the end of its module.

A family module (or a plug-in package) says everything the rest of PegApp needs in one place:
its names and rules, its presets, its parameters (one description read by the command line, the
variant dialog and the picker), how to build a puzzle, which view draws it (a "module:Class"
string, imported by pegapp.ui only, so this file and the family modules stay Qt-free), its
statistics key, and its command-line handlers. pegapp.puzzles.registry finds the families through
the entry-point group ``pegapp.families``.

Param, the variant dialog's fields
----------------------------------
A family's ``params`` are the fields of its "Choose the puzzle" dialog, in order; ``choose(values)``
turns the values the player gave (one per Param name) into ``(puzzle_id, params)`` for ``make``.
One field per Param:

- ``kind="int"``: a whole number (a spin box) from ``minimum`` to ``maximum``. When its range
  depends on another field (stone pairs: 2..10 kinds but 2..13 pairs), ``ranges`` gives
  ``((other value, minimum, maximum), ...)`` and ``range_of`` names that other field (a
  ``"choice"`` Param listed before it); ``Param.limits(values)`` picks the range.
- ``kind="ints"``: several whole numbers typed in one line ("8, 5"); ``minimum``/``maximum`` bound
  each, ``count=(fewest, most)`` how many.
- ``kind="choice"``: one of ``choices``, a tuple of ``(value, label)`` pairs (a combo box showing
  the labels).
- ``kind="text"``: free text.
- ``kind="bool"``: on or off (a check box); the value is True or False.

A fractional number is typed as "text" and read by ``choose``. Whatever ``choose`` returns as
params is saved with a game as JSON and given back to ``make`` on load: whole numbers, finite
fractional numbers, true/false, text and lists of them survive (pegapp.puzzles.session); a family
keeps its params to those.

``label``, choice labels and ``help`` are English msg() texts (so the Japanese comes from the
"Messages" catalogue through pegapp.ui.i18n.translated). ``Param.read(text)`` parses what the player
typed (BadInput with the reason) and checks the bounds; ``choose`` may still refuse a combination
(BadInput), and ``make`` is the final judge.

A family with no other sizes has ``params=()`` (the window then offers no variant dialog).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pegapp.core.messages import detail, msg
from pegapp.puzzles.base import BadInput, vouched
from pegapp.solvers.record import add_search
from pegapp.solvers.result import no_progress

INT = "int"
INTS = "ints"
CHOICE = "choice"
TEXT = "text"
BOOL = "bool"
KINDS = (INT, INTS, CHOICE, TEXT, BOOL)


@dataclass(frozen=True)
class Preset:
    """A named puzzle of a family as the picker lists it: its id and the params for make().
    ``difficulty`` and ``summary`` are optional: the picker derives them from the puzzle when a
    family declares neither (see pegapp.ui.picker)."""
    puzzle_id: str
    name: str
    name_ja: str
    params: dict[str, Any] = field(default_factory=dict)
    difficulty: int = 0      # the picker's level: 1 easy, 2 medium, 3 hard, 4 very hard; 0 derived
    summary: str = ""        # the picker's one line under the name, a msg(); "": derived

    def display_name(self, language: str = "en") -> str:
        return self.name_ja if language == "ja" and self.name_ja else self.name

    def to_json(self) -> dict[str, Any]:
        return {"puzzle": self.puzzle_id, "name": self.name, "name_ja": self.name_ja,
                "params": dict(self.params)}


@dataclass(frozen=True)
class Param:
    """One parameter of a family: a field of the variant dialog (see the module's text)."""
    name: str                # key in the values dict given to Family.choose
    label: str               # English label, a msg() (the "Messages" catalogue has the Japanese)
    kind: str                # "int" | "ints" | "choice" | "text" | "bool"
    default: Any = None
    choices: tuple[tuple[Any, str], ...] = ()   # "choice": (value, English label) pairs
    minimum: int | None = None                  # "int": the least value; "ints": of each value
    maximum: int | None = None
    help: str = ""
    range_of: str = ""                          # "int": the Param whose value sets the range ...
    ranges: tuple[tuple[Any, int, int], ...] = ()   # ... as (that value, minimum, maximum)
    count: tuple[int, int] | None = None        # "ints": how many values (fewest, most)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"Param {self.name}: kind {self.kind!r} is not one of {KINDS}")
        if self.kind == CHOICE and not self.choices:
            raise ValueError(f"Param {self.name}: a choice needs choices")
        if bool(self.range_of) != bool(self.ranges):
            raise ValueError(f"Param {self.name}: range_of and ranges go together")

    def limits(self, values: dict[str, Any] | None = None) -> tuple[int | None, int | None]:
        """(minimum, maximum) of an "int" (of each value of "ints"), given the other fields'
        values when the range depends on one of them."""
        if self.range_of and values is not None:
            for value, low, high in self.ranges:
                if values.get(self.range_of) == value:
                    return low, high
        return self.minimum, self.maximum

    def read(self, text: Any, values: dict[str, Any] | None = None) -> Any:
        """The value of this field from what the player typed (or a value already parsed),
        checked: BadInput with the reason otherwise."""
        if self.kind == INT:
            value = _whole(text, self.label)
            self._check_bounds(value, values)
            return value
        if self.kind == INTS:
            items = text if isinstance(text, (list, tuple)) else \
                [t for t in re.split(r"[\s,;]+", str(text).strip()) if t]
            numbers = [_whole(t, self.label) for t in items]
            if self.count is not None and not self.count[0] <= len(numbers) <= self.count[1]:
                raise BadInput(msg("{field}: give {low} to {high} numbers", field=self.label,
                                   low=self.count[0], high=self.count[1]))
            for n in numbers:
                self._check_bounds(n, values)
            return numbers
        if self.kind == BOOL:
            return _on_off(text, self.label)
        if self.kind == CHOICE:
            for value, _label in self.choices:
                if text == value or str(text) == str(value):
                    return value
            raise BadInput(msg("{field}: {value!r} is not one of the choices", field=self.label,
                               value=text))
        return str(text)

    def _check_bounds(self, value: int, values: dict[str, Any] | None) -> None:
        low, high = self.limits(values)
        if (low is not None and value < low) or (high is not None and value > high):
            raise BadInput(msg("{field}: {value} is not from {low} to {high}", field=self.label,
                               value=value, low=low, high=high))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "label": str(self.label), "kind": self.kind,
                               "default": self.default}
        if self.choices:
            out["choices"] = [{"value": v, "label": str(label)} for v, label in self.choices]
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.ranges:
            out["range_of"] = self.range_of
            out["ranges"] = [{"value": v, "minimum": lo, "maximum": hi} for v, lo, hi in self.ranges]
        if self.count is not None:
            out["count"] = list(self.count)
        if self.help:
            out["help"] = str(self.help)
        return out


def _whole(text: Any, label: str) -> int:
    if isinstance(text, bool):
        raise BadInput(msg("{field}: {value!r} is not a whole number", field=label, value=text))
    if isinstance(text, int):
        return text
    if isinstance(text, str) and re.fullmatch(r"\s*[+-]?[0-9]+\s*", text, re.ASCII):
        return int(text)
    raise BadInput(msg("{field}: {value!r} is not a whole number", field=label, value=text))


#: the command-line options of the puzzle commands a family may read (argparse names: --first-move
#: is "first_move"), declared in Family.options; `pegapp solve|analyse|hint|moves` refuses one the
#: puzzle's family does not read, naming the ones it does
OPTIONS = ("start", "finish", "count", "first_move", "kinds", "pairs", "capacities", "target",
           "strategy", "ruleset", "secret", "memory", "board_file", "search")


def option_name(option: str) -> str:
    """How the player types an option: "first_move" -> "--first-move"."""
    return "--" + option.replace("_", "-")


def option_value(args: Any, option: str, read: Callable[[Any], Any]) -> Any:
    """The command line's option read by read (None when not given), its refusal naming the
    option: "--start: a 3x3 board needs 9 entries ...". A family's readers speak of the value
    (the window's dialogs use them too); which option held it is said here, once for all."""
    value = getattr(args, option, None)
    if value is None:
        return None
    try:
        return read(value)
    except BadInput as exc:
        raise BadInput(msg("{option}: {reason}", option=option_name(option),
                           reason=detail(exc))) from None


def _on_off(value: Any, label: str) -> bool:
    if isinstance(value, bool):
        return value
    word = str(value).strip().lower()
    if word in ("true", "yes", "on", "1"):
        return True
    if word in ("false", "no", "off", "0"):
        return False
    raise BadInput(msg("{field}: {value!r} is not on or off", field=label, value=value))


def puzzle_key(puzzle: Any) -> str:
    """The default statistics key of a puzzle: its id."""
    return puzzle.id


def no_variant(puzzle_id: str, params: dict[str, Any]) -> str:
    """The default statistics variant: the id tells puzzles apart, shuffled starts share a row."""
    return ""


def no_catalogue(puzzle: Any, start: Any) -> None:
    """The default: a family with no catalogue of problems (the ending finds its par by search)."""
    return None


def with_variant(name: str, variant: str) -> str:
    """A statistics row's name: the puzzle's name, then its variant in brackets when it has one
    (a msg(), so pegapp.ui translates the words of a name that is a msg() too)."""
    return msg("{name} ({variant})", name=name, variant=variant) if variant else name


@dataclass(frozen=True)
class Family:
    """A puzzle family: everything PegApp needs to list, build, solve, show and count its
    puzzles (see the module's text for params and choose)."""
    key: str                 # "slide"; puzzle ids are "slide/4x4" or just "jugs"
    name: str
    name_ja: str
    rules: str
    presets: tuple[Preset, ...]
    params: tuple[Param, ...]
    make: Callable[[str, dict], Any]       # make(puzzle_id, params) -> a Puzzle (BadInput if not)
    view: str                              # "package.module:ViewClass", imported by pegapp.ui only
    stats_id: Callable[[Any], str] = puzzle_key    # the statistics key of a puzzle
    ids: tuple[str, ...] = ()              # extra id prefixes it answers to ("mastermind")
    commands: Any = None                   # module or object with solve_json(puzzle_id, args),
    #                                        analyse_json, hint_problem(puzzle_id, args) -> (puzzle,
    #                                        state, options); None: the generic ones (GenericCommands)
    choose: Callable[[dict], tuple[str, dict]] | None = None   # variant dialog values -> (id, params)
    values_of: Callable[[Any], dict] | None = None   # a puzzle -> the variant dialog's values that
    #                                        choose it (the dialog opens at the game on screen);
    #                                        None: the params' defaults
    stats_variant: Callable[[str, dict], str] = no_variant     # (puzzle_id, params) -> variant key
    stats_name: Callable[[str, str, str], str] | None = None   # (stats id, variant, language) ->
    #                                        the name of a statistics row; None: row_name's default
    catalogue_problem: Callable[[Any, Any], Any] = no_catalogue  # (puzzle, start state) -> the
    #                                        shipped catalogue's problem of a game from that start
    #                                        (its par, proven or best known), or None
    options: tuple[str, ...] = ()          # the command-line options its commands read (see
    #                                        OPTIONS); `pegapp` refuses any other one it is given,
    #                                        and, where commands has <command>_options (a tuple,
    #                                        e.g. analyse_options = () for an analysis of every
    #                                        position), any that command does not read
    warm_up: Callable[[], None] | None = None   # loads what the first solve would (compiled
    #                                        kernels, tables); the game calls it in the background
    translations: str = ""                 # a package whose folder holds <key>_<lang>.qm (Qt's
    #                                        compiled .ts): the family's own words in that language,
    #                                        loaded after PegApp's (pegapp.ui.i18n)

    def __post_init__(self) -> None:
        if not self.key or "/" in self.key:
            raise ValueError(f"family key {self.key!r}: a non-empty name without '/'")
        names = [p.name for p in self.params]
        if len(set(names)) != len(names):
            raise ValueError(f"family {self.key}: two params share a name")
        for p in self.params:
            if p.range_of and p.range_of not in names:
                raise ValueError(f"family {self.key}: {p.name} depends on unknown {p.range_of}")
        unknown = [o for o in self.options if o not in OPTIONS]
        if unknown:
            raise ValueError(f"family {self.key}: unknown command-line option {unknown[0]!r} "
                             f"(one of {', '.join(OPTIONS)})")

    @property
    def prefixes(self) -> tuple[str, ...]:
        """Every puzzle-id prefix this family answers to: its key, then ids."""
        return (self.key, *self.ids)

    def answers(self, puzzle_id: str) -> bool:
        return puzzle_id.split("/", 1)[0] in self.prefixes

    def display_name(self, language: str = "en") -> str:
        return self.name_ja if language == "ja" and self.name_ja else self.name

    def row_name(self, stats_id: str, variant: str = "", language: str = "en") -> str:
        """The name of a statistics row of this family, in language ("en" or "ja"; a msg() part
        is translated by pegapp.ui): the family's stats_name, else the name of the preset with
        that id, else the id itself; the variant in brackets after it."""
        if self.stats_name is not None:
            return self.stats_name(stats_id, variant, language)
        preset = next((p for p in self.presets if p.puzzle_id == stats_id), None)
        return with_variant(preset.display_name(language) if preset else stats_id, variant)

    def defaults(self) -> dict[str, Any]:
        """The variant dialog's first values: each Param's default."""
        return {p.name: p.default for p in self.params}

    def variant(self, values: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """(puzzle_id, params) for the values of the variant dialog (one per Param, as typed or
        parsed); BadInput with the reason when they make no puzzle. Built and checked by make."""
        if not self.params:
            raise BadInput(msg("this puzzle has no other sizes"))
        checked: dict[str, Any] = {}
        for p in self.params:  # choices first: an int's range may depend on one
            if p.kind == CHOICE:
                checked[p.name] = p.read(values.get(p.name, p.default))
        for p in self.params:
            if p.kind != CHOICE:
                checked[p.name] = p.read(values.get(p.name, p.default), checked)
        checked = {p.name: checked[p.name] for p in self.params}
        puzzle_id, params = self.choose(checked) if self.choose else (self.key, checked)
        self.make(puzzle_id, params)
        return puzzle_id, params

    def handlers(self) -> Any:
        """The command-line handlers: the family's commands, or the generic ones."""
        return self.commands if self.commands is not None else GenericCommands(self)

    def to_json(self) -> dict[str, Any]:
        """What `pegapp families --json` says of this family."""
        return {"key": self.key, "name": self.name, "name_ja": self.name_ja, "rules": self.rules,
                "presets": [p.to_json() for p in self.presets],
                "params": [p.to_json() for p in self.params], "ids": list(self.prefixes),
                "view": self.view, "options": [option_name(o) for o in self.options]}


class GenericCommands:
    """solve_json and hint_problem for a family that brings none: the puzzle from
    Family.make(puzzle_id, {}), solved from its initial state by its own solve(). The JSON has the
    fields every family's has (puzzle, start, status, moves, length, proven_minimal, seconds,
    notation, and reason when there is one)."""

    def __init__(self, family: Family):
        self.family = family

    def hint_problem(self, puzzle_id: str, args: Any):
        puzzle = self.family.make(puzzle_id, {})
        return puzzle, puzzle.initial(), {}

    def solve_json(self, puzzle_id: str, args: Any) -> dict[str, Any]:
        """The solve of the puzzle's initial state; args.stop, when the command line sets one
        (--timeout), goes to the family's solve."""
        puzzle = self.family.make(puzzle_id, {})
        return solve_json_of(puzzle, puzzle_id, puzzle.initial(), getattr(args, "stop", None))


def _plain(value: Any) -> Any:
    """A state or move as JSON: tuples become lists, everything else as it is."""
    if isinstance(value, (tuple, list, frozenset, set)):
        return [_plain(v) for v in value]
    return value


def solve_json_of(puzzle: Any, puzzle_id: str, start: Any,
                  stop: Callable[[], bool] | None = None) -> dict[str, Any]:
    """`pegapp solve` for any Puzzle: the fields every family's answer has. stop: given to
    solve (with no_progress) when there is one; without, solve(start) with its defaults."""
    t0 = time.perf_counter()
    answer = puzzle.solve(start) if stop is None else puzzle.solve(start, no_progress, stop)
    res = vouched(puzzle, start, answer)
    seconds = time.perf_counter() - t0
    out: dict[str, Any] = {
        "puzzle": puzzle_id, "start": _plain(start), "status": res.status,
        "moves": _plain(res.moves) if res.moves is not None else None, "length": res.length,
        "proven_minimal": res.proven_solution,
        "seconds": round(seconds, 6),
        "notation": puzzle.format_moves(res.moves) if res.moves is not None else "",
    }
    if res.reason:
        out["reason"] = res.reason
    add_search(out, res)
    return out
