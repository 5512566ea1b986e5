"""The game's flow without Qt (pegapp.puzzles.flow, issue #73 point 1): moves, undo, redo and
restart on a GameFlow, as the window forwards them; the graded hint's steps; the hint's answers
through a synchronous searcher, checked against the brute force of tests/peg_reference.py; the
ending and the par; the autosave policy. No test here imports PySide6."""

import random
from pathlib import Path

import pytest

from pegapp.puzzles import registry
from pegapp.puzzles.base import IllegalMove
from pegapp.puzzles.flow import (BEATS_BEST, EQUALS_BEST, GOAL_ALREADY, HINT_DISTANCE,
                                 HINT_MOVE, HINT_PIECE, IN_PAR, LOOKING_FOR_PAR, NO_PAR, OVER_BEST,
                                 OVER_PAR, SHOW_MOVE, SHOW_NOTHING, SHOW_PIECE, FlowError,
                                 GameFlow, Par, remember_answer)
from pegapp.puzzles.hints import CONTINUES, moves_taken
from pegapp.puzzles.session import Session
from pegapp.solvers.result import UNSOLVABLE, SolveResult
from tests.peg_reference import brute_force_goal_distances
from tests.test_layering import qt_loaded_by

ROOT = Path(__file__).resolve().parents[1]


def test_the_flow_and_its_tests_load_no_qt():
    """Importing the flow (and this file's imports) loads no Qt module."""
    assert qt_loaded_by("pegapp.puzzles.flow", "tests.test_flow") == []


def triangle() -> GameFlow:
    return GameFlow(Session(registry.make_puzzle("pegs/triangle15", {}), {}))


def first_move(flow: GameFlow):
    return list(flow.session.puzzle.moves(flow.state))[0]


def test_moves_undo_and_redo_walk_the_history():
    flow = triangle()
    start = flow.state
    assert not flow.can_undo and not flow.can_redo
    states = [start]
    for _ in range(3):
        flow.play(first_move(flow))
        states.append(flow.state)
    assert flow.session.states == states and flow.can_undo and not flow.can_redo
    flow.undo()
    flow.undo()
    assert flow.state == states[1] and flow.can_redo
    flow.redo()
    assert flow.state == states[2]
    flow.undo()
    other = list(flow.session.puzzle.moves(flow.state))[-1]
    flow.play(other)  # a new move drops what could be redone
    assert not flow.can_redo and flow.session.steps[-1] == other
    while flow.can_undo:
        flow.undo()
    assert flow.state == start and flow.session.steps == []


def test_an_illegal_move_changes_nothing():
    flow = triangle()
    changes = flow.changes
    with pytest.raises(IllegalMove):
        flow.play([0, 0])
    assert flow.session.steps == [] and flow.history == [] and flow.changes == changes


def test_restart_is_one_edit_undone_whole():
    flow = triangle()
    assert flow.restart() is None  # at the start: nothing to do
    for _ in range(3):
        flow.play(first_move(flow))
    played = list(flow.session.steps)
    edit = flow.restart()
    assert edit.pops == 3 and edit.popped == played and flow.session.steps == []
    flow.undo()
    assert flow.session.steps == played
    flow.redo()
    assert flow.session.steps == []


def test_a_chain_grows_jump_by_jump_and_is_undone_a_jump_at_a_time():
    """A peg jump that goes on with the chain just played is one move of two steps; undo takes
    back one jump (EXTEND)."""
    flow = triangle()
    puzzle = flow.session.puzzle
    for _ in range(20):  # find a position with a chain that can go on
        last = flow.session.moves[-1] if flow.session.moves else None
        on = [m for m in puzzle.moves(flow.state) if last is not None and m[0] == last[-1]]
        if on:
            break
        flow.play(first_move(flow))
    else:
        pytest.skip("no chain on this line")
    moves_before = flow.session.move_count
    flow.play(on[0])
    assert flow.session.move_count == moves_before and flow.session.moves[-1][-1] == on[0][-1]
    flow.undo()
    assert flow.session.moves[-1] == last


