"""``referee board`` as a person runs it: the address first (JSON with --json), the QR code,
what it listens on, Ctrl-C; the session it picks; what it refuses. And ``--board`` on a
guided game's ``new`` and ``resume``."""

from __future__ import annotations

import errno
import json
import re
import signal
import stat
import subprocess
import sys
import time
import urllib.request

import pytest

from referee.board import serve as serving
from referee.board import tokens
from referee.board.serve import DEFAULT_PORT
from referee.errors import InputError
from tests.board import browser as b
from tests.board.games import Played
from tests.test_startup import TRAJAN as TRAJAN_SCORE  # a typed-in score the rules accept

URL = re.compile(r"http://([0-9.]+):([0-9]+)/([A-Za-z0-9_-]{32})/\Z")


def as_at_a_terminal() -> None:
    """Ctrl-C as a terminal delivers it: a test run started in the background (as a CI job
    may be) ignores SIGINT, and so would the program it starts, which Python then leaves
    ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(sessions, *args: str) -> tuple[subprocess.Popen, str]:
    child = subprocess.Popen([sys.executable, "-m", "referee", *args],
                             env=b.environment(sessions), stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL,
                             preexec_fn=as_at_a_terminal)
    assert child.stdout is not None
    return child, child.stdout.readline()


def interrupt(child: subprocess.Popen) -> tuple[int, str, str]:
    """Ctrl-C, as a terminal sends it; the exit code and what followed on each stream."""
    child.send_signal(signal.SIGINT)
    try:
        out, err = child.communicate(timeout=15)
    except subprocess.TimeoutExpired:  # never left serving after a failed test
        child.kill()
        child.communicate()
        raise
    return child.returncode, out, err


def until(child: subprocess.Popen, text: str) -> str:
    """The output up to the line holding ``text`` (the board prints it last)."""
    assert child.stdout is not None
    lines: list[str] = []
    while not lines or text not in lines[-1]:
        line = child.stdout.readline()
        assert line, "".join(lines)
        lines.append(line)
    return "".join(lines)


def fetch(url: str) -> int:
    with urllib.request.urlopen(url, timeout=10) as answer:  # noqa: S310
        return int(answer.status)


@pytest.fixture
def tribune(tmp_path):
    return Played("tribune", tmp_path / "sessions", seed=1).play(10)


def test_json_gives_the_address_on_the_first_line_and_ctrl_c_ends_it(tribune, user_data_home):
    child, first = start(tribune.root, "board", tribune.session_id, "--json", "--port", "0")
    said = json.loads(first)
    host, port, token = URL.match(said["url"]).groups()
    assert (host, said["session"], said["game"], said["lan"]) == (
        "127.0.0.1", tribune.session_id, "tribune", False)
    assert fetch(said["url"]) == 200
    code, out, err = interrupt(child)
    assert code == 130 and out == "Board stopped.\n" and err == ""
    kept = user_data_home / tokens.FILE
    assert json.loads(kept.read_text()) == {tribune.session_id: token}
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600


def test_text_output_is_the_address_then_its_qr_code(tribune):
    child, first = start(tribune.root, "board", tribune.session_id, "--port", "0")
    try:
        assert URL.match(first.strip())
        text = until(child, "until Ctrl-C")
        assert "▀" in text or "▄" in text  # the QR code, half blocks
        assert "Only this computer can open it" in text
    finally:
        code, out, _err = interrupt(child)
    assert code == 130 and out.strip().endswith("Board stopped.")


def test_the_address_stays_the_same_for_a_game_and_differs_between_games(tmp_path):
    one = Played("trajan", tmp_path / "sessions", seed=1).play(3)
    other = Played("trajan", tmp_path / "sessions", seed=2).play(3)
    found = []
    for played in (one, one, other):
        child, first = start(played.root, "board", played.session_id, "--json", "--port", "0")
        found.append(URL.match(json.loads(first)["url"]).group(3))
        interrupt(child)
    assert found[0] == found[1] != found[2]


def test_without_an_id_it_serves_the_latest_game_of_any_kind(tmp_path):
    Played("tribune", tmp_path / "sessions", seed=1).play(3)
    time.sleep(1.1)  # session ids are named by the second they start
    latest = Played("concordia", tmp_path / "sessions", seed=1).play(3)
    child, first = start(latest.root, "board", "--json", "--port", "0")
    interrupt(child)
    assert json.loads(first)["session"] == latest.session_id


def test_the_page_speaks_the_game_s_language_unless_lang_says_otherwise(tmp_path):
    played = Played("concordia", tmp_path / "sessions", seed=1, lang="ru").play(2)
    for args, lang in (((), "ru"), (("--lang", "es"), "es")):
        child, first = start(played.root, *args, "board", played.session_id, "--json",
                             "--port", "0")
        with urllib.request.urlopen(json.loads(first)["url"], timeout=10) as page:  # noqa: S310
            assert f'<html lang="{lang}">' in page.read().decode()
        interrupt(child)


def test_lan_listens_on_the_network_address_and_says_so(tribune):
    try:
        address = serving.lan_address()
    except Exception:  # noqa: BLE001  (a computer on no network: the refusal is tested)
        address = None
    child, first = start(tribune.root, "board", tribune.session_id, "--lan", "--port", "0")
    if address is None:
        out, err = child.communicate(timeout=15)
        assert child.returncode == 2 and "no network address" in err
        return
    try:
        host, _port, _token = URL.match(first.strip()).groups()
        assert host == address and not host.startswith("127.")
        assert f"Listening on the local network at {address}" in until(child, "until Ctrl-C")
        assert fetch(first.strip()) == 200
    finally:
        interrupt(child)


def test_a_port_in_use_is_refused_when_asked_for_and_skipped_by_default(monkeypatch):
    tried = []

    def make(address):
        tried.append(address[1])
        if len(tried) < 3:
            raise OSError(errno.EADDRINUSE, "in use")
        return address

    assert serving._bind("127.0.0.1", None, make) == ("127.0.0.1", DEFAULT_PORT + 2)
    assert tried == [DEFAULT_PORT, DEFAULT_PORT + 1, DEFAULT_PORT + 2]

    def busy(address):
        raise OSError(errno.EADDRINUSE, "in use")

    with pytest.raises(InputError) as refused:
        serving._bind("127.0.0.1", 9999, busy)
    assert refused.value.params == {"port": 9999}


@pytest.mark.parametrize("args, message", [
    (("board", "nosuchsession"), "nosuchsession"),
    (("board", "--port", "70000"), "70000"),
])
def test_what_cannot_be_served_is_refused_in_one_line(tmp_path, args, message):
    done = b.referee(tmp_path / "sessions", *args, check=False)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr


def test_a_typed_in_score_has_no_board(tmp_path, cli):
    path = tmp_path / "score.json"
    path.write_text(json.dumps(TRAJAN_SCORE), encoding="utf-8")
    assert cli("trajan", "score", "--input", str(path)).code == 0
    [scored] = cli("sessions", "list", "--json").json()
    done = cli("board", scored["id"])
    assert done.code == 2 and "final score typed in" in done.err
    nothing = cli("board")  # the latest game: a typed-in score is none
    assert nothing.code == 2 and "No game yet" in nothing.err


def test_new_with_board_off_a_terminal_says_how_to_serve_it(cli):
    done = cli("trajan", "new", "--player", "Ann", "--player", "Bob", "--board")
    assert done.code == 0
    assert re.search(r"Serve its board page with: referee board \S+", done.out)


def test_a_board_beside_a_game_stops_when_the_game_ends_or_dies(tribune, monkeypatch,
                                                                 capsys):
    """``--board`` starts the board as a process of its own, says its address, and the
    board ends with the game: when stopped, or when the game's end of the pipe closes."""
    from referee import settings
    from referee.board import beside

    monkeypatch.setattr(settings, "_settings", settings.Settings(tribune.root))
    for how in ("stopped", "game gone"):
        child = beside.start(tribune.session_id)
        assert child is not None and child.poll() is None
        url = re.search(r"Board for the table: (\S+)", capsys.readouterr().out).group(1)
        assert fetch(url) == 200
        if how == "stopped":
            beside.stop(child)
        else:
            child.stdin.close()  # what a killed game leaves: its end of the pipe closed
            assert child.wait(15) == 0
        assert child.poll() is not None
