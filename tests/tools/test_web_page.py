"""The web page in a real browser: headless Chromium (Debian's ``chromium`` and its driver,
through Selenium) on the built site, the engine running in the page (Pyodide).

Every action is made as a person makes it, by clicks on the page; what the page then holds is
checked against this Python's engine: the state after each action (``fr.apply``), the refusal
of an illegal click (its rule), the walk's narration (``fr.apply_traced``'s events), the record
(``fr.GameRecord``), the comparison of readings (``explain --compare``'s code run here). The
board is compared with reference screenshots at a few positions, within a tolerance.

Skipped, with the reason, where no browser or npm is installed; ``.ci/run`` installs them.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import figure_on_the_slide
from web_clicks import click_move

import fearsome_rules as fr
from fearsome_rules.core import board
from fearsome_rules.core.board import STONE
from fearsome_rules.tools.explain import compare
from fearsome_rules.tools.readings import readings_that_matter
from fearsome_rules.tools.render.canvas import centre
from fearsome_rules.tools.web import browser as wb

REFERENCES = Path(__file__).resolve().parent / "web_screenshots"
UPDATE = os.environ.get("FEARSOME_RULES_SCREENSHOTS") == "update"


REASON: str = wb.missing()
pytestmark = pytest.mark.skipif(bool(REASON), reason=f"no browser test: {REASON}")


class Page:
    """The page in the browser, and what a person does on it."""

    def __init__(self, browser: Any, server: Any) -> None:
        self.browser = browser
        self.server = server

    def js(self, script: str, *args: object) -> Any:
        return self.browser.execute_script(script, *args)

    def find(self, css: str) -> Any:
        from selenium.webdriver.common.by import By

        return self.browser.find_element(By.CSS_SELECTOR, css)

    def click(self, css: str) -> None:
        """A click once the move being shown (if any) is over: the board holds its squares
        again; done when the engine (in its worker) has answered every call the click made."""
        self.wait(lambda: not self.js("return ff.busy()"))
        self.find(css).click()
        self.wait(lambda: not self.js("return ff.calling()"))

    def choose(self, css: str, value: str) -> None:
        from selenium.common.exceptions import NoSuchElementException
        from selenium.webdriver.support.ui import Select

        select = Select(self.find(css))
        if select.first_selected_option.get_attribute("value") == value:
            return
        try:
            select.select_by_value(value)
        except NoSuchElementException:  # an option written without a value= attribute
            select.select_by_visible_text(value)
        # Done when the engine has answered the change (the editor redraws its choices).
        self.wait(lambda: not self.js("return ff.calling()"))

    def wait(self, until: Callable[[], bool], seconds: float = 20.0) -> None:
        from selenium.webdriver.support.ui import WebDriverWait

        WebDriverWait(self.browser, seconds).until(lambda _: until())

    def view(self) -> dict[str, Any]:
        self.wait(lambda: not self.js("return ff.busy()"))
        view: dict[str, Any] = self.js("return ff.view")
        return view

    def speed(self, ms: int) -> None:
        """The moves' speed, as the slider sets it (0: each move at once)."""
        self.js("document.getElementById('speed').value = arguments[0]", ms)

    def state(self) -> fr.GameState:
        """The state the page shows, read back from the page's state JSON."""
        return fr.state_from_json(self.js("return ff.call('state')"))

    def new_game(self, players: int, seats: list[str], seed: int, setup: str = "basic") -> None:
        if self.find("#auto").is_selected():
            self.click("#auto")  # the test moves the bots itself
        self.choose("#players", str(players))
        self.choose("#setup-kind", setup)
        for k, kind in enumerate(seats):
            self.choose(f"#seat-{'ABCDEFG'[k]}", kind)
        seed_box = self.find("#seed")
        seed_box.clear()
        seed_box.send_keys(str(seed))
        self.click("#new-game")
        assert self.view()["record"] == [] and self.view()["seats"] == seats


@pytest.fixture(scope="module")
def page() -> Iterator[Page]:
    with wb.open_page() as (browser, server, _url):
        yield Page(browser, server)


