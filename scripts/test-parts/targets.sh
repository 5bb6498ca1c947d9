#!/usr/bin/env bash
# Opt-in (LIGHTSOUT_CROSS=1): the workspace type-checks, warnings denied, for every target the
# release workflow (.github/workflows/release.yml) builds wheels for but this machine cannot run:
# Linux on aarch64, macOS on x86_64 and aarch64, Windows on x86_64. The code paths without x86
# SIMD (the portable fallbacks) and without Linux (no madvise) are compiled nowhere else.
# `cargo check` needs no linker or SDK of the target; rustup adds its standard library.
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ "${LIGHTSOUT_CROSS:-0}" != 1 ]; then
  echo "skipped: LIGHTSOUT_CROSS=1 type-checks the release targets (aarch64 Linux, macOS, Windows)"
  exit 0
fi
targets=(aarch64-unknown-linux-gnu x86_64-apple-darwin aarch64-apple-darwin x86_64-pc-windows-msvc)
rustup target add "${targets[@]}"
for target in "${targets[@]}"; do
  echo "-- cargo check --target $target"
  # pyo3's build script is told the Python version instead of looking for the target's interpreter.
  PYO3_CROSS=1 PYO3_CROSS_PYTHON_VERSION=3.9 \
    cargo check --quiet --workspace --all-targets --target "$target" --target-dir target/cross
done
