"""The JSON of events: what an action did, for a client in any language to animate.

An event is an object with its kind in ``type`` (the class name of
:mod:`fearsome_rules.core.events`) and its fields under their names there
(``{"type": "MonsterStepped", "number": 1, "frm": "a1", "to": "b1", "facing": "E"}``),
``rule`` included where the event has one; what the kernel saw for explanations (fields with
``json`` False in their metadata: :data:`fearsome_rules.core.events.SEEN`) is left out.
:func:`event_from_json` reads one back, strictly.
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from fearsome_rules.core import events as ev
from fearsome_rules.core.endings import outcome
from fearsome_rules.core.errors import quote
from fearsome_rules.core.state import SEAT_LETTERS, GameState
from fearsome_rules.formats.state_json import RecordError

KINDS: Final[dict[str, type[ev.Event]]] = {
    cls.__name__: cls
    for cls in vars(ev).values()
    if isinstance(cls, type) and issubclass(cls, ev.Event) and cls is not ev.Event
}
"""Every kind of event by its name."""


def _fields(kind: type[ev.Event]) -> tuple[attrs.Attribute[Any], ...]:
    """The fields of a kind of event that its JSON holds."""
    return tuple(f for f in attrs.fields(kind) if f.metadata.get("json", True))


def event_to_json(event: ev.Event) -> dict[str, Any]:
    """One event as a JSON object (tuples as lists)."""
    out: dict[str, Any] = {"type": type(event).__name__}
    for field in _fields(type(event)):
        value = getattr(event, field.name)
        out[field.name] = list(value) if isinstance(value, tuple) else value
    return out


def event_from_json(obj: object) -> ev.Event:
    """The event a JSON object describes; RecordError naming the field for anything else."""
    if not isinstance(obj, dict):
        raise RecordError(f"event: expected an object, found {quote(obj)}")
    name = obj.get("type")
    kind = KINDS.get(name) if isinstance(name, str) else None
    if kind is None:
        raise RecordError(f"event: $.type: {quote(obj.get('type'))} is not a kind of event")
    fields = _fields(kind)
    known = {f.name for f in fields}
    extra = sorted(set(obj) - known - {"type"})
    if extra:
        raise RecordError(f"event {kind.__name__}: unknown field {quote(extra[0])}")
    values: dict[str, Any] = {}
    for field in fields:
        if field.name not in obj:
            if field.default is attrs.NOTHING:
                raise RecordError(f"event {kind.__name__}: $.{field.name} is missing")
            continue
        value = obj[field.name]
        wanted = field.type if isinstance(field.type, str) else getattr(field.type, "__name__", "")
        if wanted == "int":
            ok = isinstance(value, int) and not isinstance(value, bool)
        elif wanted.startswith("tuple"):
            ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
            value = tuple(value) if ok else value
        else:
            ok = isinstance(value, str)
        if not ok:
            raise RecordError(f"event {kind.__name__}: $.{field.name}: {quote(value)}")
        values[field.name] = value
    try:
        return kind(**values)
    except ValueError:  # a word no ``How`` has
        how = values.get("how", values.get("reason"))
        raise RecordError(f"event {kind.__name__}: how: {quote(how)}") from None


def outcome_to_json(state: GameState) -> dict[str, object] | None:
    """A game's outcome as JSON: the ending rule, the winners, the figures out per seat and the
    ranking, seats as letters; None while the game goes on (the server's API and the npm
    package say it alike)."""
    o = outcome(state)
    if o is None:
        return None
    return {
        "rule": o.rule,
        "winners": [SEAT_LETTERS[s] for s in o.winners],
        "escaped": list(o.escaped),
        "ranking": [SEAT_LETTERS[s] for s in o.ranking],
    }
