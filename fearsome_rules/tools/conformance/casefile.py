"""Reading a case file: YAML with the line and column of every value, and the JSON Schema.

:func:`read_yaml` turns a YAML document into plain data and the :class:`Marks` (start line and
column) of its values and keys with the shared safe reader
(:mod:`fearsome_rules.formats.safe_input`); :func:`schema` and :func:`validator` give the JSON
Schema of case files (an ``integer`` is an int, never ``2.0``), and :func:`schema_problem`
turns a schema error into one readable :class:`Problem` at the place in the file it names.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Final, cast

import attrs
import jsonschema
from jsonschema.exceptions import ValidationError, best_match

from fearsome_rules.core.errors import QUOTE_LIMIT, quote
from fearsome_rules.formats.safe_input import InputError, Marks, Path_, load_yaml

__all__ = [
    "SOURCE_TREE",
    "Marks",
    "Path_",
    "Problem",
    "problem_of",
    "read_yaml",
    "schema",
    "schema_problem",
    "short_message",
    "strict_validator",
    "validator",
]


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


def read_yaml(text: str, file: str) -> tuple[Any, Marks] | Problem:
    """The data of a YAML document and the marks of its values, or the Problem that stops it
    (a syntax error, a duplicate key, an alias, a limit: see
    :mod:`fearsome_rules.formats.safe_input`), with its line and column."""
    try:
        return load_yaml(text, file)
    except InputError as e:
        return problem_of(e)


def problem_of(e: InputError) -> Problem:
    """The Problem of a file that cannot be read (at 1:1 when the whole file is at fault)."""
    return Problem(e.file, e.line or 1, e.column or 1, e.message)


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
    return strict_validator(schema())


def _whole(_checker: object, instance: object) -> bool:
    return type(instance) is int


# jsonschema's own annotations leave extend untyped.
_extend: Final = cast(
    "Callable[..., type[jsonschema.protocols.Validator]]", jsonschema.validators.extend
)


def strict_validator(sub: Mapping[str, Any]) -> jsonschema.protocols.Validator:
    """A validator of ``sub`` (a schema of the dialect of :func:`schema`) for which an
    ``integer`` is an int: JSON Schema lets ``2.0`` through, which ``range(2.0)`` is not."""
    cls = jsonschema.validators.validator_for(schema())
    types = cls.TYPE_CHECKER.redefine("integer", _whole)
    return _extend(cls, type_checker=types)(sub)


def _path_text(path: Iterable[str | int]) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "the file"


def short_message(err: ValidationError) -> str:
    """jsonschema's message, with the value it shows whole (its repr) quoted short."""
    shown = repr(err.instance)
    if len(shown) <= QUOTE_LIMIT:
        return err.message
    return err.message.replace(shown, quote(err.instance))


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
                f"{_path_text(path)}: unknown key {quote(extra[0])} "
                f"(allowed: {', '.join(sorted(allowed))})",
            )
    if err.validator == "propertyNames":
        key_path = (*path, err.instance)
        line, col = marks.at(key_path, key=True)
        return Problem(
            file,
            line,
            col,
            f"{_path_text(path)}: bad key {quote(err.instance)}: {short_message(err)}",
        )
    line, col = marks.at(path)
    message = short_message(err)
    if (
        err.validator == "pattern"
        and isinstance(err.instance, str)
        and "a-p" in str(err.validator_value)
    ):
        message = f"{quote(err.instance)} is not a square name (a1..p11)"
    return Problem(file, line, col, f"{_path_text(path)}: {message}")
