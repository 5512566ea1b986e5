"""Damaged save files: every field is checked, and anything this PegApp would not have written is a
SaveError saying what is wrong (a msg(), so the windows can translate it) -- never a crash, never a
game that cannot be played or drawn. The windows report it and keep the file as *.corrupt."""

import json

import pytest

from pegapp.core.board import get_board
from pegapp.core.messages import Message
from pegapp.core.storage import SaveError
from pegapp.puzzles import pegs as pegs_module
from pegapp.puzzles import registry
from pegapp.puzzles.base import BadInput
from pegapp.puzzles.flip8 import Flip8
from pegapp.puzzles.jugs import Jugs
from pegapp.puzzles.oshidori import Oshidori
from pegapp.puzzles.pegs import PegPuzzle
from pegapp.puzzles.registry import make_puzzle
from pegapp.puzzles.session import Session
from tests.peg_window import game

# every family but peg solitaire and bulls and cows (which had their own windows before #12)
FAMILIES = tuple(f for k, f in registry.families().items() if k not in ("pegs", "bulls"))


def peg_save(**changes):
    data = {"format": "pegapp-game", "version": 1, "puzzle": "pegs/english", "board": "english",
            "start": [16], "finish": 16, "moves": "( 4,16)"}
    data.update(changes)
    return data


def puzzle_save(puzzle, params, start, moves=""):
    return {"format": "pegapp-puzzle", "version": 1, "puzzle": puzzle, "params": params,
            "start": start, "moves": moves}


def refused(load, data) -> str:
    """The message of the SaveError that loading data raises (a msg(), checked)."""
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(SaveError) as info:
        load(text, source="s.json")
    message = info.value.args[0]
    assert isinstance(message, Message), "the windows translate only msg() texts"
    assert message.startswith("s.json")
    return message


def peg_from_json(text, source="save file"):
    """A peg save (this format or the old "pegapp-game" v1) as the peg window opens it."""
    return Session.from_json(text, source=source, family="pegs")


def refused_peg(data) -> str:
    return refused(peg_from_json, data)


def refused_puzzle(data) -> str:
    return refused(Session.from_json, data)


def without(data, key):
    return {k: v for k, v in data.items() if k != key}


# ---- peg solitaire

def test_a_good_peg_save_loads():
    game = peg_from_json(json.dumps(peg_save()))
    assert game.puzzle.board.id == "english" and game.puzzle.finish == 16 and \
        game.notation == "( 4,16)"
    again = peg_from_json(game.to_json())
    assert again.state == game.state and again.puzzle.finish == 16


def test_a_finish_of_any_loads_as_none():
    assert peg_from_json(json.dumps(peg_save(finish="any"))).puzzle.finish is None


@pytest.mark.parametrize("changes, words", [
    ({"board_text": 5}, "board_text: must be a string"),
    ({"board_text": None}, "board_text: must be a string"),
    ({"board": 5}, "board: must be a string"),
    ({"board": "nope"}, "board: no shipped board 'nope'"),
    ({"board": "../boards/english"}, "board: no shipped board"),
    ({"puzzle": "pegs/french"}, "puzzle: must be 'pegs/english'"),
    ({"puzzle": None}, "puzzle: must be 'pegs/english'"),
    ({"finish": 1.5}, "finish: 1.5 is neither a hole (0..32) nor \"any\""),
    ({"finish": True}, "finish: True is neither a hole"),
    ({"finish": None}, "finish: None is neither a hole"),
    ({"finish": "16"}, "finish: '16' is neither a hole"),
    ({"finish": 33}, "finish: 33 is neither a hole"),
    ({"finish": -1}, "finish: -1 is neither a hole"),
    ({"start": []}, "start: must be a non-empty list of hole numbers"),
    ({"start": 16}, "start: must be a non-empty list of hole numbers"),
    ({"start": "16"}, "start: must be a non-empty list of hole numbers"),
    ({"start": [16.0]}, "start: 16.0 is not a hole (holes are 0..32)"),
    ({"start": [True]}, "start: True is not a hole"),
    ({"start": [None]}, "start: None is not a hole"),
    ({"start": [33]}, "start: 33 is not a hole"),
    ({"start": [16, 16]}, "start: a hole is listed twice"),
    ({"start": list(range(33))}, "start: at least one hole must hold a peg"),
    ({"moves": 5}, "moves: must be a string"),
    ({"moves": ["( 4,16)"]}, "moves: must be a string"),
    ({"moves": "hello"}, "moves: unexpected text 'hello'"),
    ({"moves": "( 4,16)( 4,16)"}, "moves: move 2 '( 4,16)': jump 4->16 is not legal here"),
    ({"moves": "(99,100)"}, "moves: move 1 '(99,100)': no jump from 99 to 100"),
])
def test_a_damaged_peg_save_is_refused_with_the_field_and_reason(changes, words):
    message = refused_peg(peg_save(**changes))
    assert "is damaged" in message and words in message


