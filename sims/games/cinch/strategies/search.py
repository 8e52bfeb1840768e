"""The search players in Cinch: `pimc`, `ismcts`, `guided_ismcts` and `learned_ismcts`
play every card, the opening lead included, through the generic search with Cinch's deck
(the Left Pedro a trump) and card points (each counting trump scores for the side that
takes it); they discard as `greedy` and bid as `threshold` (parameter `margin`)."""

from __future__ import annotations

from numba import njit

from sims.games.cinch import rules as c
from sims.games.cinch.cards import DECK
from sims.games.cinch.strategies import features as cinch_features
from sims.games.cinch.strategies.bidding import threshold_bid
from sims.games.cinch.strategies.greedy import play_greedy
from sims.games.cinch.strategies.policy import shipped_network
from sims.strategies import view as v
from sims.strategies.ismcts import GUIDED, LEARNED, LEARNED_ABOUT, VERSIONS, ismcts_choice
from sims.strategies.pimc import ABOUT as PIMC_ABOUT
from sims.strategies.pimc import SAMPLES_PARAM, pimc_choice, solving
from sims.strategies.policy_network import search_prior
from sims.strategies.registry import Param, register

PACKED = DECK.packed
CARD_POINTS = c.CARD_POINTS  # High, Low, Jack, Game 1 each, the Pedros 5: to their taker
ITERATIONS_SLOT = 1  # `ismcts`'s parameters follow `threshold`'s margin
PRIOR_SLOT = ITERATIONS_SLOT + len(GUIDED)  # `learned_ismcts`'s weight of the prior


@njit(cache=True, inline="always")
def as_play(view) -> None:
    """The opening lead shown to the search as any other lead: trump is named already (the
    search's opening names trump in games whose first card does)."""
    if view[v.DECISION] == v.OPENING:
        view[v.DECISION] = v.PLAY


@njit(cache=True)
def pimc_cinch(view, params, rng):
    """Every card by PIMC within the depth, else as `greedy`; discards as `greedy`."""
    if view[v.DECISION] == v.DISCARD or not solving(view, params, c.HAND_SIZE):
        return play_greedy(view, params, rng)
    as_play(view)
    return pimc_choice(view, params, rng, PACKED, CARD_POINTS, c.HAND_SIZE)


@njit(cache=True)
def ismcts_cinch(view, params, rng):
    """Every card by IS-MCTS; discards as `greedy`. With a weight at `PRIOR_SLOT`
    (`learned_ismcts`: the other versions leave it 0) its root is steered by the learned
    policy, whose network is the data after the parameters."""
    if view[v.DECISION] == v.DISCARD:
        return play_greedy(view, params, rng)
    as_play(view)
    features = cinch_features.card_features  # by the module's attribute: see policy
    prior = search_prior(view, params, PRIOR_SLOT, features, cinch_features.FEATURES)
    return ismcts_choice(
        view, params, rng, PACKED, CARD_POINTS, c.HAND_SIZE, ITERATIONS_SLOT, prior
    )


register(
    "pimc",
    c.NAME,
    f"{PIMC_ABOUT}; discards as greedy, bids as threshold",
    play=pimc_cinch,
    lead=pimc_cinch,
    bid=threshold_bid,
    params={"margin": 0.0, "samples": SAMPLES_PARAM, "depth": Param(0, 0, 6, whole=True)},
    inline=False,
)
for _name, _about, _params in VERSIONS:
    register(
        _name,
        c.NAME,
        f"{_about}; discards as greedy, bids as threshold",
        play=ismcts_cinch,
        lead=ismcts_cinch,
        bid=threshold_bid,
        params={"margin": 0.0, **_params},
        inline=False,
    )
register(
    "learned_ismcts",
    c.NAME,
    f"{LEARNED_ABOUT} (4 players); discards as greedy, bids as threshold",
    play=ismcts_cinch,
    lead=ismcts_cinch,
    bid=threshold_bid,
    params={"margin": 0.0, **LEARNED},
    data=shipped_network,
    inline=False,
)
