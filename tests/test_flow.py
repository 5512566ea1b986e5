"""The game's flow without Qt (pegapp.puzzles.flow, issue #73 point 1): moves, undo, redo and
restart on a GameFlow, as the window forwards them. No test here imports PySide6."""

import subprocess
import sys
from pathlib import Path

import pytest

from pegapp.puzzles import registry
from pegapp.puzzles.base import IllegalMove
from pegapp.puzzles.flow import FlowError, GameFlow
from pegapp.puzzles.session import Session

ROOT = Path(__file__).resolve().parents[1]


def test_the_flow_and_its_tests_load_no_qt():
    """Importing the flow (and this file's imports) loads no Qt module."""
    code = ("import sys\n"
            "import pegapp.puzzles.flow\n"
            "import tests.test_flow\n"
            "print([m for m in sys.modules if m.startswith(('PySide6', 'shiboken'))])")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"


def triangle() -> GameFlow:
    return GameFlow(Session(registry.make_puzzle("pegs/triangle15", {}), {}))


def first_move(flow: GameFlow):
    return list(flow.session.puzzle.moves(flow.state))[0]


def test_moves_undo_and_redo_walk_the_history():
    flow = triangle()
    start = flow.state
    assert not flow.can_undo and not flow.can_redo
    states = [start]
    for _ in range(3):
        flow.play(first_move(flow))
        states.append(flow.state)
    assert flow.session.states == states and flow.can_undo and not flow.can_redo
    flow.undo()
    flow.undo()
    assert flow.state == states[1] and flow.can_redo
    flow.redo()
    assert flow.state == states[2]
    flow.undo()
    other = list(flow.session.puzzle.moves(flow.state))[-1]
    flow.play(other)  # a new move drops what could be redone
    assert not flow.can_redo and flow.session.steps[-1] == other
    while flow.can_undo:
        flow.undo()
    assert flow.state == start and flow.session.steps == []


def test_an_illegal_move_changes_nothing():
    flow = triangle()
    changes = flow.changes
    with pytest.raises(IllegalMove):
        flow.play([0, 0])
    assert flow.session.steps == [] and flow.history == [] and flow.changes == changes


def test_restart_is_one_edit_undone_whole():
    flow = triangle()
    assert flow.restart() is None  # at the start: nothing to do
    for _ in range(3):
        flow.play(first_move(flow))
    played = list(flow.session.steps)
    edit = flow.restart()
    assert edit.pops == 3 and edit.popped == played and flow.session.steps == []
    flow.undo()
    assert flow.session.steps == played
    flow.redo()
    assert flow.session.steps == []


def test_a_chain_grows_jump_by_jump_and_is_undone_a_jump_at_a_time():
    """A peg jump that goes on with the chain just played is one move of two steps; undo takes
    back one jump (EXTEND)."""
    flow = triangle()
    puzzle = flow.session.puzzle
    for _ in range(20):  # find a position with a chain that can go on
        last = flow.session.moves[-1] if flow.session.moves else None
        on = [m for m in puzzle.moves(flow.state) if last is not None and m[0] == last[-1]]
        if on:
            break
        flow.play(first_move(flow))
    else:
        pytest.skip("no chain on this line")
    moves_before = flow.session.move_count
    flow.play(on[0])
    assert flow.session.move_count == moves_before and flow.session.moves[-1][-1] == on[0][-1]
    flow.undo()
    assert flow.session.moves[-1] == last


def test_a_loaded_game_is_undone_step_by_step():
    puzzle = registry.make_puzzle("pegs/triangle15", {})
    played = Session(puzzle, {})
    for _ in range(3):
        played.push(list(puzzle.moves(played.state))[0])
    flow = GameFlow(Session(puzzle, {}, moves=list(played.moves)))
    assert [e.recorded for e in flow.history] == [True] * 3 and flow.can_undo
    flow.undo()
    assert flow.session.steps == played.steps[:2]
    flow.redo()
    assert flow.session.steps == played.steps


def test_undo_of_an_edit_not_on_top_is_refused():
    """The window's undo stack names the edit it undoes: another one is a bug, said at once."""
    flow = triangle()
    first = flow.play(first_move(flow))
    flow.play(first_move(flow))
    with pytest.raises(FlowError):
        flow.undo(first)
    flow.undo()
    with pytest.raises(FlowError):
        flow.redo(first)


def test_every_change_counts():
    flow = triangle()
    counts = [flow.changes]
    flow.play(first_move(flow))
    counts.append(flow.changes)
    flow.undo()
    counts.append(flow.changes)
    flow.redo()
    counts.append(flow.changes)
    flow.restart()
    counts.append(flow.changes)
    flow.load(Session(flow.session.puzzle, {}))
    counts.append(flow.changes)
    assert counts == sorted(set(counts))
