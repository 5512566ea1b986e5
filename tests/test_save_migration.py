"""One save format (pegapp-save v2, with a family field) and the migration of the formats of the
release before it: saves written by that release (tests/data/saves/, made by its own code) load
into the same game, and are written back as v2."""

import json
from pathlib import Path

import pytest

from pegapp.core import pegs as peg_rules
from pegapp.core.board import get_board
from pegapp.core.storage import SaveError
from pegapp.puzzles.base import EXTEND, replay, replay_states
from pegapp.puzzles.pegs import PegPuzzle, make
from pegapp.puzzles.registry import make_puzzle
from pegapp.puzzles.session import Session, Status

SAVES = Path(__file__).parent / "data" / "saves"
OLD = sorted(SAVES.glob("*.pegapp.json"))


def test_the_old_saves_are_there():
    formats = {json.loads(p.read_text())["format"] for p in OLD}
    assert formats == {"pegapp-game", "pegapp-puzzle"} and len(OLD) >= 15


@pytest.mark.parametrize("path", OLD, ids=[p.name for p in OLD])
def test_an_old_save_loads_as_the_same_game_and_saves_as_v2(path, tmp_path):
    old = json.loads(path.read_text())
    session = Session.load(path)
    # the same game: puzzle, start and moves as the old file holds them
    assert session.puzzle.id == old["puzzle"]
    assert session.notation.replace(" ", "") == old["moves"].replace(" ", "")
    assert session.state == replay(session.puzzle, session.start, session.moves)
    if old["format"] == "pegapp-game":
        assert sorted(session.puzzle.start) == old["start"]
        assert session.puzzle.finish == (None if old["finish"] == "any" else old["finish"])
        assert session.puzzle.board.id == old["board"]
        assert ("board_text" in session.params) == ("board_text" in old)
    else:
        assert session.params == old["params"]
        assert session.start == session.puzzle.check_state(
            tuple(old["start"]) if isinstance(old["start"], list) else old["start"])
    # written back in the one format, it loads as the same game
    new = tmp_path / path.name
    session.save(new)
    data = json.loads(new.read_text())
    assert data["format"] == "pegapp-save" and data["version"] == 2
    assert data["family"] == old["puzzle"].split("/")[0]
    again = Session.load(new)
    assert (again.puzzle.id, again.start, again.moves, again.steps, again.state) == \
        (session.puzzle.id, session.start, session.moves, session.steps, session.state)
    assert again.to_json() == session.to_json()


def test_the_peg_saves_keep_their_status_and_counts():
    finished = Session.load(SAVES / "peg-diamond13-solved.pegapp.json")
    assert finished.status is Status.SOLVED and finished.status == "solved"
    assert finished.move_count == 7 and finished.step_count == 11
    stuck = Session.load(SAVES / "peg-english-stuck.pegapp.json")
    assert stuck.status == "stuck" and stuck.moves == []
    mine = Session.load(SAVES / "peg-players-board.pegapp.json")
    assert mine.puzzle.board.name == "Mine" and mine.moves == [[2, 0]]


def test_a_chain_saved_mid_way_goes_on_as_the_same_move():
    session = Session.load(SAVES / "peg-english-midchain.pegapp.json")
    assert session.moves[-1] == [13, 15] and session.move_count == 6
    session.push([15, 27])  # the peg that landed last jumps on: still the sixth move
    assert session.moves[-1] == [13, 15, 27] and session.move_count == 6
    assert session.step_count == 7
    chain = Session.load(SAVES / "peg-english-chain2.pegapp.json")
    assert chain.state == session.state and chain.moves == session.moves


def test_a_peg_save_is_refused_by_another_family_and_the_other_way_round():
    peg = (SAVES / "peg-english-new.pegapp.json").read_text()
    slide = (SAVES / "slide-2x5.pegapp.json").read_text()
    with pytest.raises(SaveError, match="not a PegApp puzzle save"):
        Session.from_json(peg, source="s.json", family="slide")
    with pytest.raises(SaveError, match="not a PegApp peg solitaire save"):
        Session.from_json(slide, source="s.json", family="pegs")
    assert Session.from_json(peg, family="pegs").puzzle.id == "pegs/english"
    v2 = Session.from_json(slide).to_json()
    with pytest.raises(SaveError, match="not a PegApp peg solitaire save"):
        Session.from_json(v2, source="s.json", family="pegs")


