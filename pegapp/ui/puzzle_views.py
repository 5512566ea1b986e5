"""One view widget per puzzle family: it draws a state and asks for moves with movesRequested.

Views never change the game: the window applies the moves through its undo stack.
"""

from __future__ import annotations



from pegapp.ui.views import view_class, view_for  # noqa: F401 - importable from here too
from pegapp.ui.views.base import PuzzleView  # noqa: F401 - importable from here too
from pegapp.ui.views.jugs import JugsView  # noqa: F401 - importable from here too
from pegapp.ui.views.oshidori import OshidoriView  # noqa: F401 - importable from here too
from pegapp.ui.views.flip8 import Flip8View  # noqa: F401 - importable from here too
from pegapp.ui.views.rotate import RotateView  # noqa: F401 - importable from here too
from pegapp.ui.views.slide import SlideView  # noqa: F401 - importable from here too
