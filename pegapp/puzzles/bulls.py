"""Bulls and cows (4 distinct digits 0-9, 5040 secrets) and classic Mastermind (4 pegs, 6 colours
1-6, repeats allowed, 1296 secrets): one Qt-free puzzle for both play modes, plus the CLI handlers.

Codes are strings of digits: "0123" (bulls and cows), "1122" (Mastermind, colours 1..6). A score is
(bulls, cows); for Mastermind read (black pegs, white pegs).

:class:`GuessPuzzle` is the Puzzle protocol for both modes (params ``mode``):

* ``"player"`` -- the player guesses the computer's secret. A move is a guess ("0123").
* ``"computer"`` -- the computer guesses the player's secret: it asks ``question(state)`` (the
  strategy's next guess) and a move is the player's score of it, a :class:`Score`. A score that
  cannot exist is :class:`ImpossibleScore`; answers that no secret satisfies together are a
  :class:`Contradiction`, which names a minimal set of conflicting answers ("answer 3 contradicts
  answers 1 and 2") and says why (:func:`conflict_reason`).

A state is a :class:`GuessState`: the secret (player mode; "" when only the player knows it) and
the guesses so far with their scores. ``solve`` continues with the strategy (not proven minimal).

Strategies (``--strategy``): ``default`` (``optimal``, the proven fewest guesses on average,
for both rulesets), ``optimal`` and ``minimax`` (shipped as data), ``first-consistent`` (the
article's), ``knuth``, ``entropy``, ``entropy-max7``,
``expected-size``, ``most-parts``; see pegapp.solvers.guessing._bulls.
"""

from __future__ import annotations

import itertools
import random
import re
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from pegapp.core.messages import Message, msg
from pegapp.puzzles.analysis import GUESSES, Annotations, MoveVerdict
from pegapp.puzzles.base import ANNOTATE, DESCRIBE, HIDDEN, BadInput, IllegalMove, vouched
from pegapp.puzzles.family import Family, Preset, option_value, with_variant
from pegapp.puzzles.hints import LEFT_EXPECTED, LEFT_WORST
from pegapp.solvers.guessing import _bulls as engine
from pegapp.solvers.guessing._bulls import BULLS, MASTERMIND, RULESETS, Ruleset
from pegapp.solvers.guessing.classes import answer_key
from pegapp.solvers.guessing.exact import EXACT_LIMIT, two_at_a_time
from pegapp.solvers.result import (CANCELLED, SOLVED, Progress, SolveResult, Stop, never_stop,
                                   no_progress)

__all__ = ["BULLS", "MASTERMIND", "Ruleset", "Score", "Contradiction", "ImpossibleScore",
           "GuessState", "GuessPuzzle", "PLAYER", "COMPUTER", "get_ruleset", "score", "make",
           "analyse_strategy", "solve_json", "analyse_json", "hint_problem", "FAMILY"]

PLAYER = "player"       # the player guesses the computer's secret
COMPUTER = "computer"   # the computer guesses the player's secret
MODES = (PLAYER, COMPUTER)


def get_ruleset(name: str | Ruleset | None = None) -> Ruleset:
    if isinstance(name, Ruleset):
        return name
    key = (name or "bulls").strip().lower()
    key = {"bulls-and-cows": "bulls", "moo": "bulls", "mm": "mastermind"}.get(key, key)
    if key not in RULESETS:
        raise BadInput(msg("unknown ruleset {name!r} (known: bulls, mastermind)", name=name))
    return RULESETS[key]


def _check(rules: Ruleset, code: str) -> str:
    try:
        return rules.check_code(code)
    except ValueError as exc:
        raise BadInput(exc.args[0]) from None


def _strategy(rules: Ruleset, name: str | None) -> tuple[str, Any]:
    try:
        return engine.strategy_named(rules, name)
    except ValueError as exc:
        raise BadInput(exc.args[0]) from None


#: the graded hint's guesses left (Bulls._guesses_left) by (ruleset, strategy, guess, the
#: secrets still possible in the tree's frame): the same for every game that got there
_GUESSES_LEFT: dict[tuple, dict[str, Any]] = {}


@dataclass(frozen=True)
class Score:
    bulls: int
    cows: int

    def __str__(self) -> str:
        return f"{self.bulls}B{self.cows}C"

    def words(self, rules: Ruleset = BULLS) -> Message:
        """The score for the player: "2 bulls, 1 cow"; Mastermind: "2 black, 1 white"."""
        b, c = self.bulls, self.cows
        if rules.repeats:
            return msg("{black} black, {white} white", black=b, white=c)
        if b == 1:
            if c == 1:
                return msg("{bulls} bull, {cows} cow", bulls=b, cows=c)
            return msg("{bulls} bull, {cows} cows", bulls=b, cows=c)
        if c == 1:
            return msg("{bulls} bulls, {cows} cow", bulls=b, cows=c)
        return msg("{bulls} bulls, {cows} cows", bulls=b, cows=c)


