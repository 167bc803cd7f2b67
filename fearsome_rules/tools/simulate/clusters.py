"""Simulations on an existing distributed engine: Dask (``distributed``) and Ray, each as a
:class:`concurrent.futures.Executor` that :func:`~fearsome_rules.tools.simulate.simulate` sends
its chunks of games to.

Both are optional extras (``pip install 'fearsome_rules[dask]'``, ``'fearsome_rules[ray]'``),
imported only when asked for. Every worker needs ``fearsome_rules`` installed. The games of a
simulation are seeded one by one and summed up in game order, so a cluster gives exactly the
numbers of a single process.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import importlib
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import attrs

from fearsome_rules.core.errors import FearsomeError, quote
from fearsome_rules.tools.simulate.runner import cores

EXECUTORS = ("processes", "dask", "ray")
"""What ``fearsome-rules simulate --executor`` takes."""

T = TypeVar("T")


@attrs.frozen
class Cluster:
    """A running cluster's executor, how many workers it has, and where it is."""

    executor: concurrent.futures.Executor
    workers: int
    where: str
    """For the report: ``a local Dask cluster``, ``the Dask scheduler at tcp://...``, ..."""


def _extra(module: str, extra: str) -> Any:
    """An optional dependency, or a one-line error naming the extra that brings it."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise FearsomeError(
            f"{extra} is not installed: pip install 'fearsome_rules[{extra}]'"
        ) from None


@contextlib.contextmanager
def dask_cluster(
    scheduler: str | None = None, workers: int | None = None, timeout: float = 10
) -> Iterator[Cluster]:
    """A Dask executor: on the running cluster whose scheduler is at ``scheduler``
    (``tcp://host:8786``; ``timeout`` seconds to reach it), or else on a new
    :class:`distributed.LocalCluster` of ``workers`` processes (default: every core) with one
    thread each, closed on exit."""
    distributed = _extra("distributed", "dask")
    cluster = None
    if scheduler is None:
        cluster = distributed.LocalCluster(
            n_workers=workers or cores(),
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",  # a free port: the scheduler serves HTTP in any case
        )
        client = distributed.Client(cluster)
        where = "a local Dask cluster"
    else:
        try:
            client = distributed.Client(scheduler, timeout=f"{timeout}s")
        except (OSError, TimeoutError, ValueError) as e:
            raise FearsomeError(
                f"no Dask scheduler at {quote(scheduler)}: {str(e).splitlines()[0][:120]}"
            ) from None
        where = f"the Dask cluster at {scheduler}"
    try:
        count = len(client.scheduler_info()["workers"])
        if count == 0:
            raise FearsomeError(f"{where} has no workers")
        yield Cluster(client.get_executor(), count, where)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


class RayExecutor(concurrent.futures.Executor):
    """Ray as a :class:`concurrent.futures.Executor`: each submitted call is a Ray task of one
    CPU, and its ``ObjectRef.future()`` the future (Ray has no executor of its own). Call
    ``ray.init`` first, or use :func:`ray_cluster`."""

    def __init__(self) -> None:
        self._ray = _extra("ray", "ray")
        self._remote: dict[Callable[..., Any], Any] = {}

    def submit(
        self, fn: Callable[..., T], /, *args: Any, **kwargs: Any
    ) -> concurrent.futures.Future[T]:
        remote = self._remote.get(fn)
        if remote is None:
            remote = self._remote[fn] = self._ray.remote(num_cpus=1)(fn)
        future: concurrent.futures.Future[T] = remote.remote(*args, **kwargs).future()
        return future


@contextlib.contextmanager
def ray_cluster(address: str | None = None, workers: int | None = None) -> Iterator[Cluster]:
    """A Ray executor: on the running cluster at ``address`` (``auto``, ``ray://host:10001``),
    or else on a new local Ray instance with ``workers`` CPUs (default: every core); shut down
    on exit."""
    ray = _extra("ray", "ray")
    if address is None:
        ray.init(num_cpus=workers or cores(), include_dashboard=False, log_to_driver=False)
        where = "a local Ray instance"
    else:
        try:
            ray.init(address=address, log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as e:
            raise FearsomeError(
                f"no Ray cluster at {quote(address)}: {str(e).splitlines()[0][:120]}"
            ) from None
        where = f"the Ray cluster at {address}"
    try:
        count = max(1, int(ray.cluster_resources().get("CPU", 1)))
        yield Cluster(RayExecutor(), count, where)
    finally:
        ray.shutdown()


@contextlib.contextmanager
def cluster(
    executor: str, scheduler: str | None = None, workers: int | None = None
) -> Iterator[Cluster | None]:
    """The cluster ``executor`` names (``dask`` or ``ray``), or None for ``processes`` (the
    caller's own process pool)."""
    if executor == "dask":
        with dask_cluster(scheduler, workers) as running:
            yield running
    elif executor == "ray":
        with ray_cluster(scheduler, workers) as running:
            yield running
    elif executor == "processes":
        if scheduler is not None:
            raise FearsomeError("--scheduler is the address of a Dask or Ray cluster")
        yield None
    else:
        raise FearsomeError(f"executor {quote(executor)}: one of {', '.join(EXECUTORS)}")
