#!/usr/bin/env bash
# Installs the Debian packages topoverify builds with, when any is missing (as root, or
# through sudo).  GoogleTest, Google Benchmark and the CUDA Toolkit are expected on GPU
# workstations already but are listed so a bare Debian machine gets them too (the CUDA
# Toolkit is optional: without nvcc the CPU backend alone is built).  python3-dev and
# pybind11-dev build the Python module (python/), the other python3-* packages test it.
set -euo pipefail
pkgs=(cmake ninja-build g++ libgtest-dev libbenchmark-dev libcli11-dev libtomlplusplus-dev libopenmpi-dev openmpi-bin
      nlohmann-json3-dev libfmt-dev python3-matplotlib chromium help2man gcovr python3-jsonschema libmetis-dev
      python3-dev pybind11-dev python3-numpy python3-pandas python3-scipy python3-networkx python3-igraph python3-pytest python3-venv)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# A toolchain found elsewhere (cmake from pip, say) is fine.
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
