"""Crash-safe session storage on TinyDB (see docs/sessions.md for the file format)."""

from referee.store.model import Event, EventDraft, Header, Player
from referee.store.session import Session
from referee.store.store import OUTCOME, SessionStore, Summary

__all__ = ["Event", "EventDraft", "Header", "OUTCOME", "Player", "Session", "SessionStore",
           "Summary"]
