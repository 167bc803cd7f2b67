"""The documentation site builds offline, and every page, link, image and anchor in it works.

``scripts/build_docs.py`` renders README.md, docs/*.md, spec/*.md and conformance/README.md
with Python-Markdown (no network is ever touched) and writes a rule index.
"""

from __future__ import annotations

import importlib.util
import posixpath
import re
import socket
import sys
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType
from urllib.parse import unquote, urlsplit

import pytest
from spec_ids import spec_ids

ROOT = Path(__file__).resolve().parent.parent


def _builder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_docs", ROOT / "scripts" / "build_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


class _Page(HTMLParser):
    """The ids of a generated page and the links (href, src) it contains."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            if value is not None and (
                (tag == "a" and name == "href") or (tag == "img" and name == "src")
            ):
                self.links.append(value)


def _no_network(*args: object, **kwargs: object) -> None:
    raise AssertionError("the docs build tried to use the network")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    with pytest.MonkeyPatch.context() as patch:  # the build must work offline
        patch.setattr(socket.socket, "connect", _no_network)
        patch.setattr(socket, "getaddrinfo", _no_network)
        built = _builder().build(out)
    assert built.problems == [], "\n".join(built.problems)
    return out


@pytest.fixture(scope="module")
def pages(site: Path) -> dict[str, _Page]:
    parsed = {}
    for path in sorted(site.rglob("*.html")):
        page = _Page()
        page.feed(path.read_text("utf-8"))
        parsed[path.relative_to(site).as_posix()] = page
    return parsed


def test_every_page_is_built(site: Path) -> None:
    expected = ["index.html", "rules.html", "conformance/index.html"]
    expected += [f"docs/{p.stem}.html" for p in (ROOT / "docs").glob("*.md")]
    expected += [
        "spec/index.html" if p.stem == "README" else f"spec/{p.stem}.html"
        for p in (ROOT / "spec").glob("*.md")
    ]
    for name in ("getting-started", "embedding", "cli", "interpretations", "conformance"):
        assert f"docs/{name}.html" in expected
    missing = [name for name in expected if not (site / name).is_file()]
    assert not missing


def test_every_link_image_and_anchor_resolves(site: Path, pages: dict[str, _Page]) -> None:
    broken = []
    checked = 0
    for name, page in pages.items():
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc:
                continue
            target = name
            if parts.path:
                target = posixpath.normpath(
                    posixpath.join(posixpath.dirname(name), unquote(parts.path))
                )
            checked += 1
            if target.startswith("..") or not (site / target).is_file():
                broken.append(f"{name}: {link}: no such file")
            elif parts.fragment and parts.fragment not in pages[target].ids:
                broken.append(f"{name}: {link}: no such anchor")
    assert checked > 500
    assert not broken, "\n".join(broken)


def test_pictures_are_in_the_site(site: Path, pages: dict[str, _Page]) -> None:
    images = [link for link in pages["docs/interpretations.html"].links if link.endswith(".svg")]
    assert images and all((site / "docs" / link).is_file() for link in images)


def test_the_rule_index_links_every_rule(pages: dict[str, _Page]) -> None:
    listed = set(pages["rules.html"].links)
    for rid, file in spec_ids().items():
        page = "spec/index.html" if file == "README.md" else f"spec/{file[:-3]}.html"
        assert f"{page}#{rid}" in listed, rid
        assert rid in pages[page].ids, rid


def test_the_rule_index_links_each_rule_to_its_tests_and_cases(site: Path) -> None:
    """A newcomer finds the tests and the conformance cases of a rule id from the rule index."""
    text = (site / "rules.html").read_text("utf-8")
    pattern = re.compile(r'<tr>\s*<td><a href="spec/[a-z]+\.html#([A-Z0-9-]+)">.*?</tr>', re.S)
    rows = {m.group(1): m.group(0) for m in pattern.finditer(text)}
    assert set(rows) == set(spec_ids())
    for rid, row in rows.items():
        assert re.search(r'href="tests/[a-z/]+/test_\w+\.py"', row), f"{rid}: no test linked"
        assert 'href="conformance/cases/' in row, f"{rid}: no conformance case linked"
    assert "test_never_looks_back" in rows["MON-SIGHT-DIRS"]
    assert (site / "tests" / "core" / "test_monster.py").is_file()


def test_rule_ids_in_the_text_link_to_their_rule(pages: dict[str, _Page]) -> None:
    assert "monster.html#MON-CHOOSE" in pages["spec/advanced.html"].links
    assert "../spec/monster.html#MON-CHOOSE" in pages["docs/interpretations.html"].links


def test_docs_link_to_the_spec(pages: dict[str, _Page]) -> None:
    assert "../spec/index.html" in pages["docs/index.html"].links
