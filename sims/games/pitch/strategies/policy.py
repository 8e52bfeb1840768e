"""`learned` for Pitch: the card a small network rates best, trained to choose as `ismcts`
does (`python -m sims.tools.train_policy`, which writes the networks in `learned/`). Its
ratings are also the prior that steers `learned_ismcts`'s search (`search`). It
reads only the view: its own hand, the cards played and the trick so far.

The network (`policy_network`) scores each legal card from the numbers `features`
gives. There is a network per table the search players are measured at (`TABLES`: 4
players cutthroat, 6 in partnership, where it serves either layout of the teams); it
travels as the strategy's data, after its parameters (`shipped_network`). It bids as
`threshold`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from sims.games.pitch.strategies import features as pitch_features
from sims.games.pitch.strategies.bidding import threshold_bid
from sims.strategies.policy_network import best_card, load_network, refuse_untrained
from sims.strategies.registry import MAX_PARAMS, register

FOLDER = Path(__file__).with_name("networks")  # the networks this module reads

# The tables with a network: (players, partnership) -> the network's file name, no suffix.
TABLES = {(4, False): "pitch-players4", (6, True): "pitch-players6-partnership"}


def network_name(rules: dict[str, Any]) -> str:
    """The file name (no suffix) of the network for `rules`; StrategyError for a table
    without one."""
    refuse_untrained(TABLES, rules)
    return TABLES[rules["players"], rules["partnership"]]


def shipped_network(rules: dict[str, Any]) -> np.ndarray:
    """The package's network for the table of `rules` (its other options are read from
    the view); StrategyError if there is none, naming the command that trains it."""
    return load_network(FOLDER, network_name(rules), pitch_features.FEATURES)


@njit(cache=True)
def play_learned(view, params, rng):
    """The legal card the network (the data after the parameters) rates best; the
    lowest of equals."""
    # By the module's attribute: numba caches a function that passes another function so
    # named, not one that passes a bare global's name.
    features = pitch_features.card_features
    return best_card(view, params[MAX_PARAMS:], features, pitch_features.FEATURES)


register(
    "learned",
    "pitch",
    "the card a small network trained on ismcts's choices rates best (4 players, or 6 in "
    "partnership); bids as threshold",
    play=play_learned,
    lead=play_learned,
    bid=threshold_bid,
    params={"margin": 0.0},
    data=shipped_network,
    inline=False,  # a network per card: kept out of the deal loop the other strategies share
)
