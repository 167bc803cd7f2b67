"""Reading the files users give, at a bounded cost: question files, conformance case files and
game records all come through here.

- :func:`read_text`: a file's UTF-8 text, refused unread beyond :data:`MAX_FILE_BYTES`
  (:mod:`fearsome_rules.formats.text_input`, with :func:`unprintable` and :class:`InputError`).
- :func:`load_yaml`: a YAML document as plain data, with the :class:`Marks` (line and column) of
  its values and keys. Only what the formats use is read: no anchors or aliases (an alias bomb
  or a self-referencing alias is refused at its ``&``, before anything is built), no tags, no
  duplicate keys, no control characters or lone surrogates in a value, at most
  :data:`MAX_NODES` values nested at most :data:`MAX_DEPTH` deep, no number longer than
  :data:`MAX_NUMBER_CHARS` and no text longer than :data:`MAX_SCALAR_CHARS`.
- :func:`unprintable`: the first character no value may hold, shared with the JSON readers.

PyYAML is imported here and nowhere in the core or the JSON readers, so that the engine runs
without it (in a browser).

Every refusal is an :class:`InputError` of one line: ``file:line:column: what is wrong``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final, cast

import attrs
import yaml

from fearsome_rules.core.errors import quote

# What the file readers share with the JSON readers, which must not need PyYAML (the engine in a
# browser has none): re-exported, so that the readers of YAML files import from one module.
from fearsome_rules.formats.text_input import MAX_FILE_BYTES as MAX_FILE_BYTES
from fearsome_rules.formats.text_input import InputError as InputError
from fearsome_rules.formats.text_input import character
from fearsome_rules.formats.text_input import read_text as read_text
from fearsome_rules.formats.text_input import unprintable as unprintable

# The largest legitimate inputs, measured: conformance/cases/monster-sight.yaml is 18,806 bytes
# holding 1,319 YAML values nested 9 deep; all 16 case files in one would be 140 KB and 12,400
# values; a game's record is about 10 KB. The limits are far above, and bound the worst file's
# reading to about two seconds (PyYAML reads some 25,000 values a second).
MAX_NODES: Final = 50_000
"""The most values (scalars, lists and mappings) in one YAML document."""
MAX_DEPTH: Final = 64
"""The deepest nesting of lists and mappings in one YAML document."""
MAX_SCALAR_CHARS: Final = 20_000
"""The longest text in a YAML document (a position string, the longest value, is read up to as
many characters)."""
MAX_NUMBER_CHARS: Final = 20
"""The longest number in a YAML document: a 64-bit integer has 19 digits, and no field of the
formats needs more than two."""

Path_ = tuple[str | int, ...]
"""Where a value sits in a file's data: keys and list indexes from the top."""

# What the YAML reader itself refuses anywhere in a file (YAML 1.1's printable set).
_NOT_IN_FILE: Final = re.compile(
    "[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
)
# --- YAML ------------------------------------------------------------------------------------


class _Refused(yaml.MarkedYAMLError):
    """Something the formats never use, or beyond a limit, at its place in the file."""

    def __init__(self, message: str, mark: object) -> None:
        # Events carry PyYAML's Mark (the stubs allow libyaml's too, which this loader never uses).
        super().__init__(
            problem=message, problem_mark=mark if isinstance(mark, yaml.Mark) else None
        )


# types-PyYAML leaves the parser's peek_event untyped.
_peek: Final = cast("Callable[[yaml.SafeLoader], yaml.Event]", yaml.SafeLoader.peek_event)


