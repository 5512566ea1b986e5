"""Glicko-2 (pegapp.core.rating, issue #74) checked against the worked example of Mark
Glickman's "Example of the Glicko-2 system", and the puzzle rating's formula."""

import math

import pytest

from pegapp.core.rating import (MIN_DEVIATION, SCALE, Rating, difficulty_for, expected,
                                puzzle_rating, update)


def test_the_papers_worked_example():
    """A player of 1500, RD 200, volatility 0.06 (tau 0.5) beats 1400/30 and loses to
    1550/100 and 1700/300: the paper gives 1464.06, RD 151.52, volatility 0.05999 (and on its
    own scale mu' -0.2069, phi' 0.8722)."""
    after = update(Rating(1500, 200, 0.06),
                   [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)],
                   tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)
    assert (after.rating - 1500) / SCALE == pytest.approx(-0.2069, abs=0.00005)
    assert after.deviation / SCALE == pytest.approx(0.8722, abs=0.00005)


def test_the_scale_is_the_papers():
    assert SCALE == pytest.approx(173.7178, abs=0.00005)


def test_a_win_raises_a_loss_lowers_and_the_deviation_shrinks_not_below_its_floor():
    player = Rating()
    puzzle = puzzle_rating(8)
    won, lost = update(player, [(puzzle, 1)]), update(player, [(puzzle, 0)])
    assert lost.rating < player.rating < won.rating
    assert won.deviation < player.deviation
    for _ in range(200):  # a puzzle a rating period: the deviation settles, the rating stays
        player = update(player, [(puzzle, 1)])
        player = update(player, [(puzzle, 0)])
    assert 50 < player.deviation < 70 and abs(player.rating - 1500) < 30
    many = update(Rating(1500, 50, 0.001), [(puzzle, 1), (puzzle, 0)] * 20)
    assert many.deviation == MIN_DEVIATION  # the floor (lichess's): a rating keeps moving


def test_no_games_only_widen_the_deviation():
    before = Rating(1700, 80, 0.06)
    after = update(before, [])
    assert after.rating == before.rating and after.volatility == before.volatility
    assert after.deviation == pytest.approx(SCALE * math.hypot(80 / SCALE, 0.06))


def test_the_puzzle_rating_rises_with_the_difficulty_and_is_inverted():
    ds = [1, 1.5, 2, 3.7, 8, 8.1, 13, 20, 40, 100]
    ratings = [puzzle_rating(d).rating for d in ds]
    assert ratings == sorted(ratings) and len(set(ratings)) == len(ratings)
    assert puzzle_rating(8).rating == 1500 and puzzle_rating(16).rating == 1900
    for d in ds:
        assert difficulty_for(puzzle_rating(d).rating) == pytest.approx(d)


def test_an_even_match_is_expected_half_the_time():
    assert expected(Rating(1500, 100), Rating(1500, 75)) == pytest.approx(0.5)
    assert expected(Rating(1900, 100), Rating(1500, 75)) > 0.85
