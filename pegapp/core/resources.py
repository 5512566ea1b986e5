"""Find shipped resource files from a checkout and from an installed wheel.

In a wheel, top-level ``resources/`` is installed as the package ``pegapp.resources`` (see
pyproject.toml); in a checkout that package does not exist and the folder beside ``pegapp/`` is used;
in a PyInstaller bundle (packaging/pegapp.spec) it is the data folder ``pegapp/resources``.
"""

from __future__ import annotations

import importlib.resources
import os
import sys
from functools import cache
from pathlib import Path


@cache
def root() -> Path:
    """The resources folder: a checkout's own first (the folder beside pegapp/, where a
    pyproject.toml says it is a checkout), then the installed package's, then a bundle's. A
    checkout run with PYTHONPATH beside an editable install of another checkout would otherwise
    read that other checkout's boards, catalogues and translations (found by an outside trial;
    the benchmarks time one checkout against another that way)."""
    here = Path(__file__).resolve().parents[2]
    if (here / "pyproject.toml").is_file() and (here / "resources").is_dir():
        return here / "resources"
    try:
        files = importlib.resources.files("pegapp.resources")
        path = Path(str(files))
        if path.is_dir():
            return path
    except ModuleNotFoundError:
        pass
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle and (Path(bundle) / "pegapp" / "resources").is_dir():
        return Path(bundle) / "pegapp" / "resources"
    raise FileNotFoundError("PegApp's resources are missing: reinstall the package")


def path(*parts: str) -> Path:
    return root().joinpath(*parts)


def board_files() -> list[Path]:
    return sorted(path("boards").glob("*.toml"))


def board_path(board_id: str) -> Path | None:
    """The shipped board file of board_id, or None. Only a plain name is looked up: a name with a
    folder in it ("../x", "/tmp/x", "a\\b") or ".." never leaves the boards folder."""
    if (not isinstance(board_id, str) or not board_id or board_id.startswith(".")
            or any(c in board_id for c in "/\\:\0") or ".." in board_id):
        return None
    candidate = path("boards", f"{board_id}.toml")
    # a folder, a FIFO or a dangling link there is still the board's file: the reader refuses
    # it in words (storage.read_regular) rather than calling the board unknown
    return candidate if os.path.lexists(candidate) else None
