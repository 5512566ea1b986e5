"""Classes of guesses that cost the same: after any answers, by the symmetries of the game so far
(same_as: analysis weighs one of each); after the first answer of bulls and cows, the classes of
second guesses and their shipped exact values (resources/strategies/<ruleset>-second.json, built by
packaging/build_second_guesses.py), and the renaming of symbols that takes any first guess onto
the shipped tree's. Every function takes the rules as any object with codes, symbols, pegs,
index and decode (pegapp.solvers.guessing._bulls.Ruleset); nothing of the engine is imported, so the
engine imports this. No Qt."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from functools import lru_cache

import numpy as np


def answer_key(rules, score: int) -> str:
    """An answer as the tree writes it: bulls (black pegs) then cows (white pegs), "1B2C"."""
    b, c = rules.decode(score)
    return f"{b}B{c}C"


def second_guess_key(rules, first: int, guess: int) -> str:
    """The class of `guess` after the first guess `first`, for codes of distinct symbols (bulls
    and cows): renaming the symbols and reordering the places so that `first` stays put maps a
    guess onto another with the same answers on every set first's answers leave, so both cost
    the same. The key is the least code of the class written as if first were 0123: first's
    symbols become 0, 1, 2, 3 by their places, the others 4, 5, ... in order of use, and the
    least over the 24 reorderings (each moving first's symbols along with their places)."""
    pegs = rules.pegs
    place = {ch: i for i, ch in enumerate(rules.codes[first])}
    code = rules.codes[guess]
    best = None
    for perm in itertools.permutations(range(pegs)):
        out = [""] * pegs
        fresh: dict[str, str] = {}
        for p in sorted(range(pegs), key=lambda q: perm[q]):  # in the new order of places
            ch = code[p]
            if ch in place:
                out[perm[p]] = rules.symbols[perm[place[ch]]]
            else:
                out[perm[p]] = fresh.setdefault(ch, rules.symbols[pegs + len(fresh)])
        key = "".join(out)
        if best is None or key < best:
            best = key
    return best


def second_guess_code(rules, first: int, key: str) -> int:
    """A code of the class `key` (second_guess_key) after `first`: 0, 1, 2, 3 become first's
    symbols, 4, 5, ... the lowest symbols first does not use."""
    f = rules.codes[first]
    others = [ch for ch in rules.symbols if ch not in f]
    return rules.index["".join(f[int(ch)] if int(ch) < rules.pegs else
                               others[int(ch) - rules.pegs] for ch in key)]


#: the second-guess table of each proven strategy, by the file's name after the ruleset's
SECOND_GUESS_FILES = {"optimal": "second", "minimax": "second-minimax"}


@lru_cache(maxsize=4)
def shipped_second_guesses(ruleset: str, strategy: str = "optimal") -> dict | None:
    """resources/strategies/<ruleset>-second.json (optimal) or -second-minimax.json (minimax),
    built by packaging/build_second_guesses.py: the exact value with best play after every class
    of second guess, per answer to the first; None when it does not ship or does not read
    (analysis then weighs on the spot)."""
    import json

    from pegapp.core import resources
    from pegapp.core.storage import read_regular
    if strategy not in SECOND_GUESS_FILES:
        return None
    try:  # storage.read_regular: a FIFO, a folder or a link to a device is refused, not read
        name = f"{ruleset}-{SECOND_GUESS_FILES[strategy]}.json"
        doc = json.loads(read_regular(resources.path("strategies", name), 16_000_000))
        if doc.get("strategy", "optimal") != strategy:
            raise ValueError(doc.get("strategy"))
        answers = doc["answers"]
        for entry in answers.values():
            for value in entry["guesses"].values():
                total, worst = value
                if not (isinstance(total, int) and isinstance(worst, int) and worst >= 1):
                    raise ValueError(value)
        return doc
    except (OSError, ValueError, KeyError, TypeError):
        return None


def second_guess_values(rules, history: Sequence[tuple[int, int]], remaining: np.ndarray,
                        strategy: str = "optimal") -> dict[str, list[int]] | None:
    """After exactly one guess and its answer: the shipped {class key: [total, worst]} of every
    second guess with best play afterwards by the strategy's measure (optimal: fewest in all;
    minimax: fewest at worst, then in all), or None (not shipped for this strategy, ruleset or
    answer, or not one guess so far)."""
    if len(history) != 1:
        return None
    doc = shipped_second_guesses(rules.name, strategy)
    if doc is None:
        return None
    first, score = history[0]
    entry = doc["answers"].get(answer_key(rules, score))
    if entry is None or entry["secrets"] != len(remaining):
        return None
    return entry["guesses"]


@lru_cache(maxsize=64)
def renaming(rules, source: str, target: str) -> np.ndarray:
    perm_symbols = dict(zip(source, target))
    rest = iter(ch for ch in rules.symbols if ch not in target)
    for ch in rules.symbols:
        if ch not in perm_symbols:
            perm_symbols[ch] = next(rest)
    return np.array([rules.index["".join(perm_symbols[ch] for ch in code)]
                     for code in rules.codes], dtype=np.int64)


@lru_cache(maxsize=4)
def _swaps(rules) -> dict[tuple[int, int], np.ndarray]:
    """(a, b) -> the code each code becomes when symbols a and b are swapped."""
    out = {}
    for a, b in itertools.combinations(range(len(rules.symbols)), 2):
        x, y = rules.symbols[a], rules.symbols[b]
        table = str.maketrans(x + y, y + x)
        out[a, b] = np.array([rules.index[c.translate(table)] for c in rules.codes])
    return out


def _keeping(rules, history: Sequence[tuple[int, int]]) -> list[tuple]:
    """The reorderings of places, each with the renaming of symbols it forces, that map every
    guess so far onto itself (so every answer, and the set of secrets left, stays the same):
    (place order, {symbol: symbol}) with the symbols no guess used left as they are."""
    out = []
    for perm in itertools.permutations(range(rules.pegs)):
        rename: dict[str, str] = {}
        ok = True
        for g, _answer in history:
            code = rules.codes[g]
            for p in range(rules.pegs):
                if rename.setdefault(code[p], code[perm[p]]) != code[perm[p]]:
                    ok = False
        if ok and len(set(rename.values())) == len(rename):
            out.append((perm, rename))
    return out


def same_as(rules, remaining: np.ndarray,
            history: Sequence[tuple[int, int]] = ()) -> Callable[[int], int]:
    """g -> the code that stands for g's class on `remaining`: guesses that a symmetry of the
    game so far maps onto each other cost the same, so analysis weighs one of each. The
    symmetries: reordering the places with the renaming that keeps every guess so far
    (_keeping), and swapping symbols interchangeable on the set (swapping them in every code
    maps it onto itself, as guessing.optimal._digit_classes finds them for the exact search;
    after 0123 and 4567, 1692 is 1682 with 8 and 9 swapped). The stand-in is the least code
    over the reorderings, g's symbols renamed within each class of symbols to the class's
    lowest in order of use."""
    keeping = _keeping(rules, history) if history else []
    plain = _same_symbols(rules, remaining)
    if len(keeping) <= 1:
        return plain

    def canonical(g: int) -> int:
        code = rules.codes[g]
        best = None
        for perm, rename in keeping:
            out = [""] * rules.pegs
            for p in range(rules.pegs):
                out[perm[p]] = rename.get(code[p], code[p])
            c = plain(rules.index["".join(out)])
            best = c if best is None else min(best, c)
        return best

    return canonical


def _same_symbols(rules, remaining: np.ndarray) -> Callable[[int], int]:
    """same_as with symbol swaps alone."""
    inside = np.zeros(rules.size, dtype=bool)
    inside[remaining] = True
    swaps = _swaps(rules)
    cls = list(range(len(rules.symbols)))
    for d in range(1, len(cls)):
        for c in range(d):
            if cls[c] == c and inside[swaps[c, d][remaining]].all():
                cls[d] = c
                break
    if cls == sorted(set(cls)):
        return int
    members: dict[int, list[str]] = {}
    for d, c in enumerate(cls):
        members.setdefault(c, []).append(rules.symbols[d])

    def canonical(g: int) -> int:
        named: dict[str, str] = {}
        used: dict[int, int] = {}
        for ch in rules.codes[g]:
            if ch not in named:
                c = cls[rules.symbols.index(ch)]
                named[ch] = members[c][used.get(c, 0)]
                used[c] = used.get(c, 0) + 1
        return rules.index["".join(named[ch] for ch in rules.codes[g])]

    return canonical


def first_guess_kind(rules, guess: int) -> str:
    """The kind of a first guess (see first_guess_kinds): "1123" for 4415, "0123" for 9876."""
    code = rules.codes[guess]
    counts = sorted((code.count(ch) for ch in set(code)), reverse=True)
    return "".join(rules.symbols[i] * n for i, n in enumerate(counts))


@lru_cache(maxsize=4)
def first_guess_kinds(rules) -> tuple[int, ...]:
    """One code per kind of first guess: before any answer, renaming the symbols or reordering
    the places changes nothing, so what matters is how often each symbol repeats (Mastermind:
    1111, 1112, 1122, 1123, 1234; bulls and cows: 0123 alone). Each as the code with the lowest
    symbols, most repeated first; they are the orbits of every symbol and place permutation
    (too many to enumerate for 10 digits)."""
    kinds = {first_guess_kind(rules, g) for g in range(len(rules.codes))}
    return tuple(rules.index[c] for c in sorted(kinds))


def symmetry_classes(rules, fixed: list[int], cands: np.ndarray | None = None) -> np.ndarray:
    """One code (the lowest) per orbit of the place-and-symbol permutations that map every code
    of `fixed` to itself. Such a permutation maps the set of secrets consistent with answers to
    `fixed` onto itself, so guesses of one orbit are worth the same there."""
    codes = rules.codes
    k = len(rules.symbols)
    digits = np.array([[rules.symbols.index(ch) for ch in c] for c in codes], dtype=np.int64)
    base = k ** np.arange(rules.pegs - 1, -1, -1)
    lookup = np.full(k ** rules.pegs, -1, dtype=np.int64)
    lookup[digits @ base] = np.arange(len(codes))
    used = sorted({rules.symbols.index(ch) for f in fixed for ch in codes[f]})
    free = [d for d in range(k) if d not in used]
    rep = np.arange(len(codes))
    for places in itertools.permutations(range(rules.pegs)):
        # the symbol map forced on the used symbols by fixing every code of `fixed`
        forced: dict[int, int] = {}
        ok = True
        for f in fixed:
            fd = digits[f]
            for i in range(rules.pegs):
                a, b = fd[places[i]], fd[i]     # image code[i] = sigma(code[places[i]])
                if forced.setdefault(a, b) != b:
                    ok = False
            if not ok:
                break
        if not ok or len(set(forced.values())) != len(forced):
            continue
        if set(forced) != set(used) or set(forced.values()) != set(used):
            continue
        for perm in itertools.permutations(free):
            sigma = np.arange(k)
            for a, b in forced.items():
                sigma[a] = b
            for a, b in zip(free, perm):
                sigma[a] = b
            image = lookup[sigma[digits[:, list(places)]] @ base]
            rep = np.minimum(rep, image)
    out = np.unique(rep)
    if cands is not None:
        out = np.intersect1d(out, cands)
    return out
