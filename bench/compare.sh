#!/usr/bin/env bash
# Dense elimination side by side, in one run: lightsout's engines (Four Russians GF(2), bitsliced
# GF(3), and the plain engines) against M4RI (GF(2)) and FLINT's nmod_mat (Z/3), optionally galois
# (Python); the Python door (`lo.from_matrix(A).rank` of a uint8 matrix) against both. Prints one
# table row per measurement: wall seconds (best of R runs), the CPU seconds of that run (all
# threads; ours uses both cores, M4RI and FLINT one), and the wall-time ratio yardstick / ours
# (> 1: ours faster). CPU time helps to read a run on a loaded machine. The GF(2) rank rows carry
# two M4RI columns: its default echelon form (`mzd_echelonize`, which may pick PLE) and its plain
# Four Russians (`mzd_echelonize_m4ri`), the faster of the two on most machines: the strongest
# anchor, so the project's own comparison is against it.
#
# usage: bench/compare.sh [--quick] [--galois] [--repeats R] [--gf2 "N ..."]
#   --quick    small sizes only (a smoke test of the harness, a few seconds)
#   --gf2      the sizes of the GF(2) rows instead of the default ones (40000: a 200 MB matrix,
#              tens of seconds for M4RI)
#   --galois   also time galois (PyPI) in a virtualenv under target/ (slow to install)
#   --repeats  best of R runs per measurement (default 3; the machine is shared, so repeat)
# Raw lines "ENGINE N SECONDS RANK CPU" go to target/bench/results.txt; bench/plot.py draws them.
# M4RI and FLINT are installed from Debian (apt-get, only when missing) and linked only into the
# small C programs of bench/c, never into anything lightsout ships.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0 galois=0 repeats=3 gf2=""
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --galois) galois=1 ;;
    --repeats) repeats="${2:?--repeats needs a number}"; shift ;;
    --gf2) gf2="${2:?--gf2 needs a list of sizes}"; shift ;;
    *) echo "unknown option $1 (expected --quick, --galois, --repeats R or --gf2 \"N ...\")" >&2; exit 2 ;;
  esac
  shift
done

if [ "$quick" = 1 ]; then
  gf2_sizes="500 1000" gf3_sizes="300 600" plain2_sizes="500" plain3_sizes="200" galois_sizes="200"
else
  gf2_sizes="1000 4096 10000 20000" gf3_sizes="500 2000 4000" plain2_sizes="1000 4096" plain3_sizes="500 1000"
  galois_sizes="500 1000"
fi
[ -z "$gf2" ] || gf2_sizes=$gf2

# Debian packages, installed only when missing.
missing=()
for pkg in gcc libm4ri-dev libflint-dev; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi

out=target/bench
mkdir -p "$out"
gcc -O2 -Wall -Wextra -Werror -o "$out/m4ri_bench" bench/c/m4ri_bench.c -lm4ri
gcc -O2 -Wall -Wextra -Werror -o "$out/flint_bench" bench/c/flint_bench.c -lflint -lgmp
cargo build --quiet --release -p lightsout-core --example dense_bench
ours=target/release/examples/dense_bench

if [ "$galois" = 1 ]; then
  [ -x "$out/venv/bin/python" ] || python3 -m venv "$out/venv"
  "$out/venv/bin/python" -c "import galois" 2>/dev/null || "$out/venv/bin/pip" install --quiet galois
fi

# The Python column: the package as installed in .venv (bash scripts/test-parts/python.sh makes
# it), or skipped with a note.
python=""
if [ -x .venv/bin/python ] && .venv/bin/python -c "import lightsout" 2>/dev/null; then
  python=.venv/bin/python
else
  echo "note: no .venv with lightsout installed (bash scripts/test-parts/python.sh makes one): no Python rows" >&2
fi