def score(guess: str, secret: str, rules: Ruleset | str = BULLS) -> Score:
    """The score of guess against secret (plain rules, no table)."""
    r = get_ruleset(rules)
    return Score(*r.score(_check(r, guess), _check(r, secret)))


class Contradiction(IllegalMove):
    """No secret fits the answers; `answers` are the 1-based numbers of a minimal conflicting set."""

    def __init__(self, message: str, answers: list[int]) -> None:
        super().__init__(message)
        self.answers = answers


class ImpossibleScore(BadInput, IllegalMove):
    """A score no guess can get (negative counts, more than the pegs): bad input, so an illegal
    move."""


def _join(numbers: Sequence[Any]) -> Any:
    """ "1", "1 and 2", "1, 2 and 3" (a Message from two items on; items may be Messages)."""
    if len(numbers) == 1:
        return str(numbers[0])
    items: int | str = numbers[0]
    for n in numbers[1:-1]:
        items = msg("{items}, {item}", items=items, item=n)
    return msg("{items} and {last}", items=items, last=numbers[-1])


def explain_conflict(rules: Ruleset, history: list[tuple[str, Score]]) -> Contradiction:
    """The Contradiction for a history that no secret satisfies."""
    coded = [(rules.index[g], rules.encode(s.bulls, s.cows)) for g, s in history]
    core = [i + 1 for i in engine.minimal_conflict(rules, coded)]
    if len(core) == 1:
        g, s = history[core[0] - 1]
        text = msg("no secret answers {score} to {guess} (answer {answer})",
                   score=s.words(rules), guess=g, answer=core[0])
    else:
        # each answer named by its guess and score, not its number (found by an outside trial:
        # "answer 4 contradicts answer 3" named an answer the list did not show, refused)
        def named(k: int) -> Message:
            g, s = history[k - 1]
            return msg("{guess} ({score})", guess=g, score=s.words(rules))

        last, others = core[-1], core[:-1]
        if len(others) > 1:
            text = msg("no secret fits all your answers: your answer to {last} contradicts your "
                       "answers to {others}", last=named(last), others=_join(
                           [named(k) for k in others]))
        else:
            text = msg("no secret fits all your answers: your answer to {last} contradicts your "
                       "answer to {other}", last=named(last), other=named(others[0]))
        reason = conflict_reason(rules, history, [history[k - 1] for k in core])
        if reason is not None:
            text = msg("{conflict}.\nWhy: {reason}", conflict=text, reason=reason)
    return Contradiction(text, core)


def conflict_reason(rules: Ruleset, history: list[tuple[str, Score]],
                    core: list[tuple[str, Score]]) -> Message | None:
    """Why the newest answer of history leaves no secret, in plain words, or None (found by an
    outside trial: the message named the answers in conflict, not why they conflict).

    core: the conflicting answers the message names. First the reasons a player finds by hand in
    them, counting digits (symbol_reason); else the count the window's status showed before the
    answer: so many secrets fit the earlier answers (named when four or fewer) and none of them
    scores the newest answer.
    """
    reason = symbol_reason(rules, core)
    *earlier, (guess, said) = history
    if reason is not None or not earlier:
        return reason
    fits = [rules.codes[i] for i in engine.consistent(
        rules, [(rules.index[g], rules.encode(s.bulls, s.cows)) for g, s in earlier])]
    if not fits:
        return None
    if len(fits) == 1:
        return msg("only {secret} still fits your earlier answers, and it scores {score} "
                   "against {guess}", secret=fits[0], guess=guess,
                   score=Score(*rules.score(guess, fits[0])).words(rules))
    if len(fits) <= 4:
        return msg("only {secrets} still fit your earlier answers, and none of them scores "
                   "{score} against {guess}", secrets=_join(fits), score=said.words(rules),
                   guess=guess)
    return msg("{count} secrets still fit your earlier answers, and none of them scores {score} "
               "against {guess}", count=len(fits), score=said.words(rules), guess=guess)


