import compileall
import os
import sys
import tempfile

import pytest

# Fixtures shared by many modules: the game window as tests open it, the example plug-ins, the
# checkout's wheel.
pytest_plugins = ("tests.game_windows", "tests.plugin_fixtures", "tests.wheel_build")

# Tests never need a display: Qt renders offscreen, also in CI.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Nor do they touch the player's own settings, saves or statistics.
_home = tempfile.mkdtemp(prefix="pegapp-tests-")
os.environ["XDG_DATA_HOME"] = os.path.join(_home, "data")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_home, "config")
# Nor the solver's disk cache (the command line uses the default one).
os.environ["PEGAPP_CACHE_DIR"] = os.path.join(_home, "cache")


def _compile_the_checkout() -> None:
    """Where Python is told to write no bytecode (PYTHONDONTWRITEBYTECODE, as on the machines
    that run this suite in CI), every process the suite starts on the checkout (`python -m
    pegapp ...`, some sixty) and each worker compiled pegapp's sources anew: 0.85 -> 0.53 s of
    CPU for a process that imports the solvers and the window. Compiled once here instead, into
    pegapp's own __pycache__ folders, where the suite's numba kernels are cached already (and
    which git ignores); each run compiles only what changed (0.46 s for all of it)."""
    if sys.dont_write_bytecode:
        here = os.path.dirname(os.path.abspath(__file__))
        compileall.compile_dir(os.path.join(os.path.dirname(here), "pegapp"), quiet=2)


_compile_the_checkout()


#: the files with the suite's longest tests (docs/results/suite-time.md, 2026-12-07), slowest
#: first. They run first: the README's command shares the tests between two workers that take
#: work from each other (--dist worksteal, pyproject.toml), and a long test left for the end
#: keeps one core idle while it runs. Each file stays whole, so its module fixtures are made
#: once a worker.
LONGEST_FIRST = ("test_peg_disk_levels.py", "test_peg_bounded.py", "test_catalogue_probe.py",
                 "test_instant.py", "test_peg_solver.py", "test_guess_optimal.py",
                 "test_peg_packed.py", "test_endless_solve.py", "test_wheel_install.py")


def pytest_collection_modifyitems(items):
    """The files of LONGEST_FIRST before the rest, in its order (the rest as collected)."""
    rank = {name: k for k, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


@pytest.fixture(scope="session", autouse=True)
def _searches_end_before_exit():
    """A QThread destroyed while running aborts the process: let cancelled searches finish."""
    yield
    import sys
    worker = sys.modules.get("pegapp.ui.worker")
    if worker is not None:
        worker.wait_for_orphans()


@pytest.fixture(autouse=True)
def _whole_hints_unless_graded(request, monkeypatch):
    """Hint shows the whole move at the first press in every test but those of the graded hint
    (marked graded_hints, issue #56): the hints' tests were written for one press, and a
    player can have that too (the setting solver/whole_hint)."""
    if request.node.get_closest_marker("graded_hints") is None:
        from pegapp.ui import settings_dialog
        monkeypatch.setitem(settings_dialog.DEFAULTS, "solver/whole_hint", True)


@pytest.fixture(autouse=True)
def _desktop_theme_after_each_test():
    """The theme is application-wide (a palette): a test that turns it dark must not leave the
    next test's windows dark."""
    yield
    import sys
    theme = sys.modules.get("pegapp.ui.theme")
    if theme is not None:
        theme.apply_app_theme("system")


@pytest.fixture
def wiegleb_unknown(monkeypatch):
    """Wiegleb's catalogue with 1 -> 1 as the builds before 2026-11-28 (ab7e9b6) shipped it: unknown
    (possible None), its floor 23 from a 14 GB search. The decide pass has since refuted it, so
    no shipped board has an unknown problem left; the tests of what the game says of one use
    this. Returns the problem."""
    from dataclasses import replace

    from pegapp.core.board import get_board
    from pegapp.core.messages import msg
    from pegapp.puzzles import catalogue

    board = get_board("wiegleb")
    cat = catalogue.load(board)
    unknown = replace(cat.find(1, 1), possible=None, par=None, proven_minimal=False,
                      solution=None, lower_bound=23, reason=msg(
                          "no solution found within the catalogue's limits (a proof within "
                          "{gb:g} GB, a depth-first search of {millions} million positions), "
                          "and no proof that there is none", gb=14.0, millions=20))
    problems = tuple(unknown if (p.start, p.finish) == (1, 1) else p for p in cat.problems)
    monkeypatch.setitem(catalogue._loaded, catalogue.board_key(board),
                        catalogue.Catalogue(board, problems, cat.limits))
    return unknown
