"""Run any solver on a QThread: progress, result, failure and cancellation arrive as signals.

After superqt's thread workers: one worker object per job, moved to its own thread, aborted between
steps through a stop flag that every solver polls. The UI thread never waits on a search.
"""

from __future__ import annotations

import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

from pegapp.core.messages import Message
from pegapp.solvers.record import listening
from pegapp.solvers.result import CANCELLED, Cancelled, SolveResult
from pegapp.ui.i18n import translated

#: Every worker thread and its worker, from start until the thread has really ended. Only this
#: set owns them, so no QThread can be destroyed while it runs (Qt aborts the process if one is),
#: whichever window or runner goes away first.
_live: set[tuple[QObject, QThread]] = set()


def _release(worker: QObject, thread: QThread) -> None:
    thread.wait()  # finished() is emitted just before the thread really ends
    _live.discard((worker, thread))


def wait_for_orphans(timeout_ms: int = 30000) -> int:
    """At exit: give searches that ignored stop() the time to end (timeout_ms in all, never
    longer). How many still run (a plug-in's solve that never ends): see pegapp.ui.app.leave."""
    deadline = time.monotonic() + timeout_ms / 1000
    for worker, thread in list(_live):
        worker.stop_event.set()
        thread.quit()
        if thread.wait(max(0, int((deadline - time.monotonic()) * 1000))):
            _live.discard((worker, thread))
    return len(_live)


class JobError(Exception):
    """A job's failure already in the player's words (translated in the UI's code, which speaks
    through tr, not msg): shown as it is, without a traceback."""


#: job(progress, stop) -> SolveResult
Job = Callable[[Callable[[str, int, int], None], Callable[[], bool]], SolveResult]


class _Worker(QObject):
    # (stage, depth, positions): the stage may be a Message, translated by the receiver; the
    # counts Python ints, which a C++ int cannot hold past 2^31 (found by an outside trial: the
    # 6x6 8-flip's Map counts 2^36 patterns, "Overflow ... exceeds limits")
    progress = Signal(object, object, object)
    interim = Signal(object)  # a better answer on the way to the final one (staged jobs)
    #: a copy of the search's record each time a level completes (the live chart)
    levels = Signal(object)
    result = Signal(object)
    failed = Signal(str)
    cancelled = Signal()
    done = Signal()

    def __init__(self, job: Job, staged: bool = False):
        super().__init__()
        self.job = job
        self.staged = staged
        self.stop_event = threading.Event()
        self._last_emit = 0.0

    def _progress(self, stage: str, depth: int, positions: int) -> None:
        # once asked to stop, silent: nobody shows it any more, and the window asking may be
        # closing (a signal emitted while its receiver is destroyed is what can go wrong)
        if self.stop_event.is_set():
            return
        now = time.monotonic()
        if now - self._last_emit > 0.05:  # enough to look alive, never a flood of events
            self._last_emit = now
            self.progress.emit(stage, int(depth), int(positions))

    def _interim(self, answer) -> None:
        if not self.stop_event.is_set():
            self.interim.emit(answer)

    def _level(self, record) -> None:
        if not self.stop_event.is_set():
            self.levels.emit(replace(record, forward=list(record.forward),
                                     backward=list(record.backward)))

    @Slot()
    def run(self) -> None:
        try:
            with listening(self._level):
                if self.staged:
                    res = self.job(self._progress, self.stop_event.is_set, self._interim)
                else:
                    res = self.job(self._progress, self.stop_event.is_set)
        except Cancelled as exc:  # a job that asked a stoppable question (can_reach) and was
            if self.stop_event.is_set():  # stopped: cancelled, like a CANCELLED result
                self.cancelled.emit()
            else:
                self.failed.emit(translated(exc.reason))
        except JobError as exc:
            self.failed.emit(str(exc))
        except MemoryError:
            self.failed.emit(QCoreApplication.translate(
                "SolverRunner", "out of memory: lower the solver memory budget"))
        except Exception as exc:  # a solver bug must not take the game down
            if exc.args and isinstance(exc.args[0], Message):  # a limit the solver explains
                self.failed.emit(translated(exc))
            else:
                traceback.print_exc()
                self.failed.emit(f"{type(exc).__name__}: {exc}")
        else:
            if self.stop_event.is_set() or getattr(res, "status", None) == CANCELLED:
                self.cancelled.emit()
            else:
                self.result.emit(res)
        self.done.emit()


