"""The board's HTTP server: closed, read-only, on the standard library's threaded server.

Four paths exist, all under the game's token: the page (``/<token>/``), its event stream
(``events``), its style sheet and its script. GET and HEAD only, with no body; anything
else is refused before it is looked at: another method (405), a request line, header or body
out of bounds, ``..``, a percent sign, a query other than ``lang``, a foreign ``Host`` (400),
a wrong token or any other path (404, the same answer for both). Answers are small plain
texts; nothing a request says is ever written anywhere, and no error shows a trace.

A thread per connection, at most ``MAX_CONNECTIONS`` at once; an event stream holds its
thread and wakes when the page changes (or every ``KEEP_ALIVE`` seconds to learn whether the
viewer is still there).
"""

from __future__ import annotations

import http.client
import json
import sys
import threading
import traceback
from hmac import compare_digest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from referee.board.live import Board
from referee.board.page import document
from referee.i18n import LANGUAGES

MAX_LINE = 2048  # the request line: the address is well under 100 characters
MAX_HEADERS = 16 * 1024  # all header lines together
MAX_CONNECTIONS = 64
TIMEOUT = 30  # seconds a connection may stay silent (reading or being written to)
KEEP_ALIVE = 15  # seconds between comments on an idle event stream
RETRY_MS = 2000  # how soon a browser reconnects a dropped event stream

