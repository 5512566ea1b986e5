"""The process's helper threads (no Qt): two, started on first use.

A search that splits its work runs part of it here beside the thread that asked (a QThread worker
in the window, the main thread on the command line): the peg levels' large levels
(peg_levels.LevelSide) and analysis mode's weighing of code-breaking guesses
(guess_exact.two_at_a_time). Their numba kernels release Python's lock, so on a 2-core machine
both halves run at once. Work given here never waits on other work given here, so sharing the two
threads cannot deadlock: at worst one caller's half waits for another's to end.
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor

_pool: list[ThreadPoolExecutor] = []
_lock = threading.Lock()


def helpers() -> ThreadPoolExecutor:
    """The two helper threads."""
    with _lock:
        if not _pool:
            _pool.append(ThreadPoolExecutor(max_workers=2, thread_name_prefix="pegapp-helper"))
        return _pool[0]


def ways() -> int:
    """How many threads a search splits its work among: two where the process may run on two
    cores, else one (the cores it may use: a container or `taskset` can allow fewer than the
    machine has). The peg levels' answers do not depend on it, only their speed."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on every platform (macOS, Windows)
        cores = os.cpu_count() or 1
    return 2 if cores >= 2 else 1
