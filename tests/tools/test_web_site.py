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


def test_the_npm_packages_snapshot_only_when_made_from_the_clone_as_it_is(
    tmp_path: Path,
) -> None:
    """A clone's site starts from the npm package's snapshot only if ``npm run build`` made it
    (and the wheels) from the sources as they are now; anything else is the wheels' start."""
    import zipfile
    from importlib import metadata

    source = tmp_path / "fearsome_rules" / "rules.py"
    source.parent.mkdir()
    source.write_text("RULES = 1\n")
    names = [f"{n}-{metadata.version(n)}-py3-none-any.whl" for n in site.DEPENDENCIES]
    names.append("fearsome_rules-0.2.0-py3-none-any.whl")
    (tmp_path / "js" / "wheels").mkdir(parents=True)
    with zipfile.ZipFile(tmp_path / "js" / "wheels" / names[-1], "w") as wheel:
        wheel.writestr("fearsome_rules/rules.py", "RULES = 1\n")
    made = {"pyodide": site.PYODIDE_VERSION, "wheels": names}
    (tmp_path / "js" / "wheels" / "manifest.json").write_text(json.dumps(made))
    (tmp_path / "js" / "snapshot").mkdir()
    (tmp_path / "js" / "snapshot" / "manifest.json").write_text(json.dumps(made))
    assert site.packaged(tmp_path) is None  # no snapshot file
    (tmp_path / "js" / site.SNAPSHOT).write_bytes(b"memory")
    assert site.packaged(tmp_path) == names
    source.write_text("RULES = 2\n")  # the engine changed since: its start from the wheels
    assert site.packaged(tmp_path) is None
    source.write_text("RULES = 1\n")
    (tmp_path / "fearsome_rules" / "new.py").write_text("")  # a module the wheel lacks
    assert site.packaged(tmp_path) is None
    (tmp_path / "fearsome_rules" / "new.py").unlink()
    other = {**made, "pyodide": "0.0.1"}  # another runtime's memory
    (tmp_path / "js" / "snapshot" / "manifest.json").write_text(json.dumps(other))
    assert site.packaged(tmp_path) is None


def test_a_site_without_node_starts_from_its_wheels_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A clone whose npm package is stale gets a snapshot made for its site with Node.js; with
    no Node the site keeps its wheels, and the build says so in one line."""
    monkeypatch.setenv("PATH", str(tmp_path))  # no node on it
    (tmp_path / "wheels").mkdir()
    said: list[str] = []
    site._snapshot(site.project_root(), tmp_path, ["a.whl"], said.append)
    assert said == [
        "no snapshot (no node on PATH): the page starts from its wheels (about 3 s instead of 1) "
        "and keeps a snapshot in the browser for its next loads"
    ]
    assert not (tmp_path / "snapshot").exists()
