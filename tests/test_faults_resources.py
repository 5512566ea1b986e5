"""Fault suite of the files PegApp ships (boards, catalogues, whole and bounded tablebases,
pagodas, strategies, pattern databases, translations) and of the levels kept on disk by
packaging/prove_on_disk.py (issue #72: every file through one gate).

Each file is replaced by a FIFO, a folder, an empty file and a link to /dev/zero. Its reader
must refuse it in words that name the file (a FIFO would block it for ever, /dev/zero would be
read until memory is gone), and the damage must cost only what depends on the file: the other
boards play, the command line says what is wrong and exits non-zero, never a traceback. Each
reader runs under run_bounded, a hang guard only: the refusal is asserted, never the time.

The shipped files are never touched: ``shipped`` points the resource lookup
(pegapp.core.resources.root) at a tree of links to them, and a damaged file replaces its link.
"""

import contextlib
import faulthandler
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pegapp.cli import main
from pegapp.core import board as board_module
from pegapp.core import resources
from pegapp.core.board import BoardError, get_board, shipped_boards, unavailable_boards
from pegapp.puzzles import catalogue
from pegapp.selftest import CheckFailed, check_boards, refused_data
from pegapp.solvers.guessing import _bulls, classes
from pegapp.solvers.pegs import fitted, tablebase
from pegapp.solvers.sliding import pdb
from tests.test_faults_caches import damage
from tests.test_storage_rule import run_bounded

ROOT = Path(__file__).resolve().parents[1]
DAMAGES = ("fifo", "folder", "empty", "link to /dev/zero")
SPECIAL = "not a regular file"  # the gate's reason for a FIFO, a folder and a device


def reason_for(how: str, empty: str) -> str:
    """What the reader says of a file damaged so: the gate's words, or empty's for "empty"."""
    return empty if how == "empty" else SPECIAL


@contextlib.contextmanager
def hang_guard(seconds: float = 60):
    """For widgets, which must be made on the main thread (run_bounded's thread would not do):
    a hang ends the run with every thread's traceback instead of blocking it for ever."""
    faulthandler.dump_traceback_later(seconds, exit=True)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()


@pytest.fixture
def shipped(tmp_path, monkeypatch) -> Path:
    """A copy of the shipped resources that every reader looks up (a tree of links to the
    checkout's files), with every cache of what was read from them emptied before and after."""
    real, copy = resources.root(), tmp_path / "resources"
    for path in real.rglob("*"):
        target = copy / path.relative_to(real)
        if path.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.symlink_to(path)
    monkeypatch.setattr(resources, "root", lambda: copy)
    for module, name in ((board_module, "_cache"), (catalogue, "_loaded"), (tablebase, "_loaded"),
                         (tablebase, "_files"), (tablebase, "problems"), (fitted, "_read"),
                         (fitted, "problems"), (pdb, "REJECTED")):
        monkeypatch.setattr(module, name, {})
    cached = (_bulls.shipped_strategy, classes.shipped_second_guesses)
    for function in cached:
        function.cache_clear()
    yield copy
    for function in cached:
        function.cache_clear()


def broken(shipped: Path, relative: str, how: str, monkeypatch) -> Path:
    """The shipped file at relative, damaged in the copy: its link replaced by a file of its
    bytes, then damaged as the cache fault suite damages a cache (test_faults_caches.damage)."""
    path = shipped / relative
    data = path.read_bytes()
    path.unlink()
    path.write_bytes(data)
    damage(path, how, monkeypatch)
    return path


# ---- boards

@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_board_file_costs_only_its_own_board(shipped, monkeypatch, how):
    path = broken(shipped, "boards/triangle15.toml", how, monkeypatch)
    with pytest.raises(BoardError) as caught:
        run_bounded(lambda: get_board("triangle15"))
    assert str(path) in str(caught.value)
    assert reason_for(how, "layout: missing") in str(caught.value)
    assert len(run_bounded(shipped_boards)) == 10
    assert set(unavailable_boards()) == {"triangle15"}
    with pytest.raises(CheckFailed, match="unavailable: .*triangle15.toml"):
        check_boards()


_CLI = """
import sys
from pathlib import Path
from pegapp.core import resources
resources.root = lambda: Path(sys.argv[1])
from pegapp.cli import main
print("exit", *[main(command.split()) for command in sys.argv[2:]])
"""


