"""The settings dialog (QSettings round trip, Cancel), and the help: rules, shortcuts, About."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDialogButtonBox

import pegapp
from pegapp.puzzles import registry
from pegapp.ui import i18n
from pegapp.ui.help import (AboutDialog, RulesDialog, ShortcutsDialog, show_about, show_rules,
                            show_shortcuts)
from pegapp.ui.settings_dialog import DEFAULTS, SettingsDialog, read_settings

# every family but peg solitaire and bulls and cows (which had their own windows before #12)
#: PegApp's own families; plug-ins installed beside them (the examples, when installed) come last
OWN = [key for key, _value in registry.own_entry_points()]
PLUGINS = [k for k in registry.families() if k not in OWN]
FAMILIES = tuple(f for k, f in registry.families().items() if k in OWN and k not in ("pegs",
                                                                                     "bulls"))
GUESSING = (registry.family_of("bulls"),)  # bulls and cows

#: the dialog is tested with the shipped defaults (conftest gives other tests whole-move hints)
pytestmark = pytest.mark.graded_hints

CHANGED = {
    "view/animate": False,
    "view/animation_ms": 540,
    "view/show_targets": False,
    "view/hole_labels": False,
    "view/notation": "numbers",
    "app/confirm_abandon": False,
    "app/language": "ja",
    "app/theme": "dark",
    "solver/memory_gb": 6.5,
    "solver/think_ahead": False,
    "solver/whole_hint": True,
}


def ini(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def dialog(qtbot, settings: QSettings) -> SettingsDialog:
    d = SettingsDialog(settings, None)
    qtbot.addWidget(d)
    return d


def edit_widgets(d: SettingsDialog, values: dict) -> None:
    """Change the widgets the way a player would."""
    d.animate_box.setChecked(values["view/animate"])
    d.speed_spin.setValue(values["view/animation_ms"])
    d.targets_box.setChecked(values["view/show_targets"])
    d.labels_box.setChecked(values["view/hole_labels"])
    d.notation_combo.setCurrentIndex(d.notation_combo.findData(values["view/notation"]))
    d.confirm_box.setChecked(values["app/confirm_abandon"])
    d.language_combo.setCurrentIndex(d.language_combo.findData(values["app/language"]))
    d.theme_combo.setCurrentIndex(d.theme_combo.findData(values["app/theme"]))
    d.memory_spin.setValue(values["solver/memory_gb"])
    d.think_box.setChecked(values["solver/think_ahead"])
    d.whole_hint_box.setChecked(values["solver/whole_hint"])


def click(qtbot, d: SettingsDialog, which: QDialogButtonBox.StandardButton) -> None:
    qtbot.mouseClick(d.buttons.button(which), Qt.MouseButton.LeftButton)


def test_defaults_when_nothing_is_stored(qtbot, tmp_path):
    d = dialog(qtbot, ini(tmp_path))
    assert d.values() == DEFAULTS
    assert read_settings(ini(tmp_path)) == DEFAULTS


def test_ok_writes_and_the_values_persist_in_a_new_settings_object(qtbot, tmp_path):
    d = dialog(qtbot, ini(tmp_path))
    d.show()
    edit_widgets(d, CHANGED)
    assert d.values() == CHANGED
    click(qtbot, d, QDialogButtonBox.StandardButton.Ok)
    assert d.result() == SettingsDialog.DialogCode.Accepted
    fresh = ini(tmp_path)  # the same file, read again from disk
    assert read_settings(fresh) == CHANGED
    assert fresh.value("view/animate", type=bool) is False
    assert fresh.value("view/animation_ms", type=int) == 540
    assert fresh.value("solver/memory_gb", type=float) == 6.5
    assert fresh.value("app/language") == "ja"
    # and a new dialog shows them
    assert dialog(qtbot, fresh).values() == CHANGED


def test_cancel_changes_nothing(qtbot, tmp_path):
    settings = ini(tmp_path)
    for key, value in CHANGED.items():
        settings.setValue(key, value)
    settings.sync()
    before = (tmp_path / "settings.ini").read_bytes()
    d = dialog(qtbot, settings)
    d.show()
    assert d.values() == CHANGED
    edit_widgets(d, DEFAULTS)
    click(qtbot, d, QDialogButtonBox.StandardButton.Cancel)
    assert d.result() == SettingsDialog.DialogCode.Rejected
    assert read_settings(settings) == CHANGED
    assert read_settings(ini(tmp_path)) == CHANGED
    assert (tmp_path / "settings.ini").read_bytes() == before


def test_cancel_writes_nothing_to_an_empty_file(qtbot, tmp_path):
    d = dialog(qtbot, ini(tmp_path))
    edit_widgets(d, CHANGED)
    click(qtbot, d, QDialogButtonBox.StandardButton.Cancel)
    assert ini(tmp_path).allKeys() == []


def test_restore_defaults_shows_defaults_but_writes_only_on_ok(qtbot, tmp_path):
    settings = ini(tmp_path)
    for key, value in CHANGED.items():
        settings.setValue(key, value)
    d = dialog(qtbot, settings)
    click(qtbot, d, QDialogButtonBox.StandardButton.RestoreDefaults)
    assert d.values() == DEFAULTS
    assert read_settings(ini(tmp_path)) == CHANGED
    click(qtbot, d, QDialogButtonBox.StandardButton.Ok)
    assert read_settings(ini(tmp_path)) == DEFAULTS


def test_out_of_range_or_unknown_stored_values_are_clamped(qtbot, tmp_path):
    settings = ini(tmp_path)
    settings.setValue("view/animation_ms", 5000)
    settings.setValue("solver/memory_gb", 0.01)
    settings.setValue("app/theme", "neon")
    settings.setValue("app/language", "xx")
    values = dialog(qtbot, settings).values()
    assert values["view/animation_ms"] == 800
    assert values["solver/memory_gb"] == 0.5
    assert values["app/theme"] == "system"
    assert values["app/language"] == ""


def test_speed_is_only_editable_with_animation_on(qtbot, tmp_path):
    d = dialog(qtbot, ini(tmp_path))
    d.animate_box.setChecked(False)
    assert not d.speed_spin.isEnabled()
    d.animate_box.setChecked(True)
    assert d.speed_spin.isEnabled()


def test_apply_settings_to_open_windows(qtbot, tmp_path):
    from pegapp.ui.game_window import GameWindow
    from pegapp.ui.settings_dialog import apply_settings

    pegs = GameWindow(settings=ini(tmp_path), data_dir=tmp_path, restore=False)
    qtbot.addWidget(pegs)
    apply_settings(pegs, CHANGED)
    assert pegs.view.animations_enabled is False
    assert pegs.view.animation_ms == 540
    assert pegs.view.show_targets is False
    assert pegs.view.theme_mode == "dark"
    assert not pegs.view.animate_action.isChecked() and not pegs.view.targets_action.isChecked()
    apply_settings(pegs, DEFAULTS)
    assert pegs.view.animations_enabled and pegs.view.animate_action.isChecked()
    assert pegs.view.theme_mode == "system"

    puzzle = GameWindow("flip8/4x4", {}, settings=ini(tmp_path), data_dir=tmp_path,
                          restore=False)
    qtbot.addWidget(puzzle)
    apply_settings(puzzle, CHANGED)
    assert puzzle.view.theme_mode == "dark"


# ---- help


def family_keys() -> list[str]:
    return ["pegs", *(f.key for f in FAMILIES), *(f.key for f in GUESSING), *PLUGINS]


def distinct_colours(pixmap) -> int:
    image = pixmap.toImage()
    step = max(1, image.width() // 40)
    return len({image.pixel(x, y) for x in range(0, image.width(), step)
                for y in range(0, image.height(), step)})


def test_rules_dialog_has_a_page_with_a_diagram_per_family(qtbot):
    d = RulesDialog()
    qtbot.addWidget(d)
    assert list(d.pages) == family_keys()
    assert d.list.count() == len(family_keys())
    for family in (*FAMILIES, *GUESSING):
        from PySide6.QtWidgets import QLabel

        page = d.pages[family.key]
        assert page.findChild(QLabel, "rules").text() == family.rules
        assert page.findChild(QLabel, "title").text() == family.name
        picture = page.findChild(QLabel, "diagram").pixmap()
        assert not picture.isNull() and distinct_colours(picture) > 3, family.key
    assert "peg" in d.pages["pegs"].findChild(QLabel, "rules").text()


def test_choosing_a_family_in_the_list_shows_its_page(qtbot):
    d = RulesDialog(family="jugs")
    qtbot.addWidget(d)
    assert d.current_family() == "jugs"
    row = family_keys().index("flip8")
    item = d.list.item(row)
    qtbot.mouseClick(d.list.viewport(), Qt.MouseButton.LeftButton,
                     pos=d.list.visualItemRect(item).center())
    assert d.current_family() == "flip8"
    assert d.stack.currentWidget() is d.pages["flip8"]


def test_rules_dialog_in_japanese(qtbot, qapp):
    from PySide6.QtWidgets import QLabel

    i18n.install_translator(qapp, "ja")
    try:
        d = RulesDialog()
        qtbot.addWidget(d)
        assert d.windowTitle() == "遊び方"
        for family in FAMILIES:
            assert d.pages[family.key].findChild(QLabel, "title").text() == family.name_ja
            assert d.pages[family.key].findChild(QLabel, "rules").text() == i18n.rules_text(family)
    finally:
        i18n.remove_translators(qapp)


def key_cells(d: ShortcutsDialog) -> set[str]:
    keys = set()
    for r in range(d.table.rowCount()):
        item = d.table.item(r, 0)
        if item is not None and d.table.item(r, 1) is not None:
            keys |= set(item.text().split(", "))
    return keys


def window_shortcuts(window) -> set[str]:
    actions = set(window.actions())
    for menu_action in window.menuBar().actions():
        if menu_action.menu() is not None:
            actions |= set(menu_action.menu().actions())
    return {s.toString(QKeySequence.SequenceFormat.NativeText)
            for a in actions for s in a.shortcuts() if not s.isEmpty()}


@pytest.mark.parametrize("kind", ["pegs", "puzzle"])
def test_shortcuts_window_lists_every_menu_shortcut(qtbot, tmp_path, kind):
    if kind == "pegs":
        from pegapp.ui.game_window import GameWindow

        window = GameWindow(settings=ini(tmp_path), data_dir=tmp_path, restore=False)
    else:
        from pegapp.ui.game_window import GameWindow

        window = GameWindow("slide/3x3", {"shuffle": 1}, settings=ini(tmp_path),
                              data_dir=tmp_path, restore=False)
    qtbot.addWidget(window)
    d = ShortcutsDialog()
    qtbot.addWidget(d)
    shortcuts = window_shortcuts(window)
    assert {"Ctrl+Z", "Ctrl+Shift+S", "H"} <= shortcuts
    missing = shortcuts - key_cells(d)
    assert not missing, missing


def test_shortcuts_window_lists_board_keys(qtbot):
    d = ShortcutsDialog()
    qtbot.addWidget(d)
    assert {"Left", "Up", "Esc", "Space", "F", "E"} <= key_cells(d)


def test_about_names_version_license_and_credits(qtbot):
    d = AboutDialog()
    qtbot.addWidget(d)
    text = d.text()
    assert pegapp.__version__ in text
    assert "MIT" in text
    assert "Hiroi" in text and "Puzzle DE Programming" in text


def test_help_windows_open_without_blocking(qtbot):
    for opened in (show_rules(None, "slide"), show_shortcuts(None), show_about(None)):
        qtbot.addWidget(opened)
        qtbot.waitUntil(opened.isVisible)
        opened.close()


@pytest.mark.parametrize("drawable", [True, False])
def test_the_settings_say_when_the_chosen_language_has_no_font(qtbot, tmp_path, monkeypatch,
                                                               drawable):
    """Without a font for Japanese, choosing 日本語 shows why PegApp will speak English, in
    English, and the choice is named in English too (its own name would be boxes)."""
    import pegapp.ui.settings_dialog as sd

    monkeypatch.setattr(sd, "can_draw", lambda language: drawable or language != "ja")
    d = dialog(qtbot, ini(tmp_path))
    d.show()
    qtbot.waitExposed(d)
    ja = d.language_combo.findData("ja")
    assert ("Japanese" in d.language_combo.itemText(ja)) is not drawable
    d.language_combo.setCurrentIndex(ja)
    assert d.font_note.isVisible() is not drawable
    assert "fonts-noto-cjk" in d.font_note.text()
    d.language_combo.setCurrentIndex(d.language_combo.findData("en"))
    assert not d.font_note.isVisible()
