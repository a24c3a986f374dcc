"""Finished games after the table: the recorded result, history and statistics, exports.

Everything here reads the one result shape (:mod:`referee.outcome`) from the sessions'
``outcome`` events; nothing here knows any game's rules. ``docs/results.md`` describes the
documents it produces.
"""
