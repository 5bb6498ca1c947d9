"""Every shell block of README.md runs as written, in order, in one shell, in a scratch copy of
the clone (its top-level entries linked, so the blocks' relative paths resolve and what they
write stays in the scratch directory); a block of `$ command` lines followed by output prints
exactly that output.

Nothing is built here: what a line would build, the test command has built already, and a few
commands stand in for what they would do, each checking its arguments first:
- `cargo run --release -p lightsout-cli [-- ARGS]` runs the release binary the test command
  built (`$LIGHTSOUT_CLI`, else target/release/lightsout), and `lightsout` on the PATH is it;
- `pip install .` and `pip install ".[EXTRA]"` check that the extra exists in pyproject.toml and
  that lightsout is installed in this environment (the test command installed it from the wheel
  it built from this tree); `pip install NAME...` checks that NAME is installed here; `pip
  install FILE.whl` checks that FILE is the wheel the test command built;
- `maturin build --release --zig --compatibility manylinux2014 --out DIR` and `maturin sdist
  --out DIR` copy the wheel and the sdist that scripts/test-parts/python.sh built with those
  very options into DIR (`--sdist` on `maturin build` is refused: it builds the wheel twice);
- `bash scripts/test-all.sh` is the command that runs this test: it is not run again.
`auditwheel show` runs for real. The block of the C section is run as written by
scripts/test-parts/c.sh (it installs the C library), so it is left out here; the Python blocks
run in tests/python/test_readme.py, the Rust block is a doctest of lightsout-topo.
"""

import os
import pathlib
import re
import shlex
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
TARGET = pathlib.Path(os.environ.get("CARGO_TARGET_DIR") or ROOT / "target")
# Sections whose blocks another part of the test command runs as written.
RUN_ELSEWHERE = {"C and C++": "scripts/test-parts/c.sh"}


def sh_blocks(text: str) -> list:
    """(first line number, section title, code) of each ```sh block, in order."""
    found = []
    section = ""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("## "):
            section = line[3:].strip()
        if line.strip() == "```sh":
            start = i + 1
            j = start
            while lines[j].strip() != "```":
                j += 1
            found.append((start + 1, section, "\n".join(lines[start:j]) + "\n"))
            i = j
        i += 1
    return found


def cli() -> pathlib.Path:
    path = pathlib.Path(os.environ.get("LIGHTSOUT_CLI") or TARGET / "release" / "lightsout")
    if not os.access(path, os.X_OK):
        pytest.skip(f"the release build of the command line ({path}) is missing: scripts/test-parts/c.sh builds it")
    return path


def wheels() -> pathlib.Path:
    path = pathlib.Path(os.environ.get("LIGHTSOUT_WHEELS") or TARGET / "wheels")
    if not list(path.glob("lightsout_solver-*.whl")) or not list(path.glob("lightsout_solver-*.tar.gz")):
        pytest.skip(f"no wheel and sdist in {path}: scripts/test-parts/python.sh builds them")
    return path


# The stand-ins, as shell functions (they shadow the commands of the same name in the blocks).
PRELUDE = r"""
set -euo pipefail
fail() { echo "README stand-in: $*" >&2; exit 1; }
cargo() {
  [ "${1:-}" = run ] && [ "${2:-}" = --release ] && [ "${3:-}" = -p ] && [ "${4:-}" = lightsout-cli ] ||
    fail "no stand-in for 'cargo $*' (only 'cargo run --release -p lightsout-cli')"
  shift 4
  [ "${1:-}" != -- ] || shift
  "$README_CLI" "$@"
}
pip() {
  [ "${1:-}" = install ] || fail "no stand-in for 'pip $*' (only 'pip install')"
  shift
  for arg in "$@"; do
    case "$arg" in
      -*) fail "pip install $arg: no stand-in for options" ;;
      .) "$README_PY" -c "import lightsout" || fail "pip install .: lightsout is not installed here" ;;
      .\[*\])
        extra=${arg#.\[}; extra=${extra%\]}
        grep -Eq "^$extra = \[" pyproject.toml || fail "pip install '$arg': pyproject.toml has no extra $extra"
        "$README_PY" -c "import lightsout" || fail "pip install '$arg': lightsout is not installed here" ;;
      *.whl)
        [ -f "$arg" ] || fail "pip install $arg: no such file"
        cmp -s "$arg" "$README_WHEELS/$(basename "$arg")" || fail "pip install $arg: not the wheel the test command built" ;;
      *)
        "$README_PY" -m pip show --quiet "$arg" >/dev/null 2>&1 || fail "pip install $arg: $arg is not installed here" ;;
    esac
  done
}
maturin() {
  local out=""
  case "${1:-}" in
    build)
      local args=" $* "
      case "$args" in *" --sdist "*) fail "maturin build --sdist builds the wheel twice: build the sdist with 'maturin sdist'" ;; esac
      for opt in --release --zig "--compatibility manylinux2014"; do
        case "$args" in *" $opt "*) ;; *) fail "maturin $*: the test command builds its wheel with $opt" ;; esac
      done
      out=$(sed -n 's/.* --out \([^ ]*\) .*/\1/p' <<<"$args")
      [ -n "$out" ] || fail "maturin $*: no --out"
      mkdir -p "$out" && cp "$README_WHEELS"/lightsout_solver-*.whl "$out"/ ;;
    sdist)
      [ "${2:-}" = --out ] && [ -n "${3:-}" ] && [ $# = 3 ] || fail "no stand-in for 'maturin $*' (only 'maturin sdist --out DIR')"
      mkdir -p "$3" && cp "$README_WHEELS"/lightsout_solver-*.tar.gz "$3"/ ;;
    *) fail "no stand-in for 'maturin $*'" ;;
  esac
}
bash() {
  if [ "${1:-}" = scripts/test-all.sh ]; then
    echo "(README: bash scripts/test-all.sh is the command running this test; not run again)"
    return 0
  fi
  command bash "$@"
}
"""


