"""The search players in Phat and Nine-card Don: `ismcts` and `guided_ismcts` play every
card; `pimc` solves the last `depth` tricks and plays as `greedy` before them (its opening
lead `lead_long`, its parameter `guard_big_phat`)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.games import don, phat
from sims.strategies import phat_greedy
from sims.strategies import view as v
from sims.strategies.ismcts import VERSIONS, ismcts_choice
from sims.strategies.phat_leads import lead_long
from sims.strategies.pimc import ABOUT as PIMC_ABOUT
from sims.strategies.pimc import SAMPLES_PARAM, pimc_choice, solving
from sims.strategies.registry import Param, register

ITERATIONS_SLOT = 0  # `ismcts`'s first parameter


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
        return pimc_choice(view, params, rng, card_points, hand_size)
    if view[v.DECISION] == v.OPENING:
        return lead_long(view, params, rng)
    return phat_greedy.play_greedy(view, params, rng)


@njit(cache=True)
def ismcts_phat(view, params, rng):
    """Every card, the opening lead included, by IS-MCTS (no prior)."""
    card_points, hand_size = rules_of(view)
    return ismcts_choice(view, params, rng, card_points, hand_size, ITERATIONS_SLOT, np.empty(0))


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
