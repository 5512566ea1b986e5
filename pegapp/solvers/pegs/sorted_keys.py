"""Sorted key files on disk, for the level search whose levels outgrow memory
(pegapp.solvers.pegs.disk_levels; no Qt).

A level on disk is a file of sorted, distinct uint64 keys, each written in KEY_BYTES or 8 bytes
(write_keys); it is read a window at a time through a memory map (keys_file, _Cursor), checked
against its SHA-256 (digest), merged k ways from its runs block by block with the keys older
levels hold taken out (merge_runs), and met with another level by a streamed intersection
(first_common). A run being merged gives its read part back to the disk as it goes (a hole
punched in it), and a write that would fill the disk stops first (check_room, short_of_room).
This is the file half of the disk search; what a level holds and when it is made is
disk_levels'. Every file is opened through the storage gate (storage.open_regular).
"""

from __future__ import annotations

import ctypes
import functools
import hashlib
import os
import resource
import shutil
from pathlib import Path

import numpy as np

from pegapp.core.storage import check_regular, open_regular
from pegapp.solvers.lazy import lazy_module

KL = lazy_module("pegapp.solvers.pegs._levels_kernel")

#: the largest level or run file read (storage.open_regular)
MAX_LEVEL_BYTES = 1 << 44
#: keys read from each run or level at a time while merging and meeting
WINDOW = 1 << 20
#: free bytes a write leaves on the disk at the least: a search that would fill the disk stops
#: with an error (its finished levels kept, a rerun resumes) rather than fill a shared machine's
#: disk (a safety stop only: no file's bytes depend on it)
MIN_FREE_BYTES = 4 << 30
#: a run being merged gives its read part back to the disk this many bytes at a time (a hole
#: punched in it): the runs of Wiegleb's forward 14th level (some 6 billion keys) and the level
#: they merge into do not fit the disk both whole, the runs shrinking as the level grows do
RELEASE_BYTES = 16 << 20
NONE = np.empty(0, dtype=np.uint64)
#: reads of fewer keys than this decoded a byte matrix at a time (_unpack_keys)
_FEW_KEYS = 128
_FALLOC_PUNCH = 0x02 | 0x01     # FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE (Linux)


