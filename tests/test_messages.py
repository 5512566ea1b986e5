"""pegapp.core.messages: English for the command line, template and arguments for the windows."""

import json
import pickle

from pegapp.core.messages import Message, msg, render

UPPER = str.upper


def test_a_message_is_its_english_text():
    m = msg("jug {jug} is already full", jug=2)
    assert m == "jug 2 is already full" and isinstance(m, str)
    assert m.template == "jug {jug} is already full" and m.args == {"jug": 2}
    assert json.dumps({"reason": m}) == '{"reason": "jug 2 is already full"}'
    assert f"{m}!" == "jug 2 is already full!"


def test_format_specs_and_conversions_work_as_in_str_format():
    assert msg("{n:,} positions, {name!r}", n=1234567, name="x") == "1,234,567 positions, 'x'"


def test_a_message_survives_pickling():
    m = pickle.loads(pickle.dumps(msg("tile {tile} is not next to the blank", tile=7)))
    assert isinstance(m, Message) and m.template.startswith("tile {tile}")
    assert m == "tile 7 is not next to the blank"


def test_render_translates_the_template_and_nested_messages():
    inner = msg("cannot be read")
    outer = msg("{file}: {reason}", file="a.toml", reason=inner)
    table = {"{file}: {reason}": "{file} — {reason}", "cannot be read": "読めません"}
    assert render(outer, lambda t: table.get(t, t)) == "a.toml — 読めません"
    # arguments that are not messages (a file name) are left alone
    assert render(outer, lambda t: {"cannot be read": "unreadable"}.get(t, t)) == "a.toml: unreadable"


def test_render_reads_an_exception_and_its_message():
    exc = ValueError(msg("jug {jug} is empty", jug=1))
    assert render(exc, lambda t: "容器{jug}は空です") == "容器1は空です"
    wrapped = msg("{source} is damaged ({detail})", source="s.json", detail=exc)
    assert render(wrapped, lambda t: t) == "s.json is damaged (jug 1 is empty)"
    assert render(ValueError("plain"), UPPER) == "plain"
    assert render("plain", UPPER) == "plain"


def test_a_translation_with_a_broken_placeholder_falls_back_to_english():
    m = msg("jug {jug} is empty", jug=1)
    assert render(m, lambda t: "容器{jugs}は空です") == "jug 1 is empty"
    assert render(m, lambda t: "容器{は空です") == "jug 1 is empty"
