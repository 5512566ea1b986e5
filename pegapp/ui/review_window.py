"""The game review window (issue #56): every move of the game on the board with the fewest moves
to the goal before and after it, what it cost, the best move where the player's was not one, and
a chart of the distance to the goal over the game with the turning points marked, as a chess
program's game review draws its evaluation graph.

The review itself is pegapp.puzzles.review (no Qt), run on a worker thread: each position solved
arrives as an interim answer, so the rows fill in while proofs finish. Clicking a row shows the
position before that move on the window's own board, with the best move drawn when the player's
was not one; "Play from here" takes the game on the board back to that position (undoably).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (QAbstractItemView, QDialog, QDialogButtonBox,
                               QHBoxLayout, QHeaderView, QLabel, QMessageBox, QPushButton,
                               QSplitter, QTableWidget, QTableWidgetItem, QVBoxLayout,
                               QWidget)

from pegapp.core.storage import SaveError, write_atomic
from pegapp.puzzles import review as rv
from pegapp.puzzles.base import ANNOTATE, STAGES
from pegapp.puzzles.session import Session
from pegapp.ui.file_dialogs import ask_open_path, ask_save_path
from pegapp.puzzles.flow import SOLVE_PROOF_SECONDS
from pegapp.ui.i18n import plural, translated
from pegapp.ui.move_command import move_text
from pegapp.ui.views import view_for
from pegapp.ui.worker import SolverRunner


class ReviewChart(QWidget):
    """Distance to the goal over the game: one point per position (the start, then after each
    move), a dead end on the bottom line as ✕, a move that lost ground as a red dot, a value
    not proven (a solution's length, an upper bound) as a hollow ring, no answer as "?"."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.review: rv.Review | None = None
        self.setMinimumHeight(90)

    def set_review(self, review: rv.Review | None) -> None:
        self.review = review
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(420, 120)

    def distances(self) -> list[rv.Distance]:
        """The Distance of each position solved so far: the start, then after each move."""
        r = self.review
        if r is None or r.start_distance is None:
            return []
        return [r.start_distance, *(row.after for row in r.rows)]

    def points(self) -> list[int | None]:
        """The distance at each position solved so far (None: a dead end or unknown)."""
        return [d.moves for d in self.distances()]

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        p.fillRect(self.rect(), pal.base())
        values = self.points()
        count = len(self.review.moves) + 1 if self.review is not None else 1
        top = max([v for v in values if v is not None] or [1])
        box = QRectF(self.rect()).adjusted(10, 10, -10, -14)
        p.setPen(QPen(pal.mid().color(), 1))
        p.drawLine(box.bottomLeft(), box.bottomRight())

        def at(i: int, v: int | None) -> QPointF:
            x = box.left() + box.width() * i / max(1, count - 1)
            y = box.bottom() - (box.height() * (v or 0) / top if v is not None else 0)
            return QPointF(x, y)

        path = QPainterPath()
        drawing = False    # the line breaks where a position has no answer
        for i, (v, d) in enumerate(zip(values, self.distances())):
            if d.known:
                (path.lineTo if drawing else path.moveTo)(at(i, v))
            drawing = d.known
        p.setPen(QPen(pal.text().color(), 2))
        p.drawPath(path)
        turning = set(self.review.turning_points) if self.review is not None else set()
        for i, (v, d) in enumerate(zip(values, self.distances())):
            point = at(i, v)
            if not d.known:     # no answer: a question mark on the line, not a dead end's ✕
                p.setPen(QPen(pal.text().color(), 1))
                p.drawText(QRectF(point.x() - 6, point.y() - 16, 12, 14),
                           Qt.AlignmentFlag.AlignCenter, "?")
            elif not d.proven:  # an upper bound: a hollow ring (the filled dot is proven)
                p.setPen(QPen(pal.text().color(), 1.5))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawEllipse(point, 4, 4)
            elif v is None:
                p.setPen(QPen(QColor(200, 40, 40), 2))
                p.drawLine(point + QPointF(-4, -4), point + QPointF(4, 4))
                p.drawLine(point + QPointF(-4, 4), point + QPointF(4, -4))
            elif i - 1 in turning:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(200, 40, 40))
                p.drawEllipse(point, 4, 4)
        p.end()


