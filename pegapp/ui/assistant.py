"""Hints and Solve for any puzzle: one solver worker, one session cache, stale answers dropped.

Every window asks through this object, so caching, cancelling and progress behave the same for
peg solitaire and for every other puzzle family.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal

from pegapp.core.progress import describe
from pegapp.puzzles.base import HIDDEN
from pegapp.puzzles.flow import remember_answer
from pegapp.puzzles.hints import LEFT_EXPECTED, LEFT_WORST, moves_taken
from pegapp.solvers.result import CANCELLED, SEARCHING, SOLVED, TOO_LARGE, UNSOLVABLE, SolveResult
from pegapp.ui.i18n import plural, translated
from pegapp.ui.worker import SolverRunner

#: solve(state, progress, stop) -> SolveResult
SolveFn = Callable[[Any, Callable[[str, int, int], None], Callable[[], bool]], SolveResult]
#: the kind of a search nobody has asked for yet (SolveAssistant.ponder): silent until a
#: question about its position takes it over
PONDER = "ponder"


def _pondering(tag) -> bool:
    return tag is not None and tag[0] == PONDER


def _about(key: Hashable, problem: Hashable) -> bool:
    """Whether a cache key is problem's: problem itself, or (problem, the chain in progress)."""
    return key == problem or (isinstance(key, tuple) and len(key) == 2 and key[0] == problem)


