"""The end of a game (issue #13 point 7, issue #15 point 3): the result against the minimum on
every game (the catalogue's par for a peg problem, the solver's minimum from the start for any
other), the next steps offered, Hint and Solve disabled; the stuck message one sentence."""

from __future__ import annotations

from collections import deque

import pytest
from PySide6.QtCore import Qt

from pegapp.puzzles.base import replay_states
from pegapp.core.messages import msg
from pegapp.solvers.result import SOLVED, UNSOLVABLE, SolveResult
from pegapp.ui.assistant import answer_detail, answer_text
from tests.best_known import wiegleb_best_known  # noqa: F401 - the fixture


def click_hole(qtbot, window, hole):
    qtbot.mouseClick(window.view, Qt.MouseButton.LeftButton,
                     pos=window.view.hole_center(hole).toPoint())


def shortest(puzzle, start) -> int:
    """The fewest moves from start to a solved state, by a plain breadth-first search over the
    puzzle's own moves (independent of the solvers)."""
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        state, depth = queue.popleft()
        if puzzle.is_solved(state):
            return depth
        for m in puzzle.moves(state):
            nxt = puzzle.apply(state, m)
            if nxt not in seen:
                seen.add(nxt)
                queue.append((nxt, depth + 1))
    raise AssertionError("no solution")


def single_jump_solution(puzzle, state):
    """Some solution of single jumps (depth first): never shorter than the minimum in moves."""
    if puzzle.is_solved(state):
        return []
    for m in puzzle.moves(state):
        if len(m) == 2:
            rest = single_jump_solution(puzzle, puzzle.apply(state, m))
            if rest is not None:
                return [list(m)] + rest
    return None


def as_clicked(jumps):
    """A jump that goes on from where the last one landed is clicked as the chain's next hole
    (clicking the landed peg again would put it down)."""
    routes = []
    for j in jumps:
        if routes and routes[-1][-1] == j[0]:
            routes[-1].append(j[1])
        else:
            routes.append(list(j))
    return routes


def test_a_win_above_par_says_the_minimum_and_disables_hint_and_solve(qtbot, open_window):
    w = open_window("pegs/diamond13")
    puzzle = w.session.puzzle
    moves = as_clicked(single_jump_solution(puzzle, w.session.state))
    for m in moves:  # played by clicks, as the player would
        for hole in m:
            click_hole(qtbot, w, hole)
    assert w.session.solved
    n = w.session.move_count
    par = shortest(puzzle, w.session.start)
    assert par == 7 and n > par  # the 13-hole diamond's central game: 7 moves (the articles)
    panel = w.panel
    assert panel.ending_frame.isVisible()
    assert panel.ending_label.text() == f"Solved in {n} moves — the minimum is {par}."
    assert not panel.hint_button.isEnabled() and not panel.solve_button.isEnabled()
    assert not w.hint_action.isEnabled() and not w.solve_action.isEnabled()
    w.tracker.flush()
    assert [r["in_par"] for r in w.stats.rows() if r["solved"]] == [0]
    # the next steps: replay the shortest solution from the start ...
    assert panel.replay_best_button.isVisible()
    panel.replay_best_button.click()
    assert w.replaying and w.panel.replay.length == par
    assert w.view.state == w.session.start and panel.counts_label.text().startswith("Moves: 0")
    states = replay_states(puzzle, w.session.start, w.flow.replay.moves)
    assert puzzle.is_solved(states[-1])
    w.panel.replay.last_button.click()
    assert panel.counts_label.text().startswith(f"Moves: {par}")
    w.panel.replay.close_button.click()
    assert w.session.move_count == n and panel.ending_frame.isVisible()
    # ... or try again
    panel.try_again_button.click()
    assert w.session.move_count == 0 and panel.ending_frame.isHidden()
    assert panel.hint_button.isEnabled()


def test_play_from_here_in_the_best_replay_starts_over_from_the_start(qtbot, open_window):
    w = open_window("pegs/diamond13")
    for m in single_jump_solution(w.session.puzzle, w.session.state):
        w.play_moves([m])
    w.panel.replay_best_button.click()
    best = list(w.flow.replay.moves)
    w.panel.replay.go_to(2)
    w.panel.replay.play_here_button.click()
    assert not w.replaying and w.session.move_count == 2
    assert w.session.moves == [list(m) for m in best[:2]]


