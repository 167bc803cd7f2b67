"""The differential test between the engine and the naive implementation (tests/naive/).

``random_position(rng)`` builds a position through the validated builder: any player count,
any reading of the rules, the basic layout or random stones, pools (2 x 2 and 1 x 4, anywhere,
edges included), crystals, turning stones and teleporters, figures anywhere with any faces,
stage 1 or 2. ``compare(state, rng)`` then runs both implementations on it:

- figure phase: the player to move, every legal path of one figure (as sets), the state after
  each distinct result, and the rule id of perturbed paths;
- monster phase: for every tile that can be revealed, the monster's trace (square and facing
  after each step) and the state after the reveal.

Run many positions with ``python tests/differential.py COUNT [SEED]`` (prints a summary).
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter

from naive import game as ngame
from naive import monster as nmon
from naive.model import NaiveIllegal
from naive_adapter import to_naive, walk_trace

import fearsome_rules as fr
from fearsome_rules.core import board
from fearsome_rules.core.moves import all_paths

SQUARE_NAMES = sorted(board.NAME_SET)


def positions(phase: fr.Phase, count: int, seed: int) -> list[fr.GameState]:
    """``count`` random positions in ``phase`` (every option, layout and stage)."""
    rng = random.Random(seed)
    found: list[fr.GameState] = []
    while len(found) < count:
        state = random_position(rng)
        if state.phase is phase:
            found.append(state)
    return found


def _options(rng: random.Random) -> fr.RuleOptions:
    opts = fr.RuleOptions()
    for name in fr.RuleOptions.names():
        opts = opts.with_option(name, rng.choice(fr.RuleOptions.choices(name)))
    return opts


def _pool(rng: random.Random, shape: str) -> list[str]:
    r, c = rng.randrange(11), rng.randrange(16)
    cells = {
        "square": [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)],
        "row": [(r, c + k) for k in range(4)],
        "column": [(r + k, c) for k in range(4)],
    }[shape]
    if not all(0 <= rr <= 10 and 0 <= cc <= 15 and board.on_board(rr, cc) for rr, cc in cells):
        return []
    return [board.COLUMN_LETTERS[cc] + str(rr + 1) for rr, cc in cells]


def random_position(rng: random.Random) -> fr.GameState:
    """A random valid position (retries until the builder accepts one)."""
    while True:
        try:
            return _attempt(rng)
        except fr.SetupError:
            continue


def _attempt(rng: random.Random) -> fr.GameState:
    players = rng.randint(2, 7)
    opts = _options(rng)
    advanced = rng.random() < 0.4
    free = [s for s in SQUARE_NAMES if s not in ("a1", "p11")]
    rng.shuffle(free)
    pools: list[str] | None = None
    if advanced or rng.random() < 0.5:
        pools = []
        for shape in (rng.choice(["square", "row", "column"]), rng.choice(["row", "column"])):
            part = _pool(rng, shape)
            if part and not set(part) & set(pools) and not set(part) & {"a1", "p11"}:
                pools += part
    taken = set(pools) if pools else {board.name(s) for s in board.BASIC_POOLS}
    pick = [s for s in free if s not in taken]
    stones: list[str] | None = None  # None: the basic layout's stones
    crystals: list[str] = []
    turn_right: list[str] = []
    turn_about: list[str] = []
    teleporters: list[str] = []
    used = 0
    if advanced:
        stones, crystals, turn_right, turn_about = pick[:3], pick[3:5], pick[5:9], pick[9:11]
        used = 11
        if rng.random() < 0.8:
            arrows = "NESW"
            teleporters = [f"{pick[11 + k]}:{1 + k // 2}:{rng.choice(arrows)}" for k in range(4)]
            used = 15
    elif rng.random() < 0.5:
        stones = pick[: rng.randint(0, 11)]
        used = len(stones)
    if rng.random() < 0.7 and not advanced and stones is not None:  # thin the layout out
        stones = [s for s in stones if rng.random() < 0.7]
    rest = pick[used:]
    monster = rest[0]
    stage = rng.choice([1, 2])
    tiles = list(fr.deck.full_deck(opts.three_hits))
    rng.shuffle(tiles)
    used_tiles = rng.randint(1, 6)
    deck_left = tiles[used_tiles:]
    kinds = (1, 3, 4, 5) if players <= 4 else (1, 4, 5)
    names = [f"{'ABCDEFG'[s]}{k}" for s in range(players) for k in kinds]
    figures: dict[str, str] = {}
    faces: dict[str, int] = {}
    squares = iter(rest[1:])
    monster_phase = rng.random() < 0.5
    moved = []
    crowd = rng.random()
    for n in names:
        u = rng.random()
        if u < crowd:
            figures[n] = next(squares)
        elif u < crowd + 0.05:
            figures[n] = "out"
        elif stage == 2 and u < crowd + 0.1:
            figures[n] = "removed"
        faces[n] = rng.choice([int(n[1]), 7 - int(n[1])])
        if figures.get(n) != "removed" and (monster_phase or rng.random() < 0.4):
            moved.append(n)
    escapes = [n[0] for n in names if figures.get(n) == "out"]
    rng.shuffle(escapes)
    return fr.position(
        players,
        figures=figures,
        faces=faces,
        moved=moved,
        pools=pools,
        monster=monster,
        facing=rng.choice("NESW"),
        start_player=rng.randrange(players),
        stage=stage,
        deck_left=deck_left,
        escapes=escapes,
        options=opts,
        stones=stones,
        crystals=crystals,
        turn_right=turn_right,
        turn_about=turn_about,
        teleporters=teleporters,
        setup="advanced" if advanced else None,
    )


class Disagreement(AssertionError):
    pass


def _fail(state: fr.GameState, what: str) -> Disagreement:
    return Disagreement(f"{what}\nposition: {fr.position_string(state)}")


def compare(state: fr.GameState, rng: random.Random, every_figure: bool = False) -> str:
    """Run both implementations on ``state``; raise Disagreement where they part. Returns what
    was compared (``figures`` or ``monster`` or ``over``)."""
    pos = to_naive(state)
    if state.phase is fr.Phase.OVER:
        if ngame.phase(pos) != "over":
            raise _fail(state, f"engine: over; naive: {ngame.phase(pos)}")
        return "over"
    if state.phase is fr.Phase.MONSTER:
        if ngame.phase(pos) != "monster":
            raise _fail(state, f"engine: monster phase; naive: {ngame.phase(pos)}")
        chances = ngame.tile_chances(pos)
        engine_chances = {r.tile: p for r, p in fr.chance_outcomes(state)}
        if chances != engine_chances:
            raise _fail(state, f"tile chances: engine {engine_chances}, naive {chances}")
        for tile in sorted(engine_chances):
            after, events = fr.apply_traced(state, fr.Reveal(tile))
            _walked, trace = nmon.walk(pos, tile)
            if walk_trace(events) != trace:
                raise _fail(
                    state, f"reveal {tile}: trace engine {walk_trace(events)}, naive {trace}"
                )
            mine = nmon.reveal(pos, tile)
            if to_naive(after) != mine:
                raise _fail(state, f"reveal {tile}: {_diff(to_naive(after), mine)}")
        return "monster"
    seat = ngame.to_move(pos)
    if seat != state.to_move:
        raise _fail(state, f"to move: engine {state.to_move}, naive {seat}")
    movers = sorted({m.figure for m in fr.legal_moves(state)})
    if sorted(ngame.movable(pos)) != movers:
        raise _fail(state, f"movable: engine {movers}, naive {sorted(ngame.movable(pos))}")
    chosen = movers if every_figure else [rng.choice(movers)]
    naive_all = {(f, p) for f, p in ngame.legal_paths(pos) if f in chosen}
    for figure in chosen:
        engine_paths = {m.path for m in all_paths(state, figure)}
        naive_paths = {p for f, p in naive_all if f == figure}
        if engine_paths != naive_paths:
            only_e = sorted(engine_paths - naive_paths)[:5]
            only_n = sorted(naive_paths - engine_paths)[:5]
            raise _fail(state, f"{figure} paths: only engine {only_e}; only naive {only_n}")
        for move in fr.legal_moves(state, figure):
            mine = ngame.play(pos, figure, move.path)
            theirs = to_naive(fr.apply(state, move))
            if mine != theirs:
                raise _fail(state, f"{move}: {_diff(theirs, mine)}")
        # Perturbed paths: the same refusal, naming the same rule.
        for _ in range(4):
            path = list(rng.choice(sorted(engine_paths)))
            entry = rng.choice([*SQUARE_NAMES, "out"])
            if path and rng.random() < 0.5:
                path[rng.randrange(len(path))] = entry
            else:
                path.insert(rng.randrange(len(path) + 1), entry)
            move = fr.FigureMove(figure, tuple(path))
            err = fr.check(state, move)
            try:
                ngame.play(pos, figure, path)
                naive_rule = None
            except NaiveIllegal as e:
                naive_rule = e.rule
            if (err.rule if err else None) != naive_rule:
                raise _fail(state, f"{move}: engine {err}, naive rule {naive_rule}")
    return "figures"


def _diff(engine: object, naive: object) -> str:
    parts = []
    for field in (
        "figures",
        "stones",
        "monster",
        "facing",
        "round",
        "stage",
        "start_player",
        "deck",
        "reveals",
        "escapes",
        "ended_by",
        "pools",
    ):
        a, b = getattr(engine, field), getattr(naive, field)
        if a != b:
            if field == "figures":
                a = [f for f, g in zip(a, b, strict=True) if f != g]
                b = [g for f, g in zip(getattr(engine, field), b, strict=True) if f != g]
            parts.append(f"{field}: engine {a} / naive {b}")
    return "; ".join(parts) or "positions differ"


def run(count: int, seed: int = 0) -> Counter[str]:
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    for _ in range(count):
        state = random_position(rng)
        seen[compare(state, rng)] += 1
    return seen


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    s = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    t0 = time.perf_counter()
    result = run(n, s)
    took = time.perf_counter() - t0
    print(f"{n} positions (seed {s}), no disagreement: {dict(result)} in {took:.0f} s")
