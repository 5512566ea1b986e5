"""Fault injection on board files (issue #10): every field with non-finite, huge, negative and
wrong-typed values, deep nesting, truncated, empty, garbage, non-UTF-8 and unreadable files. Each
must end in a BoardError naming the file, the field and the reason -- in the loader, inside a save
file, and on the command line as one line with exit status 2."""

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

import pegapp.core.board as board_module
from pegapp.core import storage
from pegapp.cli import main
from pegapp.core.board import (MAX_FILE_BYTES, MAX_HOLES, BoardError, get_board, is_safe_board_id,
                               load_board, parse_board)
from pegapp.core.storage import SaveError
from pegapp.puzzles.session import Session
from tests.old_saves import peg_game_v1, peg_session
from pegapp.core.messages import Message
from tests.peg_window import game

ROOT = Path(__file__).resolve().parents[1]

#: a small valid board given as tables: 4 holes in a row, jumps 0-1-2 and 1-2-3
TABLES = {
    "name": '"row"',
    "holes": "[[0, 0], [1, 0], [2, 0], [3, 0]]",
    "jumps": "[[0, 1, 2], [1, 2, 3]]",
    "start": "[0]",
    "finish": '"any"',
}
#: the same as a layout
LAYOUT = {"name": '"row"', "layout": '"oooo"', "start": "[0]", "finish": "3"}


def toml(base: dict, **fields) -> str:
    """The board text of base with fields replaced (None drops a field)."""
    merged = {**base, **fields}
    return "".join(f"{k} = {v}\n" for k, v in merged.items() if v is not None)


def check(exc: BoardError, source: str, field: str, reason: str) -> None:
    """The error names the file, the field and the reason, on one short line, as a msg()."""
    assert exc.source == source
    assert exc.field == field, str(exc)
    assert reason in exc.reason, str(exc)
    text = str(exc)
    assert text.startswith(f"{source}: {field}: ") and "\n" not in text and len(text) < 400
    assert isinstance(exc.args[0], Message)


def refused(tmp_path, text: str, field: str, reason: str) -> BoardError:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BoardError) as info:
        load_board(path)
    check(info.value, str(path), field, reason)
    return info.value


def test_the_base_boards_are_valid(tmp_path):
    for base in (TABLES, LAYOUT):
        path = tmp_path / "ok.toml"
        path.write_text(toml(base))
        assert load_board(path).n == 4