class SolveAssistant(QObject):
    #: kind ("hint", "solve", or a caller's own), the state asked about, the answer
    answered = Signal(str, object, object)
    failed = Signal(str, str)
    progressText = Signal(str)
    #: the running search's record, each time it completes a level (the live chart)
    searchGrew = Signal(object)
    busyChanged = Signal(bool)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.runner = SolverRunner(self)
        self.runner.progress.connect(self._on_progress)
        self.runner.interim.connect(self._on_interim)
        self.runner.levels.connect(
            lambda tag, record: _pondering(tag) or self.searchGrew.emit(record))
        self._asked_at = time.monotonic()
        self.runner.result.connect(self._on_result)
        self.runner.failed.connect(
            lambda tag, msg: _pondering(tag) or self.failed.emit(tag[0], msg))
        self.runner.started.connect(lambda tag: _pondering(tag) or self.busyChanged.emit(True))
        self.runner.finished.connect(lambda tag: _pondering(tag) or self.busyChanged.emit(False))
        #: (problem key, state) -> SolveResult; kept for the session
        self.cache: dict[tuple[Hashable, Hashable], SolveResult] = {}
        #: the last answer on the way that a search in the background gave (a winning move
        #: before the proof), shown when a question takes the search over
        self._pondered: SolveResult | None = None

    @property
    def busy(self) -> bool:
        """Busy with a question asked (a search in the background does not count: a question
        takes it over or cancels it)."""
        return self.runner.busy and not _pondering(self.runner.tag)

    @property
    def asking(self) -> str | None:
        """The kind of question being answered ("hint", "solve", ...), None when not busy."""
        return self.runner.tag[0] if self.busy else None

    @property
    def pondering(self) -> bool:
        return _pondering(self.runner.tag)

    @property
    def asking_about(self) -> Any:
        tag = self.runner.tag
        return None if tag is None else tag[2]

    def cached(self, problem: Hashable, state: Hashable) -> SolveResult | None:
        return self.cache.get((problem, state))

    def proven_count(self, problem: Hashable, state: Hashable) -> int | None:
        """The fewest moves from state in the player's count, when a proven answer about it is
        held, asked with or without a peg chain in progress (keys problem, or (problem, chain)):
        the largest of those (an answer with a chain in progress can be a move fewer than the
        position's own)."""
        counts = [moves_taken(result) for (key, at), result in self.cache.items()
                  if at == state and _about(key, problem)
                  and result.proven_minimal and result.moves is not None]
        return max(counts, default=None)

    def dead_ends(self, problem: Hashable) -> set:
        """The states held as proven dead ends of problem (asked with or without a peg chain in
        progress: a chain going on cannot reach a goal its position cannot)."""
        return {at for (key, at), result in self.cache.items()
                if _about(key, problem) and result.status == UNSOLVABLE and result.moves is None}

    def ask(self, kind: str, problem: Hashable, state: Hashable, solve: SolveFn,
            apply: Callable[[Any, Any], Any] | None = None, staged: bool = False) -> bool:
        """Answer from the cache at once, or start a search; True if answered already.

        problem identifies the puzzle and goal (the cache key with state); apply(state, move)
        lets a solution's tail positions be cached too, since a tail of a shortest solution is
        itself shortest: playing hint after hint needs a single search. staged: solve takes a
        fourth argument, interim(result), for answers before the final one (a winning move
        first, the proven minimum later): each is emitted as `answered` with
        result.stats["interim"] set, and not cached.
        """
        hit = self.cached(problem, state)
        if hit is not None:
            self.answered.emit(kind, state, hit)
            return True
        tag = self.runner.tag
        if kind == "hint" and _pondering(tag) and tag[1:3] == (problem, state):
            # the search begun in the background is this very question: it answers it
            self.runner.retag((kind, problem, state, apply))
            self.busyChanged.emit(True)
            self.progressText.emit(self.tr("Searching…"))
            if self._pondered is not None:
                self._on_interim(self.runner.tag, self._pondered)
            return False
        self._start((kind, problem, state, apply), solve, staged)
        self.progressText.emit(self.tr("Searching…"))
        return False

    def _start(self, tag: tuple, solve: SolveFn, staged: bool) -> None:
        """Run solve about tag's state in the worker (staged: with interim answers)."""
        state = tag[2]
        self._asked_at = time.monotonic()
        if staged:
            self.runner.start(lambda progress, stop, interim: solve(state, progress, stop, interim),
                              tag=tag, staged=True)
        else:
            self.runner.start(lambda progress, stop: solve(state, progress, stop), tag=tag)

    def ponder(self, problem: Hashable, state: Hashable, solve: SolveFn,
               apply: Callable[[Any, Any], Any] | None = None, staged: bool = False) -> bool:
        """Begin, in the background, the search a hint about state would make, while the player
        thinks: nothing is shown, its answer goes to the cache, and a hint asked about the same
        position meanwhile takes the search over (ask). Only when the worker is idle and the
        answer is not known already; True if a search began. A move cancels it
        (cancel_unless), as any other question does."""
        if self.runner.busy or self.cached(problem, state) is not None:
            return False
        self._pondered = None
        self._start((PONDER, problem, state, apply), solve, staged)
        return True

    def run(self, kind: str, job: Callable, state: Hashable = None) -> None:
        """Any other slow question (its answer is not cached)."""
        self.runner.start(job, tag=(kind, None, state, None))

    def cancel(self) -> None:
        self.runner.cancel()

    def cancel_unless(self, state: Hashable) -> None:
        """A move was made: a search about another position is stale."""
        if self.runner.busy and self.asking_about != state:
            self.cancel()

    def shutdown(self) -> None:
        self.runner.shutdown()

    def _on_progress(self, tag, stage, depth: int, positions: int) -> None:
        if _pondering(tag):
            return
        seconds = time.monotonic() - self._asked_at
        self.progressText.emit(translated(describe(stage, depth, positions, seconds)))

    def _on_interim(self, tag, result) -> None:
        if not isinstance(result, SolveResult) or result.status == SEARCHING:
            # a family's answer on the way that is no answer (or the hint's "still searching",
            # which the window's progress line says already): its final one will say
            return
        result.stats["interim"] = True
        if _pondering(tag):
            self._pondered = result
            return
        self.answered.emit(tag[0], tag[2], result)

    def _on_result(self, tag, result) -> None:
        kind, problem, state, apply = tag
        if problem is not None and not isinstance(result, SolveResult):
            # a family's solve that answered something else (a dict, None): the failure is said,
            # never a blank hint (issue #72)
            self._pondered = None
            if not _pondering(tag):
                self.failed.emit(kind, self.tr("solve() answered a %1, not a SolveResult")
                                 .replace("%1", type(result).__name__))
            return
        if problem is not None and isinstance(result, SolveResult):
            self.remember(problem, state, result, apply)
        self._pondered = None
        if not _pondering(tag):
            self.answered.emit(kind, state, result)

    def remember(self, problem: Hashable, state: Hashable, result: SolveResult,
                 apply: Callable[[Any, Any], Any] | None) -> None:
        remember_answer(self.cache, problem, state, result, apply)


