"""The example plug-in families under tests/plugins, installed by pip as an author's users would
install them, for the tests that need one beside the shipped families. tests/conftest.py makes
these fixtures available to every test module."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pegapp.puzzles import registry

ROOT = Path(__file__).resolve().parents[1]
PLUGINS = ROOT / "tests" / "plugins"


def pip_install(source: Path, tmp: Path) -> Path:
    """source installed by pip (offline, no build isolation) into a folder of its own; the source
    is copied first so the build leaves nothing in the checkout. The folder (for sys.path)."""
    shutil.copytree(source, tmp / "src", ignore=shutil.ignore_patterns("build", "*.egg-info"))
    target = tmp / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--no-build-isolation", "--no-index", "--target", str(target),
                    str(tmp / "src")], check=True, capture_output=True, text=True, timeout=300,
                   env=dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1"))
    return target


def on_path(folder: Path, package: str):
    """A context: folder on sys.path and the registry reloaded; afterwards both as before."""
    sys.path.insert(0, str(folder))
    try:
        registry.reload()
        yield
    finally:
        sys.path.remove(str(folder))
        for name in [m for m in sys.modules if m.split(".")[0] == package]:
            del sys.modules[name]
        registry.reload()


@pytest.fixture(scope="session")
def installed(tmp_path_factory) -> Path:
    """The Tower of Hanoi example installed by pip."""
    target = pip_install(PLUGINS / "pegapp_hanoi", tmp_path_factory.mktemp("hanoi"))
    assert (target / "pegapp_hanoi" / "__init__.py").is_file()
    return target


@pytest.fixture
def hanoi_on_path(installed):
    yield from on_path(installed, "pegapp_hanoi")


@pytest.fixture(scope="session")
def lightsout_installed(tmp_path_factory) -> Path:
    """The Lights Out example installed by pip."""
    target = pip_install(PLUGINS / "pegapp_lightsout", tmp_path_factory.mktemp("lightsout"))
    assert (target / "pegapp_lightsout" / "lightsout_ja.qm").is_file()
    return target


@pytest.fixture
def lightsout_on_path(lightsout_installed):
    yield from on_path(lightsout_installed, "pegapp_lightsout")


@pytest.fixture(scope="session")
def guarini_installed(tmp_path_factory) -> Path:
    """The Guarini's knights example (written from the docs alone) installed by pip."""
    return pip_install(PLUGINS / "pegapp_guarini", tmp_path_factory.mktemp("guarini"))


@pytest.fixture
def guarini_on_path(guarini_installed):
    yield from on_path(guarini_installed, "pegapp_guarini")
