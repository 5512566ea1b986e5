"""What a new player met on the command line (issue #59): --help lists --selftest, hint --help
says what --start takes, and jugs without --capacities is the game's own puzzle (8 L, 5 L, 4 L)."""

import json

import pytest

from pegapp.cli import main
from tests.test_moves_remain import jugs_distance


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def help_text(capsys, *argv) -> str:
    with pytest.raises(SystemExit) as stopped:
        main([*argv, "--help"])
    assert stopped.value.code == 0
    return " ".join(capsys.readouterr().out.split())


def test_the_help_lists_selftest_among_the_options(capsys):
    options = help_text(capsys).split("options:")[1]
    assert "--selftest check this installation" in options


def test_hint_help_says_start_takes_the_empty_holes_by_number_or_name(capsys):
    text = help_text(capsys, "hint")
    assert "any position" in text and "empty holes, by number or name" in text


def test_jugs_without_capacities_is_the_games_own_puzzle(capsys):
    code, out, err = run(capsys, "solve", "jugs", "--json")
    assert code == 0, err
    answer = json.loads(out)
    assert answer["capacities"] == [8, 5] and answer["target"] == 4
    assert answer["length"] == jugs_distance((8, 5), 4)
    code, out, err = run(capsys, "analyse", "jugs")
    assert code == 0 and "positions:" in out
    code, _, err = run(capsys, "solve", "jugs", "--capacities", "12,8,5")
    assert code == 2 and "--target" in err  # other jugs: their target is asked for
