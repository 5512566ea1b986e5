"""The board designer's model (pegapp.puzzles.design): round trips of every shipped board, edits,
and the instant verdict checked against independent computations."""

import pytest

from pegapp.core import pegs
from pegapp.core.board import BoardError, parse_board, shipped_boards
from pegapp.puzzles.design import (MAX_GRID, Design, DesignError, board_fields, canonical_direction,
                                verdict)
from tests.peg_reference import reachable


def board_of(layout: str, lattice="square", start=(0,), finish='"any"', extra=""):
    return parse_board(f'lattice = "{lattice}"\n{extra}layout = """\n{layout}\n"""\n'
                       f"start = {list(start)}\nfinish = {finish}\n", default_id="t")


def design_of(layout: str, lattice="square", start=(0,), finish='"any"'):
    return Design.from_board(board_of(layout, lattice, start, finish))


@pytest.mark.parametrize("board", shipped_boards(), ids=lambda b: b.id)
def test_every_shipped_board_survives_a_round_trip(board):
    design = Design.from_board(board)
    again = parse_board(design.to_toml(), default_id=design.board_id)
    assert board_fields(again) == board_fields(board)
    # and a second round trip writes the very same text
    assert Design.from_board(again).to_toml() == design.to_toml()
    assert design.to_board(board.id).symmetries == board.symmetries


def test_the_lattice_is_recognised_with_its_own_directions():
    by_id = {b.id: Design.from_board(b) for b in shipped_boards()}
    assert (by_id["diamond13"].lattice, by_id["diamond13"].directions) == ("square-diagonal", None)
    assert (by_id["triangle15"].lattice, by_id["triangle15"].directions) == ("triangular", None)
    assert (by_id["english"].lattice, by_id["english"].directions) == ("square", None)
    hoppers = by_id["hoppers"]
    assert hoppers.lattice == "square"
    assert set(hoppers.directions) == {canonical_direction(d) for d in
                                       [(2, 0), (0, 2), (1, 1), (1, -1)]}


def test_a_board_off_any_lattice_cannot_be_drawn_but_says_why():
    off = parse_board("holes = [[0, 0], [1, 0], [2, 0], [0.3, 5]]\njumps = [[0, 1, 2]]\n"
                      "start = [0]\n")
    with pytest.raises(DesignError) as err:
        Design.from_board(off)
    assert "lattice" in str(err.value)
    # on the lattice's points, but with only one of the in-line jumps of a row of four
    partial = parse_board("holes = [[0, 0], [1, 0], [2, 0], [3, 0]]\njumps = [[0, 1, 2]]\n"
                          "start = [0]\n")
    with pytest.raises(DesignError):
        Design.from_board(partial)


def test_names_with_quotes_and_japanese_survive():
    d = Design(holes=frozenset({(0, 0), (1, 0), (2, 0)}), start=frozenset({(0, 0)}),
               name='My "odd" \\ board\ttab', name_ja="十字 \x7f", board_id="odd",
               description="line one\nline two")
    b = d.to_board()
    assert (b.name, b.name_ja, b.description) == (d.name, d.name_ja, d.description)


def test_edits_keep_start_and_finish_on_holes():
    d = Design(width=5, height=3)
    for c in [(0, 1), (1, 1), (2, 1), (3, 1)]:
        d = d.toggle(c)
    d = d.with_single_start((0, 1)).with_finish((3, 1))
    assert d.to_board().start == frozenset({0}) and d.to_board().finish == 3
    removed = d.toggle((3, 1))
    assert removed.finish is None and (3, 1) not in removed.holes
    assert d.with_finish((3, 1)).finish is None  # the same hole again: any hole
    assert d.with_problem((1, 1), (3, 1)).finish == (3, 1)  # set, never toggled
    assert d.with_problem((1, 1), (3, 1)).start == {(1, 1)}
    with pytest.raises(ValueError):
        d.with_problem((4, 4), None)
    smaller = d.resized(3, 3)
    assert smaller.holes == {(0, 1), (1, 1), (2, 1)} and smaller.finish is None
    assert d.toggle_start((4, 1)).holes >= {(4, 1)}  # emptying a new cell adds the hole
    assert d.resized(100, 1).width == MAX_GRID and d.resized(100, 1).height == 3
    # the lattice changes, the holes stay at their grid positions; directions reset
    tri = d.with_directions([(2, 0)]).with_lattice("triangular")
    assert tri.holes == d.holes and tri.directions is None
    # a lattice's own set, in any sign or order, is stored as None
    assert d.with_directions([(0, -1), (-1, 0)]).directions is None
    assert Design().filled().holes == set(Design().cells())


def test_a_15_by_15_grid_is_designable():
    d = Design(width=15, height=15).filled().with_single_start((7, 7))
    v = verdict(d)
    assert v.holes == 225 and v.savable
    assert any("at most 58" in w for w in v.warnings)  # more than the solver supports: said
    assert v.possible is None and not v.solvable_size
    assert d.to_board().n == 225  # still a board the game reads
    assert (v.rotations, v.reflections) == (4, 4)
    row = verdict(Design().toggle((0, 0)).toggle((1, 0)).toggle((2, 0)).with_single_start((0, 0)))
    assert row.symmetries == 2 and row.rotations is None  # in one line: kinds not told apart


def independent_jumps(cells, directions):
    """Jumps counted straight from the cells: every (a, a+d, a+2d) in both directions."""
    s = set(cells)
    count = 0
    for (x, y) in cells:
        for dx, dy in directions:
            for sg in (1, -1):
                if (x + sg * dx, y + sg * dy) in s and (x + 2 * sg * dx, y + 2 * sg * dy) in s:
                    count += 1
    return count


