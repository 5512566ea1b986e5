"""Desktop behaviour across windows: opening and closing puzzle windows, replays versus history,
continuing a puzzle, asking before a game is abandoned, what counts as the player's solve."""

import json

import pytest
import shiboken6
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMenu, QMessageBox

from pegapp.core.board import get_board, parse_board
from pegapp.ui.game_window import GameWindow
from tests.peg_window import game, jump, peg_stats_id

def BullsWindow(settings=None, data_dir=None, secret=None, mode="player", ruleset="bulls"):
    """The bulls game in the one game window, seen through its view (as tests/test_ui_bulls)."""
    from tests.test_ui_bulls import Window

    params = {"mode": mode} if secret is None else {"mode": mode, "secret": secret}
    return Window(GameWindow(ruleset, params, settings=settings, data_dir=data_dir, restore=False))



@pytest.fixture
def settings(tmp_path):
    s = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    s.setValue("view/animate", False)
    return s


@pytest.fixture
def main(qtbot, tmp_path, settings):
    w = GameWindow(settings=settings, data_dir=tmp_path / "data", restore=False)
    qtbot.addWidget(w)
    w.show()
    return w


def puzzle(qtbot, tmp_path, settings, puzzle_id, params=None, restore=False):
    w = GameWindow(puzzle_id, params or {}, settings=settings, data_dir=tmp_path / "data",
                     restore=restore)
    qtbot.addWidget(w)
    w.show()
    return w


def wait_idle(qtbot, w):
    qtbot.waitUntil(lambda: not w.assistant.busy, timeout=60000)


def answer_questions(monkeypatch, answer):
    asked = []

    def question(*args, **kwargs):
        asked.append(args[1])
        return getattr(QMessageBox.StandardButton, answer)

    monkeypatch.setattr(QMessageBox, "question", question)
    return asked


def test_new_game_opens_puzzles_after_one_was_closed(qtbot, main):
    main.starts.start_chosen_game(("slide", "slide/3x3", {"shuffle": 1}))
    first = main.windows[-1]
    assert first.isVisible()
    first.close()  # deleted by Qt (WA_DeleteOnClose) once the event loop runs
    qtbot.waitUntil(lambda: not shiboken6.isValid(first))
    main.starts.start_chosen_game(("flip8", "flip8/4x4", {}))
    main.starts.start_chosen_game(("bulls", "mastermind", {"ruleset": "mastermind"}))
    assert [type(w).__name__ for w in main.windows] == ["GameWindow", "GameWindow"]
    assert all(w.isVisible() for w in main.windows)
    assert main.windows[0].session.puzzle.id == "flip8/4x4"


def test_quit_closes_every_window(qtbot, main):
    main.starts.start_chosen_game(("jugs", "jugs", {"capacities": [8, 5], "target": 4}))
    main.starts.start_chosen_game(("bulls", "bulls", {"ruleset": "bulls"}))
    windows = list(main.windows)
    main.quit_action.trigger()
    assert not main.isVisible()
    qtbot.waitUntil(lambda: not any(shiboken6.isValid(w) and w.isVisible() for w in windows))


def test_undo_during_a_replay_closes_it_and_play_from_here_stays_legal(qtbot, main):
    main.new_game("pegs/" + "diamond13", {})
    jump(main, *game(main).board.jump_index[(0, 6)])
    main.panel.solve_button.click()
    qtbot.waitUntil(lambda: main.replaying, timeout=60000)
    main.panel.undo_button.click()
    assert not main.replaying and game(main).jumps == []
    assert main.view.position == game(main).position and main.view.interactive
    # a new solve from here replays a solution of this position, and taking it over is legal
    main.panel.solve_button.click()
    qtbot.waitUntil(lambda: main.replaying, timeout=60000)
    main.panel.replay.last_button.click()
    main.panel.replay.play_here_button.click()
    assert game(main).status.name == "SOLVED" and game(main).move_count == 7


