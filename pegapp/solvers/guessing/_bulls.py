"""Code-breaking engine for bulls-and-cows and Mastermind: rulesets, score tables, strategies,
whole-strategy analysis. No Qt; numpy only.

Codes are stored by index into ``Ruleset.codes`` (lexicographic order of digit strings). A score is
one small int, ``bulls * (pegs + 1) + cows`` (Mastermind: black pegs, white pegs), so a whole
``N x N`` score table fits in uint8 (5040 x 5040 = 25 MB for bulls and cows, built once, lazily).

A strategy maps the set of codes still consistent with every answer (a sorted index array) to the
next guess. Every strategy here depends on that set only, so one function serves the hint of the
"player guesses" mode, the questions of the "computer guesses" mode and the analysis over all
secrets (a walk of the decision tree the strategy induces: one node per distinct consistent set,
partitioned by the answers).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

import numpy as np

from pegapp.core.messages import msg
from pegapp.core.storage import read_regular
from pegapp.solvers.guessing.classes import (first_guess_kind, first_guess_kinds, renaming,
                                          same_as, second_guess_code, second_guess_key,
                                          second_guess_values)
from pegapp.solvers.guessing.exact import (EXACT_NODES, WEIGH_LIMIT, Search, exact_choice,
                                        lend_search, minimax_value)
from pegapp.solvers.result import Cancelled


@dataclass(frozen=True)
class Ruleset:
    name: str             # "bulls" or "mastermind"
    pegs: int
    symbols: str          # the digits a code is written with
    repeats: bool

    @cached_property
    def codes(self) -> list[str]:
        if self.repeats:
            return ["".join(p) for p in itertools.product(self.symbols, repeat=self.pegs)]
        return ["".join(p) for p in itertools.permutations(self.symbols, self.pegs)]

    @cached_property
    def index(self) -> dict[str, int]:
        return {c: i for i, c in enumerate(self.codes)}

    @property
    def size(self) -> int:
        return len(self.codes)

    @property
    def win(self) -> int:
        return self.pegs * (self.pegs + 1)

    @property
    def n_scores(self) -> int:
        return (self.pegs + 1) ** 2

    def encode(self, bulls: int, cows: int) -> int:
        return bulls * (self.pegs + 1) + cows

    def decode(self, score: int) -> tuple[int, int]:
        return divmod(int(score), self.pegs + 1)

    @cached_property
    def possible_scores(self) -> frozenset[int]:
        """Scores that some (guess, secret) pair gives."""
        return frozenset(int(s) for s in np.unique(self.table))

    def check_code(self, text: str) -> str:
        """Normalised code, or ValueError with a one-line reason (a Message, args[0])."""
        code = "".join(ch for ch in str(text) if not ch.isspace() and ch not in ",-[]()")
        if len(code) != self.pegs:
            raise ValueError(msg("a code has {pegs} digits, not {count}: {text!r}",
                                 pegs=self.pegs, count=len(code), text=text))
        bad = [ch for ch in code if ch not in self.symbols]
        if bad:
            raise ValueError(msg("{text!r}: digits are {first}..{last}, not {bad!r}", text=text,
                                 first=self.symbols[0], last=self.symbols[-1], bad=bad[0]))
        if not self.repeats and len(set(code)) != self.pegs:
            raise ValueError(msg("{text!r}: the {pegs} digits must all differ", text=text,
                                 pegs=self.pegs))
        return code

    def score(self, guess: str, secret: str) -> tuple[int, int]:
        """(bulls, cows) of guess against secret, straight from the rules."""
        bulls = sum(g == s for g, s in zip(guess, secret))
        common = sum(min(guess.count(d), secret.count(d)) for d in set(guess))
        return bulls, common - bulls

    @cached_property
    def table(self) -> np.ndarray:
        return score_table(self)

    @cached_property
    def article_order(self) -> np.ndarray:
        """Code indices in the order the article's generator produces them (see article_codes)."""
        return np.array([self.index[c] for c in article_codes(self)], dtype=np.int64)

    @cached_property
    def article_rank(self) -> np.ndarray:
        rank = np.empty(self.size, dtype=np.int64)
        rank[self.article_order] = np.arange(self.size)
        return rank


