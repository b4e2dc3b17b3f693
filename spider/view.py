"""The view: everything the page draws, as plain JSON-ready data, read from the app's state.

:mod:`spider.app` decides (what is selected, hinted, said, asked); this module only describes
the result for the page: cards by stable ids that never reveal a hidden card, the names a
screen reader says, the dialogs' words. Raise :data:`VIEW_SHAPE` when its fields change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .backup import describe
from .cards import KING, Card
from .game import Game, face_down, nearest_face_up
from .rules import how_to_play
from .stats import IDLE_CAP_MS, clock_text
from .variants import same_suit_down
from .words import counted

if TYPE_CHECKING:
    from .app import App

VIEW_SHAPE = 12
"""Raised whenever the view's fields change: the page paints a view stored by an earlier version
(before Python is up) only if its shape is the build's, as it would misdraw one of another."""
SUIT_COLOURS = ({"s": "black", "h": "red", "d": "red", "c": "black"},
                {"s": "black", "h": "red", "d": "blue", "c": "green"})
"""Ink for each suit: the usual two colours, or the four-colour deck that tells ♣ from ♠ and ♦
from ♥ at a glance (green clubs and blue diamonds, as four-colour poker decks have them)."""
LETTER_KEYS = "U undo, Shift+U redo, H hint, D deal, N new game, ? how to play"
KEYS = "Keys: ←/→ columns, ↑/↓ cards, Enter/Space pick up and drop, Esc cancel, "
"""The keys the ⋯ menu lists, then the letter keys or, with those off, Ctrl+Z and Ctrl+Y."""
CONTROLS = ("Drag a card, with the cards on it, onto another column, or tap it and then the column. A double-click "
            "or double-tap sends it to its best place (or a single one, with \"One tap moves a card\" in the ⋯ menu). "
            "Click or tap the stock to deal. On a keyboard, the ⋯ menu lists the keys.")
"""How to play's last paragraph: the controls, the same in every variant."""


