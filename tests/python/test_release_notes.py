"""The release as a reader meets it: CHANGELOG.md's top release entry is the workspace version
(Cargo.toml), dated, below an `## [Unreleased]` entry (Keep a Changelog), and every place the
README and the documentation site name the version, the soname or the CMake version says the
same version."""

import datetime
import pathlib
import re

from test_version import workspace_version  # the one reader of Cargo.toml's version

ROOT = pathlib.Path(__file__).resolve().parents[2]


def release_headings() -> list:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    return re.findall(r"^## (.*)$", text, flags=re.M)


def key(version: str) -> tuple:
    return tuple(int(x) for x in version.split("."))


def test_the_top_release_entry_is_the_workspace_version_with_a_date():
    headings = release_headings()
    assert headings[:1] == ["[Unreleased]"], f"CHANGELOG.md should open with '## [Unreleased]', not {headings[:1]}"
    version = workspace_version()
    m = re.fullmatch(r"\[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})", headings[1] if len(headings) > 1 else "")
    assert m, f"CHANGELOG.md's first release entry should be '## [{version}] - YYYY-MM-DD', not {headings[1:2]}"
    assert m.group(1) == version, f"CHANGELOG.md's top release is {m.group(1)}, Cargo.toml says {version}"
    date = datetime.date.fromisoformat(m.group(2))  # a real date
    assert date.year >= 2026


def test_release_entries_go_from_the_newest_down_and_each_once():
    versions = [re.match(r"\[(\d+\.\d+\.\d+)\]", h) for h in release_headings()[1:]]
    assert all(versions), f"every entry after [Unreleased] names a version: {release_headings()}"
    numbers = [key(v.group(1)) for v in versions]
    assert numbers == sorted(numbers, reverse=True) and len(set(numbers)) == len(numbers), numbers


# Where the documentation names the version: (file, pattern whose group is a version or 0.MINOR).
MENTIONS = [
    (r"lightsout-topo = \{ version = \"([^\"]+)\"", "full"),
    (r"this is (\d+\.\d+\.\d+)", "full"),
    (r"Version (\d+\.\d+\.\d+)", "full"),
    (r"every front end \((\d+\.\d+\.\d+)\)", "full"),
    (r"lightsout_solver-(\d+\.\d+\.\d+)-", "full"),
    (r"liblightsout\.so\.(\d+\.\d+)\b", "abi"),
    (r"find_package\(lightsout (\d+\.\d+) ", "abi"),
]


def test_the_readme_and_the_site_name_the_workspace_version():
    version = workspace_version()
    abi = ".".join(version.split(".")[:2]) if version.startswith("0.") else version.split(".")[0]
    pages = [ROOT / "README.md", ROOT / "crates/ffi/README.md", ROOT / "examples/cmake/CMakeLists.txt"]
    pages += sorted((ROOT / "docs").rglob("*.md"))
    wrong = []
    for page in pages:
        if page.name == "BENCHMARKS.md":  # measurements of earlier versions keep their versions
            continue
        text = page.read_text(encoding="utf-8")
        for pattern, kind in MENTIONS:
            for m in re.finditer(pattern, text):
                found = m.group(1)
                # The installed library file carries the whole version (liblightsout.so.0.3.0).
                if kind == "abi" and text[m.end(1) : m.end(1) + 1] == "." and text[m.end(1) + 1 : m.end(1) + 2].isdigit():
                    continue
                expected = version if kind == "full" else abi
                if found != expected:
                    line = text[: m.start()].count("\n") + 1
                    wrong.append(f"{page.relative_to(ROOT)}:{line}: {m.group(0)!r} (expected {expected})")
    assert not wrong, "the documentation names another version than Cargo.toml's:\n" + "\n".join(wrong)
