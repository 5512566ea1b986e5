"""Atomic file writes: a crash or a full disk mid-write never destroys the last good file.

Reading is told apart the same way: a file that cannot be read (permission denied, an I/O error)
may be intact and is an UnreadableSaveError, kept where it is; a file whose content is damaged is
a SaveError, set aside as ``*.corrupt`` by the windows.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

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
    path = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
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
            f.write(raw)
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


def read_text(path: str | os.PathLike) -> str:
    """The text of a save file. UnreadableSaveError when the file cannot be read (it may be
    intact); SaveError when its bytes are not UTF-8 text (damaged). A byte-order mark, which
    some editors put before UTF-8 text (Windows Notepad), is no damage: it is dropped."""
    try:
        raw = Path(path).read_bytes()
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
