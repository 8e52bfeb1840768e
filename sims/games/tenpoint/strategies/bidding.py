"""Ten-point Pitch bidders (docs/rules.md section 8.4): `random_bid` and `threshold`. A
bidder also names trump when its seat pitches (the view's CHOOSE_TRUMP)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import lowest, nth_bit, popcount
from sims.core.rng import below
from sims.games.tenpoint.rules import MASKS, MAX_BID
from sims.games.tenpoint.slots import TREY_WORTH
from sims.games.tenpoint.strategies.tables import BID_WORTH, DECK_SLOT, STAKES, deck_data
from sims.strategies import view as v
from sims.strategies.registry import register

MARGIN = 0
PARTNER_POINTS = 1.5  # what a partner's hand adds, on average, to the pitching side
LENGTH_WORTH = 0.4  # each trump past three: tricks that draw the others' trumps


@njit(cache=True)
def random_bid(view, params, rng):
    """A call uniform over the legal calls; a trump uniform over the suits."""
    legal = view[v.LEGAL]
    return nth_bit(legal, below(rng, popcount(legal)))


@njit(cache=True)
def estimate(hand: int, trump: int, deck: int, trey: int, partnered: bool) -> float:
    """The points the hand's side may expect with `trump` as trumps: each trump's worth
    (the High, Low, Jack, Off-Jack, jokers, and Trey where `trey` is 1, it may score), its
    length, a partner."""
    trumps = hand & MASKS[deck, trump, trump]
    total = 0.0
    rest = trumps
    while rest:
        total += BID_WORTH[deck, trey, trump, lowest(rest)]
        rest &= rest - 1
    total += LENGTH_WORTH * max(popcount(trumps) - 3, 0)
    return total + (PARTNER_POINTS if partnered else 0.0)


@njit(cache=True)
def best_trump(hand: int, deck: int, trey: int, partnered: bool) -> tuple[int, float]:
    """The suit whose `estimate` is highest, and the estimate."""
    best, most = 0, -1.0
    for suit in range(4):
        value = estimate(hand, suit, deck, trey, partnered)
        if value > most:
            best, most = suit, value
    return best, most


@njit(cache=True)
def threshold_bid(view, params, rng):
    """The largest legal bid its estimate clears by the margin (first parameter), else a
    pass, never above the points the deal holds (PIT-4.1: such a bid cannot be made); as
    pitcher, the suit of the best estimate."""
    deck = np.int64(params[DECK_SLOT])
    partnered = view[v.SIDES] < view[v.PLAYERS]
    trey = np.int64(view[TREY_WORTH] != 0)
    suit, value = best_trump(view[v.HAND], deck, trey, partnered)
    if view[v.DECISION] == v.CHOOSE_TRUMP:
        return suit
    legal = view[v.LEGAL]
    for bid in range(min(MAX_BID, STAKES[deck, trey]), 0, -1):
        if legal >> bid & 1 and value >= bid + params[MARGIN]:
            return bid
    return v.PASS


register(
    "random_bid",
    "tenpoint",
    "bidding: a call uniform over the legal calls, trump uniform over the suits",
    bid=random_bid,
)
register(
    "threshold",
    "tenpoint",
    "bidding: the largest bid its estimate of the points clears by a margin, none above "
    "the points the deal holds; names the suit of the best estimate",
    bid=threshold_bid,
    params={"margin": 0.0},
    data=deck_data,
)
