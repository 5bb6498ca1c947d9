"""Check every local link of the built documentation site, raw HTML included.

    python scripts/site_links.py SITE_DIR

`mkdocs build --strict` checks the links written in Markdown; a link written as raw HTML in a
page (`<a href="...">`) or produced by a hook reaches the site unchecked. This reads every HTML
page the site built (the copied rustdoc excepted: rustdoc checks its own links, and only the
links into it are checked here), and for each `href` and `src` that stays on the site checks
that the file it names exists and, for a `#fragment` into one of the site's own pages, that
the page has an element with that id. Exits 1 naming every broken link (page, link, why).
scripts/test-parts/site.sh runs it after the build.
"""

import html.parser
import pathlib
import sys
import urllib.parse

# Directories of the site that are not its own pages: the rustdoc copy (rustdoc's own links are
# rustdoc's business) and the search index.
FOREIGN = ("rustdoc/", "search/")


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links = []
        self.ids = set()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            elif name == "name" and tag == "a" and value:
                self.ids.add(value)
            elif name in ("href", "src") and value is not None:
                self.links.append(value)


def parse(path: pathlib.Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8", errors="replace"))
    return page


def check(site: pathlib.Path) -> list:
    site = site.resolve()
    pages = {}
    broken = []
    for path in sorted(site.rglob("*.html")):
        rel = path.relative_to(site).as_posix()
        if rel.startswith(FOREIGN):
            continue
        pages[path] = parse(path)
    for path, page in pages.items():
        rel = path.relative_to(site).as_posix()
        for link in page.links:
            parts = urllib.parse.urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "javascript:", "data:")):
                continue  # off the site
            if not parts.path:
                target = path  # "#fragment": this page
            elif parts.path.startswith("/"):
                target = site / urllib.parse.unquote(parts.path).lstrip("/")
            else:
                target = path.parent / urllib.parse.unquote(parts.path)
            try:
                target.resolve().relative_to(site)
            except ValueError:
                broken.append(f"{rel}: {link} leaves the site")
                continue
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                broken.append(f"{rel}: {link} names {target.resolve().relative_to(site).as_posix()}, which the site does not have")
                continue
            fragment = urllib.parse.unquote(parts.fragment)
            if fragment and target.suffix == ".html":
                resolved = target.resolve()
                if resolved not in pages:
                    continue  # a fragment inside the rustdoc copy: rustdoc's own
                if fragment not in pages[resolved].ids:
                    broken.append(f"{rel}: {link}: {resolved.relative_to(site).as_posix()} has no element with id {fragment!r}")
    return broken, len(pages)


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    site = pathlib.Path(sys.argv[1])
    if not (site / "index.html").is_file():
        print(f"site_links.py: {site} has no index.html: build the site first", file=sys.stderr)
        return 2
    broken, count = check(site)
    if broken:
        print(f"site_links.py: {len(broken)} broken links in {site}:", file=sys.stderr)
        for b in broken:
            print(f"  {b}", file=sys.stderr)
        return 1
    print(f"-- site: every local link of the {count} pages resolves (raw HTML included)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
