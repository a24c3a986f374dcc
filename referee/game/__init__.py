"""What every game's rules core shares, below the table layer: the contract a game's engine
keeps (``contract``), the question it asks (``question``) and the engine of a game whose
rules run as a generator (``flow``). A core imports these; they import no game."""
