"""Training kept in the statistics database (pegapp.core.training_records, issue #74): schema
version 4 upgrades a version 3 file in place with its rows kept; attempts, ratings, the streak
and the history read back; a locked file and a damaged layout handled as every statistic is."""

import sqlite3

from pegapp.core.rating import Rating
from pegapp.core.stats import SCHEMA_VERSION, Stats
from pegapp.core.training_records import (LOST, RIGHT, SHOWN, WRONG, Attempt,
                                          TrainingRecords)


def attempt(family="pegs", outcome=RIGHT, before=1500.0, after=1600.0, **more):
    values = dict(family=family, puzzle_id=f"{family}/x", variant="", position="[1, 2]",
                  moves=3, difficulty=7.5, puzzle_rating=1463.0, outcome=outcome, cost=None,
                  cost_kind=None, wrong_move=None, right_move=None, rating_before=before,
                  rating_after=after, deviation_after=250.0, seconds=12.5, played_at=1.8e9)
    values.update(more)
    return Attempt(**values)


def version3_file(path):
    """A statistics file as PegApp wrote it at schema version 3, with a row."""
    db = sqlite3.connect(path)
    db.execute("""CREATE TABLE stats (puzzle_id TEXT NOT NULL, variant TEXT NOT NULL DEFAULT '',
        started INTEGER NOT NULL DEFAULT 0, solved INTEGER NOT NULL DEFAULT 0, best_moves INTEGER,
        minimum INTEGER, hints INTEGER NOT NULL DEFAULT 0, seconds REAL NOT NULL DEFAULT 0,
        in_par INTEGER NOT NULL DEFAULT 0, hint_distance INTEGER NOT NULL DEFAULT 0,
        hint_piece INTEGER NOT NULL DEFAULT 0, hint_move INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (puzzle_id, variant))""")
    db.execute("INSERT INTO stats VALUES ('pegs/english', '', 7, 2, 18, 18, 5, 99.5, 1, 1, 2, 2)")
    db.execute("PRAGMA user_version = 3")
    db.commit()
    db.close()


def test_a_version_3_file_is_upgraded_in_place_with_its_rows_kept(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    version3_file(path)
    stats, warning = Stats.open(path)
    assert warning is None
    assert stats.row("pegs/english") == {
        "puzzle_id": "pegs/english", "variant": "", "started": 7, "solved": 2, "best_moves": 18,
        "minimum": 18, "hints": 5, "seconds": 99.5, "in_par": 1, "hint_distance": 1,
        "hint_piece": 2, "hint_move": 2}
    records = TrainingRecords(stats)
    assert records.rating("pegs") is None and records.history() == [] and records.streak() == 0
    assert records.record(attempt(), Rating(1600, 250, 0.06))
    stats.close()
    assert not list(tmp_path.glob("*.corrupt*")) and not list(tmp_path.glob("*.newer*"))
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
    assert db.execute("SELECT COUNT(*) FROM training_attempts").fetchone()[0] == 1
    db.close()


def test_attempts_ratings_streak_and_history_read_back_after_reopening(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    stats, _ = Stats.open(path)
    records = TrainingRecords(stats)
    outcomes = [RIGHT, WRONG, RIGHT, SHOWN, RIGHT, RIGHT]
    rating = 1500.0
    for i, outcome in enumerate(outcomes):
        after = rating + (50 if outcome == RIGHT else -40)
        cost = dict(cost=2, cost_kind="exact", wrong_move="[3]", right_move="[4]") \
            if outcome == WRONG else {}
        assert records.record(attempt(outcome=outcome, before=rating, after=after,
                                      played_at=1.8e9 + i, **cost),
                              Rating(after, 200 - i, 0.06))
        rating = after
    records.record(attempt("slide", WRONG, cost=None, cost_kind=LOST), Rating(1400, 250, 0.06))
    stats.close()
    stats, _ = Stats.open(path)
    records = TrainingRecords(stats)
    assert records.rating("pegs") == Rating(rating, 195, 0.06)
    assert records.rating("slide") == Rating(1400, 250, 0.06) and records.rating("jugs") is None
    assert records.ratings() == {"pegs": (Rating(rating, 195, 0.06), 6),
                                 "slide": (Rating(1400, 250, 0.06), 1)}
    assert records.streak("pegs") == 2 and records.streak("slide") == 0
    assert records.streak() == 0  # all families: the last attempt, slide's, was wrong
    history = records.history("pegs", limit=4)
    assert [a.outcome for a in history] == [RIGHT, RIGHT, SHOWN, RIGHT]  # the newest first
    assert [a.played_at for a in history] == [1.8e9 + 5, 1.8e9 + 4, 1.8e9 + 3, 1.8e9 + 2]
    wrong = records.history("pegs")[-2]
    assert (wrong.outcome, wrong.cost, wrong.cost_kind, wrong.wrong_move, wrong.right_move,
            wrong.solved) == (WRONG, 2, "exact", "[3]", "[4]", False)
    assert history[0].solved and history[0].rating_before == rating - 50
    assert records.count("pegs") == 6 and records.count() == 7
    stats.close()


def test_a_locked_file_keeps_nothing_and_says_so_without_raising(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    stats, _ = Stats.open(path)
    records = TrainingRecords(stats)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    stats._db.execute("PRAGMA busy_timeout = 0")
    told = []
    stats.listeners.append(told.append)
    assert records.record(attempt(), Rating(1600, 250, 0.06)) is False
    assert stats.warning is not None and stats.warning.reason == "locked"
    assert len(told) == 1 and records.history() == [] and records.streak() == 0
    other.execute("ROLLBACK")
    other.close()
    assert records.rating("pegs") is None  # the attempt and the rating: neither, not half
    stats.close()
    assert not list(tmp_path.glob("*.corrupt*"))


def test_a_training_table_of_another_layout_is_set_aside_as_damaged(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    Stats.open(path)[0].close()
    db = sqlite3.connect(path)
    db.execute("DROP TABLE training_ratings")
    db.execute("CREATE TABLE training_ratings (family TEXT, rating REAL)")
    db.commit()
    db.close()
    original = path.read_bytes()
    stats, warning = Stats.open(path)
    assert warning is not None and warning.reason == "corrupt"
    assert "training_ratings" in warning.detail and warning.kept.read_bytes() == original
    assert TrainingRecords(stats).record(attempt(), Rating())
    stats.close()
