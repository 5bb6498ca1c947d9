#!/usr/bin/env bash
# Every test of the project: Rust, then each part in scripts/test-parts/ (Python, C/C++, ...).
# Installs what a fresh machine lacks. Set LIGHTSOUT_STRESS=1 for the long stress runs.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each part says how long it took (the whole run must stay well under 15 minutes on a fresh
# 2-core machine).
# Rust warnings fail every build this command makes (cargo test, the benches, the C library,
# the Python wheel, the fuzz targets): the flag applies to this workspace's crates only, cargo
# caps lints of dependencies. Set here once, so that every build shares one set of flags.
export RUSTFLAGS="${RUSTFLAGS:+$RUSTFLAGS }-D warnings"

# A first build (a fresh clone, as in CI) gains nothing from incremental compilation's caches and
# pays for writing them.
[ -d "${CARGO_TARGET_DIR:-target}" ] || export CARGO_INCREMENTAL=0

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
# Built in the dev profile, on the dependencies the tests just built: only the benchmarks
# themselves compile (cargo check would go over every crate again).
cargo build --workspace --benches --profile dev
took "benchmarks compile"
echo "== rust: the publishable crates package (metadata, path dependencies with versions, licence texts)"
# --no-verify: the build of each package is what `cargo test` just did; a full verification
# (`cargo package --workspace --exclude lightsout-py --exclude lightsout-fuzz`) compiles everything again.
publishable=(lightsout-core lightsout-topo lightsout-cli lightsout-ffi)
for crate in "${publishable[@]}"; do
  files=$(cargo package --quiet --allow-dirty --list -p "$crate")
  for f in LICENSE-MIT LICENSE-APACHE Cargo.toml; do
    grep -qx "$f" <<<"$files" || { echo "the $crate package lacks $f" >&2; exit 1; }
  done
done
cargo package --quiet --allow-dirty --no-verify "${publishable[@]/#/-p=}"
took "crates package"

# The Python part's build phase (its tools, the release wheel) runs in the background beside the
# parts before it (the C part): each of them alone leaves a core idle much of the time
# (lightsout-core is one codegen unit in release, the C tests run one process at a time). Its own
# process group, so that a failure elsewhere stops it too; its output is shown when it is waited for.
py_build_log=$(mktemp)
set -m
bash scripts/test-parts/python.sh build >"$py_build_log" 2>&1 &
py_build=$!
set +m
trap '[ -z "$py_build" ] || kill -- "-$py_build" 2>/dev/null || true; rm -f "$py_build_log"' EXIT

for part in scripts/test-parts/*.sh; do
  [ -e "$part" ] || continue
  if [ "$part" = scripts/test-parts/python.sh ]; then
    echo "== part: $part build (in the background since the parts before it)"
    status=0
    wait "$py_build" || status=$?
    py_build="" # waited for: its process group is gone, and the number may be reused
    cat "$py_build_log"
    [ "$status" = 0 ] || { echo "scripts/test-parts/python.sh build failed (exit $status)" >&2; exit "$status"; }
    took "$part build (waited for)"
    echo "== part: $part test"
    bash "$part" test
  else
    echo "== part: $part"
    bash "$part"
  fi
  took "$part"
done
echo "== all tests passed in $((SECONDS - start)) s"
