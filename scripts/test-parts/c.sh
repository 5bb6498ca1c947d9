#!/usr/bin/env bash
# C ABI tests: the C and C++ examples build with -Wall -Wextra -Werror -pedantic against the
# shared and the static library (through the installed pkg-config files, and through the installed
# CMake package by examples/cmake) and print exactly their expected output; the README's C blocks run as written; tests/c/bad_inputs.c passes under
# AddressSanitizer + UBSan (static library) and under valgrind (shared library). That the header
# is what cbindgen generates is crates/ffi/tests/header.rs, part of `cargo test`.
# Installs a C toolchain, pkg-config, CMake and valgrind with apt when missing (as root, or through
# sudo without a password). Without them: no C toolchain or pkg-config is an error; without CMake
# the CMake package's test is skipped, without valgrind the valgrind run (each says so).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)

CC=${CC:-cc}
CXX=${CXX:-c++}
WARN=(-Wall -Wextra -Werror -pedantic)

# Each step says when it started (seconds into this part), so that a slow one shows.
step() { echo "-- c: $* (at ${SECONDS} s)"; }
fail() {
  echo "c.sh: $*" >&2
  exit 1
}

# --- tools -------------------------------------------------------------------------------
# Status 2 when apt-get cannot run here (no apt-get, or neither root nor sudo without a password:
# never a password prompt), 1 when it ran and failed.
apt_install() {
  command -v apt-get >/dev/null 2>&1 || return 2
  local sudo=""
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null || return 2
    sudo="sudo -n"
  fi
  $sudo apt-get update -qq && $sudo apt-get install -y -qq "$@" >/dev/null
}
for tool in "$CC" "$CXX" pkg-config; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    step "installing a C/C++ toolchain and pkg-config"
    apt_install build-essential pkg-config || fail "$tool is missing and could not be installed"
  fi
done
have_cmake=1
if ! command -v cmake >/dev/null 2>&1; then
  step "installing cmake"
  status=0
  apt_install cmake || status=$?
  [ "$status" != 1 ] || fail "cmake is missing and apt-get could not install it"
  [ "$status" = 0 ] || have_cmake=0
fi
have_valgrind=1
if ! command -v valgrind >/dev/null 2>&1; then
  step "installing valgrind"
  apt_install valgrind || have_valgrind=0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# --- the header ------------------------------------------------------------------------
# That it is what cbindgen generates is checked by `cargo test` (crates/ffi/tests/header.rs).
step "every function of the header is exercised by tests/c/bad_inputs.c"
for fn in $(grep -o 'lightsout_[a-z_]*(' include/lightsout.h | tr -d '(' | sort -u); do
  grep -q "$fn(" tests/c/bad_inputs.c || fail "$fn is not called by tests/c/bad_inputs.c: test its bad inputs there"
done

step "the header compiles alone as C99 and as C++11"
printf '#include "lightsout.h"\nint main(void) { return lightsout_version()[0] == 0; }\n' >"$work/header.c"
"$CC" -std=c99 "${WARN[@]}" -Iinclude -c "$work/header.c" -o "$work/header_c.o"
"$CXX" -std=c++11 "${WARN[@]}" -Iinclude -x c++ -c "$work/header.c" -o "$work/header_cpp.o"

# --- build and install into a scratch prefix ----------------------------------------------
step "building the release library and installing it under a scratch prefix"
bash crates/ffi/install.sh "$work/prefix" >/dev/null
export PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
libdir="$work/prefix/lib"
read -r -a shared_flags <<<"$(pkg-config --cflags --libs lightsout)"
read -r -a static_flags <<<"$(pkg-config --cflags --libs lightsout-static)"

# Run a program and compare its output with the expected file (@VERSION@ there stands for the
# library version, which must match the pkg-config file's).
version=$(pkg-config --modversion lightsout)
run_expect() {
  local exe=$1 expected=$2
  "$exe" >"$work/out.txt" || fail "$exe exited with status $?"
  sed "s/@VERSION@/$version/" "$expected" >"$work/expected.txt"
  if ! diff -u "$work/expected.txt" "$work/out.txt"; then
    fail "$exe printed something else than $expected"
  fi
}

# --- examples ------------------------------------------------------------------------------
for kind in shared static; do
  step "examples/c and examples/cpp against the $kind library"
  if [ "$kind" = shared ]; then
    flags=("${shared_flags[@]}") # lightsout.pc carries the rpath: no extra flag needed
  else
    flags=("${static_flags[@]}")
  fi
  "$CC" -std=c11 "${WARN[@]}" examples/c/solve.c "${flags[@]}" -o "$work/solve_c_$kind"
  "$CC" -std=c11 -O2 "${WARN[@]}" examples/c/big_grid.c "${flags[@]}" -o "$work/big_grid_$kind"
  "$CXX" -std=c++17 "${WARN[@]}" examples/cpp/solve.cpp "${flags[@]}" -pthread -o "$work/solve_cpp_$kind"
  if [ "$kind" = static ] && ldd "$work/solve_c_static" | grep -q liblightsout; then
    fail "the static build of examples/c/solve.c still loads liblightsout.so"
  fi
  run_expect "$work/solve_c_$kind" examples/c/solve.expected
  run_expect "$work/big_grid_$kind" examples/c/big_grid.expected
  run_expect "$work/solve_cpp_$kind" examples/cpp/solve.expected
