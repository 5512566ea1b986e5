"""The puzzle collection: every family, found through the entry-point group ``pegapp.families``.

A family is registered once, as an entry point whose name is its key and whose value is
"module:FAMILY" (a pegapp.puzzles.family.Family). PegApp's own are declared in its pyproject.toml
exactly as a third-party package declares its own::

    [project.entry-points."pegapp.families"]
    slide = "pegapp.puzzles.slide:FAMILY"

PegApp's own list is read from the pyproject.toml beside the package when it runs from a checkout
(installed or not: a stale installed copy's metadata must not hide the checkout's list), else from
the installed metadata. Plug-ins come from every other installed distribution. A family that
fails to load (an import error, no FAMILY, not a Family, a key already taken) is left out and
reported: one line on stderr, and kept in problems() for the self-test; never fatal.
"""

from __future__ import annotations

import importlib
import sys
import tomllib
from pathlib import Path
from typing import Any

import pegapp
from pegapp.core.messages import msg
from pegapp.core.storage import read_regular
from pegapp.puzzles.base import BadInput
from pegapp.puzzles.family import Family, Param, Preset  # noqa: F401 - the registry's vocabulary

GROUP = "pegapp.families"
DISTRIBUTION = "pegapp"

_families: dict[str, Family] | None = None
_problems: list[str] = []
#: the keys of the families that came from other distributions (plug-ins)
_plugins: set[str] = set()


def _checkout_pyproject() -> Path | None:
    """pyproject.toml of the checkout this pegapp package runs from, if it is one."""
    path = Path(pegapp.__file__).resolve().parent.parent / "pyproject.toml"
    return path if path.is_file() else None


def own_entry_points() -> list[tuple[str, str]]:
    """PegApp's own families as (key, "module:FAMILY"), in the order shipped."""
    path = _checkout_pyproject()
    if path is not None:  # storage's gate: a FIFO or /dev/zero there is refused, not read
        data = tomllib.loads(read_regular(path, 1_000_000).decode("utf-8"))
        project = data.get("project", {})
        if project.get("name") == DISTRIBUTION:
            table = project.get("entry-points", {}).get(GROUP, {})
            return list(table.items())
    import importlib.metadata   # here, not above: a checkout's `pegapp solve` never needs it (18 ms)

    try:
        dist = importlib.metadata.distribution(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return []
    return [(ep.name, ep.value) for ep in dist.entry_points if ep.group == GROUP]


def plugin_entry_points() -> list[tuple[str, str, str]]:
    """Families of other installed distributions: (key, "module:FAMILY", distribution), ordered
    by distribution name then key."""
    import importlib.metadata

    found = []
    for ep in importlib.metadata.entry_points(group=GROUP):
        dist = ep.dist.name if ep.dist is not None else "?"
        if dist.lower().replace("_", "-") != DISTRIBUTION:
            found.append((ep.name, ep.value, dist))
    return sorted(set(found), key=lambda e: (e[2].lower(), e[0]))


def _load(key: str, value: str) -> Family:
    module_name, _, attr = value.partition(":")
    obj: Any = importlib.import_module(module_name.strip())
    for part in (attr.strip() or "FAMILY").split("."):
        obj = getattr(obj, part)
    if not isinstance(obj, Family):
        raise TypeError(f"{value} is a {type(obj).__name__}, not a pegapp Family")
    if obj.key != key:
        raise ValueError(f"{value} has key {obj.key!r} but is registered as {key!r}")
    return obj


def _report(line: str) -> None:
    _problems.append(line)
    try:
        print(f"pegapp: {line}", file=sys.stderr, flush=True)
    except (OSError, ValueError, AttributeError):  # no usable stderr (pythonw)
        pass


def _discover() -> dict[str, Family]:
    found: dict[str, Family] = {}
    taken: set[str] = set()
    entries = [(key, value, DISTRIBUTION) for key, value in own_entry_points()]
    entries += plugin_entry_points()
    for key, value, dist in entries:
        try:
            family = _load(key, value)
            clash = [p for p in family.prefixes if p in taken]
            if clash:
                raise ValueError(f"puzzle id {clash[0]!r} is taken by another family")
        except Exception as exc:  # noqa: BLE001 - a broken plug-in is reported, never fatal
            _report(f"family {key!r} from {dist} ({value}) not loaded: "
                    f"{type(exc).__name__}: {exc}".replace("\n", " "))
            continue
        found[key] = family
        taken.update(family.prefixes)
        if dist != DISTRIBUTION:
            _plugins.add(key)
    return found


_own_loaded: dict[str, Family] = {}


def _own_one(key: str) -> Family | None:
    """PegApp's own family of this key alone, without loading the others; None when there is
    none or it does not load (families() then reports why)."""
    if key not in _own_loaded:
        for name, value in own_entry_points():
            if name == key:
                try:
                    _own_loaded[key] = _load(name, value)
                except Exception:  # noqa: BLE001 - families() loads it again and reports it
                    return None
                break
        else:
            return None
    return _own_loaded[key]


def families() -> dict[str, Family]:
    """Every family by key: PegApp's own in the order shipped, then plug-ins."""
    global _families
    if _families is None:
        _families = _discover()
    return _families


def is_plugin(family: Family) -> bool:
    """Whether the family is a plug-in's (registered by another distribution than PegApp)."""
    return _families is not None and family.key in _plugins and _families.get(family.key) is family


def problems() -> list[str]:
    """Why each family that did not load was left out (one line each)."""
    families()
    return list(_problems)


def reload() -> dict[str, Family]:
    """Look for families again (after a plug-in was installed or sys.path changed)."""
    global _families
    _families = None
    _own_loaded.clear()
    _problems.clear()
    _plugins.clear()
    importlib.invalidate_caches()
    return families()


def family_of(puzzle_id: str) -> Family:
    """The family a puzzle id belongs to ("slide/4x4" -> slide, "mastermind" -> bulls)."""
    prefix = str(puzzle_id).split("/", 1)[0]
    if _families is None:  # one of PegApp's own by its key: load only that one (`pegapp solve`)
        own = _own_one(prefix)
        if own is not None:
            return own
    for family in families().values():
        if prefix in family.prefixes:
            return family
    raise BadInput(msg("unknown puzzle {puzzle!r}", puzzle=puzzle_id))


def known_ids() -> list[str]:
    """Every puzzle-id prefix of every family, sorted (for "unknown puzzle" messages)."""
    return sorted(p for f in families().values() for p in f.prefixes)


def make_puzzle(puzzle_id: str, params: dict[str, Any]):
    """Build a puzzle from its id and the params a preset or a save file gives."""
    return family_of(puzzle_id).make(puzzle_id, params)


def preset(puzzle_id: str) -> Preset | None:
    """The first preset with this id, or None."""
    for family in families().values():
        for p in family.presets:
            if p.puzzle_id == puzzle_id:
                return p
    return None

