"""The command line as a public interface: bad input is one line and exit 2, an unsolvable problem
exits 1, a solution (proven minimal or not) exits 0."""

import json
import types

import pytest

from pegapp.cli import main
from pegapp.puzzles.pegs import problem_from_args


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("argv", [
    ("solve", "pegs/diamond13", "--memory", "nan"),
    ("solve", "pegs/diamond13", "--memory", "inf"),
    ("solve", "pegs/diamond13", "--memory", "-1"),
    ("solve", "pegs/diamond13", "--memory", "0"),
    ("solve", "jugs", "--capacities", "8,5", "--target", "4", "--memory", "inf"),
    ("solve", "oshidori", "--kinds", "3", "--memory", "nan"),
    ("solve", "pegs/diamond13", "--count", "--first-move", "0,1"),   # no such jump
    ("solve", "pegs/diamond13", "--first-move", "6,0"),              # hole 6 is empty
    ("solve", "pegs/diamond13", "--finish", "3,5"),
    ("solve", "pegs/diamond13", "--start", ""),
    ("solve", "pegs/diamond13", "--start", "3,,5"),
    ("solve", "pegs/english", "--start", "16,16"),
    ("solve", "slide/2x5", "--start", "1 2 3 4 5 6 7 x 8 0"),
    ("solve", "rotate/3x3", "--start", "a"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("pegapp: error: ") and err.count("\n") == 1


@pytest.mark.parametrize("argv", [("solve", "oshidori", "--kinds", "x"), ("solve",), ("bogus",)])
def test_argument_errors_are_one_line_too(capsys, argv):
    with pytest.raises(SystemExit) as exit_:
        main(list(argv))
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and err.count("\n") == 1 and "error:" in err


def test_an_unproven_solution_is_an_answer(capsys):
    code, out, _ = run(capsys, "solve", "pegs/english", "--memory", "0.03", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "too_large" and not data["proven_minimal"]
    assert data["length"] >= 18 and data["moves"]


def test_the_board_own_start_keeps_the_board_own_finish():
    def args(**kw):
        return types.SimpleNamespace(**{"start": None, "finish": None, **kw})

    board, start, finish = problem_from_args("pegs/french", args(start="5"))
    assert start == board.start and finish == board.finish == 31
    assert problem_from_args("pegs/french", args(start="18"))[2] == 18  # a complement problem
    assert problem_from_args("pegs/french", args(start="5", finish="any"))[2] is None


def test_text_output_shows_the_jump_count(capsys):
    code, out, _ = run(capsys, "solve", "pegs/diamond13")
    assert code == 0 and "length: 7" in out and "jumps: 11" in out
