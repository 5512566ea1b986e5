"""Train without Qt (pegapp.puzzles.trainer, issue #74 point 2): every move the player can make
on a training puzzle judged at once -- right, on the way (a peg chain), wrong with its cost and
the right move, solved -- checked against brute forces written apart from the program's solvers
(tests/peg_reference.py for peg solitaire; plain breadth-first searches of the 8-puzzle and the
jugs, tests/test_train.py); the result kept once with the rating moved, retry, the line shown,
undo and redo, the stream near the rating and the same for the same seed. No test here imports
PySide6."""

from collections import deque
from pathlib import Path

import pytest

from pegapp.core.rating import Rating
from pegapp.core.stats import Stats
from pegapp.core.training_records import AT_LEAST, EXACT, LOST, RIGHT, SHOWN, WRONG, \
    TrainingRecords
from pegapp.puzzles import registry, training
from pegapp.puzzles.trainer import (ON_THE_WAY, RIGHT_MOVE, SOLVED, START, WINDOW, WRONG_MOVE,
                                    PuzzleStream, Trainer, describe)
from pegapp.solvers.result import Cancelled
from tests import peg_reference as ref
from tests.test_layering import qt_loaded_by
from tests.test_train import eight_puzzle_distances, eight_puzzle_moves, jug_moves

ROOT = Path(__file__).resolve().parents[1]


def test_the_trainer_and_its_tests_load_no_qt():
    assert qt_loaded_by("pegapp.puzzles.trainer", "pegapp.core.training_records",
                        "tests.test_trainer") == []


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def trainer(puzzle_id, params=None, records=None, seed=0, **more):
    puzzle = registry.make_puzzle(puzzle_id, params or {})
    more.setdefault("patience", None)  # no clock: the same puzzles on any machine
    return Trainer(puzzle, params or {}, records, seed=seed, clock=Clock(), wall=lambda: 1.8e9,
                   **more)


def puzzles(t, ratings):
    """A puzzle for each rating, in turn, from the trainer's stream."""
    return [t.stream.next(r) for r in ratings]


# ---- peg solitaire against tests/peg_reference.py


def peg_expected(board, dist, line, start, moves):
    """(kind, step, cost) for the moves on the board (peg chains, as the session holds them),
    from the brute force's distances: the first move off the line is on the way when it is the
    last and the right chain's first jumps, else wrong, costing the best finish among the chains
    from there that begin with it (LOST: none finishes)."""
    pos = start
    n = len(line)
    for j, move in enumerate(moves):
        if list(move) == list(line[j]):
            pos = ref.play(board, pos, [move])
            continue
        right = list(line[j])
        if j == len(moves) - 1 and len(move) < len(right) and right[:len(move)] == list(move):
            return ON_THE_WAY, j, None
        left = n - j
        last = j == len(moves) - 1  # a chain that may still grow: its best continuation
        ds = [dist[c] for p, c in ref.chains(board, pos)
              if (p[:len(move)] if last else p) == list(move) and c in dist]
        return WRONG_MOVE, j, ((EXACT, min(ds) + 1 - left) if ds else (LOST, None))
    return (SOLVED if len(moves) == n else START if not moves else RIGHT_MOVE), len(moves), None


def check_every_move_of_a_peg_puzzle(t, tp):
    """At every step of the line, every chain a player can play (prefixes included) judged as
    the brute force says; then the line itself is right at every step and solves. Returns how
    many wrong chains a jump on makes cheaper (by the brute force): their cost is their best
    continuation's, which only such a case tells from their own."""
    board = t.puzzle.board
    start = tp.item.start
    dist = ref.brute_force_goal_distances(board, start, [1 << t.puzzle.finish])
    assert dist[start] == tp.moves
    t.begin(tp)
    pos = start
    cheaper = 0
    for j, right in enumerate(tp.item.line):
        chains = ref.chains(board, pos)
        for path, child in chains:
            on = [dist[c] for p, c in chains if len(p) > len(path) and p[:len(path)] == path
                  and c in dist]
            cheaper += bool(on) and right[:len(path)] != path and min(on) < dist.get(child, 99)
            t.flow.play(path)
            verdict = t.verdict()
            kind, step, cost = peg_expected(board, dist, tp.item.line, start,
                                            t.flow.session.moves)
            assert (verdict.kind, verdict.step) == (kind, step), (j, path)
            if kind == WRONG_MOVE:
                assert (verdict.cost.kind, verdict.cost.extra) == cost, (j, path)
                assert list(verdict.right) == list(tp.item.line[step])
            t.flow.undo()
        _edit, verdict = t.play(right)
        assert verdict.kind == (SOLVED if j == tp.moves - 1 else RIGHT_MOVE)
        assert verdict.left == tp.moves - j - 1
        pos = ref.play(board, pos, [right])
    assert dist[pos] == 0
    return cheaper