HUGE_INT = "1" + "0" * 30
FIELD_FAULTS = [
    # holes: non-finite, huge, negative huge, wrong types, wrong shapes
    (TABLES, "holes", "[[0, 0], [nan, 0], [2, 0], [3, 0]]", "holes[1]", "not a finite number"),
    (TABLES, "holes", "[[0, 0], [1, inf], [2, 0], [3, 0]]", "holes[1]", "not a finite number"),
    (TABLES, "holes", "[[-inf, 0], [1, 0], [2, 0], [3, 0]]", "holes[0]", "not a finite number"),
    (TABLES, "holes", "[[0, 0], [1, -nan], [2, 0], [3, 0]]", "holes[1]", "not a finite number"),
    (TABLES, "holes", "[[0, 0], [1e300, 0], [2e300, 0], [3e300, 0]]", "holes[1]",
     "out of range"),
    (TABLES, "holes", "[[0, 0], [1, 0], [2, 0], [3, -1e7]]", "holes[3]", "out of range"),
    (TABLES, "holes", f"[[0, 0], [1, 0], [{HUGE_INT}, 0], [3, 0]]", "holes[2]", "out of range"),
    (TABLES, "holes", "[[0, 0], [1, '1'], [2, 0], [3, 0]]", "holes[1]", "pair of numbers"),
    (TABLES, "holes", "[[0, 0], [1, true], [2, 0], [3, 0]]", "holes[1]", "pair of numbers"),
    (TABLES, "holes", "[[0, 0], [1], [2, 0], [3, 0]]", "holes[1]", "pair of numbers"),
    (TABLES, "holes", "[[0, 0], [1, 0, 0], [2, 0], [3, 0]]", "holes[1]", "pair of numbers"),
    (TABLES, "holes", "[[0, 0], {x = 1, y = 0}, [2, 0], [3, 0]]", "holes[1]", "pair of numbers"),
    (TABLES, "holes", "[[0, 0], [[1], [0]], [2, 0], [3, 0]]", "holes[1]", "pair of numbers"),
    (TABLES, "holes", "5", "holes", "5 is not a list of [x, y] pairs"),  # the type, as #57 asks
    (TABLES, "holes", "[]", "holes", "no holes"),
    (TABLES, "holes", "[[0, 0], [1e-9, 0], [2, 0], [3, 0]]", "holes", "too close"),
    (TABLES, "holes", "[[0, 0], [1, 0], [2, 0], [1, 0]]", "holes", "same coordinates"),
    # jumps: indices out of range, negative, huge, wrong types and shapes
    (TABLES, "jumps", "[[0, 1, 2], [1, 2, 4]]", "jumps[1]", "does not exist"),
    (TABLES, "jumps", "[[0, 1, -1]]", "jumps[0]", "does not exist"),
    (TABLES, "jumps", f"[[0, 1, {HUGE_INT}]]", "jumps[0]", "does not exist"),
    (TABLES, "jumps", f"[[0, 1, -{HUGE_INT}]]", "jumps[0]", "does not exist"),
    (TABLES, "jumps", "[[0, 1, 2.0]]", "jumps[0]", "triple of hole numbers"),
    (TABLES, "jumps", "[[0, 1, nan]]", "jumps[0]", "triple of hole numbers"),
    (TABLES, "jumps", "[[0, 1, inf]]", "jumps[0]", "triple of hole numbers"),
    (TABLES, "jumps", "[[0, 1, true]]", "jumps[0]", "triple of hole numbers"),
    (TABLES, "jumps", "[[0, 1, '2']]", "jumps[0]", "triple of hole numbers"),
    (TABLES, "jumps", "[[0, 1]]", "jumps[0]", "triple of hole numbers"),
    (TABLES, "jumps", "[5]", "jumps[0]", "triple of hole numbers"),
    (TABLES, "jumps", "[[0, 1, 1]]", "jumps[0]", "uses a hole twice"),
    (TABLES, "jumps", "[[0, 2, 1]]", "jumps[0]", "not in line"),
    (TABLES, "jumps", "5", "jumps", "5 is not a list of [from, over, to] jumps"),  # #57
    (TABLES, "jumps", "[]", "jumps", "no jump"),
    # start
    (TABLES, "start", "[nan]", "start", "is not a hole"),
    (TABLES, "start", "[inf]", "start", "is not a hole"),
    (TABLES, "start", "[-1]", "start", "is not a hole"),
    (TABLES, "start", f"[{HUGE_INT}]", "start", "is not a hole"),
    (TABLES, "start", "[1.0]", "start", "is not a hole"),
    (TABLES, "start", "[true]", "start", "is not a hole"),
    (TABLES, "start", "['0']", "start", "is not a hole"),
    (TABLES, "start", "[[0]]", "start", "is not a hole"),
    (TABLES, "start", "nan", "start", "non-empty list"),
    (TABLES, "start", "'0'", "start", "non-empty list"),
    (TABLES, "start", "[]", "start", "non-empty list"),
    (TABLES, "start", "{a = 1}", "start", "non-empty list"),
    (TABLES, "start", "[0, 0]", "start", "listed twice"),
    (TABLES, "start", "[0, 1, 2, 3]", "start", "at least one hole"),
    (TABLES, "start", None, "start", "missing"),
    # finish
    (TABLES, "finish", "nan", "finish", "neither a hole"),
    (TABLES, "finish", "-inf", "finish", "neither a hole"),
    (TABLES, "finish", "-1", "finish", "neither a hole"),
    (TABLES, "finish", "4", "finish", "neither a hole"),
    (TABLES, "finish", HUGE_INT, "finish", "neither a hole"),
    (TABLES, "finish", "3.0", "finish", "neither a hole"),
    (TABLES, "finish", "true", "finish", "neither a hole"),
    (TABLES, "finish", "'some'", "finish", "neither a hole"),
    (TABLES, "finish", "['any']", "finish", "neither a hole"),
    (TABLES, "finish", "{any = 1}", "finish", "neither a hole"),
    # directions (layout boards only)
    (LAYOUT, "directions", "[[inf, 0]]", "directions[0]", "[inf, 0] is not a [dx, dy] pair"),
    (LAYOUT, "directions", "[[nan, 0]]", "directions[0]", "[nan, 0] is not a [dx, dy] pair"),
    (LAYOUT, "directions", "[[1.0, 0]]", "directions[0]", "[1.0, 0] is not a [dx, dy] pair"),
    (LAYOUT, "directions", "[[true, 0]]", "directions[0]", "[true, 0] is not a [dx, dy] pair"),
    (LAYOUT, "directions", f"[[1, 0], [{HUGE_INT}, 0]]", "directions[1]", "out of range"),
    (LAYOUT, "directions", "[[1, 0], [0, -1000]]", "directions[1]", "out of range"),
    (LAYOUT, "directions", "[[0, 0]]", "directions[0]", "[0, 0] is no direction"),
    (LAYOUT, "directions", "[]", "directions", "at least one [dx, dy] pair"),
    (LAYOUT, "directions", "'x'", "directions", '"x" is not a list of [dx, dy] pairs'),
    (LAYOUT, "directions", "[[1, 0, 0]]", "directions[0]", "[1, 0, 0] is not a [dx, dy] pair"),
    # lattice, layout, names
    (LAYOUT, "lattice", "5", "lattice", "unknown lattice"),
    (LAYOUT, "lattice", "nan", "lattice", "unknown lattice"),
    (LAYOUT, "lattice", "[1]", "lattice", "unknown lattice"),
    (LAYOUT, "lattice", "{a = 1}", "lattice", "unknown lattice"),
    (LAYOUT, "lattice", "'hex'", "lattice", "unknown lattice"),
    (LAYOUT, "layout", "5", "layout", "multi-line string"),
    (LAYOUT, "layout", "inf", "layout", "multi-line string"),
    (LAYOUT, "layout", "['oooo']", "layout", "multi-line string"),
    (LAYOUT, "layout", "'o o x'", "layout", "unexpected character"),
    (LAYOUT, "layout", "''", "layout", "no holes"),
    (LAYOUT, "layout", f"'{'o' * (MAX_HOLES + 1)}'", "layout", "more than"),
    (TABLES, "name", "5", "name", "non-empty string"),
    (TABLES, "name", "nan", "name", "non-empty string"),
    (TABLES, "name", "''", "name", "non-empty string"),
    (TABLES, "description", "inf", "description", "must be a string"),
    (TABLES, "name_ja", "[1]", "name_ja", "must be a string"),
    (TABLES, "id", "5", "id", "non-empty name"),
    (TABLES, "id", "'a/b'", "id", "non-empty name"),
    (TABLES, "id", "''", "id", "non-empty name"),
]


