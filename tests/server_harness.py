"""Real parts for the game server's tests: ``fearsome-rules serve`` processes on a free loopback
port, a throwaway PostgreSQL cluster (initdb and pg_ctl in a temporary folder, as the
``postgres`` user when the tests run as root), and clients that play seats over HTTP."""

from __future__ import annotations

import os
import pwd
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from glob import glob
from pathlib import Path
from typing import Any

import httpx

SERVE = [sys.executable, "-m", "fearsome_rules", "serve"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """One ``fearsome-rules serve`` process over ``db``; killed and started again at will, on
    the same port."""

    def __init__(self, db: str, log: Path, *extra: str) -> None:
        self.db = db
        self.port = free_port()
        self.log = log
        self.extra = extra
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0
        self.kills = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60) -> Server:
        command = [*SERVE, "--db", self.db, "--port", str(self.port), *self.extra]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        self.starts += 1
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(self.url + "/api/health", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        raise AssertionError(f"the server did not answer in {timeout} s")

    def kill(self) -> None:
        """SIGKILL: no shutdown, whatever it was doing."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self.kills += 1

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self) -> None:
        if self.alive():
            assert self.process is not None
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@contextmanager
def servers(db: str, folder: Path, count: int = 1, *extra: str) -> Iterator[list[Server]]:
    started = [Server(db, folder / f"server{k}.log", *extra) for k in range(count)]
    try:
        for s in started:
            s.start()
        yield started
    finally:
        for s in started:
            s.stop()


# --- PostgreSQL ------------------------------------------------------------------------------


def postgres_bin() -> Path | None:
    """The folder of PostgreSQL's server programs (Debian's, or on the PATH), or None."""
    found = sorted(glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


class Cluster:
    """A PostgreSQL cluster in a temporary folder, on a free loopback port, trusting local
    connections; a database per test."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.folder = Path(tempfile.mkdtemp(prefix="fearsome-pg-"))
        self.port = free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            user = pwd.getpwnam("postgres")
            os.chown(self.folder, user.pw_uid, user.pw_gid)
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self.databases = 0

    def _run(self, *command: str) -> None:
        done = subprocess.run(
            [*self.as_user, *command], capture_output=True, text=True, timeout=120, check=False
        )
        assert done.returncode == 0, done.stderr or done.stdout

    def start(self) -> Cluster:
        data = str(self.folder / "data")
        self._run(
            str(self.bin / "initdb"),
            "-D",
            data,
            "-A",
            "trust",
            "-U",
            "postgres",
            "-E",
            "UTF8",
            "--no-sync",
        )
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
        self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            data,
            "-o",
            options,
            "-l",
            str(self.folder / "log"),
            "-w",
            "-t",
            "60",
            "start",
        )
        return self

    def stop(self) -> None:
        data = str(self.folder / "data")
        subprocess.run(
            [*self.as_user, str(self.bin / "pg_ctl"), "-D", data, "-m", "immediate", "-w", "stop"],
            capture_output=True,
            timeout=60,
            check=False,
        )
        shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        import psycopg

        self.databases += 1
        name = f"games_{self.databases}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)


# --- clients ---------------------------------------------------------------------------------


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(base: str, **body: Any) -> dict[str, Any]:
    answer = httpx.post(base + "/api/games", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


class Player:
    """A client playing every person's seat of one game at random, each action with its own
    command id; it keeps what it was told: the actions acknowledged, and the last state seen."""

    def __init__(self, game: dict[str, Any], seed: int) -> None:
        self.game: str = game["game"]
        self.tokens: dict[str, str] = {s["seat"]: s["token"] for s in game["seats"]}
        self.rng = random.Random(seed)
        self.acked: dict[int, str] = {}  # seq -> action, from 200 answers
        self.acked_ids: set[str] = set()
        self.seen: tuple[int, dict[str, Any]] | None = None  # (seq, state) of the last view
        self.pending: tuple[int, str, str, str] | None = None  # seq, action, id, seat
        self.over = False
        self.guess = next(iter(self.tokens))

    def step(self, client: httpx.Client) -> None:
        """One request towards the next action; a failed request is retried by the next call
        with the same command id."""
        if self.pending is not None:
            seq, action, command, seat = self.pending
            answer = client.post(
                f"/api/games/{self.game}/actions",
                json={"seq": seq, "action": action, "id": command},
                headers=bearer(self.tokens[seat]),
            )
            self.pending = None
            if answer.status_code == 200:
                assert answer.json() == {"seq": seq + 1}
                self.acked[seq + 1] = action
                self.acked_ids.add(command)
                return
            assert answer.status_code == 409, answer.text  # nothing stored: choose again
            return
        view = client.get(f"/api/games/{self.game}", headers=bearer(self.tokens[self.guess]))
        assert view.status_code == 200, view.text
        doc = view.json()
        self.seen = (doc["seq"], doc["state"])
        if doc["outcome"] is not None:
            self.over = True
            return
        mover = doc["to_move"]
        if mover not in self.tokens:  # a tile or a bot: the server's
            time.sleep(0.005)
            return
        if mover != self.guess:
            self.guess = mover
            return
        command = uuid.uuid4().hex
        self.pending = (doc["seq"], self.rng.choice(doc["legal_actions"]), command, mover)
