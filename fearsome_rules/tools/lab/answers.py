"""The lab's answers: what a walk or a move did, by the user's labels, and in words."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Final

import attrs

from fearsome_rules.core import board
from fearsome_rules.core import events as ev
from fearsome_rules.core.board import STONE_KINDS
from fearsome_rules.core.errors import RuleError
from fearsome_rules.core.state import GameState
from fearsome_rules.tools.trail import Trail


def relabelled(text: str, labels: Mapping[str, str]) -> str:
    """``text`` with every engine figure name replaced by its label."""
    return re.sub(r"\b[A-G][1345]\b", lambda m: labels.get(m.group(), m.group()), text)


@attrs.frozen
class Sighting:
    """A figure the monster saw: its label and how many squares away."""

    label: str
    distance: int

    def __str__(self) -> str:
        return f"{self.label} {self.distance}"


@attrs.frozen
class LabStep:
    """One monster step: the look (what it saw each way, and the facing it chose), then the
    move and what it did. ``events`` are the engine's, with your labels."""

    number: int
    start: str
    end: str
    looked: str
    """The facing at the look, before any turn."""
    facing: str
    """The facing at the end of the step."""
    ahead: Sighting | None
    left: Sighting | None
    right: Sighting | None
    turned: bool
    """Whether the look turned it (a turning stone's turn is in ``told`` and ``events``)."""
    hits: tuple[str, ...]
    events: tuple[ev.Event, ...]
    told: tuple[str, ...] = ()
    """The move in a few words each, in order: what ``str`` of the step says after its look."""

    def __str__(self) -> str:
        sightings = (self.ahead, self.left, self.right)
        seen = [
            f"{s.label} {s.distance} {w}"
            for w, s in zip(WAYS, sightings, strict=True)
            if s is not None
        ]
        text = f"{self.number}: looks {self.looked} from {self.start}, " + (
            f"sees {', '.join(seen)}" if seen else "sees nobody"
        )
        return "; ".join([text, *self.told])


WAYS: Final = ("ahead", "left", "right")


def _ways(look: ev.MonsterLooked) -> tuple[str, str, str]:
    return look.ahead, look.left, look.right


KIND_WORDS: Final = {
    "stone": "stone",
    "crystal": "crystal",
    "turn_right": "right-turn stone",
    "turn_about": "half-turn stone",
}


def _story(events: Sequence[ev.Event], labels: Mapping[str, str]) -> tuple[str, ...]:
    """The events of one step in a few words each, naming the kind of every stone (as the
    events carry it); a step that ends where a slide, a wall or a teleporter put the monster is
    told by that move, and a slide comes before the eating at its end."""
    order = list(events)
    for k in range(len(order) - 1):
        e, after = order[k], order[k + 1]
        slid_onto = isinstance(after, ev.MonsterSlid) and after.to == getattr(e, "square", "")
        if isinstance(e, ev.FigureEaten) and slid_onto:
            order[k], order[k + 1] = after, e
    carried = [
        e.to
        for e in events
        if isinstance(e, ev.MonsterSlid | ev.MonsterWrapped | ev.MonsterTeleported)
    ]
    out: list[str] = []
    for e in order:
        kind = ""
        if isinstance(e, ev.StonePushed | ev.StoneSlid | ev.StoneRemoved):
            kind = KIND_WORDS.get(e.stone, "stone")
        if isinstance(e, ev.MonsterStepped) and carried[-1:] == [e.to]:
            continue
        text = _told(relabel(e, labels), kind)
        if text:
            out.append(text)
    return tuple(out)


