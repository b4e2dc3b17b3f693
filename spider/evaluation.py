"""How good a position looks, as one number: the shared yardstick of hints and solver.

Completed runs count most, then face-down cards (each hides what the player needs), then empty
columns (hints count only the first few), then cards already linked in descending order: more
for long same-suit sequences (merging two is worth more than both apart) and for sequences down
from a King at the bottom of its column. :meth:`Judge.gain` gets a move's change in value from
just the two columns it touches, which is what makes looking ahead affordable.
"""

from __future__ import annotations

from .search_state import ACE, DEAL_STEP, KING, ONE, UNKNOWN, State, Step, Table, descending

RUN = 1000
DOWN = 40
LAST_DOWN = 10
EMPTY = 25
SUIT_LINK = 8
RANK_LINK = 3
SEQUENCE = 1
KING_ROOT = 2


class Judge:
    """Values the positions of one table; column values are memoised (columns recur constantly)."""

    def __init__(
        self,
        table: Table,
        break_cost: int = 0,
        empty: int = EMPTY,
        rank_link: int = RANK_LINK,
        most_empty: int | None = None,
        last_down: int = LAST_DOWN,
    ) -> None:
        """``break_cost``: charged for each face-up card not on its same-suit parent (the solver's
        reasons are at ``spider.solver.BREAK_COST``, the hints' at
        ``spider.hints.BREAK_COST_WORTH``). ``empty`` and ``rank_link`` override what an empty
        column and an off-suit link are worth; only the first ``most_empty`` empty columns count
        (by default all), so spare ones are spent freely.
        ``last_down`` is what a column with face-down cards costs besides them (turning up its
        last one gains it back)."""
        self.table = table
        self.break_cost = break_cost
        most = table.ncols if most_empty is None else most_empty
        self.empties = [empty * min(count, most) for count in range(table.ncols + 1)]
        """What so many empty columns are worth together, by count."""
        self.rank_link = rank_link
        self.last_down = last_down
        self.suit_only = table.build_suit
        self.memo: tuple[dict[bytes, int], dict[bytes, int]] = ({}, {})  # unrooted, rooted

    def column_value(self, col: bytes, rooted: bool) -> int:
        """Linked cards of one column; ``rooted``: no face-down cards lie beneath it."""
        memo = self.memo[rooted]
        value = memo.get(col)
        if value is not None:
            return value
        value = 0
        length = 1
        first = 0
        for i in range(1, len(col)):
            lower, upper = col[i - 1], col[i]
            if upper == lower - 1:
                value += SUIT_LINK
                length += 1
                continue
            if not first:
                first = length
            value -= self.break_cost
            value += SEQUENCE * (length - 1) ** 2
            length = 1
            if (upper & 15) == (lower & 15) - 1 and lower != UNKNOWN and not self.suit_only:
                value += self.rank_link
        value += SEQUENCE * (length - 1) ** 2
        if rooted and col and col[0] & 15 == 13:
            value += KING_ROOT * (first or length)
        memo[col] = value
        return value

    def value(self, state: State) -> int:
        """The whole position: runs, face-down cards, empty columns and every column's links."""
        columns, downs, _, done = state
        total = RUN * done - DOWN * sum(downs) - self.last_down * sum(1 for d in downs if d)
        for col, down in zip(columns, downs):
            if col:
                total += self.column_value(col, not down)
        return total + self.empties[columns.count(b"")]

    def gain(self, state: State, step: Step) -> int:
        """The change in :meth:`value` a move (not a deal) makes, from the two columns it touches."""
        src, dst, k = step
        columns, downs = state[0], state[1]
        col = columns[src]
        dst_col = columns[dst]
        moved = col[-k:]
        if (col[-1] & 15 == ACE and len(dst_col) + k >= 13 and self.table.completes(dst_col + moved)
                or k < len(col) and col[-k - 1] & 15 == ACE and self.table.completes(col[:-k])):
            after = self.table.apply(state, step)  # completes a run, or uncovers one: count it in full
            change = sum(self._column(after, i) - self._column(state, i) for i in (src, dst))
            empties = self.empties[after[0].count(b"")] - self.empties[columns.count(b"")]
            return RUN * (after[3] - state[3]) + change + empties
        cv = self.column_value
        down = downs[src]
        gain = cv(dst_col + moved, not downs[dst]) - cv(col, not down)
        if dst_col:
            gain -= cv(dst_col, not downs[dst])
        if k < len(col):
            gain += cv(col[:-k], not down)
        elif down:
            gain += DOWN + (self.last_down if down == 1 else 0) + cv(ONE[self.table.hidden[src][down - 1]], down == 1)
        if not dst_col or (k == len(col) and not down):  # an empty column is filled or made
            before = columns.count(b"")
            now = before - (not dst_col) + (k == len(col) and not down)
            gain += self.empties[now] - self.empties[before]
        return gain

    def deal_gain(self, state: State) -> int:
        """The change in :meth:`value` the stock's deal makes (the table must know the stock),
        a card on each column, without building the position: searches rank every position
        they stored by its value after a deal."""
        table = self.table
        columns, downs = state[0], state[1]
        start = len(table.stock) - state[2]
        cards = table.stock[start:start + table.ncols]
        gain = 0
        filled = 0
        for col, down, card in zip(columns, downs, cards):
            if not col:
                gain += self.column_value(ONE[card], True)
                filled += 1
                continue
            lower = col[-1]
            if card & 15 == ACE and table.completes(col + ONE[card]):  # count it in full
                return self.value(table.apply(state, DEAL_STEP)) - self.value(state)
            if card == lower - 1:
                length = descending(col, suited=True)
                gain += SUIT_LINK + SEQUENCE * (2 * length - 1)
                if length == len(col) and not down and col[0] & 15 == KING:
                    gain += KING_ROOT
            else:
                gain -= self.break_cost
                if (card & 15) == (lower & 15) - 1 and lower != UNKNOWN and not self.suit_only:
                    gain += self.rank_link
        if filled:
            empty = columns.count(b"")
            gain += self.empties[empty - filled] - self.empties[empty]
        return gain

    def _column(self, state: State, i: int) -> int:
        """Column ``i``'s share of :meth:`value`, leaving out what it adds to the empty columns."""
        col, down = state[0][i], state[1][i]
        value = self.column_value(col, not down) if col else 0
        return value - DOWN * down - (self.last_down if down else 0)
