"""`pegapp train` (issue #74): every puzzle checked against a brute force written apart from the
program's solvers -- tests/peg_reference.py for peg solitaire, plain breadth-first searches of the
8-puzzle and the water jugs written here -- for its exact length and for a single
minimum-keeping move among every legal move at every step of its line."""

import json
import time
from collections import deque
from pathlib import Path

import pytest

from pegapp.cli import main
from pegapp.core.board import get_board
from pegapp.puzzles import registry, training
from tests import peg_reference as ref

ROOT = Path(__file__).resolve().parents[1]


def train(capsys, *argv):
    code = main(["train", *argv, "--json"])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip() else None), err


def position(board, empty):
    return sum(1 << h for h in range(board.n) if h not in set(empty))


def check_peg_line(board, item, dist):
    """item's start is exactly its moves from the goal by dist, and at every step exactly one
    legal move (every chain, prefixes included, by peg_reference) keeps the minimum: the line's."""
    pos = position(board, item["start"])
    assert dist.get(pos) == item["moves"] == len(item["line"])
    for left, move in zip(range(item["moves"], 0, -1), item["line"]):
        keeping = [path for path, child in ref.chains(board, pos) if dist.get(child) == left - 1]
        assert keeping == [move]
        pos = ref.play(board, pos, [move])
    assert dist.get(pos) == 0


def test_triangle15_puzzles_against_the_brute_force(capsys):
    board = get_board("triangle15")
    code, out, _ = train(capsys, "pegs/triangle15", "--moves", "4", "--count", "12",
                         "--seed", "3")
    assert code == 0 and out["count"] == 12
    dist = ref.brute_force_goal_distances(board, position(board, board.start),
                                          [1 << board.finish])
    for item in out["puzzles"]:
        assert item["finish"] == board.finish
        check_peg_line(board, item, dist)


@pytest.mark.parametrize("puzzle,moves", [("english", 5), ("french", 4)])
def test_english_and_french_puzzles_against_the_brute_force(capsys, puzzle, moves):
    """English from its whole table, French by the search: each checked by a brute force of
    every position reachable from the puzzle's start."""
    board = get_board(puzzle)
    code, out, _ = train(capsys, f"pegs/{puzzle}", "--moves", str(moves), "--count", "4")
    assert code == 0 and out["count"] == 4
    for item in out["puzzles"]:
        dist = ref.brute_force_goal_distances(board, position(board, item["start"]),
                                              [1 << board.finish])
        check_peg_line(board, item, dist)


def eight_puzzle_distances(most):
    """Distances from the goal of the 8-puzzle up to `most` moves, by a plain breadth-first
    search (a move slides a tile next to the blank into it)."""
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        s = queue.popleft()
        if dist[s] == most:
            continue
        for t, _ in eight_puzzle_moves(s):
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    return dist


def eight_puzzle_moves(s):
    """(the position after, the tile moved) for each tile next to the blank."""
    b = s.index(0)
    out = []
    for c in (b - 3, b + 3, b - 1 if b % 3 else -1, b + 1 if b % 3 < 2 else -1):
        if 0 <= c < 9:
            t = list(s)
            t[b], t[c] = t[c], 0
            out.append((tuple(t), s[c]))
    return out


def test_eight_puzzle_against_a_plain_bfs(capsys):
    moves = 9
    dist = eight_puzzle_distances(moves + 1)
    code, out, _ = train(capsys, "slide/3x3", "--moves", str(moves), "--count", "8")
    assert code == 0 and out["count"] == 8
    for item in out["puzzles"]:
        s = tuple(int(t) for t in item["start"].split())
        assert dist[s] == moves
        for left, move in zip(range(moves, 0, -1), item["line"]):
            keeping = [tile for t, tile in eight_puzzle_moves(s) if dist.get(t) == left - 1]
            assert keeping == [move]
            s = next(t for t, tile in eight_puzzle_moves(s) if tile == move)
        assert dist[s] == 0


def jug_moves(s, caps=(8, 5)):
    """(operation as the family gives it, the position after) for every move of two jugs."""
    out = []
    for i in range(2):
        if s[i] < caps[i]:
            out.append((["fill", i], tuple(caps[i] if k == i else s[k] for k in range(2))))
        if s[i] > 0:
            out.append((["empty", i], tuple(0 if k == i else s[k] for k in range(2))))
        j = 1 - i
        if s[i] and s[j] < caps[j]:
            amount = min(s[i], caps[j] - s[j])
            t = list(s)
            t[i] -= amount
            t[j] += amount
            out.append((["pour", i, j], tuple(t)))
    return out