def render(app: App) -> dict[str, Any]:
    """Everything the page draws for ``app``, as plain JSON-ready data."""
    game = app.game
    ids = _card_ids(game)
    sel = app.selection
    hint = app.hint_list[app.hint_index] if app.hint_list and app.hint_index >= 0 else None
    hint_move = hint.move if hint else None
    focus = _valid_focus(app)
    colours = SUIT_COLOURS[app.four_colour]
    columns = []
    for c, cards in enumerate(game.columns):
        movable_from = len(cards) - game.movable(c)
        hint_from = len(cards) - hint_move.count if hint_move and not hint_move.is_deal and hint_move.src == c else None
        hinted = bool(hint_move and not hint_move.is_deal and hint_move.dst == c)
        column = []
        for i, card in enumerate(cards):
            selected = sel is not None and sel.col == c and i >= sel.index
            moved = hint_from is not None and i >= hint_from
            column.append({
                "id": ids[card.key],
                "card": str(card) if card.face_up else "",
                "rank": card.rank if card.face_up else 0,  # a completed run goes home in rank order, its Ace first
                "label": card.label if card.face_up else "face-down card",
                # what a screen reader says of it: the card, and what a sighted player sees on it
                "name": card.label + (", picked up" if selected else "") + (", hint" if moved else "")
                if card.face_up else "",
                "colour": colours[card.suit] if card.face_up else "",
                "movable": i >= movable_from,
                "selected": selected,
                "hint": moved,
                "hint_to": hinted and i == len(cards) - 1,  # the card the hint builds on: a column's slot hides under its cards
                "focus": focus == (c, i),
            })
        target = sel is not None and sel.col != c and game.is_legal(app.selection_move(c))
        columns.append({
            "cards": column,
            "name": _column_words(c, cards) + (", a legal drop" if target else "") + (", the hint's column" if hinted else ""),
            "target": target,
            "hint": hinted,
            "marked": c in app.marked,
            "focus": focus == (c, -1),
        })
    return {
        "shape": VIEW_SHAPE,
        "game": app.game_id(),
        "variant": game.variant.name,
        "page_title": f"{game.variant.title} — Spider Solitaire",
        "seed": game.seed,
        "columns": columns,
        "stock": {"count": len(game.stock), "deals": game.deals_left, "name": _stock_words(game),
                  "hint": bool(hint_move and hint_move.is_deal)},
        "completed": [{"card": f"K{suit}", "label": Card(KING, suit).label, "colour": colours[suit]}
                      for suit in game.completed],
        "slots": game.variant.runs_to_win,
        "runs_name": f"Completed runs: {len(game.completed)} of {game.variant.runs_to_win}",
        "score": game.score,
        "moves": game.moves,
        "points": game.points,
        # the play time at this event; the page's clock counts on from it as this does, up to the cap
        "clock": {"ms": app.elapsed_ms, "running": app.clock_running(), "idle_cap_ms": IDLE_CAP_MS},
        "can_undo": game.can_undo(),
        "can_redo": game.can_redo(),
        "status": app.message,
        "said": app.said,  # a new count: a new message, to be announced even in the same words
        "tone": app.tone,
        "won": game.is_won,
        "won_title": "Show me won it" if app.shown_win else "You won!",
        "won_text": _won_words(app) if game.is_won else None,
        "dialog": app.dialog,
        # keyed by the action each ⋯ menu checkbox sends
        "settings": {"saving": app.saving, "winnable": game.variant.name in app.winnable_only,
                     "peek": app.peek, "four-colour": app.four_colour, "animations": app.animations,
                     "letter-keys": app.letter_keys,
                     "tap-moves": app.tap_moves,
                     "table": app.table},
        "still": app.still(),  # moves land at once: no flight, no fading, no hop
        "badge": _badge(app) if app.peek else None,
        "autoplay": app.move_pace_ms() if app.autoplay and not app.hidden else 0,  # ms until its next move
        "thinking": app.jobs.pending("solve"),
        "link": app.link(),
        "give_up": _give_up_words(app),
        "deal_prompt": _deal_prompt(app),
        "import_text": _import_words(app),
        "link_text": _link_words(app),
        "rules": {"title": f"How to play {game.variant.title}", "paragraphs": [*how_to_play(game.variant), CONTROLS]}
        if app.dialog == "rules" else None,
        "record": {"title": game.variant.title, "rows": app.record.rows(app.today),
                   "summary": _summary(app)},
        "keys": KEYS + (f"{LETTER_KEYS}." if app.letter_keys else "Ctrl+Z undo, Ctrl+Y redo (letter keys are off)."),
        "titles": _titles(app),
    }


def _titles(app: App) -> dict[str, str]:
    """The controls' tooltips, keyed by action: each with its shortcuts, the letter keys only while they are on."""
    letter = app.letter_keys
    return {"new": "New game (N)" if letter else "New game",
            "undo": "Undo (Ctrl+Z or U)" if letter else "Undo (Ctrl+Z)",
            "redo": "Redo (Ctrl+Y or Shift+U)" if letter else "Redo (Ctrl+Y)",
            "hint": "Hint (H)" if letter else "Hint"}


def _valid_focus(app: App) -> tuple[int, int]:
    """The focus kept on a focusable element: a face-up card, or an empty column."""
    col, index = app.focus or (0, len(app.game.columns[0]) - 1)
    if not 0 <= col < len(app.game.columns):
        col, index = 0, len(app.game.columns[0]) - 1
    cards = app.game.columns[col]
    return (col, nearest_face_up(cards, index)) if cards else (col, -1)


def _badge(app: App) -> dict[str, str]:
    """What the peeking badge shows: the solver's verdict on this position, once it has one."""
    state = "won" if app.game.is_won else app.badge or "thinking"
    text = {"won": "Won", "solved": "Winnable", "unwinnable": "Lost", "unknown": "Undecided",
            "error": "Can't check"}.get(state, "Checking…")
    return {"state": state, "text": text}


def _import_words(app: App) -> str | None:
    """What the load-a-backup dialog asks, for the page to show."""
    if app.restoring is None:
        return None
    return (f"The file holds {describe(app.restoring)}. They replace this browser's games, "
            "statistics and settings.")