BULLS = Ruleset("bulls", 4, "0123456789", False)
MASTERMIND = Ruleset("mastermind", 4, "123456", True)
RULESETS = {"bulls": BULLS, "mastermind": MASTERMIND}


def article_codes(rules: Ruleset) -> list[str]:
    """The codes in the order the article's make_perm generates them.

    make_perm(i) keeps buff[i] first, then for j = i+1 .. n-1 swaps buff[i] and buff[j], recurses
    and swaps back. Because the swap is undone only after the recursion, the tail seen by the next
    level is not sorted: with buff = 0..9, after 0 comes 1 2 3 ...; after [1 ...] the tail is
    0 2 3 4 ...; after [2 ...] it is 1 0 3 4 ... So the order is not lexicographic: e.g. 0123,
    0124, ..., 0129, 0132, 0134 ... and 2103 comes before 2013. (Mastermind with repeats: plain
    lexicographic order 1111, 1112, ...)
    """
    if rules.repeats:
        return list(rules.codes)
    buff = list(rules.symbols)
    n, k = len(buff), rules.pegs
    out: list[str] = []

    def make_perm(i: int) -> None:
        if i == k:
            out.append("".join(buff[:k]))
            return
        make_perm(i + 1)
        temp = buff[i]
        for j in range(i + 1, n):
            buff[i] = buff[j]
            buff[j] = temp
            make_perm(i + 1)
            buff[j] = buff[i]
            buff[i] = temp

    make_perm(0)
    return out


def score_table(rules: Ruleset) -> np.ndarray:
    """table[g, s] = encoded score of guess g against secret s (uint8, N x N)."""
    digits = np.array([[rules.symbols.index(ch) for ch in c] for c in rules.codes], dtype=np.int8)
    n = len(digits)
    bulls = np.zeros((n, n), dtype=np.uint8)
    for p in range(rules.pegs):
        bulls += digits[:, p][:, None] == digits[:, p][None, :]
    if not rules.repeats:
        # distinct symbols: the symbols in common are the set bits of the two codes' symbol
        # masks ANDed, one lookup a pair instead of a minimum per symbol (bulls and cows' whole
        # table, made at the start of a game: 0.45 s instead of 0.62 s)
        masks = (np.int64(1) << digits.astype(np.int64)).sum(axis=1).astype(np.uint16)
        ones = np.array([bin(m).count("1") for m in range(1 << len(rules.symbols))],
                        dtype=np.uint8)
        common = ones[masks[:, None] & masks[None, :]]
    else:
        counts = np.zeros((n, len(rules.symbols)), dtype=np.int8)
        for p in range(rules.pegs):
            counts[np.arange(n), digits[:, p]] += 1
        common = np.zeros((n, n), dtype=np.uint8)
        for d in range(len(rules.symbols)):
            col = counts[:, d]
            if col.any():
                common += np.minimum(col[:, None], col[None, :]).astype(np.uint8)
    return bulls * np.uint8(rules.pegs + 1) + (common - bulls)


# ----- strategies -----

Strategy = Callable[[Ruleset, np.ndarray], int]


def partition_counts(rules: Ruleset, remaining: np.ndarray,
                     guesses: np.ndarray | None = None) -> np.ndarray:
    """counts[g, v] = how many remaining codes answer v to guess g (rows: all codes or guesses)."""
    # the table is symmetric, so table[remaining] (contiguous rows) is the transposed column block
    sub = rules.table[remaining].astype(np.int64)
    if guesses is not None:
        sub = sub[:, guesses]
    m = rules.n_scores
    n = sub.shape[1]
    sub += (np.arange(n, dtype=np.int64) * m)[None, :]
    return np.bincount(sub.ravel(), minlength=n * m).reshape(n, m)


@lru_cache(maxsize=4)
def _clogc(n: int) -> np.ndarray:
    """c * log2(c) for c = 0 .. n (0 for c = 0)."""
    c = np.arange(n + 1, dtype=np.float64)
    out = np.zeros(n + 1)
    out[1:] = c[1:] * np.log2(c[1:])
    return out


def _entropy_key(rules: Ruleset, remaining: np.ndarray) -> np.ndarray:
    """sum of c log2 c over the parts (smaller = more information), rounded so ties are ties."""
    counts = partition_counts(rules, remaining)
    return np.round(_clogc(rules.size)[counts].sum(axis=1), 9)


