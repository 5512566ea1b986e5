"""The catalogue build's raise pass (`build_catalogue.py --raise-gb`): the problems a first budget
left open computed again under a bigger one, the file written after each with a header naming
them, resumable, and reproduced by --check. On Triangle 21 a 64 KB budget leaves 13 of its 14
possible problems best known; 4 MB proves every one, in a second."""

from __future__ import annotations

import argparse
import importlib.util
import json
from pathlib import Path

import pytest

from pegapp.core.board import get_board
from pegapp.puzzles import catalogue
from pegapp.solvers.pegs import levels as peg_levels
from pegapp.solvers.pegs.problem import DEFAULT_COUNT_CUT

ROOT = Path(__file__).parent.parent
SMALL, BIG = 64 << 10, 4 << 20


#: compute_one's answers in this test process, by the problem, its limits and the level
#: search's buffers (test_catalogue_probe makes them small): see the build fixture
_COMPUTED: dict = {}


@pytest.fixture(scope="module")
def build():
    """packaging/build_catalogue.py as a module, its compute_one answering each problem once a
    test process: the builds here (a base build of Triangle 21's 145 problems, a --check
    building that base again, a raise's problems under a budget) ask the same problems under
    the same counted limits again and again (200 s of test_catalogue_probe's 215 s were base
    builds, 2026-12-07); compute_one is deterministic (its limits are counts), so its answer
    is the same. What these tests check is the passes' own logic (which problems, in what
    order, from the journal, the header); that a --check computing every problem again gives
    the shipped bytes is test_catalogue.py::test_the_build_script_reproduces_the_shipped_bytes
    (the script in its own process, nothing cached) and
    test_catalogue.py::test_a_sample_recomputed_by_the_solver_matches."""
    spec = importlib.util.spec_from_file_location("build_catalogue",
                                                  ROOT / "packaging" / "build_catalogue.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    compute = module.compute_one

    def compute_once(board, start, finish, limits):
        key = (catalogue.board_key(board), start, finish, json.dumps(limits, sort_keys=True),
               peg_levels._buffer_size, peg_levels.PARENTS, peg_levels.ROOM)
        if key not in _COMPUTED:
            _COMPUTED[key] = compute(board, start, finish, limits)
        return _COMPUTED[key]

    module.compute_one = compute_once
    return module


@pytest.fixture
def children(build, monkeypatch):
    """run_child computed in this process (a child imports numba again: seconds each); the
    problems it was asked for, in order."""
    asked = []

    def run_child(board_id, start, finish, limits):
        asked.append((start, finish))
        p = build.compute_one(get_board(board_id), start, finish, limits)
        board_key = catalogue.board_key(get_board(board_id))
        return ({"board_key": board_key, "limits": limits, "entry": catalogue._entry_json(p),
                 "seconds": 0.0}, 0)

    monkeypatch.setattr(build, "run_child", run_child)
    return asked


LIMITS = {"count_cut": DEFAULT_COUNT_CUT, "memory_budget": SMALL}


def args(tmp_path, **more):
    values = {"journal": str(tmp_path / "journal"), "memory_gb": 14.0, "dfs_millions": 20,
              "raise_gb": None, "raise_count": None, "check": False, "quiet": True}
    values.update(more)
    return argparse.Namespace(**values)


def test_raising_the_budget_proves_the_open_problems_and_the_header_names_them(
        build, children, tmp_path):
    board = get_board("triangle21")
    journal = tmp_path / "t.jsonl"
    base = build.build_board("triangle21", str(journal), True, LIMITS)
    open_before = build.open_problems(base)
    assert len(open_before) >= 10  # the small budget leaves most problems best known
    written = []
    entries = list(base)
    header = build.raise_board("triangle21", entries, str(journal), LIMITS, BIG, 3, None,
                               written.append, True)
    raised = sorted([p.start, p.finish] for p in open_before[:3])
    assert header == dict(LIMITS, raised={"memory_budget": BIG, "problems": raised})
    assert len(written) == 3  # the file after each problem: a stopped build ships the last
    cat = catalogue.decode(board, written[-1])  # its solutions replay (decode checks them)
    shipped = catalogue.load(board)
    for before, after, full in zip(base, cat.problems, shipped.problems):
        if [before.start, before.finish] in raised:
            assert after.proven_minimal and after.par == full.par < before.par
        else:
            assert after == before
    assert cat.limits["raised"]["problems"] == raised


def test_a_rerun_takes_the_raised_problems_from_the_journal_first(build, children, tmp_path):
    journal = tmp_path / "t.jsonl"
    base = build.build_board("triangle21", str(journal), True, LIMITS)
    first = build.open_problems(base)[5:7]  # not the two a rerun would start with
    for p in first:  # as a build stopped after these two would have left its journal
        line, _ = build.run_child("triangle21", p.start, p.finish,
                                  dict(LIMITS, memory_budget=BIG))
        with open(journal, "a") as f:
            f.write(json.dumps(line, sort_keys=True) + "\n")
    children.clear()
    header = build.raise_board("triangle21", list(base), str(journal), LIMITS, BIG, 3, None,
                               lambda data: None, True)
    assert len(children) == 1  # two from the journal, one computed
    assert sorted(header["raised"]["problems"]) == sorted(
        [[p.start, p.finish] for p in first] + [list(children[0])])


def test_check_recomputes_the_raised_problems_the_header_names(build, children, tmp_path,
                                                              monkeypatch):
    monkeypatch.setattr(build, "limits_for", lambda board, *a: dict(LIMITS))
    out = tmp_path / "out"
    out.mkdir()
    assert build.build_file("triangle21", str(out), args(tmp_path, raise_gb=BIG / 1024**3,
                                                         raise_count=2))
    shipped = (out / "triangle21.json").read_bytes()
    assert json.loads(shipped)["limits"]["raised"]["memory_budget"] == BIG
    children.clear()
    assert build.build_file("triangle21", str(out), args(tmp_path, check=True))
    assert len(children) == 2  # the two the header names, under its budget
    data = json.loads(shipped)
    data["limits"]["raised"]["problems"].pop()  # a header that names one problem fewer
    (out / "triangle21.json").write_text(json.dumps(data))
    assert not build.build_file("triangle21", str(out), args(tmp_path, check=True))


def _problem(par, floor, proven=False):
    line = tuple((i, i + 1) for i in range(par)) if par is not None else None
    return catalogue.Problem(0, 0, par is not None or None, par, proven, line,
                             None if proven else "why", (), None if proven else floor)


@pytest.mark.parametrize("base, more, expected", [
    ((23, 19), (23, 21), (23, False, 21)),   # the same line, a higher floor
    ((23, 20), (21, 19), (21, False, 20)),   # a shorter line, the base's floor
    ((23, 21), (22, 19), (22, False, 21)),
    ((22, 21), (23, 22), (22, True, None)),  # the base's line as short as the new floor
    ((24, 20), (None, 21), (24, False, 21)),  # no line under the bigger budget, a higher floor
    ((22, 20), (None, 22), (22, True, None)),
    ((None, 17), (25, 21), (25, False, 21)),  # unknown, now decided
])
def test_two_budgets_results_merge_into_what_both_prove(build, base, more, expected):
    got = build.merged(_problem(*base), _problem(*more))
    assert (got.par, got.proven_minimal, got.lower_bound) == expected
    if got.par is not None:
        assert len(got.solution) == got.par
        assert (got.reason is None) == got.proven_minimal


def test_a_raise_goes_on_from_the_shipped_file(build, children, tmp_path, monkeypatch):
    """--from-shipped --raise-gb: the raise goes on from the shipped file (no base build, no
    journal) with problems its header has not raised, under the budget it names, and --check
    reproduces the file; another budget is refused (the header names one)."""
    monkeypatch.setattr(build, "limits_for", lambda board, *a: dict(LIMITS))
    out = tmp_path / "out"
    out.mkdir()
    assert build.build_file("triangle21", str(out), args(tmp_path, raise_gb=BIG / 1024**3,
                                                         raise_count=2))
    first = json.loads((out / "triangle21.json").read_bytes())["limits"]["raised"]["problems"]
    children.clear()
    real_build_board = build.build_board
    monkeypatch.setattr(build, "build_board", lambda *a: pytest.fail("the base was computed"))
    assert build.build_file("triangle21", str(out), args(
        tmp_path / "elsewhere", raise_gb=BIG / 1024**3, raise_count=1, from_shipped=True))
    assert len(children) == 1 and list(children[0]) not in first
    after = catalogue.decode(get_board("triangle21"), (out / "triangle21.json").read_bytes())
    assert after.limits["raised"]["problems"] == sorted(first + [list(children[0])])
    p = after.find(*children[0])
    assert p.proven_minimal  # 4 MB proves every Triangle 21 problem
    monkeypatch.setattr(build, "build_board", real_build_board)
    children.clear()
    assert build.build_file("triangle21", str(out), args(tmp_path, check=True))
    assert len(children) == 3  # the three the header names
    with pytest.raises(SystemExit, match="raised under"):
        build.build_file("triangle21", str(out), args(tmp_path, raise_gb=2 * BIG / 1024**3,
                                                      raise_count=1, from_shipped=True))
