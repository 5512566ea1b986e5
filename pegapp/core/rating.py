"""Ratings for training puzzles (issue #74): Glicko-2, as Mark Glickman's "Example of the Glicko-2
system" (Boston University) gives it step by step, with lichess's choices for puzzles.

A player has a Rating per family (pegapp.core.training_records keeps it); a training puzzle has
one from its difficulty (pegapp.puzzles.training: at least its number of moves, harder the more
moves look as good as the right one): `puzzle_rating`. Each attempt at a puzzle is a game
between the player and the puzzle, scored 1 (solved without a wrong move) or 0, and is its own
rating period (as lichess rates puzzles: the rating moves with every puzzle); the puzzle's own
rating does not move (it is computed, not measured).

The puzzle's rating, monotone in the difficulty d (a doubling of the difficulty is 400 points,
the gap at which Glicko's expected score is about 10 to 1):

    rating = 1500 + 400 * log2(d / 8)

so a new player (1500) is first given puzzles of difficulty about 8 (three moves of English
peg solitaire, two or three of the 8-puzzle), a one-move puzzle of one legal move (d = 1) rates
300, and English puzzles of six moves (d 14 to 22) about 1800 to 2100. PUZZLE_DEVIATION is
the uncertainty the formula is given as an opponent: a computed rating, not proven.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

#: Glicko-2's scale factor between the rating scale and its own (the paper's 173.7178)
SCALE = 400 / math.log(10)
#: a new player (the paper's defaults)
DEFAULT_RATING, DEFAULT_DEVIATION, DEFAULT_VOLATILITY = 1500.0, 350.0, 0.06
#: the system constant: how fast the volatility may change (the paper: 0.3 to 1.2; lichess 0.75)
TAU = 0.75
#: the deviation never falls below this (lichess's floor, so a rating keeps moving) nor rises
#: above a new player's
MIN_DEVIATION, MAX_DEVIATION = 45.0, DEFAULT_DEVIATION
#: the convergence tolerance of the volatility's iteration (the paper's epsilon)
EPSILON = 1e-6

#: the difficulty a puzzle of rating 1500 has, and the points a doubling of difficulty adds
PIVOT_DIFFICULTY, POINTS_PER_DOUBLING = 8.0, 400.0
#: the deviation a puzzle's computed rating is given as an opponent
PUZZLE_DEVIATION = 75.0
#: the lowest difficulty rated (a difficulty is at least its moves, so at least 1)
LEAST_DIFFICULTY = 1.0


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the usual scale: the rating, its deviation (RD) and volatility."""
    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The chance of a win the system gives player against opponent (E of the paper's step 3)."""
    return _e((player.rating - DEFAULT_RATING) / SCALE, (opponent.rating - DEFAULT_RATING) / SCALE,
              opponent.deviation / SCALE)


def _volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm on f (the paper's iteration)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def update(player: Rating, games: Iterable[tuple[Rating, float]], tau: float = TAU,
           min_deviation: float = MIN_DEVIATION) -> Rating:
    """The player's rating after one rating period of games [(opponent, score 0..1)], steps 2
    to 8 of the paper; no games: only the deviation grows (step 6 alone). The deviation is kept
    within min_deviation and MAX_DEVIATION."""
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    games = [((o.rating - DEFAULT_RATING) / SCALE, o.deviation / SCALE, s) for o, s in games]
    if not games:
        phi_new = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, _clamp(phi_new * SCALE, min_deviation), sigma)
    total = 0.0  # sum of g(phi_j) (s_j - E_j)
    info = 0.0   # 1 / v
    for mu_j, phi_j, score in games:
        e = _e(mu, mu_j, phi_j)
        g = _g(phi_j)
        info += g * g * e * (1 - e)
        total += g * (score - e)
    v = 1 / info
    delta = v * total
    sigma_new = _volatility(sigma, phi, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu_new = mu + phi_new * phi_new * total
    return Rating(SCALE * mu_new + DEFAULT_RATING, _clamp(SCALE * phi_new, min_deviation),
                  sigma_new)


def _clamp(deviation: float, least: float) -> float:
    return min(MAX_DEVIATION, max(least, deviation))


def puzzle_rating(difficulty: float) -> Rating:
    """A training puzzle's rating from its difficulty (the module's formula: increasing)."""
    d = max(LEAST_DIFFICULTY, difficulty)
    return Rating(DEFAULT_RATING + POINTS_PER_DOUBLING * math.log2(d / PIVOT_DIFFICULTY),
                  PUZZLE_DEVIATION, DEFAULT_VOLATILITY)


def difficulty_for(rating: float) -> float:
    """The difficulty of a puzzle rated `rating` (puzzle_rating's inverse): what a player of
    that rating is given."""
    doublings = min(64.0, (rating - DEFAULT_RATING) / POINTS_PER_DOUBLING)  # no overflow
    return max(LEAST_DIFFICULTY, PIVOT_DIFFICULTY * 2 ** doublings)
