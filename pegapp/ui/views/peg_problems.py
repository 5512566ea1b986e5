"""The Problems view (issue #15): a board's problems from the shipped catalogue -- start with one
empty hole, finish with the last peg in a given hole -- with their par and the player's best.

Opened from the peg window's Game menu (PegView's "Problems…") and from the game picker; both use
ProblemsDialog and start `chosen()` as a new game. The player's results come from the statistics
database: every game whose start and finish are a symmetric image of a problem counts for it
(pegapp.puzzles.problem_list.player_results).
"""

from __future__ import annotations


from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QDialog, QDialogButtonBox,
                               QFrame, QHBoxLayout, QHeaderView, QLabel, QScrollArea,
                               QSizePolicy, QSplitter, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from pegapp.core.board import Board, get_board
from pegapp.puzzles import catalogue, problem_list
from pegapp.puzzles.catalogue import (CENTRAL, COMPLEMENT, CORNER, DEFAULT, CatalogueError,
                                      Problem)
from pegapp.puzzles.problem_list import PlayerResult
from pegapp.puzzles.pegs import PegPuzzle, board_game, make, stats_id
from pegapp.core.progress import describe
from pegapp.ui.design_verdict import catalogue_job
from pegapp.ui.i18n import display_language, plural, translated, translated_sentence
from pegapp.ui.views import view_for
from pegapp.ui.worker import SolverRunner
from pegapp.ui.theme import current_theme

#: the side of the problem's picture beside the list, in pixels
PICTURE = 200

#: the dialog's smallest size when its list's columns need no more (fit_columns)
MINIMUM = QSize(700, 480)

#: the table's columns
PROBLEM, FAMILY, PAR, BEST, IN_PAR = range(5)


def game_of(board: Board, start: int, finish: int) -> tuple[str, dict]:
    """(puzzle id, params) of a problem as the pegs family takes them."""
    return board_game(board, [start], finish)


def impossible_words(reason) -> str:
    """Why a problem is impossible, in a few words, from its reason (a msg()): the Problems view's
    cell and the board's Choose start say it so."""
    template = getattr(reason, "template", None)
    if template == catalogue.class_reason().template or (
            template is not None and template.startswith("position class")):
        return QCoreApplication.translate("ProblemsDialog",
                                          "the finish is in another position class")
    if template is not None and template.startswith("exhaustive search"):
        return QCoreApplication.translate("ProblemsDialog",
                                          "no sequence of moves reaches it")
    if template is not None and template.startswith("a count:"):
        return QCoreApplication.translate("ProblemsDialog",
                                          "pegs stranded where no jump can take them")
    if template is not None and template.startswith("a pagoda function"):
        return QCoreApplication.translate("ProblemsDialog",
                                          "a pagoda function rules it out")
    return translated(reason) if reason is not None else ""


