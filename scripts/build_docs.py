"""Build the documentation as a static HTML site, offline.

Renders ``README.md``, ``docs/*.md``, ``spec/*.md`` and ``conformance/README.md`` with
Python-Markdown (``pip install -e '.[docs]'``) into a site that mirrors the repository's
layout (``README.md`` becomes ``index.html``, every other ``README.md`` its folder's
``index.html``, ``x.md`` becomes ``x.html``), with:

- a sidebar on every page: the pages in reading order, and the current page's headings;
- relative links rewritten (``.md`` to ``.html``, anchors kept) and checked: every link and
  image must resolve to a page or a file, and every ``#anchor`` to a heading of its page;
  linked files that are not pages (the pictures of ``docs/img``, question files, the schema)
  are copied;
- every rule heading of the spec (``### MON-CHOOSE: Choosing a direction``) anchored by its id
  (``spec/monster.html#MON-CHOOSE``), rule ids in the text linked to their rule, and a rule
  index (``rules.html``) listing every id.

Nothing is fetched: the pages carry their own style sheet and no scripts.

Usage, from the repository root::

    python3 scripts/build_docs.py             # build into site/ (git-ignored)
    python3 scripts/build_docs.py -o DIR      # build into DIR
    python3 scripts/build_docs.py --cli       # regenerate docs/cli.md from the argparse parser

The build exits 1, listing them, if a link is broken. ``tests/test_build_docs.py`` builds the
site and checks every page and link; ``tests/cli/test_cli_reference.py`` checks docs/cli.md.
"""

from __future__ import annotations

import argparse
import html
import importlib.util
import posixpath
import re
import shutil
import sys
import time
import xml.etree.ElementTree as etree
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import markdown  # type: ignore[import-untyped]
from markdown.extensions import Extension  # type: ignore[import-untyped]
from markdown.extensions.toc import TocExtension  # type: ignore[import-untyped]
from markdown.treeprocessors import Treeprocessor  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parent.parent
MARKER = ".fearsome-docs"  # marks a folder this script built, so a rebuild may empty it
RULE_HEADING = re.compile(r"^### ([A-Z]+(?:-[A-Z0-9]+)+): (.+)$", re.MULTILINE)
# Reading order; pages not named here follow in name order.
DOCS_ORDER = (
    "index",
    "getting-started",
    "embedding",
    "conformance",
    "interpretations",
    "explain-and-render",
    "simulate",
    "cli",
    "testing",
    "architecture",
)
SPEC_ORDER = (
    "README",
    "board",
    "setup",
    "round",
    "figures",
    "monster",
    "deck",
    "end",
    "placement",
    "advanced",
    "options",
)


@dataclass
class Page:
    """One page of the site: its Markdown source (a path relative to the repository, or a
    virtual one for a generated page), where it goes in the site, and its title."""

    source: str
    out: str
    section: str
    text: str
    title: str = ""
    body: str = ""
    toc: str = ""
    ids: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        m = re.search(r"^# (.+)$", self.text, re.MULTILINE)
        self.title = _plain(m.group(1)) if m else self.out


