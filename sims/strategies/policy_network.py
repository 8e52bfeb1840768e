"""The small networks of the learned policies (each game's `strategies/policy.py`): how they are
stored, loaded and evaluated. A network scores one legal card from the numbers its game's
`card_features` gives (passed in as `describe`, with `count` the numbers it gives): one
hidden layer of rectified units, then a weighted sum; a softmax over the legal cards turns
the scores into probabilities, and the search players' prior (`search_prior`).

A network is one flat float64 array, as it travels as a strategy's data: features x hidden
weights, then the hidden biases, then the output weights. `python -m
sims.tools.train_policy` fits them and writes NAME.npy, with its provenance in NAME.json,
in `learned/`.
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from sims.core.bits import lowest
from sims.core.deck import MAX_CARDS
from sims.strategies import view as v
from sims.strategies.registry import MAX_PARAMS, StrategyError
from sims.strategies.tactics import highest_valued

TRAIN_COMMAND = "python -m sims.tools.train_policy"


def hidden_units(size: int, features: int) -> int:
    """The hidden units of a network of `size` numbers over `features` features (0 if no
    network has that size)."""
    units, left = divmod(size, features + 2)
    return units if left == 0 else 0


def load_network(folder: Path, name: str, features: int) -> np.ndarray:
    """The network NAME.npy in `folder` (a game's own) over `features` features;
    StrategyError if it is missing (naming the command that trains it) or is not such a
    network."""
    path = folder / f"{name}.npy"
    if not path.exists():
        raise StrategyError(f"no network {path.name}; train one with `{TRAIN_COMMAND}`")
    network = np.load(path, allow_pickle=False)
    if network.dtype != np.float64 or network.ndim != 1 or not hidden_units(network.size, features):
        raise StrategyError(f"{path.name} is not a network of {features} features")
    return network


def refuse_untrained(tables: Collection[tuple[int, bool]], rules: dict[str, Any]) -> None:
    """StrategyError where no network was trained at the table of `rules` (its players, in
    partnership or not), naming the tables `tables` that have one."""
    table = (rules["players"], bool(rules.get("partnership", False)))
    if table in tables:
        return

    def name(players: int, partnership: bool) -> str:
        if "partnership" not in rules:
            return f"{players} players"
        return f"{players} players {'in partnership' if partnership else 'cut-throat'}"

    some = "networks" if len(tables) > 1 else "a network"
    trained = " and ".join(name(*t) for t in tables)
    raise StrategyError(f"the learned policy has {some} only for {trained}, not {name(*table)}")


@njit(cache=True)
def card_score(features, network, hidden) -> float:
    """`network`'s score of one card from its features, with `hidden` (a slot per hidden
    unit) as scratch. Feature by feature, each adding its weights to every unit: the
    weights are read in the order they are stored, and each unit's sum is taken in the
    same order as one unit at a time would (a feature of 0 adds nothing, so it is
    skipped)."""
    count = features.size
    units = network.size // (count + 2)
    biases = count * units
    outputs = biases + units
    hidden[:] = network[biases:outputs]
    for k in range(count):
        value = features[k]
        if value != 0.0:
            weights = k * units
            for unit in range(units):
                hidden[unit] += value * network[weights + unit]
    score = 0.0
    for unit in range(units):
        if hidden[unit] > 0:
            score += hidden[unit] * network[outputs + unit]
    return score


@njit(cache=True)
def card_scores(view, network, describe, count: int, out) -> None:
    """`network`'s score of each legal card, into `out[card]` (`MAX_CARDS` slots, one per
    card of any deck; the others are left as they are)."""
    features = np.empty(count)
    hidden = np.empty(network.size // (count + 2))
    rest = view[v.LEGAL]
    while rest:
        card = lowest(rest)
        rest &= rest - 1
        describe(view, card, features)
        out[card] = card_score(features, network, hidden)


@njit(cache=True)
def best_card(view, network, describe, count: int) -> int:
    """The legal card `network` rates best; the lowest of equals."""
    scores = np.empty(MAX_CARDS)
    card_scores(view, network, describe, count, scores)
    return highest_valued(view[v.LEGAL], scores)


@njit(cache=True)
def card_probabilities(view, network, describe, count: int, out) -> None:
    """The probability `network` gives each legal card (a softmax of its scores), into
    `out[card]` (`MAX_CARDS` slots; the others are left as they are)."""
    card_scores(view, network, describe, count, out)
    legal = view[v.LEGAL]
    top = -np.inf
    rest = legal
    while rest:
        top = max(top, out[lowest(rest)])
        rest &= rest - 1
    total = 0.0
    rest = legal
    while rest:
        card = lowest(rest)
        rest &= rest - 1
        out[card] = np.exp(out[card] - top)
        total += out[card]
    rest = legal
    while rest:
        card = lowest(rest)
        rest &= rest - 1
        out[card] /= total


@njit(cache=True)
def search_prior(view, params, weight_slot: int, describe, count: int):
    """The prior `learned_ismcts` steers its root by: each legal card's probability (the
    network is the data after the parameters) times the weight at `weight_slot`; empty
    where the weight is 0 (the other versions of the search) or there is no choice."""
    legal = view[v.LEGAL]
    prior = np.zeros(MAX_CARDS if params[weight_slot] > 0 and legal & (legal - 1) else 0)
    if prior.size:
        card_probabilities(view, params[MAX_PARAMS:], describe, count, prior)
        prior *= params[weight_slot]
    return prior