def test_undo_during_a_puzzle_replay_closes_it(qtbot, tmp_path, settings):
    w = puzzle(qtbot, tmp_path, settings, "slide/3x3", {"start": [1, 2, 3, 4, 5, 6, 0, 7, 8]})
    w.play_moves([7])
    w.panel.solve_button.click()
    qtbot.waitUntil(lambda: w.panel.replaying, timeout=60000)
    w.panel.undo_button.click()
    assert not w.panel.replaying and w.session.moves == []
    assert w.view.state == w.session.state


def test_switching_the_bulls_mode_during_a_replay(qtbot, tmp_path, settings):
    settings.setValue("app/confirm_abandon", False)
    w = BullsWindow(settings=settings, data_dir=tmp_path / "data", secret="6281")
    qtbot.addWidget(w.window)
    w.guess_edit.setText("1234")
    w.submit_guess()
    w.panel.solve_button.click()
    qtbot.waitUntil(lambda: w.panel.replaying, timeout=60000)
    w.mode_box.setCurrentIndex(1)
    assert w.mode == "computer" and w.pages.currentIndex() == 1 and not w.panel.replaying
    assert w.question_label.text().endswith(w.game.question())
    assert w.answer_button.isEnabled()


def test_bulls_asks_before_a_new_mode_abandons_guesses(qtbot, tmp_path, settings, monkeypatch):
    w = BullsWindow(settings=settings, data_dir=tmp_path / "data", secret="6281")
    qtbot.addWidget(w.window)
    w.guess_edit.setText("1234")
    w.submit_guess()
    asked = answer_questions(monkeypatch, "No")
    w.mode_box.setCurrentIndex(1)
    assert asked and w.mode == "player" and w.game.guesses == 1
    answer_questions(monkeypatch, "Yes")
    w.rules_box.setCurrentIndex(1)
    assert w.ruleset == "mastermind" and w.game.guesses == 0


def test_an_unfinished_puzzle_is_continued_when_opened_again(qtbot, tmp_path, settings):
    start = {"start": [1, 2, 3, 4, 5, 6, 0, 7, 8]}
    w = puzzle(qtbot, tmp_path, settings, "slide/3x3", start)
    w.play_moves([7])
    w.close()
    again = puzzle(qtbot, tmp_path, settings, "slide/3x3", {"shuffle": 5}, restore=True)
    assert again.session.moves == [7]
    other = puzzle(qtbot, tmp_path, settings, "slide/2x3", {}, restore=True)
    assert other.session.moves == []  # another puzzle keeps its own autosave
    again.play_moves([8])
    assert again.session.solved
    again.close()
    fresh = puzzle(qtbot, tmp_path, settings, "slide/3x3", {"shuffle": 5}, restore=True)
    assert fresh.session.moves == []  # a solved game is not continued


def test_jugs_of_another_setting_start_afresh(qtbot, tmp_path, settings):
    w = puzzle(qtbot, tmp_path, settings, "jugs", {"capacities": [8, 5], "target": 4})
    w.view.fill_buttons[0].click()
    w.close()
    other = puzzle(qtbot, tmp_path, settings, "jugs", {"capacities": [12, 8, 5], "target": 6},
                   restore=True)
    assert other.session.moves == [] and other.session.puzzle.capacities == (12, 8, 5)


def test_shuffle_asks_first_and_only_where_it_shuffles(qtbot, tmp_path, settings, monkeypatch):
    jugs = puzzle(qtbot, tmp_path, settings, "jugs", {"capacities": [8, 5], "target": 4})
    assert not jugs.shuffle_button.isVisible() and not jugs.position_action.isEnabled()
    w = puzzle(qtbot, tmp_path, settings, "slide/3x3", {"shuffle": 3})
    assert w.shuffle_button.isVisible()
    w.play_moves([w.session.puzzle.moves(w.session.state)[0]])
    before = w.session.start
    asked = answer_questions(monkeypatch, "No")
    w.shuffle_button.click()
    assert asked and w.session.start == before and len(w.session.moves) == 1
    answer_questions(monkeypatch, "Yes")
    w.shuffle_button.click()
    assert w.session.moves == []


