"""Card-choice building blocks the trick-game strategies share: which cards would take
the trick, the cheapest or dearest card by order keys made from a per-game worth table,
and the card a per-card array of values rates highest. `beating` reads the plain pack;
`beating_in` and the keys of a game with its own deck read that deck's effective suits
and ranks (`sims.core.deck`)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import lowest
from sims.core.cards import suit_mask, suit_of
from sims.core.deck import D_ABOVE, D_ORDER, D_SUIT, D_TRUMPS, NO_TRUMP, STANDARD, Deck


@njit(cache=True, inline="always")
def beating(cards: int, best: int, trump: int) -> int:
    """The cards of `cards` that would take a trick now won by `best` (trump -1: none)."""
    above = suit_mask(suit_of(best)) & ~((2 << best) - 1)
    if suit_of(best) == trump or trump < 0:
        return cards & above
    return cards & (above | suit_mask(trump))


@njit(cache=True, inline="always")
def beating_in(cards: int, best: int, trump: int, deck) -> int:
    """`beating` by a deck's effective suits and trick ranks (`deck`: a `Deck.packed`):
    the cards of `best`'s effective suit ranked above it, and the trumps unless it is one."""
    row = NO_TRUMP if trump < 0 else trump
    above = deck[row, D_ABOVE + best]
    if deck[row, D_SUIT + best] == trump:
        return cards & above
    return cards & (above | deck[row, D_TRUMPS])


# A card's order key packs its worth, its rank and the card into one number, so that the
# cheapest (dearest) card is the least (greatest) key and a key names its card: a choice
# is a running min (max) of table loads, with no comparison of cards to branch on. The
# indices are unsigned (trump is set, a card is 0..63): numba then skips the wrap-around
# of negative indices. The rank is the deck's rank for ordering moves under each trump
# (a pack card's own rank).
CARD_BITS = 6


def _worth_then_rank(worth: np.ndarray, deck: Deck) -> np.ndarray:
    """Each card's worth, then its rank, above the low CARD_BITS bits left for the card."""
    order = deck.packed[:NO_TRUMP, D_ORDER : D_ORDER + worth.shape[-1]]
    return (worth * 16 + order) << CARD_BITS


def cheap_keys(worth: np.ndarray, deck: Deck = STANDARD) -> np.ndarray:
    """Order keys from `worth[..., trump, card]` (whole numbers; a card for each of the
    first cards of `deck`) for `cheapest`: by worth, then rank, then the lower card code
    first."""
    return _worth_then_rank(worth, deck) | np.arange(worth.shape[-1])


def dear_keys(worth: np.ndarray, deck: Deck = STANDARD) -> np.ndarray:
    """Order keys from `worth[..., trump, card]` for `dearest`: by worth, then rank, then
    the lower card code first (a greater key)."""
    return _worth_then_rank(worth, deck) | (63 - np.arange(worth.shape[-1]))


@njit(cache=True, inline="always")
def cheapest(cards: int, keys, trump: int) -> int:
    """The card of `cards` worth least by `keys[trump]` (`cheap_keys` of a worth table;
    the lowest rank among equals); -1 for no card."""
    least = 1 << 62
    while cards:
        least = min(least, keys[np.uint64(trump), np.uint64(lowest(cards))])
        cards &= cards - 1
    return least & 63 if least < 1 << 62 else -1


@njit(cache=True, inline="always")
def dearest(cards: int, keys, trump: int) -> int:
    """The card of `cards` worth most by `keys[trump]` (`dear_keys` of a worth table; the
    highest rank among equals); -1 for no card."""
    most = -1
    while cards:
        most = max(most, keys[np.uint64(trump), np.uint64(lowest(cards))])
        cards &= cards - 1
    return 63 - (most & 63) if most >= 0 else -1


@njit(cache=True, inline="always")
def highest_valued(cards: int, values) -> int:
    """The card of `cards` with the largest `values[card]` (the lowest card of equals);
    -1 for no card."""
    best, most = -1, -np.inf
    while cards:
        card = lowest(cards)
        cards &= cards - 1
        if values[card] > most:
            best, most = card, values[card]
    return best
