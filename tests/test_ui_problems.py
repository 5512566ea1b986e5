"""The Problems view (issue #15): a board's catalogue problems with par and the player's best,
opened from the peg window's Game menu; choosing one starts it in that window with its goal hole
marked, and a win recorded in the statistics shows as the player's best with a par mark."""

import re

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from pegapp.core.board import get_board, parse_board
from pegapp.core.stats import Stats
from pegapp.puzzles import catalogue, problem_list
from pegapp.ui import i18n
from pegapp.ui.game_window import GameWindow
from pegapp.ui.views.peg_problems import BEST, FAMILY, IN_PAR, PAR, PROBLEM, ProblemsDialog, game_of
from tests.best_known import wiegleb_best_known  # noqa: F401 - the fixture


@pytest.fixture
def stats(tmp_path):
    s, warning = Stats.open(tmp_path / "statistics.sqlite3")
    assert warning is None
    yield s
    s.close()


def _window(qtbot, tmp_path, puzzle_id, stats=None):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("view/animate", False)
    w = GameWindow(puzzle_id, {}, settings=settings, data_dir=tmp_path / "data", restore=False,
                   stats=stats)
    qtbot.addWidget(w)
    w.show()
    return w


def _cells(dialog, row):
    return [dialog.table.item(row, c).text() for c in range(dialog.table.columnCount())]


def _row_of(dialog, start, finish):
    return next(i for i, p in enumerate(dialog.shown) if (p.start, p.finish) == (start, finish))


def _open_from_menu(window):
    """The player picks Game > Problems…: the action is in the Game menu."""
    action = next(a for a in window.game_menu.actions() if a.text() == "&Problems…")
    action.trigger()
    dialog = window.view.problems_dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


def test_english_lists_the_central_game_first_with_par_18(qtbot):
    board = get_board("english")
    dialog = ProblemsDialog(None, "english", None)
    qtbot.addWidget(dialog)
    dialog.show()
    centre = board.hole_name(16)
    assert _cells(dialog, 0)[:PAR + 1] == [f"{centre} → {centre}", "Central game",
                                           "18"]
    assert _cells(dialog, 0)[BEST] == "—" and _cells(dialog, 0)[IN_PAR] == ""
    counts = catalogue.load(board).counts()
    # possible problems only, by default
    assert dialog.table.rowCount() == counts["proven"] + counts["best_known"] == 21
    assert all(p.possible for p in dialog.shown)
    # the classic families first: central, then complement, then corner finishes
    families = [_cells(dialog, r)[FAMILY] for r in range(dialog.table.rowCount())]
    first_other = next(i for i, f in enumerate(families) if not f)
    assert all(not f for f in families[first_other:])
    assert any("Complement" in f for f in families) and any("Corner finish" in f for f in families)
    # every problem, the impossible ones with the reason in words; they cannot be played
    dialog.show_combo.setCurrentIndex(dialog.show_combo.findData("all"))
    assert dialog.table.rowCount() == counts["problems"] == 151
    row = _row_of(dialog, 0, 1)
    # the list says it is impossible, the tool tip and the details why
    assert _cells(dialog, row)[PAR] == "impossible"
    assert "position class" in dialog.table.item(row, PAR).toolTip()
    dialog.table.selectRow(row)
    assert not dialog.play_button.isEnabled()
    assert "impossible: the finish is in another position class" in dialog.details.text()
    # a family alone
    dialog.family_combo.setCurrentIndex(dialog.family_combo.findData(catalogue.CORNER))
    assert dialog.table.rowCount() > 0
    assert all(catalogue.CORNER in p.tags for p in dialog.shown)


@pytest.mark.usefixtures("wiegleb_best_known")
def test_a_best_known_par_says_so_with_the_gap(qtbot):
    """A par not proven shows the gap between the lower bound and the best known ("16–34")."""
    dialog = ProblemsDialog(None, get_board("wiegleb"), None)
    qtbot.addWidget(dialog)
    row = next(i for i, p in enumerate(dialog.shown) if p.possible and not p.proven_minimal)
    p = dialog.shown[row]
    cells = _cells(dialog, row)
    assert cells[PAR] == f"{p.lower_bound}–{p.par}"
    tip = dialog.table.item(row, PAR).toolTip()
    assert f"fewer than {p.lower_bound} moves" in tip and f"known has {p.par} moves" in tip
    # why it is not proven: the build's search stopped (its budget as the player would set
    # it), not the player's machine, and no solution "given" that the dialog does not show
    first = tip.splitlines()[0]
    assert first.startswith("Par is the best known, not yet proven the fewest")
    assert re.search(r"\((memory budget of \d+ GB exceeded|the next level of the search would "
                     r"need more than the memory budget of \d+ GB)\)", first) and "bytes" not in tip
    assert "given" not in tip
    # the list's introduction says what a range means, on this board (not on English)
    assert "Par gives a range" in dialog.intro.text()
    english = ProblemsDialog(None, get_board("english"), None)
    qtbot.addWidget(english)
    assert "range" not in english.intro.text()


