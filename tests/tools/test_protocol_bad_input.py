"""Issue 35, the process protocol's door: every line ``fearsome-rules serve-protocol`` reads
(bytes that are not UTF-8, text that is not JSON, requests of the wrong shape, a position no game
can reach) is answered by one valid response, a refusal ``bad_request`` (or ``illegal``,
``unsupported``) in one short line naming the field; never ``internal``, never a crash. Fed
generated lines in-process, and as a real process under a strict UTF-8 locale."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from typing import Any

import jsonschema
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from strategies import ANY_CHARACTER, fuzz_examples, json_text, mutated_json

import fearsome_rules as fr
from fearsome_rules.core.errors import MESSAGE_LIMIT
from fearsome_rules.tools.conformance.protocol import PROTOCOL, SUITE, schema
from fearsome_rules.tools.conformance.server import answer, answer_bytes

STATE = fr.state_to_json(fr.apply(fr.new_game(4), fr.parse_action("A5 p11 o11")))
POSITION = {
    "players": 4,
    "figures": {"A1": "f6", "B5": "waiting"},
    "moved": "all",
    "deck_left": [7, 8, 10],
}
REQUESTS: list[dict[str, Any]] = [
    {"id": 1, "op": "hello", "protocol": PROTOCOL, "suite": SUITE},
    {
        "id": 2,
        "op": "start",
        "options": {},
        "start": {"new_game": {"players": 4, "start_player": "B", "setup": "basic"}},
    },
    {"id": 3, "op": "start", "options": {"reentry": "mandatory"}, "start": {"position": POSITION}},
    {
        "id": 4,
        "op": "start",
        "options": {},
        "start": {"position_string": fr.position_string(fr.new_game(2))},
        "state": fr.state_to_json(fr.new_game(2)),
    },
    {"id": 5, "op": "apply", "state": STATE, "action": "B4 p11 o11 n11"},
    {"id": 6, "op": "legal_moves", "state": STATE, "figure": "B4"},
    {"id": 7, "op": "destinations", "state": STATE, "figure": "B1"},
    {"id": 8, "op": "chance", "state": STATE},
    {"id": 9, "op": "outcome", "state": STATE},
    {"id": 10, "op": "bye"},
]
KEYS = sorted({k for r in REQUESTS for k in r} | {*POSITION, "faces", "stones", "teleporters"})
RESPONSE = jsonschema.Draft202012Validator({**schema(), "$ref": "#/$defs/response"})


def checked(response: dict[str, Any]) -> dict[str, Any]:
    """A response the protocol allows; a refusal of one short line, never ``internal``."""
    RESPONSE.validate(response)
    json.dumps(response, allow_nan=False).encode("utf-8")  # writable as it is
    if not response["ok"]:
        error = response["error"]
        assert error["kind"] != "internal", error
        # One line, within the net of every message (a state's JSON names up to five places).
        assert "\n" not in error["message"] and len(error["message"]) <= MESSAGE_LIMIT, error
    return response


def test_every_request_as_given_is_answered() -> None:
    for request in REQUESTS:
        response, stop = answer(json.dumps(request))
        assert checked(response)["ok"], response
        assert stop == (request["op"] == "bye")


@pytest.mark.parametrize(
    ("start", "message"),
    [
        ({"position": {"figures": {"A1": "k11"}}}, "$.start.position.players: missing"),
        ({"position": {"players": 4, "figures": ["A1"]}}, "$.start.position.figures: "),
        ({"position": {"players": 4.0}}, "$.start.position.players: 4.0 is not of type"),
        ({"position": {"players": 4, "colour": "red"}}, "$.start.position: unknown key 'colour'"),
        ({"position": {"players": 4, "moved": "x" * 5000}}, "$.start.position.moved: "),
        ({"position": {"players": 2, "figures": {"G5": "c3"}}}, "G5"),  # no G in a 2-player game
        ({"position": {"players": 4, "figures": {"A1": "p12"}}}, "p12"),
    ],
)
def test_a_malformed_start_is_a_bad_request_naming_the_field(
    start: dict[str, Any], message: str
) -> None:
    line = json.dumps({"id": 1, "op": "start", "options": {}, "start": start})
    response = checked(answer(line)[0])
    assert response["error"]["kind"] == "bad_request"
    assert message in response["error"]["message"], response


def test_a_line_that_is_not_utf8_is_a_bad_request_with_its_id() -> None:
    response, stop = answer_bytes(b'{"id": 12, "op": "hello", "protocol": "\xed\xb3\xbf"}\n')
    assert checked(response)["error"] == {
        "kind": "bad_request",
        "message": "not UTF-8 text (byte 0xed at column 40)",
    }
    assert response["id"] == 12 and not stop


def test_a_lone_surrogate_escaped_in_json_is_answered_in_utf8() -> None:
    line = '{"id": 3, "op": "hello", "protocol": "\\ud800", "suite": "1.0.0"}'
    response = checked(answer(line)[0])
    assert response["error"]["kind"] == "unsupported"
    assert "\\ud800" in response["error"]["message"]


def serve(lines: list[bytes], *, timeout: float = 60) -> list[dict[str, Any]]:
    """The responses of ``fearsome-rules serve-protocol``, as a real process under a strict
    UTF-8 locale, to ``lines``; each response line must be UTF-8 JSON."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C.UTF-8"}
    done = subprocess.run(
        [sys.executable, "-m", "fearsome_rules", "serve-protocol"],
        input=b"".join(lines),
        capture_output=True,
        env=env,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == b"", done.stderr.decode("utf-8", "replace")
    return [json.loads(line.decode("utf-8")) for line in done.stdout.splitlines()]


HELLO = json.dumps(REQUESTS[0]).encode() + b"\n"
BYE = b'{"id": 99, "op": "bye"}\n'


def test_the_process_answers_a_line_that_is_not_utf8_and_goes_on() -> None:
    """The issue's reproducer: one undecodable byte ended the process with a traceback."""
    responses = serve([b"\xed\xb3\xbf\n", HELLO, BYE])
    assert [(r["id"], r["ok"]) for r in responses] == [(0, False), (1, True), (99, True)]
    assert responses[0]["error"]["kind"] == "bad_request"


def line_noise(rng: random.Random, request: dict[str, Any]) -> bytes:
    """A request line spoilt as bytes: a few bytes replaced by any byte, cut, or doubled."""
    data = bytearray(json.dumps(request).encode())
    for _ in range(rng.randint(1, 3)):
        if not data:
            break
        at = rng.randrange(len(data))
        how = rng.randrange(3)
        if how == 0:
            data[at] = rng.choice([0x80, 0xBF, 0xC0, 0xED, 0xF5, 0xFF, 0x00, rng.randrange(256)])
        elif how == 1:
            del data[at:]
        else:
            data[at:at] = data[at : at + rng.randint(1, 8)]
    return bytes(data).replace(b"\n", b" ") + b"\n"


def test_the_process_answers_every_generated_line_in_order() -> None:
    """Under PYTHONIOENCODING=utf-8:strict, lines spoilt byte by byte, then a hello that must be
    answered: one valid response per line, the process alive to the end."""
    rng = random.Random(35)
    lines = [line_noise(rng, rng.choice(REQUESTS[:-1])) for _ in range(fuzz_examples(150))]
    lines = [line for line in lines if line.strip()]
    responses = serve([*lines, HELLO, BYE], timeout=60 + fuzz_examples(1))
    assert len(responses) == len(lines) + 2
    for response in responses:
        checked(response)
    assert responses[-2]["ok"] and responses[-1] == {"id": 99, "ok": True}


@settings(max_examples=fuzz_examples(400))
@given(st.data())
def test_any_mutated_request_is_answered_never_internal(data: st.DataObject) -> None:
    request = data.draw(mutated_json(data.draw(st.sampled_from(REQUESTS)), KEYS))
    line = json_text(request)
    if data.draw(st.booleans()):  # spoilt as text too: any characters anywhere
        at = data.draw(st.integers(0, len(line)))
        line = line[:at] + data.draw(st.text(ANY_CHARACTER, max_size=4)) + line[at:]
    raw = line.encode("utf-8", "surrogatepass").replace(b"\n", b" ")
    response = checked(answer_bytes(raw)[0])
    event("answered" if response["ok"] else response["error"]["kind"])
