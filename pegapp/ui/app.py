"""Start the desktop program."""

from __future__ import annotations

import sys

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

ORGANIZATION = "PegApp"
APPLICATION = "PegApp"


def make_app(argv: list[str] | None = None) -> QApplication:
    app = QApplication.instance() or QApplication([sys.argv[0], *(argv or [])])
    QCoreApplication.setOrganizationName(ORGANIZATION)
    QCoreApplication.setApplicationName(APPLICATION)
    app.setApplicationDisplayName("PegApp")
    app.setDesktopFileName("io.github.pegapp.PegApp")
    return app


def run(argv: list[str] | None = None) -> int:
    app = make_app(argv)
    from pegapp.ui.main_window import MainWindow

    from pegapp.ui.worker import wait_for_orphans

    window = MainWindow()
    window.show()
    code = app.exec()
    wait_for_orphans()
    return code
