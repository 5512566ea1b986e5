"""Render the README's screenshots from the real game window, offscreen, so they stay current.

    python packaging/screenshots.py [output-folder]          # the README's pictures (docs/)
    python packaging/screenshots.py --review output-folder   # every scene in light and dark,
                                                             # English and Japanese, at the
                                                             # window's minimum, default and a
                                                             # large size (to look them over)
    python packaging/screenshots.py --review --scene train output-folder
                                                             # those of one scene (or more:
                                                             # --scene again)
    python packaging/screenshots.py --puzzle ID [--params JSON] [--language ja] [--theme dark]
                                    [--size min|default|large] output-folder
                                                             # the window on any puzzle (a
                                                             # plug-in's too), saved as
                                                             # output-folder/ID.png
    python packaging/screenshots.py --puzzle ID --map [...] output-folder
                                                             # its Map of every position, saved
                                                             # as output-folder/ID-map.png
    python packaging/screenshots.py --puzzle ID --show       # that window on screen, to play
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

if "--show" not in sys.argv:   # decided before Qt loads: the window on screen, or offscreen
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtCore import QEvent, QSettings, QSize  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from pegapp.core.notation import parse_moves  # noqa: E402
from pegapp.ui.app import leave, make_app  # noqa: E402
from pegapp.ui.game_window import GameWindow  # noqa: E402
from pegapp.ui.i18n import install_translator, remove_translators  # noqa: E402
from pegapp.ui.theme import apply_app_theme  # noqa: E402

#: the sizes of --review: the window's minimum, the size it opens with, a large screen
SIZES = {"min": None, "default": QSize(980, 700), "large": QSize(1600, 1000)}


def settle(app: QApplication, window: GameWindow) -> None:
    """Let a search finish and the window draw."""
    while window.assistant.busy:
        app.processEvents()
    app.processEvents()


def window_for(settings: QSettings, data: str, puzzle_id: str, params: dict) -> GameWindow:
    window = GameWindow(puzzle_id, params, settings=settings, data_dir=data, restore=False)
    window.show()
    return window


def pegs_start(app, settings, data) -> GameWindow:
    """English 33 a few moves in, a peg picked up with its targets shown."""
    window = window_for(settings, data, "pegs/english", {})
    for move in parse_moves("(4,16)(7,9)(10,8)(21,7)(24,10)(23,9)"):
        window.play_moves(window.session.puzzle.split(move))
    window.view.activate_hole(5)
    settle(app, window)
    return window


def first_answer(app: QApplication, window: GameWindow) -> None:
    """Let the search's first answer show while the search goes on (its progress showing)."""
    while window.assistant.busy and not window.hint_text:
        app.processEvents()
    app.processEvents()


def pegs_hint(app, settings, data) -> GameWindow:
    """French 37 six moves into problem 0 -> 16, one of them off the catalogue's lines: a
    winning move at once while the proof of the minimum goes on (from the catalogue's own
    problems the first hint is proven at once)."""
    window = window_for(settings, data, "pegs/french",
                        {"start": [2, 3, 8, 9, 10, 16, 17, 23], "finish": 16})
    window.answers.request_hint()
    first_answer(app, window)
    return window


def pegs_catalogue_hint(app, settings, data) -> GameWindow:
    """Wiegleb 45's problem 4 -> 4 from its start: the catalogue's line is the proven minimum at
    once (23 moves, the last Wiegleb par proven, by the search with its levels on disk)."""
    window = window_for(settings, data, "pegs/wiegleb", {"start": [4], "finish": 4})
    window.answers.request_hint()
    first_answer(app, window)
    return window


def pegs_hint_quick(app, settings, data) -> GameWindow:
    """English 33 from its start: the hint and its proof come from the shipped table at once (the
    review renders it twelve times; French 37's full proof would take minutes)."""
    window = window_for(settings, data, "pegs/english", {})
    window.answers.request_hint()
    settle(app, window)
    return window


