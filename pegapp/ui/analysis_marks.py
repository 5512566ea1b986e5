"""Analysis mode's marks (issue #14): how a view draws one move's verdict, the same for every family.

A verdict is drawn as a badge: the fewest moves left after the move (a filled, strong badge when
the move is among the best), a tick while a move is known to win but its number is not proven yet,
a cross for a dead end (red AND a different glyph, so it reads without colour too), a question
mark while nothing is known. A guessing game's candidate guess (GUESSES) shows the guesses it
takes in the worst case, counting itself, like a number of moves left.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from pegapp.puzzles.analysis import (DEAD, GUESSES, MINIMUM, UNKNOWN, WINS, Annotations,
                                      MoveVerdict)
from pegapp.ui.theme import BoardTheme

#: the glyphs of the verdicts that have no number
WIN_GLYPH = "✓"
DEAD_GLYPH = "✕"
UNKNOWN_GLYPH = "?"


def rank(verdict: MoveVerdict) -> tuple:
    """Sort key: better verdicts first (a proven short win, a win, unknown, a dead end)."""
    order = {MINIMUM: 0, GUESSES: 0, WINS: 1, UNKNOWN: 2, DEAD: 3}[verdict.kind]
    if verdict.kind == GUESSES:
        return (order, verdict.worst, verdict.expected)
    number = verdict.cost if verdict.kind == MINIMUM else (verdict.at_most or 0)
    return (order, number if number is not None else 0)


def best_of(verdicts) -> MoveVerdict | None:
    verdicts = list(verdicts)
    return min(verdicts, key=rank) if verdicts else None


def is_best(annotations: Annotations | None, verdict: MoveVerdict) -> bool:
    """Whether the move is one of the position's best (on a shortest win, or winning while the
    proofs run)."""
    if annotations is None:
        return False
    return any(v.move == verdict.move for v in annotations.best)


def label(verdict: MoveVerdict) -> str:
    if verdict.kind == MINIMUM:
        return str(verdict.remaining)
    if verdict.kind == GUESSES:
        return str(verdict.worst)
    return {WINS: WIN_GLYPH, DEAD: DEAD_GLYPH}.get(verdict.kind, UNKNOWN_GLYPH)


def colours(theme: BoardTheme, verdict: MoveVerdict, best: bool) -> tuple[QColor, QColor, QColor]:
    """(fill, outline, text) of a verdict's badge, readable on the light and the dark board."""
    dark = theme.dark
    green = QColor("#2f9e55") if dark else QColor("#1e7a3c")
    red = QColor("#e0574a") if dark else QColor("#b3261e")
    paper = QColor("#2b2f33") if dark else QColor("#fffaf2")
    ink = QColor("#f2ece4") if dark else QColor("#2b2118")
    if verdict.kind == DEAD:
        return red, red.darker(140), QColor("white")
    if verdict.kind == UNKNOWN:
        return paper, QColor("#8a8f96"), QColor("#8a8f96")
    if best:
        return green, green.darker(140), QColor("white")
    if verdict.kind == WINS:
        return paper, green, green.lighter(130) if dark else green
    return paper, ink, ink


def paint_badge(p: QPainter, theme: BoardTheme, center: QPointF, radius: float,
                verdict: MoveVerdict, best: bool, font: QFont) -> None:
    """One verdict as a round badge of the given radius, centred on center."""
    fill, outline, text = colours(theme, verdict, best)
    p.save()
    p.setPen(QPen(outline, max(1.5, radius * (0.16 if best else 0.11))))
    p.setBrush(fill)
    p.drawEllipse(center, radius, radius)
    f = QFont(font)
    words = label(verdict)
    f.setPixelSize(max(8, int(radius * (1.05 if len(words) == 1 else 0.9))))
    f.setBold(True)
    p.setFont(f)
    p.setPen(text)
    p.drawText(QRectF(center.x() - radius, center.y() - radius, 2 * radius, 2 * radius),
               Qt.AlignmentFlag.AlignCenter, words)
    p.restore()


def legend(annotations: Annotations) -> str:
    """What a board's marks mean, for the hint line after the window's analysis sentence: the
    fewest moves left after each move, the best in green; ✕ only when a dead end is on the board
    (sliding tiles never have one); a jump that goes on with the chain in progress costs no
    move. The views' analysis_legend (PuzzleView protocol) by default."""
    dead = any(v.kind == DEAD for v in annotations.verdicts)
    if not annotations.proven and dead:
        text = QCoreApplication.translate(
            "AnalysisMarks", "✓ still wins, ✕ dead end; numbers follow when proven.")
    elif not annotations.proven:
        text = QCoreApplication.translate(
            "AnalysisMarks", "✓ still wins; numbers follow when proven.")
    elif dead:
        text = QCoreApplication.translate(
            "AnalysisMarks", "Each move is marked with the fewest moves left after it; the best "
            "in green, ✕ a dead end.")
    else:
        text = QCoreApplication.translate(
            "AnalysisMarks", "Each move is marked with the fewest moves left after it; the best "
            "in green.")
    if any(v.continues for v in annotations.verdicts):
        text += " " + QCoreApplication.translate(
            "AnalysisMarks", "A jump that goes on with your chain costs no move.")
    return text
