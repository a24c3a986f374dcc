"""Names the store's modules share: the journal's two TinyDB tables, and the event a game
records when it ends. A module of their own, so that none of the store's modules needs
another only for a name (and none imports one that imports it back)."""

HEADER_TABLE = "session"  # document 1: the header
EVENTS_TABLE = "events"  # document id = the event's seq
OUTCOME = "outcome"  # the derived event a game records when it ends
