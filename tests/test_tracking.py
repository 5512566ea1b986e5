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
