"""What the trainer of the learned policies asks of Ten-point Pitch: one network for the
default 4-player table in partnership (`strategies/policy.py`'s `NETWORK`), fitted on the
positions of `ismcts`'s deals, and each card decision's view rebuilt from the deal log as
the deal loop showed it: the hands after the exchanges, trump named before the first card
(no opening lead names it), the deck in the view, the legal cards by the `follow` and
`first_lead_trump` options, equal jokers ranked by the play, the trumps burned dead to
every seat, each seat's own discards dead to it, and the pool a short player took back
from dead to all."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from sims.core.tricks import legal_cards_in
from sims.descriptors import Training
from sims.games.tenpoint import rules as tp
from sims.games.tenpoint.deal import C_AT_PLAY, C_SEATS, C_SIZES, exchanges
from sims.games.tenpoint.slots import TREY_WORTH
from sims.games.tenpoint.strategies import features, policy
from sims.run.replay import card_decisions
from sims.run.runner import RunResult, RunSpec
from sims.strategies import view as v


def runs() -> dict[str, RunSpec]:
    """The network by name, with the run that trains it."""
    return {policy.NETWORK: RunSpec(tp.NAME, 5, 10_000, seats=("ismcts",))}


def first_view(spec: RunSpec, row: np.void, rules: np.ndarray) -> np.ndarray:
    """The view's table at the deal's first card: the rules the deal loop shows, the deck,
    the scores, the auction's calls, the pitcher and its bid, and trump."""
    players = spec.layout.players
    dealer = int(row["dealer"])
    view = np.zeros(v.SIZE, np.int64)
    view[v.PLAYERS], view[v.DEALER], view[v.TARGET] = players, dealer, rules[tp.R_TARGET]
    view[v.SIDES], view[v.FOLLOW] = rules[tp.R_SIDES], rules[tp.R_FOLLOW] == 1
    view[v.LOW_TO_HOLDER], view[v.GAME_WORTH] = rules[tp.R_LOW_TO] == 0, 1 - rules[tp.R_GAME_CARD]
    view[v.HIGH_LOW_WORTH], view[v.JACK_WORTH] = 1, 1
    view[TREY_WORTH] = tp.TREY_POINTS * rules[tp.R_TREY]
    view[v.HAND_SIZE] = tp.MAX_TRICKS if players == 6 else tp.KEEP
    view[v.DECK], view[v.NO_LOW] = rules[tp.R_DECK], tp.NEVER_LOW[rules[tp.R_DECK]]
    for side in range(rules[tp.R_SIDES]):
        view[v.SCORE + side] = row["score_before"][side]
    for k in range(players):
        seat = (dealer + 1 + k) % players
        view[v.CALLS + seat] = row["call"][k]
        view[v.SIDE_OF + seat] = rules[tp.R_SIDE_OF + seat]
    pitcher, contract = int(row["pitcher"]), int(row["contract"])
    view[v.HIGH_BID], view[v.HIGH_BIDDER] = contract, pitcher
    view[v.PITCHER], view[v.CONTRACT], view[v.TRUMP] = pitcher, contract, row["trump"]
    return view


def out_of_play(moves: list[tuple[str, int, int]], players: int, trumps: int) -> list[int]:
    """Each seat's DEAD at play, from the exchanges logged in order (`exchanges`): the
    trumps burned, shown to all; each seat's own non-trump discards; once a short player
    takes cards back, the face-down discards left in the pool, shown to all."""
    shown, own, face_down = 0, [0] * players, 0
    for kind, seat, card in moves:
        bit = 1 << card
        if kind == "discard" and trumps & bit:
            shown |= bit
        elif kind == "discard":
            own[seat] |= bit
            face_down |= bit
        elif kind == "fill":
            shown = (shown | face_down) & ~bit
            face_down &= ~bit
            own = [cards & ~bit for cards in own]
    return [shown | cards for cards in own]


def tricks_of(calls: np.ndarray, plays: np.ndarray, winners: np.ndarray) -> list[list]:
    """Each trick's `(seat, card)` plays, by the log's seats and trick sizes (under
    follow=trump_only a seat without a trump sits a trick out)."""
    tricks, start = [], 0
    for number in range(int((winners >= 0).sum())):
        size = int(calls[C_SIZES + number])
        tricks.append(
            [(int(calls[C_SEATS + k]), int(plays[k])) for k in range(start, start + size)]
        )
        start += size
    return tricks


def decision_views(result: RunResult) -> Iterator[tuple[np.ndarray, int]]:
    """(the view, the card played) of every card decision of the run's logged deals that
    had more than one legal card, in play order, as the deal loop showed it."""
    spec = result.spec
    players = spec.layout.players
    rules = tp.rules_array(spec.rules)
    deck = tp.DECKS[rules[tp.R_DECK]]
    strict = rules[tp.R_FOLLOW] == tp.FOLLOWS.index("strict")
    trump_only = rules[tp.R_FOLLOW] == tp.FOLLOWS.index("trump_only")
    trump_first = bool(rules[tp.R_FIRST_LEAD_TRUMP])
    beaters = tp.BEATER_CARDS[rules[tp.R_DECK]]

    def legal(hand: int, led: int, trump: int, first: bool) -> int:
        """The cards the deal loop lets `hand` play."""
        trumps = int(deck.masks[trump, trump])
        if trump_only or led < 0 and first and trump_first and hand & trumps:
            return hand & trumps
        return int(legal_cards_in(hand, led, trump, strict, deck.masks))

    def beats(card: int, best: int, trump: int) -> bool:
        return bool(beaters[trump, best] >> card & 1)

    for deal in range(len(result.table)):
        row = result.table[deal]
        if row["pitcher"] < 0:  # thrown in: no card played
            continue
        calls = result.calls[deal]
        trumps = int(deck.masks[int(row["trump"]), int(row["trump"])])
        hands = [
            sum(1 << int(card) for card in held if card >= 0)
            for held in calls[C_AT_PLAY : C_AT_PLAY + players * tp.MAX_TRICKS].reshape(
                players, tp.MAX_TRICKS
            )
        ]
        yield from card_decisions(
            first_view(spec, row, rules),
            tricks_of(calls, result.plays[deal], result.winners[deal]),
            hands,
            deck,
            strict=strict,
            legal=legal,
            beats=beats,
            dead=out_of_play(exchanges(calls), players, trumps),
        )


# As in Phat, All Fours and Cinch, the network is fitted to a longer search's choice from
# each view rather than to `ismcts`'s cards, which repeat themselves from another random
# stream less often.
TRAINING = Training(
    runs,
    policy.FOLDER,
    features,
    first_view,
    teachers={policy.NETWORK: "guided_ismcts:iterations=3000"},
    views=decision_views,
)
