"""The solvers' one door to numba (pegapp/solvers/_jit.py): a cold process that loads the peg
solver's kernels does not import SciPy's linear algebra (about 0.2 s where SciPy is installed,
which numba would import only to look for a BLAS no kernel uses), PyYAML or cffi (which numba
looks for at its import), and nothing stays hidden: SciPy, and numba's linear algebra through
it, still work afterwards in the same process, and PyYAML and cffi import as usual. And a
kernel loaded from numba's cache is loaded without numba's refresh of its whole context (the
registries of linear algebra, random numbers, polynomials, ... no compiled kernel needs), with
numba's own load as the fallback on any error."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys

import pytest

PROBE = """
import json, sys
import numpy as np
from pegapp.core.board import get_board
from pegapp.solvers.pegs import solver as pegs
board = get_board("english")
answer = pegs.solve(board, board.position_for([16]) ^ (1 << 16) ^ (1 << 4) ^ (1 << 9), None)
seen = {"solved": answer is not None, "linalg_after_solve": "scipy.linalg" in sys.modules,
        "optional_after_solve": sorted(m for m in ("yaml", "cffi") if m in sys.modules),
        "moves": len(answer.moves),
        "registries_after_solve": sorted(m for m in (
            "numba.np.random.generator_methods", "numba.np.polynomial.polynomial_functions",
            "numba.np.arraymath")
            if m in sys.modules),
        "arrayobj_after_solve": "numba.np.arrayobj" in sys.modules}
import importlib.util
for name in ("yaml", "cffi"):
    if importlib.util.find_spec(name) is not None:
        seen["imports_" + name] = __import__(name).__name__ == name
if seen["linalg_after_solve"] is False and "--with-scipy" in sys.argv:
    import scipy.linalg
    from numba import njit

    @njit(cache=False)
    def dot(a, b):
        return np.dot(a, b)

    seen["scipy_linalg_imports"] = scipy.linalg.norm(np.ones(4)) == 2.0
    seen["numba_dot"] = float(dot(np.ones(3), np.arange(3.0)))
if "--compile-after" in sys.argv:
    # a kernel of this process's own that allocates an array, compiled after the cached load
    import pickle
    from pegapp.solvers import _jit
    light = [env for _name, env in _jit._unfilled]
    seen["light"] = len(light)

    @_jit.njit(cache=False)
    def filled(n):
        a = np.empty(n, dtype=np.int64)
        for i in range(n):
            a[i] = i * i
        return a

    seen["compiled"] = int(filled(5).sum())
    seen["unfilled_after"] = len(_jit._unfilled)
    seen["filled"] = all(env.globals.get("np") is np for env in light)
    seen["pickled_as_numbas"] = all(b"pegapp" not in pickle.dumps(env) for env in light)
