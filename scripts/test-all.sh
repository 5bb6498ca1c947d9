#!/usr/bin/env bash
# Every test of the project: Rust, then each part in scripts/test-parts/ (Python, C/C++, ...).
# Installs what a fresh machine lacks. Set LIGHTSOUT_STRESS=1 for the long stress runs.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each part says how long it took (the whole run must stay well under 15 minutes on a fresh
# 2-core machine).
start=$SECONDS
mark=$SECONDS
took() {
  echo "   ($1: $((SECONDS - mark)) s)"
  mark=$SECONDS
}

echo "== rust: format"
cargo fmt --all --check
took "format"
echo "== rust: tests (unit, integration, examples built, doctests)"
cargo test --workspace
took "rust tests"
echo "== rust: benchmarks compile (they run with cargo bench, never in the tests)"
cargo check --workspace --benches
took "benchmarks compile"

for part in scripts/test-parts/*.sh; do
  [ -e "$part" ] || continue
  echo "== part: $part"
  bash "$part"
  took "$part"
done
echo "== all tests passed in $((SECONDS - start)) s"
