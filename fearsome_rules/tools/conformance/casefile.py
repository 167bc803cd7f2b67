"""Reading a case file: YAML with the line and column of every value, and the JSON Schema.

:func:`read_yaml` turns a YAML document into plain data and the :class:`Marks` (start line and
column) of its values and keys, refusing duplicate keys; :func:`schema` and :func:`validator`
give the JSON Schema of case files, and :func:`schema_problem` turns a schema error into one
readable :class:`Problem` at the place in the file it names.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import yaml
from jsonschema.exceptions import ValidationError, best_match

Path_ = tuple[str | int, ...]
"""Where a value sits in a file's data: keys and list indexes from the top."""


# --- locating things in a YAML file ---------------------------------------------------------


@attrs.frozen
class Problem:
    """Something wrong with a case file, at a place in it (1-based line and column)."""

    file: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message}"


class _CaseLoader(yaml.SafeLoader):
    """A safe loader that refuses duplicate keys, naming the second one's place."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[Any, yaml.Node] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    "while constructing a mapping",
                    node.start_mark,
                    f"duplicate key {key!r} (first at line {seen[key].start_mark.line + 1})",
                    key_node.start_mark,
                )
            seen[key] = key_node
        return super().construct_mapping(node, deep=deep)


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


def _build(loader: _CaseLoader, node: yaml.Node, path: Path_, marks: Marks) -> Any:
    """The Python value of ``node``, recording marks (duplicate keys raise ConstructorError)."""
    marks.values[path] = node.start_mark
    if isinstance(node, yaml.MappingNode):
        loader.flatten_mapping(node)
        out: dict[Any, Any] = {}
        first: dict[Any, yaml.Node] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, (str, int, bool)) or key is None:
                raise yaml.constructor.ConstructorError(
                    None, None, f"a key must be a plain name, not {key!r}", key_node.start_mark
                )
            if key in first:
                raise yaml.constructor.ConstructorError(
                    None,
                    None,
                    f"duplicate key {key!r} (first at line {first[key].start_mark.line + 1})",
                    key_node.start_mark,
                )
            first[key] = key_node
            marks.keys[(*path, key)] = key_node.start_mark
            out[key] = _build(loader, value_node, (*path, key), marks)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(loader, n, (*path, i), marks) for i, n in enumerate(node.value)]
    return loader.construct_object(node, deep=True)


def read_yaml(text: str, file: str) -> tuple[Any, Marks] | Problem:
    """The data of a YAML document and the marks of its values, or the Problem that stops it
    (a syntax error, a duplicate key), with its line and column."""
    loader = _CaseLoader(text)
    marks = Marks()
    try:
        node = loader.get_single_node()
        if node is None:
            return Problem(file, 1, 1, "the file is empty")
        return _build(loader, node, (), marks), marks
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        what = e.problem or e.context or "YAML error"
        return Problem(file, line, col, f"YAML: {what}")
    except yaml.YAMLError as e:  # pragma: no cover - every PyYAML error we know is marked
        return Problem(file, 1, 1, f"YAML: {e}")
    finally:
        loader.dispose()


# --- the schema ------------------------------------------------------------------------------

# The repository root when this package runs from a source tree
# (fearsome_rules/tools/conformance/ is three folders below it).
SOURCE_TREE = Path(__file__).resolve().parents[3]
_REPO_SCHEMA = SOURCE_TREE / "conformance" / "schema.json"


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    """The JSON Schema of case files: the repository's ``conformance/schema.json`` when run
    from a source tree, else the identical copy shipped in the package."""
    if _REPO_SCHEMA.is_file():
        text = _REPO_SCHEMA.read_text(encoding="utf-8")
    else:
        text = (
            resources.files("fearsome_rules.tools.conformance")
            .joinpath("schema.json")
            .read_text(encoding="utf-8")
        )
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@lru_cache(maxsize=1)
def validator() -> jsonschema.protocols.Validator:
    """A validator of case files against :func:`schema` (made once)."""
    cls = jsonschema.validators.validator_for(schema())
    checker: jsonschema.protocols.Validator = cls(schema())
    return checker


def _path_text(path: Iterable[str | int]) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "the file"


def schema_problem(err: ValidationError, marks: Marks, file: str) -> Problem:
    """A schema validation error as one readable Problem at the place in the file it names."""
    alternatives = err.validator_value if isinstance(err.validator_value, list) else []
    if err.validator == "oneOf" and all(
        isinstance(a, dict) and "required" in a for a in alternatives
    ):
        case_path: Path_ = tuple(err.absolute_path)
        line, col = marks.at(case_path)
        return Problem(
            file,
            line,
            col,
            f"{_path_text(case_path)}: a case has exactly one of position, position_string, "
            "new_game",
        )
    if err.validator in ("anyOf", "oneOf") and err.context:
        err = best_match(err.context)
    path: Path_ = tuple(err.absolute_path)
    if err.validator == "additionalProperties" and isinstance(err.instance, dict):
        sub = err.schema if isinstance(err.schema, Mapping) else {}
        allowed = set(sub.get("properties", {}))
        extra = [k for k in err.instance if k not in allowed]
        if extra and allowed:
            key_path = (*path, extra[0])
            line, col = marks.at(key_path, key=True)
            return Problem(
                file,
                line,
                col,
                f"{_path_text(path)}: unknown key {extra[0]!r} "
                f"(allowed: {', '.join(sorted(allowed))})",
            )
    if err.validator == "propertyNames":
        key_path = (*path, err.instance)
        line, col = marks.at(key_path, key=True)
        return Problem(
            file, line, col, f"{_path_text(path)}: bad key {err.instance!r}: {err.message}"
        )
    line, col = marks.at(path)
    message = err.message
    if (
        err.validator == "pattern"
        and isinstance(err.instance, str)
        and "a-p" in str(err.validator_value)
    ):
        message = f"{err.instance!r} is not a square name (a1..p11)"
    return Problem(file, line, col, f"{_path_text(path)}: {message}")
