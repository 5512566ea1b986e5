"""The open game windows of one data folder, so that no window's game is lost to another's.

- Each window holds one autosave file of its own while it is open (its claim): the puzzle's
  ``autosave-<puzzle>.pegapp.json``, or ``autosave-<puzzle>-2.pegapp.json`` when another open
  window holds that one (the first window's is ``autosave.pegapp.json``). A claim stays with its
  window while the window shows that puzzle, so two windows never write one file, whatever order
  they close in (found by a new player: two 8-puzzle windows, one autosave, the first game lost).
- The windows open are listed in ``windows.json`` beside the saves, rewritten whenever a window
  opens, turns to another puzzle or closes (so a crash or a kill -9 leaves it true too), and come
  back at the next start with their games (reopen_windows). Each entry carries the
  puzzle's setting (params), so a window whose game was never saved opens on the same puzzle.
  Closing one window of several takes it off the list; quitting, or closing the last window,
  leaves the list as it was.
- The Window menu lists the open games and brings the chosen one forward; choosing a puzzle that
  is already open brings its window forward instead of opening a second (GameWindow.
  start_chosen_game).

Windows are held here (strong references) from their start to their close: a window opened
from another that closes first must not go with it (unreferenced, PySide deletes it, unsaved).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QActionGroup
from PySide6.QtWidgets import QApplication, QMenu, QWidget

from pegapp.core.storage import (SaveError, UnreadableSaveError, json_problem, read_text,
                                 remove_leftovers, set_aside, write_atomic)
from pegapp.puzzles import registry
from pegapp.ui.i18n import family_name, translated

#: the windows open when the program last quit, beside the saves in the data folder
WINDOWS_FILE = "windows.json"
WINDOWS_FORMAT = "pegapp-windows"
#: how an autosave file's name begins and ends (a windows.json entry naming another is refused)
AUTOSAVE_PREFIX, AUTOSAVE_SUFFIX = "autosave", ".pegapp.json"

_open: dict[Path, list[Any]] = {}
_last_active: dict[Path, Any] = {}
_quitting = False


def _tr(text: str) -> str:
    return QCoreApplication.translate("OpenWindows", text)


def _key(data_dir: str | Path) -> Path:
    return Path(data_dir).absolute()


def windows_of(data_dir: str | Path) -> list[Any]:
    """The open game windows of a data folder, in the order they opened."""
    return list(_open.get(_key(data_dir), []))


def register(window) -> None:
    _open.setdefault(_key(window.data_dir), []).append(window)


def forget_unbuilt(data_dir: str | Path) -> None:
    """Drop the windows whose building failed (they never had a game)."""
    key = _key(data_dir)
    _open[key] = [w for w in _open.get(key, []) if w.session is not None]


def activated(window) -> None:
    """The window the player used last: a second copy of the program brings it forward."""
    _last_active[_key(window.data_dir)] = window


def last_active(data_dir: str | Path):
    """The window the player used last, else the first open one, else None."""
    windows = windows_of(data_dir)
    window = _last_active.get(_key(data_dir))
    return window if window in windows else (windows[0] if windows else None)


def closed(window) -> None:
    """A window closed (after its autosave): it leaves the list of windows that come back, unless
    the program quits or it was the last window (then the list stays as it was)."""
    key = _key(window.data_dir)
    others = [w for w in _open.get(key, []) if w is not window]
    if others:
        _open[key] = others
    else:
        _open.pop(key, None)
    if _last_active.get(key) is window:
        del _last_active[key]
    if others and not _quitting:
        remember(window.data_dir)


def quit_all() -> None:
    """Game > Quit: every window closes and saves; the list of windows is kept for the next
    start."""
    global _quitting
    _quitting = True
    try:
        QApplication.closeAllWindows()
    finally:
        _quitting = False


def session_ends() -> None:
    """The desktop session ends (logout): the windows close as at Quit, so the list of windows
    is kept for the next start."""
    global _quitting
    _quitting = True


def window_showing(data_dir: str | Path, puzzle_id: str):
    """The open window whose game is of puzzle_id, or None."""
    for w in windows_of(data_dir):
        if w.session is not None and w.session.puzzle.id == puzzle_id:
            return w
    return None


def bring_forward(window: QWidget) -> None:
    if window.isMinimized():
        window.showNormal()
    window.show()
    window.raise_()
    window.activateWindow()


# ---- the autosave files, one a window

def autosave_name(base: str, n: int) -> str:
    return f"{base}{AUTOSAVE_SUFFIX}" if n == 1 else f"{base}-{n}{AUTOSAVE_SUFFIX}"


def free_autosave(window, base: str, absent: bool = False) -> Path:
    """The autosave file window may take for a game whose file name begins with base: the first
    of base, base-2, base-3… that no other open window of its data folder holds (absent: and that
    is not on disk either)."""
    taken = {w.files.autosave_claim for w in windows_of(window.data_dir) if w is not window}
    n = 1
    while True:
        path = window.data_dir / autosave_name(base, n)
        if path not in taken and not (absent and path.exists()):
            return path
        n += 1


# ---- the list of windows that come back at the next start

def remember(data_dir: str | Path) -> None:
    """Write the list of the open windows (all but the first, which comes back by itself); a list
    that cannot be written leaves the old one (the windows' games are saved all the same)."""
    entries = [{"file": w.files.autosave_claim.name, "puzzle": w.session.puzzle.id,
                "params": _plain_params(w.session.params)}
               for w in windows_of(data_dir)
               if not w.first and w.files.autosave_claim is not None and w.session is not None]
    text = json.dumps({"format": WINDOWS_FORMAT, "version": 1, "windows": entries}, indent=1)
    try:
        write_atomic(Path(data_dir) / WINDOWS_FILE, text + "\n")
    except OSError:
        pass


def _plain_params(params: dict) -> dict:
    """A game's params as the list keeps them: {} when they are not plain JSON (the save says
    why; the window then needs its autosave to come back)."""
    try:
        json.dumps(params, allow_nan=False)
    except (TypeError, ValueError):
        return {}
    return params


def remembered(data_dir: str | Path) -> tuple[list[tuple[str, str, dict]], str]:
    """The windows to open again: (autosave file name, puzzle id, params) triples ({} for a list
    written before it kept params), and what was wrong with the list ("" when nothing). A damaged
    list (random bytes too) is set aside as windows.json.corrupt and names its file and field;
    one that cannot be read is left in place; the first window's game comes back all the same."""
    path = Path(data_dir) / WINDOWS_FILE
    if not path.is_file():
        return [], ""
    try:
        data = json.loads(read_text(path))
        if not isinstance(data, dict) or data.get("format") != WINDOWS_FORMAT:
            raise ValueError(_tr("not a list of PegApp windows"))
        entries = data.get("windows")
        if not isinstance(entries, list):
            raise ValueError(_tr("windows: must be a list"))
        found = []
        for k, entry in enumerate(entries):
            name = entry.get("file") if isinstance(entry, dict) else None
            puzzle = entry.get("puzzle") if isinstance(entry, dict) else None
            params = entry.get("params", {}) if isinstance(entry, dict) else None
            if not (isinstance(name, str) and name.startswith(AUTOSAVE_PREFIX + "-")
                    and name.endswith(AUTOSAVE_SUFFIX) and "/" not in name and "\\" not in name
                    and isinstance(puzzle, str) and puzzle):
                raise ValueError(_tr("windows[%1]: not an autosave file and a puzzle")
                                 .replace("%1", str(k)))
            if not isinstance(params, dict):
                raise ValueError(_tr("windows[%1].params: must be an object")
                                 .replace("%1", str(k)))
            found.append((name, puzzle, params))
    except UnreadableSaveError as exc:  # it may be intact: left where it is
        return [], translated(exc)
    except SaveError as exc:  # not UTF-8 text (random bytes): damaged like bad JSON
        return [], _set_aside_list(path, translated(exc))
    except (ValueError, RecursionError) as exc:
        reason = str(exc) if type(exc) is ValueError else str(json_problem(exc))
        return [], _set_aside_list(path, _tr("%1 is damaged (%2)").replace("%1", str(path))
                                   .replace("%2", reason))
    return found, ""


def _set_aside_list(path: Path, problem: str) -> str:
    """Keep a damaged list as windows.json.corrupt (docs/DESIGN.md); the problem, and where the
    file went, in words."""
    try:
        kept = set_aside(path)
    except OSError as exc:
        return problem + "\n" + _tr("It could not be set aside (%1).").replace(
            "%1", exc.strerror or str(exc))
    return problem + "\n" + _tr("It was kept as %1.").replace("%1", str(kept))


def owns_file(name: str) -> bool:
    """Whether a file of the data folder by this name is one the windows write (an autosave or
    the list of windows)."""
    return name == WINDOWS_FILE or (name.startswith(AUTOSAVE_PREFIX)
                                    and name.endswith(AUTOSAVE_SUFFIX))


def remove_leftovers_of_kill(data_dir: str | Path) -> list[Path]:
    """At the start, under the single-instance lock (no other copy writes here): remove the
    temporary files of the autosaves and the list that a kill -9 or a power cut left behind
    (``.autosave.pegapp.json.*.tmp``); nothing else of the folder is touched."""
    return remove_leftovers(data_dir, owns_file)


# ---- the Window menu

def add_window_menu(window) -> QMenu:
    """The Window menu: every open game of the data folder, the current one checked; choosing
    one brings its window forward."""
    menu = window.menuBar().addMenu(_tr("&Window"))
    menu.setObjectName("windowMenu")
    menu.aboutToShow.connect(lambda: fill_window_menu(window, menu))
    fill_window_menu(window, menu)
    return menu


def fill_window_menu(window, menu: QMenu) -> None:
    menu.clear()
    group = QActionGroup(menu)
    for k, other in enumerate(windows_of(window.data_dir), 1):
        title = (other.windowTitle() or _tr("Game")).replace("&", "&&")
        action = menu.addAction(f"&{k} {title}" if k < 10 else title)
        action.setCheckable(True)
        action.setChecked(other is window)
        action.setActionGroup(group)
        action.triggered.connect(lambda _on=False, other=other: bring_forward(other))


# ---- opening windows: from the picker, and those open when the program last quit

def open_window(opener, puzzle_id: str, params: dict, autosave_file: str | None = None):
    """Another game window on opener's data folder (with its settings and statistics), shown;
    it keeps its own game. The opener keeps it in its `windows` until Qt deletes it."""
    window = type(opener)(puzzle_id, params, settings=opener.settings, data_dir=opener.data_dir,
                          restore=True, stats=opener.stats, autosave_file=autosave_file)
    window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    opener.windows.append(window)
    window.destroyed.connect(lambda *_: _forget_closed_windows(opener))
    window.show()
    return window


def _forget_closed_windows(opener) -> None:
    """Drop windows Qt has deleted (closed with WA_DeleteOnClose): touching them would raise."""
    if shiboken6.isValid(opener):
        opener.windows = [w for w in opener.windows if shiboken6.isValid(w)]


def reopen_windows(first) -> list:
    """The first window, at the program's start: the other windows open when it last quit
    (or when the program was killed) come back with their games (WINDOWS_FILE). A window that
    cannot come back is named with its reason in one message; the others open."""
    entries, problem = remembered(first.data_dir)
    problems = [problem] if problem else []
    reopened = []
    for name, puzzle_id, params in entries:
        try:
            reopened.append(open_window(first, puzzle_id, params, autosave_file=name))
        except Exception as exc:  # noqa: BLE001 - the list is data from outside, make a
            # plug-in's: a plug-in gone, a damaged board, params it refuses, a missing one
            forget_unbuilt(first.data_dir)
            problems.append(not_reopened(name, puzzle_id, exc))
    if problems:
        first.show_error(_tr("Windows not restored"), "\n".join(problems))
    if reopened:
        bring_forward(first)
    return reopened


def not_reopened(name: str, puzzle_id: str, exc: Exception) -> str:
    """Why the window of puzzle_id (its autosave file name) did not come back, in words: a
    KeyError is a setting the puzzle needs that nothing gave (its game was never saved,
    after a kill, and the list was written before it kept settings), never a bare key."""
    try:
        puzzle = f"{family_name(registry.family_of(puzzle_id))} ({puzzle_id})"
    except Exception:  # noqa: BLE001 - its family gone: the id alone names it
        puzzle = puzzle_id
    if isinstance(exc, KeyError):
        key = exc.args[0] if exc.args else ""
        reason = _tr("its saved game %1 is missing or unusable, and without it the "
                     "puzzle's setting “%2” is not known").replace(
                         "%1", name).replace("%2", str(key))
    else:
        reason = translated(exc) or type(exc).__name__
    return _tr("The window of %1 was not opened again: %2.").replace(
        "%1", puzzle).replace("%2", reason)

