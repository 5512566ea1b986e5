"""`python -m pegapp --selftest` checks the whole program headless and says so, one line a check."""

import os
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
