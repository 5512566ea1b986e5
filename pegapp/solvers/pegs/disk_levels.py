"""The level search with its levels on disk as sorted runs, for proofs that outgrow memory (no Qt).

The in-memory search (pegapp.solvers.pegs.levels) keeps every level of both sides in RAM, and
Wiegleb 45's last two open pars each need one level more than 14 GB holds. Here a level is a
file of sorted, distinct, canonical uint64 keys (the keys the engine already uses: the same
symmetry canonical form, the same compiled kernels making the children):

* a level is made a chunk of parents at a time (a counted number of parents, read from the
  level before through a memory map): the chunk's children (``KL.children``, with the bound's
  region cut and count cut) are sorted and made distinct in memory and written as one run file;
* the runs then merge k ways into the level's file, block by block (each block: every run's
  keys up to the smallest last key of the runs' current windows), each block rid of the keys
  the side's older levels hold by a merge of sorted streams (a cursor per older level);
* the meeting of the two sides is the intersection of two sorted files, streamed the same way:
  a child at depth a + 1 on one side can only meet the other side's last level b when both sides
  are complete to a and b without meeting (the in-memory search's argument), so the first
  meeting gives a minimum;
* the last level a bound allows is only probed, never written (in a bound that fails it is
  the largest level, billions of keys on Wiegleb): its children are made a batch of
  PROBE_PARENTS parents at a time, sorted and made distinct in memory, and each batch met with
  the other side's last level by a streamed merge; the first batch that meets gives the answer;
* a key takes KEY_BYTES bytes on disk (6: little-endian, the high bytes of a 45-bit key are
  zero) where the board's keys fit, 8 otherwise.

Every limit is counted (parents a chunk or a batch, keys a merge window), never the clock, so
the files are the same bytes on any machine. A finished level is a finished file with its count and SHA-256 in
the side's manifest (written atomically, pegapp.core.storage) with the bound whose cut made it;
a rerun trusts a level only when its file's size and digest agree and that bound is at least
its own, and starts again from the first level that does not. Within
a level, the runs finished so far are listed in ``<d>.runs.json`` (_RunLog), so a build stopped
in a level of hours goes on from its last finished run. Each level says its positions, seconds,
the process's peak resident memory and the bytes on disk.
"""

from __future__ import annotations

import ctypes
import functools
import hashlib
import json
import os
import resource
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from pegapp.core.storage import (RefusedFile, check_regular, open_regular, read_regular,
                                 write_atomic)
from pegapp.solvers.lazy import lazy_module
from pegapp.solvers.pegs.levels import load_level_kernels
from pegapp.solvers.pegs.problem import _Problem, _reconstruct, problem_of
from pegapp.solvers.threads import in_two, ways

KL = lazy_module("pegapp.solvers.pegs._levels_kernel")

#: the largest level or run file read (storage.open_regular) and the largest JSON record
MAX_LEVEL_BYTES, MAX_RECORD_BYTES = 1 << 44, 1 << 24
#: parents expanded into one run (counted: the same runs on any machine)
CHUNK_PARENTS = 1 << 16
#: keys read from each run or level at a time while merging and meeting
WINDOW = 1 << 20
#: runs merged at once (a merge holds a window of each, WINDOW keys in all, and a file open for
#: each): more runs than this merge in tiers, FAN_IN runs into one
FAN_IN = 64
#: parents whose children make one batch of a probe (counted): a batch's children are sorted in
#: memory and met with the other side's last level, never written; each batch reads that level
#: once, so a batch is as large as memory allows (Wiegleb's backward levels give some 10-20
#: children a parent, made distinct a chunk at a time: 2-3 GB of keys a batch)
PROBE_PARENTS = 1 << 24
#: bytes a key on disk where the board's keys fit (45-bit Wiegleb keys: 6 of 8 bytes, a quarter
#: of the disk saved); a board of more holes keeps 8
KEY_BYTES = 6
#: what the manifest's format is; a manifest of another format is not read (a level of format 1,
#: 8 bytes a key in ``<d>.u64``, is made again, never read as keys of 6 bytes)
FORMAT = "pegapp-disk-levels-2"
#: free bytes a write leaves on the disk at the least: a search that would fill the disk stops
#: with an error (its finished levels kept, a rerun resumes) rather than fill a shared machine's
#: disk (a safety stop only: no file's bytes depend on it)
MIN_FREE_BYTES = 4 << 30
#: a run being merged gives its read part back to the disk this many bytes at a time (a hole
#: punched in it): the runs of Wiegleb's forward 14th level (some 6 billion keys) and the level
#: they merge into do not fit the disk both whole, the runs shrinking as the level grows do
RELEASE_BYTES = 16 << 20
NONE = np.empty(0, dtype=np.uint64)
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


