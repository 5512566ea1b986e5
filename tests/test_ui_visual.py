"""What the player sees: the light/dark theme of the whole application, views that lay out without
overlaps at the default and the minimum window size, hints that leave numbers readable, a chart
that scrolls."""

from itertools import combinations

import pytest
from PySide6.QtCore import QPoint, QRect, QRectF, QSettings, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPalette
from PySide6.QtWidgets import QApplication

from pegapp.ui import theme
from pegapp.ui.game_window import GameWindow

DARK_MAX = 90     # window colour lightness of a dark palette is below this
LIGHT_MIN = 170   # and of a light one above this


@pytest.fixture(autouse=True)
def _back_to_the_desktop_theme():
    """Tests after these see the application as it was: following the (light) desktop."""
    yield
    theme.apply_app_theme("system")
    QApplication.processEvents()


def ini(tmp_path, **values) -> QSettings:
    s = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    s.setValue("view/animate", False)
    for key, value in values.items():
        s.setValue(key.replace("__", "/"), value)
    return s


def window_lightness(widget) -> int:
    return widget.palette().color(QPalette.ColorRole.Window).lightness()


def base_lightness(widget) -> int:
    return widget.palette().color(QPalette.ColorRole.Base).lightness()


def pixel(widget, x: int, y: int) -> QColor:
    return QColor(widget.grab().toImage().pixel(x, y))


# ---- theme


def test_dark_setting_darkens_every_window_and_light_brings_it_back(qtbot, tmp_path):
    from pegapp.ui.help import RulesDialog
    from pegapp.ui.stats_window import StatsWindow

    settings = ini(tmp_path, app__theme="light")
    main = GameWindow(settings=settings, data_dir=tmp_path / "d", restore=False)
    qtbot.addWidget(main)
    main.show()
    puzzle = GameWindow("slide/3x3", {"shuffle": 1}, settings=settings,
                          data_dir=tmp_path / "d", restore=False)
    qtbot.addWidget(puzzle)
    puzzle.show()
    stats = StatsWindow(rows=[])
    qtbot.addWidget(stats)
    stats.show()
    rules = RulesDialog(main, "slide")
    qtbot.addWidget(rules)
    rules.show()
    QApplication.processEvents()
    parts = [main, main.panel, main.panel.move_list, main.menuBar(), puzzle, puzzle.panel, stats,
             stats.table, rules, rules.list]
    assert all(window_lightness(w) > LIGHT_MIN for w in parts)
    assert not rules.diagrams_dark

    dialog = main.open_settings()  # Settings -> Colours -> Dark, OK
    values = dialog.values()
    values["app/theme"] = "dark"
    dialog.set_values(values)
    dialog.accept()
    QApplication.processEvents()
    for widget in parts + [QApplication.instance()]:
        assert window_lightness(widget) < DARK_MAX, widget
    assert all(base_lightness(w) < DARK_MAX for w in (main.panel.move_list, stats.table, rules.list))
    assert theme.is_dark() and theme.current_theme() is theme.DARK
    assert rules.diagrams_dark  # the diagrams were drawn again in the dark colours
    # the painted views follow: the board's table colour of the dark theme at the corner
    assert pixel(puzzle.view, 2, 2) == theme.DARK.table
    assert pixel(main.view, 2, 2) == theme.DARK.table
    # a window opened now starts dark too
    later = GameWindow("flip8/4x4", {}, settings=settings, data_dir=tmp_path / "d",
                         restore=False)
    qtbot.addWidget(later)
    assert window_lightness(later) < DARK_MAX and later.view.theme_mode == "dark"

    dialog = main.open_settings()
    values = dialog.values()
    values["app/theme"] = "light"
    dialog.set_values(values)
    dialog.accept()
    QApplication.processEvents()
    assert all(window_lightness(w) > LIGHT_MIN for w in parts)
    assert pixel(puzzle.view, 2, 2) == theme.LIGHT.table
    assert not rules.diagrams_dark


