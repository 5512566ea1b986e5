"""The one rule every reader and writer of PegApp's files goes through (pegapp.core.storage):
only regular files of bounded size are read, caches are checksummed, writes are fsync'd before
their rename and leave no temporary file behind when they fail."""

import errno
import os
import threading
from pathlib import Path

import pytest

from pegapp.core import storage
from pegapp.core.storage import RefusedFile, WriteError


def special_files(tmp_path: Path) -> dict[str, Path]:
    """A folder, a FIFO, a link to /dev/zero and a link to a FIFO, each where a file belongs."""
    out = {"folder": tmp_path / "folder"}
    out["folder"].mkdir()
    out["fifo"] = tmp_path / "fifo"
    os.mkfifo(out["fifo"])
    out["zero"] = tmp_path / "zero"
    out["zero"].symlink_to("/dev/zero")
    out["fifo link"] = tmp_path / "fifo-link"
    out["fifo link"].symlink_to(out["fifo"])
    return out


def run_bounded(call, seconds: float = 30.0):
    """call() in a thread; a hang fails the test instead of the whole run (the bound is far
    above the milliseconds the call takes, so machine load cannot fail it)."""
    box: dict = {}

    def target():
        try:
            box["value"] = call()
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            box["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "the reader hung"
    if "error" in box:
        raise box["error"]
    return box.get("value")


@pytest.mark.parametrize("kind", ["folder", "fifo", "zero", "fifo link"])
def test_only_regular_files_are_read(tmp_path, kind):
    path = special_files(tmp_path)[kind]
    with pytest.raises(RefusedFile) as caught:
        run_bounded(lambda: storage.read_regular(path, 1000))
    assert caught.value.filename == str(path)
    assert str(caught.value) == "not a regular file"
    assert isinstance(caught.value, OSError)  # every reader's OSError branch reports it


def test_a_file_over_the_limit_is_refused_unread(tmp_path):
    path = tmp_path / "big"
    path.write_bytes(b"x" * 101)
    with pytest.raises(RefusedFile, match="101 bytes is too large"):
        storage.read_regular(path, 100)
    assert storage.read_regular(path, 101) == b"x" * 101


@pytest.mark.parametrize("kind", ["folder", "fifo", "zero", "fifo link"])
def test_a_reader_a_block_at_a_time_passes_the_same_gate(tmp_path, kind):
    """open_regular: for readers of large files (levels on disk, a table's header)."""
    path = special_files(tmp_path)[kind]
    with pytest.raises(RefusedFile, match="not a regular file"):
        run_bounded(lambda: storage.open_regular(path, 1000))
    big = tmp_path / "big"
    big.write_bytes(b"x" * 101)
    with pytest.raises(RefusedFile, match="101 bytes is too large"):
        storage.open_regular(big, 100)
    with storage.open_regular(big, 101) as f:
        assert f.read(3) == b"xxx"
    fds = len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else None
    for _ in range(20):  # a refused file leaves no descriptor open
        with pytest.raises(RefusedFile):
            storage.open_regular(big, 100)
    assert fds is None or len(os.listdir("/proc/self/fd")) == fds


def test_check_regular_tells_missing_from_special(tmp_path):
    assert storage.check_regular(tmp_path / "none") is False
    (tmp_path / "file").write_text("x")
    assert storage.check_regular(tmp_path / "file") is True
    for path in special_files(tmp_path).values():
        with pytest.raises(RefusedFile):
            storage.check_regular(path)


def _damages(data: bytes) -> dict[str, bytes]:
    changed = bytearray(data)
    changed[-1] ^= 1
    return {"empty": b"", "truncated": data[:-1], "one value changed": bytes(changed),
            "padded": data + b"\0", "random bytes": os.urandom(len(data)),
            "header only": data[:data.index(b"\n", len(storage.CHECKED_MAGIC)) + 1]}


CACHE_DAMAGES = ("empty", "truncated", "one value changed", "padded", "random bytes",
                 "header only")


@pytest.mark.parametrize("damage", CACHE_DAMAGES)
def test_a_damaged_checked_cache_reads_as_missing(tmp_path, damage):
    path = tmp_path / "cache.bin"
    storage.write_checked(path, "test-kind", b"payload" * 5)
    assert storage.read_checked(path, "test-kind", 1000) == b"payload" * 5
    path.write_bytes(_damages(path.read_bytes())[damage])
    assert storage.read_checked(path, "test-kind", 1000) is None


def test_a_checked_cache_of_another_kind_or_special_file_reads_as_missing(tmp_path):
    path = tmp_path / "cache.bin"
    storage.write_checked(path, "one", b"data")
    assert storage.read_checked(path, "other", 1000) is None
    assert storage.read_checked(tmp_path / "missing", "one", 1000) is None
    for special in special_files(tmp_path).values():
        assert run_bounded(lambda: storage.read_checked(special, "one", 1000)) is None


def test_a_write_is_fsynced_before_its_rename(tmp_path, monkeypatch):
    events = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (events.append("fsync"), real_fsync(fd)))
    monkeypatch.setattr(os, "replace", lambda a, b: (events.append("replace"), real_replace(a, b)))
    storage.write_checked(tmp_path / "cache.bin", "k", b"data")
    assert events == ["fsync", "replace"]


def test_a_failed_write_leaves_no_temporary_file(tmp_path, monkeypatch):
    target = tmp_path / "cache.bin"
    storage.write_atomic(target, b"last good")

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(WriteError, match="No space left"):
        storage.write_checked(target, "k", b"new data")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache.bin"]
    assert target.read_bytes() == b"last good"
