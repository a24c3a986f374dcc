"""Sessions left in ``./sessions``, where versions before the user data folder kept them.

When the sessions folder is not chosen (no ``--sessions-dir``, no ``REFEREE_SESSIONS_DIR``)
and the current folder holds a ``sessions`` folder with session files, the user is asked
once whether to move them into the user data folder; the answer "no" is remembered for that
folder. Without a terminal nothing is asked: one line on stderr names the command that does
it (``referee sessions move ./sessions``). Every look into that folder (and at the list of
folders kept) opens a file as the store does: without following a link, without blocking on a
FIFO, and only a regular file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from referee.i18n import translator

if TYPE_CHECKING:
    from referee.rulings import Plural

_ = translator("core")

OLD_DEFAULT = Path("sessions")
JOURNAL_MARK = b'"referee-journal"'  # in the first line of every session file


def session_files(folder: Path) -> list[Path]:
    """The session files in ``folder`` (a look at their first bytes, no journal opened)."""
    import os

    found = []
    for path in sorted(folder.glob("*.json")):
        from referee.store.files import open_regular  # only where there is a file to look at

        try:
            fd = open_regular(path, os.O_RDONLY)
        except OSError:  # a link, a FIFO, a folder …: not a session file
            continue
        try:
            if JOURNAL_MARK in os.read(fd, 64):
                found.append(path)
        except OSError:
            continue
        finally:
            os.close(fd)
    return found


def _kept_file() -> Path:
    from referee.paths import data_dir

    return data_dir() / "kept-session-folders.json"


def _kept() -> list[str]:
    from referee.store.files import read_regular

    try:
        raw = json.loads(read_regular(_kept_file(), limit=1 << 20))
    except (OSError, ValueError, RecursionError):
        return []
    return [str(p) for p in raw] if isinstance(raw, list) else []


def _keep(folder: Path) -> None:
    from referee.store.files import write_atomically

    path = _kept_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(sorted({*_kept(), str(folder)}), ensure_ascii=False, indent=2)
    write_atomically(path, (text + "\n").encode("utf-8"))


def offer_move(target: Path) -> None:
    """Called before every command whose sessions folder is the default one."""
    old = OLD_DEFAULT.resolve()
    if not OLD_DEFAULT.is_dir() or old == target.resolve():
        return
    found = session_files(OLD_DEFAULT)
    if not found or str(old) in _kept():
        return
    from referee.terminal.output import console, is_interactive, print_error

    if not is_interactive():
        print_error(_(
            "Not used since sessions moved to {new}: {sessions} in {old}. Move them with "
            "'referee sessions move {old}', or use --sessions-dir {old}.",
            sessions=_sessions(len(found)), old=str(OLD_DEFAULT), new=str(target)))
        return
    from referee.terminal.prompter import make_prompter

    prompter = make_prompter(_("use 'referee sessions move {old}'.", old=str(OLD_DEFAULT)))
    if prompter.confirm(_("Sessions now live in {new}; {sessions} still in {old}. Move them "
                          "there?", sessions=_sessions(len(found)), old=str(OLD_DEFAULT),
                          new=str(target)), default=True):
        report = move_all(OLD_DEFAULT, target)
        console().print(moved_text(report), markup=False)
    else:
        _keep(old)
        console().print(_("They stay in {old} and will not be offered again; use "
                          "--sessions-dir {old} to open them.", old=str(OLD_DEFAULT)),
                        markup=False)


def move_all(source: Path, target: Path) -> dict[str, list[str]]:
    """Move every session of ``source`` into ``target``; one already there (by id) or open
    in another terminal stays where it is and is named."""
    from referee.errors import RefereeError
    from referee.store import SessionStore

    here, there = SessionStore(source), SessionStore(target)
    report: dict[str, list[str]] = {"moved": [], "already_there": [], "not_moved": []}
    for path in session_files(source):
        session_id = path.name[:-len(".json")]
        if there.path(session_id).exists():
            report["already_there"].append(session_id)
            continue
        try:
            report["moved"].append(here.move_to(there, session_id))
        except RefereeError:
            report["not_moved"].append(session_id)
    return report


def moved_text(report: dict[str, list[str]]) -> str:
    text = _("Moved: {sessions}.", sessions=_sessions(len(report["moved"])))
    if report["already_there"]:
        text += " " + _("Already there, left in place: {ids}.",
                        ids=", ".join(report["already_there"]))
    if report["not_moved"]:
        text += " " + _("Open in another terminal, not moved: {ids}.",
                        ids=", ".join(report["not_moved"]))
    return text


def _sessions(n: int) -> Plural:
    from referee.rulings import Plural  # not loaded by the many runs that offer no move

    return Plural(n, "{n} session", "{n} sessions")