@functools.lru_cache(maxsize=1)
def _fallocate():
    """libc's fallocate, or None where there is none (the runs then stay whole until removed)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        fn = libc.fallocate
    except (OSError, AttributeError):
        return None
    fn.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int64, ctypes.c_int64]
    fn.restype = ctypes.c_int
    return fn


def check_room(folder: Path) -> None:
    free = shutil.disk_usage(folder).free
    if free < MIN_FREE_BYTES:
        raise OSError(f"{folder}: {free / 2**30:.1f} GB free on its disk, under the "
                      f"{MIN_FREE_BYTES / 2**30:.0f} GB kept free: stopped (a rerun resumes "
                      f"from the finished levels)")


@functools.lru_cache(maxsize=None)
def _split(width: int) -> np.dtype:
    """A key of width (5-8) bytes as a record: its low 4 bytes and its high width - 4, both
    little-endian. numpy reads and writes the two fields in a pass each (measured: 6 bytes a key
    1.4 ns a key read and 8 written, where a byte matrix took 18 and 27, doubling the time of
    Wiegleb's backward 6th level). Made once a width: a binary search over a file reads one
    key at a time, and the dtype's making cost as much as the read."""
    return np.dtype([("lo", "<u4"), ("hi", {5: "u1", 6: "<u2", 8: "<u4"}[width])])


def write_keys(f, keys: np.ndarray, width: int) -> None:
    """keys (uint64) written to the open file f, each its low width bytes, little-endian. A key
    that does not fit is an error, never cut."""
    keys = np.ascontiguousarray(keys, dtype=np.uint64)
    if width == 8 or len(keys) == 0:
        f.write(keys.astype("<u8", copy=False).tobytes())
        return
    if int(keys.max()) >> (8 * width):
        raise ValueError(f"key {int(keys.max()):#x} does not fit {width} bytes")
    rec = np.empty(len(keys), dtype=_split(width))
    rec["lo"] = keys            # the low 32 bits (an assignment cuts to the field)
    rec["hi"] = keys >> np.uint64(32)
    f.write(rec.tobytes())


def _unpack_keys(raw, width: int) -> np.ndarray:
    """The uint64 keys of raw bytes of width bytes a key, little-endian (write_keys's form)."""
    if width == 8:
        return np.frombuffer(raw, dtype="<u8").astype(np.uint64, copy=False)
    n = len(raw) // width
    if n < _FEW_KEYS:
        # a few keys (a merge's window of a small run, a binary search's key): their bytes
        # copied into the low bytes of zeroed keys, two array calls where the record's fields
        # take five (measured: 3-4 us a read against 6-9; from a few hundred keys the
        # fields' passes are the faster)
        keys = np.zeros(n, dtype="<u8")
        keys.view(np.uint8).reshape(n, 8)[:, :width] = np.frombuffer(raw, np.uint8).reshape(
            n, width)
        return keys.astype(np.uint64, copy=False)
    rec = np.frombuffer(raw, dtype=_split(width))
    keys = rec["hi"].astype(np.uint64)
    keys <<= np.uint64(32)
    keys |= rec["lo"]
    return keys


def digest(path: Path) -> str:
    h = hashlib.sha256()
    with open_regular(path, MAX_LEVEL_BYTES) as f:  # a FIFO, a folder, /dev/zero: RefusedFile
        for block in iter(lambda: f.read(1 << 24), b""):
            h.update(block)
    return h.hexdigest()


class _KeyFile:
    """The keys of a run or level file, read a slice (or one key) at a time. Not a memory map:
    a map's pages count as the process's resident and virtual memory, so a level of billions
    of keys mapped would overrun the build's memory limit (measured: Wiegleb's backward 6th
    level, 364 million keys, 6.0 GB resident at the peak with maps) where reading holds only
    the windows."""

    def __init__(self, path: Path, width: int = 8):
        self.path = path
        self.width = width
        self.n = os.path.getsize(path) // width
        self.file = None    # opened at the first read (storage's gate), closed with the object
        self.released = 0   # bytes at the file's start given back to the disk (release)

    def __del__(self):
        if getattr(self, "file", None) is not None:
            self.file.close()

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, at):
        if isinstance(at, slice):
            lo, hi, _ = at.indices(self.n)
            if hi <= lo:
                return NONE
            if self.file is None:
                self.file = open_regular(self.path, MAX_LEVEL_BYTES)
            raw = bytearray(self.width * (hi - lo))
            got = os.preadv(self.file.fileno(), [raw], self.width * lo)
            if got != len(raw):
                raise OSError(f"{self.path}: {got} bytes read at key {lo}, {len(raw)} expected")
            return _unpack_keys(raw, self.width)
        at = int(at)
        if at < 0:
            at += self.n
        if not 0 <= at < self.n:
            raise IndexError(f"{self.path}: key {at} of {self.n}")
        return np.uint64(self.key(at))

    def key(self, at: int) -> int:
        """The key at index at (0 <= at < len), an int: one key read and decoded here, not
        through a slice's array (measured: some 4x the time a key), nor made a numpy scalar
        (first_from's binary search reads some 30 a search and compares ints: a merge of the
        tests' small runs made a million such reads, half their Python time in the scalar and
        the checks of an index)."""
        if self.file is None:
            self.file = open_regular(self.path, MAX_LEVEL_BYTES)
        raw = os.pread(self.file.fileno(), self.width, self.width * at)
        if len(raw) != self.width:
            raise OSError(f"{self.path}: {len(raw)} bytes read at key {at}, {self.width} "
                          f"expected")
        return int.from_bytes(raw, "little")


    def _release_end(self, upto: int) -> int:
        return upto * self.width // RELEASE_BYTES * RELEASE_BYTES

    def releases(self, upto: int) -> bool:
        """Whether release(upto) would give back bytes not given back yet."""
        return self._release_end(upto) > self.released and _fallocate() is not None

    def release(self, upto: int) -> None:
        """Give the disk back the file's bytes before key upto (read and never read again: a
        run being merged, removed after), whole RELEASE_BYTES at a time, by punching a hole:
        the file keeps its size and offsets, its blocks there are freed (they read as zeros).
        Where the system has no hole punching the file stays whole."""
        end = self._release_end(upto)
        fn = _fallocate()
        if end <= self.released or fn is None:
            return
        fd = os.open(self.path, os.O_WRONLY)     # a hole is punched through a writable file
        try:
            if fn(fd, _FALLOC_PUNCH, self.released, end - self.released) == 0:
                self.released = end
        finally:
            os.close(fd)


