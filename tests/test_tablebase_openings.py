"""Opening tables (#20): a problem's positions of many pegs with their exact distances, and one
minimum line on from each, so the first hints off the catalogue's lines need no search.

Every distance here is checked by code of this file's helpers (a brute force over every
reachable position, its own chain enumeration and replay) or by the bidirectional search with
the tables turned off, never by the table that gave it.
"""

import json

import pytest

from pegapp.core.board import get_board
from pegapp.solvers.pegs import solver
from pegapp.solvers.pegs import tablebase
from pegapp.solvers.pegs._tables import geometry
from tests.peg_reference import brute_force_distances, chains, play



def pegs(pos: int) -> int:
    return bin(pos).count("1")


@pytest.fixture(scope="module")
def triangle():
    """triangle15's default problem: its whole table, its opening at 11 pegs (three jumps in),
    and every winnable position with its distance by brute force."""
    b = get_board("triangle15")
    goal = 1 << b.finish
    whole = tablebase.build(b, b.start_position, [goal])
    return b, whole, tablebase.opening(whole, b, 11), brute_force_distances(
        b, b.start_position, goal)


def test_an_opening_holds_every_winnable_position_down_to_its_pegs(triangle):
    b, _whole, op, want = triangle
    many = {op.canon(p): d for p, d in want.items() if pegs(p) >= 11}
    assert many and all(op.distance(p) == d for p, d in many.items())
    # below 11 pegs it holds only positions of lines, each with its brute-force distance
    below = {op.canon(p): d for p, d in want.items() if pegs(p) < 11}
    held = [int(k) for k in op.keys if pegs(int(k)) < 11]
    assert held and len(held) < len(below)
    assert all(op.distance(k) == below[k] for k in held)


def test_an_opening_gives_a_whole_minimum_line_from_each_position_it_keeps(triangle):
    b, _whole, op, want = triangle
    for p, d in want.items():
        if pegs(p) >= 11:
            line = op.best_line(b, p)
            assert len(line) == d and play(b, p, line) == 1 << b.finish


def test_an_opening_proves_dead_ends_only_where_it_is_whole(triangle):
    """One move from a winnable position: with 11 pegs or more the opening proves a dead end
    exactly when the brute force says it is one; below, it proves nothing (a position it does
    not hold may still win)."""
    b, _whole, op, want = triangle
    tables = tablebase.Tables([op])
    dead_above = dead_below = 0
    for p in want:
        for _path, q in chains(b, p):
            if pegs(q) >= 11:
                assert tables.proves_dead(b, q) == (q not in want), q
                dead_above += q not in want
            else:
                assert not tables.proves_dead(b, q), q
                dead_below += q not in want
    assert dead_above and dead_below


def test_an_opening_round_trips_as_a_version_2_file_and_bad_headers_are_refused(triangle):
    b, whole, op, _want = triangle
    data = tablebase.encode(op)
    again = tablebase.decode(data)
    assert again.min_pegs == 11 and not again.whole
    assert (again.keys == op.keys).all() and (again.dist == op.dist).all()
    assert tablebase.encode(tablebase.opening(whole, b, 11)) == data  # the same bytes again
    hlen = int.from_bytes(data[:4], "little")
    header = json.loads(data[4:4 + hlen])
    assert header["version"] == 2 and header["min_pegs"] == 11
    whole_data = tablebase.encode(whole)
    whole_hlen = int.from_bytes(whole_data[:4], "little")
    assert json.loads(whole_data[4:4 + whole_hlen])["version"] == 1  # whole: as before
    for bad in (1, "11", None, 0):
        head = dict(header, min_pegs=bad)
        raw = json.dumps(head, separators=(",", ":")).encode()
        with pytest.raises(ValueError, match="min_pegs"):
            tablebase.decode(len(raw).to_bytes(4, "little") + raw + data[4 + hlen:])
    with pytest.raises(ValueError, match="whole"):
        tablebase.opening(op, b, 10)


def test_an_opening_answers_the_symmetric_images_of_its_problem(triangle, tmp_path, monkeypatch):
    """Shipped for start 12 and finish 12, the opening answers a player who starts and finishes
    at a hole a symmetry of the board takes there: distances by a brute force in the player's
    own frame, lines replayed to the player's finish."""
    b, _whole, op, _want = triangle
    tablebase.save(op, tmp_path / "triangle15-12-12.pegtb")
    monkeypatch.setattr(tablebase, "shipped_dir", lambda: tmp_path)
    monkeypatch.setattr(tablebase, "_loaded", {})
    images = {perm.index(b.finish) for perm in geometry(b).symmetries} - {b.finish}
    assert images
    for hole in sorted(images):
        start = b.position_for([hole])
        want = brute_force_distances(b, start, 1 << hole)
        tables = tablebase.find(b, [1 << hole])
        assert tables is not None and not tables.whole
        checked = 0
        for p, d in want.items():
            if pegs(p) >= 11:
                assert tables.distance(p) == d
                line = tables.best_line(b, p)
                assert len(line) == d and play(b, p, line) == 1 << hole
                checked += 1
        assert checked
        res = solver.solve(b, start, hole, cache_dir=False)
        assert res.stats.get("tablebase") and len(res.moves) == want[start]
