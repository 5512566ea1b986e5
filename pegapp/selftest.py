"""`pegapp --selftest`: check that an installed or frozen PegApp works, without a display.

Loads every shipped board, builds every puzzle preset, solves one small problem of each family
and replays the solution, checks the numba kernels, the Qt UI imports and the shipped resources
(icon, desktop files, translations when there are any). One line per check; exit status 0 when
everything passed, 1 otherwise. Used by the bundle build (packaging/build_bundle.sh) and by the
tests of the installed wheel, so the first line names where the resources were found.
"""

from __future__ import annotations

import os
import platform
import sys
import time
import traceback
from collections.abc import Callable

APP_ID = "io.github.pegapp.PegApp"


class CheckFailed(Exception):
    pass


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise CheckFailed(message)


# ------------------------------------------------------------------------------------ checks

def check_boards() -> str:
    from pegapp.core.board import shipped_board_ids, shipped_boards

    boards = shipped_boards()
    _require(len(boards) > 0, "no shipped boards found")
    _require(len(boards) == len(shipped_board_ids()), "some board files did not load")
    for b in boards:
        _require(b.start_position > 0, f"{b.id}: empty start position")
    return f"{len(boards)} boards: " + ", ".join(b.id for b in boards)


def check_presets() -> str:
    from pegapp.puzzles.registry import FAMILIES, GUESSING, make_puzzle

    built = []
    for family in FAMILIES:
        for preset in family.presets:
            puzzle = make_puzzle(preset.puzzle_id, preset.params)
            state = puzzle.initial()
            hash(state)
            list(puzzle.moves(state))
            built.append(preset.puzzle_id)
    from pegapp.puzzles.bulls import get_ruleset

    for family in GUESSING:
        for preset in family.presets:
            get_ruleset(preset.params["ruleset"])
            built.append(preset.puzzle_id)
    return f"{len(built)} presets built"


def check_numba() -> str:
    import numba
    import numpy as np

    @numba.njit(cache=False)
    def total(a):
        s = 0
        for x in a:
            s += x
        return s

    _require(total(np.arange(10, dtype=np.int64)) == 45, "a trivial numba kernel gave a wrong sum")
    return f"numba {numba.__version__}, numpy {np.__version__}"


def check_pegs() -> str:
    from pegapp.core.board import get_board
    from pegapp.solvers import pegs

    board = get_board("diamond13")
    result = pegs.solve(board, cache_dir=False)
    _require(result.moves is not None, f"no solution: {result.status} {result.reason}")
    end = pegs.replay(board, board.start_position, result.moves)
    _require(bin(end).count("1") == 1, f"replay leaves {bin(end).count('1')} pegs")
    if board.finish is not None:
        _require(end == 1 << board.finish, "the last peg is not on the finish hole")
    return f"diamond13 in {len(result.moves)} moves, replayed"


def _solve_and_replay(puzzle_id: str, params: dict) -> str:
    from pegapp.puzzles.registry import make_puzzle

    puzzle = make_puzzle(puzzle_id, params)
    state = puzzle.initial()
    result = puzzle.solve(state)
    _require(result.moves is not None, f"no solution: {result.status} {result.reason}")
    for move in result.moves:
        state = puzzle.apply(state, move)
    _require(puzzle.is_solved(state), "the solution does not replay to the goal")
    how = result.stats.get("backend") or result.stats.get("method")
    return f"{puzzle_id} in {len(result.moves)} moves, replayed" + (f" ({how})" if how else "")


def _preset(puzzle_id: str) -> dict:
    from pegapp.puzzles.registry import FAMILIES

    for family in FAMILIES:
        for preset in family.presets:
            if preset.puzzle_id == puzzle_id:
                return dict(preset.params)
    raise CheckFailed(f"no preset {puzzle_id}")


def check_slide() -> str:
    return _solve_and_replay("slide/2x5", _preset("slide/2x5"))


