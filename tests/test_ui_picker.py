"""The game picker (New game…): headings, every preset once, the player's own boards (a broken
file shown with its error), Problems… for a peg board, the search field and the arrow keys."""

import json
from collections import Counter

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDialog

from pegapp.core.board import shipped_board_ids
from pegapp.core.player_boards import board_path
from pegapp.puzzles import registry
from pegapp.ui.game_window import GameWindow
from pegapp.core.board import get_board
from pegapp.ui.picker import (BOARD, LEVEL, LEVEL_WORD, OTHER, PEGS, PLUGINS, SLIDING, SUMMARY,
                              YOURS, GamePicker, first_sentence)

TINY = 'name = "My line"\nlayout = """\nooo.\n"""\nstart = [2]\nfinish = "any"\n'


def picker_for(qtbot, data_dir=None, current=None) -> GamePicker:
    picker = GamePicker(None, current, data_dir=data_dir)
    qtbot.addWidget(picker)
    picker.show()
    qtbot.waitExposed(picker)
    return picker


def families_in(picker: GamePicker, group: str) -> set[str]:
    tiles = picker.lists[group]
    return {tiles.item(i).data(Qt.ItemDataRole.UserRole)[0] for i in range(tiles.count())}


def item_named(picker: GamePicker, text: str):
    (item,) = [i for i in picker.items() if i.text() == text]
    return item


#: plug-ins installed beside PegApp (the examples of tests/plugins, when installed)
INSTALLED_PLUGINS = {k for k in registry.families()} - {k for k, _ in registry.own_entry_points()}


def test_the_families_stand_under_their_headings(qtbot, tmp_path):
    picker = picker_for(qtbot, tmp_path)
    plugins = [PLUGINS] if INSTALLED_PLUGINS else []   # the heading only with a plug-in
    assert list(picker.lists) == [PEGS, SLIDING, OTHER, *plugins, YOURS]
    assert families_in(picker, PEGS) == {"pegs"}
    assert families_in(picker, SLIDING) == {"slide", "rotate"}
    assert families_in(picker, OTHER) == {"flip8", "oshidori", "jugs", "bulls"}
    assert [picker.headings[g].text() for g in picker.lists if g != PLUGINS] == [
        "Peg solitaire", "Sliding puzzles", "Other puzzles", "Your boards"]
    assert all(picker.headings[g].isVisible() for g in picker.lists)
    # no board of the player's yet: the heading says where they come from
    assert picker.empty_note.isVisible() and str(tmp_path / "boards") in picker.empty_note.text()


def test_a_jugs_tile_is_rated_by_its_search_and_says_why(qtbot, tmp_path):
    """Found by an outside trial: 8 and 5 L (10 moves) read Easy beside 12, 8 and 5 L (6 moves)
    Hard, rated by the jugs alone and with the rules as the only line under it. Now the level
    counts the positions a search goes through before the goal (20 and 113), and the line says
    the two figures behind it: the fewest moves and the choices a move."""
    picker = picker_for(qtbot, tmp_path)
    two = item_named(picker, "8 L and 5 L: measure 4 L")
    three = item_named(picker, "12, 8 and 5 L: measure 6 L")
    assert (two.data(LEVEL), two.data(LEVEL_WORD)) == (2, "Medium")
    assert (three.data(LEVEL), three.data(LEVEL_WORD)) == (3, "Hard")
    assert two.data(SUMMARY) == "10 moves at best · about 4 choices a move"
    assert three.data(SUMMARY) == "6 moves at best · about 7 choices a move"


def test_a_plug_in_family_stands_under_its_own_heading(qtbot, tmp_path, hanoi_on_path):
    picker = picker_for(qtbot, tmp_path)
    assert list(picker.lists) == [PEGS, SLIDING, OTHER, PLUGINS, YOURS]
    assert families_in(picker, PLUGINS) == {"hanoi", *INSTALLED_PLUGINS}
    assert picker.headings[PLUGINS].text() == "Added puzzles (plug-ins)"
    tiles = picker.lists[PLUGINS]
    levels = [tiles.item(i).data(LEVEL) for i in range(tiles.count())
              if tiles.item(i).data(Qt.ItemDataRole.UserRole)[0] == "hanoi"]
    assert levels == sorted(levels) and levels[0] == 1  # more discs, harder
    assert all(tiles.item(i).data(SUMMARY) for i in range(tiles.count()))


