"""Play statistics in a small SQLite database (standard library only; no Qt).

One row per puzzle id and variant (the board's start/finish, a preset's parameters, or "" for the
puzzle as shipped): games started and solved, the best move count, the proven minimum when known,
hints used, seconds played and games solved in par (at most the problem's par moves). Both keys
come from the puzzle's family (pegapp.puzzles.family.Family.stats_id and stats_variant); this
module knows no family.

The schema is versioned with ``PRAGMA user_version``; ``MIGRATIONS[k]`` upgrades version k to k+1
inside one transaction. A file that is not a usable database, or one written by a newer PegApp, is
never silently dropped: it is renamed aside (``statistics.sqlite3.corrupt``/``.newer``), the caller
gets a warning naming both files, and a fresh database is started.

Opening (the check, a set-aside, the new database) runs under the file's lock
(``statistics.sqlite3.lock``, pegapp.core.storage.exclusive), so two windows opening one damaged
file take turns: it is set aside once. A folder, a FIFO or a device in the file's place is
refused before SQLite is given it (the statistics are then kept in memory, with a warning).

A file another program holds locked is not damaged: it is never renamed. While the lock lasts the
game plays on without recording (each write waits at most BUSY_TIMEOUT, then writes are skipped
for RETRY_SECONDS and tried again), and the listeners hear of it once.

Training puzzles' attempts and the player's ratings (schema version 4) are kept by
pegapp.core.training_records through `write` and `read` here.

Every write is one transaction; a write that fails (disk full, file locked) is rolled back, kept in
``last_error`` and reported as False, never raised into the game.
"""

from __future__ import annotations

import math
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from pegapp.core import training_records
from pegapp.core.storage import LockTimeout, RefusedFile, check_regular, exclusive, set_aside

#: seconds a statement waits for another connection's lock (writes run on the UI thread)
BUSY_TIMEOUT = 0.2
#: seconds after a failed write during which writes are skipped, before the file is tried again
RETRY_SECONDS = 10.0

COLUMNS = ("puzzle_id", "variant", "started", "solved", "best_moves", "minimum", "hints",
           "seconds", "in_par", "hint_distance", "hint_piece", "hint_move")
#: the graded hint's steps (issue #56), each counted in its own column as well as in hints:
#: how far the goal is, which piece to move, the whole move
HINT_STEPS = ("hint_distance", "hint_piece", "hint_move")


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


def _migrate_1_to_2(db: sqlite3.Connection) -> None:
    """Version 2 counts the games solved in par (the fewest moves possible, or the best known:
    the problem catalogue's par, issue #15). Every row is kept as it was; games before this
    version were not compared with par, so their count starts at 0 (the player's best against
    par still shows whether a problem was solved in par)."""
    db.execute("ALTER TABLE stats ADD COLUMN in_par INTEGER NOT NULL DEFAULT 0 "
               "CHECK (in_par >= 0)")


def _migrate_2_to_3(db: sqlite3.Connection) -> None:
    """Version 3 counts which steps of the graded hint were used (issue #56): the distance, the
    piece, the whole move; hints stays the count of every hint. Hints before this version were
    all whole moves, so they are counted as such."""
    for column in HINT_STEPS:
        db.execute(f"ALTER TABLE stats ADD COLUMN {column} INTEGER NOT NULL DEFAULT 0 "
                   f"CHECK ({column} >= 0)")
    db.execute("UPDATE stats SET hint_move = hints")


#: MIGRATIONS[k] takes a database at version k to version k + 1 (version 4: training, issue
#: #74, pegapp.core.training_records).
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_migrate_0_to_1, _migrate_1_to_2,
                                                          _migrate_2_to_3,
                                                          training_records.migrate_3_to_4]
SCHEMA_VERSION = len(MIGRATIONS)


