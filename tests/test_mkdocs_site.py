"""The documentation site on MkDocs (mkdocs.yml, docs/hooks/): it builds strictly (every link
and anchor checked by MkDocs), offline, with every page, the rule anchors and links, the rule
index, search, and an API reference entry for every public name."""

from __future__ import annotations

import re
import socket
from pathlib import Path

import pytest
from public_api import MODULES, OPTIONAL, SINGLE, module_names, resolve
from spec_ids import spec_ids

import fearsome_rules as fr

pytest.importorskip("mkdocs", reason="needs the docs extra (mkdocs is not installed)")
pytest.importorskip("mkdocstrings", reason="needs the docs extra (mkdocstrings is not installed)")

from mkdocs.commands.build import build
from mkdocs.config import load_config

ROOT = Path(__file__).resolve().parent.parent


def _no_network(*args: object, **kwargs: object) -> None:
    raise AssertionError("the docs build tried to use the network")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("mkdocs-site")
    config = load_config(str(ROOT / "mkdocs.yml"), site_dir=str(out), strict=True)
    with pytest.MonkeyPatch.context() as patch:  # the build must work offline
        patch.setattr(socket.socket, "connect", _no_network)
        patch.setattr(socket, "getaddrinfo", _no_network)
        build(config)  # strict: any warning (a broken link or anchor) aborts
    return out


def _ids(page: Path) -> set[str]:
    return set(re.findall(r'\sid="([^"]+)"', page.read_text("utf-8")))


def test_every_page_is_built(site: Path) -> None:
    expected = ["index.html", "rules.html", "conformance/index.html", "CHANGELOG.html"]
    expected += [f"docs/{p.stem}.html" for p in (ROOT / "docs").glob("*.md")]
    expected += [
        "spec/index.html" if p.stem == "README" else f"spec/{p.stem}.html"
        for p in (ROOT / "spec").glob("*.md")
    ]
    missing = [name for name in expected if not (site / name).is_file()]
    assert not missing
    assert (site / "docs" / "img").is_dir() and (
        site / "tests" / "core" / "test_monster.py"
    ).is_file()


def test_every_docs_page_is_in_the_navigation() -> None:
    nav = (ROOT / "mkdocs.yml").read_text("utf-8")
    for page in [*(ROOT / "docs").glob("*.md"), *(ROOT / "spec").glob("*.md")]:
        assert f"- {page.relative_to(ROOT).as_posix()}\n" in nav, page


def test_rules_are_anchored_linked_and_indexed(site: Path) -> None:
    index = (site / "rules.html").read_text("utf-8")
    for rid, file in spec_ids().items():
        page = "spec/index.html" if file == "README.md" else f"spec/{file[:-3]}.html"
        assert f'href="{page}#{rid}"' in index, rid
        assert rid in _ids(site / page), rid
    assert 'href="monster.html#MON-CHOOSE"' in (site / "spec" / "advanced.html").read_text()
    text = (site / "docs" / "interpretations.html").read_text("utf-8")
    assert 'href="../spec/monster.html#MON-CHOOSE"' in text


def test_every_public_name_has_its_api_entry(site: Path) -> None:
    ids: set[str] = set()
    for page in (site / "docs" / "api").glob("*.html"):
        ids |= _ids(page)
    real = {"board": "fearsome_rules.core.board", "deck": "fearsome_rules.core.deck"}
    real |= {"events": "fearsome_rules.core.events", "bots": "fearsome_rules.tools.bots"}
    missing = [
        name
        for name in fr.__all__
        if f"fearsome_rules.{name}" not in ids and real.get(name) not in ids
    ]
    assert not missing
    # Every public name of every documented module (docs/stability.md), read as
    # tests/public_api.py reads them: the modules of fr.__all__ under their real names.
    for path in MODULES:
        try:
            module = resolve(path)
        except ImportError:  # an adapter whose framework (an extra) is not installed
            assert path in OPTIONAL, path
            continue
        missing += [
            f"{module.__name__}.{n}"
            for n in module_names(module)
            if f"{module.__name__}.{n}" not in ids
        ]
    missing += [name for name in SINGLE if name not in ids]
    assert not missing


def test_the_api_reference_shows_doctests_as_code(site: Path) -> None:
    text = (site / "docs" / "api" / "fearsome_rules.html").read_text("utf-8")
    assert "&gt;&gt;&gt;" in text and "<blockquote>" not in text


def test_the_site_has_its_search_index(site: Path) -> None:
    index = (site / "search" / "search_index.json").read_text("utf-8")
    assert "MON-CHOOSE" in index and "Rule index" in index