@pytest.mark.parametrize("puzzle_id,ratings,cheaper", [
    ("pegs/triangle15", [1100, 1500, 1800, 2000], 0),
    ("pegs/english", [1200, 1500, 1700, 1900, 2000, 2100, 2200, 1800, 1800, 1800], 1),
])
def test_every_peg_move_judged_as_the_brute_force_says(puzzle_id, ratings, cheaper):
    t = trainer(puzzle_id)
    found = sum(check_every_move_of_a_peg_puzzle(t, tp) for tp in puzzles(t, ratings))
    assert found >= cheaper  # English's sample has a wrong chain a jump on makes cheaper


def test_a_searched_board_says_at_least_where_its_proof_stopped():
    """French is trained by search to the puzzle's length only: a wrong move whose finish lies
    beyond is said to cost at least so much, never more than the brute force finds."""
    t = trainer("pegs/french")
    tp = t.stream.next(1250)
    assert tp.item.horizon == tp.moves
    board = t.puzzle.board
    dist = ref.brute_force_goal_distances(board, tp.item.start, [1 << t.puzzle.finish])
    t.begin(tp)
    pos, kinds = tp.item.start, set()
    for j, right in enumerate(tp.item.line):
        left = tp.moves - j
        for path, _child in ref.chains(board, pos):
            t.flow.play(path)
            verdict = t.verdict()
            if verdict.kind == WRONG_MOVE and verdict.step == j:
                ds = [dist[c] for p, c in ref.chains(board, pos)
                      if p[:len(path)] == list(path) and c in dist]
                true = min(ds) + 1 - left if ds else None
                kinds.add(verdict.cost.kind)
                if verdict.cost.kind == EXACT:
                    assert verdict.cost.extra == true
                else:
                    assert verdict.cost.kind == AT_LEAST
                    assert true is None or verdict.cost.extra <= true
            t.flow.undo()
        t.play(right)
        pos = ref.play(board, pos, [right])
    assert AT_LEAST in kinds


# ---- the 8-puzzle and the jugs against plain breadth-first searches


def test_every_eight_puzzle_move_judged_as_a_plain_bfs_says():
    t = trainer("slide/3x3")
    found = puzzles(t, [1200, 1500, 1900, 2300])
    dist = eight_puzzle_distances(max(tp.moves for tp in found) + 1)
    assert len({tp.moves for tp in found}) > 1
    for tp in found:
        t.begin(tp)
        s = tp.item.start
        assert dist[s] == tp.moves
        for j, right in enumerate(tp.item.line):
            left = tp.moves - j
            for after, tile in eight_puzzle_moves(s):
                _edit, verdict = t.play(tile)
                if dist[after] == left - 1:
                    assert tile == right and verdict.kind in (RIGHT_MOVE, SOLVED)
                else:
                    assert verdict.kind == WRONG_MOVE and verdict.right == right
                    assert (verdict.cost.kind, verdict.cost.extra) == \
                        (EXACT, dist[after] + 1 - left)
                t.flow.undo()
            t.play(right)
            s = next(a for a, tile in eight_puzzle_moves(s) if tile == right)
        assert dist[s] == 0 and t.verdict().kind == SOLVED


