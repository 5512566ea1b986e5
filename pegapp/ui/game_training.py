"""Train in the game window (Game > Train…, issue #74 point 2): a stream of training puzzles of
the window's puzzle, each played on the board as a game, every move judged at once. The
judgement, the result kept and the rating are the Qt-free Trainer's (pegapp.puzzles.trainer);
this part runs its stream in a worker of its own, puts each puzzle on the window's board (the
window shows it as it shows a loaded game: GameWindow.set_session with training=True), says
the verdict after every change of the history, and shows the rating, the streak and the last
attempts in a box of the side panel, with Retry, Show the line, Next puzzle and Leave Train.

While Train is on, the window's game is set aside (saved first), no game of the statistics'
tables is counted (PlayTracker.stop: the trainer keeps its own records) and nothing is
autosaved; analysis mode is off (its marks would give the answer away); Hint asks the trainer
(the line's move: the puzzle counts as shown) and Solve shows the line. Leaving brings the game
back; any other game started meanwhile (the picker, a file) ends Train and replaces it.

The next puzzle is made ready in the worker while the player solves the current one, for the
rating at that moment: when the rating has moved farther than the stream's window by the time
it is dealt, it goes back to the stream and another is made for the new rating."""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QHBoxLayout, QVBoxLayout

from pegapp.core.messages import msg
from pegapp.core.training_records import RIGHT, SHOWN, TrainingRecords
from pegapp.puzzles import registry
from pegapp.puzzles.base import HIDDEN
from pegapp.puzzles.trainer import (ON_THE_WAY, SOLVED, START, WINDOW, Trainer,
                                    TrainingPuzzle, Verdict, describe)
from pegapp.ui.i18n import family_name, plural, translated
from pegapp.ui.move_command import move_text
from pegapp.ui.panel import button, label
from pegapp.ui.worker import SolverRunner
from pegapp.ui.window_part import WindowPart

# a rating whose deviation is above this is said to be provisional (as lichess does)
PROVISIONAL = 110.0
# the attempts the box lists
HISTORY_ROWS = 5


class TrainingBox(QFrame):
    """Train's box in the side panel: the puzzle, the rating and the result, the streak, the
    last attempts, and the buttons."""

    def __init__(self):
        super().__init__()
        self.setObjectName("training")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.puzzle_label = label("trainPuzzle", 1.0, True)
        self.rating_label = label("trainRating")
        self.result_label = label("trainResult")
        self.streak_label = label("trainStreak")
        self.history_label = label("trainHistory")
        self.others_label = label("trainOthers", 0.9)
        self.retry_button = button(self.tr("Retry"))
        self.line_button = button(self.tr("Show the line"))
        self.next_button = button(self.tr("Next puzzle"))
        self.leave_button = button(self.tr("Leave Train"))
        box = QVBoxLayout(self)
        box.setContentsMargins(8, 6, 8, 8)
        for widget in (self.puzzle_label, self.rating_label, self.result_label,
                       self.streak_label):
            box.addWidget(widget)
        for pair in ((self.retry_button, self.line_button),
                     (self.next_button, self.leave_button)):
            row = QHBoxLayout()
            for b in pair:
                row.addWidget(b)
            box.addLayout(row)
        box.addWidget(self.history_label)
        box.addWidget(self.others_label)
        self.hide()


