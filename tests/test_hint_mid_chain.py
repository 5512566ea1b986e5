"""A hint in the middle of a peg chain: the peg that just landed may jump on for free (its jumps
join the move just played), so the hint and Solve count that continuation as no move, as
analysis mode does (found by an outside trial: on the 15-hole triangle, a hint after three moves
led one move past the minimum). Checked against the brute force of tests/peg_reference.py."""

from __future__ import annotations

import random
import re

import pytest

from pegapp.core.board import get_board
from pegapp.puzzles.hints import CONTINUES, hint
from pegapp.puzzles.pegs import PegPuzzle
from pegapp.solvers.result import SolveResult
from tests.peg_reference import brute_force_goal_distances, chains, play


def fewest_with_the_chain(board, exact, position, landing) -> int | None:
    """The fewest moves to the goal from position when the peg on landing may jump on for free
    (the brute force's own count): a new move costs one, going on with the chain none."""
    best = exact.get(position)
    for path, after in chains(board, position):
        if path[0] == landing and after in exact:
            best = exact[after] if best is None else min(best, exact[after])
    return best


def claimed_total(moves, result) -> int:
    """The moves a hinted solution takes in the player's count."""
    return len(moves) - (1 if result.stats.get(CONTINUES) else 0)


@pytest.mark.parametrize("board_id, seed", [("triangle15", 1), ("triangle15", 2),
                                            ("diamond13", 3), ("hoppers", 4)])
def test_every_hint_of_random_games_counts_the_free_continuation(board_id, seed):
    """Along random winning games, after each move the hint from the position, told the move
    just played, is a solution of the brute force's fewest moves counting a continuation as
    free, and replays to the goal."""
    board = get_board(board_id)
    puzzle = PegPuzzle(board)
    goal = 1 << board.finish
    exact = brute_force_goal_distances(board, board.start_position, [goal])
    rng = random.Random(seed)
    position = board.start_position
    while position != goal:
        path, position = rng.choice([(p, q) for p, q in chains(board, position) if q in exact])
        answer = hint(puzzle, position, last=path).result
        expected = fewest_with_the_chain(board, exact, position, path[-1])
        assert answer.proven_minimal
        assert claimed_total(answer.moves, answer) == expected, (path, answer.moves)
        assert play(board, position, answer.moves) == goal
        went_on = bool(answer.moves) and answer.moves[0][0] == path[-1]
        assert bool(answer.stats.get(CONTINUES)) == went_on


def test_the_outside_trials_game_now_ends_in_the_minimum(qtbot, open_window):
    """The trial's game through the window: three moves on the 15-hole triangle, the last peg
    still able to jump on; the hint goes on with it and says the brute force's number, and
    following every hint to the end wins in the fewest moves there are from that position."""
    window = triangle_window(open_window)     # the trial's three moves, by the window
    assert window.session.move_count == 3
    board = window.session.puzzle.board
    goal = 1 << board.finish
    exact = brute_force_goal_distances(board, board.start_position, [goal])
    left = fewest_with_the_chain(board, exact, window.session.state, 14)
    assert left < exact[window.session.state]   # going on with the chain saves a move here
    ask(qtbot, window)
    assert window.view.hint[0] == 14
    said = re.search(r"then ([0-9]+) moves? remains? at best", window.panel.hint_label.text())
    assert said and int(said.group(1)) == left
    while not window.session.solved:
        ask(qtbot, window)
        window.play_moves([list(window.view.hint)])
    assert window.session.move_count == 3 + left


def test_solve_mid_chain_names_the_solution_by_the_moves_it_takes(qtbot, open_window):
    """Solve in the middle of a chain: the replay's title counts the continuation as no move."""
    window = triangle_window(open_window)
    board = window.session.puzzle.board
    exact = brute_force_goal_distances(board, board.start_position, [1 << board.finish])
    left = fewest_with_the_chain(board, exact, window.session.state, 14)
    window.solve_action.trigger()
    qtbot.waitUntil(lambda: window.panel.replaying, timeout=60000)
    assert f"Minimum solution: {left} moves" in window.panel.replay.title.text()


def trial_position():
    """The trial's position on the 15-hole triangle (three moves, the last peg able to jump on)
    and the move that led to it."""
    from pegapp.puzzles.session import Session

    board = get_board("triangle15")
    session = Session(PegPuzzle(board))
    for f, t in ((14, 12), (11, 13), (5, 14)):
        session.push([f, t])
    return session.puzzle, session.state, session.moves[-1]


