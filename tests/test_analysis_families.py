"""Analysis mode's verdicts (#14) for 8-flip, stone pairs, water jugs, bulls and cows / Mastermind,
and the peg chain in progress -- each against a search of this file written from the rules alone.

8-flip, stone pairs and jugs: every legal move's verdict is the breadth-first distance after it.
Bulls and cows: a candidate guess's worst and expected guesses equal those of the strategy played
out secret by secret (partitions by plain scoring, no score table, no tree walk) on small
variants. Peg chains: with the chain in progress given, a continuation costs no move, so the
position's number and its best moves are the brute force's with that rule.
"""

import functools
import json
import random
import subprocess
import sys
from collections import deque
from pathlib import Path

import numpy as np
import pytest

from pegapp.core.board import get_board
from pegapp.puzzles.analysis import DEAD, GUESSES, MINIMUM, annotate
from pegapp.puzzles.bulls import GuessPuzzle
from pegapp.puzzles.flip8 import Flip8
from pegapp.puzzles.jugs import Jugs
from pegapp.puzzles.oshidori import Oshidori
from pegapp.puzzles.pegs import PegPuzzle
from pegapp.solvers.guessing import _bulls as engine
from tests.peg_reference import brute_force_goal_distances, chains

ROOT = Path(__file__).resolve().parents[1]


def check_verdicts(puzzle, state, ann, dist):
    """Each legal move: MINIMUM with the exact distance after it, or DEAD when the goal is out of
    reach; the position's own number one more than its best move's."""
    assert sorted(map(repr, (v.move for v in ann.verdicts))) == \
        sorted(map(repr, puzzle.moves(state)))
    for v in ann.verdicts:
        after = puzzle.apply(state, v.move)
        if after in dist:
            assert (v.kind, v.remaining) == (MINIMUM, dist[after]), v
        else:
            assert (v.kind, v.remaining) == (DEAD, None), v
    assert ann.remaining == dist.get(state)
    if dist.get(state):
        assert {repr(v.move) for v in ann.best} == \
            {repr(m) for m in puzzle.moves(state) if dist.get(puzzle.apply(state, m)) ==
             dist[state] - 1}


# ---- 8-flip: presses are their own inverse, so the distance to all-off is a BFS from it

def flip_distances(rows, cols):
    masks = []
    for r in range(rows):
        for c in range(cols):
            m = 0
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols:
                        m |= 1 << ((r + dr) * cols + c + dc)
            masks.append(m)
    dist, queue = {0: 0}, deque([0])
    while queue:
        s = queue.popleft()
        for m in masks:
            if s ^ m not in dist:
                dist[s ^ m] = dist[s] + 1
                queue.append(s ^ m)
    return dist


def test_flip8_every_button_has_its_exact_distance():
    dist = flip_distances(3, 3)
    puzzle = Flip8(3, 3)
    rng = random.Random(5)
    states = rng.sample(range(1, 1 << 9), 20)
    assert any(s not in dist for s in states)  # some patterns cannot be cleared at all
    for state in states:
        check_verdicts(puzzle, state, annotate(puzzle, state), dist)


# ---- stone pairs: a pair moves into the two empty cells; the move back undoes it

def oshidori_distances(goal):
    def moves(s):
        b = s.index(0)
        for i in range(len(s) - 1):
            if s[i] and s[i + 1] and (i + 1 < b or i > b + 1):
                t = list(s)
                t[b], t[b + 1], t[i], t[i + 1] = s[i], s[i + 1], 0, 0
                yield tuple(t)

    dist, queue = {goal: 0}, deque([goal])
    while queue:
        s = queue.popleft()
        for t in moves(s):
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    return dist


@pytest.mark.parametrize("make", [lambda: Oshidori(kinds=3), lambda: Oshidori(pairs=3)])
def test_stone_pairs_every_move_has_its_exact_distance(make):
    puzzle = make()
    dist = oshidori_distances(tuple(puzzle.goal))
    rng = random.Random(3)
    state = puzzle.initial()
    for _ in range(6):  # a random game: each position's moves against the table
        check_verdicts(puzzle, state, annotate(puzzle, state), dist)
        state = puzzle.apply(state, rng.choice(list(puzzle.moves(state))))


