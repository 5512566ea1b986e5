"""The statistics a game window records, through the shared tracker."""

from pegapp.core.stats import Stats
from pegapp.core.tracking import PlayTracker


def test_tracker_records_starts_solves_once_hints_and_time(tmp_path):
    stats, warning = Stats.open(tmp_path / "s.sqlite3")
    assert warning is None
    now = [100.0]
    tracker = PlayTracker(stats, clock=lambda: now[0])
    tracker.start("pegs/english")
    tracker.hint()
    now[0] += 30
    tracker.solved(20)
    tracker.solved(19)  # undo and solve again: still one solved game
    tracker.minimum(18)
    now[0] += 5
    tracker.start("pegs/english", new=False)  # resuming a save counts no new start
    row = stats.row("pegs/english")
    assert row["started"] == 1 and row["solved"] == 1 and row["best_moves"] == 20
    assert row["hints"] == 1 and row["minimum"] == 18
    assert row["seconds"] == 35


def test_tracker_without_statistics_does_nothing():
    tracker = PlayTracker(None)
    tracker.start("slide/2x5")
    tracker.solved(55)
    tracker.hint()
    tracker.flush()


def test_time_counts_only_while_the_player_is_active(tmp_path):
    """Issue #76: Statistics counted 52:39 after a 30-minute session, the window left open.
    Time counts while the window has focus and the last move or hint is at most IDLE_SECONDS
    old; the rest is not play."""
    from pegapp.core.tracking import IDLE_SECONDS

    stats, _ = Stats.open(tmp_path / "s.sqlite3")
    now = [0.0]
    tracker = PlayTracker(stats, clock=lambda: now[0])
    tracker.start("pegs/english")          # 0: the game starts
    now[0] = 60
    tracker.activity()                     # a move at 60 s
    now[0] = 60 + IDLE_SECONDS + 1000      # away for a long while, the window left open
    tracker.flush()                        # the periodic flush meanwhile
    assert stats.row("pegs/english")["seconds"] == 60 + IDLE_SECONDS
    tracker.hint()                         # back: a hint; the idle gap is not counted
    now[0] += 30
    tracker.flush()
    assert stats.row("pegs/english")["seconds"] == 60 + IDLE_SECONDS + 30
    tracker.focus(False)                   # another program in front for ten minutes
    now[0] += 600
    tracker.focus(True)                    # back in front, looking for 20 s: the last move is
    now[0] += 20                           # long past, so not counted until the next one
    tracker.activity()
    now[0] += 10
    tracker.flush()
    assert stats.row("pegs/english")["seconds"] == 60 + IDLE_SECONDS + 30 + 10
