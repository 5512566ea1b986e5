"""Every family's view, one module a family named after the family's key (pegs.py, slide.py,
rotate.py, flip8.py, oshidori.py, jugs.py, bulls.py), and the pieces they share, each named for
what it is: base.py (PuzzleView), board_painter.py (a peg board drawn from its coordinates).

A family names its view in its FAMILY as "module:Class" (for example
"pegapp.ui.views.flip8:Flip8View"); view_class() imports that module when a window first needs it."""

from __future__ import annotations

import importlib

from PySide6.QtWidgets import QWidget

from pegapp.puzzles import registry
from pegapp.puzzles.family import Family


def view_class(family: Family) -> type:
    """The view class a family names (Family.view, "module:Class")."""
    module, _, name = family.view.partition(":")
    return getattr(importlib.import_module(module), name)


def view_for(puzzle) -> QWidget:
    """A new view of puzzle, of the class its family names."""
    return view_class(registry.family_of(puzzle.id))(puzzle)