def test_every_shipped_preset_appears_once_with_a_summary_and_a_difficulty(qtbot, tmp_path):
    picker = picker_for(qtbot, tmp_path)
    shown = Counter((c[1], json.dumps(c[2], sort_keys=True))
                    for c in (i.data(Qt.ItemDataRole.UserRole) for i in picker.items()))
    presets = Counter((p.puzzle_id, json.dumps(p.params, sort_keys=True))
                      for f in registry.families().values() for p in f.presets)
    assert shown == presets and set(presets.values()) == {1}
    assert picker.lists[PEGS].count() == len(shipped_board_ids())
    for item in picker.items():
        assert item.data(SUMMARY) and 1 <= item.data(LEVEL) <= 4, item.text()
        assert not item.icon().isNull()
    # derived from the data: English 33 has 32 pegs and the catalogue's par 18, harder than
    # the 13-hole diamond; the 4×4 15-puzzle is harder than the 8-puzzle
    english = item_named(picker, "English 33")
    assert english.data(SUMMARY) == "32 pegs · par 18"
    assert english.data(LEVEL) > item_named(picker, "13-hole diamond").data(LEVEL)
    assert item_named(picker, "15-puzzle").data(LEVEL) > item_named(picker, "8-puzzle").data(LEVEL)
    assert item_named(picker, "8-flip 4×4").data(SUMMARY) == first_sentence(
        registry.family_of("flip8").rules)


def test_the_thumbnails_are_the_puzzle_not_the_empty_table(qtbot, tmp_path):
    """The jugs' picture is drawn for its size and the stone pairs' is cut to the stones: in
    neither is the table's colour most of the picture."""
    picker = picker_for(qtbot, tmp_path)
    for name in ("8 L and 5 L: measure 4 L", "Stone pairs, 3 kinds"):
        image = item_named(picker, name).icon().pixmap(112).toImage()
        table = image.pixel(0, 0)
        step = 4
        same = sum(image.pixel(x, y) == table for x in range(0, image.width(), step)
                   for y in range(0, image.height(), step))
        total = len(range(0, image.width(), step)) * len(range(0, image.height(), step))
        assert same < 0.7 * total, name


