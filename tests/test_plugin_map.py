"""The Map is open to any family through the contract: one that declares POSITIONS_BOUND gets a
map walked with its own moves and apply (whole_map.reach_map), a plug-in's included; one that
declares none gets none, and a bound past what a map holds is refused as too large."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from pegapp.puzzles import whole_map
from pegapp.puzzles.base import BadInput
from tests.toy_families import TOY, Counter


def distances_to_goal(puzzle) -> dict:
    """An independent count: every state reachable from the start, then for each the fewest
    moves to a solved one, by repeated relaxation (no breadth-first search shared with the map)."""
    seen, todo = {puzzle.initial()}, [puzzle.initial()]
    while todo:
        s = todo.pop()
        for m in puzzle.moves(s):
            t = puzzle.apply(s, m)
            if t not in seen:
                seen.add(t)
                todo.append(t)
    dist = {s: 0 for s in seen if puzzle.is_solved(s)}
    changed = True
    while changed:
        changed = False
        for s in seen:
            best = min((dist[t] + 1 for t in (puzzle.apply(s, m) for m in puzzle.moves(s))
                        if t in dist), default=None)
            if best is not None and best < dist.get(s, best + 1):
                dist[s] = best
                changed = True
    return dist


def histogram(dist: dict) -> list[int]:
    out = [0] * (max(dist.values()) + 1)
    for d in dist.values():
        out[d] += 1
    return out


HANOI = Path(__file__).parent / "plugins" / "pegapp_hanoi" / "pegapp_hanoi" / "__init__.py"


def this_checkouts_hanoi():
    """The example plug-in's module as this checkout has it (an installed copy may be older)."""
    spec = importlib.util.spec_from_file_location("hanoi_under_test", HANOI)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_plug_in_that_declares_its_bound_gets_a_map():
    puzzle = this_checkouts_hanoi().Hanoi(3)
    assert whole_map.can_map(puzzle)
    whole_map.MAPS.clear()
    made = whole_map.map_of(puzzle)
    dist = distances_to_goal(puzzle)
    assert made.histogram == histogram(dist) and made.positions == 27 and made.depth == 7
    assert all(made.distance(s) == d for s, d in dist.items())
    assert all(dist[s] == made.depth for s in made.farthest)


def test_without_a_bound_there_is_none_and_too_large_is_said(monkeypatch):
    puzzle = TOY.make("toy/5", {})
    assert not whole_map.can_map(puzzle)
    monkeypatch.setattr(Counter, "POSITIONS_BOUND", 6, raising=False)
    whole_map.MAPS.clear()
    assert whole_map.map_of(puzzle).histogram == histogram(distances_to_goal(puzzle))
    monkeypatch.setattr(Counter, "POSITIONS_BOUND", whole_map.MAX_DICT_POSITIONS + 1)
    assert not whole_map.can_map(puzzle)
    with pytest.raises(BadInput, match="too many positions"):
        whole_map.map_of(TOY.make("toy/7", {}))
