"""`learned` for Phat and Nine-card Don: the card a small network (`policy_network`) rates
best, trained to choose as `ismcts` does (`python -m sims.tools.train_policy`). Its
ratings are also the prior that steers `learned_ismcts`'s search (`search`). It reads
only the view: its own hand, the cards played, who won them and the trick so far.

Each game has its network (`NETWORKS`), trained at the game's default options, which reads
the numbers `features` gives. The network travels as the strategy's data, after its
parameters (`shipped_network`).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from sims.games.phat.strategies import features as phat_features
from sims.strategies.policy_network import best_card, load_network
from sims.strategies.registry import MAX_PARAMS, register

FOLDER = Path(__file__).with_name("networks")  # the networks this module reads

NETWORKS = {"phat": "phat", "don": "don"}  # game -> the network's file name, no suffix


def shipped_network(game: str, rules: dict[str, Any]) -> np.ndarray:
    """The package's network for `game` (its options are read from the view);
    StrategyError if it is missing, naming the command that trains it."""
    return load_network(FOLDER, NETWORKS[game], phat_features.FEATURES)


@njit(cache=True)
def play_learned(view, params, rng):
    """The legal card the network (the data after the parameters) rates best; the
    lowest of equals."""
    # By the module's attribute: numba caches a function that passes another function so
    # named, not one that passes a bare global's name.
    features = phat_features.card_features
    return best_card(view, params[MAX_PARAMS:], features, phat_features.FEATURES)


for _game in NETWORKS:
    register(
        "learned",
        _game,
        "the card a small network trained on ismcts's choices rates best",
        play=play_learned,
        lead=play_learned,
        data=partial(shipped_network, _game),
        inline=False,  # a network per card: kept out of the deal loop the other strategies share
    )
