"""A dealer who does not rob: `greedy_blind`, `pimc_blind` and `guided_ismcts_blind` play
as `greedy`, `pimc` and `guided_ismcts`,
except that as the four-handed dealer they draw blind, as every other player does. They
discard the plain cards dealt them, keep their own trumps (six at most, the cheapest
going first) and keep, of the stock, as many cards as they lack, chosen at random without
looking at them: what drawing that many from the top of the shuffled stock would give. The
counterfactual dealer against which robbing the pack is measured on the same deals."""

from __future__ import annotations

from numba import njit

from sims.core.bits import nth_bit, popcount
from sims.core.rng import below
from sims.games.cinch import rules as c
from sims.games.cinch import slots
from sims.games.cinch.cards import DECK
from sims.games.cinch.strategies.bidding import threshold_bid
from sims.games.cinch.strategies.greedy import cheapest, play_greedy
from sims.games.cinch.strategies.search import ismcts_cinch, pimc_cinch
from sims.strategies import view as v
from sims.strategies.ismcts import GUIDED
from sims.strategies.pimc import SAMPLES_PARAM
from sims.strategies.registry import Param, register

MASKS = DECK.masks


@njit(cache=True)
def blind_rob(view, rng) -> int:
    """The robbing dealer's discard as a blind draw would leave him (see the module's
    docstring), or -1 where this is no rob (or the stock gave him nothing)."""
    if view[v.DECISION] != v.DISCARD or view[v.SEAT] != view[v.DEALER]:
        return -1
    legal, pool = view[v.LEGAL], view[v.HAND]
    stock = view[slots.DRAWN] & pool & legal
    if view[slots.DRAWN] == 0:
        return -1
    trump = view[v.TRUMP]
    own = pool & ~view[slots.DRAWN]
    plain = own & ~MASKS[trump, trump] & legal
    if plain:
        return cheapest(plain, trump)  # every plain card dealt him goes
    if stock:  # then stock cards at random, until six are left
        return nth_bit(stock, below(rng, popcount(stock)))
    return cheapest(legal, trump)  # more than six trumps of his own


@njit(cache=True)
def play_greedy_blind(view, params, rng):
    """`greedy`, drawing blind as the dealer."""
    card = blind_rob(view, rng)
    return card if card >= 0 else play_greedy(view, params, rng)


@njit(cache=True)
def play_pimc_blind(view, params, rng):
    """`pimc`, drawing blind as the dealer."""
    card = blind_rob(view, rng)
    return card if card >= 0 else pimc_cinch(view, params, rng)


@njit(cache=True)
def play_ismcts_blind(view, params, rng):
    """`guided_ismcts`, drawing blind as the dealer."""
    card = blind_rob(view, rng)
    return card if card >= 0 else ismcts_cinch(view, params, rng)


register(
    "greedy_blind",
    c.NAME,
    "greedy, but as the dealer draws blind instead of robbing the pack",
    play=play_greedy_blind,
    lead=play_greedy,
    bid=threshold_bid,
    params={"margin": 0.0},
)
register(
    "pimc_blind",
    c.NAME,
    "pimc, but as the dealer draws blind instead of robbing the pack",
    play=play_pimc_blind,
    lead=pimc_cinch,
    bid=threshold_bid,
    params={"margin": 0.0, "samples": SAMPLES_PARAM, "depth": Param(0, 0, 6, whole=True)},
    inline=False,
)
register(
    "guided_ismcts_blind",
    c.NAME,
    "guided_ismcts, but as the dealer draws blind instead of robbing the pack",
    play=play_ismcts_blind,
    lead=ismcts_cinch,
    bid=threshold_bid,
    params={"margin": 0.0, **GUIDED},
    inline=False,
)
