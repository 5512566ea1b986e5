"""The languages PegApp speaks and whether this desktop can draw them (no translator here:
pegapp.ui.i18n installs those; the settings dialog asks these facts too, without importing the
translators' module, which reads the settings through it)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLocale
from PySide6.QtGui import QFontDatabase, QGuiApplication

#: languages with a translation ("en" is the source language and needs none)
LANGUAGES = ("en", "ja")
#: the writing system each translation is drawn in, where it is not the Latin script every font has
WRITING_SYSTEMS = {"ja": QFontDatabase.WritingSystem.Japanese}


def system_language() -> str:
    """The first of the system's UI languages that PegApp speaks, else English."""
    for name in QLocale.system().uiLanguages():
        code = name.replace("_", "-").split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


def resolve_language(language: str | None) -> str:
    """"en"/"ja" as asked; None or "" (or anything unknown) follows the system."""
    if language in LANGUAGES:
        return language
    return system_language()


def can_draw(language: str) -> bool:
    """Whether some installed font has the glyphs of language's writing system: without one, Qt
    draws every Japanese character as a box, and a Japanese window is rows of boxes. True for
    the Latin script, and where nothing is drawn (no QGuiApplication)."""
    system = WRITING_SYSTEMS.get(language)
    if system is None or not isinstance(QCoreApplication.instance(), QGuiApplication):
        return True
    return bool(QFontDatabase.families(system))
