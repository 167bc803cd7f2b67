"""The command line reference (``docs/cli.md``), generated from the argparse parser so that it
never goes stale."""

from __future__ import annotations

import argparse
import textwrap

from fearsome_rules.cli.app import build_parser
from fearsome_rules.formats.safe_input import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_NODES,
    MAX_NUMBER_CHARS,
    MAX_SCALAR_CHARS,
)

_INTRO = """\
<!-- Generated from the argparse parser by fearsome_rules.cli.reference.reference(): do not edit.
     Regenerate: `python3 -m fearsome_rules.cli.reference > docs/cli.md`;
     tests/cli/test_cli_reference.py checks it. -->

# Command line reference

The engine installs one command, `fearsome-rules`; `python3 -m fearsome_rules` is the same
command. Every subcommand takes `-h` / `--help`. Exit status: 0 on success, 2 for a usage error
or anything the command cannot read (one line on stderr: `fearsome-rules: what is wrong`, with
`FILE:LINE:COL` for a file; see [what the commands read](#what-the-commands-read));
`conform` also exits 1 when a case fails.
"""


def _limits() -> list[str]:
    """The section on what the commands read, from the limits the readers enforce."""
    rows = [
        ("a file", f"at most {MAX_FILE_BYTES:,} bytes of UTF-8 text, refused unread beyond"),
        (
            "a YAML document",
            f"at most {MAX_NODES:,} values (scalars, lists, mappings), nested at most "
            f"{MAX_DEPTH} deep",
        ),
        (
            "a text in a YAML file",
            f"at most {MAX_SCALAR_CHARS:,} characters; no control character but tab and "
            'newline, and no lone surrogate, even written as an escape (`"\\x01"`)',
        ),
        (
            "a number in a YAML file",
            f"at most {MAX_NUMBER_CHARS} characters; where a whole number is due, `2.0` and "
            "`true` are refused",
        ),
        (
            "YAML's anchors, aliases and tags",
            "refused where they stand (`&name`, `*name`, `!!float`): no file of the engine uses "
            "them, and an alias can expand a small file beyond any memory",
        ),
        (
            "a number on the command line",
            "within the range its option gives above, else a usage error before anything runs",
        ),
        (
            "an output file (`--json`, `--junit`, `-o`)",
            "its folder must exist and be writable, checked before any work starts",
        ),
    ]
    about = (
        "Question files and conformance case files (and, from Python, game records: "
        "`load_record`) are read by one safe reader, `fearsome_rules.formats.safe_input`, with "
        "limits far above any file of the engine (the largest case file stays under a tenth "
        "of each; a test checks it). Beyond a limit, or on anything else a file cannot hold, "
        "the command stops with one line, `fearsome-rules: FILE:LINE:COL: what is wrong`, and "
        "exit status 2."
    )
    return [
        "",
        "## What the commands read",
        "",
        textwrap.fill(about, 96),
        "",
        "| what | limit |",
        "|---|---|",
        *(f"| {what} | {_cell(limit)} |" for what, limit in rows),
    ]


def _parsers() -> list[tuple[str, str, argparse.ArgumentParser]]:
    """(name, one-line help, parser) of every subcommand, in the order they were added."""
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    helps = {a.dest: a.help or "" for a in sub._choices_actions}
    return [(name, helps.get(name, ""), p) for name, p in sub.choices.items()]


def _args(action: argparse.Action, formatter: argparse.HelpFormatter) -> str:
    """The metavar part of an argument: ``N``, ``{a,b}``, ``[FILE]``, or nothing for a flag."""
    if action.nargs == 0:
        return ""
    default = action.dest.upper() if action.option_strings else action.dest
    return formatter._format_args(action, default)


def _usage(name: str, p: argparse.ArgumentParser, formatter: argparse.HelpFormatter) -> str:
    """The usage line, wrapped at 88 columns, independent of the terminal and Python version."""
    words = []
    positionals = [a for a in p._actions if not a.option_strings]
    optionals = [a for a in p._actions if a.option_strings]
    for action in optionals + positionals:  # as argparse orders them
        if isinstance(action, argparse._HelpAction):
            continue
        args = _args(action, formatter)
        if not action.option_strings:
            words.append(args)
            continue
        if isinstance(action, argparse.BooleanOptionalAction):
            word = " | ".join(action.option_strings)
        else:
            word = f"{action.option_strings[0]} {args}".strip()
        words.append(word if action.required else f"[{word}]")
    lines = [f"fearsome-rules {name}"]
    indent = " " * len(lines[0])
    for word in words:
        if len(lines[-1]) + 1 + len(word) > 88:
            lines.append(indent)
        lines[-1] += " " + word
    return "\n".join(lines)


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _argument_rows(p: argparse.ArgumentParser, formatter: argparse.HelpFormatter) -> list[str]:
    rows = []
    for action in p._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        args = _args(action, formatter)
        if not action.option_strings:
            form = f"`{action.metavar if isinstance(action.metavar, str) else action.dest}`"
        elif isinstance(action, argparse.BooleanOptionalAction):
            form = ", ".join(f"`{o}`" for o in action.option_strings)
        else:
            form = ", ".join(f"`{o}`" for o in action.option_strings[:-1])
            form += (", " if form else "") + f"`{action.option_strings[-1]} {args}`".replace(
                " `", "`"
            )
        text = formatter._expand_help(action) if action.help else ""
        default = action.default
        if (
            action.option_strings
            and default not in (None, False, [], argparse.SUPPRESS)
            and "default" not in text
        ):
            text += f" (default: {default})"
        if isinstance(action, argparse._AppendAction) and "repeat" not in text:
            text += "; repeatable"
        rows.append(f"| {form} | {_cell(text)} |")
    return rows


def reference() -> str:
    """The command line reference in Markdown (``docs/cli.md``), generated from the parser so
    that it never goes stale: per subcommand its usage, description, and every argument."""
    commands = _parsers()
    out = [_INTRO, "| command | what it does |", "|---|---|"]
    out += [f"| [`{name}`](#{name}) | {_cell(short)} |" for name, short, _p in commands]
    for name, short, p in commands:
        formatter = argparse.HelpFormatter(f"fearsome-rules {name}", width=88)
        about = p.description or (short[:1].upper() + short[1:] + ".")
        out += ["", f"## {name}", "", textwrap.fill(" ".join(about.split()), 96), ""]
        out += ["```text", _usage(name, p, formatter), "```", ""]
        rows = _argument_rows(p, formatter)
        if rows:
            out += ["| argument | meaning |", "|---|---|", *rows]
    out += _limits()
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":
    print(reference(), end="")
