"""The counts that decide peg problems without a search (issue #20): the draughtboard count of the
41-hole diamond, checked here from board.coords and board.jumps alone, and the search it prunes
checked by an independent depth-first search written in this file."""

import pytest

from pegapp.core.board import get_board
from pegapp.puzzles import catalogue
from pegapp.solvers.pegs import solver as pegs
from pegapp.solvers.pegs._tables import geometry
from tests.peg_reference import play, reachable


def draughtboard_weights(board):
    """-1 on the holes no jump passes over, +1 on the holes of the other colour of a
    draughtboard laid on the lattice, 0 elsewhere (from the coordinates: the colour is the
    parity of x + y; the jump table only says which holes are never jumped over)."""
    middles = {o for _f, o, _t in board.jumps}
    colour = [(round(x) + round(y)) % 2 for x, y in board.coords]
    edge = [h for h in range(board.n) if h not in middles]
    edge_colours = {colour[h] for h in edge}
    assert len(edge_colours) == 1  # the diamond's rim is all one colour
    (rim,) = edge_colours
    return [-1 if h in edge else (1 if colour[h] != rim else 0) for h in range(board.n)]


def value(w, position):
    return sum(w[h] for h in range(len(w)) if position >> h & 1)


def before_last_jump(board, w, finish):
    """The least sum of a position one jump from a single peg in finish."""
    return min(w[f] + w[o] for f, o, t in board.jumps if t == finish)


def reaches(board, w, position, finish):
    """Independent depth-first search over single jumps, memoised, cut by the count: can
    position end as a single peg in finish?"""
    jumps = list(board.jumps)
    goal = 1 << finish
    threshold = before_last_jump(board, w, finish)
    dead = set()

    def rec(p):
        if p == goal:
            return True
        if p & (p - 1) == 0 or p in dead or value(w, p) < threshold:
            return False
        for f, o, t in jumps:
            if p >> f & 1 and p >> o & 1 and not p >> t & 1:
                if rec(p ^ (1 << f) ^ (1 << o) ^ (1 << t)):
                    return True
        dead.add(p)
        return False

    return rec(position)


def test_the_draughtboard_count_is_a_pagoda_function_the_solver_derives():
    board = get_board("diamond41")
    w = draughtboard_weights(board)
    assert all(w[f] + w[o] >= w[t] for f, o, t in board.jumps)
    assert geometry(board).unjumpable_pagoda() == w
    assert geometry(get_board("english")).unjumpable_pagoda() is not None  # arm corners
    assert geometry(get_board("diamond13")).unjumpable_pagoda() is not None


def test_the_finer_count_on_wiegleb_is_bells_useful_resource_count():
    """George Bell's published "useful resource count" of Wiegleb's 45-hole board (his weights
    in his hole order, d1 e1 f1 d2 ... d9 e9 f9, which is ours), and the same rebuilt from the
    coordinates: -1 on the holes no jump passes over (the eight arm tips), +1 where both
    coordinates are odd, 0 elsewhere. The solver derives it from the board's data alone
    (Geometry.signed_counts), beside the class-wide count it had, which differs."""
    published = [-1, 0, -1, 1, 0, 1, 0, 0, 0, -1, 1, 0, 1, 0, 1, 0, 1, -1, 0, 0, 0, 0, 0, 0, 0,
                 0, 0, -1, 1, 0, 1, 0, 1, 0, 1, -1, 0, 0, 0, 1, 0, 1, -1, 0, -1]
    board = get_board("wiegleb")
    middles = {o for _f, o, _t in board.jumps}
    rebuilt = [-1 if h not in middles else int(round(x) % 2 == 1 and round(y) % 2 == 1)
               for h, (x, y) in enumerate(board.coords)]
    assert rebuilt == published
    assert all(published[f] + published[o] >= published[t] for f, o, t in board.jumps)
    counts = geometry(board).signed_counts()
    assert published in counts and geometry(board).unjumpable_pagoda() != published
    # one count where both rules agree (the diamond's rim jumps always land inside)
    assert len(geometry(get_board("diamond41")).signed_counts()) == 1


