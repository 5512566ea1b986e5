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


@pytest.mark.parametrize("argv, option", [
    (("solve", "slide/3x3", "--start", "1,2,3"), "--start"),
    (("hint", "slide/2x5", "--start", "abc"), "--start"),
    (("solve", "rotate/3x3", "--start", "1 2 3"), "--start"),
    (("solve", "flip8/4x4", "--start", "2"), "--start"),
    (("hint", "flip8/3x3", "--start", "0x1ffff"), "--start"),
    (("solve", "oshidori", "--kinds", "99"), "--kinds"),
    (("solve", "oshidori", "--pairs", "1"), "--pairs"),
    (("solve", "oshidori", "--kinds", "3", "--start", "1 2 1 2 _ _"), "--start"),
    (("solve", "oshidori", "--start", "1 2 x _ _"), "--start"),
    (("solve", "bulls", "--secret", "12"), "--secret"),
    (("solve", "bulls", "--start", "1123"), "--start"),  # solve's --start names the secret
    (("hint", "bulls", "--secret", "1234", "--start", "5555"), "--start"),  # the guesses
    (("solve", "mastermind", "--secret", "9999"), "--secret"),
    (("solve", "bulls", "--secret", "1234", "--strategy", "bogus"), "--strategy"),
    (("analyse", "bulls", "--strategy", "bogus"), "--strategy"),
    (("solve", "bulls", "--secret", "1234", "--ruleset", "bogus"), "--ruleset"),
    (("solve", "jugs", "--capacities", "0,5", "--target", "3"), "--capacities"),
    (("solve", "jugs", "--capacities", "a,5", "--target", "3"), "--capacities"),
    (("solve", "pegs/english", "--start", "99"), "--start"),
])
def test_a_refused_value_names_its_option(capsys, argv, option):
    # found by an outside trial: "a code has 4 digits, not 2: '12'" did not say which option
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith(f"pegapp: error: {option}: ") and err.count("\n") == 1, err


@pytest.mark.parametrize("argv", [("solve", "oshidori", "--kinds", "x"), ("solve",), ("bogus",)])
def test_argument_errors_are_one_line_too(capsys, argv):
    with pytest.raises(SystemExit) as exit_:
        main(list(argv))
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and err.count("\n") == 1 and "error:" in err


def test_an_unproven_solution_is_an_answer(capsys):
    # --search: prove by search (the shipped tablebase would answer at once)
    code, out, _ = run(capsys, "solve", "pegs/english", "--memory", "0.03", "--json", "--search")
    data = json.loads(out)
    assert code == 0 and data["status"] == "too_large" and not data["proven_minimal"]
    assert data["length"] >= 18 and data["moves"]
    assert "0.03 GB" in data["reason"] and "bytes" not in data["reason"]  # as it was asked


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


# ---- issue #10: numbers in ASCII digits only; output that cannot be written ----------------------

@pytest.mark.parametrize("argv, shown", [
    (("solve", "pegs/english", "--start", "１６"), "--start: '１'"),
    (("solve", "pegs/english", "--start", "16", "--finish", "１６"), "--finish: '１'"),
    (("solve", "pegs/diamond13", "--count", "--first-move", "0,６"), "--first-move: '６'"),
    (("solve", "pegs/english", "--start", "١٦"), "'١'"),           # Arabic-Indic digits
    (("solve", "slide/2x5", "--start", "０ 9 3 7 1 5 4 8 2 6"), "--start: '０'"),
    (("solve", "slide/２x５",), "puzzle: '２'"),
    (("solve", "rotate/3x3", "--start", "9 8 7 6 5 4 3 2 １"), "--start: '１'"),
    (("solve", "flip8/4x4", "--start", "random:²"), "--start: '²'"),   # isdigit() is True
    (("solve", "flip8/４x4",), "puzzle: '４'"),
    (("solve", "oshidori", "--start", "1 2 ³ 1 2 3 _ _"), "--start: '³'"),
    (("solve", "oshidori/k３",), "puzzle: '３'"),
    (("solve", "jugs", "--capacities", "８,5", "--target", "4"), "--capacities: '８'"),
    (("solve", "bulls", "--secret", "１２３４"), "--secret: '１'"),
])
def test_only_ascii_digits_are_numbers(capsys, argv, shown):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("pegapp: error: ") and shown in err and "ASCII digit" in err


@pytest.mark.parametrize("argv", [
    ("solve", "oshidori", "--kinds", "３"),
    ("solve", "oshidori/classic", "--pairs", "４"),
    ("solve", "jugs", "--capacities", "8,5", "--target", "４"),
    ("solve", "jugs", "--capacities", "8,5", "--target", "4_0"),
    ("solve", "pegs/diamond13", "--memory", "１"),
    ("solve", "pegs/diamond13", "--memory", "1_0"),
])
def test_typed_options_take_ascii_digits_only(capsys, argv):
    with pytest.raises(SystemExit) as exit_:
        main(list(argv))
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and err.count("\n") == 1 and "ASCII digits" in err


@pytest.mark.parametrize("start", ["1_6", "+16", "16.0", "0x10"])
def test_hole_numbers_are_plain_digits(capsys, start):
    code, out, err = run(capsys, "solve", "pegs/english", "--start", start)
    assert code == 2 and out == "" and "must be holes by number or by name" in err and err.count("\n") == 1


