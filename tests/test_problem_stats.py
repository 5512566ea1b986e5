"""Statistics per problem of the catalogue (issue #15): games solved in par are counted, a game
whose start and finish are a symmetric image of a problem counts for that problem, and the
database of the previous schema is upgraded without losing a row."""

import sqlite3

import pytest

from pegapp.core.board import get_board
from pegapp.core.stats import SCHEMA_VERSION, Stats
from pegapp.core.pegs import parse_peg_variant, peg_variant
from pegapp.core.tracking import PlayTracker
from pegapp.puzzles import catalogue, problem_list

#: version 1's table, as _migrate_0_to_1 created it (written out: the test must not follow
#: later changes of the code)
VERSION_1 = """
    CREATE TABLE stats (
        puzzle_id  TEXT NOT NULL,
        variant    TEXT NOT NULL DEFAULT '',
        started    INTEGER NOT NULL DEFAULT 0 CHECK (started >= 0),
        solved     INTEGER NOT NULL DEFAULT 0 CHECK (solved >= 0),
        best_moves INTEGER CHECK (best_moves >= 0),
        minimum    INTEGER CHECK (minimum >= 0),
        hints      INTEGER NOT NULL DEFAULT 0 CHECK (hints >= 0),
        seconds    REAL NOT NULL DEFAULT 0 CHECK (seconds >= 0),
        PRIMARY KEY (puzzle_id, variant)
    )"""


@pytest.fixture
def stats(tmp_path):
    s, warning = Stats.open(tmp_path / "statistics.sqlite3")
    assert warning is None
    yield s
    s.close()


def _version1_file(path):
    db = sqlite3.connect(path)
    db.execute(VERSION_1)
    db.executemany("INSERT INTO stats VALUES (?, ?, ?, ?, ?, ?, ?, ?)", [
        ("pegs/english", "", 7, 3, 19, 18, 4, 3600.5),
        ("pegs/english", "start 0 finish 0", 2, 1, 17, None, 0, 100.0),
        ("slide/3x3", "shuffle=5", 1, 0, None, None, 2, 12.0)])
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()


