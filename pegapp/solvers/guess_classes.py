"""Bulls and cows after the first answer: the classes of second guesses and their shipped exact
values (resources/strategies/<ruleset>-second.json, built by
packaging/build_second_guesses.py), and the renaming of symbols that takes any first guess onto
the shipped tree's. Every function takes the rules as any object with codes, symbols, pegs,
index and decode (pegapp.solvers._bulls.Ruleset); nothing of the engine is imported, so the
engine imports this. No Qt."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
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


@lru_cache(maxsize=2)
def shipped_second_guesses(ruleset: str) -> dict | None:
    """resources/strategies/<ruleset>-second.json (packaging/build_second_guesses.py): the exact
    value with best play after every class of second guess, per answer to the first; None when
    it does not ship or does not read (analysis then weighs on the spot)."""
    import json

    from pegapp.core import resources
    try:
        doc = json.loads(resources.path("strategies", f"{ruleset}-second.json")
                         .read_text(encoding="utf-8"))
        answers = doc["answers"]
        for entry in answers.values():
            for value in entry["guesses"].values():
                total, worst = value
                if not (isinstance(total, int) and isinstance(worst, int) and worst >= 1):
                    raise ValueError(value)
        return doc
    except (OSError, ValueError, KeyError, TypeError):
        return None


def second_guess_values(rules, history: Sequence[tuple[int, int]],
                        remaining: np.ndarray) -> dict[str, list[int]] | None:
    """After exactly one guess and its answer: the shipped {class key: [total, worst]} of every
    second guess with best play (fewest in all) afterwards, or None (not shipped for this
    ruleset or answer, or not one guess so far)."""
    if len(history) != 1:
        return None
    doc = shipped_second_guesses(rules.name)
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
