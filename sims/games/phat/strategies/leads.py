"""Opening-lead policies for the pitcher in Phat and Don: which suit becomes trump, and
which card (trump values by the game's table, which the view names).

Each decides only the first card of the deal, among the legal cards (the whole hand, or one
suit when trump is fixed); the rest is played by the play strategy it is combined with
(`greedy` unless another is named, e.g. `random+lead_high`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import highest, lowest, popcount
from sims.core.cards import RANK_ACE, rank_of, suit_mask
from sims.games.don import rules as don
from sims.games.phat import rules as phat
from sims.strategies import view as v
from sims.strategies.registry import register

# Points of each trump rank, `TRUMP_VALUES[values, rank]`, for Phat's and Don's values.
TRUMP_VALUES = np.stack([phat.TRUMP_VALUES, don.TRUMP_VALUES])


@njit(cache=True)
def _trump_value(cards: int, values) -> int:
    """Points these cards of one suit would hold if that suit were trump (by `values`)."""
    total = 0
    while cards:
        total += values[rank_of(lowest(cards))]
        cards &= cards - 1
    return total


@njit(cache=True)
def lead_long(view, params, rng):
    """The highest card of the longest suit (ties: more trump value, then higher suit)."""
    hand = view[v.LEGAL]
    values = TRUMP_VALUES[view[v.CARD_VALUES]]
    best_suit, best_key = 0, -1
    for suit in range(4):
        cards = hand & suit_mask(suit)
        key = (popcount(cards) * 256 + _trump_value(cards, values)) * 4 + suit
        if cards and key > best_key:
            best_suit, best_key = suit, key
    return highest(hand & suit_mask(best_suit))


@njit(cache=True)
def lead_phat(view, params, rng):
    """Trump the suit whose 9, 5 and honours would score most (ties: length, then suit);
    lead its ace if held, else its lowest card that scores nothing as a trump."""
    hand = view[v.LEGAL]
    values = TRUMP_VALUES[view[v.CARD_VALUES]]
    best_suit, best_key = 0, -1
    for suit in range(4):
        cards = hand & suit_mask(suit)
        key = (_trump_value(cards, values) * 16 + popcount(cards)) * 4 + suit
        if cards and key > best_key:
            best_suit, best_key = suit, key
    cards = hand & suit_mask(best_suit)
    ace = best_suit * 13 + RANK_ACE
    if cards >> ace & 1:
        return ace
    blank = cards
    scan = cards
    while scan:
        card = lowest(scan)
        if values[rank_of(card)] > 0:
            blank &= ~(1 << card)
        scan &= scan - 1
    return lowest(blank) if blank else lowest(cards)


@njit(cache=True)
def lead_high(view, params, rng):
    """The highest-ranked card in the hand (ties: the longer suit, then higher suit)."""
    hand = view[v.LEGAL]
    for rank in range(12, -1, -1):
        best_card, best_length = -1, -1
        for suit in range(4):
            card = suit * 13 + rank
            length = popcount(hand & suit_mask(suit))
            if hand >> card & 1 and length >= best_length:
                best_card, best_length = card, length
        if best_card >= 0:
            return best_card
    return -1


for _game in ("phat", "don"):
    register("lead_long", _game, "opening lead: highest card of the longest suit", lead=lead_long)
    register(
        "lead_phat",
        _game,
        "opening lead: trumps where the hand's 9, 5 and honours score most; its ace or a "
        "blank card",
        lead=lead_phat,
    )
    register(
        "lead_high", _game, "opening lead: the highest-ranked card in the hand", lead=lead_high
    )
