#!/bin/sh
# Build the compiled reference (benchmarks/reference/peg_bidir) with the system C++ compiler.
#   sh benchmarks/reference/build.sh        # then: benchmarks/reference/peg_bidir
# Prints a message and exits 0 without building when there is no compiler.
set -e
here=$(cd "$(dirname "$0")" && pwd)
cxx=${CXX:-g++}
if ! command -v "$cxx" >/dev/null 2>&1; then
    echo "build.sh: no C++ compiler ($cxx) found; the compiled reference is skipped" >&2
    exit 0
fi
flags=${CXXFLAGS:--O2 -march=native}
"$cxx" -std=c++17 $flags -o "$here/peg_bidir" "$here/peg_bidir.cpp"
echo "built $here/peg_bidir ($("$cxx" --version | head -n 1); $flags)"
