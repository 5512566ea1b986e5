"""The family contract (docs/FAMILY-CONTRACT.md; its rules in docs/DESIGN.md, "How to add a family"),
checked the same way on every installed family -- PegApp's own and any plug-in installed beside
them (the examples under tests/plugins when installed; their tests install them themselves) --
by pegapp.puzzles.contract and `pegapp check-family KEY`; a deliberately broken family fails it,
naming the rule. Also what the rules stand on: every param kind survives a save, a position that
is not plain JSON is refused clearly, and an ability's method is used only when declared."""

from __future__ import annotations

import json

import pytest

from pegapp import cli
from pegapp.core.storage import SaveError
from pegapp.puzzles import registry
from pegapp.puzzles.base import ALL_ABILITIES
from pegapp.puzzles.contract import ABILITY_METHODS, RULES, Broken, check_family
from pegapp.puzzles.session import Session
from pegapp.ui.view_check import check_view
from tests.toy_families import BROKEN, TOY, Counter


@pytest.mark.parametrize("key", list(registry.families()))
def test_every_installed_family_keeps_the_contract(qtbot, key):
    assert check_family(registry.families()[key], check_view) == []


@pytest.fixture
def toys(monkeypatch):
    """The toy families registered beside the installed ones."""
    monkeypatch.setattr(registry, "_families", {**registry.families(), "toy": TOY,
                                                "broken": BROKEN})


def test_the_toy_family_keeps_it(qtbot, toys):
    assert check_family(TOY, check_view) == []


def test_a_broken_family_fails_naming_the_rule(qtbot, toys, capsys):
    broken = check_family(BROKEN, check_view)
    assert [b.rule for b in broken] == ["shuffle"]
    assert "make() did not honour params['shuffle']" in broken[0].reason
    assert cli.main(["check-family", "broken"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("pegapp: check-family broken: rule 'shuffle' broken: broken/5: make() "
                          "did not honour params['shuffle']")
    assert cli.main(["check-family", "toy", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] and out["broken"] == [] and out["rules"] == [*RULES, "view"]
    assert cli.main(["check-family", "nosuch"]) == 2
    assert "no family 'nosuch'" in capsys.readouterr().err


def test_each_rule_names_what_breaks_it(toys, monkeypatch):
    # an undeclared ability's method: PegApp would never call it
    monkeypatch.setattr(Counter, "describe_move", lambda self, state, move, advice=False: "x",
                        raising=False)
    assert check_family(TOY)[0] == Broken(
        "abilities", "toy/5: has describe_move() but does not declare 'describe' in ABILITIES "
                     "(PegApp never calls it)")
    monkeypatch.delattr(Counter, "describe_move")
    # an ability PegApp does not know
    monkeypatch.setattr(Counter, "ABILITIES", frozenset({"shuffle", "teleport"}))
    assert check_family(TOY)[0].rule == "abilities"
    monkeypatch.setattr(Counter, "ABILITIES", frozenset({"shuffle"}))
    # a solver that needs arguments the contract says are optional
    monkeypatch.setattr(Counter, "solve", lambda self, state, progress, stop: None)
    assert [b.rule for b in check_family(TOY)] == ["solve", "annotate"]


def test_every_ability_with_a_method_is_known():
    assert set(ABILITY_METHODS) <= ALL_ABILITIES


def test_every_param_kind_survives_a_save(toys):
    """Whole number, true/false, fractional number and text: saved and loaded as they were."""
    puzzle_id, params = TOY.variant({"goal": "7", "wrap": "yes", "step": "2.5",
                                     "label": "Zählen ✓"})
    assert params == {"wrap": True, "step": 2.5, "label": "Zählen ✓", "size": 7}
    session = Session(TOY.make(puzzle_id, params), params)
    session.push(2)
    again = Session.from_json(session.to_json())
    assert again.params == params and [type(v) for v in again.params.values()] == \
        [bool, float, str, int]
    assert again.puzzle.wrap is True and again.puzzle.step == 2.5 and again.state == 2


@pytest.mark.parametrize("value, field", [(True, "params.step"), ("x", "params.wrap"),
                                          (float("nan"), "params.step")])
def test_a_param_of_the_wrong_kind_in_a_save_is_named(toys, value, field):
    session = Session(TOY.make("toy/5", {}), {})
    data = json.loads(session.to_json())
    data["params"][field.split(".")[1]] = value
    with pytest.raises(SaveError, match=field.replace(".", r"\.")):
        Session.from_json(json.dumps(data), source="toy.json")


def test_a_position_that_is_not_plain_json_is_refused_clearly(toys):
    puzzle = TOY.make("toy/5", {})
    session = Session(puzzle, {"label": {1, 2}})
    with pytest.raises(SaveError, match=r"cannot save toy/5: its params is not plain JSON"):
        session.to_json()
    odd = Session(puzzle, {}, start=frozenset({1}))
    with pytest.raises(SaveError, match=r"cannot save toy/5: its start is not plain JSON"):
        odd.to_json()


def test_the_window_says_why_it_cannot_save(qtbot, toys, open_window, tmp_path, monkeypatch):
    from pegapp.ui import game_window

    shown = []
    monkeypatch.setattr(game_window.GameWindow, "show_error",
                        lambda self, title, text: shown.append((title, text)))
    w = open_window("toy/5", {})
    w.session.params["label"] = {1}   # a family's mistake: a set among its params
    assert w.files.save_game(tmp_path / "x.pegapp.json") is False
    assert shown == [("Cannot save", "cannot save toy/5: its params is not plain JSON "
                                     "(Object of type set is not JSON serializable)")]
    assert not (tmp_path / "x.pegapp.json").exists()


def test_the_variant_dialog_has_a_check_box_for_a_bool(qtbot, toys):
    from PySide6.QtWidgets import QCheckBox

    from pegapp.ui.variant_dialog import VariantDialog

    dialog = VariantDialog(TOY)
    qtbot.addWidget(dialog)
    box = dialog.fields["wrap"]
    assert isinstance(box, QCheckBox) and box.isChecked()
    box.setChecked(False)
    assert dialog.choice() == ("toy/6", {"wrap": False, "step": 0.5, "label": "Zählen ✓",
                                         "size": 6})
