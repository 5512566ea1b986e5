"""The level search kept on disk as sorted runs (pegapp.solvers.pegs.disk_levels): its minimum
against a brute force over moves written apart from the engine (tests.peg_reference), with
chunks and merge windows small enough that the larger levels are many runs merged in tiers and
in several blocks; its bound refuted one move below; a rerun resumed from the finished levels,
and a damaged level file rebuilt, never trusted."""

import functools
import json
import shutil
import tempfile
from pathlib import Path

import numpy as np
import pytest

from pegapp.core.board import get_board
from pegapp.puzzles import catalogue
from pegapp.solvers.pegs import disk_levels as DL
from pegapp.solvers.pegs import sorted_keys as SK
from tests.peg_reference import brute_force_distances

#: parents a run in the searches here (Triangle 15's largest level, from 271 parents: 39 runs)
CHUNK = 7
#: keys a merge window in the searches here (Triangle 15's largest level, 364 keys: some six
#: blocks; its merges' windows shared among their runs). It was 5 until 2026-12-07: the
#: searches then spent most of their time in Python's work per window (the file's CPU 109 s,
#: with 64 some 43 s). The same broken engines are caught with 64 as with 5 (mutants tried in a
#: detached worktree, the file run with each: a resumed level that makes a chunk again or skips
#: one, a merge that skips the key after a block's cut, a resumed merge that reads its cut
#: again, a probe resumed a batch too far or too early, a run's size not checked; a window's
#: last key skipped by the cursor or by first_common is caught by the tests of those functions
#: below, which keep windows of SMALL_WINDOW keys).
WINDOW = 64


@pytest.fixture(autouse=True)
def small_limits(monkeypatch):
    """Runs of CHUNK parents, merge windows of WINDOW keys, runs merged 3 at a time: the larger
    levels are many runs merged in tiers, their merges and meetings several windows."""
    monkeypatch.setattr(DL, "CHUNK_PARENTS", CHUNK)
    monkeypatch.setattr(SK, "WINDOW", WINDOW)
    monkeypatch.setattr(DL, "FAN_IN", 3)


#: where the system keeps files in memory (Linux's tmpfs)
MEMORY_FOLDER = Path("/dev/shm")


@pytest.fixture
def tmp_path(tmp_path):
    """This file's folders in memory (MEMORY_FOLDER, with room for the searches' check_room)
    where the system has one, else on the disk: the searches here log their runs and merges
    every few keys (chunks of 7 parents, RELEASE_BYTES cut to 12), each log a file written
    through storage.write_atomic, fsync'd and renamed. The same calls are made; in memory an
    fsync returns at once (measured 2026-12-07: 24,655 fsyncs and 13,240 renames were 63 s of
    test_a_level_stopped_while_its_runs_merge_goes_on_without_making_them_again's 89 s on a
    disk under load, some 20 s of its 35 s idle)."""
    try:
        roomy = shutil.disk_usage(MEMORY_FOLDER).free >= 2 * SK.MIN_FREE_BYTES
    except OSError:
        roomy = False
    if not roomy:
        yield tmp_path
        return
    folder = Path(tempfile.mkdtemp(prefix="pegapp-disk-levels-", dir=MEMORY_FOLDER))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@functools.lru_cache(maxsize=None)
def _brute(board_id, start, finish):
    b = get_board(board_id)
    return brute_force_distances(b, b.position_for([start]), 1 << finish).get(
        b.position_for([start]))


def _problems(board_id, count):
    b = get_board(board_id)
    return [p for p in catalogue.load(b).problems if p.possible][:count]


@pytest.mark.parametrize("problem", _problems("triangle15", 4), ids=str)
def test_the_disk_search_finds_the_brute_forces_minimum_and_refutes_one_move_less(problem,
                                                                                tmp_path):
    b = get_board("triangle15")
    want = _brute("triangle15", problem.start, problem.finish)
    pos = b.position_for([problem.start])
    lines = []
    assert DL.search_bound(b, pos, problem.finish, 40, tmp_path / "a", lines.append) == want
    assert DL.search_bound(b, pos, problem.finish, want - 1, tmp_path / "b", lines.append) is None
    assert any("stored" in x for x in lines) and any("GB on disk" in x for x in lines)


@pytest.mark.parametrize("bound", ["exact", "loose"])
@pytest.mark.parametrize("problem", _problems("triangle15", 4) + _problems("diamond13", 2),
                         ids=str)
def test_a_line_walked_back_through_the_levels_on_disk_replays_in_the_fewest_moves(
        problem, bound, tmp_path, monkeypatch):
    """line_within: the meeting walked back to the start through the forward levels' files and
    on to the goal through the backward ones, whether the meeting was in a probe (bound exact:
    its last level probed a parent a batch) or in a stored level (a loose bound): the line
    replays to the finish in the brute force's minimum."""
    from tests.peg_reference import play

    monkeypatch.setattr(DL, "PROBE_PARENTS", 1)
    board_id = "triangle15" if problem in _problems("triangle15", 4) else "diamond13"
    b = get_board(board_id)
    want = _brute(board_id, problem.start, problem.finish)
    pos = b.position_for([problem.start])
    real, probes = DL.DiskSide._probe, []
    monkeypatch.setattr(DL.DiskSide, "_probe",
                        lambda self, *a: probes.append(1) or real(self, *a))
    line = DL.line_within(b, pos, problem.finish, want if bound == "exact" else 40, tmp_path,
                          lambda _: None)
    assert len(line) == want and play(b, pos, line) == 1 << problem.finish
    assert bool(probes) == (bound == "exact")
    assert DL.line_within(b, pos, problem.finish, want - 1, tmp_path / "less",
                          lambda _: None) is None


