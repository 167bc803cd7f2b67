"""The conformance suite (conformance/cases/*.yaml): one test per case, and the loader's errors.

Each case is run by ``fearsome_rules.tools.conformance.run_case``, exactly as
``fearsome-rules conform`` runs it; a failing case shows the runner's lines.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fearsome_rules.cli import main
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.tools import conformance as cf

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "conformance" / "cases"
SUITE = cf.load([CASES])


def test_every_case_file_loads_without_problems() -> None:
    assert SUITE.problems == (), "\n".join(map(str, SUITE.problems))
    assert len(SUITE.files) >= 10
    assert len(SUITE.cases) >= 150


@pytest.mark.parametrize("case", SUITE.cases, ids=[c.id for c in SUITE.cases])
def test_case(case: cf.Case) -> None:
    result = cf.run_case(case)
    assert result.status == "passed", "\n".join(result.lines())


def test_case_ids_are_unique() -> None:
    ids = [c.id for c in SUITE.cases]
    assert len(ids) == len(set(ids))


def test_every_option_value_has_a_case() -> None:
    named = {(k, str(v).lower()) for c in SUITE.cases for k, v in c.options.items()}
    for option in RuleOptions.names():
        for value in RuleOptions.choices(option):
            assert (option, value) in named, f"no case names {option}={value}"


@pytest.mark.parametrize(
    "option",
    [
        f"{o}={v}"
        for o in RuleOptions.names()
        for v in RuleOptions.choices(o)
        if v != str(getattr(RuleOptions(), o)).lower()
    ],
)
def test_cases_name_the_readings_they_depend_on(option: str) -> None:
    # Under another reading every case still passes: a case that depends on an option names it
    # (and keeps its own value); the others do not depend on it.
    name, _, value = option.partition("=")
    for case in SUITE.cases:
        result = cf.run_case(case, {name: value})
        assert result.status != "failed", "\n".join(result.lines())


# --- malformed files: precise file:line:column problems, never a traceback -----------------

GOOD = """\
topic: t
description: d
cases:
  - id: sample-case
    description: one line
    rules: [FIG-ZERO]
    source: project decision
    new_game: {players: 2}
    steps:
      - do: A1 -
        expect: {figures: {A1: {at: waiting, face: 6}}}