def test_every_jug_move_judged_as_a_plain_bfs_says():
    states = [(a, b) for a in range(9) for b in range(6)]
    dist = {s: 0 for s in states if 4 in s}
    queue = deque(dist)
    while queue:
        t_ = queue.popleft()
        for s in states:
            if s not in dist and any(u == t_ for _, u in jug_moves(s)):
                dist[s] = dist[t_] + 1
                queue.append(s)
    t = trainer("jugs", {"capacities": [8, 5], "target": 4})
    for tp in puzzles(t, [1300, 1700, 2100]):
        t.begin(tp)
        s = tp.item.start
        assert dist[s] == tp.moves
        for j, right in enumerate(tp.item.line):
            left = tp.moves - j
            for op, after in jug_moves(s):
                _edit, verdict = t.play(tuple(op))
                if dist.get(after) == left - 1:
                    assert tuple(op) == tuple(right) and verdict.kind in (RIGHT_MOVE, SOLVED)
                else:
                    assert verdict.kind == WRONG_MOVE
                    expected = (EXACT, dist[after] + 1 - left) if after in dist else (LOST, None)
                    assert (verdict.cost.kind, verdict.cost.extra) == expected
                t.flow.undo()
            t.play(right)
            s = dict((tuple(op), a) for op, a in jug_moves(s))[tuple(right)]
        assert 4 in s


# ---- the result, the rating, retry, the line


@pytest.fixture
def records(tmp_path):
    stats, warning = Stats.open(tmp_path / "statistics.sqlite3")
    assert warning is None
    yield TrainingRecords(stats)
    stats.close()


def a_wrong_move(tp):
    return next(m for m, d in tp.item.steps[0].after if m != tp.item.line[0]
                and not (isinstance(m, list) and m[:len(tp.item.line[0])] == tp.item.line[0]))


def test_solved_right_raises_the_rating_once_and_is_kept(records):
    t = trainer("slide/3x3", records=records)
    tp = t.stream.next(t.rating.rating)
    t.begin(tp)
    assert t.judge().kind == START
    t.clock.now += 42
    for move in tp.item.line:
        _edit, verdict = t.play(move)
    assert verdict.kind == SOLVED and t.attempt.outcome == RIGHT
    assert t.rating.rating > 1500 and t.rating.deviation < 350
    t.flow.undo()
    t.flow.redo()
    t.judge()  # solved again: kept once
    kept = records.history("slide")
    assert len(kept) == 1 and kept[0].seconds == 42 and kept[0].moves == tp.moves
    assert kept[0].rating_before == 1500 and kept[0].rating_after == t.rating.rating
    assert records.rating("slide") == t.rating and records.streak("slide") == 1


def test_a_wrong_move_is_answered_at_once_and_kept_and_a_retry_is_unrated(records):
    t = trainer("slide/3x3", records=records)
    tp = t.stream.next(1500)
    t.begin(tp)
    wrong = a_wrong_move(tp)
    _edit, verdict = t.play(wrong)
    assert verdict.kind == WRONG_MOVE and verdict.right == tp.item.line[0]
    assert "Wrong: with that move the finish takes" in describe(t, verdict)
    after_wrong = t.rating
    assert after_wrong.rating < 1500
    assert t.retry() is not None and t.flow.session.moves == []
    assert t.judge().kind == START
    for move in tp.item.line:
        t.play(move)
    assert t.verdict().kind == SOLVED and t.rating == after_wrong  # the retry is unrated
    [kept] = records.history("slide")
    assert (kept.outcome, kept.cost_kind, kept.cost) == (WRONG, EXACT, verdict.cost.extra)
    assert kept.wrong_move == str(wrong) and kept.right_move == str(tp.item.line[0])
    assert records.streak("slide") == 0


def test_undo_of_a_wrong_move_does_not_take_the_result_back(records):
    t = trainer("slide/3x3", records=records)
    t.begin(t.stream.next(1500))
    t.play(a_wrong_move(t.current))
    t.flow.undo()
    assert t.judge().kind == START and t.attempt.outcome == WRONG


def test_showing_the_line_counts_as_shown_and_plays_it_to_the_finish(records):
    t = trainer("pegs/english", records=records)
    tp = t.stream.next(1700)
    t.begin(tp)
    t.play(tp.item.line[0])
    edits = t.show_line()
    assert t.verdict().kind == SOLVED and len(edits) == tp.moves - 1
    assert t.attempt.outcome == SHOWN and t.rating.rating < 1500
    while t.flow.can_undo:  # every edit undoable, back to the start
        t.flow.undo()
    assert t.flow.state == tp.item.start


