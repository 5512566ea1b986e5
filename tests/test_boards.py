"""Boards as data: generated jump tables match the articles, symmetries, and bad files refused."""

import pytest

from pegapp.core.board import BoardError, get_board, load_board, parse_board, shipped_board_ids

# Jump tables printed in the articles: hole -> [(over, to), ...]
DIAMOND13 = {0: [(1, 4), (2, 6), (3, 8)], 1: [(2, 3), (5, 9), (6, 11)], 2: [(6, 10)],
             3: [(2, 1), (7, 11), (6, 9)], 4: [(1, 0), (5, 6), (9, 12)], 5: [(6, 7)],
             6: [(2, 0), (5, 4), (10, 12), (7, 8)], 7: [(6, 5)], 8: [(3, 0), (7, 6), (11, 12)],
             9: [(5, 1), (6, 3), (10, 11)], 10: [(6, 2)], 11: [(7, 3), (6, 1), (10, 9)],
             12: [(9, 4), (10, 6), (11, 8)]}
HOPPERS = [[1, 2, 3, 6, 5, 10], [3, 5, 6, 11, 4, 7], [1, 0, 4, 6, 7, 12], [6, 9], [6, 8],
           [3, 1, 6, 7, 8, 11], [3, 0, 4, 2, 8, 10, 9, 12], [4, 1, 6, 5, 9, 11], [6, 4], [6, 3],
           [5, 0, 8, 6, 11, 12], [8, 5, 6, 1, 9, 7], [11, 10, 9, 6, 7, 2]]
TRIANGLE15 = [[(1, 3), (2, 5)], [(3, 6), (4, 8)], [(4, 7), (5, 9)],
              [(1, 0), (4, 5), (6, 10), (7, 12)], [(7, 11), (8, 13)],
              [(2, 0), (4, 3), (8, 12), (9, 14)], [(3, 1), (7, 8)], [(4, 2), (8, 9)],
              [(4, 1), (7, 6)], [(5, 2), (8, 7)], [(6, 3), (11, 12)], [(7, 4), (12, 13)],
              [(7, 3), (8, 5), (11, 10), (13, 14)], [(8, 4), (12, 11)], [(9, 5), (13, 12)]]


def test_diamond13_jumps_equal_the_article():
    table = {(f, o, t) for f, pairs in DIAMOND13.items() for o, t in pairs}
    assert set(get_board("diamond13").jumps) == table


def test_hoppers_jumps_equal_the_article():
    table = {(f, row[i], row[i + 1]) for f, row in enumerate(HOPPERS) for i in range(0, len(row), 2)}
    assert set(get_board("hoppers").jumps) == table


def test_triangle15_jumps_equal_the_article():
    table = {(f, o, t) for f, pairs in enumerate(TRIANGLE15) for o, t in pairs}
    assert set(get_board("triangle15").jumps) == table


@pytest.mark.parametrize("board_id, count", [
    ("english", 8), ("french", 8), ("wiegleb", 8), ("diamond41", 8), ("diamond13", 8),
    ("hoppers", 8), ("triangle15", 6), ("triangle21", 6), ("plus20", 8)])
def test_symmetries_are_derived_from_coordinates(board_id, count):
    board = get_board(board_id)
    syms = board.symmetries
    assert len(syms) == count
    assert syms[0] == tuple(range(board.n))
    jumps = set(board.jumps)
    for p in syms:
        assert sorted(p) == list(range(board.n))
        assert {(p[f], p[o], p[t]) for f, o, t in jumps} == jumps


def test_a_lopsided_board_has_only_the_identity():
    board = parse_board('layout = """\nooo\no\n"""\nstart = [0]\n')
    assert board.symmetries == (tuple(range(4)),)


@pytest.mark.parametrize("board_id", shipped_board_ids())
def test_every_shipped_board_is_sound(board_id):
    board = get_board(board_id)
    assert board.n >= 9 and board.jumps
    assert all(0 <= h < board.n for h in board.start)
    assert board.finish is None or 0 <= board.finish < board.n
    # numbered row by row, top to bottom, left to right
    keys = [(y, x) for x, y in board.coords]
    assert keys == sorted(keys)
    # every jump's reverse is a jump, and its middle hole lies halfway
    jumps = set(board.jumps)
    for f, o, t in jumps:
        assert (t, o, f) in jumps
        (x0, y0), (x1, y1), (x2, y2) = (board.coords[h] for h in (f, o, t))
        assert x1 == pytest.approx((x0 + x2) / 2) and y1 == pytest.approx((y0 + y2) / 2)


