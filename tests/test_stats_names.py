"""Statistics rows are named by their family (Family.row_name / stats_name), never by a
family-name branch in the window."""

from pegapp.core.board import COORDINATES, NUMBERS, get_board, hole_naming, set_hole_naming
from pegapp.puzzles import registry
from pegapp.puzzles.family import Family, Preset
from pegapp.ui import i18n
from pegapp.ui.stats_window import puzzle_name


def test_each_family_names_its_rows():
    pegs = registry.family_of("pegs/english")
    assert pegs.row_name("pegs/english", "", "en") == "English 33"
    assert pegs.row_name("pegs/english", "start 16", "en") == "English 33 (start 16)"
    assert pegs.row_name("pegs/custom/mine", "", "en") == "mine (your board)"
    assert pegs.row_name("pegs/no-such-board", "", "en") == "pegs/no-such-board"
    bulls = registry.family_of("bulls")
    assert bulls.row_name("bulls/player", "", "en") == "Bulls and cows (you guess)"
    assert bulls.row_name("mastermind/computer", "", "ja") == "マスターマインド (the computer guesses)"
    jugs = registry.family_of("jugs")
    assert jugs.row_name("jugs", "8,5→4", "en") == "Water jugs (8,5→4)"
    assert jugs.row_name("jugs", "8,5→4", "ja") == "水差し問題 (8,5→4)"
    # the default: the preset with that id, else the id
    slide = registry.family_of("slide/3x3")
    assert slide.row_name("slide/3x3", "shuffle=1", "en") == "8-puzzle (shuffle=1)"
    family = Family("demo", "Demo", "デモ", "", presets=(Preset("demo/1", "One", "いち"),),
                    params=(), make=lambda i, p: None, view="x:Y")
    assert family.row_name("demo/1", "", "ja") == "いち"
    assert family.row_name("demo/2", "", "en") == "demo/2"


def test_the_window_translates_the_names(qapp):
    assert puzzle_name("no-such-family/1", "en", "x") == "no-such-family/1 (x)"
    i18n.install_translator(qapp, "ja")
    try:
        assert puzzle_name("pegs/custom/mine", "ja") == "mine (自作の盤)"
        assert puzzle_name("bulls/player", "ja") == "数当て (ヒット・アンド・ブロー) (あなたが当てる)"
        assert puzzle_name("mastermind/computer", "ja") == "マスターマインド (コンピューターが当てる)"
        assert puzzle_name("pegs/english", "ja", "start 16") == "33穴英国盤 (start 16)"
    finally:
        i18n.remove_translators(qapp)


def test_a_peg_problem_row_names_its_holes_as_the_window_does():
    pegs = registry.family_of("pegs/english")
    board = get_board("english")
    before = hole_naming()
    try:
        set_hole_naming(COORDINATES)  # the windows' default
        assert pegs.row_name("pegs/english", "start 8 finish 8", "en") == "English 33 (c5 → c5)"
        assert pegs.row_name("pegs/english", "start 8 finish any", "en") == \
            f"English 33 ({board.hole_name(8)} → any hole)"
        set_hole_naming(NUMBERS)
        assert pegs.row_name("pegs/english", "start 8 finish 8", "en") == "English 33 (8 → 8)"
    finally:
        set_hole_naming(before)
