"""Text at a terminal, below the table layer and the command line: the console and plain
lines (``output``), the prompts (``prompter``, ``yes_no``) and errors and rules as the user
reads them (``messages``). It knows no command, session or game."""
