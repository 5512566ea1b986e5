"""`python -m pegapp --selftest` checks the whole program headless and says so, one line a check."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pegapp import selftest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_selftest_passes_and_prints_every_check(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PEGAPP_CACHE_DIR=str(tmp_path / "cache"))
    out = subprocess.run([sys.executable, "-m", "pegapp", "--selftest"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert lines[1] == f"resources: {ROOT / 'resources'}"
    for name, _ in selftest.CHECKS:
        assert any(line.startswith("ok   " + name + " ") for line in lines), (name, out.stdout)
    assert lines[-1].startswith(f"selftest passed: {len(selftest.CHECKS)} checks")


def test_a_failing_check_is_reported_and_sets_the_exit_status(monkeypatch, capsys):
    def broken():
        raise RuntimeError("kernel failed\nsecond line")

    monkeypatch.setattr(selftest, "CHECKS", (("boards", selftest.check_boards),
                                             ("broken", broken)))
    assert selftest.main([]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[2].startswith("ok   boards ")
    assert out[3].startswith("FAIL broken ") and out[3].endswith("RuntimeError: kernel failed | second line")
    assert out[-1].startswith("selftest FAILED: 1 of 2 checks failed")


def test_selftest_is_routed_before_the_ui(monkeypatch):
    from pegapp import __main__

    seen = []
    monkeypatch.setattr(selftest, "main", lambda argv: seen.append(argv) or 0)
    assert __main__.main(["--selftest", "-v"]) == 0
    assert seen == [["-v"]]



def test_the_command_freezes_the_collector_once_its_work_is_done(monkeypatch):
    """`pegapp` (the installed command and `python -m pegapp`) runs main(), then freezes the
    collector so the process ends without walking numba's objects; main() itself, which tests
    call in process, leaves the collector alone."""
    from pegapp import __main__
    from pegapp.core.board import tomllib

    calls = []
    monkeypatch.setattr(__main__, "main", lambda argv=None: calls.append("main") or 3)
    monkeypatch.setattr(__main__.gc, "freeze", lambda: calls.append("freeze"))
    assert __main__.console() == 3
    assert calls == ["main", "freeze"]
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["pegapp"] == "pegapp.__main__:console"

# ---------------------------------------------------------- the player's display platform

#: what Qt 6.11 printed (QT_DEBUG_PLUGINS=1) on Debian 12 under Xvfb without libxcb-icccm4 and
#: libxcb-keysyms1: it names only the first missing library, and adds its note on libxcb-cursor0
#: whatever is missing
_CANNOT = ("Cannot load library {plugin}: libxcb-icccm.so.4: cannot open shared object file: "
           "No such file or directory")
QT_XCB_FAILURE = (
    'qt.core.library: "{plugin}" cannot load: ' + _CANNOT + "\n"
    'qt.core.plugin.loader: QLibraryPrivate::loadPlugin failed on "{plugin}" : "' + _CANNOT + '"\n'
    "qt.qpa.plugin: From 6.5.0, xcb-cursor0 or libxcb-cursor0 is needed to load the Qt xcb "
    "platform plugin.\n"
    'qt.qpa.plugin: Could not load the Qt platform plugin "xcb" in "" even though it was found.\n'
    "This application failed to start because no Qt platform plugin could be initialized. "
    "Reinstalling the application may fix this problem.\n")


@pytest.fixture
def fake_plugin(tmp_path):
    """A shared object like a Qt plugin whose library (libpegappgone.so.1) is gone: what ldd
    reports for libqxcb.so on a machine without libxcb-icccm4."""
    gcc, ldd = shutil.which("gcc"), shutil.which("ldd")
    if gcc is None or ldd is None or not sys.platform.startswith("linux"):
        pytest.skip("needs gcc and ldd (Linux) to build a plugin with a missing library")
    (tmp_path / "gone.c").write_text("int pegapp_gone(void) { return 1; }\n")
    (tmp_path / "plugin.c").write_text("int pegapp_gone(void);\nint f(void) { return pegapp_gone(); }\n")
    gone = tmp_path / "libpegappgone.so.1"
    subprocess.run([gcc, "-shared", "-fPIC", "-Wl,-soname,libpegappgone.so.1", "-o", str(gone),
                    str(tmp_path / "gone.c")], check=True)
    (tmp_path / "libpegappgone.so").symlink_to(gone.name)
    plugin = tmp_path / "libqfake.so"
    subprocess.run([gcc, "-shared", "-fPIC", "-o", str(plugin), str(tmp_path / "plugin.c"),
                    f"-L{tmp_path}", "-lpegappgone"], check=True)
    gone.unlink()
    return plugin


def test_debian_package_names_of_libraries():
    assert selftest.package_of("libxcb-icccm.so.4") == "libxcb-icccm4"
    assert selftest.package_of("libxcb-keysyms.so.1") == "libxcb-keysyms1"
    assert selftest.package_of("libxcb-cursor.so.0") == "libxcb-cursor0"
    assert selftest.package_of("libxcb-render-util.so.0") == "libxcb-render-util0"
    assert selftest.package_of("libxkbcommon-x11.so.0") == "libxkbcommon-x11-0"
    assert selftest.package_of("libdbus-1.so.3") == "libdbus-1-3"
    assert selftest.package_of("libEGL.so.1") == "libegl1"
    assert selftest.package_of("libwayland-cursor.so.0") == "libwayland-cursor0"
    assert selftest.package_of("libglib-2.0.so.0") == "libglib2.0-0"


def test_ldd_names_every_missing_library_of_a_plugin(fake_plugin):
    assert selftest.missing_libraries(str(fake_plugin)) == ["libpegappgone.so.1"]
    assert selftest.missing_libraries(str(fake_plugin.parent / "absent.so")) == []


def test_a_platform_that_cannot_load_is_named_with_its_missing_libraries(fake_plugin, monkeypatch):
    """The probe's child (here a stand-in printing what Qt printed, then aborting as Qt does) fails:
    the check fails, names the library Qt named and those ldd finds missing, with their packages,
    and the Qt check that follows runs offscreen instead of aborting the self-test."""
    child = fake_plugin.parent / "child.py"
    child.write_text("import os, sys\n"
                     f"sys.stderr.write({QT_XCB_FAILURE.format(plugin=fake_plugin)!r})\n"
                     "sys.stderr.flush()\nos.abort()\n")
    monkeypatch.setattr(selftest, "platform_probe_command", lambda: [sys.executable, str(child)])
    monkeypatch.setattr(selftest, "_platform_failed", False)  # restored after the test
    monkeypatch.setenv("DISPLAY", ":42")
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    with pytest.raises(selftest.CheckFailed) as failed:
        selftest.check_platform()
    text = str(failed.value)
    assert "the Qt platform 'xcb' cannot load" in text
    assert "missing libxcb-icccm.so.4, libpegappgone.so.1" in text
    assert "sudo apt-get install libxcb-icccm4 libpegappgone1" in text
    assert "DISPLAY=:42" in text
    selftest._ensure_platform()
    assert os.environ["QT_QPA_PLATFORM"] == "offscreen"


def test_qt_own_reason_when_no_library_is_missing():
    text = selftest.diagnose_platform(
        'qt.qpa.xcb: could not connect to display :77\n'
        'qt.qpa.plugin: From 6.5.0, xcb-cursor0 or libxcb-cursor0 is needed to load the Qt xcb '
        'platform plugin.\n'
        'qt.qpa.plugin: Could not load the Qt platform plugin "xcb" in "" even though it was found.\n')
    assert text == "the Qt platform 'xcb' cannot start: could not connect to display :77"


def test_the_real_probe_starts_the_players_platform(monkeypatch):
    """The child process really starts Qt (here on the platform the tests use)."""
    monkeypatch.setenv("DISPLAY", ":42")
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert selftest.check_platform().startswith("offscreen platform starts (QT_QPA_PLATFORM=offscreen")


def test_the_real_probe_survives_a_platform_that_aborts(monkeypatch):
    """A display that is not there: Qt aborts in the child, the self-test reports it."""
    monkeypatch.setenv("DISPLAY", ":9999")
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(selftest, "_platform_failed", False)  # restored after the test
    with pytest.raises(selftest.CheckFailed, match=r"the Qt platform 'xcb' cannot (start|load)"):
        selftest.check_platform()


def test_no_display_means_no_probe(monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(selftest, "platform_probe_command", lambda: pytest.fail("probed"))
    assert selftest.check_platform().startswith("no display")
