"""`pegapp --selftest`: check that an installed or frozen PegApp works, without a display.

Loads every shipped board and every registered puzzle family (pegapp.puzzles.registry; one that
does not load fails the check and is named), builds every preset, solves one small problem of each
family (its first preset) and replays the solution, checks the numba kernels, each family's view,
the game window and the shipped resources (icon, desktop files, translations when there are
any). One line per check; exit status 0 when
everything passed, 1 otherwise. Used by the bundle build (packaging/build_bundle.sh) and by the
tests of the installed wheel, so the first line names where the resources were found.
"""

from __future__ import annotations

import importlib
import os
import platform
import sys
import tempfile
import time
import traceback
import xml.etree.ElementTree as ET
from collections.abc import Callable

import pegapp
from pegapp.core import resources
from pegapp.core.board import shipped_board_ids, shipped_boards
from pegapp.puzzles import registry
from pegapp.puzzles.base import replay
from pegapp.puzzles.family import Family

# numba, numpy and Qt are imported inside their checks on purpose: they are heavy, Qt must wait
# for the platform choice (_ensure_platform), and a broken one is a failed check, not a crash.

APP_ID = "io.github.pegapp.PegApp"


class CheckFailed(Exception):
    pass


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise CheckFailed(message)


# ------------------------------------------------------------------------------------ checks

def check_boards() -> str:
    boards = shipped_boards()
    _require(len(boards) > 0, "no shipped boards found")
    _require(len(boards) == len(shipped_board_ids()), "some board files did not load")
    for b in boards:
        _require(b.start_position > 0, f"{b.id}: empty start position")
    return f"{len(boards)} boards: " + ", ".join(b.id for b in boards)


def check_families() -> str:
    """Every registered family loads (pegapp.puzzles.registry); one that does not is listed."""
    found = registry.families()
    problems = registry.problems()
    _require(not problems, "not loaded: " + " | ".join(problems))
    _require(len(found) > 0, "no puzzle family registered (entry points pegapp.families)")
    return f"{len(found)} families: " + ", ".join(found)


def check_presets() -> str:
    built = []
    for family in registry.families().values():
        for preset in family.presets:
            puzzle = family.make(preset.puzzle_id, preset.params)
            state = puzzle.initial()
            hash(state)
            list(puzzle.moves(state))
            built.append(preset.puzzle_id)
    return f"{len(built)} presets built"


def check_numba() -> str:
    import numba  # heavy: deferred on purpose (see the imports)
    import numpy as np

    @numba.njit(cache=False)
    def total(a):
        s = 0
        for x in a:
            s += x
        return s

    _require(total(np.arange(10, dtype=np.int64)) == 45, "a trivial numba kernel gave a wrong sum")
    return f"numba {numba.__version__}, numpy {np.__version__}"


def solve_and_replay(family: Family) -> str:
    """The family's first preset solved from its start and the answer replayed to the goal."""
    preset = family.presets[0]
    puzzle = family.make(preset.puzzle_id, preset.params)
    state = puzzle.initial()
    result = puzzle.solve(state)
    _require(result.moves is not None, f"{preset.puzzle_id}: no solution: {result.status} "
                                       f"{result.reason}")
    _require(puzzle.is_solved(replay(puzzle, state, result.moves)),
             f"{preset.puzzle_id}: the solution does not replay to the goal")
    return f"{preset.puzzle_id} in {len(result.moves)} moves"


def check_solve() -> str:
    """One small problem of each family (its first preset), solved and replayed."""
    done, failed = [], []
    for family in registry.families().values():
        if not family.presets:
            continue
        try:
            done.append(solve_and_replay(family))
        except Exception as exc:  # noqa: BLE001 - every family is tried, the failures listed
            failed.append(f"{family.key}: {type(exc).__name__}: {exc}")
    _require(not failed, " | ".join(failed))
    return "; ".join(done) + ", replayed"


def check_resources() -> str:
    icon = resources.path("icons", f"{APP_ID}.svg")
    _require(icon.is_file(), f"icon missing: {icon}")
    svg = ET.parse(icon).getroot()
    _require(svg.tag.endswith("svg") and "viewBox" in svg.attrib, "the icon is not an SVG with a viewBox")
    found = ["icon"]
    for name in (f"{APP_ID}.desktop", f"{APP_ID}.metainfo.xml"):
        f = resources.path("desktop", name)
        _require(f.is_file(), f"missing: {f}")
    found.append("desktop files")
    i18n = resources.path("i18n")
    qm = sorted(i18n.glob("*.qm")) if i18n.is_dir() else []
    found.append(f"translations: {', '.join(q.stem for q in qm)}" if qm else "no translations shipped")
    return ", ".join(found)