def _pick(rules: Ruleset, remaining: np.ndarray, key: np.ndarray) -> int:
    """The code with the smallest key; ties: codes still possible first, then lowest code."""
    best = key.min()
    cands = np.flatnonzero(key == best)
    inside = np.intersect1d(cands, remaining, assume_unique=True)
    return int(inside[0] if len(inside) else cands[0])


def first_consistent(rules: Ruleset, remaining: np.ndarray) -> int:
    """The article's: the first code, in the article's generation order, consistent so far."""
    return int(remaining[np.argmin(rules.article_rank[remaining])])


def _first_guess(rules: Ruleset, default: str) -> int:
    return rules.index[default]


def knuth(rules: Ruleset, remaining: np.ndarray) -> int:
    """Knuth (1977): minimise the largest part; ties: consistent codes first, then lowest code.

    First guess 1122 (Mastermind) / 0123 (bulls and cows, where all first guesses are alike).
    """
    if len(remaining) == rules.size:
        return _first_guess(rules, "1122" if rules.repeats else "0123")
    if len(remaining) <= 2:
        return int(remaining[0])
    counts = partition_counts(rules, remaining)
    return _pick(rules, remaining, counts.max(axis=1))


def _expected_key(rules: Ruleset, remaining: np.ndarray) -> np.ndarray:
    counts = partition_counts(rules, remaining)
    # expected size of the remaining set after the answer; a win leaves nothing to find
    win = rules.win
    sq = (counts * counts).sum(axis=1) - counts[:, win] ** 2
    return sq


def expected_size(rules: Ruleset, remaining: np.ndarray) -> int:
    """Minimise the expected number of codes left (sum of squared part sizes, win part 0)."""
    if len(remaining) == rules.size:
        return _first_guess(rules, "1123" if rules.repeats else "0123")
    if len(remaining) <= 2:
        return int(remaining[0])
    return _pick(rules, remaining, _expected_key(rules, remaining))


def most_parts(rules: Ruleset, remaining: np.ndarray) -> int:
    """Maximise the number of distinct answers (a win counts as a part of its own)."""
    if len(remaining) == rules.size:
        return _first_guess(rules, "1123" if rules.repeats else "0123")
    if len(remaining) <= 2:
        return int(remaining[0])
    counts = partition_counts(rules, remaining)
    parts = (counts > 0).sum(axis=1)
    return _pick(rules, remaining, -parts)


def entropy(rules: Ruleset, remaining: np.ndarray) -> int:
    """Maximise the information of the answer (Shannon entropy of the part sizes)."""
    if len(remaining) == rules.size:
        return _first_guess(rules, "1234" if rules.repeats else "0123")
    if len(remaining) <= 2:
        return int(remaining[0])
    # entropy = log2 n - sum(c log c)/n: maximise <=> minimise sum c log c (rounded for ties)
    return _pick(rules, remaining, _entropy_key(rules, remaining))


#: Where "entropy-max7" departs from "entropy" on bulls and cows: {set_key(consistent set): guess}.
#: Found by guessing.repair.find_overrides(BULLS, "entropy", 7) (tests check it still finds exactly
#: this): plain entropy needs 8 guesses for one secret (9835); this single change at a node of 6
#: codes keeps every secret within 7 guesses.
ENTROPY_MAX7_OVERRIDES: dict[str, dict[str, str]] = {
    "bulls": {"3895 3985 8395 8935 9385 9835": "0381"},
    "mastermind": {},
}


def entropy_max7(rules: Ruleset, remaining: np.ndarray) -> int:
    """Entropy, with the few decisions changed that keep the worst case within 7 guesses."""
    table = ENTROPY_MAX7_OVERRIDES.get(rules.name, {})
    if table and len(remaining) <= 64:
        hit = table.get(set_key(rules, remaining))
        if hit is not None:
            return rules.index[hit]
    return entropy(rules, remaining)


# ----- the proven optimal strategies, shipped as data -----

#: what each shipped strategy minimises, in the order it does
SHIPPED = {"optimal": "fewest guesses on average", "minimax": "fewest guesses at worst"}
class StrategyData(ValueError):
    """A shipped strategy file is missing or does not match the rules."""


