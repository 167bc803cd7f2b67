"""Headless Chromium on the web page, for the browser tests (tests/tools/test_web_page.py), the
page's timings (benchmarks/web.py) and the screenshots of docs/web.md
(scripts/make_web_screenshots.py). Not used by the page itself.

The browser is Debian's ``chromium`` driven by its ``chromium-driver`` through Selenium
(``apt-get install chromium chromium-driver``; ``pip install selenium``): the driver is the
browser's own version, and nothing is downloaded. :func:`missing` says in one line what is not
there. :func:`open_page` builds the site if needed (``fearsome-rules web --build-only``),
serves it on a free localhost port and loads the page until the engine is ready.
"""

from __future__ import annotations

import importlib.util
import shutil
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import HTTPServer
from pathlib import Path
from typing import Any

from fearsome_rules.tools.web import site

BROWSERS = ("chromium", "chromium-browser")
DRIVER = "chromedriver"
SIZE = (1400, 1800)
"""The window: wide enough for the three columns of the page."""


FONTS_LOADED = "document.fonts.status === 'loaded'"
"""JavaScript: the page's fonts (web/fonts) are loaded, so that text is drawn in them."""


def missing() -> str:
    """Why the page cannot be driven here (one line), or "" when it can."""
    if importlib.util.find_spec("selenium") is None:
        return "selenium is not installed (pip install selenium)"
    if not any(shutil.which(b) for b in BROWSERS):
        return "no Chromium (apt-get install chromium chromium-driver)"
    if shutil.which(DRIVER) is None:
        return "no chromedriver (apt-get install chromium-driver)"
    if shutil.which("npm") is None:
        return "no npm to build the page with (apt-get install npm)"
    return ""


def driver() -> Any:
    """A headless Chromium (a Selenium WebDriver)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = next(str(shutil.which(b)) for b in BROWSERS if shutil.which(b))
    for flag in (
        "--headless=new",
        "--no-sandbox",  # CI runs as root
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--hide-scrollbars",
        "--force-device-scale-factor=1",
        f"--window-size={SIZE[0]},{SIZE[1]}",
    ):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(shutil.which(DRIVER)), options=options)


@contextmanager
def served(folder: Path) -> Iterator[tuple[HTTPServer, str]]:
    """``folder`` served on a free localhost port: the server and the page's URL."""
    httpd = site.server(folder, 0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


def load(browser: Any, url: str, timeout: float = 60.0) -> float:
    """Load the page and wait until the engine is ready; the seconds it took."""
    from selenium.common.exceptions import TimeoutException

    t0 = time.perf_counter()
    browser.get(url)
    deadline = t0 + timeout
    while time.perf_counter() < deadline:
        try:
            state = browser.execute_script(
                f"return window.ff ? [ff.ready && {FONTS_LOADED}, ff.error || ''] : null"
            )
        except TimeoutException:  # the page's thread still busy starting, on a loaded machine
            continue
        if state and state[1]:
            raise RuntimeError(f"the page did not start: {state[1]}")
        if state and state[0]:
            return time.perf_counter() - t0
        time.sleep(0.05)
    raise TimeoutError(f"the page was not ready after {timeout:.0f} s")


@contextmanager
def open_page() -> Iterator[tuple[Any, HTTPServer, str]]:
    """The built site, served, loaded in a headless Chromium: (browser, server, URL)."""
    folder = site.build()
    with served(folder) as (httpd, url):
        browser = driver()
        try:
            load(browser, url)
            yield browser, httpd, url
        finally:
            browser.quit()
