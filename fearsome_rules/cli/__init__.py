"""The command line, ``fearsome-rules``: one subcommand per tool."""

from fearsome_rules.cli.commands import main

__all__ = ["main"]
