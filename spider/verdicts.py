"""What the solver has proven about positions, so the page does not ask it again what it knows.

A win found from one position proves every position along it winnable, and a position proven
lost makes every position played on from it lost too. The winnable badge and "Show me" read
these at once instead of sending the solver worker a search that can take the page seconds.
"""

from __future__ import annotations

from .game import Game
from .moves import Move

MOST_LOST = 1_000
"""Lost positions kept, at most (a few kilobytes each); past that they are forgotten, and a
forgotten one is only asked about again."""


def _key(game: Game) -> tuple:
    return game.variant.name, game.key()


class Verdicts:
    """Proven facts about positions: the latest winning line found, and positions known lost."""

    def __init__(self) -> None:
        self._moves: list[Move] = []
        self._line: dict[tuple, int] = {}  # a position on the winning line -> how far along it
        self._lost: set[tuple] = set()

    def won_from(self, game: Game, moves: list[Move]) -> None:
        """Keep ``moves`` as the way to win from ``game``'s position, if played out they win."""
        trial = game.copy()
        line = {}
        for i, move in enumerate(moves):
            line[_key(trial)] = i
            if not trial.is_legal(move):
                return
            trial.push(move)
        if trial.is_won:
            self._moves = list(moves)
            self._line = line

    def lost_at(self, game: Game) -> None:
        """Keep ``game``'s position as lost."""
        if len(self._lost) >= MOST_LOST:
            self._lost.clear()
        self._lost.add(_key(game))

    def win(self, game: Game) -> list[Move] | None:
        """The moves that win from ``game``'s position, if it lies on the line kept."""
        at = self._line.get(_key(game))
        return None if at is None else self._moves[at:]

    def verdict(self, game: Game) -> str | None:
        """``"solved"`` or ``"unwinnable"`` if proven, else None. A position one move on from a
        lost one is lost, however the player got there (played, undone back to or redone), and
        is kept as lost, so that the position after it is found lost in turn."""
        key = _key(game)
        if key in self._line:
            return "solved"
        if key in self._lost:
            return "unwinnable"
        if game.can_undo():
            before = game.copy()
            before.undo()
            if _key(before) in self._lost:
                self.lost_at(game)
                return "unwinnable"
        return None
