"""numba, as every compiled kernel of the solvers imports it (no Qt).

The one place the solvers import numba from, for one reason: numba imports optional packages
that no kernel of PegApp uses, and a cold `pegapp hint` pays for them before its first answer.
While numba is imported here (and the modules that look for them: `numba.core.typing.cffi_utils`
at once, and `numba.np.arraymath`, which looks for a BLAS for `np.dot` and the like, just before
numba's compiler first loads its registries: a process that only loads cached kernels never
imports it, some 70 ms), these are hidden when not already imported:
- SciPy (about 0.2 s with `scipy.linalg` and `numpy.f2py`): numba takes no BLAS for its own
  array functions in this process; linear algebra compiled later (`np.linalg` in a kernel of
  someone else's) still finds SciPy, since numba looks again each time;
- PyYAML (about 25 ms): numba reads no `.numba_config.yaml` from the working folder (its
  environment variables still apply);
- cffi (about 50 ms with pycparser): numba's support for calling cffi functions from kernels
  is off in this process.
Nothing stays hidden: each can be imported afterwards as usual (tests/test_jit.py).

And a kernel loaded from numba's cache sets up only what running it needs. Before loading the
first cached kernel numba refreshes its whole compiler context: it imports and installs every
typing and lowering registry it has (linear algebra, random numbers, typed containers, ...),
some 0.1 s of a cold `pegapp solve --search` (English: about 1.4 s in all), although compiled
code needs none of them, only numba's runtime for its arrays (started here). A kernel that
must be compiled (none cached yet: a fresh install) goes through numba's compiler, which
refreshes the context itself. This leans on numba's Cache internals, so it is used only where
they are as expected, and any error on that path falls back to numba's own load.

And a cached kernel's functions of numba's own (`np.empty`'s, in numba.np.arrayobj) get their
environments without importing their modules until numba's compiler runs (_rebuild_env_lightly):
compiled code reads only an environment's constants.
"""

from __future__ import annotations

import importlib
import sys

_HIDDEN = ("scipy", "yaml", "cffi")


