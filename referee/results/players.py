"""One name per person across sessions: the alias table kept in the data folder.

Names that differ only in letter case or spacing are the same person. Others ("Annie" and
"Ann") are merged by the table in ``<data folder>/players.json``::

    {"aliases": {"Annie": "Ann", "A. Smith": "Ann"}}

Each alias maps to the name shown; the table is edited with ``referee players alias``.
Every other person is shown as first recorded: :meth:`Aliases.learn` is given the finished
games oldest first, and a name looked up later (a filter's text) never changes that.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping
from pathlib import Path

from msgspec import Struct, field

from referee.errors import InputError
from referee.i18n import N_


def key(name: str) -> str:
    """What two spellings of one name share: case, runs of spaces and the way an accent
    was typed (composed or combining) ignored."""
    return _tidy(name).casefold()


def _tidy(name: str) -> str:
    return unicodedata.normalize("NFC", " ".join(name.split()))


class Aliases(Struct):
    table: dict[str, str] = field(default_factory=dict)  # alias as typed -> shown name
    #: the first spelling recorded of each name the table does not settle ("ann" after "Ann")
    spellings: dict[str, str] = field(default_factory=dict)

    @classmethod
    def load(cls, path: Path) -> Aliases:
        from referee.data import read_json

        if not path.exists():
            return cls()
        raw = read_json(path)
        table = raw.get("aliases") if isinstance(raw, Mapping) else None
        if not isinstance(table, Mapping) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in table.items()):
            raise InputError(N_("{path} must hold an object \"aliases\" that maps each name as "
                                "typed to the name to show."), path=str(path))
        from referee.names import BadName, player_name

        try:
            return cls({player_name(k): player_name(v) for k, v in table.items()})
        except BadName as error:
            raise InputError(N_("{path}: {problem}"), path=str(path),
                             problem=_text(error)) from None

    def save(self, path: Path) -> None:
        from referee.store.files import write_atomically

        path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps({"aliases": dict(sorted(self.table.items()))}, ensure_ascii=False,
                          indent=2)
        write_atomically(path, (text + "\n").encode("utf-8"))

    def _target(self, name: str) -> str | None:
        """The name the table shows for ``name`` (an alias followed to the end of its chain,
        or a target itself, as the table spells it); None when the table does not say."""
        by_key = {key(k): v for k, v in self.table.items()}
        seen = set()
        while key(name) in by_key and key(name) not in seen:
            seen.add(key(name))
            name = by_key[key(name)]
        targets = {key(v): _tidy(v) for v in self.table.values()}
        return targets.get(key(name))

    def learn(self, name: str) -> None:
        """Note a spelling as recorded in a finished game (given oldest first): the first
        one the table does not settle is the one shown."""
        if self._target(name) is None:
            self.spellings.setdefault(key(name), _tidy(name))

    def canonical(self, name: str) -> str:
        """The name shown for ``name``: the alias table's, else the first recorded spelling
        of all that differ only in case, spacing and accent composition, else ``name``
        tidied. Looking a name up never changes what is shown for it."""
        return self._target(name) or self.spellings.get(key(name)) or _tidy(name)

    def add(self, alias: str, name: str) -> None:
        from referee.names import player_name

        alias, name = _tidy(player_name(alias)), _tidy(player_name(name))
        if key(alias) == key(name):
            raise InputError(N_("{alias} and {name} are already the same player."),
                             alias=alias, name=name)
        if key(self.canonical(name)) == key(alias):
            raise InputError(N_("{name} is already an alias of {alias}; an alias of itself "
                                "would go round in a circle."), alias=alias, name=name)
        self.table = {k: v for k, v in self.table.items() if key(k) != key(alias)}
        self.table[alias] = name

    def remove(self, alias: str) -> None:
        kept = {k: v for k, v in self.table.items() if key(k) != key(alias)}
        if len(kept) == len(self.table):
            raise InputError(N_("{alias} is no alias (see referee players list)."), alias=alias)
        self.table = kept


def _text(error: InputError) -> str:
    from referee.i18n import translator

    return translator(error.domain)(error.message, **error.params)
