"""The README's two set-up commands and .ci/run agree: CI runs exactly the second command and
installs exactly the system packages the first one installs (python3-venv and Qt's libraries)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```sh\n(.*?)```", text, re.DOTALL).group(1)
    return block.strip().splitlines()


def test_the_readme_starts_with_two_commands_in_a_virtual_environment():
    first, second = readme_commands()
    assert first.startswith("sudo apt-get update && sudo apt-get install -y ")
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
