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

        from pegapp.solvers.pegs import solve

        window.new_game(get_board("triangle15"))
        result = solve(window.game.board, window.game.position, window.game.finish)
        window.open_replay(window.game.position, result.moves)
        window.replay.go_to(4)
        app.processEvents()
        window.grab().save(str(out / "replay.png"))
        window.close()

        from pegapp.ui.game_window import GameWindow as PuzzleWindow

        for name, puzzle_id, params in (
                ("slide", "slide/2x5", {"start": [0, 9, 3, 7, 1, 5, 4, 8, 2, 6]}),
                ("flip8", "flip8/4x4", {})):
            puzzle_window = PuzzleWindow(puzzle_id, params, settings=settings, data_dir=tmp,
                                         restore=False)
            puzzle_window.show()
            puzzle_window.request_hint()
            while puzzle_window.assistant.busy:
                app.processEvents()
            app.processEvents()
            puzzle_window.grab().save(str(out / f"{name}.png"))
            puzzle_window.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1] / "docs")
