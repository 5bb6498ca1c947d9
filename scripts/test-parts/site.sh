#!/usr/bin/env bash
# The documentation site (mkdocs.yml): MkDocs with mkdocstrings, from the virtual environment that
# scripts/test-parts/python.sh made (.venv, where it installed mkdocs and the package's wheel).
# `mkdocs build --strict` fails on any warning, a link to a missing page or a missing anchor
# included (never with --quiet, which hides warnings from the count). The command-line reference
# is the binary's --help; the rustdoc of the library crates (built here with warnings denied,
# broken intra-doc links included) is copied into the site. The site goes to target/site, and
# scripts/site_links.py then checks every local link of its pages, raw HTML links included.
set -euo pipefail
cd "$(dirname "$0")/../.."

VENV=.venv
if [ ! -x "$VENV/bin/mkdocs" ]; then
  echo "site.sh: $VENV/bin/mkdocs is missing: scripts/test-parts/python.sh installs it (run it first)" >&2
  exit 1
fi
target_dir="${CARGO_TARGET_DIR:-$PWD/target}"
echo "-- site: rustdoc of lightsout-core and lightsout-topo (warnings denied)"
# The command line of the Rust tests' build (nothing to do after them; `cargo build -p
# lightsout-cli` alone resolves other dependency features and would build the tree again).
cargo test --quiet --workspace --no-run
RUSTDOCFLAGS="-D warnings" cargo doc --quiet --no-deps -p lightsout-core -p lightsout-topo
echo "-- site: mkdocs build --strict"
start=$SECONDS
LIGHTSOUT_CLI="$target_dir/debug/lightsout" "$VENV/bin/mkdocs" build --strict --site-dir "$target_dir/site"
for page in index.html guide/cli.html api/python.html BENCHMARKS.html rustdoc/lightsout_core/index.html; do
  [ -s "$target_dir/site/$page" ] || { echo "site.sh: the site lacks $page" >&2; exit 1; }
done
grep -q 'lightsout solve' "$target_dir/site/guide/cli.html" || { echo "site.sh: the command-line reference has no solve help" >&2; exit 1; }
grep -q 'minimal_solution' "$target_dir/site/api/python.html" || { echo "site.sh: the Python reference lacks Game.minimal_solution" >&2; exit 1; }
# mkdocs checks the links written in Markdown; raw HTML links (and what the hooks add) are
# checked on the built pages: every local href and src, and fragments into the site's pages.
"$VENV/bin/python" scripts/site_links.py "$target_dir/site"
echo "-- site: built in $((SECONDS - start)) s: $target_dir/site/index.html"
