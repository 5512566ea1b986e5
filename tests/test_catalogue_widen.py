"""The catalogue build's widening pass (`build_catalogue.py --widen-gb`): the lines of the
problems still open shortened by windows one move shorter than each line, merged into their
entries (a line as short as the proven floor is a minimum), the file written after each with a
header naming them, resumable through the journal (keyed by the line widened), reproduced by
--check. On Triangle 21 a 64 KB budget leaves 28 of its 29 possible problems best known, with
lines of 14-18 moves where the minima are 9-11; windows within 16 MB find shorter ones."""

from __future__ import annotations

import dataclasses
import json

import pytest

from pegapp.core.board import get_board
from pegapp.puzzles import catalogue
from pegapp.solvers.pegs.problem import DEFAULT_COUNT_CUT
from tests.test_catalogue_raise import args, build  # noqa: F401 - the build module fixture

SMALL, WIDE = 64 << 10, 16 << 20
LIMITS = {"count_cut": DEFAULT_COUNT_CUT, "memory_budget": SMALL}


@pytest.fixture
def children(build, monkeypatch):  # noqa: F811
    """run_widen_child computed in this process; the problems it was asked for, in order."""
    asked = []

    def run_widen_child(board_id, entry, limits):
        asked.append((entry["start"], entry["finish"]))
        board = get_board(board_id)
        p = build.widen_one(board, entry, limits)
        return ({"board_key": catalogue.board_key(board), "limits": limits,
                 "input": entry["solution"], "entry": catalogue._entry_json(p),
                 "seconds": 0.0}, 0)

    monkeypatch.setattr(build, "run_widen_child", run_widen_child)
    return asked


@pytest.fixture(scope="module")
def base(build, tmp_path_factory):  # noqa: F811
    journal = tmp_path_factory.mktemp("base") / "t.jsonl"
    return build.build_board("triangle21", str(journal), True, LIMITS)


def minima() -> dict:
    return {(p.start, p.finish): p.par for p in catalogue.load(get_board("triangle21")).problems
            if p.possible}


def test_widening_shortens_the_open_lines_and_the_header_names_them(build, base, children,  # noqa: F811
                                                                    tmp_path):
    board = get_board("triangle21")
    written = []
    entries = list(base)
    header = build.widen_board("triangle21", entries, str(tmp_path / "t.jsonl"), dict(LIMITS),
                               WIDE, 4, None, written.append, True)
    chosen = build.open_problems(base)[:4]
    widened = sorted([p.start, p.finish] for p in chosen)
    assert header == dict(LIMITS, widened={"memory_budget": WIDE, "problems": widened})
    assert len(written) == 4  # the file after each problem: a stopped pass ships the last
    cat = catalogue.decode(board, written[-1])  # its solutions replay (decode checks them)
    shorter = 0
    for before, after in zip(base, cat.problems):
        if [before.start, before.finish] in widened:
            assert minima()[(after.start, after.finish)] <= after.par <= before.par
            assert after.lower_bound == before.lower_bound  # a line proves no floor
            shorter += after.par < before.par
        else:
            assert after == before
    assert shorter >= 3


def test_a_line_as_short_as_its_floor_comes_out_proven(build, base):  # noqa: F811
    """Given the floor the full search proves (the shipped minimum), the widened line of
    4 -> 6 reaches it and the entry is a minimum, with no reason and no floor left."""
    board = get_board("triangle21")
    p = next(p for p in base if (p.start, p.finish) == (4, 6))
    floor = minima()[(4, 6)]
    assert p.par > floor and not p.proven_minimal
    entry = catalogue._entry_json(dataclasses.replace(p, lower_bound=floor))
    got = build.widen_one(board, entry, {"memory_budget": WIDE})
    assert (got.par, got.proven_minimal, got.lower_bound, got.reason) == (floor, True, None,
                                                                          None)