@pytest.mark.parametrize("base, key, value, field, reason", FIELD_FAULTS,
                         ids=[f"{f[1]}={str(f[2])[:30]}" for f in FIELD_FAULTS])
def test_every_field_refuses_bad_values(tmp_path, base, key, value, field, reason):
    refused(tmp_path, toml(base, **{key: value}), field, reason)


def test_explicit_holes_beyond_the_limit(tmp_path):
    holes = ", ".join(f"[{i}, 0]" for i in range(MAX_HOLES + 1))
    refused(tmp_path, toml(TABLES, holes=f"[{holes}]"), "holes", "more than")


def test_a_board_up_to_the_coordinate_limit_still_loads(tmp_path):
    path = tmp_path / "wide.toml"
    path.write_text(toml(TABLES, holes="[[-1e6, 0], [0, 0], [1e6, 0], [1e6, 1e6]]",
                         jumps="[[0, 1, 2]]"))
    board = load_board(path)
    assert board.n == 4 and all(math.isfinite(v) for xy in board.coords for v in xy)
    assert board.symmetries[0] == (0, 1, 2, 3)


def test_holes_that_would_overlap_on_screen_are_refused(tmp_path):
    # far apart in absolute terms, but 1e-7 of the board's size: one dot on the screen
    refused(tmp_path, toml(TABLES, holes="[[0, 0], [0.1, 0], [0.2, 0], [1e6, 0]]"), "holes",
            "too close")


def test_a_long_or_odd_unknown_key_is_cut_short(tmp_path):
    exc = refused(tmp_path, toml(TABLES) + f'"{"k" * 5000}" = 1\n', '"' + "k" * 56 + "...",
                  "unknown field")
    assert len(exc.field) <= 60
    exc = refused(tmp_path, toml(TABLES) + '"a\\nb" = 1\n', '"a\\nb"', "unknown field")


