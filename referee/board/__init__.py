"""``referee board``: a live, read-only page of a game for the players' phones.

Only ``referee board`` (and a guided game started with ``--board``, which runs it as a
process of its own) imports the server modules here; every other command's start-up is
untouched (``tests/test_startup.py``).

- ``public``: what everyone at the table may see of a game (the one filter of hidden
  information), with one module per game (``tribune``, ``concordia``, ``trajan``) that
  builds that view and draws it;
- ``page``: the HTML page and the fragment the page replaces on each change;
- ``live``: the game kept in step with its journal, rendered once per change and language;
- ``server``: the closed HTTP server (GET and HEAD of four paths under the token, server-sent
  events);
- ``tokens``: the unguessable address of each game; ``command`` (its options) and ``serve``:
  the command itself; ``beside``: the board a guided game starts as a process of its own.
"""
