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


class JournalTable(Table):
    def insert_multiple(self, documents: Iterable[Mapping]) -> list[int]:
        docs = list(documents)
        if not all(isinstance(d, Document) for d in docs):
            return super().insert_multiple(docs)
        self._storage.append(self.name, {str(d.doc_id): dict(d) for d in docs})
        self.clear_cache()
        self._next_id = None  # TinyDB recounts the next free id when it next needs one
        return [d.doc_id for d in docs]


class JournalDB(TinyDB):
    table_class = JournalTable
