#!/usr/bin/env bash
# The Python package: build it into a virtual environment (.venv at the repository root,
# created on first use and reused), then run the pytest suite, check the type stubs with
# mypy's stubtest and execute the example notebooks headless. The notebook board's browser tests
# drive Debian's chromium (installed here when missing) through selenium, on a test page and in a
# real JupyterLab started on 127.0.0.1 for the run.
# Needs only Python 3.9+ with venv/pip and Rust. LIGHTSOUT_PYTHON picks the interpreter.
set -euo pipefail
cd "$(dirname "$0")/../.."

PYTHON="${LIGHTSOUT_PYTHON:-python3}"
VENV=.venv
if [ ! -x "$VENV/bin/python" ]; then
  echo "-- python: creating $VENV with $("$PYTHON" --version)"
  "$PYTHON" -m venv "$VENV"
fi
PY="$VENV/bin/python"
# Install the tools only when one is missing, so reruns do not touch the network.
if ! "$PY" -c "import maturin, numpy, pytest, nbclient, nbformat, ipykernel, networkx, mypy, anywidget, gymnasium, selenium, dask.array, dask.bag, distributed, jupyterlab" 2>/dev/null; then
  echo "-- python: installing build and test tools"
  "$PY" -m pip install --quiet --upgrade pip
  "$PY" -m pip install --quiet "maturin>=1.9.4,<2" numpy pytest nbclient nbformat ipykernel networkx mypy \
    "anywidget>=0.9" "gymnasium>=1.0" selenium "dask[array,bag,distributed]" "jupyterlab>=4"
fi
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  echo "-- python: installing chromium and chromium-driver (Debian) for the notebook board's browser tests"
  apt-get update -qq
  apt-get install -y -qq chromium chromium-driver >/dev/null
fi
# The browser tests fail, rather than skip, when the browser is missing.
export LIGHTSOUT_BROWSER_TESTS=require

echo "-- python: building the extension (release) into $VENV"
# maturin develop installs the package in editable mode: python/lightsout plus the compiled
# lightsout/_core*.so next to it. It rebuilds only what changed (cargo's target/).
VIRTUAL_ENV="$PWD/$VENV" "$VENV/bin/maturin" develop --release --quiet

# The command line's --scheduler runs this package: the tests run the binary with this venv.
cargo build --quiet -p lightsout-cli
export LIGHTSOUT_CLI="${CARGO_TARGET_DIR:-$PWD/target}/debug/lightsout"

echo "-- python: pytest"
"$PY" -m pytest -q tests/python --doctest-modules python/lightsout

echo "-- python: stubtest"
"$PY" -m mypy.stubtest lightsout

echo "-- python: notebooks"
"$PY" - <<'PYEOF'
import glob

import nbformat
from nbclient import NotebookClient

for path in sorted(glob.glob("examples/notebooks/*.ipynb")):
    nb = nbformat.read(path, as_version=4)
    # "python3" is the kernel of the interpreter running this script: the venv with the package.
    client = NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": "examples/notebooks"}})
    client.execute()  # raises CellExecutionError if a cell fails
    cells = sum(1 for c in nb.cells if c.cell_type == "code")
    print(f"{path}: {cells} code cells ran without error")
PYEOF
echo "-- python: all passed"
