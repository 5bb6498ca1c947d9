#!/usr/bin/env bash
# Every test of the project: Rust, then each part in scripts/test-parts/ (Python, C/C++, ...).
# Installs what a fresh machine lacks. Set LIGHTSOUT_STRESS=1 for the long stress runs.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== rust: format"
cargo fmt --all --check
echo "== rust: tests (unit, integration, examples built, doctests)"
cargo test --workspace
echo "== rust: benchmarks compile (they run with cargo bench, never in the tests)"
cargo check --workspace --benches

for part in scripts/test-parts/*.sh; do
  [ -e "$part" ] || continue
  echo "== part: $part"
  bash "$part"
done
echo "== all tests passed"
