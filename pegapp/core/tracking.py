"""What a game window tells the statistics: one tracker shared by every kind of game."""

from __future__ import annotations

import time

from pegapp.core.stats import Stats

#: seconds after the last move or hint that still count as play: a player thinking over a
#: position is playing; a window left open while its player is away is not (issue #76: 52:39
#: counted after a 30-minute session)
IDLE_SECONDS = 180.0


class PlayTracker:
    """Counts starts, solves (once per game), solves in par (once per game), hints and time
    played for the current game.

    Time played is time the player is active: the window has focus (focus(False) when it
    loses it) and the game started, or a move or hint came (activity, hint), within the last
    IDLE_SECONDS. Counted lazily: each flush adds the active part of the time since the last.

    The par of a game (the fewest moves, proven or best known) may be known when it starts (a
    catalogue problem) or only later (the solver's proven minimum from the start): set_par takes
    it whenever it comes, and a game already solved within it is counted in par then."""

    def __init__(self, stats: Stats | None, clock=time.monotonic):
        self.stats = stats
        self.clock = clock
        self.puzzle_id: str | None = None
        self.variant = ""
        self.solved_recorded = False
        #: the current game's par, when known
        self.par: int | None = None
        #: moves of the player's own solve of the current game (None: not solved by the player)
        self.solved_moves: int | None = None
        self.in_par_recorded = False
        self._since: float | None = None
        #: when the player last did something (a start, a move, a hint)
        self._last_activity: float | None = None
        #: whether the window has focus (time without it is not played)
        self._focused = True
        #: hints asked in the current game (the window thinks ahead only for a player who asks)
        self.hints_this_game = 0
        #: the graded hint's steps used in the current game: {step: count}
        self.hint_steps: dict[int, int] = {}

    def start(self, puzzle_id: str, variant: str = "", new: bool = True,
              par: int | None = None) -> None:
        """A game begins (new=False: a saved game is resumed, not counted as started again)."""
        self.flush()
        self.puzzle_id, self.variant = puzzle_id, variant
        self.solved_recorded = False
        self.par = par
        self.solved_moves = None
        self.in_par_recorded = False
        self._since = self._last_activity = self.clock()
        self.hints_this_game = 0
        #: the graded hint's steps used in the current game: {step: count}
        self.hint_steps: dict[int, int] = {}
        if new and self.stats is not None:
            self.stats.game_started(puzzle_id, variant)

    def stop(self) -> None:
        """No game counted from now until the next start (Train: its puzzles are no games of
        the statistics' tables; the trainer keeps them apart): the time so far is added."""
        self.flush()
        self.puzzle_id = None

    def solved(self, moves: int, par: int | None = None) -> None:
        if self.stats is None or self.puzzle_id is None or self.solved_recorded:
            return
        if par is not None:
            self.par = par if self.par is None else min(self.par, par)
        self.solved_recorded = True
        self.solved_moves = moves
        self.in_par_recorded = self.par is not None and moves <= self.par
        self.stats.game_solved(self.puzzle_id, moves, variant=self.variant, par=self.par)
        self.flush()

    def solved_before(self) -> None:
        """The game was loaded already won: its solve was counted where it was played, so
        taking its last moves back and playing them again counts none."""
        self.solved_recorded = True

    def set_par(self, par: int) -> None:
        """The par of the current game became known (a game solved in it already is counted)."""
        if self.puzzle_id is None:
            return
        self.par = par if self.par is None else min(self.par, par)
        if (self.stats is not None and self.solved_moves is not None
                and not self.in_par_recorded and self.solved_moves <= self.par):
            self.in_par_recorded = True
            self.stats.solved_in_par(self.puzzle_id, variant=self.variant)

    def assisted(self) -> None:
        """The computer's solution was played into this game: its solve is not the player's
        (counted as a hint, never as solved or best)."""
        self.hint()
        self.solved_recorded = True

    def minimum(self, moves: int) -> None:
        """The solver proved the fewest moves from the start: that is the game's par too."""
        if self.stats is not None and self.puzzle_id is not None:
            self.stats.record_minimum(self.puzzle_id, moves, variant=self.variant)
        self.set_par(moves)

    def hint(self, step: int | None = None) -> None:
        """A hint in the current game; step: which step of a graded hint (1 the distance, 2 the
        piece, 3 the whole move), also counted by step."""
        self.activity()
        self.hints_this_game += 1
        if step is not None:
            self.hint_steps[step] = self.hint_steps.get(step, 0) + 1
        if self.stats is not None and self.puzzle_id is not None:
            self.stats.hint_used(self.puzzle_id, variant=self.variant, step=step)

    def activity(self) -> None:
        """The player did something (a move, an undo, a hint): time from now counts again. The
        time idle before it (past IDLE_SECONDS since the last) is settled first, uncounted."""
        now = self.clock()
        if self._last_activity is not None and now > self._last_activity + IDLE_SECONDS:
            self.flush()
        self._last_activity = now

    def focus(self, focused: bool) -> None:
        """The window gained or lost focus: the time before is settled as it was."""
        if focused != self._focused:
            self.flush()
            self._focused = focused

    def flush(self) -> None:
        """Add the active part of the time since the last flush to the current game."""
        if self.puzzle_id is None or self._since is None:
            return
        now = self.clock()
        end = now if self._last_activity is None else min(now, self._last_activity + IDLE_SECONDS)
        active = max(0.0, end - self._since) if self._focused else 0.0
        self._since = now
        if self.stats is not None and active > 0:
            self.stats.add_time(self.puzzle_id, active, variant=self.variant)