def pegs_opening_hint(app, settings, data) -> GameWindow:
    """English 33's problem 8 -> 8 two moves off the catalogue's line: the hint is proven at once
    from the problem's shipped opening table (the search view says so)."""
    from pegapp.puzzles import catalogue

    window = window_for(settings, data, "pegs/english", {"start": [8], "finish": 8})
    puzzle = window.session.puzzle
    for _ in range(2):
        state = window.session.state
        winning = [m for m in sorted(puzzle.moves(state), key=str)
                   if puzzle.can_reach(puzzle.apply(state, m))]
        off_line = [m for m in winning
                    if catalogue.proven_line(puzzle.board, puzzle.apply(state, m), 8) is None]
        window.play_moves(puzzle.split((off_line or winning)[0]))
    window.answers.request_hint()
    settle(app, window)
    return window


def pegs_dead_walk_hint(app, settings, data) -> GameWindow:
    """French 37's problem 0 -> 2 eight moves into a game gone wrong: the hint says at once
    that the goal is out of reach, since the position comes from a dead end of the problem's
    table two moves back (Tables.dead_ancestor)."""
    window = window_for(settings, data, "pegs/french",
                        {"start": [0, 1, 5, 6, 9, 10, 19, 20, 21, 26], "finish": 2})
    window.answers.request_hint()
    settle(app, window)
    return window


def pegs_near_hint(app, settings, data) -> GameWindow:
    """French 37's problem 0 -> 36 seven moves in, a win that wastes two moves (a search of 18.9
    million positions before): proven at once by the tables around it, a move back and two
    moves on (Tables.line_near); the search view says how."""
    window = window_for(settings, data, "pegs/french",
                        {"start": [3, 4, 8, 9, 12, 26, 30, 31], "finish": 36})
    window.answers.request_hint()
    settle(app, window)
    return window


def pegs_after_dead_end(app, settings, data) -> GameWindow:
    """The position of pegs_dead_walk_hint, its dead end shown by a hint, then one more move
    played: the hint there says at once that an earlier position was a dead end
    (GameFlow.after_a_dead_end), with no search."""
    window = pegs_dead_walk_hint(app, settings, data)
    window.play_moves([sorted(window.session.legal_moves, key=str)[0]])
    window.answers.request_hint()
    settle(app, window)
    return window


#: the hint curve's first twelve-move Wiegleb game (bench_hint_curve.py --random, seed 41):
#: problem 7 -> 31, a dead end at its end
WAY_BACK_GAME = [[22, 7], [15, 13], [20, 22], [12, 14], [17, 15], [23, 21], [30, 12], [11, 13],
                 [38, 23], [14, 12], [34, 32, 14], [39, 30, 32]]


def pegs_way_back(app, settings, data) -> GameWindow:
    """Wiegleb 45 after WAY_BACK_GAME: its dead end proven by a hint, then Back to the last
    position that could win. Five earlier positions no search decides within the way back's
    limit are left, and the game goes back eight jumps in and says so (about 40 s a window)."""
    window = window_for(settings, data, "pegs/wiegleb", {"start": [7], "finish": 31})
    for move in WAY_BACK_GAME:  # one at a time, as a player does (several would be one undo)
        window.play_moves([move])
    window.answers.request_hint()
    settle(app, window)
    window.panel.back_to_good_button.click()
    settle(app, window)
    return window


#: random play on Wiegleb 45's central game (seed 7, twelve moves): a dead end whose pegs
#: already sum below the goal's need under a fitted pagoda function (pegs.decide's certificate)
PAGODA_DEAD_GAME = [[37, 22], [29, 31], [11, 29], [28, 30], [13, 11], [22, 20], [4, 13],
                    [43, 37, 22, 7], [10, 12], [19, 21], [24, 22, 20], [33, 31, 29, 11]]


def pegs_pagoda_dead_end(app, settings, data) -> GameWindow:
    """Wiegleb 45 after PAGODA_DEAD_GAME: the hint says at once that the goal is out of reach
    and why (a pagoda function, found by the decide pass before any search; issue #75)."""
    window = window_for(settings, data, "pegs/wiegleb", {})
    for move in PAGODA_DEAD_GAME:
        window.play_moves([move])
    window.answers.request_hint()
    settle(app, window)
    return window