def symbol_reason(rules: Ruleset, answers: list[tuple[str, Score]]) -> Message | None:
    """Why answers conflict by counting digits (colours), or None: the guesses scored nothing
    leave too few digits for a secret ("only the digits 8 and 9"), or guesses with no digit in
    common hold more of the secret's digits than it has (a digit counts in one guess only)."""
    nothing = Score(0, 0).words(rules)
    ruled_out = {d for g, s in answers if s.bulls + s.cows == 0 for d in g}
    left = [d for d in rules.symbols if d not in ruled_out]
    if not left:
        if rules.repeats:
            return msg("the guesses you scored {score} rule out every colour", score=nothing)
        return msg("the guesses you scored {score} rule out every digit", score=nothing)
    if not rules.repeats and len(left) < rules.pegs:
        if len(left) == 1:
            return msg("the guesses you scored {score} leave only the digit {digit}, and the "
                       "secret has {pegs} different digits", score=nothing, digit=left[0],
                       pegs=rules.pegs)
        return msg("the guesses you scored {score} leave only the digits {digits}, and the "
                   "secret has {pegs} different digits", score=nothing, digits=_join(left),
                   pegs=rules.pegs)
    for size in range(2, len(answers) + 1):
        for group in itertools.combinations(answers, size):
            found = sum(s.bulls + s.cows for _g, s in group)
            shared = len(set().union(*(set(g) for g, _s in group))) < sum(
                len(set(g)) for g, _s in group)
            if found > rules.pegs and not shared:
                guesses = _join([g for g, _s in group])
                if rules.repeats:
                    return msg("{guesses} have no colour in common, yet your answers find "
                               "{found} of the secret's pegs in them, and it has only {pegs}",
                               guesses=guesses, found=found, pegs=rules.pegs)
                return msg("{guesses} have no digit in common, yet your answers find {found} of "
                           "the secret's digits in them, and it has only {pegs}",
                           guesses=guesses, found=found, pegs=rules.pegs)
    return None


class GuessState(NamedTuple):
    """A game of guesses: the secret ("" when only the player knows it) and every guess so far
    with its score, as (code, bulls, cows)."""
    secret: str
    guesses: tuple[tuple[str, int, int], ...] = ()


