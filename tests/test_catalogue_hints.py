"""Hints read from the shipped problem catalogue (issue #20, point 4): the first hint of every
catalogue problem, and every hint while the player follows its minimal line, is the proven
minimum at once, with no search. The exactness (a position k moves along a minimal solution of
length L is L - k from the goal) is checked against an independent brute force
(tests/peg_reference.py) and against the shipped English tablebase, never against the solver."""

import functools
import json

import pytest

from pegapp.cli import main
from pegapp.core.board import get_board
from pegapp.puzzles import catalogue, hints
from pegapp.puzzles.pegs import PegPuzzle
from pegapp.solvers.pegs import solver as peg_solver
from pegapp.solvers.pegs import tablebase
from tests.best_known import wiegleb_best_known  # noqa: F401 - the fixture
from tests.peg_reference import brute_force_distances, play, reachable


@pytest.fixture
def no_search(monkeypatch):
    """No search may run: any proof or winning-line search fails the test (an answer read from
    a shipped table, which the solver gives where one holds the position, is no search)."""
    def refuse(*args, **kwargs):
        raise AssertionError("a search ran")
    monkeypatch.setattr(peg_solver, "_proof", refuse)
    monkeypatch.setattr(peg_solver, "_quick_line", refuse)


def proven_problems(board_id):
    cat = catalogue.load(get_board(board_id))
    return [p for p in cat.problems if p.proven_minimal]


@pytest.mark.parametrize("board_id", ["english", "triangle15", "plus20"])
def test_every_hint_along_a_catalogue_line_is_proven_with_no_search(board_id, no_search):
    board = get_board(board_id)
    problems = proven_problems(board_id)
    assert problems
    for p in problems:
        puzzle = PegPuzzle(board, [p.start], p.finish)
        state = puzzle.initial()
        for k in range(p.par):
            answer = hints.hint(puzzle, state)
            assert answer.kind == hints.MINIMUM and answer.final
            assert answer.remaining == p.par - k - 1
            assert answer.result.search.source in ("catalogue", "table")
            # the whole line from here replays (independently) to a single peg in the finish
            end = play(board, state, answer.result.moves)
            assert end == 1 << p.finish
            state = play(board, state, [answer.move])
        assert puzzle.is_solved(state)


@functools.lru_cache(maxsize=128)
def _brute(board_id, start, finish):
    """brute_force_distances from the start with one hole to the finish's single peg, each
    start's reachable positions found once (a board's problems and their symmetric images
    are some 100 pairs from 13-15 starts: the search of the positions was 85% of the time)."""
    board = get_board(board_id)
    return brute_force_distances(board, board.full & ~(1 << start), 1 << finish,
                                 _reachable(board_id, start))


@functools.lru_cache(maxsize=16)
def _reachable(board_id, start):
    board = get_board(board_id)
    return reachable(board, board.full & ~(1 << start))


@pytest.mark.parametrize("board_id", ["diamond13", "hoppers", "triangle15"])
def test_catalogue_lines_are_exact_distances_by_brute_force(board_id):
    """Every position the catalogue answers for has exactly the distance a brute force finds
    (from the problem's start; the minimum over every move is the same from any start)."""
    board = get_board(board_id)
    for p in proven_problems(board_id):
        for perm in board.symmetries or [tuple(range(board.n))]:
            start, finish = perm[p.start], perm[p.finish]
            dist = _brute(board_id, start, finish)
            line = catalogue.find(board, [start], finish).solution
            state = board.full & ~(1 << start)
            for move in line:
                known = catalogue.proven_line(board, state, finish)
                assert known is not None and len(known) == dist[state]
                state = play(board, state, [move])


def test_catalogue_lines_agree_with_the_english_tablebase():
    """English: every catalogue position ending in the centre that the shipped table holds has
    the table's distance."""
    board = get_board("english")
    table = tablebase.find(board, [1 << 16])
    assert table is not None
    index = catalogue._line_index(board, 16)
    checked = 0
    for position in index:
        d = table.distance(position)
        if d is not None:
            assert len(catalogue.proven_line(board, position, 16)) == d
            checked += 1
    assert checked >= 18  # at least the central game's own line