def test_following_a_dark_desktop(qtbot, tmp_path):
    """With "system", a dark desktop (here: the platform's palette is dark) darkens everything,
    and the light setting still gives a light application on it."""
    from pegapp.ui.settings_dialog import apply_settings, read_settings

    app = QApplication.instance()
    desktop = QPalette(app.palette())
    dark_desktop = QPalette(QColor("#303030"))
    app.setPalette(dark_desktop)
    try:
        settings = ini(tmp_path)  # theme: system
        w = GameWindow("rotate/3x3", {}, settings=settings, data_dir=tmp_path / "d",
                         restore=False)
        qtbot.addWidget(w)
        w.show()
        QApplication.processEvents()
        assert theme.system_prefers_dark()
        assert window_lightness(w) < DARK_MAX and window_lightness(w.panel) < DARK_MAX
        assert pixel(w.view, 2, 2) == theme.DARK.table
        apply_settings(w, {**read_settings(settings), "app/theme": "light"})
        QApplication.processEvents()
        assert window_lightness(w) > LIGHT_MIN and pixel(w.view, 2, 2) == theme.LIGHT.table
        apply_settings(w, read_settings(settings))
        QApplication.processEvents()
        assert window_lightness(w) < DARK_MAX
    finally:
        app.setPalette(desktop)
        theme.apply_app_theme("system")


def test_the_dark_palette_is_readable():
    p = theme.dark_palette()
    roles = QPalette.ColorRole
    for fg, bg in ((roles.WindowText, roles.Window), (roles.Text, roles.Base),
                   (roles.ButtonText, roles.Button), (roles.HighlightedText, roles.Highlight)):
        assert p.color(fg).lightness() - p.color(bg).lightness() > 100, fg
    assert p.color(roles.Text) == theme.DARK.text


# ---- water jugs


CAPACITIES = [9, 8, 7, 6, 5]


