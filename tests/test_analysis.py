"""Every legal move annotated (#14): annotate() against independent brute-force searches.

Peg verdicts are checked against tests/peg_reference.py (chains and distances from board.jumps
alone); sliding-tile verdicts against a breadth-first table of this file made from the rules.
"""

import json
import random
from collections import deque

import pytest

from pegapp.core.board import get_board
from pegapp.puzzles.analysis import DEAD, MINIMUM, WINS, annotate, choices_along
from pegapp.puzzles.pegs import PegPuzzle
from pegapp.puzzles.slide import SlidePuzzle
from pegapp.solvers.pegs.solver import solve
from tests.peg_reference import brute_force_goal_distances, chains
from tests.test_cli import run


@pytest.mark.parametrize("board_id, seed", [("diamond13", 1), ("diamond13", 2),
                                            ("triangle15", 3), ("triangle15", 4)])
def test_every_move_of_random_games_has_its_exact_distance(board_id, seed):
    """Along a random game (winning or not), every legal move's verdict is the brute force's
    exact distance after it, or a dead end exactly when the goal is out of reach."""
    b = get_board(board_id)
    goals = [1 << b.finish]
    exact = brute_force_goal_distances(b, b.start_position, goals)
    puzzle = PegPuzzle(b)
    pos, rng = b.start_position, random.Random(seed)
    while True:
        moves = chains(b, pos)
        if not moves:
            break
        ann = annotate(puzzle, pos)
        assert sorted(map(tuple, (v.move for v in ann.verdicts))) == \
            sorted(tuple(path) for path, _q in moves)
        after = {tuple(path): q for path, q in moves}
        for v in ann.verdicts:
            q = after[tuple(v.move)]
            if q in exact:
                assert (v.kind, v.remaining) == (MINIMUM, exact[q]), v
            else:
                assert (v.kind, v.remaining) == (DEAD, None), v
        assert ann.remaining == exact.get(pos)
        pos = rng.choice(moves)[1]


def test_a_position_off_the_tables_is_annotated_by_search():
    """A problem no shipped table holds (the 13-hole diamond from another empty hole, finishing
    anywhere): the verdicts come from the search and equal the brute force's."""
    b = get_board("diamond13")
    puzzle = PegPuzzle(b, start=frozenset({2}), finish=None)
    pos = puzzle.initial()
    exact = brute_force_goal_distances(b, pos, [1 << h for h in range(b.n)])
    ann = annotate(puzzle, pos)
    after = {tuple(path): q for path, q in chains(b, pos)}
    for v in ann.verdicts:
        q = after[tuple(v.move)]
        assert v.remaining == exact.get(q), v


def slide_distances(rows, cols):
    """Breadth-first from the goal over the rules (blank swaps with a neighbour)."""
    n = rows * cols
    goal = tuple(list(range(1, n)) + [0])
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        s = queue.popleft()
        z = s.index(0)
        r, c = divmod(z, cols)
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                t = list(s)
                k = (r + dr) * cols + c + dc
                t[z], t[k] = t[k], t[z]
                t = tuple(t)
                if t not in dist:
                    dist[t] = dist[s] + 1
                    queue.append(t)
    return dist


def test_sliding_tiles_moves_have_their_exact_distance():
    dist = slide_distances(2, 3)
    puzzle = SlidePuzzle(2, 3)
    rng = random.Random(7)
    for state in rng.sample(sorted(dist), 25):
        ann = annotate(puzzle, state)
        assert ann.remaining == dist[state]
        for v in ann.verdicts:
            assert v.kind == MINIMUM and v.remaining == dist[puzzle.apply(state, v.move)], v
        if dist[state]:
            assert min(v.remaining for v in ann.best) == dist[state] - 1


