"""Shared test set-up: Hypothesis profiles (derandomized under CI), the spec's rule ids, and
the game server's PostgreSQL cluster."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, settings

if TYPE_CHECKING:  # the harness imports the server extra's clients: only the server tests
    from server_harness import Cluster

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=60,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.register_profile(
    "deep", max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


# --- the game server's PostgreSQL (tests/tools/server/) ---------------------------------------


@pytest.fixture(scope="session")
def cluster() -> Iterator[Cluster]:
    """A throwaway PostgreSQL cluster for the session (skipped, one line, where PostgreSQL is
    not installed)."""
    from server_harness import Cluster, postgres_bin

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
    """A fresh PostgreSQL database of the session's cluster."""
    return cluster.new_database()