def jug_window(qtbot, tmp_path, n):
    w = GameWindow("jugs", {"capacities": CAPACITIES[:n], "target": 1},
                     settings=ini(tmp_path), data_dir=tmp_path / "d", restore=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def assert_jugs_laid_out(view):
    lay = view.compute_layout()
    buttons = view.fill_buttons + view.empty_buttons
    rects = [b.geometry() for b in buttons]
    assert rects == lay.fill + lay.empty  # the buttons are where the layout says
    for a, b in combinations(rects, 2):
        assert not a.intersects(b), (a, b)
    for button in buttons:
        fm = QFontMetrics(button.font())
        assert button.width() >= fm.horizontalAdvance(button.text()) + 8, button.text()
        assert button.height() >= fm.height()
        assert view.rect().contains(button.geometry())
    drawn = [lay.title, *lay.jugs, *lay.amounts, *lay.numbers]
    for a, b in combinations(drawn, 2):
        assert not a.intersects(b), (a, b)
    for r in rects:
        for d in drawn:
            assert not QRectF(r).intersects(d), (r, d)
    fm = QFontMetrics(lay.label_font)
    for box, cap in zip(lay.amounts, CAPACITIES):
        assert fm.horizontalAdvance(f"{cap} / {cap} L") <= box.width()
    title = QFontMetrics(lay.title_font).boundingRect(
        QRect(0, 0, int(lay.title.width()), 100000), Qt.TextFlag.TextWordWrap, view.instruction())
    assert title.height() <= lay.title.height() and title.width() <= lay.title.width()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_jug_buttons_and_labels_never_overlap(qtbot, tmp_path, language):
    from pegapp.ui.i18n import install_translator, remove_translators

    install_translator(QApplication.instance(), language)
    try:
        for n in range(2, 6):
            w = jug_window(qtbot, tmp_path, n)
            assert_jugs_laid_out(w.view)  # default size
            w.resize(1, 1)  # the smallest the window allows
            QApplication.processEvents()
            assert w.view.width() >= w.view.minimumSizeHint().width()
            assert_jugs_laid_out(w.view)
            w.close()
    finally:
        remove_translators(QApplication.instance())


def test_jugs_still_play_by_buttons_and_clicks_at_the_minimum_size(qtbot, tmp_path):
    w = jug_window(qtbot, tmp_path, 5)
    w.resize(1, 1)
    QApplication.processEvents()
    w.view.fill_buttons[4].click()
    assert w.session.state == (0, 0, 0, 0, 5)
    for jug in (4, 0):  # pour #5 into #1
        centre = w.view.jug_rect(jug).center()
        qtbot.mouseClick(w.view, Qt.MouseButton.LeftButton,
                         pos=QPoint(int(centre.x()), int(centre.y())))
    assert w.session.state == (5, 0, 0, 0, 0)
    w.view.empty_buttons[0].click()
    assert w.session.state == (0, 0, 0, 0, 0)


# ---- rotation puzzle


def digit_pixels(image, text: QColor) -> set[tuple[int, int]]:
    """Pixels of the numbers: exactly the text colour."""
    return {(x, y) for x in range(0, image.width(), 2) for y in range(0, image.height(), 2)
            if QColor(image.pixel(x, y)).rgb() == text.rgb()}


@pytest.mark.parametrize("move", range(8))
def test_rotation_hint_leaves_every_number_readable(qtbot, tmp_path, move):
    w = GameWindow("rotate/3x3", {}, settings=ini(tmp_path), data_dir=tmp_path / "d",
                     restore=False)
    qtbot.addWidget(w)
    w.show()
    view = w.view
    text = view.theme().text
    plain = view.grab().toImage()
    digits = digit_pixels(plain, text)
    assert len(digits) > 100
    view.set_hint(move)
    hinted = view.grab().toImage()
    assert hinted != plain  # the hint is drawn ...
    covered = [xy for xy in digits if QColor(hinted.pixel(*xy)).rgb() != text.rgb()]
    assert not covered  # ... and no pixel of a number is painted over
    # the arrow runs beside the cell centres (where the numbers are), not through them
    start, tip = view.hint_arrow()
    from pegapp.puzzles.rotate import LINES

    for i in LINES[move]:
        c = view.cell_rect(i).center()
        dx, dy = tip.x() - start.x(), tip.y() - start.y()
        distance = abs(dx * (c.y() - start.y()) - dy * (c.x() - start.x())) / (dx * dx + dy * dy) ** 0.5
        assert distance > view.cell_rect(i).width() * 0.25


# ---- stone pairs


@pytest.mark.parametrize("params", [{"pairs": 13}, {"kinds": 10}, {"kinds": 3}])
def test_stone_cells_stay_clickable_at_the_minimum_size(qtbot, tmp_path, params):
    w = GameWindow("oshidori", params, settings=ini(tmp_path), data_dir=tmp_path / "d",
                     restore=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    for size in (None, (1, 1)):
        if size:
            w.resize(*size)
            QApplication.processEvents()
        view = w.view
        cells = [view.cell_rect(i) for i in range(len(w.session.state))]
        assert min(c.width() for c in cells) >= 24
        area = QRectF(view.rect())
        assert all(area.contains(c) for c in cells)
        for a, b in combinations(cells, 2):
            assert not a.adjusted(0.5, 0.5, -0.5, -0.5).intersects(b)
    move = w.session.puzzle.moves(w.session.state)[0]
    centre = w.view.cell_rect(move[0]).center()
    qtbot.mouseClick(w.view, Qt.MouseButton.LeftButton, pos=QPoint(int(centre.x()), int(centre.y())))
    assert w.session.move_count == 1


def test_few_stones_stay_on_one_line(qtbot, tmp_path):
    w = GameWindow("oshidori", {"kinds": 3}, settings=ini(tmp_path), data_dir=tmp_path / "d",
                     restore=False)
    qtbot.addWidget(w)
    w.show()
    assert w.view.grid()[1] == 1


# ---- statistics


def test_the_chart_scrolls_in_a_small_window(qtbot):
    from pegapp.ui.stats_window import StatsWindow

    rows = [{"puzzle_id": "pegs/english", "variant": f"start {i}", "started": 1, "solved": 1,
             "best_moves": 18 + i % 4, "minimum": 18, "hints": 0, "seconds": 1.0}
            for i in range(15)]
    window = StatsWindow(rows=rows)
    qtbot.addWidget(window)
    window.show()
    window.resize(300, 200)
    QApplication.processEvents()
    area = window.chart_area
    assert window.chart.height() >= window.chart.needed_height()
    assert area.verticalScrollBar().maximum() > 0
    area.verticalScrollBar().setValue(area.verticalScrollBar().maximum())
    QApplication.processEvents()
    # the last row is now in view
    assert area.viewport().rect().bottom() >= window.chart.geometry().bottom() - \
        area.verticalScrollBar().value() - 1


def test_a_light_view_in_a_dark_application_has_light_buttons(qtbot):
    """Export sheets draw the views in the light theme, buttons included."""
    from pegapp.puzzles.registry import make_puzzle
    from pegapp.ui.views import view_for

    theme.apply_app_theme("dark")
    view = view_for(make_puzzle("jugs", {"capacities": [8, 5], "target": 4}))
    qtbot.addWidget(view)
    button = view.fill_buttons[0]
    assert button.palette().color(QPalette.ColorRole.Button).lightness() < DARK_MAX
    view.theme_mode = "light"
    assert button.palette().color(QPalette.ColorRole.Button).lightness() > LIGHT_MIN
    assert view.theme() is theme.LIGHT
    view.theme_mode = "system"
    assert button.palette().color(QPalette.ColorRole.Button).lightness() < DARK_MAX