#: the largest strategy file read (storage.read_regular); the shipped ones are under 20 kB
MAX_STRATEGY_BYTES = 16_000_000


@lru_cache(maxsize=8)
def shipped_strategy(ruleset: str, name: str) -> dict:
    """The strategy file resources/strategies/<ruleset>-<name>.json (built by
    packaging/build_guess_strategies.py), with "choices": {set of secrets (int64 bytes): guess},
    rebuilt from its preorder list of guesses. StrategyData names file and reason if bad."""
    import json

    from pegapp.core import resources
    rules = RULESETS[ruleset]
    path = resources.path("strategies", f"{ruleset}-{name}.json")
    try:
        doc = json.loads(read_regular(path, MAX_STRATEGY_BYTES))
        guesses = [rules.index[c] for c in doc["preorder"].split()]
    except FileNotFoundError:
        raise StrategyData(msg("{file}: missing; build it with "
                               "packaging/build_guess_strategies.py", file=path.name)) from None
    except OSError as exc:  # a folder, a FIFO, a link to a device, too large, unreadable
        raise StrategyData(msg("the strategy file {file} cannot be read ({reason})",
                               file=str(path), reason=exc.strerror or str(exc))) from None
    except (ValueError, KeyError, TypeError) as exc:
        raise StrategyData(msg("{file}: field preorder: {reason}", file=path.name,
                               reason=str(exc))) from None
    choices: dict[bytes, int] = {}
    it = iter(guesses)
    stack = [np.arange(rules.size, dtype=np.int64)]
    table = rules.table
    try:
        while stack:
            rest = stack.pop()
            if len(rest) < 2:
                continue
            g = next(it)
            choices[rest.tobytes()] = g
            sc = table[g, rest]
            parts = [rest[sc == a] for a in np.unique(sc) if a != rules.win]
            if len(parts) == 1 and len(parts[0]) == len(rest):
                raise ValueError(f"{rules.codes[g]} splits nothing")
            stack.extend(reversed(parts))
        if next(it, None) is not None:
            raise ValueError("more guesses than the tree has nodes")
    except (StopIteration, ValueError) as exc:
        raise StrategyData(msg("{file}: field preorder: {reason}", file=path.name,
                               reason=str(exc) or "fewer guesses than the tree has nodes")) from None
    doc["choices"] = choices
    return doc


def on_shipped_tree(rules: Ruleset, remaining: np.ndarray, name: str) -> bool:
    """Whether the shipped strategy `name` reaches this set of secrets itself."""
    try:
        doc = shipped_strategy(rules.name, name)
    except StrategyData:
        return False
    return len(remaining) < 2 or np.asarray(remaining, dtype=np.int64).tobytes() in doc["choices"]


def tree_frame(rules: Ruleset, name: str, history: Sequence[tuple[int, int]]) -> np.ndarray | None:
    """Where every first guess is one kind up to renaming the symbols (bulls and cows: four
    distinct digits), the renaming that takes the player's first guess onto the shipped tree's
    own, as a permutation of code indices (perm[code] = renamed code); None when there is no
    first guess yet, it is the tree's own already, or the ruleset has several kinds. Renaming
    symbols changes no answer, so the tree's play in the renamed game, renamed back, is as good
    in the player's: the hints after any first guess are the proven best."""
    if not history or name not in SHIPPED or len(first_guess_kinds(rules)) != 1:
        return None
    try:
        root = shipped_strategy(rules.name, name)["preorder"].split(None, 1)[0]
    except StrategyData:
        return None
    first = rules.codes[history[0][0]]
    if first == root:
        return None
    return renaming(rules, first, root)


