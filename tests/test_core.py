"""The model: moves as chains, notation, games, save files."""

import json
import os

import pytest

from pegapp.core import pegs
from pegapp.core.board import get_board
from pegapp.core.storage import SaveError
from pegapp.core.notation import format_moves, parse_moves
from pegapp.core.storage import set_aside, write_atomic
from pegapp.puzzles.pegs import PegPuzzle
from pegapp.puzzles.session import Session, Status
from tests.seeds import (DIAMOND13_ALL, DIAMOND13_SOLUTION, HOPPERS_ALL, TRIANGLE15_SOLUTION,
                         lines)


def peg_game(board, start=None, finish="default"):
    """A peg game: a Session of the board's PegPuzzle (the game model of every family)."""
    puzzle = PegPuzzle(board, start, finish)
    return Session(puzzle, puzzle.params)


def test_notation_round_trip():
    moves = parse_moves(DIAMOND13_SOLUTION)
    assert moves[2] == [4, 0, 6] and len(moves) == 7
    assert format_moves(moves) == DIAMOND13_SOLUTION
    assert parse_moves("[10,12][13,11]") == [[10, 12], [13, 11]]
    assert parse_moves("  ") == []


@pytest.mark.parametrize("text", ["( 0, 6) x (1, 2)", "(0)", "(a, b)", "(0, 6) trailing"])
def test_bad_notation_is_refused(text):
    with pytest.raises(ValueError):
        parse_moves(text)


def test_chain_rule_counts_moves():
    board = get_board("diamond13")
    jumps = [j for m in parse_moves("( 0, 6)(10, 2)( 4, 0, 6)") for j in pegs.move_jumps(board, m)]
    assert len(jumps) == 4 and pegs.count_moves(jumps) == 3
    assert pegs.group_moves(jumps) == [[0, 6], [10, 2], [4, 0, 6]]


@pytest.mark.parametrize("board_id, text", [
    *[("diamond13", s) for s in lines(DIAMOND13_ALL)],
    *[("hoppers", s) for s in lines(HOPPERS_ALL)],
    ("triangle15", TRIANGLE15_SOLUTION)])
def test_article_solutions_replay_and_solve(board_id, text):
    game = peg_game(get_board(board_id))
    for move in parse_moves(text):
        game.push(move)
    assert game.status is Status.SOLVED
    expected = len(parse_moves(text))
    assert game.move_count == expected
    assert game.step_count == game.puzzle.board.n - 2


def test_chains_enumerate_prefixes_and_multi_jumps():
    board = get_board("diamond13")
    game = peg_game(board)
    for move in parse_moves("( 0, 6)(10, 2)"):
        game.push(move)
    routes = {tuple(r) for r, _ in pegs.chains(board, game.state)}
    assert (4, 0) in routes and (4, 0, 6) in routes
    for route, pos in pegs.chains(board, game.state):
        replay = game.state
        for j in pegs.move_jumps(board, route):
            assert pegs.is_legal(replay, j)
            replay = pegs.apply_jump(replay, j)
        assert replay == pos


def test_illegal_moves_are_refused_and_leave_the_game_untouched():
    game = peg_game(get_board("english"))
    with pytest.raises(ValueError):
        game.push([0, 16])  # not a jump
    with pytest.raises(ValueError):
        game.push([4, 16, 28])  # second jump lands on a full hole
    assert game.steps == [] and game.state == game.start


def test_status_stuck_and_any_finish():
    board = get_board("english")
    # two pegs far apart: no jump, not solved
    game = peg_game(board, frozenset(set(range(33)) - {0, 32}))
    assert game.status is Status.STUCK
    single = peg_game(board, frozenset(set(range(33)) - {0, 1}), finish=None)
    single.push([0, 2])
    assert single.status is Status.SOLVED
    wrong = peg_game(board, frozenset(set(range(33)) - {0, 1}), finish=16)
    wrong.push([0, 2])
    assert wrong.status is Status.STUCK


def test_save_round_trip(tmp_path):
    game = peg_game(get_board("hoppers"))
    for move in parse_moves("( 0, 6)( 9, 3)( 2, 0, 6)"):
        game.push(move)
    path = tmp_path / "g.pegapp.json"
    game.save(path)
    again = Session.load(path)
    assert again.puzzle.board.id == "hoppers"
    assert again.steps == game.steps and again.state == game.state
    assert again.move_count == 3
    assert json.loads(path.read_text())["moves"] == "( 0, 6)( 9, 3)( 2, 0, 6)"


def test_save_of_a_players_board_is_self_contained(tmp_path):
    board_file = tmp_path / "mine.toml"
    board_file.write_text('name = "Mine"\nlayout = """\nooooo\n"""\nstart = [0]\nfinish = "any"\n')
    from pegapp.core.board import load_board
    game = peg_game(load_board(board_file))
    game.push([2, 0])
    save = tmp_path / "s.json"
    game.save(save)
    board_file.unlink()
    again = Session.load(save)
    assert again.puzzle.board.name == "Mine" and again.state == game.state


@pytest.mark.parametrize("content, words", [
    ("{not json", "damaged"),
    ('{"format": "something-else"}', "not a PegApp"),
    ('{"format": "pegapp-game", "version": 99}', "newer PegApp"),
    ('{"format": "pegapp-game", "version": 1, "board": "nope", "start": [1]}', "damaged"),
    ('{"format": "pegapp-game", "version": 1, "board": "english", "start": [16], "finish": 16,'
     ' "moves": "(0, 16)"}', "damaged"),
    ("\x00\xff garbage", "damaged"),
])
def test_corrupt_saves_raise_a_clear_error(tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8", errors="ignore")
    with pytest.raises(SaveError) as info:
        Session.load(path, family="pegs")
    assert words in str(info.value)


def test_atomic_write_keeps_the_old_file_on_failure(tmp_path, monkeypatch):
    path = tmp_path / "save.json"
    write_atomic(path, "good")

    def boom(*args):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        write_atomic(path, "new")
    monkeypatch.undo()
    assert path.read_text() == "good"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]  # no temporary left behind


def test_set_aside_keeps_every_bad_file(tmp_path):
    for _ in range(2):
        (tmp_path / "a.json").write_text("bad")
        set_aside(tmp_path / "a.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json.corrupt", "a.json.corrupt.1"]