def jug_distances():
    """The plain breadth-first distances to 4 L of every position of the 8 L and 5 L jugs."""
    states = [(a, b) for a in range(9) for b in range(6)]
    dist = {s: 0 for s in states if 4 in s}
    queue = deque(dist)
    while queue:  # backwards: a position one move before a known one
        t = queue.popleft()
        for s in states:
            if s not in dist and any(u == t for _, u in jug_moves(s)):
                dist[s] = dist[t] + 1
                queue.append(s)
    return dist


def test_jugs_against_a_plain_bfs(capsys):
    dist = jug_distances()
    code, out, _ = train(capsys, "jugs", "--moves", "8", "--count", "2")
    assert code == 0 and out["count"] >= 1
    for item in out["puzzles"]:
        s = tuple(int(v) for v in item["start"].split(","))
        assert dist[s] == 8
        for left, move in zip(range(8, 0, -1), item["line"]):
            keeping = [op for op, t in jug_moves(s) if dist.get(t) == left - 1]
            assert keeping == [move]
            s = dict((tuple(map(str, op)), t) for op, t in jug_moves(s))[tuple(map(str, move))]
        assert 4 in s


@pytest.mark.parametrize("seed", [0, 7])
def test_every_single_answer_jugs_position_is_found(capsys, seed):
    """The jugs' positions are few (26 from empty jugs): every one with a single right move at
    every step is found, at every length, and a length with none exits 1 (found by an outside
    trial: random walks from empty jugs never reached 8,1, one pour from 4 L)."""
    dist = jug_distances()
    reachable, queue = {(0, 0)}, deque([(0, 0)])
    while queue:
        for _, t in jug_moves(queue.popleft()):
            if t not in reachable:
                reachable.add(t)
                queue.append(t)

    def single(s):
        while dist[s]:
            keeping = [t for _, t in jug_moves(s) if dist.get(t) == dist[s] - 1]
            if len(keeping) != 1:
                return False
            s = keeping[0]
        return True

    for n in range(1, max(dist[s] for s in reachable if s in dist) + 2):
        expected = {s for s in reachable if dist.get(s) == n and single(s)}
        code, out, _ = train(capsys, "jugs", "--moves", str(n), "--count", "60",
                             "--seed", str(seed))
        got = {tuple(int(v) for v in item["start"].split(",")) for item in (out or {}).get(
            "puzzles", [])}
        assert got == expected, n
        assert code == (0 if expected else 1), n


def test_the_same_seed_gives_the_same_puzzles(capsys):
    args = ("pegs/triangle15", "--moves", "3", "--count", "5")
    first = train(capsys, *args, "--seed", "7")[1]
    assert train(capsys, *args, "--seed", "7")[1] == first
    assert train(capsys, *args, "--seed", "8")[1] != first


def test_the_json_shape(capsys):
    code, out, _ = train(capsys, "oshidori", "--moves", "3", "--count", "2")
    assert code == 0
    assert set(out) == {"puzzle", "moves", "seed", "count", "puzzles"}
    for item in out["puzzles"]:
        assert {"start", "moves", "line", "notation", "difficulty", "steps"} <= set(item)
        assert item["moves"] == 3 == len(item["line"]) == len(item["steps"])
        assert item["difficulty"] >= item["moves"]


@pytest.mark.parametrize("argv", [["flip8/4x4", "--moves", "3"],
                                  ["pegs/triangle15", "--moves", "30"]])
def test_no_single_answer_position_is_one_line_and_exit_1(capsys, argv):
    code, out, err = train(capsys, *argv, "--count", "2")
    assert code == 1 and out is None
    assert err.count("\n") == 1 and "no position" in err


@pytest.mark.parametrize("puzzle,moves", [("pegs/triangle15", 4), ("slide/3x3", 5),
                                          ("rotate/3x3", 3), ("jugs", 8)])
def test_hint_from_the_start_answers_the_first_move(capsys, puzzle, moves):
    code, out, _ = train(capsys, puzzle, "--moves", str(moves), "--count", "1")
    assert code == 0
    item = out["puzzles"][0]
    start = item["start"]
    argv = ["hint", puzzle, "--start", ",".join(map(str, start)) if isinstance(start, list)
            else start, "--json"]
    if "finish" in item:
        argv += ["--finish", str(item["finish"])]
    assert main(argv) == 0
    last = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert last["move"] == item["line"][0] and last["remaining"] == moves - 1


def test_a_puzzle_rates_harder_than_the_rest_of_its_line():
    """Monotone in length: the line from the second step on is a training puzzle too, and it
    rates lower."""
    puzzle = registry.family_of("pegs/triangle15").make("pegs/triangle15", {})
    for item in training.training(puzzle, 5, 6, 11):
        after = puzzle.apply(item.start, item.line[0])
        rest = training.Training(after, item.line[1:], item.steps[1:])
        assert rest.difficulty < item.difficulty and item.difficulty >= item.moves


