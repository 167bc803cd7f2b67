"""Every CLI error is one clear line on stderr and a non-zero exit, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from fearsome_rules.cli import main

BAD = [
    ["play", "--players", "x"],
    ["play", "--players", "9"],
    ["play", "--option", "reentry=sometimes"],
    ["play", "--option", "no_such_option=1"],
    ["bogus"],
    ["conform", "no/such/file.yaml"],
    ["explain", "no/such/file.yaml", "--tile", "8"],
    ["render", "--position", "players=4 monster=q5:E"],
    ["render", "--format", "pdf", "--position", "x=1"],
    ["simulate", "--games", "0"],
    ["simulate", "--players", "9"],
    ["simulate", "--option", "reentry=never"],
    ["perft", "--position", "x=1"],
    ["perft", "--depth", "0"],
    ["perft", "--depth"],
]


@pytest.mark.parametrize("argv", BAD, ids=[" ".join(a) for a in BAD])
def test_a_bad_command_is_one_line_and_exit_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main(argv)
    except SystemExit as e:  # argparse's own errors
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("fearsome-rules")
    assert "Traceback" not in err + out


def test_a_bad_square_in_a_question_file_names_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    question = tmp_path / "q.yaml"
    question.write_text("position:\n  players: 2\n  monster: z9\n  facing: E\ntile: '8'\n")
    assert main(["explain", str(question)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert str(question) in err and "z9" in err
