"""Help: the rules of every puzzle (with a picture), the keyboard shortcuts, and About."""

from __future__ import annotations

import PySide6
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, QSize, Qt, qVersion
from PySide6.QtGui import QIcon, QKeySequence, QPixmap
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QHBoxLayout, QHeaderView, QLabel,
                               QListWidget, QListWidgetItem, QStackedWidget, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

import pegapp
from pegapp.puzzles import registry
from pegapp.puzzles.family import Family
from pegapp.ui.i18n import family_name, rules_text
from pegapp.ui.picker import puzzle_pixmap
from pegapp.ui.theme import is_dark

DIAGRAM_SIZE = 220


def rule_families() -> list[Family]:
    """Every registered family, in the registry's order (PegApp's own, then plug-ins)."""
    return list(registry.families().values())


def diagram(family: Family, size: int = DIAGRAM_SIZE) -> QPixmap:
    """A picture of the start of the family's first puzzle, drawn by its own view."""
    preset = family.presets[0]
    return puzzle_pixmap(preset.puzzle_id, preset.params, size=size)


class RulesDialog(QDialog):
    """One page per puzzle family: its name, a diagram and the rules; the list picks the page."""

    def __init__(self, parent: QWidget | None = None, family: str | None = None,
                 puzzle: tuple[str, dict] | None = None):
        """family: the page shown first; puzzle (puzzle_id, params): the puzzle its picture
        shows, the one being played, in place of the family's first (issue #76: the 3x3 sliding
        puzzle's rules showed the 2x5)."""
        super().__init__(parent)
        self.puzzle = puzzle
        self.setWindowTitle(self.tr("Rules"))
        self.setObjectName("rulesDialog")
        self.list = QListWidget()
        self.list.setObjectName("families")
        self.list.setIconSize(QSize(40, 40))
        self.list.setMaximumWidth(230)
        self.stack = QStackedWidget()
        self.pages: dict[str, QWidget] = {}
        self.pictures: dict[str, QLabel] = {}
        self.families = rule_families()
        for fam in self.families:
            key = fam.key
            page = QWidget()
            page.setObjectName(f"rules-{key}")
            title = QLabel(family_name(fam))
            title.setObjectName("title")
            font = title.font()
            font.setPointSizeF(font.pointSizeF() * 1.4)
            font.setBold(True)
            title.setFont(font)
            picture = QLabel()
            picture.setObjectName("diagram")
            picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
            text = QLabel(rules_text(fam))
            text.setObjectName("rules")
            text.setWordWrap(True)
            text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            box = QVBoxLayout(page)
            box.addWidget(title)
            box.addWidget(picture)
            box.addWidget(text)
            box.addStretch(1)
            self.stack.addWidget(page)
            self.pages[key] = page
            self.pictures[key] = picture
            item = QListWidgetItem(family_name(fam))
            item.setData(Qt.ItemDataRole.UserRole, key)
            self.list.addItem(item)
        self.diagrams_dark: bool | None = None
        self.draw_diagrams()
        self.list.currentRowChanged.connect(self.stack.setCurrentIndex)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        row = QHBoxLayout()
        row.addWidget(self.list)
        row.addWidget(self.stack, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(row, 1)
        layout.addWidget(buttons)
        self.show_family(family or self.families[0].key)
        self.resize(720, 480)

    def draw_diagrams(self) -> None:
        """The pictures in the colours of the application's theme (again after it changed)."""
        self.diagrams_dark = is_dark()
        for row, fam in enumerate(self.families):
            if self.puzzle is not None and registry.family_of(self.puzzle[0]) is fam:
                pix = puzzle_pixmap(*self.puzzle, size=DIAGRAM_SIZE)
            else:
                pix = diagram(fam)
            self.pictures[fam.key].setPixmap(pix)
            self.list.item(row).setIcon(QIcon(pix.scaled(
                40, 40, Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation)))

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self.diagrams_dark is not None:
            if is_dark() != self.diagrams_dark:
                self.draw_diagrams()

    def show_family(self, key: str) -> None:
        keys = list(self.pages)
        self.list.setCurrentRow(keys.index(key) if key in keys else 0)

    def current_family(self) -> str:
        return list(self.pages)[self.stack.currentIndex()]


def _keys(*sequences) -> str:
    """Shortcut names as this platform writes them; alternatives joined by ", "."""
    names = []
    for seq in sequences:
        bindings = (QKeySequence.keyBindings(seq) if isinstance(seq, QKeySequence.StandardKey)
                    else [QKeySequence(seq)])
        names += [b.toString(QKeySequence.SequenceFormat.NativeText) for b in bindings]
    return ", ".join(n for n in names if n)


def _t(text: str) -> str:
    return QCoreApplication.translate("ShortcutsDialog", text)


SK = QKeySequence.StandardKey

#: (section, [(keys, what they do)]); the real shortcuts of game_window and the
#: views (pegapp/ui/views; tests check the menus' against this list).
SHORTCUTS = (
    (QT_TRANSLATE_NOOP("ShortcutsDialog", "Every game window"), (
        (("Ctrl+N",), QT_TRANSLATE_NOOP("ShortcutsDialog", "New game")),
        (("Ctrl+O",), QT_TRANSLATE_NOOP("ShortcutsDialog", "Load a saved game")),
        (("Ctrl+S",), QT_TRANSLATE_NOOP("ShortcutsDialog", "Save the game")),
        (("Ctrl+R",), QT_TRANSLATE_NOOP("ShortcutsDialog", "Restart (undoable)")),
        (("Ctrl+Z",), QT_TRANSLATE_NOOP("ShortcutsDialog", "Undo")),
        (("Ctrl+Shift+Z", "Ctrl+Y"), QT_TRANSLATE_NOOP("ShortcutsDialog", "Redo")),
        (("H",), QT_TRANSLATE_NOOP("ShortcutsDialog",
                                   "Hint: how far the goal is; again, the piece; again, the move")),
        (("Ctrl+Shift+S",), QT_TRANSLATE_NOOP("ShortcutsDialog", "Solve from here and replay")),
        (("Ctrl+.",), QT_TRANSLATE_NOOP("ShortcutsDialog", "Cancel the search")),
        (("Ctrl+M",), QT_TRANSLATE_NOOP("ShortcutsDialog", "Map of every position")),
        (("Ctrl+Home", "Ctrl+End"), QT_TRANSLATE_NOOP("ShortcutsDialog",
                                                      "Replay: first or last step")),
        (("Ctrl+Left", "Ctrl+Right"), QT_TRANSLATE_NOOP("ShortcutsDialog",
                                                        "Replay: a step back or forward")),
        (("Ctrl+Space",), QT_TRANSLATE_NOOP("ShortcutsDialog", "Replay: play or pause")),
        (("Ctrl+Shift+Home",), QT_TRANSLATE_NOOP(
            "ShortcutsDialog", "After a win: replay the shortest solution from the start")),
        (("A",), QT_TRANSLATE_NOOP("ShortcutsDialog",
                                   "Analysis mode: mark every move with its verdict")),
        ((SK.Close,), QT_TRANSLATE_NOOP("ShortcutsDialog", "Close a puzzle window")),
        (("Ctrl+Q",), QT_TRANSLATE_NOOP("ShortcutsDialog", "Quit")),
        (("Ctrl+,",), QT_TRANSLATE_NOOP("ShortcutsDialog", "Settings")),
        ((SK.HelpContents,), QT_TRANSLATE_NOOP("ShortcutsDialog", "Rules of the puzzles")),
    )),
    (QT_TRANSLATE_NOOP("ShortcutsDialog", "Peg solitaire board"), (
        (("Left", "Right"), QT_TRANSLATE_NOOP("ShortcutsDialog", "Move the cursor along the row")),
        (("Up", "Down"), QT_TRANSLATE_NOOP("ShortcutsDialog",
                                           "Move the cursor to the row above or below")),
        (("Return", "Space"), QT_TRANSLATE_NOOP("ShortcutsDialog",
                                                "Pick up the peg under the cursor, or jump to it")),
        (("Esc",), QT_TRANSLATE_NOOP("ShortcutsDialog", "Put the picked-up peg down")),
    )),
    (QT_TRANSLATE_NOOP("ShortcutsDialog", "Other puzzles"), (
        (("Left", "Right", "Up", "Down"), QT_TRANSLATE_NOOP(
            "ShortcutsDialog", "Sliding tiles: slide the tile next to the blank that way")),
        (("1", "9"), QT_TRANSLATE_NOOP(
            "ShortcutsDialog",
            "Rotation puzzle: turn the line towards that cell (1 2 3 the top row, as on a phone)")),
        (("Left", "Right", "Up", "Down"), QT_TRANSLATE_NOOP(
            "ShortcutsDialog", "8-flip: move the cursor")),
        (("Space", "Return"), QT_TRANSLATE_NOOP("ShortcutsDialog",
                                                "8-flip: press the button under the cursor")),
        (("Left", "Right", "Up", "Down"), QT_TRANSLATE_NOOP(
            "ShortcutsDialog", "Stone pairs: move the cursor along the line")),
        (("Home", "End"), QT_TRANSLATE_NOOP(
            "ShortcutsDialog", "Stone pairs: the cursor to the first or last cell")),
        (("Space", "Return"), QT_TRANSLATE_NOOP(
            "ShortcutsDialog", "Stone pairs: move the pair at the cursor into the empty cells")),
        (("1", "5"), QT_TRANSLATE_NOOP(
            "ShortcutsDialog", "Water jugs: pick a jug; a second number pours into that jug")),
        (("F", "E"), QT_TRANSLATE_NOOP("ShortcutsDialog",
                                       "Water jugs: fill or empty the picked jug")),
        (("Return",), QT_TRANSLATE_NOOP("ShortcutsDialog", "Bulls and cows: submit your guess")),
    )),
)


def shortcut_rows() -> list[tuple[str, str, str]]:
    """(section, keys, action) rows, translated, with this platform's key names."""
    rows = []
    for section, entries in SHORTCUTS:
        for keys, what in entries:
            if keys in (("1", "9"), ("1", "5")):
                shown = "–".join(keys)
            else:
                shown = _keys(*keys)
            if shown:  # a standard key this platform leaves unbound has no shortcut here
                rows.append((_t(section), shown, _t(what)))
    return rows


class ShortcutsDialog(QDialog):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        self.setObjectName("shortcutsDialog")
        rows = shortcut_rows()
        self.table = QTableWidget(0, 2)
        self.table.setObjectName("shortcuts")
        self.table.setHorizontalHeaderLabels([self.tr("Keys"), self.tr("Action")])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        section = None
        for sec, keys, what in rows:
            if sec != section:
                section = sec
                r = self.table.rowCount()
                self.table.insertRow(r)
                head = QTableWidgetItem(sec)
                font = head.font()
                font.setBold(True)
                head.setFont(font)
                self.table.setItem(r, 0, head)
                self.table.setSpan(r, 0, 1, 2)
            r = self.table.rowCount()
            self.table.insertRow(r)
            self.table.setItem(r, 0, QTableWidgetItem(keys))
            self.table.setItem(r, 1, QTableWidgetItem(what))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(620, 560)

    def texts(self) -> list[str]:
        """Every cell's text, for tests and tools."""
        out = []
        for r in range(self.table.rowCount()):
            for c in range(2):
                item = self.table.item(r, c)
                if item is not None:
                    out.append(item.text())
        return out


class AboutDialog(QDialog):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("About PegApp"))
        self.setObjectName("aboutDialog")
        self.label = QLabel(self.about_html())
        self.label.setObjectName("about")
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setOpenExternalLinks(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.label)
        layout.addWidget(buttons)
        self.resize(460, 320)

    def about_html(self) -> str:
        return "".join((
            f"<h2>PegApp {pegapp.__version__}</h2>",
            "<p>", self.tr("Peg solitaire on any board, and the other classic puzzles, with "
                           "minimum-move solutions, hints and replays."), "</p>",
            "<p>", self.tr("Puzzles and algorithms after M. Hiroi’s “Puzzle DE Programming” "
                           "articles."), "</p>",
            "<p>", self.tr("License: %1").replace("%1", "MIT"), "</p>",
            "<p>", self.tr("Qt %1, PySide %2").replace("%1", qVersion())
            .replace("%2", PySide6.__version__), "</p>",
        ))

    def text(self) -> str:
        return self.label.text()


def _open(dialog: QDialog) -> QDialog:
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog


def show_rules(parent: QWidget | None = None, family: str | None = None,
               puzzle: tuple[str, dict] | None = None) -> RulesDialog:
    """Open the rules (non-blocking), at a family's page if given, its picture that of puzzle
    (puzzle_id, params) if given."""
    return _open(RulesDialog(parent, family, puzzle))


def show_shortcuts(parent: QWidget | None = None) -> ShortcutsDialog:
    return _open(ShortcutsDialog(parent))


def show_about(parent: QWidget | None = None) -> AboutDialog:
    return _open(AboutDialog(parent))
