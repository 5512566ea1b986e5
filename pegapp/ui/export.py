"""Export a solution as a sheet of small diagrams — the start, then the position after each move,
numbered and captioned with the move — to PNG, SVG or PDF (several pages when it is long).

Peg boards are drawn with the board's own painter; every other puzzle by rendering its family view.
The sheet always uses the light theme: it is meant for paper and for sharing.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import (QBuffer, QByteArray, QCoreApplication, QIODevice, QMarginsF,
                            QRectF, QSize, Qt)
from PySide6.QtGui import (QColor, QFont, QGuiApplication, QImage, QPageLayout, QPageSize,
                           QPainter, QPdfWriter, QPen)
from PySide6.QtSvg import QSvgGenerator

from pegapp.core.board import Board
from pegapp.core.notation import format_move
from pegapp.core.storage import write_atomic
from pegapp.puzzles.base import replay_states
from pegapp.puzzles.pegs import PegPuzzle
from pegapp.ui.views.board_painter import BoardGeometry, BoardPainter
from pegapp.ui.views import view_for
from pegapp.ui.i18n import display_language, plural
from pegapp.ui.theme import LIGHT, BoardTheme

FORMATS = (".png", ".svg", ".pdf")
#: Draws item i into a rectangle of the painter.
DrawItem = Callable[[QPainter, QRectF, int], None]


class ExportError(ValueError):
    """The export could not be written; the message names the file and is for the player."""


def _cannot_write(path, reason: str | None = None) -> ExportError:
    if reason:
        return ExportError(_tr("%1: cannot write the file (%2)").replace("%1", str(path))
                           .replace("%2", reason))
    return ExportError(_tr("%1: cannot write the file").replace("%1", str(path)))


def _write_file(path: Path, data: bytes) -> None:
    """The sheet, drawn in memory, written next to the target and renamed over it: a failed
    export (a full disk, a folder that cannot be written) never leaves half a file, nor
    touches the file that was there."""
    if not data:
        raise _cannot_write(path)
    try:
        write_atomic(path, data)
    except OSError as exc:
        raise _cannot_write(path, exc.strerror or str(exc)) from exc


def _buffer() -> QBuffer:
    buffer = QBuffer()
    buffer.setData(QByteArray())
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    return buffer


def _tr(text: str) -> str:
    return QCoreApplication.translate("Export", text)


def export_format(path: str | os.PathLike) -> str:
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise ExportError(_tr("%1: choose a file ending in .png, .svg or .pdf")
                          .replace("%1", Path(path).name))
    return suffix


# ---- the two entry points

def solution_title(name: str, moves: int) -> str:
    """A sheet's title: "English 33 — solution in 18 moves"."""
    return plural(moves, _tr("%1 — solution in %2 move"), _tr("%1 — solution in %2 moves")
                  ).replace("%1", name).replace("%2", str(moves))


def peg_positions(board: Board, start_position: int, moves: Sequence[Sequence[int]]) -> list[int]:
    """The start and the position after each move (IllegalMove, a ValueError, for an illegal
    move)."""
    return replay_states(PegPuzzle(board), start_position, moves)


def export_peg_solution(path: str | os.PathLike, board: Board, start_position: int,
                        moves: Sequence[Sequence[int]], finish: int | None = None, *,
                        title: str | None = None, theme: BoardTheme = LIGHT) -> int:
    """Write the solution `moves` (each the holes its peg visits) from start_position to path.
    The diagram after each move shows that move's path. Returns the number of pages."""
    export_format(path)
    moves = [list(m) for m in moves]
    positions = peg_positions(board, start_position, moves)
    painter_ = BoardPainter(board, theme)
    captions = [_tr("Start")] + [f"{k}. {format_move(m)}" for k, m in enumerate(moves, 1)]
    if title is None:
        title = solution_title(board.display_name(display_language()), len(moves))

    def draw(p: QPainter, rect: QRectF, i: int) -> None:
        geo = BoardGeometry(board, rect)
        painter_.paint(p, geo, positions[i], finish=finish)
        if i:
            painter_.paint_trail(p, geo, moves[i - 1])

    # the notation under the title may wrap between moves, never inside one
    notation = " ".join(format_move(m).replace(" ", "\u00a0") for m in moves)
    return _write_sheet(path, len(positions), draw, captions, title, notation, theme)