def test_a_whole_seeded_game_by_clicks_and_bots_offline(page: Page) -> None:
    """From here on the page is offline: it needs its server only to load."""
    page.server.shutdown()
    page.speed(0)  # every move still shown frame by frame, without waiting between them
    page.new_game(2, ["person", "greedy"], seed=7)
    state = fr.new_game(2)
    rng = random.Random(3)
    while state.phase is not fr.Phase.OVER:
        done = len(page.view()["record"])
        if state.phase is fr.Phase.MONSTER:
            page.click("#reveal")  # a tile drawn by the page
        elif state.to_move == 0:
            move = rng.choice(fr.legal_moves(state))
            click_move(page, state, move)
            assert page.view()["record"][-1] == str(move)
        else:
            page.click("#bot")
        record = page.view()["record"]
        assert len(record) == done + 1
        state = fr.apply(state, fr.parse_action(record[-1]))
        assert page.state() == state
    assert "the game is over" in page.find("#status").text


def test_an_illegal_click_is_refused_with_its_rule(page: Page) -> None:
    page.new_game(3, ["person", "person", "person"], seed=1)
    before = page.state()
    page.click('#waiting [data-figure="A4"]')
    page.click('#board [data-square="o11"]')
    message = page.find("#message")
    assert message.get_attribute("data-rule") == "FIG-ENTER"
    assert message.text.startswith("[FIG-ENTER] A4 o11: a waiting figure enters on p11")
    assert "FIG-ENTER: Entering the board (spec/figures.md)" in message.text  # the rule's text
    assert page.state() == before and page.view()["building"]["path"] == []
    page.click('#board [data-square="p11"]')  # the move goes on from where it was
    assert page.find("#message").text == ""
    assert set(page.view()["building"]["next"]) == {"p10", "o11"}


def test_a_walk_is_animated_and_narrates_the_engines_events(page: Page) -> None:
    """The walk plays on the main board before its result: meanwhile the status says the
    monster walks, the board is a frame of the walk (no clickable squares) and the record does
    not show the tile yet. Then it is stepped through by hand, frame by frame, on the same
    board, and closed: the position after it."""
    page.new_game(2, ["greedy", "random"], seed=5)
    page.speed(0)
    while page.view()["phase"] != "monster":
        page.click("#bot")
    before = page.state()
    shown_before = page.js("return document.querySelectorAll('#record li').length")
    page.speed(1500)
    page.choose("#tile", "10")
    page.click("#reveal")
    seen = page.js(
        "return [ff.busy(), document.getElementById('status').textContent,"
        " !!document.querySelector('#board .hot'), document.querySelectorAll('#record li').length]"
    )
    assert seen == [True, seen[1], False, shown_before], seen
    assert seen[1].startswith("the monster walks: tile 10: "), seen
    player = page.find("#walk")
    page.find("#walk .walk-play").click()  # pause the walk (a click while it is shown)
    while player.get_attribute("data-frame") != "0":
        page.find("#walk .walk-prev").click()
    _, events = fr.apply_traced(before, fr.Reveal("10"))
    steps = [e for e in events if isinstance(e, fr.events.MonsterStepped)]
    shown: list[str] = []
    for k in range(len(steps) + 2):  # before, each step, the final look
        assert player.get_attribute("data-frame") == str(k)
        assert page.js("return !document.querySelector('#board .hot')")  # a frame, on the board
        shown += [
            li.get_attribute("textContent")
            for li in page.js("return [...document.querySelectorAll('#walk .walk-events li')]")
        ]
        caption = page.find("#walk .walk-text").get_attribute("textContent")
        if 1 <= k <= len(steps):
            assert caption.startswith(f"Step {k}: on {steps[k - 1].frm} facing ")
        page.find("#walk .walk-next").click()
    assert shown == [str(e) for e in events if not isinstance(e, fr.events.TileRevealed)]
    page.find("#walk .walk-close").click()  # back to the position: the walk's result
    page.wait(lambda: not page.js("return ff.calling()"))  # the panel redrawn meanwhile
    assert page.js("return !ff.busy() && !!document.querySelector('#board .hot')")
    assert page.js("return document.querySelectorAll('#record li').length") == shown_before + 1
    assert page.state() == fr.apply(before, fr.Reveal("10"))
    page.speed(100)
    page.find("#walk .walk-play").click()  # from the start again, to the end
    page.wait(lambda: not page.js("return ff.busy()"))
    assert page.find("#walk .walk-play").text == "play"  # stopped at the end
    assert page.js("return !!document.querySelector('#board .hot')")