def test_a_rerun_resumes_from_the_finished_levels_and_rebuilds_a_damaged_one(tmp_path):
    b = get_board("triangle15")
    pos = b.position_for([0])
    first = []
    assert DL.search_bound(b, pos, 0, 40, tmp_path, first.append) == _brute("triangle15", 0, 0)
    manifest = json.loads((tmp_path / "forward" / "manifest.json").read_text())
    stored = len(manifest["levels"])
    assert stored >= 3
    before = {p.name: p.read_bytes() for p in (tmp_path / "forward").glob("*.keys")}
    again = []
    assert DL.search_bound(b, pos, 0, 40, tmp_path, again.append) == _brute("triangle15", 0, 0)
    # the finished levels were taken as they were: only the levels after them are made again
    assert len(again) < len(first)
    # a level file damaged (one key changed, the size unchanged) is refused and made again
    damaged = tmp_path / "forward" / "2.keys"
    raw = bytearray(damaged.read_bytes())
    raw[0] ^= 1
    damaged.write_bytes(bytes(raw))
    third = []
    assert DL.search_bound(b, pos, 0, 40, tmp_path, third.append) == _brute("triangle15", 0, 0)
    assert any(x.startswith("forward  2:") for x in third)
    after = {p.name: p.read_bytes() for p in (tmp_path / "forward").glob("*.keys")}
    assert after == before     # the same bytes made again


SMALL_WINDOW = 5    # the merge window of the tests of the files' own functions below


def test_merging_runs_drops_what_older_levels_hold(tmp_path, monkeypatch):
    monkeypatch.setattr(SK, "WINDOW", SMALL_WINDOW)
    rng = np.random.default_rng(5)
    runs = [np.unique(rng.integers(0, 200, 40).astype(np.uint64)) for _ in range(6)]
    older = [np.unique(rng.integers(0, 200, 30).astype(np.uint64)) for _ in range(2)]
    out = tmp_path / "level.u64"
    for k in (1, 2, 6):     # a block of one run's window, of two (merged), of six (sorted)
        n = SK.merge_runs(runs[:k], older, out)
        want = np.setdiff1d(np.unique(np.concatenate(runs[:k])), np.concatenate(older))
        assert n == len(want) and np.array_equal(np.fromfile(out, dtype=np.uint64), want)
    assert DL.first_common(runs[0], older[0]) == (
        int(np.intersect1d(runs[0], older[0])[0]) if len(np.intersect1d(runs[0], older[0]))
        else None)
    assert DL.first_common(np.array([1, 3], dtype=np.uint64),
                           np.array([2, 4], dtype=np.uint64)) is None