@pytest.mark.parametrize("key", ["puzzle", "board", "start", "finish", "moves", "version"])
def test_a_peg_save_missing_a_field_is_damaged(key):
    assert f"is damaged ({key}: missing)" in refused_peg(without(peg_save(), key))


def test_the_board_text_of_a_save_is_checked():
    text = 'id = "other"\n' + get_board("english").text
    assert "its board is invalid" in refused_peg(peg_save(board_text="name = 1\n"))
    # the board in the text must be the board the save names
    assert "board: must be 'other'" in refused_peg(peg_save(board_text=text))
    # a hole of a player's board is checked against that board
    small = 'name = "Mine"\nlayout = """\nooooo\n"""\nstart = [0]\nfinish = "any"\n'
    ok = peg_save(board="mine", puzzle="pegs/mine", board_text=small, start=[0], finish="any",
                  moves="( 2, 0)")
    assert peg_from_json(json.dumps(ok)).puzzle.board.n == 5
    assert "start: 16 is not a hole (holes are 0..4)" in refused_peg({**ok, "start": [16]})


def test_a_peg_game_refuses_a_start_or_finish_of_the_wrong_type():
    board = get_board("english")
    for start, finish in [(frozenset(), 16), (frozenset({1.5}), 16), (frozenset({16}), 1.5),
                          (frozenset({16}), True)]:
        with pytest.raises(ValueError):
            PegPuzzle(board, start, finish)


def test_an_unexpected_error_reading_a_peg_save_is_a_save_error(monkeypatch):
    def broken(text):
        raise AttributeError("no attribute 'x'")

    monkeypatch.setattr(pegs_module, "parse_moves", broken)
    message = refused_peg(peg_save())
    assert "is damaged (AttributeError: no attribute 'x')" in message


# ---- the version field (both kinds of save)

@pytest.mark.parametrize("load, data", [(peg_from_json, peg_save()),
                                        (Session.from_json, puzzle_save("flip8/4x4", {}, 1))])
@pytest.mark.parametrize("version, words", [
    ("1", "version: must be a whole number"),
    (None, "version: must be a whole number"),
    (True, "version: must be a whole number"),
    (1.0, "version: must be a whole number"),
    ([1], "version: must be a whole number"),
    (0, "version: 0 is not a known format version"),
    (-5, "version: -5 is not a known format version"),
])
def test_a_version_that_is_not_a_known_whole_number_is_damage_not_newer(load, data, version,
                                                                        words):
    message = refused(load, {**data, "version": version})
    assert "is damaged" in message and words in message and "newer" not in message


@pytest.mark.parametrize("load, data", [(peg_from_json, peg_save()),
                                        (Session.from_json, puzzle_save("flip8/4x4", {}, 1))])
def test_only_a_larger_whole_version_is_newer_and_a_missing_one_is_damage(load, data):
    assert "written by a newer PegApp (format version 2)" in refused(load, {**data, "version": 2})
    assert "is damaged (version: missing)" in refused(load, without(data, "version"))


