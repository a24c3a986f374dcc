"""The board's server is closed and read-only: four paths under the token, GET and HEAD
only; everything else gets a short plain answer (404, 400, 405) and nothing is written.
Requests are sent as raw bytes, so the server sees exactly what a hostile client sends."""

from __future__ import annotations

import hashlib
import json
import socket
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from referee.board.server import MAX_HEADERS, MAX_LINE
from tests.board.conftest import TOKEN, get, send, serve, stop

PAGE = f"/{TOKEN}/"
SECURITY = ("content-security-policy", "x-content-type-options", "referrer-policy",
            "x-frame-options")


def plain(answer, status: int, reason: str) -> None:
    assert answer.status == status, answer.raw[:300]
    assert answer.body == f"{reason}\n".encode()
    assert all(h in answer.headers for h in SECURITY)


def test_the_page_and_its_own_files_are_served_under_the_token(served):
    page = get(served, PAGE)
    assert page.status == 200 and page.headers["content-type"] == "text/html; charset=utf-8"
    assert b'<main id="board"' in page.body and len(page.body) == int(
        page.headers["content-length"])
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["referrer-policy"] == "no-referrer"
    assert page.headers["cache-control"] == "no-store"
    for name, kind in (("board.css", "text/css"), ("board.js", "text/javascript")):
        found = get(served, f"/{TOKEN}/{name}")
        assert found.status == 200 and found.headers["content-type"].startswith(kind)
    assert b'lang="ru"' in get(served, f"{PAGE}?lang=ru").body
    head = get(served, PAGE, method="HEAD")
    assert head.status == 200 and head.body == b""
    assert head.headers["content-length"] == page.headers["content-length"]


@pytest.mark.parametrize("target", [
    "/", "/x/", f"/{TOKEN}", f"/{TOKEN}/x", f"/{TOKEN}/assets/", f"/{TOKEN}/assets/board.css",
    f"/{TOKEN}/board.css/", f"/{TOKEN[:-1]}x/", f"/{TOKEN}x/", f"/{TOKEN.upper()}/",
    f"/{TOKEN}/events/x", "/favicon.ico", f"/{TOKEN}//", f"//{TOKEN}/", f"/{TOKEN}/index.html",
    f"/{TOKEN}/board.py", f"/{TOKEN}/live.py", "/robots.txt",
])
def test_a_wrong_token_or_an_unknown_path_is_not_found_and_nothing_else(served, target):
    plain(get(served, target), 404, "Not found")


@pytest.mark.parametrize("target", [
    f"/{TOKEN}/../{TOKEN}/", "/../etc/passwd", f"/{TOKEN}/..", f"/{TOKEN}/%2e%2e/",
    f"/{TOKEN}/..%2fboard.css", f"/%2e%2e/{TOKEN}/", f"/{TOKEN}/board.css?v=1",
    f"/{TOKEN}/?lang=de", f"/{TOKEN}/?lang=", f"/{TOKEN}/?foo=bar", f"/{TOKEN}/?lang=ru&x=1",
    f"/{TOKEN}/events?lang=xx", f"http://127.0.0.1/{TOKEN}/", "*", f"/{TOKEN}\\..\\",
    f"/{TOKEN}/#x",
])
def test_traversal_encodings_and_foreign_queries_are_bad_requests(served, target):
    plain(get(served, target), 400, "Bad request")


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE",
                                    "CONNECT", "PROPFIND", "FOO", "get"])
def test_methods_other_than_get_and_head_are_refused(served, method):
    answer = get(served, PAGE, method=method)
    plain(answer, 405, "Method not allowed")
    assert answer.headers["allow"] == "GET, HEAD"


@pytest.mark.parametrize("raw", [
    f"GET /{'a' * (MAX_LINE + 10)} HTTP/1.1\r\n\r\n",
    f"GET {PAGE} HTTP/1.1\r\nHost: {{host}}\r\nX-Big: {'b' * MAX_HEADERS}\r\n\r\n",
    f"GET {PAGE} HTTP/1.1\r\nHost: {{host}}\r\n"
    + "".join(f"X-{i}: {i}\r\n" for i in range(200)) + "\r\n",
    f"GET {PAGE} HTTP/1.1\r\nHost: {{host}}\r\nContent-Length: 5\r\n\r\nhello",
    f"GET {PAGE} HTTP/1.1\r\nHost: {{host}}\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    f"GET {PAGE} HTTP/1.1\r\nHost: {{host}}\r\nExpect: 100-continue\r\n\r\n",
    f"GET {PAGE} HTTP/1.1\r\nHost: evil.example:80\r\n\r\n",
    f"GET {PAGE} HTTP/1.0\r\n\r\n",
    f"GET {PAGE}\r\n\r\n",
    f"GET {PAGE} HTTP/2.0\r\nHost: {{host}}\r\n\r\n",
    f"GET {PAGE} SPDY/3\r\nHost: {{host}}\r\n\r\n",
    "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 a TLS hello\r\n\r\n",
    f"GET  {PAGE}  HTTP/1.1\r\nHost: {{host}}\r\n\r\n",
])
def test_oversized_or_malformed_requests_are_bad_requests(served, raw):
    answer = send(served.port, raw.replace("{host}", served.host).encode("latin-1"))
    assert answer.status == 400, answer.raw[:200]
    assert answer.body == b"Bad request\n" and b"Traceback" not in answer.raw


