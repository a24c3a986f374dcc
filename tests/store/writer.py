"""A separate writer process for crash and lock tests.

Usage: python writer.py SESSIONS_DIR SESSION_ID COUNT [PAYLOAD_BYTES]
Prints ``ack N`` after entry N is durably saved; ``locked`` if another process has it.
"""

import sys

from referee.store import EventDraft, SessionStore
from referee.store.errors import SessionLocked

root, sid, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
padding = "x" * int(sys.argv[4]) if len(sys.argv) > 4 else ""
try:
    session = SessionStore(root).open(sid, write=True)
except SessionLocked:
    print("locked", flush=True)
    sys.exit(3)
print("open", flush=True)
start = len(session.entries())
for n in range(start, start + count):
    session.append([EventDraft("note", {"n": n, "pad": padding}),
                    EventDraft("payout", {"n": n}, actor="referee", source="derived")])
    print(f"ack {n}", flush=True)
session.close()
print("done", flush=True)
