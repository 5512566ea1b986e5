"""The README's two set-up commands and .ci/run agree: CI runs exactly the second command and
installs exactly the system packages the first one installs (python3-venv and Qt's libraries),
and does nothing else the tests need (issue #72: the example plug-ins were installed only by
.ci/run, so the second command failed in a fresh clone). The first command works with sudo and
in a root shell that has none."""

import os
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: how the first command runs apt-get: through sudo where there is one
AS_ROOT = "$(command -v sudo) "


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```sh\n(.*?)```", text, re.DOTALL).group(1)
    return block.strip().splitlines()


def test_the_readme_starts_with_two_commands_in_a_virtual_environment():
    first, second = readme_commands()
    assert first.startswith(f"{AS_ROOT}apt-get update && {AS_ROOT}apt-get install -y ")
    assert first.endswith("python3 -m venv --system-site-packages .venv && .venv/bin/pip install . "
                          "&& .venv/bin/pegapp")
    assert second.startswith("python3 -m venv --system-site-packages .venv && ")
    assert second.endswith(" && .venv/bin/python -m pytest -n auto")  # a process per core


def test_ci_runs_the_second_command_and_installs_the_first_ones_packages():
    first, second = readme_commands()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ci.rstrip().splitlines()[-1] == second
    readme_packages = set(re.search(r"apt-get install -y ([^&]+)&&", first).group(1).split())
    listed = re.search(r"<<'LIST'\n(.*?)\nLIST\n", ci, re.DOTALL).group(1)
    ci_packages = {line.split()[0] for line in listed.splitlines()} | {"python3-venv"}
    assert "python3-venv" in ci and "libxcb-cursor0" in readme_packages
    assert readme_packages == ci_packages


def test_ci_installs_nothing_the_second_command_does_not():
    """No plug-in installed and no check run beside the README's command: the tests that need
    the example plug-ins install them (tests/plugin_fixtures.py), and tests/test_plugin_examples.py
    runs `pegapp check-family` on each."""
    first, second = readme_commands()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line for line in ci.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    assert [line for line in commands if "pip install" in line and not second.startswith(
        line.strip())] == []
    assert not any("check-family" in line or "tests/plugins" in line for line in commands)


def first_command_as_root(tmp_path, with_sudo: bool) -> str:
    """The first command's way of becoming root, run in sh with a PATH that has a sudo (which
    only says it was asked) or none, as in a root shell of a container."""
    first, _ = readme_commands()
    prefix = first[:first.index("apt-get update")]
    assert prefix == AS_ROOT
    folder = tmp_path / "bin"
    folder.mkdir()
    if with_sudo:
        (folder / "sudo").write_text('#!/bin/sh\necho "sudo $*"\n', encoding="utf-8")
        (folder / "sudo").chmod(0o755)
    done = subprocess.run(["/bin/sh", "-c", f"{prefix}echo apt-get update"],
                          env={**os.environ, "PATH": str(folder)}, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_first_command_works_as_root_without_sudo(tmp_path):
    assert first_command_as_root(tmp_path, with_sudo=False) == "apt-get update"


def test_the_first_command_asks_sudo_where_there_is_one(tmp_path):
    assert first_command_as_root(tmp_path, with_sudo=True) == "sudo echo apt-get update"
