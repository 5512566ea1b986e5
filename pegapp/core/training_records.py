"""Training kept in the statistics database (issue #74): each attempt at a training puzzle, and
the player's rating per family (pegapp.core.rating). Qt-free, standard library only.

Two tables, added by schema version 4 (`migrate_3_to_4`, run by pegapp.core.stats's MIGRATIONS
on an older file in place, its rows kept):

- `training_attempts`: one row per puzzle attempted, in order (id): the family, the puzzle id
  and variant (the family's statistics keys), the position (JSON, as the save files hold
  states), its moves N and difficulty, the puzzle's rating, the outcome ("right": solved
  without a wrong move; "wrong": a move lost the minimum; "shown": the line or a hint was asked
  for first), for a wrong move what it cost (cost_kind "exact": `cost` more moves; "at least":
  at least `cost` more, the proof looked no further; "lost": no finish any more) and the move
  played and the right one (JSON), the rating before and after, the seconds spent and when
  (Unix time).
- `training_ratings`: the player's rating per family: rating, deviation, volatility, attempts.

Every write goes through Stats.write (one transaction; a locked or full file is handled as for
every other statistic: rolled back, reported as False, tried again later), every read through
Stats.read ([] when the file cannot be read now).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Protocol

from pegapp.core.rating import Rating


class Store(Protocol):
    """What the records need of pegapp.core.stats.Stats (which imports this module for its
    migration, so it is named here by what it does)."""

    def write(self, change: Callable[[sqlite3.Connection], None]) -> bool: ...

    def read(self, sql: str, params: tuple = ()) -> list[dict]: ...

RIGHT, WRONG, SHOWN = "right", "wrong", "shown"
OUTCOMES = (RIGHT, WRONG, SHOWN)
EXACT, AT_LEAST, LOST = "exact", "at least", "lost"
COST_KINDS = (EXACT, AT_LEAST, LOST)
#: the attempts `history` gives when not told
HISTORY = 20

ATTEMPT_COLUMNS = ("id", "family", "puzzle_id", "variant", "position", "moves", "difficulty",
                   "puzzle_rating", "outcome", "cost", "cost_kind", "wrong_move", "right_move",
                   "rating_before", "rating_after", "deviation_after", "seconds", "played_at")
RATING_COLUMNS = ("family", "rating", "deviation", "volatility", "attempts")
#: each table and its columns, checked when the file is opened (pegapp.core.stats._prepare)
TABLES = {"training_attempts": ATTEMPT_COLUMNS, "training_ratings": RATING_COLUMNS}


def migrate_3_to_4(db: sqlite3.Connection) -> None:
    """Version 4 keeps training (issue #74): the attempts and the ratings per family. Nothing
    of version 3 changes; an older file starts with no training."""
    db.execute(f"""
        CREATE TABLE training_attempts (
            id              INTEGER PRIMARY KEY AUTOINCREMENT,
            family          TEXT NOT NULL,
            puzzle_id       TEXT NOT NULL,
            variant         TEXT NOT NULL DEFAULT '',
            position        TEXT NOT NULL,
            moves           INTEGER NOT NULL CHECK (moves >= 1),
            difficulty      REAL NOT NULL CHECK (difficulty >= 0),
            puzzle_rating   REAL NOT NULL,
            outcome         TEXT NOT NULL CHECK (outcome IN {OUTCOMES!r}),
            cost            INTEGER CHECK (cost IS NULL OR cost >= 1),
            cost_kind       TEXT CHECK (cost_kind IS NULL OR cost_kind IN {COST_KINDS!r}),
            wrong_move      TEXT,
            right_move      TEXT,
            rating_before   REAL NOT NULL,
            rating_after    REAL NOT NULL,
            deviation_after REAL NOT NULL CHECK (deviation_after >= 0),
            seconds         REAL NOT NULL DEFAULT 0 CHECK (seconds >= 0),
            played_at       REAL NOT NULL
        )""")
    db.execute("CREATE INDEX training_attempts_family ON training_attempts (family, id)")
    db.execute("""
        CREATE TABLE training_ratings (
            family     TEXT PRIMARY KEY,
            rating     REAL NOT NULL,
            deviation  REAL NOT NULL CHECK (deviation >= 0),
            volatility REAL NOT NULL CHECK (volatility > 0),
            attempts   INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0)
        )""")


@dataclass(frozen=True)
class Attempt:
    """One attempt at a training puzzle, as kept (see the module's text); id: its order, None
    before it is kept."""
    family: str
    puzzle_id: str
    variant: str
    position: str
    moves: int
    difficulty: float
    puzzle_rating: float
    outcome: str
    cost: int | None
    cost_kind: str | None
    wrong_move: str | None
    right_move: str | None
    rating_before: float
    rating_after: float
    deviation_after: float
    seconds: float
    played_at: float
    id: int | None = None

    @property
    def solved(self) -> bool:
        """Solved without a wrong move and without being shown the line."""
        return self.outcome == RIGHT


_FIELDS = [f.name for f in fields(Attempt) if f.name != "id"]


class TrainingRecords:
    """The training in a Stats database: record an attempt with the rating it leaves, read the
    rating, the streak and the history back."""

    def __init__(self, stats: Store):
        self.stats = stats

    def record(self, attempt: Attempt, after: Rating) -> bool:
        """Keep an attempt and the family's rating after it, in one transaction (False: not
        kept now; Stats.last_error and warning say why)."""
        if attempt.outcome not in OUTCOMES or attempt.cost_kind not in (None, *COST_KINDS):
            raise ValueError(f"not an attempt's outcome: {attempt.outcome}, {attempt.cost_kind}")

        def change(db: sqlite3.Connection) -> None:
            db.execute(f"INSERT INTO training_attempts ({', '.join(_FIELDS)}) "
                       f"VALUES ({', '.join('?' * len(_FIELDS))})",
                       tuple(getattr(attempt, name) for name in _FIELDS))
            db.execute("INSERT INTO training_ratings (family, rating, deviation, volatility, "
                       "attempts) VALUES (?1, ?2, ?3, ?4, 1) ON CONFLICT (family) DO UPDATE SET "
                       "rating = ?2, deviation = ?3, volatility = ?4, attempts = attempts + 1",
                       (attempt.family, after.rating, after.deviation, after.volatility))

        return self.stats.write(change)

    def rating(self, family: str) -> Rating | None:
        """The player's rating in a family (None: no attempt kept, or not readable now)."""
        rows = self.stats.read("SELECT rating, deviation, volatility FROM training_ratings "
                               "WHERE family = ?", (family,))
        return Rating(**rows[0]) if rows else None

    def ratings(self) -> dict[str, tuple[Rating, int]]:
        """Every family's rating and its attempts."""
        return {r["family"]: (Rating(r["rating"], r["deviation"], r["volatility"]),
                              r["attempts"])
                for r in self.stats.read(f"SELECT {', '.join(RATING_COLUMNS)} "
                                         "FROM training_ratings ORDER BY family")}

    def history(self, family: str | None = None, limit: int = HISTORY) -> list[Attempt]:
        """The last `limit` attempts (of a family, or of all), the newest first."""
        where, params = ("WHERE family = ?", (family,)) if family is not None else ("", ())
        rows = self.stats.read(f"SELECT {', '.join(ATTEMPT_COLUMNS)} FROM training_attempts "
                               f"{where} ORDER BY id DESC LIMIT ?", (*params, limit))
        return [Attempt(**r) for r in rows]

    def streak(self, family: str | None = None) -> int:
        """The right answers in a row up to the last attempt (of a family, or of all)."""
        where, params = ("AND family = ?1", (family,)) if family is not None else ("", ())
        rows = self.stats.read(
            f"SELECT COUNT(*) AS n FROM training_attempts WHERE id > COALESCE((SELECT MAX(id) "
            f"FROM training_attempts WHERE outcome != 'right' {where}), 0) {where}", params)
        return rows[0]["n"] if rows else 0

    def count(self, family: str | None = None) -> int:
        """The attempts kept (of a family, or of all)."""
        where, params = ("WHERE family = ?", (family,)) if family is not None else ("", ())
        rows = self.stats.read(f"SELECT COUNT(*) AS n FROM training_attempts {where}", params)
        return rows[0]["n"] if rows else 0