class GuessPuzzle:
    """Find a secret code by its scores: the player guesses the computer's secret (mode "player"),
    or the computer guesses the player's (mode "computer"; moves are the player's scores).

    GuessPuzzle(ruleset="bulls", secret=None, strategy=None, seed=None, mode="player"): secret
    defaults to a random code (random.Random(seed)), drawn once: initial() holds it.
    """

    #: HIDDEN: in mode "player" solve() plays the strategy against the secret, so its line's
    #: length and scores tell the secret; the strategy's next guess depends on the scores so far
    #: only, so that much may be a hint
    ABILITIES = frozenset({DESCRIBE, ANNOTATE, HIDDEN})

    def __init__(self, ruleset: str | Ruleset = "bulls", secret: str | None = None,
                 strategy: str | None = None, seed: int | None = None,
                 mode: str = PLAYER) -> None:
        self.rules = get_ruleset(ruleset)
        self.id = self.rules.name
        if mode not in MODES:
            raise BadInput(msg("unknown mode {mode!r} (known: player, computer)", mode=mode))
        self.mode = mode
        self.strategy, self._fn = _strategy(self.rules, strategy)
        if mode == COMPUTER:
            if secret:
                raise BadInput(msg("the computer guesses your secret: give none"))
            self.secret = ""
        else:
            if secret is None:
                secret = random.Random(seed).choice(self.rules.codes)
            self.secret = _check(self.rules, secret)

    @property
    def stats_id(self) -> str:
        """The statistics row: "bulls/player", "mastermind/computer", ..."""
        return f"{self.id}/{self.mode}"

    def initial(self) -> GuessState:
        return GuessState(self.secret, ())

    # ---- what a state tells

    def history(self, state: GuessState) -> list[tuple[str, Score]]:
        """The guesses so far and their scores."""
        return [(g, Score(b, c)) for g, b, c in state.guesses]

    def _history(self, state: GuessState) -> list[tuple[int, int]]:
        """The guesses so far and their answers as the engine has them (code index, score)."""
        r = self.rules
        return [(r.index[g], r.encode(b, c)) for g, b, c in state.guesses]

    def _remaining(self, state: GuessState) -> np.ndarray:
        return engine.consistent(self.rules, self._history(state))

    def _framed(self, state: GuessState) -> tuple[np.ndarray, list[tuple[int, int]], np.ndarray]:
        """(perm, history, remaining) in the shipped tree's frame: the symbols renamed so that
        the first guess is the tree's own (engine.tree_frame; identity where none is needed).
        Guesses chosen there are renamed back with np.argsort(perm)."""
        history = self._history(state)
        perm = engine.tree_frame(self.rules, self.strategy, history)
        if perm is None:
            return np.arange(self.rules.size), history, engine.consistent(self.rules, history)
        mapped = [(int(perm[g]), a) for g, a in history]
        return perm, mapped, engine.consistent(self.rules, mapped)

    def _choose(self, state: GuessState) -> int:
        """The strategy's next guess (in the tree's frame, renamed back)."""
        perm, _history, remaining = self._framed(state)
        return int(np.argsort(perm)[self._fn(self.rules, remaining)])

    def remaining(self, state: GuessState, limit: int | None = None) -> list[str]:
        """The secrets still consistent with every score (lexicographic order)."""
        idx = self._remaining(state)
        return [self.rules.codes[i] for i in (idx if limit is None else idx[:limit])]

    def remaining_count(self, state: GuessState) -> int:
        return len(self._remaining(state))

    def question(self, state: GuessState) -> str:
        """The strategy's next guess from what the scores so far allow (in mode "computer", the
        guess the player scores next)."""
        if self.is_solved(state):
            raise IllegalMove(msg("the secret is already found"))
        return self.rules.codes[self._choose(state)]

    def found(self, state: GuessState) -> str | None:
        """The secret, once a guess scored all bulls."""
        return state.guesses[-1][0] if self.is_solved(state) else None

    # ---- the Puzzle protocol

    def moves(self, state: GuessState) -> list[Any]:
        if self.is_solved(state):
            return []
        if self.mode == PLAYER:
            return list(self.rules.codes)
        r = self.rules
        q = r.index[self.question(state)]
        return [Score(*r.decode(s)) for s in np.unique(r.table[q, self._remaining(state)])]

    def apply(self, state: GuessState, move: Any) -> GuessState:
        if self.is_solved(state):
            if self.mode == PLAYER:
                raise IllegalMove(msg("the game is over: the secret {secret} was found",
                                      secret=state.guesses[-1][0]))
            raise IllegalMove(msg("the secret is already found"))
        if self.mode == PLAYER:
            try:
                code = self.rules.check_code(move)
            except ValueError as exc:
                raise IllegalMove(exc.args[0]) from None
            b, c = self.rules.score(code, state.secret)
            return GuessState(state.secret, (*state.guesses, (code, b, c)))
        s = self._score(move)
        q = self.question(state)
        r = self.rules
        left = self._remaining(state)
        if not (r.table[r.index[q], left] == r.encode(s.bulls, s.cows)).any():
            raise explain_conflict(r, [*self.history(state), (q, s)])
        return GuessState(state.secret, (*state.guesses, (q, s.bulls, s.cows)))

    def _score(self, move: Any) -> Score:
        bulls, cows = (move.bulls, move.cows) if isinstance(move, Score) else move
        p = self.rules.pegs
        if not (type(bulls) is int and type(cows) is int) or bulls < 0 or cows < 0:
            raise ImpossibleScore(msg("bulls and cows are counts: whole numbers from 0"))
        if bulls + cows > p:
            raise ImpossibleScore(msg("bulls + cows is at most {pegs}, not {total}", pegs=p,
                                      total=bulls + cows))
        return Score(bulls, cows)

    def is_solved(self, state: GuessState) -> bool:
        return bool(state.guesses) and state.guesses[-1][1] == self.rules.pegs

    def describe_move(self, state: GuessState, move: Any, advice: bool = False) -> str:
        """"0123   0 bulls, 2 cows": the guess and its score (the move list's row); as advice,
        "Guess 0123" (its score would be a free look at the secret)."""
        if advice:
            return msg("Guess {guess}", guess=self.apply(state, move).guesses[-1][0])
        g, b, c = self.apply(state, move).guesses[-1]
        return msg("{guess}   {score}", guess=g, score=Score(b, c).words(self.rules))

    def solve(self, state: GuessState, progress: Progress = no_progress,
              stop: Stop = never_stop) -> SolveResult:
        """The strategy's guesses from state until the secret is found (not proven minimal). In
        mode "computer" only the player knows the secret: no answer. The line is played against
        the secret (stats[HIDDEN]): only its first guess, which depends on the scores so far
        alone, is a fair hint."""
        t0 = time.perf_counter()
        if not state.secret:
            return SolveResult(CANCELLED, None, False, msg("only you know your secret"))
        r = self.rules
        perm, _history, remaining = self._framed(state)   # played in the tree's frame
        remaining_at_start = remaining
        back = np.argsort(perm)
        sec = int(perm[r.index[state.secret]])
        moves: list[str] = []
        # the next guess is a proven best when the shipped strategy reaches this set itself or
        # the set is small enough to be solved on the spot (it depends on the answers only)
        proven_best = self.strategy in engine.SHIPPED and not self.is_solved(state) and (
            engine.on_shipped_tree(r, remaining, self.strategy)
            or len(remaining) <= EXACT_LIMIT[r.name])
        stage = msg("choosing a guess")
        # off the shipped tree the strategy's own next guess is a quick choice: the guesses
        # analysis mode weighs exactly are weighed here too, and the line starts with the best
        # (found by an outside trial: the hint said 1278 where analysis mode's best was 1258,
        # 3.8929 guesses on average against 3.8948) -- it depends on the answers alone
        first = None
        if self.strategy in engine.SHIPPED and not proven_best and not self.is_solved(state):
            weighed = self.annotate_moves(state, stop=stop)
            if weighed.verdicts:
                first = int(perm[r.index[weighed.verdicts[0].move]])
        if not self.is_solved(state):
            while True:
                if stop():
                    return SolveResult(CANCELLED)
                g = self._fn(r, remaining) if first is None or moves else first
                moves.append(r.codes[back[g]])
                s = int(r.table[g, sec])
                progress(stage, len(moves), len(remaining))
                if s == r.win:
                    break
                remaining = remaining[r.table[g, remaining] == s]
        stats = {"strategy": self.strategy, "seconds": time.perf_counter() - t0,
                 "scores": [r.score(g, state.secret) for g in moves], HIDDEN: True}
        if self.strategy in engine.SHIPPED:     # heuristic strategies: the JSON as before
            stats["proven_best"] = proven_best
        if moves and not stop():
            stats.update(self._guesses_left(perm, moves[0], remaining_at_start, stop))
        return SolveResult(SOLVED, moves, False, "", None, stats)

    def _guesses_left(self, perm, guess: str, remaining, stop: Stop) -> dict[str, Any]:
        """The graded hint's first step (issue #56): the guesses the strategy still needs,
        this one included, in the worst case and on average over the secrets still possible
        (the strategy played out against each: exact for that play, and the same whatever the
        secret, so it tells nothing of it). {} when stopped."""
        renamed = int(perm[self.rules.index[guess]])
        key = (self.rules.name, self.strategy, renamed, remaining.tobytes())
        if key not in _GUESSES_LEFT:    # a hint asked again there (H pressed again) is at once
            try:
                o = engine.outlook(self.rules, self._fn, remaining, renamed, stop)
            except engine.Cancelled:
                return {}
            if len(_GUESSES_LEFT) >= 64:
                _GUESSES_LEFT.pop(next(iter(_GUESSES_LEFT)))
            _GUESSES_LEFT[key] = {LEFT_WORST: o.worst, LEFT_EXPECTED: round(o.expected, 4)}
        return dict(_GUESSES_LEFT[key])

    # ---- analysis mode (pegapp.puzzles.analysis, ANNOTATE)

    #: how many candidate guesses analysis mode weighs besides the strategy's own and the
    #: player's, by how many secrets are possible: each weighing plays out every one of them
    #: (bulls and cows, 1440 secrets after one guess: about 0.3 s a guess), so fewer while many
    CANDIDATES = ((1500, 2, 0), (300, 4, 1), (0, 8, 2))  # (more than, one-step best, possible)

    def annotate_moves(self, state: GuessState, progress: Progress = no_progress,
                       stop: Stop = never_stop, interim=None, guesses: Sequence[str] = (),
                       **_options):
        """Analysis mode's verdicts of a few candidate guesses (the strategy's own, the best by
        one-step look-ahead, the possible secrets when few are left, and `guesses`, e.g. the one
        being typed): for each, the guesses that find the secret, counting it, in the worst
        case and on average over the secrets still possible, when the strategy plays on after
        it. Exact for that play (every possible secret is played out); with a proven strategy
        that play is the best one wherever it can be computed (see _weigh), and the exact search
        weighs two guesses at a time (guessing.exact.two_at_a_time). Best first. In mode "computer"
        the moves are answers, not guesses: nothing to weigh."""
        t0 = time.perf_counter()
        ann = Annotations(measure=GUESSES, strategy=self.strategy, final=True)
        if self.is_solved(state) or self.mode != PLAYER:
            ann.solved = self.is_solved(state)
            return ann
        r = self.rules
        remaining = self._remaining(state)
        ann.possible = len(remaining)
        own = self._choose(state)
        count, consistent = next((c, k) for above, c, k in self.CANDIDATES
                                 if len(remaining) > above)
        framed = self._framed(state)
        picks = engine.candidates(r, remaining, own, count, consistent, self._history(state),
                                  self.strategy)
        extra = []
        for g in guesses:
            try:
                extra.append(r.index[r.check_code(g)])
            except ValueError:
                continue
        picks = list(dict.fromkeys([*extra, *picks]))
        stage = msg("weighing every possible guess")
        done: list[MoveVerdict] = []
        if self.strategy in engine.SHIPPED:     # the exact search: two guesses at a time
            weighed = two_at_a_time(r, picks, lambda g, search, halt: self._weigh(
                framed, g, halt, search), stop)
        else:
            weighed = ((g, self._weigh(framed, g, stop)) for g in picks)
        try:
            progress(stage, 1, len(picks))
            for _g, verdict in weighed:
                done.append(verdict)
                if stop():
                    break
                if len(done) < len(picks):
                    progress(stage, len(done) + 1, len(picks))
                    if interim is not None:
                        part = Annotations(seconds=time.perf_counter() - t0, final=False,
                                           measure=GUESSES, strategy=self.strategy,
                                           possible=len(remaining),
                                           first_guess_kinds=len(remaining) == r.size)
                        part.verdicts = sorted(done, key=lambda v: (*part.guess_key(v), v.move))
                        interim(part)
        except engine.Cancelled:
            pass
        finally:
            weighed.close()     # a helper still weighing is stopped before this returns
        ann.first_guess_kinds = len(remaining) == r.size
        ann.verdicts = sorted(done, key=lambda v: (*ann.guess_key(v), v.move))
        ann.seconds = time.perf_counter() - t0
        return ann

    def weigh(self, state: GuessState, guess: str, stop: Stop = never_stop):
        """Analysis mode's verdict of one guess from state (kind GUESSES: worst and expected
        guesses, counting it, when the strategy plays on); BadInput for a code that is not
        one."""
        return self._weigh(self._framed(state), self.rules.index[_check(self.rules, guess)],
                           stop)

    def _weigh(self, framed, guess: int, stop: Stop = never_stop, search=None):
        """With a proven strategy (optimal, minimax) the numbers are those of the best play
        after the guess whenever it can be computed (best_play true), else of a play that
        exists (an upper bound, best_play false). Weighed in the tree's frame (framed: see
        _framed), where the shipped tree and tables hold the sets."""
        perm, history, remaining = framed
        best_play, renamed = None, int(perm[guess])
        if self.strategy in engine.SHIPPED:
            o, best_play = engine.weigh_best_play(self.rules, self.strategy, remaining, renamed,
                                                  stop, history, search)
        else:
            o = engine.outlook(self.rules, self._fn, remaining, renamed, stop)
        return MoveVerdict(self.rules.codes[guess], GUESSES, o.worst - 1, o.worst - 1,
                           worst=o.worst, expected=o.expected, best_play=best_play,
                           possible=o.consistent)

    def format_moves(self, moves: Sequence[Any]) -> str:
        return " ".join(str(m) for m in moves)

    def parse_moves(self, text: str) -> list[Any]:
        tokens = [t.strip("[]()") for t in re.split(r"[\s,;/]+", text.strip()) if t]
        if self.mode == PLAYER:
            return [_check(self.rules, t) for t in tokens if t]
        out = []
        for t in tokens:
            m = re.fullmatch(r"([0-9])B([0-9])C", t, re.ASCII | re.IGNORECASE)
            if m is None:
                raise BadInput(msg("cannot read the score {text!r} (write it like 1B2C)", text=t))
            out.append(self._score((int(m[1]), int(m[2]))))
        return out

    def check_state(self, state: Any) -> GuessState:
        """A state read from a file: the secret this mode allows, and guesses that this secret
        (player) or this strategy with these scores (computer) gives; BadInput otherwise."""
        try:
            secret, guesses = state
            ok = isinstance(secret, str) and isinstance(guesses, (tuple, list))
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise BadInput(msg("a game of guesses is its secret and its guesses"))
        if self.mode == PLAYER:
            secret = _check(self.rules, secret)
        elif secret:
            raise BadInput(msg("the computer guesses your secret: give none"))
        s = GuessState(secret, ())
        for entry in guesses:
            try:
                g, b, c = entry
            except (TypeError, ValueError):
                raise BadInput(msg("a guess is its code and its score")) from None
            try:
                nxt = self.apply(s, g if self.mode == PLAYER else (b, c))
            except IllegalMove as exc:
                raise BadInput(exc.args[0]) from None
            if nxt.guesses[-1] != (g, b, c):
                raise BadInput(msg("guess {guess} does not score {score}", guess=g,
                                   score=Score(b, c).words(self.rules)))
            s = nxt
        return s


