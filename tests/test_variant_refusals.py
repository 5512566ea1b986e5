"""New game's other sizes and settings (the variant dialog) refuse a game no play can win, with
the reason, as Choose start and stone pairs do (found by an outside trial: 8-flip 3x3 and 5x5,
and French 37's d4 -> d4, started as games only a hint showed to be lost). Checked against the
tests' own brute forces, and the dialog shows the whole reason."""

from __future__ import annotations

import pytest

from pegapp.core.board import get_board
from pegapp.puzzles.base import BadInput
from pegapp.puzzles.registry import family_of
from tests.peg_reference import reachable


def flip8_clears_all_on(rows: int, cols: int) -> bool:
    """Whether some set of presses turns every light of a rows x cols 8-flip off, tried one set
    at a time (2**(rows*cols) of them)."""
    n = rows * cols
    masks = []
    for i in range(n):
        r, c = divmod(i, cols)
        masks.append(sum(1 << (rr * cols + cc) for rr in range(r - 1, r + 2)
                         for cc in range(c - 1, c + 2)
                         if (rr, cc) != (r, c) and 0 <= rr < rows and 0 <= cc < cols))
    all_on = (1 << n) - 1
    # the lights each press set flips, built up press by press (a Gray-code walk)
    lights = 0
    for k in range(1, 1 << n):
        lights ^= masks[(k & -k).bit_length() - 1]
        if lights == all_on:
            return True
    return False


SIZES = [(r, c) for r in range(2, 5) for c in range(r, 5)] + [(3, 5), (2, 7), (3, 3)]


@pytest.mark.parametrize("rows, cols", sorted(set(SIZES)))
def test_8_flip_sizes_are_refused_exactly_where_all_on_cannot_be_cleared(rows, cols):
    family = family_of("flip8")
    if flip8_clears_all_on(rows, cols):
        assert family.variant({"rows": rows, "cols": cols}) == (f"flip8/{rows}x{cols}", {})
    else:
        with pytest.raises(BadInput, match="never be cleared"):
            family.variant({"rows": rows, "cols": cols})


@pytest.mark.parametrize("board_id", ["triangle15", "diamond13"])
def test_peg_problems_are_refused_exactly_where_no_play_wins(board_id):
    """Every single vacancy and finish hole of a board whose problems all ship decided: refused
    exactly when the brute force finds the finish unreachable from the start."""
    board = get_board(board_id)
    family = family_of("pegs")
    for start in range(board.n):
        after = reachable(board, ((1 << board.n) - 1) ^ (1 << start))
        for finish in range(board.n):
            values = {"board": board_id, "start": str(start), "finish": str(finish)}
            if (1 << finish) in after:
                assert family.variant(values)[1] == {"start": [start], "finish": finish}
            else:
                with pytest.raises(BadInput, match="no play solves"):
                    family.variant(values)


def test_the_trials_peg_problems_are_refused_with_their_reason():
    family = family_of("pegs")
    for board, start, finish in (("french", "d4", "d4"), ("english", "d4", "c7")):
        with pytest.raises(BadInput, match="position class"):
            family.variant({"board": board, "start": start, "finish": finish})
    assert family.variant({"board": "english", "start": "", "finish": ""}) == (
        "pegs/english", {})


def test_the_dialog_shows_a_long_reason_whole_without_an_options_name(qtbot, open_window):
    """Five large jugs: the reason wraps over several lines; the dialog grows to show them all,
    and names no command-line option (found by an outside trial: "--capacities: …", cut off)."""
    from pegapp.ui.variant_dialog import VariantDialog

    w = open_window("jugs", {"capacities": [8, 5], "target": 4})
    dialog = VariantDialog(w.family, w, {"capacities": [997, 991, 983, 977, 971],
                                         "target": 500})
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.accept()
    text = dialog.error.text()
    assert dialog.isVisible() and "positions" in text and "--" not in text
    label = dialog.error
    assert label.height() >= label.heightForWidth(label.width()) > label.fontMetrics().height()
