"""A griffe extension for the API reference (mkdocs.yml): the docstrings' doctest examples
(``>>>`` lines and the output under them, as the tests run them) shown as Python console
blocks, where Markdown would otherwise read them as quotations and their lists as links."""

from __future__ import annotations

from typing import Any

import griffe


def fenced(text: str) -> str:
    """``text`` with each run of doctest lines (a ``>>>`` line, its ``...`` continuations and
    its output, up to a blank line) inside a ``pycon`` fence."""
    out: list[str] = []
    in_example = False
    for line in text.splitlines():
        starts = line.lstrip().startswith(">>>")
        if starts and not in_example:
            out += ["```pycon"]
            in_example = True
        elif in_example and not line.strip():
            out += ["```"]
            in_example = False
        out.append(line)
    if in_example:
        out.append("```")
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    """Fence the examples of every docstring as it is loaded."""

    def on_instance(self, *, obj: Any, **kwargs: Any) -> None:
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fenced(obj.docstring.value)
