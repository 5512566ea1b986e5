"""The statistics window, and exporting solutions as PNG, SVG and PDF sheets."""

import re
import xml.etree.ElementTree as ET

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage

from pegapp.core import pegs
from pegapp.core.board import get_board
from pegapp.core.stats import Stats
from pegapp.puzzles.registry import make_puzzle
from pegapp.ui.export import ExportError, copy_notation, export_peg_solution, export_states
from pegapp.ui.stats_window import StatsWindow, format_duration


# ---- statistics window

@pytest.fixture
def stats(tmp_path):
    s, warning = Stats.open(tmp_path / "statistics.sqlite3")
    assert warning is None
    yield s
    s.close()


def _cells(window, row):
    return [window.table.item(row, c).text() for c in range(window.table.columnCount())]


def test_stats_window_shows_rows(qtbot, stats):
    stats.game_started("pegs/english")
    stats.game_solved("pegs/english", 20, minimum=18)
    stats.hint_used("pegs/english")
    stats.add_time("pegs/english", 3725)
    stats.game_started("slide/3x3", variant="shuffle=1")
    stats.game_started("pegs/triangle15")
    stats.game_solved("pegs/triangle15", 13)
    window = StatsWindow(stats)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.table.rowCount() == 3
    rows = {_cells(window, r)[0]: _cells(window, r) for r in range(3)}
    assert rows["English 33"] == ["English 33", "1", "1", "20", "18", "1", "1:02:05", "0"]
    assert rows["8-puzzle (shuffle=1)"][1:5] == ["1", "0", "—", "—"]
    assert rows["15-hole triangle"][3:5] == ["13", "—"]
    assert "3 games started, 2 solved" in window.summary_label.text()
    # the chart has a bar pair for each solved puzzle, none for the unsolved one
    assert sorted(e[0] for e in window.chart.entries) == ["15-hole triangle", "English 33"]

    # new results show when the window is refreshed
    stats.game_solved("pegs/english", 18)
    window.refresh()
    rows = {_cells(window, r)[0]: _cells(window, r) for r in range(3)}
    assert rows["English 33"][2:4] == ["2", "18"]


def test_one_game_is_counted_in_the_singular(qtbot, stats):
    stats.game_started("pegs/english")
    window = StatsWindow(stats)
    qtbot.addWidget(window)
    assert window.summary_label.text().startswith("1 game started, 0 solved")


def test_stats_table_sorts_numbers_as_numbers(qtbot):
    rows = [{"puzzle_id": f"pegs/{name}", "variant": "", "started": 1, "solved": 1,
             "best_moves": best, "minimum": None, "hints": 0, "seconds": 0.0}
            for name, best in (("english", 20), ("french", 9), ("wiegleb", None),
                               ("triangle15", 100))]
    window = StatsWindow(rows=rows)
    qtbot.addWidget(window)
    window.table.sortByColumn(3, Qt.SortOrder.AscendingOrder)
    best = [window.table.item(r, 3).text() for r in range(4)]
    assert best == ["9", "20", "100", "—"]  # not "100" < "20" as text; unknown last


def test_stats_window_empty_and_warning(qtbot, tmp_path):
    path = tmp_path / "statistics.sqlite3"
    path.write_bytes(b"garbage")
    stats, warning = Stats.open(path)
    window = StatsWindow(stats, warning=warning)
    qtbot.addWidget(window)
    window.show()
    assert window.table.rowCount() == 0
    assert window.summary_label.text() == "No games recorded yet."
    assert window.warning_label.isVisible()
    assert str(warning.kept) in window.warning_label.text()
    window.close()
    stats.close()


def _colour_pixels(image: QImage, colour: QColor, tol: int = 6) -> list[tuple[int, int]]:
    out = []
    for y in range(image.height()):
        for x in range(image.width()):
            c = image.pixelColor(x, y)
            if (abs(c.red() - colour.red()) <= tol and abs(c.green() - colour.green()) <= tol
                    and abs(c.blue() - colour.blue()) <= tol):
                out.append((x, y))
    return out


def test_chart_bars_are_proportional(qtbot):
    window = StatsWindow(rows=[{"puzzle_id": "pegs/english", "variant": "", "started": 1,
                                "solved": 1, "best_moves": 24, "minimum": 12, "hints": 0,
                                "seconds": 0.0}])
    qtbot.addWidget(window)
    chart = window.chart
    chart.resize(600, 160)
    image = chart.grab().toImage()
    best_colour, min_colour, _, _ = chart.colours()
    best = _colour_pixels(image, best_colour)
    minimum = _colour_pixels(image, min_colour)
    # legend swatches are 14 px wide; the bars are far longer, and best is twice the minimum
    best_width = max(x for x, _ in best) - min(x for x, _ in best if x > 40)
    min_width = max(x for x, _ in minimum) - min(x for x, _ in minimum if x > 40)
    assert best_width > 150
    assert best_width / min_width == pytest.approx(2.0, rel=0.1)


def test_format_duration():
    assert format_duration(0) == "0:00"
    assert format_duration(59.6) == "1:00"
    assert format_duration(3725) == "1:02:05"


# ---- export

def _solve(board):
    """A solution by plain depth-first search (quick on the 15-hole triangle), grouped in moves."""
    def dfs(pos, path):
        if pegs.is_goal(board, pos, board.finish):
            return list(path)
        for j in pegs.legal_jumps(board, pos):
            path.append(j)
            found = dfs(pegs.apply_jump(pos, j), path)
            path.pop()
            if found is not None:
                return found
        return None
    return pegs.group_moves(dfs(board.start_position, []))


