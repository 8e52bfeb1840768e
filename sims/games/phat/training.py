"""What the trainer of the learned policies asks of Phat, and of Nine-card Don on Phat's
deal loop: a network per game (`strategies/policy.py`'s `NETWORKS`), trained on
`ismcts`'s decisions, and the view of a deal's first card as the deal loop sets it."""

from __future__ import annotations

import numpy as np

from sims.descriptors import Training
from sims.games.phat import deal as engine
from sims.games.phat.strategies import features, policy
from sims.run.runner import RunSpec
from sims.strategies import view as v


def first_view(spec: RunSpec, row: np.void, rules: np.ndarray) -> np.ndarray:
    """The view of the deal's first card: `start_view_nb` with the scores before it."""
    view = np.zeros(v.SIZE, np.int64)
    scores = np.array([row["score_before_0"], row["score_before_1"]], np.int64)
    engine.start_view_nb(view, rules, row["pitcher"], row["carry_in"], scores)
    return view


def training(game: str, seed: int, deals: int, teacher: str = "") -> Training:
    """The training of `game`'s network: `deals` deals of `ismcts` from `seed`, fitted to
    the cards played or to `teacher`'s choices."""
    name = policy.NETWORKS[game]
    teachers = {name: teacher} if teacher else {}
    return Training(
        lambda: {name: RunSpec(game, seed, deals, seats=("ismcts",))},
        policy.FOLDER,
        features,
        first_view,
        teachers,
        card_points=True,
    )


# In Phat `ismcts` chooses the same card from the same view with another random stream
# only about 59% of the time, so its network is fitted to a longer search's choice.
TRAINING = training("phat", 7, 5_000, "guided_ismcts:iterations=3000")