# ---- water jugs: a forward search from each position (pouring cannot always be undone)

def jug_distance(caps, target, start):
    def moves(s):
        n = len(caps)
        for i in range(n):
            yield tuple(caps[i] if k == i else a for k, a in enumerate(s))
            yield tuple(0 if k == i else a for k, a in enumerate(s))
            for j in range(n):
                if i != j:
                    pour = min(s[i], caps[j] - s[j])
                    t = list(s)
                    t[i] -= pour
                    t[j] += pour
                    yield tuple(t)

    seen, queue = {start: 0}, deque([start])
    while queue:
        s = queue.popleft()
        if target in s:
            return seen[s]
        for t in moves(s):
            if t not in seen:
                seen[t] = seen[s] + 1
                queue.append(t)
    return None


@pytest.mark.parametrize("caps, target", [((8, 5, 3), 4), ((6, 4), 3), ((9, 4), 6)])
def test_jugs_every_operation_has_its_exact_distance(caps, target):
    puzzle = Jugs(list(caps), target)
    rng = random.Random(1)
    state = puzzle.initial()
    for _ in range(5):
        if puzzle.is_solved(state):
            break
        ann = annotate(puzzle, state)
        dist = {}
        for move in puzzle.moves(state):
            after = puzzle.apply(state, move)
            d = jug_distance(caps, target, after)
            if d is not None:
                dist[after] = d
        here = jug_distance(caps, target, state)
        if here is not None:
            dist[state] = here
        check_verdicts(puzzle, state, ann, dist)
        state = puzzle.apply(state, rng.choice(list(puzzle.moves(state))))


# ---- bulls and cows / Mastermind: candidate guesses

#: {(pegs, symbols, repeats): Ruleset.score remembered}: the plays below score the same pairs
#: over and over (1.4 million calls for two tests)
_SCORERS: dict[tuple, object] = {}


def rule_score(rules):
    """rules.score, its answers remembered (still the rules' own scoring, not the table)."""
    key = (rules.pegs, rules.symbols, rules.repeats)
    if key not in _SCORERS:
        _SCORERS[key] = functools.lru_cache(maxsize=None)(rules.score)
    return _SCORERS[key]


def plain_outlook(rules, strategy, possible, guess):
    """Guesses needed per secret when `guess` comes first and the strategy plays on, each secret
    played out on its own with scores from the rules (Ruleset.score, not the table)."""
    score_of = rule_score(rules)
    counts = []
    for secret in possible:
        left, g, n = list(possible), guess, 1
        while True:
            score = score_of(g, secret)
            if score == (rules.pegs, 0):
                break
            left = [c for c in left if score_of(g, c) == score]
            g = rules.codes[strategy(rules, np.array(sorted(rules.index[c] for c in left)))]
            n += 1
        counts.append(n)
    parts = {}
    for secret in possible:
        parts.setdefault(score_of(guess, secret), []).append(secret)
    return max(counts), sum(counts) / len(counts), max(len(p) for p in parts.values())


SMALL = [engine.Ruleset("bulls", 3, "012345", False),
         engine.Ruleset("mastermind", 3, "1234", True)]