def test_choosing_a_problem_starts_it_in_the_window(qtbot, tmp_path):
    w = _window(qtbot, tmp_path, "pegs/english")
    dialog = _open_from_menu(w)
    row = _row_of(dialog, 8, 8)  # a complement problem other than the central game
    dialog.table.selectRow(row)
    assert "15" == _cells(dialog, row)[PAR]
    dialog.play_button.click()
    qtbot.waitUntil(lambda: w.session.puzzle.start == frozenset({8}))
    assert w.session.params == {"start": [8], "finish": 8}
    assert w.session.puzzle.finish == 8
    board = w.session.puzzle.board
    assert w.session.state == board.full & ~(1 << 8)
    assert w.view.finish == 8  # the goal hole is marked
    assert not dialog.isVisible()


def test_a_win_shows_as_your_best_with_a_par_mark_under_symmetry(qtbot, tmp_path, stats):
    """Play a symmetric image of a diamond13 problem with the catalogue's solution, through the
    window; the problem the catalogue lists shows the win."""
    board = get_board("diamond13")
    cat = catalogue.load(board)
    problem = next(p for p in problem_list.as_shown(cat)
                   if p.possible and p.start != p.finish and catalogue.CORNER in p.tags)
    image = next((perm[problem.start], perm[problem.finish]) for perm in board.symmetries
                 if (perm[problem.start], perm[problem.finish]) != (problem.start, problem.finish))
    w = _window(qtbot, tmp_path, "pegs/diamond13", stats)
    dialog = _open_from_menu(w)
    row = _row_of(dialog, problem.start, problem.finish)
    assert _cells(dialog, row)[BEST:] == ["—", ""]
    dialog.reject()
    w.starts.start_requested_game(*game_of(board, *image))
    assert w.session.puzzle.start == frozenset({image[0]}) and w.session.puzzle.finish == image[1]
    for move in cat.find(*image).solution:
        w.play_moves([list(move)])
    assert w.session.solved and w.session.move_count == problem.par
    dialog = _open_from_menu(w)
    row = _row_of(dialog, problem.start, problem.finish)
    assert _cells(dialog, row)[BEST:] == [str(problem.par), "✓"]
    dialog.table.selectRow(row)
    assert f"Your best: {problem.par} moves" in dialog.details.text()
    assert "Solved in par" in dialog.details.text()
    # the other problems are untouched
    others = [r for r in range(dialog.table.rowCount()) if r != row]
    assert all(_cells(dialog, r)[BEST] == "—" for r in others)
    # in the statistics, the game's own row (its start and finish) holds the win
    variant = w.family.stats_variant("pegs/diamond13", w.session.params)
    row = stats.row("pegs/diamond13", variant)
    assert (row["solved"], row["best_moves"]) == (1, problem.par)
    # and the window told the statistics it was solved in par (the catalogue's par)
    assert row["in_par"] == 1
    # the statistics window shows the count
    w.show_statistics()
    table = w.stats_window.table
    names = [table.item(r, 0).toolTip() for r in range(table.rowCount())]
    r = names.index(f"pegs/diamond13 · {variant}")
    assert table.item(r, 7).text() == "1" and table.item(r, 3).text() == str(problem.par)


def test_a_players_board_travels_whole(qtbot):
    """A player's board with a shipped board's holes and jumps gets that board's problems; the
    chosen game carries the board's text."""
    shipped = get_board("diamond13")
    board = parse_board(shipped.text, source="test", default_id="my-diamond")
    assert board.id == "my-diamond"
    dialog = ProblemsDialog(None, board, None)
    qtbot.addWidget(dialog)
    assert dialog.table.rowCount() > 0
    dialog.table.selectRow(0)
    dialog.play_button.click()
    puzzle_id, params = dialog.chosen()
    assert puzzle_id == "pegs/my-diamond"
    assert params["board_text"] == board.text and params["board"] == "my-diamond"
    assert params["start"] == [dialog.shown[0].start] and params["finish"] == dialog.shown[0].finish


