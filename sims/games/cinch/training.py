"""What the trainer of the learned policies asks of Cinch: one network for the default
4-player table in partnerships (`strategies/policy.py`'s `NETWORK`), fitted on the
positions of `ismcts`'s deals, and each card decision's view rebuilt from the deal log as
the deal loop showed it: the hands after the discard, draw and rob, trump named before the
first card (no opening lead names it), a trump playable instead of following unless
`follow=strict`, the discards shown to all dead to every seat and each seat's own discards
dead to it."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from sims.descriptors import Training
from sims.games.cinch import rules as c
from sims.games.cinch.cards import DECK
from sims.games.cinch.strategies import features, policy
from sims.run.replay import card_decisions
from sims.run.runner import RunResult, RunSpec
from sims.strategies import view as v


def runs() -> dict[str, RunSpec]:
    """The network by name, with the run that trains it."""
    return {policy.NETWORK: RunSpec(c.NAME, 5, 10_000, seats=("ismcts",))}


def first_view(spec: RunSpec, row: np.void, rules: np.ndarray) -> np.ndarray:
    """The view's table at the deal's first card: the rules, the scores, the auction's
    calls, the maker and its contract, and trump."""
    players = spec.layout.players
    dealer = int(row["dealer"])
    view = np.zeros(v.SIZE, np.int64)
    view[v.PLAYERS], view[v.DEALER], view[v.TARGET] = players, dealer, rules[c.R_TARGET]
    view[v.SIDES], view[v.FOLLOW] = rules[c.R_SIDES], rules[c.R_STRICT]
    view[v.HAND_SIZE] = c.HAND_SIZE
    for side in range(rules[c.R_SIDES]):
        view[v.SCORE + side] = row["score_before"][side]
    for k in range(players):
        seat = (dealer + 1 + k) % players
        view[v.CALLS + seat] = row["call"][k]
        view[v.SIDE_OF + seat] = rules[c.R_SIDE_OF + seat]
    maker, contract = int(row["pitcher"]), int(row["contract"])
    view[v.HIGH_BID], view[v.HIGH_BIDDER] = contract, maker
    view[v.PITCHER], view[v.CONTRACT], view[v.TRUMP] = maker, contract, row["trump"]
    return view


def out_of_play(
    moves: list[tuple[str, int, int]], players: int, dealer: int, trump: int, rules: np.ndarray
) -> tuple[int, list[int]]:
    """The discards shown to all at play (masks), and each seat's own discards: a
    non-dealer's face up unless dealt a widow, the robbing dealer's trumps only, a widow's
    trumps only; a face-up discard a short player took back is in play again."""
    trumps = int(DECK.masks[trump, trump])
    face_down = rules[c.R_WIDOW] != 0
    robs = rules[c.R_ROBS] != 0
    shown, own = 0, [0] * players
    for kind, seat, card in moves:
        bit = 1 << card
        if kind == "discard":
            own[seat] |= bit
            if not (face_down or robs and seat == dealer) or bit & trumps:
                shown |= bit
        elif kind == "fill":
            shown &= ~bit
            own = [cards & ~bit for cards in own]
    return shown, own


def decision_views(result: RunResult) -> Iterator[tuple[np.ndarray, int]]:
    """(the view, the card played) of every card decision of the run's logged deals that
    had more than one legal card, in play order, as the deal loop showed it."""
    # The descriptor imports this module.
    from sims.games.cinch.descriptor import exchanges, hands_at_play, tricks_of

    spec = result.spec
    players = spec.layout.players
    rules = c.rules_array(spec.rules)
    for deal in range(len(result.table)):
        row = result.table[deal]
        if row["contract"] < 0:  # thrown in: no card played
            continue
        calls = result.calls[deal]
        trump, maker = int(row["trump"]), int(row["pitcher"])
        moves = exchanges(calls, players)
        shown, own = out_of_play(moves, players, int(row["dealer"]), trump, rules)
        hands = hands_at_play(result.hands[deal], calls, players)
        yield from card_decisions(
            first_view(spec, row, rules),
            tricks_of(maker, hands, result.plays[deal], result.winners[deal]),
            hands,
            DECK,
            strict=bool(rules[c.R_STRICT]),
            dead=[shown | cards for cards in own],
        )


# As in Phat and All Fours, the network is fitted to a longer search's choice from each
# view rather than to `ismcts`'s cards, which repeat themselves from another random stream
# less often.
TRAINING = Training(
    runs,
    policy.FOLDER,
    features,
    first_view,
    teachers={policy.NETWORK: "guided_ismcts:iterations=3000"},
    views=decision_views,
)