def export_states(path: str | os.PathLike, puzzle, states: Sequence, captions: Sequence[str], *,
                  title: str | None = None, subtitle: str = "",
                  highlights: Sequence | None = None, trails: Sequence | None = None) -> int:
    """Write one diagram per state of any puzzle (drawn by its family view) to path, captioned
    with captions (one per state). highlights (optional, one per state, None for none) is shown
    as the view's hint, e.g. [None] + moves marks the move that led to each state; trails
    (optional, one per state, None for none) is given to the view's set_trail, e.g. [None] +
    moves draws the path of the move that led to each state (a peg chain's holes).
    subtitle: a line under the title (the window's export gives the moves' notation).
    Returns the number of pages."""
    export_format(path)
    if len(captions) != len(states):
        raise ValueError(f"{len(states)} states but {len(captions)} captions")
    if highlights is not None and len(highlights) != len(states):
        raise ValueError(f"{len(states)} states but {len(highlights)} highlights")
    if trails is not None and len(trails) != len(states):
        raise ValueError(f"{len(states)} states but {len(trails)} trails")
    view = view_for(puzzle)
    view.theme_mode = "light"
    view.interactive = False
    view.diagram = True
    view.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    side = 600  # the views lay out for a window-sized widget; the sheet scales it down
    view.resize(side, side)
    if title is None:
        title = str(getattr(puzzle, "id", ""))

    def draw(p: QPainter, rect: QRectF, i: int) -> None:
        view.set_state(states[i])
        if highlights is not None and highlights[i] is not None:
            view.set_hint(highlights[i])
        if trails is not None:
            view.set_trail(trails[i])
        view.paint_diagram(p, rect)

    try:
        return _write_sheet(path, len(states), draw, list(captions), title, subtitle, LIGHT)
    finally:
        view.deleteLater()


def copy_notation(text: str) -> None:
    """Put a solution's notation on the clipboard."""
    QGuiApplication.clipboard().setText(text)


# ---- layout

class _Sheet:
    """Sizes of one sheet (or page), all proportional to the diagram size `cell`."""

    def __init__(self, width: float, cell: float, columns: int):
        self.width = width
        self.cell = cell
        self.columns = columns
        self.gap = cell * 0.09
        self.caption_h = cell * 0.3  # up to three lines: a move in words wraps, never cut
        self.margin = cell * 0.12
        self.title_px = max(6, round(cell * 0.1))
        self.caption_px = max(5, round(cell * 0.075))
        self.step_h = cell + self.caption_h + self.gap

    def grid_left(self) -> float:
        used = self.columns * self.cell + (self.columns - 1) * self.gap
        return (self.width - used) / 2

    def cell_rect(self, top: float, slot: int) -> QRectF:
        r, c = divmod(slot, self.columns)
        return QRectF(self.grid_left() + c * (self.cell + self.gap), top + r * self.step_h,
                      self.cell, self.cell)


def _title_font(p: QPainter, sheet: _Sheet, title: str) -> QFont:
    """The title's bold font, smaller where the title is wider than the sheet (a one-column
    sheet of a long name), down to the captions' size; _fitted cuts what is still too wide."""
    px = sheet.title_px
    while True:
        font = _font(px, bold=True)
        p.setFont(font)
        if px <= sheet.caption_px or \
                p.fontMetrics().horizontalAdvance(title) <= sheet.width - 2 * sheet.margin:
            return font
        px -= 1


