"""The clients of docs/server.md, run as they are printed against a live server: the Python one
in a new process, the JavaScript one with Node.js (skipped, one line, where Node.js is not
installed); each plays a whole game against the server's greedy bot."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="needs the server extra")

from server_harness import Server

ROOT = Path(__file__).resolve().parents[3]
PAGE = (ROOT / "docs" / "server.md").read_text("utf-8")


def block(lang: str) -> str:
    found = re.search(rf"```{lang}\n(.*?)```", PAGE, re.S)
    assert found, lang
    return found.group(1)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("docs")
    s = Server(f"sqlite:///{folder / 'games.db'}", folder / "server.log")
    s.start()
    yield s
    s.stop()


def with_base(code: str, server: Server) -> str:
    assert '"http://127.0.0.1:8000"' in code
    return code.replace('"http://127.0.0.1:8000"', f'"{server.url}"')


def test_the_python_client_plays_a_whole_game(server: Server, tmp_path: Path) -> None:
    program = tmp_path / "client.py"
    program.write_text(with_base(block("python"), server))
    done = subprocess.run(
        [sys.executable, str(program)], capture_output=True, text=True, timeout=180, check=False
    )
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(
        r"(END-WIN|END-ALL-GONE|STAGE-TWO-END) won by \[.*\] seed [0-9a-f]{64}\n", done.stdout
    )


def test_the_javascript_client_plays_a_whole_game(server: Server, tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed (Debian: apt-get install nodejs)")
    probe = subprocess.run(
        [node, "-e", "process.exit(typeof WebSocket === 'function' ? 0 : 1)"], check=False
    )
    flags = [] if probe.returncode == 0 else ["--experimental-websocket"]  # Node.js 20
    program = tmp_path / "client.mjs"
    program.write_text(with_base(block("javascript"), server))
    done = subprocess.run(
        [node, *flags, str(program)], capture_output=True, text=True, timeout=180, check=False
    )
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(r"(END-WIN|END-ALL-GONE|STAGE-TWO-END) seed [0-9a-f]{64}\n", done.stdout)
