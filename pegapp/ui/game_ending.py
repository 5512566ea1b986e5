"""The ending of a game against the par: the fewest moves known for the game's start (from the
shipped catalogue, a table or a search in the background) and the ending's words comparing the
player's count with it (issue #13 point 7, issue #15 point 3). Which par and which verdict are
the game's flow's (pegapp.puzzles.flow.GameFlow: known_par, par_job, ending, stuck); this part
of the window runs the search in its own worker and says the verdict in words."""

from __future__ import annotations


from pegapp.puzzles.base import HIDDEN
from pegapp.puzzles.family import no_variant
from pegapp.puzzles.flow import (BEATS_BEST, EQUALS_BEST, GOAL_ALREADY, IN_PAR, LOOKING_FOR_PAR,
                                 NO_PAR, OVER_PAR, Par)
from pegapp.ui.i18n import plural
from pegapp.ui.settings_dialog import give_memory_budget
from pegapp.ui.worker import SolverRunner
from pegapp.ui.window_part import WindowPart


#: the par's question was answered (a par, or none found): the ending stops saying it looks
_PAR_ANSWERED = object()


class EndingAndPar(WindowPart):
    """The ending and the par of the game on the board: a part of the game window
    (pegapp.ui.game_window), which holds it. Its state: the par and the search for it in a
    worker of its own (par_runner). It reads the window's game (its flow, family and view),
    records minimums in the window's tracker, and says when its words changed (`changed`)."""

    def __init__(self, window):
        super().__init__(window)
        self.tracker, self.settings = window.tracker, window.settings
        #: the par of the game on the board (the ending compares the player's moves with it)
        self.par: Par | None = None
        self._par_tag: object | None = None
        self.par_runner = SolverRunner(self)
        self.par_runner.result.connect(self._on_par)
        self.par_runner.failed.connect(self._on_par_failed)



    def forget_par(self) -> None:
        self.par_runner.cancel()
        self._par_tag = None
        self.par = None

    def record_catalogue_minimum(self) -> None:
        """A game whose start the shipped catalogue has proven (English 33: 18 moves) has its
        minimum in the statistics from its start, not only once the solver proved it (found by
        a new player: Statistics said "Minimum —" beside a par the goal line gave)."""
        session = self.session
        if session is None or HIDDEN in session.puzzle.ABILITIES:
            return
        problem = self.family.catalogue_problem(session.puzzle, session.start)
        if problem is not None and problem.par is not None and problem.proven_minimal:
            self.tracker.minimum(problem.par)

    def find_par(self) -> None:
        """The fewest moves from the game's start: from the shipped catalogue when the game is
        one of its problems, else from an answer already known, else from the solver in its own
        worker (as Solve computes it; the ending says it is looking meanwhile)."""
        session = self.session
        if self.par is not None or self._par_tag is not None or session is None:
            return
        if not self.flow.has_par():  # a guessing game (GameFlow.has_par)
            return
        known = self.flow.known_par(self.family.catalogue_problem)
        if known is not None:
            self.set_par(*known)
            return
        give_memory_budget(session.puzzle, self.settings)
        self._par_tag = object()  # this game's question: a later answer is not its own
        self.par_runner.start(self.flow.par_job(), tag=self._par_tag)

    @property
    def finding_par(self) -> bool:
        return self._par_tag not in (None, _PAR_ANSWERED) and self.par is None

    def _on_par(self, tag, result) -> None:
        if tag is not self._par_tag:
            return
        # answered: the worker is still busy handing the answer over, so the ending asks the
        # tag, not the worker (found by an outside trial: "looking for the minimum…" stayed)
        self._par_tag = _PAR_ANSWERED
        par = self.flow.par_of(result)
        if par is not None:
            self.set_par(par)
        self.changed.emit()

    def start_is_the_rows(self) -> bool:
        """Whether the game's start is the one its statistics row stands for, so that a minimum
        from it is the row's: a shuffled start, or a typed one in a family whose rows do not
        tell starts apart (peg solitaire's do: a start and finish are a row of their own), only
        shares the puzzle's row (found by an outside trial: "Best 12, Minimum 6", the 6 of a
        typed start)."""
        params = self.session.params
        if "shuffle" in params:
            return False
        if self.family.stats_variant is not no_variant:
            return True
        # the row's start: the preset's of this puzzle (the rotation puzzle's 9 8 7 ...), else
        # the puzzle's own default
        preset = next((p for p in self.family.presets
                       if p.puzzle_id == self.session.puzzle.id), None)
        own = dict(preset.params).get("start") if preset is not None else None
        return params.get("start") == own

    def set_par(self, par: Par, catalogued: bool = False) -> None:
        """The game's par is known: the statistics count a game solved in it (a catalogue's
        par, proven or best known, or a proven minimum; a solver's unproven line is no par)."""
        self.par = par
        if par.proven and self.start_is_the_rows():
            self.tracker.minimum(par.count)
        elif par.proven or catalogued:
            self.tracker.set_par(par.count)

    def _on_par_failed(self, tag, _message: str) -> None:
        if tag is self._par_tag:
            self._par_tag = _PAR_ANSWERED
            self.changed.emit()

    def ending_text(self) -> str:
        """A won game's result against the minimum, honest about a minimum not proven or not
        known yet."""
        n = self.session.move_count
        par = self.par
        verdict = self.flow.ending(par, self.finding_par)
        if verdict == GOAL_ALREADY:  # a start typed or drawn solved (found by an outside trial:
            # "Solved in 0 moves. The minimum is not known.")
            return self.tr("This position is the goal already: nothing to play.")
        if HIDDEN in self.session.puzzle.ABILITIES:  # no par (find_par): what the view says
            own = self.window.view.status_text(self.session)
            if own:
                return own

        def say(one: str, many: str) -> str:
            return plural(n, one, many).replace("%1", str(n)).replace(
                "%2", str(par.count) if par is not None else "")

        if verdict == LOOKING_FOR_PAR:
            return say(self.tr("Solved in 1 move — looking for the minimum…"),
                       self.tr("Solved in %1 moves — looking for the minimum…"))
        if verdict == NO_PAR:
            return say(self.tr("Solved in 1 move. The minimum is not known."),
                       self.tr("Solved in %1 moves. The minimum is not known."))
        if verdict == IN_PAR:
            return say(self.tr("Solved in 1 move: the minimum, in par!"),
                       self.tr("Solved in %1 moves: the minimum, in par!"))
        if verdict == OVER_PAR:
            return say(self.tr("Solved in 1 move — the minimum is %2."),
                       self.tr("Solved in %1 moves — the minimum is %2."))
        if verdict == BEATS_BEST:
            return say(self.tr("Solved in 1 move — fewer than the best known solution (%2)!"),
                       self.tr("Solved in %1 moves — fewer than the best known solution (%2)!"))
        if verdict == EQUALS_BEST:
            return say(self.tr("Solved in 1 move — as few as the best known solution (not proven "
                               "minimal)."),
                       self.tr("Solved in %1 moves — as few as the best known solution (not "
                               "proven minimal)."))
        return say(self.tr("Solved in 1 move — the best known solution has %2 (not proven "
                           "minimal)."),
                   self.tr("Solved in %1 moves — the best known solution has %2 (not proven "
                           "minimal)."))

    def stuck_text(self) -> str:
        """The ending of a game with no legal move left."""
        n = self.session.move_count
        return plural(n, self.tr("Game over after 1 move: no move is left. The review shows "
                                 "where the game went wrong."),
                      self.tr("Game over after %1 moves: no move is left. The review shows "
                              "where the game went wrong.")).replace("%1", str(n))

    def shutdown(self) -> None:
        self.par_runner.shutdown()