def keys_file(path: Path, width: int = 8) -> _KeyFile:
    """The keys of a run or level file of width bytes a key (see _KeyFile)."""
    return _KeyFile(path, width)


def peak_bytes() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024




def distinct(keys: np.ndarray) -> np.ndarray:
    """keys sorted and distinct, by the engine's radix sort (numpy's unique hashes uint64 keys
    and sorts the table: ten times slower here, measured on English's levels)."""
    keys = np.array(keys, dtype=np.uint64)
    if len(keys) < 2:
        return keys
    KL.sort_in_place(keys)     # by the digits the largest key has (a board's holes)
    return keys[:int(KL.unique_sorted(keys, len(keys)))]


def _union(parts: list[np.ndarray]) -> np.ndarray:
    """The sorted, distinct union of sorted, distinct parts (a merge's block, a window of each
    run): one part as it is, two merged in one pass (KL.merge_unique), more sorted together
    (distinct). A level's last blocks, its other runs ended, are one part; the tiers' merges in
    the tests' small runs often two."""
    parts = [np.asarray(p, dtype=np.uint64) for p in parts if len(p)]
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        out = np.empty(len(parts[0]) + len(parts[1]), dtype=np.uint64)
        return out[:int(KL.merge_unique(parts[0], parts[1], out))]
    return distinct(np.concatenate(parts)) if parts else NONE


class _Cursor:
    """A sorted file met with increasing sorted blocks of keys: a merge of two sorted streams
    that reads only the file's keys within each block's range, a window at a time (the keys
    before a block are skipped by a binary search of single keys, never read in bulk)."""

    def __init__(self, keys):
        self.keys = keys
        self.at = 0

    def members(self, block: np.ndarray) -> np.ndarray:
        """Whether the file holds each key of block (sorted, each block's keys above the last
        block's): the file's keys up to block[-1] are consumed. Only the keys in the block's
        range are read, found by two binary searches: a window read past it was read again
        by the next block, and with a level's older levels 14 windows of a million keys a
        block (Wiegleb's forward 14th level merged at 1.5 MB a second)."""
        hit = np.zeros(len(block), dtype=bool)
        if len(block) == 0:
            return hit
        block = np.asarray(block, dtype=np.uint64)     # the kernel's keys (no copy if so)
        self.at = first_from(self.keys, self.at, int(block[0]))
        end = first_from(self.keys, self.at, int(block[-1]) + 1)
        if 0 < end - self.at <= WINDOW:
            # one window holds every key of the file in the block's range: the whole block
            # met with it in one pass (most blocks of a merge; no searches of the block)
            KL.mark_members(block, np.asarray(self.keys[self.at:end], dtype=np.uint64), hit)
            self.at = end
        while self.at < end:
            w = np.asarray(self.keys[self.at:min(self.at + WINDOW, end)], dtype=np.uint64)
            # only the block's keys in the window's range: a block of a probe's batch holds
            # millions of keys, a window a sliver of them
            a = int(np.searchsorted(block, w[0]))
            b = int(np.searchsorted(block, w[-1], side="right"))
            KL.mark_members(block[a:b], w, hit[a:b])
            self.at += len(w)
        return hit