def test_your_boards_lists_a_board_file_and_choosing_it_starts_it(qtbot, tmp_path):
    data = tmp_path / "data"
    path = board_path(data, "my-line")
    path.parent.mkdir(parents=True)
    path.write_text(TINY, encoding="utf-8")
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = GameWindow("pegs/english", {}, settings=settings, data_dir=data, restore=False)
    qtbot.addWidget(window)
    window.show()
    window.panel.new_button.click()
    picker = window.starts.picker
    tiles = picker.lists[YOURS]
    assert tiles.isVisible() and picker.headings[YOURS].isVisible()
    assert not picker.empty_note.isVisible()
    assert [tiles.item(i).text() for i in range(tiles.count())] == ["My line"]
    item = tiles.item(0)
    assert item.data(BOARD).id == "my-line" and item.data(SUMMARY) == "2 pegs"
    centre = tiles.visualItemRect(item).center()
    qtbot.mouseClick(tiles.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    assert picker.chosen()[1] == "pegs/my-line"  # one selection: English 33's is gone
    qtbot.mouseDClick(tiles.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    assert picker.result() == QDialog.DialogCode.Accepted
    board = window.session.puzzle.board
    assert board.id == "my-line" and board.text == TINY


def test_a_board_of_the_players_that_cannot_be_solved_is_not_rated(qtbot, tmp_path):
    # French 37's layout, centre to centre: the finish is in another position class
    folder = tmp_path / "boards"
    folder.mkdir()
    text = get_board("french").text.replace("French 37", "My French")
    assert "start = [5]" in text and "finish = 31" in text
    (folder / "mine.toml").write_text(
        text.replace("start = [5]", "start = [18]").replace("finish = 31", "finish = 18"),
        encoding="utf-8")
    (folder / "fine.toml").write_text(TINY, encoding="utf-8")
    picker = picker_for(qtbot, tmp_path)
    mine = item_named(picker, "My French")
    assert mine.data(LEVEL) == 0  # no rating for a board no play solves
    assert mine.data(SUMMARY) == "36 pegs · cannot be solved (position classes)"
    assert item_named(picker, "My line").data(LEVEL) == 1


LINE = ('name = "Lost line"\nholes = [[0,0],[1,0],[2,0],[3,0],[4,0]]\n'
        'jumps = [[0,1,2],[1,2,3],[2,3,4]]\nstart = [1]\nfinish = "any"\n')


def test_a_board_the_classes_let_pass_but_no_play_wins_loses_its_rating(qtbot, tmp_path):
    """Found by an outside trial: a 5-hole line whose start no play wins was rated Easy (the
    position classes let it pass). A worker decides each such board while New game is open;
    the brute force of tests/peg_reference agrees, and a board that can be won keeps its
    rating."""
    from pegapp.core.board import parse_board
    from tests.peg_reference import reachable

    folder = tmp_path / "boards"
    folder.mkdir()
    (folder / "lost.toml").write_text(LINE, encoding="utf-8")
    (folder / "fine.toml").write_text(TINY, encoding="utf-8")
    lost = parse_board(LINE)
    after = reachable(lost, lost.start_position)
    assert not any(bin(q).count("1") == 1 for q in after)     # no play wins it
    picker = picker_for(qtbot, tmp_path)
    qtbot.waitUntil(lambda: picker.runner is not None and not picker.runner.busy,
                    timeout=60000)
    line = item_named(picker, "Lost line")
    assert line.data(LEVEL_WORD) == "" and line.data(LEVEL) == 0
    assert line.data(SUMMARY) == "4 pegs · cannot be solved"
    assert item_named(picker, "My line").data(LEVEL_WORD) == "Easy"


def test_a_broken_board_file_is_shown_greyed_with_its_error(qtbot, tmp_path):
    folder = tmp_path / "boards"
    folder.mkdir()
    (folder / "broken.toml").write_text('name = "Broken"\nlayout = 3\n', encoding="utf-8")
    (folder / "fine.toml").write_text(TINY, encoding="utf-8")
    picker = picker_for(qtbot, tmp_path)
    broken = item_named(picker, "broken.toml")
    assert "broken.toml" in broken.toolTip() and "layout" in broken.toolTip()
    assert broken.data(SUMMARY).startswith("Cannot be opened: ")
    assert str(folder) not in broken.data(SUMMARY)  # the tile names the file already
    picker._select(broken)
    assert picker.chosen() is None and not picker.ok_button.isEnabled()
    assert "layout" in picker.details.text()
    picker._select(item_named(picker, "My line"))
    assert picker.ok_button.isEnabled() and picker.chosen()[1] == "pegs/fine"


def test_the_arrow_keys_walk_every_heading_and_enter_starts(qtbot, tmp_path):
    picker = picker_for(qtbot, tmp_path, current="pegs/wiegleb")  # alone on the pegs' last row
    pegs = picker.lists[PEGS]
    pegs.setFocus()
    assert picker.chosen()[1] == "pegs/wiegleb"
    qtbot.keyClick(pegs, Qt.Key.Key_Down)  # to the sliding puzzles' first row, same column
    assert picker.chosen()[1] == "slide/2x5" and picker.focusWidget() is picker.lists[SLIDING]
    qtbot.keyClick(picker.lists[SLIDING], Qt.Key.Key_Right)
    assert picker.chosen()[1] == "slide/3x3"
    qtbot.keyClick(picker.lists[SLIDING], Qt.Key.Key_Up)  # back up into the peg boards
    assert picker.chosen()[0] == "pegs" and picker.focusWidget() is pegs
    qtbot.keyClick(pegs, Qt.Key.Key_Left)
    before = picker.chosen()
    qtbot.keyClick(pegs, Qt.Key.Key_Return)
    assert picker.result() == QDialog.DialogCode.Accepted and picker.chosen() == before


def test_the_search_field_filters_and_enter_starts_the_first_match(qtbot, tmp_path):
    picker = picker_for(qtbot, tmp_path)
    qtbot.keyClicks(picker.search, "stone pairs 5")
    shown = [i.text() for i in picker.items() if not i.isHidden()]
    assert shown == ["Stone pairs, 5 kinds"]
    assert not picker.lists[PEGS].isVisible() and not picker.headings[PEGS].isVisible()
    assert picker.chosen()[1] == "oshidori/k5"
    qtbot.keyClick(picker.search, Qt.Key.Key_Return)
    assert picker.result() == QDialog.DialogCode.Accepted and picker.chosen()[1] == "oshidori/k5"


def test_the_picker_speaks_japanese(qtbot, tmp_path):
    from pegapp.ui.i18n import install_translator, remove_translators
    from PySide6.QtWidgets import QApplication

    install_translator(QApplication.instance(), "ja")
    try:
        picker = picker_for(qtbot, tmp_path)
        assert picker.headings[PEGS].text() == "ペグ・ソリテア"
        assert picker.headings[YOURS].text() == "あなたの盤"
        english = item_named(picker, "33穴英国盤")
        assert english.data(SUMMARY) == "ペグ 32 本 · パー 18"
    finally:
        remove_translators(QApplication.instance())


def test_problems_opens_the_boards_problems_and_starts_the_one_chosen(qtbot, tmp_path):
    from pegapp.ui.views.peg_problems import ProblemsDialog

    picker = picker_for(qtbot, tmp_path, current="pegs/english")
    assert picker.problems_button.isVisible() and picker.problems_button.isEnabled()
    picker.problems_button.click()
    dialog = picker.problems_dialog
    assert isinstance(dialog, ProblemsDialog) and dialog.isVisible()
    assert dialog.board.id == "english"
    row = next(r for r, p in enumerate(dialog.shown) if p.possible)
    dialog.table.selectRow(row)
    problem = dialog.shown[row]
    dialog.play_button.click()
    assert picker.result() == QDialog.DialogCode.Accepted
    family, puzzle_id, params = picker.chosen()
    assert (family, puzzle_id) == ("pegs", "pegs/english")
    assert params["start"] == [problem.start] and params["finish"] == problem.finish
    # a sliding puzzle has no problems: the button is off
    picker.choose("slide/3x3")
    assert not picker.problems_button.isEnabled()


def test_a_problem_chosen_from_the_picker_starts_in_the_window(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = GameWindow("slide/3x3", {"shuffle": 1}, settings=settings, data_dir=tmp_path / "d",
                        restore=False)
    qtbot.addWidget(window)
    window.show()
    window.panel.new_button.click()
    picker = window.starts.picker
    picker.choose("pegs/diamond13")
    picker.problems_button.click()
    dialog = picker.problems_dialog
    row = next(r for r, p in enumerate(dialog.shown) if p.possible and p.start != 6)
    dialog.table.selectRow(row)
    problem = dialog.shown[row]
    dialog.play_button.click()
    (pegs_window,) = window.windows  # another family: its own window
    qtbot.addWidget(pegs_window)
    puzzle = pegs_window.session.puzzle
    assert puzzle.board.id == "diamond13" and puzzle.finish == problem.finish
    assert pegs_window.session.state == puzzle.board.position_for([problem.start])


def test_without_a_data_folder_there_is_no_your_boards_heading(qtbot):
    picker = picker_for(qtbot)
    assert YOURS not in picker.lists and not picker.empty_note.isVisible()


def test_a_long_name_wraps_before_its_parenthesis_not_inside_it(qtbot, tmp_path):
    """A tile's name too long for one line wraps before its parenthesis ("数当て" over
    "(ヒット・アンド・ブロー)"), at every width the parenthesis fits on the second line; it left
    "ー)" alone on the second line when the first line took all it could hold."""
    from pegapp.ui.i18n import install_translator, remove_translators
    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import QApplication

    install_translator(QApplication.instance(), "ja")
    try:
        picker = picker_for(qtbot, tmp_path)
        name = item_named(picker, "数当て (ヒット・アンド・ブロー)").text()
        delegate = picker.delegate
        fm = QFontMetrics(delegate.name_font)
        aside = fm.horizontalAdvance("(ヒット・アンド・ブロー)") + 2  # rounded, so with a margin
        for width in range(aside, fm.horizontalAdvance(name)):
            assert delegate._two_lines(name, delegate.name_font, width) == \
                "数当て\n(ヒット・アンド・ブロー)", width
        # narrower than the parenthesis: no line starts with ー or )
        for width in range(aside // 2, aside):
            second = delegate._two_lines(name, delegate.name_font, width).split("\n")[1]
            assert second[:1] not in "ー)・", (width, second)
    finally:
        remove_translators(QApplication.instance())


def test_the_search_finds_3x3_in_a_name_with_the_multiplication_sign(qtbot, tmp_path):
    """Found by a new player: "3x3" found nothing (the names say 3×3), and said nothing."""
    picker = picker_for(qtbot, tmp_path)
    qtbot.keyClicks(picker.search, "8-flip 6x6")
    assert [i.text() for i in picker.items() if not i.isHidden()] == ["8-flip 6×6"]
    assert not picker.no_match.isVisible()


def test_a_search_that_finds_nothing_says_so(qtbot, tmp_path):
    picker = picker_for(qtbot, tmp_path)
    qtbot.keyClicks(picker.search, "zzz")
    assert not any(not i.isHidden() for i in picker.items())
    assert picker.no_match.isVisible() and "zzz" in picker.no_match.text()
    picker.search.clear()
    assert not picker.no_match.isVisible()


def test_enter_after_a_search_starts_the_first_match_shown(qtbot, tmp_path):
    """Issue #76: with Wiegleb selected, "cross" + Enter started Wiegleb (still among the
    matches) instead of the first match the player saw."""
    picker = picker_for(qtbot, tmp_path, current="pegs/wiegleb")
    assert picker.chosen()[1] == "pegs/wiegleb"
    qtbot.keyClicks(picker.search, "cross")
    shown = [i for i in picker.items() if not i.isHidden()]
    assert len(shown) > 1 and shown[0].data(Qt.ItemDataRole.UserRole)[1] != "pegs/wiegleb"
    assert "pegs/wiegleb" in [i.data(Qt.ItemDataRole.UserRole)[1] for i in shown]
    qtbot.keyClick(picker.search, Qt.Key.Key_Return)
    assert picker.result() == QDialog.DialogCode.Accepted
    assert picker.chosen() == shown[0].data(Qt.ItemDataRole.UserRole)


@pytest.mark.parametrize("language", ["ja", "en"])
def test_a_family_name_finds_its_puzzles_in_every_language(qtbot, tmp_path, language):
    """Issue #76: in Japanese, 水差し (the water jugs' name in Statistics) found nothing: the
    tiles are named after their problem. A family's name, in either language, finds them."""
    from PySide6.QtWidgets import QApplication

    from pegapp.ui.i18n import install_translator, remove_translators

    if language == "ja":
        install_translator(QApplication.instance(), "ja")
    try:
        for words in ("水差し", "water jugs"):
            picker = picker_for(qtbot, tmp_path)
            picker.search.setText(words)   # as typed (QTest types ASCII only)
            found = {i.data(Qt.ItemDataRole.UserRole)[0] for i in picker.items() if not i.isHidden()}
            assert found == {"jugs"}, (words, found)
            assert picker.chosen()[0] == "jugs"
            picker.close()
    finally:
        remove_translators(QApplication.instance())
