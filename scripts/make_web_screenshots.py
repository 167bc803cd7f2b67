"""The screenshots of docs/web.md (``docs/img/web-*.png``), taken in a headless Chromium on the
built page: a move being built in a game, a monster walk step by step on the board, a tile shown
on its square before it is placed, and two readings of a rule compared (the online page's
picture, docs/img/web-online.png, is taken by tests/tools/test_web_online.py's set-up when
FEARSOME_RULES_SCREENSHOTS=update). Run by hand after a change to the page:
``python3 scripts/make_web_screenshots.py`` (needs what the browser tests need: see
fearsome_rules/tools/web/browser.py)."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

from fearsome_rules.tools.web import browser as wb

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "img"


def _shot(browser: Any, css: str, name: str) -> None:
    from PIL import Image
    from selenium.webdriver.common.by import By

    element = browser.find_element(By.CSS_SELECTOR, css)
    browser.execute_script("arguments[0].scrollIntoView()", element)
    image = Image.open(io.BytesIO(element.screenshot_as_png)).convert("RGB")
    # A palette of 256 colours keeps the pictures small; the board has few colours.
    image.quantize(256).save(OUT / name, optimize=True)
    print(f"wrote docs/img/{name} ({image.size[0]} x {image.size[1]})")


def main() -> int:
    reason = wb.missing()
    if reason:
        print(f"cannot take the screenshots: {reason}", file=sys.stderr)
        return 2
    with wb.open_page() as (browser, _, _url):
        js = browser.execute_script
        js(
            "document.getElementById('auto').checked = false;"
            "document.getElementById('speed').value = 0;"
            "ff.act('new_game', {players: 4, seats: ['person', 'greedy', 'random', 'greedy'],"
            " seed: 3});"
        )
        while js("return ff.view.phase") == "figures":  # round 1, to the monster's turn
            if js("return ff.view.seat") == "person":
                js("ff.act('select', {figure: ff.view.waiting[0]}); ff.act('play')")
            else:
                js("ff.act('bot')")
            js("ff.settle()")
        js("ff.settle(); document.getElementById('speed').value = 1500")
        js("ff.act('reveal', {tile: '8'})")  # the walk, on the main board
        js("document.querySelector('#walk .walk-play').click()")  # pause
        while js("return +document.getElementById('walk').dataset.frame") != 3:
            js("document.querySelector('#walk .walk-next').click()")
        _shot(browser, "#play", "web-walk.png")
        js("ff.settle(); document.getElementById('speed').value = 0")
        while js("return ff.view.seat") != "person":  # round 2, on to A's turn
            js("ff.act('bot'); ff.settle()")
        js("document.getElementById('walk').hidden = true")
        figure = js("return ff.view.waiting[0]")
        js("ff.act('select', {figure: arguments[0]}); ff.act('click', {square: 'p11'});", figure)
        js("ff.act('click', {square: 'o11'}); ff.act('click', {square: 'o9'})")  # refused
        _shot(browser, "#play", "web-play.png")
        # Placing the tiles: where the tile may go outlined, the tile shown on a square.
        js(
            "ff.act('new_game', {players: 3, setup: 'advanced', seats: ['person', 'random',"
            " 'random'], seed: 2}); ff.act('choose_tile', {tile: 'teleporter_1', arrow: 'E'});"
            " ff.act('click', {square: 'f6'})"
        )
        _shot(browser, "#play", "web-placement.png")
        js("document.querySelector('.tab[data-tab=ask]').click()")
        for call in (
            "ff.edit('editor_new', {players: 4})",
            "ff.edit('editor_edit', {tool: 'monster:E', square: 'd9'})",
            "ff.edit('editor_edit', {tool: 'figure:A1', square: 'g9'})",
            "ff.edit('editor_edit', {tool: 'figure:B1', square: 'i8'})",
            "ff.edit('editor_set', {tile: '5', stage: 2})",
        ):
            js(call)
        js(
            "document.getElementById('ask-option').value = 'monster_slide_figure';"
            "document.getElementById('ask-compare').click();"
        )
        _shot(browser, "#ask", "web-ask.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
