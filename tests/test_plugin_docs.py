"""docs/PLUGINS.md, the plug-in authors' reference, stays complete: it names every method a
view may use or override (PuzzleView's own), every colour of the board theme, every field of
the Family and every optional ability, so a member added to PegApp without a word for authors
fails here."""

from __future__ import annotations

import dataclasses
import inspect
import re
from pathlib import Path

import pytest

from pegapp.puzzles import base
from pegapp.puzzles.family import Family

TEXT = (Path(__file__).resolve().parents[1] / "docs" / "PLUGINS.md").read_text(encoding="utf-8")


def named(name: str) -> bool:
    return re.search(rf"(?<![\w.]){re.escape(name)}\b", TEXT) is not None


def view_members() -> list[str]:
    from PySide6.QtWidgets import QWidget

    from pegapp.ui.views.base import PuzzleView

    return sorted(name for name, _ in inspect.getmembers(PuzzleView)
                  if not name.startswith("_") and not hasattr(QWidget, name))


def test_every_view_member_is_documented():
    assert [name for name in view_members() if not named(name)] == []


def test_every_theme_colour_is_named():
    from pegapp.ui.theme import BoardTheme

    assert [f.name for f in dataclasses.fields(BoardTheme) if not named(f.name)] == []


@pytest.mark.parametrize("field", [f.name for f in dataclasses.fields(Family)])
def test_every_family_field_is_named(field):
    assert named(field)


def test_every_ability_is_named():
    names = [n for n in dir(base) if n.isupper() and isinstance(getattr(base, n), str)
             and getattr(base, n) in base.ALL_ABILITIES]
    assert len(names) == len(base.ALL_ABILITIES)
    assert [n for n in names if not named(n)] == []
