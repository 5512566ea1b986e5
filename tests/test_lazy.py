"""The solvers' kernels are imported on first use (pegapp.solvers.lazy), safely from any thread."""

import sys
import threading

import pytest

from pegapp.solvers.lazy import lazy_module

SLOW = "pegapp_test_slow_import"


@pytest.fixture
def slow_module(tmp_path, monkeypatch):
    """A module whose import takes a while: its attributes exist only once its code has run."""
    (tmp_path / f"{SLOW}.py").write_text("import time\ntime.sleep(0.3)\nVALUE = 42\n"
                                         "def twice(x):\n    return 2 * x\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop(SLOW, None)
    yield SLOW
    sys.modules.pop(SLOW, None)


def test_the_module_is_imported_by_the_first_attribute_asked(slow_module):
    lazy = lazy_module(slow_module)
    assert slow_module not in sys.modules
    assert lazy.twice(21) == 42
    assert slow_module in sys.modules
    assert lazy_module(slow_module) is sys.modules[slow_module]   # loaded: the module itself


def test_threads_asking_at_once_all_get_the_finished_module(slow_module):
    """Several threads (the window's warm-up, a hint, the think-ahead) reach a kernel module
    first at the same moment: each waits for the import to end; none sees it half made (on
    Python 3.11 importlib's LazyLoader let the others read the module before its code had run:
    AttributeError)."""
    lazy = lazy_module(slow_module)
    start = threading.Barrier(4)
    got, errors = [], []

    def ask():
        start.wait()
        try:
            got.append(lazy.VALUE)
        except Exception as e:  # noqa: BLE001 - what the assertion below shows
            errors.append(repr(e))

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert got == [42] * 4


def test_a_patch_on_the_stand_in_is_a_patch_on_the_module(slow_module, monkeypatch):
    lazy = lazy_module(slow_module)
    monkeypatch.setattr(lazy, "VALUE", 7)
    assert sys.modules[slow_module].VALUE == 7 and lazy.VALUE == 7
    monkeypatch.undo()
    assert lazy.VALUE == 42
