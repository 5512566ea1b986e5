"""The built wheel installed into a fresh venv works from anywhere, with its own resources.

The venv sees the system's site-packages, and the running venv's when there is one (PySide6,
numpy, numba: nothing is downloaded), but pegapp itself comes only from the wheel; the commands
run outside the checkout.
"""

import json
import os
import site
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
APP_ID = "io.github.pegapp.PegApp"

pytestmark = pytest.mark.slow


def _check(command: list[str]) -> None:
    out = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, f"{' '.join(command)}\n{out.stdout}{out.stderr}"


@pytest.fixture(scope="module")
def installed(tmp_path_factory, wheel):
    """(venv dir, its bin dir, the wheel) with the wheel (tests/wheel_build.py) installed."""
    base = tmp_path_factory.mktemp("wheel-install")
    env_dir = base / "venv"
    venv.EnvBuilder(system_site_packages=True, with_pip=False, symlinks=True).create(env_dir)
    bindir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    if sys.prefix != sys.base_prefix:
        # The tests run in a venv themselves: --system-site-packages shows the base Python's
        # packages, not this venv's, so show this venv's too (after the new venv's own, so the
        # wheel's pegapp still comes first).
        purelib = sysconfig.get_path("purelib", vars={"base": str(env_dir),
                                                      "platbase": str(env_dir)})
        Path(purelib, "_outer_site.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    # no pip of its own: the outer pip, seen through the site packages, installs into it;
    # --ignore-installed: a pegapp installed outside (CI installs the checkout) is not in the way
    _check([str(bindir / "python"), "-m", "pip", "install", "-q", "--no-deps", "--no-index",
            "--ignore-installed", str(wheel)])
    return env_dir, bindir, wheel


def _env(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(QT_QPA_PLATFORM="offscreen", PEGAPP_CACHE_DIR=str(tmp_path / "cache"))
    return env


def test_wheel_carries_icon_and_desktop_files(installed):
    names = zipfile.ZipFile(installed[2]).namelist()
    for name in (f"icons/{APP_ID}.svg", f"desktop/{APP_ID}.desktop",
                 f"desktop/{APP_ID}.metainfo.xml"):
        assert f"pegapp/resources/{name}" in names


def test_installed_boards_json(installed, tmp_path):
    _, bindir, _ = installed
    out = subprocess.run([str(bindir / "pegapp"), "boards", "--json"], cwd=tmp_path,
                         env=_env(tmp_path), capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    from pegapp.core.board import shipped_board_ids

    data = json.loads(out.stdout)
    assert len(data["boards"]) == len(shipped_board_ids())


def test_installed_selftest_uses_the_installed_resources(installed, tmp_path):
    env_dir, bindir, _ = installed
    out = subprocess.run([str(bindir / "pegapp"), "--selftest"], cwd=tmp_path,
                         env=_env(tmp_path), capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    (line,) = [x for x in out.stdout.splitlines() if x.startswith("resources: ")]
    where = Path(line.removeprefix("resources: "))
    assert where.is_relative_to(env_dir), where
    assert not where.is_relative_to(ROOT), where
    assert (where / "icons" / f"{APP_ID}.svg").is_file()
    for qm in (ROOT / "resources" / "i18n").glob("*.qm"):  # translations, when there are any
        assert (where / "i18n" / qm.name).is_file()
        assert qm.stem in out.stdout
    assert "ok   resources " in out.stdout and "ok   qt ui " in out.stdout
