"""The process's helper threads (no Qt): two, started on first use.

A search that splits its work runs part of it here beside the thread that asked (a QThread worker
in the window, the main thread on the command line): the peg levels' large levels
(pegs.levels.LevelSide) and analysis mode's weighing of code-breaking guesses
(guessing.exact.two_at_a_time). Their numba kernels release Python's lock, so on a 2-core machine
both halves run at once. Work given here never waits on other work given here, so sharing the two
threads cannot deadlock: at worst one caller's half waits for another's to end.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, wait
from typing import TypeVar

T = TypeVar("T")

_pool: list[ThreadPoolExecutor] = []
_lock = threading.Lock()


def helpers() -> ThreadPoolExecutor:
    """The two helper threads."""
    with _lock:
        if not _pool:
            _pool.append(ThreadPoolExecutor(max_workers=2, thread_name_prefix="pegapp-helper"))
        return _pool[0]


def in_two(work: Callable[[int], T]) -> list[T]:
    """[work(0), work(1)] at once: part 1 on a helper thread while the thread that asks makes
    part 0 itself. So whatever part 0 reports as it goes (a window's progress, which Qt
    delivers as a signal) comes from the thread that asked, a QThread of Qt's own in the window,
    never from a helper thread Qt did not start. Both parts have ended when it returns, whatever
    either raised (they share the search's buffers); part 0's error comes first."""
    theirs = helpers().submit(work, 1)
    try:
        mine = work(0)
    except BaseException:
        wait([theirs])
        raise
    return [mine, theirs.result()]


def ways() -> int:
    """How many threads a search splits its work among: two where the process may run on two
    cores, else one (the cores it may use: a container or `taskset` can allow fewer than the
    machine has). The peg levels' answers do not depend on it, only their speed."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on every platform (macOS, Windows)
        cores = os.cpu_count() or 1
    return 2 if cores >= 2 else 1


def in_daemon_thread(call: Callable[[], T], seconds: float) -> tuple[bool, T | None]:
    """(finished, call()'s value) with call run in a daemon thread for at most seconds: a call
    that never returns (a plug-in's solve that ignores stop) cannot hang its caller; the thread
    is left behind, a daemon, and ends with the process. An error of call's is raised here."""
    box: dict = {}

    def run() -> None:
        try:
            box["value"] = call()
        except BaseException as exc:  # noqa: BLE001 -- handed to the caller's thread
            box["error"] = exc

    worker = threading.Thread(target=run, name="pegapp time-limited", daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        return False, None
    if "error" in box:
        raise box["error"]
    return True, box.get("value")