@pytest.mark.parametrize("how", ["fifo", "empty"])
def test_the_command_line_keeps_every_other_board(shipped, monkeypatch, how):
    """In a fresh process (the peg family reads its boards when it is imported): the damaged
    board's file is named with its reason, the others are solved."""
    path = broken(shipped, "boards/triangle15.toml", how, monkeypatch)
    done = subprocess.run([sys.executable, "-c", _CLI, str(shipped), "solve pegs/triangle15",
                           "solve pegs/english --json", "boards"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    codes = done.stdout.strip().splitlines()[-1].split()
    assert codes[0] == "exit" and codes[1] != "0" and codes[2:] == ["0", "0"], done.stderr
    assert f"pegapp: error: {path}: " in done.stderr
    assert reason_for(how, "layout: missing") in done.stderr
    assert "Traceback" not in done.stderr and "unknown puzzle" not in done.stderr
    assert '"moves"' in done.stdout and f"pegs/triangle15: unavailable: {path}" in done.stdout


def test_the_picker_shows_a_damaged_board_unavailable_with_its_reason(shipped, monkeypatch,
                                                                      qtbot, tmp_path):
    from pegapp.puzzles import pegs
    from pegapp.ui.picker import CHOICE, SUMMARY
    from tests.test_ui_picker import picker_for

    path = broken(shipped, "boards/triangle15.toml", "fifo", monkeypatch)
    assert [p.name for p in pegs._presets()][5] == "triangle15"   # its place is kept
    with hang_guard():
        picker = picker_for(qtbot, tmp_path)
    unavailable = [item for item in picker.items() if item.data(CHOICE) is None]
    assert len(unavailable) == 1
    assert str(path) in unavailable[0].toolTip() and SPECIAL in unavailable[0].data(SUMMARY)
    assert "English 33" in [item.text() for item in picker.items()]


# ---- catalogues

@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_catalogue_is_named_and_costs_only_its_board(shipped, monkeypatch, capsys,
                                                               how):
    broken(shipped, "catalogue/triangle15.json", how, monkeypatch)
    with pytest.raises(catalogue.CatalogueError) as caught:
        run_bounded(lambda: catalogue.load(get_board("triangle15")))
    assert "triangle15.json" in str(caught.value)
    assert reason_for(how, "refused: not JSON") in str(caught.value)
    assert run_bounded(lambda: main(["problems", "pegs/triangle15"])) != 0
    assert "triangle15.json" in capsys.readouterr().err
    assert run_bounded(lambda: catalogue.load(get_board("english"))) is not None


def test_a_fifo_among_the_catalogues_is_not_read_when_looking_for_a_board(shipped, monkeypatch):
    """A board without a catalogue of its own name is looked up by the key in each file's
    head: a FIFO or /dev/zero there must not block or fill memory (found by an outside trial:
    the window never showed)."""
    broken(shipped, "catalogue/english.json", "fifo", monkeypatch)
    broken(shipped, "catalogue/french.json", "link to /dev/zero", monkeypatch)
    (shipped / "catalogue" / "triangle15.json").unlink()
    assert run_bounded(lambda: catalogue.load(get_board("triangle15"))) is None


def test_the_window_shows_with_its_catalogue_a_fifo(shipped, monkeypatch, open_window):
    """Found by an outside trial: a FIFO at english.json and the window never showed."""
    broken(shipped, "catalogue/english.json", "fifo", monkeypatch)
    with hang_guard():
        window = open_window("pegs/english")
    assert window.isVisible() and window.session.puzzle.id == "pegs/english"


# ---- tablebases, whole and bounded

@pytest.mark.parametrize("how", DAMAGES)
@pytest.mark.parametrize("board, name, goal", [("diamond13", "diamond13.pegtb", 6),
                                               ("french", "french-0-2.pegtb", 2)])
def test_a_damaged_tablebase_is_passed_over_and_named(shipped, monkeypatch, board, name, goal,
                                                      how):
    path = broken(shipped, f"tablebases/{name}", how, monkeypatch)
    found = run_bounded(lambda: tablebase.find(get_board(board), [1 << goal]))
    assert found is None or all(t.goals != (1 << goal,) for t in found.whole)
    assert reason_for(how, "no table header") in tablebase.problems[str(path)]


# ---- pagodas, strategies, pattern databases

@pytest.mark.parametrize("how", DAMAGES)
def test_damaged_pagodas_are_passed_over_and_named(shipped, monkeypatch, how):
    path = broken(shipped, "pagodas/english.json", how, monkeypatch)
    assert run_bounded(lambda: fitted.functions_for(get_board("english"), 16)) == []
    assert reason_for(how, "not a pagoda file") in fitted.problems[str(path)]


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_strategy_is_named_on_the_command_line(shipped, monkeypatch, capsys, how):
    path = broken(shipped, "strategies/bulls-optimal.json", how, monkeypatch)
    code = run_bounded(lambda: main(["solve", "bulls", "--strategy", "optimal",
                                     "--secret", "1234"]))
    err = capsys.readouterr().err
    assert code != 0 and "cannot write" not in err
    if how == "empty":
        assert "bulls-optimal.json: field preorder" in err
    else:  # a folder once said "cannot write the output: Is a directory"
        assert f"the strategy file {path} cannot be read ({SPECIAL})" in err


@pytest.mark.parametrize("how", DAMAGES)
def test_damaged_second_guesses_are_weighed_on_the_spot(shipped, monkeypatch, how):
    broken(shipped, "strategies/bulls-second.json", how, monkeypatch)
    assert run_bounded(lambda: classes.shipped_second_guesses("bulls")) is None


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_pattern_database_is_refused_unread(shipped, monkeypatch, how):
    (group,) = [g for g in pdb.table_groups(4, 4) if len(g) == 3]
    path = broken(shipped, f"pdb/{pdb.pdb_name(4, 4, group)}", how, monkeypatch)
    assert pdb.shipped_path(pdb.pdb_name(4, 4, group)) == path
    with pytest.raises(pdb.BadTable) as caught:
        run_bounded(lambda: pdb.read_pdb_file(path, 4, 4, group))
    assert how == "empty" or SPECIAL in str(caught.value)


def test_the_selftest_names_every_damaged_data_file(shipped, monkeypatch):
    damaged = [broken(shipped, "catalogue/hoppers.json", "fifo", monkeypatch),
               broken(shipped, "tablebases/diamond13.pegtb", "empty", monkeypatch),
               broken(shipped, "pagodas/french.json", "folder", monkeypatch),
               broken(shipped, "strategies/mastermind-minimax.json", "link to /dev/zero",
                      monkeypatch)]
    said = " | ".join(run_bounded(refused_data))
    assert all(path.name in said for path in damaged), said


# ---- translations

@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_translation_leaves_the_words_in_english(shipped, monkeypatch, qapp, how):
    from PySide6.QtCore import QTranslator

    from pegapp.ui import i18n

    path = broken(shipped, "i18n/pegapp_ja.qm", how, monkeypatch)
    assert run_bounded(lambda: i18n.load_qm(QTranslator(), path)) is False
    try:
        assert run_bounded(lambda: i18n.install_translator(qapp, "ja")) == "en"
    finally:
        i18n.remove_translators(qapp)


def test_a_translation_read_through_the_gate_still_translates(qapp):
    from PySide6.QtCore import QCoreApplication

    from pegapp.ui import i18n

    try:
        assert i18n.install_translator(qapp, "ja") == "ja"
        assert QCoreApplication.translate("Messages", SPECIAL) != SPECIAL
    finally:
        i18n.remove_translators(qapp)


# ---- levels on disk (packaging/prove_on_disk.py)

def _prove_on_disk():
    import importlib.util

    spec = importlib.util.spec_from_file_location("prove_on_disk",
                                                  ROOT / "packaging" / "prove_on_disk.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


@pytest.fixture(scope="module")
def levels(tmp_path_factory) -> Path:
    """Levels on disk of triangle 15 (0 to 0 within 10 moves), made once for the module."""
    folder = tmp_path_factory.mktemp("levels") / "triangle15"
    assert _prove_on_disk().main(["triangle15", "0", "0", "10", str(folder)]) == 0
    return folder


@pytest.mark.parametrize("how", [*DAMAGES, "unreadable"])
@pytest.mark.parametrize("name", ["manifest.json", "1.keys"])
def test_damaged_levels_on_disk_are_named_or_made_again(levels, tmp_path, monkeypatch, capsys,
                                                        name, how):
    folder = tmp_path / "triangle15"
    shutil.copytree(levels, folder)
    path = folder / "forward" / name
    damage(path, how, monkeypatch)
    capsys.readouterr()
    code = run_bounded(lambda: _prove_on_disk().main(["triangle15", "0", "0", "10",
                                                      str(folder)]))
    out, err = capsys.readouterr()
    if how == "empty" or (how == "unreadable" and name == "manifest.json"):
        assert code == 0 and "minimum 10 moves" in out   # a record that cannot be used: remade
    else:
        assert code == 1 and "Traceback" not in err
        assert err == f"prove_on_disk: {path}: " + (
            "Permission denied" if how == "unreadable" else SPECIAL) + "\n"



def test_a_fifo_where_a_level_is_to_be_written_is_named(levels, tmp_path, capsys):
    """A level the manifest does not list is made again: a FIFO in its place would block the
    write for ever."""
    import json

    folder = tmp_path / "triangle15"
    shutil.copytree(levels, folder)
    manifest = folder / "forward" / "manifest.json"
    head = json.loads(manifest.read_text())
    last = len(head["levels"]) - 1
    head["levels"] = head["levels"][:last]
    manifest.write_text(json.dumps(head))
    path = folder / "forward" / f"{last}.keys"
    path.unlink()
    os.mkfifo(path)
    code = run_bounded(lambda: _prove_on_disk().main(["triangle15", "0", "0", "10",
                                                      str(folder)]))
    assert code == 1 and capsys.readouterr().err == f"prove_on_disk: {path}: {SPECIAL}\n"
