"""This package as an engine under test: ``fearsome-rules serve-protocol`` answers the
conformance protocol (conformance/PROTOCOL.md) on standard input and output, with the same
calls the in-process runner makes (:class:`~.engines.InProcess`). It is the protocol's
reference: the whole suite runs through it in CI."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import metadata
from typing import Any, TextIO

from fearsome_rules.core.errors import FearsomeError
from fearsome_rules.core.game import new_game
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.state import SEAT_LETTERS, GameState
from fearsome_rules.formats.position_string import parse_position, position_string
from fearsome_rules.formats.state_json import state_from_json, state_to_json
from fearsome_rules.tools.conformance.cases import build_position
from fearsome_rules.tools.conformance.engines import ALL_FEATURES, InProcess, Refusal
from fearsome_rules.tools.conformance.protocol import (
    PROTOCOL,
    ProtocolError,
    decode,
    encode,
    failure,
)

Message = dict[str, Any]
_ENGINE = InProcess()


def serve(read: TextIO, write: TextIO) -> int:
    """Answer requests line by line until ``bye`` or the end of input; 0."""
    for line in read:
        if not line.strip():
            continue
        response, stop = answer(line)
        write.write(encode(response))
        write.flush()
        if stop:
            break
    return 0


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
        raise _Failed("unsupported", f"this engine speaks {PROTOCOL}, not {request['protocol']}")
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


def _start(request: Message) -> Message:
    options = _options(request)
    ((kind, data),) = request["start"].items()
    state: GameState
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