def test_a_loaded_game_is_undone_step_by_step():
    puzzle = registry.make_puzzle("pegs/triangle15", {})
    played = Session(puzzle, {})
    for _ in range(3):
        played.push(list(puzzle.moves(played.state))[0])
    flow = GameFlow(Session(puzzle, {}, moves=list(played.moves)))
    assert [e.recorded for e in flow.history] == [True] * 3 and flow.can_undo
    flow.undo()
    assert flow.session.steps == played.steps[:2]
    flow.redo()
    assert flow.session.steps == played.steps


def test_undo_of_an_edit_not_on_top_is_refused():
    """The window's undo stack names the edit it undoes: another one is a bug, said at once."""
    flow = triangle()
    first = flow.play(first_move(flow))
    flow.play(first_move(flow))
    with pytest.raises(FlowError):
        flow.undo(first)
    flow.undo()
    with pytest.raises(FlowError):
        flow.redo(first)


def test_every_change_counts():
    flow = triangle()
    counts = [flow.changes]
    flow.play(first_move(flow))
    counts.append(flow.changes)
    flow.undo()
    counts.append(flow.changes)
    flow.redo()
    counts.append(flow.changes)
    flow.restart()
    counts.append(flow.changes)
    flow.load(Session(flow.session.puzzle, {}))
    counts.append(flow.changes)
    assert counts == sorted(set(counts))


# ---- the graded hint and the questions to the solvers

class SyncSearcher:
    """A Searcher answering at once in the caller's thread (the window's SolveAssistant runs a
    worker); its cache keeps answers as the assistant's does (tails of proven lines too)."""

    def __init__(self):
        self.cache = {}
        self.answers = []     # (kind, state, result) as the window's _on_answer gets them
        self.searches = 0
        self.busy = False
        self.asking_about = None

    def ask(self, kind, problem, state, solve, apply=None, staged=False):
        hit = self.cached(problem, state)
        if hit is not None:
            self.answers.append((kind, state, hit))
            return True
        self.searches += 1
        result = solve(state, lambda *a: None, lambda: False)
        self.remember(problem, state, result, apply)
        self.answers.append((kind, state, result))
        return False

    def ponder(self, problem, state, solve, apply=None, staged=False):
        if self.cached(problem, state) is not None:
            return False
        self.searches += 1
        self.remember(problem, state, solve(state, lambda *a: None, lambda: False), apply)
        return True

    def cancel(self):
        pass

    def cancel_unless(self, state):
        pass

    def cached(self, problem, state):
        return self.cache.get((problem, state))

    def remember(self, problem, state, result, apply):
        remember_answer(self.cache, problem, state, result, apply)

    def _about(self, key, problem):
        return key == problem or (isinstance(key, tuple) and len(key) == 2
                                  and key[0] == problem)

    def proven_count(self, problem, state):
        counts = [moves_taken(r) for (key, at), r in self.cache.items()
                  if at == state and self._about(key, problem) and r.proven_minimal
                  and r.moves is not None]
        return max(counts, default=None)

    def dead_ends(self, problem):
        return {at for (key, at), r in self.cache.items()
                if self._about(key, problem) and r.status == UNSOLVABLE and r.moves is None}


def hinted(board_id="triangle15"):
    """A flow on a small peg board with a synchronous searcher, and the brute force's exact
    distances to the goal of every position reachable from the start (tests/peg_reference.py,
    from the board's jumps alone)."""
    searcher = SyncSearcher()
    flow = GameFlow(Session(registry.make_puzzle(f"pegs/{board_id}", {}), {}), searcher)
    board = flow.session.puzzle.board
    goals = [1 << board.finish] if board.finish is not None else [1 << h for h in range(board.n)]
    return flow, searcher, brute_force_goal_distances(board, flow.state, goals)


def test_the_graded_hint_goes_distance_piece_move_and_stays_at_the_move():
    flow = triangle()
    assert flow.hint_step() == 0
    assert [flow.take_hint_step() for _ in range(4)] == [HINT_DISTANCE, HINT_PIECE, HINT_MOVE,
                                                         HINT_MOVE]


