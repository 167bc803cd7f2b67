"""Build any position directly, with square names, and have it validated.

``position(...)`` takes what a person writes about a position (which figure stands where, the
faces, the stones, the monster, the round and stage) and fills in the rest from the rules; it
rejects what cannot exist with a SetupError naming the field at fault.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from fearsome_rules.core import _encoding, _kernel, board, deck
from fearsome_rules.core import position_input as arg
from fearsome_rules.core._encoding import MAX_STAGE_REVEALS
from fearsome_rules.core.board import CRYSTAL, OUT, REMOVED, STONE, TURN_ABOUT, TURN_RIGHT, WAITING
from fearsome_rules.core.errors import NotationError, SetupError, SetupTypeError, quote
from fearsome_rules.core.layout import SETUPS, TILE_ORDER, basic_cells, sort_tiles, tiles_for
from fearsome_rules.core.layout_check import (
    check_layout,
    check_placement_phase,
    check_start_stones,
)
from fearsome_rules.core.options import RuleOptions, kernel_flags
from fearsome_rules.core.state import (
    SEAT_LETTERS,
    Figure,
    GameState,
    Phase,
    Seat,
    kinds_for,
)

_PLACES = {"waiting": WAITING, "out": OUT, "removed": REMOVED}


def _seat(value: Seat | str, players: int, field: str) -> Seat:
    if isinstance(value, str):
        t = value.strip().upper()
        if len(t) == 1 and t in SEAT_LETTERS[:players]:
            return SEAT_LETTERS.index(t)
    elif isinstance(value, bool) or not isinstance(value, int):
        raise SetupTypeError(field, "a seat: a letter or a number", value)
    elif 0 <= value < players:
        return value
    raise SetupError(
        field, f"{quote(value)} is not a seat: A-{SEAT_LETTERS[players - 1]} or 0-{players - 1}"
    )


def _square(text: str, field: str) -> int:
    try:
        return board.square(text)
    except NotationError as e:
        raise SetupError(field, str(e)) from None


def position(
    players: int = 4,
    *,
    figures: Mapping[str, str] | None = None,
    faces: Mapping[str, int] | None = None,
    moved: Iterable[str] = (),
    stones: Iterable[str] | None = None,
    pools: Iterable[str] | None = None,
    monster: str = "a1",
    facing: str = "E",
    start_player: Seat | str = 0,
    to_move: Seat | str | None = None,
    round: int | None = None,
    stage: int = 1,
    reveals: int | None = None,
    deck_left: Iterable[str] | None = None,
    escapes: Iterable[Seat | str] | None = None,
    ended_by: str | None = None,
    crystals: Iterable[str] = (),
    turn_right: Iterable[str] = (),
    turn_about: Iterable[str] = (),
    teleporters: Iterable[str] = (),
    setup: str | None = None,
    to_place: Iterable[str] = (),
    options: RuleOptions | None = None,
) -> GameState:
    """A validated position. Every argument names squares and figures as people write them.

    - ``figures``: figure name -> ``"c5"``, ``"waiting"``, ``"out"`` or ``"removed"``; figures
      not named wait at the entrance.
    - ``faces``: figure name -> the number showing (default: the coloured side).
    - ``moved``: the figures that have already moved this round.
    - ``stones`` and ``pools``: squares (default: the basic layout, BRD-LAYOUT); ``crystals``,
      ``turn_right`` and ``turn_about``: squares of the advanced game's stone fronts;
      ``teleporters``: ``"f6:1:N"`` (square, pair, arrow) each (PLACE-LAYOUT).
    - ``setup``: ``basic``, ``advanced`` or ``bsw`` (default: ``advanced`` if any advanced
      tile is given, else ``basic``); ``to_place``: the tiles still to place, for a position in
      the placement phase (ADV-SETUP, PLACE-ORDER).
    - ``monster``/``facing``: its square and ``N``/``E``/``S``/``W``.
    - ``to_move``: checked against the turn order if given, derived if not (RND-ORDER, RND-PASS).
    - ``deck_left``: the unrevealed tiles of this stage (default: all 8); ``reveals``, if
      given, is checked against it.
    - ``round``: checked against the tiles used if given (stage 1: round = tiles used + 1;
      stage 2: round = 8 + tiles used), derived if not.
    - ``escapes``: the seats in the order their figures got out (default: seat order).
    - ``ended_by``: for a finished game, the rule that ended it (END-WIN, END-ALL-GONE,
      STAGE-TWO-END); END-WIN and END-ALL-GONE are also derived when they hold.
    """
    opts = RuleOptions() if options is None else options
    if not isinstance(opts, RuleOptions):
        raise SetupTypeError("options", "a RuleOptions", opts)
    # Types first (position_input): every later check may then rely on them.
    players = arg.whole(players, "players")
    figures = None if figures is None else arg.text_map(figures, "figures")
    faces = None if faces is None else arg.number_map(faces, "faces")
    moved = arg.texts(moved, "moved", distinct=True)
    stones = arg.optional_texts(stones, "stones", distinct=True)
    pools = arg.optional_texts(pools, "pools", distinct=True)
    monster, facing = arg.text(monster, "monster"), arg.text(facing, "facing")
    round, stage = arg.optional_whole(round, "round"), arg.whole(stage, "stage")
    reveals = arg.optional_whole(reveals, "reveals")
    deck_left = arg.optional_texts(deck_left, "deck_left")
    escapes = None if escapes is None else arg.seats(escapes, "escapes")
    ended_by, setup = arg.optional_text(ended_by, "ended_by"), arg.optional_text(setup, "setup")
    crystals = arg.texts(crystals, "crystals", distinct=True)
    turn_right = arg.texts(turn_right, "turn_right", distinct=True)
    turn_about = arg.texts(turn_about, "turn_about", distinct=True)
    teleporters = arg.texts(teleporters, "teleporters", distinct=True)
    to_place = arg.texts(to_place, "to_place")
    if not 2 <= players <= 7:
        raise SetupError(
            "players", f"{quote(players)}: the game is for 2 to 7 players", "SET-PLAYERS"
        )
    if round is not None and not 1 <= round <= 14:
        raise SetupError("round", f"{quote(round)}: rounds are numbered 1 to 14", "END-BOUND")
    if ended_by not in (None, "END-WIN", "END-ALL-GONE", "STAGE-TWO-END"):
        raise SetupError("ended_by", f"{quote(ended_by)}: END-WIN, END-ALL-GONE or STAGE-TWO-END")
    if stage not in (1, 2):
        raise SetupError("stage", f"{quote(stage)}: the stage is 1 or 2", "STAGE-ONE")

    # Layout and monster.
    if setup is None:
        setup = "advanced" if (crystals or turn_right or turn_about or teleporters) else "basic"
    if setup not in SETUPS:
        raise SetupError("setup", f"{quote(setup)}: one of {', '.join(SETUPS)}", "ADV-SETUP")
    if setup != "basic":  # the players place the tiles: nothing lies there by default
        pools = [] if pools is None else pools
        stones = [] if stones is None else stones
    pool_set = board.BASIC_POOLS if pools is None else frozenset(_square(p, "pools") for p in pools)
    for p in pool_set & board.CORNERS:
        raise SetupError("pools", f"a blood pool cannot lie on the corner {board.name(p)}")
    m = _square(monster, "monster")
    try:
        fdir = board.direction(facing)
    except NotationError as e:
        raise SetupError("facing", str(e)) from None
    if m in pool_set and opts.monster_pool_edge == "wrap":
        raise SetupError("monster", f"the monster never stops on blood ({monster})", "MON-SLIDE")
    cells = list(basic_cells()) if stones is None else [0] * board.CELLS
    if stones is not None:
        for s in stones:
            sq = _square(s, "stones")
            if cells[sq]:
                raise SetupError("stones", f"two stones on {board.name(sq)}")
            cells[sq] = STONE
    for kind, field, squares in (
        (CRYSTAL, "crystals", crystals),
        (TURN_RIGHT, "turn_right", turn_right),
        (TURN_ABOUT, "turn_about", turn_about),
    ):
        for s in squares:
            sq = _square(s, field)
            if cells[sq]:
                raise SetupError(field, f"two stones on {board.name(sq)}")
            cells[sq] = kind
    tele = tuple(sorted(_teleporter(t) for t in teleporters))
    if (tele or any(board.is_stone(v) and v != STONE for v in cells)) and setup != "advanced":
        raise SetupError("setup", f"crystals, turning stones and teleporters are not in {setup}")
    for tile in to_place:
        if tile not in TILE_ORDER:
            raise SetupError("to_place", f"{quote(tile)}: a tile is one of {', '.join(TILE_ORDER)}")
    check_layout(setup, opts, cells, pool_set, tele, to_place_set := sort_tiles(to_place))
    for sq in board.CORNERS:
        if cells[sq] and opts.monster_corner_stone == "remove":
            raise SetupError(
                "stones",
                f"a stone on the corner {board.name(sq)} is removed at once",
                "PUSH-CORNER",
            )
    if cells[m]:
        raise SetupError("monster", f"the monster's square {monster} holds a stone")
    tele_squares = {t[0] for t in tele}

    # Figures.
    kinds = kinds_for(players)
    names = [f"{SEAT_LETTERS[s]}{k}" for s in range(players) for k in kinds]
    places = dict(figures or {})
    face_of = dict(faces or {})
    moved_set = {x.strip().upper() for x in moved}
    for field, keys in (("figures", places), ("faces", face_of), ("moved", moved_set)):
        for key in keys:
            if key.strip().upper() not in names:
                raise SetupError(
                    field,
                    f"{quote(key)} is not a figure of a {players}-player game ({', '.join(names)})",
                    "SET-FIGURES",
                )
    places = {k.strip().upper(): v for k, v in places.items()}
    face_of = {k.strip().upper(): v for k, v in face_of.items()}
    figs: list[Figure] = []
    for i, n in enumerate(names):
        owner, kind = SEAT_LETTERS.index(n[0]), int(n[1])
        text = places.get(n, "waiting")
        where = _PLACES.get(text.strip().lower()) if isinstance(text, str) else None
        if where is None:
            where = _square(text, f"figures.{n}")
            if where == m:
                raise SetupError(f"figures.{n}", f"{text} is the monster's square", "FIG-MONSTER")
            if where in tele_squares:
                raise SetupError(f"figures.{n}", f"{text} is a teleporter", "ADV-TELEPORT-FIGURES")
            if cells[where]:
                what = (
                    "a stone"
                    if board.is_stone(cells[where])
                    else f"figure {names[cells[where] - 1]}"
                )
                raise SetupError(f"figures.{n}", f"{text} already holds {what}", "FIG-THROUGH")
            cells[where] = i + 1
        face = face_of.get(n, kind)
        if face not in (kind, 7 - kind):
            raise SetupError(
                f"faces.{n}", f"{quote(face)}: figure {n} shows {kind} or {7 - kind}", "SET-FIGURES"
            )
        figs.append(Figure(owner, kind, face, where, n in moved_set))
    for f in figs:
        if f.where == REMOVED and f.moved and ended_by is None:
            raise SetupError(
                f"moved.{f.name}",
                "a removed figure has not moved this round: figures are removed in the monster "
                "phase, and a new round clears every mark",
                "RND-ONCE",
            )
    if stage == 1 and any(f.where == REMOVED for f in figs):
        raise SetupError(
            "figures", "no figure is removed in stage 1: eaten figures wait", "MON-EATEN"
        )
    # Escapes, in order.
    outs = Counter(f.owner for f in figs if f.where == OUT)
    if escapes is None:
        esc = tuple(s for s in range(players) for _ in range(outs[s]))
    else:
        esc = tuple(_seat(s, players, "escapes") for s in escapes)
        if Counter(esc) != outs:
            raise SetupError(
                "escapes", "the escape order must name each seat once per figure of it that is out"
            )

    # Deck and round.
    full = deck.full_deck(opts.three_hits)
    if deck_left is None:
        left = full
    else:
        try:
            left = deck.sort_tiles([str(t).strip().lower() for t in deck_left])
        except KeyError as e:
            raise SetupError("deck_left", f"{quote(e.args[0])} is not a monster tile") from None
        if Counter(left) - Counter(full):
            raise SetupError("deck_left", f"{' '.join(left)} is not part of {' '.join(full)}")
    n_rev = len(full) - len(left)
    if reveals is not None and reveals != n_rev:
        raise SetupError("reveals", f"{reveals} tiles revealed but {len(left)} left of 8")
    over = ended_by is not None
    if n_rev > MAX_STAGE_REVEALS or (n_rev == MAX_STAGE_REVEALS and not over):
        raise SetupError("deck_left", "a stage carries out at most 7 tiles", "STAGE-ONE")
    # The stage's count of rounds is the kernel's (STAGE-ONE), as a reveal advances it.
    first_round = _kernel.stage_round(stage, n_rev)
    # A game that ended in a monster phase keeps the number of the round it ended in.
    allowed = (first_round, first_round - 1) if over else (first_round,)
    if round is None:
        round = first_round if first_round <= 14 else first_round - 1
    if round not in allowed:
        raise SetupError(
            "round",
            f"round {round} does not fit stage {stage} with {n_rev} tiles used "
            f"(stage 1: round = tiles used + 1; stage 2: round = 8 + tiles used)",
            "STAGE-ONE",
        )
    if round == 1:
        if stage != 1:
            raise SetupError("stage", "round 1 is in stage 1", "SET-DECK")
        for f in figs:
            if f.where != WAITING and not f.moved:
                raise SetupError(
                    f"figures.{f.name}",
                    "in round 1 a figure on the board has entered this round, so it has moved",
                    "RND-FIRST",
                )
            if f.where in (OUT, REMOVED):
                raise SetupError(f"figures.{f.name}", "nothing is out or removed in round 1")
        for seat in range(players):
            if sum(1 for f in figs if f.owner == seat and f.on_board) > 2:
                raise SetupError(
                    "figures",
                    f"{SEAT_LETTERS[seat]} has more than two figures in round 1",
                    "RND-FIRST",
                )

    # Whose turn.
    start = _seat(start_player, players, "start_player")
    fig_tuple = tuple(figs)

    def built(phase: Phase, to_move: int, ended_by: str = "") -> GameState:
        return GameState.build(
            players=players,
            options=opts,
            pools=pool_set,
            cells=tuple(cells),
            figures=fig_tuple,
            monster=m,
            facing=fdir,
            phase=phase,
            to_move=to_move,
            round=round,
            stage=stage,
            start_player=start,
            deck=left,
            reveals=n_rev,
            escapes=esc,
            ended_by=ended_by,
            teleporters=tele,
            setup=setup,
            to_place=to_place_set,
        )

    # The turn order is the kernel's, asked of the position as written: the placement's
    # (PLACE-ORDER, BSW-PLACE) before round 1, the round's (RND-ORDER, RND-PASS) after.
    written = built(Phase.FIGURES, -1).data
    placed = len(tiles_for(setup)) - len(to_place_set)
    if to_place_set:
        derived = _kernel.placer(written, placed)
    else:
        derived = _kernel.seat_to_move(written)
        derived = -1 if derived == _encoding.NONE else derived
    if to_move is not None:
        want = _seat(to_move, players, "to_move")
        if want != derived:
            who = SEAT_LETTERS[derived] if derived >= 0 else "nobody (the monster phase)"
            order, rule = (
                (f"with {placed} tiles placed, the placement order", "PLACE-ORDER")
                if to_place_set
                else ("with these figures moved, the turn order", "RND-ORDER")
            )
            raise SetupError("to_move", f"{order} gives {who}, not {SEAT_LETTERS[want]}", rule)
    # The endings of a figure phase are the kernel's too (END-WIN, END-ALL-GONE).
    won = _kernel.decided(written)
    ended = ended_by or _encoding.ENDINGS[_kernel.move_ending(written, kernel_flags(opts))]
    if ended == "END-WIN" and not won:
        raise SetupError("ended_by", "END-WIN needs a player with all but one figure out")
    if ended == "STAGE-TWO-END" and (stage != 2 or n_rev != MAX_STAGE_REVEALS):
        raise SetupError("ended_by", "STAGE-TWO-END comes after the 7th tile of stage 2")
    phase = Phase.OVER if ended else Phase.FIGURES if derived >= 0 else Phase.MONSTER
    if round == 1 and not any(f.moved for f in fig_tuple):
        check_start_stones(setup, opts, cells, pool_set)
    if to_place_set:
        if round != 1 or any(f.where != WAITING or f.moved for f in fig_tuple):
            raise SetupError("to_place", "tiles are placed before round 1, all figures waiting")
        check_placement_phase(setup, cells, pool_set, tele, to_place_set, m, fdir)
        phase = Phase.PLACEMENT
    return built(phase, -1 if ended else derived, ended)


def _teleporter(text: str) -> tuple[int, int, int]:
    """``"f6:1:N"`` -> (square, pair, arrow)."""
    parts = str(text).split(":")
    if len(parts) != 3 or parts[1] not in ("1", "2"):
        raise SetupError("teleporters", f"{quote(text)}: write square:pair:arrow, e.g. f6:1:N")
    try:
        arrow = board.direction(parts[2])
    except NotationError as e:
        raise SetupError("teleporters", str(e)) from None
    return _square(parts[0], "teleporters"), int(parts[1]), arrow
