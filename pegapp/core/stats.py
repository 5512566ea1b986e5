"""Play statistics in a small SQLite database (standard library only; no Qt).

One row per puzzle id and variant (the board's start/finish, a preset's parameters, or "" for the
puzzle as shipped): games started and solved, the best move count, the proven minimum when known,
hints used and seconds played.

The schema is versioned with ``PRAGMA user_version``; ``MIGRATIONS[k]`` upgrades version k to k+1
inside one transaction. A file that is not a usable database, or one written by a newer PegApp, is
never silently dropped: it is renamed aside (``statistics.sqlite3.corrupt``/``.newer``), the caller
gets a warning naming both files, and a fresh database is started.

Every write is one transaction; a write that fails (disk full, file locked) is rolled back, kept in
``last_error`` and reported as False, never raised into the game.
"""

from __future__ import annotations

import math
import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from pegapp.core.storage import set_aside

COLUMNS = ("puzzle_id", "variant", "started", "solved", "best_moves", "minimum", "hints",
           "seconds")


def _migrate_0_to_1(db: sqlite3.Connection) -> None:
    """Version 0 (early builds) kept one row per puzzle in ``games(puzzle, played, solved, best)``
    and nothing else. Version 1 keys rows by puzzle and variant and adds the proven minimum, hints
    and time. A brand-new, empty file is version 0 too: it just gets the new table."""
    db.execute("""
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
        )""")
    legacy = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'"
                        ).fetchone()
    if legacy:
        db.execute("""
            INSERT INTO stats (puzzle_id, variant, started, solved, best_moves)
            SELECT puzzle, '', MAX(COALESCE(played, 0), COALESCE(solved, 0)),
                   COALESCE(solved, 0), best
            FROM games""")
        db.execute("DROP TABLE games")


#: MIGRATIONS[k] takes a database at version k to version k + 1.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_migrate_0_to_1]
SCHEMA_VERSION = len(MIGRATIONS)


def peg_variant(board, start, finish) -> str:
    """The variant key of a peg game: "" for the board's own problem, else the holes that start
    empty and the finish hole (a complement problem is a different puzzle with its own minimum)."""
    start = sorted(start)
    if start == sorted(board.start) and finish == board.finish:
        return ""
    holes = ",".join(str(h) for h in start)
    return f"start {holes} finish {'any' if finish is None else finish}"


def params_variant(puzzle_id: str, params: dict) -> str:
    """The variant key of another puzzle: jugs differ by capacities and target (their id is just
    "jugs"); other families are told apart by their id, and shuffled starts share one row."""
    if puzzle_id.split("/", 1)[0] == "jugs":
        caps = ",".join(str(c) for c in params.get("capacities", ()))
        return f"{caps}→{params.get('target', '')}"
    return ""


class StatsWarning(str):
    """The message for the player, plus what happened for a UI that words it itself.

    reason is "corrupt", "newer" or "unavailable"; path is the database file; kept is where the
    unusable file was moved (None when nothing was moved); detail is SQLite's own explanation.
    """

    reason: str
    path: Path
    kept: Path | None
    detail: str

    def __new__(cls, reason: str, path: Path, kept: Path | None, detail: str) -> StatsWarning:
        if reason == "newer":
            text = (f"{path.name}: written by a newer version of PegApp ({detail}); "
                    f"it was kept as {kept} and a new statistics file was started.")
        elif reason == "corrupt":
            text = (f"{path.name}: not a usable statistics database ({detail}); "
                    f"it was kept as {kept} and a new statistics file was started.")
        else:
            text = (f"{path}: cannot open the statistics database ({detail}); "
                    f"statistics are not saved this session.")
        self = super().__new__(cls, text)
        self.reason, self.path, self.kept, self.detail = reason, path, kept, detail
        return self


class _Unusable(Exception):
    def __init__(self, reason: str, detail: str):
        super().__init__(detail)
        self.reason, self.detail = reason, detail


def _connect(path: str | Path) -> sqlite3.Connection:
    # isolation_level=None: no implicit transactions; every write below opens its own.
    db = sqlite3.connect(str(path), timeout=5.0, isolation_level=None)
    db.row_factory = sqlite3.Row
    return db


def _prepare(db: sqlite3.Connection) -> None:
    """Check a freshly opened database and bring it to SCHEMA_VERSION, or raise _Unusable."""
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        check = db.execute("PRAGMA quick_check").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        raise _Unusable("corrupt", str(exc)) from None
    if check != "ok":
        raise _Unusable("corrupt", f"integrity check: {check}")
    if version > SCHEMA_VERSION:
        raise _Unusable("newer", f"schema version {version}, this PegApp reads up to "
                                 f"{SCHEMA_VERSION}")
    if version < 0:
        raise _Unusable("corrupt", f"schema version {version}")
    for k in range(version, SCHEMA_VERSION):
        try:
            db.execute("BEGIN IMMEDIATE")
            MIGRATIONS[k](db)
            db.execute(f"PRAGMA user_version = {k + 1}")
            db.execute("COMMIT")
        except sqlite3.OperationalError as exc:
            if db.in_transaction:
                db.execute("ROLLBACK")
            if "locked" in str(exc) or "readonly" in str(exc) or "read-only" in str(exc):
                raise  # not the file's fault: keep it where it is
            raise _Unusable("corrupt", f"upgrade from version {k} failed: {exc}") from None
        except sqlite3.DatabaseError as exc:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise _Unusable("corrupt", f"upgrade from version {k} failed: {exc}") from None
    try:
        columns = [r[1] for r in db.execute("PRAGMA table_info(stats)")]
    except sqlite3.DatabaseError as exc:
        raise _Unusable("corrupt", str(exc)) from None
    if tuple(columns) != COLUMNS:
        raise _Unusable("corrupt", f"unexpected layout of table stats: {columns or 'missing'}")


