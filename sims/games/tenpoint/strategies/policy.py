"""`learned` for Ten-point Pitch: the card a small network (`policy_network`) rates best,
trained to choose as a longer search does (`python -m sims.tools.train_policy`). Its
ratings are also the prior that steers `learned_ismcts`'s search (`search`). It reads only
the view (`features`, by the deck the view names); its bids and trump are `threshold`'s,
its discards and the cards it takes back `greedy`'s.

The network, trained at the default 4-player table in partnership, travels as the
strategy's data after the deck's and the scoring's places (`shipped_network`); other
tables are refused by name."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from sims.games.tenpoint.strategies import features as tenpoint_features
from sims.games.tenpoint.strategies.bidding import threshold_bid
from sims.games.tenpoint.strategies.greedy import play_greedy
from sims.games.tenpoint.strategies.tables import SCORING_SLOT, scoring_data
from sims.strategies import view as v
from sims.strategies.policy_network import best_card, load_network, refuse_untrained, search_prior
from sims.strategies.registry import MAX_PARAMS, register

FOLDER = Path(__file__).with_name("networks")  # the networks this module reads
NETWORK = "tenpoint"  # the network's file name, no suffix
PLAYERS = 4  # the table it was trained at, in partnership
NETWORK_SLOT = SCORING_SLOT + 1  # where the network starts in the data


def shipped_network(rules: dict[str, Any]) -> np.ndarray:
    """The strategy's data: the deck's and the scoring's places (`tables.scoring_data`),
    then the package's network; StrategyError at a table it was not trained for, or if it
    is missing (naming the command that trains it)."""
    refuse_untrained([(PLAYERS, True)], rules)
    network = load_network(FOLDER, NETWORK, tenpoint_features.FEATURES)
    return np.concatenate([scoring_data(rules), network])


@njit(cache=True)
def play_learned(view, params, rng):
    """Discard and take back as `greedy`; else the legal card the network rates best, the
    lowest of equals."""
    if view[v.DECISION] != v.PLAY and view[v.DECISION] != v.OPENING:
        return play_greedy(view, params, rng)
    # By the module's attribute: numba caches a function that passes another function so
    # named, not one that passes a bare global's name.
    features = tenpoint_features.card_features
    return best_card(view, params[NETWORK_SLOT:], features, tenpoint_features.FEATURES)


SHIFT = NETWORK_SLOT - MAX_PARAMS  # the data's slots before the network


@njit(cache=True)
def learned_prior(view, params, weight_slot: int):
    """`search_prior` of the network in the data (none where the weight at `weight_slot`
    is 0): read `SHIFT` slots on, the network is where `search_prior` reads one, after the
    parameters, and the weight as many slots back."""
    features = tenpoint_features.card_features
    shifted = params[SHIFT:]
    return search_prior(view, shifted, weight_slot - SHIFT, features, tenpoint_features.FEATURES)


register(
    "learned",
    "tenpoint",
    "the card a small network trained on a search's choices rates best (4 players in "
    "partnership); discards as greedy, bids as threshold",
    play=play_learned,
    lead=play_learned,
    bid=threshold_bid,
    params={"margin": 0.0},
    data=shipped_network,
    inline=False,  # a network per card: kept out of the deal loop the other strategies share
)
