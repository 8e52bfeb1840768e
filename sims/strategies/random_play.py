"""`random`: every card uniform over the legal cards (the opening lead over the whole hand);
in Pitch every call uniform over the legal calls too."""

from __future__ import annotations

from numba import njit

from sims.core.bits import nth_bit, popcount
from sims.core.rng import below
from sims.strategies import view as v
from sims.strategies.pitch_bidding import random_bid
from sims.strategies.registry import register


@njit(cache=True)
def play_random(view, params, rng):
    """A legal card chosen uniformly at random."""
    legal = view[v.LEGAL]
    return nth_bit(legal, below(rng, popcount(legal)))


for _game in ("phat", "don"):
    register(
        "random",
        _game,
        "every card uniform over the legal cards; the opening lead uniform over the hand",
        play=play_random,
        lead=play_random,
    )
register(
    "random",
    "pitch",
    "every call and card uniform over the legal ones; the pitch uniform over the hand",
    play=play_random,
    lead=play_random,
    bid=random_bid,
)
