"""Moved: every family's view has a module of its own in pegapp.ui.views (PuzzleView in
pegapp.ui.views.base, view_class and view_for in pegapp.ui.views). These names stay importable from
here for code written before the move."""

from pegapp.ui.views import view_class, view_for  # noqa: F401
from pegapp.ui.views.base import PuzzleView  # noqa: F401
from pegapp.ui.views.flip8 import Flip8View  # noqa: F401
from pegapp.ui.views.jugs import JugLayout, JugsView  # noqa: F401
from pegapp.ui.views.oshidori import STONE_COLOURS, OshidoriView  # noqa: F401
from pegapp.ui.views.rotate import RotateView  # noqa: F401
from pegapp.ui.views.slide import SlideView  # noqa: F401
