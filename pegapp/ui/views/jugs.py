"""The water jugs view (pegapp.puzzles.jugs): the jugs drawn to scale with their fill, and a button
for every fill, empty and pour, each with its analysis badge."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (QColor, QFont, QFontInfo, QFontMetrics, QKeyEvent,
                           QMouseEvent, QPainter, QPen, QPixmap)
from PySide6.QtWidgets import QPushButton, QWidget

from pegapp.puzzles.analysis import Annotations
from pegapp.ui.analysis_marks import best_of, is_best, paint_badge
from pegapp.ui.views.base import PuzzleView


@dataclass
class JugLayout:
    """Where everything of the jugs view goes at one size; nothing overlaps."""
    title: QRectF
    title_font: QFont
    label_font: QFont
    button_font: QFont
    jugs: list[QRectF]
    amounts: list[QRectF]
    numbers: list[QRectF]
    fill: list[QRect]
    empty: list[QRect]


class JugsView(PuzzleView):
    """Water jugs: Fill and Empty under each jug; click a jug, then another, to pour.
    Keys: 1-5 pick a jug (a second number pours into it), F fills and E empties the picked one.

    Each jug has a slot of the width; its label, jug, number and buttons stay inside the slot.
    Fonts shrink to fit, the two buttons stack when the slot is too narrow for them side by side,
    and the instruction line wraps; minimumSizeHint asks for a width where all of that fits."""

    MARGIN = 6
    GAP = 4
    #: the instruction's and labels' largest and smallest pixel sizes
    TEXT_PX = (16, 8)

    def title(self) -> str:
        return "{} → {} L".format(", ".join(f"{c} L" for c in self.puzzle.capacities),
                                  self.puzzle.target)

    def __init__(self, puzzle, parent: QWidget | None = None):
        super().__init__(puzzle, parent)
        self.picked: int | None = None
        self.fill_buttons: list[QPushButton] = []
        self.empty_buttons: list[QPushButton] = []
        for i in range(len(puzzle.capacities)):
            fill = QPushButton(self.tr("Fill"), self)
            empty = QPushButton(self.tr("Empty"), self)
            for b in (fill, empty):
                b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            fill.clicked.connect(lambda _=False, i=i: self.request([("fill", i)]))
            empty.clicked.connect(lambda _=False, i=i: self.request([("empty", i)]))
            self.fill_buttons.append(fill)
            self.empty_buttons.append(empty)
        self._layout: JugLayout | None = None

    def jug_label(self, index: int) -> str:
        """'Jug 1': numbered from 1 as the move list, the hints and the command line's text
        name them (Jugs.describe_move), and as the keys 1-5 pick them."""
        return self.tr("Jug %1").replace("%1", str(index + 1))

    def hint_piece(self, move):
        """The jug to use (filled, emptied or poured from): the move with that jug alone."""
        return (move[0], move[1])

    def piece_words(self, move) -> str:
        """The jug in the move list's own words ("Fill jug 2 (5 L)", "Pour jug 2 into jug 1"):
        its verbs and a small "jug", so the step before the move does not read as another
        operation (issue #76: "Use Jug 2." beside "Fill jug 2")."""
        return self.tr("Fill, empty or pour from jug %1.").replace("%1", str(int(move[1]) + 1))

    def piece_prompt(self) -> str:
        return self.tr("Press H again to see which jug to use.")

    def instruction(self) -> str:
        """What to do, over the jugs; none on an export sheet, whose title says the target
        and where nothing is clicked (found by an outside trial: a diagram's every cell
        repeated "Click a jug, then another, to pour" in letters too small to read)."""
        if self.diagram:
            return ""
        return (self.tr("Target: %1 L in any jug. Click a jug, then another, to pour.")
                .replace("%1", str(self.puzzle.target)))

    # ---- layout

    def _button_need(self, font: QFont) -> tuple[int, int]:
        """(width, height) a Fill or Empty button needs with this font."""
        fm = QFontMetrics(font)
        text_w = max(fm.horizontalAdvance(b.text()) for b in self.fill_buttons + self.empty_buttons)
        return text_w + 14, max(20, fm.height() + 8)

    def _label_texts(self) -> list[str]:
        return [f"{cap} / {cap} L" for cap in self.puzzle.capacities] + [
            self.jug_label(i) for i in range(len(self.puzzle.capacities))]

    def _instruction_box(self, w: float, h: float, big: int, small: int) -> tuple[QRectF, QFont]:
        """Where the instruction goes and its font: wrapped over the whole width, at most a
        fifth of the height (an empty box on an export sheet, which has none)."""
        m = self.MARGIN
        title_font = QFont(self.font())
        text = self.instruction()
        px = int(max(small, min(big, h / 28)))
        while True:
            title_font.setPixelSize(px)
            title_h = QFontMetrics(title_font).boundingRect(
                QRect(0, 0, int(w - 2 * m), 100000), Qt.TextFlag.TextWordWrap, text).height()
            if not text or title_h <= max(h * 0.2, QFontMetrics(title_font).height() * 2) \
                    or px <= small:
                break
            px -= 1
        return QRectF(m, m, w - 2 * m, title_h if text else 0), title_font

    def compute_layout(self, width: float | None = None, height: float | None = None) -> JugLayout:
        w = float(self.width() if width is None else width)
        h = float(self.height() if height is None else height)
        n = len(self.puzzle.capacities)
        m, gap = self.MARGIN, self.GAP
        slot = max(1.0, (w - 2 * m) / n)
        big, small = self.TEXT_PX
        if self.diagram:  # read at a third of the size: labels as big as the slots allow
            big = max(big, int(h / 14))

        title, title_font = self._instruction_box(w, h, big, small)

        # labels: the widest "cap / cap L" fits its slot
        label_font = QFont(self.font())
        px = int(max(small, min(big, h / (14 if self.diagram else 26))))
        while px > small:
            label_font.setPixelSize(px)
            fm = QFontMetrics(label_font)
            if max(fm.horizontalAdvance(t) for t in self._label_texts()) <= slot - 4:
                break
            px -= 1
        label_font.setPixelSize(px)
        label_h = QFontMetrics(label_font).height()

        # buttons: side by side when they fit, else one above the other; smaller text if need be
        button_font = QFont(self.font())
        bw, bh = self._button_need(button_font)
        # each button keeps room on its right for analysis mode's badge (button_badge_centre)
        room = self.badge_room(bh)
        side_by_side = 2 * (bw + room) + gap <= slot - 4
        size = QFontInfo(button_font).pixelSize()
        while not side_by_side and bw > slot - 4 and size > small:  # only below the minimum size
            size -= 1
            button_font.setPixelSize(size)
            bw, bh = self._button_need(button_font)
        bh = int(min(bh, max(14, h * 0.08)))
        if side_by_side:
            b_w = int(min((slot - 4 - gap) / 2 - room, max(bw, 64)))
            buttons_h = bh
        else:
            b_w = int(min(slot - 4 - room, max(bw, 64))) if bw <= slot - 4 - room else \
                int(min(slot - 4, max(bw, 64)))
            buttons_h = 2 * bh + gap

        # jugs between the labels above and the numbers and buttons below
        jug_top = title.bottom() + gap + label_h + 2
        jug_bottom = h - m - buttons_h - gap - label_h - 2
        full_h = max(4.0, jug_bottom - jug_top)
        biggest = max(self.puzzle.capacities)
        jugs, amounts, numbers, fills, empties = [], [], [], [], []
        for i, cap in enumerate(self.puzzle.capacities):
            x0 = m + slot * i
            jug_h = full_h * cap / biggest
            jug_w = min(slot * 0.6, 140.0, max(slot * 0.4, full_h * 0.9))
            jug = QRectF(x0 + (slot - jug_w) / 2, jug_bottom - jug_h, jug_w, jug_h)
            jugs.append(jug)
            amounts.append(QRectF(x0 + 1, jug.top() - 2 - label_h, slot - 2, label_h))
            numbers.append(QRectF(x0 + 1, jug_bottom + 2, slot - 2, label_h))
            y = int(jug_bottom + 2 + label_h + gap)
            cx = x0 + slot / 2
            if side_by_side:  # [Fill] room gap [Empty] room, centred in the slot
                left = cx - (2 * (b_w + room) + gap) / 2
                fills.append(QRect(int(left), y, b_w, bh))
                empties.append(QRect(int(left + b_w + room + gap), y, b_w, bh))
            else:
                # [button] room, centred, when the slot has the room (else the button alone)
                left = cx - (b_w + room) / 2 if b_w + room <= slot - 4 else cx - b_w / 2
                fills.append(QRect(int(left), y, b_w, bh))
                empties.append(QRect(int(left), y + bh + gap, b_w, bh))
        return JugLayout(title, title_font, label_font, button_font, jugs, amounts, numbers,
                         fills, empties)

    def layout_now(self) -> JugLayout:
        lay = self._layout = self.compute_layout()
        for fill, empty, f_rect, e_rect in zip(self.fill_buttons, self.empty_buttons, lay.fill,
                                               lay.empty):
            for button, rect in ((fill, f_rect), (empty, e_rect)):
                button.setFont(lay.button_font)
                button.setGeometry(rect)
        return lay

    def _min_width_for_slots(self) -> int:
        small = self.TEXT_PX[1] + 2
        font = QFont(self.font())
        bw, bh = self._button_need(font)
        label_font = QFont(self.font())
        label_font.setPixelSize(small)
        fm = QFontMetrics(label_font)
        label_w = max(fm.horizontalAdvance(t) for t in self._label_texts())
        # the stacked buttons with their badges' room beside them (found by an outside trial:
        # at the smallest size the badges covered the buttons' words)
        slot = max(bw + self.badge_room(bh), label_w, 40) + 6
        return int(slot * len(self.puzzle.capacities) + 2 * self.MARGIN)

    def minimumSizeHint(self) -> QSize:
        """Wide enough for every slot's buttons at the normal font (stacked), tall enough for
        the instruction, labels, some jug and both buttons."""
        width = max(260, self._min_width_for_slots())
        return QSize(width, 300)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.layout_now()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange,
                            QEvent.Type.LanguageChange):
            self.layout_now()
            self.updateGeometry()

    def jug_rect(self, index: int) -> QRectF:
        return self.compute_layout().jugs[index]

    def jug_at(self, point: QPointF) -> int | None:
        lay = self.compute_layout()
        for i, jug in enumerate(lay.jugs):
            pad = min(10.0, (lay.amounts[i].width() - jug.width()) / 2)
            area = QRectF(jug.left() - pad, lay.amounts[i].top(), jug.width() + 2 * pad,
                          lay.numbers[i].bottom() - lay.amounts[i].top())
            if area.contains(point):
                return i
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        jug = self.jug_at(event.position())
        if jug is None:
            self.picked = None
        elif self.picked is None or self.picked == jug:
            self.picked = None if self.picked == jug else jug
        else:
            self.request([("pour", self.picked, jug)])
            self.picked = None
        self.update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # fill or empty puts the jug down, as a pour does (found by an outside trial: after 2 F
        # the jug stayed picked, so 3 F poured jug 2 into jug 3 and ignored the F)
        if self.picked is not None and event.key() in (Qt.Key.Key_F, Qt.Key.Key_E):
            jug, self.picked = self.picked, None
            self.request([("fill" if event.key() == Qt.Key.Key_F else "empty", jug)])
            self.update()
        elif Qt.Key.Key_1 <= event.key() <= Qt.Key.Key_5:
            jug = event.key() - Qt.Key.Key_1
            if jug < len(self.puzzle.capacities):
                if self.picked is not None and self.picked != jug:
                    self.request([("pour", self.picked, jug)])
                    self.picked = None
                else:
                    self.picked = None if self.picked == jug else jug
                self.update()
        else:
            super().keyPressEvent(event)

    def picture(self, size: int) -> QPixmap:
        """The jugs alone, side by side at their relative heights, each with its capacity in large
        figures, and the amount to measure above them in the water's colour (the window's
        instruction and buttons would be unreadable at a picture's size)."""
        pixmap = QPixmap(size, size)
        pixmap.fill(self.theme().table)
        p = QPainter(pixmap)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        t = self.theme()
        caps = self.puzzle.capacities
        font = QFont(self.font())
        font.setBold(True)
        font.setPixelSize(max(8, size // 6))
        p.setFont(font)
        top = size * 0.28
        p.setPen(QColor("#4a90d9"))
        p.drawText(QRectF(0, size * 0.02, size, top - size * 0.04), Qt.AlignmentFlag.AlignCenter,
                   f"{self.puzzle.target} L")
        slot = size * 0.92 / len(caps)
        full = size * 0.94 - top
        font.setPixelSize(max(7, int(min(slot * 0.3, size / 7))))
        p.setFont(font)
        for i, cap in enumerate(caps):
            w, h = slot * 0.7, full * cap / max(caps)
            jug = QRectF(size * 0.04 + slot * i + (slot - w) / 2, size * 0.94 - h, w, h)
            p.setPen(QPen(t.text, max(1.5, size / 60)))
            p.setBrush(t.board)
            p.drawRoundedRect(jug, w * 0.12, w * 0.12)
            p.setPen(t.text)
            p.drawText(jug, Qt.AlignmentFlag.AlignCenter, str(cap))
        p.end()
        return pixmap

    def paintEvent(self, event) -> None:
        lay = self.compute_layout()
        if self._layout is None or lay.fill != self._layout.fill:
            self.layout_now()  # e.g. drawn by grab() before any resize event
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.paint_background(p)
        t = self.theme()
        water = QColor("#4a90d9")
        water.setAlpha(210)
        p.setFont(lay.title_font)
        p.setPen(t.text)
        p.drawText(lay.title, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop |
                   Qt.TextFlag.TextWordWrap, self.instruction())
        p.setFont(lay.label_font)
        fm = QFontMetrics(lay.label_font)
        for i, cap in enumerate(self.puzzle.capacities):
            rect = lay.jugs[i]
            amount = self.state[i]
            level = rect.height() * amount / cap
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(water)
            p.drawRect(QRectF(rect.left(), rect.bottom() - level, rect.width(), level))
            hinted = self.hint is not None and i in self.hint[1:]
            colour = t.hint if hinted else (t.selection if i == self.picked else t.text)
            p.setPen(QPen(colour, 4 if (hinted or i == self.picked) else 2))
            p.setBrush(Qt.BrushStyle.NoBrush)
            radius = min(6.0, rect.width() * 0.1)
            p.drawRoundedRect(rect, radius, radius)
            p.setPen(t.text)
            for box, text in ((lay.amounts[i], f"{amount} / {cap} L"), (lay.numbers[i], self.jug_label(i))):
                p.drawText(box, Qt.AlignmentFlag.AlignCenter,
                           fm.elidedText(text, Qt.TextElideMode.ElideRight, int(box.width())))
        self.paint_annotations(p, lay)
        p.end()

    # ---- analysis mode (issue #14)

    draws_annotations = True

    def set_annotations(self, annotations: Annotations | None) -> None:
        super().set_annotations(annotations)
        self._badge_layer().update()

    def analysis_legend(self, annotations: Annotations) -> str:
        """The boards' legend, and what a jug's own badge is (its best pour out)."""
        return super().analysis_legend(annotations) + " " + self.tr(
            "On a jug: its best pour into another jug (pick a jug to see each pour).")

    def _badge_layer(self) -> QWidget:
        """A see-through layer over the view and its buttons, where the Fill and Empty
        buttons' verdicts are drawn (a child button would hide a badge drawn by the view)."""
        layer = getattr(self, "_badges", None)
        if layer is None:  # made after the buttons, so it stands above them
            layer = self._badges = _BadgeLayer(self)
            layer.raise_()
            layer.show()
        if layer.geometry() != self.rect():
            layer.setGeometry(self.rect())
        return layer

    def verdicts(self) -> dict:
        return {} if self.annotations is None else \
            {tuple(v.move): v for v in self.annotations.verdicts}

    def badge_radius(self, lay: JugLayout) -> float:
        """A button's badge: about the button's height, so its number reads."""
        return self._badge_radius(lay.fill[0].height())

    @staticmethod
    def _badge_radius(button_height: float) -> float:
        return max(9.0, min(14.0, button_height * 0.55))

    def badge_room(self, button_height: float) -> int:
        """The room a button keeps on its right for its badge."""
        return int(2 * self._badge_radius(button_height) + 4)

    def button_badge_centre(self, lay: JugLayout, i: int, kind: str, radius: float) -> QPointF:
        """Right of its button, always the same side, in the room the layout keeps there (found
        by an outside trial: Fill's badge stood on its left, Empty's on its right, so jug 3's
        Fill badge stood between jug 2's Empty and jug 3's Fill); where the slot is too narrow
        even for that (the smallest sizes), on the button's top right corner."""
        rect = lay.fill[i] if kind == "fill" else lay.empty[i]
        n = len(self.puzzle.capacities)
        right_edge = self.MARGIN + (self.width() - 2 * self.MARGIN) / n * (i + 1)
        if rect.right() + 2 * radius + 3 <= right_edge:
            return QPointF(rect.right() + radius + 2, rect.center().y())
        return QPointF(rect.right() - radius * 0.35, rect.top() + radius * 0.15)

    def paint_annotations(self, p: QPainter, lay: JugLayout) -> None:
        """Analysis mode, on the jugs: each pour's fewest moves left after it. A picked jug's
        pours show on the jugs they pour into; otherwise each jug shows its best pour out."""
        self._badge_layer()
        if self.annotations is None:
            return
        t = self.theme()
        verdicts = self.verdicts()
        radius = max(11.0, min(22.0, lay.jugs[0].width() * 0.17))
        for i, jug in enumerate(lay.jugs):
            if self.picked is not None:
                verdict = verdicts.get(("pour", self.picked, i))
            else:
                verdict = best_of(v for key, v in verdicts.items()
                                  if key[0] == "pour" and key[1] == i)
            if verdict is None:
                continue
            at = QPointF(jug.center().x(), jug.bottom() - max(radius * 1.3, jug.height() / 2))
            paint_badge(p, t, at, radius, verdict, is_best(self.annotations, verdict),
                        self.font())
            if self.picked is None:  # an arrow: the number is for pouring out of this jug
                p.save()
                p.setPen(QPen(t.text, max(1.5, radius * 0.14)))
                y = at.y() + radius * 1.45
                p.drawLine(QPointF(at.x() - radius * 0.6, y), QPointF(at.x() + radius * 0.6, y))
                p.drawLine(QPointF(at.x() + radius * 0.6, y),
                           QPointF(at.x() + radius * 0.25, y - radius * 0.3))
                p.drawLine(QPointF(at.x() + radius * 0.6, y),
                           QPointF(at.x() + radius * 0.25, y + radius * 0.3))
                p.restore()

    def paint_button_badges(self, p: QPainter) -> None:
        """Analysis mode, on the Fill and Empty buttons (the badge layer draws this): each
        button's fewest moves left, at its right end."""
        if self.annotations is None or self._layout is None:
            return
        t = self.theme()
        verdicts = self.verdicts()
        lay = self._layout
        radius = self.badge_radius(lay)
        for i in range(len(self.puzzle.capacities)):
            for kind, rect in (("fill", lay.fill[i]), ("empty", lay.empty[i])):
                verdict = verdicts.get((kind, i))
                if verdict is None:
                    continue
                at = self.button_badge_centre(lay, i, kind, radius)
                paint_badge(p, t, at, radius, verdict, is_best(self.annotations, verdict),
                            self.font())


class _BadgeLayer(QWidget):
    """Draws the jugs view's button badges above its buttons; clicks pass through."""

    def __init__(self, view: JugsView):
        super().__init__(view)
        self.view = view
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.view.paint_button_badges(p)
        p.end()