def test_the_line_after_a_wrong_move_is_played_from_before_it(records):
    t = trainer("pegs/triangle15", records=records)
    tp = t.stream.next(1700)
    t.begin(tp)
    t.play(tp.item.line[0])
    t.play(next(m for m, d in tp.item.steps[1].after if d != tp.moves - 2
                and m[:len(tp.item.line[1])] != tp.item.line[1]))
    assert t.attempt.outcome == WRONG
    t.show_line()
    assert t.verdict().kind == SOLVED and t.attempt.outcome == WRONG  # kept as it was
    assert [list(m) for m in t.flow.session.moves] == [list(m) for m in tp.item.line]


def test_a_hint_is_the_lines_move_and_counts_as_shown(records):
    t = trainer("slide/3x3", records=records)
    tp = t.stream.next(1500)
    t.begin(tp)
    assert t.hint() == tp.item.line[0] and t.attempt.outcome == SHOWN
    t.play(tp.item.line[0])
    assert t.hint() == tp.item.line[1] and len(records.history()) == 1


def test_a_peg_chain_on_its_way_is_not_judged_until_it_leaves_the_right_move():
    t = trainer("pegs/english")
    tp = next(p for p in (t.stream.next(r) for r in [1500, 1700, 1900, 2100] * 3)
              if any(len(m) > 2 for m in p.item.line))
    t.begin(tp)
    for j, move in enumerate(tp.item.line):
        if len(move) > 2:
            break
        t.play(move)
    t.play(move[:2])
    verdict = t.judge()
    assert verdict.kind == ON_THE_WAY and t.attempt is None
    assert describe(t, verdict) == "Go on with the same peg."
    t.play(move[1:3])
    assert t.judge().kind in (ON_THE_WAY, RIGHT_MOVE, SOLVED) and t.attempt is None
    # the chain ended short of the right move by a jump of another peg: wrong at that step,
    # costing what the short chain itself leaves (the brute force), not its continuations
    t.flow.undo()
    board, start = t.puzzle.board, tp.item.start
    other = next(p for p, _c in ref.chains(board, t.flow.state) if p[0] != move[1] and len(p) == 2)
    t.play(other)
    dist = ref.brute_force_goal_distances(board, start, [1 << t.puzzle.finish])
    kind, step, cost = peg_expected(board, dist, tp.item.line, start, t.flow.session.moves)
    verdict = t.judge()
    assert (verdict.kind, verdict.step, kind, step) == (WRONG_MOVE, j, WRONG_MOVE, j)
    assert (verdict.cost.kind, verdict.cost.extra) == cost and t.attempt.outcome == WRONG