def test_the_script_prints_a_line_per_level_and_the_minimum(tmp_path, capsys):
    import importlib.util
    import pathlib
    path = pathlib.Path(__file__).resolve().parents[1] / "packaging" / "prove_on_disk.py"
    spec = importlib.util.spec_from_file_location("prove_on_disk", path)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.main(["triangle15", "0", "0", "9", str(tmp_path / "a")]) == 0
    assert "no solution of 9 moves or fewer: at least 10" in capsys.readouterr().out
    assert script.main(["triangle15", "0", "0", "10", str(tmp_path / "b")]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith("minimum 10 moves") and "forward  1:" in out and "load" in out


def test_the_first_common_key_is_found_wherever_it_sits_in_a_window(tmp_path, monkeypatch):
    """first_common meets a window of the shorter side at a time with a cursor over the other,
    a window of its own at a time: the smallest key both hold is found wherever it sits in
    either's windows (first, last, across a window's end), in arrays and in files. The
    searches above meet windows of WINDOW keys, a few to a level: a key lost at a window's
    edge is caught here (mutants tried 2026-12-07: a window's last key skipped, in the blocks
    or in the cursor's windows)."""
    monkeypatch.setattr(SK, "WINDOW", SMALL_WINDOW)
    evens = np.arange(0, 40, 2, dtype=np.uint64)           # 20 keys: four windows
    path = tmp_path / "evens"
    evens.tofile(path)
    for k, key in enumerate(evens.tolist()):
        for other in (np.arange(1, 81, 2), np.arange(1, 21, 4)):   # longer, shorter
            keys = np.union1d(other, [key, key + 20]).astype(np.uint64)   # key the first
            other_path = tmp_path / f"other{k}-{len(other)}"
            keys.tofile(other_path)
            for a, b in ((evens, keys), (SK.keys_file(path), SK.keys_file(other_path))):
                assert DL.first_common(a, b) == key, (key, len(other))
                assert DL.first_common(b, a) == key, (key, len(other))
    assert DL.first_common(evens, np.arange(1, 81, 2, dtype=np.uint64)) is None


def test_a_file_met_far_into_it_reads_only_the_range_met(tmp_path, monkeypatch):
    monkeypatch.setattr(SK, "WINDOW", SMALL_WINDOW)
    path = tmp_path / "level.u64"
    np.arange(0, 2000, 2, dtype=np.uint64).tofile(path)
    keys = SK.keys_file(path)
    reads = []
    real, real_key = SK._KeyFile.__getitem__, SK._KeyFile.key

    def counted(self, at):
        out = real(self, at)
        reads.append(len(np.atleast_1d(out)))
        return out

    def counted_key(self, at):      # one key (a binary search's)
        reads.append(1)
        return real_key(self, at)

    monkeypatch.setattr(SK._KeyFile, "__getitem__", counted)
    monkeypatch.setattr(SK._KeyFile, "key", counted_key)
    assert DL.first_common(np.array([1997, 1998], dtype=np.uint64), keys) == 1998
    assert max(reads) <= SK.WINDOW and sum(reads) < 100    # not the 1,000 keys before
    assert DL.first_common(np.array([1, 3, 1999], dtype=np.uint64), keys) is None


def test_an_older_level_met_block_by_block_is_read_once(tmp_path, monkeypatch):
    """A merge's blocks each span a sliver of an older level: each block reads only the keys
    in its range (binary searches aside), so the level is read about once, not a window a
    block."""
    monkeypatch.setattr(SK, "WINDOW", 1 << 10)
    path = tmp_path / "older"
    np.arange(0, 400_000, 2, dtype=np.uint64).tofile(path)
    cursor = SK._Cursor(SK.keys_file(path))
    bulk = []
    real = SK._KeyFile.__getitem__

    def counted(self, at):
        out = real(self, at)
        if len(np.atleast_1d(out)) > 1:
            bulk.append(len(out))
        return out

    monkeypatch.setattr(SK._KeyFile, "__getitem__", counted)
    for lo in range(0, 400_000, 1_000):       # 400 blocks of 100 keys, 500 level keys apart
        block = np.arange(lo, lo + 1_000, 10, dtype=np.uint64)
        assert np.array_equal(cursor.members(block), block % 2 == 0)
    assert sum(bulk) <= 200_000 and max(bulk) <= 500


def _levels_on_disk(folder):
    """Each side's levels as uint64 keys, read back through the engine's reader."""
    out = {}
    for side in ("forward", "backward"):
        head = json.loads((folder / side / "manifest.json").read_text())
        out[side] = [np.asarray(SK.keys_file(folder / side / f"{d}.keys", head["key_bytes"])[:])
                     for d in range(len(head["levels"]))]
    return out


@pytest.mark.parametrize("batch", [1, 4, 1 << 24], ids=lambda b: f"batch{b}")
@pytest.mark.parametrize("problem", _problems("triangle15", 4), ids=str)
def test_a_probe_in_batches_finds_the_brute_forces_minimum_whatever_the_batch(problem, batch,
                                                                             tmp_path,
                                                                             monkeypatch):
    """The bound's last level met a batch of parents at a time (one parent a batch: a probe of
    many batches), never written: the folders hold only finished levels while it is met."""
    monkeypatch.setattr(DL, "PROBE_PARENTS", batch)
    real, seen = DL.first_common, []

    def watched(a, b):
        if isinstance(a, np.ndarray):       # a probe's batch (a stored level is a file)
            for folder in tmp_path.glob("*/*ward"):
                head = json.loads((folder / "manifest.json").read_text())
                listed = ({f"{d}.keys" for d in range(len(head["levels"]))}
                          | {"manifest.json", "probe.json"})
                assert {p.name for p in folder.iterdir()} <= listed
            seen.append(len(a))
        return real(a, b)

    monkeypatch.setattr(DL, "first_common", watched)
    b = get_board("triangle15")
    want = _brute("triangle15", problem.start, problem.finish)
    pos = b.position_for([problem.start])
    lines = []
    assert DL.search_bound(b, pos, problem.finish, want, tmp_path / "a", lines.append) == want
    assert DL.search_bound(b, pos, problem.finish, want - 1, tmp_path / "b",
                           lines.append) is None
    probed = [x for x in lines if "probed" in x]
    assert probed
    if batch == 1:      # one parent a batch: each probe met the other side many times
        assert len(seen) > 2 * len(probed)
    else:
        assert len(seen) >= len(probed)


#: the problem whose bound's cut and probe the tests below check (English 0 -> 0, par 16, until
#: 2026-12-07: 9 s of CPU, here 0.1 s): taking the levels cut for par - 1 refutes par here, as on
#: English (not on the first problems of Triangle 15, Diamond 13, Hoppers or Plus 20)
CUT_BOARD, CUT_START, CUT_FINISH, CUT_PAR = "triangle21", 0, 16, 10


def _cut_settings(monkeypatch):
    """The engine's chunks and merge windows, runs merged 3 at a time, probes of 4 parents (of
    some 30 a level: many batches); the chunks and windows cut small are Triangle 15's tests."""
    for module, name, value in ((DL, "FAN_IN", 3), (DL, "CHUNK_PARENTS", 1 << 16),
                                (SK, "WINDOW", 1 << 20), (DL, "PROBE_PARENTS", 4)):
        monkeypatch.setattr(module, name, value)


def _counting_batches(monkeypatch, batches):
    real = DL.first_common

    def counted(a, b):
        if isinstance(a, np.ndarray):       # a probe's batch
            batches.append(len(a))
        return real(a, b)

    monkeypatch.setattr(DL, "first_common", counted)


@pytest.fixture(scope="module")
def refuted_one_under_par(tmp_path_factory):
    """CUT_BOARD's problem refuted in CUT_PAR - 1 moves from an empty folder, once for the
    two tests below: (the folder, its log lines, the probe's batches)."""
    folder = tmp_path_factory.mktemp("under_par") / "levels"
    lines, batches = [], []
    with pytest.MonkeyPatch.context() as mp:
        _cut_settings(mp)
        _counting_batches(mp, batches)
        b = get_board(CUT_BOARD)
        assert DL.search_bound(b, b.position_for([CUT_START]), CUT_FINISH, CUT_PAR - 1, folder,
                               lines.append) is None
    return folder, lines, batches


@pytest.fixture(scope="module")
def par_over_one_under(refuted_one_under_par, tmp_path_factory):
    """CUT_BOARD's problem found in CUT_PAR moves in a copy of refuted_one_under_par's folder,
    once for this file's two tests that ask it: the levels cut for one move less are not
    taken (test_levels_cut_for_a_tighter_bound_are_not_taken_for_a_looser_one checks it)."""
    folder = tmp_path_factory.mktemp("par") / "levels"
    shutil.copytree(refuted_one_under_par[0], folder)
    lines, batches = [], []
    with pytest.MonkeyPatch.context() as mp:
        _cut_settings(mp)
        _counting_batches(mp, batches)
        b = get_board(CUT_BOARD)
        assert DL.search_bound(b, b.position_for([CUT_START]), CUT_FINISH, CUT_PAR, folder,
                               lines.append) == CUT_PAR
    return folder, lines, batches


def test_the_probe_answers_triangle21_0_to_16_in_10_with_many_batches(refuted_one_under_par,
                                                                     par_over_one_under):
    """The searches refuting par - 1 and finding par (its levels made from the start) each end
    in a probe, the first of many batches; par is the catalogue's, proven minimal."""
    b = get_board(CUT_BOARD)
    problem = catalogue.load(b).find(CUT_START, CUT_FINISH)
    assert (problem.start, problem.finish, problem.par, problem.proven_minimal) == (
        CUT_START, CUT_FINISH, CUT_PAR, True)
    _folder, refuting, refuting_batches = refuted_one_under_par
    _folder, finding, finding_batches = par_over_one_under
    assert [len([x for x in lines if "probed" in x]) for lines in (refuting, finding)] == [1, 1]
    assert len(refuting_batches) + len(finding_batches) > 8     # the probes were many batches


def test_keys_round_trip_at_six_bytes_at_the_edges(tmp_path):
    keys = np.array([0, 1, 255, 1 << 40, (1 << 47) | 5, (1 << 47) + (1 << 46), (1 << 48) - 1],
                    dtype=np.uint64)
    path = tmp_path / "k"
    with open(path, "wb") as f:
        SK.write_keys(f, keys, 6)
    assert path.stat().st_size == 6 * len(keys)
    read = SK.keys_file(path, 6)
    assert len(read) == len(keys)
    assert np.array_equal(read[:], keys) and np.array_equal(read[2:5], keys[2:5])
    assert int(read[-1]) == (1 << 48) - 1 and int(read[0]) == 0
    with open(tmp_path / "w", "wb") as f:     # a key that does not fit is refused, never cut
        with pytest.raises(ValueError, match="does not fit 6 bytes"):
            SK.write_keys(f, np.array([1 << 48], dtype=np.uint64), 6)
    full = np.array([0, (1 << 64) - 1], dtype=np.uint64)
    with open(tmp_path / "e", "wb") as f:
        SK.write_keys(f, full, 8)
    assert np.array_equal(SK.keys_file(tmp_path / "e", 8)[:], full)


def test_six_bytes_a_key_make_the_same_levels_as_eight_and_another_format_is_remade(
        tmp_path, monkeypatch):
    b = get_board("triangle15")
    pos = b.position_for([0])
    want = _brute("triangle15", 0, 0)
    monkeypatch.setattr(DL, "KEY_BYTES", 8)
    assert DL.search_bound(b, pos, 0, 40, tmp_path / "eight", lambda _: None) == want
    monkeypatch.setattr(DL, "KEY_BYTES", 6)
    assert DL.search_bound(b, pos, 0, 40, tmp_path / "six", lambda _: None) == want
    eight, six = _levels_on_disk(tmp_path / "eight"), _levels_on_disk(tmp_path / "six")
    assert all(np.array_equal(x, y) for s in eight for x, y in zip(eight[s], six[s]))
    assert [len(v) for v in eight.values()] == [len(v) for v in six.values()]
    level = tmp_path / "six" / "forward" / "3.keys"
    assert level.stat().st_size == 6 * len(six["forward"][3])
    # the folder of eight bytes a key searched at six: its levels are made again, not misread
    lines = []
    assert DL.search_bound(b, pos, 0, 40, tmp_path / "eight", lines.append) == want
    assert any(x.startswith("forward  1:") for x in lines)
    assert json.loads((tmp_path / "eight" / "forward" / "manifest.json").read_text())[
        "key_bytes"] == 6
    # a manifest of the format before (8 bytes a key in <d>.u64) is not read either
    old = tmp_path / "six" / "forward" / "manifest.json"
    head = json.loads(old.read_text())
    old.write_text(json.dumps(dict(head, format="pegapp-disk-levels-1")))
    lines = []
    assert DL.search_bound(b, pos, 0, 40, tmp_path / "six", lines.append) == want
    assert any(x.startswith("forward  1:") for x in lines)


def test_runs_merged_give_their_read_part_back_to_the_disk(tmp_path, monkeypatch):
    """A merge of run files that are removed after punches holes in what it has read: the
    merged file is the same, the runs' blocks on the disk far fewer than their bytes."""
    monkeypatch.setattr(SK, "WINDOW", 1 << 12)
    monkeypatch.setattr(SK, "RELEASE_BYTES", 1 << 12)
    rng = np.random.default_rng(7)
    runs = [np.unique(rng.integers(0, 1 << 40, 60_000).astype(np.uint64)) for _ in range(3)]
    paths = []
    for i, r in enumerate(runs):
        paths.append(tmp_path / f"run{i}")
        with open(paths[-1], "wb") as f:
            SK.write_keys(f, r, 6)
    files = [SK.keys_file(p, 6) for p in paths]
    n = SK.merge_runs(files, [], tmp_path / "out", 6, release=True)
    want = np.unique(np.concatenate(runs))
    assert n == len(want) and np.array_equal(SK.keys_file(tmp_path / "out", 6)[:], want)
    for p, r in zip(paths, runs):
        assert p.stat().st_size == 6 * len(r)          # the size and offsets kept
        if SK._fallocate() is not None:
            assert p.stat().st_blocks * 512 < p.stat().st_size // 4


def test_a_merge_that_gives_its_runs_back_stopped_goes_on_from_its_last_cut(tmp_path,
                                                                           monkeypatch):
    """A merge stopped after giving parts of its runs back goes on from the cut it last
    reported, reading each run from its first key above it: the merged file is the same bytes
    as a merge never stopped, though the parts given back now read as zeros (a rerun reading
    them would write keys of 0)."""
    monkeypatch.setattr(SK, "WINDOW", 1 << 10)
    monkeypatch.setattr(SK, "RELEASE_BYTES", 1 << 12)
    rng = np.random.default_rng(11)
    runs = [np.unique(rng.integers(1, 1 << 40, n).astype(np.uint64))
            for n in (50_000, 20_000, 3_000)]
    older = np.unique(rng.choice(np.concatenate(runs), 5_000))   # some keys an older level has
    with open(tmp_path / "older", "wb") as f:
        SK.write_keys(f, older, 6)

    def files(name):
        out = []
        for i, r in enumerate(runs):
            out.append(tmp_path / f"{name}{i}")
            with open(out[-1], "wb") as f:
                SK.write_keys(f, r, 6)
        return [SK.keys_file(p, 6) for p in out]

    whole = SK.merge_runs(files("a"), [SK.keys_file(tmp_path / "older", 6)], tmp_path / "whole", 6,
                          release=True)
    want = np.setdiff1d(np.unique(np.concatenate(runs)), older)
    assert whole == len(want) and np.array_equal(SK.keys_file(tmp_path / "whole", 6)[:], want)

    class Stop(Exception):
        pass

    for stop_after in (1, 7, 40):
        reported = []

        def progress(cut, nbytes):
            reported.append((cut, nbytes))
            if len(reported) > stop_after:
                raise Stop

        stopped = files(f"s{stop_after}.")
        out = tmp_path / f"out{stop_after}"
        with pytest.raises(Stop):
            SK.merge_runs(stopped, [SK.keys_file(tmp_path / "older", 6)], out, 6, True,
                          progress=progress)
        cut, nbytes = reported[-2]     # the last before a part was given back and then stopped
        assert 0 < nbytes <= out.stat().st_size
        if SK._fallocate() is not None:
            assert any(r[0] == 0 for r in stopped)      # a part given back reads as zeros
        n = SK.merge_runs([SK.keys_file(r.path, 6) for r in stopped],
                          [SK.keys_file(tmp_path / "older", 6)], out, 6, True, (cut, nbytes))
        assert n == whole and out.read_bytes() == (tmp_path / "whole").read_bytes()


def test_a_level_stopped_while_its_runs_merge_goes_on_without_making_them_again(
        tmp_path, monkeypatch):
    """Where the disk is short, a level's merges (tiers and the last) give their runs' read
    parts back as they go and log how far they got: a build stopped in any of them makes no
    chunk again, and its levels are the same bytes as a build never stopped. A merge's log
    whose file lacks the bytes it says is not trusted: the level is made again."""
    monkeypatch.setattr(SK, "RELEASE_BYTES", 12)
    monkeypatch.setattr(DL, "short_of_room", lambda folder, need: True)
    b = get_board("triangle15")
    want = _brute("triangle15", 0, 0)
    pos = b.position_for([0])
    real_save, real_children, calls = DL._RunLog.save, DL.DiskSide._children, []

    def levels(folder):
        return {p.relative_to(folder): p.read_bytes() for p in folder.glob("*/*.keys")}

    def children(self, parents, *args):
        calls.append(len(parents))
        return real_children(self, parents, *args)

    class Stop(Exception):
        pass

    saves, every = [], []

    def save(self, runs, merging=None, stop_at=None):
        every.append(merging)
        if merging is not None and merging["cut"] is not None:
            saves.append(merging["into"])
            if len(saves) == stop_at:
                raise Stop
        return real_save(self, runs, merging)

    monkeypatch.setattr(DL.DiskSide, "_children", children)
    monkeypatch.setattr(DL._RunLog, "save", save)
    assert DL.search_bound(b, pos, 0, 40, tmp_path / "whole", lambda _: None) == want
    made, logged, logged_all = len(calls), list(saves), list(every)
    assert any(".t" in x for x in logged) and any(x.endswith(".keys") for x in logged)
    # stopped in a merge of a tier (the middle one: chunks of its level still to make), in the
    # last merges, and at the last log
    tiers = [k for k, x in enumerate(logged, 1) if ".t" in x]
    for stop_at in (tiers[len(tiers) // 2], len(logged) * 2 // 3, len(logged)):
        folder = tmp_path / f"stopped{stop_at}"
        calls.clear()
        saves.clear()
        monkeypatch.setattr(DL._RunLog, "save",
                            lambda self, runs, merging=None: save(self, runs, merging, stop_at))
        with pytest.raises(Stop):
            DL.search_bound(b, pos, 0, 40, folder, lambda _: None)
        before = len(calls)
        monkeypatch.setattr(DL._RunLog, "save", save)
        assert DL.search_bound(b, pos, 0, 40, folder, lambda _: None) == want
        assert len(calls) == made, stop_at                  # no chunk made twice
        assert levels(folder) == levels(tmp_path / "whole")
        assert not list(folder.glob("*/*.run*")) and not list(folder.glob("*/*.t*"))
    # the merge's file cut short of the bytes logged: the level is made from its first chunk
    # (stopped at the third log of a cut, or the first after it, whose log before it names a
    # merge's file holding a key to cut)
    cuts = [j for j, m in enumerate(logged_all) if m is not None and m["cut"] is not None]
    damaged_at = next(k for k in range(3, len(cuts) + 1)
                      if (logged_all[cuts[k - 1] - 1] or {}).get("bytes", 0) >= 6)
    folder = tmp_path / "damaged"
    calls.clear()
    monkeypatch.setattr(DL._RunLog, "save",
                        lambda self, runs, merging=None: save(self, runs, merging, damaged_at))
    saves.clear()
    with pytest.raises(Stop):
        DL.search_bound(b, pos, 0, 40, folder, lambda _: None)
    log = next(folder.glob("*/*.runs.json"))
    merging = json.loads(log.read_text())["merging"]
    into = log.parent / merging["into"]
    assert merging["bytes"] >= 6
    into.write_bytes(into.read_bytes()[:merging["bytes"] - 6])
    before = len(calls)
    calls.clear()
    monkeypatch.setattr(DL._RunLog, "save", save)
    assert DL.search_bound(b, pos, 0, 40, folder, lambda _: None) == want
    assert len(calls) > made - before
    assert levels(folder) == levels(tmp_path / "whole")


def test_a_probe_batch_is_the_same_on_one_core_and_two(tmp_path, monkeypatch):
    """A probe's batch is made chunk by chunk on two threads where there are two cores
    (DiskSide._batch): the same keys, in the same order, as one thread makes them."""
    from pegapp.solvers.threads import in_two

    b = get_board("english")
    side = DL.DiskSide("backward", True, tmp_path / "b", DL.problem_of(b, b.start_position, 16),
                       [1 << 16], 40)
    rng = np.random.default_rng(3)
    parents = np.unique(np.array([side.prob.canon(int(x)) for x in
                                  rng.integers(1, 1 << 33, 200)], dtype=np.uint64))
    buf = np.empty(DL.CHUNK_PARENTS * 4 + DL.KL.MARGIN, dtype=np.uint64)
    batches, threads = [], []
    for cores in (1, 2):
        monkeypatch.setattr(DL, "ways", lambda cores=cores: cores)
        monkeypatch.setattr(DL, "in_two", lambda work: threads.append(1) or in_two(work))
        batches.append(side._batch(parents, buf, 0, 0))
    assert threads == [1] and len(batches[0]) > 1000
    assert np.array_equal(batches[0], batches[1])


@pytest.mark.parametrize("short", [False, True], ids=["runs whole", "runs given back"])
def test_a_level_stopped_while_it_meets_the_other_side_keeps_its_runs(short, tmp_path,
                                                                     monkeypatch):
    """A stored level meets the other side's last level once merged (minutes on Wiegleb): a
    build stopped there finds the level unfinished but its runs and their log kept, so the
    rerun makes no chunk again (it merges again, or from the merge's last cut where the runs
    gave their parts back), and the levels are the same bytes."""
    monkeypatch.setattr(SK, "RELEASE_BYTES", 12)
    monkeypatch.setattr(DL, "short_of_room", lambda folder, need: short)
    b = get_board("triangle15")
    want = _brute("triangle15", 0, 0)
    pos = b.position_for([0])
    real_children, real_common, calls, meets = DL.DiskSide._children, DL.first_common, [], []

    class Stop(Exception):
        pass

    def children(self, parents, *args):
        calls.append(len(parents))
        return real_children(self, parents, *args)

    def common(a, b, stop_at=None):
        if not isinstance(a, np.ndarray):       # a stored level's meeting (files both)
            meets.append(1)
            if len(meets) == stop_at:
                raise Stop
        return real_common(a, b)

    monkeypatch.setattr(DL.DiskSide, "_children", children)
    monkeypatch.setattr(DL, "first_common", common)
    assert DL.search_bound(b, pos, 0, 40, tmp_path / "whole", lambda _: None) == want
    made, stored = len(calls), len(meets)
    # runs a stop left beside a finished level (between its listing and their removal) go
    left = tmp_path / "whole" / "forward" / "2.run5"
    left.write_bytes(b"\0" * 6)
    (tmp_path / "whole" / "forward" / "2.runs.json").write_text("{}")
    temporary = tmp_path / "whole" / "backward" / ".manifest.json.x1y2.tmp"   # a write killed
    temporary.write_text("{")
    assert DL.search_bound(b, pos, 0, 40, tmp_path / "whole", lambda _: None) == want
    assert not left.exists() and not (tmp_path / "whole" / "forward" / "2.runs.json").exists()
    assert not temporary.exists()
    calls.clear()
    for stop_at in (stored // 2, stored - 1):
        folder = tmp_path / f"stopped{stop_at}"
        calls.clear()
        meets.clear()
        monkeypatch.setattr(DL, "first_common", lambda a, b: common(a, b, stop_at))
        with pytest.raises(Stop):
            DL.search_bound(b, pos, 0, 40, folder, lambda _: None)
        assert list(folder.glob("*/*.runs.json"))
        monkeypatch.setattr(DL, "first_common", common)
        assert DL.search_bound(b, pos, 0, 40, folder, lambda _: None) == want
        assert len(calls) == made, stop_at
        assert not list(folder.glob("*/*.run*")) and not list(folder.glob("*/*.t*"))
        assert ({p.relative_to(folder): p.read_bytes() for p in folder.glob("*/*.keys")}
                == {p.relative_to(tmp_path / "whole"): p.read_bytes()
                    for p in (tmp_path / "whole").glob("*/*.keys")})


def test_a_probe_stopped_goes_on_from_the_batch_after_the_last_it_met(tmp_path, monkeypatch):
    """A probe's batches that met nothing are recorded: a rerun makes only the rest, and a
    record of other limits is not trusted."""
    monkeypatch.setattr(DL, "PROBE_PARENTS", 1)
    b = get_board("triangle15")
    want = _brute("triangle15", 0, 0)
    pos = b.position_for([0])
    real, calls = DL.first_common, []

    class Stop(Exception):
        pass

    def counted(a, b, stop_after=None):
        if isinstance(a, np.ndarray):
            calls.append(len(a))
            if stop_after is not None and len(calls) > stop_after:
                raise Stop
        return real(a, b)

    monkeypatch.setattr(DL, "first_common", counted)
    assert DL.search_bound(b, pos, 0, want - 1, tmp_path / "whole", lambda _: None) is None
    whole = len(calls)
    assert whole > 4
    calls.clear()
    monkeypatch.setattr(DL, "first_common", lambda a, b: counted(a, b, stop_after=3))
    with pytest.raises(Stop):
        DL.search_bound(b, pos, 0, want - 1, tmp_path / "stopped", lambda _: None)
    calls.clear()
    monkeypatch.setattr(DL, "first_common", counted)
    lines = []
    assert DL.search_bound(b, pos, 0, want - 1, tmp_path / "stopped", lines.append) is None
    assert len(calls) == whole - 3
    probed = [x for x in lines if "probed" in x]
    whole_lines = []
    calls.clear()
    assert DL.search_bound(b, pos, 0, want - 1, tmp_path / "again", whole_lines.append) is None
    # the keys looked up in all are the same as a probe made at once
    assert probed[0].split(" positions")[0] == [
        x for x in whole_lines if "probed" in x][0].split(" positions")[0]
    # a record made with other limits is not trusted: the probe is made whole again
    monkeypatch.setattr(DL, "PROBE_PARENTS", 2)
    calls.clear()
    assert DL.search_bound(b, pos, 0, want - 1, tmp_path / "stopped", lambda _: None) is None
    assert len(calls) == (whole + 1) // 2     # batches of two parents


def test_a_level_stopped_between_runs_goes_on_from_its_finished_runs(tmp_path, monkeypatch):
    """A build stopped while making a level keeps the runs it finished (``<d>.runs.json``): a
    rerun makes only the chunks after them, and the levels are the same bytes as a build never
    stopped. A run whose file is damaged is made again with every run after it, and a log of
    other limits is not trusted."""
    b = get_board("triangle15")
    want = _brute("triangle15", 0, 0)
    pos = b.position_for([0])
    real, calls = DL.DiskSide._children, []

    class Stop(Exception):
        pass

    def counted(self, parents, *args, stop_after=None):
        if stop_after is not None and len(calls) >= stop_after:
            raise Stop
        calls.append(len(parents))
        return real(self, parents, *args)

    def stopping_after(n):
        return lambda self, parents, *args: counted(self, parents, *args, stop_after=n)

    def levels(folder):
        return {p.relative_to(folder): p.read_bytes() for p in folder.glob("*/*.keys")}

    monkeypatch.setattr(DL.DiskSide, "_children", counted)
    assert DL.search_bound(b, pos, 0, 40, tmp_path / "whole", lambda _: None) == want
    whole = len(calls)

    def stopped(folder, n):
        calls.clear()
        monkeypatch.setattr(DL.DiskSide, "_children", stopping_after(n))
        with pytest.raises(Stop):
            DL.search_bound(b, pos, 0, 40, folder, lambda _: None)
        logs = list(folder.glob("*/*.runs.json"))
        assert len(logs) == 1
        calls.clear()
        monkeypatch.setattr(DL.DiskSide, "_children", counted)
        return logs[0], json.loads(logs[0].read_text())

    # stopped in the middle of the largest level: the rerun makes only what was not made
    stop_at = whole * 3 // 4
    log, head = stopped(tmp_path / "stopped", stop_at)
    assert len(head["runs"]) >= 2 and any(r[3] >= 1 for r in head["runs"])   # merged runs too
    assert DL.search_bound(b, pos, 0, 40, tmp_path / "stopped", lambda _: None) == want
    assert len(calls) == whole - stop_at
    assert not log.exists()
    assert levels(tmp_path / "stopped") == levels(tmp_path / "whole")

    # the first run's file damaged: the level's chunks are all made again
    log, head = stopped(tmp_path / "damaged", stop_at)
    first = log.parent / head["runs"][0][0]
    first.write_bytes(first.read_bytes()[:-6])
    made = head["runs"][-1][2]
    assert DL.search_bound(b, pos, 0, 40, tmp_path / "damaged", lambda _: None) == want
    assert len(calls) == whole - stop_at + made
    assert levels(tmp_path / "damaged") == levels(tmp_path / "whole")

    # a log written with other limits: the level is made from its first chunk
    log, head = stopped(tmp_path / "other", stop_at)
    monkeypatch.setattr(DL, "FAN_IN", 4)
    assert DL.search_bound(b, pos, 0, 40, tmp_path / "other", lambda _: None) == want
    assert len(calls) == whole - stop_at + head["runs"][-1][2]
    assert levels(tmp_path / "other") == levels(tmp_path / "whole")
    assert not list((tmp_path / "other").glob("*/*.run*")) and not list(
        (tmp_path / "other").glob("*/*.t*"))


def test_levels_made_under_another_count_rule_are_made_again(tmp_path):
    """The legacy count ("class-2") cuts other positions than the default rule: a folder made
    under one is not taken for the other; "any" keeps the default's children, so its levels
    are taken."""
    b = get_board("triangle15")
    want = _brute("triangle15", 0, 0)
    pos = b.position_for([0])
    assert DL.search_bound(b, pos, 0, 40, tmp_path, lambda _: None) == want
    for rule, again in (("any", False), ("class-2", True), ("any-stop", True)):
        lines = []
        assert DL.search_bound(b, pos, 0, 40, tmp_path, lines.append, count_cut=rule) == want
        assert any(x.startswith("forward  1:") for x in lines) == again, rule


def test_levels_cut_for_a_tighter_bound_are_not_taken_for_a_looser_one(par_over_one_under,
                                                                       tmp_path, monkeypatch):
    """A level is cut by the bound it was made under (positions whose region bound puts them
    on no solution that short are dropped), so it holds every position a tighter bound needs
    and not every one a looser bound needs. CUT_BOARD's problem (par 10): the levels of a
    search refuting 9 would refute 10 as well if a search for 10 took them; it makes them
    again and finds 10 (par_over_one_under, made over refuted_one_under_par's levels). The
    levels it leaves, made for 10, are taken by a search for 9 (resumed)."""
    _cut_settings(monkeypatch)
    b = get_board(CUT_BOARD)
    pos = b.position_for([CUT_START])
    folder, second, _batches = par_over_one_under
    assert any(x.startswith("forward  1:") for x in second)     # made again from the start
    shutil.copytree(folder, tmp_path, dirs_exist_ok=True)
    manifest = json.loads((tmp_path / "forward" / "manifest.json").read_text())
    assert all(e["bound"] == CUT_PAR for e in manifest["levels"][1:])
    third = []
    assert DL.search_bound(b, pos, CUT_FINISH, CUT_PAR - 1, tmp_path, third.append) is None
    assert not any(x.startswith("forward  1:") for x in third)  # the levels for par taken
