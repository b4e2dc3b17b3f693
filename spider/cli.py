"""The command line: show a deal, play in a terminal, and benchmark the engine."""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence

from .errors import IllegalMove
from .game import Game
from .moves import Move
from .variants import VARIANTS

COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {}


def command(func: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    COMMANDS[func.__name__.rstrip("_")] = func
    return func


@command
def show(args: argparse.Namespace) -> int:
    print(Game(args.variant, args.seed).to_text(), end="")
    return 0


@command
def play(args: argparse.Namespace) -> int:
    game = Game(args.variant, args.seed)
    print(f"{game.variant.title}, deal {game.seed}. Type FROM TO [COUNT], d to deal, u to undo, r to redo, q to quit.")
    while not game.is_won:
        print(game.to_text(), f"score {game.score}", sep="")
        try:
            line = input("> ").strip()
        except EOFError:
            return 0
        try:
            if line == "q":
                return 0
            if line == "u":
                game.undo()
            elif line == "r":
                game.redo()
            else:
                game.play(Move.from_text(line))
        except (IllegalMove, ValueError) as e:
            print(e)
    print(f"Won with score {game.score} in {game.moves} moves.")
    return 0


@command
def bench(args: argparse.Namespace) -> int:
    """legal_moves() calls/s and play+undo pairs/s over random play from fixed seeds."""
    for name in args.variants or ["spider-1", "spider-2", "spider-4"]:
        if name not in VARIANTS:
            print(f"unknown variant {name!r}; choose from {', '.join(VARIANTS)}", file=sys.stderr)
            return 2
        calls, pairs, spent_legal, spent_pairs = 0, 0, 0.0, 0.0
        rng = random.Random(0)
        for seed in range(1, args.games + 1):
            game = Game(name, seed)
            for _ in range(args.steps):
                t0 = time.perf_counter()
                moves = game.legal_moves()
                t1 = time.perf_counter()
                calls += 1
                spent_legal += t1 - t0
                if not moves:
                    break
                move = rng.choice(moves)
                t0 = time.perf_counter()
                game.play(move)
                game.undo()
                t1 = time.perf_counter()
                pairs += 1
                spent_pairs += t1 - t0
                game.play(move)
        print(f"{name:10} legal_moves {calls / spent_legal:10,.0f}/s   play+undo {pairs / spent_pairs:10,.0f}/s")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m spider", description="Spider Solitaire engine")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("show", help="print a deal as notation")
    p.add_argument("variant", choices=VARIANTS)
    p.add_argument("seed", type=int)
    p = sub.add_parser("play", help="play in the terminal")
    p.add_argument("variant", choices=VARIANTS)
    p.add_argument("seed", type=int, nargs="?")
    p = sub.add_parser("bench", help="engine throughput")
    p.add_argument("variants", nargs="*", metavar="VARIANT", help="default: spider-1 spider-2 spider-4")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--steps", type=int, default=300)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    return COMMANDS[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
