"""A family's answer is replayed to its goal before `pegapp solve`, `pegapp hint` or the window
calls it a solution (pegapp.puzzles.base.vouched): a copy of the Tower of Hanoi example whose
solver answers with a wrong line is reported as an error naming the family, never as solved."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pegapp.puzzles import hints
from pegapp.puzzles.base import WrongSolution
from pegapp.puzzles.family import solve_json_of
from pegapp.solvers.result import SOLVED, SolveResult

HANOI_SOURCE = Path(__file__).resolve().parent / "plugins" / "pegapp_hanoi"
WORDS = "hanoi: the family's solver gave a solution that does not reach the goal (hanoi/3)"


@pytest.fixture
def hanoi_module(monkeypatch):
    monkeypatch.syspath_prepend(str(HANOI_SOURCE))
    import pegapp_hanoi
    yield pegapp_hanoi
    sys.modules.pop("pegapp_hanoi", None)


def wrong_hanoi(module, moves):
    """The example family with a solver that answers moves, called proven minimal."""

    class WrongHanoi(module.Hanoi):
        def solve(self, state, progress=hints.no_progress, stop=hints.never_stop, **options):
            return SolveResult(SOLVED, moves=list(moves), proven_minimal=True)

    return WrongHanoi(3)


@pytest.mark.parametrize("moves", [[(0, 2)], [(0, 2), (0, 2)], [(2, 0)]],
                         ids=["short", "illegal", "from-empty-peg"])
def test_a_solution_that_does_not_reach_the_goal_is_an_error(hanoi_module, moves):
    puzzle = wrong_hanoi(hanoi_module, moves)
    with pytest.raises(WrongSolution) as hint_error:
        hints.hint(puzzle, puzzle.initial())
    assert str(hint_error.value) == WORDS
    with pytest.raises(WrongSolution) as solve_error:
        solve_json_of(puzzle, puzzle.id, puzzle.initial())
    assert str(solve_error.value) == WORDS


def test_a_solution_that_replays_to_the_goal_passes(hanoi_module):
    # the 7 moves of 3 discs, written out here, not asked of the solver
    line = [(0, 2), (0, 1), (2, 1), (0, 2), (1, 0), (1, 2), (0, 2)]
    puzzle = wrong_hanoi(hanoi_module, line)
    assert hints.hint(puzzle, puzzle.initial()).result.moves == line
    out = solve_json_of(puzzle, puzzle.id, puzzle.initial())
    assert out["proven_minimal"] is True and out["length"] == 7


def test_a_family_without_commands_of_its_own_is_checked(hanoi_module):
    """`pegapp solve` of a plug-in family that brings no solve_json (GenericCommands)."""
    import dataclasses

    from pegapp.puzzles.family import GenericCommands

    puzzle = wrong_hanoi(hanoi_module, [(0, 2)])
    family = dataclasses.replace(hanoi_module.FAMILY, make=lambda puzzle_id, params: puzzle)
    with pytest.raises(WrongSolution, match="does not reach the goal"):
        GenericCommands(family).solve_json("hanoi/3", None)


def one_rotation_from_the_goal() -> str:
    from pegapp.puzzles.rotate import RotatePuzzle

    p = RotatePuzzle()
    return ",".join(map(str, p.apply(p.goal, next(iter(p.moves(p.goal))))))


#: each shipped family's `pegapp solve` with a start its solver answers with at least one move
SHIPPED_SOLVES = [
    ("pegapp.puzzles.pegs", "PegPuzzle", ["pegs/english"]),
    ("pegapp.puzzles.slide", "SlidePuzzle", ["slide/3x3", "--start", "1,2,3,4,5,6,7,0,8"]),
    ("pegapp.puzzles.rotate", "RotatePuzzle", ["rotate/3x3", "--start", "ROTATED"]),
    ("pegapp.puzzles.flip8", "Flip8", ["flip8/4x4"]),
    ("pegapp.puzzles.oshidori", "Oshidori", ["oshidori/k3"]),
    ("pegapp.puzzles.jugs", "Jugs", ["jugs"]),
    ("pegapp.puzzles.bulls", "GuessPuzzle", ["bulls", "--secret", "6281"]),
]


@pytest.mark.parametrize("module, cls, argv", SHIPPED_SOLVES, ids=[a[2][0] for a in SHIPPED_SOLVES])
def test_a_shipped_familys_broken_solution_is_not_vouched_for(capsys, monkeypatch, module, cls,
                                                              argv):
    """A shipped family's own solve_json replays its solver's answer too (base.vouched): the
    solver made to drop its last move is an error naming the family, never "solved"."""
    import dataclasses
    import importlib

    from pegapp import cli

    argv = [one_rotation_from_the_goal() if a == "ROTATED" else a for a in argv]
    assert cli.main(["solve", *argv, "--json"]) == 0   # the real answer is vouched for
    assert '"status": "solved"' in capsys.readouterr().out
    puzzle_class = getattr(importlib.import_module(module), cls)
    real = puzzle_class.solve

    def one_move_short(self, *args, **options):
        result = real(self, *args, **options)
        assert result.moves, "the test needs a solution of at least one move"
        return dataclasses.replace(result, moves=list(result.moves)[:-1])

    monkeypatch.setattr(puzzle_class, "solve", one_move_short)
    assert cli.main(["solve", *argv, "--json"]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    family = argv[0].split("/")[0]
    assert out.err.startswith(f"pegapp: error: {family}: the family's solver gave a solution that "
                              "does not reach the goal")
