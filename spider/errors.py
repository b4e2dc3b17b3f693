"""The precise errors the engine raises; each message is written for a player to read."""


class IllegalMove(ValueError):
    """A move or deal the rules refuse; the game is left unchanged."""


class NotationError(ValueError):
    """Position text that cannot be read, or describes no possible position."""


class SaveError(ValueError):
    """A save that is corrupt, tampered with or from an unknown format version."""