def _check_room(folder: Path) -> None:
    free = shutil.disk_usage(folder).free
    if free < MIN_FREE_BYTES:
        raise OSError(f"{folder}: {free / 2**30:.1f} GB free on its disk, under the "
                      f"{MIN_FREE_BYTES / 2**30:.0f} GB kept free: stopped (a rerun resumes "
                      f"from the finished levels)")


def _split(width: int) -> np.dtype:
    """A key of width (5-8) bytes as a record: its low 4 bytes and its high width - 4, both
    little-endian. numpy reads and writes the two fields in a pass each (measured: 6 bytes a key
    1.4 ns a key read and 8 written, where a byte matrix took 18 and 27, doubling the time of
    Wiegleb's backward 6th level)."""
    return np.dtype([("lo", "<u4"), ("hi", {5: "u1", 6: "<u2", 8: "<u4"}[width])])


def _write_keys(f, keys: np.ndarray, width: int) -> None:
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
    """The uint64 keys of raw bytes of width bytes a key, little-endian (_write_keys's form)."""
    if width == 8:
        return np.frombuffer(raw, dtype="<u8").astype(np.uint64, copy=False)
    rec = np.frombuffer(raw, dtype=_split(width))
    keys = rec["hi"].astype(np.uint64)
    keys <<= np.uint64(32)
    keys |= rec["lo"]
    return keys


def _digest(path: Path) -> str:
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
        return self[at:at + 1][0] if at >= 0 else self[self.n + at]


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


def _keys(path: Path, width: int = 8) -> _KeyFile:
    """The keys of a run or level file of width bytes a key (see _KeyFile)."""
    return _KeyFile(path, width)


def _peak_bytes() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _holds(level: np.ndarray, keys: np.ndarray) -> np.ndarray:
    """For sorted keys, whether the sorted level holds each (a binary search a key)."""
    if len(level) == 0 or len(keys) == 0:
        return np.zeros(len(keys), dtype=bool)
    at = np.searchsorted(level, keys)
    at[at == len(level)] = len(level) - 1
    return np.asarray(level[at]) == keys


def _distinct(keys: np.ndarray) -> np.ndarray:
    """keys sorted and distinct, by the engine's radix sort (numpy's unique hashes uint64 keys
    and sorts the table: ten times slower here, measured on English's levels)."""
    keys = np.array(keys, dtype=np.uint64)
    if len(keys) < 2:
        return keys
    KL.sort_in_place(keys)     # by the digits the largest key has (a board's holes)
    return keys[:int(KL.unique_sorted(keys, len(keys)))]


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
        self.at = _first_from(self.keys, self.at, int(block[0]))
        end = _first_from(self.keys, self.at, int(block[-1]) + 1)
        while self.at < end:
            w = self.keys[self.at:min(self.at + WINDOW, end)]
            # only the block's keys in the window's range: a block of a probe's batch holds
            # millions of keys, a window a sliver of them
            a = int(np.searchsorted(block, w[0]))
            b = int(np.searchsorted(block, w[-1], side="right"))
            hit[a:b] |= _holds(w, block[a:b])
            self.at += len(w)
        return hit


