"""The family descriptor and the registry (issue #12): families registered once, through the
entry-point group pegapp.families, read from pyproject.toml in a checkout; plug-ins that fail
are reported, never fatal; Param describes every variant dialog the window had."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path
from types import SimpleNamespace

import pytest

from pegapp import cli
from pegapp.puzzles import registry
from pegapp.puzzles.base import BadInput
from pegapp.puzzles.family import CHOICE, INT, INTS, Family, Param, Preset

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ["pegs", "slide", "rotate", "flip8", "oshidori", "jugs", "bulls"]
#: plug-ins installed beside PegApp (a player's, or the examples of tests/plugins), in the
#: registry's order: by distribution name
PLUGINS = [k for k in registry.families() if k not in SHIPPED]


@pytest.fixture
def plugin_dir(tmp_path):
    """A folder on sys.path for the test's plug-ins; afterwards gone, and the registry without
    them."""
    folder = tmp_path / "site"
    folder.mkdir()
    sys.path.insert(0, str(folder))
    modules = set(sys.modules)
    try:
        yield folder
    finally:
        sys.path.remove(str(folder))
        for name in set(sys.modules) - modules:
            if getattr(sys.modules[name], "__file__", "") and \
                    str(folder) in str(sys.modules[name].__file__):
                del sys.modules[name]
        registry.reload()


def test_every_shipped_family_once_in_the_order_shipped():
    families = registry.families()
    assert list(families)[:len(SHIPPED)] == SHIPPED
    for key, family in families.items():
        assert isinstance(family, Family) and family.key == key
        assert family.presets and family.rules and family.name and family.name_ja
        assert ":" in family.view
    assert registry.problems() == []


def test_the_one_registration_is_pyprojects_entry_points():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    table = data["project"]["entry-points"]["pegapp.families"]
    assert list(table) == SHIPPED
    assert registry.own_entry_points() == list(table.items())
    for key, value in table.items():
        assert value == f"pegapp.puzzles.{key}:FAMILY"


def test_a_stale_installed_metadata_does_not_hide_the_checkouts_list(monkeypatch):
    stale = SimpleNamespace(entry_points=[
        SimpleNamespace(group="pegapp.families", name="slide", value="pegapp.puzzles.slide:FAMILY")])
    monkeypatch.setattr(registry.importlib.metadata, "distribution", lambda name: stale)
    assert [k for k, _ in registry.own_entry_points()] == SHIPPED
    # outside a checkout (an installed wheel) the metadata is the list
    monkeypatch.setattr(registry, "_checkout_pyproject", lambda: None)
    assert registry.own_entry_points() == [("slide", "pegapp.puzzles.slide:FAMILY")]


def _plugin(folder: Path, dist: str, entries: dict[str, str], modules: dict[str, str]) -> None:
    """A distribution installed in folder (its dist-info and modules), as pip --target makes."""
    info = folder / f"{dist}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n")
    lines = "".join(f"{k} = {v}\n" for k, v in entries.items())
    (info / "entry_points.txt").write_text(f"[pegapp.families]\n{lines}")
    for name, code in modules.items():
        (folder / f"{name}.py").write_text(textwrap.dedent(code))


def test_a_plugin_that_fails_is_reported_not_fatal(plugin_dir, capsys):
    _plugin(plugin_dir, "pegapp-broken", {
        "raises": "broken_raises:FAMILY",
        "notafamily": "broken_other:FAMILY",
        "slide": "broken_other:SLIDE",          # a key PegApp's own family has
    }, {
        "broken_raises": "raise RuntimeError('kaputt')\n",
        "broken_other": """
            from pegapp.puzzles.slide import FAMILY as SLIDE
            FAMILY = 42
        """,
    })
    families = registry.reload()
    assert list(families) == [*SHIPPED, *PLUGINS]
    problems = registry.problems()
    assert len(problems) == 3
    assert any("'raises'" in p and "RuntimeError: kaputt" in p for p in problems)
    assert any("'notafamily'" in p and "not a pegapp Family" in p for p in problems)
    assert any("'slide'" in p and "pegapp-broken" in p and "taken" in p for p in problems)
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3 and all(line.startswith("pegapp: family ") for line in err)
    # the self-test shows them
    from pegapp import selftest
    with pytest.raises(selftest.CheckFailed, match="kaputt"):
        selftest.check_families()


def test_a_working_plugin_comes_after_the_shipped_families(plugin_dir):
    _plugin(plugin_dir, "pegapp-tiny", {"tiny": "tiny_family:FAMILY"}, {"tiny_family": """
        from pegapp.puzzles.family import Family, Preset
        from pegapp.puzzles.jugs import Jugs
        FAMILY = Family("tiny", "Tiny jugs", "小さな水差し", "Measure 1 L.",
                        (Preset("tiny", "Tiny", "小", {}),), (),
                        make=lambda pid, params: Jugs((3, 2), 1), view="tiny_view:View",
                        ids=("wee",))
    """})
    families = registry.reload()
    assert list(families) == [*SHIPPED, *PLUGINS, "tiny"]   # pegapp-tiny: last by name
    assert registry.family_of("wee/1").key == "tiny"
    assert registry.make_puzzle("tiny", {}).capacities == (3, 2)
    assert registry.problems() == []


def test_family_of_and_make_puzzle():
    assert registry.family_of("slide/4x4").key == "slide"
    assert registry.family_of("mastermind").key == "bulls"
    assert registry.family_of("jugs").key == "jugs"
    with pytest.raises(BadInput, match="unknown puzzle 'chess/8x8'"):
        registry.family_of("chess/8x8")
    for family in registry.families().values():
        for preset in family.presets:
            puzzle = registry.make_puzzle(preset.puzzle_id, preset.params)
            assert registry.family_of(puzzle.id) is family


def test_the_old_names_are_gone_and_families_lists_the_same():
    # FAMILIES and GUESSING were parts of families(): the callers moved, the names went
    assert not hasattr(registry, "FAMILIES") and not hasattr(registry, "GUESSING")
    own = [k for k in registry.families() if k not in ("pegs", "bulls", *PLUGINS)]
    assert own == ["slide", "rotate", "flip8", "oshidori", "jugs"]
    assert registry.family_of("bulls").key == "bulls"


# ---- Param: the variant dialog of every family, expressed as data

def test_param_reads_and_checks_what_the_player_typed():
    rows = Param("rows", "Rows", INT, 3, minimum=2, maximum=5)
    assert rows.read("4") == 4 and rows.read(5) == 5
    for bad in ("6", "1", "x", "４", True):
        with pytest.raises(BadInput):
            rows.read(bad)
    caps = Param("capacities", "Capacities", INTS, [8, 5], minimum=1, maximum=1000, count=(2, 5))
    assert caps.read("8, 5") == [8, 5] and caps.read("12 8 5") == [12, 8, 5]
    assert caps.read([3, 2]) == [3, 2]
    for bad in ("8", "8, x", "0, 5", "1 2 3 4 5 6"):
        with pytest.raises(BadInput):
            caps.read(bad)
    kind = Param("stones", "Stones", CHOICE, "a", choices=(("a", "A"), ("b", "B")))
    assert kind.read("b") == "b"
    with pytest.raises(BadInput):
        kind.read("c")
    count = Param("count", "k or n", INT, 4, minimum=2, maximum=13, range_of="stones",
                  ranges=(("a", 2, 10), ("b", 2, 13)))
    assert count.limits({"stones": "a"}) == (2, 10) and count.limits({"stones": "b"}) == (2, 13)
    assert count.limits() == (2, 13)
    with pytest.raises(ValueError):
        Param("x", "X", "float")
    with pytest.raises(ValueError):
        Param("x", "X", CHOICE)


def test_every_branch_of_the_old_variant_dialog_is_a_family_variant():
    fams = registry.families()
    pid, params = fams["slide"].variant({"rows": 3, "cols": 4})
    assert pid == "slide/3x4" and isinstance(params["shuffle"], int)
    with pytest.raises(BadInput):
        fams["slide"].variant({"rows": 6, "cols": 3})           # slide: 2..5
    assert fams["flip8"].variant({"rows": "20", "cols": "2"}) == ("flip8/20x2", {})
    with pytest.raises(BadInput):
        fams["flip8"].variant({"rows": 21, "cols": 3})          # 8-flip: 2..20
    assert fams["oshidori"].variant({"stones": "kinds", "count": 5}) == ("oshidori/k5",
                                                                          {"kinds": 5})
    assert fams["oshidori"].variant({"stones": "pairs", "count": 13}) == (
        "oshidori/classic13", {"pairs": 13})
    with pytest.raises(BadInput):
        fams["oshidori"].variant({"stones": "kinds", "count": 13})   # kinds: 2..10
    assert fams["jugs"].variant({"capacities": "12, 8, 5", "target": 6}) == (
        "jugs", {"capacities": [12, 8, 5], "target": 6})
    with pytest.raises(BadInput, match="whole number"):
        fams["jugs"].variant({"capacities": "8, five", "target": 4})
    assert fams["rotate"].params == ()
    with pytest.raises(BadInput, match="no other sizes"):
        fams["rotate"].variant({})
    # defaults make a puzzle for every family that has params
    for family in fams.values():
        if family.params:
            pid, params = family.variant(family.defaults())
            assert registry.make_puzzle(pid, params) is not None


def test_statistics_keys_come_from_the_family():
    jugs = registry.family_of("jugs")
    assert jugs.stats_variant("jugs", {"capacities": [8, 5], "target": 4}) == "8,5→4"
    slide = registry.family_of("slide/3x3")
    assert slide.stats_variant("slide/3x3", {"shuffle": 7}) == ""
    assert slide.stats_id(registry.make_puzzle("slide/3x3", {})) == "slide/3x3"


# ---- pegapp families

def test_families_json_lists_every_family_with_its_params(capsys):
    assert cli.main(["families", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [f["key"] for f in out["families"]][:len(SHIPPED)] == SHIPPED
    assert out["problems"] == []
    for f in out["families"]:
        assert {"key", "name", "name_ja", "rules", "presets", "params", "ids"} <= set(f)
        assert f["ids"][0] == f["key"]
        for p in f["presets"]:
            assert {"puzzle", "name", "name_ja", "params"} <= set(p)
        for p in f["params"]:
            assert {"name", "label", "kind", "default"} <= set(p)
    by_key = {f["key"]: f for f in out["families"]}
    assert by_key["bulls"]["ids"] == ["bulls", "mastermind"]
    count = by_key["oshidori"]["params"][1]
    assert count["range_of"] == "stones" and count["ranges"][0] == {"value": "kinds",
                                                                   "minimum": 2, "maximum": 10}
    assert by_key["jugs"]["params"][0]["count"] == [2, 5]


def test_families_text_and_an_unknown_puzzle(capsys):
    assert cli.main(["families"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == [*SHIPPED, *PLUGINS]
    assert cli.main(["solve", "chess/8x8", "--json"]) == 2
    err = capsys.readouterr().err
    assert "unknown puzzle 'chess/8x8' (families: bulls, flip8, " in err
    assert f"(families: {', '.join(registry.known_ids())})" in err


def test_a_solve_loads_only_its_own_family():
    code = ("import sys; from pegapp import cli; cli.main(['solve', 'jugs', '--capacities', '8,5',"
            " '--target', '4', '--json']); "
            "print(sorted(m for m in sys.modules if m.startswith('pegapp.puzzles.')), "
            "file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    loaded = out.stderr.strip()
    assert "pegapp.puzzles.jugs" in loaded and "pegapp.puzzles.slide" not in loaded
    assert json.loads(out.stdout)["length"] == 10


def test_a_family_is_checked_when_it_is_made():
    with pytest.raises(ValueError):
        Family("a/b", "x", "x", "x", (), (), make=lambda p, q: None, view="m:V")
    with pytest.raises(ValueError):
        Family("a", "x", "x", "x", (), (Param("n", "N", INT), Param("n", "N", INT)),
               make=lambda p, q: None, view="m:V")
    assert Preset("a", "A", "エー").display_name("ja") == "エー"
