"""What a server process keeps of the games it used last, a fixed number of them: the one
least recently used goes first. Callable from the event loop and the work threads at once."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Lru(Generic[K, V]):
    """At most ``size`` values by key; a read or a write makes its key the most recent."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: OrderedDict[K, V] = OrderedDict()
        self.lock = threading.Lock()

    def __len__(self) -> int:
        return len(self.items)

    def get(self, key: K) -> V | None:
        with self.lock:
            value = self.items.get(key)
            if value is not None:
                self.items.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        self.update(key, lambda _old: value)

    def update(self, key: K, change: Callable[[V | None], V]) -> V:
        """Store ``change(old value or None)`` under the lock (so that two threads' changes
        of one key never lose either); the value stored."""
        with self.lock:
            value = change(self.items.get(key))
            self.items[key] = value
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)
            return value
