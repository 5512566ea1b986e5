"""Modules loaded on first use (no Qt)."""

from __future__ import annotations

import importlib
import sys
from types import ModuleType


class LazyModule:
    """A module's stand-in that imports it on the first attribute asked, then hands every
    attribute over from it.

    Not importlib's LazyLoader: on Python 3.11 its module marks itself loaded before its code
    has run, so a second thread asking an attribute meanwhile gets AttributeError (found by an
    outside trial: the window's warm-up loading the kernels while the first hint searched
    answered "The solver failed: AttributeError: module 'pegapp.solvers.pegs._kernel' has no
    attribute 'packing_table'"). Here the import is importlib.import_module's, whose lock per
    module makes a second thread wait until the first one's import has finished; both then read
    the finished module. Attributes are read from the module each time, so what a test patches
    on either is what the solvers see."""

    __slots__ = ("_name", "_module")

    def __init__(self, name: str):
        object.__setattr__(self, "_name", name)
        object.__setattr__(self, "_module", sys.modules.get(name))

    def _loaded(self) -> ModuleType:
        module = self._module
        if module is None:
            module = importlib.import_module(self._name)
            object.__setattr__(self, "_module", module)
        return module

    def __getattr__(self, attr: str):
        # the loaded module read here, not through _loaded(): a search's inner loop asks its
        # kernels through this some ten times a block of parents
        return getattr(self._module or self._loaded(), attr)

    def __setattr__(self, attr: str, value) -> None:   # a test's monkeypatch: on the module
        setattr(self._loaded(), attr, value)

    def __delattr__(self, attr: str) -> None:
        delattr(self._loaded(), attr)

    def __repr__(self) -> str:
        state = "loaded" if self._module is not None else "not loaded yet"
        return f"<lazy module {self._name!r}, {state}>"


def loaded(module: ModuleType | LazyModule) -> ModuleType:
    """The module itself, loaded now if it was not (lazy_module's answer either way): for an
    inner loop that asks it many attributes at a time (the level search's block of parents,
    some ten kernels), each then read from the module in one step, not through __getattr__;
    what a test patches on the module is still what it reads."""
    return module._loaded() if isinstance(module, LazyModule) else module


def lazy_module(name: str) -> ModuleType | LazyModule:
    """The module, loaded on first attribute access. The numba kernels are deferred on purpose:
    importing numba and loading the compiled kernels costs 0.5-0.7 s, which an answer read from
    a shipped table or the catalogue never needs."""
    return sys.modules.get(name) or LazyModule(name)
