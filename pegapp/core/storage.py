"""Every file PegApp writes and reads back goes through here: nothing read is trusted.

The rule, written once for every reader and writer (docs/DESIGN.md lists each file and its check):

* **Writes are atomic and durable** (write_atomic): the data goes to a temporary file beside the
  target, is fsync'd, then renamed over it; on any failure (a full disk, a kill mid-write is the
  same as a crash) the temporary file is removed and the last good file stays whole.
* **Reads take only regular files of bounded size** (read_regular, check_regular): a folder, a
  FIFO (which would block the reader forever), a device or a link to one (``/dev/zero`` would
  be read without end) and a file over the reader's limit are refused with RefusedFile, an
  OSError whose reason (a msg()) names what is wrong, before a byte is read.
* **Caches carry a checksum** (write_checked, read_checked): a cache file is a header naming its
  kind, size and SHA-256, then the payload; a file that is missing, refused, of another kind,
  short, long or altered reads as None, and its owner builds it again and saves over it. A
  damaged cache therefore costs time, never a different answer, a traceback or a hang.

Damage to a player's own file is told apart from a file that cannot be read: a file that cannot
be read (permission denied, an I/O error) may be intact and is an UnreadableSaveError, kept where
it is; a file whose content is damaged is a SaveError, set aside as ``*.corrupt`` by the windows.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import re
import stat
import tempfile
import time
from pathlib import Path
from collections.abc import Callable
from typing import Any, BinaryIO

from pegapp.core.messages import msg


class WriteError(OSError):
    """A file could not be written; args[0] (a msg()) names the file and the reason, for the
    player; errno and strerror are the operating system's. The file at that path, if there was
    one, is unchanged."""

    def __str__(self) -> str:
        return str(self.args[0])


def write_error(path: str | os.PathLike, exc: OSError) -> WriteError:
    reason = exc.strerror or str(exc)
    err = WriteError(msg("{path} could not be written ({reason})", path=str(path), reason=reason))
    err.errno, err.strerror, err.filename = exc.errno, reason, str(path)
    return err


#: the process's file-creation mask, read once at import (reading it means setting it, which is
#: not safe while other threads create files)
_UMASK = os.umask(0o022)
os.umask(_UMASK)


def _mode_for(path: Path) -> int:
    """The permissions the written file gets: those of the file it replaces, else what a plain
    open() would give under the umask (mkstemp's temporary file is private, 0600, and would
    make a shared export or board unreadable to others). A path that exists and is no regular
    file (a device, a pipe) is refused: renaming over it would replace it."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return 0o666 & ~_UMASK
    if stat.S_ISDIR(st.st_mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    if not stat.S_ISREG(st.st_mode):
        raise OSError(errno.EINVAL, "not a regular file", str(path))
    return stat.S_IMODE(st.st_mode)


def write_atomic(path: str | os.PathLike, data: str | bytes) -> None:
    """Write data (text as UTF-8) to path through a temporary file renamed over it, so the old
    file stays whole until the new one is complete. WriteError (an OSError) when it fails: a
    full disk, a folder that cannot be written, a name that is a folder or a device."""
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    write_atomic_with(path, lambda f: f.write(raw))


def write_atomic_with(path: str | os.PathLike, write: Callable[[BinaryIO], Any]) -> None:
    """write_atomic for data written by write(f) into an open binary file (a stream too large
    to hold twice; write must raise when the disk is full: numpy's save into a real file does
    not, so save it to bytes first): the temporary file is fsync'd before it is renamed over
    path (a power cut after the rename must not leave a file of zeros), and removed on any
    failure, so a full disk never gets fuller with each run."""
    path = Path(path)
    try:
        mode = _mode_for(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise write_error(path, exc) from exc
    try:
        try:
            os.fchmod(fd, mode)
        except BaseException:
            os.close(fd)
            raise
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError) and not isinstance(exc, WriteError):
            raise write_error(path, exc) from exc
        raise


#: the name of write_atomic's temporary file: "." + the target's name + "." + mkstemp's eight
#: random letters, digits or underscores + ".tmp"
_TEMPORARY_NAME = re.compile(r"\.(?P<target>.+)\.[a-z0-9_]{8}\.tmp")


def leftover_target(name: str) -> str | None:
    """The name of the file a temporary file of write_atomic's (by its name) was to become, or
    None for a name that is not one."""
    found = _TEMPORARY_NAME.fullmatch(name)
    return found["target"] if found else None


def remove_leftovers(folder: str | os.PathLike, owned: Callable[[str], bool]) -> list[Path]:
    """Remove the temporary files of write_atomic that a killed process (kill -9, a power cut)
    left in folder, for the targets the caller owns (owned(target name)); the removed paths.
    Only regular files are touched (a link or a folder of that name is left alone), and only
    where no live process may be writing them: the caller holds the folder (the program's
    single-instance lock). A file that cannot be removed is left for the next start."""
    removed = []
    try:
        names = os.listdir(folder)
    except OSError:
        return removed
    for name in names:
        target = leftover_target(name)
        if target is None or not owned(target):
            continue
        path = Path(folder) / name
        try:
            if stat.S_ISREG(os.lstat(path).st_mode):
                os.unlink(path)
                removed.append(path)
        except OSError:
            pass
    return removed


# ---------------------------------------------------------------------------------- reading

class RefusedFile(OSError):
    """A file not read because of what it is: no regular file (a folder, a FIFO, a device, a
    link to one) or larger than its reader's limit. args[0] and strerror are the reason (a
    msg()), so a reader that reports ``exc.strerror`` names it like any other OSError."""

    def __init__(self, path: str | os.PathLike, reason: str, size: int | None = None):
        super().__init__(errno.EINVAL, reason, str(path))
        self.args = (reason,)
        self.strerror = reason
        self.filename = str(path)
        #: the file's size when it was refused for it (a reader may word that its own way)
        self.size = size

    def __str__(self) -> str:
        return str(self.strerror)


def _refuse_kind(path: str | os.PathLike, st: os.stat_result) -> None:
    if not stat.S_ISREG(st.st_mode):  # a folder; a FIFO would block; /dev/zero never ends
        raise RefusedFile(path, msg("not a regular file"))


def too_large(size: int, limit: int):
    """The reason a file of size bytes is refused by a reader of at most limit (a msg())."""
    return msg("{size:,} bytes is too large (at most {limit:,})", size=size, limit=limit)


def check_regular(path: str | os.PathLike) -> bool:
    """Whether path exists, for a reader that opens the file itself (SQLite, QSettings): True
    for a regular file (through links), False when there is none; RefusedFile when it is a
    folder, a FIFO, a device or a link to one, which the reader must not be given."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return False
    _refuse_kind(path, st)
    return True


def _open_checked(path: str | os.PathLike, limit: int) -> tuple[int, os.stat_result]:
    """A descriptor of the regular file at path and its fstat, after the gate's checks: no
    folder, FIFO, device or link to one, at most limit bytes (RefusedFile otherwise)."""
    path = os.fspath(path)
    _refuse_kind(path, os.stat(path))  # before opening: opening a device may do something
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) \
        | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        st = os.fstat(fd)
        _refuse_kind(path, st)
        if st.st_size > limit:
            raise RefusedFile(path, too_large(st.st_size, limit), st.st_size)
    except BaseException:
        os.close(fd)
        raise
    return fd, st


def open_regular(path: str | os.PathLike, limit: int) -> BinaryIO:
    """The regular file at path opened for reading in binary, for a reader that takes it a
    block at a time (a level of billions of keys, a hash of a large file): the same checks as
    read_regular, on the open descriptor, so what it reads is what was checked. RefusedFile
    when it is no regular file or holds more than limit bytes; other OSErrors as open()."""
    fd, _st = _open_checked(path, limit)
    return os.fdopen(fd, "rb")


def read_regular(path: str | os.PathLike, limit: int) -> bytes:
    """The bytes of the regular file at path, at most limit of them. RefusedFile when it is no
    regular file or is larger; other OSErrors as open() raises them (missing, permission).

    The file is opened without blocking and checked on the open descriptor (fstat), so a FIFO
    put in its place between a check and the open cannot hang the reader either; a file that
    grows while it is read is refused at limit + 1 bytes, never read without end."""
    path = os.fspath(path)
    fd, _st = _open_checked(path, limit)
    try:
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, min(limit + 1 - total, 1 << 24))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    finally:
        os.close(fd)
    if total > limit:
        raise RefusedFile(path, too_large(total, limit), total)
    return b"".join(chunks)


# ----------------------------------------------------------------------------- checked caches

#: the first line of every checked cache file; the second is a JSON header, then the payload
CHECKED_MAGIC = b"PEGAPP-CHECKED 1\n"
_MAX_CHECKED_HEADER = 4096


def checked_bytes(kind: str, payload: bytes) -> bytes:
    """A checked cache file's bytes: the magic line, a header (kind, size, SHA-256 of the
    payload), the payload."""
    header = {"kind": kind, "size": len(payload), "sha256": hashlib.sha256(payload).hexdigest()}
    return CHECKED_MAGIC + json.dumps(header, sort_keys=True).encode() + b"\n" + payload


def payload_of(data: bytes, kind: str) -> bytes | None:
    """The payload of a checked cache file's bytes, or None when they are not a whole, unaltered
    file of this kind (empty, truncated, padded, a value changed, random bytes, another kind)."""
    if not data.startswith(CHECKED_MAGIC):
        return None
    start = len(CHECKED_MAGIC)
    end = data.find(b"\n", start, start + _MAX_CHECKED_HEADER)
    if end < 0:
        return None
    try:
        header = json.loads(data[start:end])
    except (ValueError, RecursionError):
        return None
    payload = data[end + 1:]
    if (not isinstance(header, dict) or header.get("kind") != kind
            or header.get("size") != len(payload)
            or header.get("sha256") != hashlib.sha256(payload).hexdigest()):
        return None
    return payload


def write_checked(path: str | os.PathLike, kind: str, payload: bytes) -> None:
    """Save a cache file (atomic, fsync'd, checksummed). WriteError when it cannot be written:
    a cache is best effort, its caller usually goes on without it."""
    write_atomic(path, checked_bytes(kind, payload))


def read_checked(path: str | os.PathLike, kind: str, limit: int) -> bytes | None:
    """The payload of the checked cache file at path, or None when it must be built again:
    missing, unreadable, no regular file, over limit bytes, or damaged in any way."""
    try:
        data = read_regular(path, limit + len(CHECKED_MAGIC) + _MAX_CHECKED_HEADER + 1)
    except OSError:
        return None
    return payload_of(data, kind)


def set_aside(path: str | os.PathLike, tag: str = "corrupt") -> Path:
    """Rename a file we could not use so it is kept for the player, never silently dropped."""
    path = Path(path)
    n = 0
    while True:
        target = path.with_name(f"{path.name}.{tag}" + (f".{n}" if n else ""))
        if not target.exists():
            os.replace(path, target)
            return target
        n += 1


class LockTimeout(OSError):
    """Another process held a file's lock (exclusive) longer than the caller would wait."""


def _open_lock(lock: Path) -> int | None:
    """The lock file's descriptor, or None where it cannot be made in a folder that cannot be
    written (a read-only home)."""
    try:
        return os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
                       | getattr(os, "O_CLOEXEC", 0), 0o666 & ~_UMASK)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno == errno.EROFS or (isinstance(exc, PermissionError)
                                        and not os.access(lock.parent, os.W_OK)):
            return None
        raise