def test_a_win_in_par_is_celebrated(qtbot, open_window):
    w = open_window("pegs/english")
    from pegapp.puzzles import catalogue
    puzzle = w.session.puzzle
    problem = catalogue.find(puzzle.board, puzzle.start, puzzle.finish)
    assert problem.par == 18 and problem.proven_minimal
    for m in problem.solution:
        w.play_moves(puzzle.split(list(m)))
    assert w.session.solved and w.session.move_count == 18
    assert w.panel.ending_label.text() == "Solved in 18 moves: the minimum, in par!"
    # and counted in the statistics as a game solved in par (issue #15 point 3)
    w.tracker.flush()
    rows = [r for r in w.stats.rows() if r["solved"]]
    assert len(rows) == 1 and rows[0]["in_par"] == 1 and rows[0]["best_moves"] == 18


@pytest.mark.usefixtures("wiegleb_best_known")
def test_a_par_only_best_known_is_said_so(qtbot, open_window):
    """Wiegleb 45: the catalogue's par is the best solution found, not proven minimal (a
    problem still open: the central game is proven now)."""
    from pegapp.puzzles import catalogue
    from tests.test_catalogue_hints import best_known_wiegleb_problem
    open_problem = best_known_wiegleb_problem()
    w = open_window("pegs/wiegleb", {"start": [open_problem.start],
                                     "finish": open_problem.finish})
    puzzle = w.session.puzzle
    problem = catalogue.find(puzzle.board, puzzle.start, puzzle.finish)
    assert problem is not None and not problem.proven_minimal
    for m in problem.solution:
        w.play_moves(puzzle.split(list(m)))
    assert w.session.solved and w.session.move_count == problem.par
    assert w.panel.ending_label.text() == (
        f"Solved in {problem.par} moves — as few as the best known solution (not proven "
        "minimal).")
    assert w.panel.replay_best_button.text() == "Replay the best known solution"


def test_every_game_gets_the_comparison_from_the_solver_when_not_catalogued(qtbot, open_window):
    """A sliding puzzle (no catalogue): the worker finds the minimum from the start; meanwhile
    the ending says it is looking."""
    start = [1, 2, 0, 4, 5, 3]  # 2x3 tiles, a few moves from solved
    w = open_window("slide/2x3", {"start": start})
    puzzle = w.session.puzzle
    par = shortest(puzzle, w.session.start)
    # a longer way: the shortest path found by BFS with a detour (a move and its undo) first
    first = next(iter(puzzle.moves(w.session.state)))
    after = puzzle.apply(w.session.state, first)
    back = next(m for m in puzzle.moves(after) if puzzle.apply(after, m) == w.session.state)
    w.play_moves([first, back])
    path = []
    state = w.session.state
    while not puzzle.is_solved(state):  # greedy along BFS distances
        d = shortest(puzzle, state)
        m = next(m for m in puzzle.moves(state) if shortest(puzzle, puzzle.apply(state, m)) == d - 1)
        path.append(m)
        state = puzzle.apply(state, m)
    w.play_moves(path)
    assert w.session.solved and w.session.move_count == par + 2
    text = w.panel.ending_label.text()
    assert text.startswith(f"Solved in {par + 2} moves")
    qtbot.waitUntil(lambda: w.ending.par is not None, timeout=60000)
    assert w.panel.ending_label.text() == f"Solved in {par + 2} moves — the minimum is {par}."
    assert not w.panel.hint_button.isEnabled()


def test_the_stuck_message_is_one_plain_sentence():
    result = SolveResult(UNSOLVABLE, reason="exhaustive search: no sequence of moves reaches "
                                            "the goal")
    text = answer_text(result, str)
    assert text == "The goal cannot be reached from this position."
    assert "exhaustive" in answer_detail(result)


