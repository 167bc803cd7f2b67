"""The conformance protocol's messages (conformance/PROTOCOL.md): one JSON object per line, a
request from the runner, a response from the engine under test, both checked against
``protocol.schema.json`` (a copy of ``conformance/protocol.schema.json``, kept equal by a
test). :mod:`.server` answers it with this package, :mod:`.client` asks any engine."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any, Final, cast

import jsonschema

from fearsome_rules.core.errors import FearsomeError, one_line, quote
from fearsome_rules.tools.conformance.casefile import short_message

PROTOCOL: Final = "fearsome-rules-conformance/1"
"""The protocol's name and version, sent in ``hello`` both ways."""
SUITE: Final = "1.0.0"
"""The version of the conformance suite this package ships (every case file names it)."""
MAX_LINE: Final = 4_000_000
"""The longest line read: a state is about 3 KB, a list of legal moves at most some 100 KB."""
OPS: Final = ("hello", "start", "apply", "legal_moves", "destinations", "chance", "outcome", "bye")
KINDS: Final = ("illegal", "unsupported", "bad_request", "internal")


class ProtocolError(FearsomeError):
    """A message that is not one of the protocol's: not JSON, not an object, or not valid
    against the protocol's schema. The message is one line."""


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    text = (
        resources.files("fearsome_rules.tools.conformance")
        .joinpath("protocol.schema.json")
        .read_text("utf-8")
    )
    out: dict[str, Any] = json.loads(text)
    return out


@lru_cache(maxsize=2)
def _validator(kind: str) -> jsonschema.protocols.Validator:
    document = {**schema(), "$ref": f"#/$defs/{kind}"}
    document.pop("oneOf", None)
    cls = jsonschema.validators.validator_for(document)
    validator: jsonschema.protocols.Validator = cls(document)
    return validator


def problem(message: dict[str, Any], kind: str) -> str | None:
    """What makes ``message`` not a valid ``kind`` (``request`` or ``response``), or None."""
    return schema_problem(_validator(kind), message, "$")


def schema_problem(validator: jsonschema.protocols.Validator, instance: Any, at: str) -> str | None:
    """The first thing that makes ``instance`` (found at ``at``, a JSON path) not valid, in one
    short line naming its place (``$.start.position.players: missing``), or None."""
    errors = sorted(validator.iter_errors(instance), key=lambda e: list(map(str, e.path)))
    if not errors:
        return None
    e = errors[0]
    place = at + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in e.path)
    if e.validator == "required" and isinstance(e.instance, dict):
        missing = [k for k in cast("list[str]", e.validator_value) if k not in e.instance]
        if missing:
            return f"{place}.{missing[0]}: missing"
    if e.validator == "additionalProperties" and isinstance(e.instance, dict):
        allowed = e.schema.get("properties", {}) if isinstance(e.schema, dict) else {}
        extra = [k for k in e.instance if k not in allowed]
        if extra:
            return f"{place}: unknown key {quote(extra[0])}"
    return one_line(f"{place}: {short_message(e)}")[:300]


def encode(message: dict[str, Any]) -> str:
    """One line of JSON (no newline inside: JSON escapes it), with its newline."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n"


def decode(line: str, kind: str) -> dict[str, Any]:
    """A message read from one line; raises ProtocolError naming what is wrong."""
    if len(line) > MAX_LINE:
        raise ProtocolError(f"a line of {len(line):,} characters; at most {MAX_LINE:,}")
    try:
        message = json.loads(line)
    except (ValueError, RecursionError) as e:
        raise ProtocolError(f"not JSON: {quote(line)}: {str(e)[:100]}") from None
    if not isinstance(message, dict):
        raise ProtocolError(f"not a JSON object: {quote(line)}")
    wrong = problem(message, kind)
    if wrong is not None:
        raise ProtocolError(f"not a valid {kind}: {wrong}")
    return message


def failure(ident: int, kind: str, message: str, rule: str | None = None) -> dict[str, Any]:
    """A response saying a request failed."""
    error: dict[str, Any] = {"kind": kind, "message": message[:2000]}
    if rule is not None:
        error["rule"] = rule
    return {"id": ident, "ok": False, "error": error}
