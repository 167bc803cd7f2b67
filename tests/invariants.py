"""Invariants that hold in every state the engine produces, each naming its rule id."""

from __future__ import annotations

from collections import Counter

from fearsome_rules.core import board
from fearsome_rules.core.board import OUT, REMOVED, WAITING
from fearsome_rules.core.state import GameState, Phase, kinds_for


def check_invariants(state: GameState) -> None:
    """Raise AssertionError naming the rule id of the first broken invariant."""
    n = state.players
    # SET-FIGURES: the figures of a game never change in number; faces always sum to 7.
    assert len(state.figures) == n * len(kinds_for(n)), "SET-FIGURES: figure count"
    for f in state.figures:
        assert f.face in (f.kind, 7 - f.kind), f"SET-FIGURES: {f.name} shows {f.face}"
        assert f.where in (WAITING, OUT, REMOVED) or board.ON_BOARD[f.where], f"BRD-SQUARES {f}"
    # BRD-LAYOUT: one piece per square; cells and figures agree; the monster on a free square.
    assert len(state.cells) == board.CELLS
    for sq, v in enumerate(state.cells):
        if v:
            assert board.ON_BOARD[sq], f"BRD-SQUARES: piece off the board at {sq}"
        if v and not board.is_stone(v):
            assert state.figures[v - 1].where == sq, f"BRD-LAYOUT: cell {board.name(sq)}"
    for i, f in enumerate(state.figures):
        if f.on_board:
            assert state.cells[f.where] == i + 1, f"BRD-LAYOUT: {f.name} not in its cell"
    assert board.ON_BOARD[state.monster], "MON-WRAP: the monster is always on the board"
    assert state.cells[state.monster] == 0, "MON-EAT: the monster shares its square with nothing"
    if state.options.monster_pool_edge == "wrap":  # under "stop" it may (MON-SLIDE-EDGE)
        assert state.monster not in state.pools, "MON-SLIDE: the monster never stops on blood"
    # PUSH-CORNER / MON-CORNER-STONE: no stone rests on a corner (default options).
    if state.options.monster_corner_stone == "remove":
        for sq in board.CORNERS:
            assert not board.is_stone(state.cells[sq]), "PUSH-CORNER: a stone on a corner"
    # BRD-LAYOUT 6: a custom layout may have any number of stones; no game adds one (the
    # transition's check below).
    if not state.custom_layout:
        assert len(state.stones) <= len(board.BASIC_STONES), "BRD-LAYOUT: stones never multiply"
    # END-MOST: the escape order matches the figures that are out.
    assert Counter(state.escapes) == Counter(f.owner for f in state.figures if f.where == OUT)
    # STAGE-ONE / STAGE-TWO: nothing is removed in stage 1.
    if state.stage == 1:
        assert all(f.where != REMOVED for f in state.figures), "MON-EATEN: removed in stage 1"
    # DECK-REVEAL: the deck is the stage's 8 tiles less the ones carried out.
    assert len(state.deck) + state.reveals == 8, "DECK-REVEAL: deck size"
    assert 0 <= state.reveals < 7 or state.phase is Phase.OVER, "STAGE-ONE: at most 7 a stage"
    assert 1 <= state.round <= 14, "END-BOUND: at most 14 rounds"
    # ADV-TELEPORT-FIGURES / ADV-TELEPORT-PUSH: nothing ever lies on a teleporter.
    for sq, _pair, _arrow in state.teleporters:
        assert state.cells[sq] == 0, f"ADV-TELEPORT-PUSH: a piece on {board.name(sq)}"
    # PLACE-ORDER: placing comes before round 1, with all figures waiting.
    if state.phase is Phase.PLACEMENT:
        assert state.to_place and 0 <= state.to_move < n and state.round == 1
        assert all(f.where == WAITING for f in state.figures)
        return
    assert not state.to_place, "PLACE-ORDER: tiles left to place after the placement phase"
    # RND-ORDER / RND-PASS: the player to move has a figure to move.
    if state.phase is Phase.FIGURES:
        assert any(f.owner == state.to_move and f.active and not f.moved for f in state.figures), (
            "RND-PASS: the player to move has nothing to move"
        )
    else:
        assert state.to_move == -1
    if state.phase is Phase.MONSTER:
        waiting_to_move = [f.name for f in state.figures if f.active and not f.moved]
        assert not waiting_to_move, f"RND-ONCE: monster before all moved ({waiting_to_move})"


def check_transition(
    before: GameState, action: object, after: GameState, events: tuple[object, ...]
) -> None:
    """Invariants of one action, each naming its rule id."""
    from fearsome_rules.core import actions, deck
    from fearsome_rules.core import events as ev

    # SET-FIGURES: the same figures, in the same order, before and after.
    assert [f.name for f in before.figures] == [f.name for f in after.figures], "SET-FIGURES"
    for a, b in zip(before.figures, after.figures, strict=True):
        # FIG-EXIT / STAGE-TWO: out is for good, removed is for good.
        if a.where in (OUT, REMOVED):
            assert b.where == a.where, f"FIG-EXIT/STAGE-TWO: {a.name} came back"
    # Stones are conserved: only the events that remove one (PUSH-CORNER, MON-PUSH-OFF,
    # MON-CORNER-STONE, ADV-TELEPORT-PUSH) or place one (PLACE-ORDER) change their number.
    removed = sum(isinstance(e, ev.StoneRemoved) for e in events)
    placed = sum(
        isinstance(e, ev.TilePlaced) and e.tile in ("stone", "crystal", "turn_right", "turn_about")
        for e in events
    )
    assert len(after.stones) == len(before.stones) - removed + placed, "BRD-LAYOUT: stones"
    kinds_before = Counter(before.cells[s] for s in before.stones)
    kinds_after = Counter(after.cells[s] for s in after.stones)
    if not removed and not placed:
        assert kinds_before == kinds_after, "ADV-TURN: a stone changed its kind"
    if isinstance(action, actions.FigureMove):
        # RND-ONCE / FIG-FLIP: exactly the moving figure is marked and flipped.
        changed = [
            (a, b) for a, b in zip(before.figures, after.figures, strict=True) if a.moved != b.moved
        ]
        assert [a.name for a, _ in changed] == [action.figure], "RND-ONCE"
        assert changed[0][1].face == 7 - changed[0][0].face, "FIG-FLIP"
        assert after.monster == before.monster and after.facing == before.facing, "RND-PHASES"
    if isinstance(action, actions.Reveal):
        # DECK-FIRST: the first tile of a game is never a hit tile.
        if before.stage == 1 and before.reveals == 0:
            assert not deck.is_hit_tile(action.tile), "DECK-FIRST"
        # STAGE-ONE / STAGE-TWO-END: a reveal counts, and a stage has at most 7.
        assert after.reveals == before.reveals + 1 or after.stage == 2 != before.stage, "STAGE-ONE"
        # END-BOUND: a reveal either ends the game or starts the next round.
        assert after.phase is Phase.OVER or after.round == before.round + 1, "END-BOUND"
