"""The catalogue build's decide pass (`build_catalogue.py --decide-gb`): each unknown problem
asked only whether it has a solution, by levels by jumps met through complements
(pegapp.solvers.pegs.meet); impossible ones take that reason, the header names the problems,
budget and the pagoda functions' file, a rerun takes them from the journal and --check decides
them again. Beginner cross's problems that an exhaustive search by moves refuted are made
unknown here, as a build that could not afford that search would have left them. And the
functions shipped for the build (packaging/pagodas) are pagoda functions by the board's jumps."""

from __future__ import annotations

import dataclasses
import json
import os

import pytest

from pegapp.core.board import get_board
from pegapp.core.messages import msg
from pegapp.puzzles import catalogue
from tests.test_catalogue_raise import ROOT, build  # noqa: F401 - the build module fixture

BOARD = "beginner-cross"


@pytest.fixture
def children(build, monkeypatch):  # noqa: F811
    """The decide pass's children computed in this process; the problems asked, in order."""
    asked = []

    def child(flag, board_id, entry, limits, more=(), floors=None):
        assert flag == "--decide-one"
        asked.append((entry["start"], entry["finish"]))
        board = get_board(board_id)
        p = build.decide_one(board, entry, limits)
        return ({"board_key": catalogue.board_key(board), "limits": limits,
                 "input": entry.get("lower_bound"), "entry": catalogue._entry_json(p),
                 "seconds": 0.0}, 0)

    monkeypatch.setattr(build, "_entry_child", child)
    return asked


def unknown_entries():
    """The shipped problems, those refuted by a search made unknown (and which they were)."""
    shipped = list(catalogue.load(get_board(BOARD)).problems)
    made = [p for p in shipped if p.possible is False and "exhaustive" in str(p.reason)]
    unknown = msg("no solution found within the catalogue's limits (a proof within {gb:g} GB, a "
                  "depth-first search of {millions} million positions), and no proof that there "
                  "is none", gb=0.001, millions=1)
    entries = [dataclasses.replace(p, possible=None, reason=unknown) if p in made else p
               for p in shipped]
    return shipped, entries, made


def test_deciding_refutes_the_unknown_problems_and_names_them(build, children, tmp_path):  # noqa: F811
    shipped, entries, made = unknown_entries()
    assert len(made) >= 2
    written = []
    header = build.decide_board(BOARD, entries, str(tmp_path / "t.jsonl"), {}, 1 << 26, None,
                                written.append, True)
    assert children == [(p.start, p.finish) for p in made]
    assert header["decided"] == {"memory_budget": 1 << 26, "pagodas": "",
                                 "problems": sorted([p.start, p.finish] for p in made)}
    cat = catalogue.decode(get_board(BOARD), written[-1])
    for before, after in zip(shipped, cat.problems):
        if before in made:
            assert after.possible is False and after.par is None
            assert "exhaustive search by jumps" in str(after.reason)
        else:
            assert after == before
    # a rerun takes every decision from the journal
    children.clear()
    again = unknown_entries()[1]
    build.decide_board(BOARD, again, str(tmp_path / "t.jsonl"), {}, 1 << 26, None,
                       lambda data: None, True)
    assert children == [] and again == list(cat.problems)


def test_a_budget_too_small_leaves_the_problem_unknown(build, children, tmp_path):  # noqa: F811
    _shipped, entries, made = unknown_entries()
    before = list(entries)
    build.decide_board(BOARD, entries, str(tmp_path / "t.jsonl"), {}, 1 << 10, None,
                       lambda data: None, True)
    assert len(children) == len(made) and entries == before


def test_the_shipped_pagoda_functions_are_pagoda_functions():
    """Every function the build reads for a board: one weight a hole, and no jump of the
    board (read from its file here) raises the sum: p(from) + p(over) >= p(to)."""
    folder = os.path.join(ROOT, "packaging", "pagodas")
    files = sorted(f for f in os.listdir(folder) if f.endswith(".json"))
    assert files
    for name in files:
        board = get_board(name[:-5])
        data = json.load(open(os.path.join(folder, name)))
        assert data["board_key"] == catalogue.board_key(board)
        for hole, functions in data["functions"].items():
            assert 0 <= int(hole) < board.n and functions
            for p in functions:
                assert len(p) == board.n
                assert all(p[f] + p[o] >= p[t] for f, o, t in board.jumps), (hole, p)
