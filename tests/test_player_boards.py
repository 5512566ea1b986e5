"""The player's boards folder: listed with each file's board or the error naming what is wrong."""

from pegapp.core.player_boards import (board_path, boards_dir, clashes_with_shipped,
                                       player_boards)
from pegapp.puzzles import registry
from pegapp.puzzles.pegs import board_game

SMALL = 'name = "Row"\nlattice = "square"\nlayout = """\nooo.\n.ooo\n"""\nstart = [0]\nfinish = 5\n'


def test_a_missing_folder_is_no_board(tmp_path):
    assert player_boards(tmp_path) == []


def test_boards_are_listed_by_name_with_their_errors(tmp_path):
    folder = boards_dir(tmp_path)
    folder.mkdir()
    (folder / "b-row.toml").write_text(SMALL, encoding="utf-8")
    (folder / "a-bad.toml").write_text("name = ", encoding="utf-8")
    (folder / "notes.txt").write_text("not a board", encoding="utf-8")
    bad, good = player_boards(tmp_path)
    assert bad.board is None and "a-bad.toml" in str(bad.error) and "toml" in str(bad.error)
    assert good.error is None and good.board.name == "Row" and good.board.id == "b-row"
    puzzle_id, params = board_game(good.board)
    puzzle = registry.make_puzzle(puzzle_id, params)
    assert puzzle.board.coords == good.board.coords


def test_names(tmp_path):
    assert board_path(tmp_path, "mine") == tmp_path / "boards" / "mine.toml"
    assert clashes_with_shipped("english") and not clashes_with_shipped("mine")
    try:
        board_path(tmp_path, "../x")
    except ValueError:
        pass
    else:
        raise AssertionError("an unsafe name was accepted")