def test_a_view_with_no_piece_to_point_at_goes_from_the_distance_to_the_move():
    flow = triangle()
    asked = []

    def no_piece():
        asked.append(1)
        return False

    assert [flow.take_hint_step(has_piece=no_piece) for _ in range(3)] == [
        HINT_DISTANCE, HINT_MOVE, HINT_MOVE]
    assert len(asked) == 1  # asked only when the piece would come next


def test_the_whole_hint_setting_shows_the_move_at_once():
    flow = triangle()
    assert flow.take_hint_step(whole=True) == HINT_MOVE


@pytest.mark.parametrize("change", ["move", "undo", "redo", "restart", "load"])
def test_any_change_of_the_history_starts_the_hint_again(change):
    flow = triangle()
    flow.play(first_move(flow))
    flow.play(first_move(flow))
    flow.undo()
    flow.take_hint_step()
    flow.take_hint_step()
    assert flow.hint_step() == HINT_PIECE
    {"move": lambda: flow.play(first_move(flow)), "undo": flow.undo, "redo": flow.redo,
     "restart": flow.restart,
     "load": lambda: flow.load(Session(flow.session.puzzle, {}))}[change]()
    assert flow.hint_step() == 0 and flow.take_hint_step() == HINT_DISTANCE


def test_what_the_board_shows_at_each_step():
    flow, searcher, _exact = hinted()
    for step, mark in ((HINT_DISTANCE, SHOW_NOTHING), (HINT_PIECE, SHOW_PIECE),
                       (HINT_MOVE, SHOW_MOVE)):
        assert flow.take_hint_step() == step
        flow.ask("hint")
        kind, state, result = searcher.answers[-1]
        shown = flow.hint_shown(kind, state, result)
        assert (shown.step, shown.mark) == (step, mark)
        assert shown.move == (None if mark == SHOW_NOTHING else result.moves[0])
    assert searcher.searches == 1  # the later steps show the cached answer
    kind, state, result = searcher.answers[-1]
    assert flow.hint_shown("solve", state, result).step == HINT_MOVE
    flow.play(result.moves[0])
    assert flow.hint_shown(kind, state, result) is None  # about the position before: dropped


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_hint_along_a_random_game_agrees_with_the_brute_force(seed):
    """At each position of a random game (winning or not, chains in progress included), the
    hint's answer is the brute force's: the fewest moves to the goal, or a dead end exactly
    where the goal is out of reach; a first move that goes on with the chain costs no move."""
    flow, searcher, exact = hinted()
    puzzle, rng = flow.session.puzzle, random.Random(seed)
    while True:
        flow.ask("hint")
        kind, state, result = searcher.answers[-1]
        assert state == flow.state
        if state not in exact:
            assert result.status == UNSOLVABLE and result.moves is None
        elif not result.moves:
            assert exact[state] == 0
        else:
            assert result.proven_minimal
            after = puzzle.apply(state, result.moves[0])
            assert exact[after] == len(result.moves) - 1
            if result.stats.get(CONTINUES):  # the chain goes on: one move fewer at most
                assert moves_taken(result) == len(result.moves) - 1 <= exact[state]
            else:
                assert len(result.moves) == exact[state]
        moves = list(puzzle.moves(flow.state))
        if not moves:
            break
        flow.play(rng.choice(moves))


def test_following_hint_after_hint_wins_in_the_fewest_moves_with_one_search():
    flow, searcher, exact = hinted()
    fewest = exact[flow.state]
    while not flow.session.solved:
        flow.ask("hint")
        flow.play(searcher.answers[-1][2].moves[0])
    assert flow.session.move_count == fewest and searcher.searches == 1


