"""Resources are found from a checkout and from a built wheel; the Qt binding is a sound one."""

import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

from pegapp.core import resources
from pegapp.core.board import shipped_board_ids

ROOT = Path(__file__).resolve().parents[1]


def test_boards_are_found_from_the_checkout_or_install():
    assert (resources.root() / "boards" / "english.toml").is_file()
    assert {"english", "diamond13", "hoppers"} <= set(shipped_board_ids())


def test_a_checkout_run_reads_its_own_resources_beside_another_install(tmp_path):
    """A copy of the checkout's code run with PYTHONPATH, while this checkout is installed (as
    the suite runs it): the copy reads the resources beside it, not the installed ones."""
    import os
    import shutil

    copy = tmp_path / "checkout"
    shutil.copytree(ROOT / "pegapp", copy / "pegapp",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "resources").mkdir()
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    env = {**os.environ, "PYTHONPATH": str(copy)}
    out = subprocess.run([sys.executable, "-c", "from pegapp.core import resources; "
                          "print(resources.root())"], env=env, capture_output=True, text=True,
                         cwd=tmp_path, timeout=60)
    assert out.returncode == 0, out.stderr
    assert Path(out.stdout.strip()) == copy / "resources"


def test_wheel_carries_the_resources_inside_the_package(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert "pegapp/resources/boards/english.toml" in names
    assert "pegapp/core/board.py" in names
    assert not any(n.startswith("resources/") for n in names)


def test_boards_load_from_the_unpacked_wheel(wheel, tmp_path):
    """Import pegapp from the wheel alone (no checkout on the path) and load every board."""
    zipfile.ZipFile(wheel).extractall(tmp_path)
    code = (f"import sys; sys.path.insert(0, {str(tmp_path)!r})\n"
            "import pegapp.core.resources as r, pegapp.core.board as b\n"
            "assert r.root().is_relative_to(__import__('pathlib').Path(r'%s')), r.root()\n"
            "print(len(b.shipped_boards()))" % tmp_path)
    out = subprocess.run([sys.executable, "-I", "-c", code], cwd=tmp_path, capture_output=True,
                         text=True)
    assert out.returncode == 0, out.stderr
    assert int(out.stdout) == len(shipped_board_ids())


def test_qt_binding_does_not_leak_none_references():
    """PySide6 6.12.0 under Python 3.11 drops a reference to None on every void call, which
    crashes a long game; pyproject.toml excludes it and this catches a regression."""
    code = ("import sys\n"
            "from PySide6.QtGui import QGuiApplication, QImage, QPainter\n"
            "from PySide6.QtCore import QPointF\n"
            "app = QGuiApplication(['x'])\n"
            "img = QImage(8, 8, QImage.Format.Format_ARGB32)\n"
            "p = QPainter(img)\n"
            "before = sys.getrefcount(None)\n"
            "for _ in range(2000): p.drawLine(QPointF(0, 0), QPointF(3, 3))\n"
            "print(sys.getrefcount(None) - before)\n"
            "p.end()\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    assert abs(int(out.stdout)) < 100


def test_the_bundle_ships_every_kind_of_resource_the_wheel_ships():
    """packaging/pegapp.spec copies resources by pattern; a kind the wheel ships (pyproject's
    package-data) but the spec forgets would be missing from the frozen app only."""
    root = Path(__file__).resolve().parents[1]
    wheel = tomllib.loads((root / "pyproject.toml").read_text())
    wheel_patterns = wheel["tool"]["setuptools"]["package-data"]["pegapp.resources"]
    spec = (root / "packaging" / "pegapp.spec").read_text()
    spec_patterns = set(re.findall(r'"([a-z0-9]+/[^"]+)"', spec))
    for pattern in wheel_patterns:
        folder = pattern.split("/")[0]
        assert any(p.split("/")[0] == folder for p in spec_patterns), pattern


def test_every_package_of_pegapp_is_in_the_wheel():
    """pyproject.toml lists the packages one by one: a new folder of modules (pegapp/ui/views)
    left out of the list is missing from an installed game."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
                 ["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts)
             for p in (ROOT / "pegapp").rglob("__init__.py")}
    assert found <= listed, sorted(found - listed)
