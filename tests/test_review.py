"""A game reviewed move by move (#56): every before, after, cost and verdict of random games,
dead ends included, against searches of this file written from the rules alone (the peg
boards' brute force of tests.peg_reference, breadth-first searches for sliding tiles, water jugs
and stone pairs); the command line's JSON shape, save files and refusals."""

from __future__ import annotations

import json
import random
from collections import deque

import pytest

from pegapp.cli import main
from pegapp.core.board import get_board
from pegapp.puzzles import review as rv
from pegapp.puzzles.jugs import Jugs
from pegapp.puzzles.oshidori import Oshidori
from pegapp.puzzles.pegs import PegPuzzle
from pegapp.puzzles.session import Session
from pegapp.puzzles.slide import SlidePuzzle
from tests.peg_reference import brute_force_goal_distances, play
from tests.test_analysis_families import jug_distance, oshidori_distances


@pytest.fixture(autouse=True)
def _cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("PEGAPP_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "pegapp-cache"))


def expected_rows(positions, distance):
    """(before, after, cost, verdict) of each move between consecutive positions, from the exact
    distances (distance(position), None for a dead end)."""
    out = []
    for here, there in zip(positions, positions[1:]):
        before, after = distance(here), distance(there)
        cost = None if before is None or after is None else after + 1 - before
        verdict = ("dead" if before is None else "losing" if after is None
                   else "best" if cost == 0 else "slower")
        out.append((before, after, cost, verdict))
    return out


def check_review(puzzle, start, moves, positions, dist):
    """The review of moves agrees with the exact distances (a table, or a function of a
    position) row by row, every row is proven, and each best move is legal and keeps the fewest
    moves."""
    distance = dist.get if isinstance(dist, dict) else dist
    result = rv.review(puzzle, start, moves)
    got = [(r.before.moves, r.after.moves, r.cost, r.verdict) for r in result.rows]
    assert got == expected_rows(positions, distance)
    assert result.par == distance(start)
    for row, here in zip(result.rows, positions):
        assert row.proven
        if row.before.moves is None or row.before.moves == 0:
            assert row.best_move is None or row.verdict == "best"
        else:
            after_best = puzzle.apply(here, row.best_move)
            assert distance(after_best) == row.before.moves - 1
    return result


# ---- peg solitaire: random games of single jumps; a jump on by the peg that just landed is
# part of the move before it

def random_peg_game(board, start, rng):
    """A random game to its end: single jumps, each one a chain's continuation where possible
    half the time. Returns the jumps and the player's moves (chains joined)."""
    pos, jumps, moves = start, [], []
    while True:
        legal = [(f, t) for f, o, t in board.jumps
                 if pos >> f & 1 and pos >> o & 1 and not pos >> t & 1]
        if not legal:
            return jumps, moves
        on = [j for j in legal if moves and j[0] == moves[-1][-1]]
        f, t = rng.choice(on if on and rng.random() < 0.5 else legal)
        if moves and f == moves[-1][-1]:
            moves[-1] = [*moves[-1], t]
        else:
            moves.append([f, t])
        jumps.append([f, t])
        pos = play(board, pos, [[f, t]])


@pytest.mark.parametrize("board_id", ["triangle15", "hoppers", "diamond13"])
def test_peg_games_agree_with_the_brute_force(board_id):
    board = get_board(board_id)
    puzzle = PegPuzzle(board)
    start = puzzle.initial()
    goals = ([1 << puzzle.finish] if puzzle.finish is not None
             else [1 << h for h in range(board.n)])
    dist = brute_force_goal_distances(board, start, goals)
    rng = random.Random(56)
    verdicts = set()
    for _ in range(6):
        jumps, moves = random_peg_game(board, start, rng)
        positions = [start]
        for move in moves:
            positions.append(play(board, positions[-1], [move]))
        result = check_review(puzzle, start, jumps, positions, dist)
        assert [list(m) for m in result.moves] == moves   # chains joined as the player's moves
        verdicts |= {r.verdict for r in result.rows}
    assert {"best", "slower", "dead"} <= verdicts, verdicts


def test_a_best_game_costs_nothing():
    puzzle = PegPuzzle(get_board("triangle15"))
    line = puzzle.solve(puzzle.initial()).moves
    result = rv.review(puzzle, puzzle.initial(), line)
    assert result.par == len(line) == len(result.rows)
    assert all(r.verdict == "best" and r.cost == 0 for r in result.rows)
    assert result.turning_points == [] and result.rows[-1].after.moves == 0


# ---- sliding tiles: a breadth-first search from the goal

def slide_neighbours(state, rows, cols):
    blank = state.index(0)
    r, c = divmod(blank, cols)
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            k = (r + dr) * cols + c + dc
            t = list(state)
            t[blank], t[k] = t[k], 0
            yield state[k], tuple(t)


def test_sliding_games_agree_with_a_breadth_first_search():
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)
    dist, queue = {goal: 0}, deque([goal])
    while queue:
        s = queue.popleft()
        if dist[s] == 14:
            continue
        for _tile, t in slide_neighbours(s, 2, 5):
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    rng = random.Random(5)
    for _ in range(4):
        start = goal
        for _step in range(6):
            start = rng.choice(list(slide_neighbours(start, 2, 5)))[1]
        puzzle = SlidePuzzle(2, 5, start)
        positions, moves = [start], []
        for _step in range(6):
            tile, after = rng.choice(list(slide_neighbours(positions[-1], 2, 5)))
            moves.append(tile)
            positions.append(after)
        assert all(p in dist for p in positions)   # within the search's radius
        check_review(puzzle, start, moves, positions, dist)


