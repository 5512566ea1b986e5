"""Settings and help reach every open game window."""

from PySide6.QtCore import QSettings

from pegapp.ui.game_window import GameWindow


def test_settings_apply_to_every_window_and_persist(qtbot, tmp_path):
    ini = str(tmp_path / "s.ini")
    main = GameWindow(settings=QSettings(ini, QSettings.Format.IniFormat),
                      data_dir=tmp_path / "d", restore=False)
    qtbot.addWidget(main)
    main.show()
    other = GameWindow("slide/3x3", {"shuffle": 1}, restore=False, data_dir=tmp_path / "d",
                         settings=QSettings(ini, QSettings.Format.IniFormat))
    qtbot.addWidget(other)
    other.show()
    dialog = main.open_settings()
    values = dialog.values()
    values.update({"app/theme": "dark", "view/animation_ms": 500, "view/show_targets": False})
    dialog.set_values(values)
    dialog.accept()
    assert main.view.theme_mode == "dark" and other.view.theme_mode == "dark"
    assert main.view.animation_ms == 500 and not main.view.show_targets
    assert not main.view.targets_action.isChecked()
    main.close()
    again = GameWindow(settings=QSettings(ini, QSettings.Format.IniFormat),
                       data_dir=tmp_path / "d", restore=False)
    qtbot.addWidget(again)
    assert again.view.theme_mode == "dark" and again.view.animation_ms == 500


def test_help_menu_opens_the_rules_of_this_puzzle(qtbot, tmp_path):
    w = GameWindow("flip8/4x4", {}, restore=False, data_dir=tmp_path / "d",
                     settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    rules = w.show_rules()
    assert rules.isVisible() and rules.current_family() == "flip8"
    assert w.show_shortcuts().isVisible()
    assert w.show_about().isVisible()


def test_the_rules_picture_is_the_puzzle_being_played(qtbot, tmp_path):
    """Issue #76: the 3x3 sliding puzzle's rules showed the 2x5 (the family's first puzzle).
    The picture is the one the window's own view draws of this puzzle at its start."""
    from pegapp.ui.help import DIAGRAM_SIZE, diagram
    from pegapp.ui.picker import puzzle_pixmap
    from pegapp.puzzles import registry

    w = GameWindow("slide/3x3", {"shuffle": 7}, restore=False, data_dir=tmp_path / "d",
                   settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    rules = w.show_rules()
    shown = rules.pictures["slide"].pixmap().toImage()
    own = puzzle_pixmap("slide/3x3", {}, size=DIAGRAM_SIZE).toImage()
    first = diagram(registry.family_of("slide/3x3")).toImage()
    assert shown == own and shown != first
    # the other families' pages keep their first puzzle
    assert rules.pictures["flip8"].pixmap().toImage() == diagram(
        registry.family_of("flip8/4x4")).toImage()
