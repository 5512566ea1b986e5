"""Code-breaking answers solved on the spot (no Qt): off the shipped trees, a hint or analysis
mode's weighing of a guess asks the exact search (guessing.optimal.OptimalSearch) for the best play
from a set of secrets.

The search keeps a memo of the sets it solved, so a position weighed again is found at once. Its
kernel runs without Python's lock, and its memo (numba dictionaries) must not be used by two
threads at once, so a search is lent to one thread at a time (lend_search): the lowest free one,
which keeps its memo when given back. Analysis mode weighs its guesses two at a time, each half
with a search of its own (two_at_a_time): on a 2-core machine the seven guesses weighed after
0123 and 4567 took 1.9 s instead of 3.0 (a fresh process). minimax_value is the value of a guess
by the measure fewest at worst, then fewest in all, as the second-guess build ships it.

Rules come in as any object with a name and what OptimalSearch reads (pegapp.solvers.guessing._bulls
.Ruleset); nothing of the engine is imported, so the engine imports this.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import wait
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import numpy as np

from pegapp.solvers.result import Cancelled
from pegapp.solvers.threads import helpers

if TYPE_CHECKING:
    from pegapp.solvers.guessing.optimal import OptimalSearch

#: off the shipped tree (a player's own guesses), a set of at most this many secrets is solved
#: exactly on the spot (well under a second after the first answer); a larger one falls back
#: to the entropy choice, and the play is then no longer proven best
EXACT_LIMIT = {"mastermind": 400, "bulls": 120}
#: analysis mode: the largest set a weighing tries to solve exactly; its node budget
#: (EXACT_NODES) bounds the work, so it may try larger sets than a hint (bulls and cows after
#: 0123 and 4567: 9876's part of 182 secrets solved in 0.75 s, where at 120 it was a bound)
WEIGH_LIMIT = {"mastermind": 400, "bulls": 240}
#: analysis mode: the exact search's nodes one weighing may spend on the sets off the shipped
#: tree (counted work, about half a second cold on a 2-core machine; what it finished stays in
#: the memo, so weighing again goes further); past it the weighing gives a play that exists
#: (an upper bound, marked)
EXACT_NODES = {"mastermind": 50_000, "bulls": 20_000}

Search = Callable[[], "OptimalSearch"]
_lent: dict[str, list[list]] = {}      # ruleset -> slots [search or None, in use], lowest first
_lock = threading.Lock()
_building = threading.Lock()


@contextmanager
def lend_search(rules) -> Iterator[Search]:
    """A search of the rules for this thread alone while the block runs, as a function that
    makes it on first call (an answer read from a shipped table never pays for one). The
    lowest free search is lent, so one thread asking again and again meets its own memo."""
    with _lock:
        slots = _lent.setdefault(rules.name, [])
        slot = next((s for s in slots if not s[1]), None)
        if slot is None:
            slot = [None, True]
            slots.append(slot)
        slot[1] = True

    def search() -> "OptimalSearch":
        if slot[0] is None:
            # numba is imported here, by the first search, not with the engine (an answer read
            # from a shipped table never needs it); one at a time, so a second twins the first
            from pegapp.solvers.guessing.optimal import OptimalSearch
            with _building:
                built = next((s[0] for s in slots if s[0] is not None), None)
                slot[0] = OptimalSearch(rules) if built is None else built.twin()
        return slot[0]

    try:
        yield search
    finally:
        with _lock:
            slot[1] = False


def exact_choice(rules, remaining: np.ndarray, name: str, nodes: int | None = None,
                 search: Search | None = None) -> tuple[int, int, int] | None:
    """(guess, total, worst limit) with play proven best from `remaining` by the strategy's own
    measure (optimal: fewest in all; minimax: fewest at worst, then in all), computed on the
    spot; None when the set is too large for that (EXACT_LIMIT; WEIGH_LIMIT with a node budget)
    or the search needs more than `nodes` search nodes (if given). `search`: a lent one (else
    one is lent for the call)."""
    if len(remaining) > (EXACT_LIMIT if nodes is None else WEIGH_LIMIT)[rules.name]:
        return None
    if search is None:
        with lend_search(rules) as lent:
            return exact_choice(rules, remaining, name, nodes, lent)
    found_in = search()
    rem = np.asarray(remaining, dtype=np.int64)
    start = int(found_in.counter[0])

    def cost(limit: int) -> tuple[int, int] | None:
        if nodes is None:
            return found_in.cost(rem, limit)
        return found_in.cost_within(rem, limit, nodes - (int(found_in.counter[0]) - start))

    if name == "optimal":
        from pegapp.solvers.guessing.optimal import NO_LIMIT
        found = cost(NO_LIMIT)
        return None if found is None else (found[1], found[0], NO_LIMIT)
    limit = max(1, int(np.searchsorted(found_in.cap, len(rem))))
    while True:
        found = cost(limit)
        if found is None:
            return None
        if found[1] >= 0:
            return found[1], found[0], limit
        limit += 1


def least_depth(search: "OptimalSearch", S: np.ndarray, nodes: int | None = None) -> int | None:
    """The fewest guesses that find every secret of S at worst, counting the last, right one:
    the smallest depth limit under which the search finds a play. None when that needs more
    than `nodes` more search nodes (if given)."""
    from pegapp.solvers.guessing.optimal import INF
    if len(S) <= 2:
        return len(S)
    limit = max(2, int(np.searchsorted(search.cap, len(S))))
    start = int(search.counter[0])
    while True:
        if nodes is None:
            found = search.cost(S, limit)
        else:
            found = search.cost_within(S, limit, nodes - (int(search.counter[0]) - start))
            if found is None:
                return None
        if found[0] < INF:
            return limit
        limit += 1


def minimax_value(rules, remaining: np.ndarray, guess: int, search: "OptimalSearch",
                  nodes: int | None = None) -> tuple[int, int] | None:
    """(total, worst) of guessing `guess` from `remaining` with the best play after it by the
    measure fewest at worst, then fewest in all: the worst W is one more than the least depth
    limit the deepest part needs (1 if only the guess itself is left), and every part is then
    played best in all within W - 1 guesses (a part that could end sooner may use them to take
    fewer in all: the whole position's best, not each part's on its own). None when the search
    needs more than `nodes` search nodes (if given). The value build_second_guesses.py ships
    for the second guesses, and analysis mode's off the table."""
    rem = np.asarray(remaining, dtype=np.int64)
    scores = rules.table[guess, rem]
    parts = [rem[scores == a] for a in np.unique(scores) if a != rules.win]
    start = int(search.counter[0])

    def left() -> int | None:
        return None if nodes is None else max(1, nodes - (int(search.counter[0]) - start))

    depths = [least_depth(search, p, left()) for p in parts]
    if None in depths:
        return None
    worst = max([1 + d for d in depths] + [1])
    total = len(rem)
    for p in parts:
        found = (search.cost(p, worst - 1) if nodes is None
                 else search.cost_within(p, worst - 1, left()))
        if found is None:
            return None
        total += found[0]
    return total, worst


