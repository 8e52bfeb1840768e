"""What the trainer of the learned policies asks of Auction Pitch: a network per table the
search players are measured at (`strategies/policy.py`'s `TABLES`), trained on `ismcts`'s
decisions, and the view of a deal's first card as the deal loop sets it."""

from __future__ import annotations

import numpy as np

from sims.descriptors import Training
from sims.games.pitch import deal as engine
from sims.games.pitch.strategies import features, policy
from sims.run.runner import RunSpec
from sims.strategies import view as v


def runs() -> dict[str, RunSpec]:
    """The networks by name, each with the run that trains it."""
    specs = (
        RunSpec("pitch", 5, 30_000, seats=("ismcts",)),
        RunSpec("pitch", 6, 8_000, seats=("ismcts",), variants=("players=6", "partnership")),
    )
    trained = {policy.network_name(spec.rules): spec for spec in specs}
    assert set(trained) == set(policy.TABLES.values()), "a network without its training deals"
    return trained


def first_view(spec: RunSpec, row: np.void, rules: np.ndarray) -> np.ndarray:
    """The view of the deal's first card: `start_view_nb`, then the calls and the contract."""
    view = np.zeros(v.SIZE, np.int64)
    players, dealer = spec.layout.players, int(row["dealer"])
    engine.start_view_nb(view, rules, dealer, row["score_before"].astype(np.int64))
    for k, call in enumerate(row["call"][:players]):
        if call >= 0:
            view[v.CALLS + (dealer + 1 + k) % players] = call
    view[v.PITCHER] = view[v.HIGH_BIDDER] = row["pitcher"]
    view[v.CONTRACT] = view[v.HIGH_BID] = row["contract"]
    return view


# In 6-player partnership Pitch `ismcts` chooses the same card from the same view with
# another random stream only about 59% of the time, so that network is fitted to a longer
# search's choice from each position instead.
TRAINING = Training(
    runs,
    policy.FOLDER,
    features,
    first_view,
    teachers={policy.TABLES[6, True]: "guided_ismcts:iterations=3000"},
)