def status_text(status: str) -> str:
    """A solver's status code in words, for an answer that came without a reason."""
    words = {
        SOLVED: QCoreApplication.translate("SolveAssistant", "solved"),
        UNSOLVABLE: QCoreApplication.translate("SolveAssistant", "there is no solution"),
        TOO_LARGE: QCoreApplication.translate("SolveAssistant",
                                              "the search needs more memory than the budget allows"),
        CANCELLED: QCoreApplication.translate("SolveAssistant", "the search was stopped"),
    }
    return words.get(status, status)


def solution_title(n: int, proven_minimal: bool, hidden: bool = False) -> str:
    """The replay panel's title for a solution of n moves; hidden: a line played with what the
    player cannot see (a guessing game's strategy against the secret), its length luck as much
    as skill: neither a minimum nor "not proven minimal"."""
    if hidden:
        return plural(n, QCoreApplication.translate(
            "SolveAssistant", "The computer's strategy against this secret: 1 move"),
            QCoreApplication.translate(
            "SolveAssistant", "The computer's strategy against this secret: %1 moves")
        ).replace("%1", str(n))
    if proven_minimal:
        return plural(n, QCoreApplication.translate("SolveAssistant", "Minimum solution: 1 move"),
                      QCoreApplication.translate("SolveAssistant", "Minimum solution: %1 moves")
                      ).replace("%1", str(n))
    return QCoreApplication.translate(
        "SolveAssistant", "A solution in %1 moves (not proven minimal)").replace("%1", str(n))


def answer_detail(result: SolveResult) -> str:
    """Why there is no answer, or why the answer is not proven minimal, in the solver's words
    (for a tool tip), or ""."""
    if result.moves is None and result.reason:
        return QCoreApplication.translate("SolveAssistant", "Why: %1").replace(
            "%1", translated(result.reason))
    if result.moves and not result.proven_minimal and result.reason:
        # the command line prints the reason too ("memory budget of 2 GB exceeded; ...")
        return QCoreApplication.translate("SolveAssistant", "Why not proven: %1").replace(
            "%1", translated(result.reason))
    return ""