def two_at_a_time(rules, items: Iterable[Any],
                  weigh: Callable[[Any, Search, Callable[[], bool]], Any],
                  stop: Callable[[], bool]) -> Iterator[tuple[Any, Any]]:
    """(item, weigh(item, search, stop)) for every item, each as soon as it is done: the first,
    third, ... on this thread and the others on a helper thread, each half with a search of its
    own. Which search weighs which item does not depend on timing, so the answers (even where a
    weighing stops at its node budget) are the same from run to run. Raises what a weighing
    raised (Cancelled once stop() is true); a helper still at work is stopped and waited for
    before its search is given back."""
    items = list(items)
    with lend_search(rules) as mine, lend_search(rules) as theirs:
        if len(items) < 2:
            for item in items:
                yield item, weigh(item, mine, stop)
            return
        done: queue.SimpleQueue = queue.SimpleQueue()
        quit_ = threading.Event()

        def halted() -> bool:
            return quit_.is_set() or stop()

        def helper() -> None:
            try:
                for item in items[1::2]:
                    if halted():
                        return
                    done.put((item, weigh(item, theirs, halted)))
            except BaseException as exc:  # noqa: BLE001 - raised again on the asking thread
                done.put(exc)

        def ready() -> Iterator[tuple[Any, Any]]:
            while not done.empty():
                got = done.get()
                if isinstance(got, BaseException):
                    raise got
                yield got

        future = helpers().submit(helper)
        try:
            for item in items[0::2]:
                if stop():
                    raise Cancelled
                yield item, weigh(item, mine, stop)
                yield from ready()
            wait([future])
            yield from ready()
        finally:
            quit_.set()
            wait([future])
