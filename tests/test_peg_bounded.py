"""Bounded tables (#55): the exact distance of the positions a game's first moves reach, where a
whole table does not fit (French 37), from two searches stored whole within a bound.

Every distance here is checked by this file's own means (tests/peg_reference's brute force over
every reachable position, its own breadth-first depths, its own replay), never by the table that
gave it; the shipped French tables by their start's catalogue par, by replaying their lines and
by the brute force where an entry has few pegs.
"""

import functools
import random
import json

import numpy as np
import pytest

from pegapp.core.board import get_board
from pegapp.puzzles import catalogue
from pegapp.solvers.pegs import bounded as peg_bounded
from pegapp.solvers.pegs import levels as levels_module
from pegapp.solvers.pegs import tablebase
from pegapp.solvers.pegs import solver
from pegapp.solvers.pegs._tables import apply_perm_many, geometry
from tests.peg_reference import brute_force_distances, chains, depths, play, reverse_chains


def _depths(board, start, perms, most):
    """{canonical position: fewest moves from start} up to most moves, by this file's own
    breadth-first search (canonical under perms, the symmetries fixing the goal), made once a
    file for each start, symmetries and moves (Triangle 21's five moves are asked by three
    tests); not to be changed by a test."""
    return _depths_of(board.id, start, tuple(tuple(p) for p in perms), most)


@functools.lru_cache(maxsize=None)
def _depths_of(board_id, start, perms, most):
    return depths(get_board(board_id), start,
                  lambda a: functools.reduce(np.minimum, [apply_perm_many(p, a) for p in perms]),
                  most)


@functools.lru_cache(maxsize=None)
def _brute(board_id, start, goal):
    """The brute force's distances of a problem, worked out once for this file's tests."""
    return brute_force_distances(get_board(board_id), start, goal)


def _brute_canon(board_id, start, goal, perms):
    """{canonical position under perms: the brute force's distance} (the same for every
    position of a class), made once a file for each problem and symmetries: six tests ask
    Triangle 21's first problem's, some 0.6 s each a position at a time; not to be changed by
    a test."""
    return _brute_canon_of(board_id, start, goal, tuple(tuple(p) for p in perms))


@functools.lru_cache(maxsize=None)
def _brute_canon_of(board_id, start, goal, perms):
    want = _brute(board_id, start, goal)
    keys = np.array(list(want), dtype=np.uint64)
    canon = functools.reduce(np.minimum, [apply_perm_many(p, keys) for p in perms])
    return dict(zip(canon.tolist(), want.values()))


def _problems(board_id, count):
    b = get_board(board_id)
    return [(b, p) for p in catalogue.load(b).problems if p.possible][:count]


@pytest.mark.parametrize("board, problem, spare, backward", [
    (b, p, spare, backward)
    for b, p in _problems("triangle15", 3)
    for spare, backward in ((0, 3), (1, 2), (2, 5), (2, 0))] + [
    (b, p, 1, 6) for b, p in _problems("triangle21", 1)])