print(json.dumps(seen))
"""


def run_probe(tmp_path, *args: str, code: str = PROBE, numba_cache=None) -> dict:
    """The JSON the probe code prints last, run in a fresh process (empty cache folder, home;
    numba_cache: numba's cache folder, else the checkout's)."""
    env = dict(os.environ, PEGAPP_CACHE_DIR=str(tmp_path / "cache"), HOME=str(tmp_path))
    if numba_cache is not None:
        env["NUMBA_CACHE_DIR"] = str(numba_cache)
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                         env=env, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.splitlines()[-1])


HAS_SCIPY = importlib.util.find_spec("scipy") is not None


@pytest.fixture(scope="module")
def cold_search(tmp_path_factory) -> dict:
    """PROBE's report, run once for the tests below (each run is a process of 1.6 s of CPU):
    with SciPy installed, SciPy and numba's linear algebra are tried after the search, whose
    findings are recorded before them."""
    tmp_path = tmp_path_factory.mktemp("cold-search")
    return run_probe(tmp_path, *(["--with-scipy"] if HAS_SCIPY else []))


def test_a_cold_peg_search_does_not_import_scipy_linear_algebra(cold_search):
    seen = cold_search
    assert seen["solved"]
    assert seen["linalg_after_solve"] is False
    assert seen["optional_after_solve"] == []
    assert all(v is True for k, v in seen.items() if k.startswith("imports_"))


@pytest.mark.skipif(not HAS_SCIPY, reason="SciPy is not installed")
def test_scipy_and_numba_linear_algebra_still_work_afterwards(cold_search):
    seen = cold_search
    assert seen["linalg_after_solve"] is False
    assert seen["scipy_linalg_imports"] is True
    assert seen["numba_dot"] == 3.0


@pytest.fixture(scope="module")
def cached_search(cold_search, tmp_path_factory) -> dict:
    """PROBE's report from a second fresh process, after cold_search (which may compile the
    kernels: a fresh checkout), so this one finds them all in numba's cache; then it compiles
    a kernel of its own (--compile-after). Run once for the tests below."""
    return run_probe(tmp_path_factory.mktemp("cached-search"), "--compile-after")


def test_cached_kernels_load_without_numbas_whole_context(cold_search, cached_search):
    """The second of two fresh processes finds every kernel in numba's cache and loads them
    without numba's refresh of its compiler context, whose registries it never imports; its
    answer is as long as the first run's, which compiled the kernels or loaded them numba's
    way."""
    first, second = cold_search, cached_search
    assert second["solved"] and second["moves"] == first["moves"]
    assert second["registries_after_solve"] == []
    # the cached children kernel holds numba's np.empty: its module's environment is made
    # without importing it (numba.np.arrayobj and the modules it imports, some 35 ms)
    assert second["arrayobj_after_solve"] is False


def test_environments_made_lightly_get_their_globals_when_numba_compiles(cached_search):
    """A process that loaded the cached kernels without importing numba.np.arrayobj, then
    compiles a kernel of its own that allocates an array: it compiles and runs, and the
    environments made lightly hold their module's globals by then, as numba's own load makes
    them (numba's object mode would read them), pickled as numba's own."""
    seen = cached_search
    assert seen["arrayobj_after_solve"] is False and seen["light"] > 0
    assert seen["compiled"] == 0 + 1 + 4 + 9 + 16
    assert seen["unfilled_after"] == 0
    assert seen["filled"] is True
    assert seen["pickled_as_numbas"] is True


def test_a_cached_load_that_fails_falls_back_to_numbas_own(monkeypatch):
    """Where numba's cache internals do not behave as expected, the load is numba's own."""
    from numba.core.registry import cpu_target

    from pegapp.solvers import _jit

    class OddCache:
        def _guard_against_spurious_io_errors(self):
            raise RuntimeError("not the numba this was written for")

    calls = []
    monkeypatch.setattr(_jit, "_numbas_own_load", lambda *a: calls.append(a) or "numba's own")
    cache, context = OddCache(), cpu_target.target_context
    assert _jit._light_load(cache, ("sig",), context) == "numba's own"
    assert calls == [(cache, ("sig",), context)]



def test_a_kernel_whose_cache_cannot_be_written_still_runs(monkeypatch):
    """A full disk (or a file size limit) where numba writes its cache: the kernel compiled
    runs uncached, and the search that asked for it answers (numba lets the OSError out)."""
    import errno

    from numba.core import caching

    from pegapp.solvers._jit import njit

    refused = []

    def disk_full(cache, sig, data):
        refused.append(sig)
        raise OSError(errno.EFBIG, "File too large")

    monkeypatch.setattr(caching.Cache, "_save_overload", disk_full)

    @njit(cache=True)
    def triple(x):
        return 3 * x

    assert triple(14) == 42
    assert len(refused) == 1   # numba did try to save it

WARM_UP_PROBE = """
import json, sys
from numba.core.registry import CPUDispatcher
from pegapp.core.board import get_board
from pegapp.solvers.pegs import solver as pegs


def loaded():
    return sorted(f"{name}.{k}{sig}" for name, mod in list(sys.modules.items())
                  if name.startswith("pegapp") for k, v in vars(mod).items()
                  if isinstance(v, CPUDispatcher) for sig in v.signatures)


before = loaded()
pegs.warm_up()
after_warm_up = loaded()
board = get_board("french")
# French 37, 11 -> 25: eight moves along, the last off the catalogue's line; a searched hint
# (the shipped tables off: the problem's bounded table holds this position)
position = board.position_for([7, 13, 19, 21, 23, 25, 26, 31, 32, 33, 34, 36])
answer = pegs.solve(board, position, 25, cache_dir=False, tablebase=False)
print(json.dumps({"before": before, "after_warm_up": after_warm_up, "after_solve": loaded(),
                  "moves": len(answer.moves), "proven": answer.proven_minimal,
                  "searched": bool(answer.stats.get("levels"))}))
"""


def test_the_warm_up_loads_every_kernel_the_first_searched_hint_uses(tmp_path):
    """The peg solver's warm-up (run by the game in the background at start) loads every
    compiled kernel, with the argument types, that the first searched hint on a big board then
    uses: that hint, in the same fresh process, loads none of its own."""
    seen = run_probe(tmp_path, code=WARM_UP_PROBE)
    assert seen["before"] == []
    assert seen["searched"] and seen["proven"] and seen["moves"] > 0
    assert set(seen["after_solve"]) <= set(seen["after_warm_up"]), (
        sorted(set(seen["after_solve"]) - set(seen["after_warm_up"])))


COPIES_PROBE = """
import json
from pegapp.core.board import get_board
from pegapp.solvers.pegs import _levels_kernel as KL
from pegapp.solvers.pegs import solver as pegs
board = get_board("french")
position = board.position_for([7, 13, 19, 21, 23, 25, 26, 31, 32, 33, 34, 36])
answer = pegs.solve(board, position, 25, cache_dir=False, tablebase=False)
print(json.dumps({"searched": bool(answer.stats.get("levels")), "proven": answer.proven_minimal,
                  "eight": len(KL._children_8.signatures),
                  "any": len(KL._children_any.signatures)}))
"""


def test_a_search_loads_only_the_children_kernel_its_symmetries_need(tmp_path):
    """The children kernel's two copies (eight symmetries, the count a constant; any other
    count) are two kernels, so a French 37 search, whose goal keeps fewer than eight of the
    board's symmetries, compiles or loads only the second: one kernel holding both compiled
    both, some 4 s of CPU of the first searched hint after an install (issue #75)."""
    seen = run_probe(tmp_path, code=COPIES_PROBE)
    assert seen["searched"] and seen["proven"]
    assert seen["any"] >= 1
    assert seen["eight"] == 0


SORT_PROBE = """
import json
import numpy as np
from pegapp.solvers.pegs import _levels_kernel as KL
rng = np.random.default_rng(75)
for size in (5, 5000):   # by insertion, then by digits (_lsd)
    a = rng.integers(0, 1 << 37, size=size, dtype=np.uint64)
    KL.sort_in_place(a, 37)
    assert (a[1:] >= a[:-1]).all()
print(json.dumps({name: [str(s) for s in getattr(KL, name).signatures]
                  for name in ("_insertion", "_lsd")}))
"""


def test_the_sort_compiles_each_helper_once(tmp_path):
    """sort_keys calls its helpers with int64 indexes only: a literal 0 compiled each a second
    time for that argument alone (some 0.8 s of CPU of a first searched hint after an install,
    issue #75). With numba's cache empty, so the helpers are compiled here and not loaded."""
    seen = run_probe(tmp_path, code=SORT_PROBE, numba_cache=tmp_path / "numba")
    assert len(seen["_insertion"]) == 1 and len(seen["_lsd"]) == 1, seen
    assert not any("Literal" in s for sigs in seen.values() for s in sigs), seen


COMPILE_PROBE = """
import json, sys
from pegapp.solvers._jit import njit
before = "numba.np.arraymath" in sys.modules


@njit
def plus_one(x):
    return x + 1


print(json.dumps({"before": before, "answer": plus_one(41),
                  "arraymath": "numba.np.arraymath" in sys.modules,
                  "scipy": "scipy" in sys.modules}))
"""


def test_numbas_compiler_loads_its_registries_with_scipy_hidden(tmp_path):
    """arraymath, which looks for SciPy's BLAS once at its import, is imported only when numba's
    compiler loads its registries (a kernel compiled: a fresh install, or one never cached), and
    then with SciPy hidden, as at numba's import."""
    seen = run_probe(tmp_path, code=COMPILE_PROBE)
    assert seen == {"before": False, "answer": 42, "arraymath": True, "scipy": False}