def transcript(code: str):
    """For a block of `$ command` lines each followed by its output: the commands and outputs."""
    if not code.startswith("$ "):
        return None
    pairs = []
    for line in code.splitlines():
        if line.startswith("$ "):
            pairs.append([line[2:], []])
        else:
            pairs[-1][1].append(line)
    return [(cmd, "\n".join(out).rstrip("\n")) for cmd, out in pairs]


def test_every_shell_block_of_the_readme_runs_as_written_in_order(tmp_path):
    binary = cli()
    built = wheels()
    run = tmp_path / "clone"
    run.mkdir()
    for entry in ROOT.iterdir():
        if entry.name not in {".git", "target", ".venv", "dist", "build"}:
            (run / entry.name).symlink_to(entry)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "lightsout").symlink_to(binary)
    auditwheel = pathlib.Path(sys.executable).parent / "auditwheel"
    if auditwheel.exists():
        (bin_dir / "auditwheel").symlink_to(auditwheel)

    script = [PRELUDE]
    ran = []
    for line, section, code in sh_blocks((ROOT / "README.md").read_text(encoding="utf-8")):
        if section in RUN_ELSEWHERE:
            continue
        ran.append(line)
        script.append(f"echo '== README.md line {line} ({section or 'top'})'")
        pairs = transcript(code)
        if pairs is None:
            script.append(code)
            continue
        for cmd, expected in pairs:
            # Compare the printed output with the block's, after the command has run.
            script.append(f"got=$({cmd})")
            script.append(
                f"[ \"$got\" = {shlex.quote(expected)} ] || "
                f"{{ echo 'README.md line {line}: $ {cmd} printed' >&2; printf '%s\\n' \"$got\" >&2; exit 1; }}"
            )
    assert len(ran) >= 5, f"README.md has only {len(ran)} shell blocks to run: {ran}"
    env = dict(os.environ)
    env.update(
        README_CLI=str(binary),
        README_PY=sys.executable,
        README_WHEELS=str(built),
        PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}",
    )
    (tmp_path / "readme.sh").write_text("\n".join(script), encoding="utf-8")
    result = subprocess.run(
        ["bash", str(tmp_path / "readme.sh")], cwd=run, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True
    )
    assert result.returncode == 0, (
        f"README.md's shell blocks failed (exit {result.returncode}):\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    )
    for name in ("board.pbm", "presses.pbm"):  # large: leave no 12.5 MB files behind
        (run / name).unlink(missing_ok=True)


def test_the_readme_keeps_its_shell_blocks_runnable():
    """What the runner above relies on: the C block is run by c.sh, the maturin line is the fast one."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    sections = {section for _, section, _ in sh_blocks(text)}
    for section, runner in RUN_ELSEWHERE.items():
        assert section in sections, f"README.md has no shell block in '## {section}', which {runner} runs"
    for line, _, code in sh_blocks(text):
        assert not re.search(r"maturin build [^\n]*--sdist", code), f"README.md line {line}: maturin build --sdist builds the wheel twice"


def test_the_readme_names_every_system_package_the_test_command_installs():
    """Item by item: what needs root is said at the top of the README."""
    installed = set()
    for part in sorted((ROOT / "scripts").rglob("*.sh")):
        for line in part.read_text(encoding="utf-8").splitlines():
            if line.lstrip().startswith("#"):
                continue
            for m in re.finditer(r"(?:apt_install|apt-get install -y -qq) ([\w .\"$@-]+)", line):
                installed.update(w for w in m.group(1).split() if re.fullmatch(r"[a-z][a-z0-9.+-]+", w))
    installed -= {">/dev/null"}
    assert {"cmake", "valgrind", "chromium"} <= installed, installed
    top = (ROOT / "README.md").read_text(encoding="utf-8").split("\n## ", 1)[0]
    assert "root" in top
    missing = sorted(name for name in installed if f"`{name}`" not in top)
    assert not missing, f"the top of README.md does not name these packages the test command installs with apt: {missing}"
