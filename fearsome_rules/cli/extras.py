"""What some subcommands need beyond the engine: the ``conformance`` extra (PyYAML reads case
and question files, jsonschema checks them and the protocol's messages). ``play``, ``simulate``,
``perft``, ``rate``, ``readings`` and ``web`` run without it."""

from __future__ import annotations

import importlib.util

from fearsome_rules.core.errors import FearsomeError

CONFORMANCE: dict[str, str] = {"yaml": "PyYAML", "jsonschema": "jsonschema"}
"""The modules of the ``conformance`` extra, and the distributions that install them."""


def require(command: str) -> None:
    """Refuse, in one line naming the install command, a subcommand whose extra is missing."""
    missing = [dist for module, dist in CONFORMANCE.items() if not _installed(module)]
    if missing:
        raise FearsomeError(
            f"{command} needs {' and '.join(missing)}: "
            "python3 -m pip install 'fearsome_rules[conformance]'"
        )


def _installed(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ValueError:  # in sys.modules as None: importing it is blocked
        return False
