"""Saving and loading in the game window: Save and Load (one save format, pegapp.puzzles.session),
the autosave of every window and the first window's last game, restored at start; an unusable
file is reported and set aside, never overwritten."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog

from pegapp.core.storage import SaveError
from pegapp.puzzles.session import Session
from pegapp.ui.file_dialogs import ask_save_path
from pegapp.ui.i18n import translated


#: the first window's autosave: the last game, whatever its family (the name of the peg window's
#: autosave before there was one window, so an old autosave is continued)
LAST_GAME_FILE = "autosave.pegapp.json"


class SaveAndLoad:
    """Save, load and the autosave: a part of GameWindow (pegapp.ui.game_window), which it is mixed
    into."""

    @property
    def autosave_path(self) -> Path:
        """One autosave per puzzle ("slide/3x3" and "slide/4x4" apart); the first window's is the
        last game, whatever it is."""
        if self.first:
            return self.data_dir / LAST_GAME_FILE
        puzzle_id = self.session.puzzle.id if self.session is not None else self._puzzle_id
        return self.data_dir / f"autosave-{puzzle_id.replace('/', '-')}.pegapp.json"

    def save_game(self, path: str | Path) -> bool:
        try:
            self.session.save(path)
        except (OSError, SaveError) as exc:  # SaveError: a position that is not plain JSON
            self.show_error(self.tr("Cannot save"), translated(exc))
            return False
        return True

    def load_game(self, path: str | Path) -> bool:
        try:
            session = Session.load(path)
        except SaveError as exc:
            self.show_error(self.tr("Cannot load game"), translated(exc))
            return False
        self.set_session(session)
        return True

    def ask_save(self) -> None:
        path = ask_save_path(self, self.tr("Save game"), f"{self.export_name()}.pegapp.json",
                             self.tr("PegApp game (*.json)"))
        if path:
            self.save_game(path)

    def ask_load(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Load game"), "",
                                              self.tr("PegApp game (*.json)"))
        if path:
            self.load_game_asking(path)

    def load_game_asking(self, path: str | Path) -> bool:
        """Load a game chosen by the player: the file is read and checked first, so a file that
        cannot be used is reported without asking to give up the game in progress."""
        try:
            session = Session.load(path)
        except SaveError as exc:
            self.show_error(self.tr("Cannot load game"), translated(exc))
            return False
        if not self.may_abandon():
            return False
        self.set_session(session)
        return True

    def _load_autosave(self) -> Session | None:
        """The game in this window's autosave file, or None (none, or unusable: reported)."""
        path = self.autosave_path
        if not path.exists():
            return None
        try:
            return Session.load(path)
        except SaveError as exc:
            self.report_unusable_autosave(path, exc)
            return None

    def restore_autosave(self, puzzle_id: str, params: dict[str, Any]) -> bool:
        """Continue the game left unfinished in this puzzle (same id and setting) when its window
        was last closed; a finished one, or another setting, starts afresh."""
        session = self._load_autosave()
        if session is None:
            return False
        variant = self.family.stats_variant
        if (session.puzzle.id != puzzle_id or not session.moves or session.solved
                or variant(puzzle_id, session.params) != variant(puzzle_id, params)):
            return False
        self.set_session(session)
        return True

    def restore_last_game(self) -> bool:
        """The first window continues the game it held when the program was last closed."""
        session = self._load_autosave()
        if session is None:
            return False
        self.set_session(session)
        return True

    def autosave(self) -> None:
        if self.session is None or not self.may_autosave(self.autosave_path):
            return
        try:
            self.session.save(self.autosave_path)
        except (OSError, SaveError) as exc:  # never lose the old autosave, never crash on quit
            self.last_error = str(exc)
