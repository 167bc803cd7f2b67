"""Any engine as the runner's :class:`~.engines.Engine`, through the conformance protocol
(conformance/PROTOCOL.md): ``fearsome-rules conform --engine 'node my_engine.js'`` starts the
command, says ``hello``, and asks it every step of every case, each answer within a timeout.

An engine that stops answering (a timeout, an exit, a line that is not the protocol's) fails
the case at hand, and is started again for the next case.
"""

from __future__ import annotations

import collections
import contextlib
import queue
import shlex
import subprocess
import threading
from fractions import Fraction
from typing import IO, Any, Final

from fearsome_rules.core.errors import FearsomeError, quote
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.state import SEAT_LETTERS, GameState
from fearsome_rules.formats.state_json import RecordError, state_from_json, state_to_json
from fearsome_rules.tools.conformance.cases import Case, start_state
from fearsome_rules.tools.conformance.engines import (
    BadState,
    Done,
    EngineFailure,
    Outcome,
    Refusal,
    Unsupported,
)
from fearsome_rules.tools.conformance.protocol import (
    PROTOCOL,
    SUITE,
    ProtocolError,
    decode,
    encode,
)

TIMEOUT: Final = 10.0
"""Seconds an engine has to answer one request, by default."""
_STDERR_KEPT: Final = 20


class EngineError(EngineFailure):
    """The engine under test cannot be started or does not speak the protocol."""


