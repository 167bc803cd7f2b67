"""Simulations on Dask and Ray: a real local cluster gives the numbers of a single process.

The Dask tests start a real ``distributed.LocalCluster`` of two worker processes (the ``dask``
extra, which the test extra installs); the Ray tests start a local Ray instance and skip where
Ray is not installed (the ``ray`` extra is too large for CI).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import fearsome_rules as fr
from fearsome_rules.cli import main
from fearsome_rules.tools.simulate import (
    RayExecutor,
    Summary,
    dask_cluster,
    ray_cluster,
    simulate,
)

HAS_DASK = importlib.util.find_spec("distributed") is not None
HAS_RAY = importlib.util.find_spec("ray") is not None
needs_dask = pytest.mark.skipif(not HAS_DASK, reason="needs the dask extra (distributed)")
needs_ray = pytest.mark.skipif(not HAS_RAY, reason="needs the ray extra (ray)")

BOTS = ["greedy", "search:3", "random", "runner"]
"""Every kind of bot, the search bot included: each must travel to the workers."""


@pytest.fixture(scope="module")
def single() -> Summary:
    return simulate(12, 4, seed=5, bots=BOTS, workers=1)


@pytest.fixture(scope="module")
def dask_client() -> Iterator[Any]:
    if not HAS_DASK:
        pytest.skip("needs the dask extra (distributed)")
    distributed: Any = importlib.import_module("distributed")  # untyped: the extra's boundary
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


@needs_dask
def test_a_dask_cluster_gives_the_numbers_of_one_process(dask_client: Any, single: Summary) -> None:
    assert len(dask_client.scheduler_info()["workers"]) == 2

    def executed() -> int:
        counts = dask_client.run(lambda dask_worker: dask_worker.state.executed_count)
        return sum(counts.values())

    before = executed()
    on_dask = simulate(12, 4, 5, BOTS, executor=dask_client.get_executor(), chunksize=3)
    assert on_dask == single
    assert executed() - before >= 4  # the four chunks of three games ran on the workers


@needs_dask
def test_simulate_on_a_running_scheduler(
    dask_client: Any, single: Summary, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    address = dask_client.scheduler.address
    out_file = tmp_path / "dask.json"
    argv = ["simulate", "--games", "12", "--players", "4", "--seed", "5", "--bots", ",".join(BOTS)]
    code = main([*argv, "--scheduler", address, "--chunksize", "4", "--json", str(out_file)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "12 games in " in out and f"(2 workers, the Dask cluster at {address})" in out
    doc = json.loads(out_file.read_text())
    assert doc["executor"] == "dask" and doc["workers"] == 2
    assert doc["variants"][0] == {"label": "default", **single.to_json()}


@needs_dask
def test_a_local_dask_cluster_when_asked_for_dask(
    single: Summary, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_file = tmp_path / "local.json"
    argv = ["simulate", "--games", "12", "--players", "4", "--seed", "5", "--bots", ",".join(BOTS)]
    code = main([*argv, "--executor", "dask", "--workers", "2", "--json", str(out_file)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "(2 workers, a local Dask cluster)" in out
    doc = json.loads(out_file.read_text())
    assert doc["variants"][0] == {"label": "default", **single.to_json()}
    with dask_cluster(None, 1) as cluster:
        assert cluster.workers == 1 and cluster.where == "a local Dask cluster"
        assert simulate(12, 4, 5, BOTS, executor=cluster.executor) == single


@needs_dask
def test_no_scheduler_there_is_one_line() -> None:
    with (
        pytest.raises(fr.FearsomeError, match=r"no Dask scheduler at 'tcp://127.0.0.1:9'"),
        dask_cluster("tcp://127.0.0.1:9", timeout=1),
    ):
        pass


def test_a_running_cluster_has_its_own_workers(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "2", "--scheduler", "tcp://127.0.0.1:9", "--workers", "2"]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (
        "fearsome-rules: --workers: a running cluster (--scheduler) has its own workers\n"
    )


@pytest.mark.skipif(HAS_RAY, reason="checks the message given without Ray")
def test_without_ray_the_message_names_the_extra(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--executor", "ray"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "fearsome-rules: ray is not installed: pip install 'fearsome_rules[ray]'\n"
    with pytest.raises(fr.FearsomeError, match="ray is not installed"):
        RayExecutor()


@needs_ray
def test_a_local_ray_instance_gives_the_numbers_of_one_process(single: Summary) -> None:
    with ray_cluster(None, 2) as cluster:
        assert cluster.workers == 2 and cluster.where == "a local Ray instance"
        assert simulate(12, 4, 5, BOTS, executor=cluster.executor, chunksize=3) == single
