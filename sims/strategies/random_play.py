"""Random play: a card uniform over the legal cards (the opening lead over the whole hand),
and a call uniform over the legal calls, which each game's modules register as `random`
(with the random bidder where the game has an auction)."""

from __future__ import annotations

from numba import njit

from sims.core.bits import nth_bit, popcount
from sims.core.rng import below
from sims.strategies import view as v


@njit(cache=True)
def play_random(view, params, rng):
    """A legal card chosen uniformly at random."""
    legal = view[v.LEGAL]
    return nth_bit(legal, below(rng, popcount(legal)))


@njit(cache=True)
def random_bid(view, params, rng):
    """A call uniform over the legal calls."""
    legal = view[v.LEGAL]
    return nth_bit(legal, below(rng, popcount(legal)))