def test_a_line_not_proven_minimal_says_why_on_demand():
    # as a hint whose proof did not fit comes (status solved, a line, the reason)
    result = SolveResult(SOLVED, moves=[[3, 5]], proven_minimal=False,
                         reason=msg("memory budget of {gb:g} GB exceeded", gb=2.0))
    assert answer_detail(result) == "Why not proven: memory budget of 2 GB exceeded"
    assert answer_detail(SolveResult(SOLVED, moves=[[3, 5]], proven_minimal=True)) == ""


def test_a_won_game_loaded_from_a_file_shows_its_ending(qtbot, open_window, tmp_path):
    w = open_window("pegs/diamond13")
    for m in single_jump_solution(w.session.puzzle, w.session.state):
        w.play_moves([m])
    n = w.session.move_count
    w.files.save_game(tmp_path / "won.pegapp.json")
    w.new_game("pegs/english", {})
    assert w.panel.ending_frame.isHidden()
    assert w.files.load_game(tmp_path / "won.pegapp.json")
    assert w.panel.ending_label.text() == f"Solved in {n} moves — the minimum is 7."
    solves = stats_row(w)["solved"]
    w.undo_action.trigger()   # the saved moves can be taken back, and played again
    assert not w.session.solved
    w.redo_action.trigger()
    assert w.session.solved and w.panel.ending_label.text() == f"Solved in {n} moves — the minimum is 7."
    assert stats_row(w)["solved"] == solves   # counted when it was played, not again


def stats_row(w):
    w.tracker.flush()
    (row,) = [r for r in w.stats.rows() if r["puzzle_id"] == "pegs/diamond13"]
    return row


@pytest.mark.parametrize("again", ["try_again_button", "restart_action", "problems"])
def test_a_second_try_after_a_win_counts_its_own_solve_and_nothing_else(qtbot, open_window,
                                                                         again):
    """Found from outside: after a win above par, the next game of the same problem was marked
    solved with the old count before a move was made, and its real solve in par was never
    counted. Whether the new try comes from Try again, Restart or the Problems view, it starts
    unsolved and its own solve counts."""
    w = open_window("pegs/diamond13")
    puzzle = w.session.puzzle
    for m in single_jump_solution(puzzle, w.session.state):
        w.play_moves([m])
    above = w.session.move_count
    assert w.session.solved and above > 7 and stats_row(w)["best_moves"] == above
    if again == "try_again_button":
        w.panel.try_again_button.click()
    elif again == "restart_action":
        w.restart_action.trigger()
    else:  # the same problem chosen again from the list: a new game in this window
        w.starts.start_requested_game(w.session.puzzle.id, dict(w.session.params))
    row = stats_row(w)
    assert (row["started"], row["solved"], row["best_moves"], row["in_par"]) == (2, 1, above, 0)
    assert w.session.move_count == 0 and not w.undo_stack.canUndo()
    from pegapp.puzzles import catalogue
    problem = catalogue.find(puzzle.board, puzzle.start, puzzle.finish)
    for m in problem.solution:
        w.play_moves(puzzle.split(list(m)))
    assert w.session.solved and w.session.move_count == 7
    row = stats_row(w)
    assert (row["started"], row["solved"], row["best_moves"], row["in_par"]) == (2, 2, 7, 1)


def test_another_problem_opens_the_boards_problems_else_the_picker(qtbot, open_window):
    w = open_window("pegs/diamond13")
    for m in single_jump_solution(w.session.puzzle, w.session.state):
        w.play_moves([m])
    w.panel.another_button.click()
    qtbot.waitUntil(lambda: w.view.problems_dialog is not None
                    and w.view.problems_dialog.isVisible())
    w.view.problems_dialog.reject()
    start = [1, 2, 0, 4, 5, 3]
    s = open_window("slide/2x3", {"start": start})
    puzzle = s.session.puzzle
    state = s.session.state
    while not puzzle.is_solved(state):
        d = shortest(puzzle, state)
        m = next(m for m in puzzle.moves(state) if shortest(puzzle, puzzle.apply(state, m)) == d - 1)
        s.play_moves([m])
        state = s.session.state
    s.panel.another_button.click()
    qtbot.waitUntil(lambda: getattr(s.starts, "picker", None) is not None
                    and s.starts.picker.isVisible())
    s.starts.picker.reject()