def weigh_best_play(rules: Ruleset, name: str, remaining: np.ndarray, guess: int,
                    stop: Callable[[], bool] | None = None,
                    history: Sequence[tuple[int, int]] = (),
                    search: Search | None = None) -> tuple[Outlook, bool]:
    """(Outlook of `guess` with the shipped strategy `name` playing on, exact): exact is true
    when that play is the proven best after the guess by the strategy's measure -- optimal:
    every set the play meets is on the shipped tree (its subtrees are best for their part) or
    solved on the spot by the exact search within EXACT_NODES; minimax, after an answer: the
    value computed (guessing.exact.minimax_value) within EXACT_NODES; otherwise the numbers are
    those of a play that exists, so they bound the best from above. Before any answer the
    shipped table of first guesses answers at once (every first guess is one of a few kinds up
    to symmetry). `search`: a lent exact search (guessing.exact.lend_search), else one is lent for
    the call."""
    doc = shipped_strategy(rules.name, name)
    remaining = np.asarray(remaining, dtype=np.int64)
    firsts = doc.get("first_guesses") or {}
    kind = first_guess_kind(rules, guess) if len(remaining) == rules.size else None
    if kind in firsts:
        row = firsts[kind]
        parts = np.bincount(rules.table[guess], minlength=rules.n_scores)
        return Outlook(int(guess), int(row["worst"]), row["total_guesses"] / rules.size,
                       int(parts.max()), True), True
    seconds = second_guess_values(rules, history, remaining, name)
    if seconds is not None:
        total, worst = seconds[second_guess_key(rules, history[0][0], guess)]
        scores = rules.table[guess, remaining]
        parts = np.bincount(scores, minlength=rules.n_scores)
        return Outlook(int(guess), int(worst), total / len(remaining), int(parts.max()),
                       bool(np.any(remaining == guess))), True
    # the shipped tree where it reaches, else the exact search within EXACT_NODES for the whole
    # walk; a set it cannot solve in that is played by entropy, and the play is then no more
    # than one that exists
    if search is None:
        with lend_search(rules) as lent:
            return weigh_best_play(rules, name, remaining, guess, stop, history, lent)
    exact = search()
    if name == "minimax" and len(remaining) < rules.size:
        # fewest at worst, then in all, for this position: a part that could end sooner may use
        # the deepest part's depth to take fewer in all, which the walk's play (each part for
        # itself, or the whole game's tree) need not do; so the value is computed, and the
        # walk, where that is out of reach, is only a play that exists
        scores = rules.table[guess, remaining]
        counts = np.bincount(scores, minlength=rules.n_scores)
        counts[rules.win] = 0
        if counts.max() <= WEIGH_LIMIT[rules.name]:
            value = minimax_value(rules, remaining, guess, exact, EXACT_NODES[rules.name])
            if value is not None:
                parts = np.bincount(scores, minlength=rules.n_scores)
                return Outlook(int(guess), value[1], value[0] / len(remaining),
                               int(parts.max()), bool(np.any(remaining == guess))), True
    left = [EXACT_NODES[rules.name]]
    gave_up = [name == "minimax" and len(remaining) < rules.size]

    def best_play(rules: Ruleset, rem: np.ndarray) -> int:
        if len(rem) <= 2:
            return int(rem[0])
        hit = doc["choices"].get(np.asarray(rem, dtype=np.int64).tobytes())
        if hit is not None:
            return hit
        before = int(exact.counter[0])
        found = exact_choice(rules, rem, name, max(left[0], 1), search) if left[0] > 0 else None
        left[0] -= int(exact.counter[0]) - before
        if found is None:
            gave_up[0] = True
            return entropy(rules, rem)
        return found[0]

    return outlook(rules, best_play, remaining, guess, stop), not gave_up[0]


def _shipped(name: str) -> Strategy:
    def strategy(rules: Ruleset, remaining: np.ndarray) -> int:
        doc = shipped_strategy(rules.name, name)
        if len(remaining) <= 2:
            return int(remaining[0])
        hit = doc["choices"].get(np.asarray(remaining, dtype=np.int64).tobytes())
        if hit is not None:
            return hit
        exact = exact_choice(rules, remaining, name)
        if exact is not None:
            return exact[0]
        return entropy(rules, remaining)

    strategy.__name__ = name
    strategy.__doc__ = (f"The proven {SHIPPED[name]} (shipped tree; off it, solved exactly for "
                        "small sets, else the entropy choice).")
    return strategy


