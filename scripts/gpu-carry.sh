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
# The CPU records of the default batch, the two-rank batch and the new paths' batch, made by this build's
# CPU backend.
"$build/topoverify" run --backend cpu --output .carry/default-cpu --quiet >/dev/null
cp .carry/default-cpu/results.jsonl .carry/default-cpu.jsonl && rm -rf .carry/default-cpu
"$build/topoverify" run bench/gpu-mpi.toml --backend cpu --output .carry/mpi-cpu --quiet >/dev/null
cp .carry/mpi-cpu/results.jsonl .carry/mpi-cpu.jsonl && rm -rf .carry/mpi-cpu
# The CUDA paths added since the last device run (bench/gpu-paths.toml), for step "paths".
"$build/topoverify" run bench/gpu-paths.toml --backend cpu --output .carry/paths-cpu --quiet >/dev/null
cp .carry/paths-cpu/results.jsonl .carry/paths-cpu.jsonl && rm -rf .carry/paths-cpu
# OpenMPI's launcher with its plugins, help texts and the libraries they load, for the
# two-rank run (gpu-session.sh unpacks it at the same paths there: the GPU machine has no
# MPI, and Debian's OpenMPI looks for its plugins where it was installed).
# Their libraries go to .carry/mpilib, on the library path of that step alone.
if command -v orterun >/dev/null && [ -d /usr/lib/x86_64-linux-gnu/openmpi ]; then
  mkdir -p .carry/mpilib
  ompi=(/usr/bin/orterun /usr/bin/orted /usr/lib/x86_64-linux-gnu/openmpi /usr/share/openmpi /etc/openmpi)
  [ -d /usr/lib/x86_64-linux-gnu/pmix2 ] && ompi+=(/usr/lib/x86_64-linux-gnu/pmix2 /usr/share/pmix)
  for f in /usr/bin/orterun /usr/bin/orted /usr/lib/x86_64-linux-gnu/openmpi/lib/openmpi3/*.so \
           /usr/lib/x86_64-linux-gnu/pmix2/lib/pmix/*.so; do
    [ -e "$f" ] && ldd "$f" | awk '/=> \// {print $3}'
  done | grep -v -E '/(libc|libm|libpthread|libdl|librt|libgcc_s|libstdc\+\+)\.so' | sort -u |
    while read -r lib; do [ -e ".carry/lib/${lib##*/}" ] || cp -L "$lib" .carry/mpilib/; done
  tar -cJf .carry/mpi.tar.xz --ignore-failed-read "${ompi[@]}" 2>/dev/null
fi
# The device tool carries 64 MiB with the working tree; the stripped binaries are about
# 60 MB and 16 MB as xz, unpacked again by gpu-session.sh.
tar -cJf .carry/bin.tar.xz -C .carry bin && rm -rf .carry/bin
[ -d .carry/mpilib ] && tar -cJf .carry/mpilib.tar.xz -C .carry mpilib && rm -rf .carry/mpilib
du -sh .carry
