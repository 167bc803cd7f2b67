"""A site served without a snapshot (an installed package's page, built without Node.js) in a
real headless Chromium: the first load starts from the wheels and a second worker keeps a
snapshot in the browser's Cache Storage; the next load starts from it and plays the same
engine; a wheel changed in place is never started from the old wheels' snapshot.

Skipped, with the reason, where no browser or npm is installed; ``.ci/run`` installs them.
"""

from __future__ import annotations

import json
import os
import shutil
import zipfile
from pathlib import Path

import pytest

import fearsome_rules as fr
from fearsome_rules.tools.web import browser as wb
from fearsome_rules.tools.web import site

REASON: str = wb.missing()
pytestmark = pytest.mark.skipif(bool(REASON), reason=f"no browser test: {REASON}")
PURE = os.environ.get("FEARSOME_RULES_PURE") == "1"

_KEPT = (
    "return caches.open('fearsome-rules-snapshots')"
    ".then((c) => c.keys()).then((keys) => keys.map((r) => r.url))"
)
"""JavaScript: the URLs of the snapshots the browser keeps."""


def _bare_site(tmp_path: Path) -> Path:
    """The clone's site as an installed package builds it: the same files, no snapshot."""
    bare = tmp_path / "site"
    shutil.copytree(site.build(), bare, ignore=shutil.ignore_patterns("snapshot"))
    manifest = json.loads((bare / "manifest.json").read_text("utf-8"))
    del manifest["snapshot"]
    (bare / "manifest.json").write_text(json.dumps(manifest), "utf-8")
    return bare


def test_a_site_without_a_snapshot_keeps_one_in_the_browser_for_the_next_load(
    tmp_path: Path,
) -> None:
    """About 20 s (three starts, two of them from the wheels, and two snapshots made in the
    browser): what an installed package's page does at its first and later loads."""
    if PURE:
        pytest.skip("the page runs the pure wheel on either build: once is enough")
    bare = _bare_site(tmp_path)
    engine_wheel = bare / json.loads((bare / "manifest.json").read_text("utf-8"))["wheels"][-1]
    with wb.served(bare) as (_, url):
        browser = wb.driver()
        try:
            wb.load(browser, url)
            assert browser.execute_script("return ff.load.from") == "wheels"
            assert browser.execute_script("return ff.load.kept") > 1_000_000  # gzipped bytes
            (first,) = browser.execute_script(_KEPT)
            wb.load(browser, url)  # the same browser: its Cache Storage
            assert browser.execute_script("return ff.load.from") == "cache"
            assert browser.execute_script("return ff.load.kept") == 0  # nothing more to keep
            after = browser.execute_script(
                "return ff.engine.newGame({players: 3}).then((s) => ff.engine.apply(s, 'A5 p11'))"
            )
            assert after == fr.state_to_json(fr.apply(fr.new_game(3), fr.parse_action("A5 p11")))
            # The engine's wheel changed in place (same name, other bytes), its copy in the
            # browser's HTTP cache forgotten: the old snapshot is not taken for it.
            with zipfile.ZipFile(engine_wheel, "a") as wheel:
                wheel.writestr("fearsome_rules/changed.txt", "another build")
            browser.execute_cdp_cmd("Network.clearBrowserCache", {})
            wb.load(browser, url)
            assert browser.execute_script("return ff.load.from") == "wheels"
            assert browser.execute_script("return ff.load.kept") > 1_000_000
            (second,) = browser.execute_script(_KEPT)  # the old wheels' snapshot replaced
            assert second != first
        finally:
            browser.quit()
