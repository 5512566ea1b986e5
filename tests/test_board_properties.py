"""Property tests over board texts (issue #10): whatever a board file holds -- generated layouts,
holes, jumps and other fields, of any TOML type, or no TOML at all -- the loader returns a board
that can be drawn, played and given to the solver, or raises BoardError naming the source, a field
and a reason. Never any other exception."""

import json
import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pegapp.core import pegs
from pegapp.core.board import MAX_COORDINATE, MAX_HOLES, Board, BoardError, load_board, parse_board

SOURCE = "prop.toml"
FAST = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


# ---- a small TOML writer (values of any type, including nan and inf) --------------------------

def toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)  # a TOML basic string, or a TOML error
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(v)


def toml_text(fields: dict) -> str:
    return "".join(f"{json.dumps(k)} = {toml_value(v)}\n" for k, v in fields.items())


numbers = st.one_of(
    st.integers(-5, 40),
    st.integers(-(2 ** 70), 2 ** 70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.5, -0.0, 1e-300, 1e300, 1e6, 1e6 + 1, -1e6]),
)
scalars = st.one_of(numbers, st.booleans(), st.text(max_size=8), st.just("any"))
anything = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text("abxy", max_size=3), inner, max_size=3)),
    max_leaves=12)

small_index = st.integers(-2, 12)
hole_lists = st.one_of(
    st.lists(st.tuples(st.integers(0, 4), st.integers(0, 2)), min_size=3, max_size=10,
             unique=True).map(lambda xys: [list(xy) for xy in xys]),
    st.lists(st.one_of(st.lists(numbers, min_size=2, max_size=2),
                       st.tuples(st.integers(0, 4), st.integers(0, 4)).map(list), anything),
             max_size=10))
jump_lists = st.one_of(
    st.lists(st.lists(st.integers(0, 9), min_size=3, max_size=3), min_size=1, max_size=10),
    st.lists(st.one_of(st.lists(small_index, min_size=3, max_size=3), anything), max_size=10))
layouts = st.one_of(
    st.lists(st.text("oO .-\t", max_size=8), max_size=6).map("\n".join),
    st.lists(st.text("ooo .", min_size=3, max_size=6), min_size=3, max_size=6).map("\n".join),
    st.text("oO .-x\r\n", max_size=40),
    anything,
)
starts = st.one_of(st.lists(small_index, min_size=1, max_size=2), small_index,
                   st.lists(st.one_of(small_index, numbers, anything), max_size=4), anything)
finishes = st.one_of(small_index, st.just("any"), numbers, anything)
directions = st.one_of(
    st.lists(st.lists(st.one_of(st.integers(-3, 3), numbers), min_size=2, max_size=2),
             max_size=4),
    anything)
lattices = st.one_of(st.sampled_from(["square", "square-diagonal", "triangular"]), anything)


@st.composite
def board_fields(draw) -> dict:
    fields: dict = {}
    if draw(st.booleans()):
        fields["layout"] = draw(layouts)
        if draw(st.booleans()):
            fields["lattice"] = draw(lattices)
        if draw(st.booleans()):
            fields["directions"] = draw(directions)
    else:
        fields["holes"] = draw(hole_lists)
        if draw(st.integers(0, 9)) < 9:
            fields["jumps"] = draw(jump_lists)
    if draw(st.integers(0, 9)) < 9:
        fields["start"] = draw(starts)
    if draw(st.booleans()):
        fields["finish"] = draw(finishes)
    for key in ("id", "name", "name_ja", "description", "bogus"):
        if draw(st.integers(0, 15)) == 15:
            fields[key] = draw(anything)
    return fields


def assert_usable(board: Board) -> None:
    """A board the loader returns can be drawn, played and searched."""
    assert 3 <= board.n <= MAX_HOLES
    for x, y in board.coords:
        assert math.isfinite(x) and math.isfinite(y)
        assert abs(x) <= MAX_COORDINATE and abs(y) <= MAX_COORDINATE
    assert board.jumps and all(0 <= h < board.n for j in board.jumps for h in j)
    assert board.start and all(0 <= h < board.n for h in board.start) and len(board.start) < board.n
    assert board.finish is None or 0 <= board.finish < board.n
    assert board.symmetries[0] == tuple(range(board.n))
    for p in board.symmetries:
        assert sorted(p) == list(range(board.n))
    assert board.lines
    pegs.legal_jumps(board, board.start_position)


def assert_board_error(exc: BoardError, source: str = SOURCE) -> None:
    assert exc.source == source and exc.field and exc.reason
    text = str(exc)
    assert text.startswith(f"{source}: {exc.field}: ") and "\n" not in text and len(text) < 1000


def load(text: str, source: str = SOURCE):
    try:
        board = parse_board(text, source=source)
    except BoardError as exc:
        assert_board_error(exc, source)
        return None
    assert_usable(board)
    return board


@FAST
@given(board_fields())
def test_generated_board_files_load_or_are_refused(fields):
    load(toml_text(fields))


@FAST
@given(st.lists(st.tuples(st.integers(-3, 8), st.integers(-3, 8)), min_size=1, max_size=9,
                unique=True),
       st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9), st.integers(0, 9)), max_size=8),
       st.lists(st.integers(0, 9), min_size=1, max_size=3), st.one_of(st.just("any"),
                                                                        st.integers(0, 9)),
       st.sampled_from([1, 0.5, 1e-5, 1e5, 1e9]))
def test_plausible_tables_load_or_are_refused(holes, jumps, start, finish, scale):
    """Mostly valid tables at scales from tiny to huge: no crash, and a loaded board is sound."""
    fields = {"holes": [[x * scale, y * scale] for x, y in holes], "jumps": [list(j) for j in jumps],
              "start": start, "finish": finish}
    board = load(toml_text(fields))
    if board is not None:
        # every listed jump is on the board, both ways
        assert {tuple(j) for j in jumps} <= set(board.jumps)


@FAST
@given(st.text(max_size=300))
def test_any_text_loads_or_is_refused(text):
    load(text)


@FAST
@given(st.text(max_size=200), st.integers(0, 200))
def test_a_valid_board_with_any_text_spliced_in(text, at):
    base = 'name = "x"\nlayout = """\nooo\nooo\nooo\n"""\nstart = [4]\nfinish = 4\n'
    at = min(at, len(base))
    load(base[:at] + text + base[at:])


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=300))
def test_any_bytes_in_a_file_load_or_are_refused(tmp_path, data):
    path = tmp_path / "bytes.toml"
    path.write_bytes(data)
    try:
        board = load_board(path)
    except BoardError as exc:
        assert_board_error(exc, str(path))
        return
    assert_usable(board)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 3000), st.sampled_from(["[", "{a = ", "[{a = [", "[[]"]))
def test_nesting_of_any_depth_loads_or_is_refused(depth, opener):
    closer = "".join({"[": "]", "{": "}"}[c] for c in reversed(opener) if c in "[{")
    load("start = " + opener * depth + "1" + closer * depth)