class Stats:
    """Open with Stats.open(path); every method is one short transaction."""

    def __init__(self, db: sqlite3.Connection, path: Path | None):
        self._db = db
        self.path = path
        self.last_error = ""

    @classmethod
    def open(cls, path: str | os.PathLike) -> tuple[Stats, StatsWarning | None]:
        """Open (or create) the database at path. Returns the statistics and a warning for the
        player, or None. Never raises for a bad file: it is set aside and a new one started."""
        path = Path(path)
        warning = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            db = _connect(path)
            try:
                _prepare(db)
            except _Unusable as exc:
                db.close()
                kept = set_aside(path, "newer" if exc.reason == "newer" else "corrupt")
                for suffix in ("-journal", "-wal", "-shm"):  # they belong to the old file
                    side = path.with_name(path.name + suffix)
                    if side.exists():
                        os.replace(side, kept.with_name(kept.name + suffix))
                warning = StatsWarning(exc.reason, path, kept, exc.detail)
                db = _connect(path)
                _prepare(db)
            except BaseException:
                db.close()
                raise
        except (OSError, sqlite3.Error, _Unusable) as exc:
            # A directory we cannot write to, a locked file: play on, keep nothing, say so.
            db = _connect(":memory:")
            _prepare(db)
            return cls(db, None), StatsWarning("unavailable", path, None, str(exc))
        return cls(db, path), warning

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Stats:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ---- writes

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def _update(self, puzzle_id: str, variant: str, sql: str, params: tuple) -> bool:
        """Make sure the row exists, then run sql on it, all in one transaction."""
        if not puzzle_id:
            raise ValueError("a puzzle id is needed")
        try:
            with self._transaction() as db:
                db.execute("INSERT OR IGNORE INTO stats (puzzle_id, variant) VALUES (?, ?)",
                           (puzzle_id, variant))
                db.execute(f"UPDATE stats SET {sql} WHERE puzzle_id = ? AND variant = ?",
                           params + (puzzle_id, variant))
        except sqlite3.Error as exc:
            self.last_error = str(exc)
            return False
        return True

    def game_started(self, puzzle_id: str, variant: str = "") -> bool:
        return self._update(puzzle_id, variant, "started = started + 1", ())

    def game_solved(self, puzzle_id: str, moves: int, minimum: int | None = None,
                    variant: str = "") -> bool:
        """A solved game in `moves` moves; minimum is the proven minimum when the caller knows it.
        A solve always counts as a started game too (started >= solved holds)."""
        if moves < 0 or (minimum is not None and minimum < 0):
            raise ValueError("move counts cannot be negative")
        return self._update(
            puzzle_id, variant,
            "solved = solved + 1, started = MAX(started, solved + 1), "
            "best_moves = MIN(COALESCE(best_moves, ?1), ?1), "
            "minimum = CASE WHEN ?2 IS NULL THEN minimum ELSE MIN(COALESCE(minimum, ?2), ?2) END",
            (moves, minimum))

    def record_minimum(self, puzzle_id: str, minimum: int, variant: str = "") -> bool:
        """The solver proved the minimum from the start position (without a solved game)."""
        if minimum < 0:
            raise ValueError("move counts cannot be negative")
        return self._update(puzzle_id, variant, "minimum = MIN(COALESCE(minimum, ?1), ?1)",
                            (minimum,))

    def hint_used(self, puzzle_id: str, variant: str = "") -> bool:
        return self._update(puzzle_id, variant, "hints = hints + 1", ())

    def add_time(self, puzzle_id: str, seconds: float, variant: str = "") -> bool:
        if not math.isfinite(seconds) or seconds < 0:
            raise ValueError(f"cannot add {seconds} seconds")
        if seconds == 0:
            return True
        return self._update(puzzle_id, variant, "seconds = seconds + ?", (float(seconds),))

    # ---- reads

    def rows(self) -> list[dict]:
        """Every row as a dict with the keys of COLUMNS, ordered by puzzle id and variant."""
        try:
            cur = self._db.execute(f"SELECT {', '.join(COLUMNS)} FROM stats "
                                   "ORDER BY puzzle_id, variant")
            return [dict(r) for r in cur]
        except sqlite3.Error as exc:
            self.last_error = str(exc)
            return []

    def row(self, puzzle_id: str, variant: str = "") -> dict | None:
        for r in self.rows():
            if r["puzzle_id"] == puzzle_id and r["variant"] == variant:
                return r
        return None
