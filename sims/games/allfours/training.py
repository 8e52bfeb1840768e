"""What the trainer of the learned policies asks of All Fours: one network for the default
2-player table (`strategies/policy.py`'s `NETWORK`), fitted on the positions of `ismcts`'s
deals, and each card decision's view rebuilt from the deal log as the deal loop showed it:
trump made before the first card (no opening lead names it), a trump playable instead of
following, the upcards dead to all and each seat's own discards dead to it."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from sims.core.bits import popcount
from sims.core.deck import STANDARD
from sims.descriptors import Training
from sims.games.allfours import deal as engine
from sims.games.allfours import rules as af
from sims.games.allfours.strategies import features, policy
from sims.run.deal_log import play_order
from sims.run.replay import card_decisions, in_tricks
from sims.run.runner import RunResult, RunSpec
from sims.strategies import view as v


def runs() -> dict[str, RunSpec]:
    """The network by name, with the run that trains it."""
    return {policy.NETWORK: RunSpec(af.NAME, 5, 6_000, seats=("ismcts",))}


def first_view(spec: RunSpec, row: np.void, rules: np.ndarray) -> np.ndarray:
    """The view's table at the deal's first card: `start_view_nb` with the scores after the
    upcards' and the gift's points, trump and the upcard that made it."""
    players = spec.layout.players
    dealer = int(row["dealer"])
    eldest = (dealer + 1) % players
    side_of = rules[af.R_SIDE_OF : af.R_SIDE_OF + players]
    scores = row["score_before"].astype(np.int64)
    scores[side_of[dealer]] += row["kick"]
    if row["gift"]:
        scores[side_of[eldest]] += 1
        if players == 3:
            scores[side_of[(eldest + 1) % players]] += 1
    view = np.zeros(v.SIZE, np.int64)
    engine.start_view_nb(view, rules, dealer, scores)
    view[v.TRUMP], view[v.TURNED] = row["trump"], row["turned"]
    return view


def decision_views(result: RunResult) -> Iterator[tuple[np.ndarray, int]]:
    """(the view, the card played) of every card decision of the run's logged deals that
    had more than one legal card, in play order, as the deal loop showed it."""
    from sims.games.allfours.descriptor import unpacked  # the descriptor imports this module

    spec = result.spec
    players = spec.layout.players
    rules = af.rules_array(spec.rules)
    for deal in range(len(result.table)):
        row = result.table[deal]
        read = unpacked(players, row, result.hands[deal], result.calls[deal])
        view = first_view(spec, row, rules)
        for _, seat, call in read["calls"]:
            view[v.CALLS + seat] = call
        dead = sum(1 << card for card in read["upcards"])
        dead_of = [dead] * players
        for seat, card in read["discards"]:
            dead_of[seat] |= 1 << card
        hands = [int(hand) for hand in result.hands[deal]]
        view[v.HAND_SIZE] = popcount(hands[int(row["pitcher"])])
        order = play_order(int(row["pitcher"]), result.plays[deal], result.winners[deal], players)
        yield from card_decisions(
            view,
            in_tricks(order, players),
            hands,
            STANDARD,
            dead=dead_of,
            opening=False,  # follow suit or trump; no lead names trump
        )


# As in Phat, the network is fitted to a longer search's choice from each view rather than
# to `ismcts`'s cards, which repeat themselves from another random stream less often.
TRAINING = Training(
    runs,
    policy.FOLDER,
    features,
    first_view,
    teachers={policy.NETWORK: "guided_ismcts:iterations=3000"},
    views=decision_views,
)
