"""`pegapp --selftest`: check that an installed or frozen PegApp works, without a display.

Loads every shipped board and every registered puzzle family (pegapp.puzzles.registry; one that
does not load fails the check and is named), builds every preset, solves one small problem of each
family (its first preset) and replays the solution, checks the numba kernels, each family's view,
the game window and the shipped resources (icon, desktop files, translations when there are
any). With a display (DISPLAY or WAYLAND_DISPLAY), it also starts Qt on the platform the game's
windows will use, in a child process (a platform that cannot load aborts the process), and names
the shared libraries that are missing. One line per check; exit status 0 when
everything passed, 1 otherwise. Used by the bundle build (packaging/build_bundle.sh) and by the
tests of the installed wheel, so the first line names where the resources were found.
"""

from __future__ import annotations

import importlib
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
import xml.etree.ElementTree as ET
from collections.abc import Callable

import pegapp
from pegapp.core import resources
from pegapp.core.board import shipped_boards, unavailable_boards
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
    broken = unavailable_boards()
    _require(not broken, "unavailable: " + " | ".join(str(e) for e in broken.values()))
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
    _require(not (refused := refused_data()), "cannot be read: " + " | ".join(refused))
    found.append("data files readable")
    return ", ".join(found)


#: the folders of shipped data, each file read by its own reader through storage's gate
DATA_FOLDERS = ("boards", "catalogue", "tablebases", "strategies", "pagodas", "pdb", "i18n")


def refused_data() -> list[str]:
    """Each shipped data file the gate refuses (a folder, a FIFO, a link to a device, over a
    gigabyte) and each shipped catalogue that does not load, with its reason: a damaged file
    costs only what depends on it, and is named here."""
    from pegapp.core.storage import open_regular
    from pegapp.puzzles import catalogue

    refused = []
    for name in DATA_FOLDERS:
        folder = resources.path(name)
        for path in sorted(folder.iterdir()) if folder.is_dir() else ():
            try:
                open_regular(path, 1 << 30).close()
            except OSError as exc:
                refused.append(f"{path}: {exc.strerror or exc}")
    from pegapp.solvers.guessing import _bulls
    from pegapp.solvers.pegs import fitted, tablebase

    for board in shipped_boards():
        try:
            catalogue.load(board)
        except (ValueError, OSError) as exc:  # CatalogueError
            refused.append(str(exc))
        fitted.functions_for(board, 0)  # a refused file: in fitted.problems
    tablebase.preload()  # a refused table: in tablebase.problems
    refused += [why if why.startswith(where) else f"{where}: {why}"
                for where, why in {**tablebase.problems, **fitted.problems}.items()]
    for strategy in sorted(resources.path("strategies").glob("*-*.json")):
        ruleset, _, name = strategy.stem.partition("-")
        if ruleset in _bulls.RULESETS and name in _bulls.SHIPPED:
            try:
                _bulls.shipped_strategy(ruleset, name)
            except ValueError as exc:  # StrategyData
                refused.append(str(exc))
    return refused


def _has_display() -> bool:
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _ensure_platform() -> None:
    """Qt needs a platform plugin for a QGuiApplication; without a display, or when the player's
    platform did not load (check_platform says why), use offscreen."""
    if _platform_failed or (sys.platform.startswith("linux") and not _has_display()
                            and not os.environ.get("QT_QPA_PLATFORM")):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"


# ------------------------------------------------------------- the player's display platform

#: set by check_platform when the display's platform did not load: the Qt check then runs
#: offscreen, so that it still checks the rest instead of aborting the self-test
_platform_failed = False

#: Debian/Ubuntu packages of the libraries Qt's platform plugins need, where the package's name is
#: not the library's name with its version (libxcb-icccm.so.4 -> libxcb-icccm4, libxkbcommon-x11.so.0
#: -> libxkbcommon-x11-0)
PACKAGE_OF = {"libglib-2.0.so.0": "libglib2.0-0", "libgthread-2.0.so.0": "libglib2.0-0",
              "libX11-xcb.so.1": "libx11-xcb1", "libX11.so.6": "libx11-6"}

_MISSING_RE = re.compile(r"([\w.+-]+\.so(?:\.[\w.]+)?): cannot open shared object file")
_PLUGIN_RE = re.compile(r"Cannot load library (\S+?\.so): ")
_PLATFORM_RE = re.compile(r'platform plugin "([^"]+)"')


def package_of(library: str) -> str:
    """The Debian/Ubuntu package that holds a shared library, by Debian's naming rule."""
    if library in PACKAGE_OF:
        return PACKAGE_OF[library]
    name, _, version = library.partition(".so")
    version = version.lstrip(".").split(".")[0]
    name = name.lower()
    return f"{name}{'-' if name[-1:].isdigit() else ''}{version}"


