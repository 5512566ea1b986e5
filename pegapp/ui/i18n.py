"""Languages: load PegApp's translation (resources/i18n/pegapp_<lang>.qm) and Qt's own.

The interface is written in English; every visible string goes through tr() or
QCoreApplication.translate(), so installing a translator before the windows are built switches
them. The language is the setting "app/language": "" (follow the system), "en" or "ja".

Texts that live in the puzzle registry (pegapp.puzzles.registry, no Qt there) are translated here:
rules through the context "Rules" (packaging/update_translations.sh puts the registry's texts into
the .ts file), names through their name_ja fields. So is what the model and the solvers say to the
player (pegapp.core.messages: why a move is illegal, a position refused, no solution found, the
stage of a search): translated() renders those under the context "Messages".
"""

from __future__ import annotations

import importlib.resources
from pathlib import Path

from PySide6.QtCore import (QT_TRANSLATE_NOOP, QCoreApplication, QLibraryInfo, QLocale, QSettings,
                            Qt, QTranslator)

from pegapp.core import messages, resources
from pegapp.core.storage import read_regular
from pegapp.ui.languages import (LANGUAGES, can_draw, resolve_language,
                                 system_language)  # noqa: F401 - asked of i18n too

SETTINGS_KEY = "app/language"

#: Mastermind shares the guessing family (and its window) with bulls and cows, not its rules.
MASTERMIND_RULES = QT_TRANSLATE_NOOP(
    "Rules", "Find the secret of 4 pegs in 6 colours (colours may repeat); each guess is scored "
    "in black pegs (right colour, right place) and white pegs (right colour, wrong place). Or let "
    "the computer find yours.")

def _qt_base_gaps() -> tuple[str, ...]:
    """Qt's own strings that its Japanese catalogue (qtbase_ja) lacks, seen untranslated in the
    file dialog by a spying QTranslator. Never called: written as translate() calls so that
    lupdate puts them, with Qt's contexts and disambiguations, into our catalogue, which the
    application asks after qtbase_ja finds nothing."""
    return (QCoreApplication.translate("QFileDialog", "&Look in:"),
            QCoreApplication.translate("QFileDialog", "Files of &type:"),
            QCoreApplication.translate("QAbstractFileIconProvider", "Drive"),
            QCoreApplication.translate("QAbstractFileIconProvider", "Folder",
                                       "All other platforms"))


_installed: list[QTranslator] = []
_language = "en"
_saved_default_locale: QLocale | None = None


def i18n_dir() -> Path:
    return resources.path("i18n")


#: the largest translation file read (PegApp's is some 100 kB, Qt's own under 1 MB)
MAX_QM_BYTES = 16_000_000


def load_qm(translator: QTranslator, path: str | Path) -> bool:
    """Load the translation file path (.qm) into translator through storage's gate: a folder, a
    FIFO (Qt would block on it), a link to a device or a file over MAX_QM_BYTES is not loaded
    (False: the words stay English), as a missing or damaged one. Qt reads the bytes in place,
    never copying them, so they stay with the translator as long as it lives."""
    try:
        data = read_regular(path, MAX_QM_BYTES)
    except OSError:
        return False
    if not translator.load(data, str(Path(path).parent)):
        return False
    translator._qm_bytes = data  # Qt points into these bytes
    return True


def settings_language(settings: QSettings | None = None) -> str | None:
    """The language chosen in the settings, or None for the system's."""
    from pegapp.ui.settings_dialog import read_setting  # the one checked reader of settings

    settings = settings if settings is not None else QSettings()
    value = read_setting(settings, SETTINGS_KEY, "")
    return value if value in LANGUAGES else None


def _desktop_language() -> str:
    """The language the desktop's own dialogs speak: the system's first UI language."""
    languages = QLocale.system().uiLanguages()
    return languages[0].replace("_", "-").split("-")[0].lower() if languages else "en"


def _dialogs_speak(app: QCoreApplication | None, language: str) -> None:
    """Use Qt's own file dialogs when the player's language is not the desktop's: a native
    (GTK, portal) dialog speaks the desktop's language, so a Japanese PegApp on an English
    desktop would open English file dialogs; Qt's dialogs follow our translators."""
    if app is not None:
        app.setAttribute(Qt.ApplicationAttribute.AA_DontUseNativeDialogs,
                         language != _desktop_language())


