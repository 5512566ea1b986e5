"""The statistics database damaged the ways the fault suite damages every file (the cases
test_faults_files.py has not: one value changed, a folder, a FIFO, a link to /dev/zero), and two
PegApps opening one damaged file at once."""

import multiprocessing
import os
from pathlib import Path

import pytest

from pegapp.core.stats import Stats
from tests.test_storage_rule import run_bounded


def good_stats(path: Path) -> bytes:
    stats, warning = Stats.open(path)
    assert warning is None
    for k in range(30):
        stats.game_started(f"pegs/board{k}")
    stats.game_solved("pegs/english", 18, minimum=18)
    stats.close()
    return path.read_bytes()


@pytest.mark.parametrize("offset", [0, 17, 60, 100, 1500, 4096 + 100, -10])
def test_one_value_changed_never_raises_and_keeps_the_bytes(tmp_path, offset):
    """A changed byte is either data SQLite reads (a different count: the file's own word) or
    damage it finds: then the file is kept whole as .corrupt and a new one started."""
    path = tmp_path / "statistics.sqlite3"
    data = bytearray(good_stats(path))
    data[offset] ^= 0x55
    path.write_bytes(bytes(data))
    stats, warning = Stats.open(path)
    try:
        if warning is not None:
            assert warning.reason in ("corrupt", "newer")
            assert warning.kept.read_bytes() == bytes(data)
        rows = stats.rows()
        assert isinstance(rows, list)
        assert stats.game_started("jugs")
    finally:
        stats.close()


@pytest.mark.parametrize("kind", ["folder", "fifo", "link to /dev/zero"])
def test_a_special_file_in_place_of_the_statistics_is_left_alone(tmp_path, kind):
    path = tmp_path / "statistics.sqlite3"
    {"folder": path.mkdir, "fifo": lambda: os.mkfifo(path),
     "link to /dev/zero": lambda: path.symlink_to("/dev/zero")}[kind]()

    def open_and_play():  # in one thread: SQLite's objects stay in the thread that made them
        stats, warning = Stats.open(path)
        try:
            return warning, stats.game_started("jugs")  # play goes on, recorded in memory
        finally:
            stats.close()

    warning, played = run_bounded(open_and_play)
    assert warning is not None and warning.reason == "unavailable" and played
    assert str(path) in warning and "not a regular file" in warning
    assert {"folder": path.is_dir, "fifo": path.is_fifo, "link to /dev/zero": path.is_symlink}[kind]()
    assert not list(tmp_path.glob("*.corrupt*"))


@pytest.mark.parametrize("suffix", ["-journal", "-wal", "-shm"])
def test_a_fifo_beside_the_statistics_is_named_and_never_read(tmp_path, suffix):
    """SQLite reads a hot journal when it opens the database: a FIFO in its place hung it."""
    path = tmp_path / "statistics.sqlite3"
    good = good_stats(path)
    os.mkfifo(path.with_name(path.name + suffix))

    def open_and_play():
        stats, warning = Stats.open(path)
        try:
            return warning, stats.game_started("jugs")
        finally:
            stats.close()

    warning, played = run_bounded(open_and_play)
    assert warning.reason == "unavailable" and played
    assert f"statistics.sqlite3{suffix}: not a regular file" in warning
    assert path.read_bytes() == good


def _open_at_once(path: str, barrier, results) -> None:
    barrier.wait()
    stats, warning = Stats.open(path)
    usable = stats.path is not None and stats.game_started("jugs")
    results.put((None if warning is None else warning.reason, str(warning or ""), usable))
    stats.close()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="processes forked at one barrier")
def test_windows_opening_one_damaged_file_at_once_set_it_aside_once(tmp_path):
    """Four PegApps open one damaged file together, three times: the file is set aside once
    (no .corrupt.1: nobody renames the new database another just made), one is told so, and
    every other opens the new database (or, if it waited too long, says the file is held).
    The processes meet at a barrier; the outcome asserted is the same whatever their order."""
    ctx = multiprocessing.get_context("fork")
    for round_ in range(3):
        folder = tmp_path / f"round{round_}"
        folder.mkdir()
        path = folder / "statistics.sqlite3"
        damaged = os.urandom(8192)
        path.write_bytes(damaged)
        barrier, results = ctx.Barrier(4), ctx.Queue()
        procs = [ctx.Process(target=_open_at_once, args=(str(path), barrier, results))
                 for _ in range(4)]
        for proc in procs:
            proc.start()
        outcomes = [results.get(timeout=120) for _ in procs]
        for proc in procs:
            proc.join(120)
            assert proc.exitcode == 0
        reasons = sorted(str(reason) for reason, _text, _usable in outcomes)
        assert reasons.count("corrupt") == 1, outcomes
        assert set(reasons) <= {"corrupt", "None", "locked"}, outcomes
        assert all(usable for reason, _t, usable in outcomes if reason != "locked"), outcomes
        kept = sorted(p.name for p in folder.glob("*.corrupt*"))
        assert kept == ["statistics.sqlite3.corrupt"], kept
        assert (folder / kept[0]).read_bytes() == damaged
