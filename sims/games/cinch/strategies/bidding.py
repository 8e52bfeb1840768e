"""Cinch bidders: `random_bid` and `threshold`, which also name trump (the maker's
CHOOSE_TRUMP decision: the suit its estimate rates best)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import nth_bit, popcount
from sims.core.cards import N_RANKS
from sims.core.rng import below
from sims.games.cinch import rules as c
from sims.games.cinch.cards import DECK
from sims.strategies import view as v
from sims.strategies.registry import register

MASKS, RANKS = DECK.masks, DECK.ranks
MARGIN = 0
PARTNER = 2.0  # points a partner is worth to an estimate, in the four-handed game
ABOVE_PEDRO = np.array(
    [sum(1 << (t * N_RANKS + r) for r in range(4, 13)) for t in range(4)], np.int64
)


@njit(cache=True)
def random_bid(view, params, rng):
    """A call (or a trump) uniform over the legal ones."""
    legal = view[v.LEGAL]
    return nth_bit(legal, below(rng, popcount(legal)))


@njit(cache=True)
def estimate(hand: int, trump: int, partnered: bool) -> float:
    """The points a hand may expect to take with `trump`: High for its ace, part of Jack,
    Game and Low by how well guarded, each Pedro by the trumps above it that guard it
    (a cinch), and a share for the trumps drawn after the discard and for a partner."""
    held = hand & MASKS[trump, trump]
    count = popcount(held)
    guards = popcount(held & ABOVE_PEDRO[trump])
    points = 0.25 * count + (PARTNER if partnered else 0.0)
    for i in range(6):
        card = c.COUNTING[trump, i]
        if held >> card & 1:
            if i == 0:
                points += 1.0
            elif i < 4:
                points += 0.5 + 0.1 * min(guards, 4)
            else:
                points += 5.0 * min(0.35 + 0.15 * guards, 0.95)
    return points


@njit(cache=True)
def best_trump(hand: int, partnered: bool) -> tuple[int, float]:
    """The suit whose `estimate` is highest, and the estimate."""
    best, most = 0, -1.0
    for trump in range(4):
        points = estimate(hand, trump, partnered)
        if points > most:
            best, most = trump, points
    return best, most


@njit(cache=True)
def threshold_call(view, margin: float) -> int:
    """The largest legal bid its best suit's estimate clears by `margin`, else pass; as
    the maker, the best suit."""
    partnered = view[v.SIDES] < view[v.PLAYERS]
    trump, points = best_trump(view[v.HAND], partnered)
    if view[v.DECISION] == v.CHOOSE_TRUMP:
        return trump
    legal = view[v.LEGAL]
    for bid in range(c.MAX_BID, 0, -1):
        if legal >> bid & 1 and points >= bid + margin:
            return bid
    return v.PASS


@njit(cache=True)
def threshold_bid(view, params, rng):
    """`threshold_call` with the margin in the first parameter slot: the bids of the play
    strategies that bid as `threshold` does."""
    return threshold_call(view, params[MARGIN])


register(
    "random_bid",
    c.NAME,
    "bidding: a call, and a trump, uniform over the legal ones",
    bid=random_bid,
)
register(
    "threshold",
    c.NAME,
    "bidding: the largest bid its estimate of the best suit's points clears by a margin",
    bid=threshold_bid,
    params={"margin": 0.0},
)
