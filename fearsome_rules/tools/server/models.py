"""The bodies of the API, as the OpenAPI document at ``/openapi.json`` describes them.

Requests are read strictly: a field of the wrong JSON type (``"2"`` or ``true`` for a number),
an unknown field or a value out of range is a 400 naming the field, before anything is stored.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Seat = Literal["A", "B", "C", "D", "E", "F", "G"]


class Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")


class NewGame(Strict):
    """``POST /api/games``: a new game."""

    players: int = Field(ge=2, le=7, description="2 to 7")
    setup: Literal["basic", "advanced", "bsw"] = Field(
        "basic", description="the printed layout, the advanced game, or BSW's placed obstacles"
    )
    options: dict[Annotated[str, Field(max_length=64)], str | bool] = Field(
        default_factory=dict,
        max_length=64,
        description="rule options by name, as in a game record (docs/cli.md lists them)",
    )
    seats: list[Annotated[str, Field(max_length=40)]] | None = Field(
        None,
        max_length=7,
        description="per seat, 'person' (a client with a token) or a bot of the registry "
        "('greedy', 'runner', 'random', 'search', 'search:200'); all persons by default",
    )
    start_player: Seat = Field("A", description="the seat that starts")
    listed: bool = Field(
        False, description="shown in the lobby (GET /api/lobby) while it has an 'open' seat"
    )
    turn_seconds: float | None = Field(
        None,
        ge=1,
        le=30 * 24 * 3600,
        description="the time limit of a person's turn, in seconds (1 s to 30 days); when it "
        "passes, timeout_bot plays the seat's move; none: no limit",
    )
    timeout_bot: str | None = Field(
        None, max_length=40, description="the bot that plays a seat whose time ran out (greedy)"
    )


class SeatToken(Strict):
    seat: Seat
    token: str = Field(description="the seat's secret: send it as Authorization: Bearer TOKEN")


class GameCreated(Strict):
    game: str
    seats: list[SeatToken] = Field(description="a token for each person's seat; none for bots")
    seed_hash: str = Field(description="SHA-256 of the game's secret seed, in hex")


class SeatPlayer(Strict):
    seat: Seat
    player: str = Field(description="'person' or the bot the server plays")


class GameView(BaseModel):
    """``GET /api/games/ID``."""

    game: str
    seq: int = Field(description="how many actions the game has had")
    state: dict[str, Any] = Field(description="the state JSON (fearsome-rules/state)")
    to_move: Seat | None = Field(description="the seat to move; null at a tile and at the end")
    outcome: dict[str, Any] | None = Field(description="rule, winners, escaped, ranking")
    players: int
    setup: str
    seats: list[SeatPlayer]
    seed_hash: str
    seed: str | None = Field(description="the secret seed, published when the game is over")
    seat: Seat | None = Field(None, description="with a token: its seat")
    legal_actions: list[str] | None = Field(
        None, description="with a token: its seat's legal actions, empty when not its turn"
    )
    turn_seconds: float | None = Field(None, description="the time limit of a person's turn")
    deadline: float | None = Field(
        None, description="when the turn under way passes to timeout_bot (Unix time)"
    )
    timeout_bot: str | None = Field(None, description="the bot that plays a seat out of time")


class JoinSeat(Strict):
    """``POST /api/games/ID/join``: take an open seat."""

    seat: Seat


class Joined(Strict):
    game: str
    seat: Seat
    token: str = Field(description="the seat's secret: send it as Authorization: Bearer TOKEN")


class Webhook(Strict):
    """``PUT /api/games/ID/webhook``: where to tell the token's seat that it is its turn."""

    url: str = Field(min_length=1, max_length=500, description="an http:// or https:// URL")


class WebhookSet(Strict):
    game: str
    seat: Seat
    url: str | None


class LobbySeat(Strict):
    seat: Seat
    player: str = Field(description="'person' or the bot the server plays")
    free: bool = Field(description="an open seat nobody has joined")


class LobbyGame(Strict):
    game: str
    players: int
    setup: str
    turn_seconds: float | None
    created: float
    seq: int
    seats: list[LobbySeat]


class Lobby(Strict):
    games: list[LobbyGame]


class PostAction(Strict):
    """``POST /api/games/ID/actions``: a seat's action."""

    seq: int = Field(ge=0, le=1_000_000, description="how many actions the client has seen")
    action: str = Field(min_length=1, max_length=1_000, description="in notation: 'A5 p11 p10'")
    id: str = Field(
        min_length=1,
        max_length=128,
        pattern=r"^[!-~]+$",
        description="the client's id for this command (printable ASCII, e.g. a UUID): a "
        "retry with the same id is answered the same and stores nothing",
    )


class Posted(Strict):
    seq: int = Field(description="the action's number: the game's seq after it")


class Action(Strict):
    seq: int
    action: str = Field(description="in the engine's notation")
    events: list[dict[str, Any]] = Field(description="what it did, for animating it")


class Actions(Strict):
    actions: list[Action]


class ErrorBody(BaseModel):
    """Every error: one line, and the rule id when the engine refused an action."""

    error: str
    rule: str | None
    seq: int | None = Field(None, description="409: the game's seq")
    actions: list[Action] | None = Field(None, description="409: the actions the client missed")


class Health(Strict):
    status: Literal["ok"]
    database: str
    engine: str