def _first_from(keys, at: int, lo: int) -> int:
    """The first index from at of a key >= lo in sorted keys (a file read a key at a time, or
    an array; keys before at are all < lo already). A run's part given back to the disk
    (_KeyFile.release) reads as zeros before its keys, so the order holds there too."""
    a, b = at, len(keys)
    while a < b:
        mid = (a + b) // 2
        if int(keys[mid]) < lo:
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
        at = [_first_from(r, 0, resume[0] + 1) for r in runs]
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
            cut = min(int(runs[i][min(at[i] + window[i], len(runs[i])) - 1]) for i in live)
            parts = []
            for i in live:
                end = at[i] + int(np.searchsorted(runs[i][at[i]:at[i] + window[i]], cut,
                                                  side="right"))
                parts.append(np.asarray(runs[i][at[i]:end]))
                at[i] = end
            block = _distinct(np.concatenate(parts))
            for c in cursors:
                block = block[~c.members(block)]
            _check_room(out.parent)
            _write_keys(f, block, width)
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


def _short_of_room(folder: Path, need: int) -> bool:
    """Whether a merge of runs of need bytes should give their read parts back as it goes: the
    disk holds less than the runs' bytes again (with MIN_FREE_BYTES spare). Otherwise the runs
    stay whole until the merge ends, so a build stopped in the merge loses only the merge."""
    return shutil.disk_usage(folder).free < need + 2 * MIN_FREE_BYTES


@dataclass
class _Run:
    """A run file of a level being made: the sorted, distinct children of chunks first to end
    (end excluded), tier 0 a chunk's own, tier k the merge of FAN_IN runs of tier k - 1."""
    path: Path
    first: int
    end: int
    tier: int


class _RunLog:
    """``<d>.runs.json``: the finished runs of level d being made, written atomically after
    every run and every merge, with what they depend on (the parents' digest, the limits, the
    bound's cut). A rerun takes the runs it lists whose files have the size it says, in order up
    to the first that does not, and removes every other run file of the level; a log of other
    limits or parents is not trusted (the level is made from its first chunk). merging: the
    merge under way that gives its runs' read parts back (DiskSide._merge): the file it writes
    ("into", a name in the folder) and how far it got ("cut", "bytes"); a rerun goes on with it
    only when that file holds those bytes (its runs are whole beyond the cut), and otherwise
    makes the level from its first chunk, never reading a part a run gave back."""

    def __init__(self, folder: Path, d: int, what: dict):
        self.folder, self.d, self.what = folder, d, what
        self.path = folder / f"{d}.runs.json"
        self.merged = 0     # the tier merges so far: the next one's name
        self.merging: dict | None = None

    def load(self) -> list[_Run]:
        runs = []
        try:
            head = json.loads(read_regular(self.path, MAX_RECORD_BYTES))
            if head.get("what") == self.what:
                self.merged = int(head["merged"])
                for name, first, end, tier, size in head["runs"]:
                    path = self.folder / name
                    if (Path(name).name != name or not path.is_file()
                            or path.stat().st_size != size
                            or first != (runs[-1].end if runs else 0)):
                        break
                    runs.append(_Run(path, first, end, tier))
                self.merging = self._merging(head.get("merging"), len(runs) == len(head["runs"]))
                if head.get("merging") is not None and self.merging is None:
                    runs = []       # its runs gave parts back and cannot be resumed
        except (OSError, ValueError, KeyError, TypeError):
            runs, self.merging = [], None
        kept = {r.path.name for r in runs} | ({self.merging["into"]} if self.merging else set())
        for stale in [*self.folder.glob(f"{self.d}.run*"), *self.folder.glob(f"{self.d}.t*")]:
            if stale.name not in kept and stale != self.path:
                stale.unlink()
        return runs

    def _merging(self, m, whole: bool) -> dict | None:
        """The logged merge under way, when a rerun can go on with it: every run listed is
        whole, and the file it writes holds the bytes logged (none yet: it starts again)."""
        if not (whole and isinstance(m, dict) and isinstance(m.get("into"), str)
                and isinstance(m.get("bytes"), int) and isinstance(m.get("cut"), (int, type(None)))):
            return None
        path = self.folder / m["into"]
        if Path(m["into"]).name != m["into"] or (
                m["bytes"] and not (path.is_file() and path.stat().st_size >= m["bytes"])):
            return None
        return m

    def save(self, runs: list[_Run], merging: dict | None = None) -> None:
        self.merging = merging
        write_atomic(self.path, json.dumps(
            {"what": self.what, "merged": self.merged,
             "runs": [[r.path.name, r.first, r.end, r.tier, r.path.stat().st_size]
                      for r in runs], "merging": merging}))