STRATEGIES: dict[str, Strategy] = {
    "optimal": _shipped("optimal"),
    "minimax": _shipped("minimax"),
    "first-consistent": first_consistent,
    "knuth": knuth,
    "expected-size": expected_size,
    "most-parts": most_parts,
    "entropy": entropy,
    "entropy-max7": entropy_max7,
}
#: the strategy "default" means, per ruleset
DEFAULT_STRATEGY = {"bulls": "optimal", "mastermind": "optimal"}
_WRAPPED: dict[str, Strategy] = {}


def perfect_splitter(rules: Ruleset, remaining: np.ndarray, limit: int = 64) -> int | None:
    """The lowest code of `remaining` whose answers tell every code of `remaining` apart.

    Such a guess is what every one-step strategy here picks anyway (it is best by each key: parts
    all of size 1, and it is consistent, the first tie-break), so checking the |S| x |S| block first
    saves the full N x |S| count on the many small nodes. None if there is none (or |S| > limit).
    """
    n = len(remaining)
    if n > limit:
        return None
    block = rules.table[np.ix_(remaining, remaining)]
    srt = np.sort(block, axis=1)
    distinct = (srt[:, 1:] != srt[:, :-1]).all(axis=1)
    hits = np.flatnonzero(distinct)
    return int(remaining[hits[0]]) if len(hits) else None


_MEMO: dict[tuple[str, str, bytes], int] = {}
_MEMO_MAX = 20000


def _wrap(name: str, fn: Strategy) -> Strategy:
    """Strategy with the perfect-splitter shortcut and a memo of decisions on large sets."""
    if name == "first-consistent":
        return fn

    def strategy(rules: Ruleset, remaining: np.ndarray) -> int:
        overrides = ENTROPY_MAX7_OVERRIDES.get(rules.name) if name == "entropy-max7" else None
        if len(remaining) <= 2:
            return int(remaining[0])
        if len(remaining) == rules.size:
            return fn(rules, remaining)
        if overrides and len(remaining) <= 64:          # stored repairs come first
            fixed = overrides.get(set_key(rules, remaining))
            if fixed is not None:
                return rules.index[fixed]
        hit = perfect_splitter(rules, remaining)
        if hit is not None:
            return hit
        key = (rules.name, name, remaining.tobytes()) if len(remaining) > 64 else None
        if key is not None and key in _MEMO:
            return _MEMO[key]
        g = fn(rules, remaining)
        if key is not None:
            if len(_MEMO) >= _MEMO_MAX:
                _MEMO.clear()
            _MEMO[key] = g
        return g

    strategy.__doc__ = fn.__doc__
    strategy.__name__ = fn.__name__
    return strategy


def strategy_named(rules: Ruleset, name: str | None) -> tuple[str, Strategy]:
    """(canonical name, function); ValueError (args[0] a Message) for an unknown name."""
    key = (name or "default").strip().lower().replace("_", "-")
    if key == "default":
        key = DEFAULT_STRATEGY[rules.name]
    if key not in STRATEGIES:
        known = ", ".join(["default", *STRATEGIES])
        raise ValueError(msg("unknown strategy {name!r} (known: {known})", name=name,
                             known=known))
    if key in SHIPPED:
        shipped_strategy(rules.name, key)       # StrategyData (a ValueError) if not shipped
        return key, STRATEGIES[key]
    return key, _WRAPPED[key]


_WRAPPED.update({k: _wrap(k, f) for k, f in STRATEGIES.items()})


# ----- consistency -----

def consistent(rules: Ruleset, history: list[tuple[int, int]],
               within: np.ndarray | None = None) -> np.ndarray:
    """Indices of the codes that give every (guess index, score) of history."""
    mask = np.ones(rules.size, dtype=bool)
    for g, s in history:
        mask &= rules.table[g] == s
    out = np.flatnonzero(mask)
    return out if within is None else np.intersect1d(out, within)


def minimal_conflict(rules: Ruleset, history: list[tuple[int, int]]) -> list[int]:
    """0-based positions of a minimal set of answers no code satisfies (deletion filter).

    Only meaningful when consistent(rules, history) is empty. Answers are dropped from the last
    but one backwards while the rest still has no solution; the last answer is tried last, so the
    newest answer usually stays in the explanation.
    """
    keep = list(range(len(history)))
    order = list(range(len(history) - 2, -1, -1)) + [len(history) - 1]
    for i in order:
        trial = [j for j in keep if j != i]
        if trial and not len(consistent(rules, [history[j] for j in trial])):
            keep = trial
    return keep


