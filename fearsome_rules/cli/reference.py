"""The command line reference (``docs/cli.md``), generated from the argparse parser so that it
never goes stale."""

from __future__ import annotations

import argparse
import textwrap

from fearsome_rules.cli.app import build_parser

_INTRO = """\
<!-- Generated from the argparse parser by fearsome_rules.cli.reference.reference(): do not edit.
     Regenerate: `python3 tools/build_docs.py --cli`; tests/cli/test_cli_reference.py checks it. -->

# Command line reference

The engine installs one command, `fearsome-rules`; `python3 -m fearsome_rules` is the same
command. Every subcommand takes `-h` / `--help`. Exit status: 0 on success, 2 for a usage error
or anything the command cannot read (one line on stderr: `fearsome-rules: what is wrong`);
`conform` also exits 1 when a case fails.
"""


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
    return "\n".join(out).rstrip() + "\n"
