"""PuzzleView, the base of every family's view: it draws a state and asks for moves with
movesRequested. Views never change the game: the window applies the moves through its undo stack."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QCoreApplication, QPoint, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QImage, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from pegapp.puzzles import registry
from pegapp.puzzles.analysis import Annotations
from pegapp.ui.analysis_marks import legend
from pegapp.ui.i18n import family_name, rules_text
from pegapp.ui.theme import BoardTheme, current_theme, dark_palette, is_dark, light_palette
from pegapp.ui.views import guard


def render_scaled(widget: QWidget, p: QPainter, rect: QRectF) -> None:
    """Draw widget (without its child widgets) scaled into rect, keeping its aspect ratio."""
    w, h = widget.width(), widget.height()
    scale = min(rect.width() / w, rect.height() / h)
    p.save()
    p.translate(rect.x() + (rect.width() - w * scale) / 2,
                rect.y() + (rect.height() - h * scale) / 2)
    p.scale(scale, scale)
    p.setClipRect(QRectF(0, 0, w, h))
    widget.render(p, QPoint(0, 0), renderFlags=QWidget.RenderFlag.DrawWindowBackground)
    p.restore()


class PuzzleView(QWidget):
    """What a family gives the game window: drawing and input, and its own text. The window
    (pegapp.ui.game_window.GameWindow) does everything else for every family."""

    #: a list of moves to play in order (sliding several tiles is several moves)
    movesRequested = Signal(list)
    #: (puzzle id, params): the player asks for another start of the family from the view (a
    #: start hole, a mode); the window asks before abandoning the game
    newGameRequested = Signal(str, dict)
    #: the view's own status text (status_text) changed without a move: the window shows it again
    statusChanged = Signal()
    #: the settings (pegapp.ui.settings_dialog keys) the view follows besides the theme, declared
    #: as a puzzle declares ABILITIES: "view/animate" (animations_enabled), "view/animation_ms"
    #: (animation_ms), "view/show_targets" (show_targets), "view/hole_labels" (show_labels)
    SETTINGS: frozenset[str] = frozenset()
    #: the view failed (an exception in its drawing or input, caught by pegapp.ui.views.guard),
    #: with the words failure_text() gives; emitted once, the window says it beside the board
    viewFailed = Signal(str)
    #: the exception that switched the view off (guard), or None: a failed view draws a panel
    #: saying why and takes no input
    view_failure: Exception | None = None

    def __init_subclass__(cls, **kwargs):
        """Every family's view, shipped or a plug-in's, is guarded at the one boundary Qt calls
        it through: its event handlers (pegapp.ui.views.guard)."""
        super().__init_subclass__(**kwargs)
        guard.guard_handlers(cls)

    def __init__(self, puzzle, parent: QWidget | None = None):
        super().__init__(parent)
        self.puzzle = puzzle
        self.state = puzzle.initial()
        self.hint = None
        self.interactive = True
        #: drawn for an export sheet, not a window (export_states sets it): a diagram is read
        #: at a third of the window's size, so a view may lay out for that (bigger cells,
        #: bigger labels) and leave out what only a player at the window needs (instructions)
        self.diagram = False
        self.theme_mode = "system"
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def failure_text(self) -> str:
        """What the failed view's panel and the window say: whose board failed, and why."""
        try:
            name = family_name(registry.family_of(self.puzzle.id))
        except Exception:  # noqa: BLE001 - the words must come whatever else is broken
            name = type(self).__name__
        return guard.failure_text(name, self.view_failure)

    def set_state(self, state) -> None:
        self.state = state
        self.hint = None
        self.update()

    def set_hint(self, move) -> None:
        self.hint = move
        self.update()

    # ---- graded hints (issue #56): the hint's second step marks the piece, not the move

    def hint_piece(self, move):
        """What set_hint draws to mark only the piece move moves (a peg, a tile, a pair, a jug),
        not where it goes; None: the family has no piece to point at (a guess, a button that
        is the whole move), and the hint's steps are the distance, then the whole move."""
        return None

    def piece_words(self, move) -> str:
        """The hint line's words for the piece step: which piece move moves."""
        return QCoreApplication.translate("PuzzleView", "Move the piece marked on the board.")

    def piece_prompt(self) -> str | None:
        """What the next press of Hint shows when it is the piece step; None: the family has no
        piece (hint_piece is None for every move), and the step is left out."""
        return None

    def move_prompt(self) -> str:
        """What the next press of Hint shows when it is the whole move."""
        return QCoreApplication.translate("PuzzleView", "Press H again to see the whole move.")

    def play_move(self, move, state) -> None:
        """Show the state a move led to (a view may animate the move)."""
        self.set_state(state)

    def paint_diagram(self, p: QPainter, rect: QRectF) -> None:
        """Draw the state shown into rect of an export sheet: by default the view itself
        (without its child widgets) scaled to fit. A view made of child widgets (a list, an
        entry) draws its state itself."""
        render_scaled(self, p, rect)

    def set_trail(self, move) -> None:
        """Draw the path of move (the one that led to the state shown: the exported solution
        sheet asks), or none. A view whose moves have a path worth drawing (peg chains)
        overrides it; by default nothing is drawn."""

    #: whether the view marks the moves' verdicts in analysis mode (the window says so when not)
    draws_annotations = False
    #: analysis mode's verdicts of every legal move (None: analysis off or not ready)
    annotations: Annotations | None = None

    def set_annotations(self, annotations: Annotations | None) -> None:
        """Analysis mode (issue #14): the verdicts of the legal moves from the state shown, or
        None. A view that draws them sets draws_annotations."""
        self.annotations = annotations
        self.update()

    def analysis_summary(self, annotations: Annotations) -> str | None:
        """The whole analysis line of the hint line, for a family whose marks count something
        other than moves to the goal (guesses); None: the window's own ("the goal is 5 moves
        away at best") followed by analysis_legend."""
        return None

    def analysis_legend(self, annotations: Annotations) -> str:
        """What the marks mean, after the window's analysis sentence (analysis_marks.legend:
        no ✕ unless a dead end is on the board, as on sliding tiles)."""
        return legend(annotations)

    # ---- the family's text (the window asks; None: the window's own words)

    def title(self) -> str:
        """Which puzzle of its family this is, for the title: "3×3"."""
        return self.puzzle.id.partition("/")[2].replace("x", "×")

    def heading(self) -> str | None:
        """The panel's title; None: "<family> (<title>)"."""
        return None

    def goal_text(self) -> str | None:
        """The goal line; None: the puzzle's rules (description())."""
        return None

    def finish_text(self) -> str | None:
        """What the finish is, without the game's par or warnings: Train says it under its own
        rule ("Find the finish in 5 moves"); None: the rule says enough."""
        return None

    def position_help(self) -> str:
        """The line shown when the player types a position (POSITION puzzles)."""
        return ""

    def status_text(self, session) -> str | None:
        return None

    def counts_text(self, session) -> str | None:
        return None

    def extra_actions(self) -> list:
        """Actions the window adds for this view: to its Game menu, beside New game too when
        the action's "panel" property is set, to its View menu when the action is checkable and
        its "setting" property names the setting it stands for (remembered by the window)."""
        return []

    def another_problem(self):
        """The action the ending's "Another problem…" triggers: the view's own list of problems
        (a peg board's Problems…), or None for the game picker."""
        return None

    def picture(self, size: int) -> QPixmap:
        """A small picture of the start, for the picker and the rules: the view drawn at twice
        the size (where its own layout still reads: the stone pairs wrap into rows), cut to what
        it draws on the colour of its corner so the puzzle fills the picture, then scaled down
        smoothly. A view whose drawing does not read when shrunk (buttons, sentences) overrides
        it."""
        self.resize(size * 2, size * 2)
        image = self.grab().toImage().convertToFormat(QImage.Format.Format_ARGB32)
        w, h = image.width(), image.height()
        pixels = np.frombuffer(image.constBits(), np.uint32,
                               count=h * image.bytesPerLine() // 4).reshape(h, -1)[:, :w]
        drawn = pixels != pixels[0, 0]
        rows, cols = np.flatnonzero(drawn.any(axis=1)), np.flatnonzero(drawn.any(axis=0))
        if rows.size:
            pad = max(2, size // 16)
            image = image.copy(QRect(int(cols[0]), int(rows[0]), int(cols[-1] - cols[0] + 1),
                                     int(rows[-1] - rows[0] + 1)).adjusted(-pad, -pad, pad, pad)
                               .intersected(image.rect()))
        return QPixmap.fromImage(image).scaled(size, size, Qt.AspectRatioMode.KeepAspectRatio,
                                               Qt.TransformationMode.SmoothTransformation)

    def description(self) -> str:
        """This puzzle's rules, for the picker's tool tip and the panel's goal line: the
        family's."""
        return rules_text(registry.family_of(self.puzzle.id))

    #: whether the panel shows a "Size…" button for the family's params (the Game menu always
    #: has "Other size or setting…" when the family has params)
    offers_sizes = True
    #: whether the view shows the game's history itself (bulls and cows' guesses and scores):
    #: the window then hides its Moves list, which would only repeat it
    shows_history = False

    def offers_answers(self) -> bool:
        """Whether Hint and Solve can answer in this game (not where only the player knows the
        goal: the computer guessing the player's secret)."""
        return True

    def file_kind(self) -> tuple[str, str] | None:
        """(menu text, file-dialog filter) when the family opens its own files as games (a
        player's board), else None."""
        return None

    def game_from_file(self, path) -> tuple[str, dict]:
        """(puzzle id, params) of the game in a file (file_kind); BadInput, ValueError or OSError
        when it cannot be used."""
        raise NotImplementedError("this family opens no files (file_kind is None)")

    @property
    def theme_mode(self) -> str:
        """"system" follows the application's theme; "light" or "dark" (an export sheet) also
        gives the view's own widgets (the jugs' buttons) that theme's palette."""
        return self._theme_mode

    @theme_mode.setter
    def theme_mode(self, mode: str) -> None:
        self._theme_mode = mode
        if mode in ("light", "dark") and is_dark(mode) != is_dark():
            self.setPalette(dark_palette() if mode == "dark" else light_palette())
        else:
            self.setPalette(QPalette())  # the application's

    def theme(self) -> BoardTheme:
        return current_theme(self.theme_mode)

    def request(self, moves: list) -> None:
        if self.interactive and moves:
            self.movesRequested.emit(list(moves))

    def sizeHint(self) -> QSize:
        return QSize(560, 560)

    def minimumSizeHint(self) -> QSize:
        return QSize(260, 260)

    # helpers for grid puzzles
    def grid_geometry(self, rows: int, cols: int, margin: float = 0.06) -> tuple[float, float, float]:
        """(cell size, left, top) of a centred square-celled grid."""
        w, h = self.width(), self.height()
        cell = min(w * (1 - 2 * margin) / cols, h * (1 - 2 * margin) / rows)
        return cell, (w - cell * cols) / 2, (h - cell * rows) / 2

    def paint_background(self, p: QPainter) -> None:
        p.fillRect(self.rect(), self.theme().table)
