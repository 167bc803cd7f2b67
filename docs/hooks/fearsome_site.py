"""The MkDocs hook of the documentation site (mkdocs.yml): what the standard generator does not
do by itself for this repository.

- The pages are the repository's own Markdown where it lies (README.md, docs/*.md, spec/*.md,
  conformance/README.md, CHANGELOG.md, RELEASING.md), so that every link written for reading the
  repository works in the site too; the files they link to (pictures, case files, schemas,
  tests) are copied beside them. ``docs_dir`` is ``docs`` only because MkDocs wants one.
- Lists nested the GitHub way (2 or 3 spaces) are indented as Python-Markdown wants them.
- Every rule heading of the spec (``### MON-CHOOSE: Choosing a direction``) is anchored by its
  id, other headings get GitHub's anchors; rule ids in the text link to their rule.
- The rule index (``rules.md``) lists every rule id with its rule, its tests and its
  conformance cases.

MkDocs checks every link and anchor (``validation`` in mkdocs.yml; ``--strict`` makes a broken
one fail the build); tests/test_mkdocs_site.py builds the site and checks it again.
"""

from __future__ import annotations

import importlib.util
import posixpath
import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[2]
RULE_HEADING = re.compile(r"^### ([A-Z]+(?:-[A-Z0-9]+)+): (.+)$", re.MULTILINE)
PAGES = ("README.md", "CHANGELOG.md", "RELEASING.md", "conformance/README.md")
PAGE_FOLDERS = ("docs", "spec")
COPIED = ("docs/img", "conformance", "tests", "examples", "docs/questions")
"""Folders whose files pages may link to: copied into the site as they are."""
COPIED_FILES = ("LICENSE",)


# --- the pages and files ---------------------------------------------------------------------


def _file(path: str, config: Any) -> File:
    return File(path, src_dir=str(ROOT), dest_dir=config["site_dir"], use_directory_urls=False)


def on_config(config: Any) -> Any:
    """Headings anchored by rule id, or as GitHub anchors them."""
    config["mdx_configs"].setdefault("toc", {})["slugify"] = _slugify
    return config


def on_files(files: Files, config: Any) -> Files:
    """The repository's pages and linked files instead of the docs folder's (the theme's own
    files stay), and the rule index."""
    docs = Path(config["docs_dir"]).resolve()
    chosen = Files([f for f in files if f.abs_src_path is None or not _within(f, docs)])
    paths = set(PAGES) | set(COPIED_FILES)
    for folder in PAGE_FOLDERS:
        paths.update(p.relative_to(ROOT).as_posix() for p in (ROOT / folder).rglob("*.md"))
    for folder in COPIED:
        paths.update(
            p.relative_to(ROOT).as_posix()
            for p in (ROOT / folder).rglob("*")
            if p.is_file() and "__pycache__" not in p.parts
        )
    for path in sorted(paths):
        if not path.startswith("docs/hooks/"):
            chosen.append(_file(path, config))
    chosen.append(File.generated(config, "rules.md", content=rule_index()))
    return chosen


def _within(file: File, folder: Path) -> bool:
    return Path(file.abs_src_path or "").resolve().is_relative_to(folder)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    return prepare(markdown)


def on_page_content(html: str, page: Any, config: Any, files: Files) -> str:
    """Rule ids in the text (not in links, headings or code blocks) link to their rule."""
    rules = spec_rules()
    here = posixpath.dirname(page.file.dest_uri)

    def href(rid: str) -> str:
        target = rules[rid][0][: -len(".md")] + ".html"
        return posixpath.relpath(target, here or ".") + f"#{rid}"

    ids = sorted(rules, key=len, reverse=True)
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])")
    out: list[str] = []
    skip = 0
    for piece in re.split(r"(<[^>]+>)", html):
        if piece.startswith("<"):
            m = re.match(r"<(/?)(\w+)", piece)
            if m and m.group(2) in ("a", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "script"):
                skip += -1 if m.group(1) else 1
            out.append(piece)
        elif skip:
            out.append(piece)
        else:
            out.append(
                pattern.sub(
                    lambda m: f'<a class="rule" href="{href(m.group(1))}">{m.group(1)}</a>', piece
                )
            )
    return "".join(out)


# --- the rule index --------------------------------------------------------------------------