def check_rotate() -> str:
    return _solve_and_replay("rotate/3x3", _preset("rotate/3x3"))


def check_flip8() -> str:
    return _solve_and_replay("flip8/4x4", {})


def check_oshidori() -> str:
    return _solve_and_replay("oshidori/k3", {"kinds": 3})


def check_jugs() -> str:
    return _solve_and_replay("jugs", {"capacities": [8, 5], "target": 4})


def check_bulls() -> str:
    from pegapp.puzzles.bulls import Codebreaker

    puzzle = Codebreaker("bulls", "6281")
    result = puzzle.solve(())
    _require(result.moves is not None, f"no solution: {result.status} {result.reason}")
    state: tuple[str, ...] = ()
    for guess in result.moves:
        state = puzzle.apply(state, guess)
    _require(puzzle.is_solved(state), "the guesses do not find the secret")
    return f"secret 6281 found in {len(result.moves)} guesses"


def check_resources() -> str:
    from pegapp.core import resources

    icon = resources.path("icons", f"{APP_ID}.svg")
    _require(icon.is_file(), f"icon missing: {icon}")
    import xml.etree.ElementTree as ET

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
    """Build the main window on a game (never shown, settings and saves in a scratch folder)."""
    import tempfile

    from PySide6.QtCore import QCoreApplication, QSettings

    from pegapp.core.board import get_board
    from pegapp.ui.main_window import MainWindow

    with tempfile.TemporaryDirectory(prefix="pegapp-selftest-") as tmp:
        settings = QSettings(os.path.join(tmp, "settings.ini"), QSettings.Format.IniFormat)
        settings.setValue("view/animate", False)
        settings.setValue("app/confirm_abandon", False)  # never a modal question
        window = MainWindow(settings=settings, data_dir=tmp, restore=False)
        try:
            window.new_game(get_board("english"))
            image = window.grab().toImage()
            _require(not image.isNull() and image.width() > 0, "the main window does not paint")
        finally:
            window.close()
            window.deleteLater()
            QCoreApplication.processEvents()
            del settings


def check_qt() -> str:
    _ensure_platform()
    import PySide6
    from PySide6.QtCore import QLibraryInfo, QTranslator, qVersion
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from pegapp.core import resources
    from pegapp.ui import app as ui_app
    from pegapp.ui import bulls_window, main_window, puzzle_window  # noqa: F401

    qapp = QApplication.instance() or ui_app.make_app([])
    icon = QIcon(str(resources.path("icons", f"{APP_ID}.svg")))
    _require(not icon.pixmap(64, 64).isNull(), "the SVG icon does not render (Qt's svg plugin missing?)")
    i18n = resources.path("i18n")
    for qm in sorted(i18n.glob("*.qm")) if i18n.is_dir() else []:
        _require(QTranslator().load(str(qm)), f"translation does not load: {qm.name}")
    _main_window_paints()
    plugins = QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)
    return (f"PySide6 {PySide6.__version__} (Qt {qVersion()}), UI imports, main window paints, icon renders "
            f"[{qapp.platformName()} platform; plugins {plugins}]")


CHECKS: tuple[tuple[str, Callable[[], str]], ...] = (
    ("boards", check_boards),
    ("presets", check_presets),
    ("numba", check_numba),
    ("solve pegs", check_pegs),
    ("solve slide", check_slide),
    ("solve rotate", check_rotate),
    ("solve flip8", check_flip8),
    ("solve oshidori", check_oshidori),
    ("solve jugs", check_jugs),
    ("solve bulls", check_bulls),
    ("resources", check_resources),
    ("qt ui", check_qt),
)


def main(argv: list[str] | None = None) -> int:
    argv = [] if argv is None else list(argv)
    verbose = "-v" in argv or "--verbose" in argv
    import pegapp

    frozen = bool(getattr(sys, "frozen", False))
    try:
        from pegapp.core import resources

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