def _give_up_words(app: App) -> dict[str, str] | None:
    """What the give-up dialog asks, for the page to show."""
    if app.giving_up is None:
        return None
    title, confirm = {"new": ("Start a new game?", "New game"),
                      "deal": (f"Play deal {app.chosen_deal}?", f"Play deal {app.chosen_deal}"),
                      "daily": ("Play today's deal?", "Play today's deal")}.get(
        app.giving_up, ("Replay this deal?", "Replay"))
    return {"title": title, "confirm": confirm,
            "text": "This game is not finished" + (": it counts as lost." if app.counts(app.game) else ".")}


def _link_words(app: App) -> str | None:
    """What the link dialog warns of: the game it replaces, lost if it counts (as New game says)."""
    if app.dialog != "link":
        return None
    lost = ", and it counts as lost" if app.counts(app.game) else ""
    return f"Your game of this variant is in progress. Opening the link replaces it{lost}."


def _won_words(app: App) -> str:
    """The won game for the win dialog in short lines, each narrower than a phone: the deal, the score
    and points, the moves and time (a balanced wrap of one line left a "·" at a line's end or start).
    The full stops keep a screen reader, which reads the line break as a space, from running the
    lines together or into the record read after them ("0:02. Won 3 of 5")."""
    game = app.game
    deal = "Today's deal" if app.record.playing_day else "Deal"
    lines = [[f"Score {game.score}", f"{game.points} points"], [counted(game.moves, "move"), clock_text(app.elapsed_ms // 1000)]]
    if game.seed is not None:  # on a line of its own: with "score" beside it, a phone broke the line after a "·"
        lines.insert(0, [f"{deal} {game.seed}"])
    return "\n".join(" · ".join(part.replace(" ", "\u00a0") for part in line) + "." for line in lines)


def _summary(app: App) -> str:
    """The record in one line, for the win dialog, after a line saying why this game did not count if
    it did not."""
    if app.game.seed is None:
        return "A position from a link: it does not count in the statistics."
    forfeit = "A game won by Show\u00a0me counts as lost.\n" if app.shown_win else ""  # the name kept on one line
    return forfeit + app.record.summary()


def _deal_prompt(app: App) -> dict[str, str] | None:
    """What the "Play a deal by number" dialog says, for the page to show."""
    if app.dialog != "deal":
        return None
    game = app.game
    now = (f"This game is deal {game.seed} of {game.variant.title}." if game.seed is not None
           else "This game is a position from a link, not a numbered deal.")
    return {"text": f"{now} Deals of the same number are the same for everyone.", "error": app.deal_error}


def _card_ids(game: Game) -> dict[str, str]:
    """Opaque stable ids: a card's place in the start position, so ids never reveal cards."""
    start = game.start
    order = [c for col in start.columns for c in col] + list(start.stock)
    return {c.key: f"c{i}" for i, c in enumerate(order)}


def _column_words(col: int, cards: tuple[Card, ...]) -> str:
    """A column as a screen reader says it: what is face down, and the face-up cards, a same-suit
    run of three or more as one range ("K♠–2♠", not twelve cards read out at each arrow key)."""
    if not cards:
        return f"Column {col + 1}, empty"
    down = face_down(cards)
    hidden = f"{down} face-down, " if down else ""
    up = cards[down:]
    words = []
    start = 0
    for i in range(1, len(up) + 1):
        if i == len(up) or not same_suit_down(up[i - 1], up[i]):
            run = up[start:i]
            words += [f"{run[0].label}–{run[-1].label}"] if len(run) >= 3 else [card.label for card in run]
            start = i
    return f"Column {col + 1}: {hidden}{', '.join(words)}"


def _stock_words(game: Game) -> str:
    """What the stock button does: a full row, or the few cards a last short deal gives."""
    n = len(game.stock)
    if not n:
        return "Stock empty"
    if n >= len(game.columns):
        return f"Deal a row ({game.deals_left} left)"
    where = "column 1" if n == 1 else f"columns 1–{n}"
    return f"Deal {counted(n, 'card')} to {where} ({game.deals_left} left)"