def _header_height(p: QPainter, sheet: _Sheet, title: str, subtitle: str) -> float:
    h = 0.0
    if title:
        p.setFont(_title_font(p, sheet, title))
        h += p.fontMetrics().height() * 1.4
    if subtitle:
        p.setFont(_mono(sheet.caption_px))
        bounds = p.fontMetrics().boundingRect(
            0, 0, int(sheet.width - 2 * sheet.margin), 100000,
            int(Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap), subtitle)
        h += bounds.height() + sheet.gap
    return h + sheet.gap


def _paint_header(p: QPainter, sheet: _Sheet, top: float, title: str, subtitle: str,
                  theme: BoardTheme) -> None:
    p.setPen(theme.text)
    y = top
    if title:
        p.setFont(_title_font(p, sheet, title))
        h = p.fontMetrics().height() * 1.4
        box = QRectF(sheet.margin, y, sheet.width - 2 * sheet.margin, h)
        p.drawText(box, Qt.AlignmentFlag.AlignCenter,
                   p.fontMetrics().elidedText(title, Qt.TextElideMode.ElideRight, int(box.width())))
        y += h
    if subtitle:
        p.setFont(_mono(sheet.caption_px))
        p.setPen(QColor(theme.text.red(), theme.text.green(), theme.text.blue(), 190))
        p.drawText(QRectF(sheet.margin, y, sheet.width - 2 * sheet.margin, 100000),
                   int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop |
                       Qt.TextFlag.TextWordWrap), subtitle)


def _paint_cells(p: QPainter, sheet: _Sheet, top: float, first: int, count: int,
                 draw: DrawItem, captions: Sequence[str], theme: BoardTheme) -> None:
    for slot in range(count):
        i = first + slot
        rect = sheet.cell_rect(top, slot)
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setPen(QPen(QColor(0, 0, 0, 38), max(1.0, sheet.cell * 0.005)))
        p.setBrush(theme.table)
        p.drawRoundedRect(rect, sheet.cell * 0.05, sheet.cell * 0.05)
        inner = rect.adjusted(sheet.cell * 0.03, sheet.cell * 0.03, -sheet.cell * 0.03,
                              -sheet.cell * 0.03)
        p.setClipRect(rect)
        draw(p, inner, i)
        p.restore()
        p.setPen(theme.text)
        p.setFont(_font(sheet.caption_px))
        box = QRectF(rect.left() - sheet.gap / 2, rect.bottom() + sheet.gap * 0.2,
                     rect.width() + sheet.gap, sheet.caption_h)
        p.drawText(box, int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop |
                            Qt.TextFlag.TextWordWrap), _fitted(p, captions[i], box))


def _fitted(p: QPainter, text: str, box: QRectF) -> str:
    """text as it fits box wrapped at spaces: whole, or its words that fit and an ellipsis."""
    flags = int(Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap)
    fm = p.fontMetrics()

    def fits(t: str) -> bool:
        return fm.boundingRect(0, 0, int(box.width()), 100000, flags, t).height() <= box.height()

    if fits(text):
        return text
    words = text.split(" ")
    while len(words) > 1 and not fits(" ".join(words) + "…"):
        words.pop()
    return " ".join(words) + "…"


def _font(px: int, bold: bool = False) -> QFont:
    f = QFont()
    f.setPixelSize(int(px))
    f.setBold(bold)
    return f


def _mono(px: int) -> QFont:
    f = QFont("monospace")
    f.setStyleHint(QFont.StyleHint.Monospace)
    f.setPixelSize(int(px))
    return f


