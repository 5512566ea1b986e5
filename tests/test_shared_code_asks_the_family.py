"""Shared code asks the family (issue #25): the command line takes from a puzzle only the options
its family declares it reads (Family.options) and refuses the others by name; the declarations
are what each family's commands really read; the shared modules name no family; the game warms
up through Family.warm_up; the settings reach a view by what it declares (SETTINGS)."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

from pegapp import cli
from pegapp.puzzles import registry
from pegapp.puzzles.family import OPTIONS, Family

ROOT = Path(__file__).resolve().parents[1]


def run(capsys, *argv):
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("argv, option, takes", [
    (("solve", "jugs", "--capacities", "8,5", "--target", "4", "--finish", "1"), "--finish",
     "--start, --capacities, --target, --memory"),
    (("solve", "slide/2x5", "--kinds", "3"), "--kinds", "--start"),
    (("hint", "rotate/3x3", "--finish", "any"), "--finish", "--start"),
    (("moves", "flip8/4x4", "--secret", "1234"), "--secret", "--start"),
    (("solve", "bulls", "--memory", "1"), "--memory", "--start, --strategy, --ruleset, --secret"),
    (("solve", "oshidori/k3", "--board-file", "x.toml"), "--board-file",
     "--start, --kinds, --pairs, --memory"),
    (("solve", "pegs/english", "--target", "4"), "--target",
     "--start, --finish, --count, --first-move, --memory, --board-file, --search"),
])
def test_an_option_the_family_does_not_read_is_refused_by_name(capsys, argv, option, takes):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    puzzle = argv[1]
    assert err.strip() == f"pegapp: error: {puzzle} does not take {option} (it takes {takes})"


@pytest.mark.parametrize("argv, error", [
    (("hint", "pegs/english", "--count"), "hint does not take --count (only solve counts "
                                          "solutions)"),
    (("moves", "pegs/english", "--first-move", "0,6"), "moves does not take --first-move (only "
                                                      "solve counts solutions)"),
    (("solve", "pegs/english", "--first-move", "4,16"), "--first-move fixes the first move of "
                                                       "the solutions --count counts: give "
                                                       "--count too"),
])
def test_counting_options_are_refused_where_nothing_is_counted(capsys, argv, error):
    # they were read by no one there: the command answered as if they were not given
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.strip() == f"pegapp: error: {error}"


def test_a_family_without_options_says_it_takes_none(capsys, monkeypatch):
    family = registry.families()["rotate"]
    monkeypatch.setattr(cli, "family_of", lambda puzzle_id: Family(
        "rotate", family.name, family.name_ja, family.rules, family.presets, family.params,
        family.make, family.view))
    code, _out, err = run(capsys, "solve", "rotate/3x3", "--start", "1,2,3,4,5,6,7,8,9")
    assert code == 2
    assert err.strip() == "pegapp: error: rotate/3x3 does not take --start (it takes no options)"


def test_an_unknown_option_name_in_a_declaration_is_refused():
    family = registry.families()["rotate"]
    with pytest.raises(ValueError, match="unknown command-line option 'begin'"):
        Family("x", "X", "X", "", (), (), family.make, family.view, options=("begin",))


def options_read(module_path: Path) -> set[str]:
    """The command-line options a module reads: args.NAME, getattr(args, "NAME"),
    option_value(args, "NAME", ...) and memory_gb(args) (--memory), found in its syntax tree."""
    tree = ast.parse(module_path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                node.value.id == "args":
            found.add(node.attr)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id == "getattr" and len(node.args) >= 2 and \
                    isinstance(node.args[0], ast.Name) and node.args[0].id == "args" and \
                    isinstance(node.args[1], ast.Constant):
                found.add(node.args[1].value)
            if node.func.id == "option_value" and len(node.args) >= 2 and \
                    isinstance(node.args[1], ast.Constant):  # family.option_value(args, NAME, read)
                found.add(node.args[1].value)
            if node.func.id == "memory_gb":
                found.add("memory")
    return found & set(OPTIONS)


@pytest.mark.parametrize("key", ["pegs", "slide", "rotate", "flip8", "oshidori", "jugs", "bulls"])
def test_each_familys_declared_options_are_the_ones_its_commands_read(key):
    family = registry.families()[key]
    path = Path(family.commands.__file__)
    assert options_read(path) == set(family.options)


#: the shared modules: none names a family (save formats of earlier releases aside, in
#: puzzles/session.py, and the window's default game and old settings). ui/export.py still
#: draws a peg Board's solution (export_peg_solution) beside the generic export_states: it moves
#: to the peg view's module once the views are split (see the issue's notes).
SHARED = ["pegapp/cli.py", "pegapp/core/stats.py", "pegapp/ui/app.py",
          "pegapp/ui/settings_dialog.py", "pegapp/ui/picker.py"]


def string_literals(path: Path) -> list[str]:
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    return [ast.literal_eval(t.string) for t in tokens
            if t.type == tokenize.STRING and not t.string.startswith(('"""', "'''", 'f', 'r'))]


