"""`--timeout SECONDS` of the command-line searches (solve, hint, review, moves, analyse).

A search is asked to stop at the limit through the stop() every solver polls (the window's
Cancel); what it has GRACE_SECONDS later at the latest is printed, marked as not proven and
as timed out (`"timed_out": true` in the JSON). The search runs in a daemon thread, so a search
that ignores stop() (a plug-in's solve that never ends) cannot hang the command: the answer is
printed and the process ends, the thread with it.

Without --timeout, PegApp's own families have no limit: each of their searches ends by itself
(bounded by the memory budget, --memory), and a proof on the big peg boards may rightly take
minutes. A plug-in family's search gets PLUGIN_SECONDS: nothing says it ends.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable
from typing import Any, TypeVar

from pegapp.core.messages import msg
from pegapp.puzzles.base import BadInput
from pegapp.solvers.result import CANCELLED, Stop, never_stop
from pegapp.solvers.threads import in_daemon_thread

T = TypeVar("T")

#: how long after the limit a search asked to stop may take to hand over what it found
GRACE_SECONDS = 2.0
#: the limit of a plug-in family's search when --timeout is not given
PLUGIN_SECONDS = 600.0


class TimeLimit:
    """The time limit of one command: seconds (None: none), and whether it was reached."""

    def __init__(self, seconds: float | None):
        self.seconds = seconds
        self._deadline: float | None = None

    @classmethod
    def of(cls, args: Any, plugin: bool) -> TimeLimit:
        """--timeout as given (a positive number of seconds), else the default (see the
        module's text)."""
        seconds = getattr(args, "timeout", None)
        if seconds is not None and not (math.isfinite(seconds) and seconds > 0):
            raise BadInput(msg("--timeout: give a positive number of seconds, not {value}",
                               value=seconds))
        if seconds is None and plugin:
            seconds = PLUGIN_SECONDS
        return cls(seconds)

    def stop(self) -> bool:
        """The searches' stop(): True from the limit on."""
        return self._deadline is not None and time.monotonic() >= self._deadline

    @property
    def reached(self) -> bool:
        return self.stop()

    def run(self, work: Callable[[Stop], T]) -> tuple[bool, T | None]:
        """(finished, work(stop)'s value): without a limit work runs here with a stop that never
        says stop; with one, in a daemon thread, waited for until GRACE_SECONDS after the limit
        (finished False: it had not returned by then)."""
        if self.seconds is None:
            return True, work(never_stop)
        self._deadline = time.monotonic() + self.seconds
        return in_daemon_thread(lambda: work(self.stop), self.seconds + GRACE_SECONDS)

    def say(self) -> None:
        """The note on stderr that the answer printed is what the search had at the limit (a
        stderr that cannot be written is ignored: the answer is on stdout)."""
        try:
            print(f"pegapp: {self.words()}", file=sys.stderr, flush=True)
        except (OSError, ValueError, AttributeError):
            pass

    def words(self) -> str:
        """What the command says when the limit was reached."""
        return msg("stopped at the time limit (--timeout {seconds:g} s): the best found so far, "
                   "not proven", seconds=self.seconds)


def limited_answer(handler: Callable[[str, Any], dict], args: Any, limit: TimeLimit) -> dict:
    """handler(args.puzzle, args) (`solve`, `analyse`) within the limit: the commands that take
    a stop read it as args.stop (family.GenericCommands, the Map's analysis); one that has not
    returned by the limit's grace is answered "cancelled" with no moves. An answer the limit
    cut short says so ("timed_out": true, and the note on stderr)."""
    args.stop = limit.stop
    finished, result = limit.run(lambda stop: handler(args.puzzle, args))
    if not finished:
        result = {"puzzle": args.puzzle, "status": CANCELLED, "moves": None, "length": None,
                  "proven_minimal": False, "notation": "", "reason": limit.words()}
    if limit.reached and isinstance(result, dict) and not result.get("proven_minimal") \
            and result.get("status") == CANCELLED:
        result["timed_out"] = True
        limit.say()
    return result
