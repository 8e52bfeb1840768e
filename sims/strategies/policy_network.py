"""The small networks of the learned policies (`pitch_policy`, `phat_policy`): how they are
stored, loaded and evaluated. A network scores one legal card from the numbers its game's
`card_features` gives: one hidden layer of rectified units, then a weighted sum; a softmax
over the legal cards turns the scores into probabilities.

A network is one flat float64 array, as it travels as a strategy's data: features x hidden
weights, then the hidden biases, then the output weights. `python -m
sims.tools.train_policy` fits them and writes NAME.npy, with its provenance in NAME.json,
in `learned/`.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit

from sims.core.bits import lowest
from sims.strategies.registry import StrategyError

NETWORKS = Path(__file__).with_name("learned")
TRAIN_COMMAND = "python -m sims.tools.train_policy"


def hidden_units(size: int, features: int) -> int:
    """The hidden units of a network of `size` numbers over `features` features (0 if no
    network has that size)."""
    units, left = divmod(size, features + 2)
    return units if left == 0 else 0


def load_network(name: str, features: int) -> np.ndarray:
    """The package's network NAME.npy over `features` features; StrategyError if it is
    missing (naming the command that trains it) or is not such a network."""
    path = NETWORKS / f"{name}.npy"
    if not path.exists():
        raise StrategyError(f"no network {path.name}; train one with `{TRAIN_COMMAND}`")
    network = np.load(path, allow_pickle=False)
    if network.dtype != np.float64 or network.ndim != 1 or not hidden_units(network.size, features):
        raise StrategyError(f"{path.name} is not a network of {features} features")
    return network


@njit(cache=True)
def card_score(features, network) -> float:
    """`network`'s score of one card from its features."""
    count = features.size
    units = network.size // (count + 2)
    biases = count * units
    outputs = biases + units
    score = 0.0
    for unit in range(units):
        total = network[biases + unit]
        for k in range(count):
            total += features[k] * network[k * units + unit]
        if total > 0:
            score += total * network[outputs + unit]
    return score


@njit(cache=True)
def softmax_legal(legal: int, out) -> None:
    """Turn the scores in `out[card]` of the `legal` cards into probabilities (a softmax);
    the other slots are left as they are."""
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
