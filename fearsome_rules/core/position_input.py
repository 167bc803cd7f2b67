"""What :func:`fearsome_rules.core.position.position` accepts, checked before any rule: each
argument's Python type. A wrong type is a :class:`SetupTypeError` (a SetupError and a TypeError)
naming the argument, never a
TypeError from deep inside, and never a value let in that the state could not write back
(``round=True`` would be saved as ``round=True``, which no reader takes)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from fearsome_rules.core.errors import SetupError, SetupTypeError, quote

# Nothing legitimate comes near these: 7 players have 35 figures, the board 156 squares.
MAX_ITEMS = 200


def whole(value: object, field: str) -> int:
    """An int that is not a bool (``True == 1`` and ``2.0 == 2`` would pass a range check)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise SetupTypeError(field, "a whole number (int)", value)
    return value


def optional_whole(value: object, field: str) -> int | None:
    return None if value is None else whole(value, field)


def text(value: object, field: str) -> str:
    if not isinstance(value, str):
        raise SetupTypeError(field, "a string", value)
    return value


def optional_text(value: object, field: str) -> str | None:
    return None if value is None else text(value, field)


def texts(value: object, field: str, distinct: bool = False) -> list[str]:
    """A list (any iterable but a string or a mapping) of strings; with ``distinct``, a set of
    names written as a list, so that a name given twice is refused (a damaged input), not merged.
    """
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
        raise SetupTypeError(field, "a list of names, e.g. ['c3', 'm4']", value)
    out: list[str] = []
    for item in value:
        if len(out) == MAX_ITEMS:
            raise SetupError(field, f"more than {MAX_ITEMS} items")
        out.append(text(item, field))
    seen: set[str] = set()
    for name in out if distinct else ():
        key = name.strip().lower()
        if key in seen:
            raise SetupError(field, f"{quote(name)} is given twice")
        seen.add(key)
    return out


def optional_texts(value: object, field: str, distinct: bool = False) -> list[str] | None:
    return None if value is None else texts(value, field, distinct)


def seats(value: object, field: str) -> list[int | str]:
    """A list of seats, each a letter or a number; a string is read as its letters ("ABAB"),
    which cannot be mistaken for anything else (unlike a string given for a list of squares)."""
    if not isinstance(value, list | tuple | str):  # in order: not a set or a mapping
        raise SetupTypeError(field, "a list of seats, e.g. ['A', 'C']", value)
    out: list[int | str] = []
    for item in value:
        if len(out) == MAX_ITEMS:
            raise SetupError(field, f"more than {MAX_ITEMS} items")
        out.append(item if isinstance(item, str) else whole(item, field))
    return out


def text_map(value: object, field: str) -> dict[str, str]:
    """A mapping of figure names to strings."""
    return {k: text(v, f"{field}.{k}") for k, v in _mapping(value, field).items()}


def number_map(value: object, field: str) -> dict[str, int]:
    """A mapping of figure names to whole numbers."""
    return {k: whole(v, f"{field}.{k}") for k, v in _mapping(value, field).items()}


def _mapping(value: object, field: str) -> dict[str, object]:
    if not isinstance(value, Mapping):
        raise SetupTypeError(field, "a mapping of figure names, e.g. {'A1': 'f6'}", value)
    if len(value) > MAX_ITEMS:
        raise SetupError(field, f"more than {MAX_ITEMS} items")
    return {text(k, field): v for k, v in value.items()}