def test_a_bounded_table_holds_exactly_the_positions_its_bound_decides(board, problem, spare,
                                                                       backward):
    """Every entry has the brute force's distance; every position at most keep_depth moves from
    the start that lies on a solution within the bound is there (d + m <= bound); the line from
    each entry replays to the goal in its distance; and a bounded table proves no dead end."""
    goal = 1 << problem.finish
    start = get_board(board.id).position_for([problem.start])
    bound = problem.par + spare
    keep = bound - backward
    tb = peg_bounded.build(board, start, problem.finish, bound, bound - backward, backward,
                           keep, 1 << 28)
    by_canon = _brute_canon(board.id, start, goal, tb.perms)
    assert len(tb.keys) and all(by_canon.get(int(k)) == d for k, d in zip(tb.keys, tb.dist))
    depth = _depths(board, start, tb.perms, keep)
    decided = [p for p, d in depth.items() if p in by_canon and d + by_canon[p] <= bound]
    assert decided and all(tb.distance(p) == by_canon[p] for p in decided)
    for k in tb.keys[::max(1, len(tb.keys) // 300)]:
        line = tb.best_line(board, int(k))
        assert len(line) == by_canon[int(k)] and play(board, int(k), line) == goal
    assert tb.bounded and not tb.whole
    lost = [p for p, d in depth.items() if p not in by_canon]
    assert not any(tablebase.Tables([tb]).proves_dead(board, p) for p in lost)


def test_a_wider_bound_decides_more_positions():
    b, p = _problems("triangle21", 1)[0]
    start = b.position_for([p.start])
    sizes = [len(peg_bounded.build(b, start, p.finish, p.par + s, 4, p.par + s - 4, 4,
                                   1 << 28).keys) for s in (0, 2)]
    assert sizes[0] < sizes[1]


def test_a_bounded_table_refuses_depths_that_do_not_add_up():
    b, p = _problems("triangle15", 1)[0]
    with pytest.raises(ValueError):
        peg_bounded.build(b, b.position_for([p.start]), p.finish, 12, 5, 5, 3, 1 << 28)
    with pytest.raises(ValueError):
        peg_bounded.build(b, b.position_for([p.start]), p.finish, 12, 6, 6, 7, 1 << 28)


# ------------------------------------------------------------------------------- the file

@pytest.fixture(scope="module")
def small_table():
    b, p = _problems("triangle15", 1)[0]
    return b, peg_bounded.build(b, b.position_for([p.start]), p.finish, p.par + 1, 5,
                                p.par - 4, 5, 1 << 28)


def test_a_bounded_table_reads_back_as_written(small_table):
    _b, tb = small_table
    back = tablebase.decode(tablebase.encode(tb))
    assert back.bounded and (back.bound, back.keep_depth) == (tb.bound, tb.keep_depth)
    assert np.array_equal(back.keys, tb.keys) and np.array_equal(back.dist, tb.dist)
    assert tablebase.encode(back) == tablebase.encode(tb)


def _with_header(data: bytes, **change) -> bytes:
    """data with its header's fields changed (the checksum of the body still holds)."""
    hlen = int.from_bytes(data[:4], "little")
    head = json.loads(data[4:4 + hlen])
    head.update(change)
    for k in [k for k, v in change.items() if v is None]:
        del head[k]
    raw = json.dumps(head).encode()
    return len(raw).to_bytes(4, "little") + raw + data[4 + hlen:]


@pytest.mark.parametrize("change, words", [
    ({"bound": 0}, "bound"), ({"bound": "21"}, "bound"), ({"bound": None}, "bound"),
    ({"keep_depth": -1}, "keep_depth"), ({"bound": 3}, "beyond the table's bound"),
    ({"version": 4}, "version")])
def test_a_damaged_bounded_table_is_refused_with_the_reason(small_table, change, words):
    _b, tb = small_table
    with pytest.raises(ValueError, match=words):
        tablebase.decode(_with_header(tablebase.encode(tb), **change))


def test_a_bounded_table_whose_symmetries_are_not_the_goals_is_refused(small_table, tmp_path,
                                                                       monkeypatch):
    b, tb = small_table
    path = tmp_path / "t.pegtb"
    identity = [tuple(range(b.n))]
    tablebase.save(tablebase.Tablebase(tb.board_key, tb.start, tb.goals, tuple(identity),
                                       tb.keys, tb.dist, 1, tb.bound, tb.keep_depth), path)
    assert tablebase._load_checked(path, b) is None
    assert "does not match" in tablebase.problems[str(path)]


# --------------------------------------------------------------------- the shipped French ones

def _packaging_script(name: str):
    """packaging/<name>.py as a module (its functions run in this process)."""
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location(
        name, Path(__file__).parents[1] / "packaging" / f"{name}.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


def _french():
    b = get_board("french")
    return b, _packaging_script("check_bounded_tables").shipped_tables(b)


def test_every_french_problem_ships_a_bounded_table_whose_start_is_its_par():
    b, found = _french()
    assert len(found) == 10
    for p, own in found:
        assert own, (p.start, p.finish)
        assert own[0].distance(b.position_for([p.start])) == p.par
        assert own[0].bound > p.par


def test_the_french_tables_lines_replay_and_their_few_pegs_agree_with_the_brute_force():
    """A sample of every French table's winning entries: each line replays legally to the goal
    in its distance (so it is at most that), no move from it reaches a kept position further
    than one move nearer; entries of at most 8 pegs get the brute force's distance."""
    b, found = _french()
    rng = np.random.default_rng(55)
    for p, tb in ((p, t) for p, own in found for t in own[:1]):
        goal = 1 << p.finish
        won = np.flatnonzero(tb.dist != tablebase.DEAD)     # a dead end has no line
        for i in rng.choice(won, size=min(25, len(won)), replace=False):
            pos, d = int(tb.keys[i]), int(tb.dist[i])
            line = tb.best_line(b, pos)
            assert len(line) == d and play(b, pos, line) == goal
            assert all((tb.distance(c) or 99) >= d - 1 for _path, c in chains(b, pos))
        few = [int(k) for k in tb.keys if bin(int(k)).count("1") <= 8][:6]
        for pos in few:
            want = brute_force_distances(b, pos, goal)
            assert tb.distance(pos) == want[pos]


def test_a_french_hint_a_move_off_the_catalogues_lines_comes_from_its_table():
    """Two moves into French's 0 -> 16 (the first along no catalogue line's shortest path
    necessarily): the solver answers from the bounded table, proven, with a line that replays
    to the goal in as many moves as the table says."""
    b = get_board("french")
    tb = next(t for p, own in _french()[1] if (p.start, p.finish) == (0, 16) for t in own)
    g = geometry(b)
    start = b.position_for([0])
    asked = None
    for _path, c in chains(b, start):
        for _p2, c2 in chains(b, c):
            if tb.distance(c2) is not None and catalogue.proven_line(b, c2, 16) is None:
                asked = c2
                break
        if asked is not None:
            break
    assert asked is not None and g.position_class(asked) == g.position_class(1 << 16)
    res = solver.solve(b, asked, 16)
    assert res.proven_minimal and res.search.source == "table"
    assert len(res.moves) == tb.distance(asked) and play(b, asked, res.moves) == 1 << 16


# ------------------------------------------------------------ completed to the first moves

def _completion_answers(board, tb, depth, finish):
    """What the build gives completed(): a minimum line (or None for a dead end) for each first
    position the table lacks, from the solver's own search (the table is checked below by the
    brute force, not by the solver)."""
    return {p: (r.moves if r.status == "solved" else None)
            for p in peg_bounded.first_positions(tb, board, depth) if tb.value(p) is None
            for r in [solver.solve(board, p, finish, cache_dir=False, tablebase=False)]}


@functools.lru_cache(maxsize=None)
def _completed_table(board_id, index, depth):
    """A problem's bounded table of no spare, and the same completed to depth moves."""
    b, p = _problems(board_id, index + 1)[index]
    start = b.position_for([p.start])
    plain = peg_bounded.build(b, start, p.finish, p.par, p.par - 3, 3, p.par - 3, 1 << 28)
    return plain, peg_bounded.completed(plain, b, depth,
                                        _completion_answers(b, plain, depth, p.finish))


@pytest.mark.parametrize("board_id, index, depth", [("triangle15", 0, 3), ("triangle15", 2, 3),
                                                    ("triangle21", 0, 4)])
def test_a_completed_table_answers_every_position_of_the_first_moves(board_id, index, depth):
    """Completed to its first moves, a bounded table of no spare holds every position at most
    that many moves from its start (by this file's own breadth-first search): the brute force's distance
    for each that can win, with a line that replays in it, and a proven dead end for each that
    cannot (dead_among says so of many at once as is_dead does of each); the rest of the table
    is unchanged, and the file reads back as written."""
    b, p = _problems(board_id, index + 1)[index]
    start, goal = b.position_for([p.start]), 1 << p.finish
    plain, tb = _completed_table(board_id, index, depth)
    assert tb.complete_depth == depth and len(tb.keys) > len(plain.keys)
    by_canon = _brute_canon(b.id, start, goal, tb.perms)
    first = _depths(b, start, tb.perms, depth)
    lost = [q for q in first if q not in by_canon]
    assert lost and len(first) > len(lost)          # both kinds are asked
    tables = tablebase.Tables([tb])
    for q in first:
        if q in by_canon:
            assert tb.distance(q) == by_canon[q] and not tb.is_dead(q)
            assert play(b, q, tb.best_line(b, q)) == goal
        else:
            assert tb.is_dead(q) and tb.distance(q) is None and tables.proves_dead(b, q)
    assert all(tb.distance(int(k)) == d for k, d in zip(plain.keys, plain.dist))
    # many at once (a walk back to a dead end asks a level at a time), positions not canonical
    asked = list(first) + [c for q in sorted(first)[:300] for _path, c in chains(b, q)]
    assert list(tb.dead_among(asked)) == [tb.is_dead(q) for q in asked]
    back = tablebase.decode(tablebase.encode(tb))
    assert back.complete_depth == depth and tablebase.encode(back) == tablebase.encode(tb)


def test_a_completion_refuses_a_line_that_misses_the_goal_or_a_position_left_unanswered():
    b, p = _problems("triangle15", 3)[2]
    start = b.position_for([p.start])
    plain = peg_bounded.build(b, start, p.finish, p.par, p.par - 3, 3, p.par - 3, 1 << 28)
    answers = _completion_answers(b, plain, 3, p.finish)
    pos, line = next((q, m) for q, m in answers.items() if m)
    with pytest.raises(ValueError, match="does not end in a goal"):
        peg_bounded.completed(plain, b, 3, {**answers, pos: line[:-1]})
    with pytest.raises(ValueError, match="has no answer"):
        peg_bounded.completed(plain, b, 3, {q: m for q, m in answers.items() if q != pos})


@pytest.mark.parametrize("change, words", [
    ({"complete_depth": -1}, "complete_depth"), ({"complete_depth": "3"}, "complete_depth"),
    ({"complete_depth": None}, "beyond the table's bound")])
def test_a_damaged_completed_table_is_refused_with_the_reason(change, words):
    """A dead end is held only by a table that says it was completed: with the field gone, its
    DEAD entries are refused rather than read as distances."""
    b, p = _problems("triangle15", 1)[0]
    start = b.position_for([p.start])
    plain = peg_bounded.build(b, start, p.finish, p.par, p.par - 3, 3, p.par - 3, 1 << 28)
    tb = peg_bounded.completed(plain, b, 3, _completion_answers(b, plain, 3, p.finish))
    assert (tb.dist == tablebase.DEAD).any()
    with pytest.raises(ValueError, match=words):
        tablebase.decode(_with_header(tablebase.encode(tb), **change))


@pytest.mark.parametrize("index", range(10))
def test_the_french_tables_answer_every_position_of_their_first_moves(index):
    """Every position at most complete_depth moves from each French problem's start (the tests'
    own breadth-first search, five moves or more) is in its shipped table: a distance whose
    line replays to the goal in that many moves, or a dead end. So a hint there is read, not
    searched. Every position is looked up here; the lines are replayed from every position up
    to three moves in and from a seeded one in fifty of the rest (each line some 0.9 ms: those
    of a fifth of them took 44 s of the suite's CPU; issue #73). The whole, every line of every
    table, is packaging/check_bounded_tables.py's, the same check_table run
    after a build of the tables (docs/PACKAGING.md). One test a problem, each checking the
    same."""
    script = _packaging_script("check_bounded_tables")
    b, found = _french()
    assert len(found) == 10
    p, own = found[index]
    rng = random.Random(100 * p.start + p.finish)
    counts = script.check_table(b, p, own[0], lambda q, k: k <= 3 or rng.random() < 0.02)
    assert counts["lines"] > 100 and counts["positions"] > counts["lines"], counts


def _agree_with_the_brute_force(b, start, goal, perms, first, answers):
    """prove_many's answers for the positions first: the brute force's distance for every
    position that can win, with a line that replays in that many moves, None for every dead
    end, and some of each."""
    by_canon = _brute_canon(b.id, start, goal, perms)
    assert set(answers) == set(first)
    assert any(m is None for m in answers.values()) and any(answers.values())
    for q, line in answers.items():
        if q in by_canon:
            assert line is not None and len(line) == by_canon[q], q
            assert play(b, q, line) == goal
        else:
            assert line is None, q


@pytest.mark.parametrize("board_id, index, depth, bwd_depth", [
    ("triangle15", 0, 4, 0), ("triangle15", 0, 4, 3), ("triangle15", 2, 5, 1),
    ("triangle15", 2, 5, 6), ("triangle21", 0, 4, 2), ("triangle21", 0, 4, 5)])
def test_many_positions_proved_against_one_goal_side_agree_with_the_brute_force(
        board_id, index, depth, bwd_depth):
    """prove_many (the completion's proofs: one backward side, each position searched forward
    only) at backward depths from none to beyond the positions' distances: the brute force's
    distance for every position of the first moves that can win, with a line that replays in
    that many moves, and None for every dead end. (The last case was Triangle 21's second
    problem until 2026-12-07: its brute force alone took 8 s; the first's is made once for the
    file. Its first five moves at a backward side of 4 are
    test_dead_ends_cut_by_earlier_dead_ends_forward_levels_keep_the_brute_forces_distances's.)"""
    b, p = _problems(board_id, index + 1)[index]
    start, goal = b.position_for([p.start]), 1 << p.finish
    perms = geometry(b).subgroup_fixing([goal])
    first = sorted(_depths(b, start, perms, depth))
    answers = peg_bounded.prove_many(b, start, p.finish, first, bwd_depth, 1 << 28)
    _agree_with_the_brute_force(b, start, goal, perms, first, answers)


@pytest.mark.parametrize("board_id", ["triangle21", "french"])
def test_the_moves_back_of_a_position_are_the_reference_ones_and_a_peg_limit_keeps_their_few(
        board_id):
    """tablebase.moves_back, a position's moves back, gives every position one chain back
    (tests/peg_reference's reverse chains), and with most_pegs exactly those of at most that
    many pegs (it stops un-jumping there, 2026-12-07: a walk had made every chain and dropped
    most); moves_back_all, the walk back to a table's dead ends, gives those of many positions
    at once (of ten, of one, of none)."""
    b = get_board(board_id)
    rng = random.Random(73)
    asked, want = [], {}
    for _ in range(40):
        q = 0
        for h in rng.sample(range(b.n), rng.randrange(1, b.n // 2)):
            q |= 1 << h
        every = set(tablebase.moves_back(b, q))
        assert every == set(reverse_chains(b, q))
        pegs = bin(q).count("1")
        for most in range(pegs - 1, pegs + 5):
            want[q, most] = {r for r in every if bin(r).count("1") <= most}
            assert tablebase.moves_back(b, q, most) == want[q, most]
        asked.append(q)
    for k in range(0, 40, 10):
        group = asked[k:k + 10]
        for most in (None, 12, 16, 20):
            together = set().union(*(set(reverse_chains(b, q)) if most is None else
                                     want.get((q, most), {r for r in reverse_chains(b, q)
                                                          if bin(r).count("1") <= most})
                                     for q in group))
            assert set(tablebase.moves_back_all(b, group, most).tolist()) == together
            assert tablebase.moves_back_all(b, group[:1], most).tolist() == sorted(
                set(reverse_chains(b, group[0])) if most is None else
                {r for r in reverse_chains(b, group[0]) if bin(r).count("1") <= most})
    assert not len(tablebase.moves_back_all(b, [], 20))


def _past_triangle21s_table(every: int):
    """Triangle 21's first problem with its table completed to four moves: (the board, the
    table, the goal, the brute force's distances by canonical position, the table as Tables,
    every every-th position five to seven moves from the start in sorted order, by this file's
    own breadth-first search)."""
    b, p = _problems("triangle21", 1)[0]
    _plain, tb = _completed_table("triangle21", 0, 4)
    start, goal = b.position_for([p.start]), 1 << p.finish
    winnable = _brute_canon(b.id, start, goal, tb.perms)
    depths = _depths(b, start, tb.perms, 7)
    asked = sorted(q for q, d in depths.items() if d > tb.complete_depth)[::every]
    return b, tb, goal, winnable, tablebase.Tables([tb]), asked


def test_a_position_reached_from_a_tables_dead_end_is_proved_dead_without_a_search():
    """Past a completed table's first moves, a position reached from one it holds as a dead end
    is dead too (Tables.dead_ancestor): checked against the brute force on positions five to
    seven moves from Triangle 21's start (this file's own breadth-first search; every 8th in
    sorted order, some 3,000): every one it answers cannot win, the dead end it names is one
    (by the brute force) and reaches the position in the moves it says (this file's own
    chains); a winnable one is never answered, and some dead ones are (on Triangle 21 the
    fatal move mostly comes after the table's four moves: 654 of the 10,588 dead ones)."""
    b, tb, goal, winnable, tables, asked = _past_triangle21s_table(8)
    found = dead = 0
    for q in asked:
        hit = tables.dead_ancestor(b, q)
        dead += q not in winnable
        if hit is None:
            continue
        found += 1
        holder, back, ancestor = hit
        assert holder is tb and q not in winnable and tb.canon(ancestor) not in winnable
        level = {ancestor}
        for _ in range(back):
            level = {c for x in level for _path, c in chains(b, x)}
        assert q in level and tables.proves_dead(b, q)
        assert not tables.proves_dead(b, q, ancestors=False) or tb.is_dead(q)
    assert len(asked) > 2000 and dead > 1000 and found > 20, (len(asked), dead, found)


def test_a_line_proven_by_the_tables_around_a_position_is_a_minimum_by_the_brute_force():
    """Past a completed table's first moves, a position whose moves back the table holds gets
    a line from Tables.line_near when a table position a few moves on is at the floor those
    moves back give: checked against the brute force on positions five to seven moves from
    Triangle 21's start (this file's own breadth-first search; every 32nd in sorted order): each
    answer replays to the goal (this file's own play) in the brute force's fewest moves, its
    table position is that many moves on, and a dead position is never answered; some are
    answered and some not (the look forward stops at its count, then the search answers)."""
    b, tb, goal, winnable, tables, asked = _past_triangle21s_table(32)
    found = missed = 0
    for q in asked:
        near = tables.line_near(b, q)
        if near is None:
            missed += q in winnable
            continue
        found += 1
        line, holder, on = near
        assert holder is tb and 1 <= on <= len(line)
        assert play(b, q, line) == goal and len(line) == winnable[q]
        assert tb.distance(play(b, q, line[:on])) == len(line) - on
    assert found > 15 and missed > 0, (found, missed)
    # values_among is value() of many positions at once (the look forward's lookups)
    some = asked[:500] + [c for q in asked[:100] for _path, c in chains(b, q)]
    assert [int(v) for v in tb.values_among(some)] == [
        tablebase.UNKNOWN if tb.value(q) is None else tb.value(q) for q in some]


def test_a_french_win_seven_moves_in_that_was_a_search_of_millions_is_answered_from_the_tables():
    """French 37, 0 -> 36, seven moves in (a win wasting two moves: a search of 18.9 million
    positions, 7-12 s, docs/results/french-hints.md): solve() answers from the tables around
    it, proven, without a search. Checked without the solver: the line replays to the goal
    (this file's own play), and a position one move back from it (this file's own reverse
    chains) is one more move from the goal in the table, so none is shorter."""
    b = get_board("french")
    position = b.position_for([3, 4, 8, 9, 12, 26, 30, 31])
    answer = solver.solve(b, position, 36, cache_dir=False)
    assert answer.status == "solved" and answer.proven_minimal
    assert "levels" not in answer.stats and answer.search.source == "table"
    assert play(b, position, answer.moves) == 1 << 36 and len(answer.moves) == 16
    tables = tablebase.find(b, [1 << 36])
    assert any(tables.distance(q) == 17 for q in reverse_chains(b, position))
    assert "one move back" in answer.search.origin


def _build_script():
    """packaging/build_tablebases.py as a module (its functions run in this process)."""
    return _packaging_script("build_tablebases")


def test_the_build_adds_a_dead_end_reached_from_one_without_a_search(tmp_path):
    """packaging/build_tablebases.py's completion (its _completed_table, run in this process)
    takes a table completed to four moves on to five: the first positions reached from a dead
    end it holds are added as dead ends with no search, journalled with why, and the table it
    makes holds every position five moves in with the brute force's answer. (On to six until
    2026-12-07: 5,793 positions, 5-10 s; five, 860. A walk back of more than one move is
    test_a_position_reached_from_a_tables_dead_end_is_proved_dead_without_a_search's, proofs
    five moves in against the brute force test_many_positions_proved_against_one_goal_side's.)"""
    build = _build_script()
    b, p = _problems("triangle21", 1)[0]
    start, goal = b.position_for([p.start]), 1 << p.finish
    _plain, tb = _completed_table("triangle21", 0, 4)
    path, journal = tmp_path / "t.pegtb", tmp_path / "t.jsonl"
    tablebase.save(tb, path)
    data, added, dead, _s, _gb = build._completed_table(b.id, p.finish, str(path), 5,
                                                          str(journal))
    done = tablebase.decode(data)
    lines = [json.loads(x) for x in journal.read_text().splitlines()]
    walked = [x for x in lines if "why" in x]
    assert walked and all(x["moves"] is None for x in walked)
    assert len(walked) < dead <= len(lines)      # the others were searched
    by_canon = _brute_canon(b.id, start, goal, done.perms)
    for q, d in _depths(b, start, done.perms, 5).items():
        assert done.value(q) == by_canon.get(q, tablebase.DEAD), q


def test_the_build_adds_a_win_the_table_proves_from_around_it_without_a_search(tmp_path,
                                                                              monkeypatch):
    """With --near-from 5, the completion from four moves to five adds the wins whose minimum
    the table proves from the positions around them (Tables.line_near) with no search (the
    searches that run are counted here: fewer than the positions to prove), journalled with
    why, and its table still holds every position five moves in with the brute force's
    answer; with near_from 6 none of them is asked of line_near, and all go to the search."""
    build = _build_script()
    b, p = _problems("triangle21", 1)[0]
    start, goal = b.position_for([p.start]), 1 << p.finish
    _plain, tb = _completed_table("triangle21", 0, 4)
    monkeypatch.setattr(tablebase, "NEAR_POSITIONS", 256)   # Triangle 21's chains: a few levels
    searched = []
    real = peg_bounded.prove_many
    monkeypatch.setattr(peg_bounded, "prove_many",
                        lambda *a, **k: searched.append(len(a[3])) or real(*a, **k))
    path = tmp_path / "t.pegtb"
    tablebase.save(tb, path)
    data, *_ = build._completed_table(b.id, p.finish, str(path), 5, str(tmp_path / "a.jsonl"), 5)
    lines = [json.loads(x) for x in (tmp_path / "a.jsonl").read_text().splitlines()]
    near = [x for x in lines if "table around it" in x.get("why", "")]
    assert near and all(x["moves"] for x in near)
    assert searched and searched[0] == len([x for x in lines if "why" not in x])
    done = tablebase.decode(data)
    by_canon = _brute_canon(b.id, start, goal, done.perms)
    for q, d in _depths(b, start, done.perms, 5).items():
        assert done.value(q) == by_canon.get(q, tablebase.DEAD), q
    for x in near:
        assert len(x["moves"]) == by_canon[done.canon(x["pos"])]

    # near_from 6: every position to add is nearer, so none is asked of line_near; all go to
    # the search (stopped here as it begins)
    class Searched(Exception):
        pass

    def no_near(*_a, **_k):
        raise AssertionError("line_near asked nearer than near_from")

    def stop(*a, **_k):
        raise Searched(len(a[3]))

    monkeypatch.setattr(tablebase.Tables, "line_near", no_near)
    monkeypatch.setattr(peg_bounded, "prove_many", stop)
    tablebase.save(tb, path)
    with pytest.raises(Searched) as asked:
        build._completed_table(b.id, p.finish, str(path), 5, str(tmp_path / "b.jsonl"), 6)
    assert asked.value.args[0] == searched[0] + len(near)


def test_dead_ends_cut_by_earlier_dead_ends_forward_levels_keep_the_brute_forces_distances(
        monkeypatch):
    """prove_many cuts a forward side by the forward levels of the dead ends it proved before
    (each is a dead end too): every position of Triangle 21's first problem five moves in still
    has the brute force's distance, with a line that replays to the goal, or None where it is a
    dead end, and the cut does take positions (later forward sides meet earlier dead ends'
    levels). (Until 2026-12-07 the reference was the same proof with no cut, at a backward
    side of 3, and test_many_positions_proved_against_one_goal_side_agree_with_the_brute_force
    proved these positions again at 4 against the brute force: one proof, issue #73.)"""
    b, p = _problems("triangle21", 1)[0]
    start, goal = b.position_for([p.start]), 1 << p.finish
    perms = geometry(b).subgroup_fixing([goal])
    first = sorted(_depths(b, start, perms, 5))
    stores, cut = [], []
    make, drop = peg_bounded._DeadCones.__init__, peg_bounded.KL.drop_members

    def made(self, most):
        make(self, most)
        stores.append(self)

    def counted(a, n, level):
        left = drop(a, n, level)
        if any(level is run for store in stores for run in store.runs):
            cut.append(n - left)
        return left

    monkeypatch.setattr(peg_bounded._DeadCones, "__init__", made)
    monkeypatch.setattr(peg_bounded.KL, "drop_members", counted)
    answers = peg_bounded.prove_many(b, start, p.finish, first, 4, 1 << 28)
    assert sum(cut) > 0 and stores[0].held() > 0
    _agree_with_the_brute_force(b, start, goal, perms, first, answers)


#: the completion's settings for the tests of a stopped build: levels made in blocks of a few
#: parents, as French's are: a frontier cut by the cones then splits into other blocks, and a
#: line found can be another of the same length. 200 parents (3 until 2026-12-07, 36 s for
#: [400]; then 6, 21 s and 12 s): checked on 2026-12-07 in a detached worktree against three
#: broken builds, a resume that made no cones again (caught by [1000000000] at 3, 6, 12, 24,
#: 48, 100 and 200, by [400] at 100 and 200), one that made them in the reverse order (caught
#: by [400] at 3, 6, 100 and 200; not at 4, 12, 24 nor 48, so the value is no detail) and one
#: that made only the first two (caught by [1000000000] at 200); at the default (32768) none is
#: caught. A backward side of 2: forward sides that search.
PARENTS, COMPLETE_BACKWARD = 200, 2


def _stopped_build_settings(monkeypatch, build, most):
    monkeypatch.setattr(peg_bounded, "DEAD_CONE_POSITIONS", most)
    monkeypatch.setattr(levels_module, "PARENTS", PARENTS)
    monkeypatch.setattr(build, "COMPLETE_BACKWARD", COMPLETE_BACKWARD)


@pytest.fixture(scope="module")
def whole_completion(tmp_path_factory):
    """Triangle 21's first problem's table completed from four moves on to five with the
    settings above and room for most positions of dead ends' cones, run through unbroken:
    (the table's file, the bytes made, the journal's lines), made once a file for each most
    (the journal test asks the completion test's [1000000000] again; issue #73). The files
    are read, never written, by the tests."""
    made = {}

    def make(most):
        if most not in made:
            build = _build_script()
            b, p = _problems("triangle21", 1)[0]
            _plain, tb = _completed_table("triangle21", 0, 4)
            folder = tmp_path_factory.mktemp("completion")
            path, journal = folder / "t.pegtb", folder / "whole.jsonl"
            tablebase.save(tb, path)
            with pytest.MonkeyPatch.context() as mp:
                _stopped_build_settings(mp, build, most)
                data = build._completed_table(b.id, p.finish, str(path), 5, str(journal))[0]
            made[most] = path, data, journal.read_text().splitlines()
        return made[most]

    return make


@pytest.mark.parametrize("most", [10**9, 400])
def test_a_completion_stopped_and_resumed_makes_the_same_bytes(tmp_path, monkeypatch, most,
                                                               whole_completion):
    """The build's completion journals each proof; run again on a journal cut after half its
    searched positions, it makes the dead ends' cones again (replay) and so the same file, byte
    for byte, as the run that was not stopped: with room for every cone, and with the cones
    full after a few."""
    build = _build_script()
    _stopped_build_settings(monkeypatch, build, most)
    b, p = _problems("triangle21", 1)[0]
    path, data, lines = whole_completion(most)
    cut = tmp_path / "cut.jsonl"
    searched = [k for k, x in enumerate(lines) if "why" not in json.loads(x)]
    assert sum(json.loads(lines[k])["moves"] is None for k in searched[:len(searched) // 2]) > 2
    cut.write_text("\n".join(lines[:searched[len(searched) // 2]]) + "\n")
    assert build._completed_table(b.id, p.finish, str(path), 5, str(cut))[0] == data


def test_a_journal_that_calls_a_winning_position_dead_stops_the_build_by_name(tmp_path,
                                                                               monkeypatch,
                                                                               whole_completion):
    """A resumed completion makes its journal's searched dead ends again before it goes on; one
    that wins there (a journal of another build, or damaged) stops the build with the
    journal's path and what to do, instead of a table that calls a win dead. (The journal is
    the completion test's unbroken run's, in blocks of 200 parents; until 2026-12-07 this test
    made its own with the default blocks, the same proofs: issue #73.)"""
    build = _build_script()
    monkeypatch.setattr(build, "COMPLETE_BACKWARD", COMPLETE_BACKWARD)
    b, p = _problems("triangle21", 1)[0]
    path, _data, whole = whole_completion(10**9)
    journal = tmp_path / "t.jsonl"
    lines = [json.loads(x) for x in whole]
    won = next(k for k, x in enumerate(lines) if x["moves"] and k < len(lines) - 1)
    lines[won]["moves"] = None
    journal.write_text("".join(json.dumps(x) + "\n" for x in lines[:won + 1]))
    with pytest.raises(SystemExit, match="t.jsonl.*replayed as a dead end, and it wins"):
        build._completed_table(b.id, p.finish, str(path), 5, str(journal))