@dataclass
class LevelReport:
    """One level as it was made: what the build prints per level."""
    side: str
    depth: int
    positions: int
    seconds: float
    peak_bytes: int
    disk_bytes: int
    probed: bool = False

    def line(self) -> str:
        what = "probed" if self.probed else "stored"
        return (f"{self.side} {self.depth:2d}: {self.positions:,} positions {what}, "
                f"{self.seconds:.1f} s, peak {self.peak_bytes / 2**30:.2f} GB resident, "
                f"{self.disk_bytes / 2**30:.2f} GB on disk at the most")


@dataclass
class DiskSide:
    """One side's levels in a folder: level d is ``<d>.keys`` (``width`` bytes a key), listed in
    ``manifest.json`` with its count and digest once it is finished."""
    name: str
    backward: bool
    folder: Path
    prob: _Problem
    roots: list
    bound: int
    levels: list = field(default_factory=list)

    def __post_init__(self):
        self.folder.mkdir(parents=True, exist_ok=True)
        self.ktab = self.prob.g.kbwd if self.backward else self.prob.g.kfwd
        self.bnd = self.prob.bwd_bnd if self.backward else self.prob.fwd_bnd
        self.bnd_most = self.prob.bound_most(self.bnd)
        self.cut_args = self.prob.count_args(self.backward)
        self.width = KEY_BYTES if self.prob.g.n <= 8 * KEY_BYTES else 8
        self._resume()

    @property
    def depth(self) -> int:
        return len(self.levels) - 1

    @property
    def table(self) -> "DiskSide":
        """What pegs.problem._reconstruct asks of a side: holds(position, depth)."""
        return self

    def holds(self, key: int, d: int) -> bool:
        """Whether level d holds the canonical key (a binary search of its file)."""
        keys = self.level(d)
        at = _first_from(keys, 0, key)
        return at < len(keys) and int(keys[at]) == key

    def _manifest_path(self) -> Path:
        return self.folder / "manifest.json"

    def _resume(self) -> None:
        """The finished levels a run before left whose files agree with the manifest (size and
        digest) and whose bound's cut was no tighter than this search's, up to the first that
        does not; level 0 (the roots) otherwise. A level made under a bound holds every
        position of a solution that short, so it serves any bound up to it; under a lower one
        it lacks positions a solution of this bound may pass (a level listed without its bound,
        as sessions before 40 wrote them, is made again)."""
        entries = []
        try:
            head = json.loads(read_regular(self._manifest_path(), MAX_RECORD_BYTES))
            if (head.get("format") == FORMAT and head.get("key") == self._key()
                    and head.get("key_bytes") == self.width):
                entries = [e for e in head.get("levels", []) if isinstance(e, dict)]
        except RefusedFile:  # a folder, a FIFO, /dev/zero: named (exc.filename), never replaced
            raise
        except (OSError, ValueError, AttributeError):
            entries = []
        for d, e in enumerate(entries):
            path = self._path(d)
            if d and not (isinstance(e.get("bound"), int) and e["bound"] >= self.bound):
                break
            # a level file that is no regular file or cannot be read: an OSError naming it
            if (not check_regular(path) or not isinstance(e.get("count"), int)
                    or os.path.getsize(path) != self.width * e["count"]
                    or _digest(path) != e.get("sha256")):
                break
            self.levels.append(e)
        # what a stop left behind: a finished level's runs, an atomic write's temporary file
        for d in range(len(self.levels)):
            for left in [*self.folder.glob(f"{d}.run*"), *self.folder.glob(f"{d}.t*")]:
                left.unlink()
        for left in self.folder.glob(".*.tmp"):
            left.unlink()
        if not self.levels:
            first = np.unique(np.array([self.prob.canon(r) for r in self.roots], dtype=np.uint64))
            self._finish(0, first)

    def _key(self) -> str:
        """What the levels depend on: the side, the position, the goals and the count cut's
        rule where it cuts other positions ("class-2", the legacy count; the forward side's
        fitted pagoda functions under "pagodas", by their digest; "any-stop" and "any" keep
        the same children, and the folders made before the rule was in the key were made
        under "any-stop", so theirs stays the key they were made with)."""
        rule = "" if self.prob.count_rule != "class-2" else ":class-2"
        if fitted := ([] if self.backward else self.prob.fitted_pagodas):
            rule = ":fitted-" + hashlib.sha256(repr(fitted).encode()).hexdigest()[:16]
        return f"{self.name}:{self.prob.position}:{sorted(self.prob.goals)}{rule}"

    def _path(self, d: int, what: str = "keys") -> Path:
        return self.folder / f"{d}.{what}"

    def _finish(self, d: int, keys: np.ndarray | None = None) -> None:
        path = self._path(d)
        if keys is not None:
            check_regular(path)  # a FIFO there would block the write: RefusedFile naming it
            with open(path, "wb") as f:
                _write_keys(f, keys, self.width)
        entry = {"count": os.path.getsize(path) // self.width, "sha256": _digest(path),
                 "bound": self.bound if d else None}
        self.levels = self.levels[:d] + [entry]
        write_atomic(self._manifest_path(), json.dumps(
            {"format": FORMAT, "key": self._key(), "key_bytes": self.width,
             "levels": self.levels}, indent=1))

    def level(self, d: int) -> np.ndarray:
        return _keys(self._path(d), self.width)

    def count(self) -> int:
        return sum(e["count"] for e in self.levels)

    def disk_bytes(self) -> int:
        """The side's files: its levels and the runs of the level being made (the blocks they
        hold on the disk: a run's released part holds none)."""
        return sum(p.stat().st_blocks * 512 for p in self.folder.iterdir()
                   if p.suffix != ".json")

    def _children(self, parents: np.ndarray, buf: np.ndarray, use_bound: int,
                  remaining: int) -> tuple[np.ndarray, np.ndarray]:
        """Every child of parents, sorted and distinct (the engine's kernels, its cuts)."""
        prob = self.prob
        out, i, counts = [], 0, np.zeros(3, dtype=np.int64)
        while i < len(parents):
            counts[0] = 0
            nxt = KL.children(parents, i, len(parents), buf, counts, *self.ktab, prob.jmask,
                              prob.symtab, prob.nchunks, prob.nsym, self.bnd, use_bound,
                              remaining, *self.cut_args)
            if nxt < 0:     # one parent's children alone overrun the buffer: a larger one
                buf = np.empty(2 * len(buf), dtype=np.uint64)
                i = -1 - nxt
                continue
            out.append(buf[:int(counts[0])].copy())
            i = nxt
        if not out:
            return NONE, buf
        return _distinct(np.concatenate(out)), buf

    def _batch(self, part: np.ndarray, buf: np.ndarray, use_bound: int,
               remaining: int) -> np.ndarray:
        """The children of a probe's batch of parents, each chunk's sorted and distinct, in
        the chunks' order (_chunks)."""
        pieces = self._chunks(part, buf, use_bound, remaining)
        return np.concatenate(pieces) if pieces else NONE

    def _chunks(self, part: np.ndarray, buf: np.ndarray, use_bound: int,
                remaining: int) -> list[np.ndarray]:
        """Each chunk's children of part (CHUNK_PARENTS parents a chunk), sorted and distinct,
        in the chunks' order: where there are two cores, the even chunks made on one thread and
        the odd on the other (the kernels release Python's lock; each thread its own buffer),
        so they are the same whatever the cores (a Wiegleb level or probe is hours on one)."""
        starts = range(0, len(part), CHUNK_PARENTS)

        def make(t: int, step: int) -> dict:
            own, kids = buf if t == 0 else np.empty_like(buf), {}
            for k in range(t, len(starts), step):
                kids[k], own = self._children(part[starts[k]:starts[k] + CHUNK_PARENTS], own,
                                              use_bound, remaining)
            return kids

        made = in_two(lambda t: make(t, 2)) if ways() >= 2 and len(starts) > 1 else [make(0, 1)]
        return [made[k % len(made)][k] for k in range(len(starts))]

    def _tier(self, d: int, runs: list[_Run], log: "_RunLog") -> list[_Run]:
        """runs, the last FAN_IN of one tier merged into one run of the tier above when they are
        that many (and again up the tiers): a level of a billion positions is some 15,000 runs
        of a chunk, more files than a merge should hold open. A run's name says its tier
        (``<d>.run<i>`` tier 0, ``<d>.t<k>.<i>`` tier k), so the merges, counted, are the same
        on any machine. A merge stopped goes on where it was (_merge)."""
        while len(runs) >= FAN_IN and len({r.tier for r in runs[-FAN_IN:]}) == 1:
            group, t = runs[-FAN_IN:], runs[-1].tier + 1
            if log.merging is None or log.merging["into"] == self._path(d).name:
                out = self.folder / f"{d}.t{t}.{log.merged}"
                log.merged += 1
            else:       # a stopped merge of this same group: the log lists it last
                out = self.folder / log.merging["into"]
            self._merge(log, runs, group, [], out)
            runs = runs[:-FAN_IN] + [_Run(out, group[0].first, group[-1].end, t)]
            log.save(runs)
            for r in group:
                r.path.unlink()
        return runs

    def expand(self, other: "DiskSide", bound: int) -> tuple[LevelReport, int | None]:
        """Make level depth + 1 (stored), or probe it when it is the last the bound allows.
        Returns its report and a key it shares with the other side's last level (None: none).
        A stored level meets the other side in one merge of two sorted files once its runs
        have merged: met chunk by chunk, each chunk's keys span the whole key range, so every
        chunk would read the whole other level. A probed level is never written (_probe)."""
        t0 = time.perf_counter()
        d = self.depth + 1
        remaining = bound - self.depth - 1
        use_bound = 1 if remaining < self.bnd_most else 0
        parents = self.level(self.depth)
        buf = np.empty(CHUNK_PARENTS * 4 + KL.MARGIN, dtype=np.uint64)
        if d + other.depth >= bound:
            count, met = self._probe(other, parents, buf, use_bound, bound)
            disk = self.disk_bytes() + other.disk_bytes()
            return LevelReport(self.name, d, count, time.perf_counter() - t0, _peak_bytes(),
                               disk, True), met
        count, disk, runs, log = self._store(d, other, parents, buf, use_bound, remaining)
        # the runs and their log outlive the meeting (minutes on Wiegleb): stopped in it, a
        # rerun finds the level unfinished and its merge done (or to finish from its last cut)
        met = first_common(self.level(d), other.level(other.depth))
        if met is not None:
            self._path(d).unlink()      # a level that met: not kept
        else:
            self._finish(d)
        for r in runs:
            r.path.unlink()
        log.path.unlink(missing_ok=True)
        return LevelReport(self.name, d, count, time.perf_counter() - t0, _peak_bytes(), disk,
                           met is not None), met

    def _store(self, d: int, other: "DiskSide", parents, buf: np.ndarray, use_bound: int,
               remaining: int) -> tuple[int, int, list[_Run], _RunLog]:
        """Level d made and merged into its file: a run a chunk of CHUNK_PARENTS parents, the
        runs merged in tiers, then into the level. The runs a stopped build finished are taken
        again (``<d>.runs.json``, _RunLog): Wiegleb's forward 14th level is hours, more than a
        build may run at once. Returns the keys written, the most bytes on the disk, and the
        runs and their log (removed once the level is finished, expand)."""
        what = {"format": FORMAT, "key": self._key(), "depth": d, "width": self.width,
                "parents": self.levels[-1]["sha256"], "chunk": CHUNK_PARENTS, "fan_in": FAN_IN,
                "bounded": use_bound, "remaining": remaining if use_bound else None}
        log = _RunLog(self.folder, d, what)
        runs = self._tier(d, log.load(), log)
        first = runs[-1].end if runs else 0
        chunks = (len(parents) + CHUNK_PARENTS - 1) // CHUNK_PARENTS
        # two chunks at a time, one a core (_chunks), both runs logged before a tier merges
        # (FAN_IN even: the tiers are those of one chunk at a time)
        for r0 in range(first, chunks, 2):
            made = self._chunks(np.asarray(parents[r0 * CHUNK_PARENTS:
                                                   min(r0 + 2, chunks) * CHUNK_PARENTS]),
                                buf, use_bound, remaining)
            for r, kids in enumerate(made, r0):
                path = self._path(d, f"run{r}")
                _check_room(self.folder)
                part = path.with_name(path.name + ".part")
                with open(part, "wb") as f:
                    _write_keys(f, kids, self.width)
                os.replace(part, path)
                runs.append(_Run(path, r, r + 1, 0))
            log.save(runs)
            runs = self._tier(d, runs, log)
        before = self.disk_bytes() + other.disk_bytes()     # the runs whole, the level empty
        count = self._merge(log, runs, runs, [self.level(k) for k in range(d)], self._path(d))
        disk = max(before, self.disk_bytes() + other.disk_bytes())     # the runs released
        return count, disk, runs, log

    def _merge(self, log: _RunLog, runs: list[_Run], group: list[_Run], older: list,
               out: Path) -> int:
        """group's run files (the last of runs) merged into out, rid of older's keys; the keys
        out holds. Where the disk is short of room for both, or a stopped merge began so, each
        run gives its read part back as the merge goes, and before each part given back the log
        says how far out holds every key: stopped there, a rerun goes on from that cut, where
        every run is whole (Wiegleb's forward 14th level: 29 GB of runs, an hour to merge,
        after hours of chunks a stop there made again)."""
        stopped = log.merging if log.merging and log.merging["into"] == out.name else None
        release = stopped is not None or _short_of_room(
            self.folder, sum(r.path.stat().st_size for r in group))

        def progress(cut: int | None, nbytes: int) -> None:
            log.save(runs, {"into": out.name, "cut": cut, "bytes": nbytes})

        if release and stopped is None:
            progress(None, 0)
        return merge_runs([_keys(r.path, self.width) for r in group], older, out, self.width,
                          release, None if stopped is None else (stopped["cut"], stopped["bytes"]),
                          progress if release else None)

    def _probe(self, other: "DiskSide", parents, buf: np.ndarray, use_bound: int,
               bound: int) -> tuple[int, int | None]:
        """The last level the bound allows, never written: its children made PROBE_PARENTS
        parents at a time (a batch, made distinct a chunk at a time, then as a whole in memory)
        and each batch met with the other side's last level by a streamed merge (a cursor of
        its own: a batch's keys span the whole range). Returns the keys looked up (distinct in
        their batch, so a key two batches make counts twice) and the smallest key the first
        batch that meets shares with the other level (None: no batch meets), the same on any
        machine. Each batch reads the whole other level, so the batches are as large as memory
        allows; the level itself (billions of keys on Wiegleb) never reaches the disk. After
        each batch that does not meet, ``probe.json`` says where the next begins (with what the
        probe depends on: the bound, the limits, both levels' digests), so a rerun goes on from
        there: the batches before met nothing, the first meeting is the same."""
        remaining = bound - self.depth - 1
        last = other.level(other.depth)
        # the batches a run before met without a meeting (a probe of Wiegleb's is hours)
        record = self.folder / "probe.json"
        what = {"format": FORMAT, "key": self._key(), "bound": bound, "depth": self.depth + 1,
                "parents": PROBE_PARENTS, "chunk": CHUNK_PARENTS,
                "own": self.levels[-1]["sha256"], "other": other.levels[-1]["sha256"]}
        try:
            done = json.loads(read_regular(record, MAX_RECORD_BYTES))
        except (OSError, ValueError):
            done = {}
        start, looked = ((done["next"], done["looked"]) if done.get("what") == what
                         else (0, 0))
        for i in range(start, len(parents), PROBE_PARENTS):
            batch = self._batch(np.asarray(parents[i:i + PROBE_PARENTS]), buf, use_bound,
                                remaining)
            if len(batch) > 1:      # sorted and distinct in place: no copy of a batch held
                KL.sort_in_place(batch)
                batch = batch[:int(KL.unique_sorted(batch, len(batch)))]
            looked += len(batch)
            met = first_common(batch, last)
            if met is not None:
                return looked, met
            write_atomic(record, json.dumps({"what": what, "next": i + PROBE_PARENTS,
                                             "looked": looked}))
        return looked, None


