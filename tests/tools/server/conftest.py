"""The game server's fixtures: a PostgreSQL cluster for the session (skipped, one line, where
PostgreSQL is not installed), a database of its own for each test that asks."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from server_harness import Cluster, postgres_bin

pytest.importorskip("fastapi", reason="the server extra is not installed")


@pytest.fixture(scope="session")
def cluster() -> Iterator[Cluster]:
    found = postgres_bin()
    if found is None:
        pytest.skip("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    started = Cluster(found).start()
    try:
        yield started
    finally:
        started.stop()


@pytest.fixture
def pg_url(cluster: Cluster) -> str:
    """A fresh PostgreSQL database."""
    return cluster.new_database()
