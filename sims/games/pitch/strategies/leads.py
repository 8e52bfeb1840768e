"""The Pitch pitcher's opening lead (the pitch): which suit becomes trump, which card.

Each chooses among the legal cards: every card held, or one suit when trump is fixed."""

from __future__ import annotations

from numba import njit

from sims.core.bits import highest, lowest
from sims.core.cards import suit_mask
from sims.games.phat.strategies.leads import lead_high, lead_long
from sims.games.pitch.strategies.evaluation import best_suit
from sims.strategies import view as v
from sims.strategies.registry import register


@njit(cache=True)
def lead_best(view, params, rng):
    """Pitch the suit the estimate rates best and lead its highest card."""
    suit, _ = best_suit(view[v.HAND], view[v.PLAYERS], view[v.SIDES], view[v.LEGAL])
    return highest(view[v.LEGAL] & suit_mask(suit))


@njit(cache=True)
def lead_best_low(view, params, rng):
    """Pitch the suit the estimate rates best but lead its lowest card, keeping the top."""
    suit, _ = best_suit(view[v.HAND], view[v.PLAYERS], view[v.SIDES], view[v.LEGAL])
    return lowest(view[v.LEGAL] & suit_mask(suit))


register("lead_best", "pitch", "pitch: the best-rated suit, its highest card", lead=lead_best)
register(
    "lead_best_low", "pitch", "pitch: the best-rated suit, its lowest card", lead=lead_best_low
)
register("lead_long", "pitch", "pitch: highest card of the longest suit", lead=lead_long)
register("lead_high", "pitch", "pitch: the highest-ranked card in the hand", lead=lead_high)
