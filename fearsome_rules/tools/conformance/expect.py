"""Comparing a step's expectations with the state after it and the events on the way.

:func:`compare` returns one readable line per difference (an empty list when the step is as
expected); legal moves are compared by their results, so any path to the same result will do.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from fearsome_rules.core import board
from fearsome_rules.core.board import STONE_KINDS
from fearsome_rules.core.errors import NotationError, quote
from fearsome_rules.core.state import SEAT_LETTERS, GameState
from fearsome_rules.tools.conformance.engines import Done, Engine, Refusal

FEATURES = {
    "events": "events",
    "events_contain": "events",
    "legal_moves": "legal_moves",
    "destinations": "destinations",
    "chance": "chance",
    "outcome": "outcome",
}
"""The expectations that need an engine to answer more than the state after an action."""


def _seat_text(value: str | int) -> str:
    return value if isinstance(value, str) else SEAT_LETTERS[value]


def _squares_text(values: Iterable[str]) -> str:
    return " ".join(sorted(values, key=board.square)) or "(none)"


def _set_diff(label: str, want: set[str], got: set[str], key: Any = None) -> list[str]:
    if want == got:
        return []
    missing = sorted(want - got, key=key)
    extra = sorted(got - want, key=key)
    parts = []
    if missing:
        parts.append(f"missing {' '.join(missing)}")
    if extra:
        parts.append(f"unexpected {' '.join(extra)}")
    return [f"{label}: {'; '.join(parts)}"]


def _place_key(p: str) -> tuple[int, str]:
    try:
        return (board.square(p), "")
    except NotationError:
        return (999, p)


def _stone_names(state: GameState) -> set[str]:
    return {board.name(s) for s in state.stones}


def compare(
    exp: Mapping[str, Any], state: GameState, result: Done | None, engine: Engine
) -> list[str]:
    """Every difference between the expectations and the state after the step (``result``:
    what the step's action did; None for a step that only checks); ``engine`` answers the
    questions the state alone does not (legal moves, destinations, chance, the outcome)."""
    out: list[str] = []
    walked = result.monster_path if result is not None else ()
    eaten = result.eaten if result is not None else ()
    texts = list(result.events or ()) if result is not None else []
    for name, want in exp.get("figures", {}).items():
        f = state.figure(name)
        want = {"at": want} if isinstance(want, str) else want
        if "at" in want and f.place() != want["at"]:
            out.append(f"figure {name}: expected at {want['at']}, got {f.place()}")
        if "face" in want and f.face != want["face"]:
            out.append(f"figure {name}: expected face {want['face']}, got {f.face}")
        if "moved" in want and f.moved != want["moved"]:
            out.append(f"figure {name}: expected moved={want['moved']}, got moved={f.moved}")
    if "monster" in exp:
        m = exp["monster"]
        at, facing = board.name(state.monster), board.DIRECTION_LETTERS[state.facing]
        if "at" in m and m["at"] != at:
            out.append(f"monster: expected on {m['at']}, got {at}")
        if "facing" in m and m["facing"] != facing:
            out.append(f"monster: expected facing {m['facing']}, got {facing}")
    if "monster_path" in exp:
        want_path = list(exp["monster_path"])
        got_path = list(walked)
        if want_path != got_path:
            k = next(
                (i for i, (a, b) in enumerate(zip(want_path, got_path, strict=False)) if a != b),
                None,
            )
            if k is not None:
                out.append(
                    f"monster_path differs at step {k + 1}: expected {want_path[k]}, got "
                    f"{got_path[k]} (expected {' '.join(want_path)}; got {' '.join(got_path)})"
                )
            else:
                out.append(
                    f"monster_path: expected {len(want_path)} steps, got {len(got_path)} "
                    f"(expected {' '.join(want_path)}; got {' '.join(got_path)})"
                )
    if "events" in exp:
        want_ev = list(exp["events"])
        if want_ev != texts:
            k = next(
                (i for i, (a, b) in enumerate(zip(want_ev, texts, strict=False)) if a != b),
                min(len(want_ev), len(texts)),
            )
            a = want_ev[k] if k < len(want_ev) else "(no more events)"
            b = texts[k] if k < len(texts) else "(no more events)"
            out.append(f"events differ at #{k + 1}: expected {quote(a)}, got {quote(b)}")
    if "events_contain" in exp:
        it = iter(texts)
        for want_e in exp["events_contain"]:
            if not any(t == want_e for t in it):
                out.append(f"events: {quote(want_e)} does not occur (in this order)")
                break
    if "eaten" in exp:
        got_eaten = list(eaten)
        if list(exp["eaten"]) != got_eaten:
            out.append(
                f"eaten: expected {' '.join(exp['eaten']) or '(none)'}, "
                f"got {' '.join(got_eaten) or '(none)'}"
            )
    stones = _stone_names(state)
    if "stones" in exp:
        out += _set_diff("stones", set(exp["stones"]), stones, board.square)
    for sq in exp.get("stones_include", ()):
        if sq not in stones:
            out.append(f"stones: expected a stone on {sq}, there is none")
    for sq in exp.get("stones_exclude", ()):
        if sq in stones:
            out.append(f"stones: expected no stone on {sq}, there is one")
    for sq, kind in exp.get("stone_kinds", {}).items():
        v = state.cells[board.square(sq)]
        got_kind = STONE_KINDS.get(v, "no stone")
        if got_kind != kind:
            out.append(f"stone on {sq}: expected {kind}, got {got_kind}")
    if "legal_moves" in exp:
        out += _compare_legal(exp["legal_moves"], exp.get("legal_moves_for"), state, engine)
    for name, places in exp.get("destinations", {}).items():
        got_places = engine.destinations(state, name)
        out += _set_diff(f"destinations of {name}", set(places), got_places, _place_key)
    if "phase" in exp and exp["phase"] != state.phase.value:
        out.append(f"phase: expected {exp['phase']}, got {state.phase.value}")
    if "to_move" in exp:
        want_tm = None if exp["to_move"] is None else _seat_text(exp["to_move"])
        got_tm = None if state.to_move < 0 else SEAT_LETTERS[state.to_move]
        if want_tm != got_tm:
            out.append(f"to_move: expected {want_tm or 'nobody'}, got {got_tm or 'nobody'}")
    if "start_player" in exp:
        want_sp = _seat_text(exp["start_player"])
        if want_sp != SEAT_LETTERS[state.start_player]:
            out.append(f"start_player: expected {want_sp}, got {SEAT_LETTERS[state.start_player]}")
    for key in ("round", "stage"):
        if key in exp and exp[key] != getattr(state, key):
            out.append(f"{key}: expected {exp[key]}, got {getattr(state, key)}")
    if "deck" in exp:
        want_deck = sorted(str(t) for t in exp["deck"])
        if want_deck != sorted(state.deck):
            out.append(
                f"deck: expected {' '.join(want_deck) or '(empty)'}, "
                f"got {' '.join(sorted(state.deck)) or '(empty)'}"
            )
    if "escapes" in exp:
        want_esc = [_seat_text(s) for s in exp["escapes"]]
        got_esc = [SEAT_LETTERS[s] for s in state.escapes]
        if want_esc != got_esc:
            out.append(f"escapes: expected {' '.join(want_esc)}, got {' '.join(got_esc)}")
    if "outcome" in exp:
        got_o = engine.outcome(state)
        want_o = exp["outcome"]
        got_text = (
            "none (the game goes on)"
            if got_o is None
            else f"{got_o[0]} won by {''.join(got_o[1]) or '-'}"
        )
        if want_o is None:
            if got_o is not None:
                out.append(f"outcome: expected the game to go on, got {got_text}")
        else:
            want_text = (
                f"{want_o['rule']} won by "
                f"{''.join(_seat_text(s) for s in want_o['winners']) or '-'}"
            )
            if want_text != got_text:
                out.append(f"outcome: expected {want_text}, got {got_text}")
    if "chance" in exp:
        want_ch = {str(t): Fraction(p) for t, p in exp["chance"].items()}
        got_ch = engine.chance(state)
        if want_ch != got_ch:

            def show(d: Mapping[str, Fraction]) -> str:
                return " ".join(f"{t}:{p}" for t, p in d.items()) or "(none)"

            out.append(f"chance: expected {show(want_ch)}, got {show(got_ch)}")
    if "pools" in exp:
        got_pools = {board.name(s) for s in state.pools}
        out += _set_diff("pools", set(exp["pools"]), got_pools, board.square)
    if "teleporters" in exp:
        got_t = {
            f"{board.name(sq)}:{pair}:{board.DIRECTION_LETTERS[d]}"
            for sq, pair, d in state.teleporters
        }
        out += _set_diff("teleporters", set(exp["teleporters"]), got_t)
    if "to_place" in exp and sorted(exp["to_place"]) != sorted(state.to_place):
        out.append(
            f"to_place: expected {' '.join(sorted(exp['to_place']))}, "
            f"got {' '.join(sorted(state.to_place))}"
        )
    return out


def _compare_legal(
    want: Sequence[str], figure: str | None, state: GameState, engine: Engine
) -> list[str]:
    """Legal moves are compared by their results, as the engine carries them out: any path to
    the same result will do."""
    out: list[str] = []
    expected: dict[GameState, str] = {}
    for text in want:
        result = engine.act(state, text)
        if isinstance(result, Refusal):
            out.append(f"legal_moves: {quote(text)} is not legal: [{result.rule}] {result.message}")
            continue
        if result.state in expected:
            out.append(
                f"legal_moves: {quote(text)} has the same result as {quote(expected[result.state])}"
            )
        expected[result.state] = text
    got: dict[GameState, str] = {}
    for move in engine.legal_moves(state, figure):
        result = engine.act(state, move)
        if isinstance(result, Refusal):
            out.append(f"legal_moves: the engine lists {quote(move)}, which it refuses")
            continue
        got.setdefault(result.state, move)
    missing = [t for r, t in expected.items() if r not in got]
    extra = [t for r, t in got.items() if r not in expected]
    if missing:
        out.append(f"legal_moves: missing {', '.join(missing)}")
    if extra:
        out.append(f"legal_moves: unexpected {', '.join(extra)}")
    return out
