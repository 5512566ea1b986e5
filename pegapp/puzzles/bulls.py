"""Bulls and cows (4 distinct digits 0-9, 5040 secrets) and classic Mastermind (4 pegs, 6 colours
1-6, repeats allowed, 1296 secrets). Qt-free model for both play modes, plus the CLI handlers.

Codes are strings of digits: "0123" (bulls and cows), "1122" (Mastermind, colours 1..6). A score is
(bulls, cows); for Mastermind read (black pegs, white pegs).

* :class:`PlayerGuessGame` -- the player guesses the computer's secret; ``hint()`` gives the
  strategy's next guess and how many secrets are still consistent with the answers so far.
* :class:`ComputerGuessGame` -- the computer guesses the player's secret; the player answers
  ``answer(bulls, cows)``. Answers that no secret satisfies together raise :class:`Contradiction`,
  which names a minimal set of conflicting answers ("answer 3 contradicts answers 1 and 2").
* :class:`Codebreaker` -- the Puzzle protocol: the secret is fixed, a state is the tuple of guesses
  so far, a move is a guess; ``solve`` continues with the strategy (not proven minimal).

Strategies (``--strategy``): ``default`` (bulls and cows: ``entropy-max7``; Mastermind:
``knuth``), ``first-consistent`` (the article's), ``knuth``, ``entropy``, ``entropy-max7``,
``expected-size``, ``most-parts``; see pegapp.solvers._bulls.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pegapp.core.messages import Message, msg
from pegapp.puzzles.base import BadInput, IllegalMove
from pegapp.solvers import _bulls as engine
from pegapp.solvers._bulls import BULLS, MASTERMIND, RULESETS, Ruleset
from pegapp.solvers.result import (CANCELLED, SOLVED, Progress, SolveResult, Stop, never_stop,
                                   no_progress)

__all__ = ["BULLS", "MASTERMIND", "Ruleset", "Score", "Hint", "Contradiction",
           "PlayerGuessGame", "ComputerGuessGame", "Codebreaker", "get_ruleset", "score",
           "analyse_strategy", "solve_json", "analyse_json"]


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


@dataclass(frozen=True)
class Hint:
    guess: str           # the strategy's next guess
    remaining: int       # secrets still consistent with every answer so far
    consistent: bool     # whether guess itself could be the secret
    strategy: str


class Contradiction(IllegalMove):
    """No secret fits the answers; `answers` are the 1-based numbers of a minimal conflicting set."""

    def __init__(self, message: str, answers: list[int]) -> None:
        super().__init__(message)
        self.answers = answers


def _join(numbers: Sequence[int]) -> str:
    """ "1", "1 and 2", "1, 2 and 3" (a Message from two numbers on)."""
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
        last, others = core[-1], core[:-1]
        if len(others) > 1:
            text = msg("no secret fits all answers: answer {last} contradicts answers {others}",
                       last=last, others=_join(others))
        else:
            text = msg("no secret fits all answers: answer {last} contradicts answer {other}",
                       last=last, other=others[0])
    return Contradiction(text, core)


class _Game:
    def __init__(self, ruleset: str | Ruleset = "bulls", strategy: str | None = None) -> None:
        self.rules = get_ruleset(ruleset)
        self.strategy, self._strategy_fn = _strategy(self.rules, strategy)
        self.history: list[tuple[str, Score]] = []
        self._remaining = np.arange(self.rules.size)

    def _coded(self) -> list[tuple[int, int]]:
        return [(self.rules.index[g], self.rules.encode(s.bulls, s.cows)) for g, s in self.history]

    def _recompute(self) -> None:
        self._remaining = engine.consistent(self.rules, self._coded())

    @property
    def remaining_count(self) -> int:
        return len(self._remaining)

    def remaining(self, limit: int | None = None) -> list[str]:
        """The secrets still consistent with every answer (lexicographic order)."""
        idx = self._remaining if limit is None else self._remaining[:limit]
        return [self.rules.codes[i] for i in idx]

    @property
    def guesses(self) -> int:
        return len(self.history)

    @property
    def solved(self) -> bool:
        return bool(self.history) and self.history[-1][1].bulls == self.rules.pegs

    def _best(self) -> str:
        return self.rules.codes[self._strategy_fn(self.rules, self._remaining)]


class PlayerGuessGame(_Game):
    """The player guesses the computer's secret.

    PlayerGuessGame(ruleset="bulls", secret=None, seed=None, strategy=None): secret defaults to a
    random code (random.Random(seed)). guess(code) -> Score; hint() -> Hint.
    """

    def __init__(self, ruleset: str | Ruleset = "bulls", secret: str | None = None,
                 seed: int | None = None, strategy: str | None = None) -> None:
        super().__init__(ruleset, strategy)
        if secret is None:
            secret = random.Random(seed).choice(self.rules.codes)
        self.secret = _check(self.rules, secret)

    def guess(self, code: str) -> Score:
        if self.solved:
            raise IllegalMove(msg("the game is over: the secret {secret} was found",
                                  secret=self.secret))
        try:
            g = self.rules.check_code(code)
        except ValueError as exc:
            raise IllegalMove(exc.args[0]) from None
        s = Score(*self.rules.score(g, self.secret))
        self.history.append((g, s))
        code_s = self.rules.encode(s.bulls, s.cows)
        self._remaining = self._remaining[self.rules.table[self.rules.index[g],
                                                           self._remaining] == code_s]
        return s

    def undo(self) -> None:
        if self.history:
            self.history.pop()
            self._recompute()

    def hint(self) -> Hint:
        """The strategy's best next guess from what the answers so far allow."""
        g = self._best()
        return Hint(g, self.remaining_count, self.rules.index[g] in set(self._remaining.tolist()),
                    self.strategy)


