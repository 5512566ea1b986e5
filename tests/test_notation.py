"""Moves a player can read (issue #13 point 4), without Qt: hole names read off the board's
drawing, every family's move in words from a real hint, the articles' numbering kept where the
seeds use it, and the command line's JSON unchanged."""

import json
import re

import pytest

from pegapp.cli import main
from pegapp.core.board import (COORDINATES, NUMBERS, column_letters, get_board, hole_naming,
                               set_hole_naming, shipped_boards)
from pegapp.core.notation import parse_moves
from pegapp.puzzles import hints
from pegapp.puzzles.base import DESCRIBE, BadInput, replay
from pegapp.puzzles.pegs import choose
from pegapp.puzzles.registry import make_puzzle


@pytest.fixture
def naming():
    """Set the program-wide hole naming for one test; the one before it afterwards."""
    before = hole_naming()
    yield set_hole_naming
    set_hole_naming(before)


def test_english_board_names_like_chess_centre_d4():
    b = get_board("english")
    assert b.hole_name(16, COORDINATES) == "d4"  # the centre, as the literature names it
    # the eight outer corners of the cross (article numbers from the top left)
    corners = {0: "c7", 2: "e7", 6: "a5", 12: "g5", 20: "a3", 26: "g3", 30: "c1", 32: "e1"}
    assert {h: b.hole_name(h, COORDINATES) for h in corners} == corners
    assert b.hole_name(16, NUMBERS) == "16"
    assert b.hole_by_name("d4") == b.hole_by_name("D4") == b.hole_by_name("16") == 16
    assert b.hole_by_name("a1") is None and b.hole_by_name("33") is None  # no such hole


def test_triangle_names_every_half_step_column():
    t = get_board("triangle15")
    names = [t.hole_name(h, COORDINATES) for h in range(t.n)]
    assert names[0] == "e5"  # the apex, straight above the middle of the bottom row
    assert names[10:15] == ["a1", "c1", "e1", "g1", "i1"]  # the bottom row
    assert names[12] == "e1"  # the article's start and finish hole 12
    assert names[3:6] == ["c3", "e3", "g3"]


def test_names_follow_the_drawing_on_every_shipped_board():
    """Same letter <=> same column (x), same number <=> same row (y), rows counted upwards."""
    for b in shipped_boards():
        names = [b.hole_name(h, COORDINATES) for h in range(b.n)]
        assert len(set(names)) == b.n, b.id
        split = [re.fullmatch(r"([a-z]+)([0-9]+)", name).groups() for name in names]
        for i in range(b.n):
            for j in range(b.n):
                (xi, yi), (xj, yj) = b.coords[i], b.coords[j]
                (fi, ri), (fj, rj) = (split[i][0], int(split[i][1])), (split[j][0], int(split[j][1]))
                assert (fi == fj) == (abs(xi - xj) < 1e-9), (b.id, names[i], names[j])
                assert (ri == rj) == (abs(yi - yj) < 1e-9), (b.id, names[i], names[j])
                if yi < yj - 1e-9:  # drawn higher: a larger row number
                    assert ri > rj


def test_column_letters_go_on_past_z():
    assert [column_letters(k) for k in (0, 1, 25, 26, 27, 51, 52)] == [
        "a", "b", "z", "aa", "ab", "az", "ba"]


def test_typed_start_and_finish_may_be_names():
    assert choose({"board": "english", "start": "d4", "finish": "d4"}) == \
        choose({"board": "english", "start": "16", "finish": "16"})
    assert choose({"board": "triangle15", "start": "e1, d2", "finish": "any"})[1]["start"] == \
        [7, 12]
    # names are read before the game is judged: e1 and e5 (holes 12 and 0) empty at the start
    # is a game position classes rule out, refused with that reason
    with pytest.raises(BadInput, match="position class"):
        choose({"board": "triangle15", "start": "e1, e5"})


def first_hint(puzzle, state=None):
    state = puzzle.initial() if state is None else state
    answer = hints.hint(puzzle, state)
    assert answer.result.proven_minimal and answer.move is not None
    return state, answer.move


def test_every_family_says_its_hint_in_words(naming):
    """The family's one text of a move (describe_move), from each family's real first hint."""
    naming(COORDINATES)
    cases = [
        ("pegs/english", {}, "Jump the peg at d6 over d5 to d4"),
        ("pegs/triangle15", {}, "Jump the peg at a1 over c1 to e1"),
        ("slide/3x3", {"start": [1, 2, 3, 4, 5, 6, 0, 7, 8]}, "Slide tile 7 left"),
        ("rotate", {"start": [2, 1, 3, 4, 5, 6, 7, 9, 8]},
         "Shift the diagonal from the top left down-right: 2 5 8 → 8 2 5"),
        ("flip8/4x4", {}, "Press the button in row 1, column 1"),
        ("oshidori/k3", {}, "Move the pair at 2–3 to the gap at 7–8"),
        ("jugs", {"capacities": [8, 5], "target": 4}, "Fill jug 2 (5 L)"),
    ]
    for puzzle_id, params, words in cases:
        puzzle = make_puzzle(puzzle_id, params)
        assert DESCRIBE in puzzle.ABILITIES, puzzle_id
        state, move = first_hint(puzzle)
        assert puzzle.describe_move(state, move) == words, puzzle_id
        puzzle.apply(state, move)  # and it is the move the words name: legal here


