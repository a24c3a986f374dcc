"""A game kept in step with its journal, whoever writes to it (a guided game, ``enter``,
``undo``), and rendered once per change and language.

The journal's head (its last line's count and check, and the file's size, time and inode:
``referee.store.head``) is read a few times a second; when it moves, the session is opened
read-only and the entries not seen yet are applied to the game in memory (an undo or a
correction, which changes earlier entries, replays it from the start). Nothing is ever
written: no checkpoint, no lock. The game and the pages are guarded by one lock, under
which the language is set for rendering (the translation layer has one language at a time).
"""

from __future__ import annotations

import sys
import threading
import traceback
from datetime import datetime
from typing import Any

from referee.board import page
from referee.board.html import Painter
from referee.board.public import game_module, public_status
from referee.errors import RefereeError
from referee.i18n import current_language, set_language
from referee.store.head import written_head
from referee.table.game import TableGame

#: seconds between looks at the journal's head
POLL = 0.05
#: rulings the page lists, newest first
RULINGS = 12


class Board:
    def __init__(self, store: Any, session_id: str, table: TableGame) -> None:
        self.store, self.session_id, self.table = store, session_id, table
        self.path = store.path(session_id)
        self.lock = threading.RLock()
        self.changed = threading.Condition(threading.Lock())
        self.stopping = threading.Event()
        self.version = ""
        self._key: str | None = None
        self._game: Any = None
        self._seqs: list[int] = []
        self._rulings: list[Any] = []
        self._colours: dict[str, str | None] = {}
        self._seats: list[str] = []
        self._updated: str | None = None
        self._link: str | None = None
        self._link_error: RefereeError | None = None
        self._error: RefereeError | None = None
        self._pages: dict[str, tuple[str, str, str]] = {}

    # ------------------------------------------------------------------ following the journal
    def _head_key(self) -> str | None:
        written = written_head(self.path)
        if written is None:
            return None
        head = written.head
        return f"{head.lines}.{head.digest}.{written.size}.{written.mtime_ns}.{written.inode}"

    def refresh(self) -> bool:
        """Read what changed since the last look; True when the page changed. A session that
        cannot be read leaves the last good view, with a notice saying why."""
        key = self._head_key()
        if key == self._key and self._game is not None:
            return False
        with self.lock:
            try:
                with self.store.open(self.session_id) as session:
                    self._load(session)
                self._error = None
            except RefereeError as error:
                if self._game is None:
                    raise
                self._error = error
            self._key = key
            version = key.split(".", 2) if key else ["gone"]
            self.version = ".".join(version[:2])[:40] + ("!" if self._error else "")
            for lang in list(self._pages):  # the languages viewers use, ready before notice
                self._pages[lang] = self._render(lang)
        with self.changed:
            self.changed.notify_all()
        return True

    def _load(self, session: Any) -> None:
        from referee.table import checkpoint
        from referee.table import session as sessions

        table = self.table
        entries = session.entries()
        seqs = [e.seq for e in entries]
        if self._game is not None and seqs[:len(self._seqs)] == self._seqs:
            try:
                for event in entries[len(self._seqs):]:
                    sessions.replay(table, session, self._game, event)
            except RefereeError:
                self._game = None
        if self._game is None or seqs[:len(self._seqs)] != self._seqs:
            self._game = sessions.load(table, session, kept=checkpoint.kept(table, session))
        self._seqs = seqs
        events = session.effective_events()
        self._rulings = [e.payload for e in events if e.type == sessions.RULING][-RULINGS:]
        self._colours = {p.name: p.colour for p in session.header.players}
        self._seats = [p.name for p in session.header.players]
        self._updated = events[-1].time if events else None
        self._bgstats(session)

    def _bgstats(self, session: Any) -> None:
        """The BG Stats link of a finished game (its play, with the players' aliases)."""
        from referee.results.record import played_game

        self._link = self._link_error = None
        played = played_game(session)
        if played is None:
            return
        from referee.results.bgstats import checked_link
        from referee.results.stats import finished_games

        try:  # the players named as history, stats and the export name them
            self._link = checked_link(played, finished_games(self.store)[1])[0]
        except RefereeError as error:
            self._link_error = error

    def follow(self) -> None:
        """Watch the journal until ``stop``; a failure is reported and the watch goes on."""
        while not self.stopping.wait(POLL):
            try:
                self.refresh()
            except Exception:  # a bug: said on the server's console, never to a viewer
                traceback.print_exc(file=sys.stderr)

    def stop(self) -> None:
        self.stopping.set()
        with self.changed:
            self.changed.notify_all()

    def wait(self, seen: str, timeout: float) -> bool:
        """Wait until the page is newer than ``seen``; False on timeout or when stopping."""
        with self.changed:
            return self.changed.wait_for(
                lambda: self.version != seen or self.stopping.is_set(),
                timeout) and not self.stopping.is_set()

    # ------------------------------------------------------------------ pages
    def page(self, lang: str) -> tuple[str, str, str]:
        """(version, title, fragment) of the current page in ``lang``."""
        with self.lock:
            found = self._pages.get(lang)
            if found is None or found[0] != self.version:
                found = self._pages[lang] = self._render(lang)
            return found

    def _render(self, lang: str) -> tuple[str, str, str]:
        saved = current_language()
        set_language(lang)
        try:
            view = public_status(self.table, self._game)
            paint = Painter(self._colours, self._seats)
            drawing = game_module(self.table.name).draw(view, paint)
            title = page.page_title(self.table.title, view)
            body = page.fragment(self.table.title, view, self._extras(), paint, drawing)
            return self.version, title, body
        finally:
            set_language(saved)

    def _extras(self) -> dict[str, Any]:
        from referee.terminal.messages import message, rule_text

        rulings = []
        for raw in reversed(self._rulings):
            try:
                ruling = self.table.ruling_from_json(raw)
            except RefereeError:
                continue
            rulings.append({"text": self.table.ruling_text(ruling),
                            "rule": rule_text(ruling.rule)})
        return {"rulings": rulings, "updated": _clock(self._updated),
                "notice": None if self._error is None else message(self._error),
                "bgstats": self._link,
                "bgstats_note": None if self._link_error is None
                else message(self._link_error)}


def _clock(moment: str | None) -> str | None:
    """An event's time (ISO 8601, UTC) as this computer's local time of day."""
    if not moment:
        return None
    try:
        return datetime.fromisoformat(moment).astimezone().strftime("%H:%M:%S")
    except ValueError:
        return None
