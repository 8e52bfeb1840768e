"""Ten-point Pitch's decks: the 52-card pack with the off-jack (the jack of the trump suit's
colour partner) as a trump below the trump jack, and the jokers as trumps below it, by the
`jokers` and `off_jack` options (two distinct jokers, the high above the low; two equal
jokers; one joker, below the trump deuce; none)."""

from __future__ import annotations

from functools import cache

import numpy as np

from sims.core.cards import N_CARDS, N_RANKS
from sims.core.deck import MAX_CARDS, Deck, Moved, between

JACK, TEN, TREY = 9, 8, 1  # ranks (deuce 0)
EQUAL_JOKERS = ("first_wins", "second_wins")  # two jokers of one rank; the play decides
JOKER_NAMES = {"distinct": ("HJ", "LJ"), "one": ("JK",), "none": ()}
BELOW_DEUCE = -1  # the trick rank of a lone joker: under every trump


def off_jack(trump: int) -> int:
    """The off-jack under `trump`: the jack of its colour partner."""
    return (3 - trump) * N_RANKS + JACK


@cache
def deck(jokers: str = "distinct", with_off_jack: bool = True) -> Deck:
    """The deck under the `jokers` and `off_jack` options."""
    names = JOKER_NAMES["distinct" if jokers in EQUAL_JOKERS else jokers]

    def moved(trump: int) -> list[Moved]:
        cards: list[Moved] = []
        place = 1
        if with_off_jack:
            cards.append((off_jack(trump), between(JACK, TEN, place)))
            place += 1
        if jokers == "one":
            cards.append((N_CARDS, BELOW_DEUCE))
        elif names:
            high = between(JACK, TEN, place)
            low = high if jokers in EQUAL_JOKERS else high - 1
            cards += [(N_CARDS, high), (N_CARDS + 1, low)]
        return cards

    return Deck(f"{N_CARDS + len(names)}-card Ten-point deck", extra=names, moved=moved)


def card_points(deck: Deck, trump: int, *, trey: bool, ten_of_trumps: bool) -> np.ndarray:
    """What each card of `deck` scores for its captor under `trump`, beside High, Low, Jack
    and Game (section 8.7): each joker and the Off-Jack (where the deck has them) 1, the
    Trey 3 under `trey`, and under `ten_of_trumps` (game_card) the ten of trumps 1."""
    points = np.zeros(MAX_CARDS, np.int64)
    points[N_CARDS : deck.size] = 1
    if deck.suits[trump, off_jack(trump)] == trump:
        points[off_jack(trump)] = 1
    if trey:
        points[trump * N_RANKS + TREY] = 3
    if ten_of_trumps:
        points[trump * N_RANKS + TEN] = 1
    return points
