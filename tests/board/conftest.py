"""A board served in-process for the server's tests, and raw HTTP to talk to it."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from referee.board import server as server_module
from referee.board.live import Board
from referee.board.server import BoardServer
from referee.store import SessionStore
from tests.board.games import Played

TOKEN = "t" * 8 + "0123456789abcdefghijklmnopqrstuv"  # the shape tokens.token makes


@dataclass
class Served:
    server: BoardServer
    board: Board
    played: Played
    root: Path

    @property
    def port(self) -> int:
        return self.server.port

    @property
    def host(self) -> str:
        return f"127.0.0.1:{self.port}"


@dataclass
class Answer:
    status: int
    reason: str
    headers: dict[str, str]
    body: bytes
    raw: bytes


def serve(tmp_path: Path, game: str = "tribune", entries: int = 20) -> Served:
    played = Played(game, tmp_path / "sessions", seed=1).play(entries)
    board = Board(SessionStore(tmp_path / "sessions"), played.session_id, played.table)
    board.refresh()
    server = BoardServer(("127.0.0.1", 0), board, TOKEN, "en")
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                     daemon=True).start()
    threading.Thread(target=board.follow, daemon=True).start()
    return Served(server, board, played, tmp_path)


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Iterator[Served]:
    """One board for a module's tests: none of them changes what another one reads."""
    found = serve(tmp_path_factory.mktemp("served"))
    yield found
    stop(found)


@pytest.fixture
def few_connections(monkeypatch):
    monkeypatch.setattr(server_module, "MAX_CONNECTIONS", 3)


def stop(served: Served) -> None:
    served.board.stop()
    served.server.shutdown()
    served.server.server_close()


def send(port: int, raw: bytes, timeout: float = 10) -> Answer:
    """Send ``raw`` as it is and read the answer to its end (the server closes, or the body
    is as long as Content-Length says)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as conn:
        conn.sendall(raw)
        data = b""
        while True:
            try:
                chunk = conn.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            data += chunk
            head, sep, body = data.partition(b"\r\n\r\n")
            if sep:
                length = [line.split(b":", 1)[1].strip() for line in head.split(b"\r\n")[1:]
                          if line.lower().startswith(b"content-length:")]
                if length and len(body) >= int(length[0]):
                    break
    return parse(data)


def parse(data: bytes) -> Answer:
    head, _sep, body = data.partition(b"\r\n\r\n")
    lines = head.decode("iso-8859-1").split("\r\n")
    _version, status, reason = (lines[0].split(" ", 2) + [""])[:3]
    headers = {k.strip().lower(): v.strip() for k, _c, v in
               (line.partition(":") for line in lines[1:])}
    return Answer(int(status), reason, headers, body, data)


def get(served: Served, target: str, method: str = "GET", headers: str = "",
        host: str | None = None) -> Answer:
    request = (f"{method} {target} HTTP/1.1\r\nHost: {host or served.host}\r\n"
               f"Connection: close\r\n{headers}\r\n")
    return send(served.port, request.encode("iso-8859-1"))
