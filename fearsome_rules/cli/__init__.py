"""The command line, ``fearsome-rules``: one module per subcommand, assembled by ``app``."""

from fearsome_rules.cli.app import main

__all__ = ["main"]