# ----- analysis -----

@dataclass
class Analysis:
    ruleset: str
    strategy: str
    secrets: int
    total: int                      # sum over secrets of guesses needed
    worst: int
    histogram: list[int]            # histogram[k] = secrets found with exactly k guesses
    worst_secrets: list[str] = field(default_factory=list)
    first_guess: str = ""
    nodes: int = 0                  # decision-tree nodes (distinct consistent sets asked about)
    seconds: float = 0.0

    @property
    def average(self) -> float:
        return self.total / self.secrets


def walk(rules: Ruleset, fn: Strategy, remaining: np.ndarray, first: int | None = None,
         stop: Callable[[], bool] | None = None,
         progress: Callable[[str, int, int], None] | None = None) -> tuple[np.ndarray, int]:
    """How many guesses each code of `remaining` needs when `first` is guessed first (None: the
    strategy's own choice) and the strategy plays on: (guesses, nodes), guesses[i] for
    remaining[i]. One walk of the decision tree the play induces, every secret at once: the
    analysis of a strategy (analyse) and of a candidate guess (analysis mode) are both this.

    A first guess that splits nothing (every code answers it alike) is allowed -- a player may
    waste a guess -- the strategy's own choices must split. Raises Cancelled when stop() is true.
    """
    guesses = np.zeros(rules.size, dtype=np.int64)
    nodes = 0
    stack: list[tuple[np.ndarray, int, int | None]] = [(np.asarray(remaining), 1, first)]
    table = rules.table
    stage = msg("weighing every possible guess")
    while stack:
        if stop is not None and stop():
            raise Cancelled
        rest, depth, chosen = stack.pop()
        g = fn(rules, rest) if chosen is None else int(chosen)
        nodes += 1
        if progress is not None and nodes % 64 == 0:
            progress(stage, depth, nodes)
        scores = table[g, rest]
        order = np.argsort(scores, kind="stable")
        sorted_scores = scores[order]
        ranked = rest[order]
        # each answer's part as a slice (np.split and np.r_ cost more than the nodes' own work)
        bounds = [0, *(np.flatnonzero(sorted_scores[1:] != sorted_scores[:-1]) + 1).tolist(),
                  len(rest)] if len(rest) else [0]
        for a, b in zip(bounds, bounds[1:]):
            part, sc = ranked[a:b], sorted_scores[a]
            if sc == rules.win:
                guesses[part] = depth
            else:
                if len(part) == len(rest) and chosen is None:
                    raise RuntimeError(f"strategy {fn.__name__} asked {rules.codes[g]}, which "
                                       f"does not split {len(rest)} codes")
                stack.append((np.sort(part), depth + 1, None))
    return guesses[np.asarray(remaining)], nodes


def analyse(rules: Ruleset, strategy: str | None = None, stop: Callable[[], bool] | None = None,
            progress: Callable[[str, int, int], None] | None = None) -> Analysis:
    """Play the strategy against every secret at once, by walking its decision tree.

    Raises Cancelled (pegapp.solvers.gf2.Cancelled) when stop() becomes true.
    """
    t0 = time.perf_counter()
    name, fn = strategy_named(rules, strategy)
    every = np.arange(rules.size)
    first = fn(rules, every)
    guesses, nodes = walk(rules, fn, every, first, stop, progress)
    hist = np.bincount(guesses)
    worst = int(guesses.max())
    worst_secrets = [rules.codes[i] for i in np.flatnonzero(guesses == worst)]
    return Analysis(rules.name, name, rules.size, int(guesses.sum()), worst,
                    [int(h) for h in hist], worst_secrets, rules.codes[first], nodes,
                    time.perf_counter() - t0)


@dataclass
class Outlook:
    """A candidate guess from a set of possible secrets: how many guesses find the secret,
    counting this one, when the strategy plays on after it -- in the worst case over the secrets
    still possible, and on average over them (each equally likely)."""

    guess: int
    worst: int
    expected: float
    largest_part: int     # the most secrets one answer to it can leave
    consistent: bool      # it may be the secret itself


