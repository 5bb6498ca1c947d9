#!/usr/bin/env bash
# Install liblightsout (shared and static), include/lightsout.h, the pkg-config files
# lightsout.pc (shared) and lightsout-static.pc (static), the CMake package
# lib/cmake/lightsout (targets lightsout::lightsout and lightsout::lightsout_static) and the
# licence texts (share/doc/lightsout) under a prefix.
#
#   crates/ffi/install.sh [--no-build] PREFIX      e.g. crates/ffi/install.sh "$HOME/.local"
#
# Then: cc app.c $(pkg-config --cflags --libs lightsout)   (PKG_CONFIG_PATH=PREFIX/lib/pkgconfig
# if PREFIX is not a standard location; lightsout.pc adds an rpath to PREFIX/lib, so the program
# finds the library wherever it is installed), or in CMake: find_package(lightsout CONFIG) with
# CMAKE_PREFIX_PATH=PREFIX. Builds the release library first unless --no-build.
set -euo pipefail
build=1
if [ "${1:-}" = "--no-build" ]; then
  build=0
  shift
fi
if [ $# -ne 1 ]; then
  echo "usage: $0 [--no-build] PREFIX" >&2
  exit 2
fi
mkdir -p "$1"
prefix=$(cd "$1" && pwd)
root=$(cd -P "$(dirname "$0")/../.." && pwd)
cd "$root"
target_dir=${CARGO_TARGET_DIR:-$root/target}
if [ "$build" = 1 ]; then
  cargo build --release -p lightsout-ffi
fi
# The system libraries the Rust standard library needs when linked statically (what
# `cargo rustc --crate-type staticlib -- --print native-static-libs` reports); the C tests
# link with exactly this list, so a change shows up there. Override with LIGHTSOUT_NATIVE_LIBS.
case "$(uname -s)" in
  Darwin) default_libs="-lSystem -lc -lm" ;;
  *) default_libs="-lgcc_s -lutil -lrt -lpthread -lm -ldl -lc" ;;
esac
native_libs=${LIGHTSOUT_NATIVE_LIBS:-$default_libs}
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
mkdir -p "$prefix/include" "$prefix/lib/pkgconfig"
install -m 644 include/lightsout.h "$prefix/include/lightsout.h"
# The shared library under its full version, the soname link programs load (see build.rs:
# liblightsout.so.0.MINOR while the major version is 0) and the plain link the linker finds.
major=${version%%.*}
rest=${version#*.}
minor=${rest%%.*}
if [ "$major" = 0 ]; then abi="0.$minor"; else abi="$major"; fi
rm -f "$prefix/lib/liblightsout.so" "$prefix/lib/liblightsout.so.$abi"
install -m 755 "$target_dir/release/liblightsout.so" "$prefix/lib/liblightsout.so.$version"
if [ "$abi" != "$version" ]; then
  ln -s "liblightsout.so.$version" "$prefix/lib/liblightsout.so.$abi"
fi
ln -s "liblightsout.so.$abi" "$prefix/lib/liblightsout.so"
install -m 644 "$target_dir/release/liblightsout.a" "$prefix/lib/liblightsout.a"
for pc in lightsout lightsout-static; do
  sed -e "s|@PREFIX@|$prefix|" -e "s|@VERSION@|$version|" -e "s|@NATIVE_LIBS@|$native_libs|" \
    "crates/ffi/$pc.pc.in" >"$prefix/lib/pkgconfig/$pc.pc"
done
# The CMake package: the same libraries as imported targets, found relative to its own place.
mkdir -p "$prefix/lib/cmake/lightsout"
native_list=$(echo "$native_libs" | sed -e 's/^ *//' -e 's/ *$//' -e 's/  */;/g')
for cm in lightsoutConfig lightsoutConfigVersion; do
  sed -e "s|@VERSION@|$version|g" -e "s|@ABI@|$abi|g" -e "s|@MAJOR@|$major|g" -e "s|@MINOR@|$minor|g" \
    -e "s|@NATIVE_LIBS_LIST@|$native_list|g" "crates/ffi/cmake/$cm.cmake.in" >"$prefix/lib/cmake/lightsout/$cm.cmake"
done
mkdir -p "$prefix/share/doc/lightsout"
install -m 644 LICENSE-MIT LICENSE-APACHE CHANGELOG.md "$prefix/share/doc/lightsout/"
echo "installed liblightsout $version under $prefix"
