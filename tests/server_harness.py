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
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from glob import glob
from pathlib import Path
from typing import Any

import httpx

import fearsome_rules as fr

SERVE = (sys.executable, "-m", "fearsome_rules", "serve")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """One ``fearsome-rules serve`` process over ``db``; killed and started again at will, on
    the same port."""

    serve: tuple[str, ...] = SERVE
    """The command that starts the server (without its ``--db`` and ``--port``)."""

    def __init__(self, db: str, log: Path, *extra: str, cpus: str | None = None) -> None:
        self.db = db
        self.cpus = cpus  # taskset's list of CPUs the process runs on (benchmarks)
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
        command = [*self.serve, "--db", self.db, "--port", str(self.port), *self.extra]
        if self.cpus is not None:
            command = ["taskset", "-c", self.cpus, *command]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        self.starts += 1
        deadline = time.monotonic() + timeout
        # One client for the polls: a new one builds an SSL context, 40 ms of CPU each poll,
        # taken from the server starting beside it.
        with httpx.Client(timeout=2) as client:
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    raise AssertionError(f"the server exited: {self.log.read_text()[-2000:]}")
                try:
                    if client.get(self.url + "/api/health").status_code == 200:
                        return self
                except httpx.HTTPError:
                    pass
                time.sleep(0.02)
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
def servers(
    db: str, folder: Path, count: int = 1, *extra: str, cpus: list[str] | None = None
) -> Iterator[list[Server]]:
    started = [
        Server(db, folder / f"server{k}.log", *extra, cpus=cpus[k % len(cpus)] if cpus else None)
        for k in range(count)
    ]
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
    connections; a database per test. Given a ``folder``, the cluster is there and is kept
    when stopped (a benchmark's million games, read again later); one already made there is
    started as it is."""

    def __init__(self, bin_dir: Path, folder: Path | None = None) -> None:
        self.bin = bin_dir
        self.kept = folder is not None
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder or Path(tempfile.mkdtemp(prefix="fearsome-pg-"))
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

    def start(self, cpus: str | None = None) -> Cluster:
        """Start the cluster (on the CPUs ``cpus`` only, in taskset's list form, if given)."""
        data = str(self.folder / "data")
        if not (self.folder / "data" / "PG_VERSION").exists():
            self._init(data)
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
        self._run(
            *(["taskset", "-c", cpus] if cpus else []),
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

    def _init(self, data: str) -> None:
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

    def stop(self) -> None:
        data = str(self.folder / "data")
        # A kept cluster is written out to its files (a checkpoint: minutes after a big fill).
        mode, wait = ("fast", 1800) if self.kept else ("immediate", 60)
        stop = [str(self.bin / "pg_ctl"), "-D", data, "-m", mode, "-w", "-t", str(wait), "stop"]
        subprocess.run(
            [*self.as_user, *stop],
            capture_output=True,
            timeout=wait + 10,
            check=False,
        )
        if not self.kept:
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


# --- clients through kills (the crash tests and benchmarks/server_load.py) ------------------


class Table(threading.Thread):
    """One client playing games one after the other through the servers it is given, moving
    to the next server whenever one does not answer, until told to stop; then it settles its
    last command."""

    def __init__(self, bases: list[str], seed: int, seats: list[str]) -> None:
        super().__init__(daemon=True)
        self.bases = bases
        self.rng = random.Random(seed)
        self.seats = seats
        self.players: list[Player] = []
        self.stop = threading.Event()
        self.failure: BaseException | None = None
        self.errors = 0
        # One client a server, kept: a new client builds an SSL context, which costs more
        # than a request.
        self.clients = [httpx.Client(base_url=b, timeout=30) for b in bases]

    def request(self, work: Callable[[httpx.Client], Any]) -> Any:
        """``work`` done through a server that answers, retried on any transport error."""
        while True:
            try:
                return work(self.clients[0])
            except httpx.TransportError:
                self.errors += 1
                self.clients.append(self.clients.pop(0))
                time.sleep(0.02)

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                game = self.request(
                    lambda c: c.post(
                        "/api/games", json={"players": len(self.seats), "seats": self.seats}
                    ).json()
                )
                player = Player(game, self.rng.randrange(2**32))
                self.players.append(player)
                while not player.over and not self.stop.is_set():
                    self.request(player.step)
                while player.pending is not None:  # settle the last command
                    self.request(player.step)
        except BaseException as e:
            self.failure = e


def check_games(base: str, players: list[Player], commands: dict[str, list[str]]) -> int:
    """Every acknowledged action in the log once at its number, no person's action that was
    not acknowledged, the state each client last saw the replay's; the actions checked."""
    checked = 0
    games: dict[str, list[Player]] = {}
    for p in players:  # one game's seats may be played by several clients
        games.setdefault(p.game, []).append(p)
    for game, clients in games.items():
        log = httpx.get(f"{base}/api/games/{game}/actions", timeout=30).json()["actions"]
        assert [a["seq"] for a in log] == list(range(1, len(log) + 1))
        acked_ids: set[str] = set()
        for p in clients:
            for seq, action in p.acked.items():
                assert log[seq - 1]["action"] == action, (game, seq)
            acked_ids |= p.acked_ids
        stored = commands.get(game, [])
        assert len(stored) == len(set(stored)) and set(stored) == acked_ids, game
        record = fr.GameRecord.from_json(httpx.get(f"{base}/api/games/{game}/record").json())
        assert list(record.actions) == [a["action"] for a in log]
        for p in clients:
            if p.seen is not None:
                seq, state = p.seen
                assert fr.state_from_json(state) == record.replay(upto=seq), (game, seq)
        checked += len(log)
    return checked


def sqlite_commands(db: str) -> dict[str, list[str]]:
    with sqlite3.connect(db.removeprefix("sqlite:///")) as conn:
        rows = conn.execute("SELECT game, command FROM actions WHERE command IS NOT NULL")
        found: dict[str, list[str]] = {}
        for game, command in rows:
            found.setdefault(game, []).append(command)
    return found


def pg_commands(url: str) -> dict[str, list[str]]:
    import psycopg

    found: dict[str, list[str]] = {}
    with psycopg.connect(url) as conn:
        for game, command in conn.execute(
            "SELECT game, command FROM actions WHERE command IS NOT NULL"
        ):
            found.setdefault(game, []).append(command)
    return found


def kill_loop(targets: list[Server], kills: int, seed: int) -> None:
    """``kills`` SIGKILLs at random moments, each server started again at once."""
    rng = random.Random(seed)
    for k in range(kills):
        time.sleep(rng.uniform(0.05, 0.5))
        target = targets[k % len(targets)]
        target.kill()
        target.start()


def play_through_kills(
    db: str, folder: Path, processes: int, kills: int, tables: int
) -> tuple[list[Table], list[Server]]:
    with servers(db, folder, processes) as started:
        bases = [s.url for s in started]
        seats = [["person", "person"], ["person", "greedy"], ["person", "person", "random"]]
        running = [
            Table(bases[k % len(bases) :] + bases[: k % len(bases)], k, seats[k % len(seats)])
            for k in range(tables)
        ]
        for t in running:
            t.start()
        kill_loop(started, kills, seed=kills)
        for t in running:
            t.stop.set()
        for t in running:
            t.join(120)
            assert not t.is_alive() and t.failure is None, t.failure
        return running, started


def until(check: Callable[[], Any], seconds: float = 60, what: str = "a condition") -> Any:
    """What ``check`` returns once it is true, asked every 0.1 s for ``seconds`` at most."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"waited {seconds} s for {what}")
