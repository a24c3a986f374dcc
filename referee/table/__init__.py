"""The table layer shared by every game: the guided question loop, sessions of entries with
their rulings, undo, resume, status, log, explain, JSON entry mode and the simulator harness.

A game plugs in by implementing :class:`referee.table.contract.Rules` (its pure core) and
:class:`referee.table.contract.TableUI` (its questions and rendering); see
``docs/architecture.md``.
"""
