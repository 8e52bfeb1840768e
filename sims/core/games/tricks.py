"""Trick mechanics shared by the trick-taking games: legal cards and who wins a trick."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import popcount
from sims.core.cards import suit_mask, suit_of

# Game points (Pitch's Game, Phat's muck, Don's game) by rank 2..A: T 10, A 4, K 3, Q 2, J 1.
GAME_POINT_VALUES = np.array([0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 2, 3, 4], np.int64)


@njit(cache=True, inline="always")
def legal_must_follow(hand: int, led_suit: int) -> int:
    """Cards of `hand` that may be played: the led suit if held, else any (leading: any)."""
    if led_suit < 0:
        return hand
    same = hand & suit_mask(led_suit)
    return same if same else hand


@njit(cache=True, inline="always")
def beats(card: int, best: int, trump: int) -> bool:
    """Whether `card` takes the trick from `best`, the card winning it so far.

    `best` is always of the led suit or a trump, so a card of another suit than `best`
    wins only by being a trump; within one suit the higher code is the higher rank.
    Written without branches: in random play the answer is a coin toss, and a
    mispredicted branch would cost more than the test itself.
    """
    suit = suit_of(card)
    same = suit == suit_of(best)
    return (same & (card > best)) | ((not same) & (suit == trump))


@njit(cache=True, inline="always")
def game_points(pile: int) -> int:
    """Game points of a pile, rank by rank: a popcount of each valued rank across suits."""
    total = 0
    for rank in range(8, 13):
        across = (1 << rank) | (1 << (rank + 13)) | (1 << (rank + 26)) | (1 << (rank + 39))
        total += GAME_POINT_VALUES[rank] * popcount(pile & across)
    return total