def missing_libraries(plugin: str) -> list[str]:
    """The libraries that ldd cannot find for a plugin (all of them: Qt names only the first)."""
    ldd = shutil.which("ldd")
    if ldd is None or not os.path.isfile(plugin):
        return []
    try:
        out = subprocess.run([ldd, plugin], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return [line.split()[0] for line in out.splitlines() if "=> not found" in line]


def diagnose_platform(output: str) -> str:
    """What went wrong, from the output of a Qt that could not start its platform (run with
    QT_DEBUG_PLUGINS=1): the platform, the missing libraries and their packages, else Qt's own
    last words."""
    platforms = _PLATFORM_RE.findall(output)
    what = f"the Qt platform {platforms[-1]!r}" if platforms else "no Qt platform"
    missing = _MISSING_RE.findall(output)
    for plugin in dict.fromkeys(_PLUGIN_RE.findall(output)):
        missing += missing_libraries(plugin)
    missing = list(dict.fromkeys(missing))
    if missing:
        packages = " ".join(dict.fromkeys(package_of(lib) for lib in missing))
        return (f"{what} cannot load, missing {', '.join(missing)} (Debian/Ubuntu: sudo apt-get "
                f"install {packages}); the game's window cannot open")
    lines = [line.strip() for line in output.splitlines()
             if line.strip() and not line.startswith(("qt.core.", " ", "{", "}", "\t", '"'))]
    # Qt's own reason ("qt.qpa.xcb: could not connect to display :1") before its generic lines
    # (and its note about libxcb-cursor0, printed whatever is missing)
    specific = [line for line in lines if line.startswith("qt.qpa.")
                and not line.startswith("qt.qpa.plugin:")]
    generic = [line for line in lines if "platform plugin" in line and "cursor" not in line]
    reason = re.sub(r"^qt[.][.\w]+: ", "", (specific or generic or lines or ["no message"])[0])
    return f"{what} cannot start: {reason}"


def platform_probe_command() -> list[str]:
    """The child process that starts Qt on the player's platform (probe_platform_main)."""
    if getattr(sys, "frozen", False):
        return [sys.executable, "--selftest", "--probe-platform"]
    return [sys.executable, "-m", "pegapp", "--selftest", "--probe-platform"]


def probe_platform_main() -> int:
    """In the child: start a QGuiApplication on the platform Qt picks for the player's session
    (as the game does) and say which one. A platform that cannot load aborts this process."""
    from PySide6.QtGui import QGuiApplication  # Qt: deferred (see the imports)

    app = QGuiApplication(["pegapp"])
    print(f"platform: {app.platformName()}", flush=True)
    return 0


def check_platform(timeout: float = 60) -> str:
    """With a display: the platform the player's windows will use starts (in a child process,
    whose abort cannot end the self-test); when it does not, the missing libraries are named."""
    global _platform_failed
    _platform_failed = False
    if sys.platform.startswith(("win", "darwin", "cygwin")):
        return "the system's own platform (not checked separately)"
    if not _has_display():
        return "no display (DISPLAY, WAYLAND_DISPLAY unset): windows checked offscreen only"
    env = dict(os.environ, QT_DEBUG_PLUGINS="1")
    package_dir = os.path.dirname(os.path.dirname(os.path.abspath(pegapp.__file__)))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_dir, env.get("PYTHONPATH")) if p)
    where = ", ".join(f"{k}={os.environ[k]}" for k in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY",
                                                       "DISPLAY") if os.environ.get(k))
    try:
        out = subprocess.run(platform_probe_command(), env=env, capture_output=True, text=True,
                             errors="replace", timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        _platform_failed = True
        raise CheckFailed(f"Qt did not start on the display ({where}) within {timeout:g} s")
    found = re.search(r"^platform: (\S+)", out.stdout, re.MULTILINE)
    if out.returncode == 0 and found:
        return f"{found.group(1)} platform starts ({where})"
    _platform_failed = True
    raise CheckFailed(diagnose_platform(out.stderr + "\n" + out.stdout) + f" ({where})")


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
    from pegapp.ui.i18n import load_qm  # through storage's gate: a FIFO would block Qt

    for qm in sorted(i18n.glob("*.qm")) if i18n.is_dir() else []:
        _require(load_qm(QTranslator(), qm), f"translation does not load: {qm}")
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
    ("display", check_platform),
    ("qt ui", check_qt),
)


def _options(argv: list[str]):
    """`pegapp --selftest [-v]`: anything else is a usage error (exit 2), never a self-test
    that passes with the argument ignored (found by an outside trial: `--selftest extra`)."""
    import argparse  # here: the self-test alone reads these options

    parser = argparse.ArgumentParser(prog="pegapp --selftest",
                                     description="Check this installation.")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="print the traceback of each check that fails")
    parser.add_argument("--probe-platform", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    options = _options([] if argv is None else list(argv))
    if options.probe_platform:
        return probe_platform_main()
    verbose = options.verbose
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
