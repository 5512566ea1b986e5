"""The command line never answers garbage with a traceback, a hang, a wrong exit status or a
silent success: the issue's findings one by one, then a fuzz test (hypothesis) of every command's
options."""

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pegapp.cli import EXIT_WRITE_FAILED, main
from pegapp.core.board import BoardError, parse_board
from tests.test_storage_rule import run_bounded

ROOT = Path(__file__).resolve().parents[1]


def run(*argv: str) -> tuple[int, str, str]:
    """main(argv) in this process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exc:  # argparse's own refusals and --help
            code = exc.code
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(autouse=True)
def fresh_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PEGAPP_CACHE_DIR", str(tmp_path / "cache"))


# ---- 2. --memory too large to be a number of bytes

@pytest.mark.parametrize("command", ["solve", "hint", "moves", "analyse"])
@pytest.mark.parametrize("value", ["1e308", "1e300", "1e7"])
def test_a_huge_memory_budget_is_refused_in_words(command, value):
    code, out, err = run(command, "pegs/english", "--memory", value, "--json")
    assert code == 2 and out == ""
    assert err.startswith("pegapp: error: --memory") and "1,000,000 GB" in err


def test_a_huge_memory_budget_is_refused_for_the_other_families_too():
    code, _out, err = run("solve", "oshidori/k3", "--memory", "1e308", "--json")
    assert code == 2 and "--memory" in err and "Traceback" not in err


# ---- 5. options a command ignores are refused, a 0 included

@pytest.mark.parametrize("argv", [
    ("analyse", "slide/2x5", "--start", "💥"),
    ("analyse", "slide/2x5", "--start", "1 2 3 4 5 6 7 8 9 0"),
    ("analyse", "rotate/3x3", "--start", "1 2 3 4 5 6 7 8 9"),
    ("analyse", "flip8/4x4", "--start", "0"),
    ("analyse", "bulls", "--start", "nan"),
    ("analyse", "bulls", "--secret", "1234"),
])
def test_analyse_refuses_an_option_it_does_not_read(argv):
    code, out, err = run(*argv, "--json")
    assert code == 2 and out == ""
    assert f"analyse {argv[1]} does not take {argv[2]}" in err


@pytest.mark.parametrize("option", ["--memory", "--kinds", "--pairs", "--target"])
def test_an_option_given_as_zero_is_refused_like_any_other_value(option):
    for value in ("0", "1"):
        code, out, err = run("solve", "slide/2x5", option, value, "--json")
        assert code == 2 and out == "" and f"does not take {option}" in err, (value, err)


# ---- 6. an output that cannot be written is never a silent success

def test_a_closed_standard_output_exits_74():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "pegapp", "solve", "rotate/3x3", "--json"],
                          env=env, stderr=subprocess.PIPE, text=True, timeout=120,
                          preexec_fn=lambda: os.close(1))  # `>&-`: Python starts without stdout
    assert done.returncode == EXIT_WRITE_FAILED
    assert "standard output is closed" in done.stderr


# ---- 8. an error line does not echo a huge argument; a wrong type is named as one

def test_an_error_line_cuts_a_huge_argument_short():
    code, _out, err = run("solve", "x" * 20_000, "--json")
    assert code == 2 and len(err) < 1000 and "20,002 characters" in err  # with its quotes
    assert err.count("\n") == 1


def test_holes_of_the_wrong_type_are_named_so():
    with pytest.raises(BoardError) as info:
        parse_board('holes = "abc"\njumps = []\n')
    assert info.value.field == "holes" and "not a list" in str(info.value)
    assert "no holes" not in str(info.value)
    with pytest.raises(BoardError) as info:
        parse_board('holes = [[0, 0], [1, 0], [2, 0]]\njumps = "x"\n')
    assert info.value.field == "jumps" and "not a list" in str(info.value)


# ---- found trying again from outside: a board file that is no file, or no path at all

@pytest.mark.parametrize("path", ["", "   ", "/dev/stdin", "/dev/zero", "/proc/self/mem"])
def test_a_board_file_option_that_names_no_board_file_is_one_line(path):
    code, out, err = run_bounded(lambda: run("solve", "pegs", "--board-file", path, "--json"))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert ("give the path of a board file" in err if not path.strip()
            else path in err and ("not a regular file" in err or "cannot be read" in err))


# ---- issue 72: messages that mislead

@pytest.mark.parametrize("kind", ["folder", "fifo", "device", "missing"])
def test_review_of_a_save_that_cannot_be_read_says_so_and_why(tmp_path, kind):
    path = tmp_path / "x.pegapp.json"
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path.symlink_to("/dev/zero")
    code, out, err = run_bounded(lambda: run("review", str(path)))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "unknown puzzle" not in err
    assert f"{path} cannot be read (" in err
    assert ("No such file" in err) if kind == "missing" else ("not a regular file" in err)


def test_review_reads_a_path_that_looks_like_a_file_as_one(tmp_path):
    code, _out, err = run("review", str(tmp_path / "games" / "mine"))
    assert code == 2 and "cannot be read" in err and "unknown puzzle" not in err
    code, _out, err = run("review", "pegs/english")   # a puzzle id stays a puzzle id
    assert code == 2 and "give the game's moves" in err


@pytest.mark.parametrize("command", ["solve", "hint", "moves"])
def test_an_unknown_strategy_is_named_before_anything_else_is_asked_for(command):
    code, out, err = run(command, "bulls", "--strategy", "nosuch")
    assert code == 2 and out == ""
    assert "unknown strategy 'nosuch'" in err and "optimal" in err and "minimax" in err
    assert "--secret" not in err


def test_a_seed_too_long_to_read_is_named_as_one():
    code, out, err = run("solve", "flip8/4x4", "--start", "random:" + "7" * 5000)
    assert code == 2 and out == ""
    assert err.startswith("pegapp: error: --start: random seed: 5,000 digits is too long")
    assert "4300" not in err and "set_int_max_str_digits" not in err


def test_the_selftest_refuses_an_argument_it_does_not_take():
    from pegapp.__main__ import main as pegapp_main

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        with pytest.raises(SystemExit) as done:
            pegapp_main(["--selftest", "extra"])
    assert done.value.code == 2 and "unrecognized arguments: extra" in err.getvalue()


@pytest.mark.parametrize("argv", [("--nosuchflag",), ("solve", "--nosuchflag")])
def test_an_unknown_option_is_named_not_taken_for_a_missing_command(argv):
    code, out, err = run(*argv)
    assert code == 2 and out == ""
    assert "unrecognized arguments: --nosuchflag" in err and "required" not in err


# ---- the fuzz test: every command, every option, odd values

#: puzzles whose commands answer in milliseconds, so an option the fuzz gets right runs fast
PUZZLES = ["pegs/diamond13", "pegs/triangle15", "slide/2x3", "rotate/3x3", "flip8/3x3",
           "oshidori/k3", "jugs", "hanoi/3", "lightsout/3x3", "bulls", "mastermind", "nosuch",
           "pegs", "", "slide/0x0", "pegs/../x"]
ODD_TEXT = st.one_of(
    st.sampled_from(["0", "-1", "1e308", "nan", "inf", "-0", "1_0", "１", "💥", " ", "", "0x10",
                     "1,2", "3,5", "4", "any", "1 2 3", "9" * 400, "a" * 5000, "\x00", "--json",
                     "optimal", "mastermind", "1234", "default"]),
    st.text(max_size=12))
VALUED = ["--start", "--finish", "--first-move", "--kinds", "--pairs", "--capacities",
          "--target", "--strategy", "--ruleset", "--secret", "--memory", "--board-file"]
FLAGS = ["--count", "--search", "--tree", "--json"]
SAFE_STATUS = {0, 1, 2, 3, EXIT_WRITE_FAILED}


@st.composite
def command_lines(draw):
    command = draw(st.sampled_from(["solve", "analyse", "hint", "moves", "problems", "boards",
                                    "families"]))
    argv = [command]
    if command in ("boards", "families"):  # no puzzle; any option given them is refused
        if draw(st.booleans()):
            argv.append(draw(st.one_of(st.sampled_from(PUZZLES), st.text(max_size=8))))
    else:
        argv.append(draw(st.one_of(st.sampled_from(PUZZLES), st.text(max_size=8))))
    for option in draw(st.lists(st.sampled_from(VALUED), max_size=3, unique=True)):
        argv.append(f"{option}={draw(ODD_TEXT)}")
    argv += draw(st.lists(st.sampled_from(FLAGS), max_size=2, unique=True))
    return argv


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(argv=command_lines())
def test_every_command_meets_odd_options_with_an_answer_or_one_line(tmp_path, argv):
    """Whatever the options: an exit status docs/CLI.md lists, no traceback, an error of one
    line on stderr, and a JSON answer that is one object when one is printed."""
    with mock.patch.dict(os.environ, {"PEGAPP_CACHE_DIR": str(tmp_path / "cache")}):
        code, out, err = run_bounded(lambda: run(*argv), seconds=120)
    assert code in SAFE_STATUS, (argv, code, err)
    assert "Traceback" not in err
    if code == 2:
        assert err.startswith("pegapp") and " error: " in err and out == "", (argv, err)
        assert err.count("\n") == 1, (argv, err)
        assert len(err) < 4000, argv
    if code in (0, 1) and "--json" in argv and argv[0] != "hint":
        assert isinstance(json.loads(out), dict), argv
