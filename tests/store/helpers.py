"""Shared helpers for the store tests."""

from __future__ import annotations

from referee.store import EventDraft, Header, SessionStore


def new_session(store: SessionStore, players=("Ann", "Bob", "Cid")):
    return store.create(Header.new(game="tribune", edition="ffg", players=list(players)))


def entry(n: int, **payload) -> EventDraft:
    return EventDraft(type="note", payload={"n": n, **payload}, actor="Ann")


def derived(n: int) -> EventDraft:
    return EventDraft(type="payout", payload={"n": n}, actor="referee", source="derived")