def test_a_rerun_takes_the_widened_lines_from_the_journal(build, base, children, tmp_path):  # noqa: F811
    journal = tmp_path / "t.jsonl"
    build.widen_board("triangle21", list(base), str(journal), dict(LIMITS), WIDE, 2, None,
                      lambda data: None, True)
    assert len(children) == 2
    children.clear()
    entries = list(base)
    build.widen_board("triangle21", entries, str(journal), dict(LIMITS), WIDE, 2, None,
                      lambda data: None, True)
    assert children == []  # both from the journal
    # each journal line is kept with the line it widened: a line widened is looked up by it
    first = build.open_problems(base)[0]
    lines = [json.loads(t) for t in journal.read_text().splitlines()]
    assert [line["input"] for line in lines][:1] == [catalogue._entry_json(first)["solution"]]
    changed = list(base)
    i = changed.index(first)
    changed[i] = dataclasses.replace(first, solution=entries[i].solution, par=entries[i].par)
    build.widen_board("triangle21", changed, str(journal), dict(LIMITS), WIDE, 2, None,
                      lambda data: None, True)
    # another line: widened again (the second, its line unchanged, from the journal)
    assert children == [(first.start, first.finish)]


def test_check_widens_again_the_problems_the_header_names(build, children, tmp_path,  # noqa: F811
                                                          monkeypatch):
    monkeypatch.setattr(build, "limits_for", lambda board, *a: dict(LIMITS))
    out = tmp_path / "out"
    out.mkdir()
    assert build.build_file("triangle21", str(out), args(tmp_path, widen_gb=WIDE / 1024**3,
                                                         widen_count=2))
    shipped = (out / "triangle21.json").read_bytes()
    assert json.loads(shipped)["limits"]["widened"]["memory_budget"] == WIDE
    children.clear()
    assert build.build_file("triangle21", str(out), args(tmp_path, check=True))
    assert len(children) == 2  # the two the header names, under its budget
    data = json.loads(shipped)
    data["limits"]["widened"]["problems"].pop()  # a header that names one problem fewer
    (out / "triangle21.json").write_text(json.dumps(data))
    assert not build.build_file("triangle21", str(out), args(tmp_path, check=True))


def test_a_widening_pass_can_start_from_the_shipped_file(build, children, tmp_path,  # noqa: F811
                                                         monkeypatch):
    """--from-shipped: the entries the shipped file holds (checked as when loaded) are widened
    without the base build (here: a file built at 64 KB stands for the shipped one)."""
    monkeypatch.setattr(build, "limits_for", lambda board, *a: dict(LIMITS))
    out = tmp_path / "out"
    out.mkdir()
    assert build.build_file("triangle21", str(out), args(tmp_path))
    before = catalogue.decode(get_board("triangle21"), (out / "triangle21.json").read_bytes())
    monkeypatch.setattr(build, "build_board", lambda *a: pytest.fail("the base was computed"))
    assert build.build_file("triangle21", str(out), args(tmp_path, widen_gb=WIDE / 1024**3,
                                                         widen_count=1, from_shipped=True))
    after = catalogue.decode(get_board("triangle21"), (out / "triangle21.json").read_bytes())
    assert len(children) == 1
    assert after.limits["widened"]["problems"] == [list(children[0])]
    assert sum(p.par or 0 for p in after.problems) < sum(p.par or 0 for p in before.problems)


def test_a_second_workers_lines_are_taken_while_the_pass_runs(build, base, children, tmp_path,  # noqa: F811
                                                               monkeypatch):
    """Two workers share a pass: while the pass widens its first problem, another process
    widens the second and appends its line to the same journal; the pass takes that line
    when it comes to the problem, and does not widen it again."""
    journal = tmp_path / "t.jsonl"
    first, second = build.open_problems(base)[:2]
    run = build.run_widen_child

    def beside(board_id, entry, limits):
        if (entry["start"], entry["finish"]) == (first.start, first.finish):
            other, _ = run(board_id, catalogue._entry_json(second), limits)
            children.pop()  # the other worker's, not the pass's
            with open(journal, "a") as jf:
                jf.write(json.dumps(other, sort_keys=True) + "\n")
        return run(board_id, entry, limits)

    monkeypatch.setattr(build, "run_widen_child", beside)
    entries = list(base)
    build.widen_board("triangle21", entries, str(journal), dict(LIMITS), WIDE, 2, None,
                      lambda data: None, True)
    assert children == [(first.start, first.finish)]
    lines = [json.loads(t) for t in journal.read_text().splitlines()]
    assert len(lines) == 2
    i = [(p.start, p.finish) for p in entries].index((second.start, second.finish))
    assert catalogue._entry_json(entries[i]) == lines[0]["entry"]


