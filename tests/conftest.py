import os
import tempfile

import pytest

# Fixtures shared by many modules: the game window as tests open it, the example plug-ins.
pytest_plugins = ("tests.game_windows", "tests.plugin_fixtures")

# Tests never need a display: Qt renders offscreen, also in CI.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Nor do they touch the player's own settings, saves or statistics.
_home = tempfile.mkdtemp(prefix="pegapp-tests-")
os.environ["XDG_DATA_HOME"] = os.path.join(_home, "data")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_home, "config")
# Nor the solver's disk cache (the command line uses the default one).
os.environ["PEGAPP_CACHE_DIR"] = os.path.join(_home, "cache")


@pytest.fixture(scope="session", autouse=True)
def _searches_end_before_exit():
    """A QThread destroyed while running aborts the process: let cancelled searches finish."""
    yield
    import sys
    worker = sys.modules.get("pegapp.ui.worker")
    if worker is not None:
        worker.wait_for_orphans()


@pytest.fixture(autouse=True)
def _desktop_theme_after_each_test():
    """The theme is application-wide (a palette): a test that turns it dark must not leave the
    next test's windows dark."""
    yield
    import sys
    theme = sys.modules.get("pegapp.ui.theme")
    if theme is not None:
        theme.apply_app_theme("system")