def test_a_huge_value_in_a_message_is_cut_short(tmp_path):
    exc = refused(tmp_path, toml(TABLES, start=f"[[{'1, ' * 10000}1]]"), "start", "is not a hole")
    assert "..." in str(exc)
    exc = refused(tmp_path, toml(LAYOUT, lattice=f"'{'x' * 10000}'"), "lattice", "unknown")
    assert "..." in str(exc)


# ---- the file itself -------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "a = " + "[" * 100_000 + "]" * 100_000,
    "a = " + "[" * 100_000,
    "a = " + "{b = " * 50_000 + "1" + "}" * 50_000,
    "holes = " + "[" * 5000 + "]" * 5000,
])
def test_deep_nesting_is_a_board_error(tmp_path, text):
    refused(tmp_path, text, "toml", "nested too deeply")


def test_deep_nesting_inside_a_save_is_a_save_error():
    save = {"format": "pegapp-game", "version": 1, "puzzle": "pegs/deep", "board": "deep",
            "board_text": "a = " + "[" * 100_000 + "]" * 100_000, "start": [0],
            "finish": "any", "moves": ""}
    with pytest.raises(SaveError) as info:
        Session.from_json(json.dumps(save), source="deep.json")
    assert "nested too deeply" in str(info.value) and "deep.json" in str(info.value)


def test_non_finite_coordinates_inside_a_save_are_a_save_error():
    """A save embeds a player's board; its text is checked like a board file."""
    board = parse_board(toml(TABLES), source="row.toml", default_id="row")
    game = peg_session(board)
    data = json.loads(peg_game_v1(game))
    assert "board_text" in data
    data["board_text"] = data["board_text"].replace("[1, 0]", "[nan, 0]")
    with pytest.raises(SaveError) as info:
        Session.from_json(json.dumps(data), source="game.json")
    text = str(info.value)
    assert "game.json" in text and "holes[1]" in text and "not a finite number" in text


def test_an_integer_too_long_to_read_is_a_board_error(tmp_path):
    refused(tmp_path, toml(TABLES, finish="9" * 5000), "toml", "not valid TOML")


def test_an_empty_file_names_the_missing_field(tmp_path):
    refused(tmp_path, "", "layout", "missing")


def test_every_truncation_of_a_shipped_board_is_a_board_or_a_board_error(tmp_path):
    text = (ROOT / "resources" / "boards" / "hoppers.toml").read_text(encoding="utf-8")
    path = tmp_path / "cut.toml"
    outcomes = set()
    for end in range(len(text) + 1):
        path.write_text(text[:end], encoding="utf-8")
        try:
            load_board(path)
            outcomes.add("board")
        except BoardError as exc:
            assert exc.source == str(path) and exc.field and "\n" not in str(exc)
            outcomes.add(exc.field)
    assert {"toml", "layout", "start"} <= outcomes  # cut in a string, before, after the layout


def test_a_file_over_the_size_limit_is_refused_before_reading(tmp_path, monkeypatch):
    path = tmp_path / "big.toml"
    path.write_text(toml(TABLES) + "#" * MAX_FILE_BYTES)
    read = []
    monkeypatch.setattr(storage.os, "read", lambda *a: read.append(a) or b"")
    with pytest.raises(BoardError) as info:
        load_board(path)
    check(info.value, str(path), "file", "too large for a board file")
    assert read == []


def test_text_over_the_size_limit_is_refused():
    with pytest.raises(BoardError) as info:
        parse_board(toml(TABLES) + "#" * MAX_FILE_BYTES, source="save (board)")
    check(info.value, "save (board)", "file", "too large")


@pytest.mark.parametrize("data, detail", [
    (b"\xff\xfe\x00n\x00a\x00m\x00e", "byte 0 is 0xff"),
    (toml(TABLES).encode("latin-1") + b'name_ja = "\xe9"\n', "0xe9"),
    (toml(TABLES).encode("utf-16"), "byte 0"),
])
def test_text_that_is_not_utf8(tmp_path, data, detail):
    path = tmp_path / "bytes.toml"
    path.write_bytes(data)
    with pytest.raises(BoardError) as info:
        load_board(path)
    check(info.value, str(path), "file", "not UTF-8 text")
    assert detail in str(info.value)