# ---- water jugs: a forward search from each position; an amount no jug can measure makes
# every position a dead end

@pytest.mark.parametrize("caps, target", [((8, 5, 3), 4), ((9, 4), 6), ((6, 4), 3)])
def test_jug_games_agree_with_a_breadth_first_search(caps, target):
    puzzle = Jugs(list(caps), target)
    rng = random.Random(2)
    for _ in range(3):
        positions, moves = [puzzle.initial()], []
        for _step in range(6):
            if puzzle.is_solved(positions[-1]):
                break
            move = rng.choice(list(puzzle.moves(positions[-1])))
            moves.append(move)
            positions.append(puzzle.apply(positions[-1], move))
        result = check_review(puzzle, positions[0], moves, positions,
                              lambda p: jug_distance(caps, target, p))
        if target == 3:
            assert {r.verdict for r in result.rows} == {"dead"} and result.par is None


# ---- stone pairs: a breadth-first search from the goal (a move can be undone)

@pytest.mark.parametrize("make", [lambda: Oshidori(kinds=3), lambda: Oshidori(pairs=3)])
def test_stone_pair_games_agree_with_a_breadth_first_search(make):
    puzzle = make()
    dist = oshidori_distances(tuple(puzzle.goal))
    rng = random.Random(7)
    for _ in range(3):
        positions, moves = [puzzle.initial()], []
        for _step in range(7):
            move = rng.choice(list(puzzle.moves(positions[-1])))
            moves.append(move)
            positions.append(puzzle.apply(positions[-1], move))
        check_review(puzzle, positions[0], moves, positions, dist)


# ---- the command line

def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_review_json_has_the_documented_shape(capsys):
    code, out, _err = run(capsys, "review", "pegs/triangle15", "--moves", "(3,12)(0,3)",
                          "--json")
    assert code == 0
    data = json.loads(out)
    assert data["par"] == 9 and data["played"] == 2
    first, second = data["moves"]
    assert set(first) >= {"move", "before", "after", "cost", "verdict", "best",
                          "proven_minimal"}
    board = get_board("triangle15")
    dist = brute_force_goal_distances(board, board.start_position, [1 << 12])
    one = play(board, board.start_position, [[3, 12]])
    assert (first["move"], first["before"], first["after"]) == ([3, 12], 9, dist[one])
    assert first["cost"] == dist[one] + 1 - 9
    assert second["before"] == first["after"]


def test_a_chain_given_jump_by_jump_is_one_move(capsys):
    board = get_board("triangle15")
    rng = random.Random(3)
    while True:   # a random game with a chain of two jumps or more
        jumps, moves = random_peg_game(board, board.start_position, rng)
        if len(jumps) > len(moves):
            break
    text = "".join(f"({a},{b})" for a, b in jumps)
    code, out, _err = run(capsys, "review", "pegs/triangle15", "--moves", text, "--json")
    data = json.loads(out)
    assert code == 0 and data["played"] == len(moves)
    assert [m["move"] for m in data["moves"]] == moves


def test_review_of_a_save_file(capsys, tmp_path):
    puzzle = Jugs([8, 5], 4)
    session = Session(puzzle, {"capacities": [8, 5], "target": 4})
    for move in list(puzzle.moves(puzzle.initial()))[:1]:
        session.push(move)
    path = tmp_path / "game.json"
    session.save(path)
    code, out, _err = run(capsys, "review", str(path), "--json")
    data = json.loads(out)
    assert code == 0 and data["played"] == 1
    assert data["moves"][0]["before"] == jug_distance((8, 5), 4, (0, 0))
    code, _out, err = run(capsys, "review", str(path), "--moves", "fill 1")
    assert code == 2 and "--moves" in err
    path.write_text('{"format": ', encoding="utf-8")
    code, _out, err = run(capsys, "review", str(path))
    assert code == 2 and str(path) in err


