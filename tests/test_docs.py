"""Every fenced code block in README.md and docs/*.md runs in the test suite, or says why not.

How a block is tested follows from its language tag and from an HTML comment on the line just
before its fence, which Markdown shows nobody: ``<!-- test: DIRECTIVE; DIRECTIVE -->``.

- ```python: the page's blocks run in order in one namespace (a page is one session: a block
  uses what the blocks above it defined). ``script``: the block is a whole program instead,
  written to a file and run with this Python in a new process (the Dask example starts a local
  cluster, whose workers import the main module). ``needs: MODULE``: skipped, with the reason,
  when MODULE (an optional extra) is not installed.
- ```console: a terminal session. Each ``$ `` line is a command and the lines up to the next
  one are what it prints (standard output and error together), compared exactly, except that
  the docs' elisions are honoured: a whole line ``(...)`` or ``... (...) ...`` stands for any
  number of lines, and ``...`` inside a line for any text; and the version in ``Python 3.11.7``
  is the running Python's. A command shown with no output after it: its output is not compared.
- ```bash: commands whose output is not shown; each must succeed.
- Commands (both kinds): ``fearsome-rules ARGS`` and ``python3 -m fearsome_rules ARGS`` run the
  command line in this process; other ``python3 ...`` commands run with this Python in a new
  process. They run in a temporary folder linking the repository's ``docs``, ``conformance``,
  ``examples`` and ``tools``, so that the files they write stay out of the repository.
  ``pip install`` is not run (this package is installed already): the extras it names must be
  extras of pyproject.toml. Each command must exit with status 0, or N with ``status: N``.
  ``games: N``: ``--games`` is N instead of the number shown, the shown thousands of games
  taking minutes (the block checks that the commands run, not the numbers they print).
  ``stdin: TEXT``: the line typed in (the terminal game). ``compiled``: the output shown is the
  compiled build's; skipped, with the reason, on the pure build.
- ``output``: the block is exactly what the python block before it prints.
- ``file: PATH``: the block is the content of that file of the repository. ``writes: NAME``:
  the block is a file that the page's commands use: written to NAME before they run.
- ``skip: REASON``: the block is not run (a diagram, a command that takes minutes); the test
  reports the reason as a skip.

Printed and shown text are compared without the spaces at the ends of lines and the blank
lines at the end, which editors strip and readers cannot see.

A block that none of these covers fails ``test_every_block_is_run_or_marked``. docs/cli.md
is generated from the parser (``fearsome_rules.cli.reference``), so it has no markers: its
blocks are the subcommands' usage lines (checked here), and tests/cli/test_cli_reference.py
checks that the page is exactly what the generator writes now.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import platform
import re
import shlex
import subprocess
import sys
import tomllib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import fearsome_rules as fr
from fearsome_rules.cli import app, main, reference

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
GENERATED = {"cli.md": "generated from the parser by fearsome_rules.cli.reference"}
LINKED = ("docs", "conformance", "examples", "scripts")  # in the commands' temporary folder
SHELLS = ("console", "bash")
FLAGS = ("script", "output", "compiled")
KEYED = ("skip", "needs", "file", "writes", "status", "games", "stdin")
ALLOWED = {  # the directives each kind of block takes (skip: any)
    "python": {"script", "needs"},
    "shell": {"games", "stdin", "status", "compiled"},
    "other": {"output", "file", "writes"},
}
MARKER = re.compile(r"<!-- test: (.*?) -->")
FENCE = re.compile(r"( *)(```|~~~)(.*)\n?")


@dataclass(frozen=True)
class Block:
    """A fenced block of a page: its language tag, its text and the directives above it."""

    path: Path
    line: int  # of the opening fence, from 1
    lang: str
    text: str
    directives: dict[str, str]

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"

    def has(self, name: str) -> bool:
        return name in self.directives


def _directives(comment: str, where: str) -> dict[str, str]:
    found = {}
    before, skip, reason = comment.partition("skip:")  # the reason may hold any text
    if skip:
        found["skip"] = reason.strip()
        comment = before.rstrip().removesuffix(";")
    for part in comment.split(";") if comment.strip() else []:
        name, _, value = (p.strip() for p in part.partition(":"))
        if (name in FLAGS and not value) or (name in KEYED and value):
            found[name] = value
        else:
            raise AssertionError(f"{where}: cannot read the directive {part.strip()!r}")
    return found


def blocks(path: Path) -> list[Block]:
    """The page's fenced blocks, in order (a fence may be indented, in a list item); the
    directives are on the line just before the opening fence."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    found = []
    i = 0
    while i < len(lines):
        opening = FENCE.fullmatch(lines[i])
        if opening is None:
            i += 1
            continue
        indent, fence, lang = opening.groups()
        where = f"{path.relative_to(ROOT)}:{i + 1}"
        end = next((j for j in range(i + 1, len(lines)) if lines[j].strip() == fence), len(lines))
        assert end < len(lines), f"{where}: the block is never closed"
        marker = MARKER.fullmatch(lines[i - 1].strip()) if i else None
        directives = _directives(marker.group(1), where) if marker else {}
        text = "".join(line.removeprefix(indent) for line in lines[i + 1 : end])
        found.append(Block(path, i + 1, lang.strip(), text, directives))
        i = end + 1
    return found


