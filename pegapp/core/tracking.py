"""What a game window tells the statistics: one tracker shared by every kind of game."""

from __future__ import annotations

import time

from pegapp.core.stats import Stats


class PlayTracker:
    """Counts starts, solves (once per game), hints and time played for the current game."""

    def __init__(self, stats: Stats | None, clock=time.monotonic):
        self.stats = stats
        self.clock = clock
        self.puzzle_id: str | None = None
        self.variant = ""
        self.solved_recorded = False
        self._since: float | None = None

    def start(self, puzzle_id: str, variant: str = "", new: bool = True) -> None:
        """A game begins (new=False: a saved game is resumed, not counted as started again)."""
        self.flush()
        self.puzzle_id, self.variant = puzzle_id, variant
        self.solved_recorded = False
        self._since = self.clock()
        if new and self.stats is not None:
            self.stats.game_started(puzzle_id, variant)

    def solved(self, moves: int) -> None:
        if self.stats is None or self.puzzle_id is None or self.solved_recorded:
            return
        self.solved_recorded = True
        self.stats.game_solved(self.puzzle_id, moves, variant=self.variant)
        self.flush()

    def assisted(self) -> None:
        """The computer's solution was played into this game: its solve is not the player's
        (counted as a hint, never as solved or best)."""
        self.hint()
        self.solved_recorded = True

    def minimum(self, moves: int) -> None:
        if self.stats is not None and self.puzzle_id is not None:
            self.stats.record_minimum(self.puzzle_id, moves, variant=self.variant)

    def hint(self) -> None:
        if self.stats is not None and self.puzzle_id is not None:
            self.stats.hint_used(self.puzzle_id, variant=self.variant)

    def flush(self) -> None:
        """Add the time since the last flush to the current game."""
        if self.stats is None or self.puzzle_id is None or self._since is None:
            return
        now = self.clock()
        self.stats.add_time(self.puzzle_id, now - self._since, variant=self.variant)
        self._since = now
