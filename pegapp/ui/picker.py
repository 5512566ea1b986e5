"""The game picker ("New game…"): every puzzle of every registered family (registry.families():
PegApp's own, then plug-ins) and the player's own board files, under headings -- peg solitaire,
sliding puzzles, the other puzzles, plug-in families, "Your boards" -- each tile with a picture,
its name, a one-line summary and a difficulty.

Nothing here names a family: a family's heading comes from what it is (another distribution's
family is a plug-in; one drawn by the peg view is peg solitaire, by the sliding-tiles view a
sliding puzzle), and a tile's summary and difficulty from the family's Preset when it declares
them, else from the puzzle itself (the pegs at the start and the catalogue's par for a peg board,
the pieces of the start compared with the family's other presets otherwise). The pictures are the
views' own (PuzzleView.picture), so a family draws its thumbnail the way it reads best.

``chosen()`` is (family key, puzzle id, params), whatever the tile: a preset, a board file of
"Your boards" (started as an opened board file is, PlayerBoard.game()), or a problem picked in
"Problems…" (pegapp.ui.views.peg_problems.ProblemsDialog) for a peg board.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

from PySide6.QtCore import QEvent, QModelIndex, QObject, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (QColor, QFont, QFontMetrics, QIcon, QKeyEvent, QPainter, QPalette,
                           QPen, QPixmap)
from PySide6.QtWidgets import (QAbstractItemView, QDialog, QDialogButtonBox, QFrame, QLabel,
                               QLineEdit, QListView, QListWidget, QListWidgetItem, QScrollArea,
                               QStyle, QStyledItemDelegate, QStyleOptionViewItem, QVBoxLayout,
                               QWidget)

from pegapp.core.messages import detail
from pegapp.core.player_boards import PlayerBoard, boards_dir, player_boards
from pegapp.puzzles import catalogue, registry
from pegapp.puzzles.design import class_verdict
from pegapp.puzzles.family import Family, Preset
from pegapp.ui.i18n import display_language, translated
from pegapp.ui.views import view_class, view_for
from pegapp.ui.views.base import PuzzleView
from pegapp.ui.views.pegs import PegView
from pegapp.ui.views.slide import SlideView
from pegapp.ui.worker import SolverRunner

#: the side of a picture in the picker, in pixels
PICTURE = 112
#: a tile's width: five tiles a row in the dialog's default width
TILE_WIDTH = 176

# the headings, in the order shown
# the headings (a heading is chosen from the family's view, never from its key: family_group)
PEGS, SLIDING, OTHER, PLUGINS, YOURS = "peg-boards", "sliding", "other", "plugins", "yours"
#: a player's board of up to this many holes is decided (won or lost) while New game is open
DECIDE_UP_TO_HOLES = 33
GROUPS = (PEGS, SLIDING, OTHER, PLUGINS, YOURS)

# what a tile's item holds besides its name (DisplayRole), picture (DecorationRole) and full
# description (ToolTipRole)
CHOICE = Qt.ItemDataRole.UserRole            # (family key, puzzle id, params); None: a broken file
SUMMARY = Qt.ItemDataRole.UserRole + 1       # the one line under the name
LEVEL = Qt.ItemDataRole.UserRole + 2         # 1 easy .. 4 very hard; 0 none (a broken file)
LEVEL_WORD = Qt.ItemDataRole.UserRole + 3    # the level in words
BOARD = Qt.ItemDataRole.UserRole + 4         # the Board of a peg solitaire tile (Problems…)

#: pegs at the start up to which a peg board is easy, medium, hard (more: very hard)
PEG_LEVELS = (12, 20, 36)
#: the dots of the levels
LEVEL_COLOURS = ("#3b8f4e", "#d4a017", "#e67e22", "#c0392b")
#: where a tile's name or summary wraps: before an opening parenthesis, never before a closing
#: one or the marks a Japanese line does not start with
OPENINGS = "(（「"
NO_LINE_START = ")）」、。，．・ー：；！？,.:;!?"


def puzzle_pixmap(puzzle_id: str, params: dict, size: int = PICTURE) -> QPixmap:
    """A small picture of a puzzle's start, drawn by its family's view."""
    view = view_for(registry.make_puzzle(puzzle_id, params))
    try:
        return view.picture(size)
    finally:
        view.deleteLater()


def family_group(family: Family, own: set[str]) -> str:
    """The heading of a family's tiles, from what it is, never from its name: a family that is
    not one of PegApp's own (own: their keys) is a plug-in; one drawn by the peg view (or a view
    built on it) is peg solitaire; one drawn by the sliding-tiles view (rotation builds on it) a
    sliding puzzle; the rest are the other puzzles."""
    if family.key not in own:
        return PLUGINS
    cls = view_class(family)
    if issubclass(cls, PegView):
        return PEGS
    if issubclass(cls, SlideView):
        return SLIDING
    return OTHER


def pieces(state) -> int:
    """How many pieces a start has: the set bits of a bitboard (pegs, lights on), the cells of a
    sequence (tiles, stones, jugs); 0 when the state is neither."""
    if isinstance(state, int):
        return bin(state).count("1")
    try:
        return len(state)
    except TypeError:
        return 0


def peg_level(pegs: int) -> int:
    """A peg board's difficulty from its pegs at the start: boards range from 6 to 44 pegs and
    grow harder with them across that whole range."""
    return 1 + sum(pegs > limit for limit in PEG_LEVELS)


def family_levels(family: Family) -> list[int]:
    """The derived difficulty of each preset of a family, in order: its start's pieces compared
    with the family's other presets (16 lights and 16 tiles do not compare across families), the
    fewest easy, the most hard, between them medium; a family of one size is medium. (A declared
    Preset.difficulty wins over it.)"""
    sizes = []
    for preset in family.presets:
        try:
            sizes.append(pieces(
                registry.make_puzzle(preset.puzzle_id, dict(preset.params)).initial()))
        except Exception:  # noqa: BLE001 - a plug-in's preset that cannot start: medium
            sizes.append(0)
    distinct = sorted(set(sizes))
    if len(distinct) < 2:
        return [2] * len(sizes)
    return [1 + round(2 * distinct.index(n) / (len(distinct) - 1)) for n in sizes]


def first_sentence(text: str) -> str:
    """The first sentence of a description (English or Japanese)."""
    text = " ".join(str(text).split())
    match = re.search(r"(?<=[.!?])\s|(?<=[。！？])", text)
    return text[:match.start()].strip() if match else text


class GroupList(QListWidget):
    """The tiles of one heading: a grid as tall as its tiles (the dialog's scroll area scrolls,
    not each list). The arrow keys leave it when they can go no further in it (leave(key)), so
    they walk through every heading's tiles."""

    leave = Signal(int)

    def __init__(self, delegate: "TileDelegate"):
        super().__init__()
        self.setItemDelegate(delegate)
        self.setViewMode(QListView.ViewMode.IconMode)
        self.setMovement(QListView.Movement.Static)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setUniformItemSizes(True)
        self.setGridSize(delegate.tile)
        self.setWrapping(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMouseTracking(True)  # tool tips

    def visible_count(self) -> int:
        return sum(not self.item(i).isHidden() for i in range(self.count()))

    def fit_height(self) -> None:
        """As tall as its rows of visible tiles at the present width."""
        per_row = max(1, self.viewport().width() // self.gridSize().width())
        rows = math.ceil(self.visible_count() / per_row)
        self.setFixedHeight(rows * self.gridSize().height() + 2)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fit_height()

    def wheelEvent(self, event) -> None:
        event.ignore()  # the dialog's scroll area scrolls

    def keyPressEvent(self, event: QKeyEvent) -> None:
        before = self.currentRow()
        super().keyPressEvent(event)
        arrows = (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_Left, Qt.Key.Key_Right)
        if event.key() in arrows and self.currentRow() == before:
            self.leave.emit(event.key())


class TileDelegate(QStyledItemDelegate):
    """A tile: the picture, the name in bold (up to two lines), the difficulty as dots and a
    word, the summary (up to two lines, muted); a broken board file greyed."""

    MARGIN = 6

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        font = parent.font()
        self.name_font = QFont(font)
        self.name_font.setBold(True)
        self.small_font = QFont(font)
        self.small_font.setPointSizeF(font.pointSizeF() * 0.9)
        # a line's height with room for a fallback font's taller glyphs (Japanese)
        self.name_h = math.ceil(QFontMetrics(self.name_font).lineSpacing() * 1.2)
        self.small_h = math.ceil(QFontMetrics(self.small_font).lineSpacing() * 1.2)
        self.tile = QSize(TILE_WIDTH, 2 * self.MARGIN + PICTURE + 4 + 2 * self.name_h + 1
                          + self.small_h + 2 + 2 * self.small_h)

    def sizeHint(self, option, index: QModelIndex) -> QSize:
        return self.tile

    def paint(self, p: QPainter, option, index: QModelIndex) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        broken = index.data(CHOICE) is None
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        pal = opt.palette
        # the whole tile is the selection (a style would mark only the text of an icon view)
        back = pal.highlight().color() if selected else QColor(pal.highlight().color())
        if not selected:
            back.setAlpha(40 if opt.state & QStyle.StateFlag.State_MouseOver else 0)
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(back)
        p.drawRoundedRect(opt.rect.adjusted(2, 2, -2, -2), 6, 6)
        if opt.state & QStyle.StateFlag.State_HasFocus:
            p.setPen(QPen(pal.highlight().color().darker(130), 1, Qt.PenStyle.DotLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(opt.rect.adjusted(3, 3, -3, -3), 5, 5)
        p.restore()
        text = pal.highlightedText().color() if selected else pal.text().color()
        muted = QColor(text) if selected else pal.placeholderText().color()
        if broken:
            text = muted
        r = opt.rect.adjusted(self.MARGIN, self.MARGIN, -self.MARGIN, -self.MARGIN)
        icon = index.data(Qt.ItemDataRole.DecorationRole)
        if isinstance(icon, QIcon) and not icon.isNull():
            mode = QIcon.Mode.Disabled if broken else QIcon.Mode.Normal
            pixmap = icon.pixmap(QSize(PICTURE, PICTURE), mode)
            size = pixmap.deviceIndependentSize().toSize()
            p.drawPixmap(r.left() + (r.width() - size.width()) // 2,
                         r.top() + (PICTURE - size.height()) // 2, pixmap)
        y = r.top() + PICTURE + 4
        small_fm = QFontMetrics(self.small_font)
        p.save()
        p.setPen(text)
        y = self._draw_lines(p, str(index.data(Qt.ItemDataRole.DisplayRole) or ""),
                             self.name_font, r, y, self.name_h) + 1
        p.setFont(self.small_font)
        level = int(index.data(LEVEL) or 0)
        if level:  # the difficulty under the name: dots and a word
            word = str(index.data(LEVEL_WORD) or "")
            dot = small_fm.ascent() * 0.55
            gap = dot * 0.5
            dots_w = 4 * dot + 3 * gap
            total = dots_w + gap * 2 + small_fm.horizontalAdvance(word)
            x = r.left() + (r.width() - total) / 2
            cy = y + self.small_h / 2
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            colour = QColor(LEVEL_COLOURS[min(level, 4) - 1])
            for i in range(4):
                p.setPen(QPen(colour, 1.2))
                p.setBrush(colour if i < level else Qt.BrushStyle.NoBrush)
                p.drawEllipse(QRect(int(x + i * (dot + gap)), int(cy - dot / 2), int(dot), int(dot)))
            p.setPen(text)
            p.drawText(QRect(int(x + dots_w + 2 * gap), y, r.width(), self.small_h),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, word)
            y += self.small_h + 2
        p.setPen(muted)  # then the summary
        self._draw_lines(p, str(index.data(SUMMARY) or ""), self.small_font, r, y, self.small_h)
        p.restore()

    def _draw_lines(self, p: QPainter, text: str, font: QFont, r: QRect, y: int,
                    line_h: int) -> int:
        """text centred in up to two lines from y; the y under the last line drawn."""
        p.setFont(font)
        for line in self._two_lines(text, font, r.width()).split("\n"):
            p.drawText(QRect(r.left(), y, r.width(), line_h), Qt.AlignmentFlag.AlignHCenter |
                       Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextDontClip, line)
            y += line_h
        return y

    @staticmethod
    def _two_lines(text: str, font: QFont, width: int) -> str:
        """text as it fits two wrapped lines of width, the second elided when it does not."""
        fm = QFontMetrics(font)
        if fm.horizontalAdvance(text) <= width:
            return text
        # the longest start that fits one line, then the rest elided on the second
        cut = len(text)
        while cut > 1 and fm.horizontalAdvance(text[:cut]) > width:
            cut -= 1
        # a parenthesis that fits the second line whole goes there: "Name (aside)"
        bracket = max(text.rfind(opening, 0, cut + 1) for opening in OPENINGS)
        space = text.rfind(" ", 0, cut + 1)
        aside = text[bracket:]
        if bracket > 0 and fm.elidedText(aside, Qt.TextElideMode.ElideRight, width) == aside:
            cut = bracket
        elif space > cut * 0.6 and text[cut:cut + 1] != " ":  # Japanese breaks anywhere
            cut = space
            if len(text[cut:].strip()) <= 2:  # not a lone "L" on the second line
                earlier = text.rfind(" ", 0, cut)
                cut = earlier if earlier > cut * 0.5 else cut
        else:  # between two characters: none of 。、ー) starts the second line, ( ends no line
            while cut > 1 and (text[cut] in NO_LINE_START or text[cut - 1] in OPENINGS):
                cut -= 1
        first, rest = text[:cut].rstrip(), text[cut:].lstrip()
        return first + "\n" + fm.elidedText(rest, Qt.TextElideMode.ElideRight, width)


def search_folded(text: str) -> str:
    """Text as the picker's search compares it: any case, and the multiplication sign of the
    names ("8-flip 6×6") as the x a player types."""
    return text.casefold().replace("×", "x")


class GamePicker(QDialog):
    """Choose any game of the collection, grouped under headings, with a search field; the
    arrow keys walk the tiles of every heading, Enter starts the selected one."""

    def __init__(self, parent: QWidget | None, current: str | None = None, *,
                 data_dir: str | Path | None = None, stats=None):
        super().__init__(parent)
        # the game window is the usual parent: its data folder and statistics when not given
        self.data_dir = data_dir if data_dir is not None else getattr(parent, "data_dir", None)
        self.stats = stats if stats is not None else getattr(parent, "stats", None)
        self.setWindowTitle(self.tr("New game"))
        self._problem: tuple[str, str, dict] | None = None
        self._current: QListWidgetItem | None = None
        self.problems_dialog = None
        self.delegate = TileDelegate(self)
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search the games (name, description)"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.filter)
        self.search.installEventFilter(self)
        #: said when the search finds nothing (found by a new player: "3x3" showed an empty page)
        self.no_match = QLabel()
        self.no_match.setObjectName("noMatch")
        self.no_match.setWordWrap(True)
        self.no_match.hide()

        self._build_groups()

        self.details = QLabel()
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.PlainText)
        self.details.setMinimumHeight(QFontMetrics(self.details.font()).lineSpacing() * 2 + 4)

        self._build_buttons()

        for group, tiles in self.lists.items():
            tiles.itemSelectionChanged.connect(lambda t=tiles: self._on_selection(t))
            tiles.itemDoubleClicked.connect(self._on_double_click)
            tiles.leave.connect(lambda key, g=group: self._leave(g, key))
        layout = QVBoxLayout(self)
        layout.addWidget(self.search)
        layout.addWidget(self.no_match)
        layout.addWidget(self.scroll, 1)
        layout.addWidget(self.details)
        layout.addWidget(self.buttons)
        self.resize(940, 660)
        if current is not None:
            try:
                self.choose(current)
            except KeyError:
                pass
        if self.current_item() is None:
            self._select_first()
        self._update_buttons()
        self.runner: SolverRunner | None = None
        self._decide_player_boards()

    def _build_groups(self) -> None:
        """The tiles under their headings, in a scroll area (Your boards with a word when empty)."""
        self.lists: dict[str, GroupList] = {}
        self.headings: dict[str, QLabel] = {}
        self.container = QWidget()
        self.container.setBackgroundRole(QPalette.ColorRole.Base)
        self.container.setAutoFillBackground(True)
        column = QVBoxLayout(self.container)
        column.setContentsMargins(8, 4, 8, 8)
        column.setSpacing(2)
        language = display_language()
        titles = self.group_titles()
        built = self._tiles(language)
        self.empty_note = QLabel()
        for group in GROUPS:
            if not built[group] and (group != YOURS or self.data_dir is None):
                continue  # "Your boards" stays, with a word on where they come from
            heading = QLabel(titles[group])
            font = heading.font()
            font.setBold(True)
            font.setPointSizeF(font.pointSizeF() * 1.2)
            heading.setFont(font)
            heading.setContentsMargins(2, 10, 0, 2)
            column.addWidget(heading)
            self.headings[group] = heading
            tiles = GroupList(self.delegate)
            for item in built[group]:
                tiles.addItem(item)
            self.lists[group] = tiles
            column.addWidget(tiles)
            if group == YOURS and not built[group]:
                tiles.hide()
                self.empty_note.setText(self.tr(
                    "Boards you save in the board designer, or board files you put in %1, "
                    "appear here.").replace("%1", str(boards_dir(self.data_dir))))
                self.empty_note.setWordWrap(True)
                self.empty_note.setContentsMargins(4, 0, 4, 4)
                column.addWidget(self.empty_note)
        column.addStretch(1)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setWidget(self.container)
        self.scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to the tiles themselves

    def _build_buttons(self) -> None:
        """OK, Cancel and Problems… (a board's catalogue)."""
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok |
                                        QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.problems_button = self.buttons.addButton(
            self.tr("&Problems…"), QDialogButtonBox.ButtonRole.ActionRole)
        self.problems_button.setToolTip(self.tr(
            "Every start and finish of this board with its par: the fewest moves that solve it"))
        self.problems_button.clicked.connect(self.show_problems)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

    # ---- the tiles

    def group_titles(self) -> dict[str, str]:
        return {PEGS: self.tr("Peg solitaire"), SLIDING: self.tr("Sliding puzzles"),
                OTHER: self.tr("Other puzzles"), PLUGINS: self.tr("Added puzzles (plug-ins)"),
                YOURS: self.tr("Your boards")}

    def level_words(self) -> dict[int, str]:
        return {1: self.tr("Easy"), 2: self.tr("Medium"), 3: self.tr("Hard"),
                4: self.tr("Very hard")}

    def _tiles(self, language: str) -> dict[str, list[QListWidgetItem]]:
        """Every tile under its heading: the families' presets, then the player's boards."""
        built: dict[str, list[QListWidgetItem]] = {g: [] for g in GROUPS}
        own = {key for key, _value in registry.own_entry_points()}
        for family in registry.families().values():
            group = family_group(family, own)
            levels = family_levels(family) if group != PEGS else [0] * len(family.presets)
            for preset, level in zip(family.presets, levels):
                item = self._preset_item(family, preset, language, preset.difficulty or level)
                built[group].append(item)
        if self.data_dir is not None:
            built[YOURS] = [self._board_item(b, language) for b in player_boards(self.data_dir)]
        return built

    def _item(self, view: PuzzleView, name: str, choice: tuple[str, str, dict], summary: str,
              level: int) -> QListWidgetItem:
        """A tile drawn by view: its picture, name and description (the tool tip); a peg
        solitaire view's tile also knows its board (for Problems…), its summary its pegs and
        par, its level its pegs."""
        board = view.board if isinstance(view, PegView) else None
        if board is not None:
            pegs = pieces(view.puzzle.initial())
            summary = summary or self.peg_summary(board, pegs)
            level = level or peg_level(pegs)
        item = QListWidgetItem(QIcon(view.picture(PICTURE)), name)
        item.setToolTip(view.description())
        item.setData(CHOICE, choice)
        item.setData(SUMMARY, summary or first_sentence(view.description()))
        item.setData(LEVEL, max(level, 0))  # -1: no rating (a board that cannot be solved)
        item.setData(LEVEL_WORD, self.level_words().get(level, ""))
        item.setData(BOARD, board)
        item.setData(Qt.ItemDataRole.AccessibleTextRole,
                     ", ".join(t for t in (name, item.data(LEVEL_WORD), item.data(SUMMARY)) if t))
        return item

    def _preset_item(self, family: Family, preset: Preset, language: str,
                     level: int) -> QListWidgetItem:
        """A preset's tile; a preset that cannot be made (a shipped board whose file is damaged,
        a plug-in's broken preset) is shown unavailable with its reason: it costs only itself."""
        try:
            view = view_for(registry.make_puzzle(preset.puzzle_id, dict(preset.params)))
        except Exception as exc:  # noqa: BLE001 - named on its tile, the others play
            return self._unavailable_item(preset.display_name(language), translated(detail(exc)))
        try:
            return self._item(view, preset.display_name(language),
                              (family.key, preset.puzzle_id, dict(preset.params)),
                              translated(preset.summary) if preset.summary else "", level)
        finally:
            view.deleteLater()

    def _board_item(self, entry: PlayerBoard, language: str) -> QListWidgetItem:
        """A board file of the player's folder, started as an opened board file is; a file that
        cannot be read is shown greyed with its error (its tool tip and summary), not hidden."""
        if entry.board is None:
            return self._unavailable_item(entry.path.name, translated(entry.error), entry.path)
        puzzle_id, params = entry.game()
        view = view_for(registry.make_puzzle(puzzle_id, params))
        # a player's board may have a problem no play solves (the designer says so): the tile
        # says it too, with no difficulty, rather than rating it by its pegs
        possible, _reason = class_verdict(entry.board)
        summary = "" if possible else self.tr("%1 pegs · cannot be solved (position classes)"
                                              ).replace("%1", str(pieces(view.puzzle.initial())))
        try:
            return self._item(view, entry.board.display_name(language),
                              (registry.family_of(puzzle_id).key, puzzle_id, params), summary,
                              0 if possible else -1)
        finally:
            view.deleteLater()

    def _unavailable_item(self, name: str, reason: str, path=None) -> QListWidgetItem:
        """A greyed tile that cannot be started: its name, and its reason in its summary and
        tool tip (path: the file the reason names, left out of the summary the tile shows)."""
        icon = self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        item = QListWidgetItem(QIcon(icon.pixmap(PICTURE // 2)), name)
        item.setToolTip(reason)
        item.setData(CHOICE, None)
        short = reason.replace(str(path), "").lstrip(" :") if path is not None else reason
        item.setData(SUMMARY, self.tr("Cannot be opened: %1").replace("%1", short))
        item.setData(LEVEL, 0)
        return item

    def _decide_player_boards(self) -> None:
        """Whether each of the player's boards that the position classes let pass can be won
        from its start, worked out in a worker while New game is open: the classes miss some
        (found by an outside trial: a 5-hole line rated Easy that no play solves). A tile found
        lost loses its rating and says so. Boards above English's size are left to the classes
        (their decision can take minutes)."""
        tiles = self.lists.get(YOURS)
        pending = []
        self._pegs_at_start: dict[int, int] = {}    # by row, for the tile's words (_on_decided)
        for row in range(tiles.count() if tiles is not None else 0):
            item = tiles.item(row)
            choice = item.data(CHOICE)
            if choice is None or item.data(LEVEL_WORD) == "":
                continue    # a file that cannot be read, or one the classes rule out already
            puzzle = registry.make_puzzle(choice[1], choice[2])
            if puzzle.board.n <= DECIDE_UP_TO_HOLES:
                pending.append((row, puzzle.board, puzzle.initial(), puzzle.finish))
                self._pegs_at_start[row] = pieces(puzzle.initial())
        if not pending:
            return

        def job(progress, stop):
            from pegapp.solvers.pegs.solver import can_reach_goal  # deferred: numba, in the worker

            won = {}
            for row, board, start, finish in pending:
                if stop():
                    break
                won[row] = can_reach_goal(board, start, finish, stop=stop)
            return won

        self.runner = SolverRunner(self)
        self.runner.result.connect(self._on_decided)
        self.runner.start(job)

    def _on_decided(self, _tag, won: dict) -> None:
        tiles = self.lists[YOURS]
        for row, can_win in won.items():
            item = tiles.item(row)
            if can_win or item is None:
                continue
            summary = self.tr("%1 pegs · cannot be solved").replace(
                "%1", str(self._pegs_at_start[row]))
            item.setData(SUMMARY, summary)
            item.setData(LEVEL, 0)
            item.setData(LEVEL_WORD, "")
            item.setData(Qt.ItemDataRole.AccessibleTextRole, f"{item.text()}, {summary}")
        tiles.viewport().update()

    def done(self, result: int) -> None:
        if self.runner is not None:
            self.runner.cancel()
        super().done(result)

    def peg_summary(self, board, pegs: int) -> str:
        """"32 pegs · par 18": the pegs at the start and, when the catalogue has the board's own
        problem, its par (the best known when not proven)."""
        problem = catalogue.find(board, board.start, board.finish)
        text = self.tr("%1 pegs").replace("%1", str(pegs))
        if problem is not None and problem.par is not None:
            more = self.tr("par %1") if problem.proven_minimal else self.tr("best known %1")
            text += " · " + more.replace("%1", str(problem.par))
        return text

    # ---- what is chosen

    def items(self) -> list[QListWidgetItem]:
        """Every tile, heading by heading."""
        return [tiles.item(i) for tiles in self.lists.values() for i in range(tiles.count())]

    def current_item(self) -> QListWidgetItem | None:
        """The selected tile (one in the whole picker), None when none is or it is filtered out."""
        item = self._current
        return item if item is not None and item.isSelected() and not item.isHidden() else None

    def chosen(self) -> tuple[str, str, dict] | None:
        """(family key, puzzle id, params) of the selected tile or of the problem chosen in
        Problems…; None when nothing (or a broken board file) is selected."""
        if self._problem is not None:
            return self._problem
        item = self.current_item()
        return None if item is None else item.data(CHOICE)

    def choose(self, puzzle_id: str) -> None:
        """Select the first tile of puzzle_id (KeyError when the picker has none)."""
        for item in self.items():
            choice = item.data(CHOICE)
            if choice is not None and choice[1] == puzzle_id:
                self._select(item)
                return
        raise KeyError(puzzle_id)

    def _select(self, item: QListWidgetItem) -> None:
        item.listWidget().setCurrentItem(item)
        item.setSelected(True)

    def _select_first(self) -> bool:
        for item in self.items():
            if not item.isHidden():
                self._select(item)
                return True
        return False

    def _on_selection(self, tiles: GroupList) -> None:
        """One selection in the whole picker: a tile selected clears the other headings'; it is
        scrolled into view."""
        selected = tiles.selectedItems()
        if not selected:
            if self._current is not None and self._current.listWidget() is tiles:
                self._current = None
                self._update_buttons()
            return
        item = self._current = selected[0]
        for other in self.lists.values():
            if other is not tiles:
                other.blockSignals(True)
                other.setCurrentRow(-1)
                other.clearSelection()
                other.blockSignals(False)
        self.reveal(item)
        self._update_buttons()

    def reveal(self, item: QListWidgetItem | None = None) -> None:
        """Scroll the selected tile (or item) into view, its heading too when it is in the first
        row."""
        item = item or self.current_item()
        if item is None:
            return
        for group_tiles in self.lists.values():  # the places of the headings below are final
            group_tiles.fit_height()
        self.container.layout().activate()
        self.container.resize(self.container.width(),
                              max(self.container.height(), self.container.sizeHint().height()))
        tiles = item.listWidget()
        rect = tiles.visualItemRect(item)
        centre = tiles.viewport().mapTo(self.container, rect.center())
        self.scroll.ensureVisible(centre.x(), centre.y(), rect.width() // 2 + 4,
                                  rect.height() // 2 + 30)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        # the tiles have their places once the dialog is laid out: then show the selected one
        QTimer.singleShot(0, self.reveal)

    def _update_buttons(self) -> None:
        item = self.current_item()
        self.ok_button.setEnabled(self.chosen() is not None)
        self.problems_button.setEnabled(item is not None and item.data(BOARD) is not None)
        self.details.setText("" if item is None else
                             f"{item.text()}: {item.toolTip()}" if item.toolTip() else item.text())

    def _on_double_click(self, item: QListWidgetItem) -> None:
        if item.data(CHOICE) is not None:
            self.accept()

    # ---- keys: the arrows walk from heading to heading

    def _leave(self, group: str, key: int) -> None:
        """An arrow key that went no further in a heading's tiles goes on to the next heading's
        (down, right) or the previous one's (up, left), to the tile nearest in its column."""
        lists = [t for t in self.lists.values() if not t.isHidden() and t.visible_count()]
        here = self.lists[group]
        if here not in lists:
            return
        step = 1 if key in (Qt.Key.Key_Down, Qt.Key.Key_Right) else -1
        at = lists.index(here) + step
        if not 0 <= at < len(lists):
            return
        there = lists[at]
        shown = [there.item(i) for i in range(there.count()) if not there.item(i).isHidden()]
        if key == Qt.Key.Key_Right:
            target = shown[0]
        elif key == Qt.Key.Key_Left:
            target = shown[-1]
        else:
            old = here.currentItem()
            x = here.visualItemRect(old).center().x() if old is not None else 0
            rows = [there.visualItemRect(i).top() for i in shown]
            row = min(rows) if step == 1 else max(rows)
            in_row = [i for i, top in zip(shown, rows) if top == row]
            target = min(in_row, key=lambda i: abs(there.visualItemRect(i).center().x() - x))
        self._select(target)
        there.setFocus(Qt.FocusReason.OtherFocusReason)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Down in the search field goes to the selected tile (or the first shown)."""
        if watched is self.search and event.type() == QEvent.Type.KeyPress and \
                event.key() == Qt.Key.Key_Down:
            item = self.current_item()
            if item is None and self._select_first():
                item = self.current_item()
            if item is not None:
                item.listWidget().setFocus(Qt.FocusReason.OtherFocusReason)
                return True
        return super().eventFilter(watched, event)

    # ---- the search field

    def filter(self, text: str) -> None:
        """Show the tiles whose name, summary, description, heading or family name (in English
        and Japanese, whatever the language shown: issue #76, 水差し found nothing) holds every
        word typed; a heading with none left is hidden. While words are typed the first tile
        shown is selected, so Enter starts what is seen first (issue #76: "cross" + Enter
        started Wiegleb, selected before and still among the matches, not the first match).
        "3x3" finds "3×3" (the names' sign, which no keyboard has); a search that finds nothing
        says so."""
        words = search_folded(text).split()
        titles = self.group_titles()
        families = registry.families()
        found = 0
        for group, tiles in self.lists.items():
            for i in range(tiles.count()):
                item = tiles.item(i)
                choice = item.data(CHOICE)
                family = families.get(choice[0]) if choice is not None else None
                names = () if family is None else (family.name, family.name_ja or "")
                haystack = search_folded(" ".join((item.text(), str(item.data(SUMMARY) or ""),
                                                   item.toolTip(), titles[group], *names)))
                item.setHidden(not all(w in haystack for w in words))
            shown = tiles.visible_count()
            found += shown
            tiles.setVisible(bool(shown))
            self.headings[group].setVisible(bool(shown) or (group == YOURS and not words))
            tiles.fit_height()
        self.empty_note.setVisible(bool(self.empty_note.text()) and not words)
        self.no_match.setText(self.tr("No game matches “%1”.").replace("%1", text.strip()))
        self.no_match.setVisible(bool(words) and not found)
        if words or self.current_item() is None:
            self._select_first()
        self._update_buttons()

    # ---- Problems…

    def show_problems(self) -> None:
        """The selected peg board's problems (pegapp.ui.views.peg_problems); the one chosen there starts
        like any tile (chosen() answers it)."""
        item = self.current_item()
        if item is None or item.data(BOARD) is None:
            return
        # imported when asked for: the Problems view is its own module, loaded on demand
        from pegapp.ui.views.peg_problems import ProblemsDialog
        dialog = ProblemsDialog(self, item.data(BOARD), self.stats)
        dialog.accepted.connect(lambda: self._take_problem(dialog, item.data(CHOICE)))
        self.problems_dialog = dialog
        dialog.open()

    def _take_problem(self, dialog, tile: tuple[str, str, dict]) -> None:
        """A problem of the tile's board: its params over the tile's own (a player's board keeps
        its board text), then the picker closes as if the tile were chosen."""
        choice = dialog.chosen()
        if choice is None:
            return
        puzzle_id, params = choice
        family, tile_id, tile_params = tile
        if puzzle_id == tile_id:
            params = {**tile_params, **params}
        self._problem = (registry.family_of(puzzle_id).key, puzzle_id, params)
        self.accept()
