"""The checkout built into a wheel, for the tests that install or unpack one: built once a run
(the fixture wheel; tests/conftest.py makes it available to every test module), where three
test files built one each, 1.7 s of CPU a build.

pip builds in the checkout's own build/ folder, so two builds at once (the suite runs one test
process per core) trip over each other ("File exists: build/bdist.linux-x86_64/wheel/...").
Builds take turns on a lock file beside the checkout's build folder, and the first test process
of a run to take it builds the wheel into a folder of the run that every test process sees
(pytest's temporary folder of the run); the others find it there.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def build_wheel(out: Path) -> Path:
    """A wheel of the checkout in out (built while holding the lock, unless another process built
    it there first); its path."""
    out.mkdir(parents=True, exist_ok=True)
    # one lock per checkout, the same name in every process (str hashes differ per process)
    name = hashlib.sha256(str(ROOT).encode()).hexdigest()[:16]
    lock_path = Path(tempfile.gettempdir()) / f"pegapp-wheel-build-{name}.lock"
    with open(lock_path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            built = list(out.glob("pegapp-*.whl"))
            if built:
                return built[0]
            done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                                   "--no-build-isolation", "-q", "-w", str(out), str(ROOT)],
                                  capture_output=True, text=True, timeout=300)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    assert done.returncode == 0, f"pip wheel failed:\n{done.stdout}{done.stderr}"
    (wheel,) = out.glob("pegapp-*.whl")
    return wheel


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    """The checkout's wheel, built once a run: with pytest-xdist each test process has a
    temporary folder of its own inside the run's, where the wheel is shared."""
    run_dir = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run_dir = run_dir.parent
    return build_wheel(run_dir / "wheel")