@pytest.mark.parametrize("argv, words", [
    (("review", "pegs/english"), "--moves"),
    (("review", "pegs/english", "--moves", "(1,2)"), "--moves"),
    (("review", "bulls", "--secret", "1234", "--moves", "5678"), "guessing game"),
])
def test_review_refuses_in_one_line(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and words in err and len(err.splitlines()) == 1


def test_review_text_says_what_each_move_cost(capsys):
    code, out, _err = run(capsys, "review", "pegs/triangle15", "--moves", "(3,12)(0,3)")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "par: 9, played: 2"
    assert "lost; best" in lines[1] or lines[1].endswith("best")


def test_the_progress_line_names_the_position_being_solved(capsys):
    from pegapp import cli

    class Talking(Jugs):
        def solve(self, state, progress=None, stop=None, **options):
            progress("searching", 1, 1)
            return super().solve(state, **options)

    puzzle = Talking([8, 5], 4)

    def off_the_line(state):   # a move off the solver's line: the next position needs a proof
        best = puzzle.apply(state, Jugs.solve(puzzle, state).moves[0])
        return next(m for m in puzzle.moves(state) if puzzle.apply(state, m) != best)

    first = off_the_line(puzzle.initial())
    moves = [first, off_the_line(puzzle.apply(puzzle.initial(), first))]
    seen = []
    assert cli._print_review(puzzle, puzzle.initial(), moves,
                             lambda stage, *_: seen.append(stage), {}, True) == 0
    assert seen == [f"position {k} of 3: searching" for k in (1, 2, 3)]


def test_positions_on_a_proven_line_are_not_solved_again():
    """The next position is known from the one before: after the first move of a proven
    shortest line the rest of it is a shortest line. Its values still agree with
    a breadth-first search (the jug tests above)."""
    from pegapp.puzzles import review as rv

    solved = []

    class Counting(Jugs):
        def solve(self, state, progress=None, stop=None, **options):
            solved.append(state)
            return super().solve(state, **options)

    puzzle = Counting([8, 5, 3], 4)
    line = puzzle.solve(puzzle.initial()).moves
    solved.clear()
    out = rv.review(puzzle, puzzle.initial(), line)
    assert len(solved) == 1 and [r.verdict for r in out.rows] == ["best"] * len(line)
    assert [r.after.moves for r in out.rows] == list(range(len(line) - 1, -1, -1))
    assert all(r.proven for r in out.rows)


def test_positions_past_a_dead_end_are_not_solved():
    solved = []

    class Counting(PegPuzzle):
        def solve(self, state, progress=None, stop=None, **options):
            solved.append(state)
            return super().solve(state, **options)

    board = get_board("triangle15")
    puzzle = Counting(board)
    dist = brute_force_goal_distances(board, board.start_position, [1 << 12])
    state, moves = puzzle.initial(), []
    while next(iter(puzzle.moves(state)), None) is not None:   # the first jump each time
        moves.append(next(iter(puzzle.moves(state))))
        state = puzzle.apply(state, moves[-1])
    out = rv.review(puzzle, puzzle.initial(), moves)
    states = out.states
    first_dead = next(i for i, s in enumerate(states) if s not in dist)
    assert first_dead < len(states) - 1                        # a dead end with moves after it
    assert all(s not in solved for s in states[first_dead + 1:])
    assert all(r.after.dead for r in out.rows[first_dead:])


def test_a_quick_first_pass_then_proofs():
    """quick_seconds: the first pass shows what a time-limited solver gives (here: a line not
    proven shortest, as a proof stopped early does), the second proves it; the last answer is
    the same as a review without it."""
    from pegapp.solvers.result import SOLVED, SolveResult

    class Slow(Jugs):
        def solve(self, state, progress=None, stop=None, **options):
            answer = super().solve(state)
            if options.get("proof_seconds") is not None and answer.moves:
                return SolveResult(SOLVED, moves=answer.moves, proven_minimal=False)
            return answer

    puzzle = Slow([8, 5, 3], 4)
    start = puzzle.initial()
    moves = []
    state = start
    for _ in range(4):
        moves.append(next(iter(puzzle.moves(state))))
        state = puzzle.apply(state, moves[-1])
    seen = []
    out = rv.review(puzzle, start, moves, on_row=lambda r: seen.append(
        (len(r.rows), r.proven, r.proving)), quick_seconds=1.0)
    plain = rv.review(Jugs([8, 5, 3], 4), start, moves)
    assert out.final and out.proven and out.proving is None
    assert [r.as_json() for r in out.rows] == [r.as_json() for r in plain.rows]
    # the first pass: one answer per position, every row shown, none proven; it names the
    # start as the next to prove
    assert seen[:len(moves) + 1] == [(k, False, k + 1) for k in range(len(moves))] + [
        (len(moves), False, 0)]
    assert seen[-1] == (len(moves), True, None)          # then proven


def test_a_verdict_needs_proven_lengths_except_a_lost_win():
    found, proven, dead = rv.Distance(5, False), rv.Distance(4, True), rv.Distance(None, True)
    assert rv.MoveReview(0, None, found, rv.Distance(4, False)).verdict is None
    assert rv.MoveReview(0, None, found, proven).verdict is None
    assert rv.MoveReview(0, None, found, dead).verdict == rv.LOSING   # a found line is a win
    assert rv.MoveReview(0, None, rv.Distance(5, True), proven).verdict == rv.BEST
    assert rv.MoveReview(0, None, dead, dead).verdict == rv.DEAD
