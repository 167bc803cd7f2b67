"""The conformance suite's JSON Schemas, committed once, in the repository's ``conformance/``
folder beside the cases they describe: read from there when this package runs from a source
tree (an editable install), else from the wheel, whose build copies them into this package
(``setup.py``)."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

SOURCE_TREE = Path(__file__).resolve().parents[3]
"""The repository's root when this package runs from a source tree
(fearsome_rules/tools/conformance/ is three folders below it)."""


@lru_cache(maxsize=4)
def read_schema(name: str) -> dict[str, Any]:
    """The schema ``name`` (``schema.json``, ``protocol.schema.json``) of the suite."""
    in_tree = SOURCE_TREE / "conformance" / name
    if in_tree.is_file():
        text = in_tree.read_text(encoding="utf-8")
    else:
        text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded
