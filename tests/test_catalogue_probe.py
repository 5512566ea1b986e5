"""The catalogue build's probe pass (`build_catalogue.py --probe-gb`): the best-known problems
proven again from the floors their entries hold, with each bound's last two levels probed where
the level before the last does not fit the budget (pegs.prove(probe_two=True)), merged into
their entries, the file written after each with a header naming them, resumable through the
journal and reproduced by --check. With the level search's buffers made small (so the levels,
not the buffers, fill a budget of kilobytes), a 64 KB build of Triangle 21 leaves most of its
possible problems best known; at 96 KB the probe pass proves more of them than the same
budget's plain proof does, each at the shipped minimum."""

from __future__ import annotations

import json

import pytest

from pegapp.core.board import get_board
from pegapp.puzzles import catalogue
from pegapp.solvers.pegs import levels as peg_levels
from pegapp.solvers.pegs.problem import DEFAULT_COUNT_CUT
from tests.test_catalogue_raise import args, build  # noqa: F401 - the build module fixture

SMALL, PROBE = 64 << 10, 96 << 10
LIMITS = {"count_cut": DEFAULT_COUNT_CUT, "memory_budget": SMALL}


@pytest.fixture(scope="module")
def small_buffers():
    mp = pytest.MonkeyPatch()
    mp.setattr(peg_levels, "_buffer_size", lambda parents, ratio: 2048)
    mp.setattr(peg_levels, "PARENTS", 256)
    mp.setattr(peg_levels, "ROOM", 512)     # a quarter of a buffer: a block of many parents
    yield
    mp.undo()


#: the probes run_probe_child made in this test process, by the entry, the limits, the floor
#: it started from and the level search's buffers: (the floors it heard, its result)
_PROBED: dict = {}


@pytest.fixture
def children(build, small_buffers, monkeypatch):  # noqa: F811
    """run_probe_child computed in this process; the problems it was asked for, in order. A
    probe asked again (the same entry, limits and floor: a --check, a rerun, the pass of
    another test) is answered as the first was, its floors told again in order, without the
    search again: probe_one's limits are counts, so its answer and its floors are the same
    (a probe's independence of the cores and threads is
    test_a_probe_decides_alike_on_one_core_and_two's, which calls probe_one itself)."""
    asked = []

    def run_probe_child(board_id, entry, limits, resume=None, floors=None):
        asked.append((entry["start"], entry["finish"]))
        board = get_board(board_id)
        key = (board_id, json.dumps(entry, sort_keys=True), json.dumps(limits, sort_keys=True),
               resume or 0, peg_levels._buffer_size, peg_levels.PARENTS, peg_levels.ROOM)
        if key not in _PROBED:
            heard = []
            _PROBED[key] = (heard, build.probe_one(board, entry, limits, resume or 0,
                                                   heard.append))
        heard, p = _PROBED[key]
        for n in heard:
            if floors is None:
                print(json.dumps({build.FLOOR: n}), flush=True)
            else:
                floors(n)
        return ({"board_key": catalogue.board_key(board), "limits": limits,
                 "input": [entry.get("lower_bound"), entry["solution"]],
                 "entry": catalogue._entry_json(p), "seconds": 0.0}, 0)

    monkeypatch.setattr(build, "run_probe_child", run_probe_child)
    return asked


@pytest.fixture(scope="module")
def base(build, small_buffers, tmp_path_factory):  # noqa: F811
    journal = tmp_path_factory.mktemp("base") / "t.jsonl"
    return build.build_board("triangle21", str(journal), True, LIMITS)


def minima() -> dict:
    return {(p.start, p.finish): p.par for p in catalogue.load(get_board("triangle21")).problems
            if p.possible}