done

if [ "$have_cmake" = 1 ]; then
  step "examples/cmake: find_package(lightsout CONFIG) from the installed prefix, shared and static targets"
  cmake -S examples/cmake -B "$work/cmake-build" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_C_COMPILER="$CC" >"$work/cmake.log" 2>&1 ||
    { cat "$work/cmake.log"; fail "configuring examples/cmake against $work/prefix failed"; }
  grep -q "lightsout $version from $work/prefix/lib/cmake/lightsout" "$work/cmake.log" ||
    fail "examples/cmake did not find lightsout $version under $work/prefix: $(cat "$work/cmake.log")"
  cmake --build "$work/cmake-build" >"$work/cmake-build.log" 2>&1 || { cat "$work/cmake-build.log"; fail "building examples/cmake failed"; }
  run_expect "$work/cmake-build/solve_shared" examples/c/solve.expected
  run_expect "$work/cmake-build/solve_static" examples/c/solve.expected
  # (ldd into a file: `grep -q` in a pipe ends early, and pipefail would count ldd's broken pipe.)
  ldd "$work/cmake-build/solve_shared" >"$work/ldd.txt"
  grep -q "liblightsout.so.${version%.*} => $libdir/" "$work/ldd.txt" ||
    fail "solve_shared does not load liblightsout from $libdir: $(cat "$work/ldd.txt")"
  if ldd "$work/cmake-build/solve_static" | grep -q liblightsout; then
    fail "solve_static (lightsout::lightsout_static) still loads liblightsout.so"
  fi
  # A request for another minor version is refused while the major version is 0 (the ABI changes).
  printf 'cmake_minimum_required(VERSION 3.14)\nproject(p LANGUAGES NONE)\nfind_package(lightsout 0.1 CONFIG REQUIRED)\n' \
    >"$work/CMakeLists.txt"
  if cmake -S "$work" -B "$work/cmake-old" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null 2>&1; then
    fail "find_package(lightsout 0.1) accepted version $version: the ABI of 0.MINOR releases differs"
  fi
else
  echo "c.sh: cmake is missing, and apt-get cannot install it here (it needs root or sudo without a password); skipped the CMake package test" >&2
fi

step "the licence texts are installed"
for f in LICENSE-MIT LICENSE-APACHE; do
  cmp -s "$f" "$work/prefix/share/doc/lightsout/$f" || fail "$f is not installed under share/doc/lightsout"
done

step "the header, the library, pkg-config and the CMake package carry one version: $version"
printf '#include <stdio.h>\n#include <string.h>\n#include "lightsout.h"\nint main(void) { printf("%%s %%s\\n", LIGHTSOUT_VERSION, lightsout_version()); return strcmp(LIGHTSOUT_VERSION, lightsout_version()) != 0; }\n' >"$work/version.c"
"$CC" -std=c11 "${WARN[@]}" "$work/version.c" "${shared_flags[@]}" -o "$work/version"
[ "$("$work/version")" = "$version $version" ] || fail "header and library versions differ from $version: $("$work/version")"
grep -q "set(PACKAGE_VERSION \"$version\")" "$libdir/cmake/lightsout/lightsoutConfigVersion.cmake" ||
  fail "the CMake package's version is not $version"
workspace_version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
[ "$version" = "$workspace_version" ] || fail "pkg-config says $version, Cargo.toml $workspace_version"

step "the shared library has a versioned soname, installed with its links"
soname=$(readelf -d "$libdir/liblightsout.so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
case "$soname" in
  liblightsout.so.[0-9]*) [ -e "$libdir/$soname" ] || fail "$libdir/$soname (the soname) is not installed" ;;
  *) fail "liblightsout.so has no versioned soname (found '$soname')" ;;
esac

step "the first program of crates/ffi/README.md, linked by the README's own line (the first cc line)"
awk '/^```c$/ { inside = 1; next } /^```$/ { if (inside) exit } inside' crates/ffi/README.md >"$work/app.c"
link_line=$(grep -m 1 '^cc .*pkg-config --cflags --libs lightsout)' crates/ffi/README.md | sed 's/ *#.*//')
[ -n "$link_line" ] || fail "crates/ffi/README.md has no 'cc ... \$(pkg-config --cflags --libs lightsout)' line"
(cd "$work" && bash -euc "$link_line -o readme")
"$work/readme" >"$work/readme.txt"
if [ "$(grep -Ecx '[01]{5}' "$work/readme.txt")" != 5 ] || [ "$(wc -l <"$work/readme.txt")" != 5 ]; then
  fail "the README program should print 5 rows of 5 presses, it printed: $(cat "$work/readme.txt")"
