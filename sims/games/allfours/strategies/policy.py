"""`learned` for All Fours: the card a small network (`policy_network`) rates best, trained
to choose as `ismcts` does (`python -m sims.tools.train_policy`). Its ratings are also the
prior that steers `learned_ismcts`'s search (`search`). It reads only the view (`features`);
its calls and its discards after running are `greedy`'s.

The network, trained at the default 2-player table, travels as the strategy's data, after
its parameters (`shipped_network`); other tables are refused by name."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from sims.games.allfours.rules import NAME
from sims.games.allfours.strategies import features as allfours_features
from sims.games.allfours.strategies.basic import call_greedy, play_greedy
from sims.strategies import view as v
from sims.strategies.policy_network import best_card, load_network, refuse_untrained
from sims.strategies.registry import MAX_PARAMS, register

FOLDER = Path(__file__).with_name("networks")  # the networks this module reads
NETWORK = "allfours"  # the network's file name, no suffix
PLAYERS = 2  # the table it was trained at


def shipped_network(rules: dict[str, Any]) -> np.ndarray:
    """The package's network; StrategyError at a table it was not trained for, or if it is
    missing (naming the command that trains it)."""
    refuse_untrained([(PLAYERS, False)], rules)
    return load_network(FOLDER, NETWORK, allfours_features.FEATURES)


@njit(cache=True)
def play_learned(view, params, rng):
    """Discard as `greedy`; else the legal card the network (the data after the
    parameters) rates best, the lowest of equals."""
    if view[v.DECISION] == v.DISCARD:
        return play_greedy(view, params, rng)
    # By the module's attribute: numba caches a function that passes another function so
    # named, not one that passes a bare global's name.
    features = allfours_features.card_features
    return best_card(view, params[MAX_PARAMS:], features, allfours_features.FEATURES)


register(
    "learned",
    NAME,
    "the card a small network trained on ismcts's choices rates best; calls and discards as greedy",
    play=play_learned,
    lead=play_learned,
    bid=call_greedy,
    data=shipped_network,
    inline=False,  # a network per card: kept out of the deal loop the other strategies share
)