class ChildrenUndecided:
    """The puzzle, but each position after a continuation answered as `answer` makes it (a
    search out of memory or time)."""

    def __init__(self, puzzle, state, answer):
        self.puzzle, self.state, self.answer = puzzle, state, answer

    def __getattr__(self, name):
        return getattr(self.puzzle, name)

    def solve(self, state, *args, **options):
        result = self.puzzle.solve(state, *args, **options)
        return result if state == self.state else self.answer(result)


def test_a_continuation_left_undecided_leaves_the_hint_unproven():
    """Found by a review: a continuation whose search ran out (Solve's proof limit, the memory
    budget) was passed over, and the answer still called a minimum one move too high."""
    import dataclasses

    from pegapp.solvers.result import TOO_LARGE

    puzzle, state, last = trial_position()
    out_of_room = ChildrenUndecided(puzzle, state, lambda r: SolveResult(TOO_LARGE, None, False,
                                                                         "memory budget"))
    answer = hint(out_of_room, state, last=last).result
    assert answer.moves and not answer.proven_minimal and "not searched" in answer.reason
    # a line one move shorter after a continuation is the fewest there are, proven or not
    unproven = ChildrenUndecided(puzzle, state,
                                 lambda r: dataclasses.replace(r, proven_minimal=False))
    answer = hint(unproven, state, last=last).result
    assert answer.proven_minimal and answer.stats.get(CONTINUES)
    assert claimed_total(answer.moves, answer) == 6


def best_count_with_the_chain(board, exact, position, landing) -> int:
    """How many moves from position are as good as the best when a jump on by the peg on
    landing costs nothing (the brute force's own count)."""
    costs = [(0 if path[0] == landing else 1) + exact[after]
             for path, after in chains(board, position) if after in exact]
    return costs.count(min(costs))


def test_solve_mid_chain_counts_the_choices_with_the_chain_and_says_it_goes_on(qtbot,
                                                                              open_window):
    """Found by a review: the replay's first row counted its equally good moves as if no chain
    were in progress ("one of 6 best" where going on is the only best), and did not say that
    it costs no move."""
    window = triangle_window(open_window)
    board = window.session.puzzle.board
    exact = brute_force_goal_distances(board, board.start_position, [1 << board.finish])
    expected = best_count_with_the_chain(board, exact, window.session.state, 14)
    window.solve_action.trigger()
    qtbot.waitUntil(lambda: window.panel.replaying and len(window.answers.replay_choices) > 0,
                    timeout=60000)
    assert window.answers.replay_choices[0] == expected == 1
    first_row = window.panel.replay.list.item(1).text()
    assert "going on with your move" in first_row


def test_a_chain_that_goes_on_to_the_finish_is_named_so(qtbot, open_window):
    """Found by a review: where the peg just moved finishes the game by jumping on, the replay's
    title said "Minimum solution: 0 moves" (and, a trial found, analysis mode "the goal is 0
    moves away")."""
    board = get_board("triangle15")
    goal = 1 << board.finish
    exact = brute_force_goal_distances(board, board.start_position, [goal])
    position, path = next((p, path) for p, d in exact.items() if d == 1
                          for path, after in chains(board, p) if after == goal and len(path) > 2)
    window = triangle_window(open_window, start=position, moves=[path[:2]])
    window.analysis_action.setChecked(True)     # analysis mode says it too (not "0 moves away")
    qtbot.waitUntil(lambda: window.analysis.annotations is not None and window.analysis.annotations.final,
                    timeout=60000)
    assert "going on with your move finishes the game" in window.analysis.analysis_text()
    window.analysis_action.setChecked(False)
    ask(qtbot, window)
    assert "going on with your move finishes the game" in window.panel.hint_label.text()
    window.solve_action.trigger()
    qtbot.waitUntil(lambda: window.panel.replaying, timeout=60000)
    assert window.panel.replay.title.text() == "Your move goes on to the finish"


