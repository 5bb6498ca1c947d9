#!/usr/bin/env bash
# Every test of the project: Rust, then each part in scripts/test-parts/ (C/C++, Python, ...).
# Installs what a fresh machine lacks. Set LIGHTSOUT_STRESS=1 for the long stress runs.
#
# Target: at most 10 minutes on a fresh, quiet 2-core machine (docs/BENCHMARKS.md, "The test
# command", has the part-by-part times). The machine's two cores are kept busy from the start:
# three jobs run in the background beside the Rust tests, each in its own process group (so a
# failure anywhere stops them all), with its output shown when it is waited for:
#   - apt: the Debian packages the later parts need (cmake, valgrind, chromium), when missing;
#   - release: the release build of the C library and the command line (what c.sh and the
#     Python tests use; lightsout-core is one codegen unit there, so it leaves a core to others);
#   - python build: the virtual environment, its tools, the release wheel and the sdist.
# Every cargo build of this command shares one set of flags (RUSTFLAGS below), so no artifact
# is built twice for a difference of flags.
set -euo pipefail
cd "$(dirname "$0")/.."

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
  echo "   ($1: $((SECONDS - mark)) s, $((SECONDS - start)) s in all)"
  mark=$SECONDS
}

# --- background jobs ---------------------------------------------------------------------
logs=$(mktemp -d)
declare -A job_pid=()
cleanup() {
  for name in "${!job_pid[@]}"; do
    kill -- "-${job_pid[$name]}" 2>/dev/null || true
  done
  rm -rf "$logs"
}
trap cleanup EXIT

# background NAME COMMAND...: start COMMAND in its own process group, its output to a log.
background() {
  local name=$1
  shift
  set -m
  "$@" >"$logs/$name.log" 2>&1 &
  job_pid[$name]=$!
  set +m
}

# await NAME: wait for a background job, show its output, fail as it failed.
await() {
  local name=$1 status=0
  wait "${job_pid[$name]}" || status=$?
  unset "job_pid[$name]" # waited for: its process group is gone, and the number may be reused
  sed "s/^/[$name] /" "$logs/$name.log"
  [ "$status" = 0 ] || { echo "test-all.sh: the background job '$name' failed (exit $status)" >&2; exit "$status"; }
  took "$name (waited for)"
}

# The Debian packages of the later parts (c.sh: cmake, valgrind; python.sh: chromium and its
# driver), installed once and up front when missing; the parts install them themselves when run
# alone, and say what they skip where apt cannot run (no root, no password-less sudo).
system_packages() {
  local missing=() sudo=""
  command -v cmake >/dev/null || missing+=(cmake)
  command -v valgrind >/dev/null || missing+=(valgrind)
  command -v chromium >/dev/null || missing+=(chromium)
  command -v chromedriver >/dev/null || missing+=(chromium-driver)
  [ "${#missing[@]}" -gt 0 ] || { echo "all present"; return 0; }
  command -v apt-get >/dev/null || { echo "no apt-get: the parts say what they skip"; return 0; }
  if [ "$(id -u)" != 0 ]; then
    sudo -n true 2>/dev/null || { echo "apt-get needs root or password-less sudo: the parts say what they skip"; return 0; }
    sudo="sudo -n"
  fi
  echo "installing ${missing[*]}"
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

release_builds() {
  # The same two commands, in the same order, as crates/ffi/install.sh (run by c.sh) and the
  # parts that need the command line: theirs then find everything built.
  cargo build --release -p lightsout-ffi
  cargo build --release -p lightsout-cli
}

echo "== rust: format"
cargo fmt --all --check
took "format"

background apt system_packages
background release release_builds
background python-build bash scripts/test-parts/python.sh build
echo "== background: apt, release build, Python build (tools, wheel, sdist) started"

echo "== rust: tests (unit, integration, examples built, doctests)"
# cargo-nextest (on this kind of machine from the start) runs every test in a process of its
# own, scheduled across all test binaries, so a long test leaves no core idle; the doctests
# then run with cargo test (nextest does not run them; core's and topo's compile as one binary
# each, the 2024 edition's merged doctests). Without nextest, cargo test runs them all.
if cargo nextest --version >/dev/null 2>&1; then
  cargo nextest run --workspace --no-fail-fast --hide-progress-bar
  cargo test --workspace --doc
else
  echo "(cargo-nextest is not installed: cargo test runs the tests one binary at a time)"
  cargo test --workspace
fi
took "rust tests"
echo "== rust: benchmarks compile (they run with cargo bench, never in the tests)"
# Built in the dev profile, on the dependencies the tests just built: only the benchmarks
# themselves compile (cargo check would go over every crate again).
cargo build --workspace --benches --profile dev
took "benchmarks compile"
echo "== rust: the publishable crates package (metadata, path dependencies with versions, licence texts)"
# --no-verify: the build of each package is what the tests just did; a full verification
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

# The parts. The C part and the site run in the background beside the Python tests (each is
# mostly one process at a time: C compilers, valgrind, pytest); every part is waited for.
parts=(c python refusals site targets)
for part in scripts/test-parts/*.sh; do
  name=$(basename "$part" .sh)
  [[ " ${parts[*]} " == *" $name "* ]] || { echo "test-all.sh: $part is not run: add it to parts" >&2; exit 1; }
done
await apt
await release
echo "== part: scripts/test-parts/c.sh (in the background)"
background c bash scripts/test-parts/c.sh
await python-build
echo "== part: scripts/test-parts/site.sh (in the background)"
background site bash scripts/test-parts/site.sh
echo "== part: scripts/test-parts/python.sh test"
bash scripts/test-parts/python.sh test
took "scripts/test-parts/python.sh test"
echo "== part: scripts/test-parts/refusals.sh"
bash scripts/test-parts/refusals.sh
took "scripts/test-parts/refusals.sh"
echo "== part: scripts/test-parts/targets.sh"
bash scripts/test-parts/targets.sh
took "scripts/test-parts/targets.sh"
await site
await c
echo "== all tests passed in $((SECONDS - start)) s"
