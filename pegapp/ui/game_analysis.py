"""Analysis mode of the game window (issue #14): every legal move marked with its verdict, computed
by a worker for the position on the board, and the words under the board that explain the marks."""

from __future__ import annotations

from pegapp.puzzles.analysis import Annotations, annotate, dead_end_annotations
from pegapp.puzzles.base import ANNOTATE, MEMORY
from pegapp.ui.i18n import plural
from pegapp.ui.settings_dialog import read_setting


#: the setting that remembers analysis mode (issue #14: every legal move marked with its verdict)
ANALYSIS_SETTING = "view/analysis"


class AnalysisMode:
    """Analysis mode: a part of GameWindow (pegapp.ui.game_window), which it is mixed into."""

    @property
    def analysing(self) -> bool:
        return self.analysis_action.isChecked()

    def set_analysis(self, on: bool) -> None:
        self.settings.setValue(ANALYSIS_SETTING, on)
        if on and self.assistant.pondering:  # analysis mode's searches come first
            self.assistant.cancel()
        self.analyse()
        self.refresh()

    def analyse(self) -> None:
        """Annotate every legal move of the position on the board, in the worker (a search about
        another position is cancelled first); the view gets None until the verdicts arrive."""
        self.analysis_runner.cancel()
        self.annotations = None
        self.analysis_error = ""
        if self.view is None or self.session is None:
            return
        if not self.analysing or self.panel.replaying:
            self.view.set_annotations(None)
            return
        puzzle, state = self.session.puzzle, self.session.state
        key = self._analysis_key()
        last = self._chain_in_progress()
        hit = self.analysis_cache.get(key)
        if hit is not None:
            self.annotations = hit
            self.view.set_annotations(hit)
            return
        if ANNOTATE not in puzzle.ABILITIES and self.known_dead():
            # the position, or one the game passed through, is a proven dead end: so is every
            # move from here, with no search (SolveFlow.dead_ends)
            self._on_annotations(key, dead_end_annotations(puzzle, state, last))
            return
        self.view.set_annotations(None)
        if MEMORY in puzzle.ABILITIES:
            puzzle.memory_gb = read_setting(self.settings, "solver/memory_gb")

        def job(progress, stop, interim):
            return annotate(puzzle, state, progress, stop, interim=interim, last=last)

        self.analysis_runner.start(job, tag=key, staged=True)

    def _chain_in_progress(self):
        """The move just played when the next one may go on with it for free (a peg chain:
        EXTEND), else None; analysis mode counts such a continuation as no move."""
        return self.flow.chain_in_progress()

    def _analysis_key(self) -> tuple:
        """What analysis mode's verdicts depend on: the problem, the position and the chain in
        progress."""
        last = self._chain_in_progress()
        return (self._problem(), self.session.state, None if last is None else tuple(last))

    def _on_annotations(self, tag, annotations: Annotations) -> None:
        if (self.session is None or not self.analysing or self.panel.replaying
                or tag != self._analysis_key()):
            return
        if annotations.final:
            self.analysis_cache[tag] = annotations
        self.annotations = annotations
        self.view.set_annotations(annotations)
        self.refresh()

    def _on_analysis_failed(self, _tag, message: str) -> None:
        self.analysis_error = message
        self.refresh()

    def analysis_text(self) -> str:
        """What the hint line says analysis mode shows (empty when it is off)."""
        if not self.analysing or self.session is None or self.view is None \
                or self.panel.replaying:
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
