"""The search players in Phat and Nine-card Don: `ismcts`, `guided_ismcts` and
`learned_ismcts` play every card; `pimc` solves the last `depth` tricks and plays as
`greedy` before them (its opening lead `lead_long`, its parameter `guard_big_phat`).
`learned_ismcts` is `guided_ismcts` with fewer descents whose root is steered by the
learned policy's probabilities (`policy`), times `prior`."""

from __future__ import annotations

from functools import partial

from numba import njit

from sims.games.don import rules as don
from sims.games.phat import rules as phat
from sims.games.phat.strategies import features as phat_features
from sims.games.phat.strategies import greedy as phat_greedy
from sims.games.phat.strategies.leads import lead_long
from sims.games.phat.strategies.policy import shipped_network
from sims.strategies import view as v
from sims.strategies.ismcts import GUIDED, LEARNED, LEARNED_ABOUT, VERSIONS, ismcts_choice
from sims.strategies.pimc import ABOUT as PIMC_ABOUT
from sims.strategies.pimc import SAMPLES_PARAM, pimc_choice, solving
from sims.strategies.policy_network import search_prior
from sims.strategies.registry import Param, register

ITERATIONS_SLOT = 0  # `ismcts`'s first parameter
PRIOR_SLOT = ITERATIONS_SLOT + len(GUIDED)  # `learned_ismcts`'s weight of the prior
DECK = phat_features.DECK


@njit(cache=True, inline="always")
def rules_of(view):
    """The card points and hand size of the game being played: Don's card values when the
    view says so, else Phat's; the hand size as dealt."""
    if view[v.CARD_VALUES]:
        return don.CARD_VALUES, view[v.HAND_SIZE]
    return phat.CARD_VALUES, view[v.HAND_SIZE]


@njit(cache=True)
def pimc_phat(view, params, rng):
    """PIMC within the depth, else `greedy` (opening with `lead_long`)."""
    card_points, hand_size = rules_of(view)
    if solving(view, params, hand_size):
        return pimc_choice(view, params, rng, DECK, card_points, hand_size)
    if view[v.DECISION] == v.OPENING:
        return lead_long(view, params, rng)
    return phat_greedy.play_greedy(view, params, rng)


@njit(cache=True)
def ismcts_phat(view, params, rng):
    """Every card, the opening lead included, by IS-MCTS; with a weight at `PRIOR_SLOT`
    (`learned_ismcts`: the other versions leave it 0) its root is steered by the learned
    policy, whose network is the data after the parameters."""
    card_points, hand_size = rules_of(view)
    features = phat_features.card_features  # by the module's attribute: see phat_policy
    prior = search_prior(view, params, PRIOR_SLOT, features, phat_features.FEATURES)
    return ismcts_choice(view, params, rng, DECK, card_points, hand_size, ITERATIONS_SLOT, prior)


for _game in ("phat", "don"):
    register(
        "pimc",
        _game,
        f"{PIMC_ABOUT} for the last `depth` tricks, greedy before",
        play=pimc_phat,
        lead=pimc_phat,
        params={
            "guard_big_phat": phat_greedy.GUARD_PARAM,
            "samples": SAMPLES_PARAM,
            "depth": Param(4, 0, 13, whole=True),
        },
        inline=False,
    )
    for _name, _about, _params in VERSIONS:
        register(
            _name, _game, _about, play=ismcts_phat, lead=ismcts_phat, params=_params, inline=False
        )
    register(
        "learned_ismcts",
        _game,
        LEARNED_ABOUT,
        play=ismcts_phat,
        lead=ismcts_phat,
        params=LEARNED,
        data=partial(shipped_network, _game),
        inline=False,
    )