def _import_hidden(*modules: str) -> None:
    """Import modules with the packages of _HIDDEN hidden (those not imported already)."""
    hidden = [name for name in _HIDDEN if name not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # an import of it (or below it) raises ImportError
    try:
        for module in modules:
            importlib.import_module(module)
    finally:
        for name in hidden:
            if sys.modules.get(name, 0) is None:
                del sys.modules[name]


def _import_numba() -> None:
    global _fills_before_compiling
    # cffi_utils looks for cffi once, at its import
    _import_hidden("numba", "numba.core.typing.cffi_utils")
    try:
        from numba.core.cpu import CPUContext
        own = CPUContext.load_additional_registries
    except (ImportError, AttributeError):   # another numba: arraymath now, as it always was
        _import_hidden("numba.np.arraymath")
        return

    def load_additional_registries(self):
        # numba's compiler imports every registry here, arraymath among them, whose
        # _check_blas looks for SciPy once: hidden, as at numba's import
        if "numba.np.arraymath" not in sys.modules:
            _import_hidden("numba.np.arraymath")
        _fill_light_environments()
        return own(self)

    CPUContext.load_additional_registries = load_additional_registries
    _fills_before_compiling = True


_numbas_own_load = None     # numba's Cache.load_overload, where _light_load replaced it


def _light_load(cache, sig, target_context):
    """numba's Cache.load_overload without its refresh of the whole context: numba's runtime
    started, then the cached code read (None: not in the cache, and numba compiles it, which
    refreshes the context first). Any error here falls back to numba's own load."""
    from numba.core.runtime import rtsys

    try:
        rtsys.initialize(target_context)
        with cache._guard_against_spurious_io_errors():
            return cache._load_overload(sig, target_context)
    except Exception:  # noqa: BLE001 - numba's own load says what is wrong, if anything
        return _numbas_own_load(cache, sig, target_context)


def _load_cached_kernels_lightly() -> None:
    global _numbas_own_load
    from numba.core import caching

    cache = caching.Cache
    if cache.load_overload is _light_load or not all(
            hasattr(cache, name) for name in ("_load_overload",
                                              "_guard_against_spurious_io_errors")):
        return
    _numbas_own_load = cache.load_overload
    cache.load_overload = _light_load


#: whether numba's compiler fills the light environments in before it runs (the hook on
#: load_additional_registries in _import_numba): without it none is made light
_fills_before_compiling = False
_numbas_own_rebuild = None  # numba's environment._rebuild_env, where _rebuild_env_lightly replaced it
#: environments made without their numba module's globals, filled in when the compiler runs
_unfilled: list = []


def _rebuild_env_lightly(modname, consts, env_name):
    """numba's _rebuild_env, which a cached kernel's pickle calls for every function compiled
    into it, numba's own included: it imports the function's module for the environment's
    globals. A kernel that allocates an array holds numba's `np.empty`, whose module
    (numba.np.arrayobj, with the unicode, hashing and sorting modules it imports) took some
    35 ms of a cold search's load. Compiled nopython code reads only an environment's
    constants (numba reads its globals only when lowering object mode), so a numba module not
    imported yet gets an environment with its constants and its name, and the rest of its
    globals when numba's compiler first runs (_fill_light_environments), which imports it."""
    from numba.core.environment import Environment, lookup_environment

    env = lookup_environment(env_name)
    if env is not None:
        return env
    if not (isinstance(modname, str) and modname.startswith("numba.")) or modname in sys.modules:
        return _numbas_own_rebuild(modname, consts, env_name)
    env = Environment({"__name__": modname})
    env.consts[:] = consts
    env.env_name = env_name
    Environment._memo[env_name] = env
    _unfilled.append((modname, env))
    return env


def _fill_light_environments() -> None:
    """The environments _rebuild_env_lightly made given their modules' globals, as numba's own
    would have them: before numba's compiler runs, in case it lowers object mode with one."""
    while _unfilled:
        modname, env = _unfilled.pop()
        globals_ = importlib.import_module(modname).__dict__
        env.globals.update({k: v for k, v in globals_.items() if k not in env.globals})


def _rebuild_environments_lightly() -> None:
    global _numbas_own_rebuild
    try:
        from numba.core import environment
        from numba.core.environment import Environment
    except ImportError:
        return
    own = getattr(environment, "_rebuild_env", None)
    if not _fills_before_compiling or own is None or own is _rebuild_env_lightly or not hasattr(
            environment, "lookup_environment") or not hasattr(Environment, "_memo"):
        return
    _numbas_own_rebuild = own
    # pickled by reference as numba's own, so a kernel cached here loads in any process
    _rebuild_env_lightly.__module__ = own.__module__
    _rebuild_env_lightly.__qualname__ = own.__qualname__
    environment._rebuild_env = _rebuild_env_lightly


_numbas_own_save = None     # numba's Cache.save_overload, where _save_or_leave_uncached replaced it


def _save_or_leave_uncached(cache, sig, data):
    """numba's Cache.save_overload, where a write that fails (a full disk, a file size limit, a
    folder that became read-only) leaves the kernel uncached instead of failing the search that
    asked for it: the kernel is compiled and runs, and the next process compiles it again.
    numba lets that OSError out of the call, so a first hint on a full disk failed (the command
    line called it "cannot write the output")."""
    try:
        return _numbas_own_save(cache, sig, data)
    except OSError:
        return None


def _leave_kernels_uncached_when_a_save_fails() -> None:
    global _numbas_own_save
    from numba.core import caching

    cache = caching.Cache
    if cache.save_overload is _save_or_leave_uncached or not hasattr(cache, "save_overload"):
        return
    _numbas_own_save = cache.save_overload
    cache.save_overload = _save_or_leave_uncached


_import_numba()
_load_cached_kernels_lightly()
_rebuild_environments_lightly()
_leave_kernels_uncached_when_a_save_fails()

from numba import njit, types  # noqa: E402
from numba.typed import Dict  # noqa: E402

__all__ = ["njit", "types", "Dict"]