def test_every_pagoda_the_solver_uses_holds_on_every_shipped_board():
    """Signed ones included: p(from) + p(over) >= p(to) for every jump is all a pagoda needs."""
    from pegapp.core.board import shipped_boards

    signed = 0
    for b in shipped_boards():
        g = geometry(b)
        for h in range(b.n):
            for p in g.pagodas([1 << h]) + g.signed_counts():
                assert all(p[f] + p[o] >= p[t] for f, o, t in b.jumps), (b.n, h)
                signed += min(p) < 0
    assert signed > 0


def test_the_diamond_problems_the_count_decides_are_impossible_with_that_reason():
    board = get_board("diamond41")
    w = draughtboard_weights(board)
    cat = catalogue.load(board)
    counted = []
    for p in cat.problems:
        if "position class" in str(p.reason):  # decided first, by the older invariant
            continue
        start = board.full & ~(1 << p.start)
        if value(w, start) < before_last_jump(board, w, p.finish):
            counted.append((p.start, p.finish))
            assert p.possible is False and "draughtboard" in str(p.reason), (p.start, p.finish)
            reason = pegs.count_verdict(board, start, p.finish)
            assert reason is not None and "draughtboard" in str(reason)
    assert len(counted) >= 6


def test_solve_says_why_without_a_search():
    board = get_board("diamond41")
    start = board.full & ~(1 << 12)
    res = pegs.solve(board, start, 25, cache_dir=False)
    assert res.status == "unsolvable" and "draughtboard" in str(res.reason)
    assert res.search is None or res.search.positions == 0


@pytest.mark.parametrize("start, finish", [(0, 25), (0, 28), (0, 40), (1, 21), (1, 24)])
def test_problems_decided_by_the_pruned_search_agree_with_an_independent_one(start, finish):
    board = get_board("diamond41")
    w = draughtboard_weights(board)
    position = board.full & ~(1 << start)
    assert not reaches(board, w, position, finish)
    assert not pegs.can_reach_goal(board, position, finish, cache_dir=False)
    assert shipped_verdict(board, start, finish) is False


def shipped_verdict(board, start, finish):
    return catalogue.load(board).find(start, finish).possible


def test_a_diamond_problem_no_count_rules_out_is_solved():
    """1 -> 3 (two holes of the rim, one apart): class and count allow it, and the catalogue
    holds a solution that replays."""
    board = get_board("diamond41")
    p = catalogue.load(board).find(1, 3)
    assert p.possible
    assert play(board, board.full & ~(1 << 1), p.solution) == 1 << 3


@pytest.mark.parametrize("board_id", ["diamond13", "hoppers", "triangle15"])
def test_a_count_never_rules_out_a_position_a_brute_force_wins(board_id):
    """Soundness against tests/peg_reference: every position reachable from a single-vacancy
    start whose brute-force distance to some single peg is finite is never ruled out by
    count_verdict for that finish (and the count does rule some out: it is not vacuous)."""
    board = get_board(board_id)
    ruled_out = 0
    for start in range(0, board.n, 3):
        children = reachable(board, board.full & ~(1 << start))
        wins = {}  # position -> set of finishes it can reach
        for p in sorted(children, key=lambda x: bin(x).count("1")):
            if p & (p - 1) == 0:
                wins[p] = {p.bit_length() - 1}
                continue
            wins[p] = set().union(*(wins[q] for q in children[p])) if children[p] else set()
        for p in list(children)[::7]:
            for finish in range(board.n):
                verdict = pegs.count_verdict(board, p, finish)
                if finish in wins[p]:
                    assert verdict is None, (board_id, p, finish, str(verdict))
                else:
                    ruled_out += verdict is not None
    assert ruled_out > 0


def test_the_41_hole_diamond_is_decided_every_par_proven():
    """Issue #20: no problem of the diamond is left unknown or merely best known. The possible
    ones replay to their finish (and their ends are checked by brute force in test_catalogue)."""
    board = get_board("diamond41")
    cat = catalogue.load(board)
    c = cat.counts()
    assert c["unknown"] == 0 and c["best_known"] == 0
    possible = [(p.start, p.finish) for p in cat.problems if p.possible]
    assert sorted(possible) == [(1, 3), (1, 18), (6, 9), (6, 34)]
    for p in cat.problems:
        if p.possible:
            assert p.proven_minimal
            assert play(board, board.full & ~(1 << p.start), p.solution) == 1 << p.finish
        else:
            assert p.reason