@pytest.mark.parametrize("text, words", [
    ("{not json", "not valid JSON"),
    ("[" * 100_000, "not valid JSON"),  # deeper than the parser's recursion
    ('{"n": ' + "9" * 5000 + "}", ""),  # too many digits for Python 3.11+, no format before
    ("[1, 2]", "not a PegApp"),
    ('{"format": "pegapp-puzzle", "version": 1}', "not a PegApp"),
])
def test_text_that_is_no_save_at_all_is_refused(text, words):
    assert words in refused_peg(text)


# ---- the other puzzles

def test_every_preset_saves_and_loads_back():
    for family in FAMILIES:
        for preset in family.presets:
            session = Session(make_puzzle(preset.puzzle_id, preset.params), preset.params)
            again = Session.from_json(session.to_json())
            assert again.puzzle.id == session.puzzle.id and again.state == session.state


def test_games_in_progress_load_back_with_their_moves():
    flip = Flip8(4, 4, 0b1)  # a drawn pattern that can never be cleared is still a position
    jugs = Jugs((8, 5), 4)
    cases = [(flip, {"start": 1}, [0, 5]),
             (jugs, {"capacities": [8, 5], "target": 4}, [("fill", 1), ("pour", 1, 0)]),
             (make_puzzle("oshidori/k3", {"kinds": 3}), {"kinds": 3}, [(1, 6)]),
             (make_puzzle("slide/2x5", {"start": [0, 9, 3, 7, 1, 5, 4, 8, 2, 6]}),
              {"start": [0, 9, 3, 7, 1, 5, 4, 8, 2, 6]}, [9, 3])]
    for puzzle, params, moves in cases:
        session = Session(puzzle, params, moves=moves)
        again = Session.from_json(session.to_json())
        assert again.moves == session.moves and again.state == session.state


