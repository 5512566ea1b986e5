"""The command line's two channels: the answer on standard output, one line on stderr for any
failure, and the exit statuses that tell them apart.

A separate module because the line between "the answer could not be written" and "something
else failed" is drawn here: while pegapp.cli.main runs, standard output is a StandardOutput,
whose failed writes are OutputFailed (exit 74, "cannot write the output"); any other OSError
that reaches main names its own file. No Qt, no puzzle.
"""

from __future__ import annotations

import os
import re
import sys

#: exit status when the output cannot be written (sysexits.h EX_IOERR)
EXIT_WRITE_FAILED = 74
#: exit status when the reader of the output went away (128 + SIGPIPE, as a shell reports it)
EXIT_READER_GONE = 141


class OutputFailed(OSError):
    """Writing the answer to standard output failed (a full disk, EIO): main says "cannot write
    the output". Any other OSError that reaches main came from another file and says so."""


class StandardOutput:
    """Standard output as main writes to it: an OSError of a write or flush (BrokenPipeError
    aside: the reader went away) becomes OutputFailed, so main tells a failed answer from a
    failed cache or folder. Everything else is the stream's own."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text):
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputFailed(exc.errno, exc.strerror or str(exc)) from exc

    def flush(self):
        try:
            return self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputFailed(exc.errno, exc.strerror or str(exc)) from exc

    def __getattr__(self, name):
        return getattr(self._stream, name)


def flush(stream) -> None:
    """Flush a stream that may be None (pythonw)."""
    if stream is not None:
        stream.flush()


def silence_stdout() -> None:
    """Point file descriptor 1 at the null device, so that the interpreter's own flush at exit
    does not fail a second time (Python's recipe for a closed pipe)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real file behind stdout (tests, pythonw)
        pass


#: the longest run of characters without a space an error line repeats whole; a longer one (a
#: 20 KB argument echoed back) is cut in its middle, its length said
MAX_ECHOED_CHARS = 200


def _shortened(match: re.Match) -> str:
    text = match.group(0)
    return f"{text[:120]}…{text[-40:]} ({len(text):,} characters)"


def one_line(text: str) -> str:
    """An error for stderr: one line, each overlong word (an argument echoed back) cut short."""
    return re.sub(rf"\S{{{MAX_ECHOED_CHARS + 1},}}", _shortened, " ".join(text.splitlines()))


def error_line(line: str) -> None:
    """One line on stderr, whatever the line holds; a stderr that cannot be written is ignored."""
    try:
        print(one_line(line), file=sys.stderr, flush=True)
    except (OSError, ValueError, AttributeError):
        pass