def test_the_host_may_be_named_localhost(served):
    assert get(served, PAGE, host=f"localhost:{served.port}").status == 200


def files(root) -> dict[str, str]:
    """Every file under ``root`` (sessions, the data folder) with its size, time and hash."""
    return {str(p.relative_to(root)): f"{p.stat().st_size}:{p.stat().st_mtime_ns}:"
            + hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def test_a_hundred_quick_requests_get_their_answers_and_write_nothing(served, user_data_home):
    before = files(served.root), files(user_data_home.parent)
    expected = [(PAGE, "GET", 200), (f"/{TOKEN}/board.css", "GET", 200),
                (f"/{TOKEN}/nope", "GET", 404), (f"/{TOKEN}/../x", "GET", 400),
                (PAGE, "POST", 405), (f"{PAGE}?lang=es", "HEAD", 200),
                ("/", "DELETE", 405), (f"/{TOKEN[::-1]}/", "GET", 404),
                (f"{PAGE}?lang=xx", "GET", 400), (f"/{TOKEN}/board.js", "HEAD", 200)]

    def ask(i: int) -> bool:
        target, method, status = expected[i % len(expected)]
        answer = get(served, target, method=method)
        return answer.status == status and b"Traceback" not in answer.raw

    with ThreadPoolExecutor(10) as pool:  # ten clients at once, a hundred requests
        seen = list(pool.map(ask, range(100)))
    assert all(seen)
    assert (files(served.root), files(user_data_home.parent)) == before


def test_keep_alive_serves_several_requests_on_one_connection(served):
    with socket.create_connection(("127.0.0.1", served.port), timeout=10) as conn:
        request = f"GET /{TOKEN}/board.js HTTP/1.1\r\nHost: {served.host}\r\n\r\n".encode()
        conn.sendall(request * 3)
        data = b""
        while data.count(b"HTTP/1.1 200") < 3 or not data.endswith(b"}());\n"):
            data += conn.recv(65536)
    assert data.count(b"HTTP/1.1 200") == 3


def read_events(conn, count: int, timeout: float = 10) -> list[dict]:
    """The next ``count`` board events of an open event stream."""
    conn.settimeout(timeout)
    data, found = b"", []
    end = time.monotonic() + timeout
    while len(found) < count and time.monotonic() < end:
        data += conn.recv(65536)
        while b"\n\n" in data:
            block, data = data.split(b"\n\n", 1)
            lines = block.decode().split("\n")
            if "event: board" in lines:
                found.append(json.loads(next(x[6:] for x in lines if x.startswith("data: "))))
    return found


def open_events(served, extra: str = "") -> socket.socket:
    conn = socket.create_connection(("127.0.0.1", served.port), timeout=10)
    conn.sendall(f"GET /{TOKEN}/events?lang=en HTTP/1.1\r\nHost: {served.host}\r\n{extra}"
                 "\r\n".encode())
    return conn


def test_the_event_stream_brings_each_recorded_entry(served):
    conn = open_events(served)
    try:
        [first] = read_events(conn, 1)
        assert "Waiting for" in first["html"]
        served.played.play(1)  # an entry, written as another process would write it
        [second] = read_events(conn, 1)
        assert second["version"] != first["version"] and second["html"] != first["html"]
    finally:
        conn.close()


def test_a_viewer_that_comes_back_up_to_date_is_sent_nothing_until_a_change(served):
    version = served.board.version
    conn = open_events(served, f"Last-Event-ID: {version}\r\n")
    try:
        conn.settimeout(1)
        head = conn.recv(65536)
        assert b"text/event-stream" in head and b"event: board" not in head
        served.played.play(1)
        [changed] = read_events(conn, 1)
        assert changed["version"] != version
    finally:
        conn.close()


def test_head_of_the_event_stream_is_its_headers_alone(served):
    answer = get(served, f"/{TOKEN}/events", method="HEAD")
    assert answer.status == 200 and answer.body == b""
    assert answer.headers["content-type"].startswith("text/event-stream")


def test_connections_beyond_the_limit_are_turned_away(tmp_path, few_connections):
    served = serve(tmp_path)
    streams = [open_events(served) for _ in range(3)]
    try:
        for conn in streams:
            assert read_events(conn, 1)
        assert send(served.port, b"GET / HTTP/1.1\r\n\r\n").status == 503
    finally:
        for conn in streams:
            conn.close()
        stop(served)


def test_a_session_that_cannot_be_read_keeps_its_last_page_with_a_notice(tmp_path):
    served = serve(tmp_path)
    journal = served.board.path
    try:
        before = get(served, PAGE).body
        journal.rename(journal.with_suffix(".away"))
        deadline = time.monotonic() + 10
        while not served.board.version.endswith("!"):
            assert time.monotonic() < deadline, "the board never noticed"
            time.sleep(0.05)
        gone = get(served, PAGE)
        assert gone.status == 200 and b'role="alert"' in gone.body
        assert b"Traceback" not in gone.body and b"Waiting for" in gone.body
        journal.with_suffix(".away").rename(journal)
        deadline = time.monotonic() + 10
        while served.board.version.endswith("!"):
            assert time.monotonic() < deadline, "the board never came back"
            time.sleep(0.05)
        assert get(served, PAGE).body.replace(b"!", b"") == before.replace(b"!", b"")
    finally:
        stop(served)
