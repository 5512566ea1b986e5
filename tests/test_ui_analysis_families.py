"""Analysis mode (#14) in the 8-flip, stone pairs, water jugs and bulls-and-cows windows: the view
draws the worker's verdicts (checked against this file's own searches), and the marks change after
a move; the hint line says what the numbers are."""

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QLabel

from pegapp.puzzles import registry
from pegapp.puzzles.analysis import GUESSES, MINIMUM
from pegapp.solvers.guessing import _bulls as engine
from pegapp.ui.views import view_class
from tests.peg_reference import chains
from tests.test_analysis_families import (flip_distances, jug_distance, oshidori_distances,
                                          plain_outlook)


def wait_final(qtbot, w):
    qtbot.waitUntil(lambda: w.view.annotations is not None and w.view.annotations.final,
                    timeout=60000)
    return w.view.annotations


def image(widget) -> QImage:
    return widget.grab().toImage()


def analysis_on_marks_and_changes(qtbot, w, check, move_of):
    """Analysis off: the view as drawn; on: the verdicts arrive, pass `check`, and change the
    picture; after a move, new verdicts that pass `check` too, and another picture."""
    plain = image(w.view)
    w.analysis_action.setChecked(True)
    first = wait_final(qtbot, w)
    check(w, first)
    marked = image(w.view)
    assert marked != plain  # the badges are drawn
    before = w.session.state
    w.play_moves([move_of(first)])
    qtbot.waitUntil(lambda: w.session.state != before)
    second = wait_final(qtbot, w)
    assert second is not first
    check(w, second)
    assert image(w.view) != marked
    return first, second


def check_minimum(dist_of):
    def check(w, ann):
        puzzle, state = w.session.puzzle, w.session.state
        for v in ann.verdicts:
            d = dist_of(puzzle, puzzle.apply(state, v.move))
            assert (v.kind, v.remaining) == ((MINIMUM, d) if d is not None else ("dead", None))
        assert "moves away" in w.panel.hint_label.text()
    return check


def test_flip8_buttons_marked(qtbot, open_window):
    dist = flip_distances(4, 4)
    w = open_window("flip8/4x4")  # all lights on: six presses from the goal
    assert dist[w.session.state] >= 3
    analysis_on_marks_and_changes(
        qtbot, w, check_minimum(lambda _p, s: dist.get(s)),
        lambda ann: ann.best[0].move)
    assert w.view.draws_annotations


def test_stone_pairs_marked(qtbot, open_window):
    w = open_window("oshidori/k3")
    dist = oshidori_distances(tuple(w.session.puzzle.goal))
    analysis_on_marks_and_changes(qtbot, w, check_minimum(lambda _p, s: dist.get(s)),
                                  lambda ann: ann.best[0].move)


def test_jugs_operations_marked_on_buttons_and_jugs(qtbot, open_window):
    w = open_window("jugs", {"capacities": [8, 5, 3], "target": 4})
    caps = (8, 5, 3)
    first, _second = analysis_on_marks_and_changes(
        qtbot, w, check_minimum(lambda _p, s: jug_distance(caps, 4, s)),
        lambda ann: ann.best[0].move)
    # picking a jug shows its pours on the other jugs: the picture changes again
    w.view.picked = 0
    picked = image(w.view)
    w.view.picked = None
    assert picked != image(w.view)


def test_bulls_lists_candidate_guesses_with_worst_and_expected(qtbot, open_window):
    w = open_window("mastermind", {"mode": "player", "secret": "3516"})
    w.play_moves(["1122"])
    view = w.view
    assert not view.analysis_box.isVisible()
    w.analysis_action.setChecked(True)
    ann = wait_final(qtbot, w)
    assert ann.measure == GUESSES
    assert view.analysis_box.isVisible() and view.analysis_list.count() == len(ann.verdicts)
    rules = engine.MASTERMIND
    puzzle = w.session.puzzle
    possible = puzzle.remaining(w.session.state)
    _, fn = engine.strategy_named(rules, puzzle.strategy)
    rows = [view.analysis_list.item(i).text() for i in range(view.analysis_list.count())]
    for v, row in zip(ann.verdicts, rows):
        worst, expected, _ = plain_outlook(rules, fn, possible, v.move)
        assert (v.worst, v.expected) == (worst, pytest.approx(expected))
        assert row.startswith(v.move) and str(worst) in row and f"{expected:.2f}" in row
    # the strategy named by what it minimises (not its key, "optimal", untranslated)
    assert puzzle.strategy == "optimal"
    assert "weighed" in w.panel.hint_label.text() and "(fewest guesses on average)" in \
        w.panel.hint_label.text()
    # the guess being typed is weighed too
    view.guess_edit.setText("6543")  # weighed in the view's own worker
    worst, expected, _ = plain_outlook(rules, fn, possible, "6543")
    qtbot.waitUntil(lambda: f"{expected:.2f}" in view.entered_label.text(), timeout=30000)
    assert f"at most {worst}" in view.entered_label.text()
    # what it costs against the best, summed over the secrets (a figure a trial could not place)
    extra = round((expected - ann.best[0].expected) * len(possible))
    assert f"Over the {len(possible)} secrets still possible, it costs {extra} more guesses" \
        in view.entered_label.text()
    # a row clicked is the guess typed
    view.analysis_list.itemClicked.emit(view.analysis_list.item(0))
    assert view.guess_edit.text() == ann.verdicts[0].move
    # another guess: fewer secrets, other candidates
    view.submit_guess()
    qtbot.waitUntil(lambda: len(w.session.state.guesses) == 2)
    again = wait_final(qtbot, w)
    if not w.session.solved:
        assert again.possible < ann.possible
        assert [view.analysis_list.item(i).text() for i in range(view.analysis_list.count())] \
            != rows


