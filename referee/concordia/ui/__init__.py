"""The table interface of Concordia: guided questions, the board and entries as text."""
