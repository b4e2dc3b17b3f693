"""A compact position for search: cards as small ints, columns as bytes, no checks.

The public :class:`~spider.Game` checks every move and keeps history, which is right for play
but far too slow for looking ahead. Search needs many cheap, hashable positions instead. A
:class:`Table` holds what never changes during a search (the rules, the face-down cards of each
column, the stock); a state is the plain tuple ``(columns, downs, stock_left, done)``:

- ``columns``: one ``bytes`` of face-up card codes per column, bottom to top (bytes, not tuples:
  they cache their hash, and positions are hashed far more often than built);
- ``downs``: how many face-down cards each column still has (their identities live in the table,
  since face-down cards only ever leave a column, top first);
- ``stock_left``: cards still in the stock; ``done``: completed runs.

Hints build a table whose hidden cards are all :data:`UNKNOWN` (the player's view); the solver
builds one that knows them.
"""

from __future__ import annotations

from .cards import ACE, KING, SUITS, Card, group_label
from .game import Game
from .moves import DEAL, Move
from .variants import Variant, any_card, any_suit_down, king_only, same_suit_down

UNKNOWN = 0
"""The code of a card the player cannot see: nothing builds on it and it cannot move."""

DEAL_STEP = (-1, -1, 0)
"""The stock deal as a search step; other steps are ``(src, dst, count)``."""

ONE = tuple(bytes((code,)) for code in range(64))
"""Each card code as a one-card column (codes are ``16 * suit + rank``, so below 64)."""
Columns = tuple[bytes, ...]
State = tuple[Columns, tuple[int, ...], int, int]
Step = tuple[int, int, int]


def encode(card: Card) -> int:
    """A card as ``16 * suit + rank``: same-suit neighbours differ by exactly one."""
    return SUITS.index(card.suit) * 16 + card.rank


def label(code: int) -> str:
    """The player's name of a card code (``"10♥"``); never called on :data:`UNKNOWN`."""
    return _card(code).label


def codes_label(codes: bytes) -> str:
    """The player's name of a group of face-up card codes (see :func:`spider.cards.group_label`)."""
    return group_label([_card(code) for code in codes])


def _card(code: int) -> Card:
    return Card(code & 15, SUITS[code >> 4])


def descending(col: bytes, suited: bool) -> int:
    """How many top cards of ``col`` go down one rank at a time (in one suit if ``suited``)."""
    i = len(col) - 1
    if suited:
        while i > 0 and col[i - 1] == col[i] + 1:
            i -= 1
    else:
        while i > 0 and (col[i - 1] & 15) == (col[i] & 15) + 1:
            i -= 1
    return len(col) - i if col else 0


def to_move(step: Step) -> Move:
    return DEAL if step[0] < 0 else Move(*step)


