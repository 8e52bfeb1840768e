"""Opening-lead policies for Cinch: each decides only the maker's first card (the rest
from the play strategy, `greedy+lead_top`). `greedy`'s own lead is `lead_sure`: a trump
nothing unseen can beat, else its cheapest plain card."""

from __future__ import annotations

from numba import njit

from sims.games.cinch import rules as c
from sims.games.cinch.cards import DECK
from sims.games.cinch.strategies.greedy import cheapest, play_greedy, top_trump
from sims.strategies import view as v
from sims.strategies.registry import register

MASKS = DECK.masks


@njit(cache=True)
def lead_top(view, params, rng):
    """The highest trump held, else the cheapest card: draw trumps at once."""
    card = top_trump(view[v.LEGAL], view[v.TRUMP])
    return card if card >= 0 else cheapest(view[v.LEGAL], view[v.TRUMP])


@njit(cache=True)
def lead_low(view, params, rng):
    """The cheapest trump held (points first, then rank), else the cheapest card."""
    trump, legal = view[v.TRUMP], view[v.LEGAL]
    trumps = legal & MASKS[trump, trump]
    return cheapest(trumps if trumps else legal, trump)


@njit(cache=True)
def lead_plain(view, params, rng):
    """The cheapest plain card held, else the cheapest trump: keep the trumps back."""
    trump, legal = view[v.TRUMP], view[v.LEGAL]
    plain = legal & ~MASKS[trump, trump]
    return cheapest(plain if plain else legal, trump)


register("lead_sure", c.NAME, "opening lead: greedy's own, a sure trump else low", lead=play_greedy)
register("lead_top", c.NAME, "opening lead: the highest trump held", lead=lead_top)
register("lead_low", c.NAME, "opening lead: the cheapest trump held", lead=lead_low)
register("lead_plain", c.NAME, "opening lead: the cheapest plain card held", lead=lead_plain)
