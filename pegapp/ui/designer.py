"""The board designer (issue #15): draw a peg board on a grid, see at once what it is worth, save
it to the player's boards folder and play it.

The board itself is a pegapp.puzzles.design.Design (Qt-free, immutable); this window shows it, turns
clicks into new designs pushed on a QUndoStack, and judges every design twice: at once
(design.verdict: counts, symmetries, position classes, bad input in plain words) and in a worker
(the solver's fewest moves, then for boards of up to CATALOGUE_HOLES holes the catalogue of every
single-vacancy problem), cancelled and restarted whenever the board changes.

Game -> New board... in the game window calls open_designer(window).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (QApplication, QButtonGroup, QCheckBox, QComboBox, QFileDialog,
                               QFormLayout, QGridLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit,
                               QListWidget, QListWidgetItem, QMainWindow, QMessageBox, QPushButton,
                               QRadioButton, QScrollArea, QSpinBox, QToolBar, QVBoxLayout, QWidget)
from PySide6.QtWidgets import QToolTip  # noqa: F401 - the canvas's tool tips; tests patch it here

from pegapp.core import player_boards
from pegapp.core.board import MAX_FILE_BYTES, Board, BoardError, is_safe_board_id, load_board
from pegapp.puzzles.design import (LATTICE_NAMES, MAX_GRID, MIN_GRID, Cell, Design, DesignError,
                                Verdict, direction_choices, lattice_directions, slug, verdict)
from pegapp.core.progress import describe
from pegapp.core.storage import WriteError, read_regular, write_atomic
from pegapp.solvers.result import SOLVED, UNSOLVABLE
from pegapp.ui.design_canvas import FINISH, HOLES, MOVE_START, START, DesignCanvas
from pegapp.ui.design_verdict import (DesignAnswer, catalogue_text,
                                      counts_text, verdict_job)
from pegapp.ui.i18n import translated
from pegapp.ui.worker import SolverRunner

# quiet time after an edit before the worker starts (a run of clicks starts one search)
SEARCH_DELAY_MS = 250


class DesignCommand(QUndoCommand):
    """One edit of the board: the designs before and after. The names typed in the side panel
    are not part of the history (undoing a hole keeps the name), except for a new board (Clear):
    it comes with a new name and no file, and undoing it brings back the board, its names and
    its file."""

    def __init__(self, designer: "DesignerWindow", before: Design, after: Design, text: str,
                 new_board: bool = False):
        super().__init__(text)
        self.designer = designer
        self.before = before
        self.after = after
        self.new_board = new_board
        self.file_before = designer.file_state()

    def redo(self) -> None:
        if self.new_board:
            self.designer.set_file_state(None, None, False)
            self.designer.set_design(self.after)
        else:
            self.designer.set_design(self.after, keep_names=True)

    def undo(self) -> None:
        if self.new_board:
            self.designer.set_file_state(*self.file_before)
            self.designer.set_design(self.before)
        else:
            self.designer.set_design(self.before, keep_names=True)


class DesignerWindow(QMainWindow):
    """The designer: tool bar (lattice, grid size, click mode, undo/redo), the grid, and a side
    panel with the names, the jump directions, the verdict and Open / Save / Play."""

    # emitted when the worker's answer for the current board arrives (tests wait on it)
    verdictReady = Signal(object)

    def __init__(self, window=None, board: Board | None = None):
        super().__init__(window, Qt.WindowType.Window)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.game_window = window
        data_dir = getattr(window, "data_dir", None)
        self.data_dir = Path(data_dir) if data_dir is not None else None
        self.setWindowTitle(self.tr("Board designer"))
        self.design = Design()
        self.current: Verdict = verdict(self.design)
        self.answer: DesignAnswer | None = None
        self.saved_path: Path | None = None  # the file this design came from or went to
        # that file's text as this designer last read or wrote it: Save replaces the file
        # without asking only while it still holds this text
        self.saved_text: str | None = None
        self._id_edited = False
        self.undo_stack = QUndoStack(self)
        self.runner = SolverRunner(self)
        self.runner.progress.connect(self._on_progress)
        self.runner.interim.connect(self._on_interim)
        self.runner.result.connect(self._on_result)
        self.runner.failed.connect(self._on_failed)
        self.search_timer = QTimer(self)
        self.search_timer.setSingleShot(True)
        self.search_timer.setInterval(SEARCH_DELAY_MS)
        self.search_timer.timeout.connect(self._start_search)
        self._searched: tuple | None = None
        self._moves_final = False
        # catalogues by the board's holes and jumps: choosing another problem keeps it
        self._catalogues: dict[tuple, list] = {}
        self._build()
        start = self.new_design()
        if board is not None:
            try:
                start = Design.from_board(board)
            except DesignError as exc:
                # the text now: `exc` is unbound once the except block ends
                why = translated(exc)
                QTimer.singleShot(0, lambda: self._warn(why))
            else:
                # a player's board opened for editing saves back to its file without asking
                if self.data_dir is not None and board.source and \
                        Path(board.source).parent == player_boards.boards_dir(self.data_dir):
                    self.saved_path = Path(board.source)
                    self.saved_text = _read(self.saved_path)
        self.set_design(start)
        self.clean_toml = self.design.to_toml()   # what closing compares with (unsaved)
        # an opened board keeps its file name, unless it is a shipped board's (never saved
        # there): that one follows the name as a new board's does
        self._id_edited = board is not None and \
            not player_boards.clashes_with_shipped(start.board_id)
        self.setMinimumSize(720, 540)
        self.resize(980, 700)

    # ------------------------------------------------------------------ building
    def _build_menus(self) -> None:
        """The standard keys of every PegApp window, in menus that show them: Ctrl+O, Ctrl+S,
        Ctrl+W, Ctrl+Q, and Undo / Redo."""

        def action(text, slot, keys=()):
            a = QAction(text, self)
            a.triggered.connect(slot)
            a.setShortcuts([QKeySequence(k) for k in keys])
            self.addAction(a)
            return a

        self.open_action = action(self.tr("&Open…"), self.open_file, ["Ctrl+O"])
        self.save_action = action(self.tr("&Save"), self.save, ["Ctrl+S"])
        self.play_action = action(self.tr("&Play", "play this board in the game window"),
                                  self.play)
        self.close_action = action(self.tr("&Close"), self.close, ["Ctrl+W", "Ctrl+F4"])
        self.quit_action = action(self.tr("&Quit"), QApplication.closeAllWindows, ["Ctrl+Q"])
        self.board_menu = self.menuBar().addMenu(self.tr("&Board"))
        for a in (self.open_action, self.save_action, self.play_action, None,
                  self.close_action, self.quit_action):
            if a is None:
                self.board_menu.addSeparator()
            else:
                self.board_menu.addAction(a)
        self.edit_menu = self.menuBar().addMenu(self.tr("&Edit"))
        for a in (self.undo_action, self.redo_action, None, self.fill_action, self.clear_action):
            if a is None:
                self.edit_menu.addSeparator()
            else:
                self.edit_menu.addAction(a)

    def _build(self) -> None:
        self._build_tool_bar()
        self._build_menus()
        self._build_mode_bar()

        self.canvas = DesignCanvas()
        self.canvas.cellClicked.connect(self._on_cell)

        central = QWidget()
        row = QHBoxLayout(central)
        row.addWidget(self.canvas, 1)
        row.addWidget(self._build_side_panel())
        self.setCentralWidget(central)

    def _build_tool_bar(self) -> None:
        """Lattice, grid size, undo and redo, fill and clear."""
        bar = QToolBar(self.tr("Designer"), self)
        bar.setMovable(False)
        self.addToolBar(bar)
        self.lattice_box = QComboBox()
        names = {"square": self.tr("Square"), "square-diagonal": self.tr("Square with diagonals"),
                 "triangular": self.tr("Triangular")}
        for lattice in LATTICE_NAMES:
            self.lattice_box.addItem(names[lattice], lattice)
        self.lattice_box.activated.connect(self._on_lattice)
        bar.addWidget(QLabel(self.tr("Lattice:") + " "))
        bar.addWidget(self.lattice_box)
        bar.addSeparator()
        self.cols_box = QSpinBox()
        self.rows_box = QSpinBox()
        for box in (self.cols_box, self.rows_box):
            box.setRange(MIN_GRID, MAX_GRID)
            box.valueChanged.connect(self._on_size)
        bar.addWidget(QLabel(self.tr("Grid:") + " "))
        bar.addWidget(self.cols_box)
        bar.addWidget(QLabel(" × "))
        bar.addWidget(self.rows_box)
        bar.addSeparator()
        self.undo_action = self.undo_stack.createUndoAction(self, self.tr("Undo"))
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = self.undo_stack.createRedoAction(self, self.tr("Redo"))
        self.redo_action.setShortcut(QKeySequence.StandardKey.Redo)
        self.undo_action.setToolTip(self.tr("Undo the last change ({key})").format(
            key=_keys(self.undo_action)))
        self.redo_action.setToolTip(self.tr("Redo the change undone ({key})").format(
            key=_keys(self.redo_action)))
        bar.addAction(self.undo_action)
        bar.addAction(self.redo_action)
        fill = QAction(self.tr("Fill", "make every cell a hole"), self)
        fill.setToolTip(self.tr("Make every cell of the grid a hole"))
        fill.triggered.connect(lambda: self.edit(self.design.filled(), self.tr("fill")))
        clear = QAction(self.tr("Clear"), self)
        clear.setToolTip(self.tr("Start a new board: remove every hole, with a new name and no "
                                 "file yet"))
        clear.triggered.connect(self.clear)
        self.fill_action, self.clear_action = fill, clear
        bar.addAction(fill)
        bar.addAction(clear)

    def _build_mode_bar(self) -> None:
        """The second tool bar: what a left click does, and moving the holes."""
        self.addToolBarBreak()
        modes = QToolBar(self.tr("Click mode"), self)
        modes.setMovable(False)
        self.addToolBar(modes)
        modes.addWidget(QLabel(self.tr("Left click:") + " "))
        self.mode_group = QButtonGroup(self)
        for mode, text, tip in (
                (HOLES, self.tr("Add or remove holes"),
                 self.tr("Click a cell to add or remove a hole")),
                (START, self.tr("Empty at the start"),
                 self.tr("Click a hole to empty it at the start, or to fill it again; several "
                         "may be empty")),
                (FINISH, self.tr("Mark the finish"),
                 self.tr("Click the hole where the last peg must stand; click it again for "
                         "any hole"))):
            button = QRadioButton(text)
            button.setToolTip(tip)
            button.setProperty("mode", mode)
            self.mode_group.addButton(button)
            modes.addWidget(button)
            if mode == HOLES:
                button.setChecked(True)
        self.mode_group.buttonClicked.connect(
            lambda b: setattr(self.canvas, "mode", b.property("mode")))
        modes.addSeparator()
        modes.addWidget(QLabel(" " + self.tr("Move:") + " "))
        self.move_actions = {}
        for arrow, (dc, dr), tip in (
                ("←", (-1, 0), self.tr("Move the holes one cell to the left")),
                ("→", (1, 0), self.tr("Move the holes one cell to the right")),
                ("↑", (0, -1), self.tr("Move the holes one row up")),
                ("↓", (0, 1), self.tr("Move the holes one row down"))):
            move = QAction(arrow, self)
            move.setToolTip(tip)
            move.triggered.connect(lambda _=False, dc=dc, dr=dr: self.edit(
                self.design.shifted(dc, dr), self.tr("move the holes")))
            modes.addAction(move)
            self.move_actions[(dc, dr)] = move
        hint = QLabel("   " + self.tr("Right click: the empty hole moves there (with Shift: "
                                        "one more empty hole)"))
        hint.setEnabled(False)
        modes.addWidget(hint)

    def _build_side_panel(self) -> QWidget:
        """Names, jump directions and the verdict, with Open, Save and Play below."""
        side = QWidget()
        col = QVBoxLayout(side)
        form = QFormLayout()
        self.name_edit = QLineEdit()
        self.name_edit.setMaxLength(80)
        self.name_edit.textEdited.connect(self._on_name)
        self.id_edit = QLineEdit()
        self.id_edit.setMaxLength(60)
        self.id_edit.setToolTip(self.tr("The board's file in your boards folder: letters, "
                                        "digits, '-', '_', '.'"))
        self.id_edit.textEdited.connect(self._on_id)
        form.addRow(self.tr("Name:"), self.name_edit)
        form.addRow(self.tr("File name:"), self.id_edit)
        col.addLayout(form)

        self.directions_box = QGroupBox(self.tr("Jump directions"))
        self.directions_grid = QGridLayout(self.directions_box)
        self.directions_note = QLabel(self.tr(  # found unexplained by a new player
            "Each step (columns, rows) checked makes jumps: a peg jumps over the hole one step "
            "away to the hole one step beyond, e.g. (0, 1) over the next row, down or up."))
        self.directions_note.setWordWrap(True)
        self.directions_grid.addWidget(self.directions_note, 0, 0, 1, 3)
        self.direction_checks: list[QCheckBox] = []
        col.addWidget(self.directions_box)

        box = self._build_verdict_box()
        col.addWidget(box, 1)

        scroll = QScrollArea()
        scroll.setWidget(side)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

        # the buttons stay in sight below the panel, whatever it holds; they trigger the
        # menu's actions, and their tooltips give the keys
        buttons = QHBoxLayout()
        self.open_button = QPushButton(self.tr("Open…"))
        self.open_button.clicked.connect(self.open_action.trigger)
        self.open_button.setToolTip(self.tr("Open a board file ({key})").format(
            key=_keys(self.open_action)))
        self.save_button = QPushButton(self.tr("Save"))
        self.save_button.clicked.connect(self.save_action.trigger)
        self.save_button.setToolTip(self.tr("Save the board in your boards folder ({key})")
                                    .format(key=_keys(self.save_action)))
        self.play_button = QPushButton(self.tr("Play", "play this board in the game window"))
        self.play_button.clicked.connect(self.play_action.trigger)
        self.play_button.setToolTip(self.tr("Play this board in the game window"))
        for b in (self.open_button, self.save_button, self.play_button):
            buttons.addWidget(b)
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        right = QWidget()
        right.setMinimumWidth(300)
        right.setMaximumWidth(380)
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(scroll, 1)
        column.addLayout(buttons)
        column.addWidget(self.status_label)
        return right

    def _build_verdict_box(self) -> QGroupBox:
        """The verdict: counts, classes, problems, fewest moves, the catalogue."""
        box = QGroupBox(self.tr("Verdict"))
        inner = QVBoxLayout(box)
        self.counts_label = QLabel()
        self.classes_label = QLabel()
        self.problems_label = QLabel()
        self.moves_label = QLabel()
        self.catalogue_label = QLabel()
        for label in (self.counts_label, self.problems_label, self.classes_label,
                      self.moves_label, self.catalogue_label):
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            inner.addWidget(label)
        self.problem_list = QListWidget()
        self.problem_list.setToolTip(self.tr("Click a problem to make it the board's own"))
        self.problem_list.setMaximumHeight(120)
        self.problem_list.itemClicked.connect(self._on_problem)
        self.problem_list.hide()
        inner.addWidget(self.problem_list)
        inner.addStretch(1)
        return box

    def _fill_directions(self) -> None:
        """One check box a direction the lattice offers (and any the board uses besides)."""
        for check in self.direction_checks:
            self.directions_grid.removeWidget(check)
            check.deleteLater()
        self.direction_checks = []
        d = self.design
        used = d.jump_directions()
        choices = list(direction_choices(d.lattice))
        choices += [x for x in used if x not in choices]
        own = set(lattice_directions(d.lattice))
        for k, (dx, dy) in enumerate(choices):
            check = QCheckBox(f"{_arrow(dx, dy, d.lattice)} ({dx}, {dy})")
            check.setChecked((dx, dy) in used)
            if (dx, dy) in own:
                check.setToolTip(self.tr("One of this lattice's own directions"))
            check.setProperty("direction", (dx, dy))
            check.toggled.connect(self._on_direction)
            self.directions_grid.addWidget(check, 1 + k // 3, k % 3)
            self.direction_checks.append(check)

    # ------------------------------------------------------------------ the design
    def edit(self, after: Design, text: str, new_board: bool = False) -> None:
        """An undoable edit (nothing is pushed when it changes nothing)."""
        if after != self.design:
            self.undo_stack.push(DesignCommand(self, self.design, after, text, new_board))

    def new_design(self) -> Design:
        """An empty board with a default name whose file is not in the boards folder yet: "My
        board", else "My board 2", ..."""
        base, n = self.tr("My board"), 1
        while self.data_dir is not None and player_boards.board_path(
                self.data_dir, _default_id(n)).exists():
            n += 1
        return Design(name=base if n == 1 else f"{base} {n}", board_id=_default_id(n))

    def clear(self) -> None:
        """Clear starts a new board on the same grid and lattice: no holes, a new name, no
        file (Save never writes the new board over the file of the old one). Undoable."""
        fresh = self.new_design()
        after = replace(self.design.cleared(), name=fresh.name, name_ja="",
                        board_id=fresh.board_id)
        self.edit(after, self.tr("clear"), new_board=True)
        if self.saved_path is None:
            self.status_label.setText(self.tr("A new board, not saved yet."))

    def file_state(self) -> tuple:
        """The file this design belongs to: (path, its text as last read or written, whether
        the player chose the file name)."""
        return self.saved_path, self.saved_text, self._id_edited

    def set_file_state(self, path: Path | None, text: str | None, id_edited: bool) -> None:
        self.saved_path, self.saved_text, self._id_edited = path, text, id_edited
        if path is None:
            self.status_label.clear()

    def set_design(self, design: Design, keep_names: bool = False) -> None:
        if keep_names:
            design = replace(design, name=self.design.name, name_ja=self.design.name_ja,
                             board_id=self.design.board_id)
        old = self.design
        self.design = design
        self.current = verdict(design)
        self.canvas.set_design(design, self.current.board)
        self.lattice_box.blockSignals(True)
        self.lattice_box.setCurrentIndex(self.lattice_box.findData(design.lattice))
        self.lattice_box.blockSignals(False)
        for box, value in ((self.cols_box, design.width), (self.rows_box, design.height)):
            box.blockSignals(True)
            box.setValue(value)
            box.blockSignals(False)
        if self.name_edit.text() != design.name:
            self.name_edit.setText(design.name)
        if self.id_edit.text() != design.board_id:
            self.id_edit.setText(design.board_id)
        if (old.lattice, old.directions) != (design.lattice, design.directions) \
                or not self.direction_checks:
            self._fill_directions()
        self._show_verdict()
        self._schedule_search()

    def _on_cell(self, cell: Cell, mode: str) -> None:
        d = self.design
        if mode == HOLES:
            self.edit(d.toggle(cell), self.tr("add a hole") if cell not in d.holes
                      else self.tr("remove a hole"))
        elif mode in (START, MOVE_START):
            self.edit(d.toggle_start(cell) if mode == START else d.moved_start(cell),
                      self.tr("change the start"))
        else:
            self.edit(d.with_finish(cell), self.tr("change the finish"))

    def _on_lattice(self, index: int) -> None:
        self.edit(self.design.with_lattice(self.lattice_box.itemData(index)),
                  self.tr("change the lattice"))

    def _on_size(self) -> None:
        self.edit(self.design.resized(self.cols_box.value(), self.rows_box.value()),
                  self.tr("resize the grid"))

    def _on_direction(self) -> None:
        chosen = [c.property("direction") for c in self.direction_checks if c.isChecked()]
        dirs = [tuple(x) for x in chosen]
        if not dirs:  # no direction at all is no board: keep the last one
            self._fill_directions()
            return
        self.edit(self.design.with_directions(dirs), self.tr("change the jump directions"))

    def _on_name(self, text: str) -> None:
        # the file name follows the name until the player types one (a shipped board's: always);
        # a name with no ASCII letters or digits (Japanese) keeps the file name there is
        follow = not self._id_edited or player_boards.clashes_with_shipped(self.design.board_id)
        board_id = (slug(text) or self.design.board_id) if follow else self.design.board_id
        if follow and player_boards.clashes_with_shipped(board_id):  # "English": a file of
            # its own, not the shipped one's (an outside trial: Save refused a name not typed)
            board_id = next(f"{board_id}-{n}" for n in range(2, 1000)
                            if not player_boards.clashes_with_shipped(f"{board_id}-{n}"))
        # the Japanese name translated the old name: a new name stands for both languages
        self.design = replace(self.design, name=text, name_ja="", board_id=board_id)
        if self.id_edit.text() != board_id:
            self.id_edit.setText(board_id)
        self.current = verdict(self.design)

    def _on_id(self, text: str) -> None:
        self._id_edited = True
        self.design = replace(self.design, board_id=text.strip())
        self.current = verdict(self.design)

    # ------------------------------------------------------------------ verdict
    def _show_verdict(self) -> None:
        v = self.current
        _show(self.counts_label, counts_text(v))
        lines = [translated(e) for e in v.errors] + [translated(w) for w in v.warnings]
        _show(self.problems_label, "\n".join(lines))
        colour = "#c0392b" if v.errors else "#b86e00"
        self.problems_label.setStyleSheet(f"color: {colour};")
        if v.possible is True:
            # (classes only rule out: "possible" read as a promise beside "no solution")
            _show(self.classes_label, self.tr("Position classes do not rule the problem out."))
        elif v.possible is False:
            _show(self.classes_label, self.tr("Impossible by {reason}.")
                                       .format(reason=translated(v.reason)))
        else:
            _show(self.classes_label, "")
        _show(self.moves_label, "")
        _show(self.catalogue_label, "")
        if self._key() is None or _shape(self.current.board) not in self._catalogues:
            self.problem_list.hide()
        self.save_button.setEnabled(True)
        self.play_button.setEnabled(v.board is not None)

    def _key(self):
        b = self.current.board
        return None if b is None else (b.coords, b.jumps, b.start, b.finish)

    def _schedule_search(self) -> None:
        key = self._key()
        if key == self._searched and key is not None:
            return
        self.runner.cancel()
        self.answer = None
        self._searched = None
        if key is None or not self.current.solvable_size:
            if self.current.board is not None:
                _show(self.moves_label, self.tr("No search: too many holes for the solver."))
            return
        if self.current.possible is not False:  # else the position classes have said it
            _show(self.moves_label, self.tr("Fewest moves: waiting…"))
        self.search_timer.start()

    def _start_search(self) -> None:
        board = self.current.board
        if board is None or not self.current.solvable_size:
            return
        self._searched = self._key()
        self._moves_final = False
        self.runner.start(verdict_job(board, self._catalogues.get(_shape(board))),
                          tag=self._searched, staged=True)

    def _on_progress(self, tag, stage, depth, positions) -> None:
        if tag != self._key():
            return
        text = translated(describe(stage, depth, positions, 0))
        if self._moves_final:  # the catalogue's turn
            _show(self.catalogue_label, text)
        elif self.current.possible is not False:
            _show(self.moves_label, self._moves_prefix() + text)

    def _moves_prefix(self) -> str:
        return self.tr("Fewest moves:") + " "

    def _on_interim(self, tag, answer) -> None:
        if tag != self._key():
            return
        kind, res = answer
        self._moves_final = kind == "moves"
        _show(self.moves_label, self.moves_text(res))

    def moves_text(self, res) -> str:
        n = len(res.moves) if res.moves is not None else None
        if res.status == SOLVED and res.proven_minimal:
            return self._moves_prefix() + self.tr("{n} (proven)").format(n=n)
        if res.moves is not None:
            return self._moves_prefix() + self.tr("{n}, not proven minimal").format(n=n)
        if res.status == UNSOLVABLE:
            if self.current.possible is False:
                # the position classes' line already says why: the reason is given once
                return ""
            return self.tr("No solution: {reason}").format(reason=translated(res.reason))
        return self.tr("No answer: {reason}").format(reason=translated(res.reason or ""))

    def _on_result(self, tag, answer) -> None:
        if tag != self._key() or answer is None:
            return
        self.answer = answer
        _show(self.moves_label, self.moves_text(answer.solved))
        _show(self.catalogue_label, catalogue_text(answer))
        if answer.problems is not None:
            if len(self._catalogues) >= 32:
                self._catalogues.clear()
            self._catalogues[_shape(answer.board)] = answer.problems
        self._fill_problems(answer)
        self.verdictReady.emit(answer)

    def _fill_problems(self, answer: DesignAnswer) -> None:
        """The possible problems, fewest moves first: "d4 → d4: 18 moves"."""
        self.problem_list.clear()
        possible = sorted((p for p in answer.problems or () if p.possible),
                          key=lambda p: (p.par if p.par is not None else 999, p.start, p.finish))
        board = answer.board
        for p in possible:
            text = self.tr("{start} → {finish}: {par} moves").format(
                start=board.hole_name(p.start), finish=board.hole_name(p.finish), par=p.par)
            if not p.proven_minimal:
                text += " " + self.tr("(not proven minimal)")
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, (p.start, p.finish))
            self.problem_list.addItem(item)
        self.problem_list.setVisible(bool(possible))

    def _on_problem(self, item: QListWidgetItem) -> None:
        """A problem of the list becomes the board's own (one vacancy, that finish)."""
        start, finish = item.data(Qt.ItemDataRole.UserRole)
        order = self.design.ordered_holes()
        self.edit(self.design.with_problem(order[start], order[finish]),
                  self.tr("choose a problem"))

    def _on_failed(self, tag, message: str) -> None:
        if tag == self._key():
            _show(self.moves_label, self.tr("No answer: {reason}").format(reason=message))

    # ------------------------------------------------------------------ files and games
    def _warn(self, text: str) -> None:
        QMessageBox.warning(self, self.tr("Board designer"), text)

    def target_path(self) -> Path | None:
        if self.data_dir is None or not is_safe_board_id(self.design.board_id):
            return None
        return player_boards.board_path(self.data_dir, self.design.board_id)

    def save(self) -> bool:
        """Save to the player's boards folder. Refused, with the reason, when the game could not
        read the board, the file name is not usable or belongs to a shipped board; asks before
        replacing another file of the folder. The old file stays whole if writing fails."""
        v = self.current
        if v.board is None:
            self._warn(self.tr("This board cannot be saved yet:") + "\n"
                       + "\n".join(translated(e) for e in v.errors))
            return False
        board_id = self.design.board_id
        if not is_safe_board_id(board_id):
            self._warn(self.tr("Give the board a file name of letters, digits, '-', '_' or "
                               "'.', starting with a letter or digit."))
            return False
        if player_boards.clashes_with_shipped(board_id):
            self._warn(self.tr("“{name}” is the name of a board that comes with PegApp; choose "
                               "another file name.").format(name=board_id))
            return False
        if self.data_dir is None:
            self._warn(self.tr("There is no data folder to save boards in."))
            return False
        path = player_boards.board_path(self.data_dir, board_id)
        on_disk = _read(path) if path.exists() else None
        # the file being edited is saved without asking, as long as it holds what this designer
        # last read or wrote there; any other file, or one changed since, is replaced only
        # when the player says so
        if path.exists() and (path != self.saved_path or on_disk != self.saved_text):
            if path == self.saved_path:
                question = self.tr("The board file “{name}” has changed since you opened or "
                                   "saved it here. Replace it?").format(name=board_id)
            else:
                question = self.tr("A board named “{name}” already exists. Replace it?").format(
                    name=board_id)
            answer = QMessageBox.question(
                self, self.tr("Board designer"), question,
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No)
            if answer != QMessageBox.StandardButton.Yes:
                return False
        text = self.design.to_toml()
        try:
            self.design.to_board(board_id)  # what the game will read: checked before writing
            write_atomic(path, text)
        except (BoardError, WriteError) as exc:
            self._warn(translated(exc))
            return False
        self.saved_path, self.saved_text, self.clean_toml = path, text, text
        self.status_label.setText(self.tr("Saved as {path}").format(path=str(path)))
        return True

    def game(self) -> tuple[str, dict] | None:
        """(puzzle id, params) of this board as the pegs family takes a player's board."""
        if self.current.board is None:
            return None
        board_id = self.design.board_id
        if not is_safe_board_id(board_id) or player_boards.clashes_with_shipped(board_id):
            board_id = "custom"
        text = self.design.to_toml()
        return f"pegs/{board_id}", {"board": board_id, "board_text": text}

    def play(self) -> None:
        game = self.game()
        if game is None:
            self._warn(self.tr("This board cannot be played yet:") + "\n"
                       + "\n".join(translated(e) for e in self.current.errors))
            return
        window = self.game_window
        if window is None:
            return
        window.starts.start_requested_game(*game)
        window.raise_()
        window.activateWindow()

    def open_file(self) -> None:
        folder = str(player_boards.boards_dir(self.data_dir)) if self.data_dir else ""
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open a board"), folder,
                                              self.tr("Board files (*.toml)"))
        if path:
            self.open_path(Path(path))

    def open_path(self, path: Path) -> bool:
        try:
            design = Design.from_board(load_board(path))
        except (BoardError, DesignError) as exc:
            self._warn(translated(exc))
            return False
        self.undo_stack.clear()
        # a shipped board's file name follows the name (it cannot be saved there)
        self._id_edited = not player_boards.clashes_with_shipped(design.board_id)
        self.design = replace(self.design, name=design.name, board_id=design.board_id)
        self.set_design(design)
        self.saved_path, self.saved_text = Path(path), _read(Path(path))
        self.clean_toml = self.design.to_toml()
        self.status_label.setText(self.tr("Opened {path}").format(path=str(path)))
        return True

    def closeEvent(self, event) -> None:
        if not self._may_close():
            event.ignore()
            return
        self.search_timer.stop()
        self.runner.shutdown()
        super().closeEvent(event)

    def _may_close(self) -> bool:
        """Closing with the board changed since it was opened or saved here (or drawn, new)
        asks Save, Discard or Cancel (an outside trial: closing threw a drawn board away)."""
        if self.design.to_toml() == self.clean_toml:
            return True
        answer = QMessageBox.question(
            self, self.tr("Board designer"),
            self.tr("Save the changes to “{name}” before closing?").format(
                name=self.design.name),
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard


def _keys(action: QAction) -> str:
    """An action's keys as the player reads them: "Ctrl+S"."""
    return ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText)
                     for k in action.shortcuts()[:1])


def _default_id(n: int) -> str:
    return "my-board" if n == 1 else f"my-board-{n}"


def _read(path: Path) -> str | None:
    """A board file's text; None when gone, unreadable or refused (storage.read_regular)."""
    try:
        return read_regular(path, MAX_FILE_BYTES).decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _shape(board: Board | None):
    """What a board's catalogue depends on: its holes and jumps."""
    return None if board is None else (board.coords, board.jumps)


def _show(label: QLabel, text: str) -> None:
    """A verdict line: shown with its text, hidden when it has none (no gaps in the panel)."""
    label.setText(text)
    label.setVisible(bool(text))


def _arrow(dx: int, dy: int, lattice: str) -> str:
    """A small picture of a direction (the layout's y grows downwards)."""
    if lattice == "triangular":
        dx = dx / 2
    if dy == 0:
        return "↔"
    if dx == 0:
        return "↕"
    return "⤡" if (dx > 0) == (dy > 0) else "⤢"


def open_designer(window, board: Board | None = None) -> QWidget:
    """The designer as a window of its own (not modal), for the game window's Game menu."""
    designer = DesignerWindow(window, board)
    designer.show()
    designer.raise_()
    return designer