class StatsWarning(str):
    """The message for the player, plus what happened for a UI that words it itself.

    reason is "corrupt", "newer", "locked" (another program holds the file; it is left alone
    and tried again later), "unwritable" (a write failed otherwise: a full disk, a read-only
    file; tried again later) or "unavailable" (not opened at all: nothing is kept this
    session); path is the database file; kept is where the
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
        elif reason == "unwritable":
            text = (f"{path}: cannot be written ({detail}); games are not recorded for now "
                    f"(tried again later).")
        elif reason == "locked":
            text = (f"{path}: in use by another program ({detail}); games are not recorded "
                    f"until it is free again (the file is left as it is).")
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


#: SQLite result codes that say nothing about the file's content: SQLITE_PERM, BUSY, LOCKED,
#: NOMEM, READONLY, IOERR, FULL, CANTOPEN, PROTOCOL, AUTH
_NOT_DAMAGE = {3, 5, 6, 7, 8, 10, 13, 14, 15, 23}
_NOT_DAMAGE_WORDS = ("locked", "busy", "readonly", "read-only", "unable to open", "disk i/o",
                     "disk is full", "out of memory", "permission", "authoriz")


def _code(exc: BaseException) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)  # Python 3.11+
    return code & 0xFF if isinstance(code, int) else None


def is_locked(exc: BaseException) -> bool:
    """Whether an sqlite3 error means another connection holds the file (busy or locked)."""
    code = _code(exc)
    if code is not None:
        return code in (5, 6)
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def _not_damage(exc: BaseException) -> bool:
    """Whether an sqlite3 error is about access to the file (a lock, permissions, a full disk)
    rather than its content: such a file must not be set aside as corrupt."""
    if not isinstance(exc, sqlite3.OperationalError):
        return False
    code = _code(exc)
    if code is not None:
        return code in _NOT_DAMAGE
    text = str(exc).lower()
    return any(word in text for word in _NOT_DAMAGE_WORDS)


def _connect(path: str | Path) -> sqlite3.Connection:
    # isolation_level=None: no implicit transactions; every write below opens its own.
    # A short busy timeout: these calls run on the UI thread, which must not hang on a lock.
    db = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT, isolation_level=None)
    db.row_factory = sqlite3.Row
    return db


def _prepare(db: sqlite3.Connection) -> None:
    """Check a freshly opened database and bring it to SCHEMA_VERSION, or raise _Unusable
    (damaged or newer). An error about access rather than content (locked, read-only, disk full)
    is raised as it is: the file may be fine."""
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        check = db.execute("PRAGMA quick_check").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        if _not_damage(exc):
            raise
        raise _Unusable("corrupt", str(exc)) from None
    if check != "ok":
        raise _Unusable("corrupt", f"integrity check: {check}")
    if version > SCHEMA_VERSION:
        raise _Unusable("newer", f"schema version {version}, this PegApp reads up to "
                                 f"{SCHEMA_VERSION}")
    if version < 0:
        raise _Unusable("corrupt", f"schema version {version}")
    if version < SCHEMA_VERSION:
        _upgrade(db, version)
    for table, expected in {"stats": COLUMNS, **training_records.TABLES}.items():
        try:
            columns = [r[1] for r in db.execute(f"PRAGMA table_info({table})")]
        except sqlite3.DatabaseError as exc:
            if _not_damage(exc):
                raise
            raise _Unusable("corrupt", str(exc)) from None
        if tuple(columns) != expected:
            raise _Unusable("corrupt", f"unexpected layout of table {table}: "
                                       f"{columns or 'missing'}")


def _upgrade(db: sqlite3.Connection, version: int) -> None:
    """Every migration from version up in one transaction: a failure anywhere leaves the file
    as it was, and a new file (version 0, the usual first start) costs one commit, not one a
    step: each commit waits for the disk (a new file made and a game recorded: a median of
    35-100 ms before, 6-40 ms after, 2026-12-07 at load 3; a new player's first window pays it,
    and so does each test that opens a window on a data folder of its own)."""
    k = version
    try:
        db.execute("BEGIN IMMEDIATE")
        for k in range(version, SCHEMA_VERSION):
            MIGRATIONS[k](db)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        db.execute("COMMIT")
    except sqlite3.OperationalError as exc:
        if db.in_transaction:
            db.execute("ROLLBACK")
        if _not_damage(exc):
            raise  # not the file's fault: keep it where it is
        raise _Unusable("corrupt", f"upgrade from version {k} failed: {exc}") from None
    except sqlite3.DatabaseError as exc:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise _Unusable("corrupt", f"upgrade from version {k} failed: {exc}") from None


class _Locked(Exception):
    def __init__(self, detail: str):
        super().__init__(detail)
        self.detail = detail


#: the database and the files SQLite keeps beside it, each read by SQLite when present
SIDE_FILES = ("", "-journal", "-wal", "-shm")
#: the longest an opening waits for another PegApp opening the same file (checking it, setting
#: a damaged one aside and starting a new one take milliseconds)
OPEN_LOCK_TIMEOUT = 2.0


def _open_file(path: Path) -> tuple[sqlite3.Connection, StatsWarning | None]:
    """Open and check the database at path: a damaged or newer one is set aside and a new one
    started (with a warning). _Locked when another program holds it (it is left alone);
    OSError or sqlite3.Error when it cannot be used at all (RefusedFile: a folder, a FIFO or
    a device in its place, which SQLite must not be given).

    The whole check runs under the file's lock (storage.exclusive): two windows opening one
    damaged file took turns badly (one set aside the new database the other had just made,
    as .corrupt.1, or found the file gone, or read it mid-rename: "disk I/O error")."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        with exclusive(path, OPEN_LOCK_TIMEOUT):
            for suffix in SIDE_FILES:  # SQLite reads a hot journal: a FIFO there hung it
                side = path.with_name(path.name + suffix)
                try:
                    check_regular(side)
                except RefusedFile as exc:  # say which of the files it is
                    raise RefusedFile(side, f"{side.name}: {exc.strerror}") from None
            return _open_checked(path)
    except LockTimeout as exc:
        raise _Locked(str(exc)) from None