def first_from(keys, at: int, lo: int) -> int:
    """The first index from at of a key >= lo in sorted keys (a file read a key at a time, or
    an array; keys before at are all < lo already). A run's part given back to the disk
    (_KeyFile.release) reads as zeros before its keys, so the order holds there too."""
    key = keys.key if isinstance(keys, _KeyFile) else (lambda i: int(keys[i]))
    a, b = at, len(keys)
    while a < b:
        mid = (a + b) // 2
        if key(mid) < lo:
            a = mid + 1
        else:
            b = mid
    return a


def merge_runs(runs: list[np.ndarray], older: list[np.ndarray], out: Path,
               width: int = 8, release: bool = False, resume: tuple | None = None,
               progress=None) -> int:
    """Merge sorted runs (each distinct) into out (width bytes a key): sorted, distinct, rid of
    the keys any older level holds. Returns the keys out holds. Block by block: each run's next
    window, cut at the smallest last key among the windows of runs not yet at their end, so
    every key up to that cut is in the block. release: the runs are files removed after, each
    gives its read part back to the disk as the merge goes (_KeyFile.release), so the runs and
    the merged file are on the disk about once, not twice; progress(cut, nbytes) is called
    before each release that frees bytes, once every key up to cut is in out's first nbytes on
    the disk. resume: such a (cut, nbytes) of a merge stopped: out is cut to nbytes and each run
    read from its first key above cut (a cut of None: from the start), never from a part it
    gave back."""
    at = [0] * len(runs)
    if resume is not None and resume[0] is not None:
        at = [first_from(r, 0, resume[0] + 1) for r in runs]
    # WINDOW keys held in all, shared by the runs' lengths: each window then spans about the
    # same keys, so a block is about WINDOW keys. Shared evenly, the largest run's window cut
    # every block to a sliver (Wiegleb's forward 13th level, a run of 4,096 chunks among some
    # 130, wrote 0.8 of its 6.6 GB in the merge's first 6 minutes; measured in memory, one run
    # of 8 million keys among 100 of 20,000: 1.2 s evenly, 0.5 s by length)
    total = max(sum(len(r) for r in runs), 1)
    window = [max(WINDOW * len(r) // total, 1) for r in runs]
    cursors = [_Cursor(lv) for lv in older]
    start = 0 if resume is None else resume[1]
    check_regular(out)  # a FIFO there would block the open for writing: RefusedFile naming it
    with open(out, "r+b" if start else "wb") as f:
        f.truncate(start)
        f.seek(start)
        while True:
            live = [i for i, r in enumerate(runs) if at[i] < len(r)]
            if not live:
                break
            # each run's window read once: its keys up to the cut go into the block, the rest
            # are read again with the next block's window
            windows = [np.asarray(runs[i][at[i]:at[i] + window[i]]) for i in live]
            cut = min(int(w[-1]) for w in windows)
            parts = []
            for i, w in zip(live, windows):
                take = int(np.searchsorted(w, cut, side="right"))
                parts.append(w[:take])
                at[i] += take
            block = _union(parts)
            for c in cursors:
                block = block[~c.members(block)]
            check_room(out.parent)
            write_keys(f, block, width)
            if release:
                if progress is not None and any(runs[i].releases(at[i]) for i in live):
                    f.flush()
                    os.fsync(f.fileno())
                    progress(cut, f.tell())
                for i in live:
                    runs[i].release(at[i])
        return f.tell() // width


def first_common(a: np.ndarray, b: np.ndarray) -> int | None:
    """The smallest key two sorted arrays (or memory-mapped files) both hold, or None: a merge
    of the two streams, a window of the shorter at a time."""
    if len(a) > len(b):
        a, b = b, a
    cursor = _Cursor(b)
    for i in range(0, len(a), WINDOW):
        block = np.asarray(a[i:i + WINDOW])
        hit = cursor.members(block)
        if hit.any():
            return int(block[np.argmax(hit)])
    return None


def short_of_room(folder: Path, need: int) -> bool:
    """Whether a merge of runs of need bytes should give their read parts back as it goes: the
    disk holds less than the runs' bytes again (with MIN_FREE_BYTES spare). Otherwise the runs
    stay whole until the merge ends, so a build stopped in the merge loses only the merge."""
    return shutil.disk_usage(folder).free < need + 2 * MIN_FREE_BYTES
