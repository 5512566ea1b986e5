"""The checkout built into a wheel, for the tests that install or unpack one.

pip builds in the checkout's own build/ folder, so two builds at once (the suite runs one test
process per core) trip over each other ("File exists: build/bdist.linux-x86_64/wheel/...").
Builds take turns on a lock file beside the checkout's build folder.
"""

from __future__ import annotations

import fcntl
import hashlib
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def build_wheel(out: Path) -> Path:
    """A wheel of the checkout in out (built while holding the lock); its path."""
    out.mkdir(parents=True, exist_ok=True)
    # one lock per checkout, the same name in every process (str hashes differ per process)
    name = hashlib.sha256(str(ROOT).encode()).hexdigest()[:16]
    lock_path = Path(tempfile.gettempdir()) / f"pegapp-wheel-build-{name}.lock"
    with open(lock_path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                                   "--no-build-isolation", "-q", "-w", str(out), str(ROOT)],
                                  capture_output=True, text=True, timeout=300)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    assert done.returncode == 0, f"pip wheel failed:\n{done.stdout}{done.stderr}"
    (wheel,) = out.glob("pegapp-*.whl")
    return wheel