def test_a_chain_says_where_the_peg_goes_on(naming):
    """The article's third move on the 13-hole board, ( 4, 0, 6): two jumps by one peg."""
    naming(COORDINATES)
    puzzle = make_puzzle("pegs/diamond13", {})
    moves = parse_moves("( 0, 6)(10, 2)( 4, 0, 6)")
    state = replay(puzzle, puzzle.initial(), moves[:2])
    assert puzzle.describe_move(state, moves[2]) == \
        "Jump the peg at a3 over b4 to c5, then on to c3"
    naming(NUMBERS)
    assert puzzle.describe_move(state, moves[2]) == \
        "Jump the peg at 4 over 1 to 0, then on to 6"


def test_article_numbers_name_holes_buttons_and_cells(naming):
    naming(NUMBERS)
    english = make_puzzle("pegs/english", {})
    assert english.describe_move(english.initial(), [4, 16]) == "Jump the peg at 4 over 9 to 16"
    flip = make_puzzle("flip8/4x4", {})
    assert flip.describe_move(flip.initial(), 5) == "Press button 5"
    pairs = make_puzzle("oshidori/k3", {})
    state, move = first_hint(pairs)
    assert move == (1, 6) or list(move) == [1, 6]
    assert pairs.describe_move(state, move) == "Move the pair at 1–2 to the gap at 6–7"
    # the notation of copies, exports and the command line is the articles' whatever the naming
    assert english.format_moves([[4, 16]]) == "( 4,16)"
    assert flip.format_moves([0, 2, 5]) == "(0 2 5)"


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out


def without_seconds(line: str) -> dict:
    """The answer without its timing, and without the search's record, which issue #23 adds as
    one more key (`search`, checked in tests/test_cli_search.py): every key before it unchanged."""
    data = json.loads(line)
    data.pop("seconds")
    record = data.pop("search", None)
    assert record is None or record["source"] in ("search", "table", "catalogue")
    return data


def test_cli_json_is_unchanged(capsys, naming):
    """The public JSON, as before the words (recorded from the release before), even after a
    window chose coordinates."""
    naming(COORDINATES)
    code, out = run(capsys, "hint", "jugs", "--capacities", "8,5", "--target", "4", "--json")
    assert code == 0 and without_seconds(out) == {
        "move": ["fill", 1], "remaining": 9, "proven_minimal": True, "kind": "minimum",
        "final": True, "status": "solved", "at_most": 9,
        "moves": [["fill", 1], ["pour", 1, 0], ["fill", 1], ["pour", 1, 0], ["empty", 0],
                  ["pour", 1, 0], ["fill", 1], ["pour", 1, 0], ["fill", 1], ["pour", 1, 0]],
        "notation": "fill 1"}
    code, out = run(capsys, "hint", "pegs/english", "--json")
    data = without_seconds(out)
    assert code == 0 and data["move"] == [4, 16] and data["notation"] == "( 4,16)"
    assert list(data) == ["move", "remaining", "proven_minimal", "kind", "final", "status",
                          "at_most", "moves", "notation"]
    code, out = run(capsys, "hint", "oshidori/k3", "--json")
    assert without_seconds(out)["notation"] == "( 1, 6)"
    code, out = run(capsys, "hint", "flip8/4x4", "--json")
    assert without_seconds(out)["notation"] == "(0)"
    code, out = run(capsys, "solve", "jugs", "--capacities", "8,5", "--target", "4", "--json")
    data = json.loads(out)
    assert data["moves"][:2] == ["fill 1", "pour 1 0"] and data["operations"][0] == ["fill", 1]
    assert "from 0" in data["notation"]
    code, out = run(capsys, "solve", "pegs/diamond13", "--json")
    data = json.loads(out)
    assert data["notation"].startswith("(") and "Jump" not in out


def test_cli_text_says_the_move_in_words(capsys, naming):
    naming(COORDINATES)  # a window's choice does not reach the command line
    code, out = run(capsys, "hint", "pegs/english")
    assert code == 0 and "minimum: Jump the peg at 4 over 9 to 16, then 17 moves remain at best" in out
    code, out = run(capsys, "hint", "jugs", "--capacities", "8,5", "--target", "4")
    assert "minimum: Fill jug 2 (5 L), then 9 moves remain at best" in out


def test_jugs_text_numbers_jugs_as_the_window_does(capsys):
    code, out = run(capsys, "solve", "jugs", "--capacities", "8,5", "--target", "4")
    moves = next(line for line in out.splitlines() if line.startswith("moves: "))
    assert moves == ("moves: Fill jug 2 (5 L); Pour jug 2 into jug 1; Fill jug 2 (5 L); "
                     "Pour jug 2 into jug 1; Empty jug 1 (8 L); Pour jug 2 into jug 1; "
                     "Fill jug 2 (5 L); Pour jug 2 into jug 1; Fill jug 2 (5 L); "
                     "Pour jug 2 into jug 1")
    assert "fill 1" not in out and "operations" not in out  # no jug numbered from 0 in the text
    assert "numbered from 1" in out
