"""The door of the page's calls: a call's arguments, JSON text that may come from anywhere
(the page, a hand-made request, the network), read at a bounded cost and checked against the
shape the call declares, before the call runs. A call that gets past the door holds values of
the types its signature names; what they mean (a square, a rule option) is the engine's to
check, with its own typed errors.

The shape of a call is its Python signature: ``players: int = 4``, ``options: dict[str, str] |
None = None``; a text argument longer than :data:`MAX_TEXT` says how long it may be with
``Annotated[str, Longest(n)]``. Anything else is refused with a :class:`WebError` of one line
naming the argument: JSON that does not parse, a value of another type (a bool or a float is
never a number), an argument missing or unknown, text longer than its limit or holding a lone
surrogate or a control character, more than :data:`MAX_ITEMS` items, nesting deeper than
:data:`MAX_DEPTH`, a number of more than :data:`MAX_DIGITS` digits, NaN or an infinity.
"""

from __future__ import annotations

import inspect
import json
import math
import re
import types
from collections.abc import Callable, Mapping
from itertools import accumulate
from typing import Annotated, Any, Final, Union, get_args, get_origin, get_type_hints

import attrs

from fearsome_rules.core.errors import found, quote
from fearsome_rules.formats.text_input import unprintable
from fearsome_rules.tools.web.errors import WebError

MAX_TEXT: Final = 200
"""The longest text argument, unless the call says otherwise (a name, a square, a tool, an
option: the longest the page sends is under 30 characters)."""
MAX_ARGUMENTS_TEXT: Final = 1_000_000
"""The longest JSON text of a call's arguments (a game's record, the longest, is about 10 KB)."""
MAX_ITEMS: Final = 32
"""The most items of a list or object argument (7 seats; a dozen rule options)."""
MAX_DEPTH: Final = 8
"""The deepest nesting of arrays and objects (the calls take at most two levels)."""
MAX_DIGITS: Final = 20
"""The longest number (a 64-bit seed has 20 digits)."""


@attrs.frozen
class Longest:
    """``Annotated[str, Longest(n)]``: a text argument of up to ``n`` characters."""

    characters: int


@attrs.frozen
class Parameter:
    """One argument of a call: its type (as the signature names it) and whether it may be left
    out."""

    name: str
    kind: Any
    required: bool


def shape(method: Callable[..., Any]) -> dict[str, Parameter]:
    """The arguments a method takes, from its signature (as its class holds it: ``self``, the
    first parameter, is not an argument)."""
    hints = get_type_hints(method, include_extras=True)
    _self, *rest = inspect.signature(method).parameters.values()
    return {p.name: Parameter(p.name, hints[p.name], p.default is p.empty) for p in rest}


def arguments(call: str, parameters: Mapping[str, Parameter], text: object) -> dict[str, Any]:
    """The arguments of ``call`` read from ``text`` (a JSON object; "" for none) and checked
    against ``parameters``; raises WebError naming what is wrong."""
    given = read_json(text, call)
    if not isinstance(given, dict):
        raise WebError(f"{call}: the arguments are a JSON object, not {_json_type(given)}")
    unknown = [k for k in given if k not in parameters]
    if unknown:
        takes = ", ".join(parameters) or "no argument"
        raise WebError(f"{call}: unknown argument {quote(unknown[0])} (it takes {takes})")
    missing = [p.name for p in parameters.values() if p.required and p.name not in given]
    if missing:
        raise WebError(f"{call}: missing argument {missing[0]}")
    return {k: _checked(v, parameters[k].kind, f"{call}({k})") for k, v in given.items()}


# --- reading JSON at a bounded cost ------------------------------------------------------------

# A JSON string, or one bracket: what the depth is counted on.
_STRING_OR_BRACKET: Final = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]')
_DEPTH_STEP: Final = {"[": 1, "{": 1, "]": -1, "}": -1}


