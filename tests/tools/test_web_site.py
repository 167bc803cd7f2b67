"""The web page's build (``fearsome_rules.tools.web.site``), in CPython: the rule texts shipped
with the page, a build redone when an input changes, a build without npm refused in one line.
What the page does is tested in a real browser (tests/tools/test_web_page.py and the others)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fearsome_rules.cli import main
from fearsome_rules.core.rules import RULE_IDS
from fearsome_rules.tools.web import site


def test_the_rules_shipped_with_the_page_are_the_specs() -> None:
    rules = site.rules(site.project_root())
    assert set(rules) == RULE_IDS
    assert rules["FIG-ENTER"]["title"] == "Entering the board"
    assert "first entry is p11" in rules["FIG-ENTER"]["text"]


def test_a_build_is_redone_when_an_input_changes(tmp_path: Path) -> None:
    for name in (
        "pyproject.toml",
        "setup.py",
        "web/index.html",
        "js/src/browser.js",
        "spec/a.md",
        "fearsome_rules/x.py",
    ):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x")
    digest = site.inputs_digest(tmp_path)
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "build.json").write_text(json.dumps({"inputs": digest}))
    assert site.up_to_date(tmp_path / "out", tmp_path)
    (tmp_path / "web" / "index.html").write_text("y")
    assert not site.up_to_date(tmp_path / "out", tmp_path)
    stamp = {"inputs": site.inputs_digest(tmp_path)}
    (tmp_path / "out" / "build.json").write_text(json.dumps(stamp))
    (tmp_path / "js" / "src" / "browser.js").write_text("y")  # the package's modules: an input
    assert not site.up_to_date(tmp_path / "out", tmp_path)


def test_without_npm_the_build_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no npm on it
    assert main(["web", "--build-only", "--out", str(tmp_path / "site")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("fearsome-rules: npm is not installed") and err.count("\n") == 1
    assert not (tmp_path / "site").exists()
