"""A whole monster tile explained: :func:`explain` carries out the tile, cuts the walk into
steps (:mod:`fearsome_rules.tools.trail`) and explains each step's look and move, then the
final look and what the tile's end brought."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from fearsome_rules.core import board, deck
from fearsome_rules.core import events as ev
from fearsome_rules.core.actions import Reveal
from fearsome_rules.core.state import GameState
from fearsome_rules.core.walks import Walk
from fearsome_rules.tools.explain.lines import ExplainError, Line
from fearsome_rules.tools.explain.look import Look, look
from fearsome_rules.tools.explain.narrator import StepNarrator
from fearsome_rules.tools.trail import Trail, trail


@attrs.frozen
class StepExplanation:
    """One step: its look and choice, then its move, line by line."""

    number: int
    look: Look
    lines: tuple[Line, ...]
    start: str
    end: str
    facing: str
    hits: tuple[str, ...]

    def signature(self) -> tuple[object, ...]:
        """What two readings must share for this step to be the same."""
        return (self.look.chosen, self.end, self.facing, tuple(x.text for x in self.lines))


@attrs.frozen
class Explanation:
    """A whole tile, explained."""

    trail: Trail
    tile: str
    """The tile carried out, or the lab's walk in words (``walk 3 steps``)."""
    header: tuple[Line, ...]
    steps: tuple[StepExplanation, ...]
    final_look: Look
    after: tuple[Line, ...]

    @property
    def state(self) -> GameState:
        return self.trail.before

    def text(self, title: str = "") -> str:
        """The explanation as text, one line per fact, rule ids in brackets."""
        out: list[str] = []
        if title:
            out.append(title)
        out += [x.render() for x in self.header]
        for s in self.steps:
            out.append("")
            out.append(f"Step {s.number}: on {s.start} facing {s.look.facing}")
            out += [x.render() for x in s.look.lines()]
            out += [x.render() for x in s.lines]
        out.append("")
        fl = self.final_look
        out.append(f"Final look: on {fl.square} facing {fl.facing}")
        out += [x.render() for x in fl.lines()]
        out.append("")
        out += [x.render() for x in self.after]
        return "\n".join(out)


def after_lines(events: Sequence[ev.Event]) -> list[Line]:
    out: list[Line] = []
    for e in events:
        if isinstance(e, ev.FigureEaten):
            out.append(
                Line(
                    "end",
                    f"{e.figure} is still inside on {e.square} after the 7th tile of stage 2: "
                    "removed",
                    ("STAGE-TWO-END",),
                )
            )
        elif isinstance(e, ev.StageChanged):
            out.append(
                Line(
                    "stage",
                    "that was the 7th tile of stage 1: stage 2 begins with all 8 tiles; eaten "
                    "figures are removed from now on",
                    ("STAGE-ONE",),
                )
            )
        elif isinstance(e, ev.GameEnded):
            winners = e.winners or "nobody"
            out.append(Line("game", f"the game ends ({e.rule}); winner(s): {winners}", (e.rule,)))
        elif isinstance(e, ev.RoundStarted):
            out.append(
                Line(
                    "round",
                    f"round {e.round} begins; {e.start_player} holds the start player tile",
                    ("RND-START-PASS",),
                )
            )
    return out


def explain(state: GameState, tile: str | Walk) -> Explanation:
    """Carry out ``tile`` in ``state`` (or a lab's :class:`~fearsome_rules.core.walks.Walk`
    of any length, outside the game's bookkeeping) and explain every step (raises the engine's
    RuleError if the tile cannot be revealed there)."""
    return explain_trail(trail(state, tile if isinstance(tile, Walk) else Reveal(tile)))


def explain_trail(tr: Trail) -> Explanation:
    """Explain a monster walk already cut into steps (see :func:`explain`)."""
    if isinstance(tr.action, Walk):
        return _explained(tr, str(tr.action), tr.action.hits, _walk_head(tr.action))
    if not isinstance(tr.action, Reveal):
        raise ExplainError(
            f"{tr.action} is not a monster tile: only the monster's walk is explained"
        )
    tile = tr.action.tile
    need = deck.hits_of(tile)
    return _explained(tr, tile, need, _tile_head(tile, need))


def _walk_head(walk: Walk) -> Line:
    if walk.hits:
        text = f"{walk}: the monster takes steps until {walk.hits} figure(s) are hit"
        rules: tuple[str, ...] = ("MON-HITS", "MON-STEP")
    else:
        steps = "1 step" if walk.steps == 1 else f"{walk.steps} steps"
        text = f"{walk}: the monster takes exactly {steps}"
        rules = ("MON-STEP",)
    return Line(
        "walk",
        text + ", each a look and a move, then a final look (a lab's walk: no tile, no round)",
        rules,
    )


def _tile_head(tile: str, need: int) -> Line:
    if need:
        head = Line(
            "tile",
            f"{tile}: the monster takes steps until {need} figure(s) are hit, at most "
            f"{deck.HIT_CAP}; each step is a look and a move, then a final look",
            ("MON-TILE", "MON-HITS", "MON-STEP"),
        )
    else:
        head = Line(
            "tile",
            f"{tile}: the monster takes exactly {tile} steps, each a look and a move, then a "
            "final look",
            ("MON-TILE", "MON-STEP"),
        )
    return head


def _explained(tr: Trail, tile: str, need: int, head: Line) -> Explanation:
    state = tr.before
    looks = [e for e in tr.events if isinstance(e, ev.MonsterLooked)]
    where = Line(
        "start",
        f"the monster is on {board.name(state.monster)} facing "
        f"{board.DIRECTION_LETTERS[state.facing]}; stage {state.stage}"
        # A lab's walk has no round: the one its position carries is bookkeeping.
        + ("" if isinstance(tr.action, Walk) else f", round {state.round}"),
    )
    legend = Line(
        "squares",
        "~ blood pool, <> crystal, :T1 teleporter of pair 1: sight passes over them and they "
        "count in the distance",
    )
    steps: list[StepExplanation] = []
    hits = 0
    for k, st in enumerate(tr.steps):
        lk = look(st.before, looks[k])
        lines = StepNarrator(st, lk, need, hits).run()
        hits += len(st.hits)
        steps.append(
            StepExplanation(st.number, lk, tuple(lines), st.start, st.end, st.facing, st.hits)
        )
    final_state = tr.steps[-1].after if tr.steps else state
    final = look(final_state, looks[len(tr.steps)])
    final = attrs.evolve(
        final,
        decision=attrs.evolve(
            final.decision,
            rules=("MON-CHOOSE", "MON-STEP"),
            text=final.decision.text + " (kept into the next round)",
        ),
    )
    result = _result_lines(tr, final)
    return Explanation(
        tr,
        tile,
        (head, where, legend),
        tuple(steps),
        final,
        (*result, *after_lines(tr.final_events)),
    )


def _result_lines(tr: Trail, final: Look) -> list[Line]:
    out = [
        Line(
            "result",
            f"the monster walked {' '.join(tr.path)} and ends on {final.square} facing "
            f"{final.chosen}",
        )
    ]
    hit_steps = [(h, s.number) for s in tr.steps for h in s.hits]
    if hit_steps:
        one = len(hit_steps) == 1
        if tr.before.stage == 1:
            then = "waits beside the entrance again" if one else "wait beside the entrance again"
        else:
            then = "is out of the game" if one else "are out of the game"
        listed = ", ".join(f"{h} (step {n})" for h, n in hit_steps)
        out.append(Line("hits", f"{listed} {then}", ("MON-EATEN",)))
    else:
        out.append(Line("hits", "no figure is hit"))
    return out
