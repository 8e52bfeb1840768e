"""Card-choice building blocks the trick-game strategies share: which cards would take
the trick, and the cheapest or dearest card by a per-game worth table."""

from __future__ import annotations

from numba import njit

from sims.core.bits import lowest
from sims.core.cards import rank_of, suit_mask, suit_of


@njit(cache=True, inline="always")
def beating(cards: int, best: int, trump: int) -> int:
    """The cards of `cards` that would take a trick now won by `best` (trump -1: none)."""
    above = suit_mask(suit_of(best)) & ~((2 << best) - 1)
    if suit_of(best) == trump or trump < 0:
        return cards & above
    return cards & (above | suit_mask(trump))


@njit(cache=True)
def cheapest(cards: int, worth, trump: int) -> int:
    """The card of `cards` worth least by `worth[trump, card]` (lowest rank among equals)."""
    choice, choice_key = -1, 1 << 40
    while cards:
        card = lowest(cards)
        key = worth[trump, card] * 16 + rank_of(card)
        if key < choice_key:
            choice, choice_key = card, key
        cards &= cards - 1
    return choice


@njit(cache=True)
def dearest(cards: int, worth, trump: int) -> int:
    """The card of `cards` worth most by `worth[trump, card]` (highest rank among equals)."""
    choice, choice_key = -1, -1
    while cards:
        card = lowest(cards)
        key = worth[trump, card] * 16 + rank_of(card)
        if key > choice_key:
            choice, choice_key = card, key
        cards &= cards - 1
    return choice
