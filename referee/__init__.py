"""referee: a table referee for Tribune, Concordia and Trajan."""

__version__ = "0.1.0"
