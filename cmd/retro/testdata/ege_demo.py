#!/usr/bin/env python3
"""Tasks 19-21 of the EGE-2027 demo, solved the way they are usually solved
by hand: one plain recursive function over the moves, no memo, no table.

Two piles (17, S), 1 <= S <= 115; a move adds 4 to a pile or doubles it;
the game is over when a + b >= 133, and whoever made the last move has won.
Petya moves first.

f(a, b, m, first, second) asks whether the game can be won, within m more
moves, by the player who moves when m is odd: where that player moves,
first() chooses among the outcomes of his moves; where his opponent moves,
second() does. any/all give "whatever the opponent does"; any/any gives "it
is possible". An end reached when m is even was made by the player who
moved at odd m, so he has won.

Prints the answers in the form of `retro ege --plain`.
"""


def f(a, b, m, first=any, second=all):
    if a + b >= 133:
        return m % 2 == 0
    if m == 0:
        return False
    h = [f(a + 4, b, m - 1, first, second), f(a, b + 4, m - 1, first, second),
         f(a * 2, b, m - 1, first, second), f(a, b * 2, m - 1, first, second)]
    return first(h) if m % 2 == 1 else second(h)


S = range(1, 116)
# 19: Vanya won with his first move after Petya's unlucky move (possible).
t19 = [s for s in S if f(17, s, 2, any, any)]
# 19, guaranteed: Vanya wins with his first move whatever Petya does.
t19g = [s for s in S if f(17, s, 2)]
# 20: Petya wins with his second move, not with his first.
t20 = [s for s in S if f(17, s, 3) and not f(17, s, 1)]
# 21: Vanya wins with his first or second move, not surely with his first.
t21 = [s for s in S if f(17, s, 4) and not f(17, s, 2)]

print("19:", t19[0])
print("19g:", t19g[0])
print("20:", *t20[:2])
print("21:", t21[0])