def test_large_boards_mark_winning_moves_first_then_prove():
    """French 37 eight moves from the end of a winning line: the quick pass marks wins / dead
    ends, interim annotations arrive before the final one, and the final numbers are proven
    (each checked by replaying the move and a fresh proof of the position after it)."""
    b = get_board("french")
    puzzle = PegPuzzle(b)
    pos = b.start_position
    line = solve(b, pos, proof_seconds=2).moves
    for move in line[:-8]:
        pos = puzzle.apply(pos, move)
    seen = []
    final = annotate(puzzle, pos, interim=seen.append)
    assert seen and all(not a.final for a in seen)
    assert {v.kind for v in seen[0].verdicts} <= {MINIMUM, WINS, DEAD}
    assert WINS in {v.kind for v in seen[0].verdicts}
    assert final.final and final.proven and final.remaining <= 8
    for v in final.verdicts[:4]:
        proof = solve(b, puzzle.apply(pos, v.move), tablebase=False, cache_dir=False)
        assert v.remaining == (len(proof.moves) if proof.moves is not None else None)


# `pegapp moves` and `solve` run in this process (tests/test_cli.py's run: 11 processes were
# 3.7 s of CPU); the command as a process of its own, exit status and all, is test_instant's
# test_hint_command_bad_input_is_one_line.


def test_moves_command_on_a_small_board_equals_the_brute_force(capsys):
    b = get_board("triangle15")
    exact = brute_force_goal_distances(b, b.start_position, [1 << b.finish])
    rc, out, err = run(capsys, "moves", "pegs/triangle15", "--json")
    assert rc == 0, err
    data = json.loads(out)
    after = {tuple(path): q for path, q in chains(b, b.start_position)}
    assert sorted(tuple(m["move"]) for m in data["moves"]) == sorted(after)
    for m in data["moves"]:
        q = after[tuple(m["move"])]
        assert m["remaining"] == exact.get(q) and m["proven_minimal"] == (q in exact)
        assert set(m) >= {"move", "remaining", "proven_minimal", "kind", "notation"}
    assert data["remaining"] == exact[b.start_position] and not data["dead_end"]


@pytest.mark.parametrize("args", [
    ["slide/2x3", "--start", "1 2 3 4 0 5"],
    ["rotate/3x3", "--start", "1 2 3 4 5 6 9 7 8"],
    ["flip8/4x4"],
    ["jugs", "--capacities", "8,5", "--target", "4"],
])
def test_moves_command_works_for_every_board_family(args, capsys):
    """The position's own number is one more than its best move's and equals the length of
    `pegapp solve`'s minimum solution from the same arguments."""
    rc, out, err = run(capsys, "moves", *args, "--json")
    assert rc == 0, err
    data = json.loads(out)
    assert data["moves"] and data["proven_minimal"]
    best = min(m["remaining"] for m in data["moves"] if m["remaining"] is not None)
    assert data["remaining"] == best + 1
    rc, out, err = run(capsys, "solve", *args, "--json")
    assert rc == 0 and len(json.loads(out)["moves"]) == data["remaining"], err


def test_moves_command_bad_input_is_one_line_exit_2(capsys):
    """(Bulls and cows is analysed since its candidate guesses are weighed: a bad secret, a guess
    that is not a code, stand for it.)"""
    for args in (["pegs/nope"], ["pegs/english", "--start", "99"], ["bulls", "--secret", "1123"],
                 ["mastermind", "--secret", "1234", "--start", "12x4"]):
        rc, out, err = run(capsys, "moves", *args, "--json")
        assert rc == 2 and out == "" and len(err.strip().splitlines()) == 1, (args, err)


def test_choices_along_a_solution_count_the_equally_good_moves():
    """Along a minimum solution on the 13-hole diamond, each count is the number of legal moves
    after which the brute-force distance is one less than before (the solution's move among
    them)."""
    b = get_board("diamond13")
    exact = brute_force_goal_distances(b, b.start_position, [1 << b.finish])
    puzzle = PegPuzzle(b)
    line = solve(b).moves
    counts = choices_along(puzzle, b.start_position, line)
    pos = b.start_position
    for move, count in zip(line, counts):
        d = exact[pos]
        want = {tuple(path) for path, q in chains(b, pos) if exact.get(q) == d - 1}
        assert count == len(want) and tuple(move) in want
        pos = puzzle.apply(pos, move)
