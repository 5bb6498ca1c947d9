#!/usr/bin/env bash
# Requests far beyond the machine are refused cleanly under a 1 GB address-space limit
# (ulimit -v), from the command line and from Python (the .venv of python.sh, which runs
# first): a clear "too large" error at once, never an allocation failure, an abort, or minutes
# of work before refusing. The command runs as its debug build (made by the Rust tests), so
# work done before refusing would show.
set -euo pipefail
cd "$(dirname "$0")/../.."

# The build the Rust tests made (nothing to do after them): `cargo build -p lightsout-cli`
# alone resolves other dependency features and would build the whole tree again.
cargo test --quiet --workspace --no-run
bin="${CARGO_TARGET_DIR:-$PWD/target}/debug/lightsout"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
LIMIT_KB=1048576

passed=0
failures=0
fail() {
  failures=$((failures + 1))
  echo "refusals.sh: $*" >&2
}

# refuse NEEDLE ARGS...: under the limit, exit status 2 within 20 s, an "error:" line with NEEDLE.
refuse() {
  local needle=$1
  shift
  local status=0
  (ulimit -v "$LIMIT_KB" && timeout 20 "$bin" "$@" >"$work/out" 2>"$work/err" </dev/null) || status=$?
  if [ "$status" = 2 ] && grep -q '^error: ' "$work/err" && grep -qi -- "$needle" "$work/err"; then
    passed=$((passed + 1))
  else
    fail "lightsout $* under ulimit -v 1 GB: exit status $status, expected 2 and \"$needle\": $(head -c 400 "$work/err")"
  fi
}

refuse "--limit K" solve --grid 4096x4096 --random 1 --all
refuse "--patterns K" analyze --grid 4096x4096 --patterns 4096
refuse "too large" generate --cube 1000 --seed 1 --svg "$work/never.svg"
refuse "too large" solve --grid 2000x2000 --rule moore --random 1 --svg "$work/never.svg"
refuse "too large" analyze --torus 100000x100000
refuse "too large" analyze --grid 300x300 --modulus 5 --rule moore
refuse "too large" stats --grid 9x9
# Banded surfaces whose band is sure to be too wide: refused from the shape, before M is built.
refuse "the banded elimination of M needs" analyze --projective 5000x5000
refuse "the banded elimination of M needs" solve --klein 3000x3000 --random 1
printf '3\n1\n0 99999999999999999999\n' >"$work/decide.txt"
refuse "too large" decide "$work/decide.txt"

if [ -x .venv/bin/python ]; then
  status=0
  (ulimit -v "$LIMIT_KB" && OPENBLAS_NUM_THREADS=1 timeout 60 .venv/bin/python - >"$work/py" 2>&1) <<'PYEOF' || status=$?
import lightsout as lo

big = lo.grid(4096, 4096)
requests = {
    "the whole null basis of a 4096 x 4096 grid": lambda: big.null_space(),
    "statistics of 81 lights": lambda: lo.stats(lo.grid(9, 9)),
    "a drawing of a 6-million-light cube": lambda: lo.draw(lo.cube(1000)),
    "the dense matrix of a 300 x 300 moore grid over Z_5": lambda: lo.grid(300, 300, modulus=5, rule="moore").rank,
    "the band of a 5000 x 5000 projective plane": lambda: lo.projective(5000, 5000).rank,
    "the band of a 3000 x 3000 Klein bottle": lambda: lo.klein(3000, 3000).nullity,
    "the nullity table up to 10**9": lambda: lo.nullity_table(10**9),
}
for name, request in requests.items():
    try:
        request()
    except ValueError as e:
        assert "too large" in str(e), (name, str(e))
    else:
        raise AssertionError(f"{name} was not refused")
print(f"{len(requests)} refused")
PYEOF
  if [ "$status" = 0 ] && grep -q "refused" "$work/py"; then
    passed=$((passed + 1))
  else
    fail "Python under ulimit -v 1 GB: exit status $status: $(tail -c 600 "$work/py")"
  fi
fi
echo "refusals: $passed passed, $failures failed"
[ "$failures" = 0 ]