@pytest.mark.parametrize("seed", range(20))
def test_garbage_bytes(tmp_path, seed):
    import random
    rng = random.Random(seed)
    path = tmp_path / "garbage.toml"
    path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400))))
    with pytest.raises(BoardError) as info:
        load_board(path)
    assert info.value.source == str(path) and info.value.field in ("file", "toml", "layout")


def test_nul_bytes_and_control_characters(tmp_path):
    refused(tmp_path, toml(TABLES) + "\x00", "toml", "not valid TOML")
    refused(tmp_path, toml(TABLES, name='"a\x01b"'), "toml", "not valid TOML")


def test_a_permission_error(tmp_path, monkeypatch):
    """Tests may run as root (chmod 000 does not stop root), so the error is injected."""
    path = tmp_path / "locked.toml"
    path.write_text(toml(TABLES))

    def denied(*args, **kwargs):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(board_module, "read_regular", denied)
    with pytest.raises(BoardError) as info:
        load_board(path)
    check(info.value, str(path), "file", "cannot be read (Permission denied)")


def test_an_io_error_while_reading(tmp_path, monkeypatch):
    path = tmp_path / "eio.toml"
    path.write_text(toml(TABLES))

    def failing(*args):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(storage.os, "read", failing)
    with pytest.raises(BoardError) as info:
        load_board(path)
    check(info.value, str(path), "file", "Input/output error")


@pytest.mark.parametrize("kind", ["missing", "folder", "device"])
def test_a_path_that_is_not_a_board_file(tmp_path, kind):
    path = {"missing": tmp_path / "nope.toml", "folder": tmp_path, "device": Path("/dev/null")}[kind]
    if kind == "device" and not path.exists():
        pytest.skip("no /dev/null")
    with pytest.raises(BoardError) as info:
        load_board(path)
    reason = "cannot be read" if kind == "missing" else "not a regular file"
    check(info.value, str(path), "file", reason)


def test_memory_error_while_parsing(monkeypatch):
    def exhausted(text):
        raise MemoryError

    monkeypatch.setattr(board_module.tomllib, "loads", exhausted)
    with pytest.raises(BoardError) as info:
        parse_board("name = 'x'", source="huge.toml")
    check(info.value, "huge.toml", "file", "out of memory")


# ---- board names are names, never paths ---------------------------------------------------------

@pytest.mark.parametrize("name", ["../boards/english", "/tmp/x/board", "..", ".hidden", "a\\b",
                                  "c:english", "english\x00", "", " english", "english/", 5, None])
def test_a_board_id_is_never_a_path(name):
    assert not is_safe_board_id(name)
    with pytest.raises((KeyError, TypeError)):
        get_board(name)


def test_get_board_never_opens_a_path(tmp_path, monkeypatch):
    (tmp_path / "board.toml").write_text(toml(TABLES))
    calls = []
    monkeypatch.setattr(board_module, "load_board", lambda p: calls.append(p))
    for name in (str(tmp_path / "board"), f"../../../../../../..{tmp_path}/board"):
        with pytest.raises(KeyError):
            get_board(name)
    assert calls == []


def test_shipped_ids_are_safe():
    from pegapp.core.board import shipped_board_ids
    assert all(is_safe_board_id(b) for b in shipped_board_ids())


# ---- the command line: one line, exit 2 ---------------------------------------------------------

