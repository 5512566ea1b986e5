"""Render the README's screenshots from the real widgets, offscreen, so they stay current.

    python packaging/screenshots.py [output-folder]
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtCore import QSettings  # noqa: E402

from pegapp.core import pegs  # noqa: E402
from pegapp.core.board import get_board  # noqa: E402
from pegapp.core.notation import parse_moves  # noqa: E402
from pegapp.ui.app import make_app  # noqa: E402


def main(out: Path) -> None:
    app = make_app()
    from pegapp.ui.main_window import MainWindow

    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat)
        settings.setValue("view/animate", False)
        window = MainWindow(settings=settings, data_dir=tmp, restore=False)
        window.new_game(get_board("english"))
        window.show()
        for move in parse_moves("(4,16)(7,9)(10,8)(21,7)(24,10)(23,9)"):
            for jump in pegs.move_jumps(window.game.board, move):
                window.on_jump_requested(*jump)
        window.view.activate_hole(window.game.legal_jumps()[0][0])
        app.processEvents()
        window.grab().save(str(out / "main-window.png"))
        window.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1] / "docs")