def _ensure_platform() -> None:
    """Qt needs a platform plugin for a QGuiApplication; without a display use offscreen."""
    if os.environ.get("QT_QPA_PLATFORM"):
        return
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY")
                                                 or os.environ.get("WAYLAND_DISPLAY")):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"


def _main_window_paints() -> None:
    """Build the game window on English peg solitaire (never shown, settings and saves in a
    scratch folder)."""
    from PySide6.QtCore import QCoreApplication, QSettings  # Qt: deferred (see the imports)

    from pegapp.ui.game_window import GameWindow

    with tempfile.TemporaryDirectory(prefix="pegapp-selftest-") as tmp:
        settings = QSettings(os.path.join(tmp, "settings.ini"), QSettings.Format.IniFormat)
        settings.setValue("view/animate", False)
        settings.setValue("app/confirm_abandon", False)  # never a modal question
        window = GameWindow("pegs/english", {}, settings=settings, data_dir=tmp, restore=False)
        try:
            image = window.grab().toImage()
            _require(not image.isNull() and image.width() > 0, "the main window does not paint")
        finally:
            window.close()
            window.deleteLater()
            QCoreApplication.processEvents()
            del settings


def view_class(family: Family) -> type:
    """The view class a family names ("module:Class"), imported."""
    module, _, name = family.view.partition(":")
    view = getattr(importlib.import_module(module), name, None)
    _require(isinstance(view, type), f"{family.key}: no view class {family.view}")
    return view


def check_qt() -> str:
    _ensure_platform()
    import PySide6  # Qt: deferred on purpose (see the imports)
    from PySide6.QtCore import QLibraryInfo, QTranslator, qVersion
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from pegapp.ui import app as ui_app

    views = [view_class(family) for family in registry.families().values()]
    qapp = QApplication.instance() or ui_app.make_app([])
    icon = QIcon(str(resources.path("icons", f"{APP_ID}.svg")))
    _require(not icon.pixmap(64, 64).isNull(), "the SVG icon does not render (Qt's svg plugin missing?)")
    i18n = resources.path("i18n")
    for qm in sorted(i18n.glob("*.qm")) if i18n.is_dir() else []:
        _require(QTranslator().load(str(qm)), f"translation does not load: {qm.name}")
    _main_window_paints()
    plugins = QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)
    return (f"PySide6 {PySide6.__version__} (Qt {qVersion()}), {len(views)} family views import, "
            f"main window paints, icon renders "
            f"[{qapp.platformName()} platform; plugins {plugins}]")


CHECKS: tuple[tuple[str, Callable[[], str]], ...] = (
    ("boards", check_boards),
    ("families", check_families),
    ("presets", check_presets),
    ("numba", check_numba),
    ("solve", check_solve),
    ("resources", check_resources),
    ("qt ui", check_qt),
)


def main(argv: list[str] | None = None) -> int:
    argv = [] if argv is None else list(argv)
    verbose = "-v" in argv or "--verbose" in argv
    frozen = bool(getattr(sys, "frozen", False))
    try:
        where = str(resources.root())
    except Exception as exc:  # noqa: BLE001 - reported, and every later check will say more
        where = f"NOT FOUND ({exc})"
    print(f"pegapp {pegapp.__version__} selftest: python {platform.python_version()} "
          f"({'frozen' if frozen else sys.executable}), {platform.system()} {platform.machine()}")
    print(f"resources: {where}")
    failed = 0
    start = time.perf_counter()
    for name, fn in CHECKS:
        t0 = time.perf_counter()
        try:
            detail = fn()
            status = "ok  "
        except Exception as exc:  # noqa: BLE001 - every failure is reported, then the next check runs
            failed += 1
            status = "FAIL"
            detail = f"{type(exc).__name__}: {exc}".strip().replace("\n", " | ")
            if len(detail) > 400:
                detail = detail[:400] + " ..."
            if verbose:
                traceback.print_exc()
        print(f"{status} {name:<15} {time.perf_counter() - t0:6.2f}s  {detail}", flush=True)
    total = time.perf_counter() - start
    if failed:
        print(f"selftest FAILED: {failed} of {len(CHECKS)} checks failed ({total:.1f}s)")
        return 1
    print(f"selftest passed: {len(CHECKS)} checks ({total:.1f}s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