def kind(block: Block) -> str:
    return "python" if block.lang == "python" else "shell" if block.lang in SHELLS else "other"


ALL = [b for page in DOCS for b in blocks(page)]


def _select(*, session: bool = False, script: bool = False, shell: bool = False) -> list[Block]:
    chosen = []
    for b in ALL:
        if b.has("skip") or b.path.name in GENERATED:
            continue
        if kind(b) == "python" and b.has("script"):
            chosen += [b] if script else []
        elif kind(b) == "shell":
            chosen += [b] if shell else []
        elif session:
            chosen.append(b)
    return chosen


def _ids(b: Block) -> str:
    return b.where


# --- what runs: the inventory ------------------------------------------------------------------


def test_every_block_is_run_or_marked() -> None:
    unhandled = []
    for b in ALL:
        if b.path.name in GENERATED:
            continue
        handled = kind(b) != "other" or any(b.has(d) for d in ("skip", "output", "file", "writes"))
        if not handled:
            unhandled.append(f"{b.where}: a ```{b.lang} block that is neither run nor marked")
        wrong = set(b.directives) - ALLOWED[kind(b)] - {"skip"}
        if wrong:
            unhandled.append(f"{b.where}: {', '.join(sorted(wrong))}: not for a ```{b.lang} block")
        if b.has("skip") and len(b.directives["skip"]) < 10:
            unhandled.append(f"{b.where}: say why the block is not run")
        if b.has("script") and "__main__" not in b.text:
            unhandled.append(f"{b.where}: a script without its `if __name__ == '__main__':`")
    for page in DOCS:  # a marker that is not just above a fence would be silently ignored
        lines = page.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            if line.startswith("<!-- test:") and not (
                MARKER.fullmatch(line) and i + 1 < len(lines) and lines[i + 1].startswith("```")
            ):
                unhandled.append(f"{page.relative_to(ROOT)}:{i + 1}: a marker not above a fence")
    assert not unhandled, "\n".join(unhandled)


def test_the_generated_page_is_usage_lines_of_the_commands() -> None:
    """docs/cli.md's blocks are the usage lines of the subcommands, one each, in the order the
    parser has them; tests/cli/test_cli_reference.py checks the page is the generator's."""
    for name in GENERATED:
        page = ROOT / "docs" / name
        text = page.read_text(encoding="utf-8")
        assert text.startswith(reference.reference().split("\n", 1)[0])  # "Generated ..."
        shown = [b.text.split()[:2] for b in blocks(page) if b.lang == "text"]
        assert len(shown) == len(blocks(page))
        parser = app.build_parser()
        sub = next(a for a in parser._actions if a.dest == "command")
        assert isinstance(sub.choices, dict)
        assert shown == [["fearsome-rules", c] for c in sub.choices]


@pytest.mark.parametrize("block", [b for b in ALL if b.has("skip")], ids=_ids)
def test_not_run(block: Block) -> None:
    pytest.skip(f"{block.where}: {block.directives['skip']}")


# --- python blocks -----------------------------------------------------------------------------


def _pages_with(selected: list[Block]) -> list[Path]:
    return sorted({b.path for b in selected}, key=DOCS.index)


@pytest.mark.parametrize(
    "path", _pages_with(_select(session=True)), ids=lambda p: p.relative_to(ROOT).as_posix()
)
def test_python_session(path: Path) -> None:
    """The page's python blocks in one namespace, in order, with the output and file blocks
    checked where they come."""
    namespace: dict[str, object] = {"__name__": "__docs__"}
    printed: str | None = None
    for b in _select(session=True):
        if b.path != path:
            continue
        if b.lang == "python":
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(compile("\n" * b.line + b.text, str(path), "exec"), namespace)
            printed = out.getvalue()
        elif b.has("output"):
            assert printed is not None, f"{b.where}: no python block before this output"
            assert _tidy(printed) == _tidy(b.text), f"{b.where}: not what the block above prints"
            printed = None
        elif b.has("file"):
            shown = (ROOT / b.directives["file"]).read_text(encoding="utf-8")
            assert b.text == shown, f"{b.where}: not the content of {b.directives['file']}"


def _missing(block: Block) -> list[str]:
    needs = block.directives.get("needs", "")
    return [m for m in needs.replace(",", " ").split() if importlib.util.find_spec(m) is None]


