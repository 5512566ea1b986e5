"""The decide pass (pegapp.solvers.pegs.decide, issue #75 point 2): whether a position still wins,
checked against what the solver's code does not share: its winning lines replayed by the
independent model of tests/peg_reference, its dead ends against that model's brute force (every
pair of small boards; Wiegleb 45 positions deep enough for the brute force to be cheap), and its
certificates summed again here from the board's jumps alone. Then the way a hint on Wiegleb says
it: a dead end final with its reason and certificate, a winning line first and not proven."""

from __future__ import annotations

import json
import random

import pytest

from pegapp.cli import main
from pegapp.core.board import get_board
from pegapp.puzzles import hints
from pegapp.puzzles.pegs import PegPuzzle
from pegapp.solvers.pegs import decide as decide_module
from pegapp.solvers.pegs.decide import DEAD, WINS, certificate, decide
from pegapp.solvers.pegs.problem import problem_of
from pegapp.solvers.pegs.solver import solve
from pegapp.solvers.result import Cancelled
from tests import peg_reference as ref


def _problem(board, pos: int, finish: int):
    return problem_of(board, pos, finish, "pagodas")


def _random_jumps(board, pos: int, pegs: int, rng) -> int | None:
    """pos after random single jumps down to pegs pegs (None when play stops before)."""
    while bin(pos).count("1") > pegs:
        after = [pos ^ (1 << f | 1 << o | 1 << t) for f, o, t in board.jumps
                 if pos >> f & 1 and pos >> o & 1 and not pos >> t & 1]
        if not after:
            return None
        pos = rng.choice(after)
    return pos


def _check(board, pos: int, finish: int, d, truth: bool) -> None:
    """d (decide's answer) agrees with truth (the brute force's), its line replayed by the
    independent model."""
    if d.verdict == WINS:
        assert truth, (pos, finish)
        assert ref.play(board, pos, d.line) == 1 << finish, (pos, finish)
    elif d.verdict == DEAD:
        assert not truth, (pos, finish)


@pytest.mark.parametrize("board_id", ["triangle15", "diamond13", "hoppers"])
@pytest.mark.parametrize("width", [1, 1000])
def test_every_pair_of_a_small_board_agrees_with_a_brute_force(board_id, width):
    """Every single-vacancy start and finish hole, and a position a few jumps in from each: width
    1 makes the beam fail often, so the depth-first search answers too (lines and dead ends)."""
    board = get_board(board_id)
    rng = random.Random(7)
    how = set()
    for s in range(board.n):
        start = ((1 << board.n) - 1) ^ (1 << s)
        for pos in {start, _random_jumps(board, start, board.n - 4, rng)} - {None}:
            reach = ref.reachable(board, pos)
            for f in range(board.n):
                prob = _problem(board, pos, f)
                if not prob.goals:   # another position class: solve() says so before deciding
                    assert (1 << f) not in reach
                    continue
                d = decide(prob, width=width)
                assert d.verdict is not None, (s, f)
                _check(board, pos, f, d, (1 << f) in reach)
                how.add((d.verdict, d.how))
    assert {(WINS, "beam"), (DEAD, "depth-first"), (DEAD, "certificate")} <= how
    if width == 1:
        assert (WINS, "depth-first") in how or board_id != "triangle15"


def _refutes(board, p, pos: int, finish: int) -> tuple[int, int]:
    """p summed over pos's pegs and the least p(f) + p(o) over the jumps into finish, from the
    board's jumps alone; AssertionError unless p is a pagoda function of the board."""
    assert len(p) == board.n
    assert all(p[f] + p[o] >= p[t] for f, o, t in board.jumps)
    total = sum(w for h, w in enumerate(p) if pos >> h & 1)
    least = min(p[f] + p[o] for f, o, t in board.jumps if t == finish)
    return total, least


def test_wiegleb_certificates_are_checked_by_summing_again():
    """Positions of random play on Wiegleb 45 that a certificate refutes: the function is a
    pagoda function of the board (a count of pegs where it says "count"), its sum over the pegs is
    the one given and below the least a position one jump from the goal has; "no move": no jump
    can be made. Each such position is dead by the brute force too where it is cheap."""
    board = get_board("wiegleb")
    finish = board.finish
    rng = random.Random(75)
    kinds: dict[str, int] = {}
    brute = 0
    for _ in range(60):
        pos = _random_jumps(board, ((1 << board.n) - 1) ^ (1 << finish),
                            rng.randint(12, 26), rng)
        if pos is None:
            continue
        cert = certificate(_problem(board, pos, finish))
        if cert is None:
            continue
        kinds[cert.kind] = kinds.get(cert.kind, 0) + 1
        if cert.kind == "no move":
            assert not any(pos >> f & 1 and pos >> o & 1 and not pos >> t & 1
                           for f, o, t in board.jumps)
        else:
            total, least = _refutes(board, cert.weights, pos, finish)
            assert (total, least) == (cert.total, cert.least)
            assert total < least
            if cert.kind == "count":   # a count of pegs: weights -1, 0 and 1
                assert set(cert.weights) <= {-1, 0, 1}
        if bin(pos).count("1") <= 14:
            assert (1 << finish) not in ref.reachable(board, pos)
            brute += 1
    assert kinds.get("pagoda", 0) >= 5 and kinds.get("count", 0) >= 5 and brute >= 3, kinds