def test_probing_proves_what_the_same_budget_left_open(build, base, children, tmp_path,  # noqa: F811
                                                       monkeypatch):
    board = get_board("triangle21")
    written = []
    entries = list(base)
    chosen = [p for p in build.open_problems(base) if p.possible]
    assert len(chosen) >= 20
    header = build.probe_board("triangle21", entries, str(tmp_path / "t.jsonl"), dict(LIMITS),
                               PROBE, None, None, written.append, True)
    probed = sorted([p.start, p.finish] for p in chosen)
    assert header == dict(LIMITS, probed={"memory_budget": PROBE, "problems": probed})
    assert len(written) == len(chosen)  # the file after each problem
    cat = catalogue.decode(board, written[-1])  # its solutions replay (decode checks them)
    proven = plain = 0
    for before, after in zip(base, cat.problems):
        if [before.start, before.finish] not in probed:
            assert after == before
            continue
        least = minima()[(after.start, after.finish)]
        if after.proven_minimal:
            proven += 1
            assert after.par == least
        else:
            assert before.lower_bound <= after.lower_bound <= least <= after.par
        # the plain proof under the same budget, from the same floor
        proof = build.peg_solver.prove(board, board.position_for([before.start]), before.finish,
                                       PROBE, before.par, floor=before.lower_bound)
        plain += proof.moves is not None
        assert proof.moves is None or after.proven_minimal  # the probe loses none of the plain's
    # the same probes with no level probed two at a time (probe_one's bound alone, a move below
    # the line's): what probe_two adds is counted against them, not against a margin measured
    # on one machine (26 proven against 24 without and 21 plain there, 2026-12-07 14:53; 24
    # against 21 and 21 in the containers since 20:41, where 0 -> 16's stored levels leave no
    # room for the two probe slots: docs/results/suite-time.md)
    real = build.peg_solver.prove
    monkeypatch.setattr(build.peg_solver, "prove",
                        lambda *a, **k: real(*a, **dict(k, probe_two=False)))
    without = sum(build.probe_one(board, catalogue._entry_json(p),
                                  dict(LIMITS, memory_budget=PROBE), 0, lambda n: None)
                  .proven_minimal for p in chosen)
    assert proven > without and proven > plain + 2, (proven, without, plain)


def test_a_rerun_takes_the_probed_problems_from_the_journal(build, base, children, tmp_path):  # noqa: F811
    journal = tmp_path / "t.jsonl"
    first = list(base)
    build.probe_board("triangle21", first, str(journal), dict(LIMITS), PROBE, 2, None,
                      lambda data: None, True)
    assert len(children) == 2
    children.clear()
    again = list(base)
    build.probe_board("triangle21", again, str(journal), dict(LIMITS), PROBE, 2, None,
                      lambda data: None, True)
    assert children == [] and again == first  # both from the journal
    lines = [json.loads(t) for t in journal.read_text().splitlines()]
    p = build.open_problems(base)[0]   # kept with the floor and line it started from
    assert lines[0]["input"] == [p.lower_bound, catalogue._entry_json(p)["solution"]]


def test_check_probes_again_the_problems_the_header_names(build, children, tmp_path,  # noqa: F811
                                                          monkeypatch):
    monkeypatch.setattr(build, "limits_for", lambda board, *a: dict(LIMITS))
    out = tmp_path / "out"
    out.mkdir()
    assert build.build_file("triangle21", str(out), args(tmp_path, probe_gb=PROBE / 1024**3,
                                                         probe_count=2))
    shipped = (out / "triangle21.json").read_bytes()
    assert json.loads(shipped)["limits"]["probed"]["memory_budget"] == PROBE
    children.clear()
    assert build.build_file("triangle21", str(out), args(tmp_path, check=True))
    assert len(children) == 2  # the two the header names, under its budget
    data = json.loads(shipped)
    data["limits"]["probed"]["problems"].pop()  # a header that names one problem fewer
    (out / "triangle21.json").write_text(json.dumps(data))
    assert not build.build_file("triangle21", str(out), args(tmp_path, check=True))