def make(puzzle_id: str, params: dict[str, Any]) -> GuessPuzzle:
    """The puzzle of id "bulls" or "mastermind" and params mode, secret, strategy, seed (ruleset,
    when given, must be the id's)."""
    if puzzle_id not in RULESETS:
        raise BadInput(msg("unknown puzzle {puzzle!r}", puzzle=puzzle_id))
    rules = RULESETS[puzzle_id]
    if params.get("ruleset") is not None and get_ruleset(params["ruleset"]) is not rules:
        raise BadInput(msg("{puzzle}: --ruleset {ruleset} does not match", puzzle=puzzle_id,
                           ruleset=params["ruleset"]))
    return GuessPuzzle(rules, params.get("secret") or None, params.get("strategy"),
                       params.get("seed"), params.get("mode", PLAYER))


# ----- CLI handlers -----

def _rules_from(puzzle_id: str, args: Any) -> Ruleset:
    family, _, rest = puzzle_id.partition("/")
    requested = option_value(args, "ruleset", lambda name: get_ruleset(name).name)
    if family == "mastermind":
        if requested and get_ruleset(requested).name != "mastermind":
            raise BadInput(msg("{puzzle}: --ruleset {ruleset} does not match", puzzle=puzzle_id,
                               ruleset=requested))
        return MASTERMIND
    return get_ruleset(rest or requested or "bulls")