def answer_text(result: SolveResult, move_text: Callable[[Any], str],
                abilities: frozenset[str] = frozenset()) -> str:
    """What the hint line says about an answer, the same words for every puzzle. A solution found
    with what the player cannot see (HIDDEN: in the puzzle's abilities, or marked on the result)
    is named by its first move only: its length would tell the hidden thing."""
    if result.moves is None:
        if result.status == UNSOLVABLE:
            # one plain sentence: the solver's reason ("exhaustive search: …") is
            # answer_detail's, shown on demand (the hint line's tool tip)
            return QCoreApplication.translate("SolveAssistant",
                                              "The goal cannot be reached from this position.")
        return QCoreApplication.translate("SolveAssistant", "No answer: %1").replace(
            "%1", translated(result.reason) if result.reason else status_text(result.status))
    if not result.moves:
        return QCoreApplication.translate("SolveAssistant", "Already solved.")
    # the moves the solution takes (a first move that goes on with the chain in progress costs
    # none: hints.CONTINUES)
    n = moves_taken(result)
    if n == 0:      # the peg just moved finishes the game by jumping on
        template = QCoreApplication.translate(
            "SolveAssistant", "Hint: %1 — going on with your move finishes the game.")
    elif (HIDDEN in abilities or result.stats.get(HIDDEN)) and result.stats.get("proven_best"):
        template = QCoreApplication.translate("SolveAssistant", "Hint: %1 — the proven best.")
    elif HIDDEN in abilities or result.stats.get(HIDDEN):
        template = QCoreApplication.translate("SolveAssistant", "Hint: %1.")
    elif result.proven_minimal:
        # the moves that remain AFTER the hinted one, as `pegapp hint` and its JSON "remaining"
        # count them (hints.HintAnswer.remaining)
        after = len(result.moves) - 1
        if after == 0:
            template = QCoreApplication.translate("SolveAssistant", "Hint: %1 — the last move.")
        else:
            template = plural(after, QCoreApplication.translate(
                "SolveAssistant", "Hint: %1 — then 1 move remains at best."),
                QCoreApplication.translate(
                "SolveAssistant", "Hint: %1 — then %2 moves remain at best.")).replace(
                "%2", str(after))
    elif result.stats.get("interim"):
        template = plural(n, QCoreApplication.translate(
            "SolveAssistant", "Hint: %1 — wins (a solution in 1 move); looking for the "
                              "shortest…"),
            QCoreApplication.translate(
            "SolveAssistant", "Hint: %1 — wins (a solution in %2 moves); looking for the "
                              "shortest…"))
    else:
        template = plural(n, QCoreApplication.translate(
            "SolveAssistant", "Hint: %1 — from a solution in 1 move (not proven minimal)."),
            QCoreApplication.translate(
            "SolveAssistant", "Hint: %1 — from a solution in %2 moves (not proven minimal)."))
    return template.replace("%1", move_text(result.moves[0])).replace("%2", str(n))


def distance_text(result: SolveResult, abilities: frozenset[str] = frozenset()) -> str:
    """The graded hint's first step (issue #56): how far the goal is from the position, from the
    same answer the whole move comes from, without the move. A dead end says so (the window
    offers the way back to the last position that could still win); a family whose line would
    tell what the player cannot see (HIDDEN) gives the moves its play still needs in the worst
    case and on average (hints.LEFT_WORST, LEFT_EXPECTED), never the line's length."""
    if result.moves is None:
        if result.status == UNSOLVABLE:
            return QCoreApplication.translate(
                "SolveAssistant", "Dead end: the goal cannot be reached from this position.")
        return answer_text(result, str, abilities)
    if not result.moves:
        return QCoreApplication.translate("SolveAssistant", "Already solved.")
    if HIDDEN in abilities or result.stats.get(HIDDEN):
        worst, expected = result.stats.get(LEFT_WORST), result.stats.get(LEFT_EXPECTED)
        if worst is None or expected is None:
            return QCoreApplication.translate("SolveAssistant", "The best next guess is ready.")
        return QCoreApplication.translate(
            "SolveAssistant",
            "At best %1 more guesses on average, %2 at most, the next one included.").replace(
            "%1", f"{expected:.2f}").replace("%2", str(worst))
    n = moves_taken(result)
    if result.proven_minimal:
        if n == 0:
            return QCoreApplication.translate("SolveAssistant",
                                              "You can win by going on with your move.")
        words = plural(n, QCoreApplication.translate(
            "SolveAssistant", "You can still win: 1 move at best."),
            QCoreApplication.translate("SolveAssistant", "You can still win: %1 moves at best."))
    elif result.stats.get("interim"):
        words = plural(n, QCoreApplication.translate(
            "SolveAssistant",
            "You can still win (a solution in 1 move); looking for the shortest…"),
            QCoreApplication.translate(
            "SolveAssistant",
            "You can still win (a solution in %1 moves); looking for the shortest…"))
    else:
        words = plural(n, QCoreApplication.translate(
            "SolveAssistant", "You can still win: a solution in 1 move (not proven minimal)."),
            QCoreApplication.translate(
            "SolveAssistant",
            "You can still win: a solution in %1 moves (not proven minimal)."))
    return words.replace("%1", str(n))