def test_a_restart_reads_the_rating_and_the_streak_back(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    stats, _ = Stats.open(path)
    t = trainer("slide/3x3", records=TrainingRecords(stats), seed=None)
    for _ in range(3):
        tp = t.stream.next(t.rating.rating)
        t.begin(tp)
        for move in tp.item.line:
            t.play(move)
    rating = t.rating
    stats.close()
    stats, _ = Stats.open(path)
    again = trainer("slide/3x3", records=TrainingRecords(stats), seed=None)
    assert again.rating == rating and again.streak() == 3 and len(again.history()) == 3
    assert again.stream.seed == 3  # a restart does not deal the same puzzles again
    stats.close()


def test_a_write_that_fails_still_moves_the_rating_in_memory(tmp_path):
    import sqlite3

    path = tmp_path / "statistics.sqlite3"
    stats, _ = Stats.open(path)
    t = trainer("slide/3x3", records=TrainingRecords(stats))
    tp = t.stream.next(1500)
    t.begin(tp)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    stats._db.execute("PRAGMA busy_timeout = 0")
    for move in tp.item.line:
        t.play(move)
    assert t.rating.rating > 1500 and t.unsaved and stats.warning.reason == "locked"
    other.execute("ROLLBACK")
    other.close()
    stats.close()


# ---- the stream


def test_the_same_seed_deals_the_same_puzzles_and_none_twice():
    ratings = [1500, 1300, 1800, 1800, 1800, 2200, 900]
    first = [(p.item.start, p.item.line) for p in puzzles(trainer("pegs/triangle15"), ratings)]
    again = [(p.item.start, p.item.line) for p in puzzles(trainer("pegs/triangle15"), ratings)]
    other = [(p.item.start, p.item.line) for p in puzzles(trainer("pegs/triangle15", seed=1),
                                                          ratings)]
    assert first == again != other
    assert len({start for start, _ in first}) == len(first)


def test_the_puzzles_follow_the_rating():
    """Higher ratings are dealt harder puzzles: the puzzle ratings rise with the player's, and
    a held puzzle is dealt only within the window."""
    for puzzle_id in ("pegs/english", "slide/3x3"):
        stream = PuzzleStream(registry.make_puzzle(puzzle_id, {}), seed=5)
        dealt = {r: [stream.next(r).rating.rating for _ in range(4)]
                 for r in (1000, 1500, 2000, 2400)}
        means = [sum(v) / len(v) for v in dealt.values()]
        assert means == sorted(means), (puzzle_id, dealt)
        assert abs(means[1] - 1500) < 200 and abs(means[2] - 2000) < 250, (puzzle_id, dealt)


def test_a_family_with_short_puzzles_only_still_deals_them():
    """8-flip has one-press puzzles only: asked for a hard one, the stream learns that longer
    lengths have none and deals one-press puzzles, every one before any again."""
    stream = PuzzleStream(registry.make_puzzle("flip8/3x3", {}), seed=2)
    dealt = [stream.next(2200) for _ in range(30)]
    assert {p.moves for p in dealt} == {1} and stream.longest == 1
    starts = [p.item.start for p in dealt]
    once = len(set(starts))  # 3x3: one press of each of 9 buttons, each pattern its own
    assert once == 9 and len(set(starts[:once])) == once  # every one dealt before any again


def test_stopped_at_once_with_nothing_held_is_cancelled():
    stream = PuzzleStream(registry.make_puzzle("pegs/english", {}))
    with pytest.raises(Cancelled):
        stream.next(1500, stop=lambda: True)


def test_the_default_rating_and_no_records():
    t = trainer("slide/3x3")
    assert t.rating == Rating() and t.streak() == 0 and t.history() == []
    tp = t.next_job()()
    t.begin(tp)
    for move in tp.item.line:
        t.play(move)
    assert t.rating.rating > 1500 and not t.unsaved


def test_out_of_patience_the_stream_deals_a_shorter_puzzle_soon():
    """French is trained by search: a six-move batch took 188 s. With patience (a clock that
    counts its readings, so the test does not hang on the machine's speed), a player of 2100 is
    dealt a shorter puzzle, and the lengths that ran out are not asked again."""

    class Counter:
        readings = 0

        def __call__(self):
            self.readings += 1
            return float(self.readings)

    clock = Counter()
    stream = PuzzleStream(registry.make_puzzle("pegs/french", {}), seed=0, patience=1000,
                          clock=clock)
    assert stream.length_for(2100) >= 6
    tp = stream.next(2100)
    assert tp.moves <= stream.longest < 6
    assert stream.length_for(2100) == stream.longest  # the nearest length left: no long wait
    assert clock.readings < 100_000


def test_a_training_without_the_childrens_distances_says_at_least_one_move():
    """A plug-in's own Training may come without each step's children (built without
    training.find): a wrong move then costs at least one move, which is all that is known."""
    t = trainer("slide/3x3")
    tp = t.stream.next(1500)
    bare = training.Training(tp.item.start, tp.item.line,
                             tuple(training.Step(s.legal, s.losing, s.tempting)
                                   for s in tp.item.steps))
    t.begin(type(tp)(tp.puzzle_id, bare, tp.rating, tp.number))
    _edit, verdict = t.play(a_wrong_move(tp))
    assert verdict.kind == WRONG_MOVE and (verdict.cost.kind, verdict.cost.extra) == (AT_LEAST, 1)


def test_a_player_rated_past_the_longest_puzzles_is_dealt_the_longest_in_a_few_batches():
    """rotate/3x3 has training puzzles up to 8 moves (rated 2399): asked for 3200, the stream
    bisects between the longest length it made and the shortest with none."""
    stream = PuzzleStream(registry.make_puzzle("rotate/3x3", {}), seed=0)
    assert stream.next(1500).moves < 8  # the stream learns rotate's difficulty per move
    batches = stream.batches
    lengths = [stream.next(3200).moves for _ in range(6)]
    assert 8 in lengths[:3] and lengths[lengths.index(8):] == [8] * (6 - lengths.index(8))
    assert stream.batches - batches <= 10


def test_the_jugs_dozen_is_dealt_again_once_all_are_dealt():
    stream = PuzzleStream(registry.make_puzzle("jugs", {"capacities": [8, 5], "target": 4}))
    starts = [stream.next(r).item.start for r in [1500, 2000, 2300] * 8]
    once = len(set(starts))
    assert 3 < once < len(starts) and len(set(starts[:once])) == once


def test_a_puzzle_given_back_is_held_and_dealt_when_near():
    """The window makes the next puzzle ready for the rating at the time; when the rating has
    moved away by the time it is dealt, the puzzle goes back to the stream (give_back), which
    deals it later to a player near it."""
    t = trainer("slide/3x3")
    tp = t.next_job()()
    t.give_back(tp)
    assert t.stream.ready(tp.rating.rating + 1000) is None
    assert t.stream.ready(tp.rating.rating) is tp


def _turned(board, finish, state):
    """Every image of state under the board's symmetries that keep the finish hole, written
    here from board.symmetries (each a permutation of the holes)."""
    images = {state}
    for perm in board.symmetries:
        if finish is None or perm[finish] == finish:
            images.add(sum(1 << perm[h] for h in range(board.n) if state >> h & 1))
    return images


@pytest.mark.parametrize("puzzle_id", ["pegs/hoppers", "pegs/triangle15"])
def test_a_small_board_deals_each_puzzle_once_turned_copies_included(puzzle_id):
    """Hoppers holds a few training puzzles up to symmetry, each in up to eight turned copies:
    a player rated past them was dealt six puzzles as twenty (#74's outside trial). Now each is
    dealt once, in whichever copy, before any is dealt again."""
    t = trainer(puzzle_id)
    board, finish = t.puzzle.board, t.puzzle.finish
    dealt = [p.item.start for p in puzzles(t, [2200] * 16)]
    classes = [frozenset(_turned(board, finish, s)) for s in dealt]
    first_again = next((i for i, c in enumerate(classes) if c in classes[:i]), len(classes))
    assert first_again >= 8, [len(c) for c in classes]
    assert all(len(c) > 1 for c in classes)     # turned copies exist: the check could fail


def test_a_player_rated_past_a_boards_puzzles_is_told_so():
    """The hardest training puzzle of Hoppers rates about 1,600: a player of 2,200 is told the
    rating is past them (the hardest found, for the window to say), a player of 1,500 is not,
    nor one of 2,200 on English, whose stream climbs to its rating."""
    t = trainer("pegs/hoppers")
    t.rating = Rating(2200)
    made = [t.next_job()() for _ in range(4)]
    ceiling = t.ceiling()
    assert ceiling is not None and ceiling >= max(p.rating.rating for p in made)
    assert 2200 - ceiling > WINDOW and ceiling == t.stream.hardest_found
    assert t.stream.ceiling(1500) is None and t.stream.ceiling(1700) is None
    assert t.stream.ceiling(2200) == ceiling
    t.rating = Rating(1500)
    assert t.ceiling() is None
    # a stream that has made short puzzles only still climbs for a higher rating: not past it
    climbing = PuzzleStream(registry.make_puzzle("pegs/english", {}), seed=0)
    climbing.next(900)
    assert max(climbing.made) < climbing.length_for(2200) and climbing.ceiling(2200) is None
    english = trainer("pegs/english")
    english.rating = Rating(2200)
    for _ in range(3):
        english.next_job()()
    assert english.ceiling() is None


def test_every_puzzle_of_a_small_board_is_dealt_before_any_again():
    """Hoppers holds 24 training puzzles up to its symmetries (4, 6, 13 and 1 of one to four
    moves, every one its whole table has: counted here with a batch asking for them all). A
    player rated past them is dealt all 24 before any again (a batch of four found none new
    among the thirteen three-move ones after nine, and the window dealt one again: an outside
    trial)."""
    puzzle = registry.make_puzzle("pegs/hoppers", {})
    every = {puzzle.canonical(item.start) for moves in range(1, 5)
             for item in training.training(puzzle, moves, 1000, 0)}
    assert len(every) == 24
    t = trainer("pegs/hoppers")
    dealt = [puzzle.canonical(p.item.start) for p in puzzles(t, [2200] * 30)]
    assert set(dealt[:24]) == every and dealt[24] in every