def test_after_a_dead_end_every_later_position_is_one_with_no_search():
    flow, searcher, exact = hinted()
    puzzle = flow.session.puzzle
    while True:  # play into a dead end, first moves first
        dead = [m for m in puzzle.moves(flow.state) if puzzle.apply(flow.state, m) not in exact]
        if dead:
            flow.play(dead[0])
            break
        flow.play(first_move(flow))
    flow.ask("hint")
    assert searcher.answers[-1][2].status == UNSOLVABLE
    searches = searcher.searches
    while list(puzzle.moves(flow.state)):
        flow.play(first_move(flow))
        flow.ask("hint", dead_ends=lambda: searcher.dead_ends(flow.problem()))
        assert searcher.answers[-1][2].status == UNSOLVABLE
    assert searcher.searches == searches


def test_hint_pressed_again_during_its_search_waits_for_it():
    flow, searcher, _exact = hinted()
    assert not flow.still_searching()
    searcher.busy, searcher.asking_about = True, flow.state
    assert flow.still_searching()
    flow.play(first_move(flow))   # the search is now about the position before
    assert not flow.still_searching()


# ---- the autosave policy

def test_an_autosave_is_due_after_a_change_once_until_it_is_written():
    flow = triangle()
    assert flow.autosave_due()            # a new game is a change
    flow.play(first_move(flow))
    assert not flow.autosave_due()        # one write pending covers the changes after it
    assert flow.autosave_writing() is flow.session
    assert not flow.autosave_due()        # written: nothing changed since
    for change in (lambda: flow.play(first_move(flow)), flow.undo, flow.redo, flow.restart,
                   lambda: flow.load(Session(flow.session.puzzle, {}))):
        change()
        assert flow.autosave_due()
        flow.autosave_writing()
        assert not flow.autosave_due()


def test_an_illegal_move_makes_no_autosave_due():
    flow = triangle()
    flow.autosave_writing()
    with pytest.raises(IllegalMove):
        flow.play([0, 0])
    assert not flow.autosave_due()


def test_a_failed_write_is_tried_again_at_the_next_change():
    """The window's write may fail (a full disk): the flow has no write pending then, and the
    next change makes one due."""
    flow = triangle()
    flow.autosave_due()
    flow.autosave_writing()               # the write began, and failed
    flow.play(first_move(flow))
    assert flow.autosave_due()


# ---- the ending and the par

def played(flow: GameFlow, n: int) -> GameFlow:
    for _ in range(n):
        flow.play(first_move(flow))
    return flow


@pytest.mark.parametrize("moves, par, looking, verdict", [
    (0, None, False, GOAL_ALREADY),
    (3, None, True, LOOKING_FOR_PAR),
    (3, None, False, NO_PAR),
    (3, Par(3, True, None), False, IN_PAR),
    (3, Par(2, True, None), False, OVER_PAR),
    (3, Par(4, False, None), False, BEATS_BEST),
    (3, Par(3, False, None), False, EQUALS_BEST),
    (3, Par(2, False, None), True, OVER_BEST),
])
def test_the_ending_weighs_the_moves_against_the_par(moves, par, looking, verdict):
    assert played(triangle(), moves).ending(par, looking) == verdict


def test_the_par_of_a_catalogue_problem_is_the_brute_forces_minimum():
    flow, searcher, exact = hinted()
    family = registry.family_of(flow.session.puzzle.id)
    par, catalogued = flow.known_par(family.catalogue_problem)
    assert catalogued and par.proven and par.count == exact[flow.state]
    assert searcher.searches == 0


def test_without_a_catalogue_the_par_is_known_from_an_answer_or_searched():
    flow, searcher, exact = hinted()
    no_catalogue = registry.family_of("slide/3x3").catalogue_problem
    assert flow.known_par(no_catalogue) is None
    par = flow.par_of(flow.par_job()(lambda *a: None, lambda: False))
    assert par.proven and par.count == exact[flow.state]
    flow.ask("hint")                       # an answer about the start: the par is known
    played(flow, 2)
    known, catalogued = flow.known_par(no_catalogue)
    assert not catalogued and known.count == exact[flow.session.start]
    assert flow.par_of(SolveResult(UNSOLVABLE)) is None


def test_a_guessing_game_has_no_par():
    assert triangle().has_par()
    assert not GameFlow(Session(registry.make_puzzle("bulls", {"ruleset": "bulls"}),
                                {"ruleset": "bulls"})).has_par()


