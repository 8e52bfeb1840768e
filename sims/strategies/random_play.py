"""Random play: a card uniform over the legal cards (the opening lead over the whole hand),
which each game's play module registers as `random` (with a random bidder where the game
has an auction)."""

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
