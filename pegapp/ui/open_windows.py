"""The open game windows of one data folder, so that no window's game is lost to another's.

- Each window holds one autosave file of its own while it is open (its claim): the puzzle's
  ``autosave-<puzzle>.pegapp.json``, or ``autosave-<puzzle>-2.pegapp.json`` when another open
  window holds that one (the first window's is ``autosave.pegapp.json``). A claim stays with its
  window while the window shows that puzzle, so two windows never write one file, whatever order
  they close in (found by a new player: two 8-puzzle windows, one autosave, the first game lost).
- The windows open when the program quits are listed in ``windows.json`` beside the saves, and
  come back at the next start with their games (GameWindow.reopen_windows). Closing one window
  of several takes it off the list; quitting, or closing the last window, leaves the list as it
  was.
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

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QActionGroup
from PySide6.QtWidgets import QApplication, QMenu, QWidget

from pegapp.core.storage import SaveError, json_problem, read_text, set_aside, write_atomic

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
    taken = {w.autosave_claim for w in windows_of(window.data_dir) if w is not window}
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
    entries = [{"file": w.autosave_claim.name, "puzzle": w.session.puzzle.id}
               for w in windows_of(data_dir)
               if not w.first and w.autosave_claim is not None and w.session is not None]
    text = json.dumps({"format": WINDOWS_FORMAT, "version": 1, "windows": entries}, indent=1)
    try:
        write_atomic(Path(data_dir) / WINDOWS_FILE, text + "\n")
    except OSError:
        pass


def remembered(data_dir: str | Path) -> tuple[list[tuple[str, str]], str]:
    """The windows to open again: (autosave file name, puzzle id) pairs, and what was wrong with
    the list ("" when nothing). A damaged list is set aside as windows.json.corrupt and names its
    file and field; the first window's game comes back all the same."""
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
            if not (isinstance(name, str) and name.startswith(AUTOSAVE_PREFIX + "-")
                    and name.endswith(AUTOSAVE_SUFFIX) and "/" not in name and "\\" not in name
                    and isinstance(puzzle, str) and puzzle):
                raise ValueError(_tr("windows[%1]: not an autosave file and a puzzle")
                                 .replace("%1", str(k)))
            found.append((name, puzzle))
    except SaveError as exc:
        return [], str(exc)
    except (ValueError, RecursionError) as exc:
        reason = str(exc) if type(exc) is ValueError else str(json_problem(exc))
        try:
            set_aside(path)
        except OSError:
            pass
        return [], _tr("%1 is damaged (%2)").replace("%1", str(path)).replace("%2", reason)
    return found, ""


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