def read_json(text: object, call: str) -> Any:
    """The JSON value of ``text`` ("" is an empty object); raises WebError."""
    if not isinstance(text, str):
        raise WebError(f"{call}: the arguments are JSON text, not {found(text)}")
    if len(text) > MAX_ARGUMENTS_TEXT:
        raise WebError(
            f"{call}: {len(text):,} characters of arguments; at most {MAX_ARGUMENTS_TEXT:,}"
        )
    if not text.strip():
        return {}
    brackets = (m for m in _STRING_OR_BRACKET.findall(text) if len(m) == 1 and m != '"')
    deepest = max(accumulate(_DEPTH_STEP[b] for b in brackets), default=0)
    if deepest > MAX_DEPTH:
        raise WebError(f"{call}: arrays or objects nested {deepest} deep; at most {MAX_DEPTH}")
    try:
        return json.loads(
            text,
            parse_constant=_no_constant,
            parse_int=_whole,
            parse_float=_finite,
            object_pairs_hook=_unique_keys,
        )
    except json.JSONDecodeError as e:
        raise WebError(f"{call}: not JSON: {e.msg} at column {e.colno}") from None
    except _Refused as e:
        raise WebError(f"{call}: {e}") from None


class _Refused(ValueError):
    """A number or a key the reader refuses; the message says which."""


def _no_constant(name: str) -> Any:
    raise _Refused(f"{name} is not a number the calls take")


def _whole(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"a number of {len(digits):,} digits; at most {MAX_DIGITS}")
    return int(digits)


def _finite(text: str) -> float:
    if len(text) > MAX_DIGITS + 10:
        raise _Refused(f"a number of {len(text):,} characters")
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"{quote(text)} is beyond any number")
    return value


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(f"the key {quote(key)} is given twice")
        out[key] = value
    return out


# --- checking a value against its declared type ------------------------------------------------


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    kinds = {bool: "true/false", int: "a number", float: "a decimal number", str: "text"}
    kinds.update({list: "an array", dict: "an object"})
    return f"{kinds.get(type(value), type(value).__name__)} {quote(value)}"


def _checked(value: Any, kind: Any, place: str) -> Any:
    """``value`` if it is of the declared ``kind``; else WebError naming ``place``."""
    longest = MAX_TEXT
    if get_origin(kind) is Annotated:
        kind, *extras = get_args(kind)
        longest = next((x.characters for x in extras if isinstance(x, Longest)), longest)
    if get_origin(kind) in (Union, types.UnionType):
        if value is None and type(None) in get_args(kind):
            return None
        (kind,) = [k for k in get_args(kind) if k is not type(None)]
    origin = get_origin(kind)
    if kind is str and type(value) is str:
        if len(value) > longest:
            raise WebError(f"{place}: {len(value):,} characters; at most {longest:,}")
        bad = unprintable(value)
        if bad is not None:
            raise WebError(f"{place}: {quote(value)} holds {bad}")
        return value
    if kind in (int, bool) and type(value) is kind:
        return value
    if origin is list and type(value) is list:
        _count(value, place)
        (item,) = get_args(kind)
        return [_checked(v, item, f"{place}[{k}]") for k, v in enumerate(value)]
    if origin is dict and type(value) is dict:
        _count(value, place)
        key_kind, item = get_args(kind)
        return {
            _checked(k, key_kind, f"{place} key"): _checked(v, item, f"{place}[{quote(k)}]")
            for k, v in value.items()
        }
    expected = {str: "text", int: "a whole number", bool: "true or false"}.get(kind)
    if expected is None:
        expected = "an array" if origin is list else "an object" if origin is dict else str(kind)
    raise WebError(f"{place}: expected {expected}, found {_json_type(value)}")


def _count(value: list[Any] | dict[str, Any], place: str) -> None:
    if len(value) > MAX_ITEMS:
        raise WebError(f"{place}: {len(value):,} items; at most {MAX_ITEMS}")
