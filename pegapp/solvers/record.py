"""The search's own record: how an answer was found, kept by the solver as it runs (no Qt).

Every solver that answers a Solve or a proven hint fills one :class:`SearchRecord` and returns it
as ``SolveResult.search``; the windows draw it ("How it was found": levels as bars, the two sides
of a bidirectional search facing each other, the meeting marked) and the command line prints it
(the ``search`` object of ``pegapp solve --json`` and of the final line of ``pegapp hint --json``).

The record is written while the search runs, never recomputed for the picture: a level is added
with :meth:`SearchRecord.add_level` as soon as it is complete. A listener set for the running
thread with :func:`listening` hears of every level (the live chart of a long search): a context
variable, so no solver's signature changes and a plug-in family that keeps no record is unaffected.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from pegapp.core.messages import msg

#: where the answer came from
SEARCH = "search"          # a search ran now (levels, meeting)
TABLE = "table"            # looked up in a table of exact distances (shipped or cached)
CATALOGUE = "catalogue"    # the shipped problem catalogue's proven minimal solution
SOURCES = (SEARCH, TABLE, CATALOGUE)

#: how the catalogue's solutions were found (the origin of a catalogue answer's record)
CATALOGUE_ORIGIN = msg("the problem catalogue's solution, found by the same solver when the "
                       "catalogue was made and shipped with PegApp")

_listener: contextvars.ContextVar[Callable[["SearchRecord"], None] | None] = (
    contextvars.ContextVar("pegapp_search_listener", default=None))


@dataclass
class SearchRecord:
    """What one search did.

    forward[d]: positions stored at level d of the search forward from the position (level 0 is
    the position itself, 1 entry); backward[d]: the same for the search back from the goal (level
    0: the goal positions). A one-sided search (breadth-first from the position, IDA*) leaves
    backward empty. meeting (a, b): forward level a met backward level b, a + b = the solution's
    length (a one-sided search: (length, 0)); None when the sides never met (no solution, or
    interrupted). positions: positions stored in all; examined: positions generated and looked
    at (children, duplicates included); peak_bytes: the search's tracked peak memory (0 when the
    solver does not track it); seconds: wall time of the search. origin: for a table or a
    catalogue answer, how that table was made (a msg() the windows translate), else "".
    """

    source: str = SEARCH
    forward: list[int] = field(default_factory=list)
    backward: list[int] = field(default_factory=list)
    meeting: tuple[int, int] | None = None
    positions: int = 0
    examined: int = 0
    peak_bytes: int = 0
    seconds: float = 0.0
    origin: str = ""

    def __post_init__(self):
        if self.source not in SOURCES:
            raise ValueError(f"unknown search source {self.source!r}")

    def restart(self) -> None:
        """The search begun again from nothing (a deepening's next bound, or the one search it
        turns to): the levels and the meeting are the new search's, the totals go on."""
        self.forward.clear()
        self.backward.clear()
        self.meeting = None

    def add_level(self, backward: bool, size: int) -> None:
        """Record a completed level of one side (positions stored at that depth) and tell the
        thread's listener, if any."""
        (self.backward if backward else self.forward).append(int(size))
        listener = _listener.get()
        if listener is not None:
            listener(self)

    def as_json(self) -> dict[str, Any]:
        """The ``search`` object of the command line's JSON (stable keys)."""
        return {"source": self.source, "forward": list(self.forward),
                "backward": list(self.backward),
                "meeting": None if self.meeting is None else list(self.meeting),
                "positions": int(self.positions), "examined": int(self.examined),
                "peak_bytes": int(self.peak_bytes), "seconds": round(float(self.seconds), 3),
                "origin": str(self.origin)}


@contextlib.contextmanager
def listening(listener: Callable[[SearchRecord], None]) -> Iterator[None]:
    """Within the block, in this thread, every SearchRecord.add_level calls listener(record)
    (from the searching thread: a window forwards it through a signal)."""
    token = _listener.set(listener)
    try:
        yield
    finally:
        _listener.reset(token)


def already_there() -> SearchRecord:
    """The record of a position that is the goal: nothing searched, met at once."""
    return SearchRecord(forward=[1], meeting=(0, 0), positions=1)


def table_answer(levels: list[int], length: int, origin: str, seconds: float = 0.0,
                 examined: int = 0) -> SearchRecord:
    """The record of an answer read from a complete table of distances to the goal.

    The table was made by a breadth-first search back from the goal over every position, so its
    levels (positions per distance, level 0 the goal) are that search's backward side; the
    position itself (forward level 0) met it at the table's level `length`. origin: how the
    table was made (a msg())."""
    return SearchRecord(TABLE, forward=[1], backward=[int(v) for v in levels],
                        meeting=(0, int(length)), positions=int(sum(levels)),
                        examined=int(examined), seconds=float(seconds), origin=origin)


def add_search(out: dict[str, Any], result: Any) -> dict[str, Any]:
    """Add a SolveResult's record to a command line answer as its ``search`` object, when the
    solver kept one (an additive key: the answer's other keys are unchanged)."""
    record = getattr(result, "search", None)
    if record is not None:
        out["search"] = record.as_json()
    return out