@pytest.fixture(scope="module")
def triangle():
    board = get_board("triangle15")
    return board, _solve(board)


def test_export_png(qapp, tmp_path, triangle):
    board, moves = triangle
    path = tmp_path / "solution.png"
    assert export_peg_solution(path, board, board.start_position, moves, board.finish) == 1
    image = QImage(str(path))
    assert not image.isNull()
    rows = -(-(len(moves) + 1) // 4)  # four diagrams a row
    assert 600 < image.width() < 1400
    assert image.height() > rows * 200 and image.height() < rows * 400 + 300
    # pegs are drawn: the light theme's peg colour appears in many pixels
    small = image.scaled(image.width() // 4, image.height() // 4)
    from pegapp.ui.theme import LIGHT
    assert len(_colour_pixels(small, LIGHT.peg, tol=30)) > 50
    assert not list(tmp_path.glob(".*tmp*"))  # the temporary file is gone


def test_export_svg(qapp, tmp_path, triangle):
    board, moves = triangle
    path = tmp_path / "solution.svg"
    assert export_peg_solution(path, board, board.start_position, moves, board.finish) == 1
    root = ET.parse(path).getroot()
    assert root.tag.endswith("svg")
    tags = [el.tag.rsplit("}", 1)[-1] for el in root.iter()]
    drawing = sum(tags.count(t) for t in ("path", "ellipse", "circle", "rect", "polyline", "line"))
    assert drawing > 15 * (len(moves) + 1)  # at least the holes of every diagram
    text = " ".join("".join(el.itertext()) for el in root.iter() if el.tag.endswith("text"))
    assert "Start" in text and f"{len(moves)}. " in text


def _pdf_pages(path) -> int:
    data = path.read_bytes()
    assert data.startswith(b"%PDF-")
    return len(re.findall(rb"/Type\s*/Page(?!s)\b", data))


def test_export_pdf_pages(qapp, tmp_path, triangle):
    board, moves = triangle
    long_path = tmp_path / "long.pdf"
    pages = export_peg_solution(long_path, board, board.start_position, moves, board.finish)
    # 13 diagrams at 3 x 4 a page: two pages
    assert len(moves) + 1 == 13
    assert pages == 2 == _pdf_pages(long_path)
    short_path = tmp_path / "short.pdf"
    assert export_peg_solution(short_path, board, board.start_position, moves[:3],
                               board.finish) == 1 == _pdf_pages(short_path)


def test_export_other_puzzles(qapp, tmp_path):
    puzzle = make_puzzle("slide/3x3", {"start": [1, 2, 3, 4, 5, 6, 0, 7, 8]})
    states = [puzzle.initial()]
    for tile in (7, 8):
        states.append(puzzle.apply(states[-1], tile))
    assert puzzle.is_solved(states[-1])
    captions = ["Start", "1. 7", "2. 8"]
    png = tmp_path / "slide.png"
    assert export_states(png, puzzle, states, captions) == 1
    image = QImage(str(png))
    assert not image.isNull() and image.width() > 3 * 200
    marked = tmp_path / "marked.png"
    export_states(marked, puzzle, states, captions, highlights=[None, 7, 8])
    assert QImage(str(marked)) != image  # the moved tiles are outlined
    with pytest.raises(ValueError):
        export_states(marked, puzzle, states, captions[:2])
    jugs = make_puzzle("jugs", {"capacities": [8, 5], "target": 4})
    result = jugs.solve(jugs.initial(), lambda *a: None, lambda: False)
    states = [jugs.initial()]
    for m in result.moves:
        states.append(jugs.apply(states[-1], m))
    pdf = tmp_path / "jugs.pdf"
    pages = export_states(pdf, jugs, states,
                          ["Start"] + [jugs.format_moves([m]) for m in result.moves])
    assert pages == -(-len(states) // 12) == _pdf_pages(pdf)


def test_export_refuses_bad_input(qapp, tmp_path, triangle):
    board, moves = triangle
    with pytest.raises(ExportError, match="solution.txt"):
        export_peg_solution(tmp_path / "solution.txt", board, board.start_position, moves)
    with pytest.raises(ValueError):
        export_peg_solution(tmp_path / "bad.png", board, board.start_position, [moves[1]])
    assert not (tmp_path / "bad.png").exists()


def test_copy_notation(qapp):
    copy_notation("( 3,12)( 0, 3)")
    assert QGuiApplication.clipboard().text() == "( 3,12)( 0, 3)"


def test_a_title_wider_than_a_narrow_sheet_is_set_smaller(qapp):
    from pegapp.ui.export import _Sheet, _title_font
    sheet = _Sheet(0, 240.0, 1)
    sheet.width = 240.0 + 2 * sheet.margin
    title = "Mastermind (6 colours 1-6, repeats allowed) — solution in 5 moves"
    image = QImage(1, 1, QImage.Format.Format_ARGB32)
    from PySide6.QtGui import QPainter
    p = QPainter(image)
    font = _title_font(p, sheet, "Short")
    assert font.pixelSize() == sheet.title_px
    font = _title_font(p, sheet, title)
    fits = p.fontMetrics().horizontalAdvance(title) <= sheet.width - 2 * sheet.margin
    p.end()
    assert font.pixelSize() < sheet.title_px
    assert fits or font.pixelSize() == sheet.caption_px  # the rest is cut with an ellipsis