class ComputerGuessGame(_Game):
    """The computer guesses the player's secret; the player scores each question.

    ComputerGuessGame(ruleset="bulls", strategy=None). question() -> the code asked now;
    answer(bulls, cows) records the score of that question (raises BadInput for a score that cannot
    exist, Contradiction when no secret fits all answers; neither is recorded). undo() takes back
    the last answer. solved once an answer says all bulls; `secret` is then the code.
    """

    def __init__(self, ruleset: str | Ruleset = "bulls", strategy: str | None = None) -> None:
        super().__init__(ruleset, strategy)
        self._question: str | None = None

    def question(self) -> str:
        if self.solved:
            raise IllegalMove(msg("the secret is already found"))
        if self._question is None:
            self._question = self._best()
        return self._question

    @property
    def secret(self) -> str | None:
        return self.history[-1][0] if self.solved else None

    def answer(self, bulls: int, cows: int) -> None:
        p = self.rules.pegs
        if not (isinstance(bulls, int) and isinstance(cows, int)) or bulls < 0 or cows < 0:
            raise BadInput(msg("bulls and cows are counts: whole numbers from 0"))
        if bulls + cows > p:
            raise BadInput(msg("bulls + cows is at most {pegs}, not {total}", pegs=p,
                               total=bulls + cows))
        q = self.question()
        s = Score(bulls, cows)
        trial = self.history + [(q, s)]
        coded = self.rules.encode(bulls, cows)
        left = self._remaining[self.rules.table[self.rules.index[q], self._remaining] == coded]
        if not len(left):
            raise explain_conflict(self.rules, trial)
        self.history = trial
        self._remaining = left
        self._question = None

    def undo(self) -> None:
        if self.history:
            self.history.pop()
            self._recompute()
            self._question = None


