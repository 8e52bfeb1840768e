"""The search players in All Fours (docs/rules.md section 7): `pimc` solves the last `depth`
tricks (greedy before them), `ismcts` and `guided_ismcts` play every card, by the generic
search over the plain pack with no card scoring when won (High, Low, Jack and Game are
settled after the tricks). Their calls and their discards after running are `greedy`'s.
The solver scores a tied Game as the deal does (under `game_tie=eldest`, the default, for
eldest's side if among the tied, which the view tells) and the Jack 1, so only under
`hang_jack` do they value a deal a little apart from its scoring."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.deck import STANDARD
from sims.games.allfours.rules import NAME
from sims.games.allfours.strategies import features as allfours_features
from sims.games.allfours.strategies.basic import call_greedy, play_greedy
from sims.games.allfours.strategies.policy import shipped_network
from sims.strategies import view as v
from sims.strategies.ismcts import GUIDED, LEARNED, LEARNED_ABOUT, VERSIONS, ismcts_choice
from sims.strategies.pimc import ABOUT as PIMC_ABOUT
from sims.strategies.pimc import SAMPLES_PARAM, pimc_choice, solving
from sims.strategies.policy_network import search_prior
from sims.strategies.registry import Param, register

CARD_POINTS = np.zeros((4, 52), np.int64)  # no card scores when it is won
DECK = STANDARD.packed  # the plain pack: no card changes suit (AF-2.1)
ITERATIONS_SLOT = 0  # `ismcts`'s first parameter
PRIOR_SLOT = ITERATIONS_SLOT + len(GUIDED)  # `learned_ismcts`'s weight of the prior


@njit(cache=True)
def pimc_allfours(view, params, rng):
    """Discard as `greedy`; every card within the depth by PIMC, else as `greedy`. Each
    seat holds the view's HAND_SIZE cards in play (six, or more when kept after running)."""
    hand_size = view[v.HAND_SIZE]
    if view[v.DECISION] != v.DISCARD and solving(view, params, hand_size):
        return pimc_choice(view, params, rng, DECK, CARD_POINTS, hand_size)
    return play_greedy(view, params, rng)


@njit(cache=True)
def ismcts_allfours(view, params, rng):
    """Discard as `greedy`; every card, the opening lead included, by IS-MCTS. With a
    weight at `PRIOR_SLOT` (`learned_ismcts`: the other versions leave it 0) its root is
    steered by the learned policy, whose network is the data after the parameters."""
    if view[v.DECISION] == v.DISCARD:
        return play_greedy(view, params, rng)
    features = allfours_features.card_features  # by the module's attribute: see policy
    prior = search_prior(view, params, PRIOR_SLOT, features, allfours_features.FEATURES)
    hand_size = view[v.HAND_SIZE]
    return ismcts_choice(view, params, rng, DECK, CARD_POINTS, hand_size, ITERATIONS_SLOT, prior)


register(
    "pimc",
    NAME,
    f"{PIMC_ABOUT} for the last `depth` tricks, greedy before; calls and discards as greedy",
    play=pimc_allfours,
    lead=pimc_allfours,
    bid=call_greedy,
    params={"samples": SAMPLES_PARAM, "depth": Param(6, 0, 21, whole=True)},
    inline=False,
)
for _name, _about, _params in VERSIONS:
    register(
        _name,
        NAME,
        f"{_about}; calls and discards as greedy",
        play=ismcts_allfours,
        lead=ismcts_allfours,
        bid=call_greedy,
        params=_params,
        inline=False,
    )
register(
    "learned_ismcts",
    NAME,
    f"{LEARNED_ABOUT}; calls and discards as greedy",
    play=ismcts_allfours,
    lead=ismcts_allfours,
    bid=call_greedy,
    params=LEARNED,
    data=shipped_network,
    inline=False,
)
