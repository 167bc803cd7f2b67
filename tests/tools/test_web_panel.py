"""The offline page's players' panel and its word for a figure that can step nowhere, in headless
Chromium on the built site (no game server): a game found here by playing at random until a
figure of the player to move has no square to step onto, loaded into the page as a record; the
panel then counts what the engine's state holds, and choosing that figure says why nothing is
lit, with the zero move's rule.

Skipped, with the reason, where no browser or npm is installed."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import fearsome_rules as fr
from fearsome_rules.core.moves import continuations
from fearsome_rules.tools.web import browser as wb

REASON: str = wb.missing()
pytestmark = pytest.mark.skipif(bool(REASON), reason=f"no browser test: {REASON}")


def stuck_game(seed: int) -> tuple[fr.GameRecord, fr.GameState, list[str]]:
    """A random 2-player game up to the first state where a figure of the player to move can
    step onto no square: its record, that state, those figures."""
    rng = random.Random(seed)
    start = state = fr.new_game(2)
    actions: list[fr.Action] = []
    while state.phase is not fr.Phase.OVER:
        if state.phase is fr.Phase.FIGURES:
            stuck = [
                f.name
                for f in state.figures
                if f.owner == state.to_move
                and not f.moved
                and f.place() not in ("out", "removed")
                and not continuations(state, fr.FigureMove(f.name, ())).next
            ]
            if stuck:
                return fr.GameRecord.of(start, actions), state, stuck
            action: fr.Action = rng.choice(fr.legal_actions(state))
        elif state.phase is fr.Phase.MONSTER:
            action = rng.choice([o for o, _ in fr.chance_outcomes(state)])
        else:
            action = rng.choice(fr.legal_actions(state))
        actions.append(action)
        state = fr.apply(state, action)
    raise AssertionError("no figure got stuck")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with wb.open_page() as (opened, _server, _url):
        yield opened


def test_a_figure_that_can_step_nowhere_gets_a_word_and_the_panel_counts(browser: Any) -> None:
    from selenium.webdriver.common.by import By

    record, state, stuck = stuck_game(1)
    browser.execute_script("return act('load_record', {text: arguments[0]})", record.dumps())
    _answered(browser)
    assert fr.state_from_json(browser.execute_script("return ff.call('state')")) == state
    rows = browser.execute_script(
        "return [...document.querySelectorAll('#players-panel tr[data-seat]')]"
        ".map(r => [r.dataset.seat, +r.dataset.out, r.className])"
    )
    mover = "AB"[state.to_move]
    assert rows == [
        [
            s,
            sum(f.place() == "out" for f in state.figures if f.owner == k),
            "to-move" * (s == mover),
        ]
        for k, s in enumerate("AB")
    ]
    deck = browser.execute_script(
        "return +document.querySelector('#players-panel .panel-line').dataset.deck"
    )
    assert deck == len(state.deck)
    figure = state.figure(stuck[0])
    where = figure.place()
    css = (
        f'#waiting [data-figure="{figure.name}"]'
        if where == "waiting"
        else f'#board [data-square="{where}"]'
    )
    browser.find_element(By.CSS_SELECTOR, css).click()
    _answered(browser)
    message = browser.find_element(By.CSS_SELECTOR, "#message")
    assert f"{figure.name} can step onto no square now" in message.text
    assert message.get_attribute("data-rule") == "FIG-ZERO"
    assert browser.find_element(By.CSS_SELECTOR, "#zero").is_displayed()
    assert browser.execute_script("return ff.view.building.next") == []


def _answered(browser: Any) -> None:
    """Until the engine (in its worker) has answered every call of the page."""
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser, 30).until(lambda b: not b.execute_script("return ff.busy()"))
