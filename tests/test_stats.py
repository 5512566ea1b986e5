"""Statistics database: records, survives reopening, migrates, and never drops a bad file."""

import sqlite3

import pytest

from pegapp.core import stats as stats_module
from pegapp.core.stats import SCHEMA_VERSION, Stats


def _open(path):
    stats, warning = Stats.open(path)
    assert warning is None
    return stats


def test_records_a_solved_game_and_survives_reopening(tmp_path):
    path = tmp_path / "data" / "statistics.sqlite3"  # the folder is created on demand
    stats = _open(path)
    stats.game_started("pegs/english")
    stats.hint_used("pegs/english")
    stats.hint_used("pegs/english")
    stats.add_time("pegs/english", 90.5)
    stats.add_time("pegs/english", 30)
    assert stats.game_solved("pegs/english", 20)
    stats.game_started("pegs/english")
    stats.game_solved("pegs/english", 18, minimum=18)
    stats.game_started("slide/3x3", variant="shuffle=1")
    stats.close()

    stats = _open(path)
    rows = stats.rows()
    stats.close()
    assert [(r["puzzle_id"], r["variant"]) for r in rows] == [("pegs/english", ""),
                                                              ("slide/3x3", "shuffle=1")]
    english = rows[0]
    assert english == {"puzzle_id": "pegs/english", "variant": "", "started": 2, "solved": 2,
                       "best_moves": 18, "minimum": 18, "hints": 2, "seconds": 120.5,
                       "in_par": 0, "hint_distance": 0, "hint_piece": 0, "hint_move": 0}
    assert rows[1]["solved"] == 0 and rows[1]["best_moves"] is None and rows[1]["minimum"] is None


def test_best_keeps_the_smallest_and_minimum_is_independent(tmp_path):
    stats = _open(tmp_path / "s.sqlite3")
    stats.game_solved("pegs/french", 25)
    stats.game_solved("pegs/french", 30)
    assert stats.row("pegs/french")["best_moves"] == 25
    assert stats.row("pegs/french")["minimum"] is None
    stats.record_minimum("pegs/french", 21)
    stats.game_solved("pegs/french", 24)  # no minimum given: the known one stays
    row = stats.row("pegs/french")
    assert (row["best_moves"], row["minimum"], row["solved"], row["started"]) == (24, 21, 3, 3)
    # variants are separate rows
    stats.game_solved("pegs/french", 40, variant="start=3")
    assert stats.row("pegs/french")["best_moves"] == 24
    assert stats.row("pegs/french", "start=3")["best_moves"] == 40
    with pytest.raises(ValueError):
        stats.add_time("pegs/french", -1)
    with pytest.raises(ValueError):
        stats.game_solved("pegs/french", -3)
    stats.close()


def test_a_failed_write_is_rolled_back_and_reported(tmp_path):
    path = tmp_path / "s.sqlite3"
    stats = _open(path)
    stats.game_started("jugs")
    # Another connection holds the write lock: the write fails as a whole and says why.
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    stats._db.execute("PRAGMA busy_timeout = 0")
    assert stats.game_solved("jugs", 6) is False
    assert "locked" in stats.last_error
    other.execute("ROLLBACK")
    other.close()
    row = stats.row("jugs")
    assert (row["started"], row["solved"], row["best_moves"]) == (1, 0, None)
    stats.close()


def _version0_file(path):
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE games (puzzle TEXT PRIMARY KEY, played INTEGER, solved INTEGER, "
               "best INTEGER)")
    db.executemany("INSERT INTO games VALUES (?, ?, ?, ?)",
                   [("pegs/english", 5, 2, 19), ("slide/3x3", 1, 0, None),
                    ("jugs", None, 1, 6)])
    db.commit()
    db.close()