fi

step "the C block of README.md as written: install under \$HOME/.local (a scratch HOME), compile, run"
# A scratch HOME makes $HOME/.local a non-standard prefix; cargo and rustup keep their homes.
mkdir -p "$work/readme-home" "$work/readme-run"
ln -s "$root/crates" "$work/readme-run/crates"
cp "$work/app.c" "$work/readme-run/app.c"
awk '/^## C and C\+\+/ { section = 1 } section && /^```sh$/ { inside = 1; next } inside && /^```$/ { exit } inside' \
  README.md >"$work/readme-c.sh"
grep -q 'pkg-config --cflags --libs lightsout' "$work/readme-c.sh" || fail "README.md's C section lost its sh block"
(cd "$work/readme-run" && env -u PKG_CONFIG_PATH HOME="$work/readme-home" CARGO_HOME="${CARGO_HOME:-$HOME/.cargo}" \
  RUSTUP_HOME="${RUSTUP_HOME:-$HOME/.rustup}" CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}" \
  bash -euo pipefail "$work/readme-c.sh") >"$work/readme-c.txt" || fail "README.md's C block failed"
if [ "$(grep -Ecx '[01]{5}' "$work/readme-c.txt")" != 5 ]; then
  fail "README.md's C block should run the program and print 5 rows of presses, it printed: $(cat "$work/readme-c.txt")"
fi

# --- a board past what uint32_t light vectors can hold ---------------------------------------
# The command line (release build) draws and solves a 40000x40000 GF(2) grid as PBM images, bit-
# packed end to end (200 MB a board, where uint32_t light vectors would take 6.4 GB), and
# tests/c/huge_board.c checks its answer through the game functions of the release library.
step "the command line generates and solves a 40000x40000 PBM; tests/c/huge_board.c checks the presses"
cargo build --quiet --release -p lightsout-cli
cli="${CARGO_TARGET_DIR:-$root/target}/release/lightsout"
"$cli" generate --grid 40000x40000 --seed 1 --out "$work/big.pbm"
"$cli" solve --lights "$work/big.pbm" --out "$work/presses.pbm" | tee "$work/solve.log"
grep -q "written to $work/presses.pbm (P4)" "$work/solve.log" || fail "lightsout solve did not write the presses as a PBM"
"$CC" -std=c11 -O2 "${WARN[@]}" tests/c/huge_board.c "${shared_flags[@]}" -o "$work/huge_board"
"$work/huge_board" "$work/big.pbm" "$work/presses.pbm" | tee "$work/huge.log"
rm -f "$work/big.pbm" "$work/presses.pbm"
tail -n 1 "$work/huge.log" | grep -Eq '^[0-9]+ passed, 0 failed$' || fail "huge_board did not end with 'N passed, 0 failed'"

# --- bad inputs ----------------------------------------------------------------------------
check_count() {
  local log=$1
  tail -n 1 "$log" | grep -Eq '^[0-9]+ passed, 0 failed$' || fail "bad_inputs did not end with 'N passed, 0 failed'"
}

step "tests/c/bad_inputs.c under AddressSanitizer and UBSan (static library)"
"$CC" -std=c11 -g "${WARN[@]}" -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all \
  tests/c/bad_inputs.c "${static_flags[@]}" -pthread -o "$work/bad_asan"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=23 UBSAN_OPTIONS=print_stacktrace=1 \
  "$work/bad_asan" | tee "$work/asan.log"
check_count "$work/asan.log"
# The C example too: it allocates, frees and formats through every kind of call.
"$CC" -std=c11 -g "${WARN[@]}" -fsanitize=address,undefined -fno-sanitize-recover=all examples/c/solve.c \
  "${static_flags[@]}" -o "$work/solve_asan"
ASAN_OPTIONS=detect_leaks=1 run_expect "$work/solve_asan" examples/c/solve.expected

if [ "$have_valgrind" = 1 ]; then
  step "tests/c/bad_inputs.c under valgrind (shared library)"
  "$CC" -std=c11 -g "${WARN[@]}" tests/c/bad_inputs.c "${shared_flags[@]}" -pthread \
    -o "$work/bad_shared"
  valgrind --quiet --error-exitcode=1 --leak-check=full --show-leak-kinds=definite,indirect \
    --errors-for-leak-kinds=definite,indirect \
    "$work/bad_shared" | tee "$work/valgrind.log"
  check_count "$work/valgrind.log"
else
  echo "c.sh: valgrind is not available and could not be installed; skipped the valgrind run (ASan ran)" >&2
fi
step "all C ABI tests passed"