def test_a_game_with_no_move_left_is_over():
    flow, _searcher, exact = hinted()
    assert not flow.stuck()               # no move played yet
    while list(flow.session.puzzle.moves(flow.state)):
        assert not flow.stuck()
        flow.play(first_move(flow))
    assert flow.stuck() == (not flow.session.solved)


# ---- Solve's replay, the way back, think-ahead and the review (issue #73 point 1)

def test_a_replayed_solution_is_the_game_at_each_of_its_steps():
    """The replay of a proven solution from the game's position: its states are the moves
    played one by one, the game as it would stand at each step has the game's steps then the
    solution's, and the board points at the next move (none at the end)."""
    flow, searcher, exact = hinted()
    flow.play(first_move(flow))
    flow.ask("solve")
    _kind, state, result = searcher.answers[-1]
    replay = flow.open_replay(state, result.moves)
    assert flow.replay is replay and replay.length == len(result.moves) == exact[state]
    puzzle = flow.session.puzzle
    for step in range(replay.length + 1):
        shown = flow.replayed_session(step)
        assert shown.state == replay.states[step]
        assert shown.steps == flow.session.steps + [jump for m in result.moves[:step]
                                                    for jump in puzzle.split(m)]
        assert replay.next_move(step) == (result.moves[step] if step < replay.length else None)
    assert puzzle.is_solved(replay.states[-1])
    assert flow.session.state == state  # the game itself is untouched
    flow.close_replay()
    assert flow.replay is None


def test_play_from_a_step_hands_back_the_moves_a_jump_at_a_time():
    """"Play from here" at step k: the solution's first k moves become the player's, each
    chain a jump at a time (so Undo takes back one jump); played through the flow they reach
    the replay's position at k, and the replay closes."""
    flow = GameFlow(Session(registry.make_puzzle("pegs/english", {}), {}))
    puzzle = flow.session.puzzle
    solution = puzzle.solve(flow.state).moves
    chained = next(k for k, m in enumerate(solution) if len(puzzle.split(m)) > 1)
    replay = flow.open_replay(flow.state, solution)
    pops, plays = flow.replay_handback(chained + 1)
    assert flow.replay is None and pops == 0
    assert len(plays) == sum(len(puzzle.split(m)) for m in solution[:chained + 1])
    for move in plays:
        flow.play(move)
    assert flow.state == replay.states[chained + 1]
    assert len(flow.history) == len(plays)


def test_the_shortest_solution_from_the_start_hands_back_after_taking_the_game_back():
    flow, _searcher, _exact = hinted()
    for _ in range(2):
        flow.play(first_move(flow))
    solution = flow.session.puzzle.solve(flow.session.start).moves
    flow.open_replay(flow.session.start, solution, base=[])
    pops, plays = flow.replay_handback(1)
    assert pops == 2 and plays == flow.session.puzzle.split(solution[0])
    flow.go_back(pops)
    for move in plays:
        flow.play(move)
    assert flow.session.steps == plays


def test_a_replay_from_elsewhere_hands_nothing_back():
    flow, _searcher, _exact = hinted()
    flow.play(first_move(flow))
    flow.open_replay(flow.state, [], base=["not", "this", "game"])
    assert flow.replay_handback(0) is None and flow.replay is None


def dead_end_game(flow, exact):
    """Play first moves until a move leaves the winnable positions, then that move and one
    more if there is one: a game whose last winnable position the brute force knows."""
    puzzle = flow.session.puzzle
    while True:
        losing = [m for m in puzzle.moves(flow.state) if puzzle.apply(flow.state, m) not in exact]
        if losing:
            flow.play(losing[0])
            break
        flow.play(first_move(flow))
    more = list(puzzle.moves(flow.state))
    if more:
        flow.play(more[0])