def test_a_line_a_round_made_shorter_is_widened_again(build, base, children, tmp_path,  # noqa: F811
                                                      monkeypatch):
    """--widen-rounds 2: the lines the first round made shorter but left open are widened again
    (a line not made shorter is not: it would give what it gave); the header names a problem
    once a round, and --check widens each as often as named, to the same bytes."""
    journal = tmp_path / "t.jsonl"
    entries = list(base)
    header = build.widen_board("triangle21", entries, str(journal), dict(LIMITS), WIDE, None,
                               None, lambda data: None, True, rounds=2)
    named = header["widened"]["problems"]
    twice = {tuple(x) for x in named if named.count(x) == 2}
    assert twice and all(named.count(x) <= 2 for x in named)
    lines = [json.loads(t) for t in journal.read_text().splitlines()]
    for pair in twice:  # its first round's line was shorter than the line it started from
        first = next(x for x in lines if (x["entry"]["start"], x["entry"]["finish"]) == pair)
        assert len(first["entry"]["solution"]) < len(first["input"])
        assert not first["entry"].get("proven_minimal")
    firsts = {}
    for x in lines:
        firsts.setdefault((x["entry"]["start"], x["entry"]["finish"]), x)
    for pair, x in firsts.items():  # a line the first round did not shorten: not again
        if len(x["entry"]["solution"]) == len(x["input"]) or x["entry"].get("proven_minimal"):
            assert pair not in twice
    assert len(children) == len(named)
    # --check: the same problems as often as named, to the same entries
    children.clear()
    again = list(base)
    build.widen_board("triangle21", again, str(tmp_path / "check.jsonl"), dict(LIMITS), WIDE,
                      None, named, lambda data: None, True)
    assert len(children) == len(named) and again == entries


def test_a_rerun_ships_what_the_journal_holds_before_it_computes(build, base, children,  # noqa: F811
                                                                 tmp_path):
    """A second worker widened the third open problem and the pass was stopped before it came to
    it: a rerun takes that line first (no work), then goes on by gap."""
    journal = tmp_path / "t.jsonl"
    first, second, third = build.open_problems(base)[:3]
    other, _ = build.run_widen_child("triangle21", catalogue._entry_json(third),
                                     {"memory_budget": WIDE, "window_less": build.WIDEN_LESS})
    journal.write_text(json.dumps(other, sort_keys=True) + "\n")
    children.clear()
    entries = list(base)
    header = build.widen_board("triangle21", entries, str(journal), dict(LIMITS), WIDE, 2, None,
                               lambda data: None, True)
    assert header["widened"]["problems"] == sorted([[third.start, third.finish],
                                                    [first.start, first.finish]])
    assert children == [(first.start, first.finish)]  # the third came from the journal


def test_a_line_a_round_left_as_it_was_is_not_named_again(build, base, children, tmp_path):  # noqa: F811
    """--widen-rounds 3: a line the second round widened without shortening is not taken by the
    third (its widening would come back from the journal unchanged, and the header would name
    the problem for a round that did nothing: Wiegleb's 4 -> 4 on 2026-11-27, 86f2580). Every problem
    named is a line widened once, computed once."""
    journal = tmp_path / "t.jsonl"
    header = build.widen_board("triangle21", list(base), str(journal), dict(LIMITS), WIDE, None,
                               None, lambda data: None, True, rounds=3)
    named = header["widened"]["problems"]
    lines = [json.loads(t) for t in journal.read_text().splitlines()]
    keys = {(x["entry"]["start"], x["entry"]["finish"], json.dumps(x["input"])) for x in lines}
    assert len(children) == len(named) == len(lines) == len(keys)