def settle_analysis(app: QApplication, window: GameWindow) -> None:
    """Let analysis mode's worker give its final verdicts and the window draw them."""
    while window.analysis.analysis_runner.busy:
        app.processEvents()
    app.processEvents()


def analysis_on(app, settings, window: GameWindow) -> GameWindow:
    """Analysis mode on in this window only (the setting it writes is put back for the others)."""
    window.analysis_action.setChecked(True)
    settings.setValue("view/analysis", False)
    settle_analysis(app, window)
    return window


def pegs_analysis(app, settings, data) -> GameWindow:
    """English 33 seven moves in, in analysis mode: each move's fewest moves left on its target
    hole, the best in green, dead ends crossed out."""
    window = window_for(settings, data, "pegs/english", {})
    window.play_moves([[14, 16], [17, 15], [4, 16], [7, 9], [29, 17], [10, 8], [16, 14]])
    return analysis_on(app, settings, window)


def slide_analysis(app, settings, data) -> GameWindow:
    """The 15-puzzle in analysis mode: each tile that can move marked with the distance after."""
    window = window_for(settings, data, "slide/4x4", {"shuffle": 7})
    return analysis_on(app, settings, window)


def pegs_replay(app, settings, data) -> GameWindow:
    """A minimum solution of Triangle 15 in the replay panel."""
    window = window_for(settings, data, "pegs/triangle15", {})
    window.answers.request_solve()
    settle(app, window)
    window.panel.replay.go_to(4)
    app.processEvents()
    return window


def slide(app, settings, data) -> GameWindow:
    window = window_for(settings, data, "slide/2x5", {"start": [0, 9, 3, 7, 1, 5, 4, 8, 2, 6]})
    window.answers.request_hint()
    settle(app, window)
    return window


def flip8(app, settings, data) -> GameWindow:
    window = window_for(settings, data, "flip8/4x4", {})
    window.answers.request_hint()
    settle(app, window)
    return window


def bulls(app, settings, data) -> GameWindow:
    window = window_for(settings, data, "bulls", {"mode": "player", "secret": "6281"})
    for guess in ("0123", "4567", "1289"):
        window.play_moves([guess])
    window.answers.request_hint()
    settle(app, window)
    return window


def bulls_analysis(app, settings, data) -> GameWindow:
    """Bulls and cows after a first guess of 9183 (1 bull 1 cow), in analysis mode: the guess
    being typed and the best few, each weighed exactly from the shipped second-guess table."""
    window = window_for(settings, data, "bulls", {"mode": "player", "secret": "9350"})
    window.play_moves(["9183"])
    return analysis_on(app, settings, window)


def bulls_minimax_analysis(app, settings, data) -> GameWindow:
    """The strategy fewest at worst after a first guess of 9183 answered 0B1C (1,440 secrets, the
    largest answer): every guess weighed exactly from the shipped minimax table."""
    window = window_for(settings, data, "bulls", {"mode": "player", "secret": "5920",
                                                  "strategy": "minimax"})
    window.play_moves(["9183"])
    return analysis_on(app, settings, window)


def in_train(app, window: GameWindow) -> GameWindow:
    """Game > Train… and its first puzzle on the board (each scene its own data folder: no
    rating from another picture's puzzles)."""
    window.train_action.trigger()
    while not window.training.active:
        app.processEvents()
    app.processEvents()
    return window


def train(app, settings, data) -> GameWindow:
    """Train on English 33: a first puzzle solved, then a wrong move in the next, answered at
    once with what it cost and the move that kept the minimum; the rating moved each time."""
    window = in_train(app, window_for(settings, tempfile.mkdtemp(dir=data), "pegs/english", {}))
    for move in window.training.trainer.current.item.line:
        window.play_moves(window.session.puzzle.split(move))
    window.training.next_puzzle()
    while window.training.waiting:
        app.processEvents()
    tp = window.training.trainer.current
    wrong = next(m for m, _d in tp.item.steps[0].after
                 if m != tp.item.line[0] and m[:len(tp.item.line[0])] != tp.item.line[0])
    window.play_moves(window.session.puzzle.split(wrong))
    app.processEvents()
    return window