def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def one_line_error(code, out, err):
    assert code == 2 and out == "", err
    assert err.startswith("pegapp: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err


@pytest.mark.parametrize("key, value, field, reason", [
    ("holes", "[[0, 0], [nan, 0], [2, 0], [3, 0]]", "holes[1]", "not a finite number"),
    ("holes", "[[0, 0], [1, inf], [2, 0], [3, 0]]", "holes[1]", "not a finite number"),
    ("holes", "[[0, 0], [1e300, 0], [2, 0], [3, 0]]", "holes[1]", "out of range"),
    ("jumps", "[[0, 1, 9]]", "jumps[0]", "does not exist"),
    ("start", "[nan]", "start", "is not a hole"),
    ("finish", "inf", "finish", "neither a hole"),
])
def test_a_bad_board_file_on_the_command_line(capsys, tmp_path, key, value, field, reason):
    path = tmp_path / "bad.toml"
    path.write_text(toml(TABLES, **{key: value}))
    code, out, err = run(capsys, "solve", "pegs", "--board-file", str(path), "--json")
    one_line_error(code, out, err)
    assert f"{path}: {field}: " in err and reason in err


@pytest.mark.parametrize("content", [
    "a = " + "[" * 100_000 + "]" * 100_000,  # nested too deeply
    b"\xff\xfe",                               # not UTF-8
    "",                                        # no layout
    "name = 'x\n",                             # not TOML
])
def test_a_broken_board_file_on_the_command_line(capsys, tmp_path, content):
    path = tmp_path / "broken.toml"
    (path.write_bytes if isinstance(content, bytes) else path.write_text)(content)
    one_line_error(*run(capsys, "solve", "pegs", "--board-file", str(path)))


@pytest.mark.parametrize("command", ["solve", "hint", "moves"])
def test_a_board_file_too_large_for_the_solver_is_named(capsys, tmp_path, command):
    """A board of 60 holes loads (it can be drawn and played), but the solver's positions hold
    58 at most: the error names the file and both numbers."""
    path = tmp_path / "wide.toml"
    path.write_text('name = "Wide"\nlayout = """\n' + "o" * 60 + '\n"""\nstart = [0]\n')
    code, out, err = run(capsys, command, "pegs", "--board-file", str(path))
    one_line_error(code, out, err)
    assert f"{path}: " in err and "at most 58 holes, not 60" in err


def test_a_missing_or_unreadable_board_file_on_the_command_line(capsys, tmp_path):
    code, out, err = run(capsys, "solve", "pegs", "--board-file", str(tmp_path / "none.toml"))
    one_line_error(code, out, err)
    assert "none.toml: file: cannot be read" in err
    one_line_error(*run(capsys, "solve", "pegs", "--board-file", str(tmp_path)))


def test_a_board_file_is_solved(capsys, tmp_path):
    path = tmp_path / "row.toml"
    path.write_text(toml(TABLES))  # from 1, 2, 3 only 2 over 1 is possible: two pegs stay
    code, out, err = run(capsys, "solve", "pegs", "--board-file", str(path), "--json")
    data = json.loads(out)
    assert code == 1 and data["status"] == "unsolvable" and data["puzzle"] == "pegs/row"
    assert data["board_file"] == str(path)
    path.write_text(toml(LAYOUT, layout='"ooo"', start="[2]", finish="2"))
    code, out, err = run(capsys, "solve", "pegs", "--board-file", str(path), "--json")
    data = json.loads(out)
    assert code == 0 and data["moves"] == [[0, 2]] and data["proven_minimal"]


def test_a_board_file_takes_the_same_options(capsys, tmp_path):
    path = tmp_path / "row.toml"
    path.write_text(toml(LAYOUT, layout='"ooooo"', start="[0]", finish='"any"'))
    code, out, _ = run(capsys, "solve", "pegs", "--board-file", str(path), "--start", "4",
                       "--json")
    assert code == 1 and json.loads(out)["start"] == [4]
    one_line_error(*run(capsys, "solve", "pegs", "--board-file", str(path), "--start", "5"))


@pytest.mark.parametrize("puzzle", ["pegs//tmp/x/board", "pegs/../resources/boards/english",
                                    "pegs/../../../../etc/passwd", "pegs/a b", "pegs/x\\y"])
def test_a_path_in_the_puzzle_id_is_refused_without_reading_it(capsys, tmp_path, monkeypatch,
                                                                puzzle):
    opened = []
    monkeypatch.setattr(board_module, "load_board", lambda p: opened.append(p))
    code, out, err = run(capsys, "solve", puzzle, "--json")
    one_line_error(code, out, err)
    assert opened == []
    if "/" in puzzle.split("/", 1)[1] or ".." in puzzle:
        assert "--board-file" in err


def test_board_file_with_a_board_name_or_another_puzzle(capsys, tmp_path):
    path = tmp_path / "row.toml"
    path.write_text(toml(TABLES))
    code, out, err = run(capsys, "solve", "pegs/english", "--board-file", str(path))
    one_line_error(code, out, err)
    assert "not both" in err
    code, out, err = run(capsys, "solve", "slide/2x5", "--board-file", str(path))
    one_line_error(code, out, err)
    assert "--board-file" in err
    code, out, err = run(capsys, "solve", "pegs")
    one_line_error(code, out, err)


def test_a_board_beyond_the_solver_limit_is_one_line(capsys, tmp_path):
    path = tmp_path / "line.toml"
    path.write_text(toml(LAYOUT, layout=f'"{"o" * 61}"', finish='"any"'))
    assert load_board(path).n == 61  # playable, but not solvable
    code, out, err = run(capsys, "solve", "pegs", "--board-file", str(path), "--json")
    one_line_error(code, out, err)
    assert "58 holes" in err


def test_a_damaged_shipped_board_is_one_line(capsys, monkeypatch):
    def damaged(board_id):
        raise BoardError(f"{board_id}.toml", "holes[1]", "damaged")

    monkeypatch.setattr("pegapp.puzzles.pegs.get_board", damaged)
    code, out, err = run(capsys, "solve", "pegs/english")
    one_line_error(code, out, err)
    assert "english.toml: holes[1]: damaged" in err


def test_the_installed_command_prints_no_traceback(tmp_path):
    """The same through a real process (python -m pegapp), as a player runs it."""
    path = tmp_path / "nan.toml"
    path.write_text(toml(TABLES, holes="[[0, 0], [nan, 0], [2, 0], [3, 0]]"))
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    for argv in (["solve", "pegs", "--board-file", str(path), "--json"],
                 ["solve", f"pegs/{tmp_path}/nan", "--json"]):
        proc = subprocess.run([sys.executable, "-m", "pegapp", *argv], capture_output=True,
                              text=True, env=env, cwd=tmp_path, timeout=120)
        assert proc.returncode == 2 and proc.stdout == ""
        assert proc.stderr.startswith("pegapp: error: ") and proc.stderr.count("\n") == 1


# ---- the main window: a bad last board falls back to the default board --------------------------

@pytest.fixture
def settings(tmp_path):
    from PySide6.QtCore import QSettings
    s = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    s.setValue("view/animate", False)
    return s


@pytest.mark.parametrize("last", ["/tmp/x/board", "../../../tmp/x/board"])
def test_a_path_as_the_last_board_starts_the_default_board(qtbot, tmp_path, settings, last):
    from pegapp.ui.game_window import DEFAULT_GAME, GameWindow

    DEFAULT_BOARD = DEFAULT_GAME.partition("/")[2]  # the setting holds the puzzle id

    settings.setValue("game/last_board", last)
    window = GameWindow(settings=settings, data_dir=tmp_path, restore=False)
    qtbot.addWidget(window)
    assert game(window).board.id == DEFAULT_BOARD
    assert last in window.last_error and "default board" in window.last_error
    assert settings.value("game/last_board") == DEFAULT_GAME  # so it is told once
    window.close()
    again = GameWindow(settings=settings, data_dir=tmp_path, restore=False)
    qtbot.addWidget(again)
    assert not getattr(again, "last_error", "")


def test_an_unusable_last_board_file_starts_the_default_board(qtbot, tmp_path, settings,
                                                              monkeypatch):
    import pegapp.puzzles.pegs as peg_family
    from pegapp.ui import game_window

    real = peg_family.get_board

    def damaged(board_id):
        if board_id == "french":
            raise BoardError("french.toml", "holes[1]", "nan is not a finite number")
        return real(board_id)

    monkeypatch.setattr(peg_family, "get_board", damaged)
    settings.setValue("game/last_board", "french")
    window = game_window.GameWindow(settings=settings, data_dir=tmp_path, restore=False)
    qtbot.addWidget(window)
    assert game(window).board.id == game_window.DEFAULT_GAME.partition("/")[2]
    assert "french.toml: holes[1]" in window.last_error


def test_a_player_board_as_the_last_board_falls_back_quietly(qtbot, tmp_path, settings):
    from pegapp.ui.game_window import DEFAULT_GAME, GameWindow

    DEFAULT_BOARD = DEFAULT_GAME.partition("/")[2]  # the setting holds the puzzle id

    settings.setValue("game/last_board", "my-own-board")
    window = GameWindow(settings=settings, data_dir=tmp_path, restore=False)
    qtbot.addWidget(window)
    assert game(window).board.id == DEFAULT_BOARD and not getattr(window, "last_error", "")
