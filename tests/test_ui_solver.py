"""Hints, Solve, the replay panel and the solver worker, through the real window."""

import random
import time

import pytest
from PySide6.QtCore import QSettings, Qt

from pegapp.core import pegs
from pegapp.core.board import get_board
from tests.test_catalogue_hints import best_known_wiegleb_problem
from pegapp.solvers.pegs.solver import can_reach_goal
from pegapp.ui.game_window import GameWindow
from tests.peg_window import game, jump
from tests.peg_reference import chains, reachable
from tests.best_known import wiegleb_best_known  # noqa: F401 - the fixture


@pytest.fixture
def window(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("view/animate", False)
    w = GameWindow(settings=settings, data_dir=tmp_path / "data", restore=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.close()


def click_hole(qtbot, window, hole):
    qtbot.mouseClick(window.view, Qt.MouseButton.LeftButton,
                     pos=window.view.hole_center(hole).toPoint())


def wait_idle(qtbot, window, timeout=60000):
    qtbot.waitUntil(lambda: not window.assistant.busy, timeout=timeout)


def replay_is_legal(board, position, moves):
    for move in moves:
        for a, b in zip(move, move[1:]):
            jump = board.jump_index[(a, b)]
            assert pegs.is_legal(position, jump)
            position = pegs.apply_jump(position, jump)
    return position


def test_hint_on_the_13_hole_start_shows_a_first_move_of_a_7_move_solution(qtbot, window):
    window.new_game("pegs/" + "diamond13", {})
    window.panel.hint_button.click()
    wait_idle(qtbot, window)
    move = window.view.hint
    assert move is not None and move[0] in (0, 4, 8, 12) and move[-1] == 6
    assert "then 6 moves remain" in window.panel.hint_label.text()
    assert window.panel.hint_label.isVisible()


def test_playing_hints_solves_the_13_hole_board_in_7_moves(qtbot, window):
    window.new_game("pegs/" + "diamond13", {})
    for _ in range(7):
        window.panel.hint_button.click()
        wait_idle(qtbot, window)
        for hole in window.view.hint:
            click_hole(qtbot, window, hole)
    assert game(window).status == "solved"
    assert "solved in 7 moves (11 jumps)" in window.panel.status_label.text().lower()


def test_solve_then_replay_forward_back_last(qtbot, window):
    window.new_game("pegs/" + "hoppers", {})
    start = game(window).position
    window.panel.solve_button.click()
    wait_idle(qtbot, window)
    assert window.replaying and window.panel.replay.isVisible()
    panel = window.panel.replay
    assert panel.length == 7 and panel.list.count() == 8
    board = game(window).board
    moves = window.flow.replay.moves
    assert replay_is_legal(board, start, moves) == 1 << 6
    assert window.view.position == start and window.view.hint == moves[0]
    panel.forward_button.click()
    after_one = replay_is_legal(board, start, moves[:1])
    assert panel.step == 1 and window.view.position == after_one
    panel.last_button.click()
    assert window.view.position == 1 << 6
    panel.back_button.click()
    assert window.view.position == replay_is_legal(board, start, moves[:6])
    panel.first_button.click()
    assert window.view.position == start
    panel.list.setCurrentRow(3)  # clicking a row jumps there
    assert window.view.position == replay_is_legal(board, start, moves[:3])
    # the board is not playable during the replay, and the game itself is untouched
    click_hole(qtbot, window, 0)
    assert game(window).jumps == []
    panel.play_here_button.click()
    assert not window.replaying
    assert game(window).move_count == 3 and game(window).position == window.view.position
    window.panel.undo_button.click()
    assert game(window).jump_count == sum(len(m) - 1 for m in moves[:3]) - 1


def test_replay_play_runs_to_the_end_with_animation(qtbot, window):
    window.view.animations_enabled = True
    window.view.animation_ms = 40
    window.new_game("pegs/" + "diamond13", {})
    window.panel.solve_button.click()
    wait_idle(qtbot, window)
    panel = window.panel.replay
    panel.speed.setValue(10)
    panel.play_button.click()
    assert panel.playing
    qtbot.waitUntil(lambda: panel.step == panel.length and not window.view.animating,
                    timeout=20000)
    assert not panel.playing
    assert window.view.position == 1 << 6


def test_solutions_are_cached_for_the_session(qtbot, window):
    window.new_game("pegs/" + "diamond13", {})
    window.panel.solve_button.click()
    wait_idle(qtbot, window)
    window.panel.replay.close_button.click()
    starts = []
    window.assistant.runner.started.connect(starts.append)
    window.panel.hint_button.click()  # answered from the cache: no new search
    assert starts == [] and window.view.hint is not None


def open_wiegleb_problem() -> dict:
    """The options of a Wiegleb 45 problem whose par is not proven: its solve is a long search
    (the default problem, the central game, is answered from the catalogue now)."""
    p = best_known_wiegleb_problem()
    return {"start": [p.start], "finish": p.finish}


@pytest.mark.usefixtures("wiegleb_best_known")
def test_cancel_stops_a_long_search_and_leaves_the_game_usable(qtbot, window):
    window.new_game("pegs/" + "wiegleb", open_wiegleb_problem())
    window.panel.solve_button.click()
    assert window.assistant.busy and window.panel.progress_frame.isVisible()
    # the progress line says in words how far the search looks ("looking 9 moves ahead ...")
    qtbot.waitUntil(lambda: "moves" in window.panel.progress_label.text(), timeout=30000)
    window.panel.cancel_button.click()
    assert not window.assistant.busy and not window.panel.progress_frame.isVisible()
    assert "cancelled" in window.panel.hint_label.text().lower()
    # the worker thread ends by itself soon after (no thread left running)
    qtbot.waitUntil(lambda: not window.assistant.runner._retired, timeout=10000)
    jump = game(window).legal_jumps()[0]
    click_hole(qtbot, window, jump[0])
    click_hole(qtbot, window, jump[2])
    assert game(window).jumps == [jump]


@pytest.mark.usefixtures("wiegleb_best_known")
def test_a_move_cancels_a_stale_search(qtbot, window):
    window.new_game("pegs/" + "wiegleb", open_wiegleb_problem())
    window.panel.hint_button.click()
    assert window.assistant.busy
    jump = game(window).legal_jumps()[0]
    click_hole(qtbot, window, jump[0])
    click_hole(qtbot, window, jump[2])
    assert not window.assistant.busy
    window.new_game("pegs/" + "english", {})
    assert window.view.hint is None


def reaches(board, position, finish) -> bool:
    return (1 << finish) in reachable(board, position)


def dead_end_game(window, seed: int = 7, a_move_left: bool = False):
    """A diamond13 game played at random into a dead end (by the brute force of
    tests/peg_reference, not the solver); a_move_left: one from which a jump is still legal."""
    board = get_board("diamond13")
    rng = random.Random(seed)
    for _ in range(200):
        window.new_game(f"pegs/{board.id}", {})
        while game(window).legal_jumps():
            jump(window, *rng.choice(game(window).legal_jumps()))
            if not reaches(board, game(window).position, 6):
                if game(window).legal_jumps() or not a_move_left:
                    return
                break
    raise AssertionError("no dead end found")


def test_dead_end_is_reported_with_a_way_back(qtbot, window):
    dead_end_game(window)
    window.panel.hint_button.click()
    wait_idle(qtbot, window)
    assert "goal cannot be reached from this position" in window.panel.hint_label.text()
    assert window.panel.back_to_good_button.isVisible()
    board = game(window).board
    history = [game(window).position_after(k) for k in range(game(window).jump_count + 1)]
    expected = max(k for k, pos in enumerate(history) if can_reach_goal(board, pos, 6))
    window.panel.back_to_good_button.click()
    wait_idle(qtbot, window)
    assert game(window).jump_count == expected  # the last position that could still win
    assert window.undo_stack.canRedo()  # and nothing is lost: redo returns to the dead end
    window.panel.hint_button.click()
    wait_idle(qtbot, window)
    assert window.view.hint is not None


def test_a_dead_end_says_why_without_hovering(qtbot, window):
    """At a dead end the hint line says why the goal cannot be reached, on a line of its own
    under the sentence, the same words as its tool tip (the reason was only the tool tip)."""
    dead_end_game(window)
    window.panel.hint_button.click()
    wait_idle(qtbot, window)
    label = window.panel.hint_label
    assert label.isVisible()
    sentence, why = label.text().split("\n")
    assert sentence == "The goal cannot be reached from this position."
    assert why.startswith("Why: ") and len(why) > len("Why: ") + 10
    assert why == label.toolTip()
    # the reason says what it is, not the sentence above it again
    assert "reached" not in why.split(":")[1]
    # and the label is tall enough to show both
    assert label.height() >= label.heightForWidth(label.width())


def test_a_dead_end_passed_through_answers_the_later_hints_at_once(qtbot, window, monkeypatch):
    """After a hint proved a dead end, every later position of the game is one too (a way on
    from there would be a way from the dead end): the hint there says so at once, with no
    search, and says why; undoing back before the dead end asks the solver again."""
    dead_end_game(window, seed=11, a_move_left=True)
    board = game(window).board
    window.panel.hint_button.click()
    wait_idle(qtbot, window)
    assert "goal cannot be reached from this position" in window.panel.hint_label.text()
    dead_at = game(window).jump_count
    for _ in range(2):      # two jumps on (a chain or two moves: the rule is the same)
        if not game(window).legal_jumps():
            break
        jump(window, *game(window).legal_jumps()[0])
    assert game(window).jump_count > dead_at
    assert not reaches(board, game(window).position, 6)
    searched = []
    real_start = window.assistant._start
    monkeypatch.setattr(window.assistant, "_start",
                        lambda *a, **k: (searched.append(a), real_start(*a, **k)))
    window.panel.hint_button.click()
    assert not window.assistant.busy and not searched   # answered at once, nothing searched
    label = window.panel.hint_label
    assert label.text().startswith("The goal cannot be reached from this position.")
    assert "earlier position of this game was already a dead end" in label.toolTip()
    assert window.panel.back_to_good_button.isVisible()
    assert window.panel.status_label.text() == "In play. The goal can no longer be reached."
    # back to the position before the fatal jump: it still wins, and the hint finds its move
    while game(window).jump_count >= dead_at:
        window.undo_stack.undo()
    assert reaches(board, game(window).position, 6)
    window.panel.hint_button.click()
    wait_idle(qtbot, window)
    assert window.view.hint is not None
    assert "cannot be reached" not in window.panel.hint_label.text()
    assert window.panel.status_label.text() == "In play."


def test_a_dead_end_passed_through_stops_the_thinking_ahead(qtbot, window, monkeypatch):
    """Thinking ahead after a move (a player who has asked for hints) starts no search either
    at a position reached from a proven dead end: its answer is known already."""
    window.settings.setValue("solver/think_ahead", True)
    dead_end_game(window, seed=11, a_move_left=True)
    window.panel.hint_button.click()
    wait_idle(qtbot, window)
    assert "goal cannot be reached" in window.panel.hint_label.text()
    searched = []
    real_start = window.assistant._start
    monkeypatch.setattr(window.assistant, "_start",
                        lambda *a, **k: (searched.append(a), real_start(*a, **k)))
    jump(window, *game(window).legal_jumps()[0])
    window.answers.think_ahead()
    assert not searched and not window.assistant.runner.busy
    problem, _ = window.flow.hint_problem()
    assert window.assistant.cached(problem, window.session.state).status == "unsolvable"


def test_the_way_back_skips_the_positions_after_a_proven_dead_end(qtbot, window, monkeypatch):
    """Back to the last position that could win, after playing on from a proven dead end: the
    positions from that dead end on are not searched again (a proof each on a big board), and
    the way back still lands where the brute force says."""
    dead_end_game(window, seed=11, a_move_left=True)
    board = game(window).board
    window.panel.hint_button.click()
    wait_idle(qtbot, window)
    first_dead = game(window).jump_count
    jump(window, *game(window).legal_jumps()[0])
    window.panel.hint_button.click()
    assert window.panel.back_to_good_button.isVisible()
    history = [game(window).position_after(k) for k in range(game(window).jump_count + 1)]
    expected = max(k for k, pos in enumerate(history) if reaches(board, pos, 6))
    asked = []
    puzzle = window.session.puzzle
    real = puzzle.can_reach
    monkeypatch.setattr(puzzle, "can_reach",
                        lambda state, stop: (asked.append(state), real(state, stop=stop))[1])
    window.panel.back_to_good_button.click()
    wait_idle(qtbot, window)
    assert game(window).jump_count == expected < first_dead
    assert asked and not set(asked) & set(history[first_dead:])


def test_the_way_back_is_cancelled_by_the_cancel_button(qtbot, window, monkeypatch):
    """Cancel during the walk back to the last position that can win stops it: the question
    it asks (can_reach, given the worker's stop) ends with Cancelled, the worker goes idle,
    nothing is undone and no failure is shown. Each earlier position's question here waits for
    stop, as one does on Wiegleb 45 that no search decides in minutes; before 2026-11-30 (0f671ed) none
    took a stop, so Cancel left the worker busy until the program ended."""
    from pegapp.solvers.result import Cancelled

    dead_end_game(window)
    window.panel.hint_button.click()
    wait_idle(qtbot, window)
    assert window.panel.back_to_good_button.isVisible()
    at = game(window).jump_count
    asked = []

    def undecided(state, stop):
        asked.append(state)
        while not stop():
            time.sleep(0.01)
        raise Cancelled

    monkeypatch.setattr(window.session.puzzle, "can_reach", undecided)
    window.panel.back_to_good_button.click()
    qtbot.waitUntil(lambda: bool(asked), timeout=10000)
    assert window.assistant.busy and window.panel.cancel_button.isVisible()
    with qtbot.waitSignal(window.assistant.runner.cancelled, timeout=10000):
        window.panel.cancel_button.click()
    wait_idle(qtbot, window)
    assert len(asked) == 1 and game(window).jump_count == at
    assert window.panel.hint_label.text() == "Search cancelled."


def test_the_way_back_leaves_positions_it_cannot_decide_in_time(qtbot, window, monkeypatch):
    """A position the way back cannot decide within its limit (WAY_BACK_SECONDS, made tiny
    here; on Wiegleb 45 no search decides some within minutes) is left undecided: the walk goes
    on before it, lands on the last position shown to win (the brute force's, among those
    asked to the end) and says how many it left; when it can show none, nothing is undone."""
    from pegapp.solvers.result import Cancelled
    from pegapp.puzzles import flow

    dead_end_game(window)
    board = game(window).board
    window.panel.hint_button.click()
    wait_idle(qtbot, window)
    dead_at = game(window).jump_count
    history = [game(window).position_after(k) for k in range(dead_at + 1)]
    monkeypatch.setattr(flow, "WAY_BACK_SECONDS", 0.05)
    puzzle = window.session.puzzle
    real = puzzle.can_reach
    left = {"undecided": 2}

    def slow_at_first(state, stop):
        if left["undecided"]:
            left["undecided"] -= 1
            while not stop():
                time.sleep(0.01)
            raise Cancelled
        return real(state, stop=stop)

    monkeypatch.setattr(puzzle, "can_reach", slow_at_first)
    window.panel.back_to_good_button.click()
    wait_idle(qtbot, window)
    expected = max(k for k in range(dead_at - 2) if reaches(board, history[k], 6))
    assert game(window).jump_count == expected
    assert window.panel.hint_label.text() == (
        "Back at the last position shown to reach the goal: 2 later ones could not be decided "
        "in time, and one of them may reach it too.")
    # none shown to win: nothing undone
    for _ in range(dead_at - expected):
        window.undo_stack.redo()
    window.panel.hint_button.click()
    wait_idle(qtbot, window)
    left["undecided"] = dead_at
    window.panel.back_to_good_button.click()
    wait_idle(qtbot, window)
    assert game(window).jump_count == dead_at
    assert window.panel.hint_label.text() == (
        f"No earlier position of this game was shown to reach the goal: {dead_at} could not be "
        "decided in time.")


def test_analysis_after_a_dead_end_marks_every_move_dead_at_once(qtbot, window, monkeypatch):
    """Analysis mode at a position reached from a proven dead end marks every legal move a dead
    end with no search (each would be a proof of its own), the brute force agreeing; and a dead
    end analysis mode found answers a later hint at once too."""
    dead_end_game(window, seed=11, a_move_left=True)
    board = game(window).board
    window.panel.hint_button.click()
    wait_idle(qtbot, window)
    assert "goal cannot be reached" in window.panel.hint_label.text()
    jump(window, *game(window).legal_jumps()[0])
    started = []
    real_start = window.analysis.analysis_runner.start
    monkeypatch.setattr(window.analysis.analysis_runner, "start",
                        lambda *a, **k: (started.append(a), real_start(*a, **k)))
    window.analysis_action.setChecked(True)
    ann = window.view.annotations
    assert not started and ann is not None and ann.final and ann.dead_end
    moves = sorted(tuple(m) for m in window.session.legal_moves)
    assert sorted(tuple(v.move) for v in ann.verdicts) == moves and moves
    for path, after in chains(board, game(window).position):
        assert not reaches(board, after, 6), path
    assert "every move is a dead end" in window.panel.hint_label.text()
    # the other way: analysis mode's dead end (this position) answers the hint after a move
    window.analysis_action.setChecked(False)
    window.assistant.cache.clear()
    assert game(window).legal_jumps()     # this game has a second move on (seed 11)
    jump(window, *game(window).legal_jumps()[0])
    window.panel.hint_button.click()
    assert not window.assistant.busy
    assert window.panel.hint_label.text().startswith(
        "The goal cannot be reached from this position.")


def test_the_counters_follow_the_replayed_position(qtbot, window):
    """During a replay the panel's "Moves · Jumps · Pegs" line describes the position on the
    board (the game's moves plus the replay's up to its step), not the game's own position;
    after the replay closes it is the game's again (#13)."""
    window.new_game("pegs/triangle15", {})
    board = game(window).board
    first = next(m for m in window.session.legal_moves if len(m) == 2)  # one jump
    window.session.push(first)  # one move of the player's own first
    window.refresh()
    window.panel.solve_button.click()
    wait_idle(qtbot, window)
    assert window.replaying
    moves = window.flow.replay.moves
    start = game(window).position
    panel = window.panel.replay
    for step in (0, 1, 3, len(moves)):
        panel.list.setCurrentRow(step)
        position = replay_is_legal(board, start, moves[:step])
        jumps = len(first) - 1 + sum(len(m) - 1 for m in moves[:step])
        text = window.panel.counts_label.text()
        assert text == (f"Moves: {1 + step} · Jumps: {jumps} · "
                        f"Pegs: {bin(position).count('1')}"), (step, text)
    panel.close_button.click()
    assert window.panel.counts_label.text() == (
        f"Moves: 1 · Jumps: {len(first) - 1} · Pegs: {bin(start).count('1')}")


def test_a_start_in_another_position_class_is_explained_with_the_holes_names(qtbot, window):
    # the start and finish given by parameters, as a saved game or the command line gives them
    window.new_game("pegs/french", {"start": [5], "finish": 5})
    window.panel.hint_button.click()
    wait_idle(qtbot, window)
    why = window.panel.hint_label.toolTip()
    assert window.panel.hint_label.text() == "The goal cannot be reached from this position.\n" + why
    assert "position class" in why and "hole d6" in why and "hole 5" not in why


def test_a_search_counting_past_two_billion_reports_its_progress_whole(qtbot):
    """Found by an outside trial: the 6x6 8-flip's Map counts 2^36 patterns, and the progress
    signal (C++ ints) printed "Overflow ... exceeds limits" and lost the report."""
    from pegapp.ui.worker import SolverRunner

    runner = SolverRunner()
    seen = []
    runner.progress.connect(lambda tag, stage, depth, positions: seen.append((depth, positions)))

    def job(progress, stop):
        progress("counting", 1 << 36, 1 << 40)
        return "done"

    with qtbot.waitSignal(runner.result, timeout=10000):
        runner.start(job, tag="big")
    qtbot.waitUntil(lambda: not runner.busy)
    assert seen == [(1 << 36, 1 << 40)]


def test_a_search_asked_to_stop_emits_no_more_progress(qtbot):
    """Once a search is asked to stop (cancelled, or its window closing) its progress goes
    nowhere: nobody shows it any more, and a signal emitted while its receiver is being
    destroyed is the riskiest thing a worker thread does. The worker's own signal, not only
    what the runner passes on; it still says it was cancelled."""
    import time

    from pegapp.ui.worker import _Worker

    emitted = []

    def job(progress, stop):
        progress("before", 1, 10)
        worker.stop_event.set()
        time.sleep(0.06)        # past the 50 ms the worker leaves between two reports
        progress("after", 2, 20)
        return "done"

    worker = _Worker(job)
    worker.progress.connect(lambda stage, depth, positions: emitted.append(stage))
    worker.cancelled.connect(lambda: emitted.append("cancelled"))
    worker.run()                # here, in this thread: every signal arrives at once
    assert emitted == ["before", "cancelled"]


def _ink_under_number(lst, row: int, number: str) -> tuple[int, int]:
    """(lines the row takes, how many pixels of its lines after the first are drawn in under its
    number): the list as the player sees it."""
    from pegapp.ui.replay import numbered_row

    rect = lst.visualItemRect(lst.item(row))
    image = lst.viewport().grab().toImage()
    line = lst.fontMetrics().lineSpacing()
    under = lst.fontMetrics().horizontalAdvance(numbered_row(int(number), "")) - 2
    background = image.pixelColor(rect.left() + 1, rect.top() + 1)
    ink = sum(image.pixelColor(x, y) != background
              for y in range(rect.top() + (rect.height() - 2 * line) // 2 + line + 2,
                             rect.bottom() - 1)
              for x in range(rect.left() + 1, rect.left() + under))
    return rect.height() // line, ink


@pytest.mark.parametrize("which", ["replay", "moves"])
def test_a_wrapped_row_goes_on_under_its_text_not_its_number(qtbot, which):
    """A move in words too long for the list's width wraps with a hanging indent: its second line
    starts under the move's text, and under its number there is nothing but the row's background
    (the rows wrapped back to the left edge, under the numbers)."""
    from pegapp.ui.panel import MoveList
    from pegapp.ui.replay import ReplayPanel, numbered_row

    long_move = "Jump the peg at c3 over b2 to a1, then on to e1 → c3"
    if which == "replay":
        panel = ReplayPanel()
        panel.set_solution("A solution", ["a1-c1", long_move, "g1-e1"])
        panel.set_choices([2, 4, 1])  # "· one of 4 best" makes it longer still
        lst, row = panel.list, 2
        widget = panel
    else:
        lst = widget = MoveList()
        for i, text in enumerate(["a1-c1", long_move, "g1-e1"], 1):
            lst.addItem(numbered_row(i, text))
        row = 1
    qtbot.addWidget(widget)
    widget.resize(260, 320)
    widget.show()
    qtbot.waitExposed(widget)
    qtbot.waitUntil(lambda: lst.visualItemRect(lst.item(row)).height()
                    >= 2 * lst.fontMetrics().lineSpacing())
    lines, ink = _ink_under_number(lst, row, "2")
    assert lines >= 2
    assert ink == 0


def test_no_way_back_from_a_game_whose_start_cannot_win(qtbot, window):
    """A game started where no play wins (triangle 15 from hole 0 to hole 4, possible by the
    position classes but not by an exhaustive search): after a move the hint says the goal
    cannot be reached, and "Back to the last position that could win" undid every move and
    said "Back at a position that can still reach the goal" of a start that cannot. It now
    undoes nothing and says that no position of this game can reach the goal."""
    board = get_board("triangle15")
    assert not can_reach_goal(board, board.position_for([0]), 4)  # the test's own search
    window.new_game("pegs/triangle15", {"start": [0], "finish": 4})
    jump(window, *game(window).legal_jumps()[0])
    window.panel.hint_button.click()
    wait_idle(qtbot, window)
    assert "goal cannot be reached from this position" in window.panel.hint_label.text()
    window.panel.back_to_good_button.click()
    wait_idle(qtbot, window)
    assert game(window).jump_count == 1  # nothing undone
    text = window.panel.hint_label.text()
    assert "can still reach" not in text
    assert "start" in text and "cannot" in text
    assert not window.panel.back_to_good_button.isVisible()


@pytest.mark.usefixtures("wiegleb_best_known")
def test_solve_can_be_asked_while_a_hint_searches(qtbot, window, monkeypatch):
    """An outside trial: on Wiegleb a hint's proof can run for minutes, and Solve stayed greyed
    out until the player cancelled it. Solve is offered while a hint searches, and asking it
    turns the search into Solve's, which shows a whole solution; Solve's own search does not
    offer Solve again. Solve's wait for a proof (SOLVE_PROOF_SECONDS, 6 s of both cores) is
    made short: no proof of a Wiegleb minimum ends within it either way, and the solution
    shown is the line found before the proof."""
    from pegapp.puzzles import flow
    monkeypatch.setattr(flow, "SOLVE_PROOF_SECONDS", 0.5)
    options = open_wiegleb_problem()
    window.new_game("pegs/" + "wiegleb", options)
    start = game(window).position
    jump(window, *game(window).legal_jumps()[0])  # off the catalogue's line: a search
    after = game(window).position
    window.panel.hint_button.click()
    assert window.assistant.busy
    assert window.solve_action.isEnabled()
    # Hint stays offered: asked again it says the answer is on its way (issue #76)
    assert window.hint_action.isEnabled() and not window.panel.still_searching_label.isVisible()
    window.panel.hint_button.click()
    assert window.assistant.busy and window.panel.still_searching_label.isVisible()
    window.panel.solve_button.click()
    assert window.assistant.busy and not window.solve_action.isEnabled()
    wait_idle(qtbot, window, timeout=300000)
    assert window.replaying and window.panel.replay.isVisible()
    board = game(window).board
    assert start != after == game(window).position
    assert replay_is_legal(board, after, window.flow.replay.moves) == 1 << options["finish"]


def test_a_board_beyond_the_solvers_size_is_named_by_its_name(qtbot, window):
    """Found by an outside trial: a 400-hole board drawn in the designer and played answered a
    hint with "board_text: the solver takes boards of at most 58 holes" (the text's field
    name). The board is named by its own name; a board file stays named by its path (the
    command line's tests)."""
    from pegapp.core.board import parse_board
    from pegapp.core.pegs import board_game
    from pegapp.solvers.pegs._tables import MAX_HOLES

    side = 8   # 64 holes
    text = ('name = "Big one"\nlayout = """\n' + ("o" * side + "\n") * side + '"""\n'
            'start = [0]\nfinish = "any"\n')
    board = parse_board(text, default_id="big")
    assert board.n > MAX_HOLES
    window.new_game(*board_game(board))
    assert window.session.puzzle.board.source == "board_text"
    window.panel.hint_button.click()
    qtbot.waitUntil(lambda: not window.assistant.busy and bool(window.panel.hint_label.text()),
                    timeout=60000)
    said = window.panel.hint_label.text()
    assert f"Big one: the solver takes boards of at most {MAX_HOLES} holes" in said
    assert "board_text" not in said