@pytest.mark.parametrize("board_id", ["english", "french", "wiegleb"])
def test_a_chain_stopped_at_the_count_keeps_every_child(board_id):
    """The count rule "any-stop" (the solver's default) stops a chain at a child the count cuts,
    since the sum only falls along a chain forward and only rises backward. The level kernel
    must then write exactly the children the rule that walks every chain on ("any") writes:
    checked from random positions on both sides (random moves from the start, random reverse
    moves from the goal, tests/peg_reference), and it must walk fewer children somewhere, or
    the rule would not be what it says."""
    import random

    import numpy as np

    from pegapp.solvers.pegs import _levels_kernel as _peglevels
    from pegapp.solvers.pegs.problem import _Problem
    from tests.peg_reference import chains, reverse_chains

    board = get_board(board_id)
    g = geometry(board)
    rng = random.Random(7)
    goal = 1 << board.finish
    problems = {rule: _Problem(g, board.start_position, board.finish, [goal], rule)
                for rule in ("any", "any-stop")}
    assert problems["any"].count_cut is not None
    fewer = 0
    for backward, root, step in ((False, board.start_position, lambda p: [q for _m, q in
                                                                        chains(board, p)]),
                                 (True, goal, lambda p: reverse_chains(board, p))):
        front = set()
        for _ in range(40):
            p = root
            for _ in range(rng.randrange(2, 9)):
                nxt = step(p)
                if not nxt:
                    break
                p = rng.choice(nxt)
            front.add(p)
        front = np.array(sorted(front), dtype=np.uint64)
        written, made = {}, {}
        for rule, prob in problems.items():
            out = np.empty(len(front) * 4000 + _peglevels.MARGIN, dtype=np.uint64)
            counts = np.zeros(3, dtype=np.int64)
            ktab = g.kbwd if backward else g.kfwd
            bnd = prob.bwd_bnd if backward else prob.fwd_bnd
            end = _peglevels.children(front, 0, len(front), out, counts, *ktab, prob.jmask,
                                      prob.symtab, prob.nchunks, prob.nsym, bnd, 0, 99,
                                      *prob.count_args(backward))
            assert end == len(front)
            written[rule] = np.unique(out[:counts[0]])
            made[rule] = int(counts[1])
        assert np.array_equal(written["any"], written["any-stop"]), (board_id, backward)
        assert made["any-stop"] <= made["any"]
        fewer += made["any-stop"] < made["any"]
    assert fewer > 0


@pytest.mark.parametrize("board_id", ["triangle15", "english", "wiegleb"])
def test_pagoda_checks_and_sums_of_many_functions_agree_with_one_at_a_time(board_id):
    """Geometry.are_pagodas and counts_of (numpy, many at once) against the definitions
    written here: p(f) + p(o) >= p(t) on every jump (and p >= 0 unless signed), and the sum
    of p over the pegs; on random functions, most of them not pagodas, and random positions."""
    import random

    b = get_board(board_id)
    g = geometry(b)
    rng = random.Random(11)
    functions = [[rng.randint(-2, 3) for _ in range(b.n)] for _ in range(150)]
    functions += [list(p) for p in g.pagodas([1 << (b.finish or 0)])]
    functions += [[1] * b.n, [0] * b.n, [-1] * b.n]
    for signed in (False, True):
        want = [all(p[f] + p[o] >= p[t] for f, o, t in b.jumps) and (signed or min(p) >= 0)
                for p in functions]
        assert list(g.are_pagodas(functions, signed)) == want
        assert [g.is_pagoda(p, signed) for p in functions] == want
        assert any(want) and not all(want)
    positions = [0, (1 << b.n) - 1] + [rng.getrandbits(b.n) for _ in range(100)]
    for p in functions[:20]:
        assert list(g.counts_of(p, positions)) == [value(p, x) for x in positions]
