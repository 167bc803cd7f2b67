"""docs/cli.md is the command line reference generated from the argparse parser, up to date."""

from __future__ import annotations

from pathlib import Path

from fearsome_rules.cli import app, reference

ROOT = Path(__file__).resolve().parents[2]


def test_cli_reference_is_current() -> None:
    committed = (ROOT / "docs" / "cli.md").read_text("utf-8")
    assert committed == reference.reference(), (
        "docs/cli.md is out of date: run python3 -m fearsome_rules.cli.reference > docs/cli.md"
    )


def test_cli_reference_documents_every_command_and_option() -> None:
    text = reference.reference()
    parser = app.build_parser()
    sub = next(a for a in parser._actions if a.choices and a.dest == "command")
    assert isinstance(sub.choices, dict)
    for name, command in sub.choices.items():
        assert f"\n## {name}\n" in text
        for action in command._actions:
            for flag in action.option_strings:
                assert flag in ("-h", "--help") or f"`{flag}" in text, (name, flag)


def test_help_shows_no_doubled_percent_signs() -> None:
    # argparse turns %% into % in an option's help but prints a description as written.
    parser = app.build_parser()
    sub = next(a for a in parser._actions if a.choices and a.dest == "command")
    assert isinstance(sub.choices, dict)
    for name, command in sub.choices.items():
        assert "%%" not in command.format_help(), name
    assert "%%" not in reference.reference()