class ReviewWindow(QDialog):
    """The review of one game (puzzle, start, moves: the player's moves). play_from(index) is
    emitted by "Play from here" with the number of moves to keep."""

    play_from = Signal(int)

    def __init__(self, puzzle, start, moves, parent: QWidget | None = None, **options):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Game review"))
        self.puzzle = puzzle
        self.moves = rv.player_moves(puzzle, moves)
        self.states = [start]
        for move in self.moves:
            self.states.append(puzzle.apply(self.states[-1], move))
        self.review: rv.Review | None = None
        self.summary = QLabel(self.tr("Reviewing…"))
        self.summary.setWordWrap(True)
        self.chart = ReviewChart(self)
        self.table = QTableWidget(len(self.moves), 6, self)
        self.table.setHorizontalHeaderLabels([
            self.tr("Move"), self.tr("Before"), self.tr("After"), self.tr("Cost"),
            self.tr("Verdict"), self.tr("Best move")])
        # the columns fill the table's width, their words wrapped, rows as tall as their lines:
        # every word is read at any width (issue #76: at the window's first size the best move
        # ran past the table's edge); fit_columns shares the width out whenever it changes
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setWordWrap(True)
        self.table.viewport().installEventFilter(self)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.currentCellChanged.connect(lambda row, *_: self.show_row(row))
        self.view = view_for(puzzle)
        self.view.set_state(start)
        self.view.setMinimumSize(150, 150)
        self.table.setMinimumHeight(150)
        self.play_button = QPushButton(self.tr("Play from here"))
        self.play_button.clicked.connect(self._play_from_here)
        self.text_button = QPushButton(self.tr("Export text…"))
        self.text_button.clicked.connect(self._ask_export_text)
        self.image_button = QPushButton(self.tr("Export image…"))
        self.image_button.clicked.connect(self._ask_export_image)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        for b in (self.play_button, self.text_button, self.image_button):
            buttons.addButton(b, QDialogButtonBox.ButtonRole.ActionRole)
        # what the image export shows: the summary and the chart beside the position, the rows
        # below them across the whole width (their moves in words need it: issue #76), the
        # rows given twice the height at first; the player may move the line between them
        self.report = QSplitter(Qt.Orientation.Vertical, self)
        top = QWidget(self.report)
        top_layout = QHBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        summary_and_chart = QVBoxLayout()
        summary_and_chart.addWidget(self.summary)
        summary_and_chart.addWidget(self.chart, 1)
        top_layout.addLayout(summary_and_chart, 3)
        top_layout.addWidget(self.view, 2)
        self.report.addWidget(top)
        self.report.addWidget(self.table)
        self.report.setChildrenCollapsible(False)
        self.report.setStretchFactor(0, 1)
        self.report.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(self.report, 1)
        layout.addWidget(buttons)
        self.runner = SolverRunner(self)
        self.runner.interim.connect(lambda _tag, r: self.set_review(r))
        self.runner.result.connect(lambda _tag, r: self.set_review(r))
        self.runner.failed.connect(lambda _tag, text: self.summary.setText(text))
        self.finished.connect(lambda _code: self.runner.shutdown())

        # a family that can stop a proof early (STAGES) shows every row soon, a hard position
        # as an upper bound first (Wiegleb 45 one move off its line: minutes), then proves it
        quick = SOLVE_PROOF_SECONDS if STAGES in puzzle.ABILITIES else None

        def job(progress, stop, interim):
            return rv.review(puzzle, start, self.moves, progress, stop,
                             on_row=lambda r: interim(_snapshot(r)), quick_seconds=quick,
                             **options)

        self.runner.start(job, "review", staged=True)

    def sizeHint(self) -> QSize:
        return QSize(960, 640)

    # ---- what the window shows

    def set_review(self, review: rv.Review) -> None:
        self.review = review
        self.chart.set_review(review)
        for row in review.rows:
            self._fill_row(row)
        self.fit_columns()
        self.summary.setText(self.summary_text())
        self.show_row(self.table.currentRow())

    def summary_text(self) -> str:
        r = self.review
        par = self.tr("unknown") if r.par is None else str(r.par)
        played, turns = len(r.moves), len(r.turning_points)
        played_words = plural(played, self.tr("played 1 move"),
                              self.tr("played %1 moves")).replace("%1", str(played))
        turn_words = plural(turns, self.tr("1 turning point"),
                            self.tr("%1 turning points")).replace("%1", str(turns))
        text = (self.tr("Par %1, %2; %3", "par, moves played, turning points")
                .replace("%1", par).replace("%2", played_words).replace("%3", turn_words))
        if not r.final and r.proving is not None:
            text += " — " + (self.tr("solving position %1 of %2…")
                             .replace("%1", str(r.proving + 1))
                             .replace("%2", str(len(r.moves) + 1)))
        elif r.rows and not r.proven:
            text += " — " + self.tr("some values are not proven")
        return text

    def cell_texts(self, row: rv.MoveReview) -> list[str]:
        """The words of one row: move, before, after, cost, verdict, best move."""
        def distance(d: rv.Distance) -> str:
            if d.dead:
                return self.tr("dead end")
            if d.moves is None:
                return "?"
            return str(d.moves) if d.proven else self.tr("≤ %1").replace("%1", str(d.moves))

        state = self.states[row.index]
        verdicts = {rv.BEST: self.tr("best"), rv.SLOWER: self.tr("slower by %1"),
                    rv.LOSING: self.tr("turned a win into a dead end"),
                    rv.DEAD: self.tr("already lost"), None: "?"}
        verdict = verdicts[row.verdict].replace("%1", str(row.cost))
        best = row.best_move
        return [move_text(self.puzzle, state, row.move),
                distance(row.before), distance(row.after),
                "" if row.cost is None or row.verdict is None else str(row.cost), verdict,
                "" if best is None or row.verdict == rv.BEST
                else move_text(self.puzzle, state, best, advice=True)]

    def eventFilter(self, watched, event) -> bool:
        if watched is self.table.viewport() and event.type() == QEvent.Type.Resize:
            self.fit_columns()
        return super().eventFilter(watched, event)

    def fit_columns(self) -> None:
        """Share the table's width out: the numbers as wide as their words, the verdict as wide
        as its words up to a fifth of the rest, the move played and the best move half each of
        what is left, wrapping; then each row as tall as its lines."""
        table = self.table
        header = table.horizontalHeader()

        def natural(column: int) -> int:
            return max(header.sectionSizeHint(column), table.sizeHintForColumn(column))

        numbers = sum(natural(c) for c in (1, 2, 3))
        rest = max(0, table.viewport().width() - numbers)
        verdict = max(header.sectionSizeHint(4), min(natural(4), rest // 5))
        words = max(0, rest - verdict)
        for column in (1, 2, 3):
            table.setColumnWidth(column, natural(column))
        table.setColumnWidth(4, verdict)
        table.setColumnWidth(0, words // 2)
        table.setColumnWidth(5, words - words // 2)
        table.resizeRowsToContents()
        # Qt's own row heights fall a line short on some wrapped text (Japanese, seen in the
        # screenshots: the best move's last words elided), so each row is also measured here
        # at the width its words are drawn in
        metrics = table.fontMetrics()
        flags = int(Qt.TextFlag.TextWordWrap)
        for r in range(table.rowCount()):
            needed = 0
            for c in (0, 4, 5):
                item = table.item(r, c)
                if item is not None and item.text():
                    width = max(1, table.columnWidth(c) - 12)
                    needed = max(needed, metrics.boundingRect(0, 0, width, 1 << 20, flags,
                                                              item.text()).height() + 8)
            if needed > table.rowHeight(r):
                table.setRowHeight(r, needed)

    def _fill_row(self, row: rv.MoveReview) -> None:
        for column, text in enumerate(self.cell_texts(row)):
            item = QTableWidgetItem(text)
            if row.verdict in (rv.SLOWER, rv.LOSING):
                item.setForeground(QColor(200, 40, 40))
            self.table.setItem(row.index, column, item)

    def show_row(self, index: int) -> None:
        """The position before move index on the board, with the best move there drawn when
        the player's was not one."""
        if not 0 <= index < len(self.moves):
            return
        self.view.set_state(self.states[index])
        row = self.review.rows[index] if self.review and index < len(self.review.rows) else None
        self.view.set_hint(row.best_move if row is not None and row.verdict != rv.BEST
                           else None)

    def _play_from_here(self) -> None:
        index = self.table.currentRow()
        self.play_from.emit(max(0, index))
        self.accept()

    # ---- export

    def review_text(self) -> str:
        """The review as plain text: the summary, then a line per move."""
        lines = [self.summary.text(), ""]
        for row in self.review.rows if self.review else []:
            lines.append(f"{row.index + 1}. " + " | ".join(self.cell_texts(row)))
        return "\n".join(lines) + "\n"

    def _ask_export_text(self) -> None:
        path = ask_save_path(self, self.tr("Export review"), "review.txt",
                             self.tr("Text (*.txt)"))
        if path:
            try:
                write_atomic(path, self.review_text())
            except OSError as exc:   # a full disk, a folder that cannot be written
                self._cannot_write(path, exc.strerror or str(exc))

    def review_image(self) -> QPixmap:
        return self.report.grab()

    def _ask_export_image(self) -> None:
        path = ask_save_path(self, self.tr("Export review"), "review.png",
                             self.tr("PNG image (*.png)"))
        if path and not self.review_image().save(path, "PNG"):
            self._cannot_write(path, "")

    def _cannot_write(self, path: str, reason: str) -> None:
        text = self.tr("Cannot write %1").replace("%1", path)
        QMessageBox.warning(self, self.tr("Export review"), f"{text} ({reason})" if reason
                            else text)


def _snapshot(review: rv.Review) -> rv.Review:
    """A copy the window can keep while the worker goes on filling the review."""
    return rv.Review(review.start, list(review.moves), list(review.states), list(review.rows),
                     review.start_distance, review.seconds, False, review.proving)


def open_review(window, session=None, source: str | None = None) -> ReviewWindow | None:
    """The review of a game: the one on window's board (a GameWindow), or session, a saved
    game read from source and not loaded. Play from here takes the game on the board back to
    the chosen move (undoably, as Restart); for a saved game it starts a new attempt from
    there in the window (asking first when a game is in progress)."""
    on_board = session is None
    session = window.session if on_board else session
    if session is None:
        return None
    dialog = ReviewWindow(session.puzzle, session.start, session.moves, window)
    if source is not None:
        dialog.setWindowTitle(_tr("Game review: %1").replace("%1", Path(source).name))

    def play_from(index: int) -> None:
        if not on_board:
            kept = Session(session.puzzle, session.params, session.start, dialog.moves[:index])
            if window.may_abandon():
                window.set_session(kept)
            return
        keep = sum(len(window.session.puzzle.split(m)) if window.session.extends else 1
                   for m in window.session.moves[:index])
        pops = window.session.step_count - keep
        if pops > 0:
            window.mirror(window.flow.go_back(pops), dialog.play_button.text())

    dialog.play_from.connect(play_from)
    dialog.show()
    return dialog


def review_file(window, path: str | Path) -> ReviewWindow | None:
    """The review of the game saved in path, read with the save's own checks and not loaded
    into window; a file that cannot be reviewed is reported (naming it and why) instead."""
    title = _tr("Cannot review game")
    try:
        session = Session.load(path)
    except SaveError as exc:
        window.show_error(title, translated(exc))
        return None
    if ANNOTATE in session.puzzle.ABILITIES:
        window.show_error(title, _tr("%1: a guessing game has no distance to review move by "
                                     "move").replace("%1", str(path)))
        return None
    if not session.moves:
        window.show_error(title, _tr("%1: no move has been played in this game")
                          .replace("%1", str(path)))
        return None
    return open_review(window, session, str(path))


def ask_review_file(window) -> ReviewWindow | None:
    """Game > Review a saved game…: a save file chosen in a dialog, reviewed without loading it."""
    path = ask_open_path(window, _tr("Review a saved game"), _tr("PegApp game (*.json)"))
    return review_file(window, path) if path else None


def _tr(text: str) -> str:
    return QCoreApplication.translate("ReviewWindow", text)
