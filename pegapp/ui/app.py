"""Start the desktop program."""

from __future__ import annotations

import os
import sys
import threading

from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from pegapp.core import resources
from pegapp.puzzles import registry
from pegapp.ui import open_windows
from pegapp.ui.game_window import GameWindow
from pegapp.ui.open_windows import bring_forward
from pegapp.ui.single_instance import SingleInstance
from pegapp.ui.i18n import install_from_settings
from pegapp.ui.settings_dialog import guard_settings_files, read_settings
from pegapp.ui.theme import apply_app_theme
from pegapp.ui.worker import wait_for_orphans

ORGANIZATION = "PegApp"
APPLICATION = "PegApp"
APP_ID = "io.github.pegapp.PegApp"


def app_icon() -> QIcon:
    """The application icon (resources/icons/APP_ID.svg); an empty icon if it is missing."""
    try:
        svg = resources.path("icons", f"{APP_ID}.svg")
    except FileNotFoundError:
        return QIcon()
    return QIcon(str(svg)) if svg.is_file() else QIcon()


def make_app(argv: list[str] | None = None) -> QApplication:
    app = QApplication.instance() or QApplication([sys.argv[0], *(argv or [])])
    QCoreApplication.setOrganizationName(ORGANIZATION)
    QCoreApplication.setApplicationName(APPLICATION)
    app.setApplicationDisplayName("PegApp")
    app.setDesktopFileName(APP_ID)
    icon = app_icon()
    if not icon.isNull():
        app.setWindowIcon(icon)
    guard_settings_files(ORGANIZATION, APPLICATION)  # before any QSettings reads the file
    install_from_settings(app)  # before any window is built: the language follows the system
    apply_app_theme(read_settings(QSettings())["app/theme"])  # light or dark, every window
    return app


def warm_up_families() -> None:
    """Each family's warm_up (Family.warm_up), one after the other; one that fails is skipped
    (its first solve then pays, or says what is wrong)."""
    for family in registry.families().values():
        if family.warm_up is not None:
            try:
                family.warm_up()
            except Exception:  # noqa: BLE001 - a background nicety, never fatal
                pass


def run(argv: list[str] | None = None) -> int:
    app = make_app(argv)
    data_dir = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    instance = SingleInstance(data_dir)
    if not instance.claim():  # a copy runs on this data folder: it shows its window instead
        if instance.hand_over():
            return 0
        QMessageBox.warning(None, "PegApp", QCoreApplication.translate(
            "App", "PegApp is already running but does not answer. Close it (or end it) and "
                   "start PegApp again."))
        return 1
    window = open_at_start(data_dir)
    instance.requested.connect(lambda: bring_forward(open_windows.last_active(data_dir) or window))
    app.commitDataRequest.connect(lambda _manager: open_windows.session_ends())
    # The solver's compiled kernels and the shipped tablebases load in the background while the
    # player looks at the board, so the first Hint does not pay for them (about a second).
    threading.Thread(target=warm_up_families, name="pegapp-warm-up", daemon=True).start()
    code = app.exec()
    instance.release()
    return leave(code)


def open_at_start(data_dir: str, settings: QSettings | None = None) -> GameWindow:
    """The windows at the program's start, once it holds the data folder (SingleInstance): the
    temporary files a kill left there are removed (no other copy can be writing them), then the
    first window opens on the last game, whatever its family, and the other windows open when
    the program last quit or was killed come back with their games."""
    open_windows.remove_leftovers_of_kill(data_dir)
    window = GameWindow(settings=settings, data_dir=data_dir)
    window.show()
    open_windows.reopen_windows(window)
    return window


#: at exit, how long searches asked to stop may take to end, in all
ORPHANS_WAIT_MS = 30000


def leave(code: int, timeout_ms: int = ORPHANS_WAIT_MS) -> int:
    """The program's exit code, once its searches have ended. A search that ignores stop() (a
    plug-in's solve that never ends) would still run on its QThread, and Qt aborts the process
    when a running QThread is destroyed at exit (found by an outside trial: "QThread: Destroyed
    while thread is still running", then SIGABRT). Everything is saved by then (each window's
    closeEvent autosaves and syncs its settings; the single-instance lock is released), so the
    process leaves at once, destroying nothing (os._exit)."""
    if wait_for_orphans(timeout_ms):
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    return code