def test_a_players_small_board_gets_its_problems_worked_out_without_waiting(qtbot):
    """Found by an outside trial: a 16-hole board of a player's own (no shipped list has its
    holes and jumps) showed an empty list, though the designer works out every par of a board
    that small. The list is worked out by a worker while the dialog shows (it says so), then
    filled: each par is the brute force's distance, and Play starts the chosen problem."""
    from tests.peg_reference import brute_force_distances

    board = parse_board('lattice = "square"\nlayout = """\noooo\noooo\noooo\noooo\n"""\n'
                        'start = [5]\nfinish = "any"\n', source="test", default_id="square4")
    assert catalogue.load(board) is None
    dialog = ProblemsDialog(None, board, None)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.runner is not None and dialog.table.rowCount() == 0
    assert "Working out" in dialog.intro.text() or "catalogue" in dialog.intro.text()
    qtbot.waitUntil(lambda: dialog.table.rowCount() > 0, timeout=60_000)
    assert "worked out now" in dialog.intro.text()
    assert dialog.problems
    for p in dialog.problems:
        start = board.position_for([p.start])
        distance = brute_force_distances(board, start, 1 << p.finish).get(start)
        assert p.par == distance, p
    dialog.table.selectRow(0)
    dialog.play_button.click()
    assert dialog.chosen()[1]["start"] == [dialog.shown[0].start]


def test_closing_the_dialog_stops_the_work(qtbot):
    board = parse_board('lattice = "square"\nlayout = """\nooooo\nooooo\nooooo\nooooo\n'
                        'ooooo\n"""\nstart = [12]\nfinish = "any"\n', source="test",
                        default_id="square5")
    dialog = ProblemsDialog(None, board, None)
    qtbot.addWidget(dialog)
    dialog.show()
    runner = dialog.runner
    assert runner is not None and runner.busy
    dialog.reject()
    assert not runner.busy     # the worker was told to stop; no list arrives after
    qtbot.wait(200)
    assert dialog.table.rowCount() == 0


@pytest.mark.usefixtures("wiegleb_best_known")
def test_the_dialog_speaks_japanese(qtbot, qapp):
    try:
        assert i18n.install_translator(qapp, "ja") == "ja"
        dialog = ProblemsDialog(None, "wiegleb", None)  # best-known pars, and impossible ones
        qtbot.addWidget(dialog)
        header = [dialog.table.horizontalHeaderItem(c).text()
                  for c in range(dialog.table.columnCount())]
        assert header == ["空ける穴 → 最後のペグ", "種類", "パー", "あなたの最高記録", "パー達成"]
        row, p = next((r, p) for r, p in enumerate(dialog.shown)
                      if p.possible and not p.proven_minimal)
        assert _cells(dialog, row)[PAR] == f"{p.lower_bound}–{p.par}"
        tip = dialog.table.item(row, PAR).toolTip()
        assert f"知られている最善の解は {p.par} 手です。" in tip
        # the solver's reason stands as a sentence of its own, ended as the others are
        assert tip.splitlines()[0].startswith("パーは知られている最善の手数で")
        assert "GB" in tip.splitlines()[0]
        assert dialog.play_button.text() == "遊ぶ(&P)"
        dialog.show_combo.setCurrentIndex(dialog.show_combo.findData("all"))
        impossible = next(r for r, p in enumerate(dialog.shown) if p.possible is False)
        assert _cells(dialog, impossible)[PAR] == "解けない"
        assert "ヴィーグレブ" in dialog.windowTitle()
        # several families are listed with the Japanese separator, not an English comma
        families = [_cells(dialog, r)[FAMILY] for r in range(len(dialog.shown))]
        assert any("、" in f for f in families) and not any(", " in f for f in families)
    finally:
        i18n.install_translator(qapp, "en")
        QApplication.processEvents()


@pytest.mark.usefixtures("wiegleb_best_known")
def test_a_long_account_in_a_small_window_stays_below_the_picture(qtbot, qapp):
    """At the dialog's smallest size a best-known par's account in Japanese (nine lines) is taller
    than the room under the picture: it scrolls there, never drawn over the picture."""
    from PySide6.QtCore import QPoint

    try:
        i18n.install_translator(qapp, "ja")
        dialog = ProblemsDialog(None, "wiegleb", None)
        qtbot.addWidget(dialog)
        dialog.show()
        dialog.resize(dialog.minimumSize())
        row, p = next((r, p) for r, p in enumerate(dialog.shown)
                      if p.possible and not p.proven_minimal)
        dialog.table.selectRow(row)
        qtbot.waitUntil(lambda: f"{p.lower_bound}" in dialog.details.text()
                        and f"{p.par}" in dialog.details.text())
        QApplication.processEvents()
        picture_bottom = dialog.picture.mapTo(dialog, QPoint(0, dialog.picture.height())).y()
        shown = dialog.details.visibleRegion().boundingRect()
        assert not shown.isEmpty()
        assert dialog.details.mapTo(dialog, shown.topLeft()).y() >= picture_bottom
        # and every line can still be read: scrolled to, if not in view
        assert dialog.details.height() >= dialog.details.heightForWidth(dialog.details.width())
    finally:
        i18n.install_translator(qapp, "en")
        QApplication.processEvents()


