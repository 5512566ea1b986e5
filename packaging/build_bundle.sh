#!/usr/bin/env bash
# Build PegApp as a one-folder PyInstaller bundle, dist/pegapp/ (run it as dist/pegapp/pegapp),
# then smoke-test the bundle headless with `pegapp --selftest`.
#
#   packaging/build_bundle.sh            # PYTHON=python3.11 packaging/build_bundle.sh to pick one
#
# Needs PegApp's dependencies in that Python (python -m pip install .); installs PyInstaller
# when it is missing. Build files go to build/pyinstaller/, the bundle to dist/pegapp/.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
PYTHON=${PYTHON:-python3}

if ! "$PYTHON" -c "import PySide6, numpy, numba" 2>/dev/null; then
  echo "build_bundle: PegApp's dependencies are missing; run: $PYTHON -m pip install ." >&2
  exit 1
fi
if ! "$PYTHON" -c "import PyInstaller" 2>/dev/null; then
  echo "build_bundle: installing PyInstaller"
  "$PYTHON" -m pip install -q "pyinstaller>=6.10"
fi

start=$(date +%s)
"$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath "$ROOT/dist" --workpath "$ROOT/build/pyinstaller" packaging/pegapp.spec
echo "build_bundle: built dist/pegapp in $(( $(date +%s) - start )) s, $(du -sh dist/pegapp | cut -f1)"

# Smoke test: headless, from outside the checkout, with empty caches (as on a user's first start).
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
out=$(cd "$scratch" && env -u DISPLAY -u WAYLAND_DISPLAY QT_QPA_PLATFORM=offscreen \
      HOME="$scratch" PEGAPP_CACHE_DIR="$scratch/cache" "$ROOT/dist/pegapp/pegapp" --selftest 2>&1) \
  && status=0 || status=$?
echo "$out"
if [ "$status" -ne 0 ]; then
  echo "build_bundle: the bundle's selftest FAILED (exit $status)" >&2
  exit 1
fi
if ! grep -q "^resources: $ROOT/dist/pegapp/" <<<"$out"; then
  echo "build_bundle: the bundle did not use its own resources" >&2
  exit 1
fi
echo "build_bundle: OK, dist/pegapp/pegapp passed its selftest"
