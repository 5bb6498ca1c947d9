"""The README's Python examples run exactly as written, and the install it documents is enough
for the quickstart notebook (every module the notebook imports is installed by the extra)."""

import ast
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def blocks(text: str, lang: str) -> list:
    return re.findall(r"^```" + lang + r"\n(.*?)^```$", text, flags=re.S | re.M)


def test_readme_python_blocks_run_as_written():
    found = blocks((ROOT / "README.md").read_text(encoding="utf-8"), "python")
    assert found, "README.md has no python block"
    for code in found:
        exec(compile(code, "README.md", "exec"), {"__name__": "readme"})


def toml_extra(name: str) -> list:
    """The requirement names of one optional-dependencies extra of pyproject.toml."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    m = re.search(r"^" + name + r"\s*=\s*\[(.*?)\]", text, flags=re.M | re.S)
    assert m, f"pyproject.toml has no extra {name!r}"
    return [re.split(r"[<>=!~\[ ]", r.strip().strip('"'))[0] for r in m.group(1).split(",") if r.strip()]


# What a notebook needs beyond its imports: the package's parts that import an extra themselves.
NEEDS = {"lightsout.gym": "gym", "lightsout.distributed": "dask", ".play(": "widget", ".widget(": "widget"}


@pytest.mark.skipif(sys.version_info < (3, 10), reason="sys.stdlib_module_names needs Python 3.10")
@pytest.mark.parametrize("notebook", sorted(p.name for p in (ROOT / "examples/notebooks").glob("*.ipynb")))
def test_the_notebook_extra_covers_every_import_of_every_notebook(notebook):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert 'pip install ".[notebook]"' in readme
    nb = json.loads((ROOT / "examples/notebooks" / notebook).read_text(encoding="utf-8"))
    imported = set()
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        source = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!")))
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                imported.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                imported.add(node.module.split(".")[0])
        for marker, extra in NEEDS.items():
            if marker in source:
                imported.update(toml_extra(extra))
    provided = {"lightsout", "numpy"} | set(toml_extra("notebook")) | set(sys.stdlib_module_names)
    missing = imported - provided
    assert not missing, f"{notebook} needs {sorted(missing)}, which `pip install .[notebook]` does not install"
