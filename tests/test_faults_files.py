"""Fault injection into every file PegApp reads or writes, below the windows: saves, statistics.

Each fault -- a truncated, empty or garbage file, a file that cannot be read, a full disk, a
database another program holds -- must end in a clear message naming the file and the reason, and
the last good file must be left byte for byte as it was. Permission errors are injected by
monkeypatching (the tests may run as root, whom chmod 000 does not stop); a real chmod case runs
too when the tests do not run as root.
"""

import errno
import json
import math
import os
import random
import sqlite3
import stat
import time
from pathlib import Path

import pytest

from pegapp.core import stats as stats_module
from pegapp.core import storage
from pegapp.core.board import get_board, load_board
from pegapp.core.messages import Message
from pegapp.core.stats import Stats
from pegapp.core.storage import SaveError, UnreadableSaveError, WriteError, write_atomic
from pegapp.puzzles import registry
from pegapp.puzzles.registry import make_puzzle
from pegapp.puzzles.session import Session
from tests.old_saves import peg_game_v1, peg_session

# every family but peg solitaire and bulls and cows (which had their own windows before #12)
FAMILIES = tuple(f for k, f in registry.families().items() if k not in ("pegs", "bulls"))

AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def good_peg_game() -> Session:
    game = peg_session(get_board("english"))
    game.push(game.legal_moves[0])
    return game


def load_peg(path):
    """A peg save (this format or the old "pegapp-game" v1) as the peg window opens it."""
    return Session.load(path, family="pegs")


def peg_from_json(text, source):
    return Session.from_json(text, source=source, family="pegs")


def good_sessions() -> list[Session]:
    """A game in progress of every preset (one move played where there is one)."""
    out = []
    for family in FAMILIES:
        for preset in family.presets:
            puzzle = make_puzzle(preset.puzzle_id, dict(preset.params))
            session = Session(puzzle, dict(preset.params))
            moves = puzzle.moves(session.state)
            if moves:
                session.push(moves[0])
            out.append(session)
    return out


LOADERS = [("peg", load_peg, peg_game_v1(good_peg_game())),
           ("peg-v2", load_peg, good_peg_game().to_json())] + [
    (s.puzzle.id, Session.load, s.to_json()) for s in good_sessions()[::3]]


def refused(load, path) -> SaveError:
    with pytest.raises(SaveError) as info:
        load(path)
    message = info.value.args[0]
    assert isinstance(message, Message), "the windows translate only msg() texts"
    assert str(path) in message, message  # the file is named
    return info.value


# ---- reading saves: truncated, empty, garbage, unreadable

