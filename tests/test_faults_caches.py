"""Fault suite of the caches PegApp writes and reads back: the distance tables of the sliding and
rotation puzzles, the slide pattern databases and the peg solver's backward store.

Each cache file is damaged every way (empty, truncated, one value changed, random bytes, a
folder, a FIFO, a link to /dev/zero, unreadable) and the command that reads it must still give
the true answer (checked by a breadth-first search written here), exit 0, never hang, and leave
a special file it found where it was. Reading is bounded in a thread so a hang fails one test.
"""

import errno
import io
import json
import math
import os
import random
from collections import deque
from pathlib import Path

import numpy as np
import pytest

from pegapp.cli import main
from pegapp.core import storage
from pegapp.core.board import get_board
from pegapp.puzzles.rotate import RotatePuzzle
from pegapp.puzzles.slide import SlidePuzzle
from pegapp.solvers.sliding import _tables as tables
from tests.test_storage_rule import run_bounded

DAMAGES = ("empty", "truncated", "one value changed", "random bytes", "folder", "fifo",
           "link to /dev/zero", "unreadable")


def deny_open(path: Path, monkeypatch) -> None:
    """Opening path fails as an unreadable file's would (EACCES): injected into os.open, which
    every reader opens through, since chmod 000 does not stop root (the tests run as root)."""
    real = os.open

    def denied(where, *args, **kwargs):
        if Path(where) == path:
            raise PermissionError(errno.EACCES, "Permission denied", str(where))
        return real(where, *args, **kwargs)

    monkeypatch.setattr(os, "open", denied)