def test_a_plugin_gets_training_puzzles_from_its_own_solver(monkeypatch):
    """The default (training.from_solver) on the example plug-in Tower of Hanoi, checked by a
    breadth-first search over its own moves back from the goal."""
    monkeypatch.syspath_prepend(str(ROOT / "tests" / "plugins" / "pegapp_hanoi"))
    from pegapp_hanoi import make

    puzzle = make("hanoi/3", {})
    states, queue = {puzzle.initial()}, deque([puzzle.initial()])
    while queue:
        s = queue.popleft()
        for m in puzzle.moves(s):
            t = puzzle.apply(s, m)
            if t not in states:
                states.add(t)
                queue.append(t)
    dist = {s: 0 for s in states if puzzle.is_solved(s)}
    while len(dist) < len(states):  # the moves undo each other: one more step out each round
        dist.update({s: 1 + min(dist[puzzle.apply(s, m)] for m in puzzle.moves(s)
                                if puzzle.apply(s, m) in dist)
                     for s in states - set(dist)
                     if any(puzzle.apply(s, m) in dist for m in puzzle.moves(s))})
    found = training.training(puzzle, 3, 3, 5)
    assert found
    for item in found:
        s = item.start
        assert dist[s] == 3
        for left, move in zip(range(3, 0, -1), item.line):
            assert [m for m in puzzle.moves(s) if dist[puzzle.apply(s, m)] == left - 1] == [move]
            s = puzzle.apply(s, move)


