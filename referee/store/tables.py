"""TinyDB tables that add documents by appending to the journal.

TinyDB inserts by reading the whole table, changing it and writing it all back,
which costs time in proportion to the session's length. ``JournalTable`` sends
documents that carry their own ids straight to ``JournalStorage.append``, so an
entry costs the same at event 5,000 as at event 10. Everything else is TinyDB's own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tinydb import TinyDB
from tinydb.table import Document, Table

from referee.store.journal import JournalStorage


class JournalTable(Table):
    def insert_multiple(self, documents: Iterable[Mapping]) -> list[int]:
        docs = list(documents)
        storage = self._storage
        numbered = [d for d in docs if isinstance(d, Document)]
        if len(numbered) < len(docs) or not isinstance(storage, JournalStorage):
            return super().insert_multiple(docs)
        storage.append(self.name, {str(d.doc_id): dict(d) for d in numbered})
        self.clear_cache()
        self._next_id = None  # TinyDB recounts the next free id when it next needs one
        return [d.doc_id for d in numbered]


class JournalDB(TinyDB):
    table_class = JournalTable
