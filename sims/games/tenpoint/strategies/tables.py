"""What Ten-point Pitch's strategies read of a card, by deck, the Trey's scoring and trump
(docs/rules.md section 8): what losing it in a trick costs, what keeping it is worth in a
discard, what holding it as a trump adds to a bid, and the points it scores for its
captor. A strategy finds its deck (`rules.DECKS`) in the first slot after its parameters
(`deck_data`), and whether the Trey scores in the view (`slots.TREY_WORTH`)."""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from sims.core.cards import N_CARDS, N_RANKS
from sims.core.deck import Deck
from sims.core.tricks import CARD_GAME_POINTS
from sims.games.tenpoint.cards import card_points
from sims.games.tenpoint.rules import DECKS, RANKS, SUITS, deck_index, effective
from sims.strategies.registry import MAX_PARAMS

DECK_SLOT = MAX_PARAMS  # where a strategy's data puts its deck
PACKED = np.stack([deck.packed for deck in DECKS])  # [deck, trump row, ...]
ACE, KING, QUEEN, JACK, TEN, TREY, DEUCE = 12, 11, 10, 9, 8, 1, 0
POINT_TRUMP_COST = 20  # losing the Jack, the Off-Jack or a joker gives a point away


def deck_data(rules: dict[str, Any]) -> np.ndarray:
    """A strategy's data: the place of the run's deck in `rules.DECKS`."""
    return np.array([deck_index(rules)], np.float64)


def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`(worth, keep, bid)[deck, trey, trump, card]`: the cost of losing a card in a trick,
    its value kept in a discard, and its worth to a bid as a trump (0 for a plain card),
    with `trey` 1 where the Trey scores (the view's `slots.TREY_WORTH`), else 0."""
    shape = (len(DECKS), 2, 4, 64)
    worth, keep, bid = np.zeros(shape, np.int64), np.zeros(shape, np.int64), np.zeros(shape)
    for d, deck in enumerate(DECKS):
        for trey in range(2):
            for trump in range(4):
                rows = (worth[d, trey, trump], keep[d, trey, trump], bid[d, trey, trump])
                _fill(deck, trump, trey == 1, *rows)
    for table in (worth, keep, bid):
        table.setflags(write=False)
    return worth, keep, bid


def _fill(deck: Deck, trump: int, trey: bool, worth, keep, bid) -> None:
    """One row of each of `_tables`' tables: `deck` under `trump`, the Trey scoring or not."""
    off_jack = (3 - trump) * N_RANKS + JACK
    for card in range(deck.size):
        points = int(CARD_GAME_POINTS[card])
        rank = int(deck.ranks[trump, card])
        is_trump = deck.suits[trump, card] == trump
        own = card < N_CARDS and card // N_RANKS == trump
        face = card % N_RANKS if card < N_CARDS else -1
        worth[card] = points
        keep[card] = rank + 4 * points
        if not is_trump:
            continue
        keep[card] += 1000
        if card >= N_CARDS or card == off_jack or (own and face == JACK):
            worth[card] += POINT_TRUMP_COST
            bid[card] = 0.6 if card != trump * N_RANKS + JACK else 0.8
        elif own and face == TREY and trey:
            worth[card] += 3 * POINT_TRUMP_COST
            bid[card] = 1.8
        elif own:
            bid[card] = {ACE: 1.4, KING: 0.8, QUEEN: 0.5, TEN: 0.5, DEUCE: 1.0}.get(face, 0.15)
        if worth[card] >= POINT_TRUMP_COST:
            keep[card] += 100


WORTH, KEEP, BID_WORTH = _tables()


def _low_kept() -> np.ndarray:
    """KEEP with the deuce of trumps kept as a point trump is: it takes Low for its holder
    wherever it is in play (low_to=holder, the default). Greedy reads KEEP instead where
    Low goes to the trick's winner, or its hand keeps the trey, which takes Low in the
    deuce's place."""
    kept = KEEP.copy()
    for trump in range(4):
        kept[:, :, trump, trump * N_RANKS + DEUCE] += 100
    kept.setflags(write=False)
    return kept


LOW_KEPT = _low_kept()


def _stakes() -> np.ndarray:
    """`[deck, trey]`: the points a deal holds (8.7): High, Low, Jack and Game (or the Ten
    in Game's place), and those `card_points` gives the Off-Jack, the jokers and, where it
    scores (`trey` 1), the Trey."""
    held = [
        [card_points(deck, 0, trey=trey, ten_of_trumps=False).sum() for trey in (False, True)]
        for deck in DECKS
    ]
    stakes = 4 + np.array(held, np.int64)
    stakes.setflags(write=False)
    return stakes


STAKES = _stakes()

# greedy's orders of cards, [order, deck, trey, trump, card]: the least key of the cards
# offered (`tactics.cheapest`) names the card chosen, ties going to the lowest code. By
# worth or by what keeping it is worth, then by strength (every trump above every plain
# card, then trick rank), the least or the most of each; by strength alone; and the
# discard that keeps the deuce (LOW_KEPT).
CHEAPEST, DEAREST, DISCARDED, TAKEN_BACK, WEAKEST, STRONGEST, DISCARDED_LOW = range(7)


def _order_keys() -> np.ndarray:
    """The keys of greedy's orders (CHEAPEST ... STRONGEST) for every deck, Trey scoring
    or not, trump and card."""
    trumps = np.arange(4)[None, :, None]
    strength = (SUITS[:, :4] == trumps) * 1000 + RANKS[:, :4]  # [deck, trump, card]
    strength = np.broadcast_to(strength[:, None], WORTH.shape)
    card = np.arange(64)
    least, most = (lambda value: value * 64 + card), (lambda value: -value * 64 + card)
    keys = np.stack(
        [
            least(WORTH * 10000 + strength),
            most(WORTH * 10000 + strength),
            least(KEEP * 10000 + strength),
            most(KEEP * 10000 + strength),
            least(strength),
            most(strength),
            least(LOW_KEPT * 10000 + strength),
        ]
    )
    keys.setflags(write=False)
    return keys


ORDERS = _order_keys()


SCORING_SLOT = DECK_SLOT + 1  # where the data of the search and learned players puts scoring
SCORINGS = tuple((trey, ten) for trey in (False, True) for ten in (False, True))
# [deck, scoring, trump, card]: what a card scores for its captor beside High, Low, Jack
# and Game (`cards.card_points`), by the place in `SCORINGS` of the `trey` and `game_card`
# options.
CARD_POINTS = np.array(
    [
        [
            [card_points(deck, trump, trey=trey, ten_of_trumps=ten) for trump in range(4)]
            for trey, ten in SCORINGS
        ]
        for deck in DECKS
    ]
)
CARD_POINTS.setflags(write=False)


@njit(cache=True)
def scoring_index(trey: bool, ten_of_trumps: bool) -> int:
    """The place in `SCORINGS` of (`trey`, `ten_of_trumps`)."""
    return 2 * trey + ten_of_trumps


def scoring_data(rules: dict[str, Any]) -> np.ndarray:
    """The data of the search and learned players: the run's deck (`deck_data`), then the
    place in `SCORINGS` of its `trey` and `game_card` options."""
    played = effective(rules)
    index = scoring_index(played["trey"], played["game_card"] == "ten_of_trumps")
    return np.array([deck_index(rules), index], np.float64)
