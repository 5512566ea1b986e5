"""Atomic file writes: a crash or a full disk mid-write never destroys the last good file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


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