def _jumps_undone(board, pos: int, pegs: int, rng) -> int:
    """A position of pegs pegs from which pos can be reached, by random jumps undone."""
    while bin(pos).count("1") < pegs:
        pos ^= rng.choice([1 << f | 1 << o | 1 << t for f, o, t in board.jumps
                           if pos >> t & 1 and not pos >> f & 1 and not pos >> o & 1])
    return pos


def test_wiegleb_verdicts_agree_with_a_brute_force_where_it_is_cheap():
    """Positions of 15 pegs on Wiegleb 45 that no certificate refutes, from jumps undone from
    the goal (they win) and then one random jump (it may lose): the depth-first search's dead
    ends (the beam one wide, so it seldom answers) and every line against the brute force."""
    board = get_board("wiegleb")
    finish = board.finish
    rng = random.Random(5)
    seen: dict[tuple, int] = {}
    for _ in range(200):
        pos = _random_jumps(board, _jumps_undone(board, 1 << finish, 16, rng), 15, rng)
        prob = _problem(board, pos, finish) if pos is not None else None
        if prob is None or certificate(prob) is not None:
            continue
        d = decide(prob, width=1, wide=1)
        assert d.verdict is not None
        _check(board, pos, finish, d, (1 << finish) in ref.reachable(board, pos))
        seen[d.verdict, d.how] = seen.get((d.verdict, d.how), 0) + 1
        if seen.get((WINS, "depth-first"), 0) >= 3 and seen.get((DEAD, "depth-first"), 0) >= 3:
            break
    assert seen.get((WINS, "depth-first"), 0) >= 3, seen
    assert seen.get((DEAD, "depth-first"), 0) >= 3, seen


def test_the_node_limit_leaves_a_position_undecided():
    """A counted limit, not the clock: too few positions for the depth-first search, and no beam
    line, is no verdict at all, never a wrong one."""
    board = get_board("wiegleb")
    pos = board.position_for([4, 7, 8, 12, 21, 22, 25, 26, 28, 29, 31, 39, 40, 42, 43])
    d = decide(_problem(board, pos, board.finish), node_limit=10_000, width=10, wide=100)
    assert d.verdict is None and d.nodes == 10_001


#: twelve moves of random play on Wiegleb 45 (bench_wiegleb_decided.py, seed 75): a dead end the
#: depth-first search proves in some 50,000 positions, where the proof by moves took 3.8 s cold
DEAD_TWELVE_IN = "3,6,7,8,11,12,13,15,16,21,23,24,25,26,31,32,37"


def _hint_lines(capsys, start: str) -> list[dict]:
    assert main(["hint", "pegs/wiegleb", "--start", start, "--finish", "22", "--json"]) in (0, 1)
    return [json.loads(x) for x in capsys.readouterr().out.splitlines()]


def test_a_wiegleb_hint_proves_a_dead_end_at_once(capsys):
    final = _hint_lines(capsys, DEAD_TWELVE_IN)[-1]
    assert final["final"] and final["status"] == "unsolvable" and final["move"] is None
    assert final["reason"].startswith("exhaustive search")
    assert 0 < final["search"]["examined"] <= decide_module.DECIDE_NODES


def test_a_wiegleb_hint_gives_a_certificate_it_has(capsys):
    """A position a fitted pagoda function refutes: the final line names the function, which
    sums again to below what the goal needs."""
    board = get_board("wiegleb")
    rng = random.Random(3)
    while True:
        pos = _random_jumps(board, ((1 << board.n) - 1) ^ (1 << 22), 24, rng)
        cert = certificate(_problem(board, pos, 22)) if pos is not None else None
        if cert is not None and cert.kind == "pagoda" and solve(
                board, pos, 22, tablebase=False).status == "unsolvable":
            break
    empty = ",".join(str(h) for h in range(board.n) if not pos >> h & 1)
    final = _hint_lines(capsys, empty)[-1]
    assert final["status"] == "unsolvable" and final["reason"].startswith("a pagoda function")
    got = final["certificate"]
    assert got["kind"] == "pagoda"
    total, least = _refutes(board, got["weights"], pos, 22)
    assert (total, least) == (got["sum"], got["least"]) and total < least


def test_a_wiegleb_win_comes_first_unproven_and_replays():
    """Four moves of random play (seed 75) off the catalogue's lines: the decide pass's line
    comes first, not proven shortest, and replays to the goal (the proof is stopped once it
    has: its minutes are not this test's)."""
    board = get_board("wiegleb")
    empty = [29, 30, 31, 37, 43]
    puzzle = PegPuzzle(board, empty, 22)
    answers: list = []
    final = hints.hint(puzzle, puzzle.initial(), stop=lambda: any(a.move for a in answers),
                       interim=answers.append)
    first = next(a for a in answers if a.move is not None)
    assert not first.result.proven_minimal and not first.final
    assert first.result.stats["decided"] == "beam"
    assert ref.play(board, puzzle.initial(), first.result.moves) == 1 << 22
    assert final.final and not final.result.proven_minimal


def test_stop_is_heard_between_the_stages():
    """The window's Cancel and analysis mode's quick pass stop the decide pass too: solve()
    answers cancelled, not after its millions of positions."""
    board = get_board("wiegleb")
    pos = board.position_for([4, 7, 8, 12, 21, 22, 25, 26, 28, 29, 31, 39, 40, 42, 43])
    calls = []

    def stop():
        calls.append(1)
        return len(calls) > 2   # the beam ran; the search is stopped at its first chunk

    assert solve(board, pos, 22, stop=stop).status == "cancelled"
    with pytest.raises(Cancelled):
        decide(_problem(board, pos, 22), stop=lambda: True)