def test_a_probe_decides_alike_on_one_core_and_two(build, base, small_buffers, monkeypatch):  # noqa: F811
    """The build writes the same bytes on any machine: a probe's answer under a budget does not
    depend on how many cores share its blocks (two threads' buffers are reckoned on one core
    too), at a budget where some probes run out and some prove: of the 28 open problems 25
    prove at 88 KB. (80 KB, where 22 prove, and 96 KB were tried too until 2026-12-07: a build
    that counts one probe slot's buffers on one core and two on two fails at 88 KB alone as at
    80 and 88; dropped for the suite's time, issue #73. Since blocks keep room for 512 children
    here (small_buffers' ROOM), not MARGIN, a block holds many parents, not one: 21 prove at 80
    KB, 25 at 88, and that build still fails here.)"""
    from pegapp.solvers.pegs import levels as peg_levels
    board = get_board("triangle21")
    chosen = [p for p in build.open_problems(base) if p.possible]
    outcomes = {}
    for cores in (1, 2):
        monkeypatch.setattr(peg_levels, "ways", lambda: cores)
        outcomes[cores] = [
            catalogue._entry_json(build.probe_one(board, catalogue._entry_json(p),
                                                  dict(LIMITS, memory_budget=budget)))
            for budget in (88 << 10,) for p in chosen]
    assert outcomes[1] == outcomes[2]
    proven = sum(e["proven_minimal"] for e in outcomes[2])
    assert 0 < proven < len(outcomes[2])


def test_a_probe_stopped_goes_on_from_the_floor_it_proved(build, base, children, tmp_path,  # noqa: F811
                                                          monkeypatch):
    """A probe stopped partway (a child killed after an hour) has journaled each floor it
    proved on the way; run again, the pass takes the finished problems from the journal, starts
    the stopped one from the highest floor, and ends with the entries of a pass never stopped."""
    whole = list(base)
    build.probe_board("triangle21", whole, str(tmp_path / "whole.jsonl"), dict(LIMITS), PROBE,
                      None, None, lambda data: None, True)
    in_process = build.run_probe_child
    heard, resumed = [], []

    def stopped(board_id, entry, limits, resume=None, floors=None):
        def floor_then_killed(n):
            floors(n)
            heard.append((entry["start"], entry["finish"], n))
            raise SystemExit("the child was killed")
        return in_process(board_id, entry, limits, resume, floor_then_killed)

    journal = tmp_path / "t.jsonl"
    monkeypatch.setattr(build, "run_probe_child", stopped)
    with pytest.raises(SystemExit):
        build.probe_board("triangle21", list(base), str(journal), dict(LIMITS), PROBE, None,
                          None, lambda data: None, True)
    assert len(heard) == 1
    start, finish, floor = heard[0]

    def again(board_id, entry, limits, resume=None, floors=None):
        resumed.append((entry["start"], entry["finish"], resume))
        return in_process(board_id, entry, limits, resume, floors)

    monkeypatch.setattr(build, "run_probe_child", again)
    after = list(base)
    build.probe_board("triangle21", after, str(journal), dict(LIMITS), PROBE, None, None,
                      lambda data: None, True)
    assert after == whole
    assert resumed[0] == (start, finish, floor)   # the stopped one, from its floor
    assert all(r is None for _s, _f, r in resumed[1:])
    done_before = [(p.start, p.finish) for p in build.open_problems(base) if p.possible]
    assert (start, finish) not in [(s, f) for s, f, _r in resumed[1:]]
    assert len(resumed) == len(done_before) - done_before.index((start, finish))


def test_a_packed_probe_is_a_pass_of_its_own(build, children, tmp_path, monkeypatch):  # noqa: F811
    """--probe-gb with --packed (the probes' levels packed, pegapp.solvers.pegs.packed) after an
    unpacked probe: the header names each pass's problems under its own key, a packed probe's
    journal line says "packed" in its limits, --probe-problems picks the problems, and --check
    probes each key's problems the way that key says and writes the same bytes."""
    seen = []
    probe_child = build.run_probe_child

    def recording(board_id, entry, limits, resume=None, floors=None):
        seen.append(((entry["start"], entry["finish"]), bool(limits.get("packed"))))
        return probe_child(board_id, entry, limits, resume, floors)

    monkeypatch.setattr(build, "run_probe_child", recording)
    monkeypatch.setattr(build, "limits_for", lambda board, *a: dict(LIMITS))
    out = tmp_path / "out"
    out.mkdir()
    assert build.build_file("triangle21", str(out), args(tmp_path, probe_gb=PROBE / 1024**3,
                                                         probe_count=1))
    board = get_board("triangle21")
    after_first = catalogue.decode(board, (out / "triangle21.json").read_bytes())
    (first,) = [list(p) for p, _packed in seen]
    asked = [p for p in after_first.problems if p.possible and not p.proven_minimal
             and [p.start, p.finish] != first][:2]
    assert len(asked) == 2
    seen.clear()
    assert build.build_file("triangle21", str(out), args(
        tmp_path, from_shipped=True, probe_gb=PROBE / 1024**3, packed=True,
        probe_problems=build.problem_pairs(",".join(f"{p.start}:{p.finish}" for p in asked))))
    assert sorted(seen) == sorted(((p.start, p.finish), True) for p in asked)
    limits = json.loads((out / "triangle21.json").read_bytes())["limits"]
    assert limits["probed"] == {"memory_budget": PROBE, "problems": [first]}
    assert limits["probed_packed"] == {"memory_budget": PROBE, "problems": sorted(
        [p.start, p.finish] for p in asked)}
    journal = [json.loads(t) for t in (tmp_path / "journal" / "triangle21.jsonl").read_text()
               .splitlines()]
    assert [line["limits"].get("packed", False) for line in journal
            if line.get("input")][-2:] == [True, True]
    seen.clear()
    assert build.build_file("triangle21", str(out), args(tmp_path, check=True))
    assert sorted(seen) == sorted([(tuple(first), False)] +
                                  [((p.start, p.finish), True) for p in asked])


