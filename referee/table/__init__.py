"""The table layer shared by every game: sessions of entries with their rulings, the guided
question loop, undo, resume, status, log, explain, JSON entry mode and scenario files.

A game plugs in with one :class:`referee.table.game.TableGame` (its pure core reached
through the contract of :mod:`referee.game.contract`, plus its questions and rendering)
and its command table lists the shared commands (``referee.cli.registry.table_commands``);
see ``docs/architecture.md``.
"""
