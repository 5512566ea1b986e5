"""Bulls and cows (and Mastermind): guess the computer's secret, or let it guess yours.

Uses the shared panel, assistant and replay panel; a guess game has no board, so its main area is
the list of questions and answers.
"""

from __future__ import annotations

import random
import weakref
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QSettings, Qt
from PySide6.QtGui import QFont, QKeySequence, QUndoCommand
from PySide6.QtWidgets import (QApplication, QComboBox, QFormLayout, QHBoxLayout, QLabel,
                               QLineEdit, QListWidget, QPushButton, QSpinBox, QStackedWidget,
                               QVBoxLayout, QWidget)

from pegapp.puzzles.base import BadInput, IllegalMove
from pegapp.puzzles.bulls import Codebreaker, ComputerGuessGame, PlayerGuessGame, Score
from pegapp.solvers.result import SOLVED, SolveResult
from pegapp.ui.export import copy_notation
from pegapp.ui.game_window import GameWindow
from pegapp.ui.i18n import plural, translated

RULESETS = (("bulls", QT_TRANSLATE_NOOP("BullsWindow", "Bulls and cows (4 different digits)")),
            ("mastermind",
             QT_TRANSLATE_NOOP("BullsWindow", "Mastermind (6 colours 1-6, repeats allowed)")))



def strategy_name(key: str) -> str:
    """A code-breaking strategy of pegapp.solvers._bulls in the player's words."""
    names = {
        "first-consistent": QCoreApplication.translate("BullsWindow", "first consistent guess"),
        "knuth": QCoreApplication.translate("BullsWindow", "Knuth's minimax"),
        "expected-size": QCoreApplication.translate("BullsWindow", "smallest expected group"),
        "most-parts": QCoreApplication.translate("BullsWindow", "most answer groups"),
        "entropy": QCoreApplication.translate("BullsWindow", "most information"),
        "entropy-max7": QCoreApplication.translate("BullsWindow",
                                                   "most information within 7 guesses"),
    }
    return names.get(key, key)

class GuessCommand(QUndoCommand):
    """A guess (you guess) or an answer (the computer guesses); undo takes it back."""

    def __init__(self, window: BullsWindow, action, text: str):
        super().__init__(text)
        self.window = weakref.proxy(window)
        self.action = action
        self.done = True  # the window already played it, to catch errors before it is pushed

    def redo(self) -> None:
        if self.done:
            self.done = False
        else:
            self.action()
        self.window.refresh()

    def undo(self) -> None:
        self.window.game.undo()
        self.window.refresh()


def big_list(name: str) -> QListWidget:
    lst = QListWidget()
    lst.setObjectName(name)
    font = QFont("monospace")
    font.setStyleHint(QFont.StyleHint.Monospace)
    font.setPointSizeF(lst.font().pointSizeF() * 1.4)
    lst.setFont(font)
    lst.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    return lst


