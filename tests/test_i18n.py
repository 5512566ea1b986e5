"""Translations: the Japanese translator really switches the windows, and the shipped .ts/.qm files
are complete and current (every translatable string of pegapp/ui is in the .ts, translated)."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QSettings

from pegapp.core import resources
from pegapp.puzzles import registry
from pegapp.ui import i18n
from tests.peg_window import game

# every family but peg solitaire and bulls and cows (which had their own windows before #12)
#: PegApp's own families (plug-ins installed beside them bring their own translations or none)
OWN = {key for key, _value in registry.own_entry_points()}
FAMILIES = tuple(f for k, f in registry.families().items() if k in OWN and k not in ("pegs", "bulls"))
GUESSING = (registry.family_of("bulls"),)  # bulls and cows

ROOT = Path(__file__).resolve().parents[1]
UI_DIR = ROOT / "pegapp" / "ui"
TS_FILE = resources.path("i18n", "pegapp_ja.ts")
QM_FILE = resources.path("i18n", "pegapp_ja.qm")
PLACEHOLDER = re.compile(r"%\d")
FORMAT_FIELD = re.compile(r"\{[^{}]*\}")  # the placeholders of a pegapp.core.messages template
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
ENGLISH_WORD = re.compile(r"\b[A-Za-z]{3,}\b")
KEY_NAME = re.compile(r"((Ctrl|Alt|Shift|Meta)\+)+\w+")  # a shortcut's keys, not words


@pytest.fixture
def japanese(qapp):
    """The Japanese translator for one test; English again afterwards, whatever happens."""
    assert i18n.install_translator(qapp, "ja") == "ja"
    yield
    i18n.remove_translators(qapp)


def make_settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def main_window(qtbot, tmp_path: Path):
    from pegapp.ui.game_window import GameWindow

    window = GameWindow(settings=make_settings(tmp_path), data_dir=tmp_path, restore=False)
    qtbot.addWidget(window)
    return window


def menu_titles(window) -> list[str]:
    return [a.menu().title() for a in window.menuBar().actions() if a.menu() is not None]


# ---- the translator at work


def test_japanese_translator_switches_a_real_main_window(qtbot, tmp_path, japanese):
    window = main_window(qtbot, tmp_path)
    assert window.panel.undo_button.text() == "元に戻す"
    assert window.panel.hint_button.text() == "ヒント"
    assert menu_titles(window)[:2] == ["ゲーム(&G)", "編集(&E)"]
    assert window.panel.status_label.text().startswith("ペグを取り")
    # the board's name comes from its file's name_ja, through the default locale
    assert window.panel.title_label.text() == game(window).board.name_ja
    assert i18n.current_language() == "ja"


def test_without_a_translator_the_windows_are_english(qtbot, tmp_path):
    assert i18n.current_language() == "en"
    window = main_window(qtbot, tmp_path)
    assert window.panel.undo_button.text() == "Undo"
    assert menu_titles(window)[:2] == ["&Game", "&Edit"]
    assert window.panel.title_label.text() == game(window).board.name


def test_removing_the_translator_restores_english_and_the_locale(qtbot, tmp_path, qapp):
    # from no translation installed: a test before it in the same process may have ended on
    # install_translator("en"), which keeps the locale from before that install to restore
    # (seen when new tests moved this one to another worker: 'C' restored, not 'en_US')
    i18n.remove_translators(qapp)
    before = QLocale().name()
    i18n.install_translator(qapp, "ja")
    assert QLocale().language() == QLocale.Language.Japanese
    i18n.remove_translators(qapp)
    assert QLocale().name() == before
    assert i18n.current_language() == "en"
    assert main_window(qtbot, tmp_path).panel.undo_button.text() == "Undo"


def test_qt_standard_buttons_are_translated_too(qtbot, japanese):
    from PySide6.QtWidgets import QDialogButtonBox

    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    qtbot.addWidget(box)
    assert box.buttons()[0].text() == "キャンセル"


def test_the_file_dialog_is_japanese_where_qt_itself_is_not(qtbot, tmp_path, japanese, qapp):
    """Qt's own Japanese catalogue lacks some of the file dialog's words ("Look in:", "Files of
    type:", "Folder"); every word the dialog asks a translator for must come back Japanese (key
    names such as Alt+Left and Qt's own "OK" aside)."""
    from PySide6.QtCore import QTranslator
    from PySide6.QtWidgets import QFileDialog

    asked = set()

    class Spy(QTranslator):  # answers nothing, remembers every question
        def translate(self, context, source, disambiguation=None, n=-1):
            asked.add((context, source, disambiguation))
            return ""

        def isEmpty(self):
            return False

    (tmp_path / "folder").mkdir()
    (tmp_path / "game.json").write_text("{}", encoding="utf-8")
    spy = Spy()
    qapp.installTranslator(spy)
    try:
        for mode in (QFileDialog.AcceptMode.AcceptOpen, QFileDialog.AcceptMode.AcceptSave):
            dialog = QFileDialog(None, "x", str(tmp_path), "Saves (*.json)")
            dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
            dialog.setAcceptMode(mode)
            qtbot.addWidget(dialog)
            dialog.show()
            qtbot.waitUntil(lambda: ("QFileDialog", "&Look in:", None) in asked)
            qtbot.wait(50)
    finally:
        qapp.removeTranslator(spy)
    assert ("QAbstractFileIconProvider", "Folder", "All other platforms") in asked
    english = sorted((c, s) for c, s, d in asked
                     if QCoreApplication.translate(c, s, d) == s and ENGLISH_WORD.search(s)
                     and s != "OK" and not KEY_NAME.fullmatch(s))
    assert english == []


def test_file_dialogs_are_qts_own_when_the_player_speaks_another_language(qapp, monkeypatch):
    """A native (GTK, portal) file dialog speaks the desktop's language: PegApp in Japanese on an
    English desktop uses Qt's dialogs, which follow its translators; on a Japanese desktop, or in
    the desktop's language, the native ones."""
    from PySide6.QtCore import Qt

    native_off = Qt.ApplicationAttribute.AA_DontUseNativeDialogs
    try:
        for desktop, chosen, qt_own in (("en-US", "ja", True), ("ja-JP", "ja", False),
                                        ("en-GB", "en", False), ("ja-JP", "en", True)):
            monkeypatch.setattr(QLocale, "system", lambda d=desktop: QLocale(d))
            i18n.install_translator(qapp, chosen)
            assert qapp.testAttribute(native_off) is qt_own, (desktop, chosen)
            i18n.remove_translators(qapp)
            assert qapp.testAttribute(native_off) is not desktop.startswith("en"), desktop
    finally:
        i18n.remove_translators(qapp)
        qapp.setAttribute(native_off, False)


def test_rules_and_names_of_every_family_in_japanese(japanese):
    for family in (*FAMILIES, *GUESSING):
        ja = i18n.rules_text(family)
        assert ja != family.rules and re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", ja), family.key
        assert i18n.family_name(family) == family.name_ja
    assert i18n.rules_text(registry.families()["pegs"]).startswith("ペグ")
    assert i18n.family_name(registry.families()["pegs"]) == "ペグ・ソリテア"


def test_rules_in_english_are_the_registry_texts():
    for family in (*FAMILIES, *GUESSING):
        assert i18n.rules_text(family) == family.rules
        assert i18n.family_name(family) == family.name


def test_language_choice(qapp, tmp_path):
    settings = make_settings(tmp_path)
    assert i18n.settings_language(settings) is None  # unset: follow the system
    settings.setValue("app/language", "ja")
    assert i18n.settings_language(settings) == "ja"
    settings.setValue("app/language", "klingon")
    assert i18n.settings_language(settings) is None
    assert i18n.resolve_language("en") == "en"
    assert i18n.resolve_language("ja") == "ja"
    assert i18n.resolve_language(None) == i18n.system_language() in i18n.LANGUAGES
    try:
        assert i18n.install_translator(qapp, "en") == "en"
        assert QCoreApplication.translate("GamePanel", "Undo") == "Undo"
        settings.setValue("app/language", "ja")
        assert i18n.install_translator(qapp, i18n.settings_language(settings)) == "ja"
        assert QCoreApplication.translate("GamePanel", "Undo") == "元に戻す"
        settings.setValue("app/language", "en")
        assert i18n.install_from_settings(qapp, settings) == "en"
        assert QCoreApplication.translate("GamePanel", "Undo") == "Undo"
        settings.setValue("app/language", "ja")
        # (a desktop with a Japanese font: without one, English; the tests below)
        with pytest.MonkeyPatch.context() as fonts:
            fonts.setattr(i18n, "can_draw", lambda language: True)
            assert i18n.install_from_settings(qapp, settings) == "ja"
    finally:
        i18n.remove_translators(qapp)


@pytest.mark.parametrize("chosen", ["ja", None])
def test_a_language_no_installed_font_can_draw_starts_in_english(qapp, monkeypatch, tmp_path,
                                                                 chosen):
    """Japanese chosen, or the system's language Japanese, on a desktop with no font that has
    Japanese glyphs: the windows speak English (readable) rather than rows of boxes."""
    from pegapp.ui import languages

    monkeypatch.setattr(languages, "system_language", lambda: "ja")
    monkeypatch.setattr(i18n, "can_draw", lambda language: language != "ja")
    settings = make_settings(tmp_path)
    if chosen:
        settings.setValue("app/language", chosen)
    try:
        assert i18n.install_from_settings(qapp, settings) == "en"
        assert QCoreApplication.translate("GamePanel", "Undo") == "Undo"
        monkeypatch.setattr(i18n, "can_draw", lambda language: True)
        assert i18n.install_from_settings(qapp, settings) == "ja"
        assert QCoreApplication.translate("GamePanel", "Undo") == "元に戻す"
    finally:
        i18n.remove_translators(qapp)


FONTLESS = """import sys
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from pegapp.ui import i18n
from pegapp.ui.languages import can_draw
app = QApplication([])
settings = QSettings(sys.argv[1], QSettings.Format.IniFormat)
settings.setValue("app/language", "ja")
print(can_draw("ja"), can_draw("en"), i18n.install_from_settings(app, settings))
"""


def test_a_desktop_without_japanese_fonts_is_seen_as_such(tmp_path):
    """The font check asked of the real font database: a process whose fontconfig knows only an
    empty folder of fonts cannot draw Japanese, and starts in English though the settings say
    Japanese."""
    import os
    import sys

    fonts = tmp_path / "fonts"
    fonts.mkdir()
    conf = tmp_path / "fonts.conf"
    conf.write_text('<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
                    f"<dir>{fonts}</dir><cachedir>{tmp_path / 'cache'}</cachedir></fontconfig>")
    env = {**os.environ, "FONTCONFIG_FILE": str(conf), "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", FONTLESS, str(tmp_path / "s.ini")], env=env,
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["False", "True", "en"]


def test_a_missing_translation_file_falls_back_to_english(qapp, monkeypatch, tmp_path):
    monkeypatch.setattr(i18n, "i18n_dir", lambda: tmp_path)
    try:
        assert i18n.install_translator(qapp, "ja") == "en"
        assert QCoreApplication.translate("GamePanel", "Undo") == "Undo"
    finally:
        i18n.remove_translators(qapp)


# ---- the translation files


def ts_messages(path: Path) -> dict[tuple[str, str], ET.Element]:
    root = ET.parse(path).getroot()
    out = {}
    for ctx in root.iter("context"):
        name = ctx.findtext("name")
        for message in ctx.iter("message"):
            out[(name, message.findtext("source"))] = message.find("translation")
    return out


def _load_sources_module():
    """packaging/i18n_sources.py: the extractor update_translations.sh feeds lupdate with."""
    spec = importlib.util.spec_from_file_location("i18n_sources", ROOT / "packaging" / "i18n_sources.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


sources = _load_sources_module()


def source_strings() -> set[tuple[str, str]]:
    return sources.all_strings()


def test_every_translatable_call_gets_the_context_it_is_looked_up_under():
    problems = [p for path in sources.ui_files() for p in sources.extract(path)[2]]
    assert not problems, "\n".join(problems)


def test_the_model_and_solvers_speak_to_the_player_only_through_msg():
    """Exceptions the windows show, solver reasons and progress stages are msg() templates."""
    problems = sources.model_problems()
    assert not problems, "\n".join(problems)


def test_the_message_templates_are_collected():
    strings = sources.message_strings()
    assert ("Messages", "jug {jug} is already full") in strings or len(strings) > 100
    assert all(context == "Messages" for context, _ in strings)


def test_no_source_string_is_missing_from_the_ts_file():
    missing = source_strings() - set(ts_messages(TS_FILE))
    assert not missing, ("run packaging/update_translations.sh and translate:\n"
                         + "\n".join(map(repr, sorted(missing))))


def test_every_message_is_translated_with_its_placeholders():
    for (context, source), translation in ts_messages(TS_FILE).items():
        assert translation is not None and translation.text, (context, source)
        assert translation.get("type") not in ("unfinished", "obsolete", "vanished"), (context, source)
        assert sorted(PLACEHOLDER.findall(translation.text)) == sorted(PLACEHOLDER.findall(source)), \
            (context, source, translation.text)
        if context == "Messages":  # str.format templates: the same fields, or the English is shown
            assert sorted(FORMAT_FIELD.findall(translation.text)) == \
                sorted(FORMAT_FIELD.findall(source)), (source, translation.text)
        if source.count("&") == 1:  # menu accelerators are kept
            assert "&" in translation.text, (context, source)


def _tool(name: str) -> str:
    tool = shutil.which(name)
    if tool is None:
        pytest.skip(f"{name} is not installed (PySide6-Essentials ships it)")
    return tool


def test_the_committed_qm_is_compiled_from_the_committed_ts(tmp_path):
    lrelease = _tool("pyside6-lrelease")
    out = tmp_path / "pegapp_ja.qm"
    subprocess.run([lrelease, str(TS_FILE), "-qm", str(out)], check=True, capture_output=True)
    assert out.read_bytes() == QM_FILE.read_bytes(), \
        "pegapp_ja.qm is stale: run packaging/update_translations.sh"


def test_lupdate_finds_nothing_new(tmp_path):
    """The real extractor agrees: lupdate over the sources adds no message to the .ts."""
    lupdate = _tool("pyside6-lupdate")
    extra = tmp_path / "extra_strings.py"
    extra.write_text(sources.noop_source(sources.extra_strings()), encoding="utf-8")
    ts = tmp_path / "pegapp_ja.ts"
    shutil.copy(TS_FILE, ts)
    subprocess.run([lupdate, "-no-obsolete", "-locations", "none", "-target-language", "ja",
                    *map(str, sources.ui_files()), str(extra), "-ts", str(ts)],
                   check=True, capture_output=True)
    assert set(ts_messages(ts)) == set(ts_messages(TS_FILE))
    assert set(ts_messages(ts)) == source_strings()


def english_chrome(widget) -> list[str]:
    """Button, menu, action, group and combo texts of a window that still read as English."""
    from PySide6.QtWidgets import QAbstractButton, QComboBox, QGroupBox, QMenu

    texts = [b.text() for b in widget.findChildren(QAbstractButton)]
    texts += [g.title() for g in widget.findChildren(QGroupBox)]
    texts += [c.itemText(i) for c in widget.findChildren(QComboBox) for i in range(c.count())]
    for menu in widget.findChildren(QMenu):
        texts.append(menu.title())
        texts += [a.text() for a in menu.actions() if not a.isSeparator()]
    allowed = {"English", "PegApp", "OK"}
    return [t for t in texts if re.search(r"[A-Za-z]{3,}", t) and t not in allowed
            and not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", t)]


def test_no_english_left_in_the_windows_chrome(qtbot, tmp_path, japanese):
    from tests.test_ui_desktop import BullsWindow
    from pegapp.ui.help import RulesDialog, ShortcutsDialog
    from pegapp.ui.game_window import GameWindow
    from pegapp.ui.settings_dialog import SettingsDialog

    windows = [main_window(qtbot, tmp_path),
               BullsWindow(settings=make_settings(tmp_path), data_dir=tmp_path).window,
               SettingsDialog(make_settings(tmp_path)), RulesDialog(), ShortcutsDialog()]
    for family in FAMILIES:
        preset = family.presets[0]
        windows.append(GameWindow(preset.puzzle_id, dict(preset.params),
                                    settings=make_settings(tmp_path), data_dir=tmp_path,
                                    restore=False))
    for window in windows[1:]:
        qtbot.addWidget(window)
    for window in windows:
        assert english_chrome(window) == [], type(window).__name__


# ---- what the model and the solvers say, in Japanese


def puzzle_window(qtbot, tmp_path, puzzle_id, params):
    from pegapp.ui.game_window import GameWindow

    window = GameWindow(puzzle_id, params, settings=make_settings(tmp_path), data_dir=tmp_path,
                          restore=False)
    qtbot.addWidget(window)
    return window


def is_japanese(text: str) -> bool:
    """Japanese, with no English word left (numbers, file names and notation may remain)."""
    return bool(JAPANESE.search(text)) and not ENGLISH_WORD.search(text)


def test_an_illegal_move_and_the_move_list_are_japanese(qtbot, tmp_path, japanese):
    window = puzzle_window(qtbot, tmp_path, "jugs", {"capacities": [8, 5], "target": 4})
    window.view.empty_buttons[0].click()  # the jug is empty already
    assert window.session.move_count == 0
    assert is_japanese(window.panel.hint_label.text()), window.panel.hint_label.text()
    window.view.fill_buttons[0].click()
    row = window.panel.move_list.item(0).text()
    assert is_japanese(row), row


def test_a_refused_position_is_explained_in_japanese(qtbot, tmp_path, japanese):
    window = puzzle_window(qtbot, tmp_path, "slide/3x3", {})
    assert not window.starts.enter_position("1 2 3 4 5 6 7 7 0")
    assert is_japanese(window.last_error), window.last_error
    window.play_moves([1])  # tile 1 is not next to the blank
    assert is_japanese(window.panel.hint_label.text()), window.panel.hint_label.text()


def test_no_solution_is_explained_in_japanese(qtbot, tmp_path, japanese):
    window = puzzle_window(qtbot, tmp_path, "jugs", {"capacities": [4, 6], "target": 3})
    window.panel.hint_button.click()
    qtbot.waitUntil(lambda: not window.assistant.busy, timeout=60000)
    text = window.panel.hint_label.text()
    assert is_japanese(text), text


def test_search_progress_names_its_stage_in_japanese(qtbot, tmp_path, japanese):
    from pegapp.core.board import get_board
    from pegapp.solvers.pegs.solver import solve

    stages = []
    solve(get_board("diamond13"), progress=lambda stage, depth, n: stages.append(stage),
          cache_dir=False, tablebase=False)  # the search, not the shipped table
    assert stages
    window = puzzle_window(qtbot, tmp_path, "slide/2x3", {})
    # the stage in words, with its depth ("looking 2 moves ahead ..."), not a count of positions
    inner = stages[0].args.get("stage", stages[0])  # the level's share wraps the stage
    depth = str(inner.args["depth"])
    with qtbot.waitSignal(window.assistant.progressText) as signal:
        window.assistant.runner.progress.emit(None, stages[0], 3, 1234)
    text = signal.args[0]
    assert depth in text and "1,234" not in text and is_japanese(text.replace(depth, "")), text


def test_bulls_and_cows_scores_are_japanese(qtbot, tmp_path, japanese):
    from tests.test_ui_desktop import BullsWindow

    window = BullsWindow(settings=make_settings(tmp_path), data_dir=tmp_path)
    qtbot.addWidget(window.window)
    window.guess_edit.setText("1234")
    window.submit_guess()
    rows = window.history_rows(window.game.history)
    assert len(rows) == 1 and is_japanese(rows[0].split("1234", 1)[1]), rows
    window.guess_edit.setText("1123")  # repeated digits are not a bulls-and-cows code
    window.submit_guess()
    assert is_japanese(window.panel.hint_label.text()), window.panel.hint_label.text()


def test_a_malformed_board_file_is_explained_in_japanese(qtbot, tmp_path, japanese):
    path = tmp_path / "mine.toml"
    path.write_text('id = "mine"\nname = "Mine"\nlayout = """\nooo\n"""\n', encoding="utf-8")
    window = main_window(qtbot, tmp_path)
    assert not window.starts.open_file(path)
    reason = window.last_error.replace(str(path), "")
    assert is_japanese(reason.replace("start", "")) and "start" in reason, window.last_error


def test_the_game_picker_describes_every_board_in_japanese(qtbot, japanese):
    from pegapp.core.board import shipped_boards
    from pegapp.ui.picker import GamePicker

    picker = GamePicker(None)
    qtbot.addWidget(picker)
    tips = {item.text(): item.toolTip() for item in picker.items()}
    for board in shipped_boards():
        assert board.name_ja and board.description_ja, board.id
        assert tips[board.name_ja] == board.description_ja
        assert JAPANESE.search(board.description_ja), board.id


@pytest.mark.parametrize("text", ['{"format": "pegapp-save",', "[" * 100_000,
                                  '{"n": ' + "9" * 5000 + "}"])
def test_a_damaged_save_is_explained_in_japanese_without_pythons_words(tmp_path, japanese, text):
    """Python's JSON errors ("Expecting value: line 1 column 9 (char 8)") are English; the
    player reading Japanese gets the line and column in Japanese."""
    from pegapp.core.storage import SaveError
    from pegapp.puzzles.session import Session

    path = tmp_path / "s.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        Session.load(path)
    shown = i18n.translated(caught.value).replace(str(path), "")
    assert is_japanese(shown.replace("JSON", "")), shown


def test_a_progress_lines_seconds_keep_their_unit_when_the_line_wraps(japanese):
    """The progress line wraps in a narrow panel: the time and its unit are joined by a
    no-break space, in Japanese as in English ("… 1 s" once wrapped with the "s" alone)."""
    from pegapp.core.messages import render
    from pegapp.core.progress import describe

    line = describe("looking 11 moves ahead from your position", 11, 0, 1.4)
    assert i18n.translated(line).endswith("1\u00a0秒")
    assert render(line, lambda text: text).endswith("1\u00a0s")