class Codebreaker:
    """Puzzle protocol view: find a fixed secret. State: tuple of guesses; move: a guess code."""

    def __init__(self, ruleset: str | Ruleset = "bulls", secret: str | None = None,
                 strategy: str | None = None, seed: int | None = None) -> None:
        self.rules = get_ruleset(ruleset)
        self.id = self.rules.name
        self.strategy, self._fn = _strategy(self.rules, strategy)
        if secret is None:
            secret = random.Random(seed).choice(self.rules.codes)
        self.secret = _check(self.rules, secret)

    def initial(self) -> tuple[str, ...]:
        return ()

    def moves(self, state: tuple[str, ...]) -> Iterable[str]:
        return [] if self.is_solved(state) else list(self.rules.codes)

    def apply(self, state: tuple[str, ...], move: str) -> tuple[str, ...]:
        if self.is_solved(state):
            raise IllegalMove(msg("the secret is already found"))
        try:
            code = self.rules.check_code(move)
        except ValueError as exc:
            raise IllegalMove(exc.args[0]) from None
        return (*state, code)

    def is_solved(self, state: tuple[str, ...]) -> bool:
        return bool(state) and state[-1] == self.secret

    def scores(self, state: Sequence[str]) -> list[Score]:
        return [Score(*self.rules.score(g, self.secret)) for g in state]

    def solve(self, state: tuple[str, ...], progress: Progress = no_progress,
              stop: Stop = never_stop) -> SolveResult:
        """The strategy's guesses from state until the secret is found (not proven minimal)."""
        t0 = time.perf_counter()
        r = self.rules
        history = [(r.index[g], r.encode(*r.score(g, self.secret))) for g in state]
        remaining = engine.consistent(r, history)
        sec = r.index[self.secret]
        moves: list[str] = []
        stage = msg("choosing a guess")
        if not self.is_solved(state):
            while True:
                g = self._fn(r, remaining)
                moves.append(r.codes[g])
                s = int(r.table[g, sec])
                progress(stage, len(moves), len(remaining))
                if s == r.win:
                    break
                remaining = remaining[r.table[g, remaining] == s]
        stats = {"strategy": self.strategy, "seconds": time.perf_counter() - t0,
                 "scores": [self.rules.score(g, self.secret) for g in moves]}
        return SolveResult(SOLVED, moves, False, "", None, stats)

    def format_moves(self, moves: Sequence[str]) -> str:
        return " ".join(moves)

    def parse_moves(self, text: str) -> list[str]:
        out = []
        for token in re.split(r"[\s,;/]+", text.strip()):
            if token:
                out.append(_check(self.rules, token.strip("[]()")))
        return out


# ----- CLI handlers -----

def _rules_from(puzzle_id: str, args: Any) -> Ruleset:
    family, _, rest = puzzle_id.partition("/")
    requested = getattr(args, "ruleset", None)
    if family == "mastermind":
        if requested and get_ruleset(requested).name != "mastermind":
            raise BadInput(msg("{puzzle}: --ruleset {ruleset} does not match", puzzle=puzzle_id,
                               ruleset=requested))
        return MASTERMIND
    return get_ruleset(rest or requested or "bulls")


def solve_json(puzzle_id: str, args: Any) -> dict[str, Any]:
    t0 = time.perf_counter()
    rules = _rules_from(puzzle_id, args)
    secret = getattr(args, "secret", None) or getattr(args, "start", None)
    if not secret:
        example = "1122" if rules.repeats else "6281"
        raise BadInput(msg("{puzzle}: give the secret with --secret, e.g. --secret {example}",
                           puzzle=rules.name, example=example))
    puzzle = Codebreaker(rules, secret, getattr(args, "strategy", None))
    result = puzzle.solve(puzzle.initial())
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
        "notation": puzzle.format_moves(result.moves or []),
        "seconds": round(time.perf_counter() - t0, 6),
    }


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
        "seconds": round(time.perf_counter() - t0, 6),
    }


def analyse_json(puzzle_id: str, args: Any) -> dict[str, Any]:
    rules = _rules_from(puzzle_id, args)
    return analyse_strategy(rules, getattr(args, "strategy", None))
