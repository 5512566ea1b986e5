"""Analysis mode of the game window (issue #14): every legal move marked with its verdict, computed
by a worker of its own for the position on the board (so a hint or a solve never cancels it, nor
it them), and the words under the board that explain the marks."""

from __future__ import annotations


from pegapp.puzzles.analysis import GUESSES, Annotations, annotate, dead_end_annotations
from pegapp.puzzles.base import ANNOTATE
from pegapp.ui.i18n import plural
from pegapp.ui.settings_dialog import give_memory_budget
from pegapp.ui.worker import SolverRunner
from pegapp.ui.window_part import WindowPart


#: the setting that remembers analysis mode (issue #14: every legal move marked with its verdict)
ANALYSIS_SETTING = "view/analysis"


class AnalysisMode(WindowPart):
    """Analysis mode: a part of the game window (pegapp.ui.game_window), which holds it. Its
    state: the verdicts shown (annotations), those of positions met before (analysis_cache, for
    the game on the board) and its worker. It reads the window's game (its flow, view and
    whether a solution is replayed) and its Analysis mode action, and says when its words
    changed (`changed`)."""

    def __init__(self, window):
        super().__init__(window)
        self.assistant, self.settings = window.assistant, window.settings
        self.annotations: Annotations | None = None
        self.analysis_error = ""
        self.analysis_cache: dict[tuple, Annotations] = {}
        self.analysis_runner = SolverRunner(self)
        self.analysis_runner.interim.connect(self._on_annotations)
        self.analysis_runner.result.connect(self._on_annotations)
        self.analysis_runner.failed.connect(self._on_analysis_failed)



    @property
    def analysing(self) -> bool:
        return self.window.analysis_action.isChecked()

    def set_analysis(self, on: bool) -> None:
        self.settings.setValue(ANALYSIS_SETTING, on)
        if on and self.assistant.pondering:  # analysis mode's searches come first
            self.assistant.cancel()
        self.analyse()
        self.changed.emit()

    def forget(self) -> None:
        """Another game: the verdicts known are about the last one."""
        self.analysis_cache.clear()

    def dead_ends(self) -> set:
        """The positions of the game's problem analysis mode proved dead ends (every move of
        the position a dead end; a guessing game's verdicts are no proof)."""
        problem = self.flow.problem()
        return {state for (key, state, _chain), ann in self.analysis_cache.items()
                if key == problem and ann.measure != GUESSES and ann.dead_end}

    def shutdown(self) -> None:
        self.analysis_runner.shutdown()

    def analyse(self) -> None:
        """Annotate every legal move of the position on the board, in the worker (a search about
        another position is cancelled first); the view gets None until the verdicts arrive."""
        self.analysis_runner.cancel()
        self.annotations = None
        self.analysis_error = ""
        if self.view is None or self.session is None:
            return
        if not self.analysing or self.window.replaying:
            self.view.set_annotations(None)
            return
        puzzle, state = self.session.puzzle, self.session.state
        key = self.flow.analysis_key()
        last = self.flow.chain_in_progress()
        hit = self.analysis_cache.get(key)
        if hit is not None:
            self.annotations = hit
            self.view.set_annotations(hit)
            return
        if ANNOTATE not in puzzle.ABILITIES and self.window.known_dead():
            # the position, or one the game passed through, is a proven dead end: so is every
            # move from here, with no search (GameWindow.dead_ends)
            self._on_annotations(key, dead_end_annotations(puzzle, state, last))
            return
        self.view.set_annotations(None)
        give_memory_budget(puzzle, self.settings)

        def job(progress, stop, interim):
            return annotate(puzzle, state, progress, stop, interim=interim, last=last)

        self.analysis_runner.start(job, tag=key, staged=True)

    def _on_annotations(self, tag, annotations: Annotations) -> None:
        if (self.session is None or not self.analysing or self.window.replaying
                or tag != self.flow.analysis_key()):
            return
        if annotations.final:
            self.analysis_cache[tag] = annotations
        self.annotations = annotations
        self.view.set_annotations(annotations)
        self.changed.emit()

    def _on_analysis_failed(self, _tag, message: str) -> None:
        self.analysis_error = message
        self.changed.emit()

    def analysis_text(self) -> str:
        """What the hint line says analysis mode shows (empty when it is off)."""
        if not self.analysing or self.session is None or self.view is None \
                or self.window.replaying:
            return ""
        if self.analysis_error:
            return self.tr("Analysis: %1").replace("%1", self.analysis_error)
        ann = self.annotations
        if ann is None:
            return self.tr("Analysis: looking at every move…")
        if ann.solved:
            return ""
        summary = self.view.analysis_summary(ann)
        if summary is not None:
            return summary
        if ann.dead_end:
            whole = self.tr("Analysis: every move is a dead end (✕): the goal can no longer be "
                            "reached.")
        elif ann.remaining == 0:    # a jump on by the peg just moved wins, at no move's cost
            whole = self.tr("Analysis: going on with your move finishes the game.")
        elif ann.remaining is not None:
            whole = plural(ann.remaining, self.tr("Analysis: the goal is 1 move away."),
                           self.tr("Analysis: the goal is %1 moves away at best.")).replace(
                               "%1", str(ann.remaining))
        else:
            whole = self.tr("Analysis: proving the numbers…")
        if not self.view.draws_annotations:
            return whole + " " + self.tr("(This puzzle's board does not mark its moves yet.)")
        if ann.dead_end:
            return whole
        return whole + " " + self.view.analysis_legend(ann)