class TrainingMode(WindowPart):
    """Train: a part of the game window (pegapp.ui.game_window), which holds it. Its state: the
    Trainer of the window's puzzle, its worker (runner) and the puzzle it made ready
    (upcoming), the verdict of the moves on the board, and the game set aside (kept). It plays
    in the window's flow, shows its puzzles with the window's set_session, and says when the
    window's words changed (`changed`)."""

    def __init__(self, window):
        super().__init__(window)
        self.trainer: Trainer | None = None
        # a puzzle is on the board (Train is on); the window's game is `kept`
        self.active = False
        self.kept = None
        # a puzzle was asked for and the worker is making it (Next, or Train's first)
        self.waiting = False
        # the puzzle the worker made ready, and the rating it was made for
        self.upcoming: TrainingPuzzle | None = None
        self._upcoming_for: float | None = None
        self.verdict: Verdict | None = None
        # Show the line put this puzzle's finish on the board (the status then says so, not
        # "Solved": an outside trial found the status and the box disagreeing)
        self.line_shown = False
        # the puzzles dealt since Train began (the box numbers them)
        self.dealt = 0
        # why no puzzle came (the stream's words), said in the box or the hint line
        self.trouble = ""
        self._analysis_was_on = False
        self._tag: object | None = None
        self.runner = SolverRunner(self)
        self.runner.result.connect(self._on_puzzle)
        self.runner.failed.connect(self._on_failed)
        self.box = TrainingBox()
        panel = window.panel
        layout = panel.layout()
        layout.insertWidget(layout.indexOf(panel.ending_frame) + 1, self.box)
        self.box.retry_button.clicked.connect(self.retry)
        self.box.line_button.clicked.connect(self.show_line)
        self.box.next_button.clicked.connect(self.next_puzzle)
        self.box.leave_button.clicked.connect(self.leave)

    # ---- starting, dealing, leaving

    def start(self) -> None:
        """Game > Train…: Train on the window's puzzle (as it starts: no chosen start); the
        first puzzle shows when ready (at once when one is held)."""
        w = self.window
        if self.active or self.waiting or w.session is None:
            return
        puzzle_id, params = w.help_puzzle()
        if HIDDEN in w.session.puzzle.ABILITIES:  # said at once, as `pegapp train` says it
            w.hint_text = self.tr("Train: %1").replace("%1", translated(msg(
                "{puzzle}: a guessing game has no puzzle with one right move: the best guess "
                "depends on the secret", puzzle=family_name(w.family))))
            self.changed.emit()
            return
        t = self.trainer
        if t is None or t.puzzle.id != puzzle_id or t.params != params or \
                t.records is None or t.records.stats is not w.stats:
            family = registry.family_of(puzzle_id)
            self.trainer = Trainer(family.make(puzzle_id, params), params,
                                   TrainingRecords(w.stats), flow=w.flow)
            self.upcoming = None  # the last trainer's; its job, if any, is dropped (its
            self._tag = None      # thread goes on with that trainer's stream alone)
            self.runner.cancel()
        else:  # the rating as kept now: another window may have trained the family since
            kept = t.records.rating(t.family)
            if kept is not None and not t.unsaved:
                t.rating = kept
        self.trouble = ""
        self._deal()

    def next_puzzle(self) -> None:
        if self.active and not self.waiting:
            self._deal()

    def _near(self, puzzle: TrainingPuzzle) -> bool:
        rating = self.trainer.rating.rating
        return self._upcoming_for == rating or abs(puzzle.rating.rating - rating) <= WINDOW

    def _deal(self) -> None:
        """The next puzzle on the board: the one made ready when it is near the rating, else
        one held, else the worker makes one (the box says so meanwhile)."""
        t = self.trainer
        ready, self.upcoming = self.upcoming, None
        if ready is not None:
            if self._near(ready):
                self._begin(ready)
                return
            t.give_back(ready)
        if not self.runner.busy:
            held = t.ready()
            if held is not None:
                self._begin(held)
                return
        self.waiting = True
        self._prepare()
        self.changed.emit()

    def _prepare(self) -> None:
        """The worker makes the next puzzle for the rating now (one job at a time)."""
        if self.runner.busy or self.upcoming is not None:
            return
        job = self.trainer.next_job()
        self._upcoming_for = self.trainer.rating.rating
        self._tag = object()
        self.runner.start(lambda _progress, stop: job(stop), tag=self._tag)

    def _on_puzzle(self, tag, puzzle: TrainingPuzzle) -> None:
        if tag is not self._tag:
            return
        self.upcoming = puzzle
        if self.waiting:
            self.waiting = False
            self._deal()
        elif self.active:
            self._keep_upcoming_near()

    def _on_failed(self, tag, message: str) -> None:
        if tag is not self._tag:
            return
        self.trouble = message
        if self.waiting and not self.active:  # no first puzzle: the game stays, told why
            self.window.hint_text = self.tr("Train: %1").replace("%1", message)
        self.waiting = False
        self.changed.emit()

    def _keep_upcoming_near(self) -> None:
        """The rating moved (a puzzle decided): a puzzle made ready for the old one goes back
        when it is no longer near, and another is made."""
        if self.upcoming is not None and not self._near(self.upcoming):
            self.trainer.give_back(self.upcoming)
            self.upcoming = None
        self._prepare()

    def _begin(self, puzzle: TrainingPuzzle) -> None:
        w = self.window
        self.waiting = False
        self.trouble = ""
        if not self.active:
            self._set_game_aside()
        self.dealt += 1
        self.line_shown = False
        self.trainer.begin(puzzle)
        self.verdict = self.trainer.verdict()
        w.set_session(self.trainer.flow.session, training=True)
        self._prepare()  # the next one, while this one is solved

    def _set_game_aside(self) -> None:
        w = self.window
        w.files.save_progress()  # the game as it stands, and its play time, saved first
        self.kept = w.session
        self.active = True
        w.tracker.stop()
        action = w.analysis_action
        self._analysis_was_on = action.isChecked()
        self.dealt = 0
        action.blockSignals(True)  # off for Train, the setting kept as it is
        action.setChecked(False)
        action.blockSignals(False)
        action.setEnabled(False)

    def leave(self) -> None:
        """Leave Train: the game set aside comes back (a puzzle made ready stays for next time)."""
        w = self.window
        if not self.active:
            self.waiting = False
            self.changed.emit()
            return
        kept = self.kept
        w.set_session(kept)  # drop() on the way: Train ends, the game resumes
        w.hint_text = self.tr("Back to your game.")
        w.refresh()

    def drop(self) -> None:
        """Another game is on the board (the one set aside, or a new one that replaces it):
        Train ends, analysis mode as it was."""
        self.waiting = False
        if not self.active:
            return
        self.active = False
        self.kept = None
        self.verdict = None
        action = self.window.analysis_action
        action.setEnabled(True)
        action.blockSignals(True)
        action.setChecked(self._analysis_was_on)
        action.blockSignals(False)
        self.box.hide()

    def shutdown(self) -> None:
        self.runner.shutdown()

    # ---- the moves on the board

    def history_changed(self) -> None:
        """After every move, undo, redo, restart: the verdict at once (no search)."""
        t = self.trainer
        if t is None or t.current is None:
            return
        decided = t.attempt
        self.verdict = t.judge()
        self._after(decided)

    def _line_move_words(self, step: int) -> str:
        """The line's move at a step, in words, from the position before it."""
        t = self.trainer
        state = t.current.item.start
        for move in t.current.item.line[:step]:
            state = t.puzzle.apply(state, move)
        return move_text(t.puzzle, state, t.current.item.line[step], advice=True)

    def _after(self, decided) -> None:
        """Something may have decided the puzzle (decided: the attempt before): the rating
        moved, so the puzzle made ready is checked against it."""
        if decided is None and self.trainer.attempt is not None:
            self._keep_upcoming_near()
        self.changed.emit()

    def retry(self) -> None:
        """Back to the position before the wrong move (undoable)."""
        if not self.active:
            return
        edit = self.trainer.retry()
        self.line_shown = False
        if edit is not None:
            self.window.mirror(edit, self.tr("Retry"))

    def show_line(self) -> None:
        """Solve in Train: the line played from where the player left it (undoable, one
        command); the puzzle counts as shown if nothing decided it before."""
        t = self.trainer
        if not self.active or t.verdict().kind == SOLVED:
            return
        w = self.window
        decided = t.attempt
        edits = t.show_line()
        self.line_shown = True
        w.undo_stack.beginMacro(self.tr("Show the line"))
        for edit in edits:
            w.mirror(edit, self.tr("Retry") if not edit.moves else w.move_words(edit))
        w.undo_stack.endMacro()
        self._after(decided)

    def hint(self) -> None:
        """Hint in Train: the move that keeps the minimum (after a wrong move, from before it:
        the wrong move is taken back first); the puzzle counts as shown if nothing decided it
        before."""
        t = self.trainer
        if not self.active or t.verdict().kind == SOLVED:
            return
        w = self.window
        if t.first_wrong() is not None:
            self.retry()
        decided = t.attempt
        move = t.hint()
        if move is None:
            return
        verdict = t.verdict()
        words = self._line_move_words(verdict.step)  # a chain on its way: the whole of it
        if verdict.kind != ON_THE_WAY:
            w.view.set_hint(move)
        text = self.tr("Hint: %1").replace("%1", words)
        if decided is None:
            text += "\n" + self.tr("Asked before the puzzle was solved, it counts as shown "
                                   "(not solved).")
        w.hint_text = text
        self._after(decided)

    # ---- the window's words in Train

    def show_words(self) -> None:
        """Train's words over the game's (GameWindow.refresh calls it last), and the box."""
        w = self.window
        w.train_action.setEnabled(not self.active and not self.waiting)
        w.leave_train_action.setVisible(self.active)
        box = self.box
        box.setVisible(self.active or self.waiting)
        if not self.active:
            if self.waiting:
                box.puzzle_label.setText(self.tr("Train: preparing a puzzle…"))
                for widget in (box.rating_label, box.result_label, box.streak_label,
                               box.history_label, box.others_label, box.retry_button,
                               box.line_button, box.next_button):
                    widget.hide()
            return
        t, panel = self.trainer, w.panel
        current = t.current
        verdict = self.verdict or t.verdict()
        panel.title_label.setText(self.tr("Train: %1").replace("%1", w.heading()))
        rule = (self.tr("Find the finish in 1 move: only one move reaches it.") if current.moves == 1
                else translated(describe(t, Verdict(START, 0, current.moves))))
        # and what the finish is, in the game's own words (a peg board's marked hole: found
        # unexplained by an outside trial), without the game's par
        goal = w.view.finish_text() if w.view is not None else None
        panel.goal_label.setText(f"{rule}\n{goal}" if goal else rule)
        # the right move after a wrong one in the words of the move list (found by an outside
        # trial: "(19, 8) keeps it" beside a board lettered a-e)
        if verdict.kind == START:
            status = self.tr("Your move.")
        elif verdict.kind == SOLVED and self.line_shown:
            status = self.tr("The line, played on the board: the shortest finish.")
        else:
            status = translated(describe(t, verdict,
                                         lambda step, _m: self._line_move_words(step)))
        panel.status_label.setText(status)
        panel.set_ending("", False)
        panel.review_button.hide()
        solved = verdict.kind == SOLVED
        panel.show_search(None, not solved)
        box.puzzle_label.setText(plural(
            current.moves, self.tr("Puzzle %1: 1 move, rated %3"),
            self.tr("Puzzle %1: %2 moves, rated %3")).replace("%1", str(self.dealt)).replace(
                "%2", str(current.moves)).replace("%3", _points(current.rating.rating)))
        rating = self.tr("Your rating in %1: %2").replace(
            "%1", family_name(registry.family_of(t.puzzle.id))).replace("%2", _points(t.rating.rating))
        if t.rating.deviation > PROVISIONAL:
            rating += " " + self.tr("(provisional: it settles over more puzzles)")
        ceiling = t.ceiling()
        if ceiling is not None:
            rating += "\n" + self.tr("Your rating is past these puzzles: the hardest found "
                                     "rate about %1. A bigger board or puzzle has harder "
                                     "ones.").replace("%1", _points(ceiling))
        box.rating_label.setText(rating)
        box.rating_label.show()
        box.result_label.setText(self._result_words())
        box.result_label.setVisible(bool(box.result_label.text()))
        streak = t.streak()
        box.streak_label.setText(plural(streak, self.tr("Streak: 1 solved in a row."),
                                        self.tr("Streak: %1 solved in a row.")).replace(
                                            "%1", str(streak)))
        box.history_label.setText(self._history_words())
        box.history_label.setVisible(bool(box.history_label.text()))
        box.streak_label.setVisible(bool(box.history_label.text()))  # none before a first
        box.others_label.setText(self._other_ratings())
        box.others_label.setVisible(bool(box.others_label.text()))
        box.retry_button.setEnabled(t.first_wrong() is not None)
        box.line_button.setEnabled(not solved)
        box.next_button.setEnabled(not self.waiting)
        box.next_button.setText(self.tr("Preparing…") if self.waiting
                                else self.tr("Next puzzle"))
        for widget in (box.retry_button, box.line_button, box.next_button):
            widget.show()

    def _result_words(self) -> str:
        t = self.trainer
        attempt = t.attempt
        if attempt is None:
            return self.trouble and self.tr("No next puzzle: %1").replace("%1", self.trouble)
        change = self.tr("rating %1 → %2 (%3)").replace(
            "%1", _points(attempt.rating_before)).replace(
                "%2", _points(attempt.rating_after)).replace(
                    "%3", _signed(attempt.rating_after - attempt.rating_before))
        if attempt.outcome == RIGHT:
            words = self.tr("Solved without a wrong move: %1.").replace("%1", change)
        elif attempt.outcome == SHOWN:
            words = self.tr("Shown before solved: %1.").replace("%1", change)
        elif (self.verdict or t.verdict()).kind == SOLVED:  # nothing left to retry or see
            words = self.tr("A wrong move: %1.").replace("%1", change)
        else:
            words = self.tr("A wrong move: %1. Retry or see the line (no longer rated).").replace(
                "%1", change)
        if t.unsaved:
            words += " " + self.tr("The statistics could not be written: the rating is kept "
                                   "until the program closes.")
        if self.trouble:
            words += "\n" + self.tr("No next puzzle: %1").replace("%1", self.trouble)
        return words

    def _history_words(self) -> str:
        rows = []
        for a in self.trainer.history(HISTORY_ROWS):
            outcome = {RIGHT: self.tr("solved"), SHOWN: self.tr("shown")}.get(
                a.outcome, self.tr("wrong"))
            rows.append(plural(a.moves, self.tr("1 move, rated %2: %3 (%4)"),
                               self.tr("%1 moves, rated %2: %3 (%4)")).replace(
                "%1", str(a.moves)).replace("%2", _points(a.puzzle_rating)).replace(
                    "%3", outcome).replace("%4", _signed(a.rating_after - a.rating_before)))
        if not rows:
            return ""
        return self.tr("Last puzzles:") + "\n" + "\n".join(rows)

    def _other_ratings(self) -> str:
        t = self.trainer
        others = []
        for key, (rating, _attempts) in t.records.ratings().items():
            family = registry.families().get(key) if key != t.family else None
            if family is not None:
                others.append(f"{family_name(family)} {_points(rating.rating)}")
        return self.tr("Other ratings: %1").replace("%1", ", ".join(others)) if others else ""


def _points(rating: float) -> str:
    return str(round(rating))


def _signed(change: float) -> str:
    n = round(change)
    return f"+{n}" if n > 0 else f"{n}" if n < 0 else "±0"
