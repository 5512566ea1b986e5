"""A plug-in whose puzzle breaks at its start or at its save breaks only itself in the window
(issue #72, found by an outside trial): a family whose initial() or is_solved() raised made the
GameWindow fail to open -- and the first window, at every start after, since it opens the last
puzzle played -- and one whose format_moves raised made the window's close raise. The family and
the rule are named in words; the window opens on the default game; the close saves what it can
and says what it could not."""

from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtCore import QSettings

from pegapp.puzzles import registry
from pegapp.ui.game_window import DEFAULT_GAME, GameWindow
from tests.broken_families import GOAL, Steps, family


class InitialRaises(Steps):
    KEY = "initialraises"

    def initial(self):
        raise ValueError("no start today")


class SolvedRaises(Steps):
    KEY = "solvedraises"

    def is_solved(self, state):
        raise RuntimeError("is_solved exploded")


class FormatRaises(Steps):
    KEY = "formatraises"
    goal = GOAL

    def format_moves(self, moves):
        raise TypeError("cannot write moves down")


VIEW = "tests.toy_families:CounterView"


@pytest.fixture
def plugins(monkeypatch):
    """Registers the classes given as plug-in families (drawn by the toy counter's view)."""
    def register(*classes):
        extra = {cls.KEY: dataclasses.replace(family(cls), view=VIEW) for cls in classes}
        monkeypatch.setattr(registry, "_families", {**registry.families(), **extra})
        monkeypatch.setattr(registry, "_plugins", set(registry._plugins) | set(extra))
    return register


def window(qtbot, tmp_path, puzzle_id):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    w = GameWindow(puzzle_id, {}, settings=settings, data_dir=tmp_path / "data", restore=False)
    qtbot.addWidget(w)
    w.show()
    return w


@pytest.mark.parametrize("cls, words", [(InitialRaises, "initial(): ValueError: no start today"),
                                        (SolvedRaises, "is_solved(state): RuntimeError")])
def test_a_plugin_that_breaks_at_its_start_is_named_and_the_window_opens(
        qtbot, tmp_path, plugins, cls, words):
    plugins(cls)
    w = window(qtbot, tmp_path, f"{cls.KEY}/{GOAL}")
    assert w.session.puzzle.id == DEFAULT_GAME
    assert f"{cls.KEY}: the plug-in breaks the family contract: rule 'puzzle'" in w.last_error
    assert words in w.last_error
    w.play_moves([w.session.legal_moves[0]])     # the window plays on
    assert w.session.move_count == 1


def test_a_plugin_that_cannot_write_its_moves_down_closes_its_window_saying_so(
        qtbot, tmp_path, plugins):
    plugins(FormatRaises)
    w = window(qtbot, tmp_path, f"formatraises/{GOAL}")
    assert w.session.puzzle.id == f"formatraises/{GOAL}"
    w.play_moves([1])                              # listed as Python writes the move
    assert w.session.move_count == 1 and w.panel.move_list.count() == 1
    assert w.files.autosave() is False                  # said, not raised
    assert "cannot write moves down" in w.last_error
    w.close()                                      # the close raises nothing either
    assert not w.isVisible()