def test_bulls_window_shows_no_empty_moves_box(qtbot, open_window):
    """Issue 13 point 8: the guesses are listed by the view; the panel's Moves list stays hidden
    in both modes, and the analysis box only while analysis mode is on. The view's own list,
    while empty, is a line saying what it will hold."""
    for mode in ("player", "computer"):
        w = open_window("bulls", {"mode": mode, "secret": "6281"} if mode == "player" else
                        {"mode": mode})
        assert not w.panel.move_list.isVisible() and not w.panel.moves_label.isVisible()
        assert not w.view.analysis_box.isVisible()
        lst = w.view.history_list if mode == "player" else w.view.answers_list
        placeholder = w.view.findChild(QLabel, lst.objectName() + "_placeholder")
        assert placeholder.isVisible() and not lst.isVisible()
        assert "listed here" in placeholder.text()
        if mode == "player":
            w.play_moves(["0123"])
        else:
            w.view.submit_answer()
        qtbot.waitUntil(lambda: lst.isVisible())
        assert lst.count() == 1 and not placeholder.isVisible()
        w.undo_stack.undo()
        assert placeholder.isVisible() and lst.count() == 0


def test_every_family_view_marks_its_moves():
    """PegApp's own views do (a plug-in's may not: the window then says so, below)."""
    own = {key for key, _value in registry.own_entry_points()}
    for key, family in registry.families().items():
        if key in own:
            assert view_class(family).draws_annotations, key


def test_a_view_without_marks_says_so(qtbot, open_window):
    """The window's words for a view that draws no marks (kept for a family to come)."""
    w = open_window("flip8/3x3")
    w.play_moves([4])
    w.view.draws_annotations = False
    w.analysis_action.setChecked(True)
    wait_final(qtbot, w)
    assert "does not mark" in w.panel.hint_label.text()


def test_slide_legend_has_no_dead_end_but_pegs_do(qtbot, open_window):
    """Sliding tiles never reach a dead end: the legend does not mention one; a peg position
    with a dead-end move does."""
    w = open_window("slide/2x3", {"shuffle": 5})
    w.analysis_action.setChecked(True)
    wait_final(qtbot, w)
    assert "✕" not in w.panel.hint_label.text()
    p = open_window("pegs/diamond13")
    p.analysis_action.setChecked(True)
    ann = wait_final(qtbot, p)
    if any(v.kind == "dead" for v in ann.verdicts):
        assert "✕" in p.panel.hint_label.text()
    # a chain in progress: the legend says a continuation is free
    p = open_window("pegs/triangle15")
    p.analysis_action.setChecked(True)
    line = line_to_a_chain(p.session.puzzle.board, p.session.state)
    p.play_moves(line)
    again = wait_final(qtbot, p)
    assert any(v.continues for v in again.verdicts)
    assert "costs no move" in p.panel.hint_label.text()


def line_to_a_chain(board, pos, line=()):
    """Moves from pos to the first jump of a chain of two jumps or more (depth first)."""
    for path, q in chains(board, pos):
        if len(path) > 2:
            return [*line, path[:2]]
    for path, q in chains(board, pos):
        found = line_to_a_chain(board, q, (*line, path))
        if found:
            return found
    return None


@pytest.mark.parametrize("size", ["minimum", (1600, 1000)])
def test_each_jug_buttons_badge_stands_right_of_its_own_button(qtbot, open_window, size):
    """Found by an outside trial: Fill's badge stood left of Fill and Empty's right of Empty, so
    at a large size jug 3's Fill badge stood between jug 2's Empty and jug 3's Fill, and at the
    smallest size badges covered the buttons' words. Each badge now stands right of its own
    button, clear of every button, in its jug's slot."""
    from PySide6.QtCore import QRectF

    w = open_window("jugs", {"capacities": [12, 8, 5], "target": 6})
    w.play_moves([("fill", 0)])
    if size == "minimum":
        w.resize(w.minimumSizeHint())
    else:
        w.resize(*size)
    qtbot.wait(20)
    view = w.view
    lay = view.compute_layout()
    radius = view.badge_radius(lay)
    n = len(view.puzzle.capacities)
    slot = (view.width() - 2 * view.MARGIN) / n
    buttons = [QRectF(r) for r in lay.fill + lay.empty]
    for i in range(n):
        for kind, rect in (("fill", lay.fill[i]), ("empty", lay.empty[i])):
            at = view.button_badge_centre(lay, i, kind, radius)
            badge = QRectF(at.x() - radius, at.y() - radius, 2 * radius, 2 * radius)
            assert at.x() > rect.right() and abs(at.y() - rect.center().y()) < 1
            assert not any(badge.intersects(b) for b in buttons), (kind, i)
            assert view.MARGIN + slot * i <= badge.left() and badge.right() <= \
                view.MARGIN + slot * (i + 1) + 1
