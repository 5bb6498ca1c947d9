#!/usr/bin/env bash
# The Python package: build its release wheel (abi3, manylinux2014 through maturin's --zig) and
# sdist once, check them (platform tag with auditwheel, licence files), install that wheel into a
# virtual environment (.venv at the repository root, created on first use and reused), then run
# the pytest suite, check the type stubs with mypy's stubtest and execute the example notebooks
# headless. The same wheel goes into a fresh virtual environment with no Rust toolchain on the
# PATH for a smoke test (tests/smoke/wheel_smoke.py). The notebook board's browser tests drive
# Debian's chromium (installed here when missing) through selenium, on a test page and in a
# real JupyterLab started on 127.0.0.1 for the run.
# Needs only Python 3.9+ with venv/pip and Rust. LIGHTSOUT_PYTHON picks the interpreter.
#
# Two phases, both by default: `python.sh build` (the venv, its tools, the wheel and the sdist,
# the wheel installed; no browser, no apt) and `python.sh test` (everything that runs on the
# installed wheel). scripts/test-all.sh runs the build beside the C part: each leaves a core idle
# much of the time (lightsout-core is one codegen unit, the C tests run one process at a time).
set -euo pipefail
cd "$(dirname "$0")/../.."
phase=${1:-all}
case "$phase" in
  build | test | all) ;;
  *)
    echo "python.sh: unknown phase '$phase'; expected build, test or all (the default)" >&2
    exit 2
    ;;
esac
# Each step says when it started (seconds into this part), so that a slow one shows.
step() { echo "-- python: $* (at ${SECONDS} s)"; }

PYTHON="${LIGHTSOUT_PYTHON:-python3}"
VENV=.venv
PY="$VENV/bin/python"
target_dir="${CARGO_TARGET_DIR:-$PWD/target}"
wheels="$target_dir/wheels"
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)

if [ "$phase" != test ]; then
  if [ ! -x "$VENV/bin/python" ]; then
    step "creating $VENV with $("$PYTHON" --version)"
    "$PYTHON" -m venv "$VENV"
  fi
  # Install the tools only when one is missing, so reruns do not touch the network.
  if ! "$PY" -c "import maturin, ziglang, auditwheel, numpy, pytest, nbclient, nbformat, ipykernel, networkx, mypy, anywidget, gymnasium, selenium, dask.array, dask.bag, distributed, mkdocs, mkdocstrings_handlers.python, jupyterlab" 2>/dev/null; then
    step "installing build and test tools"
    "$PY" -m pip install --quiet --upgrade pip
    "$PY" -m pip install --quiet "maturin>=1.9.4,<2" ziglang auditwheel numpy pytest nbclient nbformat ipykernel networkx mypy \
      "anywidget>=0.9" "gymnasium>=1.0" selenium "dask[array,bag,distributed]" "mkdocs>=1.6,<2" "mkdocstrings[python]>=0.26" "jupyterlab>=4"
  fi

  step "building the release wheel (abi3, manylinux2014 through zig) and the sdist"
  # One build serves every test below: the wheel is installed into $VENV and into the fresh
  # environment of the smoke test. --zig links against glibc 2.17 whatever this machine has.
  # (Not `maturin build --sdist`: that builds the wheel again from the unpacked sdist, from scratch.)
  # The zig build has a target directory of its own (target/wheel): it shares no unit with the
  # C library's target/release (another target triple and linker), and cargo locks a target
  # directory for one build at a time, while the two run side by side in scripts/test-all.sh.
  rm -rf "$wheels"
  PATH="$PWD/$VENV/bin:$PATH" "$VENV/bin/maturin" build --release --quiet --zig --compatibility manylinux2014 \
    --target-dir "$target_dir/wheel" --out "$wheels"
  "$VENV/bin/maturin" sdist --out "$wheels" >"$wheels/sdist.log" 2>&1 || { cat "$wheels/sdist.log"; exit 1; }
  wheel=$(ls "$wheels"/lightsout_solver-"$version"-*.whl)
  sdist=$(ls "$wheels"/lightsout_solver-"$version".tar.gz)
  case "$wheel" in
    *-cp39-abi3-*manylinux_2_17_*.whl) ;;
    *) echo "python.sh: $wheel is not an abi3 (Python >= 3.9) manylinux_2_17 (manylinux2014) wheel" >&2; exit 1 ;;
  esac
  # (Into a file first: `grep -q` in a pipe ends early, and pipefail would count tee's broken pipe.)
  "$VENV/bin/auditwheel" show "$wheel" >"$wheels/auditwheel.txt"
  grep -q 'manylinux_2_17' "$wheels/auditwheel.txt" || {
    cat "$wheels/auditwheel.txt"
    echo "python.sh: auditwheel does not find $wheel consistent with manylinux_2_17 (manylinux2014)" >&2
    exit 1
  }
  "$PY" - "$wheel" "$sdist" <<'PYEOF'