results="$out/results.txt"
: >"$results"
seconds() { # run a bench program, keep its line, print "SECONDS CPU"
  local line
  line=$("$@")
  echo "$line" >>"$results"
  echo "$line" | awk '{print $3, ($5 == "" ? "-" : $5)}'
}
row() { # WHAT N "OURS_SECONDS CPU" YARDSTICK "YARD_SECONDS CPU" ["M4RI_FOUR_RUSSIANS_SECONDS CPU"]
  awk -v w="$1" -v n="$2" -v a="$3" -v y="$4" -v b="$5" -v c="${6:-}" 'BEGIN {
    split(a, x, " "); split(b, z, " ")
    printf "| %-23s | %6d | %9.4f | %6s | %-26s | %9.4f | %6s | %7.2fx |", w, n, x[1], x[2], y, z[1], z[2], z[1] / x[1]
    if (c == "") { printf " %9s | %6s | %7s |\n", "-", "-", "-"; exit }
    split(c, m, " ")
    printf " %9.4f | %6s | %7.2fx |\n", m[1], m[2], m[1] / x[1] }'
}

echo "machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores; $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "load average before the run: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "best of $repeats runs (1 at N = 20000, 1 for FLINT and the plain engines), wall and CPU seconds;"
echo "ratio = yardstick wall / ours wall; on GF(2) rank rows the last three columns are M4RI's"
echo "plain Four Russians, mzd_echelonize_m4ri(A, 0, 0), beside its default in the yardstick column"
echo
echo "| ours                    |      N |      wall |    cpu | yardstick                  |      wall |    cpu |   ratio | m4ri wall |    cpu |   ratio |"
echo "|-------------------------|--------|-----------|--------|----------------------------|-----------|--------|---------|-----------|--------|---------|"
for n in $gf2_sizes; do
  r=$([ "$n" -ge 20000 ] && echo 1 || echo "$repeats")
  a=$(seconds "$ours" gf2-rank "$n" "$r")
  # Both of M4RI's rank variants: its default (which may pick PLE) and plain Four Russians.
  b=$(seconds "$out/m4ri_bench" rank "$n" "$r"); b4=$(seconds "$out/m4ri_bench" m4ri-rank "$n" "$r")
  row "GF(2) M4R rank" "$n" "$a" "M4RI mzd_echelonize(A,0)" "$b" "$b4"
  if [ -n "$python" ]; then
    py=$(seconds "$python" bench/python_rank.py "$n" "$r")
    row "Python from_matrix+rank" "$n" "$py" "M4RI mzd_echelonize(A,0)" "$b" "$b4"
    row "Python from_matrix+rank" "$n" "$py" "ours, Rust engine alone" "$a"
  fi
  a=$(seconds "$ours" gf2-rref "$n" "$r"); b=$(seconds "$out/m4ri_bench" rref "$n" "$r")
  row "GF(2) M4R rref" "$n" "$a" "M4RI mzd_echelonize(A,1)" "$b"
done
for n in $gf3_sizes; do
  a=$(seconds "$ours" gf3-rref "$n" "$repeats"); b=$(seconds "$out/flint_bench" rref "$n" 1)
  row "GF(3) bitsliced rref" "$n" "$a" "FLINT nmod_mat_rref" "$b"
  a=$(seconds "$ours" gf3-rank "$n" "$repeats"); b=$(seconds "$out/flint_bench" rank "$n" 1)
  row "GF(3) bitsliced rank" "$n" "$a" "FLINT nmod_mat_rank" "$b"
done
for n in $plain2_sizes; do
  a=$(seconds "$ours" gf2-rref "$n" "$repeats"); b=$(seconds "$ours" gf2-simple "$n" 1)
  row "GF(2) M4R rref" "$n" "$a" "ours, plain Gauss-Jordan" "$b"
done
for n in $plain3_sizes; do
  a=$(seconds "$ours" gf3-rref "$n" "$repeats"); b=$(seconds "$ours" generic3-rref "$n" 1)
  row "GF(3) bitsliced rref" "$n" "$a" "ours, generic Z_p engine" "$b"
done
if [ "$galois" = 1 ]; then
  for n in $galois_sizes; do
    a=$(seconds "$ours" gf2-rref "$n" "$repeats"); b=$(seconds "$out/venv/bin/python" bench/galois_bench.py 2 "$n")
    row "GF(2) M4R rref" "$n" "$a" "galois row_reduce GF(2)" "$b"
    a=$(seconds "$ours" gf3-rref "$n" "$repeats"); b=$(seconds "$out/venv/bin/python" bench/galois_bench.py 3 "$n")
    row "GF(3) bitsliced rref" "$n" "$a" "galois row_reduce GF(3)" "$b"
  done
fi
echo
echo "raw results: $results"
