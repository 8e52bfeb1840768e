"""The search players in Auction Pitch: `pimc`, `ismcts`, `guided_ismcts` and
`learned_ismcts` play every card, the opening lead included, and bid as `threshold`
(parameter `margin`). `learned_ismcts` is `guided_ismcts` with fewer descents whose root
is steered by the learned policy's probabilities (`policy`), times `prior`."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.games.pitch.rules import HAND_SIZE
from sims.games.pitch.strategies import features as pitch_features
from sims.games.pitch.strategies import greedy as pitch_greedy
from sims.games.pitch.strategies.bidding import threshold_bid
from sims.games.pitch.strategies.leads import lead_best
from sims.games.pitch.strategies.policy import shipped_network
from sims.strategies import view as v
from sims.strategies.ismcts import GUIDED, LEARNED, LEARNED_ABOUT, VERSIONS, ismcts_choice
from sims.strategies.pimc import ABOUT as PIMC_ABOUT
from sims.strategies.pimc import SAMPLES_PARAM, pimc_choice, solving
from sims.strategies.policy_network import search_prior
from sims.strategies.registry import Param, register

# No card scores when it is won: High, Low, Jack and Game are settled at the end.
CARD_POINTS = np.zeros((4, 52), np.int64)
DECK = pitch_features.DECK
ITERATIONS_SLOT = 1  # `ismcts`'s parameters follow `threshold`'s margin
PRIOR_SLOT = ITERATIONS_SLOT + len(GUIDED)  # `learned_ismcts`'s weight of the prior


@njit(cache=True)
def pimc_pitch(view, params, rng):
    """Every card, the opening lead included, by PIMC within the depth, else as `greedy`
    (whose opening lead is `lead_best`)."""
    if solving(view, params, HAND_SIZE):
        return pimc_choice(view, params, rng, DECK, CARD_POINTS, HAND_SIZE)
    if view[v.DECISION] == v.OPENING:
        return lead_best(view, params, rng)
    return pitch_greedy.play_greedy(view, params, rng)


@njit(cache=True)
def ismcts_pitch(view, params, rng):
    """Every card, the opening lead included, by IS-MCTS; with a weight at `PRIOR_SLOT`
    (`learned_ismcts`: the other versions leave it 0) its root is steered by the learned
    policy, whose network is the data after the parameters."""
    features = pitch_features.card_features  # by the module's attribute: see pitch_policy
    prior = search_prior(view, params, PRIOR_SLOT, features, pitch_features.FEATURES)
    return ismcts_choice(view, params, rng, DECK, CARD_POINTS, HAND_SIZE, ITERATIONS_SLOT, prior)


register(
    "pimc",
    "pitch",
    f"{PIMC_ABOUT}; bids as threshold",
    play=pimc_pitch,
    lead=pimc_pitch,
    bid=threshold_bid,
    params={"margin": 0.0, "samples": SAMPLES_PARAM, "depth": Param(0, 0, 6, whole=True)},
    inline=False,
)
for _name, _about, _params in VERSIONS:
    register(
        _name,
        "pitch",
        f"{_about}; bids as threshold",
        play=ismcts_pitch,
        lead=ismcts_pitch,
        bid=threshold_bid,
        params={"margin": 0.0, **_params},
        inline=False,
    )
# `learned_ismcts` shares `ismcts_pitch`: a decision function of its own would add a call
# to the deal loop's decider, which every Pitch strategy shares.
register(
    "learned_ismcts",
    "pitch",
    f"{LEARNED_ABOUT} (4 players, or 6 in partnership, where prior=1 plays best); bids as "
    "threshold",
    play=ismcts_pitch,
    lead=ismcts_pitch,
    bid=threshold_bid,
    params={"margin": 0.0, **LEARNED},
    data=shipped_network,
    inline=False,
)
