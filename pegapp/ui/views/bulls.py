"""The view of bulls and cows and Mastermind (pegapp.puzzles.bulls.GuessPuzzle): a guessing game
has no board, so the view is the list of guesses and answers with the line to type a guess, or, when
the computer guesses, its question and two counts to score it. The game window
(pegapp.ui.game_window.GameWindow) does the history, hints, Solve and the replay, as for every
family; the mode and the rules are the view's own choices and start a new game through the window.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QIcon, QKeySequence, QPainter, QPixmap
from PySide6.QtWidgets import (QBoxLayout, QComboBox, QFormLayout, QHBoxLayout, QLabel,
                               QLineEdit, QListWidget, QListWidgetItem, QPushButton, QSpinBox, QStackedWidget,
                               QVBoxLayout, QWidget)

from pegapp.puzzles.analysis import Annotations, MoveVerdict
from pegapp.puzzles.base import BadInput
from pegapp.puzzles.bulls import (COMPUTER, PLAYER, PROVEN_STRATEGIES, GuessPuzzle, GuessState,
                                  Score, proven_strategies)
from pegapp.solvers.result import Cancelled
from pegapp.ui.analysis_marks import is_best, paint_badge
from pegapp.ui.i18n import MASTERMIND_RULES, plural, translated
from pegapp.ui.views.base import PuzzleView
from pegapp.ui.worker import SolverRunner
from pegapp.ui.theme import current_theme

#: the proven strategies the window offers, by the plain name of what they minimise
STRATEGY_NAMES = (("optimal", QT_TRANSLATE_NOOP("BullsView", "Fewest guesses on average")),
                  ("minimax", QT_TRANSLATE_NOOP("BullsView", "Fewest guesses at worst")))
RULESETS = (("bulls", QT_TRANSLATE_NOOP("BullsView", "Bulls and cows (4 different digits)")),
            ("mastermind",
             QT_TRANSLATE_NOOP("BullsView", "Mastermind (6 colours 1-6, repeats allowed)")))


def guess_pixmap(mastermind: bool, size: int = 112) -> QPixmap:
    """Four code pegs (Mastermind's colours, or the digits of bulls and cows) on a strip."""
    theme = current_theme()
    pix = QPixmap(size, size)
    pix.fill(theme.table)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(theme.board)
    p.drawRoundedRect(6, 30, size - 12, 52, 10, 10)
    colours = ("#c0392b", "#2f6fb0", "#2e8b57", "#d4a017")
    for i, colour in enumerate(colours):
        x = 14 + i * (size - 28) / 4 + (size - 28) / 8
        p.setBrush(QColor(colour) if mastermind else theme.hole)
        p.drawEllipse(int(x - 9), 47, 18, 18)
        if not mastermind:
            p.setPen(theme.hole_rim)
            p.drawText(int(x - 9), 47, 18, 18, Qt.AlignmentFlag.AlignCenter, "6281"[i])
            p.setPen(Qt.PenStyle.NoPen)
    p.end()
    return pix


def big_list(name: str) -> QListWidget:
    lst = QListWidget()
    lst.setObjectName(name)
    font = QFont("monospace")
    font.setStyleHint(QFont.StyleHint.Monospace)
    font.setPointSizeF(lst.font().pointSizeF() * 1.4)
    lst.setFont(font)
    lst.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    return lst


class BullsView(PuzzleView):
    """Guess the computer's secret (mode "player": moves are codes) or let it guess yours (mode
    "computer": moves are your Scores of its questions)."""

    def move_prompt(self) -> str:
        """A guess has no piece: the hint's steps are the guesses left, then the best guess."""
        return self.tr("Press H again to see the best guess.")

    #: the guesses and their scores are listed here: the window's Moves list would repeat them
    shows_history = True

    def __init__(self, puzzle: GuessPuzzle, parent: QWidget | None = None):
        super().__init__(puzzle, parent)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.mode_box = QComboBox()
        self.mode_box.addItem(self.tr("Guess the computer's secret"), PLAYER)
        self.mode_box.addItem(self.tr("Let the computer guess yours"), COMPUTER)
        self.rules_box = QComboBox()
        for key, text in RULESETS:
            self.rules_box.addItem(self.tr(text), key)
        self.mode_box.setCurrentIndex(self.mode_box.findData(puzzle.mode))
        self.rules_box.setCurrentIndex(self.rules_box.findData(puzzle.id))
        self.mode_box.currentIndexChanged.connect(self._on_choice_changed)
        self.rules_box.currentIndexChanged.connect(self._on_choice_changed)
        self.strategy_box = self._build_strategy_box(puzzle)

        player_page = self._build_player_page(puzzle)
        computer_page = self._build_computer_page(puzzle)

        self.pages = QStackedWidget()
        self.pages.addWidget(player_page)
        self.pages.addWidget(computer_page)
        self.pages.setCurrentIndex(0 if puzzle.mode == PLAYER else 1)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        top = self.choices_row = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        top.addWidget(self.mode_box, 1)
        top.addWidget(self.rules_box, 1)
        box.addLayout(top)
        strategy_row = self.strategy_row = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        # while the player guesses, the strategy is the hints' (found by a new player: "the
        # computer's strategy" when the computer was not guessing)
        self.strategy_label = QLabel(self.tr("Computer's strategy:") if puzzle.mode == COMPUTER
                                     else self.tr("Strategy of the hints:"))
        strategy_row.addWidget(self.strategy_label)
        strategy_row.addWidget(self.strategy_box, 1)
        box.addLayout(strategy_row)
        box.addWidget(self.pages, 1)
        # the window gives the view the keys (view.setFocus): they go where the player types
        self.setFocusProxy(self.guess_edit if puzzle.mode == PLAYER else self.bulls_spin)
        for entry in (self.guess_edit, self.bulls_spin, self.cows_spin):
            entry.installEventFilter(self)
        self.set_state(self.state)

    def eventFilter(self, watched, event) -> bool:
        """The entries leave the window its keys (found by an outside trial: with the guess
        box focused, Ctrl+Z undid the typing and H typed "h"): undo and redo, and letters, which
        no code holds, go to the window's actions; Enter in a score box answers."""
        if event.type() == QEvent.Type.ShortcutOverride and (
                event.matches(QKeySequence.StandardKey.Undo)
                or event.matches(QKeySequence.StandardKey.Redo)
                or (event.text().isalpha() and event.text().isascii())):
            event.ignore()
            return True
        if (event.type() == QEvent.Type.KeyPress and watched in (self.bulls_spin, self.cows_spin)
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)):
            if self.answer_button.isEnabled():
                self.submit_answer()
            return True
        return super().eventFilter(watched, event)

    def _build_player_page(self, puzzle: GuessPuzzle) -> QWidget:
        """The page where the player guesses: the guesses so far, analysis mode's list, the guess line."""
        # you guess
        self.history_list = big_list("history")
        self.guess_edit = QLineEdit()
        self.guess_edit.setObjectName("guess")
        self.guess_edit.setMaxLength(puzzle.rules.pegs)
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
        pbox.addWidget(self.with_placeholder(
            self.history_list, self.tr("Your guesses and their scores will be listed here.")), 1)
        self._build_analysis_box()
        pbox.addWidget(self.analysis_box, 1)
        self.guess_edit.textChanged.connect(lambda _text: self.show_entered())
        #: weighs the guess being typed (a first guess plays out every secret: not in the UI
        #: thread); answers are tagged with the position and the guess
        self.weigher = SolverRunner(self)
        self.weigher.result.connect(self._on_weighed)
        self.weighed: dict[tuple, MoveVerdict] = {}
        self.possible: set[str] = set()
        pbox.addLayout(guess_row)
        return player_page

    def _build_analysis_box(self) -> None:
        """Analysis mode's candidate guesses, weighed (shown only while it is on)."""
        # analysis mode: candidate guesses weighed (shown only while it is on)
        self.analysis_box = QWidget()
        abox = QVBoxLayout(self.analysis_box)
        abox.setContentsMargins(0, 0, 0, 0)
        self.analysis_title = QLabel()
        self.analysis_title.setWordWrap(True)
        self.analysis_list = QListWidget()
        self.analysis_list.setObjectName("analysis")
        mono = QFont(self.history_list.font())  # aligned like the guesses, at the normal size:
        mono.setPointSizeF(self.font().pointSizeF())  # a row fits the smallest window
        self.analysis_list.setFont(mono)
        self.analysis_list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.analysis_list.itemClicked.connect(
            lambda item: self.guess_edit.setText(item.data(Qt.ItemDataRole.UserRole)))
        self.entered_label = QLabel()
        self.entered_label.setObjectName("entered")
        self.entered_label.setWordWrap(True)
        abox.addWidget(self.analysis_title)
        abox.addWidget(self.analysis_list, 1)
        abox.addWidget(self.entered_label)
        self.analysis_box.hide()

    def _build_computer_page(self, puzzle: GuessPuzzle) -> QWidget:
        """The page where the computer guesses: its question, the counts to score it, the answers."""
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
            spin.setRange(0, puzzle.rules.pegs)
        self.answer_button = QPushButton(self.tr("Answer"))
        self.answer_button.clicked.connect(self.submit_answer)
        mastermind = puzzle.rules.repeats
        self.bulls_label = QLabel(self.tr("Black pegs (right colour, right place):") if mastermind
                                  else self.tr("Bulls (right digit, right place):"))
        self.cows_label = QLabel(self.tr("White pegs (right colour, wrong place):") if mastermind
                                 else self.tr("Cows (right digit, wrong place):"))
        form = QFormLayout()
        form.addRow(self.bulls_label, self.bulls_spin)
        form.addRow(self.cows_label, self.cows_spin)
        self.answers_list = big_list("answers")
        computer_page = QWidget()
        cbox = QVBoxLayout(computer_page)
        cbox.setContentsMargins(0, 0, 0, 0)
        think = QLabel(self.tr("Think of a secret. The computer asks; you score its guess."))
        think.setWordWrap(True)  # found by an outside trial: cut at the smallest size
        cbox.addWidget(think)
        cbox.addWidget(self.question_label)
        cbox.addLayout(form)
        cbox.addWidget(self.answer_button)
        cbox.addWidget(self.with_placeholder(
            self.answers_list, self.tr("The computer's guesses and your scores will be listed "
                                       "here.")), 1)
        return computer_page

    def with_placeholder(self, lst: QListWidget, text: str) -> QStackedWidget:
        """The list, or while it is empty a line saying what it will hold (an empty white box
        said nothing: issue 13)."""
        stack = QStackedWidget()
        label = QLabel(text)
        label.setObjectName(lst.objectName() + "_placeholder")
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setWordWrap(True)
        label.setEnabled(False)  # the palette's grey: a hint, not content
        stack.addWidget(lst)
        stack.addWidget(label)
        return stack

    def show_placeholder(self, lst: QListWidget) -> None:
        stack = lst.parentWidget()
        while stack is not None and not isinstance(stack, QStackedWidget):
            stack = stack.parentWidget()
        if stack is not None:
            stack.setCurrentIndex(0 if lst.count() else 1)

    # ---- what the player does

    @property
    def mode(self) -> str:
        return self.puzzle.mode

    @property
    def ruleset(self) -> str:
        return self.puzzle.id

    def _on_choice_changed(self, _index: int) -> None:
        """Another mode or ruleset is a new game, which the window starts if the player agrees
        (it then shows it in a new view); this view keeps showing its own game."""
        puzzle_id, mode = self.rules_box.currentData(), self.mode_box.currentData()
        for box, value in ((self.mode_box, self.puzzle.mode), (self.rules_box, self.puzzle.id)):
            box.blockSignals(True)
            box.setCurrentIndex(box.findData(value))
            box.blockSignals(False)
        params = {"mode": mode}
        if self.puzzle.strategy != GuessPuzzle(puzzle_id).strategy:
            params["strategy"] = self.puzzle.strategy
        self.newGameRequested.emit(puzzle_id, params)

    def _build_strategy_box(self, puzzle: GuessPuzzle) -> QComboBox:
        """The computer's strategy (hints, its replay, its questions, analysis mode): the proven
        ones shipped for the ruleset, and the game's own when it is another."""
        box = QComboBox()
        box.setObjectName("strategy")
        shipped = proven_strategies(puzzle.rules.name)
        for key, text in STRATEGY_NAMES:
            if key in shipped:
                box.addItem(self.tr(text), key)
        if box.findData(puzzle.strategy) < 0:
            box.addItem(self.tr("A good strategy, not a proven best (%1)").replace(
                "%1", puzzle.strategy), puzzle.strategy)
        box.setCurrentIndex(box.findData(puzzle.strategy))
        box.currentIndexChanged.connect(self._on_strategy_changed)
        return box

    def _on_strategy_changed(self, _index: int) -> None:
        """Another strategy is a new game of the same kind (the window asks first)."""
        key = self.strategy_box.currentData()
        self.strategy_box.blockSignals(True)
        self.strategy_box.setCurrentIndex(self.strategy_box.findData(self.puzzle.strategy))
        self.strategy_box.blockSignals(False)
        self.newGameRequested.emit(self.puzzle.id, {"mode": self.puzzle.mode, "strategy": key})

    def submit_guess(self) -> None:
        self.request([self.guess_edit.text().strip()])

    def submit_answer(self) -> None:
        """Score the computer's guess; the window refuses (and explains) a contradiction."""
        self.request([Score(self.bulls_spin.value(), self.cows_spin.value())])

    # ---- analysis mode (issue #14): candidate guesses, and the guess being typed

    draws_annotations = True

    def set_annotations(self, annotations: Annotations | None) -> None:
        """The window's verdicts of the candidate guesses (the strategy's own, the best by
        one-step look-ahead, the possible secrets when few are left), listed best first, each
        with a badge of its worst case; the guess being typed is weighed too."""
        self.annotations = annotations
        self.analysis_list.clear()
        #: the secrets still possible, when few (a candidate among them may win at once)
        self.possible = set(self.puzzle.remaining(self.state)) if \
            self.puzzle.remaining_count(self.state) <= 64 else set()
        shown = annotations is not None and self.puzzle.mode == PLAYER and \
            not self.puzzle.is_solved(self.state)
        self.analysis_box.setVisible(shown)
        if not shown:
            return
        self.analysis_title.setText(self.tr(
            "Guesses to find the secret, counting the guess, if the computer plays on after it: "
            "at most (badge) and on average."))
        for verdict in annotations.verdicts:
            item = QListWidgetItem(self.badge_icon(verdict), self.verdict_text(verdict))
            item.setData(Qt.ItemDataRole.UserRole, verdict.move)
            self.analysis_list.addItem(item)
        self.show_entered()

    def verdict_text(self, verdict: MoveVerdict) -> str:
        """"0123   at most 7 · 5.24 on average", and whether it may be the secret itself."""
        text = (self.tr("%1   at most %2 · %3 on average").replace("%1", verdict.move)
                .replace("%2", str(verdict.worst)).replace("%3", f"{verdict.expected:.2f}"))
        if verdict.move in self.possible:
            text += "  " + self.tr("(may be the secret)")
        if verdict.best_play is False:
            text += "  " + self.tr("(a bound: the best play may need fewer)")
        return text

    def badge_icon(self, verdict: MoveVerdict) -> QIcon:
        """The verdict's badge (the worst case; green for the best), as the boards draw it."""
        side = max(18, int(QFontMetrics(self.analysis_list.font()).height() * 1.3))
        ratio = self.devicePixelRatioF()
        pix = QPixmap(int(side * ratio), int(side * ratio))
        pix.setDevicePixelRatio(ratio)
        pix.fill(Qt.GlobalColor.transparent)
        p = QPainter(pix)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_badge(p, self.theme(), QPointF(side / 2, side / 2), side / 2 - 1, verdict,
                    is_best(self.annotations, verdict), self.font())
        p.end()
        self.analysis_list.setIconSize(QSize(side, side))
        return QIcon(pix)

    def entered_verdict(self) -> MoveVerdict | None:
        """The typed guess weighed like the candidates: from the list, or weighed already, else
        asked of the worker (None meanwhile, with analysis off, or when it is not a code)."""
        if self.annotations is None or self.puzzle.mode != PLAYER:
            return None
        text = self.guess_edit.text().strip()
        if len(text) != self.puzzle.rules.pegs:
            return None
        for v in self.annotations.verdicts:
            if v.move == text:
                return v
        key = (self.state, text)
        if key in self.weighed:
            return self.weighed[key]
        try:
            self.puzzle.rules.check_code(text)
        except ValueError:
            return None
        if self.weigher.tag != key:
            puzzle, state = self.puzzle, self.state

            def job(_progress, stop):
                try:
                    return puzzle.weigh(state, text, stop)
                except (Cancelled, BadInput):
                    return None

            self.weigher.start(job, tag=key)
        return None

    def _on_weighed(self, key, verdict) -> None:
        if verdict is not None:
            self.weighed[key] = verdict
        if key == (self.state, self.guess_edit.text().strip()):
            self.show_entered()

    def show_entered(self) -> None:
        verdict = self.entered_verdict()
        if verdict is None:
            self.entered_label.setText(self.tr("Weighing your guess…") if self.weigher.busy
                                       else self.tr("Type a guess to weigh it too."))
            return
        text = self.tr("Your guess %1: at most %2 guesses, %3 on average.").replace(
            "%1", verdict.move).replace("%2", str(verdict.worst)).replace(
            "%3", f"{verdict.expected:.2f}")
        best = self.annotations.best
        if verdict.possible is False:
            text += " " + self.tr("It can no longer be the secret.")
        if best and self.annotations.guess_key(verdict) > self.annotations.guess_key(best[0]):
            text += " " + self.tr("The best listed: %1 (at most %2).").replace(
                "%1", best[0].move).replace("%2", str(best[0].worst))
            extra = (verdict.expected - best[0].expected) * (self.annotations.possible or 0)
            if verdict.best_play and best[0].best_play and extra > 0:
                # (summed over the secrets: a figure an outside trial could not place)
                costs = plural(round(extra), self.tr("It costs %1 more guess in all."),
                               self.tr("It costs %1 more guesses in all."))
                if (self.annotations.possible or 0) > 1:
                    costs = plural(round(extra), self.tr(
                        "Over the %2 secrets still possible, it costs 1 more guess in all."),
                        self.tr("Over the %2 secrets still possible, it costs %1 more guesses "
                                "in all."))
                text += " " + costs.replace("%1", str(round(extra))).replace(
                    "%2", str(self.annotations.possible))
        self.entered_label.setText(text)

    def analysis_summary(self, annotations: Annotations) -> str | None:
        """Bulls and cows has no distance to a goal: what the numbers are instead."""
        if self.puzzle.mode != PLAYER:
            return self.tr("Analysis: when the computer guesses, there is nothing to weigh.")
        if not annotations.verdicts:
            return self.tr("Analysis: weighing guesses…")
        if annotations.strategy in PROVEN_STRATEGIES:
            # the strategy by what it minimises, in the player's language (found by an outside
            # trial: "(optimal)" stood in English in the Japanese sentence)
            names = dict(STRATEGY_NAMES)
            text = self.tr("Analysis: each listed guess is weighed with the proven best play "
                           "after it (%1), over every secret still possible.").replace(
                "%1", self.tr(names[annotations.strategy]).lower()
                if annotations.strategy in names else annotations.strategy)
            if annotations.first_guess_kinds:
                text += " " + self.tr("Before the first answer every first guess is one of "
                                      "these kinds (renaming the symbols or reordering the "
                                      "places changes nothing): each is weighed once.")
            return text
        return self.tr("Analysis: the listed guesses are weighed with the computer's strategy "
                       "(%1) playing on after each: exact for that play, not a proven best."
                       ).replace("%1", annotations.strategy)

    # ---- PuzzleView

    def play_move(self, move, state) -> None:
        """A guess or an answer was played: the entry is cleared for the next one."""
        self.guess_edit.clear()
        self.bulls_spin.setValue(0)
        self.cows_spin.setValue(0)
        self.set_state(state)

    def set_state(self, state: GuessState) -> None:
        self.state = state
        self.hint = None
        puzzle = self.puzzle
        rows = self.history_rows(puzzle.history(state))
        solved = puzzle.is_solved(state)
        if puzzle.mode == PLAYER:
            self.history_list.clear()
            self.history_list.addItems(rows)
            self.show_placeholder(self.history_list)
        else:
            self.answers_list.clear()
            self.answers_list.addItems(rows)
            self.show_placeholder(self.answers_list)
            if solved:
                self.question_label.setText(self.status_text(None))
            else:
                self.question_label.setText(
                    self.tr("My guess: %1").replace("%1", puzzle.question(state)))
        self._enable()

    @property
    def interactive(self) -> bool:
        return self._interactive

    @interactive.setter
    def interactive(self, on: bool) -> None:
        self._interactive = on
        if hasattr(self, "answer_button"):  # set once by PuzzleView before the widgets exist
            self._enable()

    def _enable(self) -> None:
        playing = self._interactive and not self.puzzle.is_solved(self.state)
        for w in (self.guess_edit, self.guess_button, self.answer_button, self.bulls_spin,
                  self.cows_spin):
            w.setEnabled(playing)

    def history_rows(self, history: list[tuple[str, Score]], numbered: bool = True) -> list[str]:
        """'1234   2 bulls, 1 cow' per (guess, score) of history, numbered for the big list."""
        rules = self.puzzle.rules
        rows = [f"{g}   {translated(s.words(rules))}" for g, s in history]
        return [f"{i:2d}.  {row}" for i, row in enumerate(rows, 1)] if numbered else rows

    def picture(self, size: int) -> QPixmap:
        return guess_pixmap(self.puzzle.rules.repeats, size)

    def paint_diagram(self, p: QPainter, rect: QRectF) -> None:
        """The guesses so far with their scores, a row each (before the first, the game's
        picture: its code pegs): the view is made of child widgets, which a sheet does not
        draw."""
        rows = self.history_rows(self.puzzle.history(self.state))
        if not rows:
            side = int(min(rect.width(), rect.height()) * 0.6)
            p.drawPixmap(int(rect.center().x() - side / 2), int(rect.center().y() - side / 2),
                         self.picture(side))
            return
        p.save()
        p.setPen(self.theme().text)
        font = QFont(self.font())
        # as large as the rows fit: at most a sixth of the height a row, the widest within
        font.setPixelSize(max(6, round(rect.height() / (max(len(rows), 5) * 1.3))))
        p.setFont(font)
        widest = max(p.fontMetrics().horizontalAdvance(r) for r in rows)
        if widest > rect.width() * 0.9:
            font.setPixelSize(max(6, int(font.pixelSize() * rect.width() * 0.9 / widest)))
            p.setFont(font)
            widest = max(p.fontMetrics().horizontalAdvance(r) for r in rows)
        line = p.fontMetrics().height() * 1.3
        top = rect.top() + (rect.height() - line * len(rows)) / 2
        left = rect.left() + (rect.width() - widest) / 2
        for i, row in enumerate(rows):
            p.drawText(QRectF(left, top + i * line, widest + 1, line),
                       int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), row)
        p.restore()

    def description(self) -> str:
        if self.puzzle.rules.repeats:  # Mastermind shares the family, not its rules
            return QCoreApplication.translate("Rules", MASTERMIND_RULES)
        return super().description()

    def heading(self) -> str:
        """The rules chosen name the game already: "Bulls and cows (4 different digits)"."""
        return self.title()

    def title(self) -> str:
        return self.rules_box.currentText()

    def status_text(self, session) -> str:
        """Solved in so many guesses, the player's secret once found, or how many secrets still
        fit the answers."""
        puzzle, state = self.puzzle, self.state if session is None else session.state
        n = len(state.guesses)
        if puzzle.is_solved(state) and puzzle.mode == PLAYER:
            return plural(n, self.tr("Solved in %1 guess!"),
                          self.tr("Solved in %1 guesses!")).replace("%1", str(n))
        if puzzle.is_solved(state):
            return plural(n, self.tr("Your secret is %1, found in %2 guess."),
                          self.tr("Your secret is %1, found in %2 guesses.")).replace(
                "%1", puzzle.found(state)).replace("%2", str(n))
        left = puzzle.remaining_count(state)
        return plural(left, self.tr("%1 secret still fits your answers."),
                      self.tr("%1 secrets still fit your answers.")).replace("%1", str(left))

    def counts_text(self, session) -> str:
        return self.tr("Guesses: %1").replace("%1", str(session.move_count))

    def offers_answers(self) -> bool:
        """When the computer guesses, only the player knows the secret: nothing to hint or
        solve (found by an outside trial: Hint and Solve were enabled and did nothing)."""
        return self.puzzle.mode == PLAYER

    def sizeHint(self) -> QSize:
        return QSize(560, 600)

    def minimumSizeHint(self) -> QSize:
        """Wide enough for a whole row of the guesses list (a score is never cut off or read by
        scrolling sideways), in the player's language and the list's large font."""
        lst = self.history_list
        metrics = QFontMetrics(lst.font())
        code = "0" * self.puzzle.rules.pegs
        rows = self.history_rows([(code, Score(b, c)) for b, c in ((1, 1), (1, 2), (2, 1),
                                                                    (2, 2))])
        text = max(metrics.horizontalAdvance(row.replace(" 1.", "10.")) for row in rows)
        width = (text + 2 * lst.frameWidth() + lst.verticalScrollBar().sizeHint().width()
                 + 3 * metrics.averageCharWidth())  # the items' own margins
        base = super().minimumSizeHint()
        return QSize(max(base.width(), width), base.height())

    def resizeEvent(self, event) -> None:
        """The two choices side by side when their texts fit, else one above the other."""
        need = (self.mode_box.sizeHint().width() + self.rules_box.sizeHint().width()
                + self.choices_row.spacing())
        self.choices_row.setDirection(QBoxLayout.Direction.LeftToRight if self.width() >= need
                                      else QBoxLayout.Direction.TopToBottom)
        # the strategy's name whole too: under its label when beside it does not fit (found by
        # an outside trial: "Fewest guesses on averag")
        need = (self.strategy_label.sizeHint().width() + self.strategy_box.sizeHint().width()
                + self.strategy_row.spacing())
        self.strategy_row.setDirection(QBoxLayout.Direction.LeftToRight if self.width() >= need
                                       else QBoxLayout.Direction.TopToBottom)
        super().resizeEvent(event)