def test_a_version_1_file_is_upgraded_keeping_every_row(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    _version1_file(path)
    stats, warning = Stats.open(path)
    assert warning is None
    rows = stats.rows()
    assert [(r["puzzle_id"], r["variant"], r["started"], r["solved"], r["best_moves"],
             r["minimum"], r["hints"], r["seconds"], r["in_par"]) for r in rows] == [
        ("pegs/english", "", 7, 3, 19, 18, 4, 3600.5, 0),
        ("pegs/english", "start 0 finish 0", 2, 1, 17, None, 0, 100.0, 0),
        ("slide/3x3", "shuffle=5", 1, 0, None, None, 2, 12.0, 0)]
    # the upgraded file records as a new one does
    assert stats.game_solved("pegs/english", 18, variant="", par=18)
    assert stats.row("pegs/english")["in_par"] == 1
    assert stats.row("pegs/english")["solved"] == 4
    stats.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
    db.close()
    assert not list(tmp_path.glob("*.corrupt*"))
    # opened again: nothing to upgrade, nothing lost
    again, warning = Stats.open(path)
    assert warning is None and again.row("pegs/english")["in_par"] == 1
    again.close()


def test_a_failed_upgrade_keeps_the_version_1_file(tmp_path, monkeypatch):
    from pegapp.core import stats as stats_module

    path = tmp_path / "statistics.sqlite3"
    _version1_file(path)
    original = path.read_bytes()

    def broken(db):  # fails half-way, on the player's data only (a new file upgrades fine)
        stats_module._migrate_1_to_2(db)
        if db.execute("SELECT COUNT(*) FROM stats").fetchone()[0]:
            db.execute("INSERT INTO no_such_table VALUES (1)")

    monkeypatch.setattr(stats_module, "MIGRATIONS", [stats_module._migrate_0_to_1, broken,
                                                    *stats_module.MIGRATIONS[2:]])
    stats, warning = Stats.open(path)
    stats.close()
    assert warning is not None and warning.reason == "corrupt"
    assert warning.kept.read_bytes() == original  # rolled back: the player's data is intact


def test_in_par_counts_only_games_within_par(stats):
    stats.game_solved("pegs/english", 20, par=18)
    stats.game_solved("pegs/english", 18, par=18)
    stats.game_solved("pegs/english", 17, par=18)
    stats.game_solved("pegs/english", 16)  # par unknown: not counted
    row = stats.row("pegs/english")
    assert (row["solved"], row["best_moves"], row["in_par"]) == (4, 16, 2)


def test_tracker_counts_in_par_once_when_par_comes_before_or_after(stats):
    tracker = PlayTracker(stats, clock=lambda: 0.0)
    tracker.start("pegs/diamond13", "start 0 finish 0", par=7)
    tracker.solved(7)
    tracker.solved(7)  # the same game again: counted once
    assert stats.row("pegs/diamond13", "start 0 finish 0")["in_par"] == 1
    # par learned after the solve (the solver's proven minimum from the start)
    tracker.start("pegs/diamond13", "start 1 finish 1")
    tracker.solved(9)
    assert stats.row("pegs/diamond13", "start 1 finish 1")["in_par"] == 0
    tracker.minimum(9)
    tracker.set_par(9)
    row = stats.row("pegs/diamond13", "start 1 finish 1")
    assert (row["in_par"], row["minimum"]) == (1, 9)
    # over par: never counted
    tracker.start("pegs/diamond13", "start 1 finish 1", par=9)
    tracker.solved(10)
    tracker.set_par(9)
    assert stats.row("pegs/diamond13", "start 1 finish 1")["in_par"] == 1
    # the computer's solution played in: not the player's solve
    tracker.start("pegs/diamond13", "start 1 finish 1", par=9)
    tracker.assisted()
    tracker.solved(9)
    tracker.set_par(9)
    row = stats.row("pegs/diamond13", "start 1 finish 1")
    assert (row["solved"], row["in_par"]) == (2, 1)


@pytest.mark.parametrize("board_id", ["english", "diamond13", "triangle15"])
def test_variant_round_trip(board_id):
    board = get_board(board_id)
    own = (tuple(sorted(board.start)), board.finish)
    assert parse_peg_variant(board, peg_variant(board, *own)) == own
    for start, finish in [((0,), 0), ((1, 2), None), ((3,), board.n - 1)]:
        assert parse_peg_variant(board, peg_variant(board, start, finish)) == (start, finish)
    for junk in ["start x finish 3", f"start {board.n} finish 0", "start 1 finish", "shuffle=1"]:
        assert parse_peg_variant(board, junk) is None


@pytest.mark.parametrize("board_id", ["english", "diamond13", "triangle15"])
def test_games_count_for_their_problem_under_every_symmetry(stats, board_id):
    """Each symmetry image of a problem, played and recorded under its own variant, adds to the
    one problem the catalogue lists; other problems get nothing."""
    board = get_board(board_id)
    cat = catalogue.load(board)
    problem = next(p for p in cat.problems if p.possible and CORNER_OR_ANY(p))
    images = sorted({(perm[problem.start], perm[problem.finish]) for perm in board.symmetries})
    assert len(images) > 1
    sid = f"pegs/{board_id}"
    for k, (s, f) in enumerate(images):
        # an independent check of the image: its solution is the catalogue's, mapped
        assert cat.find(s, f).par == problem.par
        stats.game_solved(sid, problem.par + k, variant=peg_variant(board, [s], f),
                          par=problem.par)
    stats.game_solved(sid, 30, variant=peg_variant(board, [0, 1], None))  # no problem
    stats.game_solved("pegs/other", 1, variant=peg_variant(board, [problem.start],
                                                           problem.finish))
    results = problem_list.player_results(board, [r for r in stats.rows()
                                               if r["puzzle_id"] == sid])
    assert set(results) == {(problem.start, problem.finish)}
    result = results[(problem.start, problem.finish)]
    assert result.solved == len(images)
    assert result.best_moves == problem.par
    assert result.in_par == 1
    assert result.solved_in_par(problem.par)
    assert not problem_list.PlayerResult(2, problem.par + 1, 0).solved_in_par(problem.par)
    # a best within par recorded before par was counted (in_par 0) still shows as in par
    assert problem_list.PlayerResult(1, problem.par, 0).solved_in_par(problem.par)


def CORNER_OR_ANY(p):
    """A problem whose symmetry class has more than one member (the centre's has one)."""
    return p.start != p.finish or catalogue.CENTRAL not in p.tags


def test_the_board_own_problem_is_shown_in_the_boards_own_holes():
    board = get_board("triangle15")
    shown = problem_list.as_shown(catalogue.load(board))
    own = next(p for p in shown if catalogue.DEFAULT in p.tags)
    assert (own.start, own.finish) == (next(iter(board.start)), board.finish)
    ranks = [problem_list.classic_rank(p) for p in shown]
    assert ranks == sorted(ranks)


def test_english_lists_the_central_game_first_with_par_18():
    shown = problem_list.as_shown(catalogue.load(get_board("english")))
    first = shown[0]
    assert (first.start, first.finish, first.par, first.proven_minimal) == (16, 16, 18, True)
    assert catalogue.CENTRAL in first.tags
