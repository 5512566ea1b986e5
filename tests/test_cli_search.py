"""The command line's `search` object: the solver's own record, checked against the answer."""

from __future__ import annotations

import json

import pytest

from pegapp.cli import main

KEYS = {"source", "forward", "backward", "meeting", "positions", "examined", "peak_bytes",
        "seconds", "origin"}


def run_json_lines(capsys, *argv) -> list[dict]:
    code = main(list(argv))
    out = capsys.readouterr().out
    assert code == 0, out
    return [json.loads(line) for line in out.splitlines() if line.strip()]


@pytest.mark.parametrize("argv, source", [
    (("solve", "oshidori/k3", "--json"), "search"),
    (("solve", "jugs", "--capacities", "8,5", "--target", "4", "--json"), "search"),
    (("solve", "rotate/3x3", "--start", "2,1,3,4,5,6,8,7,9", "--json"), "table"),
    (("solve", "flip8/4x4", "--json"), "table"),
])
def test_solve_json_carries_the_search(capsys, argv, source):
    (answer,) = run_json_lines(capsys, *argv)
    search = answer["search"]
    assert set(search) == KEYS and search["source"] == source
    assert sum(search["meeting"]) == answer["length"]
    assert search["forward"][0] == 1
    assert search["positions"] >= 1


def test_rotation_search_object_is_the_table_that_answered(capsys):
    (answer,) = run_json_lines(capsys, "solve", "rotate/3x3", "--start", "2,1,3,4,5,6,8,7,9",
                               "--json")
    search = answer["search"]
    assert sum(search["backward"]) == 181_440 == search["positions"]
    assert search["backward"][-1] == 13 and len(search["backward"]) == 13
    assert search["meeting"] == [0, answer["length"]]


def test_only_the_final_hint_line_has_the_search(capsys):
    lines = run_json_lines(capsys, "hint", "oshidori/k3", "--json")
    assert lines[-1]["final"] and "search" in lines[-1]
    assert all("search" not in line for line in lines[:-1])
    search = lines[-1]["search"]
    assert sum(search["meeting"]) == len(lines[-1]["moves"])
