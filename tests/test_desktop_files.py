"""The desktop entry, the AppStream metainfo and the icon: valid, and agreeing on the app id.

The freedesktop validators run when they are installed (packaging/check_desktop_files.sh installs
them: desktop-file-utils and appstream); without them those two tests are skipped, saying why.
"""

import configparser
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
APP_ID = "io.github.pegapp.PegApp"
DESKTOP = ROOT / "resources" / "desktop" / f"{APP_ID}.desktop"
METAINFO = ROOT / "resources" / "desktop" / f"{APP_ID}.metainfo.xml"
ICON = ROOT / "resources" / "icons" / f"{APP_ID}.svg"


def _tool(name: str, package: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed (apt-get install {package}, or run "
                    "packaging/check_desktop_files.sh)")
    return path


def test_desktop_entry_validates():
    tool = _tool("desktop-file-validate", "desktop-file-utils")
    out = subprocess.run([tool, str(DESKTOP)], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "", out.stdout + out.stderr


def test_metainfo_validates():
    tool = _tool("appstreamcli", "appstream")
    out = subprocess.run([tool, "validate", "--no-net", str(METAINFO)], capture_output=True,
                         text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def _desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str
    parser.read(DESKTOP, encoding="utf-8")
    return parser["Desktop Entry"]


def test_ids_agree():
    entry = _desktop_entry()
    assert entry["Icon"] == APP_ID == ICON.stem
    assert entry["Exec"].split()[0] == "pegapp"
    component = ET.parse(METAINFO).getroot()
    assert component.get("type") == "desktop-application"
    assert component.findtext("id") == APP_ID
    assert component.find("launchable").text == DESKTOP.name
    assert component.find("launchable").get("type") == "desktop-id"
    assert [b.text for b in component.iter("binary")] == ["pegapp"]
    assert component.findtext("project_license") == "MIT"
    assert component.findtext("metadata_license") == "CC0-1.0"
    assert component.find("content_rating").get("type") == "oars-1.1"
    from pegapp import __version__
    from pegapp.ui.app import APP_ID as ui_app_id

    assert ui_app_id == APP_ID
    assert component.find("releases/release").get("version") == __version__


def test_icon_is_a_scalable_svg():
    svg = ET.parse(ICON).getroot()
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    x, y, w, h = (float(v) for v in svg.get("viewBox").replace(",", " ").split())
    assert w > 0 and w == h, "an app icon is square"


def test_icon_renders_in_qt(qapp):
    from PySide6.QtGui import QIcon

    image = QIcon(str(ICON)).pixmap(64, 64).toImage()
    assert not image.isNull()
    opaque = sum(image.pixelColor(x, y).alpha() > 0 for x in range(64) for y in range(64))
    assert 0.3 * 64 * 64 < opaque < 64 * 64, "a cross-shaped board leaves the corners clear"

