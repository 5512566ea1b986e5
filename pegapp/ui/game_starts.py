"""How a new game starts in the game window: the picker (a game of the window's family plays
there, another family opens in a window of its own, a puzzle open already brings its window
forward), Size…, Enter a position, Open file, Shuffle, Draw, the ending's Try again and Another
problem, and the view's own requests (a start hole, a mode). Each asks the window whether the
game in progress may be given up (may_abandon) before the window starts the new one (new_game,
set_session); a start that cannot be played is refused with the reason and the game stays."""

from __future__ import annotations

import random
from pathlib import Path

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QDialog, QInputDialog

from pegapp.puzzles import registry
from pegapp.puzzles.base import POSITION, RANDOM, SHUFFLE, BadInput
from pegapp.puzzles.session import Session, state_to_json
from pegapp.ui import open_windows
from pegapp.ui.file_dialogs import ask_open_path
from pegapp.ui.i18n import translated
from pegapp.ui.picker import GamePicker
from pegapp.ui.variant_dialog import VariantDialog
from pegapp.ui.window_part import WindowPart


class GameStarts(WindowPart):
    """The commands that start another game: a part of the game window, which holds it as
    `starts` (its actions and the panel's ending buttons call these)."""

    def new_random_game(self) -> None:
        """A fresh, solvable start of the same puzzle (puzzles without other starts restart)."""
        puzzle = self.session.puzzle
        params = dict(self.session.params)
        seed = random.randrange(1 << 30)
        if SHUFFLE in puzzle.ABILITIES:
            params.pop("start", None)
            params["shuffle"] = seed
        elif RANDOM in puzzle.ABILITIES:
            params["start"] = state_to_json(puzzle.random_reachable(seed))
        self.window.new_game(puzzle.id, params)

    def try_again(self) -> None:
        """The same puzzle from its start as a new game: the statistics count the new try and
        its solve (an undoable restart of a won game would bring the win back with Undo, and
        the win would be counted for the new try)."""
        if self.session is not None:
            self.window.new_game(self.session.puzzle.id, dict(self.session.params))

    def another_problem(self) -> None:
        """The ending's "Another problem…": the view's own problem list when it has one (a peg
        board's catalogue), else the game picker."""
        action = self.view.another_problem() if self.view is not None else None
        if action is not None:
            action.trigger()
        else:
            self.choose_game()

    def shuffle_clicked(self) -> None:
        if self.window.may_abandon():
            self.new_random_game()

    def ask_variant(self) -> None:
        if not self.family.params:
            return
        values_of = self.family.values_of
        current = values_of(self.session.puzzle) if values_of and self.session else None
        dialog = VariantDialog(self.family, self.window, current)
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        self.window.take_focus_back()
        if accepted and self.window.may_abandon():
            self.window.new_game(*dialog.choice())

    def ask_position(self) -> None:
        text, ok = QInputDialog.getText(self.window, self.tr("Enter a position"),
                                        self.view.position_help())
        if ok and text.strip() and self.window.may_abandon():
            self.enter_position(text)

    def enter_position(self, text: str) -> bool:
        """Start from a typed position; one that cannot be played is refused with the reason."""
        puzzle = self.session.puzzle
        params = {k: v for k, v in self.session.params.items() if k not in ("start", "shuffle")}
        try:
            if POSITION not in puzzle.ABILITIES:
                raise BadInput(self.tr("this puzzle has no other starts"))
            params["start"] = state_to_json(puzzle.parse_state(text))
            self.window.new_game(puzzle.id, params)
        except (BadInput, ValueError) as exc:
            self.window.show_error(self.tr("Position refused"), translated(exc))
            return False
        return True

    def ask_open_file(self) -> None:
        opens = self.view.file_kind()
        if opens is None:
            return
        path = ask_open_path(self.window, opens[0].replace("&", "").rstrip("…"), opens[1])
        if path:
            self.open_file(path, ask=True)

    def open_file(self, path: str | Path, ask: bool = False) -> bool:
        """Start the game of a file the family opens (a player's board); a file that cannot be
        used is refused with the reason and the game is untouched. ask: the player chose the
        file, so a game in progress is given up only after the file proved usable."""
        try:
            puzzle_id, params = self.view.game_from_file(path)
            puzzle = registry.family_of(puzzle_id).make(puzzle_id, params)
        except (BadInput, ValueError, OSError, KeyError) as exc:  # BoardError is a ValueError
            self.window.show_error(self.tr("Cannot open the file"), translated(exc))
            return False
        if ask and not self.window.may_abandon():
            return False
        self.window.set_session(Session(puzzle, params), new=True)
        return True

    def start_requested_game(self, puzzle_id: str, params: dict) -> None:
        """The view asks for another start of its family (a start hole, a mode)."""
        if self.window.may_abandon():
            self.window.new_game(puzzle_id, params)
        elif self.session is not None:
            self.view.set_state(self.session.state)

    def set_drawing(self, on: bool) -> None:
        """DRAW puzzles: while drawing, clicks switch single lights; the drawing becomes the
        start. Drawing replaces the game, so a game in progress is asked about first (found by
        an outside trial: Draw, twice, threw away the moves without asking and with no undo)."""
        if on and not self.window.may_abandon():
            self.window.draw_action.blockSignals(True)
            self.window.draw_action.setChecked(False)
            self.window.draw_action.blockSignals(False)
            return
        self.view.drawing = on
        self.view.interactive = not on
        if not on:
            params = dict(self.session.params, start=state_to_json(self.view.state))
            self.window.new_game(self.session.puzzle.id, params)
        self.window.hint_text = (
            self.tr("Click lights to switch them; press Draw again to play.") if on else "")
        self.changed.emit()

    def choose_game(self) -> None:
        picker = GamePicker(self.window, self.session.puzzle.id if self.session else None)
        picker.setModal(True)
        picker.finished.connect(self.window.take_focus_back)  # before accepted: a window it opens leads
        picker.accepted.connect(lambda: self.start_chosen_game(picker.chosen()))
        picker.open()
        self.picker = picker

    def start_chosen_game(self, choice: tuple[str, str, dict] | None) -> None:
        """The picker's choice: a puzzle open in another window brings that window forward (its
        game goes on there; one not begun starts the choice); one of this window's family plays
        here; another opens in a window of its own, which says so."""
        if choice is None:
            return
        family, puzzle_id, params = choice
        open_already = open_windows.window_showing(self.window.data_dir, puzzle_id)
        if open_already is not None and open_already is not self.window:
            open_windows.bring_forward(open_already)
            if open_already.game_in_progress():
                open_already.hint_text = self.tr(
                    "This puzzle was open already: its game goes on here (Restart or New game "
                    "starts another).")
                open_already.refresh()
            else:
                open_already.new_game(puzzle_id, params)
            return
        if family == self.family.key:
            if self.window.may_abandon():
                self.window.new_game(puzzle_id, params)
            return
        window = open_windows.open_window(self.window, puzzle_id, params)
        window.move(self.window.pos() + QPoint(40, 40))  # beside this one, not exactly over it
        window.hint_text = self.tr("A window of its own: your other games stay open (Window "
                                   "menu).")
        window.refresh()
