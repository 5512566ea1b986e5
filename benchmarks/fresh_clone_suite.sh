#!/bin/bash
# The README's second command from a fresh clone, each part timed (issue #73 point 5):
#   bash benchmarks/fresh_clone_suite.sh OUT     (OUT: a path prefix for the results)
# Clones this checkout's HEAD into a new temporary folder, then runs exactly
#   python3 -m venv --system-site-packages .venv && .venv/bin/pip install ".[test]" &&
#   .venv/bin/python -m pytest -n auto
# (pytest with --durations=15, under /usr/bin/time -v), and writes OUT.summary (seconds of
# each part and of the whole), OUT.txt (pytest's output), OUT.time (its CPU and memory),
# OUT.load (the load before and after). Figures, never a test.
set -u
out=$(realpath -m "$1")
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
git clone -q "$here" "$work/clone" && cd "$work/clone" || exit 1
{ git log --oneline -1; uptime; } > "$out.load"
t0=$(date +%s.%N)
python3 -m venv --system-site-packages .venv && .venv/bin/pip install -q ".[test]" > "$out.pip" 2>&1
t1=$(date +%s.%N)
/usr/bin/time -v .venv/bin/python -m pytest -n auto --durations=15 > "$out.txt" 2> "$out.time"
t2=$(date +%s.%N)
uptime >> "$out.load"
python3 -c "print('venv+pip %.1f s, pytest %.1f s, whole %.1f s' % ($t1-$t0, $t2-$t1, $t2-$t0))" \
  > "$out.summary"
cat "$out.summary"
rm -rf "$work"
