"""One version number: the Python package, the command line and the workspace's Cargo.toml agree
(the C library, its header, pkg-config and CMake package are checked against the same Cargo.toml
by scripts/test-parts/c.sh and crates/ffi/tests/header.rs)."""

import os
import pathlib
import re
import subprocess

import pytest

import lightsout as lo

ROOT = pathlib.Path(__file__).resolve().parents[2]


def workspace_version() -> str:
    text = (ROOT / "Cargo.toml").read_text(encoding="utf-8")
    m = re.search(r'^\[workspace\.package\]\n(?:.*\n)*?version = "([^"]+)"', text, flags=re.M)
    assert m, "Cargo.toml has no [workspace.package] version"
    return m.group(1)


def test_the_package_version_is_the_workspace_version():
    assert lo.__version__ == workspace_version()
    assert re.fullmatch(r"\d+\.\d+\.\d+", lo.__version__)


def test_the_command_line_says_the_same_version():
    cli = os.environ.get("LIGHTSOUT_CLI")
    if not cli:
        pytest.skip("LIGHTSOUT_CLI (the lightsout binary) is set by scripts/test-parts/python.sh")
    out = subprocess.run([cli, "--version"], capture_output=True, text=True, check=True).stdout
    assert out.strip() == f"lightsout {lo.__version__}"


def test_the_changelog_has_this_version():
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert re.search(r"^## \[" + re.escape(lo.__version__) + r"\] - \d{4}-\d{2}-\d{2}$", changelog, flags=re.M), (
        f"CHANGELOG.md has no '## [{lo.__version__}] - DATE' section"
    )