def damage(path: Path, how: str, monkeypatch, offset: int | None = None) -> None:
    """Damage the file at path; offset: the byte "one value changed" raises by 2 (default the
    middle). "unreadable" is injected into os.open (every reader opens through it): the
    tests run as root in CI, whom chmod 000 does not stop."""
    data = path.read_bytes() if path.is_file() else b""
    if how in ("folder", "fifo", "link to /dev/zero"):
        path.unlink()
        {"folder": path.mkdir, "fifo": lambda: os.mkfifo(path),
         "link to /dev/zero": lambda: path.symlink_to("/dev/zero")}[how]()
        return
    if how == "unreadable":
        deny_open(path, monkeypatch)
        return
    changed = bytearray(data)
    where = len(data) // 2 if offset is None else offset
    changed[where] = (changed[where] + 2) % 256
    path.write_bytes({"empty": b"", "truncated": data[:len(data) // 2],
                      "one value changed": bytes(changed),
                      "random bytes": random.Random(how).randbytes(len(data))}[how])


def kept_special(path: Path, how: str) -> None:
    """A special file found in a cache's place is neither opened nor replaced."""
    if how == "folder":
        assert path.is_dir()
    elif how == "fifo":
        assert path.is_fifo()
    elif how == "link to /dev/zero":
        assert path.is_symlink() and os.readlink(path) == "/dev/zero"


def bfs_length(puzzle, start, goal) -> int:
    """Moves from start to goal by a breadth-first search over the puzzle's moves (no table)."""
    start, goal = tuple(start), tuple(goal)
    seen, queue = {start: 0}, deque([start])
    while queue:
        state = queue.popleft()
        if state == goal:
            return seen[state]
        for _move, nxt in puzzle.neighbours(state):
            if nxt not in seen:
                seen[nxt] = seen[state] + 1
                queue.append(nxt)
    raise AssertionError("goal not reached")


def cli_json(capsys, *argv) -> tuple[int, dict]:
    code = run_bounded(lambda: main([*argv, "--json"]))
    out = capsys.readouterr().out
    return code, (json.loads(out) if out.strip() else {})


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("PEGAPP_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


@pytest.fixture(scope="module")
def place_table(tmp_path_factory):
    """place_table(stem, make) puts the checked distance-table file `stem`, as the puzzle make()
    saves it, in the test's cache folder and gives its path. Each table is built once for the
    file, in a folder of its own: the tests that damage one need a good file to damage, and the
    command must build it again after the damage (rotate/3x3's table was built twice in each of
    eight tests, slide/2x5's twice in each of two)."""
    built: dict[str, bytes] = {}
    folder = tmp_path_factory.mktemp("tables")

    def place(stem: str, make) -> Path:
        if stem not in built:
            with pytest.MonkeyPatch.context() as scratch:
                scratch.setenv("PEGAPP_CACHE_DIR", str(folder))
                make().distance_table()
                built[stem] = tables.table_file(stem).read_bytes()
        path = tables.table_file(stem)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(built[stem])
        return path

    return place


# ---- the distance tables of slide/2x3 and rotate/3x3 (the issue's 2x5 case below)

def scrambled(puzzle, moves: int, seed: int) -> tuple[int, ...]:
    """A position some random moves from the goal (solvable by construction)."""
    state, rng = puzzle.goal, random.Random(seed)
    for _ in range(moves):
        state = rng.choice(list(puzzle.neighbours(state)))[1]
    return tuple(state)


SLIDE_START = scrambled(SlidePuzzle(2, 3), 40, 3)


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_slide_table_is_rebuilt_and_answers_true(cache, capsys, monkeypatch, how):
    puzzle = SlidePuzzle(2, 3)
    truth = bfs_length(puzzle, SLIDE_START, puzzle.goal)
    start = " ".join(map(str, SLIDE_START))
    assert cli_json(capsys, "solve", "slide/2x3", "--start", start)[1]["length"] == truth
    path = tables.table_file("slide_2x3_dist")
    damage(path, how, monkeypatch, offset=len(path.read_bytes()) - 720 + tables.rank(SLIDE_START))
    code, out = cli_json(capsys, "solve", "slide/2x3", "--start", start)
    assert code == 0 and out["length"] == truth and out["proven_minimal"]
    code, hint = cli_json(capsys, "hint", "slide/2x3", "--start", start)
    assert code == 0 and len(hint["moves"]) == truth
    kept_special(path, how)
    if how in ("empty", "truncated", "one value changed", "random bytes"):
        monkeypatch.undo()
        assert storage.read_checked(path, "slide_2x3_dist", 720) is not None  # saved over


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_rotation_table_is_rebuilt_and_answers_true(cache, capsys, monkeypatch, how,
                                                             place_table):
    puzzle = RotatePuzzle()
    state = scrambled(puzzle, 5, 5)
    truth = bfs_length(puzzle, state, puzzle.goal)
    start = " ".join(map(str, state))
    place_table("rotate_3x3_dist", RotatePuzzle)
    assert cli_json(capsys, "solve", "rotate/3x3", "--start", start)[1]["length"] == truth
    damage(tables.table_file("rotate_3x3_dist"), how, monkeypatch)
    code, out = cli_json(capsys, "solve", "rotate/3x3", "--start", start)
    assert code == 0 and out["length"] == truth and out["proven_minimal"]
    kept_special(tables.table_file("rotate_3x3_dist"), how)


ISSUE_START = "0 9 3 7 1 5 4 8 2 6"  # 55 moves from the goal, as the outside trial found


def test_a_zeroed_2x5_table_no_longer_answers_zero_moves_proven(cache, capsys, place_table):
    """The issue's case: the table zeroed (t[:] = 0, length and the goal's 0 intact) answered
    length 0, proven. The checksum refuses it; the table is built again."""
    entries = math.factorial(10)
    path = place_table("slide_2x5_dist", lambda: SlidePuzzle(2, 5))
    data = path.read_bytes()
    path.write_bytes(data[:len(data) - entries] + bytes(entries))
    code, out = cli_json(capsys, "solve", "slide/2x5", "--start", ISSUE_START)
    assert code == 0 and out["length"] == 55 and out["proven_minimal"]


def test_a_2x5_value_raised_by_two_does_not_make_a_hint_two_moves_long(cache, capsys,
                                                                       place_table):
    start = tuple(int(t) for t in ISSUE_START.split())
    path = place_table("slide_2x5_dist", lambda: SlidePuzzle(2, 5))
    data = bytearray(path.read_bytes())
    data[len(data) - math.factorial(10) + tables.rank(start)] += 2
    path.write_bytes(bytes(data))
    code, hint = cli_json(capsys, "hint", "slide/2x5", "--start", ISSUE_START)
    assert code == 0 and len(hint["moves"]) == 55 and hint["proven_minimal"]


def test_an_old_unchecked_table_is_not_read_and_is_removed(cache, capsys):
    """A v1 .npy table (no checksum) of an earlier PegApp is never trusted: the v2 file is built
    and the v1 file dropped."""
    cache.mkdir(parents=True)
    old = cache / "slide_2x3_dist_v1.npy"
    buffer = io.BytesIO()
    np.save(buffer, np.zeros(720, np.uint8))
    old.write_bytes(buffer.getvalue())
    start = " ".join(map(str, SLIDE_START))
    truth = bfs_length(SlidePuzzle(2, 3), SLIDE_START, SlidePuzzle(2, 3).goal)
    assert cli_json(capsys, "solve", "slide/2x3", "--start", start)[1]["length"] == truth
    assert not old.exists() and tables.table_file("slide_2x3_dist").is_file()


# ---- the peg solver's backward store (.npy keys + .json description)

def _peg_moves(board, pos: int) -> set[int]:
    """Every position one move on: a move is one peg's chain of one or more jumps."""
    out: set[int] = set()

    def chain(pos: int, at: int) -> None:
        for f, o, t in board.jumps:
            if f == at and (pos >> o) & 1 and not (pos >> t) & 1:
                nxt = pos ^ ((1 << f) | (1 << o) | (1 << t))
                if nxt not in out:
                    out.add(nxt)
                    chain(nxt, t)

    for hole in range(board.n):
        if (pos >> hole) & 1:
            chain(pos, hole)
    return out


def _peg_truth(board) -> int:
    """Fewest moves from the board's start to a single peg in its finish hole, by a BFS over
    positions (bitmasks)."""
    start, goal = board.start_position, 1 << board.finish
    seen, queue = {start: 0}, deque([start])
    while queue:
        pos = queue.popleft()
        if pos == goal:
            return seen[pos]
        for nxt in _peg_moves(board, pos):
            if nxt not in seen:
                seen[nxt] = seen[pos] + 1
                queue.append(nxt)
    raise AssertionError("finish not reached")


@pytest.mark.parametrize("part", ["npy", "json"])
@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_peg_store_is_rebuilt_and_answers_true(tmp_path, monkeypatch, how, part):
    """The store is used from 25 holes on (English takes seconds to build); the same code is
    run here on the 13-hole diamond by lowering that bound, and the store's size (a store that
    holds every position, its last level empty, is not read back: its depth is one above its
    deepest key's)."""
    from pegapp.solvers.pegs import hash_tables as peg_hash
    from pegapp.solvers.pegs import solver as pegs

    monkeypatch.setattr(pegs, "_CACHE_MIN_HOLES", 0)
    monkeypatch.setattr(peg_hash, "_CACHE_TARGET_KEYS", 100)
    board = get_board("diamond13")
    truth = _peg_truth(board)
    pegs._mem_cache.clear()
    res = pegs.solve(board, cache_dir=tmp_path, build_cache=True, tablebase=False)
    stem = res.stats["cache"]["path"]
    assert peg_hash._load_cached(stem) is not None
    path = Path(f"{stem}.{part}")
    damage(path, how, monkeypatch)
    assert run_bounded(lambda: peg_hash._load_cached(stem)) is None
    pegs._mem_cache.clear()
    res = run_bounded(lambda: pegs.solve(board, cache_dir=tmp_path, build_cache=True,
                                         tablebase=False))
    assert res.status == "solved" and len(res.moves) == truth and res.proven_minimal
    kept_special(path, how)
    pegs._mem_cache.clear()


# ---- a full disk: a cache that cannot be written leaves no temporary file behind

def _with_file_size_limit(limit: int):
    """For a child process: writes past limit bytes fail (EFBIG), as on a disk that is full."""
    def limit_writes():
        import resource
        import signal

        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # an error, not a kill
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return limit_writes


FULL_DISK_PEG_STORE = """
import sys
from pegapp.core.board import get_board
from pegapp.solvers.pegs import hash_tables as peg_hash
from pegapp.solvers.pegs import solver as pegs
pegs._CACHE_MIN_HOLES = 0
peg_hash._CACHE_TARGET_KEYS = 100
res = pegs.solve(get_board("diamond13"), cache_dir=sys.argv[1], build_cache=True,
                 tablebase=False)
print(len(res.moves))
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the file size limit is set in a child")
@pytest.mark.parametrize("cache_of", ["slide/2x5 table", "peg store"])
def test_a_cache_that_does_not_fit_leaves_no_temporary_file(tmp_path, cache_of):
    import subprocess
    import sys

    cache = tmp_path / "cache"
    env = {**os.environ, "PEGAPP_CACHE_DIR": str(cache), "HOME": str(tmp_path),
           "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    if cache_of == "peg store":
        argv = [sys.executable, "-c", FULL_DISK_PEG_STORE, str(cache)]
        truth = str(_peg_truth(get_board("diamond13")))
    else:
        argv = [sys.executable, "-m", "pegapp", "solve", "slide/2x5", "--start", ISSUE_START]
        truth = "length: 55"
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=300,
                          preexec_fn=_with_file_size_limit(300))
    assert done.returncode == 0, done.stderr
    assert truth in done.stdout
    left = [p.name for p in cache.rglob("*")] if cache.exists() else []
    assert not [name for name in left if "tmp" in name], left
    # nothing cut short was renamed into place either (numpy's save ignores a short write)
    assert not [name for name in left if name.endswith((".npy", ".table"))], left


@pytest.mark.skipif(os.geteuid() == 0, reason="chmod 000 does not stop root (the 'unreadable' "
                                              "damage above is injected into os.open instead)")
def test_a_table_without_read_permission_is_built_again(cache, capsys):
    puzzle = SlidePuzzle(2, 3)
    truth = bfs_length(puzzle, SLIDE_START, puzzle.goal)
    start = " ".join(map(str, SLIDE_START))
    cli_json(capsys, "solve", "slide/2x3", "--start", start)
    path = tables.table_file("slide_2x3_dist")
    path.chmod(0)
    try:
        code, out = cli_json(capsys, "solve", "slide/2x3", "--start", start)
    finally:
        path.chmod(0o644)
    assert code == 0 and out["length"] == truth