def test_ascii_numbers_still_work(capsys):
    code, out, _ = run(capsys, "solve", "jugs", "--capacities", "8, 5", "--target", "4",
                       "--memory", "0.5", "--json")
    assert code == 0 and json.loads(out)["length"] > 0
    code, out, _ = run(capsys, "solve", "pegs/english", "--start", " 16 ", "--json")
    assert code == 0 and json.loads(out)["length"] == 18


class _FailingStdout:
    """A stdout whose writes fail as on a full disk (or a closed pipe)."""

    def __init__(self, error):
        self.error = error
        self.written = []

    def write(self, text):
        raise self.error

    def flush(self):
        raise self.error

    def fileno(self):
        raise OSError("no file")


@pytest.mark.parametrize("argv", [("boards", "--json"), ("boards",),
                                  ("solve", "pegs/diamond13", "--json"), ("--help",),
                                  ("solve", "--help")])
def test_a_full_disk_is_one_line_and_exit_74(capsys, monkeypatch, argv):
    import errno
    capsys.readouterr()
    monkeypatch.setattr("sys.stdout", _FailingStdout(OSError(errno.ENOSPC, "No space left on device")))
    code = main(list(argv))
    err = capsys.readouterr().err
    assert code == 74
    assert err == "pegapp: error: cannot write the output: No space left on device\n"


def test_an_os_error_of_another_file_names_that_file_not_the_output(capsys, monkeypatch):
    """A failure past a file's own checks (a cache on a full disk) once said "cannot write the
    output", which is true only of standard output: it names its file, and what was written
    before it stays written."""
    import errno
    import sys

    import pegapp.cli as cli

    def fails_on_a_cache(args):
        print("an answer so far")
        raise OSError(errno.ENOSPC, "No space left on device", "/cache/pegs/english.levels")

    monkeypatch.setattr(cli, "_run", fails_on_a_cache)
    capsys.readouterr()
    code = main(["boards"])
    out, err = capsys.readouterr()
    assert code == 74 and out == "an answer so far\n"
    assert err == ("pegapp: error: input/output error /cache/pegs/english.levels: "
                   "No space left on device\n")
    assert not isinstance(sys.stdout, cli.StandardOutput)   # main gives standard output back


def test_a_closed_pipe_in_process_is_quiet(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdout", _FailingStdout(BrokenPipeError(32, "Broken pipe")))
    assert main(["boards", "--json"]) == 141    # as a shell reports SIGPIPE; 1 is "no answer"
    assert capsys.readouterr().err == ""


def _pegapp(*argv, **kwargs):
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    return subprocess.Popen([sys.executable, "-m", "pegapp", *argv], cwd=root,
                            stderr=subprocess.PIPE, **kwargs)


@pytest.mark.parametrize("argv", [("boards", "--json"), ("boards",), ("--help",)])
def test_a_reader_that_goes_away_gets_no_traceback(argv):
    """`pegapp boards --json | head -c1`: the pipe closes before pegapp writes."""
    import subprocess
    proc = _pegapp(*argv, stdout=subprocess.PIPE)
    proc.stdout.close()  # before the interpreter has even imported pegapp
    _, err = proc.communicate(timeout=120)
    assert err == b"" and proc.returncode == 141


def test_a_full_device_gets_one_line(tmp_path):
    """`pegapp boards --json >/dev/full` in a real process."""
    import os
    import stat
    full = "/dev/full"
    if not (os.path.exists(full) and stat.S_ISCHR(os.stat(full).st_mode)):
        pytest.skip("no /dev/full device here")
    with open(full, "wb") as out:
        proc = _pegapp("boards", "--json", stdout=out)
        _, err = proc.communicate(timeout=120)
    assert err == b"pegapp: error: cannot write the output: No space left on device\n"
    assert proc.returncode == 74


def test_an_output_encoding_without_japanese_is_one_line(capsys, monkeypatch):
    import io
    monkeypatch.setattr("sys.stdout", io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    assert main(["boards", "--json"]) == 74  # the board names in Japanese cannot be written
    err = capsys.readouterr().err
    assert err == "pegapp: error: cannot write the output in ascii (set PYTHONIOENCODING=utf-8)\n"


def test_moves_names_each_move_as_hint_does(capsys):
    # found by an outside trial: hint said "Fill jug 2 (5 L)" and moves "fill 1" of the same jug
    code, out, _ = run(capsys, "hint", "jugs", "--capacities", "8,5", "--target", "4")
    assert code == 0
    hinted = out.strip().splitlines()[-1].split("minimum: ")[1].split(",")[0]
    assert hinted == "Fill jug 2 (5 L)"
    code, out, _ = run(capsys, "moves", "jugs", "--capacities", "8,5", "--target", "4")
    assert code == 0
    rows = dict(line.rsplit(": ", 1) for line in out.strip().splitlines()[1:])
    assert rows == {"Fill jug 1 (8 L)": "11 left", "Fill jug 2 (5 L)": "9 left"}
    code, out, _ = run(capsys, "moves", "jugs", "--capacities", "8,5", "--target", "4", "--json")
    assert [m["notation"] for m in json.loads(out)["moves"]] == ["fill 0", "fill 1"]  # from 0


@pytest.mark.parametrize("command", ["solve", "hint", "moves", "analyse"])
def test_a_commands_help_lists_only_the_options_it_takes(capsys, command):
    """Found by an outside trial: hint's and moves' --help listed --count and --first-move,
    which they refuse ("hint does not take --count")."""
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = capsys.readouterr().out
    assert ("--count" in text and "--first-move" in text) is (command == "solve")
    assert "--start" in text and "--json" in text
