"""MkDocs hooks of the documentation site (mkdocs.yml).

The command-line reference is generated at build time from the binary's own --help: a line
``<!-- lightsout-help SUBCOMMAND -->`` in a page becomes that command's help text. The binary is
``$LIGHTSOUT_CLI``, or ``target/debug/lightsout`` (scripts/test-parts/site.sh builds it). A
missing binary or a failing --help fails the build.

The rustdoc of lightsout-core and lightsout-topo (``cargo doc --no-deps``, in the cargo target
directory) is copied to ``rustdoc/`` in the site, which docs/api/rust.md links to; when it is
missing the build fails.
"""

import os
import pathlib
import re
import shutil
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[1]
MARKER = re.compile(r"^<!-- lightsout-help ?([a-z-]*) -->$", re.M)


def _cli() -> str:
    path = os.environ.get("LIGHTSOUT_CLI") or str(ROOT / "target" / "debug" / "lightsout")
    if not os.access(path, os.X_OK):
        raise RuntimeError(f"the lightsout binary {path} is missing: build it (cargo build -p lightsout-cli) or set LIGHTSOUT_CLI")
    return path


def _help(subcommand: str) -> str:
    args = [_cli()] + ([subcommand] if subcommand else []) + ["--help"]
    out = subprocess.run(args, capture_output=True, text=True, check=True, env={**os.environ, "COLUMNS": "100"})
    title = f"lightsout {subcommand}".strip()
    return f"### `{title}`\n\n```text\n{out.stdout.rstrip()}\n```\n"


def on_page_markdown(markdown, page, config, files):
    return MARKER.sub(lambda m: _help(m.group(1)), markdown)


RUSTDOC_CRATES = ("lightsout_core", "lightsout_topo")


def on_post_build(config):
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR") or ROOT / "target")
    doc = target / "doc"
    missing = [c for c in RUSTDOC_CRATES if not (doc / c / "index.html").is_file()]
    if missing:
        raise RuntimeError(f"no rustdoc for {missing} in {doc}: run cargo doc --no-deps -p lightsout-core -p lightsout-topo")
    out = pathlib.Path(config["site_dir"]) / "rustdoc"
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(doc, out)
