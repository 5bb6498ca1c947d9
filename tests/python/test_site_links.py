"""scripts/site_links.py, the documentation site's link check (run by scripts/test-parts/site.sh
on the built site), finds the raw HTML links that `mkdocs build --strict` does not check."""

import importlib.util
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("site_links", ROOT / "scripts" / "site_links.py")
site_links = importlib.util.module_from_spec(spec)
spec.loader.exec_module(site_links)


def make_site(root: pathlib.Path, api_page: str) -> pathlib.Path:
    (root / "api").mkdir(parents=True)
    (root / "rustdoc" / "lightsout_core").mkdir(parents=True)
    (root / "rustdoc" / "lightsout_core" / "index.html").write_text('<a href="broken.html">rustdoc checks its own</a>')
    (root / "index.html").write_text('<h2 id="install">x</h2><a href="api/rust.html#top">api</a><img src="img.png">')
    (root / "img.png").write_bytes(b"")
    (root / "api" / "rust.html").write_text('<h1 id="top">Rust</h1>' + api_page)
    return root


def test_a_raw_html_link_to_a_missing_page_is_found(tmp_path):
    site = make_site(tmp_path, '<a href="rustdoc/lightsout_core/index.html">core</a>')  # relative to api/
    broken, _ = site_links.check(site)
    assert len(broken) == 1 and "api/rustdoc/lightsout_core/index.html" in broken[0], broken


def test_links_that_resolve_pass_and_fragments_are_checked(tmp_path):
    site = make_site(tmp_path, '<a href="../rustdoc/lightsout_core/index.html">core</a> <a href="../index.html#install">i</a>')
    assert site_links.check(site) == ([], 2)
    (site / "api" / "rust.html").write_text('<a href="../index.html#nowhere">i</a> <a href="https://example.org/x">off the site</a>')
    broken, _ = site_links.check(site)
    assert len(broken) == 2 and all("id" in b for b in broken), broken  # #nowhere, and index.html's #top