def test_bots_moves_are_shown_step_by_step_and_bot_move_waits(page: Page) -> None:
    """With the bots playing by themselves, "Bot move" is disabled and each bot's figure move
    plays on the board a movement point at a time before the next one."""
    page.new_game(2, ["greedy", "greedy"], seed=3)
    assert not page.find("#bot").get_attribute("disabled")
    page.speed(1000)
    page.click("#auto")  # the bots play by themselves now
    assert page.find("#bot").get_attribute("disabled")
    shown = (
        "return ff.busy() && [document.getElementById('status').textContent,"
        " !document.querySelector('#board .hot'), ff.view.record, ff.view.seats.length]"
    )
    page.wait(lambda: ": step 1 of " in (page.js(shown) or [""])[0])
    status, a_frame, played, _ = page.js(shown)  # one moment: the move shown is the last played
    move = fr.parse_action(played[-1])
    assert isinstance(move, fr.FigureMove), played
    assert status == f"{move.figure[0]} moves {move}: step 1 of {len(move.path)}"
    assert a_frame
    page.click("#auto")  # stopped again (the click waits for the move being shown)
    page.speed(0)


def test_the_page_stays_responsive_while_a_search_bot_thinks(page: Page) -> None:
    """The engine answers in its Web Worker: while the search bot chooses its move, the page's
    own timer (every 10 ms) keeps running; on the main thread it would wait for the whole move."""
    page.new_game(2, ["search", "person"], seed=1)
    page.speed(0)
    took, gap, played = page.js(
        """return (async () => {
          let last = performance.now(), gap = 0;
          const timer = setInterval(() => {
            const t = performance.now();
            gap = Math.max(gap, t - last);
            last = t;
          }, 10);
          const t0 = performance.now();
          await ff.act("bot");
          await ff.idle();
          const took = performance.now() - t0;
          clearInterval(timer);
          return [took, gap, ff.view.record];
        })();"""
    )
    assert len(played) == 1 and played[0].startswith("A"), played
    assert took > 3 * gap and gap < 150, (took, gap)


def test_a_record_saved_and_loaded_back(page: Page, tmp_path: Path) -> None:
    page.new_game(4, ["random", "greedy", "random", "greedy"], seed=9, setup="advanced")
    for _ in range(25):
        page.click("#bot")
    page.click("#save")
    text = page.find("#record-text").get_attribute("value")
    record = fr.GameRecord.from_json(text)
    assert record.setup == "advanced" and len(record.actions) == 25
    assert record.replay() == page.state()
    played = page.state()
    page.click("#undo")
    page.click("#undo")
    assert page.state() == record.replay(23)
    page.new_game(2, ["person", "person"], seed=1)
    path = tmp_path / "game.json"
    path.write_text(text)
    page.find("#load").send_keys(str(path))
    page.wait(lambda: len(page.view()["record"]) == 25)  # the browser reads the file first
    assert page.view()["record"] == list(record.actions)
    assert page.state() == played
    assert page.view()["seats"] == ["random", "greedy", "random", "greedy"]  # as saved


def test_a_tile_is_shown_on_its_square_before_it_is_placed(page: Page) -> None:
    """Placement: the squares a tile may go are outlined, not filled; a click shows the tile
    there (the engine's state after it), a second click places it."""
    page.new_game(2, ["person", "random"], seed=1, setup="advanced")
    view = page.view()
    tile = view["placement"]["choice"][0]
    can = page.js(
        "return [...document.querySelectorAll('#board .sq.can')].map(r => r.dataset.square)"
    )
    state = page.state()
    legal = {
        p.square for p in fr.legal_placements(state) if p.tile == tile and p.arrow in ("", "N")
    }
    assert set(can) == legal and not page.js("return document.querySelector('#board .sq.next')")
    square = sorted(legal)[0]
    page.click(f'#board [data-square="{square}"]')
    assert page.view()["record"] == [] and page.state() == state  # shown, not placed
    assert page.js(
        "return [...document.querySelectorAll('#board .sq.pending')].map(r => r.dataset.square)"
    ) == [square]
    assert f"{tile.replace('_', ' ')} shown on {square}" in page.find("#status").text.replace(
        "_", " "
    )
    assert page.find("#place").is_displayed()
    page.click(f'#board [data-square="{square}"]')  # again: placed
    assert len(page.view()["record"]) == 1
    assert page.view()["record"][0].startswith(f"place {tile} {square}")