def test_a_cached_line_is_not_the_answer_when_the_chain_in_progress_saves_a_move(qtbot,
                                                                                 open_window):
    """The assistant keys a question by the chain in progress: a line cached from the start's
    hint is no answer at a position of it reached with a chain that can go on and save a move
    (found by a review: with the plain key every test here still passed)."""
    window = triangle_window(open_window, moves=[])
    puzzle = window.session.puzzle
    board = puzzle.board
    goal = 1 << board.finish
    exact = brute_force_goal_distances(board, board.start_position, [goal])
    ask(qtbot, window)     # from the start: the whole line's tails are cached
    line = window.assistant.cached(window.flow.problem(), board.start_position).moves
    tails, state = {}, board.start_position
    for i, move in enumerate(line[:-1]):
        state = puzzle.apply(state, move)
        tails[state] = line[i + 1:]
    # a position of the cached line, reached by a move whose peg can jump on and save a move
    # there, where the cached line's next move is another peg's
    before, move, there = next(
        (p, path, q) for p in exact for path, q in chains(board, p) if q in tails
        and fewest_with_the_chain(board, exact, q, path[-1]) < exact[q]
        and tails[q][0][0] != path[-1] and p in reach(board))
    for step in reach(board)[before]:     # on from the start, the cache kept
        window.play_moves([list(step)])
    window.play_moves([list(move)])
    assert window.session.state == there
    ask(qtbot, window)
    assert window.view.hint[0] == move[-1]


def reach(board) -> dict:
    """A way to every position reachable from the start: {position: the moves from the start}."""
    from collections import deque

    ways = {board.start_position: []}
    queue = deque([board.start_position])
    while queue:
        p = queue.popleft()
        for path, q in chains(board, p):
            if q not in ways:
                ways[q] = ways[p] + [path]
                queue.append(q)
    return ways


def play_to(window, position) -> None:
    """Play the game from the start to position, one whole move at a time (undoing to the start
    first)."""
    board = window.session.puzzle.board
    window.new_game(window.session.puzzle.id, dict(window.session.params))
    for move in reach(board)[position]:
        window.play_moves([list(move)])
    assert window.session.state == position


def ask(qtbot, window) -> None:
    window.panel.hint_button.click()
    qtbot.waitUntil(lambda: not window.assistant.busy
                    and window.panel.hint_label.text().startswith("Hint"), timeout=60000)


def triangle_window(open_window, start=None, moves=((14, 12), (11, 13), (5, 14))):
    """A window on the 15-hole triangle after moves (the trial's by default), from start (a
    position; the board's own when None)."""
    window = open_window("pegs/triangle15")
    if start is not None:
        play_to(window, start)
    for move in moves:
        window.play_moves([list(move)])
    return window


@pytest.mark.parametrize("moves", [[(14, 12)], [(14, 12), (11, 13), (5, 14)]])
def test_following_hint_after_hint_takes_one_search_chains_or_not(qtbot, open_window,
                                                                 monkeypatch, moves):
    """After a hinted (shortest) move, no jump on by its peg can save a move, so the cached tail
    of the first answer is the next hint: one search for the whole game, where the hinted
    moves' pegs could jump on (found by a review of the chain change: keyed by the chain, every
    such position searched again; and, the review after it, so did the position after a hinted
    jump on: the trial's game, whose first hint goes on with the chain)."""
    import pegapp.puzzles.flow as flow   # the window's questions are the flow's (GameFlow.ask)
    from pegapp.puzzles.hints import continues

    asked = []
    real = flow.hint
    monkeypatch.setattr(flow, "hint", lambda *a, **k: asked.append(a[1]) or real(*a, **k))
    window = triangle_window(open_window, moves=moves)
    puzzle = window.session.puzzle
    could_go_on = 0
    while not window.session.solved:
        ask(qtbot, window)
        window.play_moves([list(window.view.hint)])
        last = window.session.moves[-1]
        could_go_on += any(continues(puzzle, last, m) for m in puzzle.moves(window.session.state))
    assert len(asked) == 1 and could_go_on >= 1


def test_along_a_catalogue_line_the_chain_costs_no_search():
    """French 37's default problem along its catalogue line: after each move of the line whose
    peg could jump on, the hint told the move and the position before it searches nothing
    beyond those two positions (the line's own answers, at once), and says the line's number."""
    from pegapp.puzzles import catalogue
    from pegapp.puzzles.hints import continues

    board = get_board("french")
    puzzle = PegPuzzle(board)
    problem = catalogue.find(board, board.start, board.finish)
    state, checked = puzzle.initial(), 0
    for i, move in enumerate(problem.solution[:-1]):
        before, state = state, puzzle.apply(state, move)
        if not any(continues(puzzle, move, m) for m in puzzle.moves(state)):
            continue
        asked = []
        spy = ChildrenUndecided(puzzle, state, lambda r: r)
        real = spy.solve
        spy.solve = lambda s, *a, **k: asked.append(s) or real(s, *a, **k)
        answer = hint(spy, state, last=move, before=before).result
        assert set(asked) <= {state, before}
        assert answer.proven_minimal and len(answer.moves) == problem.par - i - 1
        checked += 1
    assert checked >= 1
