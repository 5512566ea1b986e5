"""The designer's verdict from a worker: the fewest moves of the board being designed and, for a
board of up to CATALOGUE_HOLES holes, the catalogue of its single-vacancy problems."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from pegapp.core.board import Board
from pegapp.core.messages import msg
from pegapp.puzzles import catalogue, problem_list
from pegapp.puzzles.pegs import PegPuzzle
from pegapp.solvers.result import Cancelled
from pegapp.ui.i18n import plural


# boards up to this many holes get the catalogue of their single-vacancy problems
CATALOGUE_HOLES = problem_list.COMPUTED_UP_TO_HOLES
# the designer's searches stay modest: the player is drawing, not waiting on a proof
MEMORY_BUDGET = problem_list.COMPUTED_MEMORY_BUDGET
PROOF_SECONDS = 20.0


class DesignAnswer:
    """The worker's final answer: the fewest moves (a SolveResult) and the catalogue's problems
    (None when the board is too large for it)."""

    def __init__(self, board: Board, solved, problems):
        self.board = board
        self.solved = solved
        self.problems = problems


def verdict_job(board: Board, known_problems=None):
    """job(progress, stop, interim) for the SolverRunner: interim gets ("quick", SolveResult)
    for a first winning line on a large board and ("moves", SolveResult) as soon as the fewest
    moves are known; the result is a DesignAnswer. known_problems: the catalogue of a board
    with the same holes and jumps (it does not depend on the start or the finish)."""

    def job(progress, stop, interim):
        # the game's own path (PegPuzzle.solve), so a board with a shipped board's holes and
        # jumps gets the catalogue's answer as the game's Hint does (found by an outside trial:
        # French 37 drawn here said "21, not proven minimal", the catalogue proving 20)
        puzzle = PegPuzzle(board)
        solved = puzzle.solve(board.start_position, progress=progress, stop=stop,
                              memory_budget=MEMORY_BUDGET, cache_dir=False,
                              interim=lambda quick: interim(("quick", quick)),
                              proof_seconds=PROOF_SECONDS)
        if stop():
            return None
        interim(("moves", solved))
        problems = known_problems
        if problems is None and board.n <= CATALOGUE_HOLES:
            try:
                problems = problem_list.computed(board, _each_problem(progress, stop)).problems
            except Cancelled:
                return None
        return DesignAnswer(board, solved, problems)

    return job


def catalogue_job(board: Board):
    """job(progress, stop) for the SolverRunner: the catalogue of a board that ships none, as
    the designer works it out (the Problems view of a player's board); None when stopped."""

    def job(progress, stop):
        try:
            return problem_list.computed(board, _each_problem(progress, stop))
        except Cancelled:
            return None

    return job


def _each_problem(progress, stop):
    """compute()'s progress(done, total, problem): the worker's progress, and its stop."""

    def each(done, total, _problem):
        progress(msg("the catalogue of single-vacancy problems: {done} of {total}",
                     done=done, total=total), done, total)
        if stop():
            raise Cancelled()

    return each


def _tr(text: str) -> str:
    return QCoreApplication.translate("DesignerWindow", text)


def catalogue_text(answer: DesignAnswer) -> str:
    """The verdict's lines on the single-vacancy problems of the board being designed."""
    if answer.problems is None:
        return _tr("The catalogue of single-vacancy problems is worked out for boards of up to "
                   "{holes} holes.").format(holes=CATALOGUE_HOLES)
    problems = answer.problems
    possible = [p for p in problems if p.possible]
    lines = [_tr("Single-vacancy problems (one per symmetry class): {possible} of {total} "
                 "possible.").format(possible=len(possible), total=len(problems))]
    pars = [p.par for p in possible if p.par is not None]
    if pars and min(pars) == max(pars):  # not "Par from 9 to 9 moves" (found by a new player)
        lines.append(plural(pars[0], _tr("Par: 1 move for every possible problem."),
                            _tr("Par: {par} moves for every possible problem."))
                     .format(par=pars[0]))
    elif pars:
        lines.append(_tr("Par from {low} to {high} moves.").format(low=min(pars), high=max(pars)))
    complements = [p for p in possible if catalogue.COMPLEMENT in p.tags]
    if complements:
        shortest = min(p.par for p in complements if p.par is not None)
        lines.append(plural(shortest, _tr(
            "Complement problems (finish where the vacancy was): {count} possible, the "
            "shortest in 1 move."), _tr(
            "Complement problems (finish where the vacancy was): {count} possible, the "
            "shortest in {par} moves.")).format(count=len(complements), par=shortest))
    unknown = sum(p.possible is None for p in problems)
    if unknown:
        lines.append(_tr("Not decided within the limits: {count}.").format(count=unknown))
    return "\n".join(lines)


def counts_text(v) -> str:
    """The designer's first verdict lines for a verdict v: holes and jumps, and the board's
    symmetries, in words the player reads (one hole, one reflection: plurals found wrong by an
    outside trial), translated under the designer's own context."""
    def counted(one: str, many: str, n: int) -> str:
        return plural(n, one, many).format(n=n)

    if not v.holes:
        return ""
    counts = QCoreApplication.translate("DesignerWindow", "{holes}, {jumps}").format(
        holes=counted(QCoreApplication.translate("DesignerWindow", "1 hole"),
                 QCoreApplication.translate("DesignerWindow", "{n} holes"), v.holes),
        jumps=counted(QCoreApplication.translate("DesignerWindow", "1 jump"),
                 QCoreApplication.translate("DesignerWindow", "{n} jumps"), v.jumps))
    if v.board is None:
        return counts
    if v.symmetries == 1:
        return counts + "\n" + QCoreApplication.translate("DesignerWindow", "Symmetries: none")
    if v.rotations is None:
        return counts + "\n" + QCoreApplication.translate(
            "DesignerWindow", "Symmetries: {count}").format(count=v.symmetries)
    return counts + "\n" + QCoreApplication.translate(
        "DesignerWindow", "Symmetries: {rotations} and {reflections}").format(
        rotations=counted(QCoreApplication.translate("DesignerWindow", "1 rotation (the identity)"),
                     QCoreApplication.translate("DesignerWindow",
                                                "{n} rotations (with the identity)"),
                     v.rotations),
        reflections=counted(QCoreApplication.translate("DesignerWindow", "1 reflection"),
                       QCoreApplication.translate("DesignerWindow", "{n} reflections"),
                       v.reflections))