def test_a_position_off_every_line_is_left_to_the_solver():
    board = get_board("english")
    dead = board.position_for([16]) ^ (1 << 0) ^ (1 << 1)  # two corner pegs gone: not a start
    assert catalogue.proven_line(board, dead, 16) is None
    # finish "any" and holes off the board are never catalogue problems
    assert catalogue.proven_line(board, board.position_for([16]), None) is None
    assert catalogue.proven_line(board, board.position_for([16]), 99) is None


def test_a_search_is_still_a_search():
    """--search, a count and a fixed first move never take the catalogue's answer."""
    from pegapp.puzzles.pegs import catalogue_answer
    board = get_board("english")
    start = board.full & ~1
    assert catalogue_answer(board, start, 0, {}) is not None
    for options in ({"tablebase": False}, {"count": True}, {"first_move": [8, 0]}):
        assert catalogue_answer(board, start, 0, options) is None


def test_a_catalogue_answer_reads_no_opening_table(monkeypatch):
    """The catalogue's answer asks only whether a whole table holds the position (the solver
    reads a whole table, as instant); it decodes no opening table (some 50 ms each, four for
    English's 0 -> 0), and the central game, whose whole table holds its start, is the
    table's."""
    from pegapp.puzzles.pegs import catalogue_answer
    read = []
    real_load = tablebase.load
    monkeypatch.setattr(tablebase, "_loaded", {})
    monkeypatch.setattr(tablebase, "_files", {})
    monkeypatch.setattr(tablebase, "load", lambda path: read.append(path.name) or real_load(path))
    board = get_board("english")
    assert catalogue_answer(board, board.full & ~1, 0, {}).proven_minimal
    assert read == []
    assert catalogue_answer(board, board.full & ~(1 << 1), 16, {}).proven_minimal
    assert read == ["english.pegtb"]
    assert catalogue_answer(board, board.start_position, 16, {}) is None
    assert read == ["english.pegtb"]


