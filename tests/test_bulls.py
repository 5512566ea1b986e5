"""Bulls and cows / Mastermind: scoring, strategies (article, Knuth, default), games, CLI."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from pegapp.cli import main
from pegapp.puzzles.base import BadInput, IllegalMove, Puzzle
from pegapp.puzzles.bulls import (BULLS, MASTERMIND, Codebreaker, ComputerGuessGame, Contradiction,
                                  PlayerGuessGame, Score, score)
from pegapp.solvers import _bulls as engine


# ----- scoring -----

def test_score_article_example():
    # seed 003: secret 6281 and the answers shown in the article's example game
    assert score("0123", "6281") == Score(0, 2)
    assert score("1045", "6281") == Score(0, 1)
    assert score("2356", "6281") == Score(0, 2)
    assert score("3274", "6281") == Score(1, 0)
    assert score("3608", "6281") == Score(0, 2)
    assert score("6281", "6281") == Score(4, 0)


def test_score_mastermind():
    assert score("2211", "1122", "mastermind") == Score(0, 4)
    assert score("1122", "1234", "mastermind") == Score(1, 1)
    assert score("1111", "1234", "mastermind") == Score(1, 0)
    assert score("6543", "3456", "mastermind") == Score(0, 4)
    assert score("1123", "1321", "mastermind") == Score(2, 2)


def test_score_symmetric_and_bounded():
    rng = random.Random(1)
    for rules in (BULLS, MASTERMIND):
        for _ in range(300):
            a, b = rng.choice(rules.codes), rng.choice(rules.codes)
            s = rules.score(a, b)
            assert s == rules.score(b, a)
            assert s[0] + s[1] <= 4


@pytest.mark.parametrize("rules", [BULLS, MASTERMIND], ids=["bulls", "mastermind"])
def test_score_table_matches_rules(rules):
    table = rules.table
    assert table.shape == (rules.size, rules.size) and table.dtype == np.uint8
    rng = random.Random(2)
    for _ in range(2000):
        g, s = rng.randrange(rules.size), rng.randrange(rules.size)
        assert rules.decode(table[g, s]) == rules.score(rules.codes[g], rules.codes[s])
    assert (np.diag(table) == rules.win).all()
    assert (table == table.T).all()


def test_rulesets():
    assert BULLS.size == 5040 and MASTERMIND.size == 1296
    assert BULLS.codes[0] == "0123" and MASTERMIND.codes[0] == "1111"
    with pytest.raises(ValueError):
        BULLS.check_code("1123")
    with pytest.raises(ValueError):
        BULLS.check_code("123")
    with pytest.raises(ValueError):
        MASTERMIND.check_code("1170")
    assert MASTERMIND.check_code("1122") == "1122"


# ----- the article's strategy -----

def test_article_generation_order():
    codes = engine.article_codes(BULLS)
    assert len(codes) == 5040 and len(set(codes)) == 5040
    assert codes[:8] == ["0123", "0124", "0125", "0126", "0127", "0128", "0129", "0132"]
    assert codes != sorted(codes)                       # not lexicographic
    assert codes.index("2103") < codes.index("2013")    # swap-based order of the C listing


def test_article_game_9431():
    # the run printed in the article: 9 questions for (9, 4, 3, 1)
    p = Codebreaker("bulls", "9431", "first-consistent")
    r = p.solve(p.initial())
    assert r.moves == ["0123", "1045", "2354", "3406", "3561", "6502", "7431", "8431", "9431"]
    assert r.stats["scores"] == [(0, 2), (0, 2), (0, 2), (1, 1), (1, 1), (0, 0), (3, 0), (3, 0),
                                 (4, 0)]


def test_first_consistent_article_figures():
    a = engine.analyse(BULLS, "first-consistent")
    assert a.total == 28029
    assert round(a.average, 2) == 5.56
    assert a.worst == 9
    assert sum(a.histogram) == 5040 and a.histogram[0] == 0     # every secret found
    # the article lists (9,4,3,1), (9,2,4,1), (5,2,9,3), (9,2,0,4) among the worst
    assert {"9431", "9241", "5293", "9204"} <= set(a.worst_secrets)


# ----- Knuth, Mastermind -----

def test_knuth_mastermind():
    a = engine.analyse(MASTERMIND, "knuth")
    assert a.first_guess == "1122"
    assert a.total == 5801 and round(a.average, 3) == 4.476
    assert a.worst == 5
    assert a.histogram == [0, 1, 6, 62, 533, 694]
    assert engine.analyse(MASTERMIND, "default").total == 5801


# ----- the default strategy -----

@pytest.mark.slow
def test_default_bulls_meets_bounds():
    a = engine.analyse(BULLS, "default")
    assert a.strategy == "entropy-max7"
    assert a.average <= 5.25
    assert a.worst <= 7
    assert sum(a.histogram) == 5040 and a.histogram[0] == 0     # every secret found
    assert a.total == 26424          # measured: 26424 / 5040 = 5.2429


@pytest.mark.slow
def test_entropy_max7_overrides_reproducible():
    # plain entropy needs 8 guesses once; the repair search finds exactly the stored override
    assert engine.analyse(BULLS, "entropy").worst == 8
    found = engine.find_overrides(BULLS, "entropy", 7)
    assert found == engine.ENTROPY_MAX7_OVERRIDES["bulls"]


@pytest.mark.parametrize("rules,strategy", [
    (BULLS, "first-consistent"), (BULLS, "default"), (BULLS, "knuth"),
    (MASTERMIND, "knuth"), (MASTERMIND, "first-consistent"), (MASTERMIND, "entropy"),
])
def test_strategy_games_end_with_secret(rules, strategy):
    rng = random.Random(7)
    for secret in rng.sample(rules.codes, 40):
        p = Codebreaker(rules, secret, strategy)
        r = p.solve(p.initial())
        assert r.moves[-1] == secret
        assert r.stats["scores"][-1] == (4, 0)
        assert all(s != (4, 0) for s in r.stats["scores"][:-1])
        assert p.is_solved(tuple(r.moves))
        assert len(r.moves) <= 9
        if strategy == "first-consistent":
            # each question is consistent with every earlier answer
            for i, g in enumerate(r.moves):
                for h, s in zip(r.moves[:i], r.stats["scores"][:i]):
                    assert rules.score(h, g) == s


def test_codebreaker_protocol():
    p = Codebreaker("bulls", "6281")
    assert isinstance(p, Puzzle)
    s = p.apply(p.initial(), "0123")
    assert s == ("0123",) and not p.is_solved(s)
    with pytest.raises(IllegalMove):
        p.apply(s, "0023")
    r = p.solve(s)
    assert r.moves[-1] == "6281" and not r.proven_minimal
    done = tuple([*s, *r.moves])
    assert p.is_solved(done) and list(p.moves(done)) == []
    with pytest.raises(IllegalMove):
        p.apply(done, "0123")
    assert p.parse_moves(p.format_moves(r.moves)) == r.moves
    with pytest.raises(BadInput):
        p.parse_moves("0123 99")


# ----- player guesses -----

def test_player_guess_game():
    g = PlayerGuessGame("bulls", secret="6281")
    h = g.hint()
    assert h.remaining == 5040 and h.guess == "0123" and h.consistent
    assert g.guess("0123") == Score(0, 2)
    assert g.remaining_count == len([c for c in BULLS.codes if BULLS.score("0123", c) == (0, 2)])
    h = g.hint()
    assert h.remaining == g.remaining_count
    assert "6281" in g.remaining()
    with pytest.raises(IllegalMove):
        g.guess("1123")
    g.guess("9876")
    g.undo()
    assert g.guesses == 1
    while not g.solved:
        g.guess(g.hint().guess)
    assert g.history[-1] == ("6281", Score(4, 0)) and g.guesses <= 8
    with pytest.raises(IllegalMove):
        g.guess("0123")


def test_player_guess_game_random_secret_seeded():
    a = PlayerGuessGame("mastermind", seed=11)
    b = PlayerGuessGame("mastermind", seed=11)
    assert a.secret == b.secret and a.secret in MASTERMIND.codes


# ----- computer guesses -----

@pytest.mark.parametrize("ruleset,secret", [("bulls", "6281"), ("bulls", "9835"),
                                            ("mastermind", "3632")])
def test_computer_guess_game_honest_answers(ruleset, secret):
    g = ComputerGuessGame(ruleset)
    rules = g.rules
    while not g.solved:
        q = g.question()
        g.answer(*rules.score(q, secret))
        assert secret in g.remaining()
    assert g.secret == secret
    assert g.guesses <= (7 if ruleset == "bulls" else 5)
    with pytest.raises(IllegalMove):
        g.question()


def test_contradiction_detected_and_explained():
    g = ComputerGuessGame("bulls", "first-consistent")
    # 0123 -> 0 0, 4567 -> 0 0: only 8 and 9 are left, four digits cannot be found
    assert g.question() == "0123"
    g.answer(0, 0)
    assert g.question() == "4567"
    with pytest.raises(Contradiction) as err:
        g.answer(0, 0)
    assert err.value.answers == [1, 2]
    assert str(err.value) == "no secret fits all answers: answer 2 contradicts answer 1"
    assert g.guesses == 1                       # the contradicting answer was not recorded
    g.answer(0, 2)                              # a possible answer is still accepted
    assert g.guesses == 2


def test_contradiction_minimal_core_random():
    rng = random.Random(4)
    rules = BULLS
    seen_three = False
    for trial in range(60):
        g = ComputerGuessGame("bulls")
        try:
            for _ in range(8):
                q = g.question()
                b = rng.randrange(0, 3)
                c = rng.randrange(0, 5 - b) if b < 4 else 0
                g.answer(b, min(c, 4 - b))
                if g.solved:
                    break
        except Contradiction as exc:
            hist = g.history + [(q, Score(b, min(c, 4 - b)))]
            coded = [(rules.index[x], rules.encode(s.bulls, s.cows)) for x, s in hist]
            core = [coded[i - 1] for i in exc.answers]
            assert len(engine.consistent(rules, core)) == 0           # a conflict...
            for drop in range(len(core)):                             # ...and a minimal one
                rest = core[:drop] + core[drop + 1:]
                assert len(engine.consistent(rules, rest)) > 0
            assert exc.answers[-1] == len(hist)                      # names the newest answer
            if len(exc.answers) >= 3:
                seen_three = True
                assert "contradicts answers" in str(exc)
    assert seen_three


def test_impossible_answers():
    g = ComputerGuessGame("bulls")
    with pytest.raises(BadInput):
        g.answer(3, 2)
    with pytest.raises(BadInput):
        g.answer(-1, 0)
    with pytest.raises(Contradiction) as err:
        g.answer(3, 1)                 # 3 bulls and 1 cow cannot happen
    assert err.value.answers == [1]
    assert "answer 1" in str(err.value)
    g.answer(0, 4)
    g.undo()
    assert g.guesses == 0 and g.remaining_count == 5040


# ----- CLI -----

def run_json(capsys, *argv):
    code = main([*argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_cli_solve_bulls(capsys):
    code, out = run_json(capsys, "solve", "bulls", "--secret", "6281")
    assert code == 0
    assert out["puzzle"] == "bulls" and out["proven_minimal"] is False
    assert out["moves"][-1] == {"guess": "6281", "bulls": 4, "cows": 0}
    assert out["length"] == len(out["moves"])
    assert "seconds" in out
    code, out = run_json(capsys, "solve", "bulls", "--secret", "9431", "--strategy",
                         "first-consistent")
    assert out["length"] == 9


def test_cli_analyse(capsys):
    code, out = run_json(capsys, "analyse", "bulls", "--strategy", "first-consistent")
    assert code == 0 and out["average"] == pytest.approx(5.56, abs=0.005) and out["worst"] == 9
    assert out["secrets"] == 5040 and sum(out["histogram"]) == 5040
    code, out = run_json(capsys, "analyse", "mastermind", "--strategy", "knuth")
    assert out["average"] == pytest.approx(5801 / 1296) and out["worst"] == 5
    code, out2 = run_json(capsys, "analyse", "bulls", "--ruleset", "mastermind", "--strategy",
                          "knuth")
    assert out2["histogram"] == out["histogram"] and out2["puzzle"] == "mastermind"


def test_cli_errors(capsys):
    assert main(["solve", "bulls", "--secret", "1123", "--json"]) == 2
    assert main(["solve", "bulls", "--json"]) == 2
    assert main(["analyse", "bulls", "--strategy", "nope", "--json"]) == 2
    assert main(["analyse", "bulls", "--ruleset", "chess", "--json"]) == 2
    capsys.readouterr()


def test_analysis_cancel():
    from pegapp.puzzles.bulls import analyse_strategy
    assert analyse_strategy("bulls", "default", stop=lambda: True) == {"status": "cancelled"}
    out = analyse_strategy("mastermind", "knuth")
    assert out["total_guesses"] == 5801 and out["worst"] == 5
