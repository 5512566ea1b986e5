"""Water jugs: measure a target amount with unmarked jugs and unlimited water (seed article 003).

Two to five jugs with whole-litre capacities, all empty at the start. An operation is one of

* ``fill i``   -- fill jug i from the tap,
* ``empty i``  -- pour jug i away,
* ``pour i j`` -- pour jug i into jug j until i is empty or j is full.

The puzzle is solved when any jug holds exactly the target. Jugs are numbered from 0 in the order
the capacities are given. A state is the tuple of amounts; a move is a tuple ``("fill", i)``,
``("empty", i)`` or ``("pour", i, j)``. Text notation: ``fill 0, pour 0 1, empty 1``. The words
shown to the player (describe_move, why a move is illegal) number the jugs from 1, like the keys
that pick them in the window.

The shortest sequence is found by breadth-first search (:func:`pegapp.solvers.search.bfs`). Two
targets are refused as UNSOLVABLE with the reason before any search: one larger than the largest
jug, and one that is not a multiple of the gcd of the capacities (every amount in every jug always
is). Any other target the search decides; if it ran out of states it would also answer UNSOLVABLE
(for two to four small jugs every other target was found reachable, see tests/test_jugs.py).

Example (the article): 8 l and 5 l, target 4 l: 10 operations, e.g. states
(0,0)(0,5)(5,0)(5,5)(8,2)(0,2)(2,0)(2,5)(7,0)(7,5)(8,4).
"""

from __future__ import annotations

import math
import re
import sys
import time
from collections.abc import Sequence
from functools import reduce
from typing import Any

from pegapp.core.messages import Message, msg
from pegapp.puzzles.base import (DESCRIBE, MEMORY, BadInput, BadParam, IllegalMove, check_ascii_digits,
                                 memory_gb, vouched)
from pegapp.puzzles.family import INT, INTS, Family, Param, Preset, with_variant, option_value
from pegapp.solvers.record import add_search, already_there
from pegapp.solvers.result import (
    SOLVED,
    UNSOLVABLE,
    Progress,
    SolveResult,
    Stop,
    never_stop,
    no_progress,
)
from pegapp.solvers.search import analyse, bfs

MIN_JUGS, MAX_JUGS = 2, 5
#: largest capacity accepted (the state space is the product of capacity + 1)
MAX_CAPACITY = 1000
#: the most positions a game may reach: 400 GB of them (the search stops at its memory budget)
MAX_POSITIONS = 1_000_000_000
#: rough cost of one stored state in the BFS (tuple, dict entry, parent link)
BYTES_PER_STATE = 400


def reachable_bound(capacities: Sequence[int]) -> int:
    """At most how many positions a game reaches: after any move some jug is empty or full, so
    none of the positions with every jug part full (found by an outside check: capacities the
    family accepts were refused by the product of capacity + 1 alone, 1000, 999 and 9 L as
    "too many states (10,010,000)", whatever --memory said); one more for a start chosen
    among those."""
    return math.prod(c + 1 for c in capacities) - math.prod(c - 1 for c in capacities) + 1


State = tuple[int, ...]
Move = tuple  # ("fill", i) | ("empty", i) | ("pour", i, j)

NOTATION = ("operations: 'fill i' (fill jug i from the tap), 'empty i' (pour jug i away), "
            "'pour i j' (pour jug i into jug j until i is empty or j is full); jugs numbered "
            "from 0 in the order of --capacities; states list the amount in each jug")


#: the puzzle the window and the command line start without other capacities: 8 L and 5 L, 4 L
DEFAULT_CAPACITIES, DEFAULT_TARGET = (8, 5), 4


def parse_capacities(text: str | Sequence[int] | None) -> tuple[int, ...]:
    if text is None:
        raise BadInput(msg("jugs: give --capacities, e.g. 8,5"))
    if isinstance(text, str):
        check_ascii_digits(text)
        parts = [p for p in re.split(r"[\s,]+", text.strip()) if p]
        try:
            if not all(re.fullmatch(r"-?[0-9]+", p) for p in parts):  # not '+8', '8_0', '8.'
                raise ValueError(text)
            caps = tuple(int(p) for p in parts)
        except ValueError:
            raise BadInput(msg("jugs: capacities must be whole numbers, e.g. 8,5 (got {text!r})",
                               text=text)) from None
    else:
        caps = tuple(int(c) for c in text)
    return check_capacities(caps)