class Table:
    """The fixed part of a search: rules, face-down cards and stock; states are plain tuples."""

    def __init__(self, variant: Variant, hidden: tuple[tuple[int, ...], ...], stock: tuple[int, ...]) -> None:
        if variant.group is same_suit_down:
            self.group = "suit"
        elif variant.group is any_suit_down:
            self.group = "rank"
        elif variant.group is any_card:
            self.group = "all"
        else:
            raise ValueError(f"{variant.name}: unknown group rule")
        if variant.build not in (any_suit_down, same_suit_down) or variant.run not in (any_suit_down, same_suit_down):
            raise ValueError(f"{variant.name}: unknown build or run rule")
        self.variant = variant
        self.build_suit = variant.build is same_suit_down
        self.run_suit = variant.run is same_suit_down
        self.king_only = variant.empty is king_only
        self.deal_needs_full = variant.deal_needs_full_columns
        self.runs_to_win = variant.runs_to_win
        self.ncols = variant.columns
        self.hidden = hidden
        self.stock = stock
        self.stock_known = UNKNOWN not in stock
        self._movable: dict[bytes, int] = {}
        self._completes: dict[bytes, bool] = {}

    @classmethod
    def from_game(cls, game: Game, see_hidden: bool) -> tuple[Table, State]:
        """The table and state of ``game``; with ``see_hidden=False`` hidden cards are masked."""
        hidden = []
        columns = []
        downs = []
        for cards in game.columns:
            down = [c for c in cards if not c.face_up]
            hidden.append(tuple(encode(c) if see_hidden else UNKNOWN for c in down))
            columns.append(bytes(encode(c) for c in cards[len(down):]))
            downs.append(len(down))
        stock = tuple(encode(c) if see_hidden else UNKNOWN for c in game.stock)
        table = cls(game.variant, tuple(hidden), stock)
        return table, (tuple(columns), tuple(downs), len(stock), len(game.completed))

    # --- reading ----------------------------------------------------------------------------
    def movable(self, col: bytes) -> int:
        """How many top cards of a column move as one group (memoised: columns recur)."""
        count = self._movable.get(col)
        if count is None:
            count = self._movable[col] = self._count_movable(col)
        return count

    def _count_movable(self, col: bytes) -> int:
        n = len(col)
        if not n or col[-1] == UNKNOWN:
            return 0
        return n if self.group == "all" else descending(col, self.group == "suit")

    def can_deal(self, state: State) -> bool:
        """The rules allow a deal (whether or not the stock's cards are known)."""
        return state[2] > 0 and not (self.deal_needs_full and not all(state[0]))

    def steps(self, state: State, every_empty: bool = True, whole: bool = False) -> list[Step]:
        """Every legal step, DEAL last when legal and the stock is known to this table.

        With ``every_empty=False`` moves into an empty column go only to the first one: when
        deals are not looked at, empty columns are interchangeable. With ``whole=True`` a
        same-suit group moves only whole, since a search that never splits one needs no others.
        """
        columns = state[0]
        build_suit = self.build_suit
        need: dict[int, list[int]] = {}  # the card (or rank) each column top takes -> those columns
        empties = []
        for dst, col in enumerate(columns):
            if not col:
                if every_empty or not empties:
                    empties.append(dst)
            elif col[-1] != UNKNOWN:
                wanted = col[-1] - 1 if build_suit else (col[-1] & 15) - 1
                if wanted in need:
                    need[wanted].append(dst)
                else:
                    need[wanted] = [dst]
        king_only = self.king_only
        movable = self.movable
        split = not whole or self.group != "suit"
        out = []
        for src, col in enumerate(columns):
            m = movable(col)
            for k in range(1 if split else max(m, 1), m + 1):
                base = col[-k]
                for dst in need.get(base if build_suit else base & 15, ()):
                    if dst != src:
                        out.append((src, dst, k))
                if empties and (not king_only or base & 15 == KING):
                    out += [(src, dst, k) for dst in empties]
        if self.stock_known and self.can_deal(state):
            out.append(DEAL_STEP)
        return out

    # --- acting -----------------------------------------------------------------------------
    def apply(self, state: State, step: Step) -> State:
        """The state after a legal ``step``: runs removed and exposed cards turned up."""
        src, dst, k = step
        if src >= 0:  # the searches' common case, a move that completes no run, without the loop below
            columns = list(state[0])
            col = columns[src]
            moved = columns[dst] + col[-k:]
            rest = col[:-k]  # in Scorpion a move can uncover a run built beneath it
            if not self.completes(moved) and not (rest and rest[-1] & 15 == ACE and self.completes(rest)):
                downs = state[1]
                if not rest and downs[src]:
                    down = downs[src] - 1
                    downs = downs[:src] + (down,) + downs[src + 1:]
                    rest = ONE[self.hidden[src][down]]
                columns[src] = rest
                columns[dst] = moved
                return tuple(columns), downs, state[2], state[3]
        columns = list(state[0])
        downs = list(state[1])
        stock_left = state[2]
        done = state[3]
        if src < 0:
            n = min(self.ncols, stock_left)
            start = len(self.stock) - stock_left
            for i in range(n):
                columns[i] = columns[i] + ONE[self.stock[start + i]]
            stock_left -= n
            touched = range(n)
        else:
            col = columns[src]
            columns[src] = col[:-k]
            columns[dst] = columns[dst] + col[-k:]
            touched = (dst, src)
        for i in touched:
            col = columns[i]
            while self.completes(col):
                col = col[:-13]
                done += 1
            if not col and downs[i]:
                downs[i] -= 1
                col = ONE[self.hidden[i][downs[i]]]
            columns[i] = col
        return tuple(columns), tuple(downs), stock_left, done

    def completes(self, col: bytes) -> bool:
        """``col`` ends in a complete run, King down to Ace, which leaves the table at once."""
        if len(col) < 13 or col[-1] & 15 != ACE:
            return False
        done = self._completes.get(col)
        if done is None:
            done = self._completes[col] = descending(col, self.run_suit) >= 13
        return done

    def won(self, state: State) -> bool:
        return state[3] >= self.runs_to_win
