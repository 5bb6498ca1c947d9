"""Every script the repository's own text names exists: a comment or page that sends a reader to
scripts/... (mkdocs.yml, the hooks, the test parts, the README, the docs) names a real file."""

import os
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
SKIP_DIRS = {".git", "target", ".venv", "dist", "build", "node_modules", "__pycache__", ".ipynb_checkpoints"}
TEXT = {".md", ".sh", ".py", ".yml", ".yaml", ".toml", ".rs", ".c", ".cpp", ".h", ".txt", ".ipynb", ".in", ""}
# A path under scripts/ that does not continue a longer path (target/bench/scripts/... would not count).
SCRIPT = re.compile(r"(?<![\w./-])scripts/[\w./-]*\w\.(?:sh|py)\b")


def text_files():
    for base, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
        for name in files:
            path = pathlib.Path(base) / name
            if path.suffix in TEXT and path.stat().st_size < 2_000_000:
                yield path


def test_every_script_named_in_the_repository_exists():
    missing = []
    for path in text_files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for m in SCRIPT.finditer(text):
            if not (ROOT / m.group(0)).is_file():
                line = text[: m.start()].count("\n") + 1
                missing.append(f"{path.relative_to(ROOT)}:{line}: {m.group(0)}")
    assert not missing, "these name a script that does not exist:\n" + "\n".join(missing)


def test_what_the_readme_builds_in_the_clone_is_ignored_by_git():
    # The README's wheel block writes dist/ at the root of the clone.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "--out dist" in readme
    ignored = {line.strip() for line in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()}
    assert ignored & {"/dist", "/dist/", "dist", "dist/"}, ".gitignore does not ignore dist/, which the README's wheel block writes"
