"""Moved: the guessing games' view is pegapp.ui.views.bulls. These names stay importable from here
for code written before the move."""

from pegapp.ui.views.bulls import RULESETS, BullsView, big_list, guess_pixmap  # noqa: F401