#: how long a closing window waits for each search it stopped (a plug-in's solve that never
#: asks stop() is left to pegapp.ui.app.leave after that)
SHUTDOWN_WAIT_MS = 5000


class SolverRunner(QObject):
    """Runs one search at a time; starting a new one cancels the stale one.

    Signals carry the tag given to start(), so a late answer to an old question is recognisable.
    """

    started = Signal(object)
    progress = Signal(object, object, object, object)  # (tag, stage, depth, positions): _Worker
    interim = Signal(object, object)
    levels = Signal(object, object)
    result = Signal(object, object)
    failed = Signal(object, str)
    cancelled = Signal(object)
    finished = Signal(object)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._current: tuple[Any, _Worker, QThread] | None = None
        self._retired: list[tuple[_Worker, QThread]] = []

    @property
    def busy(self) -> bool:
        return self._current is not None

    @property
    def tag(self) -> Any:
        return None if self._current is None else self._current[0]

    def start(self, job: Job, tag: Any = None, staged: bool = False) -> None:
        """Run job(progress, stop) -- or job(progress, stop, interim) when staged, for a solver
        that gives better answers on the way to its final one (each arrives as `interim`)."""
        self.cancel()
        worker = _Worker(job, staged)
        thread = QThread()
        worker.moveToThread(thread)
        thread.started.connect(worker.run)
        # Bound slots of this object (which lives in the UI thread): queued, so everything
        # below runs in the UI thread whatever thread emitted.
        worker.progress.connect(self._on_progress)
        worker.interim.connect(self._on_interim)
        worker.levels.connect(self._on_levels)
        worker.result.connect(self._on_result)
        worker.failed.connect(self._on_failed)
        worker.cancelled.connect(self._on_cancelled)
        worker.done.connect(thread.quit)
        thread.finished.connect(self._on_thread_finished)
        self._current = (tag, worker, thread)
        _live.add((worker, thread))
        thread.start()
        self.started.emit(tag)

    def retag(self, tag: Any) -> None:
        """Give the running search another tag: its signals from now on carry this one (a search
        begun in the background is taken over by the question it answers)."""
        if self._current is not None:
            self._current = (tag, *self._current[1:])

    def cancel(self) -> None:
        """Ask the running search to stop; its thread ends by itself moments later."""
        if self._current is None:
            return
        tag, worker, thread = self._current
        worker.stop_event.set()
        self._retired.append((worker, thread))
        self._current = None
        self.cancelled.emit(tag)
        self.finished.emit(tag)

    def shutdown(self, timeout_ms: int | None = None) -> None:
        """Stop everything and wait for the threads (no 'destroyed while running' on close),
        each at most timeout_ms (None: SHUTDOWN_WAIT_MS, read when called)."""
        timeout_ms = SHUTDOWN_WAIT_MS if timeout_ms is None else timeout_ms
        self.cancel()
        for worker, thread in list(self._retired):
            worker.stop_event.set()
            thread.quit()
            if thread.wait(timeout_ms):
                _live.discard((worker, thread))
        self._retired.clear()

    def _is_current(self) -> bool:
        return self._current is not None and self._current[1] is self.sender()

    @Slot(object, int, int)
    def _on_progress(self, stage, depth: int, positions: int) -> None:
        if self._is_current():
            self.progress.emit(self._current[0], stage, depth, positions)

    @Slot(object)
    def _on_interim(self, answer) -> None:
        if self._is_current():
            self.interim.emit(self._current[0], answer)

    @Slot(object)
    def _on_levels(self, record) -> None:
        if self._is_current():
            self.levels.emit(self._current[0], record)

    def _end(self, kind: str, *args) -> None:
        if not self._is_current():
            return  # an answer from a search that was cancelled: drop it
        tag, worker, thread = self._current
        self._retired.append((worker, thread))
        self._current = None
        getattr(self, kind).emit(tag, *args)
        self.finished.emit(tag)

    @Slot(object)
    def _on_result(self, res) -> None:
        self._end("result", res)

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        self._end("failed", message)

    @Slot()
    def _on_cancelled(self) -> None:
        self._end("cancelled")

    @Slot()
    def _on_thread_finished(self) -> None:
        thread = self.sender()
        for w, t in list(self._retired):
            if t is thread:
                self._retired.remove((w, t))
        for w, t in list(_live):
            if t is thread:
                _release(w, t)
