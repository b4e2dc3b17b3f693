"""Positions in the notation shared by the app-layer and browser tests."""

from collections import Counter
from functools import cache

from spider import Game, Move, solve


def filled(text: str) -> str:
    """Put every spider-1 card the text leaves out (less its done runs) at the end of the stock."""
    counts = Counter(text.split("\n", 1)[1].replace("stock:", " ").split())
    done = text.split("done=")[1].split()[0].strip("-")
    missing = [f"{r}s" for r in "A23456789TJQK" for _ in range(8 - len(done) - counts[f"{r}s"])]
    head, stock, rest = text.split("\n", 2)
    return "\n".join([head, " ".join([stock, *missing]), rest])


# Column 1 holds 9♠ 8♠ (movable together); column 2 has 10♠ on top; column 3 is empty;
# column 4 has K♠ over a face-down card; column 5 completes a run on column 7's K♠–2♠.
POSITION = filled("""spider-1 moves=0 done=-
stock: As 2s 3s 4s 5s 6s 7s 8s 9s Ts
1: 2s 3s | 9s 8s
2: 4s | Ts
3:
4: 5s | Ks
5: 6s 7s 8s | Js Ts 9s 8s 7s 6s 5s 4s 3s 2s As
6: 9s Ts | Qs
7: Js Qs | Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s
8: | As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks
9: | As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks
10: | As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks
""")

# One move from a win: A♠ from column 2 onto column 1 completes the eighth run.
NEAR_WIN = filled("""spider-1 moves=10 done=sssssss
stock:
1: | Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s
2: | As
3:
4:
5:
6:
7:
8:
9:
10:
""")

# No legal move at all: no empty column, no card one rank below another top, empty stock.
STUCK = """spider-1 moves=3 done=ssssss
stock:
1: As 3s | 2s
2: 5s | 4s
3: 7s | 6s
4: 9s | 8s
5: Js | Ts
6: Qs | Ks
7: | 4s
8: As 3s | 2s
9: 5s 7s | 6s
10: 8s 9s Js Qs Ks | Ts
"""

# One legal move, and a useless one: 3♠ from one 4♠ to the other, and back.
SHUFFLE_ONLY = """spider-1 moves=40 done=ssssss
stock:
1: | 4s 3s
2: | 4s
3: | Ks 2s Qs
4: | Ks 2s Qs
5: | 3s 5s Ts
6: | 5s 7s Ts
7: | Js 7s 8s
8: | 9s As 8s
9: | 9s Js 6s
10: | 6s As
"""

# Nothing gains, and the deal waits for column 10: every run would break, or move whole.
FILL_TO_DEAL = """spider-1 moves=40 done=ssssss
stock: Js Js 8s 8s 5s 5s 2s 2s 4s As
1: | Ks Qs
2: | Ks Qs
3: | Ts 9s
4: | Ts 9s
5: | 7s 6s
6: | 7s 6s
7: | 4s 3s
8: | 3s
9: | As
10:
"""

# A spider-1 game 60 moves in (seed 4 by the top hint): its hints include detours and twins
DETOURS = """spider-1 moves=60 done=sss
stock: 2s 9s As 5s Js 3s 7s 4s 5s 8s
1: 2s 9s 5s | Ts 9s 8s
2: 9s 7s 8s | Ts
3: 3s 4s | 6s 5s 4s 3s 2s As
4: 4s 7s Js | 6s Ts
5: As 7s Js Qs | Qs 8s 3s 2s
6: As | 6s Ks Qs
7:
8: | Ks Qs Js Ts
9: 9s Js | Ks 8s Ks Ks Qs
10: 7s 5s As | 6s Ts 6s 4s 3s 2s
"""

# Columns 3-10 beside a long column 1: short, so that column 1 alone is squeezed.
_SHORT_COLUMNS = """3: As As As As | Ks Qs Js
4: 7s 8s Js Ks | Qs
5: 7s 9s Js Ks | Js
6: 7s 9s Js Ks | Ts
7: 8s 9s Qs | 9s
8: 8s Ts Qs | 7s
9: 8s Ts Qs | 6s 6s 5s
10: 8s Ts Ks | 4s 3s As As As
"""

# Column 1 holds 36 face-up cards, K♠ to 2♠ three times: more than a short board has room to fan.
LONG_COLUMN = filled("""spider-1 moves=40 done=-
stock:
1: 4s 9s Ts | """ + " ".join(["Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s"] * 3) + """
2: | 2s
""" + _SHORT_COLUMNS)

# Five face-down cards under twenty face-up ones in column 1: long enough to be squeezed on a phone.
TWENTY_UP = filled("""spider-1 moves=30 done=-
stock:
1: 5s 6s 7s 8s 9s | Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s Ts 9s 8s 7s 6s 5s 4s 3s
2: 2s 2s 3s 3s | 2s
""" + _SHORT_COLUMNS)


@cache
def winning_line(seed: int = 5) -> tuple[Move, ...]:
    """A win of spider-1 deal ``seed``, found by the solver (a fraction of a second)."""
    result = solve(Game("spider-1", seed), budget_s=30)
    assert result.status == "solved"
    return tuple(result.moves)


def one_move_from_winning(seed: int = 5) -> Game:
    """Spider-1 deal ``seed`` played on to one move before its win: a deal, which counts in the statistics."""
    game = Game("spider-1", seed)
    for move in winning_line(seed)[:-1]:
        game.play(move)
    return game


# The stock's last row lands A A 3 3 5 5 7 7 9 9 on K K Q Q J J 10 10 2 2: no card can move, no column
# is empty, and nothing is left to deal.
DEAD_END_BY_DEAL = """spider-1 moves=40 done=ssssss
stock: As As 3s 3s 5s 5s 7s 7s 9s 9s
1: 4s | Ks
2: 4s | Ks
3: 6s | Qs
4: 6s | Qs
5: 8s | Js
6: 8s | Js
7: | Ts
8: | Ts
9: | 2s
10: | 2s
"""

# Four suits, the stock gone: 5♠–A♠ goes onto 6♣ (keeping both empty columns), then 5♦ builds on 6♦.
SPIDER_4_SEED_2_MOVE_160 = """spider-4 moves=160 done=hsch
stock:
1: | Kd Qd Jd Td 9d 8d 7d 6d 5s 4s 3s 2s As
2: | Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 3d
3:
4: 6s | 8s 5d
5: | 2d
6: | Kc Qc Jc Tc 9s 8c 7s 6c
7: | 7c
8: | 5c 4d 3d 2d Ad Ts 9c
9:
10: | 4c 3c 2c Ac Ad Ks Qs Js
"""