@pytest.mark.parametrize("block", _select(script=True), ids=_ids)
def test_script(block: Block, tmp_path: Path) -> None:
    """A block meant to be run as a program, run as one: the file as shown, in a new process."""
    missing = _missing(block)
    if missing:
        pytest.skip(f"{block.where} needs {', '.join(missing)}: not installed")
    script = tmp_path / "example.py"
    script.write_text(block.text, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, f"{block.where}: the script failed:\n{done.stdout}{done.stderr}"


# --- shell blocks ------------------------------------------------------------------------------


def commands(block: Block) -> Iterator[tuple[list[str], str]]:
    """Each command of a shell block (its words, shell comments left out) with the output shown
    after it (console) or nothing (bash). ``a && b`` is two commands, the first without output."""
    lines = block.text.replace("\\\n", " ").splitlines(keepends=True)
    if block.lang == "bash":
        entries = [(line, "") for line in lines if line.strip()]
    else:
        entries = []
        for line in lines:
            if line.startswith("$ "):
                entries.append((line[2:], ""))
            else:
                assert entries, f"{block.where}: output before the first `$ ` command"
                entries[-1] = (entries[-1][0], entries[-1][1] + line)
    for line, shown in entries:
        words = shlex.split(line, comments=True)
        while "&&" in words:
            cut = words.index("&&")
            yield words[:cut], ""
            words = words[cut + 1 :]
        yield words, shown


def _pattern(shown: str) -> re.Pattern[str]:
    """The shown output as a pattern that honours the docs' elisions."""
    parts = []
    for line in shown.splitlines(keepends=True):
        if re.fullmatch(r"\s*(\.\.\. )?\(.*\)( \.\.\.)?\s*", line):
            parts.append(r"(?:.*\n)*?")
            continue
        pieces = [re.escape(p) for p in line.split("...")]
        parts.append(".*?".join(pieces))
    return re.compile("".join(parts))


def _tidy(text: str) -> str:
    """The text as a page shows it: no spaces at the ends of lines (editors strip them), no
    blank lines at the end (a reader cannot see them)."""
    return "".join(line.rstrip() + "\n" for line in text.rstrip().splitlines())


def _normalise(shown: str) -> str:
    return re.sub(r"Python \d+\.\d+\.\d+", f"Python {platform.python_version()}", shown)


def _extras() -> set[str]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        return set(tomllib.load(f)["project"]["optional-dependencies"])


def _check_install(words: list[str], where: str) -> None:
    targets = [w for w in words[4:] if not w.startswith("-")]
    assert targets, f"{where}: pip install what?"
    for target in targets:
        m = re.fullmatch(r"\.(?:\[([\w,]+)\])?", target)
        assert m, f"{where}: pip install {target}: not this package"
        unknown = set((m.group(1) or "").split(",")) - {""} - _extras()
        assert not unknown, f"{where}: no such extra in pyproject.toml: {unknown}"


def run(words: list[str], block: Block, cwd: Path) -> tuple[int, str]:
    """Run one command as the docs show it; its exit status and everything it printed."""
    if words[:2] == ["python3", "-m"] and words[2] == "fearsome_rules":
        words = ["fearsome-rules", *words[3:]]
    if words[0] == "fearsome-rules":
        if block.has("games") and "--games" in words:
            words[words.index("--games") + 1] = block.directives["games"]
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            try:
                status = main(words[1:])
            except SystemExit as e:  # argparse
                status = e.code if isinstance(e.code, int) else 1
        return status, out.getvalue()
    if words[0] == "python3":
        stdin = block.directives.get("stdin")
        done = subprocess.run(
            [sys.executable, *words[1:]],
            cwd=cwd,
            input=None if stdin is None else stdin + "\n",
            stdin=subprocess.DEVNULL if stdin is None else None,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=120,
            check=False,
        )
        return done.returncode, done.stdout
    raise AssertionError(f"{block.where}: cannot run {shlex.join(words)}: mark the block")


@pytest.mark.parametrize("block", _select(shell=True), ids=_ids)
def test_shell_block(block: Block, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if block.has("compiled") and not fr.COMPILED:
        pytest.skip(f"{block.where} shows what the compiled build prints; this is the pure build")
    for name in LINKED:
        (tmp_path / name).symlink_to(ROOT / name)
    for b in blocks(block.path):
        if b.has("writes"):
            (tmp_path / b.directives["writes"]).write_text(b.text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    expected = int(block.directives.get("status", "0"))
    for words, shown in commands(block):
        if words[:4] == ["python3", "-m", "pip", "install"]:
            _check_install(words, block.where)
            continue
        status, printed = run(words, block, tmp_path)
        command = shlex.join(words)
        assert status == expected, f"{block.where}: {command}: exit status {status}\n{printed}"
        if block.lang == "console" and shown:  # a command shown without output: not compared
            assert _pattern(_normalise(_tidy(shown))).fullmatch(_tidy(printed)), (
                f"{block.where}: {command} printed\n{printed}\nbut the page shows\n{shown}"
            )


def inventory() -> str:
    """The blocks of each page by language tag, and how they are tested."""
    rows = []
    for page in DOCS:
        found = blocks(page)
        tags = Counter(b.lang or "(none)" for b in found)
        how = Counter(
            "generated" if page.name in GENERATED else ", ".join(b.directives) or "plain"
            for b in found
        )
        rows.append(f"{page.relative_to(ROOT)}: {dict(tags)}  {dict(how)}")
    rows.append(f"all: {dict(Counter(b.lang or '(none)' for b in ALL))}")
    return "\n".join(rows)


if __name__ == "__main__":
    print(inventory())