def same_class(board, a: int, b: int) -> bool:
    """Independent of the solver's basis of invariants: a and b are in one position class when
    a XOR b is a sum (over GF(2)) of jump masks -- Gaussian elimination on the masks."""
    basis: dict[int, int] = {}
    for f, o, t in board.jumps:
        v = (1 << f) | (1 << o) | (1 << t)
        while v:
            top = v.bit_length() - 1
            if top not in basis:
                basis[top] = v
                break
            v ^= basis[top]
    v = a ^ b
    while v:
        top = v.bit_length() - 1
        if top not in basis:
            return False
        v ^= basis[top]
    return True


@pytest.mark.parametrize("layout,lattice,rotations,reflections", [
    ("ooooo\nooooo\nooooo", "square", 2, 2),
    ("ooo\nooo\nooo", "square-diagonal", 4, 4),
    ("    o\n   o o\n  o o o\n o o o o\no o o o o", "triangular", 3, 3),
    (" ooo\nooooo\nooooo\nooooo\n ooo", "square", 4, 4),
    ("oooo\noo", "square", 1, 0),
    ("ooo\n oo\n  o", "square", 1, 1),  # a staircase: mirrored in its diagonal only
    ("oo\nooo\n o", "square", 1, 1),  # mirrored in its diagonal x = y
])
def test_the_verdict_agrees_with_independent_counts_and_classes(layout, lattice, rotations,
                                                                reflections):
    symmetries = rotations + reflections
    board = board_of(layout, lattice)
    cells = [(x, y) for y, row in enumerate(layout.split("\n")) for x, ch in enumerate(row)
             if ch == "o"]
    dirs = {"square": [(1, 0), (0, 1)], "square-diagonal": [(1, 0), (0, 1), (1, 1), (1, -1)],
            "triangular": [(2, 0), (1, 1), (-1, 1)]}[lattice]
    for start in range(board.n):
        for finish in range(board.n):
            d = Design.from_board(board).with_single_start(
                Design.from_board(board).ordered_holes()[start]).with_finish(
                Design.from_board(board).ordered_holes()[finish])
            v = verdict(d)
            assert (v.holes, v.jumps, v.symmetries) == (board.n, independent_jumps(cells, dirs),
                                                        symmetries)
            assert (v.rotations, v.reflections) == (rotations, reflections)
            full = board.full
            assert v.possible == same_class(board, full & ~(1 << start), 1 << finish)


def test_an_impossible_verdict_is_never_solvable_by_brute_force():
    board = board_of("ooooo\nooooo\nooooo")
    design = Design.from_board(board)
    cells = design.ordered_holes()
    for start in range(board.n):
        seen = reachable(board, board.full & ~(1 << start))
        for finish in range(board.n):
            v = verdict(design.with_single_start(cells[start]).with_finish(cells[finish]))
            if (1 << finish) in seen:
                assert v.possible is True
            if v.possible is False:
                assert "position class" in v.reason and (1 << finish) not in seen


def test_bad_input_is_said_plainly():
    empty = verdict(Design())
    assert not empty.savable and "no holes" in empty.errors[0]
    row = Design().toggle((0, 0)).toggle((1, 0)).toggle((2, 0))
    no_start = verdict(row)
    assert not no_start.savable and "right-click" in no_start.errors[0]
    everything_empty = verdict(row.toggle_start((0, 0)).toggle_start((1, 0)).toggle_start((2, 0)))
    assert not everything_empty.savable and "at least one" in everything_empty.errors[0]
    bend = Design().toggle((0, 0)).toggle((1, 0)).toggle((0, 1)).with_single_start((0, 0))
    no_jump = verdict(bend)
    assert not no_jump.savable and "No jump is possible" in no_jump.errors[0]
    with pytest.raises(BoardError):  # the game could not read it: nothing is written
        bend.to_board()
    stuck = verdict(row.with_single_start((1, 0)))  # the middle empty: nothing can jump
    assert stuck.savable and any("No move is possible" in w for w in stuck.warnings)
    assert not pegs.legal_jumps(stuck.board, stuck.board.start_position)
    fine = verdict(row.with_single_start((0, 0)))
    assert fine.savable and fine.warnings == () and fine.errors == ()


def test_the_file_is_the_layout_form_the_game_reads():
    d = design_of("  ooo\n  ooo\nooooooo\nooooooo\nooooooo\n  ooo\n  ooo", start=(16,),
                  finish=16)
    text = d.to_toml()
    assert 'lattice = "square"' in text and "layout = " in text and "start = [16]" in text
    assert "finish = 16" in text and "holes =" not in text


@pytest.mark.parametrize("board", shipped_boards(), ids=lambda b: b.id)
def test_moving_the_holes_on_the_grid_keeps_the_board(board):
    design = Design.from_board(board)
    for dcol, drow in [(1, 0), (0, 1), (1, 1), (2, 3)]:
        moved = design.shifted(dcol, drow)
        assert moved.holes != design.holes and len(moved.holes) == board.n
        assert board_fields(moved.to_board(board.id)) == board_fields(board)
        assert moved.shifted(-dcol, -drow).holes == design.holes  # and back where it was
    assert design.shifted(-1, 0) == design  # a hole would leave the grid: nothing moves
    assert design.shifted(MAX_GRID, 0) == design