SECURITY = (
    ("Content-Security-Policy", "default-src 'none'; style-src 'self'; script-src 'self'; "
                                "img-src 'self' data:; connect-src 'self'; base-uri 'none'; "
                                "form-action 'none'; frame-ancestors 'none'"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
)
ASSETS = {"board.css": "text/css; charset=utf-8",
          "board.js": "text/javascript; charset=utf-8"}
REASONS = {400: "Bad request", 404: "Not found", 405: "Method not allowed",
           500: "Server error", 503: "Busy"}


def assets() -> dict[str, bytes]:
    folder = Path(__file__).parent / "assets"
    return {name: (folder / name).read_bytes() for name in ASSETS}


class BoardServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 32

    def __init__(self, address: tuple[str, int], board: Board, token: str,
                 default_lang: str) -> None:
        self.board, self.token, self.default_lang = board, token, default_lang
        self.files = assets()
        self.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        super().__init__(address, Handler)
        host, port = self.server_address[:2]
        names = {str(host)} | ({"localhost"} if str(host).startswith("127.") else set())
        self.hosts = {f"{name}:{port}" for name in names}

    @property
    def port(self) -> int:
        return int(self.server_address[1])

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self.slots.acquire(blocking=False):
            try:
                request.sendall(b"HTTP/1.1 503 Busy\r\nContent-Length: 0\r\n"
                                b"Connection: close\r\n\r\n")
            except OSError:
                pass
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A viewer gone (reset, timeout) is normal; anything else is a bug, said on the
        server's console only."""
        if isinstance(sys.exc_info()[1], OSError):
            return
        traceback.print_exc(file=sys.stderr)


class _Budget:
    """The request's input while its headers are read: refuses more than ``left`` bytes."""

    def __init__(self, stream: Any, left: int) -> None:
        self.stream, self.left = stream, left

    def readline(self, limit: int = -1) -> bytes:
        want = self.left + 1 if limit < 0 else min(limit, self.left + 1)
        line: bytes = self.stream.readline(want)
        self.left -= len(line)
        if self.left < 0:
            raise http.client.LineTooLong("headers")
        return line


class Handler(BaseHTTPRequestHandler):
    server: BoardServer
    server_version = "referee"
    sys_version = ""
    protocol_version = "HTTP/1.1"
    timeout = TIMEOUT

    # ------------------------------------------------------------------ reading a request
    def handle_one_request(self) -> None:
        try:
            line = self.rfile.readline(MAX_LINE + 1)
            if not line:
                self.close_connection = True
                return
            if len(line) > MAX_LINE:
                self.requestline, self.request_version, self.command = "", "HTTP/1.1", ""
                self.refuse(400)
                return
            self.raw_requestline = line
            stream, self.rfile = self.rfile, _Budget(self.rfile, MAX_HEADERS)  # type: ignore
            try:
                parsed = self.parse_request()
            finally:
                self.rfile = stream
            if parsed:
                self.answer()
            self.wfile.flush()
        except (TimeoutError, OSError):
            self.close_connection = True

    def send_error(self, code: int, message: str | None = None,
                   explain: str | None = None) -> None:
        """What the request parser refuses (a malformed line, headers too long or too
        many, an unknown version) is a bad request, answered plainly."""
        self.refuse(404 if code == 404 else 400)

    def handle_expect_100(self) -> bool:
        self.refuse(400)  # nothing here takes a body
        return False

    def log_message(self, format: str, *args: Any) -> None:
        """Requests are not logged: the console shows the address and nothing else."""

    # ------------------------------------------------------------------ answering
    def answer(self) -> None:
        if self.request_version == "HTTP/0.9":
            self.refuse(400)
            return
        if self.command not in ("GET", "HEAD"):
            self.refuse(405)
            return
        if self.headers.get("Content-Length", "0").strip() not in ("", "0") \
                or "Transfer-Encoding" in self.headers \
                or self.headers.get("Host", "") not in self.server.hosts:
            self.refuse(400)
            return
        target = self.requestline.split(" ")[1] if self.requestline.count(" ") == 2 else ""
        path, _sep, query = target.partition("?")
        if not path.startswith("/") or ".." in target or "%" in target or "\\" in target \
                or "#" in target:
            self.refuse(400)
            return
        parts = path.split("/")
        if len(parts) != 3 or not compare_digest(parts[1].encode(), self.server.token.encode()):
            self.refuse(404)
            return
        name = parts[2]
        if name in ASSETS:
            if query:
                self.refuse(400)
                return
            self.send(200, self.server.files[name], ASSETS[name], cache=True)
            return
        if name not in ("", "events"):
            self.refuse(404)
            return
        lang = self.language(query)
        if lang is None:
            self.refuse(400)
            return
        try:
            if name == "events":
                self.events(lang)
            else:
                self.page(lang)
        except OSError:
            raise
        except Exception:  # a bug: said on the console; the viewer gets a plain answer
            traceback.print_exc(file=sys.stderr)
            self.refuse(500)

    def language(self, query: str) -> str | None:
        """The page's language: ``?lang=en|ru|es``, else the game's; None for any other
        query."""
        if not query:
            return self.server.default_lang
        key, _sep, value = query.partition("=")
        return value if key == "lang" and value in LANGUAGES else None

    def page(self, lang: str) -> None:
        version, title, body = self.server.board.page(lang)
        self.send(200, document(lang, title, body, version).encode(),
                  "text/html; charset=utf-8")

    def events(self, lang: str) -> None:
        """Server-sent events: the page's fragment whenever it changes, as JSON (version,
        title, html), a comment now and then while nothing does."""
        self.close_connection = True
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Accel-Buffering", "no")
        self.send_header("Connection", "close")
        self.headers_out()
        if self.command == "HEAD":
            return
        board = self.server.board
        seen = self.headers.get("Last-Event-ID", "")
        self.wfile.write(f"retry: {RETRY_MS}\n\n".encode())
        while not board.stopping.is_set():
            version, title, body = board.page(lang)
            if version != seen:
                data = json.dumps({"version": version, "title": title, "html": body},
                                  ensure_ascii=False)
                self.wfile.write(f"id: {version}\nevent: board\ndata: {data}\n\n".encode())
                seen = version
            elif not board.wait(seen, KEEP_ALIVE) and not board.stopping.is_set():
                self.wfile.write(b": still here\n\n")

    def send(self, status: int, body: bytes, kind: str, cache: bool = False) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "private, max-age=300" if cache else "no-store")
        if self.close_connection:
            self.send_header("Connection", "close")
        self.headers_out()
        if self.command != "HEAD":
            self.wfile.write(body)

    def headers_out(self) -> None:
        for key, value in SECURITY:
            self.send_header(key, value)
        self.end_headers()

    def refuse(self, status: int) -> None:
        """A plain answer: the status and its reason, nothing of the request."""
        if self.request_version == "HTTP/0.9":  # no status line would be sent
            self.request_version = "HTTP/1.0"
        if status != 404:
            self.close_connection = True
        if status == 405:
            self.send_response(status)
            self.send_header("Allow", "GET, HEAD")
            body = f"{REASONS[status]}\n".encode()
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Connection", "close")
            self.headers_out()
            if self.command != "HEAD":
                self.wfile.write(body)
            return
        self.send(status, f"{REASONS[status]}\n".encode(), "text/plain; charset=utf-8")