def _plain(text: str) -> str:
    """Markdown inline text without its marks, for titles."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return re.sub(r"[`*]", "", text).strip()


def spec_rules(root: Path = ROOT) -> dict[str, tuple[str, str]]:
    """Every rule id of spec/*.md with its file (``spec/monster.md``) and title."""
    rules: dict[str, tuple[str, str]] = {}
    for path in sorted((root / "spec").glob("*.md")):
        for m in RULE_HEADING.finditer(path.read_text("utf-8")):
            rules[m.group(1)] = (f"spec/{path.name}", _plain(m.group(2)))
    return rules


def rule_tests(root: Path = ROOT) -> dict[str, list[tuple[str, str, int]]]:
    """Rule id -> its tests (file, name, line), read by the tests' own scanner."""
    spec = importlib.util.spec_from_file_location("spec_ids", root / "tests" / "spec_ids.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    found: dict[str, list[tuple[str, str, int]]] = module.rule_tests(root)
    return found


def rule_cases(root: Path = ROOT) -> dict[str, list[tuple[str, str]]]:
    """Rule id -> its conformance cases (file relative to the repository, case id)."""
    from fearsome_rules.tools.conformance import load

    found: dict[str, list[tuple[str, str]]] = {}
    for case in load([root / "conformance" / "cases"]).cases:
        file = Path(case.file).resolve().relative_to(root.resolve()).as_posix()
        for rid in case.rules:
            found.setdefault(rid, []).append((file, case.id))
    return found


def _grouped(refs: list[tuple[str, str, int]]) -> str:
    """``[file](file): name (line), name`` per file, for a table cell."""
    by_file: dict[str, list[str]] = {}
    for file, name, line in refs:
        by_file.setdefault(file, []).append(f"{name} ({line})" if line else name)
    return "; ".join(
        f"[{posixpath.basename(f)}]({f}): {', '.join(names)}" for f, names in by_file.items()
    )


def rule_index(root: Path = ROOT) -> str:
    """The Markdown of the rule index: every rule id, by spec file, linking to its rule, to the
    tests that carry it (``@pytest.mark.rules``) and to its conformance cases."""
    rules, tests, cases = spec_rules(root), rule_tests(root), rule_cases(root)
    lines = [
        "# Rule index",
        "",
        f"All {len(rules)} rule ids of the [specification](spec/README.md), file by file, in "
        "the order they appear. A rule's address is its file and its id: "
        "`spec/monster.html#MON-CHOOSE`. Ids are stable: never renamed or reused. Beside each "
        "rule: the tests that carry its id in a `@pytest.mark.rules(...)` marker (by file, with "
        "the line of each test) and the [conformance cases](conformance/README.md) that name it "
        "in their `rules:`.",
    ]
    by_file: dict[str, list[tuple[str, str]]] = {}
    for rid, (source, title) in rules.items():
        by_file.setdefault(source, []).append((rid, title))
    for source, items in by_file.items():
        m = re.search(r"^# (.+)$", (root / source).read_text("utf-8"), re.MULTILINE)
        title = _plain(m.group(1)) if m else source
        lines += [
            "",
            f"## [{title}]({source})",
            "",
            "| rule | title | tests | conformance cases |",
            "|---|---|---|---|",
        ]
        lines += [
            f"| [{rid}]({source}#{rid}) | {title} | {_grouped(tests.get(rid, []))} "
            f"| {_grouped([(f, c, 0) for f, c in cases.get(rid, [])])} |"
            for rid, title in items
        ]
    return "\n".join(lines) + "\n"


# --- GitHub-style Markdown for Python-Markdown ----------------------------------------------

LIST_ITEM = re.compile(r"^( *)([-*+]|\d+[.)])( +)(.*)$")
FENCE = re.compile(r"^(```|~~~)")


def prepare(text: str) -> str:
    """Adapt GitHub-flavoured Markdown to Python-Markdown's stricter reading: a list or a
    table may follow a paragraph line directly, and nested list items are indented by their
    parent's text (2 or 3 spaces), where Python-Markdown wants 4 per level."""
    out: list[str] = []
    stack: list[int] = []  # the text column of each open list item, outermost first
    in_fence = False
    prev = "blank"  # what the previous line was: blank, list, text, table, heading, fence
    for line in text.split("\n"):
        if in_fence:
            out.append(line)
            in_fence = not FENCE.match(line)
            prev = "fence"
            continue
        if FENCE.match(line):
            stack.clear()
            if prev not in ("blank", "fence"):
                out.append("")
            out.append(line)
            in_fence, prev = True, "fence"
            continue
        if not line.strip():
            out.append("")
            prev = "blank"
            continue
        indent = len(line) - len(line.lstrip(" "))
        m = LIST_ITEM.match(line)
        # As in CommonMark, only a numbered list starting at 1 may interrupt a paragraph.
        interrupts = prev == "text" and not stack
        if m and not (interrupts and m.group(2)[0].isdigit() and m.group(2)[:-1] != "1"):
            while stack and indent < stack[-1]:
                stack.pop()
            if not stack and prev not in ("blank", "list"):
                out.append("")
            out.append(" " * (4 * len(stack)) + m.group(2) + " " + m.group(4))
            stack.append(indent + len(m.group(2)) + len(m.group(3)))
            prev = "list"
            continue
        starts_block = indent == 0 and (line.startswith("#") or line.startswith("|"))
        if stack and not starts_block:
            if prev == "blank":
                while stack and indent < stack[-1]:
                    stack.pop()
            if stack:  # the text of the innermost open item
                out.append(" " * (4 * len(stack)) + line.lstrip())
                prev = "list"
                continue
        stack.clear()
        kind = "heading" if line.startswith("#") else "table" if line.startswith("|") else "text"
        if kind != "text" and prev not in ("blank", kind):
            out.append("")
        out.append(line)
        prev = kind
    return "\n".join(out)


def _slugify(value: str, separator: str) -> str:
    """A rule heading's anchor is its id; other headings get GitHub's anchors, so that links
    written for GitHub (``README.md#notation-squares``) work in the site too."""
    m = re.match(r"([A-Z]+(?:-[A-Z0-9]+)+): ", value)
    if m:
        return m.group(1)
    value = re.sub(r"[^\w\- ]", "", value.strip().lower())
    return value.replace(" ", separator)