def _puzzle_from(puzzle_id: str, args: Any, option: str) -> GuessPuzzle:
    """The player-mode puzzle of the command line, its secret given by option (required; a
    refusal names the option)."""
    rules = _rules_from(puzzle_id, args)
    # the strategy first: an unknown one is named, with the known ones, before anything else is
    # asked for (found by an outside trial: `--strategy nosuch` was told to give --secret)
    option_value(args, "strategy", lambda name: _strategy(rules, name))
    secret = option_value(args, option, lambda text: _check(rules, text) if text else text)
    if not secret:
        example = "1122" if rules.repeats else "6281"
        raise BadInput(msg("{puzzle}: give the secret with --secret, e.g. --secret {example}",
                           puzzle=rules.name, example=example))
    return GuessPuzzle(rules, secret, getattr(args, "strategy", None))


def solve_json(puzzle_id: str, args: Any) -> dict[str, Any]:
    t0 = time.perf_counter()
    if getattr(args, "secret", None):
        # --start: the guesses so far, as `hint` and `moves` take it (found by an outside
        # check: solve dropped them without a word and played from the first guess)
        puzzle, state, _ = hint_problem(puzzle_id, args)
    else:  # `solve bulls --start 6281` names the secret (no guesses to give without one)
        puzzle = _puzzle_from(puzzle_id, args, "start")
        state = puzzle.initial()
    rules = puzzle.rules
    result = vouched(puzzle, state, puzzle.solve(state))
    moves = [{"guess": g, "bulls": b, "cows": c}
             for g, (b, c) in zip(result.moves or [], result.stats["scores"])]
    return {
        "puzzle": rules.name,
        "ruleset": rules.name,
        "strategy": puzzle.strategy,
        "status": result.status,
        "secret": puzzle.secret,
        "moves": moves,
        "length": result.length,
        "proven_minimal": False,
        "proven_best": puzzle.strategy in engine.SHIPPED,
        "notation": puzzle.format_moves(result.moves or []),
        "seconds": round(time.perf_counter() - t0, 6),
    }