class ProblemsDialog(QDialog):
    """Choose one of a board's problems; after exec() is accepted, chosen() is the game.

    board: a Board or a shipped board's id; stats: a pegapp.core.stats.Stats, or None (no
    results shown)."""

    def __init__(self, parent: QWidget | None, board: Board | str, stats=None):
        super().__init__(parent)
        self.board = get_board(board) if isinstance(board, str) else board
        self.stats = stats
        self.setObjectName("problemsDialog")
        name = self.board.display_name(display_language())
        self.setWindowTitle(self.tr("Problems: %1").replace("%1", name))
        self.catalogue = None
        self.error = ""
        try:
            self.catalogue = catalogue.load(self.board)
        except CatalogueError as exc:
            self.error = translated(exc.args[0])
        self.problems: list[Problem] = (problem_list.as_shown(self.catalogue)
                                        if self.catalogue is not None else [])
        # a player's board of up to 25 holes that ships no list: a worker works it out as the
        # designer does (an outside trial found this list empty for a 16-hole board)
        self.runner: SolverRunner | None = None
        self.working = ""     # what the worker says it is doing, while it works
        self.results: dict[tuple[int, int], PlayerResult] = {}
        self._chosen: tuple[str, dict] | None = None

        self.heading = QLabel()
        self.heading.setObjectName("problemsHeading")
        font = QFont(self.heading.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.heading.setFont(font)
        self.intro_text = self.tr(
            "Start with one empty hole and leave the last peg in the goal hole. Par is the fewest "
            "moves that solve the problem; a chain of jumps by one peg is one move.")
        self.intro = QLabel(self.intro_text)
        self.intro.setWordWrap(True)

        filters = self._build_filters()
        self._build_table()
        splitter = self._build_splitter()

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.play_button = buttons.addButton(self.tr("&Play"),
                                             QDialogButtonBox.ButtonRole.AcceptRole)
        self.play_button.setObjectName("problemsPlay")
        self.play_button.setDefault(True)
        buttons.accepted.connect(self.play)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 14, 16, 12)
        layout.setSpacing(10)
        layout.addWidget(self.heading)
        layout.addWidget(self.intro)
        layout.addLayout(filters)
        layout.addWidget(splitter, 1)
        layout.addWidget(buttons)
        self.setMinimumSize(MINIMUM)  # the picture and a few rows of the list
        self.resize(820, 560)

        self.show_combo.currentIndexChanged.connect(lambda _i: self.fill())
        self.family_combo.currentIndexChanged.connect(lambda _i: self.fill())
        self.refresh()
        self.table.setFocus()  # arrow keys choose, Enter plays
        if (self.catalogue is None and not self.error
                and self.board.n <= problem_list.COMPUTED_UP_TO_HOLES):
            self._work_out()

    def _work_out(self) -> None:
        self.runner = SolverRunner(self)
        self.runner.progress.connect(self._on_progress)
        self.runner.result.connect(self._on_worked_out)
        self.runner.failed.connect(self._on_failed)
        self.working = self.tr("Working out the problems of this board…")
        self.runner.start(catalogue_job(self.board))
        self.fill()

    def _on_progress(self, _tag, stage, depth, positions) -> None:
        self.working = translated(describe(stage, depth, positions, 0))
        self.intro.setText(self.working)

    def _on_worked_out(self, _tag, cat) -> None:
        if cat is None:
            return
        self.catalogue, self.working = cat, ""
        self.problems = problem_list.as_shown(cat)
        self.fill()

    def _on_failed(self, _tag, error: str) -> None:
        self.working, self.error = "", error
        self.fill()

    def done(self, result: int) -> None:
        """Closed while the list is worked out: the worker is told to stop."""
        if self.runner is not None:
            self.runner.cancel()
        super().done(result)

    def _build_filters(self) -> QHBoxLayout:
        """Which problems the list shows: possible or all, one family or every one; their count."""
        self.show_combo = QComboBox()
        self.show_combo.setObjectName("problemsShow")
        self.show_combo.addItem(self.tr("Possible problems"), "possible")
        self.show_combo.addItem(self.tr("All problems"), "all")
        self.family_combo = QComboBox()
        self.family_combo.setObjectName("problemsFamily")
        self.family_combo.addItem(self.tr("Every family"), "")
        for tag in (CENTRAL, COMPLEMENT, CORNER):
            self.family_combo.addItem(self.tag_name(tag), tag)
        show_label = QLabel(self.tr("&Show:"))
        show_label.setBuddy(self.show_combo)
        filters = QHBoxLayout()
        filters.addWidget(show_label)
        filters.addWidget(self.show_combo)
        filters.addWidget(self.family_combo)
        filters.addStretch(1)
        self.count_label = QLabel()
        self.count_label.setObjectName("problemsCount")
        filters.addWidget(self.count_label)
        return filters

    def _build_table(self) -> None:
        """The list of problems: start and finish, family, par, the player's best, in par."""
        self.table = QTableWidget(0, 5)
        self.table.setObjectName("problemsTable")
        self.table.setHorizontalHeaderLabels([
            self.tr("Empty hole → last peg"), self.tr("Family"), self.tr("Par"),
            self.tr("Your best"), self.tr("In par")])
        self.table.horizontalHeaderItem(IN_PAR).setToolTip(
            self.tr("✓ when you have solved the problem in par"))
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setAlternatingRowColors(True)
        self.table.setShowGrid(False)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # the par takes the room the other columns leave: a long reason ("impossible: the finish
        # is in another position class") is cut short in its cell (the tool tip and the
        # details say it whole) rather than pushing the player's results out of sight
        header.setSectionResizeMode(PAR, QHeaderView.ResizeMode.Stretch)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        # a double click, or Enter on the list (the view's activation), plays the problem
        self.table.activated.connect(lambda _index: self.play())
        self.table.itemSelectionChanged.connect(self.show_selected)

    def _build_splitter(self) -> QSplitter:
        """The list beside the chosen problem's picture and details."""
        self.picture = QLabel()
        self.picture.setObjectName("problemsPicture")
        self.picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.picture.setFixedSize(QSize(PICTURE, PICTURE))
        self.details = QLabel()
        self.details.setObjectName("problemsDetails")
        self.details.setWordWrap(True)
        self.details.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.details.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        side = QWidget()
        side.setMaximumWidth(PICTURE + 60)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(8, 0, 0, 0)
        side_layout.addWidget(self.picture)
        # in a short window a long account (a best-known par's, in Japanese) scrolls under the
        # picture instead of being laid over it
        self.details_area = QScrollArea()
        self.details_area.setWidget(self.details)
        self.details_area.setWidgetResizable(True)
        self.details_area.setFrameShape(QFrame.Shape.NoFrame)
        self.details_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        side_layout.addWidget(self.details_area, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.table)
        splitter.addWidget(side)
        splitter.setChildrenCollapsible(False)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 0)
        splitter.setSizes([800, PICTURE + 60])  # the list takes what the picture leaves
        return splitter

    # ---- words

    def hole_text(self, hole: int) -> str:
        """A hole as the player reads it on the board (its name, or its number: the setting)."""
        return self.board.hole_name(hole)

    def problem_text(self, p: Problem) -> str:
        return (self.tr("%1 → %2").replace("%1", self.hole_text(p.start))
                .replace("%2", self.hole_text(p.finish)))

    def tag_name(self, tag: str) -> str:
        return {CENTRAL: self.tr("Central game"), COMPLEMENT: self.tr("Complement"),
                CORNER: self.tr("Corner finish"), DEFAULT: self.tr("the board's own")}[tag]

    def family_text(self, p: Problem) -> str:
        """The problem's classic families; the central game says it alone (it is a complement
        problem, and the board's own where the board starts and ends in the centre)."""
        tags = [CENTRAL] if CENTRAL in p.tags else p.tags
        # the list separator is the language's own (Japanese: 、)
        # a list, so only its first word is capitalised ("Complement, the board's own"; found
        # by an outside trial: "Complement, The board's own")
        text = self.tr(", ", "list separator").join(self.tag_name(t) for t in tags)
        return text[:1].upper() + text[1:]

    def short_reason(self, p: Problem) -> str:
        """Why a problem is impossible, in a few words (the whole reason is the tool tip)."""
        return impossible_words(p.reason)

    def par_text(self, p: Problem) -> str:
        if p.possible is False:
            return self.tr("impossible: %1").replace("%1", self.short_reason(p))
        if p.possible is None or p.par is None:
            return self.tr("unknown")
        if not p.proven_minimal:
            if p.lower_bound is not None and p.lower_bound < p.par:
                # the gap, short enough for the column: no solution is shorter than the lower
                # bound, one of par moves is known (the tooltip and the details say so in words)
                return (self.tr("%1–%2").replace("%1", str(p.lower_bound))
                        .replace("%2", str(p.par)))
            return self.tr("≤ %1 (best known)").replace("%1", str(p.par))
        return str(p.par)

    def par_cell_text(self, p: Problem) -> str:
        """The par in the list: an impossible problem says only that (the reason is its tool
        tip and in the details), so the column stays narrow beside the player's results."""
        return self.tr("impossible") if p.possible is False else self.par_text(p)

    def par_tip(self, p: Problem) -> str:
        if p.possible is True and p.proven_minimal:
            return self.tr("Proven: no solution has fewer moves.")
        if p.possible and p.par is not None:
            # the catalogue's reason is the build's ("memory budget of 14 GB exceeded; the
            # solution given is not proven minimal"): said so, the player reads it as his own
            # machine's failure and looks for a solution the dialog does not give
            stop = getattr(p.reason, "args", {}).get("problem", p.reason)
            lines = [self.tr("Par is the best known, not yet proven the fewest: the search "
                             "that made this list stopped (%1) before it could rule out a "
                             "shorter solution.").replace("%1", translated(stop))
                     if stop is not None else
                     self.tr("Par is the best known, not yet proven the fewest.")]
        else:
            lines = [translated_sentence(p.reason)] if p.reason is not None else []
        if p.possible and p.par is not None:
            lines.append(self.tr("The best solution known has %1 moves.").replace("%1", str(p.par)))
        if p.lower_bound is not None and p.possible is not False:
            lines.append(self.tr("No solution has fewer than %1 moves.")
                         .replace("%1", str(p.lower_bound)))
        return "\n".join(lines)

    # ---- contents

    def refresh(self) -> None:
        """Read the player's results again and fill the list."""
        self.results = self.read_results()
        name = self.board.display_name(display_language())
        self.heading.setText(self.tr("Problems of %1").replace("%1", name))
        self.fill()

    def read_results(self) -> dict[tuple[int, int], PlayerResult]:
        if self.stats is None:
            return {}
        key = stats_id(PegPuzzle(self.board))
        return problem_list.player_results(self.board,
                                        [r for r in self.stats.rows() if r["puzzle_id"] == key])

    def result_of(self, p: Problem) -> PlayerResult:
        return self.results.get(catalogue.canonical(self.board, p.start, p.finish),
                                PlayerResult())

    def visible(self) -> list[Problem]:
        everything = self.show_combo.currentData() == "all"
        tag = self.family_combo.currentData()
        return [p for p in self.problems
                if (everything or p.possible is not False) and (not tag or tag in p.tags)]

    def fill(self) -> None:
        shown = self.visible()
        self.shown = shown
        self.table.setRowCount(len(shown))
        for i, p in enumerate(shown):
            result = self.result_of(p)
            cells = [self.problem_text(p), self.family_text(p), self.par_cell_text(p),
                     "—" if result.best_moves is None else str(result.best_moves),
                     "✓" if result.solved_in_par(p.par) else ""]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c in (BEST, IN_PAR):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if c == PAR:
                    item.setToolTip(self.par_tip(p))
                    if p.possible is not True:
                        item.setForeground(self.palette().placeholderText())
                if c == IN_PAR and text:  # the theme's green, as the legal targets
                    item.setForeground(current_theme().target)
                    bold = QFont(item.font())
                    bold.setBold(True)
                    item.setFont(bold)
                if c == IN_PAR and result.in_par:
                    item.setToolTip(plural(result.in_par, self.tr("Solved in par once"),
                                           self.tr("Solved in par %1 times"))
                                    .replace("%1", str(result.in_par)))
                self.table.setItem(i, c, item)
        possible = sum(p.possible is True for p in self.problems)
        self.count_label.setText(
            self.tr("%1 of %2 problems shown · %3 possible").replace("%1", str(len(shown)))
            .replace("%2", str(len(self.problems))).replace("%3", str(possible)))
        if self.error:
            self.intro.setText(self.tr("The problem list cannot be used: %1")
                               .replace("%1", self.error))
        elif self.working:
            self.intro.setText(self.working)
        elif self.catalogue is None:
            self.intro.setText(self.tr("No problem list comes with this board."))
        elif self.catalogue.limits.get("computed"):
            self.intro.setText(self.intro_text + " " + self.tr(
                "No list comes with this board: these were worked out now."))
        elif any(p.possible and not p.proven_minimal and p.lower_bound is not None
                 for p in self.problems):
            self.intro.setText(self.intro_text + " " + self.tr(
                "Where the fewest is not proven yet, Par gives a range: 21–23 means that no "
                "solution has fewer than 21 moves and the best known has 23."))
        if shown:
            self.table.selectRow(0)
        self.show_selected()
        self.fit_columns()

    def fit_columns(self) -> None:
        """The list at least as wide as its columns' headings and cells, so that at the dialog's
        smallest size every heading reads whole and none is scrolled out of sight (in Japanese
        the par's heading was cut); the dialog's smallest width grows to hold it."""
        header = self.table.horizontalHeader()
        columns = sum(max(header.sectionSizeHint(c), self.table.sizeHintForColumn(c))
                      for c in range(self.table.columnCount()))
        self.table.setMinimumWidth(columns + self.table.verticalScrollBar().sizeHint().width()
                                   + 2 * self.table.frameWidth())
        # the splitter's own minimum, asked afresh: the layout's total kept the last fill's, and
        # a wider column (a par of "impossible" where it was "unknown") ran the list over the
        # picture at the smallest size
        self.table.parentWidget().updateGeometry()
        self.layout().invalidate()
        self.setMinimumSize(MINIMUM.expandedTo(self.layout().totalMinimumSize())
                            .expandedTo(self.minimumSizeHint()))

    def selected(self) -> Problem | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows or not 0 <= rows[0].row() < len(self.shown):
            return None
        return self.shown[rows[0].row()]

    def show_selected(self) -> None:
        p = self.selected()
        self.play_button.setEnabled(p is not None and p.possible is not False)
        if p is None:
            self.picture.clear()
            self.details.setText("")
            return
        puzzle_id, params = game_of(self.board, p.start, p.finish)
        view = view_for(make(puzzle_id, params))
        try:
            self.picture.setPixmap(view.picture(PICTURE))
        finally:
            view.deleteLater()
        result = self.result_of(p)
        lines = [self.tr("Empty at the start: hole %1. Goal: the last peg in hole %2 (the "
                         "marked hole).").replace("%1", self.hole_text(p.start))
                 .replace("%2", self.hole_text(p.finish)),
                 self.tr("Par: %1").replace("%1", self.par_text(p))]
        if p.possible is not True or not p.proven_minimal:
            lines.append(self.par_tip(p))
        if result.best_moves is not None:
            lines.append(self.tr("Your best: %1 moves").replace("%1", str(result.best_moves)))
            if result.solved_in_par(p.par):
                lines.append(self.tr("✓ Solved in par."))
        elif p.possible is not False:
            lines.append(self.tr("Not solved yet."))
        self.details.setText("\n".join(lines))

    # ---- choosing

    def play(self) -> None:
        """Start the selected problem (an impossible one cannot be chosen)."""
        p = self.selected()
        if p is None or p.possible is False or self._chosen is not None:
            return  # nothing to play, or already chosen (accepted once only)
        self._chosen = game_of(self.board, p.start, p.finish)
        self.accept()

    def chosen(self) -> tuple[str, dict] | None:
        """(puzzle id, params) of the chosen problem, for the window's starts.start_requested_game."""
        return self._chosen