def test_a_reading_comparison(page: Page) -> None:
    """conformance/cases/monster-pools.yaml: a figure lying on a pool in the monster's slide.
    The editor starts with the game's players; the options go by their rules' titles, the tiles
    by their names; the readings that change this walk are offered first (the engine's
    readings_that_matter), and the comparison shows beside the board, not under it."""
    players = len(page.view()["seats"])
    page.click('.tab[data-tab="ask"]')
    assert page.find("#ask-players").get_attribute("value") == str(players)
    page.choose("#ask-players", "4")
    page.click("#ask-printed")
    board = "#ask-board [data-square="
    page.click('input[name="tool"][value="monster"]')
    page.choose("#ask-facing", "E")
    page.click(f'{board}"d9"]')
    page.click('input[name="tool"][value="figure"]')
    for figure, square in (("A1", "g9"), ("B1", "i8")):
        page.choose("#ask-figure", figure)
        page.click(f'{board}"{square}"]')
    page.choose("#ask-stage", "2")
    page.choose("#ask-tile", "5")
    assert page.find('#ask-tile option[value="5"]').text == "5 steps"
    assert page.find('#ask-tile option[value="1hit"]').text == "1 hit"
    select = page.find("#ask-option")
    state, tile = figure_on_the_slide({})
    mattered = readings_that_matter(state, fr.Reveal(tile))
    assert select.get_attribute("data-matter") == " ".join(m.option for m in mattered)
    assert select.get_attribute("value") == "monster_slide_figure" == mattered[0].option
    first = page.find('#ask-option optgroup[label="change this walk"] option')
    assert first.text.startswith(
        "Pieces lying on the pool in the monster's slide (monster_slide_figure): eat gives"
    )
    page.click("#ask-compare")
    assert page.find("#ask-message").text == ""
    expected = compare(figure_on_the_slide, "monster_slide_figure")
    shown = page.find("#ask-compare-summary").get_attribute("textContent")
    assert shown == "\n".join(expected.summary())
    assert page.find("#ask-comparison").get_attribute("data-first-difference") == "1"
    rect = "return arguments[0].getBoundingClientRect().toJSON()"
    board_box = page.js(rect, page.find("#ask-board"))
    result_box = page.js(rect, page.find("#ask-compare-summary"))
    assert result_box["left"] >= board_box["right"] and result_box["top"] < board_box["bottom"]
    page.click('.tab[data-tab="play"]')


# --- the board, drawn: screenshots within a tolerance -------------------------------------------


def _png(element: Any) -> Any:
    from PIL import Image
    from selenium.webdriver.support.ui import WebDriverWait

    browser = element.parent
    # The page's own fonts (web/fonts) draw every text: none of the machine's.
    WebDriverWait(browser, 20).until(lambda b: b.execute_script(f"return {wb.FONTS_LOADED}"))
    browser.execute_script("arguments[0].scrollIntoView()", element)
    return Image.open(io.BytesIO(element.screenshot_as_png)).convert("RGB")


def _differs(a: Any, b: Any) -> float:
    """The share of pixels that differ visibly (their difference is brighter than 48 of 255)."""
    from PIL import ImageChops

    if a.size != b.size:
        return 1.0
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 48 else 0)
    histogram: list[int] = diff.histogram()
    pixels: int = a.size[0] * a.size[1]
    return histogram[255] / pixels


TOLERANCE = 0.0008
"""The share of pixels allowed to differ (about 200 of the board's 256,000). The page draws its
text in its own fonts (web/fonts), so the machine's fonts change nothing: measured 0 pixels apart
with only DejaVu, with Liberation and FreeSans instead, and with DejaVu's extras. The margin is
for a browser's antialiasing; one stone missing changes 0.22 %, one stone moved 0.45 %."""


