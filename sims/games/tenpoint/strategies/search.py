"""The search players in Ten-point Pitch (docs/rules.md section 8), through the generic
search: `pimc`, `ismcts`, `guided_ismcts` and `learned_ismcts` play every card to the
tricks with the run's deck (jokers and off-jack as the options make them trumps); they
discard and take back as `greedy` does and bid as `threshold` (parameter `margin`). The
solver scores the deal as `solve tenpoint` does, by the run's options: High, Low (never a
joker), Jack and Game as Pitch's, and the Off-Jack, each joker, the Trey and the ten of
trumps (under `game_card`) by their captor (`tables.CARD_POINTS`)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.games.tenpoint.strategies.bidding import threshold_bid
from sims.games.tenpoint.strategies.greedy import play_greedy
from sims.games.tenpoint.strategies.policy import learned_prior, shipped_network
from sims.games.tenpoint.strategies.tables import (
    CARD_POINTS,
    DECK_SLOT,
    PACKED,
    SCORING_SLOT,
    scoring_data,
)
from sims.strategies import view as v
from sims.strategies.ismcts import GUIDED, LEARNED, LEARNED_ABOUT, VERSIONS, ismcts_choice
from sims.strategies.pimc import ABOUT as PIMC_ABOUT
from sims.strategies.pimc import SAMPLES_PARAM, pimc_choice, solving
from sims.strategies.registry import Param, register

ITERATIONS_SLOT = 1  # `ismcts`'s parameters follow `threshold`'s margin
PRIOR_SLOT = ITERATIONS_SLOT + len(GUIDED)  # `learned_ismcts`'s weight of the prior


@njit(cache=True, inline="always")
def scoring(params):
    """The run's deck (`Deck.packed`) and card points (`[trump, card]`) from the data
    (`tables.scoring_data`) after the parameters."""
    deck = np.int64(params[DECK_SLOT])
    return PACKED[deck], CARD_POINTS[deck, np.int64(params[SCORING_SLOT])]


@njit(cache=True, inline="always")
def searched(view):
    """The view a search reads: trump is named before the opening lead, so the opening
    lead is a card like any other (the generic search would have it name trump)."""
    seen = view.copy()
    seen[v.DECISION] = v.PLAY
    return seen


@njit(cache=True)
def pimc_tenpoint(view, params, rng):
    """Every card to a trick by PIMC within the depth, else as `greedy`; the exchanges as
    `greedy`."""
    hand_size = view[v.HAND_SIZE]
    if (view[v.DECISION] == v.PLAY or view[v.DECISION] == v.OPENING) and solving(
        view, params, hand_size
    ):
        deck, points = scoring(params)
        return pimc_choice(searched(view), params, rng, deck, points, hand_size)
    return play_greedy(view, params, rng)


@njit(cache=True)
def ismcts_tenpoint(view, params, rng):
    """Every card to a trick by IS-MCTS; the exchanges as `greedy`. With a weight at
    `PRIOR_SLOT` (`learned_ismcts`: the other versions leave it 0) its root is steered by
    the learned policy, whose network is in the data after the deck and the scoring."""
    if view[v.DECISION] != v.PLAY and view[v.DECISION] != v.OPENING:
        return play_greedy(view, params, rng)
    deck, points = scoring(params)
    seen = searched(view)
    prior = learned_prior(seen, params, PRIOR_SLOT)
    hand_size = view[v.HAND_SIZE]
    return ismcts_choice(seen, params, rng, deck, points, hand_size, ITERATIONS_SLOT, prior)


register(
    "pimc",
    "tenpoint",
    f"{PIMC_ABOUT}; discards as greedy, bids as threshold",
    play=pimc_tenpoint,
    lead=pimc_tenpoint,
    bid=threshold_bid,
    params={"margin": 0.0, "samples": SAMPLES_PARAM, "depth": Param(0, 0, 8, whole=True)},
    data=scoring_data,
    inline=False,
)
for _name, _about, _params in VERSIONS:
    register(
        _name,
        "tenpoint",
        f"{_about}; discards as greedy, bids as threshold",
        play=ismcts_tenpoint,
        lead=ismcts_tenpoint,
        bid=threshold_bid,
        params={"margin": 0.0, **_params},
        data=scoring_data,
        inline=False,
    )
register(
    "learned_ismcts",
    "tenpoint",
    f"{LEARNED_ABOUT} (4 players in partnership); discards as greedy, bids as threshold",
    play=ismcts_tenpoint,
    lead=ismcts_tenpoint,
    bid=threshold_bid,
    params={"margin": 0.0, **LEARNED},
    data=shipped_network,
    inline=False,
)
