"""A real browser for the board's tests: the system's Chromium, driven by Playwright.

Chromium comes from the system packages (``apt-get install chromium``; ``.ci/run`` installs
it); Playwright's own browser download is never used. Where Chromium or Playwright is
missing the browser tests are skipped, with the reason, except in CI (``CI=true``, which
``.ci/run`` sets), where that is a failure. The flags keep Chromium off the network: no
background requests, and no host but the board's own resolves.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: where screenshots are kept for people to look at (``.gitignore`` covers it)
OUTPUT = Path(os.environ.get("REFEREE_TEST_OUTPUT", ROOT / "test-output")) / "board"
QUIET = ["--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
         "--no-default-browser-check", "--disable-background-networking",
         "--disable-component-update", "--disable-default-apps", "--disable-sync",
         "--disable-extensions", "--disable-domain-reliability",
         "--disable-client-side-phishing-detection", "--metrics-recording-only",
         "--disable-features=Translate,OptimizationHints,MediaRouter,"
         "DialMediaRouteProvider,AutofillServerCommunication",
         "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}


def chromium() -> str:
    """The system Chromium, or the test is skipped (failed in CI) saying what is missing."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    missing = None if found else "Chromium is not installed (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing = missing or "Playwright is not installed (pip install -e '.[test]')"
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{missing}: CI must install it (.ci/run does)")
        pytest.skip(missing)
    assert found is not None
    return found


@contextlib.contextmanager
def launched() -> Iterator[object]:
    executable = chromium()
    from playwright.sync_api import sync_playwright

    args = QUIET + (["--no-sandbox"] if hasattr(os, "geteuid") and os.geteuid() == 0 else [])
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=executable, args=args)
        try:
            yield browser
        finally:
            browser.close()


def shot(page, name: str) -> Path:
    """A screenshot of the whole page, kept as test output."""
    OUTPUT.mkdir(parents=True, exist_ok=True)
    path = OUTPUT / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def environment(sessions: Path) -> dict[str, str]:
    """English from the locale (``LANGUAGE``), which a session's own language overrides;
    ``REFEREE_LANG`` would override the session's."""
    return {**os.environ, "REFEREE_SESSIONS_DIR": str(sessions), "LANGUAGE": "en",
            "PYTHONIOENCODING": "utf-8"}


def referee(sessions: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    """The program, as another process at the table would run it."""
    return subprocess.run([sys.executable, "-m", "referee", *args], env=environment(sessions),
                          capture_output=True, text=True, check=check,
                          stdin=subprocess.DEVNULL)


@contextlib.contextmanager
def board(sessions: Path, session_id: str, *args: str) -> Iterator[str]:
    """``referee board ID --json`` on a free port, as a process; yields the page's address."""
    child = subprocess.Popen([sys.executable, "-m", "referee", *args, "board", session_id,
                              "--json", "--port", "0"], env=environment(sessions),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             stdin=subprocess.DEVNULL)
    try:
        assert child.stdout is not None
        first = child.stdout.readline()
        if not first:
            raise AssertionError(f"the board did not start: {child.stderr.read()}")
        yield json.loads(first)["url"]
    finally:
        child.terminate()
        child.wait(10)


class Recorder:
    """Everything the event stream of a page sends (headers included), read as raw bytes by
    a plain client."""

    def __init__(self, url: str) -> None:
        self.data = b""
        parts = urllib.parse.urlsplit(url)
        self.conn = socket.create_connection((parts.hostname, parts.port), timeout=30)
        self.conn.sendall(f"GET {parts.path}events HTTP/1.1\r\nHost: {parts.netloc}\r\n"
                          "\r\n".encode())
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        with contextlib.suppress(OSError):
            while chunk := self.conn.recv(65536):
                self.data += chunk

    def events(self) -> int:
        return self.data.count(b"event: board")

    def wait(self, count: int, timeout: float = 15) -> None:
        """Until ``count`` events came since the data was last emptied."""
        end = time.monotonic() + timeout
        while self.events() < count:
            assert time.monotonic() < end, f"only {self.events()} events came"
            time.sleep(0.05)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.conn.shutdown(socket.SHUT_RDWR)
        self.conn.close()
