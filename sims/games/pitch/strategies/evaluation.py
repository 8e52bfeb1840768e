"""A quick estimate of what pitching a suit is worth, shared by Pitch bidders and leads.

It sees only the hand, the number of seats and of sides. Each of the four points gets a
rough chance from the trumps held: a card not held lies in another hand with probability
6 (players - 1) / 46, taken as independent from card to card.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import highest, lowest, popcount
from sims.core.cards import RANK_ACE, RANK_JACK, suit_mask
from sims.core.tricks import game_points
from sims.games.pitch.rules import MAX_PLAYERS


def _absent_table() -> np.ndarray:
    """`ABSENT[players, k]`: the chance that k given unseen cards are all out of play,
    each out with probability 1 - 6 (players - 1) / 46. A constant of the kernels, so a
    bid or a pitch allocates nothing."""
    table = np.ones((MAX_PLAYERS + 1, 13), np.float64)
    for players in range(MAX_PLAYERS + 1):
        for k in range(1, 13):
            table[players, k] = table[players, k - 1] * (1.0 - 6.0 * (players - 1) / 46.0)
    return table


ABSENT = _absent_table()


@njit(cache=True, inline="always")
def suit_estimate(hand: int, suit: int, sides: int, absent) -> float:
    """Expected points (High + Low + Jack + Game) for pitching `suit`; -1 if none held.
    `absent[k]` is the chance that k given unseen cards are all out of play."""
    trumps = hand & suit_mask(suit)
    if trumps == 0:
        return -1.0
    top = highest(trumps) - 13 * suit
    bottom = lowest(trumps) - 13 * suit
    p_high = absent[RANK_ACE - top]
    p_low = absent[bottom] * 0.6 + (1.0 - absent[bottom]) * 0.15
    if trumps >> (13 * suit + RANK_JACK) & 1:
        p_jack = 0.9 if top > RANK_JACK else absent[3] + (1.0 - absent[3]) * 0.4
    else:
        p_jack = (1.0 - absent[1]) * (0.5 if top > RANK_JACK else 0.2)
    p_game = min(0.9, max(0.05, 1.0 / sides + 0.02 * (game_points(hand) - 6)))
    return p_high + p_low + p_jack + p_game + 0.05 * popcount(trumps)


@njit(cache=True)
def best_suit(hand: int, players: int, sides: int, allowed: int) -> tuple[int, float]:
    """The suit worth most to pitch among those with a card in `allowed`, and its
    estimate."""
    absent = ABSENT[players]
    choice, value = 0, -1.0
    for suit in range(4):
        estimate = suit_estimate(hand, suit, sides, absent)
        if estimate > value and hand & allowed & suit_mask(suit):
            choice, value = suit, estimate
    return choice, value