@pytest.mark.parametrize("data, words", [
    # the start is checked by the puzzle itself
    (puzzle_save("slide/2x5", {"start": [0, 9, 3, 7, 1, 5, 4, 8, 2, 6]}, [1, 2, 3]),
     "start: a 2x5 board needs 10 entries"),
    (puzzle_save("slide/3x3", {"shuffle": 1}, [2, 1, 3, 4, 5, 6, 7, 8, 0]),
     "start: unsolvable"),
    (puzzle_save("slide/3x3", {"shuffle": 1}, [1, 2, 3, 4, 5, 6, 7, 8, 8]),
     "start: repeated tile 8"),
    (puzzle_save("jugs", {"capacities": [8, 5], "target": 4}, [99, 0]),
     "start: jugs: jug 1 holds 0 to 8 L, not 99"),
    (puzzle_save("jugs", {"capacities": [8, 5], "target": 4}, [0, -1]),
     "start: jugs: jug 2 holds 0 to 5 L, not -1"),
    (puzzle_save("jugs", {"capacities": [8, 5], "target": 4}, [0, 0, 0]),
     "start: jugs: a position gives the amount in each of the 2 jugs (got 3)"),
    (puzzle_save("flip8/4x4", {}, -1), "start: start pattern does not fit a 4x4 board"),
    (puzzle_save("flip8/4x4", {}, 1 << 16), "start: start pattern does not fit a 4x4 board"),
    (puzzle_save("flip8/4x4", {}, [1]), "start: start pattern does not fit a 4x4 board"),
    (puzzle_save("rotate/3x3", {}, [1] * 9), "start: repeated tile 1"),
    (puzzle_save("rotate/3x3", {}, [2, 1, 3, 4, 5, 6, 7, 8, 9]), "start: unsolvable"),
    (puzzle_save("oshidori/k3", {"kinds": 3}, [1, 1, 1, 1, 0, 0, 2, 2]),
     "start: oshidori: the start must hold the goal's stones: 1 1 2 2 3 3 _ _"),
    (puzzle_save("oshidori/k3", {"kinds": 3}, [1, 2, 0, 3, 1, 2, 3, 0]),
     "start: oshidori: a position needs exactly two empty cells, side by side"),
    # types
    (puzzle_save("jugs", {"capacities": [8, 5], "target": 4}, "ab"),
     "start: must be a whole number or a list of whole numbers"),
    (puzzle_save("slide/3x3", {}, [1, 2, 3, 4, 5, 6, 7, 8, 0.0]),
     "start: must be a whole number or a list of whole numbers"),
    (puzzle_save("flip8/4x4", {}, True), "start: must be a whole number"),
    (puzzle_save("flip8/4x4", {}, None), "start: must be a whole number"),
    (puzzle_save(5, {}, 1), "puzzle: must be a string"),
    (puzzle_save("flip8/4x4", None, 1), "params: must be a JSON object"),
    (puzzle_save("flip8/4x4", [1], 1), "params: must be a JSON object"),
    (puzzle_save("slide/3x3", {"shuffle": "x"}, [1, 2, 3, 4, 5, 6, 7, 8, 0]),
     "params.shuffle: must be a whole number or a list of whole numbers"),
    (puzzle_save("jugs", {"capacities": "85", "target": 4}, [0, 0]),
     "params.capacities: must be a whole number or a list of whole numbers"),
    (puzzle_save("jugs", {"capacities": [8, 5], "target": 4.5}, [0, 0]),
     "params.target: must be a whole number"),
    (puzzle_save("jugs", {"target": 4}, [0, 0]), "params.capacities: missing"),
    (puzzle_save("flip8/4x4", {}, 1, moves=5), "moves: must be a string"),
    # params the puzzle refuses, or that describe another puzzle than the save names
    (puzzle_save("jugs", {"capacities": [0, 5], "target": 4}, [0, 0]),
     "jugs: every capacity must be at least 1 litre"),
    (puzzle_save("slide/9x9", {}, [0]), "board 9x9 not supported"),
    (puzzle_save("chess/8x8", {}, 0), "unknown puzzle 'chess/8x8'"),
    (puzzle_save("flip8/4x4", {"start": -1}, 1), "start pattern does not fit a 4x4 board"),
    (puzzle_save("oshidori/k3", {"kinds": 5}, [1, 2, 3, 1, 2, 3, 0, 0]),
     "params: they describe 'oshidori/k5', not 'oshidori/k3'"),
    (puzzle_save("rotate/9x9", {}, list(range(1, 10))),
     "params: they describe 'rotate/3x3', not 'rotate/9x9'"),
    # moves that cannot be read or played
    (puzzle_save("slide/2x5", {}, [1, 2, 3, 4, 5, 6, 7, 8, 9, 0], moves="zz"),
     "moves: 'zz' is not a tile number"),
    (puzzle_save("slide/2x5", {}, [1, 2, 3, 4, 5, 6, 7, 8, 9, 0], moves="9 1"),
     "moves: move 2 '1': tile 1 is not next to the blank"),
    (puzzle_save("jugs", {"capacities": [8, 5], "target": 4}, [0, 0], moves="fill 0, fill 0"),
     "moves: move 2 'fill 0': jug 1 is already full"),
    (puzzle_save("jugs", {"capacities": [8, 5], "target": 4}, [0, 0], moves="fill 7"),
     "moves: move 1 'fill 7': jugs are numbered 0..1"),
    (puzzle_save("oshidori/k3", {"kinds": 3}, [1, 2, 3, 1, 2, 3, 0, 0], moves="(0,6)(0,6)"),
     "moves: move 2 '( 0, 6)': cells 6 and 7 are not both empty"),
])
def test_a_damaged_puzzle_save_is_refused_with_the_reason(data, words):
    message = refused_puzzle(data)
    assert "is damaged" in message and words in message


@pytest.mark.parametrize("key", ["puzzle", "params", "start", "moves"])
def test_a_puzzle_save_missing_a_field_is_damaged(key):
    data = puzzle_save("flip8/4x4", {}, 1)
    assert f"is damaged ({key}: missing)" in refused_puzzle(without(data, key))