def _write_sheet(path, n: int, draw: DrawItem, captions: Sequence[str], title: str,
                 subtitle: str, theme: BoardTheme) -> int:
    if n == 0:
        raise ValueError("nothing to export")
    suffix = export_format(path)
    path = Path(path)
    if suffix == ".pdf":
        return _write_pdf(path, n, draw, captions, title, subtitle, theme)
    columns = min(n, 4)
    cell = 240.0
    sheet = _Sheet(0, cell, columns)
    sheet.width = columns * cell + (columns - 1) * sheet.gap + 2 * sheet.margin
    # measure the header with a throwaway painter on a tiny image
    probe = QImage(1, 1, QImage.Format.Format_ARGB32)
    mp = QPainter(probe)
    header = _header_height(mp, sheet, title, subtitle)
    mp.end()
    rows = math.ceil(n / columns)
    height = sheet.margin * 2 + header + rows * sheet.step_h - sheet.gap
    size = QSize(math.ceil(sheet.width), math.ceil(height))

    if suffix == ".png":
        device = QImage(size, QImage.Format.Format_ARGB32)
        device.setDotsPerMeterX(3780)  # 96 dpi
        device.setDotsPerMeterY(3780)
        device.fill(QColor("white"))
    else:
        buffer = _buffer()
        device = QSvgGenerator()
        device.setOutputDevice(buffer)
        device.setSize(size)
        device.setResolution(96)  # the same physical size as the PNG at 96 dpi
        device.setViewBox(QRectF(0, 0, size.width(), size.height()))
        device.setTitle(title)
        device.setDescription(subtitle or title)
    p = QPainter()
    if not p.begin(device):
        raise _cannot_write(path)
    try:
        if suffix == ".svg":
            p.fillRect(QRectF(0, 0, size.width(), size.height()), QColor("white"))
        _paint_header(p, sheet, sheet.margin, title, subtitle, theme)
        _paint_cells(p, sheet, sheet.margin + header, 0, n, draw, captions, theme)
    finally:
        p.end()
    if suffix == ".png":
        buffer = _buffer()
        if not device.save(buffer, "PNG"):
            raise _cannot_write(path)
    buffer.close()
    _write_file(path, bytes(buffer.data()))
    return 1


def _write_pdf(path: Path, n: int, draw: DrawItem, captions: Sequence[str], title: str,
               subtitle: str, theme: BoardTheme) -> int:
    buffer = _buffer()
    writer = QPdfWriter(buffer)
    writer.setResolution(150)
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4),
                                     QPageLayout.Orientation.Portrait,
                                     QMarginsF(12, 12, 12, 12), QPageLayout.Unit.Millimeter))
    writer.setTitle(title)
    writer.setCreator("PegApp")
    p = QPainter()
    if not p.begin(writer):
        raise _cannot_write(path)
    try:
        page_w, page_h = writer.width(), writer.height()
        columns, want_rows = 3, 4
        # diagrams fill the width (margin + cells + gaps + margin), shrunk until a page holds
        # want_rows rows of them under the header
        cell = page_w / (columns + (columns - 1) * 0.09 + 2 * 0.12)
        while True:
            sheet = _Sheet(page_w, cell, columns)
            p.setFont(_font(sheet.caption_px))
            footer = p.fontMetrics().height() * 1.6
            first_header = _header_height(p, sheet, title, subtitle)
            later_header = _header_height(p, sheet, title, "")

            def rows_fitting(header: float) -> int:
                return max(1, int((page_h - footer - header + sheet.gap) // sheet.step_h))

            if rows_fitting(first_header) >= want_rows or cell < page_w / 8:
                break
            cell *= 0.97

        # pages: the first carries the full notation, later ones the title only
        chunks = []
        first = 0
        while first < n:
            header = first_header if not chunks else later_header
            count = min(n - first, rows_fitting(header) * columns)
            chunks.append((first, count, header))
            first += count
        for page, (first, count, header) in enumerate(chunks):
            if page:
                writer.newPage()
            _paint_header(p, sheet, 0, title, "" if page else subtitle, theme)
            _paint_cells(p, sheet, header, first, count, draw, captions, theme)
            p.setPen(theme.text)
            p.setFont(_font(sheet.caption_px))
            p.drawText(QRectF(0, page_h - footer, page_w, footer),
                       int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom),
                       _tr("Page %1 of %2").replace("%1", str(page + 1))
                       .replace("%2", str(len(chunks))))
    finally:
        p.end()
    del writer  # finishes the document
    buffer.close()
    _write_file(path, bytes(buffer.data()))
    return len(chunks)