@pytest.mark.parametrize("rules", SMALL, ids=lambda r: r.name)
@pytest.mark.parametrize("strategy", ["knuth", "expected-size", "entropy"])
def test_candidate_guesses_worst_and_expected_equal_the_played_out_strategy(rules, strategy):
    rng = random.Random(len(rules.codes))
    secret = rng.choice(rules.codes)
    puzzle = GuessPuzzle(rules, secret, strategy)
    state = puzzle.apply(puzzle.initial(), rng.choice(rules.codes))
    if puzzle.is_solved(state):
        state = puzzle.apply(puzzle.initial(), next(c for c in rules.codes if c != secret))
    possible = [c for c in rules.codes
                if all(rules.score(g, c) == (b, w) for g, b, w in state.guesses)]
    assert puzzle.remaining(state) == possible
    _, fn = engine.strategy_named(rules, strategy)
    ann = annotate(puzzle, state, guesses=[rules.codes[-1]])
    assert ann.measure == GUESSES and ann.possible == len(possible)
    assert rules.codes[-1] in [v.move for v in ann.verdicts]  # the guess being typed
    assert ann.verdicts and all(v.kind == GUESSES for v in ann.verdicts)
    for v in ann.verdicts:
        worst, expected, _largest = plain_outlook(rules, fn, possible, v.move)
        assert v.worst == worst and v.expected == pytest.approx(expected), v
        assert v.remaining == worst - 1
    # best first; the best are those with the fewest guesses in the worst case, then on average
    keys = [(v.worst, round(v.expected, 9)) for v in ann.verdicts]
    assert keys == sorted(keys)
    assert {v.move for v in ann.best} == {v.move for v in ann.verdicts
                                          if (v.worst, round(v.expected, 9)) == keys[0]}
    # every guess weighed on its own agrees, and the partition it reports is the plain one
    for guess in rng.sample(rules.codes, 5):
        v = puzzle.weigh(state, guess)
        worst, expected, largest = plain_outlook(rules, fn, possible, guess)
        assert (v.worst, v.expected) == (worst, pytest.approx(expected))
        o = engine.outlook(rules, fn, np.array([rules.index[c] for c in possible]),
                           rules.index[guess])
        assert o.largest_part == largest


def test_candidates_include_the_strategys_guess_and_the_one_step_best():
    """The candidates hold the strategy's own guess and a guess of the smallest largest part
    (computed here by plain scoring)."""
    rules = engine.MASTERMIND
    puzzle = GuessPuzzle(rules, "3516", "knuth")
    state = puzzle.apply(puzzle.initial(), "1122")
    possible = puzzle.remaining(state)
    ann = annotate(puzzle, state)
    moves = [v.move for v in ann.verdicts]
    assert puzzle.question(state) in moves

    def largest(g):
        parts = {}
        for c in possible:
            a = rule_score(rules)(g, c)
            parts[a] = parts.get(a, 0) + 1
        return max(parts.values())

    least = min(largest(g) for g in rules.codes)
    assert any(largest(g) == least for g in moves)


def test_strategy_analysis_unchanged_by_the_shared_walk():
    """analyse() now walks through the same function as a candidate guess: its published
    numbers stay (Knuth on Mastermind: worst 5, 5801 guesses over 1296 secrets)."""
    a = engine.analyse(engine.MASTERMIND, "knuth")
    assert (a.worst, a.total, a.secrets, a.first_guess) == (5, 5801, 1296, "1122")


def pegapp(*args):
    out = subprocess.run([sys.executable, "-m", "pegapp", *args], capture_output=True,
                         text=True, timeout=300, cwd=ROOT)
    return out.returncode, out.stdout, out.stderr


def test_moves_command_on_bulls_prints_worst_and_expected():
    rc, out, err = pegapp("moves", "mastermind", "--secret", "3516", "--start", "1122",
                          "--strategy", "knuth", "--json")
    assert rc == 0, err
    data = json.loads(out)
    rules = engine.MASTERMIND
    puzzle = GuessPuzzle(rules, "3516")
    state = puzzle.apply(puzzle.initial(), "1122")
    possible = puzzle.remaining(state)
    _, fn = engine.strategy_named(rules, "knuth")
    assert data["measure"] == "guesses" and data["possible"] == len(possible)
    assert data["strategy"] == "knuth" and data["proven_minimal"] is False
    for m in data["moves"]:
        assert set(m) >= {"move", "remaining", "proven_minimal", "kind", "notation", "worst",
                          "expected"}
        worst, expected, _ = plain_outlook(rules, fn, possible, m["move"])
        assert (m["worst"], m["remaining"]) == (worst, worst - 1)
        assert m["expected"] == pytest.approx(expected, abs=1e-6)
        assert m["proven_minimal"] is False
    assert data["worst"] == min(m["worst"] for m in data["moves"])


# ---- the peg chain in progress: a continuation costs no move

@pytest.mark.parametrize("board_id, seed", [("diamond13", 11), ("triangle15", 12),
                                            ("triangle15", 13)])
