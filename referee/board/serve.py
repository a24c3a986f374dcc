"""What ``referee board`` does: find the game, print its address and QR code, serve it; the
port it listens on, or the network address with ``--lan``."""

from __future__ import annotations

import errno
import json
import os
import socket
import sys
import threading
from typing import Any

import typer

from referee.errors import InputError
from referee.i18n import LANGUAGES, N_, current_language, language_explicit, translator

_ = translator("core")
LOCAL = "127.0.0.1"
DEFAULT_PORT = 8417
PORTS_TRIED = 20  # without --port: the default one or the next free of these
#: set for a board started beside a guided game: it stops when its input closes (the game
#: ended, or was killed)
WATCH_INPUT = "REFEREE_BOARD_WATCH_INPUT"


def serve(ref: str | None, port: int | None, lan: bool, as_json: bool) -> None:
    from referee import interrupts
    from referee.board.live import Board
    from referee.board.server import BoardServer
    from referee.board.tokens import token
    from referee.settings import store
    from referee.table.games import played_with
    from referee.terminal.output import print_line

    found = store()
    session_id = found.find(ref) if ref is not None else found.latest()
    if session_id is None:
        raise InputError(N_("No game yet; start one with: referee tribune new (or concordia, "
                            "trajan)"))
    with found.open(session_id) as session:
        header = session.header
        started_in = dict(header.options.get("ui") or {}).get("lang")
    table = played_with(header)
    if table is None:
        raise InputError(N_("Session {id} holds a final score typed in, not a game played "
                            "with the referee: it has no board to show"), id=session_id)
    lang = current_language() if language_explicit() or started_in not in LANGUAGES \
        else str(started_in)
    board = Board(found, session_id, table)
    board.refresh()
    host = lan_address() if lan else LOCAL
    server = _bind(host, port, lambda address: BoardServer(address, board, token(session_id),
                                                           lang))
    url = f"http://{host}:{server.port}/{server.token}/"
    threads = [threading.Thread(target=board.follow, daemon=True)]
    if os.environ.get(WATCH_INPUT):
        threads.append(threading.Thread(target=_until_input_ends, args=(server,), daemon=True))
    try:
        with interrupts.raised():  # stopped by Ctrl-C, which it says itself
            _announce(url, as_json, lan, host, board.table.title, session_id, header.game)
            for thread in threads:
                thread.start()
            server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        print_line(_("Board stopped."))
        raise typer.Exit(interrupts.EXIT_CANCELLED) from None
    finally:
        board.stop()
        server.server_close()


def _announce(url: str, as_json: bool, lan: bool, host: str, title: str, session_id: str,
              game: str) -> None:
    """The address on the first line (as JSON with --json), then its QR code and what is
    served where."""
    from referee.terminal.output import print_line

    if as_json:  # one line: a program reads the address from the first line
        sys.stdout.write(json.dumps({"url": url, "session": session_id, "game": game,
                                     "lan": lan}, ensure_ascii=False) + "\n")
        sys.stdout.flush()
        return
    print_line(url)
    sys.stdout.flush()
    show_qr(url)
    print_line(_("Listening on the local network at {host}: anyone on it with this address "
                 "can see the board.", host=host) if lan else
               _("Only this computer can open it; with --lan, phones on the same network can "
                 "too."))
    print_line(_("Serving the board of {game} session {id} until Ctrl-C.", game=title,
                 id=session_id))
    sys.stdout.flush()


def _until_input_ends(server: Any) -> None:
    """A board beside a guided game stops when the game closes its input (or dies)."""
    try:
        while sys.stdin.buffer.read(1024):
            pass
    except (OSError, ValueError):
        pass
    server.shutdown()


def _bind(host: str, port: int | None, make: Any) -> Any:
    """The server on ``port``, or on the default port or the next free one."""
    ports = [port] if port is not None else range(DEFAULT_PORT, DEFAULT_PORT + PORTS_TRIED)
    for candidate in ports:
        try:
            return make((host, candidate))
        except OSError as exc:
            if exc.errno != errno.EADDRINUSE:
                raise InputError(N_("Cannot listen on {host}: {reason}"), host=host,
                                 reason=exc.strerror or str(exc)) from None
    if port is not None:
        raise InputError(N_("Port {port} is in use; choose another with --port"), port=port)
    raise InputError(N_("Ports {first} to {last} are all in use; choose one with --port"),
                     first=DEFAULT_PORT, last=DEFAULT_PORT + PORTS_TRIED - 1)


def lan_address() -> str:
    """This computer's address on its network: the one it would send from (a UDP socket
    is pointed at a documentation address; nothing is sent), else its name's address."""
    found: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            found.append(probe.getsockname()[0])
        except OSError:
            pass
    try:
        found += socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        pass
    for address in found:
        if not address.startswith(("127.", "0.")):
            return address
    raise InputError(N_("This computer has no network address for --lan: is it connected to "
                        "a network?"))


def show_qr(url: str) -> None:
    """The address as a QR code in the terminal (half blocks: one column per module), or a
    note when the terminal is too narrow for it."""
    import io

    import segno

    from referee.terminal.output import console

    code = segno.make(url, error="m", micro=False)
    out = console()
    width = code.symbol_size()[0]
    if out.width < width:
        out.print(_("The QR code needs a terminal {width} columns wide (this one has {have}).",
                    width=width, have=out.width), markup=False)
        return
    drawn = io.StringIO()
    code.terminal(out=drawn, compact=True)
    out.print(drawn.getvalue(), markup=False, highlight=False, end="", soft_wrap=True)
