"""Build the 15-puzzle's pattern databases shipped in resources/pdb (reproducibly).

    python packaging/build_pdbs.py           # build, write resources/pdb/*.bin, print sizes/digests
    python packaging/build_pdbs.py --check   # build and compare with the shipped files (exit 1 if not equal)

The tables are what pegapp.solvers.sliding.pdb.build_pdb computes (a breadth-first search, the same on
every machine); each file is pdb.encode_pdb's: a header with the SHA-256 of the uint8 entries, then
the entries xz-compressed. A group that the solver looks up in another group's table seen in a
mirror (pdb.lookups: {3 4 7 8 11 12} in {1 2 5 6 9 10}) is built too, and checked entry by entry
to equal that mirrored table, but not shipped. pegapp.solvers.sliding.pdb.KNOWN_SHA256 must list the
same digests (the
program refuses a shipped or cached table with another one): this script says when it does not,
and what to write there. Run it again whenever the partition, the indexing or TABLE_VERSION
changes; it takes about half a minute on two cores.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import os
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# never read a table from a cache while building the reference ones
os.environ["PEGAPP_CACHE_DIR"] = tempfile.mkdtemp(prefix="pegapp-build-pdbs-")

import numpy as np  # noqa: E402

from pegapp.solvers.sliding import pdb  # noqa: E402

OUT = ROOT / "resources" / "pdb"
BOARDS = [(4, 4)]


def placements(n: int, k: int, start: int, stop: int) -> np.ndarray:
    """The cells of the k-placements ranked start..stop-1 (pdb's ranking), one row each."""
    idx = np.arange(start, stop, dtype=np.int64)
    cells = np.empty((len(idx), k), np.int64)
    free = np.tile(np.arange(n, dtype=np.int64), (len(idx), 1))
    rows = np.arange(len(idx))
    for i in range(k):
        digit = idx // math.perm(n - 1 - i, k - 1 - i)
        idx = idx % math.perm(n - 1 - i, k - 1 - i)
        cells[:, i] = free[rows, digit]
        # drop the used cell: shift the free cells after it one place left
        keep = np.ones(free.shape, bool)
        keep[rows, digit] = False
        free = free[keep].reshape(len(rows), -1)
    return cells


def mirrored(rows: int, cols: int, gi: int, base_table: np.ndarray) -> np.ndarray:
    """Group gi's table as the solver reads it: every placement looked up in its base group's
    table through pdb.lookups' tile order and cell map."""
    n = rows * cols
    group = pdb.partition(rows, cols)[gi]
    _, order, cell_map = pdb.lookups(rows, cols)[gi]
    k = len(group)
    where = [group.index(t) for t in order]  # column of each looked-up tile in group's placement
    cmap = np.array(cell_map, np.int64)
    mul = np.array([math.perm(n - 1 - i, k - 1 - i) for i in range(k)], np.int64)
    out = np.empty(math.perm(n, k), np.uint8)
    step = 1 << 20
    for lo in range(0, len(out), step):
        hi = min(len(out), lo + step)
        cells = cmap[placements(n, k, lo, hi)[:, where]]
        idx = np.zeros(hi - lo, np.int64)
        for i in range(k):
            smaller = (cells[:, :i] < cells[:, i:i + 1]).sum(axis=1)
            idx += (cells[:, i] - smaller) * mul[i]
        out[lo:hi] = base_table[idx]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true",
                    help="compare the shipped files with a fresh build instead of writing them")
    args = ap.parse_args()
    ok = True
    digests: dict[str, str] = {}
    for rows, cols in BOARDS:
        groups = pdb.partition(rows, cols)
        t0 = time.perf_counter()
        with ThreadPoolExecutor(max(1, min(len(groups), os.cpu_count() or 1))) as pool:
            built = list(pool.map(lambda g: pdb.build_pdb(rows, cols, g), groups))
        print(f"{rows}x{cols}: built {len(groups)} tables in {time.perf_counter() - t0:.1f} s")
        specs = pdb.lookups(rows, cols)
        for gi, (g, table) in enumerate(zip(groups, built)):
            base = specs[gi][0]
            if base != gi:
                same = bool((mirrored(rows, cols, gi, built[base]) == table).all())
                ok &= same
                print(f"  {'-'.join(map(str, g))}: {'equals' if same else 'DIFFERS from'} the "
                      f"mirrored table of {'-'.join(map(str, groups[base]))} (not shipped)")
                continue
            name = pdb.pdb_name(rows, cols, g)
            stem = pdb.table_stem(rows, cols, g)
            digests[stem] = hashlib.sha256(table.tobytes()).hexdigest()
            path = OUT / name
            if args.check:
                try:
                    shipped = pdb.read_pdb_file(path, rows, cols, g)
                except pdb.BadTable as exc:
                    print(f"  {name}: BAD ({exc})")
                    ok = False
                    continue
                same = bool((shipped == table).all())
                ok &= same
                print(f"  {name}: {'same as built' if same else 'DIFFERS from the build'}")
                continue
            data = pdb.encode_pdb(rows, cols, g, table)
            OUT.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            if pdb.KNOWN_SHA256.get(stem) == digests[stem]:
                pdb.read_pdb_file(path, rows, cols, g)  # read back as the program will
            print(f"  {name}: {table.nbytes:,} entries, file {len(data):,} bytes "
                  f"(values 0..{int(table.max())})")
    if any(pdb.KNOWN_SHA256.get(k) != v for k, v in digests.items()):
        ok = False
        print("pegapp/solvers/sliding/pdb.py KNOWN_SHA256 differs from the build; it should read:")
        for k, v in digests.items():
            print(f'    "{k}": "{v}",')
    else:
        print("KNOWN_SHA256 matches the build")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