def _told(e: ev.Event, kind: str = "stone") -> str:
    """What an event says, in a few words ("" for a look); ``kind``: the stone's kind."""
    if isinstance(e, ev.MonsterTurned):
        return f"turns {e.to}"
    if isinstance(e, ev.MonsterStepped):
        return f"steps to {e.to}"
    if isinstance(e, ev.MonsterSlid):
        return f"slides to {e.to}"
    if isinstance(e, ev.MonsterWrapped):
        return f"walks through wall {e.wall} from {e.frm} to {e.to}"
    if isinstance(e, ev.MonsterTeleported):
        return f"teleports from {e.frm} to {e.to} facing {e.facing}"
    if isinstance(e, ev.MonsterTurnedByStone):
        return f"turned {e.to} by the {KIND_WORDS.get(e.kind, e.kind)} on {e.stone}"
    if isinstance(e, ev.StonePushed):
        return f"pushes the {kind} {e.frm}->{e.to}"
    if isinstance(e, ev.StoneSlid):
        return f"the {kind} slides {e.frm}->{e.to}"
    if isinstance(e, ev.StoneRemoved):
        return f"the {kind} on {e.square} leaves the game ({e.reason})"
    if isinstance(e, ev.FigurePushed):
        return f"pushes {e.figure} {e.frm}->{e.to}"
    if isinstance(e, ev.FigureEaten):
        if e.how == ev.How.EATEN:
            return f"eats {e.figure}"
        return f"{e.figure} {e.how}" + (f" on {e.square}" if "teleporter" in e.how else "")
    if isinstance(e, ev.FigureStepped):
        return f"{e.figure} steps to {e.to}"
    if isinstance(e, ev.FigureSlid):
        return f"{e.figure} slides to {e.to}"
    if isinstance(e, ev.FigureExited):
        return f"{e.figure} leaves through the exit"
    if isinstance(e, ev.FigureFlipped):
        return f"{e.figure} turns over to {e.face}"
    return ""


@attrs.frozen
class WalkResult:
    """What a walk did, by your labels."""

    steps: tuple[LabStep, ...]
    monster: str
    """The monster's square at the end."""
    facing: str
    """Its facing after the final look."""
    where: dict[str, str]
    """Each label's square at the end, or ``eaten`` (eaten, pushed off the board or onto a
    teleporter), or ``waiting`` where it started outside."""
    eaten: tuple[str, ...]
    """The labels hit, in order (eaten, pushed off the board, pushed onto a teleporter)."""
    pushed_off: tuple[str, ...]
    """Those of ``eaten`` pushed off the board or onto a teleporter rather than eaten."""
    stones: dict[str, str]
    """The stones at the end: square -> kind (``stone``, ``crystal``, ``turn_right``,
    ``turn_about``)."""
    removed_stones: tuple[str, ...]
    """The squares from which stones left the game (pushed off the board, corner rules)."""
    events: tuple[ev.Event, ...]
    stage: int
    """The stage asked about: what becomes of the figures hit (MON-EATEN)."""
    trail: Trail
    """The walk as ``explain`` and ``render`` use it (engine names, not labels)."""
    labels: dict[str, str]
    """Engine figure name -> your label."""

    def __str__(self) -> str:
        lines = [str(step) for step in self.steps]
        steps = [k for k, e in enumerate(self.events) if isinstance(e, ev.MonsterStepped)]
        final = self.events[steps[-1] + 1 :] if steps else self.events
        look = next((e for e in final if isinstance(e, ev.MonsterLooked)), None)
        if look is not None:
            seen = [
                f"{x.replace('@', ' ')} {w}" for w, x in zip(WAYS, _ways(look), strict=True) if x
            ]
            turn = [f"turns {e.to}" for e in final if isinstance(e, ev.MonsterTurned)]
            lines.append(
                f"final look from {look.square}: "
                + "; ".join([f"sees {', '.join(seen)}" if seen else "sees nobody", *turn])
            )
        lines.append(f"ends on {self.monster} facing {self.facing}")
        fate = "they wait outside again" if self.stage == 1 else "they leave the game"
        eaten = ", ".join(self.eaten)
        lines.append(
            f"eaten: {eaten} (stage {self.stage}: {fate}, MON-EATEN)" if eaten else "eaten: nobody"
        )
        if self.removed_stones:
            lines.append("stones gone: " + ", ".join(self.removed_stones))
        return "\n".join(lines)

    def explained(self) -> str:
        """The walk explained step by step by ``fearsome-rules explain``'s narrator, every
        line citing its rule ids (what the monster saw, why it turned or kept its facing, what
        its move did), with your labels."""
        from fearsome_rules.tools.explain import explain_trail

        return relabelled(explain_trail(self.trail).text(), self.labels)

    @property
    def before(self) -> GameState:
        return self.trail.before

    @property
    def after(self) -> GameState:
        return self.trail.after


