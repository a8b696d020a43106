#!/bin/sh
# scripts/check-layers.py on a tree of four files that breaks its rules twice: a kernel
# that includes host/, and two host files that include each other.  It must exit 1 and
# name both; on a tree that keeps the rules it must exit 0.
set -eu
root=$1
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
mkdir -p "$tree/kernels/core" "$tree/host/run"
printf '#include "host/errors.hpp"\n' > "$tree/kernels/core/a.hpp"
printf '#include "host/run/b.hpp"\n' > "$tree/host/run/a.hpp"
printf '#include "host/run/a.hpp"\n' > "$tree/host/run/b.hpp"
printf '#pragma once\n' > "$tree/host/errors.hpp"
status=0
out=$(python3 "$root/scripts/check-layers.py" "$tree" 2>/dev/null) || status=$?
[ "$status" -eq 1 ] || { echo "expected exit 1, got $status"; exit 1; }
echo "$out" | grep -q 'kernels/core/a.hpp includes host/errors.hpp' || { echo "no layer breach in: $out"; exit 1; }
echo "$out" | grep -q 'include cycle: host/run/a.hpp -> host/run/b.hpp -> host/run/a.hpp' || { echo "no cycle in: $out"; exit 1; }
printf '#pragma once\n' > "$tree/kernels/core/a.hpp"
printf '#pragma once\n' > "$tree/host/run/b.hpp"
python3 "$root/scripts/check-layers.py" "$tree" >/dev/null 2>&1 || { echo "a clean tree was refused"; exit 1; }
echo "check-layers finds both breaches and passes a clean tree"
