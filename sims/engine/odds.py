"""Conditional deals for bid odds: one hand held fixed, the other hands dealt at random
from the rest of the deck. Each game's run kernel, given rounds, plays every such deal
once per trump suit, contract or call the hand tries, with the same play stream, so they
are compared on common random numbers.
"""

from __future__ import annotations

from numba import njit

from sims.core.rng import below


@njit(cache=True)
def deal_around_nb(state, deck, rest, dealt, hand_size: int, fixed_seat: int, fixed_hand: int):
    """Give `fixed_hand` to `fixed_seat` and every other seat `hand_size` cards drawn
    uniformly from the cards `rest` (a partial Fisher-Yates shuffle)."""
    n = rest.shape[0]
    deck[:n] = rest
    needed = min((dealt.shape[0] - 1) * hand_size, n - 1)
    for i in range(needed):
        j = i + below(state, n - i)
        deck[i], deck[j] = deck[j], deck[i]
    k = 0
    for seat in range(dealt.shape[0]):
        if seat == fixed_seat:
            dealt[seat] = fixed_hand
            continue
        mask = 0
        for i in range(k, k + hand_size):
            mask |= 1 << deck[i]
        dealt[seat] = mask
        k += hand_size
