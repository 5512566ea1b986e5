"""Moved: the peg view is pegapp.ui.views.pegs, the board painter pegapp.ui.views.board_painter.
These names stay importable from here for code written before the move."""

from pegapp.ui.views.board_painter import BoardGeometry, BoardPainter, board_pixmap  # noqa: F401
from pegapp.ui.views.pegs import BoardView, PegView  # noqa: F401