def _plain(text: str) -> str:
    """Markdown inline text without its marks, for titles."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return re.sub(r"[`*]", "", text).strip()


def _ordered(paths: list[Path], order: tuple[str, ...]) -> list[Path]:
    rank = {name: i for i, name in enumerate(order)}
    return sorted(paths, key=lambda p: (rank.get(p.stem, len(rank)), p.stem))


def _out_name(source: str) -> str:
    folder, name = posixpath.split(source)
    stem = name[: -len(".md")]
    return posixpath.join(folder, "index.html" if stem == "README" else f"{stem}.html")


def spec_rules(root: Path = ROOT) -> dict[str, tuple[str, str]]:
    """Every rule id of spec/*.md with its file (``spec/monster.md``) and title."""
    rules: dict[str, tuple[str, str]] = {}
    for path in sorted((root / "spec").glob("*.md")):
        for m in RULE_HEADING.finditer(path.read_text("utf-8")):
            rules[m.group(1)] = (f"spec/{path.name}", _plain(m.group(2)))
    return rules


def rule_index(
    rules: dict[str, tuple[str, str]],
    pages: dict[str, Page],
    tests: dict[str, list[tuple[str, str, int]]],
    cases: dict[str, list[tuple[str, str]]],
) -> str:
    """The Markdown of the rule index: every rule id, by spec file, linking to its rule, to the
    tests that carry it (``@pytest.mark.rules``) and to its conformance cases."""
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
    for source, items in sorted(by_file.items(), key=lambda kv: list(pages).index(kv[0])):
        lines += [
            "",
            f"## [{pages[source].title}]({source})",
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


def _grouped(refs: list[tuple[str, str, int]]) -> str:
    """``[file](file): name (line), name`` per file, for a table cell."""
    by_file: dict[str, list[str]] = {}
    for file, name, line in refs:
        by_file.setdefault(file, []).append(f"{name} ({line})" if line else name)
    return "; ".join(
        f"[{posixpath.basename(f)}]({f}): {', '.join(names)}" for f, names in by_file.items()
    )


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


def collect_pages(root: Path = ROOT) -> dict[str, Page]:
    """The pages of the site in reading order, by source path."""
    sources = [("README.md", "Home")]
    sources += [
        (f"docs/{p.name}", "Documentation")
        for p in _ordered(list((root / "docs").glob("*.md")), DOCS_ORDER)
    ]
    sources += [
        (f"spec/{p.name}", "Specification")
        for p in _ordered(list((root / "spec").glob("*.md")), SPEC_ORDER)
    ]
    if (root / "conformance" / "README.md").is_file():
        sources.append(("conformance/README.md", "Conformance suite"))
    pages = {
        src: Page(src, "index.html" if src == "README.md" else _out_name(src), section, text)
        for src, section in sources
        for text in [(root / src).read_text("utf-8")]
    }
    text = rule_index(spec_rules(root), pages, rule_tests(root), rule_cases(root))
    index = Page("rules.md", "rules.html", "Specification", text)
    order = list(pages)
    last_spec = max(k for k, src in enumerate(order) if src.startswith("spec/"))
    order.insert(last_spec + 1, index.source)
    pages[index.source] = index
    return {src: pages[src] for src in order}


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


# --- the site --------------------------------------------------------------------------------


class Site:
    """The pages, the files they link to, and the problems found while linking them."""

    def __init__(self, root: Path = ROOT) -> None:
        self.root = root
        self.pages = collect_pages(root)
        self.rules = spec_rules(root)
        self.files: set[str] = set()  # linked files that are not pages, copied as they are
        self.anchors: list[tuple[Page, str, str, str]] = []  # page, href, target out, anchor
        self.problems: list[str] = []

    def href(self, page: Page, url: str) -> str:
        """``url`` as written in ``page`` rewritten for the site; records what to check."""
        parts = urlsplit(url)
        if parts.scheme or parts.netloc:
            return url
        if not parts.path:
            if parts.fragment:
                self.anchors.append((page, url, page.out, parts.fragment))
            return url
        target = posixpath.normpath(posixpath.join(posixpath.dirname(page.source), parts.path))
        if target == ".." or target.startswith("../"):
            self.problems.append(f"{page.source}: {url}: outside the repository")
            return url
        if target in self.pages:
            out = self.pages[target].out
        elif (self.root / target).is_dir() and f"{target}/README.md" in self.pages:
            out = self.pages[f"{target}/README.md"].out
        elif (self.root / target).is_file():
            out = target
            self.files.add(target)
        else:
            self.problems.append(f"{page.source}: {url}: no such page or file")
            return url
        new = posixpath.relpath(out, posixpath.dirname(page.out) or ".")
        if parts.fragment:
            new += f"#{parts.fragment}"
            self.anchors.append((page, url, out, parts.fragment))
        return new

    def rule_href(self, page: Page, rid: str) -> str:
        out = self.pages[self.rules[rid][0]].out
        return posixpath.relpath(out, posixpath.dirname(page.out) or ".") + f"#{rid}"

    def render(self) -> None:
        for page in self.pages.values():
            md = markdown.Markdown(
                extensions=[
                    "tables",
                    "fenced_code",
                    TocExtension(slugify=_slugify, toc_depth="2-3"),
                    _Links(self, page),
                ],
                output_format="html",
            )
            page.body = md.convert(prepare(page.text))
            page.toc = md.toc
            page.ids = set(re.findall(r'\sid="([^"]+)"', page.body))
        by_out = {p.out: p for p in self.pages.values()}
        for page, url, out, anchor in self.anchors:
            target = by_out.get(out)
            if target is None:
                self.problems.append(f"{page.source}: {url}: #{anchor} in a file that is no page")
            elif anchor not in target.ids:
                self.problems.append(f"{page.source}: {url}: no heading #{anchor}")

    def nav(self, current: Page) -> str:
        parts: list[str] = []
        section = ""
        for page in self.pages.values():
            if page.section != section:
                if section:
                    parts.append("</ul>")
                section = page.section
                parts.append(f"<h2>{html.escape(section)}</h2><ul>")
            href = posixpath.relpath(page.out, posixpath.dirname(current.out) or ".")
            if page is current:
                parts.append(f'<li class="current"><a href="{href}">{html.escape(page.title)}</a>')
                parts.append(current.toc + "</li>")
            else:
                parts.append(f'<li><a href="{href}">{html.escape(page.title)}</a></li>')
        parts.append("</ul>")
        return "\n".join(parts)

    def write(self, out_dir: Path) -> None:
        if out_dir.exists():
            if not (out_dir / MARKER).exists() and any(out_dir.iterdir()):
                raise SystemExit(f"{out_dir}: not empty and not built by this script; not touched")
            shutil.rmtree(out_dir)
        out_dir.mkdir(parents=True)
        (out_dir / MARKER).write_text("built by scripts/build_docs.py\n", "utf-8")
        for page in self.pages.values():
            dest = out_dir / page.out
            dest.parent.mkdir(parents=True, exist_ok=True)
            home = posixpath.relpath("index.html", posixpath.dirname(page.out) or ".")
            dest.write_text(
                TEMPLATE.format(
                    title=html.escape(page.title),
                    home=home,
                    nav=self.nav(page),
                    body=page.body,
                    source=html.escape(
                        page.source
                        if (self.root / page.source).is_file()
                        else "generated from the rule headings of spec/*.md"
                    ),
                ),
                "utf-8",
            )
        for name in sorted(self.files):
            dest = out_dir / name
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(self.root / name, dest)


class _Links(Extension):  # type: ignore[misc]
    """Rewrites the links and images of one page and links its rule ids."""

    def __init__(self, site: Site, page: Page) -> None:
        super().__init__()
        self.site, self.page = site, page

    def extendMarkdown(self, md: Any) -> None:  # Python-Markdown names it so
        md.treeprocessors.register(_LinkTree(md, self.site, self.page), "site_links", 1)


class _LinkTree(Treeprocessor):  # type: ignore[misc]
    SKIP = frozenset({"a", "code", "pre", "h1", "h2", "h3", "h4", "h5", "h6"})

    def __init__(self, md: Any, site: Site, page: Page) -> None:
        super().__init__(md)
        self.site, self.page = site, page
        ids = sorted(site.rules, key=len, reverse=True)
        self.rule_re = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])")

    def run(self, root: etree.Element) -> None:
        for el in root.iter():
            if el.tag == "a" and el.get("href") is not None:
                el.set("href", self.site.href(self.page, el.get("href", "")))
            elif el.tag == "img" and el.get("src") is not None:
                el.set("src", self.site.href(self.page, el.get("src", "")))
        self._link_rules(root, skip=False)

    def _links(self, text: str) -> tuple[str, list[etree.Element]]:
        """``text`` split at its rule ids: the text before the first, and a link per id with
        the text after it as its tail."""
        pieces = self.rule_re.split(text)
        links = []
        for k in range(1, len(pieces), 2):
            a = etree.Element("a", {"href": self.site.rule_href(self.page, pieces[k])})
            a.set("class", "rule")
            a.text, a.tail = pieces[k], pieces[k + 1]
            links.append(a)
        return pieces[0], links

    def _link_rules(self, el: etree.Element, skip: bool) -> None:
        skip = skip or el.tag in self.SKIP
        children = list(el)
        if not skip and el.text:
            el.text, links = self._links(el.text)
            for k, a in enumerate(links):
                el.insert(k, a)
        for child in children:
            self._link_rules(child, skip)
            if skip:
                continue
            at = list(el).index(child)
            if child.tag == "code" and len(child) == 0 and (child.text or "") in self.site.rules:
                a = etree.Element("a", {"href": self.site.rule_href(self.page, child.text or "")})
                a.set("class", "rule")
                el.remove(child)
                a.tail, child.tail = child.tail, None
                a.append(child)
                el.insert(at, a)
                child = a
            if child.tail:
                child.tail, links = self._links(child.tail)
                for k, a in enumerate(links):
                    el.insert(at + 1 + k, a)


TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} - fearsome_rules</title>
<style>
body {{ margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif;
  color: #1d1d1f; display: flex; }}
nav {{ width: 17rem; flex: none; height: 100vh; overflow-y: auto; position: sticky; top: 0;
  box-sizing: border-box; padding: 1rem; background: #f5f5f7; border-right: 1px solid #ddd;
  font-size: 0.9rem; }}
nav h1 {{ font-size: 1.1rem; margin: 0 0 0.5rem; }}
nav h2 {{ font-size: 0.8rem; text-transform: uppercase; color: #666; margin: 1rem 0 0.3rem; }}
nav ul {{ list-style: none; margin: 0; padding: 0; }}
nav ul ul {{ padding-left: 0.8rem; font-size: 0.85rem; }}
nav li {{ margin: 0.15rem 0; }}
nav li.current > a {{ font-weight: bold; }}
nav a {{ text-decoration: none; }}
main {{ max-width: 52rem; padding: 1rem 2rem 4rem; min-width: 0; }}
a {{ color: #0b57d0; }}
a.rule {{ text-decoration: none; border-bottom: 1px dotted #0b57d0; }}
code {{ font: 0.9em ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace;
  background: #f2f2f2; padding: 0.05em 0.25em; border-radius: 3px; }}
pre {{ background: #f6f8fa; border: 1px solid #e1e4e8; padding: 0.8rem; overflow-x: auto;
  line-height: 1.35; }}
pre code {{ background: none; padding: 0; }}
table {{ border-collapse: collapse; margin: 1rem 0; }}
th, td {{ border: 1px solid #d0d7de; padding: 0.3rem 0.6rem; vertical-align: top;
  text-align: left; }}
th {{ background: #f6f8fa; }}
img {{ max-width: 100%; }}
h3[id] {{ scroll-margin-top: 1rem; }}
footer {{ margin-top: 3rem; font-size: 0.8rem; color: #666; }}
@media (max-width: 50rem) {{ body {{ display: block; }}
  nav {{ width: auto; height: auto; position: static; }} }}
</style>
</head>
<body>
<nav>
<h1><a href="{home}">fearsome_rules</a></h1>
{nav}
</nav>
<main>
{body}
<footer>Source: <code>{source}</code></footer>
</main>
</body>
</html>
"""


def build(out_dir: Path, root: Path = ROOT) -> Site:
    """Render the site into ``out_dir``; the returned site lists any problems found."""
    site = Site(root)
    site.render()
    site.write(out_dir)
    return site


def write_cli_reference(root: Path = ROOT) -> Path:
    """Regenerate docs/cli.md from the command line's parser."""
    sys.path.insert(0, str(root))
    from fearsome_rules.cli.reference import reference

    path = root / "docs" / "cli.md"
    path.write_text(reference(), "utf-8")
    return path


def _files(out_dir: Path) -> Iterator[Path]:
    return (p for p in out_dir.rglob("*") if p.is_file() and p.name != MARKER)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("-o", "--output", default=str(ROOT / "site"), help="default: site/")
    parser.add_argument("--cli", action="store_true", help="regenerate docs/cli.md and stop")
    args = parser.parse_args(argv)
    if args.cli:
        print(f"wrote {write_cli_reference().relative_to(ROOT)}")
        return 0
    start = time.perf_counter()
    out_dir = Path(args.output)
    site = build(out_dir)
    seconds = time.perf_counter() - start
    for problem in site.problems:
        print(problem, file=sys.stderr)
    pages = len(site.pages)
    files = sum(1 for _ in _files(out_dir)) - pages
    print(f"{pages} pages and {files} files in {out_dir} ({seconds:.1f} s)")
    return 1 if site.problems else 0


if __name__ == "__main__":
    sys.exit(main())
