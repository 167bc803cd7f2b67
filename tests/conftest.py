"""Shared test set-up: Hypothesis profiles (derandomized under CI), the spec's rule ids, and
the game server's PostgreSQL cluster."""

from __future__ import annotations

import os
import re
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


# --- in CI, a test may not skip for want of what .ci/run installs ------------------------------
# A test whose browser, Node.js, database or extra is missing skips with a one-line reason, so
# that the suite runs anywhere. .ci/run installs all of them and sets FEARSOME_RULES_STRICT_SKIPS:
# there such a skip is a failure, so that a failed install cannot pass unseen.
STRICT_SKIPS = os.environ.get("FEARSOME_RULES_STRICT_SKIPS") == "1"
MISSING = re.compile(
    r"not installed|needs the \w+ extra\b|needs numpy|no browser test|no chromium|no npm|"
    r"no chromedriver|no postgresql|no node",
    re.IGNORECASE,
)
ALLOWED = re.compile(r"\bray\b", re.IGNORECASE)
"""What .ci/run does not install, on purpose: Ray (about 70 MB, pyproject.toml's ray extra)."""


def _skip_reason(report: pytest.CollectReport | pytest.TestReport) -> str | None:
    if not report.skipped:
        return None
    longrepr = report.longrepr
    return str(longrepr[2]) if isinstance(longrepr, tuple) else str(longrepr)


def _refuse_skip(report: pytest.CollectReport | pytest.TestReport) -> None:
    reason = _skip_reason(report)
    if STRICT_SKIPS and reason and MISSING.search(reason) and not ALLOWED.search(reason):
        report.outcome = "failed"
        report.longrepr = f"skipped where .ci/run installs what it needs: {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    _refuse_skip(outcome.get_result())  # type: ignore[attr-defined]


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Iterator[None]:
    outcome = yield
    _refuse_skip(outcome.get_result())  # type: ignore[attr-defined]


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
