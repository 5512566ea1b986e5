"""A pytest plug-in that tells where the suite's CPU goes: each test's own CPU and its child
processes', and each compile numba did, per worker (issue #73, docs/results/suite-time.md).

    SUITE_CPU_DIR=/tmp/cpu SUITE_CPU_TAG=before PYTHONPATH=benchmarks \
        .venv/bin/python -m pytest -p suite_cpu -p no:cacheprovider -q tests/test_x.py

writes SUITE_CPU_DIR/cpu.<worker>.<tag> (own CPU s, children's CPU s, test id; tab-separated)
and SUITE_CPU_DIR/compiles.<worker>.<tag> (numba's compile CPU by function, nested compiles
counted in their callers too). CPU, not wall: figures taken while other work runs beside
them still compare (within some 10%). Never part of the suite's pass or fail.
"""

from __future__ import annotations

import collections
import os
import resource
import time

import pytest

_own: collections.Counter = collections.Counter()
_children: collections.Counter = collections.Counter()
_compile: collections.Counter = collections.Counter()
_compiles: collections.Counter = collections.Counter()


def _out(kind: str) -> str:
    folder = os.environ.get("SUITE_CPU_DIR", ".")
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    return os.path.join(folder, f"{kind}.{worker}.{os.environ.get('SUITE_CPU_TAG', 'run')}")


def pytest_configure(config):
    from numba.core import event

    class Compiles(event.Listener):
        def __init__(self):
            self.started = {}

        def on_start(self, ev):
            self.started[id(ev.data.get("dispatcher"))] = time.process_time()

        def on_end(self, ev):
            dispatcher = ev.data.get("dispatcher")
            start = self.started.pop(id(dispatcher), None)
            if start is not None:
                func = getattr(dispatcher, "py_func", None)
                name = f"{func.__module__}.{func.__qualname__}" if func else str(dispatcher)
                _compile[name] += time.process_time() - start
                _compiles[name] += 1

    event.register("numba:compile", Compiles())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.process_time()
    yield
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    _own[item.nodeid] += time.process_time() - start
    _children[item.nodeid] += (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def pytest_sessionfinish(session):
    with open(_out("cpu"), "w", encoding="utf-8") as f:
        for test in sorted(set(_own) | set(_children)):
            f.write(f"{_own[test]:.3f}\t{_children[test]:.3f}\t{test}\n")
    with open(_out("compiles"), "w", encoding="utf-8") as f:
        f.write(f"total {sum(_compile.values()):.1f} s CPU, {sum(_compiles.values())} compiles\n")
        for name, seconds in _compile.most_common():
            f.write(f"{seconds:6.2f} {_compiles[name]} {name}\n")
