"""What a running search says to the player: the solver's stage in plain words and the time.

Solvers report progress(stage, depth, positions) with stage a msg() in plain words ("looking 9
moves ahead from your position"); describe() adds the seconds since the request, the same way in
every window and on the command line's progress line. Counts of positions and names of
algorithms stay out of it: they mean nothing to a player (benchmarks read solver stats instead).
"""

from __future__ import annotations

from pegapp.core.messages import Message, msg


def describe(stage, depth: int, positions: int, seconds: float) -> Message:
    whole = int(seconds)
    if whole < 1:
        return msg("{stage}…", stage=stage)
    # a no-break space: a wrapped progress line never leaves the "s" alone on its own line
    return msg("{stage}… {seconds}\u00a0s", stage=stage, seconds=whole)
