"""The game: one object owning a position, its undo/redo history, score and the rules' verdicts."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import pairwise
from typing import NamedTuple

from .cards import ACE, KING, RANK_NAMES, SUIT_SYMBOLS, Card, make_deck
from .errors import IllegalMove
from .moves import DEAL, Move
from .shuffle import is_seed, new_seed, shuffled
from .variants import Variant, any_suit_down, anything, get_variant, same_suit_down
from .words import counted

Column = tuple[Card, ...]
START_SCORE = 500
RUN_BONUS = 100


class Position(NamedTuple):
    """Everything undo restores: the cards on the table, in the stock and in completed runs."""

    columns: tuple[Column, ...]
    stock: tuple[Card, ...]
    completed: tuple[str, ...]


class Game:
    """A game of one variant: ``play()`` checks and applies, ``undo()``/``redo()`` walk history.

    Undo never recomputes: every action saves the position it left, so undoing restores
    cards, face-down state, stock and runs exactly. ``moves`` is a counter of actions
    (moves, deals, undos and redos), as in Windows Spider, so undo gives cards back but not
    points: ``score == 500 - moves + 100 * len(completed)`` always.
    """

    def __init__(self, variant: str | Variant = "spider-4", seed: int | None = None) -> None:
        self.variant = variant if isinstance(variant, Variant) else get_variant(variant)
        self.seed = new_seed() if seed is None else seed
        if not is_seed(self.seed):
            raise ValueError(f"a seed is a whole number from 0 to 2**64 - 1, not {seed!r}")
        self._reset(_deal(self.variant, self.seed))

    new_seed = staticmethod(new_seed)

    def _reset(self, position: Position, moves: int = 0) -> None:
        self.start = position
        self.position = position
        self.moves = moves
        self._undo: list[tuple[Position, Move]] = []
        self._redo: list[Move] = []

    @classmethod
    def from_position(cls, variant: Variant, position: Position, moves: int = 0) -> Game:
        """A game starting from ``position``, with no seed and no history."""
        game = cls.__new__(cls)
        game.variant = variant
        game.seed = None
        game._reset(position, moves)
        return game

    # --- reading the position -------------------------------------------------------------
    @property
    def columns(self) -> tuple[Column, ...]:
        """Each column's cards, bottom to top (a card knows whether it is face up)."""
        return self.position.columns

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards still to deal, the next dealt first."""
        return self.position.stock

    @property
    def completed(self) -> tuple[str, ...]:
        """The suit of each completed run's King, in the order they were made."""
        return self.position.completed

    @property
    def score(self) -> int:
        """The Windows score: 500, less a point a move (undo and redo too), 100 a completed run."""
        return START_SCORE - self.moves + RUN_BONUS * len(self.position.completed)

    @property
    def points(self) -> int:
        """The alternative score: a point per card in a run being built down from a King, 13 a
        run. A run is one the variant removes: of one suit, or of any suits in Relaxed and Easy."""
        total = 13 * len(self.position.completed)
        run = self.variant.run
        for col in self.position.columns:
            length = 0
            for i, card in enumerate(col):
                if length and card.face_up and run(col[i - 1], card):
                    length += 1
                    total += 1
                elif card.face_up and card.rank == KING:
                    length = 1
                    total += 1
                else:
                    length = 0
        return total

    @property
    def is_won(self) -> bool:
        """Every run the variant needs is complete."""
        return len(self.position.completed) >= self.variant.runs_to_win

    @property
    def deals_left(self) -> int:
        """How many more times the stock can be dealt (a short last row counts)."""
        return self.variant.deals_of(len(self.position.stock))

    def can_undo(self) -> bool:
        """Whether there is an action to take back."""
        return bool(self._undo)

    def can_redo(self) -> bool:
        """Whether an undone action waits to be replayed (a new move forgets them)."""
        return bool(self._redo)

    @property
    def history(self) -> tuple[Move, ...]:
        """The actions undo would take back, oldest first."""
        return tuple(move for _, move in self._undo)

    @property
    def future(self) -> tuple[Move, ...]:
        """The actions redo would replay, next first."""
        return tuple(reversed(self._redo))

    def movable(self, col: int) -> int:
        """How many cards at the top of column ``col`` can move as one group."""
        cards = self.position.columns[col]
        return _movable(cards, self.variant)

    def face_up_count(self, col: int) -> int:
        """How many cards at the top of column ``col`` are face up."""
        cards = self.position.columns[col]
        n = len(cards)
        i = n
        while i and cards[i - 1].face_up:
            i -= 1
        return n - i

    # --- legality -------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal action, each once, pointless ones included; DEAL last when legal.

        Order: moves onto each non-empty column (by destination, then source), then moves
        into each empty column (by destination, source, count), then DEAL.
        """
        if _builds_down_by_rank(self.variant):
            moves = self._rank_moves()
        else:
            moves = self._linked_moves()
        if self._deal_refusal() is None:
            moves.append(DEAL)
        return moves

    def _rank_moves(self) -> list[Move]:
        """The Spider family's moves: any card one rank down may land on a card, any group in a space.

        A movable group descends by one rank, so the group of ``count`` cards of a column whose
        top rank is ``t`` has base rank ``t + count - 1``; onto a top of rank ``u`` exactly the
        group of ``u - t`` cards fits, when the column can move that many. No link is tested.
        """
        variant = self.variant
        columns = self.position.columns
        table = _move_table(len(columns))
        spans = [(src, cards[-1].rank, _movable(cards, variant)) for src, cards in enumerate(columns) if cards]
        moves = []
        empties = []
        for dst, cards in enumerate(columns):
            if not cards:
                empties.append(dst)
                continue
            top = cards[-1].rank
            for src, rank, movable in spans:
                count = top - rank
                if 0 < count <= movable:
                    moves.append(table[src][dst][count])
        for dst in empties:
            for src, _, movable in spans:
                moves.extend(table[src][dst][1:movable + 1])
        return moves

    def _linked_moves(self) -> list[Move]:
        """Moves for any rule set, testing the variant's ``build`` and ``empty`` rules card by card."""
        variant = self.variant
        columns = self.position.columns
        build = variant.build
        empty_ok = variant.empty
        by_rank: list[list[tuple[int, int, Card]]] = [[] for _ in range(15)]
        groups: list[tuple[int, int, Card]] = []
        empties: list[int] = []
        for src, cards in enumerate(columns):
            if not cards:
                empties.append(src)
                continue
            for count in range(1, _movable(cards, variant) + 1):
                base = cards[-count]
                entry = (src, count, base)
                by_rank[base.rank].append(entry)
                groups.append(entry)
        moves = []
        for dst, cards in enumerate(columns):
            if not cards:
                continue
            top = cards[-1]
            for src, count, base in by_rank[top.rank - 1]:
                if src != dst and build(top, base):
                    moves.append(Move(src, dst, count))
        for dst in empties:
            for src, count, base in groups:
                if empty_ok(base):
                    moves.append(Move(src, dst, count))
        return moves

    def why_illegal(self, move: Move) -> str | None:
        """The reason ``move`` is refused, in a player's words, or ``None`` when it is legal."""
        if move.is_deal:
            return self._deal_refusal()
        columns = self.position.columns
        n = len(columns)
        if not (0 <= move.src < n and 0 <= move.dst < n):
            return f"there are only {n} columns"
        if move.src == move.dst:
            return "a group must move to another column"
        reason = self.why_unmovable(move.src, move.count)
        if reason is not None:
            return reason
        base = columns[move.src][-move.count]
        target = columns[move.dst]
        if not target:
            if self.variant.empty(base):
                return None
            return "only a King can go into an empty column"
        top = target[-1]
        if self.variant.build(top, base):
            return None
        if base.rank == KING:
            return "a King can only go into an empty column"
        need = RANK_NAMES.get(base.rank + 1, str(base.rank + 1))
        if self.variant.build is any_suit_down:
            return f"{base.label} can't go on {top.label}: it needs {'an' if need == '8' else 'a'} {need}"
        return f"{base.label} can't go on {top.label}: it needs the {need}{SUIT_SYMBOLS[base.suit]}"

    def why_unmovable(self, col: int, count: int) -> str | None:
        """Why the top ``count`` cards of column ``col`` can't be picked up as one group, or ``None``."""
        cards = self.position.columns[col]
        if not cards:
            return f"column {col + 1} is empty"
        if count < 1:
            return "a move takes at least one card"
        up = self.face_up_count(col)
        if count > up:
            return f"column {col + 1} has only {counted(up, 'face-up card')}"
        if count > _movable(cards, self.variant):
            return _group_refusal(cards[-count:], self.variant)
        return None

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` (or DEAL) may be played now; :meth:`why_illegal` says why not."""
        return self.why_illegal(move) is None

    def _deal_refusal(self) -> str | None:
        position = self.position
        if not position.stock:
            return "the stock is empty"
        if self.variant.deal_needs_full_columns:
            for i, cards in enumerate(position.columns):
                if not cards:
                    return f"column {i + 1} is empty: fill every column before dealing"
        return None

    # --- acting ---------------------------------------------------------------------------
    def play(self, move: Move) -> None:
        """Play a legal move or DEAL; raise :class:`IllegalMove` saying why, changing nothing."""
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMove(f"{_describe(move)}: {reason}")
        self.push(move)

    def push(self, move: Move) -> None:
        """Play ``move`` without checking it (the fast path for search); clears redo."""
        self._undo.append((self.position, move))
        self.position = _after(self.position, move, self.variant)
        self._redo.clear()
        self.moves += 1

    def undo(self) -> Move:
        """Take back the last action (costs a move, as in Windows Spider); returns it."""
        if not self._undo:
            raise IllegalMove("nothing to undo")
        self.position, move = self._undo.pop()
        self._redo.append(move)
        self.moves += 1
        return move

    def redo(self) -> Move:
        """Replay the last undone action (costs a move); returns it."""
        if not self._redo:
            raise IllegalMove("nothing to redo")
        move = self._redo.pop()
        self._undo.append((self.position, move))
        self.position = _after(self.position, move, self.variant)
        self.moves += 1
        return move

    def copy(self) -> Game:
        """An independent game at the same position, history included."""
        game = Game.from_position(self.variant, self.start, self.moves)
        game.seed = self.seed
        game.position = self.position
        game._undo = list(self._undo)
        game._redo = list(self._redo)
        return game

    # --- text -----------------------------------------------------------------------------
    def to_text(self) -> str:
        """The position in the notation (every card named: the hidden ones too)."""
        from .notation import position_text

        return position_text(self.variant, self.position, self.moves)

    @classmethod
    def from_text(cls, text: str) -> Game:
        """A game at a notation's position, with no seed and no history; raises
        :class:`NotationError` naming the line."""
        from .notation import parse_position

        variant, position, moves = parse_position(text)
        return cls.from_position(variant, position, moves)

    def to_json(self) -> str:
        """The save: the deal and every action, undo/redo history included."""
        from .saves import dump

        return dump(self)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """A saved game, validated by replaying it; raises :class:`SaveError` saying what is wrong."""
        from .saves import load

        return load(text)

    def key(self) -> tuple:
        """A hashable key of the position (cards, stock and runs; not the move counter)."""
        return tuple(tuple(str(c) if c.face_up else "#" + str(c) for c in col) for col in self.position.columns) + (
            tuple(str(c) for c in self.position.stock),
            self.position.completed,
        )

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"Game.from_text({self.to_text()!r})"


def face_down(cards: Column) -> int:
    """How many cards of a column lie face down (always its bottom ones)."""
    return sum(not card.face_up for card in cards)


def nearest_face_up(cards: Column, index: int) -> int:
    """The index of the face-up card of a non-empty column nearest ``index``: where focus may rest."""
    return min(max(index, face_down(cards)), len(cards) - 1)


def _describe(move: Move) -> str:
    if move.is_deal:
        return "Can't deal"
    cards = "the card" if move.count == 1 else f"{move.count} cards"
    return f"Can't move {cards} from column {move.src + 1} to column {move.dst + 1}"


def _movable(cards: Column, variant: Variant) -> int:
    n = len(cards)
    if not n or not cards[-1].face_up:
        return 0
    link = variant.group
    i = n - 1
    upper = cards[i]
    if link is same_suit_down:  # the common case, inlined: it runs for every column on every call
        suit = upper.suit
        rank = upper.rank + 1
        while i:
            lower = cards[i - 1]
            if lower.rank != rank or lower.suit != suit or not lower.face_up:
                break
            rank += 1
            i -= 1
        return n - i
    while i and cards[i - 1].face_up and link(cards[i - 1], cards[i]):
        i -= 1
    return n - i


def _builds_down_by_rank(variant: Variant) -> bool:
    """Groups descend by one rank, land on any card one rank up, and any group fills a space."""
    return variant.build is any_suit_down and variant.empty is anything and variant.group in _RANK_GROUPS


_RANK_GROUPS = (same_suit_down, any_suit_down)


@cache
def _move_table(columns: int) -> tuple[tuple[tuple[Move, ...], ...], ...]:
    """``table[src][dst][count]``: every move of up to 13 cards, built once instead of per call."""
    counts = range(KING + 1)
    return tuple(tuple(tuple(Move(s, d, c) for c in counts) for d in range(columns)) for s in range(columns))


def _group_refusal(group: Column, variant: Variant) -> str:
    for lower, upper in pairwise(group):
        if not variant.group(lower, upper):
            if upper.rank != lower.rank - 1:
                return f"{upper.label} does not follow {lower.label} in sequence, so they can't move together"
            return f"{lower.label} and {upper.label} are not the same suit, so they can't move together"
    return "those cards can't move together"  # pragma: no cover - _movable and this agree


def _deal(variant: Variant, seed: int) -> Position:
    deck = shuffled(make_deck(variant.suit_sets), seed)
    columns = []
    at = 0
    for size, down in zip(variant.layout, variant.face_down):
        cards = deck[at:at + size]
        at += size
        columns.append(tuple(c.turned(i >= down) for i, c in enumerate(cards)))
    return Position(tuple(columns), tuple(deck[at:]), ())


def _after(position: Position, move: Move, variant: Variant) -> Position:
    """The position after ``move`` (assumed legal): runs removed, exposed cards turned up."""
    columns = list(position.columns)
    stock = position.stock
    completed = position.completed
    if move.is_deal:
        n = min(len(columns), len(stock))
        for i in range(n):
            columns[i] = columns[i] + (stock[i].turned(True),)
        stock = stock[n:]
        touched: Iterable[int] = range(n)
    else:
        src = columns[move.src]
        columns[move.src] = src[:-move.count]
        columns[move.dst] = columns[move.dst] + src[-move.count:]
        touched = (move.dst, move.src)
    for i in touched:
        cards = columns[i]
        while ends_in_run(cards, variant):
            completed = completed + (cards[-13].suit,)
            cards = cards[:-13]
        if cards and not cards[-1].face_up:
            cards = cards[:-1] + (cards[-1].turned(True),)
        columns[i] = cards
    return Position(tuple(columns), stock, completed)


def ends_in_run(cards: Column, variant: Variant) -> bool:
    """Whether ``cards`` end in a finished King-to-Ace run, which leaves the table at once."""
    run = cards[-13:]
    if len(run) < 13 or run[0].rank != KING or run[-1].rank != ACE:
        return False
    link = variant.run
    return all(a.face_up and b.face_up and link(a, b) for a, b in pairwise(run))
