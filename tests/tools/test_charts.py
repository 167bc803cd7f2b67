"""``--chart`` of ``simulate`` and ``rate`` (as ``readings --chart``): a matplotlib chart drawn
from the command's JSON document, whose ``format`` and ``version`` say what it is."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from fearsome_rules.cli import main
from fearsome_rules.tools.rating.chart import write_chart as rating_chart
from fearsome_rules.tools.simulate.chart import write_chart as simulation_chart

pytest.importorskip("matplotlib", reason="needs the charts extra (matplotlib is not installed)")

SIMULATE = ["simulate", "--games", "6", "--players", "3", "--seed", "4", "--workers", "1"]
RATE = ["rate", "--players", "2", "--bots", "greedy,random", "--games", "2", "--workers", "1"]


def _texts(svg: Path) -> list[str]:
    """The texts of a matplotlib SVG (it draws glyphs as paths, each text after a comment)."""
    return re.findall(r"<!-- (.*?) -->", svg.read_text("utf-8"))


def test_simulate_writes_its_json_with_format_and_version_and_draws_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, chart = tmp_path / "s.json", tmp_path / "s.svg"
    argv = [*SIMULATE, "--bots", "greedy,random,runner", "--variant", "three_hits=true"]
    assert main([*argv, "--variant", "default", "--json", str(out), "--chart", str(chart)]) == 0
    assert capsys.readouterr().err == ""
    doc = json.loads(out.read_text("utf-8"))
    assert doc["format"] == "fearsome-rules/simulation" and doc["version"] == 1
    assert {"variants", "seconds", "workers", "executor"} <= set(doc)  # the keys before them
    texts = _texts(chart)
    assert {"A (greedy)", "B (random)", "C (runner)", "three_hits=true", "default"} <= set(texts)
    assert set(doc["variants"][0]["ended_by"]) <= set(texts)
    assert "6 games per variant, 3 players, basic setup, seed 4" in texts
    # A saved document draws the same chart again.
    again = tmp_path / "again.svg"
    simulation_chart(doc, str(again))
    assert _texts(again) == texts


def test_simulate_draws_a_png_for_one_variant_and_one_bot(tmp_path: Path) -> None:
    chart = tmp_path / "s.png"
    assert main([*SIMULATE, "--chart", str(chart)]) == 0
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_rate_writes_its_json_with_format_and_version_and_draws_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("openskill", reason="needs the rating extra (openskill is not installed)")
    out, chart = tmp_path / "r.json", tmp_path / "r.svg"
    assert main([*RATE, "--json", str(out), "--chart", str(chart)]) == 0
    assert capsys.readouterr().err == ""
    doc = json.loads(out.read_text("utf-8"))
    assert doc["format"] == "fearsome-rules/ratings" and doc["version"] == 1
    texts = _texts(chart)
    assert {"greedy", "random"} <= set(texts)
    assert "2-player tables, 2 games a seating, seed 1" in texts
    again = tmp_path / "again.svg"
    rating_chart(doc, str(again))
    assert _texts(again) == texts


@pytest.mark.parametrize("argv", [SIMULATE, RATE], ids=["simulate", "rate"])
def test_a_chart_without_matplotlib_is_refused_before_any_game(
    argv: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib: ImportError
    assert main([*argv, "--chart", str(tmp_path / "c.png")]) == 2
    out, err = capsys.readouterr()
    assert err == "fearsome-rules: --chart needs matplotlib: pip install 'fearsome_rules[charts]'\n"
    assert "games in" not in out
    assert not (tmp_path / "c.png").exists()


def test_a_chart_into_a_missing_folder_is_refused_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*SIMULATE, "--chart", str(tmp_path / "no" / "c.png")]) == 2
    out, err = capsys.readouterr()
    assert err.startswith("fearsome-rules: --chart ") and "no folder" in err
    assert out == ""
