"""Atomic file writes: a crash or a full disk mid-write never destroys the last good file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from pegapp.core.messages import msg


def write_atomic(path: str | os.PathLike, text: str) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
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


def is_int(value: Any) -> bool:
    """A JSON whole number (not true/false, which Python counts as ints)."""
    return isinstance(value, int) and not isinstance(value, bool)


def required(data: dict, key: str, source: str) -> Any:
    """data[key]; SaveError when the save lacks it."""
    if key not in data:
        raise damaged(source, key, msg("missing"))
    return data[key]


def read_text(path: str | os.PathLike) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(msg("{path} cannot be read ({detail})", path=str(path),
                            detail=str(exc))) from None


def parse_save(text: str, source: str, fmt: str, version: int, what: str) -> dict:
    """The JSON object of a save file of format fmt, written by this or an older PegApp.

    what: a msg() naming the kind of save ("peg solitaire"), for the player. Only a whole-number
    version above ``version`` is "newer"; a missing, non-integer or unknown one is damage."""
    import json

    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError; huge numbers; deep nesting
        raise SaveError(msg("{source} is damaged (not valid JSON: {detail})", source=source,
                            detail=str(exc) or type(exc).__name__)) from None
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
