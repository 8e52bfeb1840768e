"""`learned` for Cinch: the card a small network (`policy_network`) rates best, trained to
choose as a longer search does (`python -m sims.tools.train_policy`). Its ratings are also
the prior that steers `learned_ismcts`'s search (`search`). It reads only the view
(`features`); its bids and trump are `threshold`'s, its discards and the rob `greedy`'s.

The network, trained at the default 4-player table in partnerships, travels as the
strategy's data, after its parameters (`shipped_network`); other tables are refused by
name."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from sims.games.cinch import rules as c
from sims.games.cinch.strategies import features as cinch_features
from sims.games.cinch.strategies.bidding import threshold_bid
from sims.games.cinch.strategies.greedy import play_greedy
from sims.strategies import view as v
from sims.strategies.policy_network import best_card, load_network, refuse_untrained
from sims.strategies.registry import MAX_PARAMS, register

FOLDER = Path(__file__).with_name("networks")  # the networks this module reads
NETWORK = "cinch"  # the network's file name, no suffix
PLAYERS = 4  # the table it was trained at


def shipped_network(rules: dict[str, Any]) -> np.ndarray:
    """The package's network; StrategyError at a table it was not trained for, or if it is
    missing (naming the command that trains it)."""
    refuse_untrained([(PLAYERS, False)], rules)
    return load_network(FOLDER, NETWORK, cinch_features.FEATURES)


@njit(cache=True)
def play_learned(view, params, rng):
    """Discard (and rob) as `greedy`; else the legal card the network (the data after the
    parameters) rates best, the lowest of equals."""
    if view[v.DECISION] == v.DISCARD:
        return play_greedy(view, params, rng)
    # By the module's attribute: numba caches a function that passes another function so
    # named, not one that passes a bare global's name.
    features = cinch_features.card_features
    return best_card(view, params[MAX_PARAMS:], features, cinch_features.FEATURES)


register(
    "learned",
    c.NAME,
    "the card a small network trained on a search's choices rates best (4 players); "
    "discards as greedy, bids as threshold",
    play=play_learned,
    lead=play_learned,
    bid=threshold_bid,
    params={"margin": 0.0},
    data=shipped_network,
    inline=False,  # a network per card: kept out of the deal loop the other strategies share
)
