"""Pitch bidders: `random_bid`, `pass_unless_forced` and `threshold`."""

from __future__ import annotations

from numba import njit

from sims.core.bits import lowest, nth_bit, popcount
from sims.core.rng import below
from sims.games.pitch.strategies.evaluation import best_suit
from sims.strategies import view as v
from sims.strategies.registry import Param, register

MARGIN, STEAL = 0, 1


@njit(cache=True)
def random_bid(view, params, rng):
    """A call uniform over the legal calls."""
    legal = view[v.LEGAL]
    return nth_bit(legal, below(rng, popcount(legal)))


@njit(cache=True)
def pass_unless_forced(view, params, rng):
    """Pass; a dealer who may not pass bids as little as allowed."""
    legal = view[v.LEGAL]
    return v.PASS if legal & 1 else lowest(legal)


@njit(cache=True, inline="always")
def threshold_call(view, margin: float, steal: bool) -> int:
    """The largest legal bid k whose estimated points clear k + `margin` (the dealer's
    match of the high bid included, which is its steal, unless `steal` is False: then the
    dealer never matches, though it may still bid higher); else pass, or the least bid the
    dealer is forced to make."""
    legal = view[v.LEGAL]
    if not steal and view[v.HIGH_BID] > 0:
        legal &= ~(1 << view[v.HIGH_BID])  # the match is legal only as the dealer's steal
    _, estimate = best_suit(view[v.HAND], view[v.PLAYERS], view[v.SIDES], view[v.HAND])
    for bid in range(4, 0, -1):
        if legal >> bid & 1 and estimate >= bid + margin:
            return bid
    return v.PASS if legal & 1 else lowest(legal & ~1)


@njit(cache=True)
def threshold_bid(view, params, rng):
    """`threshold_call` with the margin in the first parameter slot, stealing: the bids of
    the play strategies that bid as `threshold` does (`greedy`, the search players)."""
    return threshold_call(view, params[MARGIN], True)


@njit(cache=True)
def threshold_bidder(view, params, rng):
    """The bidder `threshold`: `threshold_call` with its `margin` and `steal` parameters
    (steal 0: the counterfactual auction without the dealer's steal)."""
    return threshold_call(view, params[MARGIN], params[STEAL] != 0)


register("random_bid", "pitch", "bidding: a call uniform over the legal calls", bid=random_bid)
register(
    "pass_unless_forced",
    "pitch",
    "bidding: always pass; a forced dealer bids the least it may",
    bid=pass_unless_forced,
)
register(
    "threshold",
    "pitch",
    "bidding: the largest bid its High/Low/Jack/Game estimate clears by a margin",
    bid=threshold_bidder,
    params={"margin": 0.0, "steal": Param(1, 0, 1, whole=True)},
)
