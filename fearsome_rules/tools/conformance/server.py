"""This package as an engine under test: ``fearsome-rules serve-protocol`` answers the
conformance protocol (conformance/PROTOCOL.md) on standard input and output, with the same
calls the in-process runner makes (:class:`~.engines.InProcess`). It is the protocol's
reference: the whole suite runs through it in CI."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from importlib import metadata
from typing import Any, BinaryIO, Final

import jsonschema

from fearsome_rules.core.errors import FearsomeError, quote
from fearsome_rules.core.game import new_game
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.state import SEAT_LETTERS, GameState
from fearsome_rules.formats.position_string import parse_position, position_string
from fearsome_rules.formats.state_json import state_from_json, state_to_json
from fearsome_rules.tools.conformance import casefile
from fearsome_rules.tools.conformance.cases import build_position
from fearsome_rules.tools.conformance.engines import ALL_FEATURES, InProcess, Refusal
from fearsome_rules.tools.conformance.protocol import (
    MAX_LINE,
    PROTOCOL,
    ProtocolError,
    decode,
    encode,
    failure,
    schema_problem,
)

Message = dict[str, Any]
_ENGINE = InProcess()
_MAX_BYTES: Final = 4 * MAX_LINE
"""The longest line read, in bytes (UTF-8 takes at most 4 a character)."""


def serve(read: BinaryIO, write: BinaryIO) -> int:
    """Answer requests line by line until ``bye`` or the end of input; 0. The streams are
    binary: a line that is not UTF-8 is answered (``bad_request``) like any other bad line,
    whatever the locale's encoding of the standard streams."""
    while raw := read.readline(_MAX_BYTES + 1):
        if len(raw) > _MAX_BYTES:
            while raw and not raw.endswith(b"\n"):  # the rest of the line, unkept
                raw = read.readline(_MAX_BYTES + 1)
            response, stop = (
                failure(0, "bad_request", f"a line of more than {MAX_LINE:,} characters"),
                False,
            )
        elif not raw.strip():
            continue
        else:
            response, stop = answer_bytes(raw)
        write.write(_utf8(response))
        write.flush()
        if stop:
            break
    return 0


def _utf8(response: Message) -> bytes:
    """A response line as UTF-8. A lone surrogate (read from a ``\\ud800`` escape and quoted
    back) has no UTF-8: such a line is written with JSON's escapes instead."""
    try:
        return encode(response).encode("utf-8")
    except UnicodeEncodeError:
        return (json.dumps(response, separators=(",", ":")) + "\n").encode("ascii")


def answer_bytes(raw: bytes) -> tuple[Message, bool]:
    """:func:`answer` to a line as read, its bytes: one that is not UTF-8 is a ``bad_request``."""
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        where = f"byte 0x{raw[e.start]:02x} at column {e.start + 1}"
        ident = _id_of(raw.decode("utf-8", "replace"))
        return failure(ident, "bad_request", f"not UTF-8 text ({where})"), False
    return answer(line)


def answer(line: str) -> tuple[Message, bool]:
    """The response to one request line, and whether it was ``bye``. Never raises: a request
    that cannot be answered gets a failure response of the right kind."""
    try:
        request = decode(line, "request")
    except ProtocolError as e:
        return failure(_id_of(line), "bad_request", str(e)), False
    ident, op = request["id"], request["op"]
    try:
        result = _HANDLERS[op](request)
    except _Failed as e:
        return failure(ident, e.kind, e.message, e.rule), False
    except FearsomeError as e:
        return failure(ident, "bad_request", str(e)), False
    except Exception as e:  # the reference engine's own bug: reported, never a crash
        return failure(ident, "internal", f"{type(e).__name__}: {e}"), False
    return {"id": ident, "ok": True, **result}, op == "bye"


class _Failed(Exception):
    def __init__(self, kind: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.kind, self.message, self.rule = kind, message, rule


def _id_of(line: str) -> int:
    """The id of a request that is not valid, if it has one (else 0)."""
    try:
        ident = json.loads(line).get("id")
    except (ValueError, AttributeError, RecursionError):
        return 0
    return ident if isinstance(ident, int) and not isinstance(ident, bool) and ident >= 0 else 0


def _hello(request: Message) -> Message:
    if request["protocol"] != PROTOCOL:
        raise _Failed(
            "unsupported", f"this engine speaks {PROTOCOL}, not {quote(request['protocol'])}"
        )
    options: dict[str, list[str | bool]] = {}
    for name in RuleOptions.names():
        default = getattr(RuleOptions(), name)
        values = RuleOptions.choices(name)
        options[name] = [v == "true" for v in values] if isinstance(default, bool) else list(values)
    return {
        "protocol": PROTOCOL,
        "engine": {"name": "fearsome_rules", "version": metadata.version("fearsome_rules")},
        "supports": {
            "setups": ["basic", "advanced", "bsw"],
            "players": list(range(2, 8)),
            "options": options,
            "features": sorted(ALL_FEATURES),
        },
    }


def _options(request: Message) -> RuleOptions:
    opts = RuleOptions()
    for name, value in request["options"].items():
        opts = opts.with_option(name, value)
    return opts


@lru_cache(maxsize=1)
def _position_validator() -> jsonschema.protocols.Validator:
    """The case files' position mapping (conformance/schema.json), which ``start`` carries."""
    whole = casefile.schema()
    return casefile.strict_validator({"$defs": whole["$defs"], "$ref": "#/$defs/position"})


def _start(request: Message) -> Message:
    options = _options(request)
    ((kind, data),) = request["start"].items()
    state: GameState
    if kind == "position":
        wrong = schema_problem(_position_validator(), data, "$.start.position")
        if wrong is not None:
            raise _Failed("bad_request", f"not a valid request: {wrong}")
    if kind == "new_game":
        seat = SEAT_LETTERS.index(data["start_player"])
        state = new_game(data["players"], seat, options, data["setup"])
    elif kind == "position_string":
        state = parse_position(data)
        if state.options != options and options != RuleOptions():
            state = parse_position(position_string(state.replace(options=options)))
    else:
        state = build_position(data, options)
    return {"state": state_to_json(state)}


def _state(request: Message) -> GameState:
    return state_from_json(request["state"])


def _apply(request: Message) -> Message:
    result = _ENGINE.act(_state(request), request["action"])
    if isinstance(result, Refusal):
        raise _Failed("illegal", result.message, result.rule)
    return {
        "state": state_to_json(result.state),
        "monster_path": list(result.monster_path),
        "eaten": list(result.eaten),
        "events": list(result.events or ()),
    }


def _legal_moves(request: Message) -> Message:
    return {"moves": _ENGINE.legal_moves(_state(request), request.get("figure"))}


def _destinations(request: Message) -> Message:
    places = _ENGINE.destinations(_state(request), request["figure"])
    return {"places": sorted(places)}


def _chance(request: Message) -> Message:
    chances = _ENGINE.chance(_state(request))
    return {"chance": {tile: f"{p.numerator}/{p.denominator}" for tile, p in chances.items()}}


def _outcome(request: Message) -> Message:
    o = _ENGINE.outcome(_state(request))
    return {"outcome": None if o is None else {"rule": o[0], "winners": list(o[1])}}


def _bye(_request: Message) -> Message:
    return {}


_HANDLERS: dict[str, Callable[[Message], Message]] = {
    "hello": _hello,
    "start": _start,
    "apply": _apply,
    "legal_moves": _legal_moves,
    "destinations": _destinations,
    "chance": _chance,
    "outcome": _outcome,
    "bye": _bye,
}