def test_problems_proven_on_disk_keep_their_line_or_get_a_shorter_one_proven(
        build, base, tmp_path, monkeypatch):  # noqa: F811
    """--disk-problems: each named best-known problem searched with its levels on disk, bounded
    one move below its line: where that finds nothing the line is the minimum (proven), else
    the line the search finds is, at the shipped par; the others untouched, the header naming
    the problems, a rerun taking them from the journal (the folders' levels are not read
    again)."""
    from pegapp.solvers.pegs import disk_levels

    board = get_board("triangle21")
    open_ = [p for p in build.open_problems(base) if p.possible]
    exact = [p for p in open_ if p.par == minima()[(p.start, p.finish)]][:1]
    longer = [p for p in open_ if p.par > minima()[(p.start, p.finish)]][:2]
    assert len(exact) == 1 and len(longer) == 2
    asked = sorted([p.start, p.finish] for p in exact + longer)
    written, entries = [], list(base)
    journal = str(tmp_path / "t.jsonl")
    header = build.disk_board("triangle21", entries, journal, dict(LIMITS),
                              str(tmp_path / "disk"), asked, written.append, True)
    assert header == dict(LIMITS, proved_on_disk={"on_disk": disk_levels.FORMAT,
                                                  "problems": asked})
    assert len(written) == 3
    cat = catalogue.decode(board, written[-1])
    for before, after in zip(base, cat.problems):
        least = minima().get((before.start, before.finish))
        if [before.start, before.finish] not in asked:
            assert after == before
        else:
            assert after.proven_minimal and after.par == least and after.lower_bound is None
            assert (after.solution == before.solution) == (before in exact)
    searched = []
    monkeypatch.setattr(disk_levels, "line_within", lambda *a, **k: searched.append(a))
    again = list(base)
    build.disk_board("triangle21", again, journal, dict(LIMITS), str(tmp_path / "disk"), asked,
                     lambda data: None, True)
    assert searched == [] and again == entries


def test_check_proves_on_disk_again_the_problems_the_header_names(build, base, tmp_path,  # noqa: F811
                                                                  monkeypatch):
    monkeypatch.setattr(build, "limits_for", lambda board, *a: dict(LIMITS))
    out = tmp_path / "out"
    out.mkdir()
    pair = sorted([p.start, p.finish] for p in build.open_problems(base) if p.possible)[:1]
    assert build.build_file("triangle21", str(out), args(
        tmp_path, disk_problems=pair, disk_folder=str(tmp_path / "disk")))
    shipped = json.loads((out / "triangle21.json").read_bytes())
    assert shipped["limits"]["proved_on_disk"]["problems"] == pair
    assert build.build_file("triangle21", str(out), args(tmp_path, check=True))
    assert not list((tmp_path / "journal").glob("check-*"))     # its levels on disk too
    shipped["limits"]["proved_on_disk"]["problems"] = []   # a header naming none: differs
    (out / "triangle21.json").write_text(json.dumps(shipped))
    assert not build.build_file("triangle21", str(out), args(tmp_path, check=True))
