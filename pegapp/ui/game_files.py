"""Saving and loading in the game window: Save and Load (one save format, pegapp.puzzles.session),
the autosave of every window and the first window's last game, restored at start; an unusable
file is reported and set aside, never overwritten; a file another copy of the program changed is
never written over either.

The autosave is written during play, not only when the window closes (issue #72: a kill -9 lost
the whole game, and the statistics its play time): every change to the game (a move, undo, redo,
restart, a new or loaded game, any family) calls game_changed; when the game's flow says a write
is due (pegapp.puzzles.flow.GameFlow.autosave_due) a short single-shot timer starts, and when it
fires the game goes to disk (storage.write_atomic: whole or not at all) and the play time to the
statistics. A crash, a kill or a power cut so loses at most the last
AUTOSAVE_DELAY_MS of play; a write that fails (a full disk) keeps the last good file and is said
once, in the status bar."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer

from pegapp.core.storage import SaveError, set_aside
from pegapp.puzzles import guard, registry
from pegapp.puzzles.flow import AUTOSAVE_DELAY_MS
from pegapp.puzzles.session import Session
from pegapp.ui.file_dialogs import ask_open_path, ask_save_path
from pegapp.ui import open_windows
from pegapp.ui.i18n import translated
from pegapp.ui.open_windows import AUTOSAVE_PREFIX, AUTOSAVE_SUFFIX
from pegapp.ui.window_part import WindowPart


#: the first window's autosave: the last game, whatever its family (the name of the peg window's
#: autosave before there was one window, so an old autosave is continued)
LAST_GAME_FILE = "autosave.pegapp.json"
#: how often the play time goes to the statistics while nothing is played (thinking counts)
PLAY_TIME_FLUSH_MS = 30_000


class SaveAndLoad(WindowPart):
    """Save, load and the autosave: a part of the game window (pegapp.ui.game_window), which holds
    it. Its state: this window's autosave file (claimed, with the stamp of the file as this
    window last read or wrote it), the files it must not write over, and the timers. It reads
    the window's game (its flow), shows a game loaded with the window's set_session, asks with
    its may_abandon and tells the player in its message boxes and status bar."""

    def __init__(self, window, first: bool, puzzle_id: str):
        """first: the window is the program's first (its autosave is the last game);
        puzzle_id: the puzzle it opens with (its autosave's name until a game is on)."""
        super().__init__(window)
        self.tracker = window.tracker
        self.first, self._puzzle_id = first, puzzle_id
        #: this window's own autosave file while it is open (open_windows)
        self.autosave_claim, self._claim_base, self._autosave_stamp = None, None, None
        #: autosaves that could not be read but may be intact: left in place, never written over
        self.kept_autosaves: set[Path] = set()
        #: the window closes: nothing is scheduled or said any more
        self.closing = False
        self.autosave_timer = QTimer(self)
        self.autosave_timer.setSingleShot(True)
        self.autosave_timer.setInterval(AUTOSAVE_DELAY_MS)
        self.autosave_timer.timeout.connect(self.save_progress)
        self.play_time_timer = QTimer(self)
        self.play_time_timer.setInterval(PLAY_TIME_FLUSH_MS)
        self.play_time_timer.timeout.connect(self.tracker.flush)
        self.play_time_timer.start()
        #: why the last autosave failed, told once in the status bar ("" when it was written)
        self.autosave_trouble = ""


    @property
    def data_dir(self) -> Path:
        return self.window.data_dir

    def game_changed(self) -> None:
        """The game may have changed (the one hook every change goes through: the undo stack's
        history and set_session): the flow says whether a write is due (GameFlow.autosave_due:
        a change since the last write, none pending), and the timer writes it within
        AUTOSAVE_DELAY_MS. Not in Train (game_training): its puzzles are not the window's game."""
        if self.window.training.active:
            return
        self.tracker.activity()   # a move, undo, redo or new game: the player is playing
        if not self.closing and self.flow.autosave_due():
            self.autosave_timer.start()

    def save_progress(self) -> None:
        """The autosave during play: the game, then the play time so far to the statistics (so
        a crash loses neither). Also Game > Statistics and the window's close flush them."""
        self.autosave()
        self.tracker.flush()

    @property
    def autosave_path(self) -> Path:
        """This window's own autosave: one per puzzle ("slide/3x3" and "slide/4x4" apart), the
        first window's the last game, whatever it is; held by this window alone while it is open
        (pegapp.ui.open_windows: a second window of the same puzzle gets a file of its own)."""
        base = self.autosave_base()
        if self.autosave_claim is None or self._claim_base != base:
            self.claim_autosave(open_windows.free_autosave(self.window, base), base)
        return self.autosave_claim

    def autosave_base(self) -> str:
        """How this window's autosave file is named, before its number and suffix."""
        if self.first:
            return LAST_GAME_FILE.removesuffix(AUTOSAVE_SUFFIX)
        puzzle_id = self.session.puzzle.id if self.session is not None else self._puzzle_id
        return f"{AUTOSAVE_PREFIX}-{puzzle_id.replace('/', '-')}"

    def claim_autosave(self, path: Path, base: str) -> None:
        """Take path as this window's autosave, noting the file as it is now: a file changed by
        someone else before this window saves (another copy of the program) is not written over."""
        self.autosave_claim, self._claim_base = Path(path), base
        self._autosave_stamp = file_stamp(path)

    def save_game(self, path: str | Path) -> bool:
        try:
            self.session.save(path)
        except (OSError, SaveError) as exc:  # SaveError: a position that is not plain JSON
            self.window.show_error(self.tr("Cannot save"), translated(exc))
            return False
        return True

    def load_game(self, path: str | Path) -> bool:
        try:
            session = Session.load(path)
        except SaveError as exc:
            self.window.show_error(self.tr("Cannot load game"), translated(exc))
            return False
        self.window.set_session(session)
        return True

    def ask_save(self) -> None:
        path = ask_save_path(self.window, self.tr("Save game"),
                             f"{self.window.export_name()}.pegapp.json",
                             self.tr("PegApp game (*.json)"))
        if path:
            self.save_game(path)

    def ask_load(self) -> None:
        path = ask_open_path(self.window, self.tr("Load game"), self.tr("PegApp game (*.json)"))
        if path:
            self.load_game_asking(path)

    def load_game_asking(self, path: str | Path) -> bool:
        """Load a game chosen by the player: the file is read and checked first, so a file that
        cannot be used is reported without asking to give up the game in progress."""
        try:
            session = Session.load(path)
        except SaveError as exc:
            self.window.show_error(self.tr("Cannot load game"), translated(exc))
            return False
        if not self.window.may_abandon():
            return False
        self.window.set_session(session)
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
        finally:  # as read, or set aside
            self._autosave_stamp = file_stamp(path)

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
        self.window.set_session(session)
        return True

    def restore_last_game(self) -> bool:
        """Continue the game this window held when the program was last closed (the first
        window's, or one listed in open_windows.WINDOWS_FILE), whatever it is."""
        session = self._load_autosave()
        if session is None:
            return False
        self.window.set_session(session)
        return True

    def autosave(self) -> bool:
        """Save the game to this window's autosave (during play, see game_changed, and when the
        window closes); whether it was written. A file someone else
        wrote since this window read or wrote it (another copy of the program on the same data
        folder) is newer than what this window knows of it: it is kept, and this game goes to a
        file of its own beside it (autosave-…-2.pegapp.json), never over it."""
        self.autosave_timer.stop()  # saved now: a pending write would only write it again
        if self.window.training.active:  # the game set aside was saved as Train began
            return False
        session = self.flow.autosave_writing()
        if session is None or not self.may_autosave(self.autosave_path):
            return False
        path = self.autosave_path
        if file_stamp(path) != self._autosave_stamp:
            spare = open_windows.free_autosave(self.window, self._claim_base, absent=True)
            self.claim_autosave(spare, self._claim_base)
            self.window.last_error = self.tr("%1 was changed by another copy of PegApp; this window's "
                                      "game was saved as %2.").replace("%1", str(path)).replace(
                                          "%2", str(spare))
            path = spare
        try:
            session.save(path)
        except (OSError, SaveError) as exc:  # never lose the old autosave, never crash on quit
            self.autosave_failed(exc)
            return False
        except guard.PASSED_ON:
            raise
        except Exception as exc:  # noqa: BLE001 - a plug-in's own (format_moves, a state's JSON)
            if not registry.is_plugin(self.family):
                raise
            self.autosave_failed(exc)
            return False
        self._autosave_stamp = file_stamp(path)
        if self.autosave_trouble:  # written again: the status bar and its warning go
            self.autosave_trouble = ""
            self.window.statusBar().clearMessage()
            self.window.statusBar().hide()
        return True

    def autosave_failed(self, exc: Exception) -> None:
        """An autosave not written (a full disk, a folder that cannot be written): the last good
        file stays as it was (write_atomic), play goes on, and the next change tries again.
        Said once in the status bar (no dialog at every move), until a write succeeds."""
        self.window.last_error = translated(exc)
        if self.autosave_trouble or self.closing:
            return
        self.autosave_trouble = self.tr(
            "The game could not be saved (%1). The last saved game is kept; saving is tried "
            "again at the next move.").replace("%1", translated(exc))
        self.window.statusBar().show()
        self.window.statusBar().showMessage(self.autosave_trouble)

    def report_unusable_autosave(self, path: Path, exc: SaveError) -> None:
        """Keep an autosave that cannot be restored under a telling name, and say so.

        A file that could not be read at all (permission denied, an I/O error) may well be
        intact: it stays where it is, and this window does not autosave over it."""
        title = self.tr("Saved game not restored")
        if exc.tag is None:
            self.kept_autosaves.add(Path(path))
            self.window.show_error(title, self.tr(
                "%1\nThe file was left in place; this window will not save over it.").replace(
                    "%1", translated(exc)))
            return
        try:
            kept = set_aside(path, exc.tag)
        except OSError as err:  # cannot rename it: it stays, and is not saved over either
            self.kept_autosaves.add(Path(path))
            self.window.show_error(title, self.tr(
                "%1\nThe file could not be renamed (%2); it was left in place and this window "
                "will not save over it.").replace("%1", translated(exc)).replace(
                    "%2", err.strerror or str(err)))
            return
        self.window.show_error(title, self.tr("%1\nThe file was kept as %2.").replace(
            "%1", translated(exc)).replace("%2", str(kept)))

    def may_autosave(self, path: Path) -> bool:
        """Whether the game may be saved to path when the window closes: not over an autosave
        that could not be read or moved aside this session (it may hold the player's game)."""
        return Path(path) not in self.kept_autosaves


def file_stamp(path: Path) -> tuple[int, int, int] | None:
    """What tells one version of a file from another (a file replaced atomically gets a new
    inode; one written in place a new time or size); None when there is none."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_ino, st.st_mtime_ns, st.st_size