def train_line(app, settings, data) -> GameWindow:
    """Train on English 33: the scene of `train` (a wrong move), then Show the line: the status
    says the line was played and the box no longer offers Retry or the line."""
    window = train(app, settings, data)
    window.training.show_line()
    app.processEvents()
    return window


def train_past(app, settings, data) -> GameWindow:
    """Train on Hoppers for a player rated 2,200: its puzzles stop near 1,600, and the box says
    the rating is past them (the third puzzle made for that rating)."""
    from pegapp.core.rating import Rating

    window = in_train(app, window_for(settings, tempfile.mkdtemp(dir=data), "pegs/hoppers", {}))
    window.training.trainer.rating = Rating(2200)
    for _ in range(3):
        while window.training.waiting or window.training.runner.busy:
            app.processEvents()
        window.training.next_puzzle()
    while window.training.waiting or window.training.runner.busy:
        app.processEvents()
    window.training.show_words()
    app.processEvents()
    return window


def train_slide(app, settings, data) -> GameWindow:
    """Train on the 8-puzzle: the first move right."""
    window = in_train(app, window_for(settings, tempfile.mkdtemp(dir=data), "slide/3x3", {}))
    window.play_moves([window.training.trainer.current.item.line[0]])
    app.processEvents()
    return window


#: the README's pictures: file name, scene
README = (("main-window", pegs_start), ("hint-wins", pegs_hint), ("replay", pegs_replay),
          ("slide", slide), ("flip8", flip8), ("analysis", pegs_analysis),
          ("analysis-slide", slide_analysis))
#: what --review renders in every theme, language and size
REVIEW = (("pegs", pegs_start), ("pegs-hint", pegs_hint_quick),
          ("pegs-catalogue-hint", pegs_catalogue_hint),
          ("pegs-opening-hint", pegs_opening_hint), ("pegs-dead-walk-hint", pegs_dead_walk_hint),
          ("pegs-near-hint", pegs_near_hint),
          ("pegs-after-dead-end", pegs_after_dead_end), ("pegs-way-back", pegs_way_back),
          ("pegs-pagoda-dead-end", pegs_pagoda_dead_end),
          ("slide", slide), ("bulls", bulls),
          ("bulls-analysis", bulls_analysis), ("bulls-minimax-analysis", bulls_minimax_analysis),
          ("train", train), ("train-line", train_line), ("train-past", train_past),
          ("train-slide", train_slide))


def shoot(app, out: Path, name: str, scene, settings, data, size: QSize | None) -> None:
    """The scene's window at size (None: its smallest), saved as out/name.png. The smallest is
    asked for until it holds still: a label whose text grew since (a search's progress line)
    raises the minimum a moment later, and a picture taken before showed it cut through its
    text, as no player sees it (the window grows to its minimum)."""
    window = scene(app, settings, data)
    # what the scene let go of with deleteLater (a view per Train puzzle dealt) goes now: this
    # script runs no event loop, and processEvents() leaves deferred deletions waiting, so the
    # old views stayed visible at their old size over the panel in the smallest pictures (the
    # game's own loop deletes them at once; train-past, three puzzles dealt, showed it)
    app.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    if size is None:
        sizes: list[QSize] = []
        while len(sizes) < 3 or len({(s.width(), s.height()) for s in sizes[-3:]}) > 1:
            window.resize(1, 1)
            app.processEvents()
            sizes.append(window.size())
            if len(sizes) > 50:
                break
    else:
        window.resize(size)
    app.processEvents()
    window.grab().save(str(out / f"{name}.png"))
    window.close()


def main(out: Path, review: bool = False, scenes: list[str] | None = None) -> None:
    app = make_app()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data:
        settings = QSettings(str(Path(data) / "s.ini"), QSettings.Format.IniFormat)
        settings.setValue("view/animate", False)
        settings.setValue("app/confirm_abandon", False)
        if not review:
            settings.setValue("app/theme", "light")
            apply_app_theme("light")
            for name, scene in README:
                shoot(app, out, name, scene, settings, data, SIZES["default"])
            return
        for language in ("en", "ja"):
            install_translator(app, language)
            for theme in ("light", "dark"):
                settings.setValue("app/theme", theme)
                apply_app_theme(theme)
                for name, scene in REVIEW:
                    if scenes and name not in scenes:
                        continue
                    for size_name, size in SIZES.items():
                        shoot(app, out, f"{name}-{language}-{theme}-{size_name}", scene,
                              settings, data, size)
        remove_translators(app)