@pytest.mark.parametrize("name", SHARED)
def test_no_shared_module_names_a_family(name):
    keys = set(registry.families())
    text = (ROOT / name).read_text(encoding="utf-8")
    named = [s for s in string_literals(ROOT / name) if s in keys or s.split("/")[0] in keys
             and re.fullmatch(r"[a-z0-9]+/[A-Za-z0-9_-]+", s)]
    assert named == [], f"{name} names {named}"
    assert not re.search(r"^from pegapp\.(puzzles|solvers)\.(" + "|".join(keys) + r")\b", text,
                         re.MULTILINE), f"{name} imports a family's module"


def test_the_game_warms_up_through_the_families(monkeypatch):
    from pegapp.ui import app

    assert registry.families()["pegs"].warm_up is not None   # the peg solver's kernels
    called = []
    broken = Family("broken", "B", "B", "", (), (), registry.families()["rotate"].make, "x:Y",
                    warm_up=lambda: 1 / 0)
    fine = Family("fine", "F", "F", "", (), (), registry.families()["rotate"].make, "x:Y",
                  warm_up=lambda: called.append("fine"))
    monkeypatch.setattr(app.registry, "families", lambda: {"broken": broken, "fine": fine})
    app.warm_up_families()   # a family whose warm-up fails does not stop the others
    assert called == ["fine"]


def test_settings_reach_a_view_by_what_it_declares(qtbot):
    from PySide6.QtWidgets import QWidget

    from pegapp.ui.views.base import PuzzleView
    from pegapp.ui.settings_dialog import DEFAULTS, apply_settings

    class Plain(PuzzleView):
        pass

    class Animated(PuzzleView):
        SETTINGS = frozenset({"view/animate", "view/animation_ms"})
        animations_enabled = True
        animation_ms = 1

    puzzle = registry.make_puzzle("rotate/3x3", {})
    for cls in (Plain, Animated):
        window = QWidget()
        qtbot.addWidget(window)
        window.view = cls(puzzle, window)
        apply_settings(window, {**DEFAULTS, "view/animate": False, "view/animation_ms": 420,
                                "view/show_targets": False})
        assert not hasattr(window.view, "show_targets")   # not declared: never set
        if cls is Animated:
            assert window.view.animations_enabled is False and window.view.animation_ms == 420
        else:
            assert not hasattr(window.view, "animations_enabled")


def family_classes_and_modules() -> tuple[set[str], set[str]]:
    """Each installed family's puzzle class names and the modules that define them."""
    classes, modules = set(), set()
    for family in registry.families().values():
        puzzle = family.make(family.presets[0].puzzle_id, dict(family.presets[0].params))
        classes.add(type(puzzle).__name__)
        modules.add(type(puzzle).__module__)
    return classes, modules


#: shared modules checked by their syntax tree: no import of a family's module (at the top or
#: inside a function) and no use of a family's class (the Map used to tell the families apart by
#: isinstance; each family now says how its map is made, map_maker)
SHARED_BY_TREE = SHARED + ["pegapp/puzzles/whole_map.py", "pegapp/puzzles/hints.py",
                           "pegapp/puzzles/analysis.py", "pegapp/ui/map_view.py"]


@pytest.mark.parametrize("name", SHARED_BY_TREE)
def test_no_shared_module_imports_or_uses_a_familys_class(name):
    classes, modules = family_classes_and_modules()
    tree = ast.parse((ROOT / name).read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in modules:
            found.append(f"from {node.module} import ...")
        if isinstance(node, ast.Import):
            found += [f"import {a.name}" for a in node.names if a.name in modules]
        if isinstance(node, ast.ImportFrom) and node.module in ("pegapp.puzzles", None):
            found += [f"import {a.name}" for a in node.names
                      if f"pegapp.puzzles.{a.name}" in modules]
        if isinstance(node, ast.Name) and node.id in classes:
            found.append(node.id)
    assert found == [], f"{name} names {found}"
