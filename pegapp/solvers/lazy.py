"""Modules loaded on first use (no Qt)."""

from __future__ import annotations

import importlib.util
import sys


def lazy_module(name: str):
    """The module, loaded on first attribute access (importlib's LazyLoader recipe). The numba
    kernels are deferred on purpose: importing numba and loading the compiled kernels costs
    0.5-0.7 s, which an answer read from a shipped table or the catalogue never needs."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
