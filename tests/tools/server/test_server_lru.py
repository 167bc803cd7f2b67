"""The server's one least-recently-used store (:class:`~fearsome_rules.tools.server.lru.Lru`),
which keeps the games' fixed parts, their latest states and their actions' events."""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("fastapi", reason="needs the server extra")

from fearsome_rules.tools.server.lru import Lru
from fearsome_rules.tools.server.snapshots import Shown, Snapshot, Snapshots, Traces


def test_the_least_recently_used_goes_first() -> None:
    kept: Lru[str, int] = Lru(3)
    for key, value in (("a", 1), ("b", 2), ("c", 3)):
        kept.put(key, value)
    assert kept.get("a") == 1  # a read makes "a" the most recent: "b" is now the oldest
    kept.put("d", 4)
    assert (kept.get("b"), kept.get("a"), kept.get("c"), kept.get("d")) == (None, 1, 3, 4)
    kept.put("c", 30)  # a write too: "a" is the oldest
    kept.put("e", 5)
    assert kept.get("a") is None and len(kept) == 3
    assert [kept.get(k) for k in "cde"] == [30, 4, 5]


def test_changes_from_many_threads_lose_nothing() -> None:
    counts: Lru[str, int] = Lru(8)

    def count() -> None:
        for _ in range(2_000):
            counts.update("n", lambda old: (old or 0) + 1)

    threads = [threading.Thread(target=count) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert counts.get("n") == 8_000


def test_a_later_snapshot_is_never_replaced_by_an_earlier_one() -> None:
    snapshots = Snapshots(size=2)
    snapshots.put("g", Snapshot(5, None, "{}"))
    snapshots.put("g", Snapshot(3, None, "[]"))
    assert snapshots.get("g") == Snapshot(5, None, "{}")
    snapshots.put("h", Snapshot(1, None))
    snapshots.put("i", Snapshot(1, None))
    assert snapshots.get("g") is None  # the least recently used of three


def test_traces_gather_a_games_actions() -> None:
    traces = Traces(size=1)
    one, two = Shown.of(1, "A5 p11", []), Shown.of(2, "reveal 8", [])
    traces.put("g", [one])
    traces.put("g", [two])
    assert traces.get("g", [1, 2, 3]) == {1: one, 2: two}
    traces.put("h", [one])
    assert traces.get("g", [1]) == {}