suite: 1.0.0
"""


def problems_of(tmp_path: Path, text: str, name: str = "case.yaml") -> list[str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return [str(p) for p in cf.load([path]).problems]


def test_a_good_file_has_no_problem(tmp_path: Path) -> None:
    assert problems_of(tmp_path, GOOD) == []


def test_unknown_key(tmp_path: Path) -> None:
    text = GOOD.replace("    source: project decision\n", "    source: x\n    sauce: y\n")
    probs = problems_of(tmp_path, text)
    assert len(probs) == 1
    assert probs[0].startswith(f"{tmp_path / 'case.yaml'}:8:5: ")
    assert "unknown key 'sauce'" in probs[0]


def test_bad_square_syntax(tmp_path: Path) -> None:
    text = GOOD.replace("new_game: {players: 2}", "position: {players: 2, monster: z9}")
    (p,) = problems_of(tmp_path, text)
    assert ":8:37: " in p and "'z9' is not a square name" in p


def test_square_off_the_board(tmp_path: Path) -> None:
    text = GOOD.replace("new_game: {players: 2}", "position: {players: 2, monster: p1}")
    (p,) = problems_of(tmp_path, text)
    assert ":8:37: " in p and "bad square name 'p1'" in p


def test_wrong_type(tmp_path: Path) -> None:
    text = GOOD.replace("{players: 2}", "{players: two}")
    (p,) = problems_of(tmp_path, text)
    assert ":8:25: " in p and "'two' is not of type 'integer'" in p


def test_duplicate_key(tmp_path: Path) -> None:
    text = GOOD.replace("    source: project decision\n", "    source: a\n    source: b\n")
    (p,) = problems_of(tmp_path, text)
    assert ":8:5: " in p and "duplicate key 'source' (first at line 7)" in p


def test_duplicate_id_across_files(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b.yaml").write_text(GOOD, encoding="utf-8")
    probs = [str(p) for p in cf.load([tmp_path]).problems]
    assert len(probs) == 1
    assert probs[0].startswith(f"{tmp_path / 'b.yaml'}:4:9: ")
    assert f"duplicate case id 'sample-case' (first used at {tmp_path / 'a.yaml'}:4)" in probs[0]


def test_unknown_rule_id(tmp_path: Path) -> None:
    text = GOOD.replace("rules: [FIG-ZERO]", "rules: [FIG-ZERO, MON-TELEPATHY]")
    (p,) = problems_of(tmp_path, text)
    assert ":6:23: " in p and "unknown rule id 'MON-TELEPATHY'" in p


def test_impossible_position(tmp_path: Path) -> None:
    text = GOOD.replace(
        "new_game: {players: 2}",
        "position:\n      players: 2\n      monster: f6\n      figures: {A5: f6}",
    )
    (p,) = problems_of(tmp_path, text)
    assert ":11:21: " in p and "impossible position" in p and "FIG-MONSTER" in p


def test_bad_action_and_yaml_syntax(tmp_path: Path) -> None:
    (p,) = problems_of(tmp_path, GOOD.replace("do: A1 -", "do: A9 -"))
    assert ":10:13: " in p and "bad action 'A9 -'" in p
    (p,) = problems_of(tmp_path, GOOD.replace("rules: [FIG-ZERO]", "rules: [FIG-ZERO"))
    assert p.startswith(f"{tmp_path / 'case.yaml'}:") and "YAML" in p


def test_no_start_or_two_starts(tmp_path: Path) -> None:
    text = GOOD.replace(
        "new_game: {players: 2}", "new_game: {players: 2}\n    position: {players: 2}"
    )
    (p,) = problems_of(tmp_path, text)
    assert ":4:5: " in p and "exactly one of position, position_string, new_game" in p


# --- the command line -----------------------------------------------------------------------


def test_cli_reports_a_failure_with_a_diff(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wrong = GOOD.replace("face: 6", "face: 1").replace("sample-case", "wrong-face")
    path = tmp_path / "wrong.yaml"
    path.write_text(wrong, encoding="utf-8")
    junit, report = tmp_path / "r.xml", tmp_path / "r.json"
    code = main(["conform", str(path), "--junit", str(junit), "--json", str(report)])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out == ["wrong-face: step 1: figure A1: expected face 1, got 6", "0 passed, 1 failed"]
    assert json.loads(report.read_text())["summary"]["failed"] == 1
    assert "<failure" in junit.read_text()


def test_cli_monster_path_diff(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = """\
topic: t
description: d
cases:
  - id: walk
    description: one line
    rules: [MON-STEP]
    source: project decision
    position: {players: 2, stage: 2, moved: all, stones: [], pools: [], monster: a6, facing: E}
    steps:
      - do: reveal 5
        expect: {monster_path: [b6, c6, c5, d5, e5]}
suite: 1.0.0
"""
    path = tmp_path / "walk.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["conform", str(path), "-k", "walk"]) == 1
    out = capsys.readouterr().out
    assert "walk: step 1: monster_path differs at step 3: expected c5, got d6" in out


def test_cli_malformed_file_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(GOOD.replace("rules: [FIG-ZERO]", "rules: [NOPE-X]"), encoding="utf-8")
    assert main(["conform", str(path)]) == 2
    assert "unknown rule id 'NOPE-X'" in capsys.readouterr().out


def test_cli_option_and_k(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["conform", str(CASES), "-k", "fig-waiting", "--option", "reentry=mandatory"])
    out = capsys.readouterr().out
    assert code == 0
    assert "failed (under reentry=mandatory:" in out and "kept their own value" in out