def search_bound(board, position: int, finish, bound: int, folder, report=print,
                 count_cut: str = "any-stop") -> int | None:
    """The fewest moves from position to the goal if at most bound, else None (proven: no
    solution of bound moves or fewer). Each side grows in folder/forward, folder/backward; the
    side with fewer positions in its last level grows next (the in-memory search's rule, counted
    in positions). A rerun with the same folder resumes from the finished levels. Each level's
    report goes to report()."""
    found = _meeting(board, position, finish, bound, folder, report, count_cut)
    return None if found is None else found[-2] + found[-1]


def line_within(board, position: int, finish, bound: int, folder, report=print,
                count_cut: str = "any-stop") -> list | None:
    """A solution of the fewest moves from position to the goal if that is at most bound (its
    moves, each a chain of holes), else None: search_bound's search, then the line walked from
    the meeting back to the start through the forward levels on disk and on to the goal through
    the backward ones (pegs.problem._reconstruct, each level asked by a binary search of its
    file; the level the meeting was made in is never needed, so a probe's serves)."""
    found = _meeting(board, position, finish, bound, folder, report, count_cut)
    if found is None:
        return None
    return _reconstruct(*found)


def _meeting(board, position: int, finish, bound: int, folder, report, count_cut: str):
    """(problem, forward side, backward side, the meeting's key, its forward depth, its backward
    depth: the moves are their sum) of search_bound's search, or None when no solution is within
    bound."""
    load_level_kernels()
    prob = problem_of(board, position, finish, count_cut)
    folder = Path(folder)
    fwd = DiskSide("forward", False, folder / "forward", prob, [prob.position], bound)
    bwd = DiskSide("backward", True, folder / "backward", prob, list(prob.goals), bound)
    met = first_common(fwd.level(0), bwd.level(0))
    if met is not None:
        return prob, fwd, bwd, met, 0, 0
    while fwd.depth + bwd.depth < bound:
        side, other = ((fwd, bwd) if fwd.levels[-1]["count"] <= bwd.levels[-1]["count"]
                       else (bwd, fwd))
        rep, met = side.expand(other, bound)
        report(rep.line())
        if met is not None:
            depths = (side.depth + 1, other.depth) if side is fwd else (other.depth,
                                                                        side.depth + 1)
            return prob, fwd, bwd, met, *depths
        if rep.probed:      # the bound's last level met nothing: no solution within it
            return None
    return None