def _open_checked(path: Path) -> tuple[sqlite3.Connection, StatsWarning | None]:
    warning = None
    db = _connect(path)
    try:
        _prepare(db)
    except _Unusable as exc:
        db.close()
        kept = set_aside(path, "newer" if exc.reason == "newer" else "corrupt")
        for suffix in SIDE_FILES[1:]:  # they belong to the old file
            side = path.with_name(path.name + suffix)
            if side.exists():
                os.replace(side, kept.with_name(kept.name + suffix))
        warning = StatsWarning(exc.reason, path, kept, exc.detail)
        db = _connect(path)
        try:
            _prepare(db)
        except BaseException:
            db.close()
            raise
    except sqlite3.Error as exc:
        db.close()
        if is_locked(exc):
            raise _Locked(str(exc)) from None
        raise
    except BaseException:
        db.close()
        raise
    return db, warning


class Stats:
    """Open with Stats.open(path); every method is one short transaction.

    listeners: callables given a StatsWarning the first time a write fails (the file locked by
    another program, a full disk), so a window can tell the player once; play goes on.
    """

    def __init__(self, db: sqlite3.Connection | None, path: Path | None,
                 clock: Callable[[], float] = time.monotonic):
        self._db = db  # None while the file is held by another program (see _writable)
        self.path = path
        self.last_error = ""
        self.clock = clock
        #: why games are not being recorded now (a StatsWarning), or None
        self.warning: StatsWarning | None = None
        self.listeners: list[Callable[[StatsWarning], None]] = []
        self._retry_at: float | None = None
        self._told = False

    @classmethod
    def open(cls, path: str | os.PathLike, clock: Callable[[], float] = time.monotonic
             ) -> tuple[Stats, StatsWarning | None]:
        """Open (or create) the database at path. Returns the statistics and a warning for the
        player, or None. Never raises for a bad file: it is set aside and a new one started. A
        file another program holds locked is left alone: the statistics wait for it."""
        path = Path(path)
        stats = cls(None, path, clock)
        try:
            stats._db, warning = _open_file(path)
        except _Locked as exc:
            stats._locked(exc.detail)
            stats._told = True  # the caller shows the warning returned here
            return stats, stats.warning
        except (OSError, sqlite3.Error, _Unusable) as exc:
            # A directory we cannot write to, a file we cannot read: play on, keep nothing.
            db = _connect(":memory:")
            _prepare(db)
            return cls(db, None, clock), StatsWarning("unavailable", path, None, str(exc))
        return stats, warning

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    # ---- a file held by another program

    def _locked(self, detail: str) -> None:
        """Writes fail for now: skip them for RETRY_SECONDS (no waiting on the UI thread)."""
        self.last_error = detail
        self._retry_at = self.clock() + RETRY_SECONDS
        self.warning = StatsWarning("locked", self.path, None, detail)

    def _failed(self, exc: sqlite3.Error) -> None:
        """A write failed: remember why; on a lock or another access problem, wait before the
        next try and tell the listeners (once per Stats)."""
        self.last_error = str(exc)
        if self.path is None or not _not_damage(exc):
            return
        if is_locked(exc):
            self._locked(str(exc))
        else:
            self._retry_at = self.clock() + RETRY_SECONDS
            self.warning = StatsWarning("unwritable", self.path, None, str(exc))
        self._tell()

    def _tell(self) -> None:
        if self._told or self.warning is None:
            return
        self._told = True
        for listener in list(self.listeners):
            try:
                listener(self.warning)
            except RuntimeError:  # a window already gone
                pass

    def _writable(self) -> bool:
        """Whether to try a write now: not while a lock is being waited out; after that, the
        file is opened (and checked) again when it was held at start-up."""
        if self._retry_at is not None:
            if self.clock() < self._retry_at:
                return False
            self._retry_at = None
        if self._db is None:
            if self.path is None:
                return False
            try:
                self._db, warning = _open_file(self.path)
            except _Locked as exc:
                self._locked(exc.detail)
                self._tell()
                return False
            except (OSError, sqlite3.Error, _Unusable) as exc:
                self._retry_at = self.clock() + RETRY_SECONDS
                self.last_error = str(exc)
                return False
            if warning is not None:  # it was damaged after all: set aside, a new one started
                self.warning = warning
                self._told = False
                self._tell()
        return True

    def __enter__(self) -> Stats:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ---- writes

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        db = self._db
        assert db is not None
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            if db.in_transaction:  # SQLite itself rolls back on some errors (a full disk)
                db.execute("ROLLBACK")
            raise
        try:
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    def write(self, change: Callable[[sqlite3.Connection], None]) -> bool:
        """Run change(db) as one transaction: the one way every write goes (this class's and
        pegapp.core.training_records'), so a lock or a full disk is handled alike (rolled back,
        reported as False, the listeners told once, writes skipped for a while)."""
        if not self._writable():
            return False
        try:
            with self._transaction() as db:
                change(db)
        except sqlite3.Error as exc:
            self._failed(exc)
            return False
        self.warning = None  # recording again
        return True

    def _update(self, puzzle_id: str, variant: str, sql: str, params: tuple) -> bool:
        """Make sure the row exists, then run sql on it, all in one transaction."""
        if not puzzle_id:
            raise ValueError("a puzzle id is needed")

        def change(db: sqlite3.Connection) -> None:
            db.execute("INSERT OR IGNORE INTO stats (puzzle_id, variant) VALUES (?, ?)",
                       (puzzle_id, variant))
            db.execute(f"UPDATE stats SET {sql} WHERE puzzle_id = ? AND variant = ?",
                       params + (puzzle_id, variant))

        return self.write(change)

    def game_started(self, puzzle_id: str, variant: str = "") -> bool:
        return self._update(puzzle_id, variant, "started = started + 1", ())

    def game_solved(self, puzzle_id: str, moves: int, minimum: int | None = None,
                    variant: str = "", par: int | None = None) -> bool:
        """A solved game in `moves` moves; minimum is the proven minimum when the caller knows it,
        par the problem's par (proven or best known): a game of at most par moves counts as
        solved in par. A solve always counts as a started game too (started >= solved holds)."""
        if moves < 0 or (minimum is not None and minimum < 0) or (par is not None and par < 0):
            raise ValueError("move counts cannot be negative")
        return self._update(
            puzzle_id, variant,
            "solved = solved + 1, started = MAX(started, solved + 1), "
            "best_moves = MIN(COALESCE(best_moves, ?1), ?1), "
            "minimum = CASE WHEN ?2 IS NULL THEN minimum ELSE MIN(COALESCE(minimum, ?2), ?2) END, "
            "in_par = in_par + (CASE WHEN ?3 IS NOT NULL AND ?1 <= ?3 THEN 1 ELSE 0 END)",
            (moves, minimum, par))

    def solved_in_par(self, puzzle_id: str, variant: str = "") -> bool:
        """A game already recorded as solved turned out to be in par (its par became known after
        the solve, from the solver). Counted once per game by the caller (PlayTracker)."""
        return self._update(puzzle_id, variant, "in_par = MIN(in_par + 1, solved)", ())

    def record_minimum(self, puzzle_id: str, minimum: int, variant: str = "") -> bool:
        """The solver proved the minimum from the start position (without a solved game)."""
        if minimum < 0:
            raise ValueError("move counts cannot be negative")
        return self._update(puzzle_id, variant, "minimum = MIN(COALESCE(minimum, ?1), ?1)",
                            (minimum,))

    def hint_used(self, puzzle_id: str, variant: str = "", step: int | None = None) -> bool:
        """One more hint; step (1, 2 or 3: HINT_STEPS) counts which step of a graded hint it
        was too (None: a hint of no step, e.g. the computer's solution played in)."""
        if step is None:
            return self._update(puzzle_id, variant, "hints = hints + 1", ())
        column = HINT_STEPS[step - 1]
        return self._update(puzzle_id, variant, f"hints = hints + 1, {column} = {column} + 1", ())

    def add_time(self, puzzle_id: str, seconds: float, variant: str = "") -> bool:
        if not math.isfinite(seconds) or seconds < 0:
            raise ValueError(f"cannot add {seconds} seconds")
        if seconds == 0:
            return True
        return self._update(puzzle_id, variant, "seconds = seconds + ?", (float(seconds),))

    # ---- reads

    def read(self, sql: str, params: tuple = ()) -> list[dict]:
        """The rows a query gives, as dicts; [] when they cannot be read now (last_error, and
        warning when the file is held elsewhere): the one way every read goes."""
        if self._db is None:
            return []
        try:
            return [dict(r) for r in self._db.execute(sql, params)]
        except sqlite3.Error as exc:
            self.last_error = str(exc)
            if self.path is not None and is_locked(exc):
                self.warning = StatsWarning("locked", self.path, None, str(exc))
            return []

    def rows(self) -> list[dict]:
        """Every row as a dict with the keys of COLUMNS, ordered by puzzle id and variant; [] when
        they cannot be read now (last_error, and warning when the file is held elsewhere)."""
        return self.read(f"SELECT {', '.join(COLUMNS)} FROM stats ORDER BY puzzle_id, variant")

    def row(self, puzzle_id: str, variant: str = "") -> dict | None:
        for r in self.rows():
            if r["puzzle_id"] == puzzle_id and r["variant"] == variant:
                return r
        return None