def test_migrates_a_version_0_file(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    _version0_file(path)
    stats = _open(path)
    rows = {r["puzzle_id"]: r for r in stats.rows()}
    stats.game_solved("pegs/english", 18)
    stats.close()
    assert rows["pegs/english"] == {"puzzle_id": "pegs/english", "variant": "", "started": 5,
                                    "solved": 2, "best_moves": 19, "minimum": None, "hints": 0,
                                    "seconds": 0.0, "in_par": 0, "hint_distance": 0,
                                    "hint_piece": 0, "hint_move": 0}
    assert rows["slide/3x3"]["started"] == 1 and rows["slide/3x3"]["best_moves"] is None
    assert rows["jugs"]["started"] == 1 and rows["jugs"]["solved"] == 1  # started >= solved
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    db.close()
    assert "games" not in tables and "stats" in tables
    assert not list(tmp_path.glob("*.corrupt*"))


def test_a_failing_migration_leaves_nothing_half_done(tmp_path, monkeypatch):
    """The upgrade runs in one transaction: if it fails, the file is set aside unchanged."""
    path = tmp_path / "statistics.sqlite3"
    _version0_file(path)
    original = path.read_bytes()

    def broken(db):  # fails half-way, after creating the new table, on old data only
        legacy = db.execute("SELECT COUNT(*) FROM sqlite_master WHERE name = 'games'").fetchone()
        stats_module._migrate_0_to_1(db)
        if legacy[0]:
            db.execute("INSERT INTO no_such_table VALUES (1)")

    monkeypatch.setattr(stats_module, "MIGRATIONS", [broken, *stats_module.MIGRATIONS[1:]])
    stats, warning = Stats.open(path)
    assert warning is not None and warning.reason == "corrupt"
    assert "upgrade from version 0" in warning
    assert warning.kept.read_bytes() == original
    kept = sqlite3.connect(warning.kept)
    assert kept.execute("PRAGMA user_version").fetchone()[0] == 0
    assert kept.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 3
    kept.close()
    stats.close()


@pytest.mark.parametrize("content", [
    b"this is not a database at all\n" * 200,
    b"SQLite format 3\x00" + bytes(range(256)) * 16,  # the right header, garbage after it
])
def test_corrupt_file_is_set_aside_with_a_warning(tmp_path, content):
    path = tmp_path / "statistics.sqlite3"
    path.write_bytes(content)
    stats, warning = Stats.open(path)
    assert warning is not None and warning.reason == "corrupt"
    kept = tmp_path / "statistics.sqlite3.corrupt"
    assert warning.kept == kept
    assert kept.read_bytes() == content  # the player's bytes are kept, untouched
    assert "statistics.sqlite3" in warning and str(kept) in warning
    # a fresh, working database took its place
    assert stats.rows() == []
    stats.game_started("pegs/english")
    stats.close()
    stats = _open(path)
    assert stats.rows()[0]["started"] == 1
    stats.close()


def test_a_second_bad_file_does_not_overwrite_the_first(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    path.write_bytes(b"first bad file")
    Stats.open(path)[0].close()
    path.write_bytes(b"second bad file")
    stats, warning = Stats.open(path)
    stats.close()
    assert (tmp_path / "statistics.sqlite3.corrupt").read_bytes() == b"first bad file"
    assert warning.kept.read_bytes() == b"second bad file"
    assert warning.kept != tmp_path / "statistics.sqlite3.corrupt"


def test_wrong_layout_is_treated_as_corrupt(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE other (x)")
    db.execute("PRAGMA user_version = 1")  # claims version 1 but has no stats table
    db.commit()
    db.close()
    stats, warning = Stats.open(path)
    stats.close()
    assert warning.reason == "corrupt" and "stats" in warning.detail
    assert warning.kept.exists()


def test_a_migration_failing_after_others_leaves_the_file_as_it_was(tmp_path, monkeypatch):
    """A version 0 file whose third step fails: the steps before it are not kept either (the
    upgrade is one transaction), so the file set aside is the player's own, byte for byte."""
    path = tmp_path / "statistics.sqlite3"
    _version0_file(path)
    original = path.read_bytes()
    steps = list(stats_module.MIGRATIONS)

    def broken(db):  # fails on the player's rows only (a new file upgrades fine)
        steps[2](db)
        if db.execute("SELECT COUNT(*) FROM stats").fetchone()[0]:
            db.execute("INSERT INTO no_such_table VALUES (1)")

    monkeypatch.setattr(stats_module, "MIGRATIONS", [*steps[:2], broken, *steps[3:]])
    stats, warning = Stats.open(path)
    stats.close()
    assert warning is not None and "upgrade from version 2" in warning
    assert warning.kept.read_bytes() == original
    kept = sqlite3.connect(warning.kept)
    assert kept.execute("PRAGMA user_version").fetchone()[0] == 0
    kept.close()


def test_file_from_a_newer_version_is_set_aside(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE stats2 (puzzle TEXT, data BLOB)")
    db.execute("INSERT INTO stats2 VALUES ('pegs/english', x'00ff')")
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    original = path.read_bytes()
    stats, warning = Stats.open(path)
    assert warning is not None and warning.reason == "newer"
    assert "newer version" in warning and "statistics.sqlite3" in warning
    assert warning.kept == tmp_path / "statistics.sqlite3.newer"
    assert warning.kept.read_bytes() == original
    assert stats.rows() == []
    stats.game_started("pegs/english")
    stats.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


def test_unwritable_location_still_plays(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    stats, warning = Stats.open(blocker / "statistics.sqlite3")  # a file where a folder should be
    assert warning is not None and warning.reason == "unavailable" and warning.kept is None
    assert stats.game_started("pegs/english")
    assert stats.rows()[0]["started"] == 1
    stats.close()
    assert blocker.read_text() == "x"


def test_variant_keys():
    from pegapp.core.board import get_board
    from pegapp.core.pegs import peg_variant
    from pegapp.puzzles.registry import family_of

    def params_variant(puzzle_id, params):  # the statistics variant comes from the family
        return family_of(puzzle_id).stats_variant(puzzle_id, params)

    english = get_board("english")
    assert peg_variant(english, english.start, english.finish) == ""
    assert peg_variant(english, {9}, 9) == "start 9 finish 9"
    assert peg_variant(english, {16}, None) == "start 16 finish any"
    assert params_variant("jugs", {"capacities": [8, 5], "target": 4}) == "8,5→4"
    assert params_variant("slide/3x3", {"shuffle": 7}) == ""


def test_a_version_2_file_keeps_its_hints_as_whole_moves_and_counts_steps_after(tmp_path):
    """Schema 3 (issue #56) counts the graded hint's steps; a file of version 2 is upgraded in
    place, its hints (all whole moves then) counted as such, and nothing else changes."""
    path = tmp_path / "statistics.sqlite3"
    db = sqlite3.connect(path)
    db.execute("""CREATE TABLE stats (puzzle_id TEXT NOT NULL, variant TEXT NOT NULL DEFAULT '',
        started INTEGER NOT NULL DEFAULT 0, solved INTEGER NOT NULL DEFAULT 0, best_moves INTEGER,
        minimum INTEGER, hints INTEGER NOT NULL DEFAULT 0, seconds REAL NOT NULL DEFAULT 0,
        in_par INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (puzzle_id, variant))""")
    db.execute("INSERT INTO stats VALUES ('jugs', '', 3, 1, 10, 10, 4, 12.5, 1)")
    db.execute("PRAGMA user_version = 2")
    db.commit()
    db.close()
    stats = _open(path)
    assert stats.row("jugs") == {"puzzle_id": "jugs", "variant": "", "started": 3, "solved": 1,
                                 "best_moves": 10, "minimum": 10, "hints": 4, "seconds": 12.5,
                                 "in_par": 1, "hint_distance": 0, "hint_piece": 0,
                                 "hint_move": 4}
    assert stats.hint_used("jugs", step=1) and stats.hint_used("jugs", step=2)
    assert stats.hint_used("jugs")  # a hint of no step (a solution played in): hints alone
    row = stats.row("jugs")
    assert (row["hints"], row["hint_distance"], row["hint_piece"], row["hint_move"]) == \
        (7, 1, 1, 4)
    stats.close()
    assert not list(tmp_path.glob("*.corrupt*")) and not list(tmp_path.glob("*.newer*"))