@pytest.mark.parametrize("name, load, text", LOADERS, ids=[x[0] for x in LOADERS])
def test_a_truncated_save_is_damage_at_every_cut(tmp_path, name, load, text):
    path = tmp_path / "game.pegapp.json"
    data = text.encode()
    body_end = len(text.rstrip())  # cutting only the trailing newline leaves a whole save
    for cut in sorted({0, 1, 2, body_end // 3, body_end // 2, body_end - 2, body_end - 1}):
        path.write_bytes(data[:cut])
        exc = refused(load, path)
        assert exc.tag == "corrupt" and "is damaged" in str(exc) or "not a PegApp" in str(exc)
        assert path.read_bytes() == data[:cut]  # reading never changes the file


@pytest.mark.parametrize("content", [b"", b"\x00" * 64, bytes(range(256)), b"\xff\xfe{}",
                                     b"{\"format\": \"pegapp-game\", \"version\": 1" + b"[" * 5000,
                                     "{\"moves\": \"é\"}".encode("latin-1")])
@pytest.mark.parametrize("load", [load_peg, Session.load], ids=["peg", "puzzle"])
def test_an_empty_or_garbage_save_is_damage(tmp_path, load, content):
    path = tmp_path / "game.pegapp.json"
    path.write_bytes(content)
    exc = refused(load, path)
    assert exc.tag == "corrupt"
    assert "is damaged" in str(exc) or "is not a PegApp" in str(exc)


@pytest.mark.parametrize("error", [PermissionError(errno.EACCES, "Permission denied"),
                                   OSError(errno.EIO, "Input/output error"),
                                   IsADirectoryError(errno.EISDIR, "Is a directory")])
@pytest.mark.parametrize("load", [load_peg, Session.load], ids=["peg", "puzzle"])
def test_a_save_that_cannot_be_read_is_not_called_damaged(tmp_path, monkeypatch, load, error):
    path = tmp_path / "game.pegapp.json"
    path.write_text(good_peg_game().to_json())
    real = storage.read_regular

    def failing(where, limit):
        if Path(where) == path:
            raise error
        return real(where, limit)

    monkeypatch.setattr(storage, "read_regular", failing)
    exc = refused(load, path)
    assert isinstance(exc, UnreadableSaveError) and exc.tag is None  # never set aside
    assert "cannot be read" in str(exc) and error.strerror in str(exc)
    assert "damaged" not in str(exc)


@pytest.mark.skipif(AS_ROOT, reason="chmod 000 does not stop root (covered by monkeypatching)")
def test_a_save_without_read_permission_is_unreadable_not_damaged(tmp_path):
    path = tmp_path / "game.pegapp.json"
    path.write_text(good_peg_game().to_json())
    path.chmod(0)
    try:
        exc = refused(load_peg, path)
    finally:
        path.chmod(0o644)
    assert isinstance(exc, UnreadableSaveError) and "Permission denied" in str(exc)


def test_a_directory_in_place_of_a_save_is_unreadable(tmp_path):
    path = tmp_path / "game.pegapp.json"
    path.mkdir()
    exc = refused(load_peg, path)
    assert isinstance(exc, UnreadableSaveError)


# ---- numbers no save holds: non-finite, huge, of the wrong shape, in every numeric field

BAD_NUMBERS = [float("nan"), float("inf"), -float("inf"), 1e308, 10 ** 40, -(10 ** 40), 2.5, True]


def _json(data) -> str:
    return json.dumps(data, allow_nan=True)  # NaN and Infinity, as a hand-edited file may hold


@pytest.mark.parametrize("bad", BAD_NUMBERS, ids=repr)
@pytest.mark.parametrize("field", ["version", "start", "start[0]", "finish"])
def test_bad_numbers_in_a_peg_save_name_the_field(bad, field):
    data = json.loads(peg_game_v1(good_peg_game()))
    if field == "start[0]":
        data["start"] = [bad]
        field = "start"
    else:
        data[field] = bad
    if field == "version" and isinstance(bad, int) and not isinstance(bad, bool) and bad > 1:
        pytest.skip("a larger whole version is a newer save (tested elsewhere)")
    with pytest.raises(SaveError) as info:
        peg_from_json(_json(data), source="s.json")
    assert f"s.json is damaged ({field}:" in str(info.value), str(info.value)


def _numeric_fields(session: Session) -> list[str]:
    data = json.loads(session.to_json())
    # the numeric params (a family may have others: text, true/false)
    fields = ["version", "start"] + [f"params.{k}" for k, v in data["params"].items()
                                     if not isinstance(v, (bool, str))]
    if isinstance(data["start"], list):
        fields.append("start[0]")
    for key, value in data["params"].items():
        if isinstance(value, list):
            fields.append(f"params.{key}[0]")
    return fields


SESSION_FIELDS = [(s, f) for s in good_sessions() for f in _numeric_fields(s)]


def test_a_family_check_state_that_breaks_on_a_value_still_names_the_field(monkeypatch):
    """A family's check_state not written for every kind of value (the Guarini example's join of
    a number raised TypeError) gets its save refused by the field, never a crash."""
    from pegapp.puzzles.jugs import Jugs
    from pegapp.puzzles.registry import make_puzzle

    params = {"capacities": [8, 5], "target": 4}
    session = Session(make_puzzle("jugs", params), params)
    data = session.to_json()

    def breaks(self, state):
        return "".join(state)   # TypeError on a list of numbers

    monkeypatch.setattr(Jugs, "check_state", breaks)
    with pytest.raises(SaveError, match=r"^s\.json.*\(start: not a position of this puzzle\)"):
        Session.from_json(data, source="s.json")


@pytest.mark.parametrize("session, field", SESSION_FIELDS,
                         ids=[f"{s.puzzle.id}-{f}" for s, f in SESSION_FIELDS])
def test_bad_numbers_in_every_numeric_puzzle_save_field_name_the_field(session, field):
    for bad in BAD_NUMBERS:
        data = json.loads(session.to_json())
        name, _, index = field.partition("[")
        target, key = (data["params"], name[7:]) if name.startswith("params.") else (data, name)
        if index:
            target[key] = list(target[key])
            target[key][0] = bad
        else:
            target[key] = bad
        if name == "version" and isinstance(bad, int) and not isinstance(bad, bool) and bad > 1:
            continue  # a newer save
        try:
            Session.from_json(_json(data), source="s.json")
        except SaveError as exc:
            text = str(exc)
            assert text.startswith("s.json"), text
            assert "Error:" not in text, f"{field}={bad!r}: an unforeseen error: {text}"
            # the field is named -- or the puzzle's own reason names what is wrong with it
            assert (f"({name}:" in text or "params:" in text or key in text
                    or "board" in text or "oshidori:" in text or "jugs:" in text), text
        else:
            # only a whole number the puzzle accepts may load: a huge shuffle seed, or a jug
            # target larger than every jug (a puzzle with no solution, which the solver says)
            assert name in ("params.shuffle", "params.target") and type(bad) is int, (field, bad)


@pytest.mark.parametrize("session", [s for s in good_sessions()
                                     if isinstance(s.start, tuple)][::2],
                         ids=lambda s: s.puzzle.id)
@pytest.mark.parametrize("where", ["start", "params.start"])
def test_a_number_where_a_position_list_belongs_names_the_field(session, where):
    """The report of issue #10: "start": 1 gave a TypeError without naming the field."""
    data = json.loads(session.to_json())
    if where == "start":
        data["start"] = 1
    else:
        data["params"]["start"] = 1
    with pytest.raises(SaveError) as info:
        Session.from_json(json.dumps(data), source="s.json")
    assert f"s.json is damaged ({where}: must be a list of whole numbers)" == str(info.value)


@pytest.mark.parametrize("params, field", [
    ({"capacities": 8, "target": 4}, "params.capacities: must be a list of whole numbers"),
    ({"capacities": [8, 5], "target": [4]}, "params.target: must be a whole number"),
])
def test_jug_params_of_the_wrong_shape_name_the_field(params, field):
    data = {"format": "pegapp-puzzle", "version": 1, "puzzle": "jugs", "params": params,
            "start": [0, 0], "moves": ""}
    with pytest.raises(SaveError) as info:
        Session.from_json(json.dumps(data), source="s.json")
    assert f"s.json is damaged ({field})" == str(info.value)


def test_oshidori_kinds_that_are_a_list_name_the_field():
    data = {"format": "pegapp-puzzle", "version": 1, "puzzle": "oshidori/k3",
            "params": {"kinds": [3]}, "start": [1, 2, 3, 1, 2, 3, 0, 0], "moves": ""}
    with pytest.raises(SaveError) as info:
        Session.from_json(json.dumps(data), source="s.json")
    assert "(params.kinds: must be a whole number)" in str(info.value)


# ---- writing saves: a full disk (or any failure) at every step keeps the last good file

def _fail_at(monkeypatch, where: str, error: OSError) -> None:
    if where == "mkstemp":
        def mkstemp(*args, **kwargs):
            raise error
        monkeypatch.setattr(storage.tempfile, "mkstemp", mkstemp)
    elif where == "write":
        real_fdopen = os.fdopen

        class Full:
            def __init__(self, f):
                self.f = f

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.f.close()

            def write(self, data):
                self.f.write(data[: len(data) // 2])  # half of it reached the disk
                raise error

            def __getattr__(self, name):
                return getattr(self.f, name)

        monkeypatch.setattr(storage.os, "fdopen", lambda fd, *a, **k: Full(real_fdopen(fd, *a, **k)))
    elif where == "fsync":
        def fsync(fd):
            raise error
        monkeypatch.setattr(storage.os, "fsync", fsync)
    elif where == "replace":
        def replace(src, dst):
            raise error
        monkeypatch.setattr(storage.os, "replace", replace)
    else:
        raise AssertionError(where)


FULL = OSError(errno.ENOSPC, "No space left on device")
DENIED = PermissionError(errno.EACCES, "Permission denied")


@pytest.mark.parametrize("where", ["mkstemp", "write", "fsync", "replace"])
@pytest.mark.parametrize("error", [FULL, DENIED], ids=["disk-full", "denied"])
@pytest.mark.parametrize("kind", ["peg", "puzzle"])
def test_a_failed_save_names_the_file_and_keeps_the_last_good_one(tmp_path, monkeypatch, where,
                                                                 error, kind):
    path = tmp_path / "game.pegapp.json"
    game = good_peg_game() if kind == "peg" else good_sessions()[0]
    game.save(path)
    before = path.read_bytes()
    if kind == "peg":
        game.push(game.legal_moves[0])
    else:
        game.push(game.puzzle.moves(game.state)[0])
    _fail_at(monkeypatch, where, error)
    with pytest.raises(WriteError) as info:
        game.save(path)
    monkeypatch.undo()
    message = info.value.args[0]
    assert isinstance(message, Message)
    assert message == f"{path} could not be written ({error.strerror})"
    assert isinstance(info.value, OSError) and info.value.errno == error.errno
    assert path.read_bytes() == before  # the last good save, byte for byte
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.pegapp.json"]  # no temp left
    # and it still loads
    assert (load_peg(path) if kind == "peg" else Session.load(path)).to_json() == \
        before.decode()


def test_a_save_and_a_board_with_a_byte_order_mark_load(tmp_path):
    # Windows Notepad writes UTF-8 with a byte-order mark: a hand edit, not damage
    game = good_peg_game()
    path = tmp_path / "game.pegapp.json"
    path.write_bytes(b"\xef\xbb\xbf" + game.to_json().encode())
    assert load_peg(path).to_json() == game.to_json()
    board = tmp_path / "mine.toml"
    board.write_bytes(b"\xef\xbb\xbf" + get_board("english").text.encode())
    assert load_board(board).coords == get_board("english").coords


def test_a_save_into_a_folder_that_is_a_file_names_the_file(tmp_path):
    blocker = tmp_path / "folder"
    blocker.write_text("x")
    with pytest.raises(WriteError) as info:
        write_atomic(blocker / "game.pegapp.json", "{}")
    assert str(blocker / "game.pegapp.json") in str(info.value)
    assert blocker.read_text() == "x"


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def test_a_new_file_gets_the_permissions_a_plain_open_would(tmp_path):
    # the temporary file is private (0600); an export copied to a shared folder must not be
    path = tmp_path / "sheet.svg"
    write_atomic(path, "<svg/>")
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~_umask()


def test_a_file_written_again_keeps_its_permissions(tmp_path):
    path = tmp_path / "board.toml"
    write_atomic(path, "a")
    path.chmod(0o640)
    write_atomic(path, "b")
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert path.read_text() == "b"


def test_a_save_over_a_pipe_is_refused_and_the_pipe_kept(tmp_path):
    # renaming over a device or a pipe would replace it with a plain file
    target = tmp_path / "pipe"
    os.mkfifo(target)
    with pytest.raises(WriteError) as info:
        write_atomic(target, "{}")
    assert str(target) in str(info.value) and "not a regular file" in str(info.value)
    assert stat.S_ISFIFO(target.stat().st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["pipe"]


def test_a_save_over_a_folder_is_refused_and_the_folder_kept(tmp_path):
    target = tmp_path / "game.pegapp.json"
    target.mkdir()
    (target / "inside").write_text("kept")
    with pytest.raises(WriteError) as info:
        good_peg_game().save(target)
    assert str(target) in str(info.value)
    assert (target / "inside").read_text() == "kept"
    assert [p.name for p in tmp_path.iterdir()] == ["game.pegapp.json"]


# ---- the statistics database

def _good_stats_file(path: Path) -> bytes:
    stats, warning = Stats.open(path)
    assert warning is None
    for k in range(40):
        stats.game_started(f"pegs/board{k}")
    stats.game_solved("pegs/english", 18, minimum=18)
    stats.close()
    return path.read_bytes()


@pytest.mark.parametrize("fraction", [0.005, 0.05, 0.3, 0.5, 0.8])
def test_a_truncated_statistics_file_is_set_aside_whole(tmp_path, fraction):
    path = tmp_path / "statistics.sqlite3"
    whole = _good_stats_file(path)
    data = whole[:int(len(whole) * fraction)]
    path.write_bytes(data)
    stats, warning = Stats.open(path)
    assert warning is not None and warning.reason == "corrupt"
    assert "statistics.sqlite3" in warning and str(warning.kept) in warning
    assert warning.kept.read_bytes() == data
    assert stats.game_started("pegs/english") and stats.rows()[0]["started"] == 1
    stats.close()


def test_an_empty_statistics_file_is_a_new_database(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    path.write_bytes(b"")
    stats, warning = Stats.open(path)
    assert warning is None and stats.game_started("jugs")
    stats.close()
    assert not list(tmp_path.glob("*.corrupt*"))


# garbage of fixed bytes (seeded): the same test in every run and in every pytest worker
@pytest.mark.parametrize("content", [random.Random(424).randbytes(4096),
                                     b"SQLite format 3\x00" + b"\xff" * 4000],
                         ids=["random-bytes", "sqlite-header-then-garbage"])
def test_a_garbage_statistics_file_is_set_aside_whole(tmp_path, content):
    path = tmp_path / "statistics.sqlite3"
    path.write_bytes(content)
    stats, warning = Stats.open(path)
    stats.close()
    assert warning.reason == "corrupt" and warning.kept.read_bytes() == content


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


@pytest.fixture
def locked_file(tmp_path):
    """A good statistics file, and another connection that holds it in an exclusive transaction
    (as another PegApp, or a backup tool, may); released at the end."""
    path = tmp_path / "statistics.sqlite3"
    data = _good_stats_file(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    yield path, data, other
    if other.in_transaction:
        other.execute("ROLLBACK")
    other.close()


def test_a_locked_statistics_file_is_not_called_corrupt(locked_file):
    path, data, other = locked_file
    clock = Clock()
    started = time.monotonic()
    stats, warning = Stats.open(path, clock=clock)
    assert time.monotonic() - started < 2.0  # not the old 5 s wait per attempt
    assert warning is not None and warning.reason == "locked" and warning.kept is None
    assert str(path) in warning and "in use by another program" in warning
    assert not list(path.parent.glob("*.corrupt*")) and not list(path.parent.glob("*.newer*"))
    assert path.read_bytes() == data  # never renamed, never touched
    # play goes on without recording; no write waits while the lock is being waited out
    told = []
    stats.listeners.append(told.append)
    started = time.monotonic()
    for _ in range(50):
        assert stats.game_started("pegs/english") is False
    assert time.monotonic() - started < 0.5
    assert told == []  # the caller of open() reports this warning; nobody is told twice
    # the lock ends; after RETRY_SECONDS the next write opens the same file and records
    other.execute("ROLLBACK")
    clock.now += stats_module.RETRY_SECONDS + 1
    assert stats.game_started("pegs/english") is True
    assert stats.warning is None
    stats.close()
    db = sqlite3.connect(path)
    assert db.execute("SELECT started FROM stats WHERE puzzle_id = 'pegs/english'").fetchone()[0] \
        == 2  # one solved game before (it counts as started), and this one
    assert db.execute("SELECT COUNT(*) FROM stats").fetchone()[0] == 41  # nothing lost
    db.close()


def test_a_lock_taken_while_playing_is_told_once_and_retried_later(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    _good_stats_file(path)
    clock = Clock()
    stats, warning = Stats.open(path, clock=clock)
    assert warning is None
    told = []
    stats.listeners.append(told.append)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program is writing
    before = path.read_bytes()
    started = time.monotonic()
    assert stats.hint_used("jugs") is False
    assert time.monotonic() - started < 2.0
    assert "locked" in stats.last_error
    assert len(told) == 1 and told[0].reason == "locked" and str(path) in told[0]
    for _ in range(20):  # skipped at once, and told only once
        assert stats.hint_used("jugs") is False
    assert len(told) == 1
    clock.now += stats_module.RETRY_SECONDS + 1
    assert stats.hint_used("jugs") is False  # still held: tried (briefly) and skipped again
    assert len(told) == 1
    other.execute("ROLLBACK")
    other.close()
    assert path.read_bytes() == before
    assert stats.hint_used("jugs") is False  # within the new waiting time
    clock.now += stats_module.RETRY_SECONDS + 1
    assert stats.hint_used("jugs") is True
    assert stats.row("jugs")["hints"] == 1
    assert not list(tmp_path.glob("*.corrupt*"))
    stats.close()


def test_reading_a_locked_statistics_file_says_why_nothing_is_shown(locked_file):
    path, data, other = locked_file
    stats, warning = Stats.open(path, clock=Clock())
    assert stats.rows() == [] and stats.warning.reason == "locked"
    stats.close()


def test_a_full_disk_while_recording_keeps_the_file_and_is_told_once(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    _good_stats_file(path)
    clock = Clock()
    stats, warning = Stats.open(path, clock=clock)
    told = []
    stats.listeners.append(told.append)
    pages = stats._db.execute("PRAGMA page_count").fetchone()[0]
    stats._db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "disk is full"
    before = path.read_bytes()
    ok = True
    for k in range(200):  # new rows until the file would have to grow
        ok = stats.game_started(f"pegs/new-board-with-a-long-name-{k:04d}" * 3)
        if not ok:
            break
    assert not ok and "full" in stats.last_error
    assert len(told) == 1 and told[0].reason == "unwritable" and str(path) in told[0]
    stats.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()
    assert not list(tmp_path.glob("*.corrupt*"))
    assert len(before) == path.stat().st_size  # the failed transaction left no trace


def test_a_statistics_file_that_cannot_be_opened_is_kept(tmp_path, monkeypatch):
    path = tmp_path / "statistics.sqlite3"
    data = _good_stats_file(path)

    real = sqlite3.connect

    def refuse(name, *args, **kwargs):
        if name == str(path):
            raise sqlite3.OperationalError("unable to open database file")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(stats_module.sqlite3, "connect", refuse)
    stats, warning = Stats.open(path)
    monkeypatch.undo()
    assert warning.reason == "unavailable" and "unable to open" in warning
    assert path.read_bytes() == data and not list(tmp_path.glob("*.corrupt*"))
    assert stats.game_started("pegs/english")  # plays on, in memory
    stats.close()


@pytest.mark.parametrize("message", ["attempt to write a readonly database", "disk I/O error",
                                     "database or disk is full", "database is locked"])
def test_access_errors_while_checking_a_file_never_set_it_aside(tmp_path, monkeypatch, message):
    path = tmp_path / "statistics.sqlite3"
    data = _good_stats_file(path)
    real = stats_module._connect

    class Failing:
        def __init__(self, db):
            self.db = db

        def execute(self, sql, *args):
            if sql.startswith("PRAGMA quick_check"):
                raise sqlite3.OperationalError(message)
            return self.db.execute(sql, *args)

        def __getattr__(self, name):
            return getattr(self.db, name)

    monkeypatch.setattr(stats_module, "_connect", lambda p: Failing(real(p)) if p == path
                        else real(p))
    stats, warning = Stats.open(path, clock=Clock())
    monkeypatch.undo()
    assert warning is not None and warning.reason in ("locked", "unavailable")
    assert warning.kept is None and path.read_bytes() == data
    assert not list(tmp_path.glob("*.corrupt*"))
    stats.close()


@pytest.mark.skipif(AS_ROOT, reason="chmod does not stop root (covered by monkeypatching)")
def test_a_statistics_file_without_permissions_is_kept(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    data = _good_stats_file(path)
    path.chmod(0)
    try:
        stats, warning = Stats.open(path)
        stats.close()
    finally:
        path.chmod(0o644)
    assert warning.reason in ("unavailable", "locked") and path.read_bytes() == data
    assert not list(tmp_path.glob("*.corrupt*"))


def test_the_busy_timeout_is_short():
    assert stats_module.BUSY_TIMEOUT <= 0.5 and math.isfinite(stats_module.RETRY_SECONDS)
