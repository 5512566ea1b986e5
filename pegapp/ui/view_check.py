"""The family contract's rule "view" (pegapp.puzzles.contract): the view a family names builds
for each preset's puzzle and draws offscreen -- the start, a position after a move, a hint -- and
has what the one game window asks of every view (the PuzzleView protocol)."""

from __future__ import annotations

import os

from pegapp.puzzles.family import Family

#: what the game window calls on every view (pegapp.ui.views.base.PuzzleView gives defaults)
VIEW_PROTOCOL = ("movesRequested", "statusChanged", "set_state", "set_hint", "play_move",
                 "set_trail", "paint_diagram", "set_annotations", "title", "goal_text",
                 "status_text", "extra_actions", "picture", "SETTINGS", "theme_mode",
                 "interactive")


def _not_failed(view, puzzle_id: str) -> None:
    """AssertionError naming the failure when the view raised in its drawing or input: caught
    at the boundary (pegapp.ui.views.guard), it drew its failure panel instead of the board."""
    failure = getattr(view, "view_failure", None)
    if failure is not None:
        from pegapp.ui.views.guard import failure_words
        raise AssertionError(f"{puzzle_id}: the view raised in {view.view_failure_where}: "
                             f"{failure_words(failure)}")


def check_view(family: Family) -> None:
    """AssertionError (the reason) when the family's view does not build, lacks part of the
    protocol, or draws nothing."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # `pegapp check-family` has no window
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QApplication

    from pegapp.ui.views import view_class

    app = QApplication.instance() or QApplication([])
    cls = view_class(family)
    for preset in family.presets:
        puzzle = family.make(preset.puzzle_id, dict(preset.params))
        view = cls(puzzle)
        try:
            missing = [name for name in VIEW_PROTOCOL if not hasattr(view, name)]
            assert not missing, f"{family.view} has no {', '.join(missing)} (see PuzzleView)"
            view.resize(420, 320)
            start = puzzle.initial()
            view.set_state(start)
            moves = list(puzzle.moves(start))
            if moves:
                view.set_hint(moves[0])
            image = view.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
            _not_failed(view, preset.puzzle_id)
            assert not image.isNull(), f"{preset.puzzle_id}: the view drew nothing"
            colours = {image.pixel(x, y) for x in range(0, image.width(), 3)
                       for y in range(0, image.height(), 3)}
            assert len(colours) > 1, f"{preset.puzzle_id}: the view drew one flat colour"
            if moves:
                after = puzzle.apply(start, moves[0])
                view.play_move(moves[0], after)
                view.set_state(after)
                view.grab()
                _not_failed(view, preset.puzzle_id)
            picture = view.picture(64)
            _not_failed(view, preset.puzzle_id)
            assert not picture.isNull(), f"{preset.puzzle_id}: picture() is empty (the picker's)"
        finally:
            view.deleteLater()
    app.processEvents()