class Subprocess:
    """An engine run as ``command``, asked through the protocol."""

    def __init__(self, command: str, timeout: float = TIMEOUT, suite: str = SUITE) -> None:
        self.command = command
        self.argv = shlex.split(command)
        if not self.argv:
            raise EngineError("--engine: give the command that starts the engine")
        self.timeout = timeout
        self.suite = suite
        self.process: subprocess.Popen[str] | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stderr: collections.deque[str] = collections.deque(maxlen=_STDERR_KEPT)
        self.next_id = 0
        hello = self._hello()
        self.name = f"{hello['engine']['name']} {hello['engine']['version']} ({command})"
        supports = hello["supports"]
        self.setups = frozenset(supports["setups"])
        self.players = frozenset(supports["players"])
        self.options: dict[str, list[str | bool]] = _options_supported(supports["options"])
        self.features = frozenset(supports["features"])

    # --- the process ---------------------------------------------------------------------

    def _launch(self) -> None:
        try:
            process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                bufsize=1,
            )
        except OSError as e:
            raise EngineError(f"--engine {quote(self.command)}: cannot start: {e}") from None
        self.process = process
        self.lines = queue.Queue()
        assert process.stdout is not None and process.stderr is not None
        threading.Thread(target=_pump, args=(process.stdout, self.lines), daemon=True).start()
        threading.Thread(target=_keep, args=(process.stderr, self.stderr), daemon=True).start()

    def _hello(self) -> dict[str, Any]:
        self._launch()
        reply = self._ask({"op": "hello", "protocol": PROTOCOL, "suite": self.suite})
        if not reply.get("ok"):
            raise EngineError(f"--engine: the engine refused hello: {reply['error']['message']}")
        if reply.get("protocol") != PROTOCOL:
            raise EngineError(f"--engine: the engine speaks {quote(reply.get('protocol'))}")
        if "supports" not in reply or "engine" not in reply:
            raise EngineError("--engine: the hello reply lacks engine or supports")
        return reply

    def close(self) -> None:
        process = self.process
        if process is None:
            return
        self.process = None
        try:
            if process.poll() is None and process.stdin is not None:
                process.stdin.write(encode({"id": self.next_id, "op": "bye"}))
                process.stdin.flush()
                process.stdin.close()
            process.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            process.kill()
            process.wait()

    def _ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """The engine's response to ``request`` (an id is added); raises EngineError if it
        does not answer in time or not with the protocol."""
        if self.process is None and request["op"] != "hello":
            self._hello()  # it stopped answering at the last case: a fresh start for this one
        process = self.process
        if process is None or process.stdin is None:
            raise EngineError("the engine is not running")
        ident = self.next_id
        self.next_id += 1
        try:
            process.stdin.write(encode({"id": ident, **request}))
            process.stdin.flush()
            line = self.lines.get(timeout=self.timeout)
        except OSError:
            line = None
        except queue.Empty:
            self._stop()
            raise EngineError(f"no answer to {request['op']} in {self.timeout:g} s") from None
        if line is None:
            if self.process is not None:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self.process.wait(timeout=1)  # for its exit status
            said = self._said()
            self._stop()
            raise EngineError(f"the engine exited{said}")
        try:
            reply = decode(line, "response")
        except ProtocolError as e:
            self._stop()
            raise EngineError(f"the engine's answer to {request['op']}: {e}") from None
        if reply["id"] != ident:
            self._stop()
            raise EngineError(f"the engine answered request {reply['id']}, not {ident}")
        return reply

    def _stop(self) -> None:
        """Kill an engine that stopped speaking the protocol; the next request restarts it."""
        process, self.process = self.process, None
        if process is not None:
            process.kill()
            process.wait()

    def _said(self) -> str:
        """The engine's exit status and its last words on stderr (a crash's report ends with
        a runtime's banner, so a few lines are kept)."""
        process = self.process
        status = process.poll() if process is not None else None
        out = f" with status {status}" if status is not None else ""
        if self.stderr:
            last = " | ".join(line for line in list(self.stderr)[-3:] if line.strip())
            out += f" (its last words: {quote(last, 160)})"
        return out

    def _result(self, request: dict[str, Any]) -> dict[str, Any]:
        """The engine's result; an ``unsupported`` failure skips the case; any other fails."""
        reply = self._ask(request)
        if reply["ok"]:
            return reply
        error = reply["error"]
        if error["kind"] == "unsupported":
            raise Unsupported(error["message"])
        raise EngineError(f"{request['op']}: {error['kind']}: {error['message']}")

    # --- the Engine protocol -------------------------------------------------------------

    def skip_reason(self, case: Case, options: RuleOptions) -> str | None:
        try:
            reference = start_state(case, options)
        except FearsomeError:
            return None  # the start is not valid under this reading: start() says so
        if reference.setup not in self.setups:
            return f"the engine does not play the {reference.setup} setup"
        if reference.players not in self.players:
            return f"the engine does not play with {reference.players} players"
        for name, value in options.changed().items():
            if value not in self.options.get(name, []):
                return f"the engine does not implement {name}={_text(value)}"
        return None

    def start(self, case: Case, options: RuleOptions) -> GameState:
        kind, data = case.start
        request: dict[str, Any] = {"op": "start", "options": _options_doc(options)}
        if kind == "new_game":
            seat = data.get("start_player", 0)
            request["start"] = {
                "new_game": {
                    "players": data["players"],
                    "start_player": seat if isinstance(seat, str) else SEAT_LETTERS[seat],
                    "setup": data.get("setup", "basic"),
                }
            }
        else:
            request["start"] = {kind: data}
            request["state"] = state_to_json(start_state(case, options))
        state = self._state(self._result(request))
        if state.options != options:
            raise EngineError(
                f"start: the engine's state has the reading {_reading(state.options)}, the "
                f"case's is {_reading(options)}"
            )
        if kind != "new_game" and state != start_state(case, options):
            raise EngineError("start: the engine set up another position than the case's")
        return state

    def act(self, state: GameState, action: str) -> Done | Refusal:
        reply = self._ask({"op": "apply", "state": state_to_json(state), "action": action})
        if not reply["ok"]:
            error = reply["error"]
            if error["kind"] == "illegal":
                return Refusal(error["rule"], error["message"])
            if error["kind"] == "unsupported":
                raise Unsupported(error["message"])
            raise EngineError(f"apply {quote(action)}: {error['kind']}: {error['message']}")
        events = reply.get("events")
        return Done(
            self._state(reply),
            tuple(reply.get("monster_path", ())),
            tuple(reply.get("eaten", ())),
            None if events is None else tuple(events),
        )

    def legal_moves(self, state: GameState, figure: str | None) -> list[str]:
        request: dict[str, Any] = {"op": "legal_moves", "state": state_to_json(state)}
        if figure is not None:
            request["figure"] = figure
        return list(self._result(request)["moves"])

    def destinations(self, state: GameState, figure: str) -> set[str]:
        request = {"op": "destinations", "state": state_to_json(state), "figure": figure}
        return set(self._result(request)["places"])

    def chance(self, state: GameState) -> dict[str, Fraction]:
        chances = self._result({"op": "chance", "state": state_to_json(state)})["chance"]
        return {tile: Fraction(p) for tile, p in chances.items()}

    def outcome(self, state: GameState) -> Outcome:
        o = self._result({"op": "outcome", "state": state_to_json(state)})["outcome"]
        return None if o is None else (o["rule"], tuple(o["winners"]))

    def _state(self, reply: dict[str, Any]) -> GameState:
        if "state" not in reply:
            raise EngineError("the engine's answer has no state")
        try:
            return state_from_json(reply["state"])
        except RecordError as e:
            raise BadState(f"the engine's state is not valid: {e}") from None


def _options_supported(given: dict[str, Any]) -> dict[str, list[str | bool]]:
    """The readings an engine says it implements, checked: an unknown option or value is a
    mistake to say at once, not a silent skip of every case that uses it."""
    for name, values in given.items():
        if name not in RuleOptions.names():
            raise EngineError(f"--engine: hello: supports.options: {quote(name)} is no option")
        for value in values:
            try:
                RuleOptions().with_option(name, value)
            except FearsomeError:
                raise EngineError(
                    f"--engine: hello: supports.options.{name}: {quote(value)} is no value of it"
                ) from None
    return dict(given)


def _reading(options: RuleOptions) -> str:
    changed = options.changed()
    return ", ".join(f"{k}={_text(v)}" for k, v in changed.items()) or "the defaults"


def _options_doc(options: RuleOptions) -> dict[str, str | bool]:
    return {k: v for k, v in options.changed().items() if isinstance(v, str | bool)}


def _text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _pump(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    """Hand the engine's output lines to the runner; None once it has closed."""
    try:
        for line in stream:
            lines.put(line)
    except (OSError, ValueError):
        pass
    lines.put(None)


def _keep(stream: IO[str], kept: collections.deque[str]) -> None:
    try:
        for line in stream:
            kept.append(line.rstrip("\n"))
    except (OSError, ValueError):
        pass