def test_a_chain_continuation_is_free(board_id, seed):
    """After each single jump of a random game, the position's number and best moves count a
    jump by the peg that just landed as no move: min(best continuation, 1 + best new move),
    from the brute force's exact distances."""
    b = get_board(board_id)
    exact = brute_force_goal_distances(b, b.start_position, [1 << b.finish])
    puzzle = PegPuzzle(b)
    rng = random.Random(seed)
    pos, continued = b.start_position, 0
    while True:
        moves = chains(b, pos)
        if not moves:
            break
        jumps = [m for m in moves if len(m[0]) == 2]
        goes_on = [m for m in jumps if any(p[0] == m[0][-1] for p, _q in chains(b, m[1]))]
        path, pos = rng.choice(goes_on or jumps)  # one jump, after which the peg may go on
        last = list(path)
        ann = annotate(puzzle, pos, last=last)
        if ann.solved:
            break
        after = {tuple(p): q for p, q in chains(b, pos)}
        costs = {}
        for v in ann.verdicts:
            assert v.continues == (v.move[0] == last[-1]), v
            q = after[tuple(v.move)]
            assert v.remaining == exact.get(q), v
            if q in exact:
                costs[tuple(v.move)] = exact[q] + (0 if v.continues else 1)
        want = min(costs.values()) if costs else None
        assert ann.remaining == want
        if want is not None:
            assert {tuple(v.move) for v in ann.best} == {m for m, c in costs.items()
                                                         if c == want}
        continued += any(v.continues for v in ann.verdicts)
    assert continued  # the game had positions where the chain could go on
    # without the chain given, the same position counts every move
    plain = annotate(puzzle, b.start_position)
    assert not any(v.continues for v in plain.verdicts)


def test_first_guess_of_bulls_and_cows_is_the_strategys_own_analysis():
    """From the start (5040 secrets, only a few candidates weighed), the strategy's own first
    guess has its whole-game numbers: worst 7 and 26274 guesses over 5040 secrets for the
    default, the proven optimum (the numbers tests/test_bulls.py holds for the strategy's
    analysis)."""
    puzzle = GuessPuzzle("bulls", "6281")
    ann = annotate(puzzle, puzzle.initial())
    own = next(v for v in ann.verdicts if v.move == "0123")
    assert own.worst == 7 and own.expected * 5040 == pytest.approx(26274)
    assert ann.possible == 5040 and len(ann.verdicts) <= 3


def test_moves_command_text_on_bulls_says_what_is_shown():
    rc, out, err = pegapp("moves", "mastermind", "--secret", "3516", "--start", "1122",
                          "--strategy", "knuth")
    assert rc == 0, err
    lines = out.splitlines()
    assert "secrets possible" in lines[0] and "knuth" in lines[0]
    assert all(" at most " in line and "on average" in line for line in lines[1:])


def test_before_any_answer_one_guess_per_kind_is_weighed():
    """Mastermind's start: the five kinds of first guess (by how often each colour repeats),
    Knuth's 1122 best with its whole-game worst case of 5; bulls and cows: 0123 alone."""
    kinds = [engine.MASTERMIND.codes[i] for i in engine.first_guess_kinds(engine.MASTERMIND)]
    assert kinds == ["1111", "1112", "1122", "1123", "1234"]
    assert [engine.BULLS.codes[i] for i in engine.first_guess_kinds(engine.BULLS)] == ["0123"]
    puzzle = GuessPuzzle("mastermind", "3516", "knuth")
    ann = annotate(puzzle, puzzle.initial())
    assert sorted(v.move for v in ann.verdicts) == kinds
    assert [v.move for v in ann.best] == ["1122"] and ann.best[0].worst == 5
    assert ann.best[0].expected * 1296 == pytest.approx(5801)


def test_choices_along_a_guessing_game_are_unknown_at_once():
    """The replay panel's counts of equally good moves: a guessing game has none to give (only a
    few candidates are weighed), and weighing them at every step would take seconds each."""
    from pegapp.puzzles.analysis import choices_along

    puzzle = GuessPuzzle("bulls", "6281")
    assert choices_along(puzzle, puzzle.initial(), ["0123", "4567", "6281"]) == [None] * 3
