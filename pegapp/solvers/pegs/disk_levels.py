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
the process's peak resident memory and the bytes on disk. The files' half -- keys written, read a
window at a time, merged and met -- is pegapp.solvers.pegs.sorted_keys.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from pegapp.core.storage import (RefusedFile, check_regular, read_regular,
                                 write_atomic)
from pegapp.solvers.lazy import lazy_module
from pegapp.solvers.pegs.levels import load_level_kernels
from pegapp.solvers.pegs.problem import _Problem, _reconstruct, problem_of
from pegapp.solvers.pegs.sorted_keys import (NONE, check_room, digest, distinct, first_common,
                                             first_from, keys_file, merge_runs, peak_bytes,
                                             short_of_room, write_keys)
from pegapp.solvers.threads import in_two, ways

KL = lazy_module("pegapp.solvers.pegs._levels_kernel")

#: the largest JSON record read (storage.read_regular)
MAX_RECORD_BYTES = 1 << 24
#: parents expanded into one run (counted: the same runs on any machine)
CHUNK_PARENTS = 1 << 16
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
        at = first_from(keys, 0, key)
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
                    or digest(path) != e.get("sha256")):
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
                write_keys(f, keys, self.width)
        entry = {"count": os.path.getsize(path) // self.width, "sha256": digest(path),
                 "bound": self.bound if d else None}
        self.levels = self.levels[:d] + [entry]
        write_atomic(self._manifest_path(), json.dumps(
            {"format": FORMAT, "key": self._key(), "key_bytes": self.width,
             "levels": self.levels}, indent=1))

    def level(self, d: int) -> np.ndarray:
        return keys_file(self._path(d), self.width)

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
        return distinct(np.concatenate(out)), buf

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
            return LevelReport(self.name, d, count, time.perf_counter() - t0, peak_bytes(),
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
        return LevelReport(self.name, d, count, time.perf_counter() - t0, peak_bytes(), disk,
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
                check_room(self.folder)
                part = path.with_name(path.name + ".part")
                with open(part, "wb") as f:
                    write_keys(f, kids, self.width)
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
        release = stopped is not None or short_of_room(
            self.folder, sum(r.path.stat().st_size for r in group))

        def progress(cut: int | None, nbytes: int) -> None:
            log.save(runs, {"into": out.name, "cut": cut, "bytes": nbytes})

        if release and stopped is None:
            progress(None, 0)
        return merge_runs([keys_file(r.path, self.width) for r in group], older, out, self.width,
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
