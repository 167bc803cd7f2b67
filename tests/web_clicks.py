"""What the browser tests of the page do as a person does, offline (tests/tools/test_web_page.py)
and online (tests/tools/test_web_online.py) alike: a figure move by clicks."""

from __future__ import annotations

from typing import Any, Protocol

import fearsome_rules as fr


class Clicking(Protocol):
    """A page in a browser: a click on what a CSS selector finds, and a script's answer."""

    def click(self, css: str) -> None: ...

    def js(self, script: str, *args: object) -> Any: ...


def click_move(page: Clicking, state: fr.GameState, move: fr.FigureMove) -> None:
    """The figure (on the board, or its waiting button), each square of its path, then Play
    move (a path is never played by its last click alone); the zero move by its button. No
    click is refused on the way."""
    where = state.figure(move.figure).place()
    if where == "waiting":
        page.click(f'#waiting [data-figure="{move.figure}"]')
    else:
        page.click(f'#board [data-square="{where}"]')
    if not move.path:
        page.click("#zero")
        return
    for sq in move.path:
        page.click(f'#board [data-square="{sq}"]')
        message = page.js("return document.getElementById('message').textContent")
        assert not message, message
    page.click("#play-move")