def hint_problem(puzzle_id: str, args: Any):
    """`pegapp hint bulls --secret 6281 [--start "0123 4567"]`: the strategy's next guess after
    the guesses of --start (scored against the secret)."""
    puzzle = _puzzle_from(puzzle_id, args, "secret")

    def guessed(text: str) -> GuessState:
        state = puzzle.initial()
        for guess in puzzle.parse_moves(text):
            try:
                state = puzzle.apply(state, guess)
            except IllegalMove as exc:
                raise BadInput(exc.args[0]) from None
        return state

    state = option_value(args, "start", guessed)
    return puzzle, (puzzle.initial() if state is None else state), {}


def analyse_strategy(ruleset: str | Ruleset = "bulls", strategy: str | None = None,
                     progress: Progress = no_progress, stop: Stop = never_stop) -> dict[str, Any]:
    """The strategy played against every secret: average, worst, histogram (JSON-able dict).

    Returns {"status": "cancelled"} if stop() became true.
    """
    t0 = time.perf_counter()
    rules = get_ruleset(ruleset)
    name, _ = _strategy(rules, strategy)
    try:
        a = engine.analyse(rules, name, stop=stop, progress=progress)
    except engine.Cancelled:
        return {"status": CANCELLED}
    return {
        "puzzle": rules.name,
        "ruleset": rules.name,
        "strategy": a.strategy,
        "average": round(a.average, 6),
        "total_guesses": a.total,
        "worst": a.worst,
        "worst_count": len(a.worst_secrets),
        "worst_secrets": a.worst_secrets[:20],
        "histogram": a.histogram,
        "secrets": a.secrets,
        "first_guess": a.first_guess,
        "tree_nodes": a.nodes,
        # optimal / minimax: the shipped tree is a proven best by its measure
        "proven_best": a.strategy in engine.SHIPPED,
        "seconds": round(time.perf_counter() - t0, 6),
    }