def _positions(page: Page) -> Iterator[tuple[str, Any]]:
    page.new_game(4, ["person", "greedy", "greedy", "greedy"], seed=2)
    page.click('#waiting [data-figure="A5"]')
    page.click('#board [data-square="p11"]')
    page.click('#board [data-square="o11"]')
    yield "building-a-move", _png(page.find("#board svg"))
    yield from _drawn_wrong(page, "building-a-move")
    page.new_game(3, ["random", "random", "random"], seed=4, setup="advanced")
    page.speed(0)
    while page.view()["phase"] != "monster":
        page.click("#bot")
    yield "advanced-tiles", _png(page.find("#board svg"))
    page.choose("#tile", "8")
    page.speed(1500)
    page.click("#reveal")
    page.find("#walk .walk-play").click()  # pause, then the third step, on the main board
    while (frame := int(page.find("#walk").get_attribute("data-frame"))) != 3:
        page.find("#walk .walk-next" if frame < 3 else "#walk .walk-prev").click()
    page.wait(lambda: not page.js("return ff.calling()"))  # the frame's picture drawn
    yield "walk-step-3", _png(page.find("#board svg"))
    page.find("#walk .walk-close").click()
    page.speed(0)


def _drawn_wrong(page: Page, name: str) -> Iterator[tuple[str, Any]]:
    """The board on the page drawn wrong in three small ways, each undone after its picture: one
    stone moved to an empty square beside it, one stone missing, everything shifted by a
    pixel."""
    state = page.state()
    stone, beside = next(
        (q, n)
        for q in board.SQUARES
        if state.cells[q] == STONE
        for n in _beside(q)
        if state.cells[n] == 0 and n not in state.pools and n != state.monster
    )
    (x0, y0), (x1, y1) = centre(stone), centre(beside)
    svg = page.find("#board svg")
    find_stone = (
        "return [...arguments[0].querySelectorAll('rect')]"
        f".find(r => r.textContent === 'stone on {board.name(stone)}')"
    )
    rect = page.js(find_stone, svg)
    page.js(
        "arguments[0].setAttribute('transform', arguments[1])",
        rect,
        f"translate({x1 - x0},{y1 - y0})",
    )
    yield f"{name}, one stone moved", _png(svg)
    page.js("arguments[0].removeAttribute('transform')", rect)
    page.js("arguments[0].style.display = 'none'", rect)
    yield f"{name}, one stone missing", _png(svg)
    page.js("arguments[0].style.display = ''", rect)
    shift = (
        "for (const g of arguments[0].children) if (g.tagName === 'g') g.setAttribute("
        "'transform', `translate(${arguments[1]},0) ` + (g.getAttribute('transform') || ''))"
    )
    page.js(shift, svg, 1)
    yield f"{name}, shifted by a pixel", _png(svg)
    page.js(shift, svg, -1)
    assert _differs(_png(svg), _png(svg)) == 0.0


def _beside(q: int) -> Iterator[int]:
    """The squares left and right of ``q`` on the board."""
    name = board.name(q)
    for dc in (-1, 1):
        column = board.COLUMN_LETTERS.find(name[0]) + dc
        if 0 <= column < len(board.COLUMN_LETTERS):
            with contextlib.suppress(fr.FearsomeError):
                yield board.square(board.COLUMN_LETTERS[column] + name[1:])


def test_the_board_looks_as_it_should(page: Page) -> None:
    shots = dict(_positions(page))
    from PIL import Image

    wrong = {name: shot for name, shot in shots.items() if ", " in name}
    for name, shot in shots.items():
        if name in wrong:
            continue
        path = REFERENCES / f"{name}.png"
        if UPDATE:
            REFERENCES.mkdir(exist_ok=True)
            shot.save(path, optimize=True)
        assert path.exists(), f"{path.name}: no reference (FEARSOME_RULES_SCREENSHOTS=update)"
        share = _differs(shot, Image.open(path).convert("RGB"))
        assert share <= TOLERANCE, f"{name}: {share:.2%} of the pixels differ from {path.name}"
    # The comparison sees a wrong drawing: the first position against the second's reference,
    # and the first position drawn wrong in small ways against its own.
    other = Image.open(REFERENCES / "advanced-tiles.png").convert("RGB")
    assert _differs(shots["building-a-move"], other) > 10 * TOLERANCE
    reference = Image.open(REFERENCES / "building-a-move.png").convert("RGB")
    shares = {name: _differs(shot, reference) for name, shot in wrong.items()}
    assert len(shares) == 3 and all(share > 2 * TOLERANCE for share in shares.values()), shares
