"""Spider Solitaire: the whole Spider family as a small, pure-Python rules engine.

>>> import spider
>>> g = spider.Game("spider-1", seed=7)
>>> len(g.columns), len(g.stock), g.score
(10, 50, 500)
"""

from .cards import Card
from .errors import IllegalMove, NotationError, SaveError
from .game import Game, Position
from .hints import Hint, hints
from .moves import DEAL, Move
from .solver import SolveResult, solve
from .variants import VARIANTS, Variant, get_variant

__all__ = [
    "DEAL",
    "VARIANTS",
    "Card",
    "Game",
    "Hint",
    "IllegalMove",
    "Move",
    "NotationError",
    "Position",
    "SaveError",
    "SolveResult",
    "Variant",
    "get_variant",
    "hints",
    "solve",
]
__version__ = "0.1.0"