import sys, tarfile, zipfile
wheel, sdist = sys.argv[1:]
names = zipfile.ZipFile(wheel).namelist()
for f in ("LICENSE-MIT", "LICENSE-APACHE"):
    assert any(n.endswith(".dist-info/licenses/" + f) for n in names), f"{wheel} lacks {f} in its dist-info/licenses"
members = tarfile.open(sdist).getnames()
for f in ("LICENSE-MIT", "LICENSE-APACHE", "CHANGELOG.md", "pyproject.toml"):
    assert any(m.endswith("/" + f) for m in members), f"{sdist} lacks {f}"
print(f"-- python: {wheel.rsplit('/', 1)[-1]} and {sdist.rsplit('/', 1)[-1]} carry the licence texts")
PYEOF
  step "installing the wheel into $VENV"
  "$PY" -m pip install --quiet --no-deps --force-reinstall "$wheel"
fi
[ "$phase" != build ] || exit 0

wheel=$(ls "$wheels"/lightsout_solver-"$version"-*.whl 2>/dev/null) || {
  echo "python.sh: no wheel of version $version in $wheels: run 'python.sh build' first" >&2
  exit 1
}
# The browser tests fail, rather than skip, when the browser is missing, unless this machine
# cannot install it: apt-get needs root, or sudo without a password (never a password prompt).
export LIGHTSOUT_BROWSER_TESTS=require
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    sudo=""
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    sudo="sudo -n"
  else
    sudo="none"
  fi
  if [ "$sudo" = none ] || ! command -v apt-get >/dev/null; then
    echo "python.sh: chromium and chromedriver are missing, and apt-get cannot install them here (it needs root or sudo without a password): the browser tests are skipped" >&2
    export LIGHTSOUT_BROWSER_TESTS=skip
  else
    step "installing chromium and chromium-driver (Debian) for the notebook board's browser tests"
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq chromium chromium-driver >/dev/null
  fi
fi

# The command line's --scheduler runs this package: the tests run the binary with this venv.
# The release build is the one scripts/test-parts/c.sh made (nothing to do when it ran first).
cargo build --quiet --release -p lightsout-cli
export LIGHTSOUT_CLI="${CARGO_TARGET_DIR:-$PWD/target}/release/lightsout"

scratch=$(mktemp -d)
stubtest=""
trap '[ -z "$stubtest" ] || kill "$stubtest" 2>/dev/null || true; rm -rf "$scratch"' EXIT

# mypy's stubtest (one process, about half a minute) runs beside pytest, whose tests leave a
# core idle much of the time (browsers, clusters, command lines started and waited for).
step "stubtest (beside pytest, its output shown after it)"
"$PY" -m mypy.stubtest lightsout >"$scratch/stubtest.log" 2>&1 &
stubtest=$!

step "pytest"
# The doctests run on the installed package (--pyargs), the one the wheel put in $VENV.
"$PY" -m pytest -q tests/python
"$PY" -m pytest -q --doctest-modules --pyargs lightsout -p no:cacheprovider

step "stubtest: waiting for it"
status=0
wait "$stubtest" || status=$?
stubtest=""
cat "$scratch/stubtest.log"
[ "$status" = 0 ] || { echo "python.sh: mypy stubtest found the stubs wrong (exit $status)" >&2; exit 1; }

step "notebooks"
"$PY" - "$scratch" <<'PYEOF'
import glob
import os
import sys

import nbformat
from jupyter_client import KernelManager
from nbclient import NotebookClient

scratch = sys.argv[1]
for path in sorted(glob.glob("examples/notebooks/*.ipynb")):
    nb = nbformat.read(path, as_version=4)
    # "python3" is the kernel of the interpreter running this script: the venv with the package.
    # It talks over local sockets in the scratch folder (IPC), not over TCP without encryption,
    # which the kernel would warn about; it is shut down here, so it never finds its parent gone.
    km = KernelManager(kernel_name="python3", transport="ipc", ip=os.path.join(scratch, "kernel"))
    client = NotebookClient(nb, km=km, timeout=300, resources={"metadata": {"path": "examples/notebooks"}})
    try:
        client.execute()  # raises CellExecutionError if a cell fails
    finally:
        if km.has_kernel:
            km.shutdown_kernel()
    cells = sum(1 for c in nb.cells if c.cell_type == "code")
    print(f"{path}: {cells} code cells ran without error")
PYEOF
step "the wheel alone, in a fresh environment with no Rust toolchain on the PATH"
smoke="$scratch/smoke"
mkdir "$smoke"
"$PYTHON" -m venv "$smoke/venv"
"$smoke/venv/bin/python" -m pip install --quiet "$wheel"
# Only the system directories: cargo and rustc live in ~/.cargo/bin (rustup), not there.
(cd "$smoke" && env -i HOME="$smoke" PATH="$smoke/venv/bin:/usr/bin:/bin" "$smoke/venv/bin/python" \
  "$OLDPWD/tests/smoke/wheel_smoke.py" "$version")
step "all passed"
