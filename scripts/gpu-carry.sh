#!/usr/bin/env bash
# Fill .carry/ (git-ignored) with what scripts/gpu-session.sh needs on a lent GPU machine,
# which has nvcc and CMake but none of the Debian libraries: the binaries of a release
# build for sm_90, the shared libraries they still load (Google Benchmark, OpenMPI's
# with what they load, and libgomp where it is not linked statically), and the CPU backend's records of the default batch,
# against which the GPU's records of the same batch are compared.
# Usage (here, from the repository root, after `cmake --build --preset release`):
#   scripts/gpu-carry.sh [BUILD_DIR]
set -euo pipefail
build=${1:-build/release}
[ -x "$build/topoverify" ] || { echo "gpu-carry: no $build/topoverify; build the release preset first" >&2; exit 2; }
rm -rf .carry && mkdir -p .carry/bin .carry/lib
for f in topoverify tests/tv_gpu_tests tv_bench; do
  [ -x "$build/$f" ] && cp "$build/$f" .carry/bin/
done
strip .carry/bin/*
# Shared libraries from Debian packages that the GPU machine lacks (ldd names them).
for b in .carry/bin/*; do
  ldd "$b" | awk '/=> \// {print $3}' | grep -E 'libbenchmark|libgomp|libfmt|libgtest|libmpi|libopen-|libhwloc|libevent|libz\.|libudev' || true
done | sort -u | while read -r lib; do cp -L "$lib" .carry/lib/; done
# The CPU records of the default batch, made by this build's CPU backend.
"$build/topoverify" run --backend cpu --output .carry/default-cpu --quiet >/dev/null
cp .carry/default-cpu/results.jsonl .carry/default-cpu.jsonl && rm -rf .carry/default-cpu
# The device tool carries 64 MiB with the working tree; the stripped binaries are about
# 60 MB and 16 MB as xz, unpacked again by gpu-session.sh.
tar -cJf .carry/bin.tar.xz -C .carry bin && rm -rf .carry/bin
du -sh .carry