def test_pegapp_hint_answers_a_catalogue_problem_at_once(capsys, no_search):
    assert main(["hint", "pegs/english", "--start", "0", "--finish", "0", "--json"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(lines) == 1  # no interim "wins" line before the proof
    answer = lines[0]
    assert answer["proven_minimal"] and answer["kind"] == "minimum" and answer["remaining"] == 15
    board = get_board("english")
    assert play(board, board.full & ~1, answer["moves"]) == 1


def test_pegapp_solve_says_the_answer_came_from_the_catalogue(capsys, no_search):
    assert main(["solve", "pegs/english", "--start", "0", "--finish", "0", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["catalogue"] is True and out["tablebase"] is False
    assert out["length"] == 16 and out["proven_minimal"]


def best_known_wiegleb_problem():
    """A Wiegleb 45 problem whose par is best known, not proven (the catalogue's line is a
    winning line only): 4 -> 4 as it stood before its proof (the wiegleb_best_known fixture)."""
    cat = catalogue.load(get_board("wiegleb"))
    return next(p for p in cat.problems if p.solution and not p.proven_minimal)


@pytest.mark.usefixtures("wiegleb_best_known")
def test_a_best_known_line_is_the_first_winning_line_with_no_search_for_one(monkeypatch):
    """Where the catalogue's line is not proven minimal (Wiegleb 45), a hint gives it at once as
    a winning line, instead of the solver's quick line (not searched: refused here), and it
    bounds the proof; when the proof does not fit, the answer is no longer than that line and
    replays (independently) to the finish."""
    def refuse(*args, **kwargs):
        raise AssertionError("a winning line was searched for")
    monkeypatch.setattr(peg_solver, "_quick_line", refuse)
    board, p = get_board("wiegleb"), best_known_wiegleb_problem()
    puzzle = PegPuzzle(board, [p.start], p.finish)
    puzzle.memory_gb = 0.02        # the proof cannot fit: the fallback answers
    seen = []
    answer = hints.hint(puzzle, puzzle.initial(), interim=seen.append)
    assert seen and seen[0].kind == hints.WINS and not seen[0].final
    assert seen[0].result.moves == [list(m) for m in p.solution]
    assert answer.final and answer.kind == hints.WINS and answer.result.moves
    assert answer.result.stats["lower_bound"] >= p.lower_bound   # the catalogue's floor
    assert len(answer.result.moves) <= p.par
    assert play(board, puzzle.initial(), answer.result.moves) == 1 << p.finish


@pytest.mark.usefixtures("wiegleb_best_known")
def test_pegapp_solve_falls_back_to_the_catalogues_best_known_line(capsys):
    """`pegapp solve` takes the path of the Solve button: where the proof does not fit, its
    answer is no longer than the catalogue's best-known line (it was the solver's own quick
    line: 32 moves for Wiegleb's 1 -> 37, whose catalogue line had 29), and replays to the
    finish."""
    board = get_board("wiegleb")
    p = best_known_wiegleb_problem()
    assert p.solution and not p.proven_minimal
    assert main(["solve", "pegs/wiegleb", "--start", str(p.start), "--finish", str(p.finish),
                 "--memory", "0.01", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert not out["proven_minimal"] and len(out["moves"]) <= p.par
    assert play(board, board.full & ~(1 << p.start), out["moves"]) == 1 << p.finish


@pytest.mark.usefixtures("wiegleb_best_known")
def test_known_lines_along_the_catalogue():
    """known_line gives the rest of a catalogue line from any position along it, whether it is
    proven minimal, and the floor the catalogue proves: best known on Wiegleb 45 (the shortest
    rest of those through the position; at least the problem's lower bound less the moves
    played; proven where that floor is the rest's length), proven on French 37, where it is
    proven_line's and its floor its length."""
    board, p = get_board("wiegleb"), best_known_wiegleb_problem()
    state = board.full & ~(1 << p.start)
    for k, move in enumerate(p.solution):
        known = catalogue.known_line(board, state, p.finish)
        # proven only where the floor reaches the rest's length (one move from the finish
        # along 4 -> 4's best-known line)
        assert known.proven == (known.at_least == len(known.moves))
        assert len(known.moves) <= p.par - k and (k < p.par - 1 or known.proven)
        assert max(p.lower_bound - k, 0) <= known.at_least <= len(known.moves)
        assert play(board, state, known.moves) == 1 << p.finish
        state = play(board, state, [move])
    french = get_board("french")
    q = next(q for q in catalogue.load(french).problems if q.proven_minimal)
    start = french.full & ~(1 << q.start)
    known = catalogue.known_line(french, start, q.finish)
    assert known.proven and known.moves == catalogue.proven_line(french, start, q.finish)
    assert len(known.moves) == q.par == known.at_least
    assert catalogue.known_line(french, start & ~1 & ~2, q.finish) is None


def test_the_catalogues_floor_is_where_the_deepening_starts(monkeypatch):
    """A floor known from elsewhere (the catalogue's lower bound less the moves along its line)
    is where the search starts: the deepening tries no bound below it, and the answer says it."""
    from pegapp.solvers.pegs import level_search

    board = get_board("french")
    q = next(q for q in catalogue.load(board).problems if q.proven_minimal)
    state = board.full & ~(1 << q.start)
    for move in q.solution[:8]:
        state = play(board, state, [move])
    off = next(m for m in PegPuzzle(board, [q.start], q.finish).moves(state)
               if catalogue.known_line(board, play(board, state, [m]), q.finish) is None
               and peg_solver.can_reach_goal(board, play(board, state, [m]), q.finish))
    state = play(board, state, [off])
    bounds = []
    search = level_search._search_levels
    monkeypatch.setattr(level_search, "_search_levels",
                        lambda prob, L, *a, **k: bounds.append(L) or search(prob, L, *a, **k))
    # (the shipped tables off: a bounded table of French holds some such positions at once)
    plain = peg_solver.solve(board, state, q.finish, cache_dir=False, tablebase=False)
    assert plain.proven_minimal and len(bounds) > 1
    floor = len(plain.moves)
    assert play(board, state, plain.moves) == 1 << q.finish
    bounds.clear()
    floored = peg_solver.solve(board, state, q.finish, cache_dir=False, known_floor=floor,
                               tablebase=False)
    assert floored.proven_minimal and len(floored.moves) == floor
    assert bounds == [floor] and floored.stats["lower_bound"] == floor


def test_a_known_line_that_does_not_win_is_ignored():
    """The solver checks a known line before it takes it: one with an illegal move, or one that
    ends elsewhere, is not the winning line (the quick search's is)."""
    board = get_board("french")
    q = next(q for q in catalogue.load(board).problems if q.proven_minimal)
    start = board.full & ~(1 << q.start)
    line = catalogue.proven_line(board, start, q.finish)
    for bad in ([[0, 0]] + line, line[:-1]):
        seen = []
        peg_solver.solve(board, start, q.finish, known_line=bad, tablebase=False,
                         memory_budget=1 << 20, interim=seen.append)
        assert seen and not seen[0].stats.get("known") and seen[0].moves != bad


def test_a_problem_only_the_catalogues_search_ruled_out_is_answered_at_once(capsys, no_search):
    """The 41-hole diamond's 1 -> 39 took an exhaustive search of 25 minutes when the catalogue
    was built; `pegapp solve` and `pegapp hint` searched again (found by an outside trial: no
    answer within a minute, where the window's Choose start refuses it at once). Now they read
    the catalogue's verdict, as the window does."""
    assert main(["solve", "pegs/diamond41", "--start", "1", "--finish", "39", "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["status"] == "unsolvable" and out["moves"] is None
    assert out["reason"].startswith("exhaustive search") and out["catalogue"] is True
    assert out["search"]["source"] == "catalogue"
    # a symmetric image (the mirror's start and finish) is the same problem
    board = get_board("diamond41")
    image = next(p for p in board.symmetries if p[1] != 1)
    code = main(["hint", "pegs/diamond41", "--start", str(image[1]), "--finish", str(image[39])])
    assert code == 1 and "no move (exhaustive search" in capsys.readouterr().out
    # a start the solver rules out itself keeps the solver's words (about the position)
    assert main(["hint", "pegs/english", "--start", "16", "--finish", "0"]) == 1
    assert "no move (position class" in capsys.readouterr().out


def test_wieglebs_one_to_one_decided_by_jumps_is_answered_at_once(capsys, no_search):
    """Wiegleb's 1 -> 1, unknown for twelve sessions, refuted by the catalogue build's levels by
    jumps (2026-11-28, ab7e9b6): the entry says impossible with that search's words, and a hint or Solve
    from its start (or its mirror image's) reads the verdict, no search."""
    board = get_board("wiegleb")
    problem = catalogue.load(board).find(1, 1)
    assert problem.possible is False and problem.par is None and problem.solution is None
    assert str(problem.reason).startswith("exhaustive search by jumps: none of the positions 21")
    assert catalogue.load(board).limits["decided"]["problems"] == [[1, 1]]
    assert main(["solve", "pegs/wiegleb", "--start", "1", "--finish", "1", "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["status"] == "unsolvable" and out["catalogue"] is True
    image = next(p for p in board.symmetries if p[1] != 1)
    code = main(["hint", "pegs/wiegleb", "--start", str(image[1]), "--finish", str(image[1])])
    assert code == 1 and "no move (exhaustive search by jumps" in capsys.readouterr().out


def test_a_problem_the_catalogue_left_unknown_is_said_so_at_once(capsys, monkeypatch,
                                                                 wiegleb_unknown):
    """Wiegleb's 1 -> 1 (e1 to e1) as the catalogue left it before it was decided: asked from its
    start with no more memory than the catalogue's search had, the hint says so at once, with
    how far that search got (an outside trial's hint searched for minutes to end as unknown);
    asked with more, or one move in, the search runs."""
    board = get_board("wiegleb")
    problem = catalogue.load(board).find(1, 1)
    assert problem.possible is None
    gb = catalogue.searched_budget(board, 1, 1) / 1024**3
    searched = []

    def solver(*args, **kwargs):
        searched.append(kwargs.get("memory_budget"))
        raise AssertionError("a search ran")  # (caught below: only the call is wanted)
    monkeypatch.setattr(peg_solver, "solve", solver)
    image = next(p for p in board.symmetries if p[1] != 1)  # the same problem, mirrored
    for start in (1, image[1]):
        assert main(["hint", "pegs/wiegleb", "--start", str(start), "--finish", str(start),
                     "--memory", f"{gb:g}", "--json"]) == 1
        out = json.loads(capsys.readouterr().out.splitlines()[-1])
        assert out["status"] == "too_large" and out["move"] is None and out["final"]
        assert out["search"]["source"] == "catalogue"
        assert f"no solution has fewer than {problem.lower_bound} moves" in out["reason"]
    assert not searched
    puzzle = PegPuzzle(board, [1], 1)
    for state, options in ((puzzle.initial(), {"memory_budget": int(gb * 1024**3) + 1}),
                           (puzzle.apply(puzzle.initial(), [7, 1]), {})):
        with pytest.raises(AssertionError, match="a search ran"):
            puzzle.solve(state, **options)
    assert searched == [int(gb * 1024**3) + 1, peg_solver.DEFAULT_MEMORY_BUDGET]
