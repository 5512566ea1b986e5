"""Property tests over save files (hypothesis): whatever a file holds, loading it gives the game
or a SaveError that names the file -- never another exception, never a crash -- and a game saved
after random play loads back the same. Kept fast: a few seconds in all."""

import errno
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pegapp.core import storage
from pegapp.core.board import get_board
from pegapp.core.storage import SaveError, WriteError, write_atomic
from pegapp.puzzles import registry
from pegapp.puzzles.registry import make_puzzle
from pegapp.puzzles.session import Session
from tests.old_saves import peg_game_v1, peg_session

# every family but peg solitaire and bulls and cows (which had their own windows before #12)
FAMILIES = tuple(f for k, f in registry.families().items() if k not in ("pegs", "bulls"))

PRESETS = [p for f in FAMILIES for p in f.presets if not p.puzzle_id.startswith("oshidori/classic")]

#: JSON values as a hand-edited or damaged file may hold them, numbers of every kind included
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10 ** 30), 10 ** 30)
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=12)


def _peg_data() -> dict:
    game = peg_session(get_board("english"))
    game.push(game.legal_moves[0])
    return json.loads(peg_game_v1(game))


def _peg_from_json(text, source):
    return Session.from_json(text, source=source, family="pegs")


def _session_data(preset) -> dict:
    puzzle = make_puzzle(preset.puzzle_id, dict(preset.params))
    session = Session(puzzle, dict(preset.params))
    moves = puzzle.moves(session.state)
    if moves:
        session.push(moves[0])
    return json.loads(session.to_json())


def _loads_or_refuses(load, data: dict | str) -> None:
    text = data if isinstance(data, str) else json.dumps(data, allow_nan=True)
    try:
        load(text, source="prop.json")
    except SaveError as exc:
        message = str(exc)
        assert message.startswith("prop.json"), message
        assert "Error:" not in message, f"an unforeseen error: {message}"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(field=st.sampled_from(["format", "version", "puzzle", "board", "start", "finish", "moves",
                              "board_text", "extra"]),
       value=JSON)
def test_any_value_in_any_peg_save_field_loads_or_is_refused(field, value):
    data = _peg_data()
    data[field] = value
    _loads_or_refuses(_peg_from_json, data)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(PRESETS), data=st.data())
def test_any_value_in_any_puzzle_save_field_loads_or_is_refused(preset, data):
    save = _session_data(preset)
    fields = ["version", "puzzle", "params", "start", "moves"] + [
        f"params.{k}" for k in save["params"]] + ["params.start", "params.shuffle"]
    field = data.draw(st.sampled_from(fields))
    value = data.draw(JSON)
    if field.startswith("params."):
        save["params"][field[7:]] = value
    else:
        save[field] = value
    _loads_or_refuses(Session.from_json, save)


@settings(max_examples=150, deadline=None)
@given(preset=st.sampled_from(PRESETS), data=st.data())
def test_a_changed_number_inside_a_position_loads_or_is_refused(preset, data):
    save = _session_data(preset)
    start = save["start"]
    number = data.draw(st.integers(-(10 ** 20), 10 ** 20) | st.floats() | st.booleans())
    if isinstance(start, list):
        save["start"][data.draw(st.integers(0, len(start) - 1))] = number
    else:
        save["start"] = number
    _loads_or_refuses(Session.from_json, save)


@settings(max_examples=150, deadline=None)
@given(blob=st.binary(max_size=300), cut=st.integers(0, 2000),
       kind=st.sampled_from(["peg", "puzzle"]))
def test_bytes_and_truncations_never_crash_the_loader(tmp_path_factory, blob, cut, kind):
    good = (peg_game_v1(peg_session(get_board("english"))) if kind == "peg"
            else Session(make_puzzle("slide/3x3", {}), {}).to_json()).encode()
    load = Session.load
    path = tmp_path_factory.mktemp("p") / "save.json"
    for content in (blob, good[:cut], good[:cut] + blob):
        path.write_bytes(content)
        try:
            load(path)
        except SaveError as exc:
            assert str(path) in str(exc) and "Error:" not in str(exc), str(exc)
            assert exc.tag == "corrupt"  # content damage, never "unreadable"


@settings(max_examples=60, deadline=None)
@given(preset=st.sampled_from(PRESETS), data=st.data())
def test_random_play_saves_and_loads_back(tmp_path_factory, preset, data):
    puzzle = make_puzzle(preset.puzzle_id, dict(preset.params))
    session = Session(puzzle, dict(preset.params))
    for _ in range(data.draw(st.integers(0, 8))):
        moves = puzzle.moves(session.state)
        if not moves:
            break
        session.push(data.draw(st.sampled_from(moves)))
    path = tmp_path_factory.mktemp("s") / "game.pegapp.json"
    session.save(path)
    again = Session.load(path)
    assert again.state == session.state and again.moves == session.moves


@settings(max_examples=40, deadline=None)
@given(old=st.binary(max_size=200), new=st.text(max_size=200),
       where=st.sampled_from(["write", "fsync", "replace"]),
       code=st.sampled_from([errno.ENOSPC, errno.EIO, errno.EACCES, errno.EDQUOT]))
def test_a_write_failing_anywhere_keeps_the_old_file(tmp_path_factory, old, new, where, code):
    folder = tmp_path_factory.mktemp("w")
    path = folder / "file.json"
    path.write_bytes(old)
    error = OSError(code, os.strerror(code))
    mp = pytest.MonkeyPatch()
    try:
        if where == "write":
            real = os.fdopen

            class Failing:
                def __init__(self, f):
                    self.f = f

                def __enter__(self):
                    return self

                def __exit__(self, *exc):
                    self.f.close()

                def write(self, data):
                    self.f.write(data[:1])
                    raise error

            mp.setattr(storage.os, "fdopen", lambda fd, *a, **k: Failing(real(fd, *a, **k)))
        else:
            def fail(*args):
                raise error
            mp.setattr(storage.os, where, fail)
        with pytest.raises(WriteError) as info:
            write_atomic(path, new)
    finally:
        mp.undo()
    assert info.value.errno == code and str(path) in str(info.value)
    assert path.read_bytes() == old
    assert os.listdir(folder) == ["file.json"]