def one_puzzle(args: argparse.Namespace) -> int:
    """The window on args.puzzle (any installed family's id, plug-ins included): shown on screen
    (--show, until closed) or saved as args.out/<id>.png in the language, theme and size asked
    for."""
    app = make_app()
    with tempfile.TemporaryDirectory() as data:
        settings = QSettings(str(Path(data) / "s.ini"), QSettings.Format.IniFormat)
        settings.setValue("view/animate", False)
        settings.setValue("app/confirm_abandon", False)
        settings.setValue("app/theme", args.theme)
        apply_app_theme(args.theme)
        if args.language != "en":
            install_translator(app, args.language)
        window = window_for(settings, data, args.puzzle, json.loads(args.params))
        settle(app, window)
        if args.show:
            return app.exec()
        name = args.puzzle.replace("/", "-")
        args.out.mkdir(parents=True, exist_ok=True)
        if args.map:
            return shoot_map(app, args.out / f"{name}-map.png", window, SIZES[args.size])
        shoot(app, args.out, name, lambda *_: window, settings, data, SIZES[args.size])
        return 0


def shoot_map(app: QApplication, path: Path, window: GameWindow, size: QSize | None) -> int:
    """The window's Map, once made, saved at path (size None: its smallest); 1 with a line on
    stderr when the puzzle has no Map."""
    from pegapp.ui import map_view

    shown = map_view.open_map(window)
    if shown is None:
        print(f"screenshots.py: {window.session.puzzle.id} has no Map", file=sys.stderr)
        return 1
    while shown.map is None:
        app.processEvents()
    shown.resize(size if size is not None else shown.minimumSizeHint())
    app.processEvents()
    shown.grab().save(str(path))
    shown.close()
    return 0


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="screenshots.py",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("out", nargs="?", type=Path, default=Path(__file__).resolve().parents[1]
                        / "docs", help="the folder the pictures go to (default: docs/)")
    parser.add_argument("--review", action="store_true",
                        help="every scene in both themes, both languages and three sizes")
    parser.add_argument("--scene", action="append", metavar="NAME",
                        help="with --review: only this scene (" + ", ".join(
                            name for name, _ in REVIEW) + ")")
    parser.add_argument("--puzzle", metavar="ID", help="the window on this puzzle only "
                        "(e.g. pegs/english, slide/3x3, or a plug-in's id; `pegapp families`)")
    parser.add_argument("--params", default="{}", metavar="JSON",
                        help="the puzzle's params, as a JSON object (with --puzzle)")
    parser.add_argument("--language", default="en", choices=("en", "ja"))
    parser.add_argument("--theme", default="light", choices=("light", "dark"))
    parser.add_argument("--size", default="default", choices=tuple(SIZES))
    parser.add_argument("--map", action="store_true",
                        help="save the puzzle's Map of every position (with --puzzle)")
    parser.add_argument("--show", action="store_true",
                        help="open the window on screen instead of saving a picture")
    args = parser.parse_args(argv)
    if args.show and not args.puzzle:
        parser.error("--show needs --puzzle")
    if args.map and not args.puzzle:
        parser.error("--map needs --puzzle")
    return args


if __name__ == "__main__":
    options = parse(sys.argv[1:])
    # leave as the game does: a search still running at the end (the window thinking ahead while
    # a table builds) is asked to stop, and never aborts the process as a running QThread
    # destroyed at exit would (found by the --map test: "QThread: Destroyed while thread is
    # still running" when the 3x3 rotation's table was built in the same run)
    if options.puzzle:
        sys.exit(leave(one_puzzle(options)))
    main(options.out, options.review, options.scene)
    sys.exit(leave(0))
