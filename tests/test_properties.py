"""Random legal play on every shipped board (hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from pegapp.core import pegs
from pegapp.core.board import get_board, shipped_board_ids
from pegapp.puzzles.session import Status
from tests.old_saves import peg_session


@settings(max_examples=60, deadline=None)
@given(board_id=st.sampled_from(shipped_board_ids()), data=st.data())
def test_random_play_keeps_the_invariants(board_id, data):
    board = get_board(board_id)
    game = peg_session(board)
    positions = [game.state]
    expected_moves = 0
    last_landing = None
    for _ in range(data.draw(st.integers(0, 40))):
        legal = pegs.legal_jumps(board, game.state)
        if not legal:
            assert game.status is not Status.PLAYING
            break
        jump = data.draw(st.sampled_from(legal))
        before = pegs.peg_count(game.state)
        game.push([jump[0], jump[2]])
        assert pegs.peg_count(game.state) == before - 1  # each jump removes exactly one peg
        if jump[0] != last_landing:
            expected_moves += 1
        last_landing = jump[2]
        assert game.move_count == expected_moves  # the chain rule
        positions.append(game.state)
    while game.steps:
        game.pop()
        positions.pop()
        assert game.state == positions[-1]  # undo restores the exact position
    assert game.state == board.start_position