def test_a_board_without_a_problem_list_says_so(qtbot):
    """A player's board beyond 25 holes: no list ships, and none is worked out here."""
    board = parse_board('name = "Strip"\nlattice = "square"\nlayout = """\n' + "oooooo\n" * 5
                        + '"""\nstart = [2]\nfinish = 7\n', source="test", default_id="strip")
    dialog = ProblemsDialog(None, board, None)
    qtbot.addWidget(dialog)
    assert dialog.table.rowCount() == 0
    assert dialog.intro.text() == "No problem list comes with this board."
    assert not dialog.play_button.isEnabled()
    dialog.play_button.click()
    assert dialog.chosen() is None


def test_a_refused_problem_list_is_explained(qtbot, monkeypatch):
    from pegapp.core.messages import msg

    def refuse(board):
        raise catalogue.CatalogueError(msg("checksum mismatch"))

    monkeypatch.setattr(catalogue, "load", refuse)
    dialog = ProblemsDialog(None, "english", None)
    qtbot.addWidget(dialog)
    assert dialog.table.rowCount() == 0
    assert dialog.intro.text() == "The problem list cannot be used: checksum mismatch"


def test_a_double_click_chooses_too(qtbot, tmp_path):
    from PySide6.QtCore import Qt

    w = _window(qtbot, tmp_path, "pegs/triangle15")
    dialog = _open_from_menu(w)
    row = next(i for i, p in enumerate(dialog.shown) if catalogue.CORNER in p.tags)
    p = dialog.shown[row]
    dialog.table.scrollToItem(dialog.table.item(row, PROBLEM))
    rect = dialog.table.visualItemRect(dialog.table.item(row, PROBLEM))
    qtbot.mouseClick(dialog.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(dialog.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: w.session.puzzle.start == frozenset({p.start}))
    assert w.session.puzzle.finish == p.finish == w.view.finish


def test_the_keyboard_chooses_and_plays(qtbot):
    from PySide6.QtCore import Qt

    dialog = ProblemsDialog(None, "diamond13", None)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.focusWidget() is dialog.table
    qtbot.keyClick(dialog.table, Qt.Key.Key_Down)
    second = dialog.shown[1]
    assert dialog.selected() == second
    qtbot.keyClick(dialog.table, Qt.Key.Key_Return)
    assert dialog.result() == dialog.DialogCode.Accepted
    assert dialog.chosen() == ("pegs/diamond13", {"start": [second.start],
                                                  "finish": second.finish})


def test_a_problems_first_hint_is_its_proven_line_with_no_search(qtbot, tmp_path, monkeypatch):
    """Issue #20: a problem started from the Problems view gets, as its first hint, the first
    move of the catalogue's minimal solution, marked as the minimum; the solver is never called
    (any call fails the test), and the hint stays proven while the player follows the line."""
    from pegapp.solvers.pegs import solver as peg_solver

    def refuse(*args, **kwargs):
        raise AssertionError("the solver was called")

    monkeypatch.setattr(peg_solver, "solve", refuse)
    w = _window(qtbot, tmp_path, "pegs/english")
    dialog = _open_from_menu(w)
    dialog.table.selectRow(_row_of(dialog, 8, 8))
    dialog.play_button.click()
    qtbot.waitUntil(lambda: w.session.puzzle.start == frozenset({8}))
    line = catalogue.find(get_board("english"), {8}, 8).solution
    for k in range(3):
        answers = []
        w.assistant.answered.connect(lambda kind, state, res, a=answers: a.append(res))
        w.panel.hint_button.click()
        qtbot.waitUntil(lambda a=answers: bool(a), timeout=10000)
        qtbot.waitUntil(lambda: not w.assistant.busy, timeout=10000)
        result = answers[-1]
        assert result.proven_minimal and list(result.moves[0]) == list(line[k])
        assert len(result.moves) == 15 - k
        assert "remain at best" in w.panel.hint_label.text()
        w.play_moves([list(line[k])])


def test_a_problems_families_read_as_one_list(qtbot):
    """Found by an outside trial: "Complement, The board's own": a list's later items are not
    capitalised; a lone family still is."""
    import types

    from pegapp.puzzles.catalogue import COMPLEMENT, DEFAULT

    dialog = ProblemsDialog(None, "english", None)
    qtbot.addWidget(dialog)
    both = types.SimpleNamespace(tags=[COMPLEMENT, DEFAULT])
    assert dialog.family_text(both) == "Complement, the board's own"
    assert dialog.family_text(types.SimpleNamespace(tags=[DEFAULT])) == "The board's own"


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_heading_reads_whole_at_the_smallest_size(qtbot, qapp, language):
    """At the dialog's smallest size every column's heading (the par's too) is whole and in
    sight, with no sideways scrolling, whichever problems are shown; the list was narrower than
    its columns, so the par's heading was cut in Japanese and Your best and In par were out of
    sight in English."""
    try:
        i18n.install_translator(qapp, language)
        for board in ("english", "wiegleb"):
            dialog = ProblemsDialog(None, board, None)
            qtbot.addWidget(dialog)
            dialog.show()
            for show in ("possible", "all"):
                dialog.show_combo.setCurrentIndex(dialog.show_combo.findData(show))
                dialog.resize(dialog.minimumSize())
                QApplication.processEvents()
                header = dialog.table.horizontalHeader()
                width = dialog.table.viewport().width()
                for c in (PROBLEM, FAMILY, PAR, BEST, IN_PAR):
                    left = header.sectionViewportPosition(c)
                    assert 0 <= left and left + header.sectionSize(c) <= width, (board, show, c)
                    assert header.sectionSize(c) >= header.sectionSizeHint(c), (board, show, c)
    finally:
        i18n.install_translator(qapp, "en")
        QApplication.processEvents()


def test_at_the_smallest_size_the_list_never_runs_over_the_picture(qtbot):
    """Found in a screenshot of Wiegleb's problems (2026-11-28, ab7e9b6): with every problem shown, a
    par of "impossible" widened its column, the list's minimum grew, but the dialog's minimum
    kept the last fill's, so at the smallest size the list ran some 30 pixels over the picture
    and its text."""
    dialog = ProblemsDialog(None, get_board("wiegleb"), None)
    qtbot.addWidget(dialog)
    dialog.show_combo.setCurrentIndex(dialog.show_combo.findData("all"))
    dialog.family_combo.setCurrentIndex(dialog.family_combo.findData(catalogue.COMPLEMENT))
    assert any(p.possible is False for p in dialog.shown)
    dialog.show()
    dialog.resize(1, 1)
    qtbot.waitUntil(lambda: dialog.width() == dialog.minimumWidth())
    splitter = dialog.table.parentWidget()
    assert splitter.width() >= splitter.minimumSizeHint().width()
    assert dialog.table.width() >= dialog.table.minimumWidth()


@pytest.mark.usefixtures("wiegleb_best_known")
def test_the_game_panel_says_the_par_of_a_catalogue_problem(open_window):
    """Found by an outside trial: a problem chosen in the Problems view ("22–23") was started
    with no par in the panel. The panel says it from the catalogue: proven, or its range."""
    from pegapp.puzzles import catalogue

    w = open_window("pegs/english")
    assert w.panel.goal_label.text().endswith("Par: 18 moves.")
    board = get_board("wiegleb")
    problem = next(p for p in catalogue.load(board).problems
                   if p.possible and not p.proven_minimal)
    w.new_game("pegs/wiegleb", {"start": [problem.start], "finish": problem.finish})
    said = w.panel.goal_label.text()
    assert f"Par: {problem.lower_bound}–{problem.par} moves (not yet proven)." in said
    w.new_game("pegs/wiegleb", {"start": [problem.start], "finish": "any"})
    assert "Par" not in w.panel.goal_label.text()


def test_the_old_par_leaves_the_goal_line_while_a_new_start_is_chosen(open_window):
    """Found by a new player: Choose start kept "Par: 18 moves." of the game being replaced."""
    w = open_window("pegs/english")
    assert "Par: 18 moves." in w.panel.goal_label.text()
    w.view.start_action.trigger()
    assert w.view.choosing_start and "Par" not in w.panel.goal_label.text()
    w.view.start_action.trigger()  # given up: the game's goal and par again
    assert w.panel.goal_label.text().endswith("Par: 18 moves.")