@contextlib.contextmanager
def exclusive(path: str | os.PathLike, timeout: float):
    """Hold the lock of path (on ``<path>.lock`` beside it, never removed: removing a lock file
    races with its next taker) for the with-block: two PegApps checking, setting aside and
    recreating one file take turns, so neither renames the file the other just made. Waits
    at most timeout seconds (polling), then LockTimeout. Where the system has no flock
    (Windows) or the folder is read-only (nothing there can be renamed or made), the block
    runs unlocked."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield
        return
    lock = Path(os.fspath(path) + ".lock")
    fd = _open_lock(lock)
    if fd is None:  # a read-only (or missing) folder: nothing there can be renamed or made
        yield
        return
    try:
        _refuse_kind(lock, os.fstat(fd))
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise LockTimeout(errno.EWOULDBLOCK, "held by another program",
                                      str(lock)) from None
                time.sleep(0.01)
        yield
    finally:
        os.close(fd)  # releases the lock


class SaveError(ValueError):
    """A save file that cannot be used; the message (a msg()) is for the player."""

    #: the suffix a file that cannot be used is kept under (set_aside)
    tag = "corrupt"


class UnreadableSaveError(SaveError):
    """A save that could not be read at all (permission denied, an I/O error): its content may
    be intact, so it is never set aside as damaged; it stays where it is."""

    tag = None


class NewerSaveError(SaveError):
    """A save written by a newer PegApp: not damaged, kept as *.newer for that version."""

    tag = "newer"


def damaged(source: str, field: str, reason: str) -> SaveError:
    """The error for a save whose field (a key, e.g. "start" or "params.kinds") is unusable;
    reason: a msg() saying why."""
    return SaveError(msg("{source} is damaged ({field}: {reason})", source=source, field=field,
                         reason=reason))


def unexpected(source: str, exc: Exception) -> SaveError:
    """The error for a save that broke the code reading it in a way nobody foresaw: a save is
    data from outside, and whatever it holds must not crash the program that opens it."""
    return SaveError(msg("{source} is damaged ({detail})", source=source,
                         detail=f"{type(exc).__name__}: {exc}"))


def json_problem(exc: BaseException):
    """What is wrong with a JSON text, in words a player can read in any language (Python's own
    "Expecting ',' delimiter: line 1 column 9 (char 8)" is English and speaks of chars)."""
    if isinstance(exc, json.JSONDecodeError):
        return msg("not valid JSON at line {line}, column {column}", line=exc.lineno,
                   column=exc.colno)
    if isinstance(exc, UnicodeDecodeError):
        return msg("not UTF-8 text (byte {offset} is {byte})", offset=exc.start,
                   byte=f"0x{exc.object[exc.start]:02x}")
    if isinstance(exc, RecursionError):
        return msg("not valid JSON (nested too deeply)")
    return msg("not valid JSON (a number too long to read)")  # int() of over 4300 digits


def is_int(value: Any) -> bool:
    """A JSON whole number (not true/false, which Python counts as ints)."""
    return isinstance(value, int) and not isinstance(value, bool)


def required(data: dict, key: str, source: str) -> Any:
    """data[key]; SaveError when the save lacks it."""
    if key not in data:
        raise damaged(source, key, msg("missing"))
    return data[key]


#: the largest save file read back (a game's save is a few kilobytes; a longer file is refused
#: before it is read, never read whole)
MAX_SAVE_BYTES = 16_000_000


def read_text(path: str | os.PathLike, limit: int = MAX_SAVE_BYTES) -> str:
    """The text of a save file (read_regular: a regular file of at most limit bytes).
    UnreadableSaveError when the file cannot be read or is refused unread (a folder, a FIFO, a
    link to a device, a file too large): it may be the player's, so it is left where it is and
    not saved over. SaveError when its bytes are not UTF-8 text (damaged). A byte-order mark,
    which some editors put before UTF-8 text (Windows Notepad), is no damage: it is dropped."""
    try:
        raw = read_regular(path, limit)
    except OSError as exc:
        raise UnreadableSaveError(msg("{path} cannot be read ({detail})", path=str(path),
                                      detail=exc.strerror or str(exc))) from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SaveError(msg("{source} is damaged ({detail})", source=str(path),
                            detail=json_problem(exc))) from None


def parse_save(text: str, source: str, fmt: str, version: int, what: str) -> dict:
    """The JSON object of a save file of format fmt, written by this or an older PegApp.

    what: a msg() naming the kind of save ("peg solitaire"), for the player. Only a whole-number
    version above ``version`` is "newer"; a missing, non-integer or unknown one is damage."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError; huge numbers; deep nesting
        raise SaveError(msg("{source} is damaged ({detail})", source=source,
                            detail=json_problem(exc))) from None
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise SaveError(msg("{source} is not a PegApp {what} save", source=source, what=what))
    found = required(data, "version", source)
    if not is_int(found):
        raise damaged(source, "version", msg("must be a whole number"))
    if found > version:
        raise NewerSaveError(msg("{source} was written by a newer PegApp (format version {version})",
                            source=source, version=found))
    if found < 1:
        raise damaged(source, "version",
                      msg("{version} is not a known format version", version=found))
    return data