def test_required_boards_are_shipped():
    ids = set(shipped_board_ids())
    assert {"diamond13", "hoppers", "triangle15", "triangle21", "english", "french", "wiegleb",
            "diamond41"} <= ids
    assert len(get_board("english").jumps) == 76
    assert get_board("english").start == frozenset({16}) and get_board("english").finish == 16
    assert get_board("wiegleb").n == 45 and get_board("french").n == 37
    assert get_board("diamond41").n == 41


def test_explicit_tables_board(tmp_path):
    path = tmp_path / "line.toml"
    path.write_text('name = "Line"\nholes = [[0, 0], [1, 0], [2, 0], [3, 0]]\n'
                    'jumps = [[0, 1, 2], [1, 2, 3]]\nstart = [0]\nfinish = 3\n')
    board = load_board(path)
    assert board.n == 4 and board.finish == 3
    assert set(board.jumps) == {(0, 1, 2), (2, 1, 0), (1, 2, 3), (3, 2, 1)}
    assert board.id == "line"


def write(tmp_path, text, name="bad.toml"):
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.mark.parametrize("text, field, reason", [
    ('name = "x\nlayout = ', "toml", "not valid TOML"),
    ('holes = [[0, 0], [1, 0], [2, 0]]\njumps = [[0, 1, 7]]\nstart = [0]\n', "jumps[0]",
     "hole 7 does not exist"),
    ('holes = [[0, 0], [1, 1], [2, 0]]\njumps = [[0, 1, 2]]\nstart = [0]\n', "jumps[0]",
     "not in line"),
    ('holes = [[0, 0], [1, 0], [0, 0]]\njumps = [[0, 1, 2]]\nstart = [0]\n', "holes",
     "same coordinates"),
    ('lattice = "hexagonal"\nlayout = """\nooo\n"""\nstart = [0]\n', "lattice",
     "unknown lattice"),
    ('layout = """\n   \n"""\nstart = [0]\n', "layout", "no holes"),
    ('holes = []\njumps = []\nstart = [0]\n', "holes", "no holes"),
    ('layout = """\nooo\n"""\nstart = [5]\n', "start", "not a hole"),
    ('layout = """\nooo\n"""\n', "start", "missing"),
    ('layout = """\nooo\n"""\nstart = [1]\nfinish = 9\n', "finish", "neither a hole"),
    ('layout = """\noxo\n"""\nstart = [0]\n', "layout", "unexpected character"),
    ('layout = """\no o\n"""\nstart = [0]\n', "jumps", "no jump"),
    ('layout = """\nooo\n"""\nstart = [0]\ncolour = "red"\n', "colour", "unknown field"),
    # each directions entry named, its value as the file writes it (TOML, not Python)
    ('holes = [[0, 0], [1, 0], [2, 0]]\njumps = [[0, 1, 2]]\nstart = [0]\nlattice = "square"\n',
     "lattice", "a board given by holes and jumps tables lists its jumps itself"),
    ('holes = [[0, 0], [1, 0], [2, 0]]\njumps = [[0, 1, 2]]\nstart = [0]\ndirections = [[1, 0]]\n',
     "directions", "a board given by holes and jumps tables lists its jumps itself"),
    ('layout = """\nooo\n"""\nstart = [0]\ndirections = [[1, 0], [1.5, 0]]\n', "directions[1]",
     "[1.5, 0] is not a [dx, dy] pair of integers"),
    ('layout = """\nooo\n"""\nstart = [0]\ndirections = [[1, 0], "x"]\n', "directions[1]",
     '"x" is not a [dx, dy] pair of integers'),
    ('layout = """\nooo\n"""\nstart = [0]\ndirections = [[true, 0]]\n', "directions[0]",
     "[true, 0] is not a [dx, dy] pair"),
    ('layout = """\nooo\n"""\nstart = [0]\ndirections = [[0, 0]]\n', "directions[0]",
     "[0, 0] is no direction"),
    ('layout = """\nooo\n"""\nstart = [0]\ndirections = []\n', "directions", "at least one"),
    ('layout = """\nooo\n"""\nstart = [true]\n', "start", "true is not a hole"),
])
def test_malformed_board_files_name_file_field_and_reason(tmp_path, text, field, reason):
    path = write(tmp_path, text)
    with pytest.raises(BoardError) as info:
        load_board(path)
    err = info.value
    assert err.field == field
    assert reason in err.reason
    message = str(err)
    assert str(path) in message and field in message and reason in message


def test_missing_file_is_a_board_error(tmp_path):
    with pytest.raises(BoardError) as info:
        load_board(tmp_path / "nope.toml")
    assert "nope.toml" in str(info.value)