def test_text_output_a_line_a_puzzle_and_bad_input(capsys):
    assert main(["train", "slide/3x3", "--moves", "4", "--count", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and all(" 4 moves, difficulty " in line for line in lines)
    assert main(["train", "slide/3x3", "--moves", "0"]) == 2
    assert "--moves: give 1 to" in capsys.readouterr().err


@pytest.mark.parametrize("puzzle", ["slide/3x3", "pegs/triangle15", "jugs"])
def test_each_text_line_pastes_after_hint_as_it_is(capsys, puzzle):
    """A line of the text output names its position as options a shell reads back whole: pasted
    after `pegapp hint PUZZLE`, it gives the puzzle's one right move (a sliding puzzle's start,
    numbers with spaces, was cut at its first space)."""
    import shlex

    assert main(["train", puzzle, "--moves", "2", "--count", "2", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines
    for line in lines:
        options = line.split(". ", 1)[1].rsplit(": ", 2)[0]
        assert main(["hint", puzzle, *shlex.split(options), "--json"]) == 0
        answer = json.loads(capsys.readouterr().out.splitlines()[-1])
        assert answer["remaining"] == 1 and answer["proven_minimal"], (line, answer)


def test_none_found_counts_each_position_once_however_often_it_was_drawn():
    """A small puzzle's random walks draw the same positions again and again: the message says
    how many positions were weighed, not how many draws (slide/2x3 said 360 of its 360)."""
    puzzle = registry.make_puzzle("slide/2x3", {})
    drawn = ["a", "b", "a", "a", "b", "c"]
    with pytest.raises(training.NoTraining) as caught:
        training.find(puzzle, 5, 1, iter(drawn), lambda state: 4, tries=100)
    assert "(positions tried: 3)" in str(caught.value)


def test_timeout_prints_what_was_found(capsys):
    """French six moves is a search of a minute or two: at the limit, what it has, said so."""
    t0 = time.monotonic()
    code, out, err = train(capsys, "pegs/french", "--moves", "6", "--count", "10",
                           "--timeout", "1")
    assert time.monotonic() - t0 < 10
    assert code == 1 or (out["timed_out"] is True and out["count"] < 10)


def test_eight_flip_one_press_against_its_rule(capsys):
    """8-flip: one press, the pattern the rule makes (its up to 8 neighbours flipped, not
    itself), made by no other button; none past one press (presses commute)."""
    code, out, _ = train(capsys, "flip8/4x4", "--moves", "1", "--count", "5")
    assert code == 0 and out["count"] == 5

    def pattern(b):
        r, c = divmod(b, 4)
        return {(r + dr) * 4 + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= r + dr < 4 and 0 <= c + dc < 4}

    for item in out["puzzles"]:
        lit = {i for i, ch in enumerate(item["start"].replace("/", "")) if ch == "1"}
        assert [b for b in range(16) if pattern(b) == lit] == item["line"]


@pytest.mark.parametrize("puzzle", ["bulls", "mastermind"])
def test_a_guessing_game_says_it_has_nothing_to_train_before_asking_for_a_secret(capsys, puzzle):
    """Found by an outside trial: `train bulls` answered "give the secret with --secret", as if
    a secret would make a puzzle of one right guess; the best guess depends on the secret."""
    code, out, err = train(capsys, puzzle, "--moves", "3", "--count", "1")
    assert code == 1 and out is None
    assert err.count("\n") == 1 and "guessing game" in err and "--secret" not in err


def test_a_length_no_board_can_have_is_refused_without_a_search(capsys, monkeypatch):
    """A move takes a peg, so a board of n holes has no finish longer than n - 2 moves: asked
    for longer, train says so at once (found by an outside trial: diamond41 --moves 60
    searched 73 s before giving up); the longest length itself is still searched for."""
    from pegapp.puzzles import peg_training

    def no_search(*args, **kwargs):
        raise AssertionError("searched")

    monkeypatch.setattr(peg_training, "PegDistances", no_search)
    monkeypatch.setattr(peg_training, "whole_table", lambda *a: None)
    code, out, err = train(capsys, "pegs/diamond41", "--moves", "40")
    assert code == 1 and out is None
    assert "no finish is longer than 39 moves" in err
    with pytest.raises(AssertionError, match="searched"):
        train(capsys, "pegs/diamond41", "--moves", "39")


def test_a_search_that_gives_up_names_timeout(capsys, monkeypatch):
    """A length a board can hold is searched up to a count of positions, which takes up to a
    minute on a big board, and then may give up with none: the message names --timeout, the
    way to wait less (#74's outside trial waited without knowing it); with --timeout given it
    is not repeated. The count made small here, so that English's twelve moves give up at
    once."""
    from pegapp.puzzles import peg_training

    monkeypatch.setattr(peg_training, "SEARCH_POSITIONS", 200)
    code, out, err = train(capsys, "pegs/english", "--finish", "0", "--moves", "12",
                           "--count", "1")
    assert code == 1 and out is None
    assert "gave up at more than 200 positions" in err and "--timeout SECONDS ends" in err
    code, out, err = train(capsys, "pegs/english", "--finish", "0", "--moves", "12",
                           "--count", "1", "--timeout", "30")
    assert code == 1 and "gave up" in err and "--timeout SECONDS ends" not in err


def test_timeout_with_none_found_says_it_stopped_not_that_there_is_none(capsys):
    """English finishing in a corner at twelve moves searches for half a minute: stopped at
    one second with nothing found, the command says it stopped at the limit (it read as a
    verdict: 'no position found ... (1 positions tried)', an outside trial) and --json prints
    what it has, nothing, marked timed out."""
    code, out, err = train(capsys, "pegs/english", "--finish", "0", "--moves", "12",
                           "--timeout", "1")
    assert code == 1 and "stopped at the time limit (--timeout 1 s) before any puzzle" in err
    assert "no position found" not in err
    assert out == {"puzzle": "pegs/english", "moves": 12, "seed": 0, "count": 0, "puzzles": [],
                   "timed_out": True}


def test_a_length_a_whole_table_holds_none_of_is_said_proven():
    """Hoppers has positions five to seven moves from its finish, none with one right move at
    every step: its whole table weighs them all, so that is a proof, said as one (it read
    'none found among 10 positions tried'), and the stream asks no such length again."""
    puzzle = registry.make_puzzle("pegs/hoppers", {})
    for moves in (5, 6, 7):
        with pytest.raises(training.NoTraining) as caught:
            training.training(puzzle, moves, 3, 0)
        assert "no position has a single right move at every step of a finish of" in str(
            caught.value)
        assert "positions tried" not in str(caught.value)


def test_a_long_train_search_says_it_is_still_searching(capsys, monkeypatch):
    """Without --timeout, a search that runs past STILL_SEARCHING_SECONDS says so on stderr,
    naming --timeout, while it runs (an outside trial waited 34 s in silence); the search is
    made to wait here until the line is written (a hang guard only); one that ends first
    says nothing of the kind."""
    import threading

    from pegapp import cli_train

    said = threading.Event()
    own = cli_train.say_still_searching

    def say(error):
        own(error)
        said.set()

    def slow_training(puzzle, moves, count, seed, stop):
        assert said.wait(60)
        raise training.NoTraining("none")

    monkeypatch.setattr(cli_train, "STILL_SEARCHING_SECONDS", 0.0)
    monkeypatch.setattr(cli_train, "say_still_searching", say)
    monkeypatch.setattr(training, "training", slow_training)
    code, _out, err = train(capsys, "pegs/english", "--moves", "6")
    assert code == 1 and "still searching" in err and "--timeout SECONDS ends it sooner" in err
    monkeypatch.undo()
    monkeypatch.setattr(cli_train, "STILL_SEARCHING_SECONDS", 60.0)
    code, _out, err = train(capsys, "pegs/hoppers", "--moves", "3", "--count", "2")
    assert code == 0 and "still searching" not in err