def test_the_hint_key_does_not_restart_a_running_search(qtbot, tmp_path, settings):
    w = puzzle(qtbot, tmp_path, settings, "slide/3x3", {"shuffle": 3})
    w.panel.hint_button.click()
    # Hint stays offered during its search, and each press says the answer is on its way
    # (issue #76) without starting the search again or counting another hint
    assert w.assistant.busy and w.panel.hint_button.isEnabled()
    started = w.assistant.runner._current
    w.hint_action.trigger()
    w.hint_action.trigger()
    assert w.assistant.runner._current is started
    assert w.panel.still_searching_label.isVisible()
    wait_idle(qtbot, w)
    assert w.tracker.stats.row("slide/3x3")["hints"] == 1


def test_a_players_board_reusing_a_shipped_id_has_its_own_statistics():
    english = get_board("english")
    assert peg_stats_id(english) == "pegs/english"
    mine = parse_board('id = "english"\nname = "Mine"\nlayout = """\nooo\n"""\nstart = [0]\n',
                       "english.toml")
    assert peg_stats_id(mine) == "pegs/custom/english"


def test_plural_and_singular_texts(qtbot, main, tmp_path):
    path = tmp_path / "tiny.toml"
    path.write_text('name = "Tiny"\nlayout = """\nooo\n"""\nstart = [2]\nfinish = "any"\n',
                    encoding="utf-8")
    assert main.starts.open_file(path)
    main.panel.hint_button.click()
    wait_idle(qtbot, main)
    assert main.panel.hint_label.text().endswith("the last move.")
    jump(main, *game(main).board.jump_index[(0, 2)])
    assert main.panel.status_label.text() == "Solved in 1 move (1 jump)!"


def test_the_mastermind_tile_of_the_picker_describes_mastermind(qtbot):
    from pegapp.ui.picker import GamePicker

    picker = GamePicker(None)
    qtbot.addWidget(picker)
    tips = {item.data(0x0100)[1]: item.toolTip() for item in picker.items()}
    assert "colours" in tips["mastermind"] and "digits" in tips["bulls"]


def test_a_newer_autosave_is_kept_as_newer_not_corrupt(qtbot, tmp_path, settings):
    data = tmp_path / "data"
    data.mkdir()
    w = GameWindow("slide/3x3", {"start": [1, 2, 3, 4, 5, 6, 0, 7, 8]}, settings=settings,
                     data_dir=data, restore=False)
    qtbot.addWidget(w)
    w.play_moves([7])
    w.close()
    path = w.files.autosave_path
    saved = json.loads(path.read_text(encoding="utf-8"))
    saved["version"] = 99
    path.write_text(json.dumps(saved), encoding="utf-8")
    again = puzzle(qtbot, tmp_path, settings, "slide/3x3", {}, restore=True)
    assert again.session.moves == [] and "newer" in again.last_error
    assert path.with_name(path.name + ".newer").exists() and not path.exists()


def test_a_closed_replays_controls_do_nothing(qtbot, main):
    main.new_game("pegs/" + "diamond13", {})
    main.panel.solve_button.click()
    qtbot.waitUntil(lambda: main.replaying, timeout=60000)
    main.answers.close_replay()
    main.panel.replay.last_button.click()
    main.panel.replay.play_here_button.click()
    assert game(main).jumps == [] and main.undo_stack.count() == 0
    assert main.view.position == game(main).position


def test_every_game_window_can_quit(qtbot, tmp_path, settings):
    w = puzzle(qtbot, tmp_path, settings, "flip8/4x4")
    b = BullsWindow(settings=settings, data_dir=tmp_path / "data")
    qtbot.addWidget(b.window)
    for window in (w, b.window):
        texts = [a.text() for m in window.menuBar().findChildren(QMenu) for a in m.actions()]
        assert "&Quit" in texts
