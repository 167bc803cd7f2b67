"""The web page playing online: three headless Chromium sessions (seat A, seat B, a spectator)
against a real ``fearsome-rules serve`` process serving the built page, with a greedy bot in
seat C played by the server. The game is created from the page, each seat opened from its link;
every move is made by clicks; after every action each session's state is the server's. In the
middle the server is killed (SIGKILL) and started again, and one session's network is cut and
restored (Chrome's DevTools offline emulation): every session goes on by itself. A seat's link
cannot move another seat, and a spectator's link moves none.

Skipped, with the reason, where no browser, npm or server extra is installed."""

from __future__ import annotations

import io
import os
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="needs the server extra")

import httpx
from server_harness import Server, bearer, until
from web_clicks import click_move

import fearsome_rules as fr
from fearsome_rules.tools.web import browser as wb
from fearsome_rules.tools.web import site

REASON: str = wb.missing()
pytestmark = pytest.mark.skipif(bool(REASON), reason=f"no browser test: {REASON}")


class Tab:
    """One browser session on the page."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.browser = wb.driver()
        self.walks = 0
        # The seats' moves shown at once, the spectator's at 60 ms a step: the test sees it
        # mid-walk.
        self.speed = 0 if name != "watch" else 60

    def js(self, script: str, *args: object) -> Any:
        return self.browser.execute_script(script, *args)

    def click(self, css: str) -> None:
        """Click what ``css`` finds; found again when the page redrew it in between (the end
        of a walk's animation redraws the board)."""
        from selenium.common.exceptions import StaleElementReferenceException
        from selenium.webdriver.common.by import By

        # Once the move being shown is over: the board holds its squares again.
        until(lambda: not self.js("return ff.busy()"), 60, f"{self.name}: the move shown")
        for _ in range(5):
            try:
                self.browser.find_element(By.CSS_SELECTOR, css).click()
                # Done when the engine (in its worker) has answered the click's calls.
                until(lambda: not self.js("return ff.calling()"), 60, f"{self.name}: {css}")
                return
            except StaleElementReferenceException:
                time.sleep(0.1)
        raise AssertionError(f"{self.name}: {css} kept being redrawn")

    def text(self, css: str) -> str:
        from selenium.webdriver.common.by import By

        return str(self.browser.find_element(By.CSS_SELECTOR, css).text)

    def open(self, url: str) -> None:
        self.browser.get(url)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            state = self.js("return window.ff ? [ff.ready, ff.error || ''] : null")
            if state and state[1]:
                raise AssertionError(f"{self.name}: the page did not start: {state[1]}")
            if state and state[0]:
                self.js("document.getElementById('speed').value = arguments[0]", self.speed)
                return
            time.sleep(0.1)
        raise AssertionError(f"{self.name}: the page was not ready")

    def seq(self) -> int:
        return int(self.js("return ff.online ? ffOnline.seq : -1"))

    def walked(self) -> None:
        """Wait for the end of the moves being shown; while one plays on the main board, the
        status says who moves (the monster walks) and the page shows none of its result yet
        (the record on the page stops before it)."""
        # One script, so that what it reads is of one moment: a move shown on the board
        # (ff.shown), not the calls the page may still be waiting for after it (ffOnline.walking).
        walking = self.js(
            "return ff.shown() && [document.getElementById('status').textContent,"
            " document.querySelectorAll('#record li').length - 1, ffOnline.seq]"
        )
        if walking:
            status, shown, seq = walking
            assert re.match(r"the monster walks|[A-C] moves ", status), (self.name, walking)
            assert shown < seq, (self.name, walking)
            self.walks += status.startswith("the monster walks")
        until(lambda: not self.js("return ffOnline.walking"), 60, f"{self.name}: the walk's end")

    def at(self, seq: int) -> None:
        until(lambda: self.seq() == seq, 60, f"{self.name} at action {seq}")

    def offline(self, cut: bool) -> None:
        self.browser.execute_cdp_cmd("Network.enable", {})
        self.browser.execute_cdp_cmd(
            "Network.emulateNetworkConditions",
            {"offline": cut, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
        )

    def quit(self) -> None:
        self.browser.quit()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("online")
    web = site.build()
    db = f"sqlite:///{folder / 'games.db'}"
    # Private webhooks: the page registers one on loopback.
    started = Server(db, folder / "server.log", "--web", str(web), "--private-webhooks").start()
    try:
        yield started
    finally:
        started.stop()


@pytest.fixture(scope="module")
def tabs() -> Iterator[dict[str, Tab]]:
    opened: dict[str, Tab] = {}
    try:
        for name in ("A", "B", "watch"):
            opened[name] = Tab(name)
        yield opened
    finally:
        for tab in opened.values():
            tab.quit()


def server_view(server: Server, token: str | None = None) -> dict[str, Any]:
    headers = bearer(token) if token else {}
    url = f"{server.url}/api/games/{GAME['id']}"
    view: dict[str, Any] = httpx.get(url, headers=headers, timeout=30).json()
    return view


def settled(server: Server, tabs: dict[str, Tab]) -> dict[str, Any]:
    """The game when a person is to move (or it is over): nothing happens until a click.
    Every session then holds the server's log, action by action, and shows its state."""
    view: dict[str, Any] = until(
        lambda: v if (v := server_view(server))["to_move"] in ("A", "B") or v["outcome"] else None,
        60,
        "a person's turn",
    )
    log = [
        a["action"]
        for a in httpx.get(f"{server.url}/api/games/{GAME['id']}/actions").json()["actions"]
    ]
    assert len(log) == view["seq"]
    for tab in tabs.values():
        tab.at(view["seq"])
        tab.walked()
        assert tab.js("return ff.view.record") == log, tab.name
        assert tab.js("return ff.call('state')") == view["state"], tab.name
        rows, deck, end = panel_of(tab)
        want_rows, want_deck, want_end = expected_panel(fr.state_from_json(view["state"]))
        assert (rows, deck) == (want_rows, want_deck), tab.name
        assert end.startswith(want_end) and bool(end) == bool(want_end), (tab.name, end)
    return view


PANEL = (
    "return [[...document.querySelectorAll('#players-panel tr[data-seat]')]"
    ".map(r => [r.dataset.seat, +r.dataset.out, +r.dataset.removed, r.className]),"
    " +document.querySelector('#players-panel .panel-line').dataset.deck,"
    " (document.querySelector('#players-panel .panel-end') || {}).textContent || '']"
)


def panel_of(tab: Tab) -> list[Any]:
    """The players' panel as the page shows it: per seat its figures out and removed and
    whether it is to move; the tiles left; the end's summary."""
    shown: list[Any] = tab.js(PANEL)
    return shown


def expected_panel(state: fr.GameState) -> list[Any]:
    mover = "ABCDEFG"[state.to_move] if state.phase is fr.Phase.FIGURES else ""
    rows = [
        [
            seat,
            sum(f.place() == "out" for f in state.figures if f.owner == k),
            sum(f.place() == "removed" for f in state.figures if f.owner == k),
            "to-move" if seat == mover else "",
        ]
        for k, seat in enumerate("ABC")
    ]
    result = fr.outcome(state)
    end = ""
    if result is not None:
        winners = ", ".join("ABC"[s] for s in result.winners)
        end = f"Game over, winner{'s' if len(result.winners) > 1 else ''}: {winners} ({result.rule}"
    return [rows, len(state.deck), end]


def moved(server: Server, seq: int) -> None:
    until(lambda: server_view(server)["seq"] > seq, 60, f"an action after {seq}")


def says(tab: Tab, words: str, css: str = "#online-status") -> None:
    until(lambda: words in tab.text(css), 60, f"{tab.name} to say {words!r}")


GAME: dict[str, Any] = {}
SCREENSHOTS = os.environ.get("FEARSOME_RULES_SCREENSHOTS") == "update"


def picture(tab: Tab, name: str) -> None:
    """docs/img/NAME: the page's game as the tab shows it (FEARSOME_RULES_SCREENSHOTS=update)."""
    from PIL import Image
    from selenium.webdriver.common.by import By

    element = tab.browser.find_element(By.CSS_SELECTOR, "#play")
    shot = Image.open(io.BytesIO(element.screenshot_as_png)).convert("RGB")
    shot.quantize(256).save(Path(__file__).parents[2] / "docs" / "img" / name, optimize=True)


def test_three_sessions_play_a_whole_game_through_the_server(
    server: Server, tabs: dict[str, Tab]
) -> None:
    a, b, watch = tabs["A"], tabs["B"], tabs["watch"]
    # Seat A's player creates the game on the page: 3 players, C the greedy bot.
    a.open(server.url + "/")
    assert a.js("return ffOnline.served") and not a.js("return !!ff.online")
    a.js("const p = document.getElementById('players'); p.value = '3'; p.onchange()")
    a.js("document.getElementById('seat-B').value = 'person'")
    a.js("document.getElementById('seat-C').value = 'greedy'")
    a.js("document.getElementById('online-limit').value = '86400'")  # a day a turn
    a.js("document.getElementById('online-timeout-bot').value = 'random'")
    a.click("#online-create")
    script = (
        "return [...document.querySelectorAll('#online-links a')]"
        ".map(x => [x.dataset.seat || 'watch', x.href])"
    )
    by = dict(until(lambda: a.js(script), 30, "the links"))
    assert set(by) == {"A", "B", "watch"}, by
    assert "token=" not in by["watch"] and "#game=" in by["A"] and "token=" in by["A"]
    GAME["id"] = by["watch"].split("#game=")[1]
    tokens = {s: by[s].split("token=")[1] for s in ("A", "B")}
    for tab, url in ((a, by["A"]), (b, by["B"]), (watch, by["watch"])):
        tab.open(url)
        assert tab.js("return !!ff.online"), tab.name
    assert "You play seat A" in a.text("#online-role")
    assert "watching" in watch.text("#online-role")
    # The time limit and its bot, as created; the time left in A's turn, counted down.
    game = server_view(server)
    assert (game["turn_seconds"], game["timeout_bot"]) == (86400, "random")
    until(lambda: "left" in a.text("#online-deadline"), 30, "the time left")
    assert "Time per turn: 1 d; when it runs out the random bot moves." in a.text(
        "#online-deadline"
    )
    left = int(a.js("return document.getElementById('online-deadline').dataset.left"))
    assert 86400 - 120 < left <= 86400
    # B registers a webhook for its seat from the page, and removes it; a spectator cannot.
    assert not watch.js("return document.getElementById('online-webhook').offsetParent")
    b.js("document.getElementById('online-webhook').value = 'http://127.0.0.1:9/turn'")
    b.click("#online-webhook-set")
    says(
        b,
        "registered: seat B's turns are sent to http://127.0.0.1:9/turn",
        "#online-webhook-message",
    )
    b.click("#online-webhook-clear")
    says(b, "no webhook for this seat", "#online-webhook-message")
    rng = random.Random(32)
    killed = cut = refused = False
    turns = 0
    while True:
        view = settled(server, tabs)
        if view["outcome"]:
            break
        mover = view["to_move"]
        mine = server_view(server, tokens[mover])
        state = fr.state_from_json(mine["state"])
        action = fr.parse_action(rng.choice(mine["legal_actions"]))
        assert isinstance(action, fr.FigureMove)
        tab, other = (a, b) if mover == "A" else (b, a)
        if not refused:
            # The other seat's link clicks, and its page sends the mover's move itself; the
            # spectator clicks: all refused, nothing sent or stored.
            other.click("#board [data-square]")
            assert f"this link plays seat {other.name}" in other.text("#message")
            watch.click("#board [data-square]")
            assert "a spectator's link moves no seat" in watch.text("#message")
            other.js("ffOnline.send(arguments[0])", str(action))
            says(other, "token, but", "#message")
            expected = f"this is seat {other.name}'s token, but {mover} is to move"
            assert expected in other.text("#message")
            assert server_view(server)["seq"] == view["seq"]
            refused = True
        if not cut and turns == 10:
            other.offline(True)  # the other seat's network cut while this one moves
            cut = True
            click_move(tab, state, action)
            says(other, "connection lost")
            moved(server, view["seq"])
            other.offline(False)
            says(other, "reconnected")
        elif not killed and turns == 20:
            server.kill()
            for t in tabs.values():
                says(t, "connection lost")
            server.start()
            killed = True
            for t in tabs.values():
                says(t, "reconnected")
            click_move(tab, state, action)
        else:
            if turns == 6 and SCREENSHOTS and mover == "A":
                picture(a, "web-online.png")
            click_move(tab, state, action)
        moved(server, view["seq"])
        turns += 1
    assert killed and cut and refused and turns > 20
    assert watch.walks > 0  # the spectator was seen mid-walk, the result not yet shown
    record = fr.GameRecord.from_json(
        httpx.get(f"{server.url}/api/games/{GAME['id']}/record").json()
    )
    assert record.replay().phase is fr.Phase.OVER
    # History: the spectator checks the tiles against the seed the server now publishes (the
    # engine's check, in the page) and replays the game move by move.
    until(lambda: watch.js("return !document.getElementById('online-history').hidden"), 30)
    watch.click("#online-check")
    reveals = sum(a.startswith("reveal") for a in record.actions)
    assert watch.js("return document.getElementById('online-check-result').dataset.ok") == "true"
    assert watch.text("#online-check-result").startswith(f"ok: all {reveals} tiles are the seed's")
    n = len(record.actions)
    for _ in range(3):
        watch.click("#online-prev")
    assert watch.js("return ff.view.cursor") == n - 3
    assert fr.state_from_json(watch.js("return ff.call('state')")) == record.replay(n - 3)
    watch.click("#online-next")  # shown step by step, then the state after it
    assert watch.js("return ff.view.cursor") == n - 2
    assert fr.state_from_json(watch.js("return ff.call('state')")) == record.replay(n - 2)
    assert watch.seq() == n  # nothing sent, nothing received: the game is as the server has it


def test_the_lobby_on_the_page_joins_an_open_seat(server: Server, tabs: dict[str, Tab]) -> None:
    a, b = tabs["A"], tabs["B"]
    a.open(server.url + "/")
    a.js("const p = document.getElementById('players'); p.value = '2'; p.onchange()")
    a.js("document.getElementById('seat-B').value = 'person'")
    a.click("#online-listed")
    a.click("#online-create")
    links = until(lambda: a.js("return [...document.querySelectorAll('#online-links a')]"), 30)
    assert len(links) == 2  # A's link and the spectators': B is open to the lobby
    game = until(lambda: a.js("return document.getElementById('online-links').dataset.game"))
    b.open(server.url + "/")
    join = f'#online-open [data-join="{game}:B"]'
    until(lambda: b.js("return !!document.querySelector(arguments[0])", join), 30, "the entry")
    b.click(join)
    until(lambda: b.js("return !!(window.ff && ff.ready && ff.online)"), 120, "the seat")
    assert b.js("return [ffOnline.game, ffOnline.seat]") == [game, "B"]
    assert httpx.get(f"{server.url}/api/lobby").json()["games"] == []
    # Back on the page without a link: the game is among B's own games.
    b.open(server.url + "/")
    mine = f'#online-mine [data-game="{game}"]'
    until(lambda: b.js("return !!document.querySelector(arguments[0])", mine), 30, "my game")
    assert "seat B: A to move" in b.text(mine)
