"""Player-facing text made where Qt is not allowed (core, puzzles, solvers).

The model and the solvers explain themselves in English -- why a move is illegal, why a position is
refused, why there is no solution -- and the command line prints that English. The windows must show
the same explanation in the player's language, so such text is written as

    msg("jug {jug} is already full", jug=2)

which is a ``str`` (the English, "jug 2 is already full") that also remembers its template and
arguments. pegapp.ui.i18n.translated() looks the template up in the context "Messages" and fills in
the arguments, translating those that are messages themselves. packaging/i18n_sources.py collects
every literal template of a msg() call for the translation file, and tests/test_i18n.py checks that
each one is translated.
"""

from __future__ import annotations

from typing import Any

#: the Qt translation context of every msg() template
CONTEXT = "Messages"


class Message(str):
    """English text with the template and arguments it was made from."""

    template: str
    args: dict[str, Any]

    def __new__(cls, template: str, /, **args: Any) -> Message:
        self = super().__new__(cls, template.format(**args))
        self.template = template
        self.args = args
        return self

    def __reduce__(self):
        return _rebuild, (self.template, self.args)


def _rebuild(template: str, args: dict[str, Any]) -> Message:
    return Message(template, **args)


def msg(template: str, /, **args: Any) -> Message:
    """A message for the player: str.format template (a literal, so it can be collected for
    translation) and its arguments."""
    return Message(template, **args)


def gigabytes(n_bytes: int) -> float:
    """A memory budget in bytes as the GB the player set it in (--memory, Settings: 2**30
    bytes each), for a message's "{gb:g} GB": 1073741824 reads "1 GB", not the byte count, and
    a budget under a hundredth of a GB two figures of it, not 0."""
    gb = n_bytes / (1 << 30)
    return round(gb, 2) if gb >= 0.01 else float(f"{gb:.2g}")


def detail(exc: BaseException) -> str:
    """What exc says, to embed in another message: its Message when it has one (so it is
    translated too), else Python's own text."""
    if len(exc.args) == 1 and isinstance(exc.args[0], Message):
        return exc.args[0]
    return str(exc)


def render(text: Any, translate) -> str:
    """text in another language: translate(template) -> template for every Message inside it.

    A translation that does not fit its arguments (a typo in a placeholder) falls back to the
    English rather than failing where the player is looking.
    """
    if isinstance(text, BaseException):
        text = text.args[0] if len(text.args) == 1 else str(text)
    if not isinstance(text, Message):
        return str(text)
    args = {k: render(v, translate) if isinstance(v, (Message, BaseException)) else v
            for k, v in text.args.items()}
    try:
        return translate(text.template).format(**args)
    except (KeyError, IndexError, ValueError):
        return str(text)
