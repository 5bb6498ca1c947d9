"""The packages carry their metadata (issue: every `cargo package` warned about what was missing):
each publishable crate has a description, licence, README, keywords and categories, taken from
the workspace where they are shared; no repository, home page or documentation URL is made up,
and while there is none the release notes say so; the wheel has its classifiers."""

import json
import pathlib
import re
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def packages() -> list:
    if shutil.which("cargo") is None:
        pytest.skip("cargo is not on the PATH")
    out = subprocess.run(
        ["cargo", "metadata", "--no-deps", "--format-version", "1", "--offline"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout
    return [p for p in json.loads(out)["packages"] if p["publish"] is None]  # None: publishable anywhere


def test_every_publishable_crate_has_its_metadata():
    found = packages()
    assert {p["name"] for p in found} >= {"lightsout-core", "lightsout-topo", "lightsout-cli", "lightsout-ffi"}
    for p in found:
        for field in ("description", "license", "readme"):
            assert p[field], f"{p['name']} has no {field}"
        assert 1 <= len(p["keywords"]) <= 5 and 1 <= len(p["categories"]) <= 5, p["name"]
        readme = pathlib.Path(p["manifest_path"]).parent / p["readme"]
        assert readme.is_file(), f"{p['name']}'s readme {readme} does not exist"


def test_no_url_is_made_up_and_the_release_notes_say_why_there_is_none():
    found = packages()
    urls = {p["name"]: [p[f] for f in ("repository", "homepage", "documentation") if p[f]] for p in found}
    if not any(urls.values()):
        changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
        top = changelog.split("\n## [")[2]  # the top release entry, under [Unreleased]
        assert re.search(r"no repository, home\s+page or documentation URL", top), (
            "no crate names a repository, home page or documentation: the top release entry of CHANGELOG.md should say so"
        )
    for name, given in urls.items():
        for url in given:
            assert url.startswith("https://"), f"{name}: {url}"


def test_the_wheel_has_classifiers_for_each_python_it_supports():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    classifiers = re.findall(r'^\s+"([^"]+ :: [^"]+)",$', text, flags=re.M)
    assert "Typing :: Typed" in classifiers and "Programming Language :: Rust" in classifiers
    low = re.search(r'requires-python = ">=3\.(\d+)"', text)
    assert low, "pyproject.toml has no requires-python"
    assert f"Programming Language :: Python :: 3.{low.group(1)}" in classifiers
