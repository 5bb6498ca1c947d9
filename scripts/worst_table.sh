#!/usr/bin/env bash
# Fill or improve the worst-case table (docs/worst_case_table.json) with `lightsout worst
# --record`: every n x n grid for n = 1..40 over GF(2), the n x n tori for n = 2..10 and the
# n x n grids over Z_3 for n = 2..14, each searched for SECONDS (default 10), one after the
# other. Each entry keeps the better of its old and new bounds, with the run behind each.
#
#   scripts/worst_table.sh [SECONDS [FILE [GAME...]]]
#
# GAME is `grid NxN`, `torus NxN` or `grid3 NxN` (over Z_3); without any, all of the above.
# Check the result with `lightsout worst --check FILE`.
set -euo pipefail
seconds="${1:-10}"
file="${2:-docs/worst_case_table.json}"
shift $(( $# > 2 ? 2 : $# ))
RUSTFLAGS="${RUSTFLAGS:--D warnings}" cargo build --release -q -p lightsout-cli
bin=target/release/lightsout
games=("$@")
if [ ${#games[@]} -eq 0 ]; then
    for n in $(seq 1 40); do games+=("grid ${n}x${n}"); done
    for n in $(seq 2 10); do games+=("torus ${n}x${n}"); done
    for n in $(seq 2 14); do games+=("grid3 ${n}x${n}"); done
fi
for game in "${games[@]}"; do
    read -r kind dims <<<"$game"
    case "$kind" in
        grid | torus) args=(--"$kind" "$dims") ;;
        grid3) args=(--grid "$dims" --modulus 3) ;;
        *) echo "unknown game '$game' (expected grid NxN, torus NxN or grid3 NxN)" >&2; exit 2 ;;
    esac
    "$bin" worst "${args[@]}" --time-limit "$seconds" --record "$file" >/dev/null
done