def test_the_way_back_lands_on_the_last_position_the_brute_force_can_win_from():
    flow, _searcher, exact = hinted()
    dead_end_game(flow, exact)
    states = flow.session.states
    last_good = max(k for k, state in enumerate(states) if state in exact)
    step, undecided = flow.way_back_job(set())(lambda *a: None, lambda: False)
    assert (step, undecided) == (last_good, 0)


def test_the_way_back_skips_the_positions_from_a_proven_dead_end_on():
    """A dead end proven earlier: the walk starts before it, asking nothing after it."""
    flow, _searcher, exact = hinted()
    dead_end_game(flow, exact)
    states = flow.session.states
    first_dead = min(k for k, state in enumerate(states) if state not in exact)
    asked = []
    puzzle = flow.session.puzzle
    real = puzzle.can_reach

    def counting(state, *args, **kwargs):
        asked.append(state)
        return real(state, *args, **kwargs)

    puzzle.can_reach = counting
    step, _undecided = flow.way_back_job({states[first_dead]})(lambda *a: None, lambda: False)
    assert step == first_dead - 1
    assert all(states.index(s) < first_dead for s in asked)


def test_think_ahead_only_for_a_player_who_asked_a_hint_in_a_game_in_play():
    flow, _searcher, exact = hinted()
    flow.play(first_move(flow))
    assert flow.may_think_ahead(hints_asked=True, allowed=True, analysing=False)
    assert not flow.may_think_ahead(hints_asked=False, allowed=True, analysing=False)
    assert not flow.may_think_ahead(hints_asked=True, allowed=False, analysing=False)
    assert not flow.may_think_ahead(hints_asked=True, allowed=True, analysing=True)
    flow.open_replay(flow.state, [])
    assert not flow.may_think_ahead(hints_asked=True, allowed=True, analysing=False)
    flow.close_replay()
    while not flow.session.solved:  # won: nothing left to think about
        flow.play(next(m for m in flow.session.puzzle.moves(flow.state)
                       if flow.session.puzzle.apply(flow.state, m) in exact
                       and exact[flow.session.puzzle.apply(flow.state, m)] < exact[flow.state]))
    assert not flow.may_think_ahead(hints_asked=True, allowed=True, analysing=False)


def test_an_unhashable_position_is_said_and_never_asked_about():
    flow = triangle()

    class Unhashable(list):
        __hash__ = None

    flow.session.states[-1] = Unhashable([1])
    assert isinstance(flow.unhashable(), TypeError)
    assert not flow.may_think_ahead(hints_asked=True, allowed=True, analysing=False)


def test_the_dead_ends_known_are_the_searchers_and_those_given():
    flow, searcher, exact = hinted()
    dead_end_game(flow, exact)
    assert flow.dead_ends() == set() and not flow.known_dead(flow.dead_ends())
    flow.ask("hint")
    assert flow.state in flow.dead_ends() and flow.known_dead(flow.dead_ends())
    earlier = next(s for s in flow.session.states if s not in exact)
    flow.undo()
    assert flow.known_dead({earlier}) == (earlier in flow.session.states)
    assert flow.dead_ends({"analysed"}) >= {"analysed"}


def test_the_analysis_key_tells_a_chain_in_progress_apart():
    """The same position reached with a chain in progress (a jump on costs no move) and
    without has two keys: analysis mode's verdicts differ between them."""
    flow = GameFlow(Session(registry.make_puzzle("pegs/english", {}), {}))
    puzzle = flow.session.puzzle
    line = puzzle.solve(flow.state).moves
    chain = next(m for m in line if len(puzzle.split(m)) > 1)
    for move in line[:line.index(chain)]:
        flow.play(move)
    first_jump = puzzle.split(chain)[0]
    flow.play(first_jump)
    key = flow.analysis_key()
    assert key[0] == flow.problem() and key[1] == flow.state and key[2] == tuple(first_jump)
    assert GameFlow(Session(puzzle, {}, flow.session.start, [])).analysis_key()[2] is None


def test_a_guessing_game_has_no_review():
    assert triangle().reviewable()
    bulls = GameFlow(Session(registry.make_puzzle("bulls", {}), {}))
    assert not bulls.reviewable()
