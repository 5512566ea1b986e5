"""The 15-puzzle's shipped pattern databases: checked on load, equal to what the generator builds,
damaged files passed over and rebuilt; optimal answers on Korf's instances, replayed independently."""

from __future__ import annotations

import fnmatch
import hashlib
import itertools
import json
import math
import os
import subprocess
import sys
import zipfile
from collections import deque
from pathlib import Path

import numpy as np
import pytest

from pegapp.puzzles.slide import SlidePuzzle
from pegapp.solvers.sliding import pdb
from pegapp.solvers.result import SOLVED
from tests.korf100 import KORF100, manhattan, to_ours
ROOT = Path(__file__).resolve().parents[1]
GROUPS_4X4 = [(1, 2, 5, 6, 9, 10), (3, 4, 7, 8, 11, 12), (13, 14, 15)]
#: the tables stored and shipped: {3 4 7 8 11 12} is looked up in the mirror of {1 2 5 6 9 10}
SHIPPED = [GROUPS_4X4[0], GROUPS_4X4[2]]
MAX_FILE_BYTES = 5 * 2**20


@pytest.fixture()
def fresh(tmp_path, monkeypatch):
    """An empty cache directory and no tables in memory (restored afterwards)."""
    monkeypatch.setenv("PEGAPP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(pdb, "_LOADED", {})
    monkeypatch.setattr(pdb, "_SOLVERS", {})
    monkeypatch.setattr(pdb, "SOURCE", {})
    monkeypatch.setattr(pdb, "REJECTED", {})
    return tmp_path


def shipped(group) -> Path:
    path = pdb.shipped_path(pdb.pdb_name(4, 4, group))
    assert path is not None and path.is_file(), path
    return path


# ------------------------------------------------------------------------- independent helpers

def lex_rank(cells, n):
    """Rank of a k-permutation of range(n) in lexicographic order, counted directly: how many
    k-permutations come before it (an implementation independent of pdb._prank)."""
    k, rank, used = len(cells), 0, set()
    for i, c in enumerate(cells):
        smaller = sum(1 for v in range(c) if v not in used)
        rank += smaller * math.perm(n - 1 - i, k - 1 - i)
        used.add(c)
    return rank


def test_lex_rank_is_the_lexicographic_position():
    for n, k in [(5, 3), (6, 2), (4, 4)]:
        for i, p in enumerate(itertools.permutations(range(n), k)):
            assert lex_rank(p, n) == i


def near_goal_values(rows, cols, group, depth):
    """{placement: fewest moves of the group's tiles} for every placement at most ``depth`` such
    moves from home, by a plain 0-1 breadth-first search over (placement, blank cell) in which
    the blank's moves among the other cells cost nothing."""
    n = rows * cols

    def neighbours(cell):
        r, c = divmod(cell, cols)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                yield (r + dr) * cols + c + dc

    start = (tuple(t - 1 for t in group), n - 1)
    dist = {start: 0}
    queue = deque([start])
    best: dict[tuple, int] = {}
    while queue:
        state = queue.popleft()
        d = dist[state]
        cells, blank = state
        best.setdefault(cells, d)  # 0-1 BFS pops in order of distance
        for m in neighbours(blank):
            if m in cells:  # a group tile slides into the blank: one move
                i = cells.index(m)
                nxt = (cells[:i] + (blank,) + cells[i + 1:], m)
                cost = 1
            else:  # another tile: free
                nxt, cost = (cells, m), 0
            nd = d + cost
            if nd <= depth and nd < dist.get(nxt, depth + 1):
                dist[nxt] = nd
                (queue.appendleft if cost == 0 else queue.append)(nxt)
    return best


def replay(start, moves, rows=4, cols=4):
    """Each move names a tile orthogonally next to the blank, which slides into it."""
    board = list(start)
    for tile in moves:
        b, t = board.index(0), board.index(tile)
        (br, bc), (tr, tc) = divmod(b, cols), divmod(t, cols)
        assert abs(br - tr) + abs(bc - tc) == 1, f"tile {tile} is not next to the blank"
        board[b], board[t] = tile, 0
    return board


# ------------------------------------------------------------------------- the shipped files

def test_shipped_files_are_small_checked_and_the_known_tables():
    assert pdb.partition(4, 4) == GROUPS_4X4 and pdb.table_groups(4, 4) == SHIPPED
    for g in SHIPPED:
        path = shipped(g)
        assert 0 < path.stat().st_size < MAX_FILE_BYTES
        table = pdb.read_pdb_file(path, 4, 4, g)
        assert table.dtype == np.uint8 and table.shape == (math.perm(16, len(g)),)
        stem = pdb.table_stem(4, 4, g)
        assert hashlib.sha256(table.tobytes()).hexdigest() == pdb.KNOWN_SHA256[stem]
        home = lex_rank([t - 1 for t in g], 16)
        assert table[home] == 0 and int((table == 0).sum()) == 1
        assert int(table.max()) < 255  # every placement reached


def test_the_package_data_ships_the_tables():
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = conf["tool"]["setuptools"]["package-data"]["pegapp.resources"]
    for g in SHIPPED:
        name = f"pdb/{pdb.pdb_name(4, 4, g)}"
        assert any(fnmatch.fnmatch(name, pattern) for pattern in globs), name


def test_an_unpacked_wheel_finds_and_uses_its_own_tables(tmp_path, wheel):
    names = zipfile.ZipFile(wheel).namelist()
    for g in SHIPPED:
        assert f"pegapp/resources/pdb/{pdb.pdb_name(4, 4, g)}" in names
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    code = (f"import sys; sys.path.insert(0, {str(site)!r})\n"
            "from pegapp.solvers.sliding import pdb\n"
            "pdb.load_tables(4, 4)\n"
            "print(pdb.shipped_path(pdb.pdb_name(4, 4, (13, 14, 15))))\n"
            "print(sorted(set(pdb.SOURCE.values())), pdb.REJECTED)\n")
    env = dict(os.environ, PEGAPP_CACHE_DIR=str(tmp_path / "cache"), HOME=str(tmp_path))
    res = subprocess.run([sys.executable, "-I", "-c", code], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    where, sources = res.stdout.splitlines()
    assert Path(where).is_relative_to(site) and sources == "['shipped'] {}"


def test_small_shipped_table_equals_a_fresh_build():
    g = GROUPS_4X4[2]
    assert (pdb.read_pdb_file(shipped(g), 4, 4, g) == pdb.build_pdb(4, 4, g)).all()


def test_big_shipped_table_agrees_with_an_independent_search_near_the_goal():
    group, depth = GROUPS_4X4[0], 6
    table = pdb.read_pdb_file(shipped(group), 4, 4, group)
    expected = near_goal_values(4, 4, group, depth)
    assert len(expected) == int((table <= depth).sum())
    for cells, d in expected.items():
        assert table[lex_rank(cells, 16)] == d


@pytest.mark.parametrize("gi", range(3))
def test_every_group_as_the_solver_looks_it_up_agrees_near_the_goal(gi):
    """Through the solver's lookups (the mirrored group included, plain and reflected): every
    placement up to 6 moves of the group's tiles from home gets its exact value, and random
    placements farther out get more than 6."""
    group, depth = GROUPS_4X4[gi], 6
    solver = pdb.solver_for(4, 4)
    expected = near_goal_values(4, 4, group, depth)
    others = [t for t in range(16) if t not in group]

    def position(cells):
        state = [None] * 16
        for t, c in zip(group, cells):
            state[c] = t
        rest = iter(others)
        return [next(rest) if v is None else v for v in state]

    # reflected in the main diagonal: tile t on cell c becomes tile tmap[t] on cell cellT[c]; the
    # reflected lookups of a position are the plain lookups of its reflection
    tmap, cellT = solver.tmap, solver.cellT
    for cells, d in expected.items():
        state = position(cells)
        assert solver.group_values(state)[gi] == d
        reflection = [0] * 16
        for c, t in enumerate(state):
            reflection[int(cellT[c])] = int(tmap[t])
        assert solver.group_values(reflection, reflected=True)[gi] == d
    rng = np.random.default_rng(gi)
    for _ in range(300):
        cells = tuple(int(c) for c in rng.permutation(16)[:len(group)])
        if cells not in expected:
            assert solver.group_values(position(cells))[gi] > depth


def test_generator_output_is_what_the_program_reads(tmp_path):
    g = (1, 2, 3, 4)
    table = pdb.build_pdb(3, 3, g)
    for compress in (True, False):
        data = pdb.encode_pdb(3, 3, g, table, compress=compress)
        (tmp_path / "t.bin").write_bytes(data)
        assert (pdb.read_pdb_file(tmp_path / "t.bin", 3, 3, g) == table).all()
    with pytest.raises(pdb.BadTable, match="another table"):
        pdb.decode_pdb(data, 3, 3, (5, 6, 7, 8))


def damaged_copies(data: bytes) -> dict[str, bytes]:
    end = data.index(b"\n", len(b"PEGAPP-PDB\n"))
    header = json.loads(data[len(b"PEGAPP-PDB\n"):end])
    middle = (end + len(data)) // 2
    flipped = bytearray(data)
    flipped[middle] ^= 0x10
    other_sum = dict(header, sha256="0" * 64)
    return {
        "empty": b"",
        "truncated": data[:middle],
        "header only": data[:end + 1],
        "one byte flipped": bytes(flipped),
        "padded": data + b"\0" * 16,
        "garbage": os.urandom(len(data)),
        "other checksum": (b"PEGAPP-PDB\n" + json.dumps(other_sum).encode() + data[end:]),
        "other size": (b"PEGAPP-PDB\n" + json.dumps(dict(header, entries=5)).encode()
                       + data[end:]),
        "an old .npy": b"\x93NUMPY" + data[6:],
    }


def test_damaged_shipped_tables_are_refused(tmp_path):
    g = SHIPPED[0]
    for what, data in damaged_copies(shipped(g).read_bytes()).items():
        path = tmp_path / "x.bin"
        path.write_bytes(data)
        with pytest.raises(pdb.BadTable):
            pdb.read_pdb_file(path, 4, 4, g)
            pytest.fail(what)
    with pytest.raises(pdb.BadTable, match="unreadable"):
        pdb.read_pdb_file(tmp_path / "missing.bin", 4, 4, g)


def test_a_consistent_file_with_another_table_is_refused_for_a_shipped_table(tmp_path):
    """A raw file whose header checksum matches its (altered) entries is still not the table
    this version ships: the recorded digest catches it."""
    g = SHIPPED[0]
    table = pdb.read_pdb_file(shipped(g), 4, 4, g).copy()
    table[12345] ^= 1
    data = pdb.encode_pdb(4, 4, g, table, compress=False)
    with pytest.raises(pdb.BadTable, match="ships"):
        pdb.decode_pdb(data, 4, 4, g)


# ------------------------------------------------------------------------- loading and falling back

def test_fresh_start_uses_the_shipped_tables_and_builds_nothing(fresh):
    progress = []
    groups, flat, views = pdb.load_tables(4, 4, lambda *a: progress.append(a))
    assert groups == SHIPPED and progress == [] and pdb.BUILD_SECONDS.keys().isdisjoint(
        pdb.pdb_name(4, 4, g) for g in groups)
    assert set(pdb.SOURCE.values()) == {"shipped"} and pdb.REJECTED == {}
    assert sum(len(v) for v in views) == len(flat)
    assert not (fresh / "cache").exists()  # nothing copied into the cache


def test_damaged_shipped_table_falls_back_to_the_cache(fresh, monkeypatch):
    """On the real 15-puzzle: a truncated shipped file is passed over, a good cached copy used."""
    ship = fresh / "ship"
    ship.mkdir()
    for g in SHIPPED:
        (ship / pdb.pdb_name(4, 4, g)).write_bytes(shipped(g).read_bytes())
    bad = ship / pdb.pdb_name(4, 4, SHIPPED[0])
    good = pdb.read_pdb_file(bad, 4, 4, SHIPPED[0])
    bad.write_bytes(bad.read_bytes()[:1000])
    cache = fresh / "cache"
    cache.mkdir()
    (cache / bad.name).write_bytes(pdb.encode_pdb(4, 4, SHIPPED[0], good, compress=False))
    monkeypatch.setattr(pdb, "SHIPPED_DIR", ship)
    _, _, views = pdb.load_tables(4, 4)
    assert pdb.SOURCE[bad.name] == "cache" and str(bad) in pdb.REJECTED
    assert (views[0] == good).all()
    assert pdb.SOURCE[pdb.pdb_name(4, 4, SHIPPED[1])] == "shipped"


@pytest.mark.parametrize("damage", ["empty", "truncated", "one byte flipped", "garbage"])
def test_damaged_tables_are_rebuilt_not_trusted(fresh, monkeypatch, damage):
    """3x3 tables (small enough to build in a test): shipped damaged -> built and cached;
    then the cache damaged the same way -> built again."""
    rows, cols = 3, 3
    groups = pdb.partition(rows, cols)
    reference = [pdb.build_pdb(rows, cols, g) for g in groups]
    ship = fresh / "ship"
    ship.mkdir()
    for g, t in zip(groups, reference):
        (ship / pdb.pdb_name(rows, cols, g)).write_bytes(pdb.encode_pdb(rows, cols, g, t))
    monkeypatch.setattr(pdb, "SHIPPED_DIR", ship)
    name = pdb.pdb_name(rows, cols, groups[0])
    (ship / name).write_bytes(damaged_copies((ship / name).read_bytes())[damage])

    stages = set()
    _, _, views = pdb.load_tables(rows, cols, lambda stage, d, k: stages.add(stage))
    assert pdb.SOURCE[name] == "built" and str(ship / name) in pdb.REJECTED
    assert pdb.SOURCE[pdb.pdb_name(rows, cols, groups[1])] == "shipped"
    assert all((v == t).all() for v, t in zip(views, reference))
    # the progress line names no internal groups, only the puzzle
    assert stages == {"preparing the 3×3 puzzle's tables, done once"}

    cached = Path(os.environ["PEGAPP_CACHE_DIR"]) / name
    assert (pdb.read_pdb_file(cached, rows, cols, groups[0]) == reference[0]).all()
    monkeypatch.setattr(pdb, "_LOADED", {})
    pdb.SOURCE.clear()
    _, _, views = pdb.load_tables(rows, cols)
    assert pdb.SOURCE[name] == "cache"

    cached.write_bytes(damaged_copies(cached.read_bytes())[damage])
    monkeypatch.setattr(pdb, "_LOADED", {})
    pdb.SOURCE.clear()
    pdb.REJECTED.clear()
    _, _, views = pdb.load_tables(rows, cols)
    assert pdb.SOURCE[name] == "built" and str(cached) in pdb.REJECTED
    assert all((v == t).all() for v, t in zip(views, reference))
    assert (pdb.read_pdb_file(cached, rows, cols, groups[0]) == reference[0]).all()


def test_old_cache_files_are_not_read_and_are_removed(fresh):
    cache = fresh / "cache"
    cache.mkdir()
    old = [cache / f"pdb_4x4_{'-'.join(map(str, g))}_v1.npy" for g in GROUPS_4X4]
    for path in old:  # wrong tables under the old names
        np.save(path, np.zeros(math.perm(16, 6), np.uint8))
    pdb.load_tables(4, 4)
    assert set(pdb.SOURCE.values()) == {"shipped"} and not any(p.exists() for p in old)


def test_first_hint_in_a_fresh_process_builds_nothing(tmp_path):
    """What a player's first Hint does: a new process, empty cache and home."""
    env = dict(os.environ, HOME=str(tmp_path), PEGAPP_CACHE_DIR=str(tmp_path / "cache"))
    code = ("from pegapp.puzzles.slide import SlidePuzzle\n"
            "from pegapp.solvers.sliding import pdb\n"
            "p = SlidePuzzle(4, 4)\n"
            "s = p.shuffle(seed=5)\n"
            "r = p.solve(s)\n"
            "print(r.status, r.proven_minimal, len(r.moves), sorted(set(pdb.SOURCE.values())),"
            " len(pdb.BUILD_SECONDS))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    status, proven, length, sources, builds = out.stdout.strip().split(" ", 4)
    assert (status, proven, sources, builds) == ("solved", "True", "['shipped']", "0")
    assert not (tmp_path / "cache").exists()


# ------------------------------------------------------------------------- answers

#: Korf's instances that IDA* with these tables solves in milliseconds, and the longest ones
QUICK = [12, 42, 55, 30, 47, 71, 79, 46, 19, 48, 31, 94, 9, 73, 86, 38, 13, 58, 2, 96, 85, 61,
         35, 28, 97, 15, 17, 43, 53]


def test_heuristic_between_manhattan_and_the_optimum_on_all_of_korfs_instances():
    """Each group's table counts at least its tiles' taxicab distances and never more than
    an optimal solution needs, so manhattan <= h <= optimal, with the same parity."""
    solver = pdb.solver_for(4, 4)
    for number, korf, estimate, optimal in KORF100:
        s = to_ours(korf)
        assert manhattan(s) == estimate, number  # the transcription
        h = solver.heuristic(s)
        assert estimate <= h <= optimal and (optimal - h) % 2 == 0, number


@pytest.mark.parametrize("number", QUICK)
def test_korf_instances_optimal_and_replayed(number):
    _, korf, _, optimal = KORF100[number - 1]
    s = to_ours(korf)
    p = SlidePuzzle(4, 4)
    res = p.solve(s)
    assert res.status == SOLVED and res.proven_minimal
    assert len(res.moves) == optimal
    assert replay(s, res.moves) == list(p.goal)


def test_cancelled_while_preparing_says_so_in_plain_words(fresh):
    from pegapp.solvers.result import CANCELLED

    state = SlidePuzzle(3, 4).shuffle(seed=1)
    res = pdb.solve_slide(3, 4, state, stop=lambda: True)
    assert res.status == CANCELLED and res.moves is None
    assert res.reason == "cancelled while preparing the 3×4 puzzle's tables"