@attrs.frozen
class MoveResult:
    """A figure move asked of the lab: legal or the rule it breaks, and where everything ends."""

    legal: bool
    rule: str | None
    """The spec rule id the move breaks, None if it is legal."""
    message: str
    where: dict[str, str]
    """Each label's square after the move (the position as it was if the move is refused)."""
    stones: dict[str, str]
    removed_stones: tuple[str, ...]
    events: tuple[ev.Event, ...]
    before: GameState
    after: GameState
    told: tuple[str, ...] = ()
    """The move in a few words each, in order."""

    def __str__(self) -> str:
        if not self.legal:
            return f"refused [{self.rule}] {self.message}"
        return "legal" + (": " + "; ".join(self.told) if self.told else "")


def relabel(e: ev.Event, labels: Mapping[str, str]) -> ev.Event:
    """The event with figure names replaced by labels."""
    changes: dict[str, str] = {}
    for field in attrs.fields(type(e)):
        value = getattr(e, field.name)
        if not isinstance(value, str):
            continue
        if field.name in ("figure", "by") and value in labels:
            changes[field.name] = labels[value]
        elif field.name in ("ahead", "left", "right") and value:
            name, _, distance = value.partition("@")
            changes[field.name] = f"{labels.get(name, name)}@{distance}"
    return attrs.evolve(e, **changes) if changes else e


def _sighting(text: str) -> Sighting | None:
    if not text:
        return None
    label, _, distance = text.rpartition("@")
    return Sighting(label, int(distance))


def _where(state: GameState, labels: Mapping[str, str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for f in state.figures:
        if f.name in labels:
            place = f.place()
            out[labels[f.name]] = "eaten" if place == "removed" else place
    return out


def _stones(state: GameState) -> dict[str, str]:
    return {board.name(sq): STONE_KINDS[state.cells[sq]] for sq in sorted(state.stones)}


def walk_result(done: Trail, labels: Mapping[str, str]) -> WalkResult:
    steps = []
    eaten: list[str] = []
    pushed_off: list[str] = []
    for step in done.steps:
        events = tuple(relabel(e, labels) for e in step.events)
        look = next(e for e in events if isinstance(e, ev.MonsterLooked))
        turned = next((e for e in events if isinstance(e, ev.MonsterTurned)), None)
        hits = []
        for e in events:
            if isinstance(e, ev.FigureEaten):
                hits.append(e.figure)
                if e.how != ev.How.EATEN:
                    pushed_off.append(e.figure)
        eaten += hits
        steps.append(
            LabStep(
                number=step.number,
                start=step.start,
                end=step.end,
                looked=turned.frm if turned is not None else look.facing,
                facing=step.facing,
                ahead=_sighting(look.ahead),
                left=_sighting(look.left),
                right=_sighting(look.right),
                turned=turned is not None,
                hits=tuple(hits),
                events=events,
                told=_story(step.events, labels),
            )
        )
    end = done.end
    where = _where(end, labels)
    for label in eaten:
        where[label] = "eaten"
    return WalkResult(
        steps=tuple(steps),
        monster=board.name(end.monster),
        facing=board.DIRECTION_LETTERS[end.facing],
        where=where,
        eaten=tuple(eaten),
        pushed_off=tuple(pushed_off),
        stones=_stones(end),
        removed_stones=tuple(e.square for e in done.events if isinstance(e, ev.StoneRemoved)),
        events=tuple(relabel(e, labels) for e in done.events),
        stage=done.before.stage,
        trail=done,
        labels=dict(labels),
    )


def move_result(
    before: GameState,
    after: GameState,
    events: Sequence[ev.Event],
    refused: RuleError | None,
    labels: Mapping[str, str],
) -> MoveResult:
    message = relabelled(refused.message, labels) if refused is not None else "legal"
    return MoveResult(
        legal=refused is None,
        rule=None if refused is None else refused.rule,
        message=message,
        where=_where(after, labels),
        stones=_stones(after),
        removed_stones=tuple(e.square for e in events if isinstance(e, ev.StoneRemoved)),
        events=tuple(relabel(e, labels) for e in events),
        before=before,
        after=after,
        told=_story(events, labels),
    )