class BullsWindow(GameWindow):
    def __init__(self, mode: str = "player", ruleset: str = "bulls",
                 settings: QSettings | None = None, data_dir: str | Path | None = None,
                 secret: str | None = None, stats=None):
        self.replay_rows: list[str] = []
        self.game = None
        super().__init__(settings, data_dir, stats)
        self.panel.new_button.clicked.connect(self.ask_new_game)
        self.panel.replay.play_here_button.hide()  # a strategy's guesses are not yours to play on
        self.panel.replay.export_button.hide()  # nothing to draw: the rows are the solution

        self.mode_box = QComboBox()
        self.mode_box.addItem(self.tr("Guess the computer's secret"), "player")
        self.mode_box.addItem(self.tr("Let the computer guess yours"), "computer")
        self.rules_box = QComboBox()
        for key, text in RULESETS:
            self.rules_box.addItem(self.tr(text), key)
        self.mode_box.setCurrentIndex(0 if mode == "player" else 1)
        self.rules_box.setCurrentIndex(0 if ruleset == "bulls" else 1)
        self._choice = (self.mode_box.currentIndex(), self.rules_box.currentIndex())
        self.mode_box.currentIndexChanged.connect(self._on_choice_changed)
        self.rules_box.currentIndexChanged.connect(self._on_choice_changed)

        # you guess
        self.history_list = big_list("history")
        self.guess_edit = QLineEdit()
        self.guess_edit.setObjectName("guess")
        self.guess_edit.setMaxLength(4)
        self.guess_edit.returnPressed.connect(self.submit_guess)
        self.guess_button = QPushButton(self.tr("Guess"))
        self.guess_button.clicked.connect(self.submit_guess)
        guess_row = QHBoxLayout()
        guess_row.addWidget(QLabel(self.tr("Your guess:")))
        guess_row.addWidget(self.guess_edit, 1)
        guess_row.addWidget(self.guess_button)
        player_page = QWidget()
        pbox = QVBoxLayout(player_page)
        pbox.setContentsMargins(0, 0, 0, 0)
        pbox.addWidget(self.history_list, 1)
        pbox.addLayout(guess_row)

        # the computer guesses
        self.question_label = QLabel()
        self.question_label.setObjectName("question")
        qfont = self.question_label.font()
        qfont.setPointSizeF(qfont.pointSizeF() * 1.6)
        self.question_label.setFont(qfont)
        self.question_label.setWordWrap(True)
        self.bulls_spin = QSpinBox()
        self.cows_spin = QSpinBox()
        for spin in (self.bulls_spin, self.cows_spin):
            spin.setRange(0, 4)
        self.answer_button = QPushButton(self.tr("Answer"))
        self.answer_button.clicked.connect(self.submit_answer)
        form = QFormLayout()
        self.bulls_label = QLabel(self.tr("Bulls (right digit, right place):"))
        self.cows_label = QLabel(self.tr("Cows (right digit, wrong place):"))
        form.addRow(self.bulls_label, self.bulls_spin)
        form.addRow(self.cows_label, self.cows_spin)
        self.answers_list = big_list("answers")
        computer_page = QWidget()
        cbox = QVBoxLayout(computer_page)
        cbox.setContentsMargins(0, 0, 0, 0)
        cbox.addWidget(QLabel(self.tr("Think of a secret. The computer asks; you score its guess.")))
        cbox.addWidget(self.question_label)
        cbox.addLayout(form)
        cbox.addWidget(self.answer_button)
        cbox.addWidget(self.answers_list, 1)

        self.pages = QStackedWidget()
        self.pages.addWidget(player_page)
        self.pages.addWidget(computer_page)
        main = QWidget()
        mbox = QVBoxLayout(main)
        top = QHBoxLayout()
        top.addWidget(self.mode_box, 1)
        top.addWidget(self.rules_box, 1)
        mbox.addLayout(top)
        mbox.addWidget(self.pages, 1)

        central = QWidget()
        layout = QHBoxLayout(central)
        layout.setContentsMargins(12, 12, 12, 12)
        layout.setSpacing(14)
        layout.addWidget(main, 1)
        layout.addWidget(self.panel)
        self.setCentralWidget(central)
        self.resize(980, 700)
        game_menu = self.menuBar().addMenu(self.tr("&Game"))
        for a in (self.make_action(self.tr("&New game"), self.ask_new_game, QKeySequence.StandardKey.New),
                  self.make_action(self.tr("&Restart"), self.restart, "Ctrl+R"),
                  self.make_action(self.tr("&Close"), self.close, QKeySequence.StandardKey.Close),
                  self.make_action(self.tr("&Quit"), QApplication.closeAllWindows,
                                   QKeySequence.StandardKey.Quit)):
            game_menu.addAction(a)
        self.add_edit_menu()
        self.add_solver_menu()
        self.add_help_menu()
        self.new_game(secret)

    # ---- games

    @property
    def mode(self) -> str:
        return self.mode_box.currentData()

    @property
    def ruleset(self) -> str:
        return self.rules_box.currentData()

    def game_in_progress(self) -> bool:
        return self.game is not None and self.game.guesses > 0 and not self.game.solved

    def ask_new_game(self) -> None:
        if self.may_abandon():
            self.new_game()

    def _on_choice_changed(self, _index: int) -> None:
        """Another mode or ruleset is a new game: ask first, and put the choice back if not."""
        if not self.may_abandon():
            for box, index in zip((self.mode_box, self.rules_box), self._choice):
                box.blockSignals(True)
                box.setCurrentIndex(index)
                box.blockSignals(False)
            return
        self._choice = (self.mode_box.currentIndex(), self.rules_box.currentIndex())
        self.new_game()

    def new_game(self, secret: str | None = None) -> None:
        secret = secret if isinstance(secret, str) else None  # also a button's clicked(bool)
        self.assistant.cancel()
        self.hint_text = ""
        # the new game first: closing the replay and clearing the history refresh the window,
        # which must not meet the old game under the new mode
        if self.mode == "player":
            self.game = PlayerGuessGame(self.ruleset, secret=secret,
                                        seed=random.randrange(1 << 30))
            self.pages.setCurrentIndex(0)
        else:
            self.game = ComputerGuessGame(self.ruleset)
            self.pages.setCurrentIndex(1)
        self.close_replay()
        self.undo_stack.clear()
        self.tracker.start(f"{self.ruleset}/{self.mode}")
        pegs = self.game.rules.pegs
        self.bulls_label.setText(self.tr("Black pegs (right colour, right place):")
                                 if self.ruleset == "mastermind" else
                                 self.tr("Bulls (right digit, right place):"))
        self.cows_label.setText(self.tr("White pegs (right colour, wrong place):")
                                if self.ruleset == "mastermind" else
                                self.tr("Cows (right digit, wrong place):"))
        for spin in (self.bulls_spin, self.cows_spin):
            spin.setRange(0, pegs)
        self.refresh()

    def restart(self) -> None:
        while self.undo_stack.canUndo():
            self.undo_stack.undo()

    def submit_guess(self) -> None:
        code = self.guess_edit.text().strip()
        game = self.game
        try:
            game.guess(code)
        except (BadInput, IllegalMove) as exc:
            self.hint_text = translated(exc)
            self.refresh()
            return
        self.hint_text = ""
        self.undo_stack.push(GuessCommand(self, lambda: game.guess(code), code))
        self.guess_edit.clear()

    def submit_answer(self) -> None:
        """Score the computer's guess; a contradiction is explained and never recorded."""
        game = self.game
        bulls, cows = self.bulls_spin.value(), self.cows_spin.value()
        try:
            question = game.question()
            game.answer(bulls, cows)
        except (BadInput, IllegalMove) as exc:
            self.hint_text = translated(exc)
            self.refresh()
            return
        self.hint_text = ""
        self.undo_stack.push(GuessCommand(self, lambda: game.answer(bulls, cows),
                                          f"{question}: {bulls}B{cows}C"))
        self.bulls_spin.setValue(0)
        self.cows_spin.setValue(0)

    # ---- display

    def history_rows(self, history, numbered: bool = True) -> list[str]:
        """'1234   2 bulls, 1 cow' per guess; numbered for the big list (the side panel's move list
        and the replay number their rows themselves)."""
        rules = self.game.rules
        rows = [f"{g}   {translated(Score(s.bulls, s.cows).words(rules))}" for g, s in history]
        return [f"{i:2d}.  {row}" for i, row in enumerate(rows, 1)] if numbered else rows

    def secrets_left_text(self) -> str:
        """'%1 secrets still fit your answers.' with its number's form."""
        return plural(self.game.remaining_count, self.tr("%1 secret still fits your answers."),
                      self.tr("%1 secrets still fit your answers."))

    def help_family(self) -> str:
        return "bulls"

    def _on_history_changed(self, _index: int) -> None:
        if self.game.solved:
            self.tracker.solved(self.game.guesses)
        self.refresh()

    def play_from_replay(self, step: int) -> None:
        pass

    def copy_solution(self) -> None:
        copy_notation("\n".join(self.replay_rows))

    def _on_replay_step(self, _old: int, new: int) -> None:
        self._show_replay_step(new)

    def refresh(self) -> None:
        game, panel = self.game, self.panel
        name = self.rules_box.currentText()
        self.setWindowTitle(f"PegApp — {name}")
        panel.title_label.setText(name)
        rows = self.history_rows(game.history)
        if self.mode == "player":
            panel.goal_label.setText(
                self.tr("Find the secret code. Each guess is scored: black pegs are right in the "
                        "right place, white pegs right but elsewhere.")
                if self.ruleset == "mastermind" else
                self.tr("Find the secret code. Each guess is scored: bulls are right in the right "
                        "place, cows right but elsewhere."))
            if not panel.replaying:
                self.history_list.clear()
                self.history_list.addItems(rows)
            if game.solved:
                status = plural(game.guesses, self.tr("Solved in %1 guess!"),
                                self.tr("Solved in %1 guesses!")).replace("%1", str(game.guesses))
            else:
                status = self.secrets_left_text().replace(
                    "%1", str(game.remaining_count))
            self.guess_edit.setEnabled(not game.solved)
            self.guess_button.setEnabled(not game.solved)
        else:
            panel.goal_label.setText(self.tr("The computer finds your secret from your scores."))
            self.answers_list.clear()
            self.answers_list.addItems(rows)
            if game.solved:
                status = plural(game.guesses, self.tr("Your secret is %1, found in %2 guess."),
                                self.tr("Your secret is %1, found in %2 guesses.")).replace(
                    "%1", game.secret).replace("%2", str(game.guesses))
                self.question_label.setText(status)
            else:
                status = self.secrets_left_text().replace(
                    "%1", str(game.remaining_count))
                self.question_label.setText(self.tr("My guess: %1").replace("%1", game.question()))
            self.answer_button.setEnabled(not game.solved)
        panel.status_label.setText(status)
        panel.counts_label.setText(self.tr("Guesses: %1").replace("%1", str(game.guesses)))
        panel.set_moves(self.history_rows(game.history, numbered=False))
        panel.set_hint_text(self.hint_text)
        panel.show_search(self.assistant.busy,
                          self.mode == "player" and not game.solved and not panel.replaying)
        panel.undo_button.setEnabled(self.undo_stack.canUndo())
        panel.redo_button.setEnabled(self.undo_stack.canRedo())
        panel.restart_button.setEnabled(self.undo_stack.canUndo())

    # ---- hints and the strategy's solution

    def request_hint(self) -> None:
        if self.mode != "player" or self.game.solved:
            return
        game = self.game
        self.tracker.hint()
        self.assistant.run("hint", lambda progress, stop: game.hint(), len(game.history))
        self.refresh()

    def request_solve(self) -> None:
        """The strategy's guesses for this secret, from the guesses made so far."""
        if self.mode != "player" or self.game.solved:
            return
        game = self.game
        state = tuple(g for g, _ in game.history)
        breaker = Codebreaker(self.ruleset, game.secret, game.strategy)
        self.assistant.run("solve", lambda progress, stop: breaker.solve(state, progress, stop),
                           len(game.history))
        self.refresh()

    def _on_answer(self, kind: str, guesses_then: int, answer) -> None:
        if guesses_then != len(self.game.history):
            return  # the player guessed meanwhile
        if kind == "hint":
            self.hint_text = plural(answer.remaining, self.tr("Try %1 — the secret itself."),
                                    self.tr("Try %1 — %2 secrets still fit.")).replace(
                "%1", answer.guess).replace("%2", str(answer.remaining))
        elif isinstance(answer, SolveResult) and answer.status == SOLVED:
            self.open_replay(answer.moves)
        self.refresh()

    def open_replay(self, guesses: list[str]) -> None:
        secret, rules = self.game.secret, self.game.rules
        history = list(self.game.history)
        for g in guesses:
            history.append((g, Score(*rules.score(g, secret))))
        self.replay_rows = self.history_rows(history)
        self.replay_base = len(self.game.history)
        self.panel.replay.set_solution(
            plural(len(guesses), self.tr("Strategy “%1”: %2 more guess"),
                   self.tr("Strategy “%1”: %2 more guesses"))
            .replace("%1", strategy_name(self.game.strategy))
            .replace("%2", str(len(guesses))),
            self.history_rows(history, numbered=False)[self.replay_base:])
        self.panel.show_replay(True)
        self._show_replay_step(0)
        self.refresh()

    def _show_replay_step(self, step: int) -> None:
        self.history_list.clear()
        self.history_list.addItems(self.replay_rows[:self.replay_base + step])

    def close_replay(self) -> None:
        if self.panel.replaying:
            self.panel.replay.pause()
            self.panel.show_replay(False)
            self.refresh()