@pytest.mark.parametrize("changes, words", [
    ({"family": "slide"}, "family: must be 'pegs'"),
    ({"family": 5}, "family: must be a string"),
    ({"version": 1}, "version: 1 is not a known format version"),
    ({"params": {"board": "english", "start": [16], "finish": None}},
     "params.finish: must be a whole number"),
    ({"params": {"board": "english", "start": 16}},
     "params.start: must be a non-empty list of hole numbers"),
    ({"params": {"board": "nope"}}, "params.board: no shipped board 'nope'"),
    ({"params": {"board": "english", "start": [16.5]}}, "params.start"),
    ({"start": 0}, "start: 0 is not a position of board english"),
    ({"start": "16"}, "start: must be a whole number"),
    ({"moves": "( 4,16)( 4,16)"}, "moves: move 2 '( 4,16)': jump 4->16 is not legal here"),
])
def test_a_damaged_v2_peg_save_names_the_field(changes, words):
    puzzle = make("pegs/english", {})
    data = json.loads(Session(puzzle, puzzle.params).to_json())
    data.update(changes)
    with pytest.raises(SaveError) as info:
        Session.from_json(json.dumps(data), source="s.json")
    assert "is damaged" in str(info.value) and words in str(info.value)


def test_a_v2_save_missing_the_family_is_damaged():
    puzzle = make("pegs/english", {})
    data = json.loads(Session(puzzle, puzzle.params).to_json())
    del data["family"]
    with pytest.raises(SaveError, match=r"is damaged \(family: missing\)"):
        Session.from_json(json.dumps(data), source="s.json")
    with pytest.raises(SaveError, match="newer PegApp"):
        Session.from_json(json.dumps({**data, "version": 3}), source="s.json")


# ---- the session: steps, merged moves, pop

def test_jumps_of_one_peg_are_one_move_and_pop_undoes_one_jump():
    puzzle = make_puzzle("pegs/diamond13", {})
    assert EXTEND in puzzle.ABILITIES
    session = Session(puzzle, puzzle.params)
    for step in ([0, 6], [10, 2], [4, 0], [0, 6]):
        session.push(step)
    assert session.moves == [[0, 6], [10, 2], [4, 0, 6]] and session.move_count == 3
    assert session.steps == [[0, 6], [10, 2], [4, 0], [0, 6]]
    assert len(session.states) == 5 and session.states[0] == puzzle.initial()
    assert session.pop() == [0, 6]
    assert session.moves == [[0, 6], [10, 2], [4, 0]] and session.state == session.states[-1]
    assert session.pop() == [4, 0] and session.moves == [[0, 6], [10, 2]]
    session.push([4, 0, 6])  # a whole chain is pushed as its jumps
    assert session.steps[-2:] == [[4, 0], [0, 6]] and session.moves[-1] == [4, 0, 6]
    assert session.truncate(1) == [[10, 2], [4, 0], [0, 6]] and session.moves == [[0, 6]]


def test_an_illegal_chain_leaves_the_session_untouched():
    puzzle = make_puzzle("pegs/english", {})
    session = Session(puzzle, puzzle.params)
    with pytest.raises(ValueError):
        session.push([4, 16, 28])  # the second jump lands on a full hole
    with pytest.raises(ValueError):
        session.push([0, 16])
    assert session.steps == [] and session.state == puzzle.initial()


def test_other_families_push_and_pop_whole_moves():
    puzzle = make_puzzle("jugs", {"capacities": [8, 5], "target": 4})
    session = Session(puzzle, {"capacities": [8, 5], "target": 4})
    session.push(("fill", 0))
    session.push(("pour", 0, 1))
    assert session.moves == session.steps == [("fill", 0), ("pour", 0, 1)]
    assert session.pop() == ("pour", 0, 1) and session.move_count == 1
    assert session.status == "playing" and set(session.legal_moves)


def test_replay_states_is_the_start_then_each_move():
    board = get_board("diamond13")
    puzzle = PegPuzzle(board)
    moves = [[0, 6], [10, 2], [4, 0, 6]]
    states = replay_states(puzzle, puzzle.initial(), moves)
    assert len(states) == 4 and states[-1] == replay(puzzle, puzzle.initial(), moves)
    assert peg_rules.peg_count(states[-1]) == board.n - 1 - 4


def test_peg_params_make_the_same_puzzle_again():
    board_text = 'name = "Mine"\nlayout = """\nooooo\n"""\nstart = [0]\nfinish = "any"\n'
    for params in [{}, {"start": [0], "finish": "any"}, {"start": [3, 5], "finish": 4},
                   {"board": "mine", "board_text": board_text}]:
        pid = "pegs/mine" if "board_text" in params else "pegs/english"
        puzzle = make(pid, params)
        again = make(puzzle.id, puzzle.params)
        assert (again.board.text, again.start, again.finish) == \
            (puzzle.board.text, puzzle.start, puzzle.finish)