#: analyse weighs a whole strategy over every secret: it reads no --start or --secret
analyse_options = ("strategy", "ruleset")


def analyse_json(puzzle_id: str, args: Any) -> dict[str, Any]:
    rules = _rules_from(puzzle_id, args)
    option_value(args, "strategy", lambda name: _strategy(rules, name))
    out = analyse_strategy(rules, getattr(args, "strategy", None))
    if getattr(args, "tree", False) and out.get("status") != CANCELLED:
        out["tree"] = strategy_tree(rules, out["strategy"])
    return out


def strategy_tree(rules: Ruleset, strategy: str | None = None) -> dict[str, Any]:
    """The whole strategy as nested JSON: {"guess": "1123", "0B0C": subtree, "1B2C": ...} with
    one key per answer that does not win, answers ascending; a subtree of one secret is
    {"guess": that secret}. Anyone can check it with their own scoring."""
    _, fn = _strategy(rules, strategy)
    table = rules.table

    def node(rest: np.ndarray) -> dict[str, Any]:
        g = int(rest[0]) if len(rest) == 1 else fn(rules, rest)
        out: dict[str, Any] = {"guess": rules.codes[g]}
        sc = table[g, rest]
        for a in np.unique(sc):
            if a != rules.win:
                out[answer_key(rules, int(a))] = node(rest[sc == a])
        return out

    return node(np.arange(rules.size))


def stats_name(stats_id: str, variant: str, language: str) -> str:
    """A statistics row's name: the game's ("Mastermind") and who guesses, from the row's id
    ("mastermind/player", GuessPuzzle.stats_id)."""
    game, _, mode = stats_id.partition("/")
    preset = next((p for p in FAMILY.presets if p.puzzle_id == game), None)
    name = preset.display_name(language) if preset else stats_id
    if preset and mode == PLAYER:
        name = msg("{game} (you guess)", game=name)
    elif preset and mode == COMPUTER:
        name = msg("{game} (the computer guesses)", game=name)
    return with_variant(name, variant)


#: the proven strategies that may ship, by what they minimise
PROVEN_STRATEGIES = engine.SHIPPED


def proven_strategies(ruleset: str) -> list[str]:
    """The proven strategies shipped for a ruleset ("optimal", "minimax"), for the window's
    choice: a strategy whose data file is missing or refused is left out."""
    found = []
    for name in PROVEN_STRATEGIES:
        try:
            engine.shipped_strategy(ruleset, name)
        except engine.StrategyData:
            continue
        found.append(name)
    return found


def warm_up() -> None:
    """The exact search's compiled kernels loaded and its tables made (Family.warm_up), by
    weighing the guesses of one small position (30 secrets after three answers), which also
    imports what analysis mode reads: the first analysis after two answers otherwise pays for
    them, about 0.6 s measured (CPU 4.1 s -> 3.5 s, 0123 and 4567 against 6281)."""
    puzzle = GuessPuzzle("bulls", "6281", "optimal")
    state = puzzle.initial()
    for guess in ("0123", "4567", "2819"):
        state = puzzle.apply(state, guess)
    puzzle.annotate_moves(state)


FAMILY = Family(
    key="bulls",
    name="Bulls and cows",
    name_ja="数当てゲーム",
    rules="Find the secret of 4 different digits; each guess is scored in bulls (right digit, "
          "right place) and cows (right digit, wrong place). Or let the computer find yours.",
    presets=(Preset("bulls", "Bulls and cows", "数当て (ヒット・アンド・ブロー)",
                    {"ruleset": "bulls"}),
             Preset("mastermind", "Mastermind", "マスターマインド", {"ruleset": "mastermind"})),
    params=(),
    make=make,
    view="pegapp.ui.views.bulls:BullsView",
    stats_id=lambda puzzle: puzzle.stats_id,
    stats_name=stats_name,
    ids=("mastermind",),
    commands=sys.modules[__name__],
    options=("start", "strategy", "ruleset", "secret"),
    warm_up=warm_up,
)