def test_an_unexpected_error_reading_a_puzzle_save_is_a_save_error(monkeypatch):
    def broken(puzzle_id, params):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(registry, "make_puzzle", broken)
    message = refused_puzzle(puzzle_save("flip8/4x4", {}, 1))
    assert "is damaged (ZeroDivisionError: division by zero)" in message


def test_the_families_check_their_positions():
    flip = Flip8(4, 6)
    assert flip.check_state(0) == 0 and flip.check_state(flip.all_on) == flip.all_on
    jugs = Jugs((8, 5), 4)
    assert jugs.check_state([8, 5]) == (8, 5)
    osh = Oshidori(kinds=3)
    assert osh.check_state([0, 0, 1, 2, 3, 1, 2, 3]) == (0, 0, 1, 2, 3, 1, 2, 3)
    for check, state in [(flip.check_state, -1), (flip.check_state, 1 << 24),
                         (flip.check_state, True), (flip.check_state, 1.0),
                         (jugs.check_state, (9, 0)), (jugs.check_state, (0,)),
                         (jugs.check_state, (0.5, 0)), (osh.check_state, (1, 2, 3, 1, 2, 3, 0)),
                         (osh.check_state, (0, 1, 0, 2, 3, 1, 2, 3))]:
        with pytest.raises(BadInput) as info:
            check(state)
        assert isinstance(info.value.args[0], Message)
    with pytest.raises(BadInput):
        Oshidori(kinds=3, start=(1, 1, 2, 2, 3, 3, 3, 0))  # the constructor checks too


# ---- the windows: a damaged autosave is reported, kept as *.corrupt, and the window starts

@pytest.fixture
def settings(tmp_path):
    from PySide6.QtCore import QSettings
    s = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    s.setValue("view/animate", False)
    return s


@pytest.mark.parametrize("changes", [{"board_text": 5}, {"finish": 1.5}, {"version": "1"}])
def test_the_main_window_starts_with_a_damaged_autosave(qtbot, tmp_path, settings, changes):
    from pegapp.ui.game_window import GameWindow

    data = tmp_path / "data"
    data.mkdir()
    autosave = data / "autosave.pegapp.json"
    autosave.write_text(json.dumps(peg_save(**changes)))
    window = GameWindow(settings=settings, data_dir=data, restore=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert "damaged" in window.last_error and "newer" not in window.last_error
    assert str(autosave) in window.last_error
    assert json.loads((data / "autosave.pegapp.json.corrupt").read_text()) == peg_save(**changes)
    assert game(window) is not None and game(window).jumps == []
    assert not window.grab().isNull()  # the fresh game paints


@pytest.mark.parametrize("name, save", [
    ("jugs", puzzle_save("jugs", {"capacities": [8, 5], "target": 4}, [99, 0], "fill 1")),
    ("flip8", puzzle_save("flip8/4x4", {}, -1, "(0)")),
    ("slide", puzzle_save("slide/2x5", {"start": [0, 9, 3, 7, 1, 5, 4, 8, 2, 6]}, [1, 2, 3],
                          "9")),
])
def test_the_puzzle_window_starts_with_a_damaged_autosave(qtbot, tmp_path, settings, name, save):
    from pegapp.ui.game_window import GameWindow

    data = tmp_path / "data"
    data.mkdir()
    preset = next(p for f in FAMILIES if f.key == name for p in f.presets)
    assert preset.puzzle_id == save["puzzle"]
    autosave = data / f"autosave-{preset.puzzle_id.replace('/', '-')}.pegapp.json"  # one a puzzle
    autosave.write_text(json.dumps(save))
    window = GameWindow(preset.puzzle_id, preset.params, settings=settings, data_dir=data,
                          restore=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert "damaged" in window.last_error and "start" in window.last_error
    assert json.loads(autosave.with_name(autosave.name + ".corrupt").read_text()) == save
    assert window.session is not None and window.session.moves == []
    assert window.session.state == make_puzzle(preset.puzzle_id, preset.params).initial()
    assert not window.grab().isNull()