def check_capacities(capacities: Sequence[int]) -> tuple[int, ...]:
    """The capacities as a tuple if jugs can have them (how many, how big), else BadInput."""
    caps = tuple(int(c) for c in capacities)
    if not MIN_JUGS <= len(caps) <= MAX_JUGS:
        raise BadInput(msg("jugs: give {low} to {high} jugs (got {count})",
                           low=MIN_JUGS, high=MAX_JUGS, count=len(caps)))
    for c in caps:
        if c <= 0:
            raise BadInput(msg("jugs: every capacity must be at least 1 litre "
                               "(got {capacity})", capacity=c))
        if c > MAX_CAPACITY:
            raise BadInput(msg("jugs: capacities up to {limit} litres (got {capacity})",
                               limit=MAX_CAPACITY, capacity=c))
    return caps


class Jugs:
    """``Jugs((8, 5), 4)``: jugs of the given capacities, measure target litres in any jug."""

    ABILITIES = frozenset({DESCRIBE, MEMORY})

    def __init__(self, capacities: Sequence[int], target: int, memory_gb: float = 2.0,
                 start: Sequence[int] | None = None):
        caps = check_capacities(capacities)
        if target is None:
            raise BadInput(msg("jugs: give --target, the amount to measure"))
        target = int(target)
        if target < 0:
            raise BadInput(msg("jugs: the target cannot be negative (got {target})",
                               target=target))
        states = reachable_bound(caps)
        if states > MAX_POSITIONS:  # else the search's memory budget decides (too large: exit 1)
            # the reason without the option's name (the variant dialog says it too, where the
            # capacities are a field; the command line names its option, puzzle_from_args)
            raise BadParam("capacities", msg(
                "jugs of these capacities can reach up to {states:,} positions, more than any "
                "memory budget holds; use smaller jugs", states=states))
        self.capacities = caps
        self.target = target
        self.memory_gb = memory_gb
        self.id = "jugs"
        #: where a game starts: empty jugs, or a position chosen on the Map
        self.start = (0,) * len(caps) if start is None else self.check_state(
            tuple(int(v) for v in start))

    def check_state(self, state: Sequence[int]) -> State:
        """state as a tuple if it is a position of these jugs -- an amount from 0 to its capacity
        in each -- else BadInput."""
        state = tuple(state)
        if len(state) != len(self.capacities):
            raise BadInput(msg("jugs: a position gives the amount in each of the {count} jugs "
                               "(got {given})", count=len(self.capacities), given=len(state)))
        for i, (amount, capacity) in enumerate(zip(state, self.capacities)):
            if (not isinstance(amount, int) or isinstance(amount, bool)
                    or not 0 <= amount <= capacity):
                raise BadInput(msg("jugs: jug {jug} holds 0 to {capacity} L, not {amount!r}",
                                   jug=i + 1, capacity=capacity, amount=amount))
        return state

    # ---------------------------------------------------------------- Puzzle protocol
    def initial(self) -> State:
        return self.start

    def moves(self, state: State) -> list[Move]:
        out: list[Move] = []
        n = len(self.capacities)
        for i in range(n):
            if state[i] < self.capacities[i]:
                out.append(("fill", i))
        for i in range(n):
            if state[i] > 0:
                out.append(("empty", i))
        for i in range(n):
            if state[i] == 0:
                continue
            for j in range(n):
                if j != i and state[j] < self.capacities[j]:
                    out.append(("pour", i, j))
        return out

    def _operation(self, move: Move) -> tuple[Any, list[int]]:
        """(operation, jug indices) of a move; IllegalMove for a malformed one."""
        n = len(self.capacities)
        try:
            op = move[0]
            idx = [int(x) for x in move[1:]]
        except (TypeError, ValueError, IndexError):
            raise IllegalMove(msg("not an operation: {move!r}", move=move)) from None
        if any(not 0 <= i < n for i in idx):
            raise IllegalMove(msg("jugs are numbered 0..{last}", last=n - 1))
        return op, idx

    def apply(self, state: State, move: Move) -> State:
        op, idx = self._operation(move)
        s = list(state)
        if op == "fill" and len(idx) == 1:
            (i,) = idx
            if s[i] == self.capacities[i]:
                raise IllegalMove(msg("jug {jug} is already full", jug=i + 1))
            s[i] = self.capacities[i]
        elif op == "empty" and len(idx) == 1:
            (i,) = idx
            if s[i] == 0:
                raise IllegalMove(msg("jug {jug} is already empty", jug=i + 1))
            s[i] = 0
        elif op == "pour" and len(idx) == 2:
            i, j = idx
            if i == j:
                raise IllegalMove(msg("cannot pour a jug into itself"))
            if s[i] == 0:
                raise IllegalMove(msg("jug {jug} is empty", jug=i + 1))
            room = self.capacities[j] - s[j]
            if room == 0:
                raise IllegalMove(msg("jug {jug} is full", jug=j + 1))
            amount = min(s[i], room)
            s[i] -= amount
            s[j] += amount
        else:
            raise IllegalMove(msg("not an operation: {move!r} (fill i, empty i, pour i j)",
                                  move=move))
        return tuple(s)

    def is_solved(self, state: State) -> bool:
        return self.target in state

    def impossible_reason(self) -> Message | None:
        g = reduce(math.gcd, self.capacities)
        if self.target > max(self.capacities):
            return msg("{target} L is more than the largest jug ({largest} L) holds",
                       target=self.target, largest=max(self.capacities))
        if self.target % g:
            return msg("{target} L is not a multiple of {gcd} L, the greatest common divisor of "
                       "the capacities, so no sequence of operations can measure it",
                       target=self.target, gcd=g)
        return None

    def map_maker(self):
        """The Map (contract, optional). Pouring cannot always be undone: every position
        reachable from empty jugs, then the distances to the goal back along the moves."""
        from pegapp.puzzles import whole_map

        if math.prod(c + 1 for c in self.capacities) > whole_map.MAX_DICT_POSITIONS:
            raise whole_map.too_large(self)

        def make(progress, stop):
            from pegapp.solvers.result import CANCELLED, Cancelled
            from pegapp.solvers.search import analyse

            empty = (0,) * len(self.capacities)
            reach = analyse(empty, self.neighbours, progress, stop, keep_distances=True)
            if reach.status == CANCELLED:
                raise Cancelled
            return whole_map.by_distance_map(self, whole_map.back_from_goals(
                self, reach.distances, self.neighbours, progress, stop))
        return make

    def neighbours(self, state: State):
        return [(m, self.apply(state, m)) for m in self.moves(state)]

    def solve(self, state: State | None = None, progress: Progress = no_progress,
              stop: Stop = never_stop) -> SolveResult:
        state = self.initial() if state is None else tuple(state)
        if self.is_solved(state):
            return SolveResult(SOLVED, [], True, stats={"positions": 1, "path": [state]},
                               search=already_there())
        reason = self.impossible_reason()
        if reason is not None:
            return SolveResult(UNSOLVABLE, None, True, reason=reason, stats={"positions": 0})
        return bfs(state, self.neighbours, self.is_solved, progress, stop,
                   max_positions=max(1000, int(self.memory_gb * 1e9) // BYTES_PER_STATE))

    def describe_move(self, state: State, move: Move, advice: bool = False) -> Message:
        """The move in words for the player, jugs numbered from 1 like the labels and the keys
        1-5 that pick them in the window and the command line's text output ("Fill jug 1 (8 L)",
        "Pour jug 1 into jug 2"); the notation and the JSON (numbered from 0) are
        format_moves'."""
        op, idx = self._operation(move)
        if op == "fill" and len(idx) == 1:
            return msg("Fill jug {jug} ({capacity} L)", jug=idx[0] + 1,
                       capacity=self.capacities[idx[0]])
        if op == "empty" and len(idx) == 1:
            return msg("Empty jug {jug} ({capacity} L)", jug=idx[0] + 1,
                       capacity=self.capacities[idx[0]])
        if op == "pour" and len(idx) == 2:
            return msg("Pour jug {source} into jug {target}", source=idx[0] + 1,
                       target=idx[1] + 1)
        raise IllegalMove(msg("not an operation: {move!r} (fill i, empty i, pour i j)",
                              move=move))

    def format_moves(self, moves: Sequence[Move]) -> str:
        return ", ".join(format_move(m) for m in moves)

    def parse_moves(self, text: str) -> list[Move]:
        out: list[Move] = []
        for part in re.split(r"[,;\n]+", text):
            words = part.split()
            if not words:
                continue
            op = words[0].lower()
            try:
                nums = [int(w) for w in words[1:]]
            except ValueError:
                raise BadInput(msg("jugs: cannot read {part!r}", part=part.strip())) from None
            if op in ("fill", "empty") and len(nums) == 1:
                out.append((op, nums[0]))
            elif op == "pour" and len(nums) == 2:
                out.append((op, nums[0], nums[1]))
            else:
                raise BadInput(msg("jugs: cannot read {part!r} (fill i, empty i, pour i j)",
                                   part=part.strip()))
        return out

    def replay(self, moves: Sequence[Move], state: State | None = None) -> list[State]:
        s = self.initial() if state is None else tuple(state)
        out = [s]
        for m in moves:
            s = self.apply(s, m)
            out.append(s)
        return out


def format_move(m: Move) -> str:
    return " ".join(str(x) for x in m)


def parse_amounts(text: str) -> tuple[int, ...]:
    """--start: the litres in each jug, "3,5" (jugs from the first); BadInput otherwise."""
    parts = [p.strip() for p in str(text).split(",")]
    if not all(re.fullmatch(r"[0-9]+", p) for p in parts):
        raise BadInput(msg("give the litres in each jug, e.g. 3,5, not {text!r}", text=text))
    return tuple(int(p) for p in parts)


def train_entry(puzzle: Jugs, state: State) -> dict[str, Any]:
    """A training puzzle's position as `hint jugs --start` takes it (pegapp train)."""
    return {"start": ",".join(str(v) for v in state)}


def puzzle_from_args(puzzle_id: str, args: Any) -> Jugs:
    if puzzle_id != "jugs":
        raise BadInput(msg("unknown jugs puzzle {puzzle!r} (use: jugs --capacities 8,5 "
                           "--target 4)", puzzle=puzzle_id))
    caps = option_value(args, "capacities", parse_capacities)
    target = getattr(args, "target", None)
    if caps is None and target is None:
        # the game's own puzzle, as New game starts it (found by a new player: `analyse jugs`
        # demanded --capacities)
        caps, target = DEFAULT_CAPACITIES, DEFAULT_TARGET
    if caps is None:
        parse_capacities(None)  # a target alone: says to give the capacities
    if target is None:
        raise BadInput(msg("jugs: give --target, the amount to measure"))
    memory = memory_gb(args)
    start = option_value(args, "start", parse_amounts)
    try:
        return Jugs(caps, target, memory_gb=2.0 if memory is None else memory, start=start)
    except BadParam as exc:
        raise BadInput(msg("{option}: {reason}", option="--" + exc.name, reason=exc.args[0])) \
            from None


def hint_problem(puzzle_id: str, args: Any):
    """`pegapp hint jugs ...`: the puzzle and the position to hint from."""
    p = puzzle_from_args(puzzle_id, args)
    return p, p.initial(), {}


def solve_json(puzzle_id: str, args: Any) -> dict[str, Any]:
    p = puzzle_from_args(puzzle_id, args)
    t0 = time.perf_counter()
    res = vouched(p, p.initial(), p.solve())
    seconds = time.perf_counter() - t0
    path = res.stats.get("path")
    out: dict[str, Any] = {
        "puzzle": p.id,
        "capacities": list(p.capacities),
        "target": p.target,
        "status": res.status,
        "moves": [format_move(m) for m in res.moves] if res.moves is not None else None,
        "operations": [list(m) for m in res.moves] if res.moves is not None else None,
        "states": [list(s) for s in path] if path else None,
        "length": res.length,
        "proven_minimal": res.proven_solution,
        "seconds": round(seconds, 4),
        "notation": NOTATION,
        "positions": res.stats.get("positions"),
    }
    if res.reason:
        out["reason"] = res.reason
    add_search(out, res)
    return out


def solve_for_text(result: dict[str, Any]) -> dict[str, Any]:
    """`pegapp solve jugs` without --json shows this (pegapp.cli reads a family's
    ``<command>_for_text`` from its commands): the answer with the operations in words,
    jugs numbered from 1 as the window numbers them ("Fill jug 1 (8 L)"); the JSON keeps the
    notation numbered from 0."""
    out = dict(result)
    operations = out.pop("operations", None)
    if operations is not None:
        jugs = Jugs(out["capacities"], out["target"])
        # one line, never cut short as a long list would be
        out["moves"] = "; ".join(jugs.describe_move((), tuple(m)) for m in operations)
    out["notation"] = TEXT_NOTATION
    return out


TEXT_NOTATION = ("jugs numbered from 1 in the order of --capacities; states list the amount in "
                 "each jug")


# ---------------------------------------------------------------------- the family

def make_jugs(puzzle_id: str, params: dict[str, Any]) -> Jugs:
    """jugs from a preset or a save: params "capacities" and "target" (KeyError names a missing
    one), and "start" (the amounts in the jugs) when the game does not start with empty jugs."""
    return Jugs(tuple(params["capacities"]), int(params["target"]), start=params.get("start"))


def stats_variant(puzzle_id: str, params: dict[str, Any]) -> str:
    """Jugs are told apart by capacities and target (their id is just "jugs"): "8,5→4"."""
    caps = ",".join(str(c) for c in params.get("capacities", ()))
    return f"{caps}→{params.get('target', '')}"


def stats_name(stats_id: str, variant: str, language: str) -> str:
    """A statistics row's name: the family's (its presets share the id "jugs"), then the jugs and
    the target ("Water jugs (8,5→4)")."""
    return with_variant(FAMILY.display_name(language), variant)


#: positions nearer the start than the goal up to which measuring is easy, medium, hard (more:
#: very hard), each level four times the search of the one before
SEARCH_LEVELS = (16, 64, 256)


def search_figures(capacities: Sequence[int], target: int) -> tuple[int, int, float]:
    """(the fewest moves, the positions nearer the start than the goal, the legal moves a
    position has among those on average) of measuring target from empty jugs; the fewest moves
    are 0 when the target cannot be measured."""
    puzzle = Jugs(capacities, target)
    distances = analyse(puzzle.initial(), puzzle.neighbours, keep_distances=True).distances
    goals = [d for state, d in distances.items() if puzzle.is_solved(state)]
    if not goals:
        return 0, len(distances), 0.0
    fewest = min(goals)
    nearer = [state for state, d in distances.items() if d < fewest]
    return fewest, len(nearer), sum(len(puzzle.moves(s)) for s in nearer) / max(len(nearer), 1)


def rated_preset(name: str, name_ja: str, capacities: list[int], target: int) -> Preset:
    """A preset with the picker's level and summary from how hard it is to find the solution,
    not from its length alone nor from the jugs alone (found by an outside trial: "8 and 5 L",
    10 moves, read Easy beside "12, 8 and 5 L", 6 moves, Hard, with no reason shown).

    The level counts the positions nearer the start than the goal: those a player trying every
    line in turn (a breadth-first search) goes through before the goal, all of which the
    fewest moves leave open. They grow with the fewest moves as a power of the choices a move:
    two jugs give about 4 legal moves a position, one of them undoing the last, so the 10 moves
    of 8 and 5 L follow a chain past 20 positions (Medium), while three jugs give about 7 and
    the 6 moves of 12, 8 and 5 L hide among 113 (Hard); 3 and 5 L measuring 4 L (6 moves, 12
    positions) is Easy. The summary shows the two figures the player can check: the fewest moves
    and the choices a move.
    """
    moves, nearer, choices = search_figures(capacities, target)
    return Preset("jugs", name, name_ja, {"capacities": capacities, "target": target},
                  difficulty=1 + sum(nearer > limit for limit in SEARCH_LEVELS),
                  summary=msg("{moves} moves at best · about {choices} choices a move",
                              moves=moves, choices=round(choices)))


FAMILY = Family(
    "jugs", "Water jugs", "水差し問題",
    "Fill, empty or pour jugs (no markings, unlimited water) until one holds the target.",
    presets=(rated_preset("8 L and 5 L: measure 4 L", "8Lと5Lで4Lを量る", [8, 5], 4),
             rated_preset("12, 8 and 5 L: measure 6 L", "12L・8L・5Lで6Lを量る", [12, 8, 5], 6)),
    params=(Param("capacities", msg("Capacities (2 to 5 jugs)"), INTS, list(DEFAULT_CAPACITIES), minimum=1,
                  maximum=MAX_CAPACITY, count=(MIN_JUGS, MAX_JUGS)),
            Param("target", msg("Target"), INT, DEFAULT_TARGET, minimum=1, maximum=MAX_CAPACITY)),
    values_of=lambda p: {"capacities": list(p.capacities), "target": p.target},
    make=make_jugs, view="pegapp.ui.views.jugs:JugsView", stats_variant=stats_variant,
    stats_name=stats_name, commands=sys.modules[__name__],
    options=("start", "capacities", "target", "memory"))
