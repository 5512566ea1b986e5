"""The command line as a player reads it: `pegapp --version`, and text output (without --json) that
says yes/no, never Python's True/False or its quotes; the --json output stays JSON."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

import pegapp
from pegapp.cli import main, render_text, text_value
from tests.best_known import wiegleb_best_known  # noqa: F401 - the fixture

ROOT = Path(__file__).resolve().parents[1]


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_version_prints_the_version_and_exits_0():
    out = subprocess.run([sys.executable, "-m", "pegapp", "--version"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout == f"pegapp {pegapp.__version__}\n"
    assert out.stderr == ""


def test_version_needs_no_command(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == f"pegapp {pegapp.__version__}"


def test_text_values_are_words_a_player_reads():
    assert text_value(True) == "yes" and text_value(False) == "no"
    assert text_value(None) == "none"
    assert text_value([[4, 16], [7, 9]]) == "[[4, 16], [7, 9]]"
    assert text_value({"guess": "0123", "bulls": 0, "ok": True}) == "{guess: 0123, bulls: 0, ok: yes}"
    text = render_text({"status": "solved", "proven_minimal": False, "moves": [[1, 2]] * 100,
                        "holes": [1, 2, 3]})
    lines = text.splitlines()
    assert lines[:2] == ["status: solved", "proven_minimal: no"]
    assert lines[2].startswith("moves: [[1, 2], [1, 2]") and lines[2].endswith(" ...")
    assert len(lines) == 3  # the board's holes are not listed


def test_solve_text_says_yes_and_no_and_json_keeps_booleans(capsys):
    code, out, _ = run(capsys, "solve", "pegs/english")
    assert code == 0
    assert "proven_minimal: yes" in out.splitlines()
    assert "True" not in out and "False" not in out and "None" not in out
    code, out, _ = run(capsys, "solve", "bulls", "--secret", "1234")
    assert code == 0
    assert "proven_minimal: no" in out.splitlines()
    assert "True" not in out and "False" not in out and "'" not in out
    code, out, _ = run(capsys, "solve", "pegs/english", "--json")
    result = json.loads(out)
    assert result["proven_minimal"] is True and result["tablebase"] is True


def test_a_hint_with_no_move_says_so_without_pythons_none(capsys):
    """Found from outside: "no move: None (position class: …)"."""
    code, out, _err = run(capsys, "hint", "pegs/english", "--start", "16", "--finish", "0")
    assert code == 1 and "None" not in out and "no move (position class" in out


def test_a_hint_on_a_solved_position_says_it_is_solved(capsys):
    """Found from outside: a position already at its goal read "no move", as a dead one does;
    the window says "Already solved." (exit 0, as before)."""
    code, out, _err = run(capsys, "hint", "pegs/french", "--start",
                          ",".join(str(h) for h in range(36)), "--finish", "36")
    assert code == 0 and "already solved" in out and "no move" not in out


def test_a_hint_without_an_answer_is_not_called_a_dead_end(capsys, wiegleb_unknown):
    """Found from outside: Wiegleb's 1 -> 1, which the catalogue left unknown, read "no move
    (...)" as a position with no way on does. It says "no answer", as the window's hint line
    ("No answer: ..."), with the catalogue's reason; exit 1 as before."""
    code, out, _err = run(capsys, "hint", "pegs/wiegleb", "--start", "1", "--finish", "1")
    assert code == 1 and out.split(" ", 1)[1].startswith("no answer (") and "no move" not in out


def test_holes_are_given_by_number_or_by_name(capsys):
    code, out, _err = run(capsys, "hint", "pegs/english", "--start", "d4")
    assert code == 0 and "Jump the peg" in out
    code, _out, err = run(capsys, "hint", "pegs/english", "--start", "z9")
    assert code == 2 and "'d4'" in err and err.count("\n") == 1


def test_a_guess_of_a_proven_strategy_is_called_the_proven_best(capsys):
    """As the window says it ("Hint: … — the proven best."), not "not yet proven shortest"
    (found from outside: the answer was final and the strategy proven)."""
    code, out, _err = run(capsys, "hint", "bulls", "--secret", "6281")
    assert code == 0 and out.rstrip().endswith("the proven best: Guess 0123")
    assert "not yet" not in out


@pytest.mark.usefixtures("wiegleb_best_known")
def test_a_winning_hint_says_how_long_its_solution_is_as_the_window_does(capsys):
    """The window says "wins (a solution in 25 moves)"; the command line said only "wins (not
    yet proven shortest)" (found by an outside trial on Wiegleb's e8 -> e8, par 22-25). A tiny
    budget makes the proof give up at once, so the final answer is a winning one too."""
    from pegapp.core.board import get_board
    from pegapp.puzzles import catalogue

    known = catalogue.load(get_board("wiegleb")).find(4, 4)  # its best-known line is the hint's
    assert not known.proven_minimal
    code, out, _err = run(capsys, "hint", "pegs/wiegleb", "--start", "4", "--finish", "4",
                          "--memory", "0.01")
    first, last = out.splitlines()[0], out.splitlines()[-1]
    assert code == 0
    peg = known.solution[0][0]
    assert (f"wins (a solution in {known.par} moves; not yet proven shortest): Jump the peg at "
            f"{peg} ") in first
    assert f"wins (a solution in {known.par} moves; not proven shortest): Jump the peg at {peg} " \
        in last
    # a guessing game's line would tell the secret: its length is not said
    code, out, _err = run(capsys, "hint", "bulls", "--secret", "6281", "--strategy", "entropy")
    assert code == 0 and out.rstrip().endswith("wins (not proven shortest): Guess 0123")


@pytest.mark.parametrize("argv", [
    ["slide/3x3", "--start", "1 2 3 4 5 6 8 7 0"],
    ["rotate/3x3", "--start", "2 1 3 4 5 6 7 8 9"],
    ["flip8/3x3", "--start", "1 1 1 1 1 1 1 1 1"],
    ["jugs", "--capacities", "2,4", "--target", "3"],
    ["pegs/english", "--start", "16", "--finish", "0"],
])
def test_an_unsolvable_start_has_no_proven_minimal_solution_in_any_family(capsys, argv):
    """One meaning of proven_minimal for every family (found from outside: slide and rotate
    said true, 8-flip and jugs false, for a start no move sequence solves): a solution proven
    shortest; with none it is false, and status says the start is unsolvable."""
    code = main(["solve", *argv, "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1 and out["status"] == "unsolvable" and out["moves"] is None
    assert out["proven_minimal"] is False
    if "solutions_complete" in out:
        assert out["solutions_complete"] is True and out["solutions"] == []


def test_a_value_that_looks_like_an_option_is_explained(capsys):
    """`--capacities -3,5`: argparse takes "-3,5" for an option; the line says how to give it,
    and with it the family's own message says what is wrong with the value."""
    with pytest.raises(SystemExit) as stopped:   # argparse ends the parse itself
        main(["solve", "jugs", "--capacities", "-3,5", "--target", "4"])
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and "--capacities=VALUE" in err and err.count("\n") == 1
    code, _out, err = run(capsys, "solve", "jugs", "--capacities=-3,5", "--target", "4")
    assert code == 2 and "capacit" in err and "expected one argument" not in err