def remove_translators(app: QCoreApplication | None = None) -> None:
    """Back to the source language (English) and the locale in use before install_translator."""
    global _language, _saved_default_locale
    app = app or QCoreApplication.instance()
    while _installed:
        translator = _installed.pop()
        if app is not None:
            app.removeTranslator(translator)
    if _saved_default_locale is not None:
        QLocale.setDefault(_saved_default_locale)
        _saved_default_locale = None
    _language = "en"
    _dialogs_speak(app, _language)


def install_translator(app: QCoreApplication | None = None, language: str | None = None) -> str:
    """Install the translation for language ("en", "ja", or None/"" = the system's).

    Replaces any translation installed before. Also sets the default QLocale, so code asking
    QLocale() (board and puzzle names) agrees. Returns the language really in use: "en" when the
    translation file is missing or unreadable.
    """
    global _language, _saved_default_locale
    app = app or QCoreApplication.instance()
    remove_translators(app)
    lang = resolve_language(language)
    _saved_default_locale = QLocale()
    if language in LANGUAGES:
        QLocale.setDefault(QLocale(lang))
    if lang == "en" or app is None:
        return _language
    ours = QTranslator(app)
    if not load_qm(ours, i18n_dir() / f"pegapp_{lang}.qm"):
        return _language
    app.installTranslator(ours)
    _installed.append(ours)
    for translator in _family_translators(app, lang):  # after ours: a plug-in's own words
        app.installTranslator(translator)
        _installed.append(translator)
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    qtbase = QTranslator(app)
    if load_qm(qtbase, Path(qt_dir) / f"qtbase_{lang}.qm"):  # standard buttons and dialogs
        app.installTranslator(qtbase)
        _installed.append(qtbase)
    _language = lang
    _dialogs_speak(app, lang)
    return _language


def _family_translators(app: QCoreApplication, lang: str) -> list[QTranslator]:
    """The translations families ship (Family.translations: a package whose folder holds
    <key>_<lang>.qm), for the families that have one in this language."""
    from pegapp.puzzles import registry  # deferred: the families load once a language is chosen

    out = []
    for family in registry.families().values():
        if not family.translations:
            continue
        try:
            folder = importlib.resources.files(family.translations)
        except (ImportError, TypeError, ValueError):  # a plug-in's mistake: its words stay English
            continue
        translator = QTranslator(app)
        if load_qm(translator, Path(str(folder)) / f"{family.key}_{lang}.qm"):
            out.append(translator)
    return out


def install_from_settings(app: QCoreApplication | None = None,
                          settings: QSettings | None = None) -> str:
    """install_translator with the language of the setting "app/language" (unset: the system's).
    Call it in make_app, after the organisation and application names are set. A language that
    no installed font can draw (can_draw) is not installed: the windows speak English, which the
    player can read, rather than rows of boxes, and the settings dialog says why."""
    language = settings_language(settings)
    if not can_draw(resolve_language(language)):
        return install_translator(app, "en")
    return install_translator(app, language)


def current_language() -> str:
    """The language of the installed translation: "en" or "ja"."""
    return _language


def rules_text(family) -> str:
    """The rules of a registry Family in the current language (a plug-in's stay English unless
    the catalogue has them)."""
    return QCoreApplication.translate("Rules", family.rules)


def family_name(family) -> str:
    """A registry Family's name in the current language."""
    if current_language() == "ja" and family.name_ja:
        return family.name_ja
    return family.name


def display_language() -> str:
    """The language argument for Board.display_name and Preset.display_name."""
    return current_language()


def plural(n: int, one: str, many: str) -> str:
    """one when n is 1, else many: the caller passes both through tr() (Japanese has a single
    form, English two; picking in code keeps the translation files simple)."""
    return one if n == 1 else many


def _translate_message(template: str) -> str:
    return QCoreApplication.translate(messages.CONTEXT, template)


def translated(text) -> str:
    """Text from the model or a solver -- a str, a pegapp.core.messages.Message or an exception
    carrying one -- in the current language. Plain strings (an OS error, a file name) pass as is."""
    return messages.render(text, _translate_message)


def translated_sentence(text) -> str:
    """translated(text) as a sentence of its own: the model's and the solvers' explanations
    are written to sit inside another sentence ("memory budget of 1 GB exceeded"), so where
    one stands alone it gets a capital and, after a Latin letter or digit, a full stop; in
    Japanese (no capitals) the 。 its other sentences end with, unless it ends in one."""
    out = translated(text)
    last = out[-1:]
    if last.isascii():
        stop = "." if last.isalnum() else ""
    else:
        stop = "" if last in "。．！？」』）" else "。"
    return out[:1].upper() + out[1:] + stop