def outlook(rules: Ruleset, fn: Strategy, remaining: np.ndarray, guess: int,
            stop: Callable[[], bool] | None = None) -> Outlook:
    """The Outlook of guessing `guess` now, then playing fn (exact for that play: every secret
    of `remaining` is played out)."""
    guesses, _nodes = walk(rules, fn, remaining, guess, stop)
    scores = rules.table[guess, remaining]
    parts = np.bincount(scores, minlength=rules.n_scores)
    return Outlook(int(guess), int(guesses.max()), float(guesses.mean()), int(parts.max()),
                   bool(np.any(remaining == guess)))


def candidates(rules: Ruleset, remaining: np.ndarray, own: int, count: int = 8,
               consistent: int = 2, history: Sequence[tuple[int, int]] = (),
               strategy: str = "optimal") -> list[int]:
    """The guesses worth weighing from `remaining` (analysis mode): the strategy's own, then the
    `count` best by one-step look-ahead (smallest largest part, then smallest expected part;
    codes still possible first, then the lowest), and the possible secrets themselves when
    `count` or fewer are left (else the `consistent` best of them). After one answer (the
    guesses and answers so far in `history`), where the exact value of every second guess
    ships, the `count` best by that value and the best possible secret instead (by the
    strategy's measure: minimax, fewest at worst first; any other, fewest in all). Guesses that
    cost the same by a symmetry of the set (same_as) are picked once."""
    out = [int(own)]
    if len(remaining) == rules.size:  # nothing known yet: one guess per kind of first guess
        return list(dict.fromkeys([*out, *first_guess_kinds(rules)]))
    measure = "minimax" if strategy == "minimax" else "optimal"
    seconds = second_guess_values(rules, history, remaining, measure)
    if seconds is not None:  # after one answer: the best by their shipped exact values
        first = history[0][0]

        def value(key: str) -> tuple[int, int]:     # [total, worst] in the order measured
            total, worst = seconds[key]
            return (worst, total) if measure == "minimax" else (total, worst)

        ranked = sorted(seconds, key=lambda k: (*value(k), k))
        out += [second_guess_code(rules, first, k) for k in ranked[:count]]
        inside = sorted(map(int, remaining), key=lambda g: (
            *value(second_guess_key(rules, first, g)), g))
        return list(dict.fromkeys([*out, *inside[:max(consistent, 1)]]))
    if len(remaining) <= 2:
        return list(dict.fromkeys([*out, *map(int, remaining)]))
    counts = partition_counts(rules, remaining)
    largest = counts.max(axis=1)
    sq = (counts * counts).sum(axis=1) - counts[:, rules.win] ** 2
    outside = np.ones(rules.size, dtype=bool)
    outside[remaining] = False
    order = np.lexsort((np.arange(rules.size), outside, sq, largest))
    same = same_as(rules, remaining, history)
    classes = {same(int(own))}

    def distinct(guesses, k: int) -> list[int]:
        """The first k of guesses that cost what no guess picked before costs by symmetry."""
        picked: list[int] = []
        for g in guesses:
            if len(picked) >= k:
                break
            c = same(int(g))
            if c not in classes:
                classes.add(c)
                picked.append(int(g))
        return picked

    out += distinct(order, count)
    if len(remaining) <= count:
        out += distinct(remaining, len(remaining))
    else:
        out += distinct(order[~outside[order]], consistent)
    return list(dict.fromkeys(out))


def play(rules: Ruleset, secret: int, strategy: str | None = None) -> list[tuple[int, int]]:
    """The (guess, score) sequence the strategy plays against secret; ends with the win."""
    _, fn = strategy_named(rules, strategy)
    remaining = np.arange(rules.size)
    out: list[tuple[int, int]] = []
    while True:
        g = fn(rules, remaining)
        s = int(rules.table[g, secret])
        out.append((g, s))
        if s == rules.win:
            return out
        remaining = remaining[rules.table[g, remaining] == s]
        if len(out) > rules.size:
            raise RuntimeError("strategy does not terminate")


# ----- worst-case repair -----

def set_key(rules: Ruleset, remaining: np.ndarray) -> str:
    """A readable key for a set of codes: the codes, ascending, joined by spaces."""
    return " ".join(rules.codes[i] for i in remaining)