class SafeLoader(yaml.SafeLoader):
    """PyYAML's safe loader reading only what the formats use (see the module's docstring);
    every check is made while composing, before any value is built."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.nodes = 0
        self.depth = 0

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        event = _peek(self)
        _check_event(event)
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _Refused(f"more than {MAX_NODES:,} values in one file", event.start_mark)
        self.depth += 1
        if self.depth > MAX_DEPTH:  # before PyYAML's recursion meets Python's limit
            message = f"lists and mappings nested more than {MAX_DEPTH} deep"
            raise _Refused(message, event.start_mark)
        try:
            node = super().compose_node(parent, index)
        finally:
            self.depth -= 1
        if isinstance(node, yaml.ScalarNode):
            _check_scalar(node)
        return node

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        # A plain scalar can still resolve to a value its constructor rejects (2001-02-30 is
        # a date): a marked error, not a ValueError from inside PyYAML.
        try:
            return super().construct_object(node, deep=deep)
        except (ValueError, TypeError, OverflowError, IndexError) as e:
            raise _Refused(
                f"cannot read {quote(str(node.value)[:40])}: {e}", node.start_mark
            ) from None


def _check_event(event: yaml.Event) -> None:
    """Refuse an anchor, an alias or a tag: the formats never use them, and an alias is how a
    400-byte file expands to gigabytes ("billion laughs") or refers to itself."""
    if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
        raise _Refused("anchors and aliases (&name, *name) are not read", event.start_mark)
    tag = getattr(event, "tag", None)
    if tag not in (None, "!"):  # "!" is the plain "no tag" of a quoted scalar
        short = str(tag).replace("tag:yaml.org,2002:", "!!")[:30]
        raise _Refused(f"tags ({short}) are not read: write the value alone", event.start_mark)


def _check_scalar(node: yaml.ScalarNode) -> None:
    value = str(node.value)
    bad = unprintable(value)
    if bad is not None:
        raise _Refused(f"{bad} in a value: not printable text", node.start_mark)
    if len(value) > MAX_SCALAR_CHARS:
        raise _Refused(f"a text of more than {MAX_SCALAR_CHARS:,} characters", node.start_mark)
    number = node.tag in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")
    if number and len(value) > MAX_NUMBER_CHARS:
        raise _Refused(f"a number of more than {MAX_NUMBER_CHARS} characters", node.start_mark)


@attrs.define
class Marks:
    """The start mark of every value and of every mapping key of a document."""

    values: dict[Path_, yaml.Mark] = attrs.Factory(dict)
    keys: dict[Path_, yaml.Mark] = attrs.Factory(dict)

    def at(self, path: Path_, key: bool = False) -> tuple[int, int]:
        """Line and column (1-based) of the value (or key) at ``path``, else of its parent."""
        mark = self.keys.get(path) if key else None
        p = path
        while mark is None and p:
            mark = self.values.get(p)
            p = p[:-1]
        mark = mark or self.values.get(())
        return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


def _build(loader: SafeLoader, node: yaml.Node, path: Path_, marks: Marks) -> Any:
    """The Python value of ``node``, recording marks; keys must be plain and unique."""
    marks.values[path] = node.start_mark
    if isinstance(node, yaml.MappingNode):
        loader.flatten_mapping(node)
        out: dict[Any, Any] = {}
        first: dict[Any, yaml.Node] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, (str, int, bool)):
                raise _yaml_error(f"a key must be a plain name, not {quote(key)}", key_node)
            if key in first:
                where = f"first at line {first[key].start_mark.line + 1}"
                raise _yaml_error(f"duplicate key {quote(key)} ({where})", key_node)
            first[key] = key_node
            marks.keys[(*path, key)] = key_node.start_mark
            out[key] = _build(loader, value_node, (*path, key), marks)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(loader, n, (*path, i), marks) for i, n in enumerate(node.value)]
    return loader.construct_object(node, deep=True)


def _yaml_error(message: str, node: yaml.Node) -> yaml.MarkedYAMLError:
    return yaml.constructor.ConstructorError(None, None, message, node.start_mark)


def load_yaml(text: str, file: str) -> tuple[Any, Marks]:
    """The data of a YAML document and the marks of its values; raises InputError (a syntax
    error, a duplicate key, anything the module's docstring refuses) at its line and column."""
    bad = _NOT_IN_FILE.search(text)
    if bad is not None:
        line, column = _place(text, bad.start())
        raise InputError(file, line, column, f"{character(bad.group())}: not text")
    loader = None
    try:
        loader = SafeLoader(text)
        node = loader.get_single_node()
        if node is None:
            raise InputError(file, 1, 1, "the file is empty")
        marks = Marks()
        return _build(loader, node, (), marks), marks
    except _Refused as e:
        raise _error(file, e, "") from None
    except yaml.MarkedYAMLError as e:
        raise _error(file, e, "YAML: ") from None
    except yaml.YAMLError as e:  # pragma: no cover - every error PyYAML raises on a str is marked
        raise InputError(file, 1, 1, f"YAML: {e}") from None
    finally:
        if loader is not None:
            loader.dispose()


def _error(file: str, e: yaml.MarkedYAMLError, prefix: str) -> InputError:
    mark = e.problem_mark or e.context_mark
    line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
    return InputError(file, line, column, prefix + (e.problem or e.context or "YAML error"))


def _place(text: str, index: int) -> tuple[int, int]:
    """Line and column (1-based) of the character at ``index``."""
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1
